"""Splendor Duel in the terminal: the table drawn with rich from a player's *view*.

Everything starts from :meth:`SplendorDuelState.view`, so the terminal shows a seat what that
seat may see: the opponent's cards reserved blind from a deck are “a hidden level-2 card”.
(A replay with ``--all`` draws :func:`rumizi.games.splendor_duel.web.revealed_view` instead.)
The words come from :mod:`.texts` and the web texts (:mod:`.web`: move labels, the log, the
result line); this module adds the board's few labels and the layout:

* the 5×5 token board, rows and columns numbered, each token a coloured letter
  (W white, B blue, G green, R red, K black, P pearl, Y gold), with the bag and the
  privileges left in the supply;
* the pyramid, level 3 on top: each card's name, bonus, points, crowns, ability and cost, the
  size of each deck, and the royals on offer;
* both players — tokens by colour, bonuses and points per colour, points, crowns,
  privileges, royals and reserved cards — the viewer at the bottom;
* whose turn it is, the open choice, the log and the numbered moves (the many ways to take
  tokens packed in columns, a reserve's gold choices on one line).

:func:`terminal` is the hook of ``rumizi play`` and ``rumizi replay`` (see
:mod:`rumizi.core.terminal_kit`).

>>> from io import StringIO
>>> from rich.console import Console
>>> from rumizi.core.terminal_kit import Seating
>>> from rumizi.games.splendor_duel import GAME
>>> state = GAME.new(seed=1)
>>> ui = terminal(Seating("en", 2, you=0, human=0, bots={1: "random"}, names={1: "Random bot"}))
>>> console = Console(file=StringIO(), width=110)
>>> console.print(ui.board(state.view(0), legal=state.legal_actions()))
>>> out = console.file.getvalue()
>>> "Pyramid" in out and "Random bot's turn" in out
True
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rumizi.core.addons import Audience
from rumizi.core.contract import Action, GameState, View
from rumizi.core.i18n import ZWNJ, join, number
from rumizi.core.terminal_kit import Header, Packed, Reply, Seating, keys_panel, styled_line
from rumizi.games.splendor_duel import GAME, commands, texts, web
from rumizi.games.splendor_duel.cards import (
    BY_ID,
    CARDS,
    COLORS,
    ROYAL_BY_ID,
    ROYALS,
    TOKEN_NAMES,
)
from rumizi.games.splendor_duel.commands import find_cards
from rumizi.games.splendor_duel.engine import WIN_COLOR, WIN_CROWNS, WIN_POINTS

MAX_TOKENS = 10  # tokens a player may hold at the end of a turn
LETTERS = dict(zip(TOKEN_NAMES, "WBGRKPY", strict=True))  # the engine's board letters
BY_LETTER = {letter: kind for kind, letter in LETTERS.items()}
# Token (and bonus colour) styles: as text, and as a space of the board.
TOKEN_STYLES: dict[str, str] = {
    "white": "bold bright_white",
    "blue": "bold bright_blue",
    "green": "bold green",
    "red": "bold red",
    "black": "bold grey50",
    "pearl": "bold magenta",
    "gold": "bold yellow",
    "grey": "bold grey62",
}
CELL_STYLES: dict[str, str] = {
    "white": "bold black on grey93",
    "blue": "bold bright_white on blue",
    "green": "bold black on green3",
    "red": "bold bright_white on red3",
    "black": "bold bright_white on grey15",
    "pearl": "bold black on pink1",
    "gold": "bold black on gold1",
}
YOU_STYLE = "cyan"
CHOICE_STYLE = "bold magenta"
CROWN = "♛"

_WORDS: dict[str, tuple[str, str]] = {
    "board": ("Board", "صفحه"),
    "pyramid": ("Pyramid", "هرم"),
    "royals": ("Royals", "اشراف‌زادگان"),
    "deck": ("deck", "دسته"),
    "bag": ("Bag", "کیسه"),
    "supply": ("Privileges in the supply", "طومار در ذخیره"),
    "tokens": ("Tokens", "توکن‌ها"),
    "bonuses": ("Bonuses", "پاداش‌ها"),
    "color-points": ("Colour points", "امتیاز رنگ"),
    "points": ("Points", "امتیاز"),
    "crowns": ("Crowns", "تاج"),
    "privileges": ("Privileges", "طومار"),
    "cards": ("Cards", "کارت‌ها"),
    "reserved": ("Reserved", "رزروشده"),
    "empty": ("(empty)", "(خالی)"),
    "none": ("none", "هیچ"),
    "level": ("Lv", "سطح"),
    "card": ("Card", "کارت"),
    "bonus": ("Bonus", "پاداش"),
    "ability": ("Ability", "قابلیت"),
    "cost": ("Cost", "قیمت"),
    "name": ("Name", "نام"),
    "color": ("Colour", "رنگ"),
    "joker": ("joker", "جوکر"),
    "no-bonus": ("no bonus", "بدون پاداش"),
    "double": ("double", "دوتایی"),
    "free": ("free", "رایگان"),
    "royal": ("royal", "اشراف‌زاده"),
    "log": ("Log", "رویدادها"),
    "moves": ("Your moves", "حرکت‌های شما"),
    "choice": ("Choice", "انتخاب"),
    "take-head": (
        "Take 1 to 3 gems or pearls in a straight line:",
        "برداشتن ۱ تا ۳ جواهر یا مروارید در یک خط راست:",
    ),
    "privilege-head": ("Use a privilege to take:", "با یک طومار بردارید:"),
    "bonus-head": ("Take:", "بردارید:"),
    "reserve-head": (
        "Take a gold and reserve (the move's number by the gold's space):",
        "یک طلا بردارید و رزرو کنید (شمارهٔ حرکت کنار خانهٔ طلا):",
    ),
    "can-buy": ("✓ you can buy it now", "✓ همین حالا می‌توانید بخرید"),
    "extra": ("extra turn", "نوبت دوباره"),
    "stall": ("stalling", "وقت‌کشی"),
    "claimable": ("the win may be claimed", "می‌توان ادعای پیروزی کرد"),
}
_KEYS_EN = (
    ("t 1,1 2,2", "take the tokens on those spaces (row,column; the Token ability too)"),
    ("b NAME", "buy a card: its name (red 2a), pyramid place (2.3) or reserve (r1);"),
    ("", "a joker adds its colour (b grey 1a red); … pay 2R 1Y pays otherwise"),
    ("r NAME", "reserve a card or a deck (r deck 2); r 3,3 NAME takes that gold"),
    ("p 2,3 · f", "use a privilege on a space · replenish the board"),
    ("s / d / k", "steal a token (s red), give one back (d red), take a royal (k queen)"),
    ("pass · claim", "pass · claim the stalling win"),
    ("? · moves", "every legal move, numbered"),
)
_KEYS_FA = (
    ("t ۱،۱ ۲،۲", "برداشتن توکن‌های آن خانه‌ها (سطر،ستون؛ برای قابلیت توکن هم)"),
    ("b نام", "خرید کارت با نام (قرمز ۲-الف)، جا در هرم (۲.۳) یا رزرو (ر۱)؛"),
    ("", "برای جوکر رنگ را هم بنویسید (b خاکستری ۱-الف قرمز)؛ … pay ۲R ۱Y پرداختی دیگر"),
    ("r نام", "رزرو کارت یا دسته (r deck ۲)؛ با r ۳،۳ نام همان طلا برداشته می‌شود"),
    ("p ۲،۳ · f", "استفاده از طومار روی یک خانه · پر کردن صفحه"),
    ("s / d / k", "دزدیدن توکن (s قرمز)، پس دادن (d قرمز)، گرفتن اشراف‌زاده (k ملکه)"),
    ("pass · claim", "رد کردن · ادعای پیروزیِ وقت‌کشی"),
    ("؟ · moves", "همهٔ حرکت‌های مجاز، شماره‌دار"),
)
_RULES_EN = (
    f"Win at the end of your turn with {WIN_POINTS} points, {WIN_CROWNS} crowns, or "
    f"{WIN_COLOR} points on the cards of one colour.",
    "Each turn: first, if you like, use privileges (each takes one gem or pearl) and replenish "
    "the board (your opponent gains a privilege); then take 1–3 gems or pearls in a straight "
    "line, or take a gold and reserve a card (3 at most), or buy a card.",
    "Taking 3 of one colour or both pearls gives your opponent a privilege.",
    "Your bonuses lower the cost of the cards of their colour; gold stands for any token. "
    "Payment is automatic: your gems and pearls first, then gold.",
    "Abilities: again (an extra turn), token (take one of the card's colour), privilege, steal "
    "(a gem or pearl from the opponent), joker (a bonus of a colour you own).",
    "At 3 and at 6 crowns you take a royal. At the end of a turn you may hold 10 tokens.",
)
_RULES_FA = (
    f"اگر در پایان نوبتتان {number(WIN_POINTS, 'fa')} امتیاز، {number(WIN_CROWNS, 'fa')} تاج "
    f"یا {number(WIN_COLOR, 'fa')} امتیاز روی کارت‌های یک رنگ داشته باشید، برنده‌اید.",
    "هر نوبت: نخست اگر بخواهید از طومارها استفاده کنید (هر طومار یک جواهر یا مروارید) و صفحه را "
    "پر کنید (حریف یک طومار می‌گیرد)؛ سپس ۱ تا ۳ جواهر یا مروارید در یک خط راست بردارید، یا یک "
    "طلا بردارید و کارتی رزرو کنید (حداکثر ۳)، یا کارتی بخرید.",
    "اگر ۳ توکن هم‌رنگ یا هر دو مروارید را بردارید، حریف یک طومار می‌گیرد.",
    "پاداش‌هایتان قیمت کارت‌های هم‌رنگشان را کم می‌کنند و طلا جای هر توکنی را می‌گیرد. "
    "پرداخت خودکار است: اول جواهرها و مرواریدهای شما، بعد طلا.",
    "قابلیت‌ها: نوبت دوباره، توکن (یک توکن هم‌رنگ کارت)، طومار، دزدی (یک جواهر یا مروارید از "
    "حریف)، جوکر (پاداشی به رنگی که دارید).",
    "با رسیدن به ۳ و ۶ تاج یک اشراف‌زاده می‌گیرید. در پایان نوبت حداکثر ۱۰ توکن می‌توانید داشته "
    "باشید.",
)


def word(key: str, lang: str) -> str:
    """A word of the board: ``word("pyramid", "fa") == "هرم"``."""
    en, fa = _WORDS[key]
    return fa if lang == "fa" else en


# ---------------------------------------------------------------------- tokens and cards


def token_text(kind: str, count: int | None = None, lang: str = "en") -> Text:
    """A token as its coloured letter, with a count before it when given: ``2W``."""
    text = Text()
    if count is not None:
        text.append(number(count, lang), style=TOKEN_STYLES.get(kind, ""))
    text.append(LETTERS.get(kind, "?"), style=TOKEN_STYLES.get(kind, ""))
    return text


def tokens_text(kinds: Sequence[str]) -> Text:
    """Tokens as letters side by side: ``W·B·P``."""
    return Text("·", style="dim").join(token_text(k) for k in kinds)


def cost_text(cost: Mapping[str, int], lang: str) -> Text:
    """A cost as counted letters: ``3W 2B 1P`` (“free” when nothing)."""
    parts = [token_text(k, int(cost[k]), lang) for k in TOKEN_NAMES if cost.get(k)]
    if not parts:
        return Text(word("free", lang), style="dim")
    return Text(" ").join(parts)


def _bonus_color(card_id: str) -> str:
    card = CARDS[BY_ID[card_id]]
    return "grey" if card.color in ("joker", "none") else card.color


def card_text(card_id: str, lang: str) -> Text:
    """A card's name in the colour of its bonus (a royal in bold)."""
    if card_id in ROYAL_BY_ID:
        return Text(texts.royal_name(card_id, lang), style="bold bright_yellow")
    return Text(texts.card_name(card_id, lang), style=TOKEN_STYLES[_bonus_color(card_id)])


def bonus_text(card_id: str, lang: str, jokers: Mapping[str, str] | None = None) -> Text:
    """The bonus a card gives: its letter (twice for a double), joker or none."""
    card = CARDS[BY_ID[card_id]]
    if card.color == "joker":
        chosen = (jokers or {}).get(card_id)
        if chosen:
            return token_text(chosen)
        return Text(word("joker", lang), style=TOKEN_STYLES["grey"])
    if card.color == "none":
        return Text("—", style="dim")
    return Text(LETTERS[card.color] * card.bonus, style=TOKEN_STYLES[card.color])


def _ability(ability: str, lang: str) -> str:
    return "" if ability == "none" else texts.ability_name(ability, lang).split(" (")[0]


def _royal_summary(royal_id: str, lang: str) -> str:
    """“2 points, again” / «۲ امتیاز، نوبت دوباره»."""
    royal = ROYALS[ROYAL_BY_ID[royal_id]]
    if lang == "fa":
        parts = [f"{number(royal.points, lang)} امتیاز"]
    else:
        parts = [f"{royal.points} point" + ("" if royal.points == 1 else "s")]
    if royal.ability != "none":
        parts.append(_ability(royal.ability, lang))
    return join(parts, lang)


def _crowns(n: int) -> Text:
    return Text(CROWN * n, style="bold yellow") if n else Text("")


# ---------------------------------------------------------------------- the board


class SplendorTerminal:
    """The board, log and card details of one Splendor Duel table, for :mod:`rumizi.cli`."""

    log_events = 1  # the log has a line per event

    def __init__(self, seating: Seating) -> None:
        self.seating = seating
        self.lang = seating.lang
        self.you = seating.you
        self.names = [seating.name(i) for i in range(seating.players)]
        self.audience = Audience(seating.lang, seating.you, tuple(self.names), seating.options)

    # -- the hooks of rumizi.cli ------------------------------------------------------------

    def board(
        self,
        view: View,
        *,
        log: Sequence[Text] = (),
        legal: Sequence[Action] | None = None,
        note: str = "",
    ) -> RenderableType:
        """The whole table as ``view``'s seat sees it: the opponent on top, the board and the
        pyramid, the viewer, then the log, the open choice and the commands that make the
        moves open now (the numbered list of moves is shown on request: :meth:`command`)."""
        bottom = view.get("viewer")
        if not isinstance(bottom, int):
            bottom = self.seating.human if self.seating.human is not None else 0
        buyable = {str(a.get("card")) for a in legal or () if a.get("do") == "buy"}
        parts: list[RenderableType] = [self._header(view, note)]
        parts.append(self.player_panel(view, 1 - bottom))
        pyramid = self.pyramid_panel(view, buyable)
        parts.append(_SideBySide(self.board_panel(view), pyramid))
        parts.append(self.player_panel(view, bottom, buyable))
        if log:
            parts.append(Panel(Group(*log), title=word("log", self.lang), title_align="left"))
        choice = self._choice_line(view)
        if choice is not None:
            parts.append(choice)
        if legal:
            parts.append(self.commands_panel(view, legal))
        return Group(*parts)

    def log_lines(self, events: Sequence[Mapping[str, Any]]) -> list[Text]:
        """The log in the web's sentences, turn lines and the end set apart, colours coloured."""
        return [
            self._colour_words(styled_line(line))
            for line in texts.log_entries(events, self.audience)
        ]

    def result_text(self, view: View) -> str:
        return str(web.result_text(view, self.audience))

    def help_panel(self, replay: bool = False) -> Panel:
        extra = () if replay else (_KEYS_FA if self.lang == "fa" else _KEYS_EN)
        rules = _RULES_FA if self.lang == "fa" else _RULES_EN
        return keys_panel(self.lang, replay, rules, extra=extra)

    def reveal_all(self, state: GameState) -> View:
        """The spectator's view with every reserved card shown (replays with ``--all``)."""
        return web.revealed_view(state, None)

    def action_card(self, action: Action) -> str | None:
        """The card (or royal) a move buys, reserves or takes; ``None`` for the others."""
        card = action.get("card")
        if action.get("do") in ("buy", "reserve", "royal") and isinstance(card, str):
            return card
        return None

    def card_panel(self, card_id: str) -> Panel:
        return card_panel(card_id, self.lang)

    def card_name(self, card_id: str) -> str:
        return texts.card_name(card_id, self.lang)

    def find_cards(self, query: str) -> list[str]:
        return find_cards(query)

    def command(self, text: str, view: View, legal: Sequence[Action]) -> Reply | None:
        """A move typed by what it does (:mod:`.commands`): ``t 1,1 2,2``, ``b red 2a``, ``?``
        for the numbered list; ``None`` when ``text`` is no command."""
        reading = commands.read(text, view, legal, self.lang)
        if reading is None:
            return None
        if reading.action is not None:
            return Reply(action=reading.action)
        if reading.moves:
            return Reply(show=self.moves_panel(view, legal, only=reading.only))
        return Reply(error=reading.error)

    # -- parts of the board -----------------------------------------------------------------

    def _who(self, seat: Any) -> str:
        return texts.seat_name(seat, self.lang, self.names, self.you)

    def _header(self, view: View, note: str) -> RenderableType:
        lang = self.lang
        title = Text(GAME.names.get(lang, GAME.id), style="bold")
        turn = number(int(view.get("turn", 0)), lang)
        title.append(f" · نوبت {turn}" if lang == "fa" else f" · Turn {turn}")
        if view.get("over"):
            title.append(" · ")
            title.append(self.result_text(view), style="reverse")
        else:
            current = int(view.get("current", 0))
            who = self._who(current)
            if lang == "fa":
                whose = f"نوبت {who}"
            else:
                whose = "Your turn" if current == self.you else f"{who}'s turn"
            title.append(" · ")
            title.append(whose, style=f"bold {YOU_STYLE}" if current == self.you else "bold")
            if view.get("again"):
                title.append(f" ({word('extra', lang)})", style="bold")
            if view.get("claimable"):
                title.append(f" · {word('claimable', lang)}", style="bold red")
        return Header(title, note)

    def _choice_line(self, view: View) -> Text | None:
        if not view.get("pending") or view.get("over"):
            return None
        ask = texts.choice_text(view, self.lang, self.names, self.you)
        return Text(f"{word('choice', self.lang)}: {ask}", style=CHOICE_STYLE) if ask else None

    def board_panel(self, view: View) -> Panel:
        """The 5×5 board, rows and columns numbered, with the bag and the privilege supply."""
        lang = self.lang
        grid = Table.grid(padding=(0, 0))
        grid.add_column(justify="right", style="dim", no_wrap=True)
        for _ in range(5):
            grid.add_column(justify="center", no_wrap=True)
        grid.add_row("", *(Text(f" {number(c, lang)} ", style="dim") for c in range(1, 6)))
        for r, row in enumerate(view.get("board") or [], 1):
            cells = []
            for letter in row:
                kind = BY_LETTER.get(letter)
                if kind is None:
                    cells.append(Text(" · ", style="dim"))
                else:
                    cells.append(Text(f" {letter} ", style=CELL_STYLES[kind]))
            grid.add_row(Text(f"{number(r, lang)} ", style="dim"), *cells)
        bag = int(view.get("bag_size", 0))
        footer = Text.assemble(
            (f"{word('bag', lang)} ", "dim"),
            (number(bag, lang), "bold"),
            "\n",
            (f"{word('supply', lang)} ", "dim"),
            (number(int(view.get("privileges", 0)), lang), "bold"),
        )
        keys = [
            Text.assemble(token_text(k), (" " + texts.token_name(k, lang), "dim"))
            for k in TOKEN_NAMES
        ]
        legend = Text("\n").join(Text("  ").join(keys[i : i + 3]) for i in range(0, 7, 3))
        return Panel(
            Group(grid, Text(""), footer, legend),
            title=word("board", lang),
            title_align="left",
            border_style="bright_black",
            width=30,
        )

    def pyramid_panel(self, view: View, buyable: Collection[str] = ()) -> Panel:
        """The face-up cards, level 3 on top, each level with its deck; then the royals."""
        lang = self.lang
        table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
        table.add_column(word("level", lang), justify="right", style="dim", no_wrap=True)
        table.add_column(word("card", lang), no_wrap=True)
        table.add_column(word("bonus", lang), no_wrap=True)
        table.add_column(word("points", lang), justify="right", no_wrap=True)
        table.add_column(CROWN, no_wrap=True)
        table.add_column(word("ability", lang), no_wrap=True)
        table.add_column(word("cost", lang))
        pyramid = view.get("pyramid") or []
        decks = view.get("decks") or []
        for level in (3, 2, 1):
            row = pyramid[level - 1] if level - 1 < len(pyramid) else []
            deck = int(decks[level - 1]) if level - 1 < len(decks) else 0
            lv = number(level, lang)
            head = Text(f"{word('deck', lang)} {number(deck, lang)}", style="dim")
            table.add_row(lv, head)
            for slot, card_id in enumerate(row, 1):
                place = Text(commands.pyramid_place(level, slot, lang), style="dim")
                if card_id is None:
                    table.add_row(place, Text(word("empty", lang), style="dim"))
                    continue
                table.add_row(place, *self._card_row(card_id, card_id in buyable)[1:])
            if level > 1:
                table.add_row()
        parts: list[RenderableType] = [table]
        royals = [str(r) for r in view.get("royals") or []]
        if royals:
            line = Text(f"{word('royals', lang)}: ", style="dim")
            line.append_text(
                Text(" · ", style="dim").join(
                    Text.assemble(card_text(r, lang), (f" ({_royal_summary(r, lang)})", "dim"))
                    for r in royals
                )
            )
            parts += [Text(""), line]
        if any(c in buyable for row in pyramid for c in row if c):
            parts.append(Text(word("can-buy", lang), style="dim green"))
        return Panel(
            Group(*parts),
            title=word("pyramid", lang),
            title_align="left",
            border_style="bright_black",
        )

    def _card_row(self, card_id: str, can_buy: bool = False) -> list[RenderableType]:
        lang = self.lang
        card = CARDS[BY_ID[card_id]]
        name = card_text(card_id, lang)
        if can_buy:
            name.append(" ✓", style="bold green")
        return [
            "",
            name,
            bonus_text(card_id, lang),
            number(card.points, lang) if card.points else "",
            _crowns(card.crowns),
            _ability(card.ability, lang),
            cost_text(card.cost, lang),
        ]

    def player_panel(self, view: View, seat: int, buyable: Collection[str] = ()) -> Panel:
        """One player: tokens, bonuses and points by colour; totals; royals; reserved cards
        (the viewer's numbered r1, r2, r3 as the ``b`` command names them)."""
        lang = self.lang
        bottom = view.get("viewer")
        if not isinstance(bottom, int):
            bottom = self.seating.human if self.seating.human is not None else 0
        players = view.get("players") or []
        p: Mapping[str, Any] = players[seat] if 0 <= seat < len(players) else {}
        tokens: Mapping[str, int] = p.get("tokens") or {}
        bonuses: Mapping[str, int] = p.get("bonuses") or {}
        per_color: Mapping[str, int] = p.get("color_points") or {}
        grid = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False, show_header=True)
        grid.add_column("", style="dim", no_wrap=True)
        for kind in TOKEN_NAMES:
            grid.add_column(token_text(kind), justify="right", no_wrap=True)
        grid.add_column("", no_wrap=True)
        held = int(p.get("token_count", sum(int(v) for v in tokens.values())))

        def counts(values: Mapping[str, int], kinds: Sequence[str]) -> list[Text]:
            return [
                Text(number(int(values.get(k, 0)), lang), style="bold" if values.get(k) else "dim")
                for k in kinds
            ]

        limit = Text(f"{number(held, lang)}/{number(MAX_TOKENS, lang)}", style="dim")
        if held > MAX_TOKENS:
            limit.stylize("bold red")
        grid.add_row(word("tokens", lang), *counts(tokens, TOKEN_NAMES), limit)
        grid.add_row(word("bonuses", lang), *counts(bonuses, COLORS), "", "", "")
        grid.add_row(word("color-points", lang), *counts(per_color, COLORS), "", "", "")

        points, crowns = int(p.get("points", 0)), int(p.get("crowns", 0))
        totals = Text.assemble(
            (f"{word('points', lang)} ", "dim"),
            (f"{number(points, lang)}/{number(WIN_POINTS, lang)}", "bold"),
            "   ",
            (f"{word('crowns', lang)} ", "dim"),
            (f"{number(crowns, lang)}/{number(WIN_CROWNS, lang)}", "bold yellow"),
            "   ",
            (f"{word('privileges', lang)} ", "dim"),
            (number(int(p.get("privileges", 0)), lang), "bold"),
            "   ",
            (f"{word('cards', lang)} ", "dim"),
            (number(len(p.get("cards") or []), lang), "bold"),
        )
        royals = [str(r) for r in p.get("royals") or []]
        if royals:
            totals.append(f"   {word('royals', lang)}: ", style="dim")
            totals.append_text(Text(", ").join(card_text(r, lang) for r in royals))
        stall = int(p.get("stall", 0))
        if stall:
            totals.append(f"   {word('stall', lang)} {number(stall, lang)}", style="bold red")
        body: list[RenderableType] = [grid, totals]
        reserved = p.get("reserved") or []
        if reserved:
            body.append(self._reserved(reserved, buyable, numbered=seat == bottom))
        current = view.get("current") == seat and not view.get("over")
        title = Text(("▶ " if current else "") + self.names[seat], style="bold")
        if seat == self.you:
            title.stylize(f"bold {YOU_STYLE}")
        return Panel(
            Group(*body),
            title=title,
            title_align="left",
            border_style=YOU_STYLE if current else "bright_black",
        )

    def _reserved(
        self,
        reserved: Sequence[Mapping[str, Any]],
        buyable: Collection[str],
        numbered: bool = False,
    ) -> Table:
        lang = self.lang
        rows = Table.grid(padding=(0, 1))
        rows.add_column(style="dim", no_wrap=True)
        rows.add_column()
        for k, entry in enumerate(reserved):
            card_id = entry.get("card")
            head = word("reserved", lang) if k == 0 else ""
            if not isinstance(card_id, str) or card_id not in BY_ID:
                level = number(int(entry.get("level", 0)), lang)
                source = (
                    ("از روی دسته" if entry.get("blind") else "از هرم")
                    if lang == "fa"
                    else ("from the deck" if entry.get("blind") else "from the pyramid")
                )
                hidden = (
                    f"کارت پنهانِ سطح {level} ({source})"
                    if lang == "fa"
                    else f"a hidden level-{level} card ({source})"
                )
                rows.add_row(head, Text(hidden, style="italic dim"))
                continue
            line = Text()
            if numbered:
                line.append(commands.reserved_place(k + 1, lang) + " ", style="bold")
            line.append_text(card_text(card_id, lang))
            if card_id in buyable:
                line.append(" ✓", style="bold green")
            line.append(f" — {texts.card_summary(card_id, lang)}", style="dim")
            rows.add_row(head, line)
        return rows

    # -- the moves --------------------------------------------------------------------------

    def commands_panel(self, view: View, legal: Sequence[Action]) -> Panel:
        """The commands that make the moves open now, each with an example taken from this
        position, and how to see every move numbered (``?``)."""
        lang = self.lang
        fa = lang == "fa"
        by_do: dict[str, list[Action]] = {}
        for action in legal:
            by_do.setdefault(str(action.get("do")), []).append(action)
        rows = Table.grid(padding=(0, 2))
        rows.add_column(style="bold", no_wrap=True)
        rows.add_column()

        def names(cards: Sequence[str]) -> Text:
            unique = list(dict.fromkeys(cards))
            return Text(", " if not fa else "، ").join(card_text(c, lang) for c in unique)

        takes = by_do.get("take", [])
        if takes:
            longest = max(takes, key=lambda a: len(a["spaces"]))
            example = " ".join(_typed_space(sp, lang) for sp in longest["spaces"])
            rows.add_row(
                f"t {example}",
                "۱ تا ۳ جواهر یا مروارید در یک خط راست (سطر،ستون)"
                if fa
                else "take 1–3 gems or pearls in a straight line (row,column)",
            )
        bonus = by_do.get("take-bonus", [])
        if bonus:
            typed = _typed_space(bonus[0]["space"], lang)
            color = texts.token_name(str((view.get("pending") or {}).get("color", "")), lang)
            rows.add_row(
                f"t {typed}",
                f"یک توکن {color} بردارید (قابلیت توکن)" if fa else f"take a {color} token",
            )
        privileges = by_do.get("privilege", [])
        if privileges:
            rows.add_row(
                f"p {_typed_space(privileges[0]['space'], lang)}",
                "با یک طومار یک جواهر یا مروارید بردارید"
                if fa
                else "use a privilege: take one gem or pearl",
            )
        if "replenish" in by_do:
            rows.add_row(
                "f", "صفحه را پر کنید (حریف یک طومار می‌گیرد)" if fa else "replenish the board"
            )
        buys = by_do.get("buy", [])
        if buys:
            line = Text("بخرید: " if fa else "buy: ")
            line.append_text(names([str(a["card"]) for a in buys]))
            if any("pay" in a for a in buys):
                line.append(
                    "  (… pay ۲R ۱Y: پرداختی دیگر؛ … pay: همهٔ پرداخت‌ها)"
                    if fa
                    else "  (… pay 2R 1Y: another payment; … pay: every payment)",
                    style="dim",
                )
            rows.add_row("b NAME · b 2.3 · b r1" if not fa else "b نام · b ۲.۳ · b ر۱", line)
        reserves = by_do.get("reserve", [])
        if reserves:
            golds = sorted({tuple(a["gold"]) for a in reserves})
            where = " · ".join(_typed_space(g, lang) for g in golds)
            rows.add_row(
                "r NAME · r deck 2" if not fa else "r نام · r deck ۲",
                f"رزرو با طلای {where}" + (" (خانهٔ طلا را هم بنویسید)" if len(golds) > 1 else "")
                if fa
                else f"reserve, taking the gold at {where}"
                + (
                    f" (add the gold's space: r {where.split(' · ')[0]} …)"
                    if len(golds) > 1
                    else ""
                ),
            )
        for do, key, en, fa_text in (
            ("steal", "s", "steal", "بدزدید"),
            ("discard", "d", "give back", "پس بدهید"),
        ):
            found = by_do.get(do, [])
            if found:
                kinds = [str(a["token"]) for a in found]
                rows.add_row(
                    f"{key} {texts.token_name(kinds[0], lang)}",
                    Text(f"{fa_text}: " if fa else f"{en}: ").append_text(
                        Text(", " if not fa else "، ").join(token_text(k) for k in kinds)
                    ),
                )
        royals = by_do.get("royal", [])
        if royals:
            line = Text("بگیرید: " if fa else "take: ")
            line.append_text(names([str(a["card"]) for a in royals]))
            rows.add_row("k NAME" if not fa else "k نام", line)
        if "pass" in by_do:
            rows.add_row("pass", "رد کنید (حرکت دیگری نیست)" if fa else "pass (no other move)")
        if "claim-stall" in by_do:
            rows.add_row("claim", "ادعای پیروزیِ وقت‌کشی" if fa else "claim the stalling win")
        count = number(len(legal), lang)
        rows.add_row(
            "?",
            f"همهٔ {count} حرکت، شماره‌دار (سپس شماره را بنویسید) · h راهنما"
            if fa
            else f"all {count} moves, numbered (then type a number) · h help",
        )
        return Panel(rows, title=word("moves", lang), title_align="left", border_style=YOU_STYLE)

    def moves_panel(self, view: View, legal: Sequence[Action], only: Collection[int] = ()) -> Panel:
        """The legal moves, numbered from 1 in their order (with ``only``, just those moves
        of the list, keeping their numbers). Takes (and the spaces a privilege or an ability
        may take) are packed in columns; a reserve lists its gold choices."""
        lang = self.lang
        blocks: list[RenderableType] = []
        done: set[int] = set(i for i in range(len(legal)) if only and i not in only)
        actor = view.get("to_act")
        other = self._who(1 - actor) if isinstance(actor, int) else "—"
        k = 0
        while k < len(legal):
            if k in done:
                k += 1
                continue
            do = legal[k].get("do")
            if do in ("take", "privilege", "take-bonus"):
                run = [i for i in range(k, len(legal)) if legal[i].get("do") == do]
                run = [i for i in run if i not in done]
                done.update(run)
                blocks.append(self._space_block(view, legal, run, str(do), other))
            elif do == "reserve":
                run = [
                    i
                    for i in range(k, len(legal))
                    if legal[i].get("do") == "reserve" and i not in done
                ]
                done.update(run)
                blocks.append(self._reserve_block(legal, run))
            else:
                done.add(k)
                line = Text.assemble((f"{number(k + 1, lang):>3}. ", "bold"))
                line.append_text(
                    self._colour_words(Text(web.action_label(view, legal[k], self.audience)))
                )
                card = self.action_card(legal[k])
                if card is not None:
                    line.highlight_words(
                        [texts.card_name(card, lang)], style=card_text(card, lang).style
                    )
                blocks.append(line)
            k += 1
        return Panel(
            Group(*blocks),
            title=word("moves", lang),
            title_align="left",
            border_style=YOU_STYLE,
        )

    def _space_block(
        self, view: View, legal: Sequence[Action], run: Sequence[int], do: str, other: str
    ) -> RenderableType:
        lang = self.lang
        items: list[Text] = []
        gifts = False
        for i in run:
            action = legal[i]
            spaces = action["spaces"] if do == "take" else [action["space"]]
            kinds = [_token_at(view, s) for s in spaces]
            item = Text(f"{number(i + 1, lang):>3}. ", style="bold")
            item.append_text(tokens_text(kinds))
            item.append(" " + _spaces_text(spaces, lang), style="dim")
            if do == "take" and (
                (len(kinds) == 3 and len(set(kinds)) == 1) or kinds.count("pearl") == 2
            ):
                item.append("*", style="bold yellow")
                gifts = True
            items.append(item)
        head = Text(word(f"{'bonus' if do == 'take-bonus' else do}-head", lang), style="bold")
        if gifts:
            if lang == "fa":
                head.append(f"   (* {other} یک طومار می‌گیرد)", style="yellow")
            else:
                head.append(f"   (* {other} gains a privilege)", style="yellow")
        return Group(head, Packed(items) if len(items) > 4 else Group(*items))

    def _reserve_block(self, legal: Sequence[Action], run: Sequence[int]) -> RenderableType:
        """Reserves by the card (or deck) they reserve, each with its gold choices when there
        are several: “Red 2a  12 (1, 3) · 27 (5, 5)”."""
        lang = self.lang
        targets: dict[tuple[str, Any], list[int]] = {}
        for i in run:
            action = legal[i]
            key = ("deck", action["deck"]) if "deck" in action else ("card", action.get("card"))
            targets.setdefault(key, []).append(i)
        golds = {tuple(legal[i]["gold"]) for i in run}
        items: list[Text] = []
        for (kind, what), numbers in targets.items():
            if kind == "deck":
                lv = number(int(what), lang)
                name = Text(f"{word('deck', lang)} {lv}", style="italic")
            else:
                name = card_text(str(what), lang)
            if len(golds) == 1:
                item = Text(f"{number(numbers[0] + 1, lang):>3}. ", style="bold")
                item.append_text(name)
            else:
                item = name
                for i in numbers:
                    item.append("  ")
                    item.append(number(i + 1, lang), style="bold")
                    item.append(" " + _spaces_text([legal[i]["gold"]], lang), style="dim")
            items.append(item)
        if len(golds) == 1:
            where = _spaces_text([next(iter(golds))], lang)
            head = (
                f"طلای {where} را بردارید و رزرو کنید:"
                if lang == "fa"
                else f"Take the gold at {where} and reserve:"
            )
        else:
            head = word("reserve-head", lang)
        return Group(Text(head, style="bold"), Packed(items))

    def _colour_words(self, text: Text) -> Text:
        """Colour the names of tokens in a sentence (“red”, «قرمز») in their colour."""
        for kind in TOKEN_NAMES:
            name = texts.token_name(kind, self.lang)
            text.highlight_regex(
                rf"(?<![\w{ZWNJ}]){re.escape(name)}(?![\w{ZWNJ}])", TOKEN_STYLES[kind]
            )
        return text


class _SideBySide:
    """The board beside the pyramid when the width allows, else the board above it."""

    def __init__(self, left: Panel, right: Panel) -> None:
        self.left = left
        self.right = right

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        left = Measurement.get(console, options, self.left).maximum
        # The right panel's first part (the pyramid's table) must fit; the lines under it wrap.
        body = self.right.renderable
        first = body.renderables[0] if isinstance(body, Group) else body
        right = Measurement.get(console, options, first).maximum + 4  # borders and padding
        if left + 1 + right <= options.max_width:
            grid = Table.grid(padding=(0, 1), expand=True)
            grid.add_column(no_wrap=True)
            grid.add_column(ratio=1)
            grid.add_row(self.left, self.right)
            yield grid
        else:
            yield self.left
            yield self.right


def _typed_space(space: Sequence[int], lang: str) -> str:
    """A space as the commands take it: ``2,3`` (``۲،۳`` in Persian)."""
    r, c = number(int(space[0]), lang), number(int(space[1]), lang)
    return f"{r}،{c}" if lang == "fa" else f"{r},{c}"


def _token_at(view: View, space: Sequence[int]) -> str:
    board = view.get("board") or []
    r, c = int(space[0]), int(space[1])
    try:
        return BY_LETTER.get(board[r - 1][c - 1], "?")
    except IndexError:
        return "?"


def _spaces_text(spaces: Sequence[Sequence[int]], lang: str) -> str:
    """Where a take lies: ``(2,1)`` or ``(2,1)–(2,3)``, row first."""

    def one(space: Sequence[int]) -> str:
        r, c = number(int(space[0]), lang), number(int(space[1]), lang)
        return f"({r}،{c})" if lang == "fa" else f"({r},{c})"

    if len(spaces) == 1:
        return one(spaces[0])
    return f"{one(spaces[0])}–{one(spaces[-1])}"


# ---------------------------------------------------------------------- card details


def card_panel(card_id: str, lang: str) -> Panel:
    """Everything about one card (or royal): its name, bonus, points, crowns, ability and
    cost."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    name = Text(texts.card_name(card_id, lang), style="bold")
    if lang == "en":  # the Persian name too (Persian text keeps to Persian digits)
        name.append(f" ({texts.card_name(card_id, 'fa')})")
    grid.add_row(word("name", lang), name)
    r = ROYAL_BY_ID.get(card_id)
    if r is not None:
        royal = ROYALS[r]
        grid.add_row(word("card", lang), word("royal", lang))
        grid.add_row(word("points", lang), number(royal.points, lang))
        if royal.ability != "none":
            grid.add_row(word("ability", lang), texts.ability_name(royal.ability, lang))
        style = "bold bright_yellow"
    else:
        card = CARDS[BY_ID[card_id]]
        grid.add_row(word("level", lang), number(card.level, lang))
        if card.color == "joker":
            bonus = Text(texts.ability_name("joker", lang))
        elif card.color == "none":
            bonus = Text(word("no-bonus", lang), style="dim")
        else:
            bonus = Text(texts.color_name(card.color, lang), style=TOKEN_STYLES[card.color])
            if card.bonus == 2:
                bonus.append(f" ×{number(2, lang)} ({texts.ability_name('double', lang)})")
        grid.add_row(word("bonus", lang), bonus)
        grid.add_row(word("points", lang), number(card.points, lang))
        grid.add_row(
            word("crowns", lang),
            Text.assemble(number(card.crowns, lang), " ", _crowns(card.crowns)),
        )
        ability = texts.ability_name(card.ability, lang) if card.ability != "none" else ""
        grid.add_row(word("ability", lang), ability or word("none", lang))
        cost = cost_text(card.cost, lang)
        words = join(
            (f"{number(n, lang)} {texts.token_name(k, lang)}" for k, n in card.cost.items() if n),
            lang,
        )
        if words:
            cost.append(f"  ({words})", style="dim")
        grid.add_row(word("cost", lang), cost)
        style = TOKEN_STYLES[_bonus_color(card_id)]
    return Panel(
        grid,
        title=card_text(card_id, lang),
        title_align="left",
        border_style=style,
        expand=False,
    )


# ---------------------------------------------------------------------- the hook


def terminal(seating: Seating) -> SplendorTerminal:
    """The terminal of ``rumizi play`` and ``rumizi replay`` (:mod:`rumizi.core.terminal_kit`)."""
    return SplendorTerminal(seating)
