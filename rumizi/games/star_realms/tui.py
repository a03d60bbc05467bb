"""The Star Realms board for the terminal, drawn with rich from a player's *view*.

Everything here starts from :meth:`StarRealmsState.view`, never from the true state, so the
terminal shows a seat exactly what that seat may see. (A finished game's replay may choose to
show everything: :func:`reveal_all` builds a view with every hand and deck in it.)

>>> from io import StringIO
>>> from rich.console import Console
>>> from rumizi.games.star_realms import GAME
>>> from rumizi.games.star_realms.texts import seats_for
>>> state = GAME.new(seed=1)
>>> me = state.to_act
>>> console = Console(file=StringIO(), width=100)
>>> console.print(board(state.view(me), "en", seats_for("en", you=me), legal=state.legal_actions()))
>>> "Trade row" in console.file.getvalue()
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rumizi.core.contract import Action, View
from rumizi.core.i18n import join, number
from rumizi.core.terminal_kit import Header, Seating, keys_panel, styled_line
from rumizi.core.terminal_kit import message as terminal_message
from rumizi.games.star_realms.cards import BY_ID, CARDS, EXPLORER
from rumizi.games.star_realms.engine import (
    EMPEROR_OPPOSITE,
    EMPERORS,
    HAND_SIZE,
    StarRealmsState,
)
from rumizi.games.star_realms.texts import (
    Who,
    action_card,
    action_text,
    attack_keys,
    bot_label,
    card_details,
    card_name,
    card_summary,
    choice_text,
    faction_name,
    faction_of,
    find_cards,
    format_name,
    format_rules,
    label,
    log_entries_for,
    message,
    quoted,
    result_text,
    role_label,
    rules_help,
    seats_for,
    table_seats,
    team_label,
    type_text,
)

# Faction colours: Federation blue, Monsters red, Machine Cult green, Empire yellow.
FACTION_STYLES: dict[str, str] = {
    "none": "bright_white",
    "federation": "bold bright_blue",
    "monsters": "bold bright_red",
    "machine-cult": "bold bright_green",
    "empire": "bold bright_yellow",
}
TRADE_STYLE = "yellow"
COMBAT_STYLE = "red"
AUTHORITY_STYLE = "green"
YOU_STYLE = "cyan"
CHOICE_STYLE = "bold magenta"
TEAM_STYLES = ("bold dark_orange", "bold medium_purple1")  # team A (or the raid boss), team B
OPPONENT_WIDTH = 40  # narrowest panel of an opponent when several share a row

OUTPOST_MARK = "◆"
BASE_MARK = "■"


def card_style(card_id: str) -> str:
    """The rich style of a card's name: the colour of its faction."""
    return FACTION_STYLES[faction_of(card_id)]


def card_text(card_id: str, lang: str, count: int = 1) -> Text:
    """A card's name in its faction's colour, with ``×N`` when there are several."""
    text = Text(card_name(card_id, lang), style=card_style(card_id))
    if count > 1:
        text.append(f" ×{number(count, lang)}", style="dim")
    return text


def cards_text(cards: Iterable[str], lang: str, empty: str | None = None) -> Text:
    """Cards grouped by kind, in first-seen order: “Lookout ×3 · Viper ×2”."""
    counts = Counter(cards)
    if not counts:
        return Text(empty if empty is not None else label("none", lang), style="dim")
    return Text(" · ").join(card_text(c, lang, n) for c, n in counts.items())


def _base_text(card_id: str, lang: str, damage: int = 0) -> Text:
    card = CARDS[BY_ID[card_id]]
    mark = OUTPOST_MARK if card.is_outpost else BASE_MARK
    text = Text(f"{mark} ", style="bold" if card.is_outpost else "")
    text.append_text(card_text(card_id, lang))
    text.append(f" ({type_text(card, lang, short=True)}", style="dim")
    if damage:
        comma = "، " if lang == "fa" else ", "
        left = number(card.defense - damage, lang)
        text.append(comma, style="dim")
        text.append(f"{left} {label('left', lang)}", style="bold red")
    text.append(")", style="dim")
    return text


def _amount(value: int, what: str, lang: str, style: str) -> Text:
    return Text.assemble((f"{label(what, lang)} ", style), (number(value, lang), f"bold {style}"))


# ---------------------------------------------------------------------- the log


def log_lines(
    events: Iterable[Mapping[str, Any]], lang: str, seats: Sequence[Who], merge: bool = False
) -> list[Text]:
    """The game log for ``events``, one coloured line per happening (the sentences and their
    folding are :func:`~rumizi.games.star_realms.texts.log_entries_for`'s)."""
    return [
        styled_line(line, {card_name(c, lang): card_style(c) for c in line.cards})
        for line in log_entries_for(events, lang, seats, merge)
    ]


# ---------------------------------------------------------------------- the board


def board(
    view: View,
    lang: str,
    seats: Sequence[Who],
    *,
    log: Sequence[Text] = (),
    legal: Sequence[Action] | None = None,
    note: str = "",
) -> RenderableType:
    """The whole table as ``view``'s seat sees it, with the log and the numbered moves.

    The viewer sits at the bottom; the others are above the trade row, in the order they play
    after the viewer (with several, their panels share rows as the width allows).
    """
    players = view["players"]
    n = len(players)
    bottom = view.get("viewer")
    if not isinstance(bottom, int):
        bottom = 0
    others = [(bottom + k) % n for k in range(1, n)]
    parts: list[RenderableType] = [_header(view, lang, seats, note)]
    if n == 2:
        parts.append(player_panel(view, others[0], lang, seats))
    else:
        parts.append(
            _Seats([player_panel(view, seat, lang, seats, compact=True) for seat in others])
        )
    parts.append(trade_row_panel(view, lang))
    parts.append(player_panel(view, bottom, lang, seats))
    if log:
        parts.append(Panel(Group(*log), title=label("log", lang), title_align="left"))
    choice = _choice_line(view, lang, seats)
    if choice is not None:
        parts.append(choice)
    if legal:
        parts.append(moves_panel(view, legal, lang, seats))
    return Group(*parts)


class _Seats:
    """Panels side by side, as many to a row as the width allows (at least one)."""

    def __init__(self, panels: Sequence[Panel]) -> None:
        self.panels = list(panels)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        cols = max(1, min(len(self.panels), options.max_width // OPPONENT_WIDTH))
        if len(self.panels) == 4 and cols == 3:
            cols = 2  # two rows of two rather than three and one
        grid = Table.grid(expand=True, padding=(0, 1))
        for _ in range(cols):
            grid.add_column(ratio=1)
        for start in range(0, len(self.panels), cols):
            row: list[RenderableType] = list(self.panels[start : start + cols])
            grid.add_row(*row, *([""] * (cols - len(row))))
        yield grid


def _choice_line(view: View, lang: str, seats: Sequence[Who]) -> Text | None:
    """The open choice and who must answer it (a bequest: the fallen player, not the current)."""
    current = int(view["current"])
    pending = view["players"][current].get("pending")
    if not pending or view.get("over"):
        return None
    who, to = seats[current], None
    if pending.get("choice") == "bequeath":
        giver, recipient = pending.get("player"), pending.get("to")
        if isinstance(giver, int) and 0 <= giver < len(seats):
            who = seats[giver]
        if isinstance(recipient, int) and 0 <= recipient < len(seats):
            to = seats[recipient]
    text = f"{label('choice', lang)}: {choice_text(pending, who, to)}"
    later = [b for b in view.get("bequests") or [] if isinstance(b, list) and len(b) == 2][1:]
    if later:
        arrows = join((f"{seats[g].name} → {seats[r].name}" for g, r in later), lang)
        text += f" ({label('then', lang)}: {arrows})"
    return Text(text, CHOICE_STYLE)


def _header(view: View, lang: str, seats: Sequence[Who], note: str) -> RenderableType:
    turn_no = number(int(view["turn"]), lang)
    fmt = str(view.get("format", "duel"))
    title = Text.assemble((label("game", lang), "bold"))
    if fmt != "duel":
        title.append(f" · {format_name(fmt, lang)}", "bold")
    title.append(f" · نوبت {turn_no}" if lang == "fa" else f" · Turn {turn_no}")
    if view.get("over"):
        winner = view.get("winner")
        title.append(" · ")
        title.append(result_text(winner if isinstance(winner, int) else None, seats), "reverse")
    else:
        current = seats[int(view["current"])]
        turn = f"نوبت {current.possessive}" if lang == "fa" else f"{current.possessive} turn"
        title.append(" · ")
        title.append(turn, style=f"bold {YOU_STYLE}" if current.you else "bold")
        to_act = view.get("to_act")
        if isinstance(to_act, int) and to_act != view["current"] and 0 <= to_act < len(seats):
            actor = seats[to_act]
            must = (
                f"{actor.name} باید انتخاب {actor.present('کن')}"
                if lang == "fa"
                else f"{actor.name} must choose"
            )
            title.append(" · ")
            title.append(must, style=CHOICE_STYLE)
    if fmt == "hydra":
        for team in (0, 1):
            member = next(p for i, p in enumerate(view["players"]) if i % 2 == team)
            title.append(" · ")
            title.append(f"{team_label(team, lang)} ", TEAM_STYLES[team])
            title.append(number(int(member["authority"]), lang), f"bold {AUTHORITY_STYLE}")
    return Header(title, note)


def player_panel(
    view: View, seat: int, lang: str, seats: Sequence[Who], compact: bool = False
) -> Panel:
    """One seat's authority, piles, bases, and — on their turn — cards in play and pools.

    ``compact`` packs the numbers tighter, for panels that share a row.
    """
    p: Mapping[str, Any] = view["players"][seat]
    who = seats[seat]
    over = bool(view.get("over"))
    current = view.get("current") == seat and not over
    hydra = view.get("format") == "hydra"
    grid = Table.grid(padding=(0, 1 if compact else 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()

    authority = int(p["authority"])
    a_style = "bold red" if authority <= 10 else f"bold {AUTHORITY_STYLE}"
    gap = "  " if compact else "    "
    counts = Text.assemble(
        (
            f"{label('team-authority' if hydra and not compact else 'authority', lang)} ",
            AUTHORITY_STYLE,
        ),
        (number(authority, lang), a_style),
        gap,
        f"{label('hand', lang)} ",
        (number(int(p["hand_size"]), lang), "bold"),
        gap,
        f"{label('deck', lang)} ",
        (number(int(p["deck_size"]), lang), "bold"),
        "\n" if compact else gap,  # a narrow panel: the discard pile on a line of its own
        f"{label('discard', lang)} ",
        (number(len(p["discard"]), lang), "bold"),
    )
    if p["discard"]:
        counts.append(f" ({label('last', lang)}: ", style="dim")
        counts.append_text(card_text(p["discard"][-1], lang))
        counts.append(")", style="dim")
    if not compact:
        grid.add_row("", counts)

    if "hand" in p:
        grid.add_row(label("hand", lang), cards_text(p["hand"], lang))
    elif p.get("known_hand"):
        known = Text(f"{label('known', lang)}: ", style="dim")
        known.append_text(cards_text(p["known_hand"], lang))
        grid.add_row(label("hand", lang), known)
    if isinstance(p.get("deck"), list) and p["deck"]:
        grid.add_row(label("deck-next", lang), cards_text(p["deck"][:HAND_SIZE], lang))
    if p.get("pending_discards") and not p.get("eliminated"):
        n = number(int(p["pending_discards"]), lang)
        if lang == "fa":
            warn = f"در آغاز نوبت باید {n} کارت دور {who.present('بریز')}"
        elif compact:
            warn = f"must discard {n} next turn"
        else:
            warn = f"must discard {n} at the start of the turn"
        if compact:
            counts.append("\n")
            counts.append(warn, style="bold yellow")
        else:
            grid.add_row("", Text(warn, style="bold yellow"))
    bases = p.get("bases") or []
    damage = list(p.get("damage") or [])
    damage += [0] * (len(bases) - len(damage))
    based = [_base_text(b, lang, d) for b, d in zip(bases, damage, strict=True)]
    if based and not compact:
        grid.add_row(label("bases", lang), Text("   ").join(based))
    # The current player's turn, and in hydra what earlier teammates left in play this turn.
    if current or ("in_play" in p and not over):
        grid.add_row(label("in-play", lang), cards_text(p.get("in_play", []), lang))
        pools = Text.assemble(
            _amount(int(p.get("trade", 0)), "trade", lang, TRADE_STYLE),
            gap,
            _amount(int(p.get("combat", 0)), "combat", lang, COMBAT_STYLE),
        )
        if hydra and current:
            pools.append_text(_team_pools(view, seat, lang))
        grid.add_row("", pools)
    body: RenderableType = grid
    if compact:  # a narrow panel: the numbers, the rows, then a base a line (marked ◆ or ■)
        body = Group(counts, *([grid] if grid.row_count else []), *based)
    return Panel(
        body,
        title=_panel_title(view, seat, lang, seats, compact),
        title_align="left",
        border_style=YOU_STYLE if current else "bright_black",
    )


def _panel_title(
    view: View, seat: int, lang: str, seats: Sequence[Who], compact: bool = False
) -> Text:
    """“▶ You · Raider”, “Emperor 4 · Team B · Greedy bot”, “Player 2 (out of the game)”."""
    p: Mapping[str, Any] = view["players"][seat]
    who = seats[seat]
    current = view.get("current") == seat and not view.get("over")
    title = Text(
        ("▶ " if current else "") + who.name, style=f"bold {YOU_STYLE}" if who.you else "bold"
    )
    if who.team is not None:
        if who.you and who.role in ("boss", "raider", "emperor", "admiral"):
            title.append(" · ")
            title.append(role_label(who.role, lang), TEAM_STYLES[who.team % 2])
        if who.role in ("member", "emperor", "admiral"):
            title.append(" · ")
            title.append(team_label(who.team, lang), TEAM_STYLES[who.team % 2])
        elif not who.you:  # raid: the boss and the raiders are told apart by colour
            title.stylize(TEAM_STYLES[who.team % 2], 2 if current else 0)
    if who.kind:
        title.append(f" · {who.kind}", style="dim")
    if seat == _target_of_viewer(view):
        title.append(f" · {label('target', lang)}", style="bold red")
    if p.get("eliminated"):
        title.append(f" ({label('out-short' if compact else 'out', lang)})", style="dim")
    return title


def _target_of_viewer(view: View) -> int | None:
    """The one player the viewer may attack, where the format names one: in hunter the next
    player still in, for an emperor's admiral the admiral opposite (then the enemy emperor)."""
    viewer = view.get("viewer")
    players = view["players"]
    if not isinstance(viewer, int) or players[viewer].get("eliminated") or view.get("over"):
        return None
    n = len(players)
    if view.get("format") == "hunter":
        for step in range(1, n):
            seat = (viewer + step) % n
            if not players[seat].get("eliminated"):
                return seat
    if view.get("format") == "emperor" and viewer in EMPEROR_OPPOSITE:
        opposite = EMPEROR_OPPOSITE[viewer]
        if not players[opposite].get("eliminated"):
            return opposite
        return next(e for e in EMPERORS if e // 3 != viewer // 3)
    return None


def _team_pools(view: View, seat: int, lang: str) -> Text:
    """Hydra: the trade and combat the whole team has this turn, when teammates add to it."""
    players = view["players"]
    team = [i for i in range(len(players)) if i % 2 == seat % 2 and "trade" in players[i]]
    trade = sum(int(players[i].get("trade", 0)) for i in team)
    combat = sum(int(players[i].get("combat", 0)) for i in team)
    me = players[seat]
    if (trade, combat) == (int(me.get("trade", 0)), int(me.get("combat", 0))):
        return Text()
    return Text.assemble(
        (f"    ({label('team', lang)}: ", "dim"),
        _amount(trade, "trade", lang, TRADE_STYLE),
        "  ",
        _amount(combat, "combat", lang, COMBAT_STYLE),
        (")", "dim"),
    )


def trade_row_panel(view: View, lang: str) -> Panel:
    """The five cards for sale with their costs, the Explorer supply, and the trade deck."""
    table = Table(box=None, padding=(0, 1), show_edge=False, expand=False, pad_edge=False)
    table.add_column("#", justify="right", style="dim", no_wrap=True)
    table.add_column(label("cost", lang), justify="right", style=f"bold {TRADE_STYLE}")
    table.add_column(label("name", lang), no_wrap=True)
    table.add_column(label("faction", lang), no_wrap=True)
    table.add_column(label("type", lang), no_wrap=True, style="dim")
    table.add_column(label("effect", lang))
    for slot, card_id in enumerate(view["trade_row"], 1):
        if card_id is None:
            table.add_row(number(slot, lang), "", Text(label("empty-slot", lang), "dim"))
            continue
        _row(table, number(slot, lang), card_id, lang)
    _row(table, "∞", CARDS[EXPLORER].id, lang)
    footer = Text.assemble(
        (f"{label('trade-deck', lang)} ", "dim"),
        (number(int(view["trade_deck_size"]), lang), "bold"),
        "    ",
        (f"{label('scrap-heap', lang)} ", "dim"),
        (number(len(view.get("scrap_heap", [])), lang), "bold"),
    )
    return Panel(
        Group(table, footer),
        title=label("trade-row", lang),
        title_align="left",
        border_style="bright_black",
    )


def _row(table: Table, slot: str, card_id: str, lang: str) -> None:
    card = CARDS[BY_ID[card_id]]
    kind = type_text(card, lang, short=True)
    table.add_row(
        slot,
        number(card.cost, lang),
        card_text(card_id, lang),
        Text(faction_name(card.faction, lang), style=card_style(card_id)),
        kind,
        card_summary(card_id, lang),
    )


def moves_panel(view: View, legal: Sequence[Action], lang: str, seats: Sequence[Who]) -> Panel:
    """The legal moves, numbered from 1, each said in a few words.

    Attacks that differ only in how much combat they deal (several opponents, or a raid
    boss's base worn down) share one line: the sentence, then each move's number → amount.
    """
    blocks: list[RenderableType] = []
    items: list[Text] = []  # single moves not yet put in a block

    def close() -> None:
        if items:
            many = len(items) > 8
            blocks.append(
                Columns(items[:], column_first=True, padding=(0, 3)) if many else Group(*items)
            )
            items.clear()

    k = 0
    while k < len(legal):
        end = _amount_run(legal, k)
        if end - k >= 3:
            close()
            blocks.append(_run_line(view, legal, k, end, lang, seats))
            k = end
            continue
        action = legal[k]
        k += 1
        text = Text(f"{number(k, lang):>3}. ", style="bold")
        line = Text(action_text(action, view, seats))
        card = action_card(action)
        if card is not None:
            shown = quoted(card, lang) if lang == "fa" else card_name(card, lang)
            line.highlight_words([shown], style=card_style(card))
        if action.get("do") == "end":
            line.stylize("italic")
        text.append_text(line)
        items.append(text)
    close()
    body = blocks[0] if len(blocks) == 1 else Group(*blocks)
    return Panel(body, title=label("moves", lang), title_align="left", border_style=YOU_STYLE)


def _amount_run(legal: Sequence[Action], start: int) -> int:
    """The end of the run of attacks from ``start`` that step their amount up by one."""
    first = legal[start]
    amount = first.get("amount")
    if first.get("do") != "attack" or not isinstance(amount, int):
        return start + 1
    end = start + 1
    while end < len(legal):
        a = legal[end]
        if (
            a.get("do") != "attack"
            or a.get("player") != first.get("player")
            or a.get("base") != first.get("base")
            or a.get("amount") != amount + (end - start)
        ):
            break
        end += 1
    return end


def _run_line(
    view: View, legal: Sequence[Action], start: int, end: int, lang: str, seats: Sequence[Who]
) -> Text:
    """“Attack Player 3 with 1–6 combat:  7→1  8→2 …”: every move's number and its amount."""
    first, last = legal[start], legal[end - 1]
    amounts = (int(first["amount"]), int(last["amount"]))
    text = Text(f"{number(start + 1, lang):>3}–{number(end, lang)}. ", style="bold")
    line = Text(action_text(first, view, seats, amounts=amounts) + ":", style="bold red")
    card = action_card(first)
    if card is not None:
        shown = quoted(card, lang) if lang == "fa" else card_name(card, lang)
        line.highlight_words([shown], style=card_style(card))
    text.append_text(line)
    for k in range(start, end):
        text.append("  ")
        text.append(number(k + 1, lang), style="bold")
        text.append("→", style="dim")
        text.append(number(int(legal[k]["amount"]), lang))
    return text


# ---------------------------------------------------------------------- details and help


def card_panel(card_id: str, lang: str) -> Panel:
    """Everything about one card."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    for key, value in card_details(card_id, lang):
        grid.add_row(key, value)
    return Panel(
        grid,
        title=card_text(card_id, lang),
        title_align="left",
        border_style=card_style(card_id),
        expand=False,
    )


def help_panel(lang: str, replay: bool = False, fmt: str = "duel") -> Panel:
    """The keys the prompt understands, then the rules in a few lines (and the format's)."""
    lines = list(rules_help(lang))
    if format_rules(fmt, lang):
        lines.append(format_rules(fmt, lang))
    return keys_panel(lang, replay, lines, extra=() if replay else attack_keys(lang))


def reveal_all(state: StarRealmsState) -> View:
    """A spectator's view with every hand and deck filled in (for replays of finished games)."""
    view = state.view(None)
    full = state.export()
    for seen, real in zip(view["players"], full["players"], strict=True):
        seen["hand"] = list(real["hand"])
        seen["deck"] = list(real["deck"])
    return view


# ---------------------------------------------------------------------- the command line's hooks

# Players at the table when --players is not given, by format.
DEFAULT_PLAYERS = {"duel": 2, "free-for-all": 4, "hunter": 4, "hydra": 4, "emperor": 6, "raid": 4}


def table_options(fmt: str | None, players: int | None) -> dict[str, Any]:
    """The game's options for ``rumizi play --format F --players N`` (``ValueError`` if bad).

    >>> table_options(None, None), table_options("raid", None)
    ({'players': 2, 'format': 'duel'}, {'players': 4, 'format': 'raid'})
    """
    fmt = fmt or "duel"
    if fmt not in DEFAULT_PLAYERS:
        raise ValueError(f"unknown format {fmt!r}; formats: {', '.join(DEFAULT_PLAYERS)}")
    n = players if players is not None else DEFAULT_PLAYERS[fmt]
    if fmt == "duel" and n != 2:
        raise ValueError(
            f"the duel is for 2 players; for {n}, choose a format: --format free-for-all"
        )
    return {"players": n, "format": fmt}


def terminal(seating: Seating) -> StarRealmsTerminal:
    """The terminal of ``rumizi play`` and ``rumizi replay`` (:mod:`rumizi.core.terminal_kit`)."""
    return StarRealmsTerminal(seating)


def _seats_of(seating: Seating) -> list[Who]:
    """The seats as the board names them: around a table by role; each seat's bot named
    beside it only when the bots differ; in a replay, nobody is “you” and the human is
    “Human”."""
    lang, n = seating.lang, seating.players
    fmt = str(seating.options.get("format", "duel"))
    you, human = seating.you, seating.human
    if you is not None:  # rumizi play
        if n == 2:
            return seats_for(lang, you=you, names={1 - you: bot_label(seating.bots[1 - you], lang)})
        kinds = {i: bot_label(b, lang) for i, b in seating.bots.items()}
        shown = kinds if len(set(kinds.values())) > 1 else {}
        return table_seats(lang, fmt, n, you=you, kinds=shown)
    human_name = "انسان" if lang == "fa" else "Human"
    if n == 2:
        names: dict[int, str] = {}
        if human is not None and 1 - human in seating.bots:
            names = {human: human_name, 1 - human: bot_label(seating.bots[1 - human], lang)}
        return seats_for(lang, n, names=names)
    kinds = {i: bot_label(b, lang) for i, b in seating.bots.items() if i != human}
    if len(set(kinds.values())) == 1:  # the same bot everywhere: only the human is told apart
        kinds = {}
    if human is not None:
        kinds[human] = human_name
    return table_seats(lang, fmt, n, kinds=kinds)


class StarRealmsTerminal:
    """This module's board, log and help behind the command line's interface."""

    def __init__(self, seating: Seating) -> None:
        self.seating = seating
        self.lang = seating.lang
        self.format = str(seating.options.get("format", "duel"))
        self.seats = _seats_of(seating)
        self.names = [who.name for who in self.seats]
        # Around a table, a player's cards in a row share a log line.
        self.merge = seating.players > 2
        self.log_events = 6 if self.merge else 3

    def board(
        self,
        view: View,
        *,
        log: Sequence[Text] = (),
        legal: Sequence[Action] | None = None,
        note: str = "",
    ) -> RenderableType:
        return board(view, self.lang, self.seats, log=log, legal=legal, note=note)

    def log_lines(self, events: Iterable[Mapping[str, Any]]) -> list[Text]:
        return log_lines(events, self.lang, self.seats, merge=self.merge)

    def result_text(self, view: View) -> str:
        winner = view.get("winner")
        return result_text(winner if isinstance(winner, int) else None, self.seats)

    def intro(self, seed: int, state: StarRealmsState) -> str:
        lang, n, you = self.lang, self.seating.players, self.seating.you
        assert you is not None
        first = self.names[state.current]
        if n == 2:
            return terminal_message(
                "seats",
                lang,
                seed=seed,
                seat=you + 1,  # seats are counted from one wherever a person reads them
                bot=self.names[1 - you],
                other=2 - you,
                first=first,
            )
        bots = self.seating.bots.values()
        return message(
            "seats-table",
            lang,
            seed=seed,
            game=format_name(self.format, lang),
            n=n,
            who=table_seats(lang, self.format, n)[you].name,
            seat=you + 1,
            first=first,
            bots=join(dict.fromkeys(bot_label(b, lang) for b in bots), lang),
        )

    def help_panel(self, replay: bool = False) -> Panel:
        return help_panel(self.lang, replay=replay, fmt=self.format)

    def eliminated(self, state: StarRealmsState, seat: int) -> bool:
        return bool(state.players[seat].eliminated)

    def reveal_all(self, state: StarRealmsState) -> View:
        return reveal_all(state)

    def action_card(self, action: Action) -> str | None:
        return action_card(action)

    def card_panel(self, card_id: str) -> Panel:
        return card_panel(card_id, self.lang)

    def card_name(self, card_id: str) -> str:
        return card_name(card_id, self.lang)

    def find_cards(self, query: str) -> list[str]:
        return find_cards(query)
