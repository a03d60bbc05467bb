"""War of the Ring in the terminal: the board of ``rumizi play`` and ``rumizi replay``.

This is the game's ``tui`` add-on (:class:`rumizi.core.terminal_kit.TuiAddOn`): the command
line finds it through the registry and asks it for a :class:`WarOfTheRingTerminal` per table.
The board shows the opponent on top (faction, hand, deck, shadow row and activations out of
five, the graveyard's last cards), the three battle zones side by side — each side's stack,
face-down cards as ``▒``, boosts, the zone's result and reward — then the reader's own seat
and hand, the log, the open choice and the numbered moves. Words come from
:mod:`rumizi.games.war_of_the_ring.texts` and :mod:`.web`, so the terminal says what the page
says; Free Peoples cards are blue, the Shadow's red.

>>> from io import StringIO
>>> from rich.console import Console
>>> from rumizi.core.terminal_kit import Seating
>>> from rumizi.games.war_of_the_ring import GAME
>>> state = GAME.new(seed=2, first=0)
>>> board = terminal(Seating("en", 2, you=0)).board(state.view(0), legal=state.legal_actions())
>>> out = StringIO()
>>> Console(file=out, width=100, color_system=None).print(board)
>>> text = out.getvalue()
>>> "Round 1" in text and "Left flank" in text and "Your moves" in text
True
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rumizi.core.addons import Audience
from rumizi.core.contract import Action, GameState, View
from rumizi.core.i18n import ZWNJ, number, to_ascii_digits
from rumizi.core.terminal_kit import Header, Seating, keys_panel, styled_line
from rumizi.games.war_of_the_ring import GAME, texts, web
from rumizi.games.war_of_the_ring.cards import BY_ID, CARDS
from rumizi.games.war_of_the_ring.engine import SHADOW_WIN, ZONES

YOU_STYLE = "green"
CHOICE_STYLE = "bold yellow"
FACTION_STYLES = {"free": "bold blue", "shadow": "bold red"}
BACK = "▒▒"

_WORDS: dict[str, tuple[str, str]] = {
    "round": ("Round", "دور"),
    "left": ("Left flank", "جناح چپ"),
    "centre": ("Centre", "مرکز"),
    "right": ("Right flank", "جناح راست"),
    "hand": ("Hand", "دست"),
    "deck": ("Deck", "دسته"),
    "graveyard": ("Graveyard", "گورستان"),
    "shadow-row": ("Shadow row", "ردیف سایه"),
    "activated": ("activated", "فعال‌شده"),
    "passed": ("passed", "گذشت"),
    "your-hand": ("Your hand", "دست شما"),
    "battle": ("Battle zones", "ناحیه‌های نبرد"),
    "moves": ("Your moves", "حرکت‌های شما"),
    "log": ("Log", "رویدادها"),
    "choice": ("Choice", "انتخاب"),
    "tie": ("tie", "مساوی"),
    "empty": ("nobody fought", "کسی نجنگید"),
    "won-by": ("won by", "برنده:"),
    "next": ("next battle", "نبرد بعدی"),
    "reward-centre": ("reward: a free event", "پاداش: رویداد رایگان"),
    "reward-flank": ("reward: a shadow activation", "پاداش: فعال کردن کارت سایه"),
    "combat": ("Combat", "نیرو"),
    "ability": ("Ability", "توانایی"),
    "event": ("Event", "رویداد"),
    "cost": ("Cost", "هزینه"),
    "copies": ("Copies", "نسخه‌ها"),
    "faction": ("Faction", "جبهه"),
    "name": ("Name", "نام"),
    "none": ("none", "ندارد"),
    "starts": ("starts the round", "شروع‌کنندهٔ دور"),
    "last": ("last battle", "نبرد پیشین"),
}

_RULES_EN = (
    "Each round, take turns: place a card face down in a zone (at most 3 of yours per zone), "
    "play an event (pay its cost with other cards of your hand), or pass.",
    "When both have passed, the zones fight left, centre, right: the higher total wins.",
    "Winning the centre gives a free event; winning a flank activates a shadow card.",
    f"Win all three zones in one round, or activate {SHADOW_WIN} shadow cards, to win.",
)
_RULES_FA = (
    "در هر دور به نوبت: کارتی را رو به پایین در یک ناحیه بگذارید (حداکثر ۳ کارت از شما در هر "
    "ناحیه)، رویدادی بازی کنید (هزینه‌اش را با کارت‌های دیگر دستتان بپردازید) یا بگذرید.",
    "وقتی هر دو گذشتند، ناحیه‌ها به ترتیب چپ، مرکز و راست می‌جنگند: مجموع بیشتر می‌برد.",
    "بردن مرکز یک رویداد رایگان می‌دهد؛ بردن یک جناح یک کارت سایه را فعال می‌کند.",
    f"برای پیروزی هر سه ناحیه را در یک دور ببرید، یا {number(SHADOW_WIN, 'fa')} کارت سایه "
    "فعال کنید.",
)


def word(key: str, lang: str) -> str:
    """A word of the board in ``lang``."""
    return _WORDS[key][1 if lang == "fa" else 0]


def _faction_of(card_id: str) -> str:
    return CARDS[BY_ID[card_id]].faction


def card_text(card_id: str, lang: str, combat: bool = True) -> Text:
    """A card's name in its faction's colour, its combat value first."""
    card = CARDS[BY_ID[card_id]]
    text = Text()
    if combat:
        text.append(f"[{number(card.combat, lang)}] ", style="bold")
    text.append(card.names[lang], style=FACTION_STYLES[card.faction])
    return text


def card_panel(card_id: str, lang: str) -> Panel:
    """Everything about one card: faction, combat, ability, cost, event and its copies."""
    card = CARDS[BY_ID[card_id]]
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    name = Text(card.names[lang], style="bold")
    if lang == "en":
        name.append(f" ({card.names['fa']})")
    grid.add_row(word("name", lang), name)
    grid.add_row(word("faction", lang), texts.faction_name(card.faction, lang))
    grid.add_row(word("combat", lang), number(card.combat, lang))
    grid.add_row(word("ability", lang), texts.ability_text(card_id, lang) or word("none", lang))
    grid.add_row(word("cost", lang), number(card.cost, lang))
    sep = "، " if lang == "fa" else ", "
    effects = sep.join(texts.effect_text(e, n, lang) for e, n in card.event)
    grid.add_row(word("event", lang), effects)
    grid.add_row(word("copies", lang), number(card.count, lang))
    grid.add_row("", Text(texts.card_line(card_id, lang), style="italic"))
    return Panel(
        grid,
        title=card_text(card_id, lang),
        title_align="left",
        border_style=FACTION_STYLES[card.faction],
        expand=False,
    )


def _fold(text: str) -> str:
    """A name folded for matching: case, digits, spaces, dashes, quotes and ZWNJs ignored."""
    text = unicodedata.normalize("NFC", to_ascii_digits(text)).casefold().strip()
    text = text.removeprefix("the ")
    return re.sub(rf"[\s\-_،,{ZWNJ}«»\"'“”]", "", text).replace("ي", "ی").replace("ك", "ک")


def find_cards(query: str) -> list[str]:
    """The cards a typed name may mean: exact matches, then prefixes, then substrings.

    >>> find_cards("aragorn"), find_cards("هابیت")
    (['fp-aragorn'], ['fp-hobbits'])
    """
    key = _fold(query)
    if not key:
        return []
    names = [(c.id, {_fold(c.id), _fold(c.names["en"]), _fold(c.names["fa"])}) for c in CARDS]
    for test in (lambda n: n == key, lambda n: n.startswith(key), lambda n: key in n):
        found = [cid for cid, keys in names if any(test(n) for n in keys)]
        if found:
            return found
    return []


class WarOfTheRingTerminal:
    """The board, log and card details of one War of the Ring table, for :mod:`rumizi.cli`."""

    log_events = 1  # the log has a line per event

    def __init__(self, seating: Seating) -> None:
        self.seating = seating
        self.lang = seating.lang
        self.you = seating.you
        self.names = [seating.name(i) for i in range(seating.players)]
        self.audience = Audience(seating.lang, seating.you, tuple(self.names), seating.options)
        self._card_styles = {c.names[self.lang]: FACTION_STYLES[c.faction] for c in CARDS}

    # -- the hooks of rumizi.cli ------------------------------------------------------------

    def board(
        self,
        view: View,
        *,
        log: Sequence[Text] = (),
        legal: Sequence[Action] | None = None,
        note: str = "",
    ) -> RenderableType:
        """The table as ``view``'s seat sees it: the opponent, the three zones, the reader's
        seat and hand, then the log, the open choice and the numbered moves."""
        bottom = view.get("viewer")
        if not isinstance(bottom, int):
            bottom = self.seating.human if self.seating.human is not None else 0
        parts: list[RenderableType] = [self._header(view, note)]
        parts.append(self.player_panel(view, 1 - bottom))
        parts.append(self.zones_panel(view, bottom))
        parts.append(self.player_panel(view, bottom))
        if log:
            parts.append(Panel(Group(*log), title=word("log", self.lang), title_align="left"))
        pending = view.get("pending")
        if pending and not view.get("over") and view.get("to_act") == self.you:
            ask = texts.choice_text(view, self.lang)
            if ask:
                parts.append(Text(f"{word('choice', self.lang)}: {ask}", style=CHOICE_STYLE))
        if legal:
            parts.append(self.moves_panel(view, legal))
        return Group(*parts)

    def log_lines(self, events: Sequence[Mapping[str, Any]]) -> list[Text]:
        """The log in the web's sentences, in their tones, card names in faction colours."""
        return [
            styled_line(line, self._card_styles)
            for line in texts.log_entries(events, self.audience)
        ]

    def result_text(self, view: View) -> str:
        return str(web.result_text(view, self.audience))

    def help_panel(self, replay: bool = False) -> Panel:
        return keys_panel(self.lang, replay, _RULES_FA if self.lang == "fa" else _RULES_EN)

    def reveal_all(self, state: GameState) -> View:
        """The spectator's view with every hand, stack and shadow row shown (``--all``)."""
        return web.revealed_view(state, None)

    def action_card(self, action: Action) -> str | None:
        """The card a move places, plays, pays with or takes back; ``None`` for the others."""
        card = action.get("card")
        return card if isinstance(card, str) and card in BY_ID else None

    def card_panel(self, card_id: str) -> Panel:
        return card_panel(card_id, self.lang)

    def card_name(self, card_id: str) -> str:
        return texts.card_name(card_id, self.lang)

    def find_cards(self, query: str) -> list[str]:
        return find_cards(query)

    # -- parts of the board -----------------------------------------------------------------

    def _who(self, seat: Any) -> str:
        return texts.seat_name(seat, self.lang, self.names, self.you)

    def _header(self, view: View, note: str) -> RenderableType:
        lang = self.lang
        title = Text(GAME.names.get(lang, GAME.id), style="bold")
        title.append(f" · {word('round', lang)} {number(int(view.get('round', 0)), lang)}")
        if view.get("over"):
            title.append(" · ")
            title.append(self.result_text(view), style="reverse")
        else:
            current = view.get("current")
            who = self._who(current)
            if lang == "fa":
                whose = f"نوبت {who}"
            else:
                whose = "Your step" if current == self.you else f"{who}'s step"
            title.append(" · ")
            title.append(whose, style=f"bold {YOU_STYLE}" if current == self.you else "bold")
            starter = view.get("starter")
            if isinstance(starter, int):
                title.append(f" · {word('starts', lang)}: {self._who(starter)}", style="dim")
        return Header(title, note)

    def player_panel(self, view: View, seat: int) -> Panel:
        """One seat: faction, hand, deck, shadow row, activations, passed, graveyard."""
        lang = self.lang
        p = view["players"][seat]
        faction = str(p.get("faction"))
        line = Text()
        line.append(texts.faction_name(faction, lang), style=FACTION_STYLES.get(faction, ""))
        line.append(f" · {word('hand', lang)} {number(int(p.get('hand_size', 0)), lang)}")
        line.append(f" · {word('deck', lang)} {number(int(p.get('deck_size', 0)), lang)}")
        activated = int(p.get("activated", 0))
        line.append(f" · {word('shadow-row', lang)} {number(int(p.get('shadow_size', 0)), lang)}")
        line.append(" · ")
        line.append("●" * activated + "○" * max(0, SHADOW_WIN - activated), style="yellow")
        line.append(
            f" {number(activated, lang)}/{number(SHADOW_WIN, lang)} {word('activated', lang)}"
        )
        if p.get("passed"):
            line.append(f" · {word('passed', lang)}", style="bold magenta")
        rows: list[RenderableType] = [line]
        grave = list(p.get("graveyard") or [])
        g = Text(f"{word('graveyard', lang)} ({number(len(grave), lang)})", style="dim")
        if grave:
            g.append(": ")
            for i, cid in enumerate(grave[-4:]):
                if i:
                    g.append("، " if lang == "fa" else ", ")
                g.append_text(card_text(cid, lang, combat=False))
            if len(grave) > 4:
                g.append(" …")
        rows.append(g)
        if p.get("shadow_row"):
            row = Text(f"{word('shadow-row', lang)}: ", style="dim")
            for cid in p["shadow_row"]:
                row.append_text(card_text(cid, lang))
                row.append(" ")
            rows.append(row)
        hand = p.get("hand")
        if isinstance(hand, list) and hand:
            table = Table.grid(padding=(0, 2))
            for cid in hand:
                card = CARDS[BY_ID[cid]]
                ability = texts.ability_text(cid, lang) or ""
                sep = "، " if lang == "fa" else ", "
                effect = sep.join(texts.effect_text(e, n, lang) for e, n in card.event)
                table.add_row(
                    card_text(cid, lang),
                    Text(ability, style="dim"),
                    Text(f"{word('event', lang)} ({number(card.cost, lang)}): {effect}"),
                )
            rows.append(Text(word("your-hand", lang) if seat == self.you else word("hand", lang)))
            rows.append(table)
        mine = seat == self.you
        return Panel(
            Group(*rows),
            title=Text(self._who(seat), style=f"bold {YOU_STYLE}" if mine else "bold"),
            title_align="left",
            border_style=YOU_STYLE if mine else FACTION_STYLES.get(faction, ""),
        )

    def zones_panel(self, view: View, bottom: int) -> Panel:
        """The three zones side by side: the opponent's stack, the result, the reader's."""
        lang = self.lang
        table = Table(expand=True, show_lines=True)
        for z in ZONES:
            table.add_column(word(z, lang), justify="center", ratio=1)
        tops: list[RenderableType] = []
        mids: list[RenderableType] = []
        bots: list[RenderableType] = []
        for i, zone in enumerate(view["zones"]):
            tops.append(self._stack(zone, 1 - bottom))
            bots.append(self._stack(zone, bottom))
            result = zone.get("result")
            reward = word("reward-centre" if i == 1 else "reward-flank", lang)
            if result == "tie":
                mid = Text(word("tie", lang), style="bold")
            elif result == "empty":
                mid = Text(word("empty", lang), style="dim")
            elif isinstance(result, int):
                mid = Text(f"{word('won-by', lang)} {self._who(result)}", style="bold green")
            elif view.get("phase") == "battle" and view.get("zone") == i:
                mid = Text(word("next", lang), style="bold yellow")
            else:
                mid = Text("⚔", style="dim")
            lines = [mid, Text(reward, style="dim")]
            fought = (view.get("battles") or [None] * 3)[i]
            if fought is not None and result is None:
                lines.append(self._last_battle(fought, bottom))
            mids.append(Group(*lines))
        table.add_row(*tops)
        table.add_row(*mids)
        table.add_row(*bots)
        return Panel(table, title=word("battle", lang), title_align="left")

    def _last_battle(self, fought: Mapping[str, Any], bottom: int) -> Text:
        """The zone's previous battle in a line: its result and both totals, yours last."""
        lang = self.lang
        result = fought.get("result")
        if result == "tie":
            what = word("tie", lang)
        elif result == "empty":
            what = word("empty", lang)
        else:
            what = f"{word('won-by', lang)} {self._who(result)}"
        text = Text(f"{word('last', lang)}: {what}", style="italic")
        if result != "empty":
            totals = fought.get("totals") or [0, 0]
            a, b = number(totals[1 - bottom], lang), number(totals[bottom], lang)
            text.append(f" ({a}–{b})")
        return text

    def _stack(self, zone: Mapping[str, Any], seat: int) -> RenderableType:
        lang = self.lang
        cards = zone["cards"][seat]
        lines: list[Text] = []
        for cid in cards:
            lines.append(card_text(cid, lang) if cid else Text(BACK, style="dim"))
        if not lines:
            lines.append(Text("—", style="dim"))
        boost = int(zone["boost"][seat])
        if boost:
            lines.append(Text(f"+{number(boost, lang)}", style="bold yellow"))
        return Group(*lines)

    def moves_panel(self, view: View, legal: Sequence[Action]) -> Panel:
        """The legal moves, numbered from 1 in their order; card names in faction colours."""
        lang = self.lang
        lines = []
        for k, action in enumerate(legal):
            line = Text.assemble((f"{number(k + 1, lang):>3}. ", "bold"))
            line.append(web.action_label(view, action, self.audience))
            card = self.action_card(action)
            if card is not None:
                line.highlight_words(
                    [texts.card_name(card, lang)], style=FACTION_STYLES[_faction_of(card)]
                )
            lines.append(line)
        return Panel(
            Group(*lines), title=word("moves", lang), title_align="left", border_style=YOU_STYLE
        )


def terminal(seating: Seating) -> WarOfTheRingTerminal:
    """The terminal of ``rumizi play`` and ``rumizi replay`` (:mod:`rumizi.core.terminal_kit`)."""
    return WarOfTheRingTerminal(seating)
