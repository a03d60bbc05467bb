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
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from rumizi.core.contract import Action, View
from rumizi.core.i18n import join, number
from rumizi.games.star_realms.cards import BY_ID, CARDS, EXPLORER
from rumizi.games.star_realms.engine import HAND_SIZE, StarRealmsState
from rumizi.games.star_realms.texts import (
    Who,
    action_card,
    action_text,
    card_details,
    card_name,
    card_summary,
    choice_text,
    event_text,
    faction_name,
    faction_of,
    keys_help,
    label,
    quoted,
    refill_after_text,
    result_text,
    rules_help,
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


def _base_text(card_id: str, lang: str) -> Text:
    card = CARDS[BY_ID[card_id]]
    mark = OUTPOST_MARK if card.is_outpost else BASE_MARK
    text = Text(f"{mark} ", style="bold" if card.is_outpost else "")
    text.append_text(card_text(card_id, lang))
    text.append(f" ({type_text(card, lang, short=True)})", style="dim")
    return text


def _amount(value: int, what: str, lang: str, style: str) -> Text:
    return Text.assemble((f"{label(what, lang)} ", style), (number(value, lang), f"bold {style}"))


# ---------------------------------------------------------------------- the log


def log_lines(events: Iterable[Mapping[str, Any]], lang: str, seats: Sequence[Who]) -> list[Text]:
    """The game log for ``events``, one coloured line per happening.

    Gains of trade, combat, authority and cards drawn are folded into the line of the card that
    gave them (“You played Lance (+1 combat, +1 card).”), and a trade-row refill into the line
    of the buy or clear that emptied the slot.
    """
    lines: list[Text] = []
    # The line being built: its sentence, style, cards named, and gains folded into it.
    sentence, style, cards, gains = "", "", list[str](), list[str]()
    takes_gains: tuple[Any, Any] | None = None  # (player, card) whose gains fold in

    def flush() -> None:
        if sentence:
            text = sentence.rstrip(".") + f" ({join(gains, lang)})." if gains else sentence
            lines.append(_styled_line(text, style, cards, lang))

    previous = None
    for event in events:
        kind = event.get("event")
        card = event.get("card")
        if kind in ("trade", "combat", "authority") and takes_gains == (event.get("player"), card):
            gains.append(_gain(str(kind), int(event.get("amount", 0)), lang))
            continue
        count = event.get("count")
        if kind == "draw" and count and takes_gains and takes_gains[0] == event.get("player"):
            gains.append(_gain("draw", int(count), lang))
            continue
        if kind == "refill" and previous in ("buy", "clear-row"):
            # “You bought Gnat for 1 trade; Lance took its place.”
            new = card if isinstance(card, str) and card in BY_ID else None
            glue = "؛ " if lang == "fa" else "; "
            sentence = sentence.rstrip(".") + glue + refill_after_text(new, lang) + "."
            cards += [new] if new else []
            previous = kind
            continue
        previous = kind
        flush()
        sentence = event_text(event, lang, seats)
        style = _line_style(event, seats)
        cards = [c for c in (card,) if isinstance(c, str) and c in BY_ID]
        gains = []
        takes_gains = (event.get("player"), card) if kind in ("play", "scrap", "ally") else None
    flush()
    return lines


def _gain(kind: str, amount: int, lang: str) -> str:
    n = number(amount, lang)
    if kind == "draw":
        return f"کشیدن {n} کارت" if lang == "fa" else f"+{n} card" + ("s" if amount > 1 else "")
    if lang == "fa":
        return f"{n} {label(kind, lang)}"
    return f"+{n} {kind}"


def _line_style(event: Mapping[str, Any], seats: Sequence[Who]) -> str:
    kind = event.get("event")
    if kind == "turn":
        return "bold cyan"
    if kind in ("game-over", "eliminated", "concede"):
        return "bold reverse"
    if kind in ("attack", "destroy"):
        return "bold red"
    player = event.get("player")
    if isinstance(player, int) and 0 <= player < len(seats) and not seats[player].you:
        return "dim" if kind in ("draw", "refill", "end", "shuffle") else ""
    return ""


def _styled_line(sentence: str, style: str, card_ids: Sequence[str], lang: str) -> Text:
    text = Text(sentence, style=style)
    for card_id in card_ids:
        text.highlight_words([card_name(card_id, lang)], style=card_style(card_id))
    return text


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
    """The whole table as ``view``'s seat sees it, with the log and the numbered moves."""
    players = view["players"]
    bottom = view.get("viewer")
    if not isinstance(bottom, int):
        bottom = 0
    parts: list[RenderableType] = [_header(view, lang, seats, note)]
    for seat in range(len(players)):
        if seat != bottom:
            parts.append(player_panel(view, seat, lang, seats))
    parts.append(trade_row_panel(view, lang))
    parts.append(player_panel(view, bottom, lang, seats))
    if log:
        parts.append(Panel(Group(*log), title=label("log", lang), title_align="left"))
    current = int(view["current"])
    pending = players[current].get("pending")
    if pending and not view.get("over"):
        parts.append(
            Text(f"{label('choice', lang)}: {choice_text(pending, seats[current])}", CHOICE_STYLE)
        )
    if legal:
        parts.append(moves_panel(view, legal, lang, seats))
    return Group(*parts)


def _header(view: View, lang: str, seats: Sequence[Who], note: str) -> Rule:
    turn_no = number(int(view["turn"]), lang)
    title = Text.assemble(
        (label("game", lang), "bold"),
        f" · نوبت {turn_no}" if lang == "fa" else f" · Turn {turn_no}",
    )
    if view.get("over"):
        winner = view.get("winner")
        title.append(" · ")
        title.append(result_text(winner if isinstance(winner, int) else None, seats), "reverse")
    else:
        current = seats[int(view["current"])]
        turn = f"نوبت {current.possessive}" if lang == "fa" else f"{current.possessive} turn"
        title.append(" · ")
        title.append(turn, style=f"bold {YOU_STYLE}" if current.you else "bold")
    if note:
        title.append(f" · {note}", style="dim")
    return Rule(title, style="bright_black")


def player_panel(view: View, seat: int, lang: str, seats: Sequence[Who]) -> Panel:
    """One seat's authority, piles, bases, and — on their turn — cards in play and pools."""
    p: Mapping[str, Any] = view["players"][seat]
    who = seats[seat]
    current = view.get("current") == seat and not view.get("over")
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()

    authority = int(p["authority"])
    a_style = "bold red" if authority <= 10 else f"bold {AUTHORITY_STYLE}"
    counts = Text.assemble(
        (f"{label('authority', lang)} ", AUTHORITY_STYLE),
        (number(authority, lang), a_style),
        "    ",
        f"{label('hand', lang)} ",
        (number(int(p["hand_size"]), lang), "bold"),
        "    ",
        f"{label('deck', lang)} ",
        (number(int(p["deck_size"]), lang), "bold"),
        "    ",
        f"{label('discard', lang)} ",
        (number(len(p["discard"]), lang), "bold"),
    )
    if p["discard"]:
        counts.append(f" ({label('last', lang)}: ", style="dim")
        counts.append_text(card_text(p["discard"][-1], lang))
        counts.append(")", style="dim")
    grid.add_row("", counts)

    if "hand" in p:
        grid.add_row(label("hand", lang), cards_text(p["hand"], lang))
    elif p.get("known_hand"):
        known = Text(f"{label('known', lang)}: ", style="dim")
        known.append_text(cards_text(p["known_hand"], lang))
        grid.add_row(label("hand", lang), known)
    if isinstance(p.get("deck"), list) and p["deck"]:
        grid.add_row(label("deck-next", lang), cards_text(p["deck"][:HAND_SIZE], lang))
    if p.get("pending_discards"):
        n = number(int(p["pending_discards"]), lang)
        if lang == "fa":
            warn = f"در آغاز نوبت باید {n} کارت دور {who.present('بریز')}"
        else:
            warn = f"must discard {n} at the start of the turn"
        grid.add_row("", Text(warn, style="bold yellow"))
    bases = p.get("bases") or []
    if bases:
        grid.add_row(label("bases", lang), Text("   ").join(_base_text(b, lang) for b in bases))
    if current:
        grid.add_row(label("in-play", lang), cards_text(p.get("in_play", []), lang))
        pools = Text.assemble(
            _amount(int(p.get("trade", 0)), "trade", lang, TRADE_STYLE),
            "    ",
            _amount(int(p.get("combat", 0)), "combat", lang, COMBAT_STYLE),
        )
        grid.add_row("", pools)
    title = Text(
        ("▶ " if current else "") + who.name, style=f"bold {YOU_STYLE}" if who.you else "bold"
    )
    if p.get("eliminated"):
        title.append(f" ({label('out', lang)})", style="dim")
    return Panel(
        grid,
        title=title,
        title_align="left",
        border_style=YOU_STYLE if current else "bright_black",
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
    """The legal moves, numbered from 1, each said in a few words."""
    items = []
    for k, action in enumerate(legal, 1):
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
    many = len(items) > 8
    body: RenderableType = (
        Columns(items, column_first=True, padding=(0, 3)) if many else Group(*items)
    )
    return Panel(body, title=label("moves", lang), title_align="left", border_style=YOU_STYLE)


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


def help_panel(lang: str, replay: bool = False) -> Panel:
    """The keys the prompt understands, then the rules in a few lines."""
    keys = Table.grid(padding=(0, 2))
    keys.add_column(style="bold", no_wrap=True)
    keys.add_column()
    for key, meaning in keys_help(lang, replay):
        keys.add_row(key, meaning)
    rules = Group(*(Text(f"• {line}") for line in rules_help(lang)))
    title = "راهنما" if lang == "fa" else "Help"
    return Panel(Group(keys, Text(""), rules), title=title, title_align="left")


def reveal_all(state: StarRealmsState) -> View:
    """A spectator's view with every hand and deck filled in (for replays of finished games)."""
    view = state.view(None)
    full = state.export()
    for seen, real in zip(view["players"], full["players"], strict=True):
        seen["hand"] = list(real["hand"])
        seen["deck"] = list(real["deck"])
    return view
