"""The ``rumizi`` command line: ``rumizi play``, ``rumizi replay``, ``rumizi games``.

Output goes through a rich :class:`~rich.console.Console` and input is read a line at a time,
both taken from click's context object when a caller provides them (``obj={"console": ...,
"input": ...}``), so tests can drive every command with a string buffer and scripted input.
With neither, the console writes to standard output and lines are read from standard input;
when the input ends, a game in progress is saved and the command exits cleanly.

Nothing here knows a particular game. Each game draws its own board through a ``tui`` module
beside its engine (found with :func:`rumizi.core.registry.game_module`), whose
``terminal(seating)`` returns a :class:`~rumizi.core.terminal_kit.GameTerminal` for one table:

* ``names`` — each seat's name (“You”, “Random bot”);
* ``board(view, *, log, legal, note)`` — a rich renderable of the table as ``view``'s seat
  sees it, the log lines under it and the ``legal`` moves numbered from 1;
* ``log_lines(events) -> list[Text]`` — the log of the engine's events, for the reader;
* ``result_text(view) -> str`` — who won;
* optional: ``log_events`` (events per log line, to cut the short log), ``intro(seed,
  state)``, ``help_panel(replay)``, ``eliminated(state, seat)``, ``reveal_all(state)`` (for
  ``replay --all``), and the card hooks ``action_card(action)``, ``card_panel(card_id)``,
  ``card_name(card_id)``, ``find_cards(query)`` behind the ``?N`` and ``i NAME`` keys, and
  ``command(text, view, legal)``, which reads moves typed by what they do (a
  :class:`~rumizi.core.terminal_kit.Reply`: the move, something to show, or why it is none).

The module may also define ``table_options(fmt, players)``, the game's options for
``--format`` and ``--players`` (and ``--variant`` and ``--modules`` when it takes the keywords
``variant`` and ``modules``). A game without a ``tui`` module plays from a plain numbered list
of its actions (:class:`~rumizi.cli.terminal.PlainTerminal`), worded by its ``web`` hooks.
See :mod:`rumizi.cli.terminal` for the details.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import click
from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

import rumizi
from rumizi import bots
from rumizi.cli.admin import admin
from rumizi.cli.analyse import analyse_command
from rumizi.cli.arena import arena, arena_extract
from rumizi.cli.backup import backup, restore
from rumizi.cli.bot import bot
from rumizi.cli.fantasy_realms import fantasy_realms
from rumizi.cli.learn import learn
from rumizi.cli.puzzles import puzzles
from rumizi.cli.serve import serve
from rumizi.cli.terminal import (
    GameTerminal,
    Reply,
    Seating,
    game_terminal,
    human_label,
    keys_panel,
    label,
    message,
    table_options,
)
from rumizi.core.contract import RING, Action, GameState, View, record_events
from rumizi.core.errors import IllegalAction
from rumizi.core.i18n import LANGS, bot_label, join, to_ascii_digits
from rumizi.core.record import GameRecord

LOG_MIN, LOG_MAX = 4, 24  # lines of the log shown under the board on a terminal
LOG_PLAIN = 12  # ... and when the output is not a terminal
LOG_EVENTS = 3  # events a log line may take, for a game's terminal that does not say
MAX_WIDTH = 132  # wider boards only spread the same text thinner

# Keys of the prompt; the second spelling of each is the same key on a Persian keyboard.
QUIT = {"q", "quit", "exit", "ض", "خروج"}
HELP = {"h", "help", "?", "؟", "ا", "راهنما"}
LOG = {"l", "log", "م"}
BACK = {"b", "back", "ذ"}
INFO = ("i ", "ه ", "info ")
DETAIL = ("?", "؟")

Reader = Callable[[str], str]


@dataclass
class Terminal:
    """Where a command writes (a rich console) and how it reads a line (EOFError at the end)."""

    console: Console
    read_line: Reader
    lang: str = "en"

    def ask(self, prompt: str) -> str:
        """One line of input, with Persian digits read as ASCII; EOFError when input ends."""
        return to_ascii_digits(self.read_line(prompt)).strip()

    def say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))


def _terminal(ctx: click.Context, lang: str) -> Terminal:
    obj: dict[str, Any] = ctx.ensure_object(dict)
    console = obj.get("console")
    if not isinstance(console, Console):
        console = Console(highlight=False, emoji=False)
        console.width = min(console.width, MAX_WIDTH)
    reader = obj.get("input")
    if not callable(reader):

        def reader(prompt: str) -> str:
            return console.input(Text(prompt + " ", style="bold"))

    return Terminal(console, reader, lang)


def _fail(term: Terminal, text: str, code: int = 1) -> NoReturn:
    term.console.print(Text(text, style="bold red"))
    raise SystemExit(code)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(rumizi.__version__, prog_name="rumizi")
def cli() -> None:
    """Rumizi (رومیزی): card games in the terminal — play a bot, replay saved games."""


cli.add_command(arena)
cli.add_command(arena_extract)
cli.add_command(serve)
cli.add_command(fantasy_realms)
cli.add_command(analyse_command)
cli.add_command(backup)
cli.add_command(restore)
cli.add_command(puzzles)
cli.add_command(bot)
cli.add_command(admin)
cli.add_command(learn)


LANG_OPTION = click.option(
    "--lang",
    type=click.Choice(LANGS),
    default="en",
    envvar="RUMIZI_LANG",
    show_default=True,
    help="Language of everything shown: fa (Persian) or en (English).",
)


# ---------------------------------------------------------------------- rumizi games


@cli.command()
@click.pass_context
def games(ctx: click.Context) -> None:
    """List the games Rumizi knows."""
    term = _terminal(ctx, "en")
    table = Table(box=None, padding=(0, 2), show_header=True)
    table.add_column("id", style="bold")
    table.add_column("English")
    table.add_column("فارسی")
    table.add_column("players")
    for game_id in rumizi.game_ids():
        game = rumizi.game(game_id)
        players = f"{game.min_players}–{game.max_players}"
        if game.min_players == game.max_players:
            players = str(game.min_players)
        table.add_row(game_id, game.names.get("en", ""), game.names.get("fa", ""), players)
    term.console.print(table)


# ---------------------------------------------------------------------- rumizi play


def _events_of(state: GameState, events: list[dict[str, Any]]) -> None:
    """Have the engine write its events to ``events`` (a game without a log leaves it empty)."""
    record_events(state, events)


def _hook(ui: GameTerminal, name: str) -> Callable[..., Any] | None:
    """An optional hook of a game's terminal, or ``None``."""
    found = getattr(ui, name, None)
    return found if callable(found) else None


def _log_window(ui: GameTerminal) -> int:
    """How many of the newest events the short log under the board needs."""
    per_line = getattr(ui, "log_events", LOG_EVENTS)
    return LOG_MAX * (per_line if isinstance(per_line, int) and per_line > 0 else LOG_EVENTS)


@dataclass
class Session:
    """A game in progress at the terminal: the state, its record and who sits where."""

    term: Terminal
    state: GameState
    record: GameRecord
    human: int
    bots: dict[int, bots.Bot]  # seat -> the bot playing it (every seat but the human's)
    ui: GameTerminal
    path: Path
    events: list[dict[str, Any]] = field(default_factory=list)
    out_seen: bool = False  # the human was told they are out of the game
    # a timed phase (the chaos realms' trading): when it rings on this machine's clock
    rings_at: float | None = None

    def ring_if_due(self) -> bool:
        """Play the phase timer's ring once its time is up (the terminal is its server)."""
        seconds = self.state.timer() if not self.state.over else None
        if seconds is None:
            self.rings_at = None
            return False
        if self.rings_at is None:
            self.rings_at = time.monotonic() + seconds
        if time.monotonic() < self.rings_at:
            return False
        self.rings_at = None
        self.apply(dict(RING))
        return True

    @property
    def lang(self) -> str:
        return self.term.lang

    @property
    def human_out(self) -> bool:
        eliminated = _hook(self.ui, "eliminated")
        return bool(eliminated(self.state, self.human)) if eliminated else False

    def apply(self, action: Action) -> None:
        self.state.apply(action)
        self.record.actions.append(dict(action))

    def show(self, legal: Sequence[Action] | None) -> None:
        """Draw the board from the human's seat, with as much of the log as fits."""
        view = self.state.view(self.human)
        lines = self.ui.log_lines(self.events[-_log_window(self.ui) :])
        _print_board(
            self.term.console,
            lambda log: self.ui.board(view, log=log, legal=legal),
            lines,
        )

    def bot_turns(self) -> None:
        """Let the bots act until the human must act, the game is over, or the human has just
        been knocked out (so that they can be told). Where several seats act at once (the
        chaos realms' trading) each bot among them acts once before the human is asked."""
        state = self.state
        console = self.term.console
        status = None
        acted: set[int] = set()
        try:
            while not state.over:
                if self.ring_if_due():
                    continue
                if self.human_out and not self.out_seen:
                    return
                others = [q for q in state.actors if q != self.human]
                if self.human in state.actors:
                    others = [q for q in others if q not in acted]
                    if not others:
                        return
                if not others:
                    return
                seat = others[0]
                acted.add(seat)
                if console.is_terminal:  # slow bots: say who is thinking
                    text = message("bot-playing", self.lang, who=self.ui.names[seat])
                    if status is None:
                        status = console.status(text)
                        status.start()
                    else:
                        status.update(text)
                bot = self.bots[seat]
                legal = state.legal_actions_for(seat)
                action = bot.choose(state.view(seat), legal)
                try:
                    self.apply(action)
                except IllegalAction as err:
                    self.term.say(f"bot {bot!r} chose an illegal move ({err}); it ends its turn")
                    self.apply(legal[-1])
        finally:
            if status is not None:
                status.stop()

    def human_move(self) -> Action | None:
        """Show the board and read commands until the human picks a move (None: quit)."""
        legal = self.state.legal_actions_for(self.human)
        self.show(legal)
        lang = self.lang
        n = len(legal)
        view = self.state.view(self.human)
        command = _hook(self.ui, "command")
        while True:
            text = self.term.ask(message("prompt", lang, n=n))
            low = text.casefold()
            reply = command(text, view, legal) if command and text else None
            if text.isdigit():
                k = int(text)
                if 1 <= k <= n:
                    return legal[k - 1]
                self.term.say(message("bad-input", lang, text=text, n=n), "yellow")
            elif isinstance(reply, Reply):  # a move typed by what it does; nothing else changes
                if reply.action is not None:
                    return reply.action
                if reply.show is not None:
                    self.term.console.print(reply.show)
                if reply.error:
                    self.term.say(reply.error, "yellow")
            elif low in QUIT:
                return None
            elif low in HELP:
                self.term.console.print(_help(self.ui, lang, replay=False))
            elif low in LOG:
                lines = self.ui.log_lines(self.events)
                self.term.console.print(Panel(Text("\n").join(lines), title=label("log", lang)))
            elif low.startswith(DETAIL) and text[1:].strip().isdigit():
                k = int(text[1:].strip())
                action_card = _hook(self.ui, "action_card")
                card_panel = _hook(self.ui, "card_panel")
                card = action_card(legal[k - 1]) if action_card and 1 <= k <= n else None
                if card is None or card_panel is None:
                    self.term.say(message("no-card", lang, k=k), "yellow")
                else:
                    self.term.console.print(card_panel(card))
            elif low.startswith(INFO) or low.startswith(DETAIL):
                _card_info(self.term, self.ui, text.split(" ", 1)[-1] if " " in text else text[1:])
            elif not text:
                continue
            else:
                self.term.say(message("bad-input", lang, text=text, n=n), "yellow")

    def save(self) -> None:
        state = self.state
        self.record.meta["result"] = {
            "over": state.over,
            "winner": state.winner,
            "turn": getattr(state, "turn", None),
        }
        self.record.save(self.path)


def _print_board(
    console: Console, draw: Callable[[list[Text]], RenderableType], log: list[Text]
) -> None:
    """Clear a terminal and draw a board with the newest lines of ``log`` that fit under it."""
    room = LOG_PLAIN
    if console.is_terminal:  # fill the screen; a file or a pipe gets a fixed amount
        used = len(console.render_lines(draw([]), console.options, pad=False))
        room = max(LOG_MIN, min(LOG_MAX, console.height - used - 4))
    console.clear()  # does nothing unless on a terminal
    console.print(draw(log[-room:]))


def _help(ui: GameTerminal, lang: str, replay: bool) -> RenderableType:
    help_panel = _hook(ui, "help_panel")
    found: RenderableType = help_panel(replay) if help_panel else keys_panel(lang, replay)
    return found


def _card_info(term: Terminal, ui: GameTerminal, query: str) -> None:
    find_cards, card_panel = _hook(ui, "find_cards"), _hook(ui, "card_panel")
    if find_cards is None or card_panel is None:
        term.say(message("no-cards", term.lang), "yellow")
        return
    found = list(find_cards(query))
    if len(found) == 1:
        term.console.print(card_panel(found[0]))
    elif not found:
        term.say(message("no-such-card", term.lang, text=query.strip()), "yellow")
    else:
        card_name = _hook(ui, "card_name") or str
        names = join((str(card_name(c)) for c in found), term.lang)
        term.say(message("which-card", term.lang, names=names), "yellow")


@cli.command()
@click.argument("game_id", metavar="GAME")
@click.option(
    "--format",
    "fmt",
    default=None,
    help="The format, for games that have several. Star Realms: duel (2 players, the "
    "default), free-for-all or hunter (3–6), hydra (4 or 6), emperor (6), raid (3–6: a boss "
    "against raiders).",
)
@click.option(
    "--players",
    type=int,
    default=None,
    help="Number of players (default: the game's; Star Realms: 2 in the duel, 6 in emperor, "
    "4 in the others).",
)
@click.option(
    "--variant",
    default=None,
    help="A variant of the game, for games that have them. Fantasy Realms: two-player (the "
    "draft, 2 players) or chaos (chaos realms, 3 to 7 players, everybody trades at once).",
)
@click.option(
    "--modules",
    default=None,
    metavar="MODULE,MODULE,…",
    help="Modules to play with, separated by commas, for games that have them. Fantasy "
    "Realms: items, suits, jester, phoenix-promo or phoenix-deluxe.",
)
@click.option(
    "--vs",
    type=click.Choice(bots.names()),
    default=None,
    help="The bot in every other seat [default: random].",
)
@click.option(
    "--bots",
    "bot_list",
    default=None,
    metavar="BOT,BOT,…",
    help="A bot for each other seat, in seat order, separated by commas (or one for all).",
)
@click.option("--seed", type=int, default=None, help="Seed of the game (random if not given).")
@LANG_OPTION
@click.option(
    "--seat",
    default="random",
    show_default=True,
    help="Your seat, from 1 (as the board numbers the players); 'random' picks one from the "
    "seed. Who goes first follows the game's rules and the seed.",
)
@click.option(
    "--save",
    "save_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Where to save the game (default: GAME-SEED.json in the current folder).",
)
@click.pass_context
def play(
    ctx: click.Context,
    game_id: str,
    fmt: str | None,
    players: int | None,
    variant: str | None,
    modules: str | None,
    vs: str | None,
    bot_list: str | None,
    seed: int | None,
    lang: str,
    seat: str,
    save_path: Path | None,
) -> None:
    """Play a game against bots in the terminal.

    GAME is a game id from ``rumizi games``, e.g. ``rumizi play splendor-duel --lang fa`` or
    ``rumizi play star-realms --format raid --players 4 --vs greedy``. You take one seat and
    bots every other. Type a move's number to make it; h shows every key. The game is saved
    when it ends or when you quit, and ``rumizi replay FILE`` shows it again.
    """
    term = _terminal(ctx, lang)
    if game_id not in rumizi.game_ids():
        _fail(term, f"unknown game {game_id!r}; known games: {', '.join(rumizi.game_ids())}", 2)
    try:
        chosen = [m.strip() for m in (modules or "").split(",") if m.strip()]
        options = table_options(game_id, fmt, players, variant=variant, modules=chosen)
    except ValueError as err:
        _fail(term, str(err), 2)
    n = int(options.get("players", rumizi.game(game_id).min_players))
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    if seat == "random":
        human = random.Random(seed).randrange(n)
    elif seat.isdigit() and 1 <= int(seat) <= n:
        human = int(seat) - 1  # the person counts seats from one, the game from zero
    else:
        _fail(term, f"--seat must be 'random' or 1 to {n}, not {seat!r}", 2)
    names = _seat_bots(term, n, human, vs, bot_list)
    path = save_path if save_path is not None else Path(f"{game_id}-{seed}.json")
    meta: dict[str, Any] = {"human": human}
    if len(set(names.values())) == 1:
        meta["bot"] = next(iter(names.values()))
    if n > 2:
        meta["bots"] = [names.get(i) for i in range(n)]
    record = GameRecord(game_id, seed, options=options, meta=meta)
    try:
        state = record.start()
    except ValueError as err:  # a number of players or an option the game does not allow
        _fail(term, str(err), 2)
    try:
        # The duel's bot keeps the game's seed; around a table each bot gets its own.
        players_bots = {i: bots.make(b, seed if n == 2 else seed + i) for i, b in names.items()}
    except KeyError as err:
        _fail(term, message("unknown-bot", lang, error=err.args[0]))
    seating = Seating(
        lang=lang,
        players=n,
        you=human,
        human=human,
        bots=names,
        names={i: bot_label(b, lang) for i, b in names.items()},
        options=options,
    )
    ui = game_terminal(game_id, seating)
    session = Session(
        term=term,
        state=state,
        record=record,
        human=human,
        bots=players_bots,
        ui=ui,
        path=path,
    )
    _events_of(state, session.events)
    term.say(_intro(ui, seating, seed, state), "dim")
    code = _play(session)
    try:
        session.save()
    except OSError as err:
        _fail(term, f"{message('saved', lang, path=path)}: {err}")
    term.say(message("saved", lang, path=path), "bold")
    term.say(message("replay-hint", lang, path=path), "dim")
    if code:
        raise SystemExit(code)


def _intro(ui: GameTerminal, seating: Seating, seed: int, state: GameState) -> str:
    """The line before the game: the seed, who sits where, who plays first."""
    intro = _hook(ui, "intro")
    if intro is not None:
        return str(intro(seed, state))
    lang, human, n = seating.lang, seating.you, seating.players
    assert human is not None
    to_act = state.to_act
    first = ui.names[to_act] if to_act is not None else "—"
    if n == 2:
        return message(
            "seats",
            lang,
            seed=seed,
            seat=human + 1,  # seats are counted from one wherever a person reads them
            bot=ui.names[1 - human],
            other=2 - human,
            first=first,
        )
    kinds = join(dict.fromkeys(seating.names[i] for i in sorted(seating.bots)), lang)
    return message("seats-many", lang, seed=seed, n=n, seat=human + 1, bots=kinds, first=first)


def _seat_bots(
    term: Terminal, n: int, human: int, vs: str | None, bot_list: str | None
) -> dict[int, str]:
    """The bot's name for every seat but the human's, from ``--vs`` or ``--bots``."""
    others = [i for i in range(n) if i != human]
    if vs is not None and bot_list is not None:
        _fail(term, "give --vs or --bots, not both", 2)
    if bot_list is None:
        return dict.fromkeys(others, vs or "random")
    chosen = [b.strip() for b in bot_list.split(",") if b.strip()]
    unknown = [b for b in chosen if b not in bots.names()]
    if unknown:
        _fail(term, f"--bots: unknown bot {unknown[0]!r}; known bots: {', '.join(bots.names())}", 2)
    if len(chosen) == 1:
        chosen *= len(others)
    if len(chosen) != len(others):
        _fail(term, f"--bots needs 1 or {len(others)} names, one for each other seat", 2)
    return dict(zip(others, chosen, strict=True))


def _play(session: Session) -> int:
    """Run the game until it ends or the human leaves; the exit code."""
    term = session.term
    state = session.state
    try:
        while not state.over:
            session.bot_turns()
            if state.over:
                break
            if session.human not in state.actors:  # the human was just knocked out
                session.out_seen = True
                session.show(None)
                if term.ask(message("out-watch", session.lang)).casefold() in QUIT:
                    term.say(message("quit", session.lang), "bold")
                    return 0
                continue
            action = session.human_move()
            if action is None:
                term.say(message("quit", session.lang), "bold")
                return 0
            if session.ring_if_due():  # the time ran out while the human was choosing
                continue
            session.apply(action)
    except EOFError:
        term.say("")
        term.say(message("eof", session.lang), "bold")
        return 0
    except KeyboardInterrupt:
        term.say("")
        term.say(message("quit", session.lang), "bold")
        return 130
    session.show(None)
    term.say(session.ui.result_text(state.view(session.human)), "bold reverse")
    return 0


# ---------------------------------------------------------------------- rumizi replay


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@LANG_OPTION
@click.option("--seat", type=int, default=None, help="Show the board as this seat saw it (from 1).")
@click.option("--all", "show_all", is_flag=True, help="Show every card, hidden ones too.")
@click.pass_context
def replay(ctx: click.Context, file: Path, lang: str, seat: int | None, show_all: bool) -> None:
    """Step through a saved game.

    Enter shows the next move, b the one before, a number jumps to that move, q quits.
    The board is shown as one seat saw it (the human's, by default), or with --all
    every card, hidden ones (hands, decks, blind reserves) included.
    """
    term = _terminal(ctx, lang)
    try:
        record = GameRecord.load(file)
    except FileNotFoundError:
        _fail(term, message("bad-file", lang, path=file, error=message("no-file", lang)))
    except (OSError, ValueError) as err:  # UnicodeDecodeError is a ValueError
        error = str(err).removeprefix(f"{file}: ")
        _fail(term, message("bad-file", lang, path=file, error=error))
    try:
        frames = _frames(record)
    except (ValueError, TypeError) as err:
        _fail(term, message("bad-file", lang, path=file, error=err))
    n_players = frames[0][0].num_players
    human = record.meta.get("human")
    if not (isinstance(human, int) and 0 <= human < n_players):
        human = None
    if seat is None:
        seat = human if human is not None else 0
    elif not 1 <= seat <= n_players:
        _fail(term, f"--seat must be 1 to {n_players}", 2)
    else:
        seat -= 1  # the person counts seats from one, the game from zero
    ui = game_terminal(record.game, _replay_seating(record, lang, n_players, human))
    _replay(term, frames, ui, None if show_all else seat)


def _replay_seating(record: GameRecord, lang: str, n: int, human: int | None) -> Seating:
    """The seats of a recorded game, named as ``rumizi play`` named them (nobody is “you”)."""
    listed = record.meta.get("bots")
    bot = record.meta.get("bot")
    seat_bots: dict[int, str] = {}
    for i in range(n):
        name = listed[i] if isinstance(listed, list) and i < len(listed) else bot
        if isinstance(name, str) and i != human:
            seat_bots[i] = name
    names = {i: bot_label(b, lang) for i, b in seat_bots.items()}
    if human is not None:
        names[human] = human_label(lang)
    return Seating(
        lang=lang,
        players=n,
        you=None,
        human=human,
        bots=seat_bots,
        names=names,
        options=dict(record.options),
    )


Frame = tuple[GameState, list[dict[str, Any]]]


def _frames(record: GameRecord) -> list[Frame]:
    """Every position of the record, each with the events of the move that led to it."""
    state = record.start()
    events: list[dict[str, Any]] = []
    _events_of(state, events)
    frames: list[Frame] = [(state.clone(), [])]
    for number_, action in enumerate(record.actions, 1):
        mark = len(events)
        try:
            state.apply(action)
        except IllegalAction as err:
            raise ValueError(f"move {number_} ({action!r}) is illegal: {err}") from err
        frames.append((state.clone(), events[mark:]))
    return frames


def _replay(term: Terminal, frames: list[Frame], ui: GameTerminal, seat: int | None) -> None:
    lang = term.lang
    last = len(frames) - 1
    k, shown = 0, -1
    while True:
        if k != shown:
            _show_frame(term, frames, k, ui, seat)
            shown = k
        try:
            text = term.ask(message("replay-prompt", lang, k=k, n=last))
        except (EOFError, KeyboardInterrupt):
            term.say("")
            return
        low = text.casefold()
        if not text:
            if k == last:
                return
            k += 1
        elif low in BACK:
            k = max(0, k - 1)
        elif text.isdigit():
            k = min(int(text), last)
        elif low in QUIT:
            return
        elif low in HELP:
            term.console.print(_help(ui, lang, replay=True))
        elif low.startswith(INFO):
            _card_info(term, ui, text.split(" ", 1)[-1])
        else:
            term.say(message("replay-bad", lang, text=text, n=last), "yellow")


def _show_frame(
    term: Terminal, frames: list[Frame], k: int, ui: GameTerminal, seat: int | None
) -> None:
    lang = term.lang
    last = len(frames) - 1
    state = frames[k][0]
    reveal_all = _hook(ui, "reveal_all")
    view: View
    if seat is not None:
        view = state.view(seat)
    else:
        view = reveal_all(state) if reveal_all else state.view(None)
    note = message("replay-move", lang, k=k, n=last) + " · "
    if seat is None:
        note += label("all-cards", lang)
    else:
        note += message("board-from", lang, who=ui.names[seat])
    window = _log_window(ui)
    events = [e for _, evs in frames[max(1, k - window) : k + 1] for e in evs]
    lines = ui.log_lines(events[-window:])
    _print_board(term.console, lambda log: ui.board(view, log=log, note=note), lines)
    if k == last:
        term.say(message("replay-end", lang), "bold")


def main(argv: Sequence[str] | None = None) -> None:
    """Run the command line (``python -m rumizi.cli.main``)."""
    cli.main(args=list(argv) if argv is not None else sys.argv[1:], prog_name="rumizi")


if __name__ == "__main__":
    main()
