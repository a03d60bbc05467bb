"""What every game's terminal board and the command line share: seating, widgets, words.

A game's ``tui`` module is its terminal add-on: it may use rich, but it sits below the command
line (:mod:`rumizi.cli`) and may not import it, since layers run one way (the command line
finds the game's ``tui`` through the registry, never the other way round). What both need —
who sits where (:class:`Seating`), what a game's terminal provides (:class:`GameTerminal`,
:class:`TuiAddOn`), the header and column widgets, the help panel, the prompt's words, and the
styles of log tones — is therefore here, in :mod:`rumizi.core`. It is the one core module that
imports rich; only terminal add-ons and the command line import it, never an engine or a
``web`` module, so the web platform never loads rich.

A game gets a rich board in ``rumizi play`` and ``rumizi replay`` with a ``tui`` module that
defines

* ``terminal(seating: Seating) -> GameTerminal`` (required, :class:`TuiAddOn`) — the game's
  terminal for one table; the object has the members of :class:`GameTerminal` (the optional
  ones listed there may be left out: the command line then does without them);
* ``table_options(fmt, players) -> dict`` (optional) — the game's options for ``--format``
  and ``--players`` (each ``None`` when not given), ``ValueError`` for a bad combination.
  Without it the options are ``{"players": N}`` (the game's fewest players by default) and
  ``{"format": F}`` when ``--format`` is given; the game's ``new`` then says what it refuses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from rumizi.core.addons import LogLine
from rumizi.core.contract import Action, View
from rumizi.core.i18n import number

# ---------------------------------------------------------------------- the interface


@dataclass(frozen=True)
class Seating:
    """Who sits where at a terminal game: what every hook of a game's terminal starts from.

    ``you`` is the seat the reader plays in ``rumizi play`` (addressed as “you”); in a replay
    it is ``None``, and ``human`` (when the record says) is the seat a person played. ``bots``
    maps every other seat to the bot's registry name (``"greedy"``), and ``names`` to how the
    command line calls it (“Greedy bot”, “Human” in a replay), in ``lang``.
    """

    lang: str
    players: int
    you: int | None = None
    human: int | None = None
    bots: Mapping[int, str] = field(default_factory=dict)
    names: Mapping[int, str] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)

    def name(self, seat: int) -> str:
        """The command line's name of a seat: “You”, a bot, “Human”, else “Player N”."""
        if seat == self.you:
            return "شما" if self.lang == "fa" else "You"
        found = self.names.get(seat)
        if found:
            return found
        return (
            f"بازیکن {number(seat + 1, self.lang)}" if self.lang == "fa" else f"Player {seat + 1}"
        )


class GameTerminal(Protocol):
    """A game's terminal for one table (from its ``tui.terminal(seating)``).

    Required: ``names``, ``board``, ``log_lines`` and ``result_text``. Optional (looked up
    with ``getattr``; the command line copes without them): ``log_events``, ``intro``,
    ``help_panel``, ``eliminated``, ``reveal_all`` and the card hooks ``action_card``,
    ``card_panel``, ``card_name`` and ``find_cards``, which the ``?N`` and ``i NAME`` keys need.
    """

    @property
    def names(self) -> Sequence[str]:
        """Each seat's name as sentences say it: “You”, “Random bot”."""
        ...

    def board(
        self,
        view: View,
        *,
        log: Sequence[Text] = (),
        legal: Sequence[Action] | None = None,
        note: str = "",
    ) -> RenderableType:
        """The whole table as ``view``'s seat sees it (in a replay with ``--all``, the view of
        ``reveal_all``), with ``log`` under it and, when given, the ``legal`` moves numbered
        from 1 in their order; ``note`` goes in the header (a replay's “Move 3 of 40 · …”)."""
        ...

    def log_lines(self, events: Sequence[Mapping[str, Any]]) -> list[Text]:
        """The log of the engine's ``events``, one line per happening, for the reader."""
        ...

    def result_text(self, view: View) -> str:
        """The final line of a finished game: who won (``view`` is the reader's)."""
        ...

    # Optional:
    #   log_events: int — how many events the short log under the board needs per line
    #   intro(seed: int, state: GameState) -> str — the line before the game starts
    #   help_panel(replay: bool) -> RenderableType — the keys and the rules in short
    #   eliminated(state: GameState, seat: int) -> bool — the seat is out of the game
    #   reveal_all(state: GameState) -> View — a view with every hidden card shown
    #   action_card(action: Action) -> str | None — the card a move is about
    #   card_panel(card_id: str) -> RenderableType — everything about one card
    #   card_name(card_id: str) -> str — a card's name
    #   find_cards(query: str) -> list[str] — the cards a typed name may mean
    #   command(text: str, view: View, legal: Sequence[Action]) -> Reply | None — a move
    #       typed by what it does (Splendor Duel's ``t 1,1 2,2``), looked at before the
    #       prompt's own keys; ``None`` when the line is no command of the game


@dataclass(frozen=True)
class Reply:
    """What a game's ``command`` hook makes of a typed line: the legal ``action`` it means, or
    something to ``show`` (the list of moves), or the ``error`` saying why it is no move (the
    game is left as it was)."""

    action: Action | None = None
    show: RenderableType | None = None
    error: str = ""


class TuiAddOn(Protocol):
    """A game's ``tui`` module (``table_options`` may be added; see the module's docstring)."""

    def terminal(self, seating: Seating) -> GameTerminal:
        """The game's terminal for one table."""
        ...


# ---------------------------------------------------------------------- the words


def human_label(lang: str) -> str:
    """The seat a person played, in a replay."""
    return "انسان" if lang == "fa" else "Human"


def label(key: str, lang: str) -> str:
    """A short word of the terminal: ``label("log", "fa") == "رویدادها"``."""
    en, fa = _LABELS[key]
    return fa if lang == "fa" else en


def message(key: str, lang: str, **fields: Any) -> str:
    """A message of the prompt with its fields filled in (numbers in the digits of ``lang``).

    >>> message("no-card", "fa", k=3)
    'حرکت ۳ کارتی ندارد.'
    """
    en, fa = _MESSAGES[key]
    text = fa if lang == "fa" else en
    return text.format(
        **{
            k: number(v, lang) if isinstance(v, int) and not isinstance(v, bool) else str(v)
            for k, v in fields.items()
        }
    )


def keys_help(
    lang: str, replay: bool = False, extra: Sequence[tuple[str, str]] = ()
) -> tuple[tuple[str, str], ...]:
    """(key, meaning) rows for the prompt of ``rumizi play`` or of ``rumizi replay``.

    ``extra``: a game's own keys, listed before help and quit.
    """
    rows = (
        (_REPLAY_KEYS_FA if lang == "fa" else _REPLAY_KEYS_EN)
        if replay
        else (_PLAY_KEYS_FA if lang == "fa" else _PLAY_KEYS_EN)
    )
    return (*rows[:-2], *extra, *rows[-2:])


def keys_panel(
    lang: str,
    replay: bool = False,
    rules: Sequence[str] = (),
    extra: Sequence[tuple[str, str]] = (),
) -> Panel:
    """The help: the keys of the prompt (with a game's ``extra`` keys), then ``rules``."""
    keys = Table.grid(padding=(0, 2))
    keys.add_column(style="bold", no_wrap=True)
    keys.add_column()
    for key, meaning in keys_help(lang, replay, extra):
        keys.add_row(key, meaning)
    parts: list[RenderableType] = [keys]
    if rules:
        parts.append(Text(""))
        parts.extend(Text(f"• {line}") for line in rules)
    title = "راهنما" if lang == "fa" else "Help"
    return Panel(Group(*parts), title=title, title_align="left")


_LABELS: dict[str, tuple[str, str]] = {
    "log": ("Log", "رویدادها"),
    "moves": ("Your moves", "حرکت‌های شما"),
    "all-cards": ("all cards shown", "همهٔ کارت‌ها پیدا"),
    "turn": ("Turn", "نوبت"),
}
_PLAY_KEYS_EN = (
    ("1, 2, …", "make that move"),
    ("?N", "details of the card in move N"),
    ("i NAME", "details of any card (English or Persian name)"),
    ("l", "the whole game log"),
    ("h", "this help"),
    ("q", "save the game and quit"),
)
_PLAY_KEYS_FA = (
    ("۱، ۲، …", "انجام همان حرکت"),
    ("؟N", "جزئیات کارتِ حرکت شمارهٔ N"),
    ("i نام", "جزئیات هر کارت (با نام فارسی یا انگلیسی)"),
    ("l", "همهٔ رویدادهای بازی"),
    ("h", "همین راهنما"),
    ("q", "ذخیرهٔ بازی و خروج"),
)
_REPLAY_KEYS_EN = (
    ("Enter", "next move"),
    ("b", "one move back"),
    ("N", "jump to move N (0 is the start)"),
    ("i NAME", "details of a card"),
    ("h", "this help"),
    ("q", "quit"),
)
_REPLAY_KEYS_FA = (
    ("Enter", "حرکت بعدی"),
    ("b", "یک حرکت به عقب"),
    ("N", "پرش به حرکت N (صفر یعنی شروع)"),
    ("i نام", "جزئیات یک کارت"),
    ("h", "همین راهنما"),
    ("q", "خروج"),
)
_MESSAGES: dict[str, tuple[str, str]] = {
    "prompt": (
        "Your move (1–{n}, ?N card, h help, q quit)",
        "حرکت شما (۱–{n}، ؟N کارت، h راهنما، q خروج)",
    ),
    "bad-input": (
        "“{text}” is not a move: type a number from 1 to {n}, ?N for a card, h for help, "
        "q to quit.",
        "«{text}» حرکت نیست: عددی از ۱ تا {n} بنویسید، ؟N برای کارت، h برای راهنما، q برای خروج.",
    ),
    "no-card": ("Move {k} involves no card.", "حرکت {k} کارتی ندارد."),
    "no-such-card": ("No card is called “{text}”.", "کارتی به نام «{text}» نیست."),
    "which-card": ("Which card? {names}", "کدام کارت؟ {names}"),
    "no-cards": ("This game has no card details.", "این بازی جزئیات کارت ندارد."),
    "saved": ("Game saved to {path}", "بازی در {path} ذخیره شد"),
    "replay-hint": (
        "Watch it again with: rumizi replay {path}",
        "برای دیدن دوباره: rumizi replay {path}",
    ),
    "quit": ("You left the game.", "از بازی بیرون آمدید."),
    "eof": ("Input ended: the game stops here.", "ورودی تمام شد: بازی همین‌جا متوقف می‌شود."),
    "seats": (
        "Seed {seed} · you are player {seat}, {bot} is player {other} · first to play: {first}",
        "بذر {seed} · شما بازیکن {seat} هستید و {bot} بازیکن {other} · شروع‌کننده: {first}",
    ),
    "seats-many": (
        "Seed {seed} · {n} players · you are player {seat} · bots: {bots} · first to play: {first}",
        "بذر {seed} · {n} بازیکن · شما بازیکن {seat} هستید · ربات‌ها: {bots} · شروع‌کننده: {first}",
    ),
    "replay-prompt": (
        "Move {k}/{n} (Enter next, b back, number jump, q quit)",
        "حرکت {k}/{n} (Enter بعدی، b قبلی، عدد برای پرش، q خروج)",
    ),
    "replay-bad": (
        "“{text}” is not understood: Enter, b, a move number from 0 to {n}, h or q.",
        "«{text}» مفهوم نیست: Enter، b، شمارهٔ حرکت از ۰ تا {n}، h یا q.",
    ),
    "replay-end": ("End of the record.", "پایان بازپخش."),
    "replay-move": ("Move {k} of {n}", "حرکت {k} از {n}"),
    "bad-file": ("Cannot replay {path}: {error}", "بازپخش {path} ممکن نیست: {error}"),
    "no-file": ("no such file", "چنین پرونده‌ای نیست"),
    "unknown-bot": ("Unknown bot: {error}", "ربات ناشناخته: {error}"),
    "board-from": ("seen by {who}", "از دید {who}"),
    "bot-playing": ("{who} is playing…", "{who} در حال بازی است…"),
    "out-watch": (
        "You are out of the game. Enter: let the bots play it out · q: leave",
        "شما از بازی بیرون رفته‌اید. Enter: ربات‌ها بازی را تمام کنند · q: خروج",
    ),
    "to-act": ("{who} to act", "نوبت {who}"),
    "over": ("Game over", "بازی تمام شد"),
}


# ---------------------------------------------------------------------- log tones

#: The rich style of each tone of a :class:`~rumizi.core.addons.LogLine`.
TONE_STYLES: dict[str, str] = {
    "": "",
    "heading": "bold cyan",
    "alert": "bold reverse",
    "attack": "bold red",
    "quiet": "dim",
}


def styled_line(line: LogLine, card_styles: Mapping[str, str] | None = None) -> Text:
    """A log line in its tone's style; with ``card_styles`` (card name -> style), the names
    of the cards it mentions picked out in theirs."""
    text = Text(line.text, style=TONE_STYLES.get(line.tone, ""))
    for name, style in (card_styles or {}).items():
        text.highlight_words([name], style=style)
    return text


# ---------------------------------------------------------------------- shared renderables


class Header:
    """A board's title (and a note) in a rule across the width; when that is too long, the
    note goes on a line of its own, and a title still too long goes above a plain rule."""

    def __init__(self, title: Text, note: Text | str = "") -> None:
        self.title = title
        self.note = Text(note, style="dim") if isinstance(note, str) else note

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        room = options.max_width - 6
        whole = self.title + Text(" · ", style="dim") + self.note if self.note else self.title
        if whole.cell_len <= room:
            yield Rule(whole, style="bright_black")
            return
        if self.title.cell_len <= room:
            yield Rule(self.title, style="bright_black")
        else:
            yield self.title
            yield Rule(style="bright_black")
        if self.note:
            yield self.note


class Packed:
    """Short items in as many columns as the width allows, filled column by column (a light
    :class:`rich.columns.Columns` for long lists of moves)."""

    def __init__(self, items: Sequence[Text], gap: int = 2) -> None:
        self.items = list(items)
        self.gap = gap

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if not self.items:
            return
        cell = max(item.cell_len for item in self.items) + self.gap
        cols = max(1, min(len(self.items), (options.max_width + self.gap) // cell))
        rows = -(-len(self.items) // cols)
        for r in range(rows):
            line = Text()
            for c in range(cols):
                k = c * rows + r
                if k >= len(self.items):
                    break
                item = self.items[k].copy()
                if c < cols - 1 and k + rows < len(self.items):
                    item.pad_right(cell - item.cell_len)
                line.append_text(item)
            line.no_wrap = True
            line.overflow = "ellipsis"
            yield line
