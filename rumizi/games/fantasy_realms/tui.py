"""Fantasy Realms in the terminal: the table drawn with rich from one seat's *view*.

``rumizi play fantasy-realms [--players N] [--variant two-player|chaos] [--modules …]``
seats you with bots. Everything is drawn from :meth:`FantasyRealmsState.view`, so the board
shows a seat only what it may see:

* your hand, each card with its suit, strength and what it scores now (the scorer's best
  choices, :func:`rumizi.games.fantasy_realms.score_hand`), the live best total and the
  choices behind it (Mirage, Book of Changes …); while you discard, what the hand would be
  worth without each card;
* the discard area as a spread of face-up cards (sealed ones marked), the deck's size and
  how many discards end the game;
* every seat: its hand size, its face-up Cursed Item and its used items (face down: only
  their number, unless they are yours), whose turn it is and what the phase still needs;
* what you were shown (Spyglass, Crystal Ball, Lantern, Book of Prophecy, a swap);
* at the end, every hand's breakdown card by card, its choices and items, and the winners.

The chaos realms (``--variant chaos``, 3 to 7 players): the trading, in which every seat may
act at once; the open offers are listed on the board, the bots answer and offer between your
moves, and the terminal rings the timer itself (five minutes on this machine's clock, checked
after each move) unless everybody is done first.

Moves are numbered; you may also type short commands, in English or Persian, naming cards
and items by any part of their English or Persian names (:func:`parse_command`):
``draw``/``بکش``, ``take NAME``/``بردار NAME``, ``discard NAME``/``بریز NAME``,
``use ITEM [CARDS, SEAT or SUIT]``/``استفاده ITEM …``, ``drop``, ``forgo``, ``end``/``پایان``
(end the turn left open after its discard), ``return NAME top``,
``offer NAMES``, ``keep``, ``swap SEAT NAME``, ``ring NAME``, ``pick NAME``/``none``.

>>> from io import StringIO
>>> from rich.console import Console
>>> from rumizi.core.terminal_kit import Seating
>>> from rumizi.games.fantasy_realms import GAME
>>> state = GAME.new(seed=1, players=3, first=0)
>>> ui = terminal(Seating("en", 3, you=0, human=0, bots={1: "greedy", 2: "greedy"}))
>>> console = Console(file=StringIO(), width=110)
>>> console.print(ui.board(state.view(0), legal=state.legal_actions()))
>>> out = console.file.getvalue()
>>> "Your hand" in out and "Discard area" in out and "Your turn" in out
True
>>> ui.command("draw", state.view(0), state.legal_actions()).action
{'do': 'draw'}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rumizi.core.contract import Action, GameState, View
from rumizi.core.i18n import ZWNJ, join, number
from rumizi.core.terminal_kit import Header, Packed, Reply, Seating, keys_panel
from rumizi.games.fantasy_realms import texts
from rumizi.games.fantasy_realms.cards import CARDS, ITEMS, SUIT_NAMES, card_info
from rumizi.games.fantasy_realms.scorer import score_hand

#: ``--modules`` words and the game options they set.
MODULES: Final[dict[str, dict[str, Any]]] = {
    "items": {"items": True},
    "suits": {"suits": True},
    "jester": {"jester": True},
    "phoenix-promo": {"phoenix": "promo"},
    "phoenix-deluxe": {"phoenix": "deluxe"},
}
#: ``--variant`` words and the options they set.
VARIANTS: Final[dict[str, dict[str, Any]]] = {
    "two-player": {"players": 2},
    "chaos": {"variant": "chaos"},
}
DEFAULT_PLAYERS: Final = 4

_W: dict[str, tuple[str, str]] = {
    "hand": ("Your hand", "دست شما"),
    "best": ("best score", "بهترین امتیاز"),
    "card": ("Card", "کارت"),
    "suit": ("Suit", "خانواده"),
    "strength": ("Str.", "قدرت"),
    "scores": ("Scores", "امتیاز"),
    "why": ("Why", "چرا"),
    "without": ("Without it", "بدون آن"),
    "area": ("Discard area", "کارت‌های رو"),
    "ends-at": ("the game ends at {n}", "بازی با {n} کارت تمام می‌شود"),
    "deck": ("deck {n}", "دسته {n}"),
    "empty": ("(empty)", "(خالی)"),
    "players": ("Players", "بازیکنان"),
    "out": ("conceded", "انصراف داد"),
    "cards": ("{n} cards", "{n} کارت"),
    "item": ("item", "شیء"),
    "used": ("used", "به‌کاررفته"),
    "items-left": ("items: deck {n}, pile {pile}", "اشیا: دسته {n}، کنارگذاشته {pile}"),
    "shown": ("Shown to you", "آنچه به شما نشان داده شد"),
    "your-turn": ("Your turn", "نوبت شما"),
    "to-act": ("{who} to act", "نوبت {who}"),
    "choices": ("choices", "انتخاب‌ها"),
    "final": ("Final scores", "امتیازهای پایانی"),
    "total": ("total", "جمع"),
    "wins": ("{who} wins with {n}", "{who} با {n} امتیاز برنده شد"),
    "shared": ("Shared win: {who}, {n} each", "برد مشترک: {who}، هر کدام {n}"),
    "moves": ("Your moves", "حرکت‌های شما"),
    "sealed": ("sealed", "مهرشده"),
    "turn": ("Turn", "نوبت"),
    "none": ("none", "هیچ"),
    "top": ("top", "رو"),
    "bottom": ("bottom", "زیر"),
    "deck-bottom": ("bottom of the deck", "زیر دسته"),
    "deck-top": ("top of the deck", "روی دسته"),
    "which": ("Which one? {names}", "کدام؟ {names}"),
    "no-match": ("No move matches “{text}”.", "هیچ حرکتی با «{text}» جور نیست."),
    "text": ("Text", "متن"),
}
_PHASE: dict[str, tuple[str, str]] = {
    "take": ("draw the top card or take one from the discard area", "بکشید یا کارتی رو بردارید"),
    "discard": ("discard one card face up", "یک کارت رو بیندازید"),
    "after": ("use your item now, or end the turn", "از شیء استفاده کنید یا نوبت را تمام کنید"),
    "draft-discard": ("discard one of the two drawn cards", "یکی از دو کارت کشیده را بیندازید"),
    "rake": ("Rake: take a card of the discard area", "شن‌کش: کارتی رو بردارید"),
    "cauldron": ("Cauldron: return a drawn card", "دیگ: کارتی کشیده را برگردانید"),
    "offer": ("Market Wagon: offer cards for the shown one", "گاری بازار: پیشنهاد کارت"),
    "wagon": ("Market Wagon: swap, keep or discard", "گاری بازار: عوض، نگه یا دور"),
    "ring": ("Wishing Ring: put a card on top of the deck", "انگشتر آرزو: کارتی روی دسته"),
    "borrowed": ("use the item now, or forgo it", "اکنون از شیء استفاده کنید یا صرف‌نظر"),
    "genie": ("Genie: take a card of the deck, or none", "غول چراغ: کارتی از دسته، یا هیچ"),
    "necromancer": ("Necromancer: take a discarded card, or none", "احضارگر: کارتی از رو"),
    "shed": ("discard down to the hand limit", "تا سقف دست کارت بیندازید"),
    "trade": ("the trading: offer, answer, or say you are done", "معاوضه: پیشنهاد، پاسخ یا پایان"),
    "summon": ("Necromancer: draw three and keep one, or not", "مرگ‌ساحر: سه کارت بکشید یا نه"),
    "keep": ("Necromancer: keep one of the three cards", "مرگ‌ساحر: یکی از سه کارت را نگه دارید"),
    "over": ("game over", "بازی تمام شد"),
}
# The words of the commands: each opens the actions of some kinds.
VERBS: Final[dict[str, tuple[str, ...]]] = {
    "draw": ("draw", "draw-two"),
    "d": ("draw", "draw-two"),
    "بکش": ("draw", "draw-two"),
    "take": ("take",),
    "t": ("take",),
    "بردار": ("take",),
    "discard": ("discard", "shed", "wagon-discard"),
    "x": ("discard", "shed", "wagon-discard"),
    "بریز": ("discard", "shed", "wagon-discard"),
    "بنداز": ("discard", "shed", "wagon-discard"),
    "use": ("use",),
    "u": ("use",),
    "استفاده": ("use",),
    "drop": ("drop-item",),
    "کنار": ("drop-item",),
    "forgo": ("forgo",),
    "skip": ("forgo",),
    "صرف‌نظر": ("forgo",),
    "end": ("end-turn",),
    "پایان": ("end-turn",),
    "return": ("return",),
    "برگردان": ("return",),
    "offer": ("offer", "propose"),
    "پیشنهاد": ("offer", "propose"),
    "accept": ("accept",),
    "بپذیر": ("accept",),
    "refuse": ("refuse",),
    "رد": ("refuse",),
    "withdraw": ("withdraw",),
    "پس": ("withdraw",),
    "done": ("done",),
    "تمام": ("done",),
    "keep": ("wagon-keep",),
    "نگه": ("wagon-keep",),
    "swap": ("wagon-swap",),
    "عوض": ("wagon-swap",),
    "ring": ("ring",),
    "انگشتر": ("ring",),
    "pick": ("genie", "necromancer"),
    "choose": ("genie", "necromancer"),
    "انتخاب": ("genie", "necromancer"),
}
_VERB_WORDS: dict[str, tuple[str, str]] = {
    "draw": ("Draw", "کشیدن"),
    "draw-two": ("Draw two", "کشیدن دو کارت"),
    "take": ("Take", "برداشتن"),
    "discard": ("Discard", "انداختن"),
    "shed": ("Discard", "انداختن"),
    "use": ("Use", "استفاده از"),
    "drop-item": ("Discard your item at the end of the turn", "کنار گذاشتن شیء در پایان نوبت"),
    "forgo": ("Forgo the item", "صرف‌نظر از شیء"),
    "end-turn": ("End the turn", "پایان نوبت"),
    "return": ("Return", "برگرداندن"),
    "offer": ("Offer", "پیشنهاد"),
    "wagon-keep": ("Keep the card", "نگه داشتن کارت"),
    "wagon-discard": ("Discard it and draw", "انداختن و کشیدن"),
    "wagon-swap": ("Swap with", "عوض کردن با"),
    "ring": ("Put on top", "گذاشتن روی دسته"),
    "genie": ("Genie takes", "غول چراغ برمی‌دارد"),
    "necromancer": ("Necromancer takes", "احضارگر برمی‌دارد"),
}
SUIT_STYLES: Final[dict[str, str]] = {
    "land": "green4",
    "flood": "blue",
    "weather": "bright_cyan",
    "flame": "red",
    "army": "grey62",
    "wizard": "magenta",
    "leader": "purple",
    "beast": "dark_orange3",
    "weapon": "grey50",
    "artifact": "yellow",
    "wild": "bright_white",
    "building": "tan",
    "outsider": "bright_magenta",
    "undead": "grey42",
}
YOU_STYLE = "cyan"


def word(key: str, lang: str, **fields: Any) -> str:
    en, fa = _W[key]
    text = fa if lang == "fa" else en
    return text.format(**{k: _num(v, lang) for k, v in fields.items()})


def _num(v: Any, lang: str) -> str:
    return number(v, lang) if isinstance(v, int) and not isinstance(v, bool) else str(v)


def card_name(card: str, lang: str) -> str:
    info = CARDS[card]
    return info.fa if lang == "fa" else info.en


def item_name(item: str, lang: str) -> str:
    info = ITEMS[item]
    return info.fa if lang == "fa" else info.en


def suit_name(suit: str, lang: str) -> str:
    fa, en = SUIT_NAMES[suit]
    return fa if lang == "fa" else en


def card_text(card: str, lang: str, suits: bool) -> Text:
    info = card_info(card, expansion=suits)
    return Text(card_name(card, lang), style=f"bold {SUIT_STYLES.get(info.suit, '')}")


def cards_text(cards: Iterable[str], lang: str, suits: bool) -> Text:
    out = Text()
    for k, c in enumerate(cards):
        if k:
            out.append("، " if lang == "fa" else ", ")
        out.append_text(card_text(c, lang, suits))
    return out


# ---------------------------------------------------------------------- the table options


def table_options(
    fmt: str | None,
    players: int | None,
    variant: str | None = None,
    modules: Sequence[str] = (),
) -> dict[str, Any]:
    """The game's options from ``--players``, ``--variant`` and ``--modules``.

    >>> table_options(None, None)
    {'players': 4}
    >>> table_options(None, None, "two-player", ["items", "suits"])
    {'players': 2, 'items': True, 'suits': True}
    >>> table_options(None, 7)
    Traceback (most recent call last):
    ...
    ValueError: Fantasy Realms is for 3 to 6 players (2 with --variant two-player), not 7
    """
    if fmt is not None:
        raise ValueError("Fantasy Realms has no formats: use --variant and --modules")
    options: dict[str, Any] = {}
    if variant is not None:
        if variant not in VARIANTS:
            known = ", ".join(VARIANTS)
            raise ValueError(f"unknown variant {variant!r}; Fantasy Realms has: {known}")
        options.update(VARIANTS[variant])
        fixed = VARIANTS[variant].get("players")
        if players is not None and fixed is not None and players != fixed:
            raise ValueError(f"the {variant} variant is for {fixed} players, not {players}")
    n = options.get("players", players if players is not None else DEFAULT_PLAYERS)
    if variant == "chaos" and not 3 <= n <= 7:
        raise ValueError(f"the chaos realms are for 3 to 7 players, not {n}")
    if variant is None and not 3 <= n <= 6:
        raise ValueError(
            f"Fantasy Realms is for 3 to 6 players (2 with --variant two-player), not {n}"
        )
    options["players"] = n
    for m in modules:
        if m not in MODULES:
            raise ValueError(f"unknown module {m!r}; modules: {', '.join(MODULES)}")
        for k, v in MODULES[m].items():
            if k in options and options[k] != v:
                raise ValueError("one Phoenix at a table: phoenix-promo or phoenix-deluxe")
            options[k] = v
    return {"players": options.pop("players"), **options}


# ---------------------------------------------------------------------- typed commands


def _norm(text: str) -> str:
    return " ".join(text.replace(ZWNJ, " ").replace("-", " ").casefold().split())


def _seat_value_names(q: int, names: Sequence[str]) -> list[str]:
    return [str(q), names[q] if q < len(names) else ""]


def _value_names(field: str, value: Any, names: Sequence[str]) -> list[str]:
    """Every way a value of an action may be typed."""
    if value is None:
        return ["none", "nothing", "هیچ"]
    if field in ("card", "cards"):
        return [value, CARDS[value].en, CARDS[value].fa]
    if field in ("item", "take", "copy"):
        return [value, ITEMS[value].en, ITEMS[value].fa]
    if field == "suit":
        fa, en = SUIT_NAMES[value]
        return [value, en, fa]
    if field == "player":
        return _seat_value_names(int(value), names)
    if field == "to" and isinstance(value, int):  # the chaos realms: the seat offered to
        return _seat_value_names(value, names)
    if field == "to":
        return [value, *(_W[value])]
    if field == "by":  # the acting seat: never typed
        return []
    return [str(value)]


def _values(action: Action) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for k, v in action.items():
        if k == "do":
            continue
        if isinstance(v, list):
            out += [(k, x) for x in v]
        else:
            out.append((k, v))
    return out


def parse_command(
    text: str, legal: Sequence[Action], names: Sequence[str], lang: str
) -> Action | str | None:
    """The legal move a typed command means; a message (in ``lang``) when it is ambiguous or
    matches nothing; ``None`` when ``text`` is not a command at all (not one of the verbs).

    Every word after the verb must start a word of one of the move's names (cards, items,
    suits, seats, ``top``/``bottom``, ``none``), and a move is only picked when each of its
    names was typed: ``use staff king queen unicorn`` is the three-card use."""
    words = _norm(text).split()
    if not words:
        return None
    kinds = VERBS.get(words[0])
    if kinds is None:
        kinds = tuple({a["do"] for a in legal if _norm(a["do"]) == words[0]})
        if not kinds:
            return None
    query = words[1:]
    candidates = [a for a in legal if a["do"] in kinds]
    partial: list[Action] = []  # every typed word names something of the move
    complete: list[Action] = []  # ... and every name of the move was typed
    exact: list[Action] = []
    for a in candidates:
        vals = [
            (f, v, [_norm(n).split() for n in _value_names(f, v, names) if n])
            for f, v in _values(a)
        ]
        touched = [False] * len(vals)
        ok = True
        for w in query:
            hit = False
            for k, (_, _, spellings) in enumerate(vals):
                if any(any(part.startswith(w) for part in sp) for sp in spellings):
                    touched[k] = hit = True
            if not hit:
                ok = False
                break
        if not ok:
            continue
        partial.append(a)
        if not all(touched):
            continue
        complete.append(a)
        wanted = " ".join(query)
        if any(" ".join(sp) == wanted for _, _, sps in vals for sp in sps):
            exact.append(a)
    if len(complete) == 1:
        return complete[0]
    if len(exact) == 1:
        return exact[0]
    if len(partial) == 1:
        return partial[0]
    options = complete or partial
    if not options:
        return word("no-match", lang, text=text)
    shown = [action_label(a, lang, names) for a in options[:8]]
    return word("which", lang, names=join(shown, lang) + (" …" if len(options) > 8 else ""))


# ---------------------------------------------------------------------- words of moves


def action_label(action: Action, lang: str, names: Sequence[str], view: View | None = None) -> str:
    """A move in words: “Take Great Flood”, “Use Spyglass: Greedy bot”; the chaos realms'
    moves in the web's sentences (an offer's cards from ``view``)."""
    kind = action["do"]
    if kind in texts.CHAOS_MOVES:  # moves only the chaos realms have
        return texts.action_text(action, lang, names, None, view)
    en, fa = _VERB_WORDS.get(kind, (kind, kind))
    head = fa if lang == "fa" else en
    parts: list[str] = []
    # the item first (“Use Spyglass: …”), then its fields in their order
    for f, v in sorted(action.items(), key=lambda kv: kv[0] != "item"):
        if f == "do":
            continue
        if isinstance(v, list):
            if not v:
                parts.append(word("none", lang))
            parts += [card_name(c, lang) for c in v]
        elif v is None:
            parts.append(word("none", lang))
        elif f in ("card",):
            parts.append(card_name(v, lang))
        elif f in ("item", "take", "copy"):
            parts.append(item_name(v, lang))
        elif f == "suit":
            parts.append(suit_name(v, lang))
        elif f == "player":
            parts.append(names[int(v)] if int(v) < len(names) else str(v))
        elif f == "to":
            parts.append(word("deck-top" if v == "top" else "deck-bottom", lang))
    if not parts:
        return head
    sep = "، " if lang == "fa" else ", "
    if kind == "use" and len(parts) > 1:
        return f"{head} {parts[0]}: {sep.join(parts[1:])}"
    return f"{head} {sep.join(parts)}"


def _to_act(view: View) -> int | None:
    phase = view["phase"]
    if phase in ("over", "trade"):  # the trading: everybody at once
        return None
    if phase in ("genie", "necromancer", "shed"):
        return int(view["queue"][0][1])
    if phase == "offer":
        return int(view["pending"]["offerers"][0])
    return int(view["current"])


# ---------------------------------------------------------------------- the board


class FantasyRealmsTerminal:
    """The terminal of one Fantasy Realms table (see the module docs)."""

    log_events = 1

    def __init__(self, seating: Seating) -> None:
        self.seating = seating
        self.lang = seating.lang
        names = [seating.name(i) for i in range(seating.players)]
        # bots of one kind around a table are told apart by their seats
        self.names = [
            f"{x} {number(q, self.lang)}" if names.count(x) > 1 else x for q, x in enumerate(names)
        ]

    # -- the board -----------------------------------------------------------------

    def board(
        self,
        view: View,
        *,
        log: Sequence[Text] = (),
        legal: Sequence[Action] | None = None,
        note: str = "",
    ) -> RenderableType:
        lang = self.lang
        suits = bool(view["options"]["suits"])
        parts: list[RenderableType] = [Header(self._title(view), note)]
        if view["phase"] == "over":
            parts.append(self.final_panel(view))
        me = view.get("you")
        if isinstance(me, int) and view["phase"] != "over" and isinstance(view["hands"][me], list):
            parts.append(self.hand_panel(view, me))
        if view["phase"] == "trade":
            parts.append(self.offers_panel(view))
        parts.append(self.area_panel(view, suits))
        parts.append(self.players_panel(view))
        shown = self.shown_lines(view, suits)
        if shown:
            parts.append(Panel(Group(*shown), title=word("shown", lang), title_align="left"))
        if log:
            parts.append(Panel(Group(*log), title=_log_title(lang), title_align="left"))
        if legal:
            items = [
                Text.assemble(
                    (f"{number(k, lang):>3}. ", "bold"), action_label(a, lang, self.names, view)
                )
                for k, a in enumerate(legal, 1)
            ]
            body: RenderableType = Packed(items) if len(items) > 12 else Group(*items)
            parts.append(Panel(body, title=word("moves", lang), title_align="left"))
        return Group(*parts)

    def _title(self, view: View) -> Text:
        lang = self.lang
        title = Text("قلمرو افسانه‌ای" if lang == "fa" else "Fantasy Realms", style="bold")
        title.append(f" · {word('turn', lang)} {number(view['turn'], lang)}")
        title.append(" · ")
        if view["phase"] == "over":
            title.append(self.result_text(view), style="reverse")
            return title
        who = _to_act(view)
        if who == view.get("you"):
            title.append(word("your-turn", lang), style=f"bold {YOU_STYLE}")
        elif who is not None:
            title.append(word("to-act", lang, who=self.names[who]), style="bold")
        en, fa = _PHASE.get(view["phase"], ("", ""))
        title.append(f"{': ' if who is not None else ''}{fa if lang == 'fa' else en}")
        return title

    def hand_panel(self, view: View, me: int) -> Panel:
        lang = self.lang
        suits = bool(view["options"]["suits"])
        hand = list(view["hands"][me])
        down = view["items"]["down"][me] if view["options"]["items"] else []
        score = score_hand(
            hand,
            discards=view["area"],
            expansion=suits,
            items=down if isinstance(down, list) else [],
            players=int(view["players"]),
        )
        discarding = view["phase"] in ("discard", "shed", "draft-discard") and _to_act(view) == me
        table = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
        for col in ("card", "suit", "strength", "scores", "why"):
            table.add_column(word(col, lang), justify="right" if col in ("strength",) else "left")
        if discarding:
            table.add_column(word("without", lang), justify="right")
        for line in score.cards:
            info = card_info(line.id, expansion=suits)
            reason = line.reason_fa if lang == "fa" else line.reason_en
            row: list[Text | str] = [
                card_text(line.id, lang, suits),
                suit_name(info.suit, lang),
                number(info.strength, lang),
                Text(number(line.total, lang), style="dim" if line.blanked else "bold"),
                reason,
            ]
            if discarding:
                rest = [c for c in hand if c != line.id]
                without = score_hand(
                    rest,
                    discards=[*view["area"], line.id],
                    expansion=suits,
                    items=down if isinstance(down, list) else [],
                    players=int(view["players"]),
                ).total
                row.append(number(without, lang))
            table.add_row(*row)
        parts: list[RenderableType] = [table]
        chosen = self._choices(score.choices)
        if chosen:
            parts.append(Text(f"{word('choices', lang)}: {chosen}"))
        for item, points in score.items:
            parts.append(Text(f"◆ {item_name(item, lang)}: {number(points, lang)}"))
        title = f"{word('hand', lang)} · {word('best', lang)} {number(score.total, lang)}"
        return Panel(Group(*parts), title=title, title_align="left", border_style=YOU_STYLE)

    def _choices(self, choices: Mapping[str, Mapping[str, Any]]) -> str:
        lang = self.lang
        out = []
        for card, choice in sorted(choices.items()):
            bits = []
            for v in choice.values():
                if v is None:
                    continue
                if isinstance(v, str) and v in CARDS:
                    bits.append(card_name(v, lang))
                elif isinstance(v, str) and v in SUIT_NAMES:
                    bits.append(suit_name(v, lang))
                else:
                    bits.append(_num(v, lang))
            if bits:
                out.append(f"{card_name(card, lang)} → {' / '.join(bits)}")
        return "؛ ".join(out) if lang == "fa" else "; ".join(out)

    def area_panel(self, view: View, suits: bool) -> Panel:
        lang = self.lang
        sealed = {c: owner for c, owner in view.get("sealed") or []}
        items = []
        for c in view["area"]:
            info = card_info(c, expansion=suits)
            t = card_text(c, lang, suits)
            t.append(f" {number(info.strength, lang)}", style="dim")
            if c in sealed:
                t.append(f" ({word('sealed', lang)}: {self.names[int(sealed[c])]})", style="dim")
            items.append(t)
        body: RenderableType = Packed(items) if items else Text(word("empty", lang), style="dim")
        end_at = _end_at(view)
        title = (
            f"{word('area', lang)} {number(len(view['area']), lang)}/{number(end_at, lang)} · "
            f"{word('deck', lang, n=view['deck'])}"
        )
        return Panel(body, title=title, title_align="left")

    def players_panel(self, view: View) -> Panel:
        lang = self.lang
        with_items = bool(view["options"]["items"])
        who = _to_act(view)
        table = Table(box=None, padding=(0, 1), show_header=False)
        for _ in range(4 if with_items else 2):
            table.add_column()
        for q, h in enumerate(view["hands"]):
            size = len(h) if isinstance(h, list) else int(h)
            name = Text(("▶ " if q == who else "  ") + self.names[q])
            if q == view.get("you"):
                name.stylize(f"bold {YOU_STYLE}")
            row: list[Text | str] = [name, word("cards", lang, n=size)]
            if q in (view.get("out") or []):
                name.append(f" ({word('out', lang)})", style="dim")
            if with_items:
                it = view["items"]
                up = it["up"][q]
                row.append(f"{word('item', lang)}: {item_name(up, lang) if up else '—'}")
                down = it["down"][q]
                if isinstance(down, list):
                    used = join((item_name(x, lang) for x in down), lang) if down else "—"
                else:
                    used = number(int(down), lang)
                row.append(f"{word('used', lang)}: {used}")
            table.add_row(*row)
        parts: list[RenderableType] = [table]
        if with_items:
            it = view["items"]
            pile = join((item_name(x, lang) for x in it["pile"][-3:]), lang) or "—"
            parts.append(Text(word("items-left", lang, n=it["deck"], pile=pile), style="dim"))
        return Panel(Group(*parts), title=word("players", lang), title_align="left")

    def offers_panel(self, view: View) -> Panel:
        """The chaos trading: every open offer (its card when it is yours or made to you)."""
        lang = self.lang
        pend = view.get("pending") or {}
        lines: list[Text] = []
        for o in pend.get("offers") or []:
            line = Text(f"#{number(int(o['id']), lang)} ", style="dim")
            line.append(f"{self.names[int(o['by'])]} → {self.names[int(o['to'])]}")
            if o.get("card"):
                line.append(": ")
                line.append_text(card_text(str(o["card"]), lang, bool(view["options"]["suits"])))
            lines.append(line)
        if not lines:
            lines.append(Text("هنوز پیشنهادی نیست." if lang == "fa" else "No offers yet.", "dim"))
        done = [self.names[int(q)] for q in pend.get("done") or []]
        if done:
            head = "تمام کرده‌اند" if lang == "fa" else "done"
            lines.append(Text(f"{head}: {join(done, lang)}", style="green"))
        title = "پیشنهادهای معاوضه" if lang == "fa" else "Swap offers"
        return Panel(Group(*lines), title=title, title_align="left")

    def shown_lines(self, view: View, suits: bool) -> list[Text]:
        lang = self.lang
        me = view.get("you")
        out: list[Text] = []
        records = view["seen"][me] if isinstance(me, int) else None
        for r in (records or [])[-4:]:
            if "gave" in r or "refused" in r or "necromancer" in r:  # the chaos realms
                out.append(self._chaos_record(r, suits))
                continue
            if "swap" in r:
                line = Text(f"{action_label({'do': 'wagon-swap'}, lang, self.names)}: ")
                line.append_text(cards_text(r["cards"], lang, suits))
            else:
                line = Text(f"{item_name(r['item'], lang)}")
                if "player" in r:
                    line.append(f" ({self.names[int(r['player'])]})")
                line.append(": ")
                line.append_text(cards_text(r["cards"], lang, suits))
            out.append(line)
        for r in [r for r in view.get("revealed") or [] if "item" in r][-2:]:
            line = Text(f"{item_name(r['item'], lang)} · {suit_name(r['suit'], lang)}: ")
            if isinstance(r["cards"], dict):
                for q, cs in sorted(r["cards"].items()):
                    line.append(f"{self.names[int(q)]} ")
                    line.append_text(cards_text(cs, lang, suits) if cs else Text("—"))
                    line.append("  ")
            else:
                line.append_text(cards_text(r["cards"], lang, suits))
            out.append(line)
        return out

    def _chaos_record(self, r: Mapping[str, Any], suits: bool) -> Text:
        lang = self.lang
        fa = lang == "fa"
        if "gave" in r:
            line = Text(f"⇄ {self.names[int(r['with'])]}: ")
            line.append("دادید " if fa else "gave ")
            line.append_text(card_text(str(r["gave"]), lang, suits))
            line.append("، گرفتید " if fa else ", got ")
            line.append_text(card_text(str(r["got"]), lang, suits))
            return line
        if "refused" in r:
            line = Text(f"✗ {self.names[int(r['to'])]}: ")
            line.append_text(card_text(str(r["card"]), lang, suits))
            return line
        line = Text(f"{card_name('necromancer', lang)}: ")
        line.append_text(card_text(str(r["necromancer"]), lang, suits))
        return line

    def final_panel(self, view: View) -> Panel:
        lang = self.lang
        suits = bool(view["options"]["suits"])
        parts: list[RenderableType] = []
        ranked = sorted(
            view["results"], key=lambda r: (bool(r.get("conceded")), -r["total"], r["strength"])
        )
        for r in ranked:
            q = int(r["player"])
            won = q in view["winners"]
            gone = f" ({word('out', lang)})" if r.get("conceded") else ""
            head = Text(f"{self.names[q]}{gone} · {word('total', lang)} {number(r['total'], lang)}")
            head.stylize("bold reverse" if won else "bold")
            parts.append(head)
            for line in r["cards"]:
                reason = line["reason"]["fa" if lang == "fa" else "en"]
                t = Text("   ")
                t.append_text(card_text(line["id"], lang, suits))
                t.append(f" {number(line['total'], lang)}", style="dim" if line["blanked"] else "")
                if reason:
                    t.append(f" · {reason}", style="dim")
                parts.append(t)
            for entry in r.get("items") or []:
                points = number(entry["points"], lang)
                parts.append(Text(f"   ◆ {item_name(entry['id'], lang)} {points}"))
            chosen = self._choices(r["choices"])
            if chosen:
                parts.append(Text(f"   {word('choices', lang)}: {chosen}"))
        return Panel(Group(*parts), title=word("final", lang), title_align="left")

    # -- the command line's hooks --------------------------------------------------

    def log_lines(self, events: Iterable[Mapping[str, Any]]) -> list[Text]:
        return [line for e in events if (line := self.log_line(e)) is not None]

    def log_line(self, e: Mapping[str, Any]) -> Text | None:
        lang = self.lang
        kind = e.get("event")
        who = self.names[int(e["player"])] if "player" in e else ""
        if kind in (None, "end-turn"):
            return None
        chaos_ring = kind == "ring" and "player" not in e
        chaos_start = kind == "start" and "player" not in e
        worded = ("propose", "refuse", "withdraw", "swap", "done", "keep", "concede")
        if kind in worded or chaos_ring:
            return Text(texts.event_text(e, lang, self.names, None))
        if chaos_start or (kind == "draw" and int(e.get("count", 1)) == 3):
            return Text(texts.event_text(e, lang, self.names, None))
        if kind == "end":
            winners = join((self.names[int(w)] for w in e.get("winners", [])), lang)
            return Text(f"{_W['final'][1 if lang == 'fa' else 0]}: {winners}", style="bold")
        if kind == "reshuffle-items":
            return Text("اشیا بُر خوردند" if lang == "fa" else "the items were reshuffled")
        if kind == "draw":
            count = int(e.get("count", 1))
            verb = _VERB_WORDS["draw-two" if count == 2 else "draw"][1 if lang == "fa" else 0]
            return Text(f"{who}: {verb}")
        if kind == "genie":
            took = "took" in e and e["took"]
            text = _VERB_WORDS["genie"][1 if lang == "fa" else 0]
            return Text(f"{who}: {text} {'…' if took else word('none', lang)}")
        if kind in ("use", "wagon-swap") and isinstance(e.get("target"), int):
            # a move on another seat (Spyglass, Larcenous Gloves, the Market Wagon's swap):
            # its author, then the move with that seat; a swapped card only to the two seats
            fields = {k: v for k, v in e.items() if k not in ("event", "player", "target")}
            if kind == "wagon-swap" and self.seating.you not in (e.get("player"), e["target"]):
                fields.pop("card", None)
            label = action_label(
                {"do": str(kind), **fields, "player": e["target"]}, lang, self.names
            )
            return Text(f"{who}: {label}" if who else label)
        fields = {k: v for k, v in e.items() if k not in ("event", "player")}
        try:
            text = action_label({"do": str(kind), **fields}, lang, self.names)
        except (KeyError, ValueError, TypeError):  # an event this terminal does not word
            text = str(kind)
        return Text(f"{who}: {text}" if who else text)

    def result_text(self, view: View) -> str:
        lang = self.lang
        winners = [int(w) for w in view.get("winners") or []]
        if not winners:
            return word("final", lang)
        totals = {int(r["player"]): r["total"] for r in view["results"]}
        if len(winners) == 1:
            return word("wins", lang, who=self.names[winners[0]], n=totals[winners[0]])
        names = join((self.names[w] for w in winners), lang)
        return word("shared", lang, who=names, n=totals[winners[0]])

    def help_panel(self, replay: bool = False) -> Panel:
        lang = self.lang
        if lang == "fa":
            extra: tuple[tuple[str, str], ...] = (
                ("بکش / بردار نام / بریز نام", "کشیدن، برداشتن یا انداختن کارت"),
                ("استفاده شیء …", "استفاده از شیء نفرین‌شده"),
                ("پایان", "پایان نوبت (شیئی که پس از انداختن کارت هنوز به کار می‌آید)"),
            )
        else:
            extra = (
                ("draw / take NAME / discard NAME", "draw, take or discard a card"),
                ("use ITEM …, drop, forgo", "use your Cursed Item, or let it go"),
                ("end", "end the turn (an item still usable after the discard)"),
            )
        rules = (
            [
                "در نوبت خود بکشید یا کارتی رو بردارید، سپس کارتی رو بیندازید.",
                "بازی همان لحظه که کارت‌های رو پر شود تمام می‌شود؛ بیشترین امتیاز دست می‌برد.",
            ]
            if lang == "fa"
            else [
                "On your turn draw the top card or take one from the discard area, then "
                "discard one face up.",
                "The game ends the moment the discard area is full; the best hand wins (a tie: "
                "the lower sum of base strengths; blanked cards have none).",
            ]
        )
        return keys_panel(lang, replay, rules=rules, extra=() if replay else extra)

    def command(self, text: str, view: View, legal: Sequence[Action]) -> Reply | None:
        """A typed command as a legal move (see :func:`parse_command`), or why it is none."""
        found = parse_command(text, legal, self.names, self.lang)
        if found is None:
            return None
        return Reply(action=found) if isinstance(found, dict) else Reply(error=found)

    def reveal_all(self, state: GameState) -> View:
        view: View = state.view(None)
        view["hands"] = [list(h) for h in state.export()["hands"]]
        return view

    def action_card(self, action: Action) -> str | None:
        card = action.get("card")
        return card if isinstance(card, str) and card in CARDS else None

    def card_panel(self, card_id: str) -> Panel:
        lang = self.lang
        suits = bool(self.seating.options.get("suits", False))
        info = card_info(card_id, expansion=suits)
        lines = [
            Text(f"{word('suit', lang)}: {suit_name(info.suit, lang)}"),
            Text(f"{word('strength', lang)}: {number(info.strength, lang)}"),
            Text(info.effect(lang)),
        ]
        title = f"{card_name(card_id, lang)} · {CARDS[card_id].en if lang == 'fa' else info.fa}"
        return Panel(Group(*lines), title=title, title_align="left")

    def card_name(self, card_id: str) -> str:
        return card_name(card_id, self.lang)

    def find_cards(self, query: str) -> list[str]:
        q = _norm(query)
        if not q:
            return []
        exact = [c for c in CARDS if q in (_norm(c), _norm(CARDS[c].en), _norm(CARDS[c].fa))]
        if exact:
            return exact
        return [c for c in CARDS if any(q in _norm(n) for n in (c, CARDS[c].en, CARDS[c].fa))]


def _end_at(view: View) -> int:
    suits = bool(view["options"]["suits"])
    if int(view["players"]) == 2:
        return 14 if suits else 12
    return 12 if suits else 10


def _log_title(lang: str) -> str:
    return "رویدادها" if lang == "fa" else "Log"


def terminal(seating: Seating) -> FantasyRealmsTerminal:
    """The terminal of one table (the hook of ``rumizi play`` and ``rumizi replay``)."""
    return FantasyRealmsTerminal(seating)
