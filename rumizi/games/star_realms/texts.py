"""Every word of Star Realms a player reads, in English and Persian.

Card names come from the card data (``cards.toml``); everything else a player sees — effect
lines, the numbered move menu, the game log, labels and the short rules — is written here.
Persian text uses Persian digits and proper zero-width non-joiners («کارت‌ها», «می‌کشد»).
Sentences about a player are built from a :class:`Who`, so that they agree with whoever
acts: “You played Gnat.” / “شما «پشه» را بازی کردید.” and “Random bot played Gnat.” /
“ربات تصادفی «پشه» را بازی کرد.”

>>> effects_text(CARDS[BY_ID["caravan-ship"]].primary, "en")
'2 trade, 4 authority'
>>> effects_text(CARDS[BY_ID["caravan-ship"]].primary, "fa")
'۲ تجارت، ۴ اقتدار'
>>> you, bot = Who("You", "en", you=True), Who("Random bot", "en")
>>> event_text({"event": "attack", "player": 1, "target": 0, "amount": 5, "authority": 45},
...            "en", [you, bot])
'Random bot hit you for 5; your authority is now 45.'
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rumizi.core.addons import Audience, LogLine
from rumizi.core.i18n import bot_label, check_lang, join, number, persian_verb
from rumizi.games.star_realms.cards import (
    BY_ID,
    CARDS,
    EFFECTS,
    EXPLORER,
    FACTION_NAMES,
    Card,
    Effect,
)
from rumizi.games.star_realms.engine import seat_role, seat_team

__all__ = [
    "EVENT_KINDS",
    "Who",
    "action_card",
    "action_text",
    "attack_keys",
    "audience_seats",
    "bot_label",
    "card_details",
    "card_name",
    "card_summary",
    "choice_text",
    "effect_text",
    "effects_text",
    "event_text",
    "faction_name",
    "faction_of",
    "find_cards",
    "label",
    "log_entries",
    "log_entries_for",
    "message",
    "player_label",
    "quoted",
    "refill_after_text",
    "result_text",
    "rules_help",
    "seats_for",
    "type_text",
]

# Every kind of event the engine writes to ``state.events``.
EVENT_KINDS: tuple[str, ...] = (
    "turn",
    "play",
    "trade",
    "combat",
    "authority",
    "ally",
    "draw",
    "shuffle",
    "buy",
    "refill",
    "scrap",
    "scrap-card",
    "clear-row",
    "opp-discard",
    "discard",
    "destroy",
    "attack",
    "skip",
    "end",
    "concede",
    "eliminated",
    "game-over",
    "transfer",
    "bequeath",
    "damage",
    "pass",
)


# ---------------------------------------------------------------------- who is acting


@dataclass(frozen=True)
class Who:
    """A player as sentences name them, in one language.

    ``you`` marks the reader's own seat: English then says “you/your”, and Persian
    conjugates verbs in the (polite) second person: «کردید» rather than «کرد».

    >>> Who("You", "en", you=True).possessive, Who("Random bot", "en").possessive
    ('your', "Random bot's")
    >>> Who("شما", "fa", you=True).past("کرد"), Who("ربات", "fa").past("کرد")
    ('کردید', 'کرد')
    """

    name: str
    lang: str = "en"
    you: bool = False
    # In the team formats (hydra, emperor, raid): the seat's team (the engine's index) and
    # role ("member" in hydra, "emperor"/"admiral", "boss"/"raider"); ``kind`` says who plays
    # the seat ("Greedy bot"), shown beside the name on the board.
    team: int | None = None
    role: str = ""
    kind: str = ""

    @property
    def object(self) -> str:
        """The player as an object: “hit *you*”, “hit *Random bot*”."""
        return "you" if self.you and self.lang == "en" else self.name

    @property
    def possessive(self) -> str:
        """Whose: “*your* authority”, “*Random bot's* authority” (Persian: «اقتدار شما»)."""
        if self.lang == "fa":
            return self.name
        return "your" if self.you else f"{self.name}'s"

    @property
    def own(self) -> str:
        """The player's own, after the player is the subject: “ended *their* turn”."""
        return "your" if self.you else "their"

    def past(self, stem: str) -> str:
        """A Persian past-tense verb agreeing with this player."""
        return persian_verb(stem, you=self.you)

    def present(self, stem: str) -> str:
        """A Persian present (or subjunctive) verb agreeing with this player."""
        return persian_verb(stem, you=self.you, present=True)


def player_label(seat: int, lang: str) -> str:
    """A seat named by its number, counted from one: ``player_label(0, "fa") == "بازیکن ۱"``."""
    return f"بازیکن {number(seat + 1, lang)}" if lang == "fa" else f"Player {seat + 1}"


def seats_for(
    lang: str, n: int = 2, you: int | None = None, names: Mapping[int, str] | None = None
) -> list[Who]:
    """One :class:`Who` per seat: ``you`` is addressed as “you”, others by ``names`` or number."""
    check_lang(lang)
    seats = []
    for seat in range(n):
        if seat == you:
            seats.append(Who("شما" if lang == "fa" else "You", lang, you=True))
        else:
            name = (names or {}).get(seat) or player_label(seat, lang)
            seats.append(Who(name, lang))
    return seats


# Roles of the team formats: (English, Persian) as a label and as a seat's name.
_ROLES: dict[str, tuple[str, str]] = {
    "boss": ("Boss", "رئیس"),
    "raider": ("Raider", "مهاجم"),
    "emperor": ("Emperor", "امپراتور"),
    "admiral": ("Admiral", "دریاسالار"),
}
_TEAMS: tuple[tuple[str, str], ...] = (("Team A", "تیم الف"), ("Team B", "تیم ب"))
_FORMATS: dict[str, tuple[str, str]] = {
    "duel": ("Duel", "دونفره"),
    "free-for-all": ("Free-for-all", "همه با همه"),
    "hunter": ("Hunter", "شکارچی"),
    "hydra": ("Hydra", "هیدرا"),
    "emperor": ("Emperor", "امپراتور"),
    "raid": ("Raid", "یورش"),
}


def format_name(fmt: str, lang: str) -> str:
    """``format_name("raid", "fa") == "یورش"`` (the id itself for an unknown format)."""
    en, fa = _FORMATS.get(fmt, (fmt, fmt))
    return fa if lang == "fa" else en


def role_label(role: str, lang: str) -> str:
    """``role_label("admiral", "fa") == "دریاسالار"``; empty for no role or a hydra member."""
    en, fa = _ROLES.get(role, ("", ""))
    return fa if lang == "fa" else en


def team_label(team: int, lang: str) -> str:
    """``team_label(0, "en") == "Team A"``, ``team_label(1, "fa") == "تیم ب"``."""
    en, fa = _TEAMS[team % 2]
    return fa if lang == "fa" else en


def table_seats(
    lang: str,
    fmt: str = "duel",
    n: int = 2,
    you: int | None = None,
    kinds: Mapping[int, str] | None = None,
    names: Mapping[int, str] | None = None,
) -> list[Who]:
    """One :class:`Who` per seat of a game in any format.

    The duel keeps :func:`seats_for` (``names`` name the seats). Other formats name seats by
    role where the format has roles — “Boss”, “Raider 2”, “Emperor 2”, “Admiral 4” — and by
    number otherwise, the seat's number counted from one as everywhere a person reads it;
    ``you`` is “You”, and ``kinds`` says who plays each seat.

    >>> [w.name for w in table_seats("en", "raid", 4, you=2)]
    ['Boss', 'Raider 2', 'You', 'Raider 4']
    >>> [w.name for w in table_seats("fa", "emperor", 6)][:2]
    ['دریاسالار ۱', 'امپراتور ۲']
    """
    check_lang(lang)
    if fmt == "duel":
        plain = seats_for(lang, n, you=you, names=names)
        return [
            Who(w.name, lang, w.you, kind=(kinds or {}).get(i, "")) for i, w in enumerate(plain)
        ]
    seats = []
    for seat in range(n):
        role = seat_role(fmt, seat)
        team = seat_team(fmt, n, seat) if role else None
        if seat == you:
            name = "شما" if lang == "fa" else "You"
        elif (names or {}).get(seat):
            name = (names or {})[seat]
        elif role == "boss":
            name = role_label(role, lang)
        elif role in _ROLES:
            name = f"{role_label(role, lang)} {number(seat + 1, lang)}"  # counted from one
        else:
            name = player_label(seat, lang)
        seats.append(Who(name, lang, seat == you, team, role, (kinds or {}).get(seat, "")))
    return seats


def team_name(team: int, seats: Sequence[Who]) -> tuple[str, bool]:
    """How a side is called, and whether it is plural: “Team A”, “the raiders”, “the boss”.

    >>> team_name(1, table_seats("fa", "raid", 3))
    ('مهاجمان', True)
    """
    lang = seats[0].lang if seats else "en"
    roles = {w.role for w in seats if w.team == team}
    if roles == {"raider"}:
        return ("مهاجمان" if lang == "fa" else "the raiders"), True
    if roles == {"boss"}:
        return ("رئیس" if lang == "fa" else "the boss"), False
    return team_label(team, lang), False


def team_possessive(team: int, seats: Sequence[Who]) -> str:
    """Whose, for a side: “your team's”, “Team B's” (Persian: «تیم شما», «تیم ب»)."""
    lang = seats[0].lang if seats else "en"
    mine = any(w.you for w in seats if w.team == team)
    if lang == "fa":
        return "تیم شما" if mine else team_label(team, lang)
    return "your team's" if mine else f"{team_label(team, lang)}'s"


# ---------------------------------------------------------------------- cards and effects


def card_name(card_id: str, lang: str) -> str:
    """A card's name in ``lang`` (the id itself for an unknown card)."""
    index = BY_ID.get(card_id)
    return card_id if index is None else CARDS[index].name(lang)


def quoted(card_id: str, lang: str) -> str:
    """A card's name as a sentence writes it: plain in English, «in guillemets» in Persian."""
    name = card_name(card_id, lang)
    return f"«{name}»" if lang == "fa" else name


def faction_name(faction: str, lang: str) -> str:
    """``faction_name("machine-cult", "fa") == "ماشین‌پرستان"``."""
    return FACTION_NAMES[faction][lang]


_TYPES = {
    "ship": {"en": "ship", "fa": "سفینه"},
    "base": {"en": "base", "fa": "پایگاه"},
    "outpost": {"en": "outpost", "fa": "پاسگاه"},
}


def type_text(card: Card, lang: str, short: bool = False) -> str:
    """“ship”, “base, defense 5” or “outpost, defense 4” (short: “outpost 4”), in ``lang``."""
    kind = _TYPES[card.type][lang]
    if not card.is_base:
        return kind
    defense = number(card.defense, lang)
    if short:
        return f"{kind} {defense}"
    return f"{kind}، دفاع {defense}" if lang == "fa" else f"{kind}, defense {defense}"


def _cards_en(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"


def effect_text(effect: Effect, lang: str) -> str:
    """One printed effect, e.g. ``(TRADE, 2)`` → “2 trade” / «۲ تجارت»."""
    code, n = effect
    kind = EFFECTS[code]
    k = number(n, lang)
    if lang == "fa":
        return {
            "trade": f"{k} تجارت",
            "combat": f"{k} حمله",
            "authority": f"{k} اقتدار",
            "draw": f"کشیدن {k} کارت",
            "scrap-card": f"اسقاط اختیاری {k} کارت از دست یا دورریز",
            "clear-row": f"پاک‌کردن اختیاری {k} کارت از ردیف بازار",
            "opp-discard": f"حریف در آغاز نوبتش {k} کارت دور می‌ریزد",
        }[kind]
    return {
        "trade": f"{n} trade",
        "combat": f"{n} combat",
        "authority": f"{n} authority",
        "draw": f"draw {_cards_en(n)}",
        "scrap-card": f"may scrap {_cards_en(n)} from hand or discard pile",
        "clear-row": f"may clear {_cards_en(n)} from the trade row",
        "opp-discard": f"opponent discards {_cards_en(n)} next turn",
    }[kind]


def effects_text(effects: Sequence[Effect], lang: str) -> str:
    """A list of effects as one line; “no effect” / «بدون اثر» when there are none."""
    if not effects:
        return label("no-effect", lang)
    return join((effect_text(e, lang) for e in effects), lang)


def card_summary(card_id: str, lang: str) -> str:
    """Primary, ally and scrap effects in one line (for tables and menus).

    >>> card_summary("pounder", "en")
    '5 combat · ally: 2 combat · ♻ 3 trade'
    >>> card_summary("pounder", "fa")
    '۵ حمله · متحد: ۲ حمله · ♻ ۳ تجارت'
    """
    card = CARDS[BY_ID[card_id]]
    parts = [effects_text(card.primary, lang)]
    if card.ally:
        parts.append(f"{label('ally', lang)}: {effects_text(card.ally, lang)}")
    if card.scrap:
        parts.append(f"♻ {effects_text(card.scrap, lang)}")
    return " · ".join(parts)


def card_details(card_id: str, lang: str) -> list[tuple[str, str]]:
    """Everything about a card as (label, value) rows, for the card-details panel."""
    card = CARDS[BY_ID[card_id]]
    other = "en" if lang == "fa" else "fa"
    rows = [
        (label("name", lang), f"{card.name(lang)} ({card.name(other)})"),
        (label("faction", lang), faction_name(card.faction, lang)),
        (label("type", lang), type_text(card, lang)),
    ]
    if card.copies or card.index == EXPLORER:
        rows.append((label("cost", lang), number(card.cost, lang)))
    rows.append((label("effect", lang), effects_text(card.primary, lang)))
    if card.ally:
        rows.append((label("ally-title", lang), effects_text(card.ally, lang)))
    if card.scrap:
        rows.append((f"♻ {label('scrap', lang)}", effects_text(card.scrap, lang)))
    if card.copies:
        rows.append((label("copies", lang), number(card.copies, lang)))
    elif card.index == EXPLORER:
        rows.append((label("copies", lang), label("unlimited", lang)))
    else:
        rows.append((label("copies", lang), label("starting-card", lang)))
    return rows


def _fold(text: str) -> str:
    """Text reduced for matching names: case, spacing, ZWNJ and Arabic letter forms ignored."""
    text = unicodedata.normalize("NFC", text).casefold()
    text = text.replace("ي", "ی").replace("ك", "ک").replace("ة", "ه").replace("ٔ", "")
    return "".join(ch for ch in text if ch.isalnum())


def find_cards(query: str) -> list[str]:
    """Ids of the cards whose id, English or Persian name matches ``query``.

    An exact match wins; otherwise every card whose name starts with, then contains, it.

    >>> find_cards("gnat"), find_cards("Star Freighter"), find_cards("ستاره ای")
    (['gnat'], ['star-freighter'], ['star-freighter'])
    >>> find_cards("imperial")
    ['imperial-fighter', 'imperial-frigate']
    """
    key = _fold(query)
    if not key:
        return []
    names = [(card.id, {_fold(card.id), _fold(card.en), _fold(card.fa)}) for card in CARDS]
    for test in (
        lambda n: n == key,
        lambda n: n.startswith(key),
        lambda n: key in n,
    ):
        found = [cid for cid, keys in names if any(test(n) for n in keys)]
        if found:
            return found
    return []


# ---------------------------------------------------------------------- labels and help

_LABELS: dict[str, tuple[str, str]] = {
    # key: (English, Persian)
    "game": ("Star Realms", "استار رلمز"),
    "authority": ("Authority", "اقتدار"),
    "hand": ("Hand", "دست"),
    "deck": ("Deck", "دسته"),
    "deck-next": ("Next", "بعدی‌ها"),
    "discard": ("Discard", "دورریز"),
    "bases": ("Bases", "پایگاه‌ها"),
    "in-play": ("In play", "در بازی"),
    "trade": ("Trade", "تجارت"),
    "combat": ("Combat", "حمله"),
    "trade-row": ("Trade row", "ردیف بازار"),
    "trade-deck": ("Trade deck", "دستهٔ بازار"),
    "scrap-heap": ("Scrapped", "اسقاط‌شده‌ها"),
    "log": ("Log", "رویدادها"),
    "moves": ("Your moves", "حرکت‌های شما"),
    "choice": ("Choice", "انتخاب"),
    "none": ("none", "هیچ"),
    "no-effect": ("no effect", "بدون اثر"),
    "name": ("Name", "نام"),
    "faction": ("Faction", "جناح"),
    "type": ("Type", "نوع"),
    "cost": ("Cost", "قیمت"),
    "effect": ("Effect", "اثر"),
    "ally": ("ally", "متحد"),
    "ally-title": ("Ally", "متحد"),
    "scrap": ("Scrap", "اسقاط"),
    "copies": ("In trade deck", "تعداد در دستهٔ بازار"),
    "unlimited": ("unlimited supply", "ذخیرهٔ نامحدود"),
    "starting-card": ("starting deck only", "فقط در دستهٔ شروع"),
    "empty-slot": ("(empty)", "(خالی)"),
    "last": ("last", "آخری"),
    "known": ("known", "معلوم"),
    "out": ("out of the game", "بیرون از بازی"),
    "out-short": ("out", "بیرون"),
    "over": ("Game over", "بازی تمام شد"),
    "all-cards": ("all cards shown", "همهٔ کارت‌ها پیدا"),
    "team-authority": ("Team authority", "اقتدار تیم"),
    "target": ("your target", "هدف شما"),
    "team": ("team", "تیم"),
    "left": ("left", "مانده"),
    "then": ("then", "سپس"),
    "players": ("players", "بازیکن"),
}


def label(key: str, lang: str) -> str:
    """A short interface word: ``label("bases", "fa") == "پایگاه‌ها"``."""
    en, fa = _LABELS[key]
    return fa if lang == "fa" else en


_RULES_EN = (
    "Each player starts with 50 authority; bring your opponent's authority to 0 to win.",
    "Play cards from your hand for trade, combat and authority.",
    "Spend trade to buy cards from the trade row (or an Explorer for 2); "
    "bought cards go to your discard pile.",
    "Spend combat on the opponent's bases (outposts first) or on the opponent.",
    "Bases stay in play and give their effect again at the start of each of your turns.",
    "An ally effect fires once a turn when you also play, or have a base of, the same faction.",
    "A card with ♻ can be scrapped from play: it leaves the game and you get its scrap effect.",
    "At the end of your turn everything played and left in hand is discarded; "
    "you draw 5 new cards.",
)
_RULES_FA = (
    "هر بازیکن با ۵۰ اقتدار شروع می‌کند؛ اقتدار حریف را به صفر برسانید تا برنده شوید.",
    "کارت‌های دستتان را بازی کنید تا تجارت، حمله و اقتدار بگیرید.",
    "با تجارت از ردیف بازار کارت بخرید (یا کاوشگر را به ۲ تجارت)؛ "
    "کارت‌های خریده‌شده به دورریزتان می‌روند.",
    "حمله را خرج پایگاه‌های حریف (اول پاسگاه‌ها) یا خود حریف کنید.",
    "پایگاه‌ها روی میز می‌مانند و در آغاز هر نوبتتان دوباره اثر می‌کنند.",
    "اثر متحد یک کارت، هر نوبت یک بار فعال می‌شود، اگر کارت یا پایگاه دیگری از همان جناح "
    "هم داشته باشید.",
    "کارت‌های دارای ♻ را می‌توانید اسقاط کنید: از بازی بیرون می‌روند و اثر اسقاطشان را می‌گیرید.",
    "در پایان نوبت، کارت‌های بازی‌شده و ماندهٔ دست دور ریخته می‌شوند و هر بازیکن ۵ کارت تازه می‌کشد.",
)

# The one key Star Realms adds to the terminal's prompt (rumizi.core.terminal_kit has the rest).
_ATTACK_KEY = {
    "en": ("N→A", "in a line of attacks: move N deals A combat"),
    "fa": ("N→A", "در سطر حمله‌ها، حرکت N با A حمله ضربه می‌زند"),
}

# A few words on each format beyond the duel (spec §3), shown in the help.
_FORMAT_RULES: dict[str, tuple[str, str]] = {
    "free-for-all": (
        (
            "Free-for-all: attack any opponent and any of their bases, sharing your combat out as "
            "you like. The last player standing wins."
        ),
        (
            "همه با همه: به هر حریف و هر پایگاهش می‌توانید حمله کنید و حمله‌تان را هر طور بخواهید "
            "میان آن‌ها پخش کنید. آخرین بازیکنِ مانده برنده است."
        ),
    ),
    "hunter": (
        (
            "Hunter: you attack only the player on your left (the next to play) and may hit the "
            "bases of both neighbours; when your target is out, the next player along becomes it. "
            "The last player standing wins."
        ),
        (
            "شکارچی: فقط به بازیکن سمت چپتان (نفر بعد از شما) حمله می‌کنید و می‌توانید به "
            "پایگاه‌های هر دو همسایه بزنید؛ اگر هدفتان حذف شود، نفر بعدی هدف می‌شود. آخرین "
            "بازیکنِ مانده برنده است."
        ),
    ),
    "hydra": (
        (
            "Hydra: two teams in alternate seats, each sharing one authority. A team plays its "
            "turn together: members hand play to each other as they like, trade and combat are "
            "one team pool, and a purchase names the member who takes it. Any member's outpost "
            "guards the whole team. A team at 0 loses."
        ),
        (
            "هیدرا: دو تیم یک‌درمیان نشسته‌اند و هر تیم یک اقتدار مشترک دارد. هر تیم نوبتش را با هم "
            "بازی می‌کند: اعضا بازی را هر طور بخواهند به هم می‌سپارند، تجارت و حمله ذخیرهٔ مشترک "
            "تیم است و هر خرید نام عضوی را می‌گوید که کارت را می‌گیرد. پاسگاه هر عضو از کل تیم "
            "محافظت می‌کند. تیمی که اقتدارش به صفر برسد می‌بازد."
        ),
    ),
    "emperor": (
        (
            "Emperor: two teams, each an emperor (60 authority) between two admirals (50). An "
            "admiral fights the admiral opposite, then the enemy emperor; emperors fight anyone. "
            "For 1 trade you may move a card from your discard pile to a teammate's. A fallen "
            "admiral may give a card to their emperor. The team whose emperor falls loses."
        ),
        (
            "امپراتور: دو تیم، هر کدام یک امپراتور (۶۰ اقتدار) میان دو دریاسالار (۵۰). دریاسالار "
            "با دریاسالار روبه‌رویش می‌جنگد و پس از او با امپراتور دشمن؛ امپراتورها با همه. با ۱ "
            "تجارت می‌توانید کارتی را از دورریزتان به دورریز هم‌تیمی بفرستید. دریاسالارِ حذف‌شده "
            "می‌تواند یک کارت به امپراتورش ببخشد. تیمی که امپراتورش بیفتد می‌بازد."
        ),
    ),
    "raid": (
        (
            "Raid: one boss against the raiders. Raiders see each other's hands, and damage they "
            "deal to the boss's bases adds up until the boss's next turn. A fallen raider may "
            "give one card to each other raider. The boss at 0: the raiders win; every raider "
            "out: the boss wins."
        ),
        (
            "یورش: یک رئیس در برابر مهاجمان. مهاجمان دست یکدیگر را می‌بینند و آسیبی که به "
            "پایگاه‌های رئیس می‌زنند تا نوبت بعدی رئیس روی هم جمع می‌شود. مهاجمِ حذف‌شده می‌تواند "
            "به هر مهاجم دیگر یک کارت ببخشد. اگر اقتدار رئیس به صفر برسد مهاجمان می‌برند و اگر "
            "همهٔ مهاجمان حذف شوند رئیس می‌برد."
        ),
    ),
}


def format_rules(fmt: str, lang: str) -> str:
    """The rules of a format beyond the duel in a few sentences (empty for the duel)."""
    en, fa = _FORMAT_RULES.get(fmt, ("", ""))
    return fa if lang == "fa" else en


def rules_help(lang: str) -> tuple[str, ...]:
    """The rules in a few lines."""
    return _RULES_FA if lang == "fa" else _RULES_EN


def attack_keys(lang: str) -> tuple[tuple[str, str], ...]:
    """The (key, meaning) rows Star Realms adds to the prompt's help: amounts of an attack."""
    return (_ATTACK_KEY["fa" if lang == "fa" else "en"],)


# Star Realms' own line of the terminal's intro (the terminal's other messages are in
# rumizi.core.terminal_kit), formatted with ``message(key, lang, **fields)``.
_MESSAGES: dict[str, tuple[str, str]] = {
    "seats-table": (
        "Seed {seed} · {game} for {n} · you are {who} (seat {seat}) · bots: {bots} · "
        "first to play: {first}",
        "بذر {seed} · {game} برای {n} نفر · شما {who} هستید (صندلی {seat}) · ربات‌ها: {bots} · "
        "شروع‌کننده: {first}",
    ),
}


def message(key: str, lang: str, **fields: Any) -> str:
    """An interface message with its fields filled in (numbers in the digits of ``lang``).

    >>> message("seats-table", "en", seed=1, game="Raid", n=4, who="Boss", seat=1, first="You",
    ...         bots="Easy bot")[:30]
    'Seed 1 · Raid for 4 · you are '
    """
    en, fa = _MESSAGES[key]
    text = fa if lang == "fa" else en
    return text.format(**{k: _field(v, lang) for k, v in fields.items()})


def _field(value: Any, lang: str) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value, lang)
    return str(value)


# ---------------------------------------------------------------------- the open choice


def choice_text(pending: Mapping[str, Any], who: Who, to: Who | None = None) -> str:
    """What the open choice asks of ``who``, the player who must answer it.

    A bequest names ``to``, the teammate who would get the card.
    """
    lang = who.lang
    to = to if to is not None else Who(label("none", lang), lang)
    kind = pending.get("choice")
    card = pending.get("card")
    source = f"{quoted(card, lang)}: " if isinstance(card, str) else ""
    if lang == "fa":
        p = who.name
        may = who.present("می‌توان")
        must = who.present("بریز")
        body = {
            "scrap-card": f"{p} {may} یک کارت از دست یا دورریز اسقاط {who.present('کن')} "
            "(اختیاری).",
            "clear-row": f"{p} {may} یک کارت ردیف بازار را پاک {who.present('کن')} (اختیاری).",
            "discard": f"{p} باید یک کارت از دست دور {must}.",
            "opp-discard": f"{p} باید حریفی را برای دور ریختن کارت انتخاب {who.present('کن')}.",
            "bequeath": f"{p} از بازی بیرون {who.past('رفت')} و {may} یک کارت به {to.name} "
            f"{who.present('ببخش')} (اختیاری).",
        }.get(str(kind), f"{p} باید انتخاب {who.present('کن')}.")
    else:
        p = who.name
        body = {
            "scrap-card": f"{p} may scrap a card from hand or discard pile (optional).",
            "clear-row": f"{p} may clear a card from the trade row (optional).",
            "discard": f"{p} must discard a card from hand.",
            "opp-discard": f"{p} must choose an opponent to discard a card.",
            "bequeath": f"{p} {'are' if who.you else 'is'} out of the game and may give one "
            f"card to {to.object} (optional).",
        }.get(str(kind), f"{p} must choose.")
    return source + body


# ---------------------------------------------------------------------- the move menu


def action_card(action: Mapping[str, Any]) -> str | None:
    """The card an action is about (played, bought, scrapped, chosen or attacked), if any."""
    card = action.get("card", action.get("base"))
    return card if isinstance(card, str) and card in BY_ID else None


def action_text(
    action: Mapping[str, Any],
    view: Mapping[str, Any],
    seats: Sequence[Who],
    amounts: tuple[int, int] | None = None,
) -> str:
    """One line for the numbered menu: what ``action`` does, said to the player to act.

    ``amounts`` (lowest, highest) describes a run of attacks that differ only in their
    amount, for a menu that lists the amounts beside one sentence.

    >>> from rumizi.games.star_realms import GAME
    >>> state = GAME.new(seed=1)
    >>> me = state.to_act
    >>> seats = seats_for("fa", you=me)
    >>> action_text({"do": "play", "card": "viper"}, state.view(me), seats)
    '«افعی» را بازی کنید — ۱ حمله'
    >>> action_text({"do": "end"}, state.view(me), seats_for("en", you=me))
    'End your turn'
    """
    players = view["players"]
    current = int(view.get("current", 0))
    to_act = view.get("to_act")
    actor_seat = to_act if isinstance(to_act, int) and 0 <= to_act < len(players) else current
    actor = seats[actor_seat]
    lang = actor.lang
    do = action.get("do")
    card = action_card(action)
    pending: Mapping[str, Any] = players[current].get("pending") or {}
    fa = lang == "fa"
    v = actor.present

    def target() -> Who:
        return _seat(action.get("player", 0), seats, lang)

    if do == "play" and card:
        what = effects_text(CARDS[BY_ID[card]].primary, lang)
        if fa:
            return f"{quoted(card, lang)} را بازی {v('کن')} — {what}"
        return f"Play {card_name(card, lang)} — {what}"
    if do == "buy" and card:
        cost = number(CARDS[BY_ID[card]].cost, lang)
        what = card_summary(card, lang)
        member = action.get("member", actor_seat)
        if member != actor_seat and isinstance(member, int):
            # Hydra: bought with the team's trade for a teammate.
            mate = _seat(member, seats, lang)
            if fa:
                return (
                    f"{quoted(card, lang)} را به {cost} تجارت برای {mate.name} {v('بخر')} — {what}"
                )
            return f"Buy {card_name(card, lang)} for {cost} trade for {mate.object} — {what}"
        if fa:
            return f"{quoted(card, lang)} را به {cost} تجارت {v('بخر')} — {what}"
        return f"Buy {card_name(card, lang)} for {cost} trade — {what}"
    if do == "pass":
        t = target()
        if fa:
            return f"بازی را به {t.name} {v('بسپار')} (مرحلهٔ اصلی شما ادامه دارد)"
        return f"Hand play to {t.object} ({actor.own} main phase goes on)"
    if do == "scrap" and card:
        what = effects_text(CARDS[BY_ID[card]].scrap, lang)
        if fa:
            return f"{quoted(card, lang)} را اسقاط {v('کن')} — {what}"
        return f"Scrap {card_name(card, lang)} — {what}"
    if do == "attack":
        return _attack_text(action, view, actor, target(), amounts)
    if do == "transfer" and card:
        t = target()
        if fa:
            return f"{quoted(card, lang)} را با ۱ تجارت از دورریز به دورریز {t.name} {v('بفرست')}"
        return f"Pay 1 trade to move {card_name(card, lang)} into {t.possessive} discard pile"
    if do == "choose":
        choice = str(pending.get("choice"))
        source = action.get("from")
        if card is None:
            t = target()
            if fa:
                return f"{t.name} در آغاز نوبت بعد یک کارت دور {t.present('بریز')}"
            return f"Make {t.object} discard a card at the start of {t.own} next turn"
        name = quoted(card, lang) if fa else card_name(card, lang)
        if choice == "bequeath":
            return _bequeath_text(name, str(source), actor, _seat(pending.get("to"), seats, lang))
        if choice == "discard":
            return f"{name} را دور {v('بریز')}" if fa else f"Discard {name}"
        if source == "trade_row":
            if fa:
                return f"{name} را از ردیف بازار پاک {v('کن')}"
            return f"Clear {name} from the trade row"
        if source == "discard":
            if fa:
                return f"{name} را از دورریز اسقاط {v('کن')}"
            return f"Scrap {name} from {actor.own} discard pile"
        if fa:
            return f"{name} را از دست اسقاط {v('کن')}"
        return f"Scrap {name} from {actor.own} hand"
    if do == "skip":
        choice = str(pending.get("choice"))
        skips: tuple[str, str] = {
            "scrap-card": (f"{v('بگذر')}: چیزی اسقاط نشود", "Skip: scrap nothing"),
            "clear-row": (f"{v('بگذر')}: چیزی از بازار پاک نشود", "Skip: clear nothing"),
            "bequeath": (f"چیزی {v('نبخش')}", "Give nothing"),
        }.get(choice, (v("بگذر"), "Skip"))
        return skips[0] if fa else skips[1]
    if do == "end":
        return _end_text(view, actor_seat, seats)
    if do == "concede":
        return v("انصراف بده") if fa else "Concede"
    return str(dict(action))


def _defense_left(view: Mapping[str, Any], seat: int, card: str) -> int:
    """Defense left on the copy of a base an attack hits (the raid boss's bases wear down)."""
    p = view["players"][seat]
    bases = list(p.get("bases") or [])
    damage = list(p.get("damage") or [0] * len(bases))
    copies = [k for k, c in enumerate(bases) if c == card]
    defense = CARDS[BY_ID[card]].defense
    if not copies:
        return defense
    k = max(copies, key=lambda k: (damage[k] if k < len(damage) else 0, -k))
    return defense - (damage[k] if k < len(damage) else 0)


def _attack_text(
    action: Mapping[str, Any],
    view: Mapping[str, Any],
    actor: Who,
    t: Who,
    amounts: tuple[int, int] | None,
) -> str:
    lang = actor.lang
    fa = lang == "fa"
    v = actor.present
    card = action_card(action)
    amount = action.get("amount")
    if amounts is not None:
        low, high = amounts
        n = f"{number(low, lang)} تا {number(high, lang)}" if fa else f"{low}–{high}"
    elif isinstance(amount, int):
        low = high = amount
        n = number(amount, lang)
    else:
        low = high = int(view["players"][view.get("current", 0)].get("combat", 0))
        n = number(low, lang)
    if card:
        c = CARDS[BY_ID[card]]
        kind = type_text(c, lang)
        if fa:
            what = _TYPES[c.type][lang]
            q = quoted(card, lang)
        if not isinstance(amount, int):
            if fa:
                defense = number(c.defense, lang)
                return f"{what} {t.name}، {q}، را نابود {v('کن')} (دفاع {defense})"
            return f"Destroy {t.possessive} {card_name(card, lang)} ({kind})"
        # Raid: a raider wears a boss base down a little at a time.
        left = _defense_left(view, int(action.get("player", 0)), card)
        k = number(left, lang)
        if amounts is None and amount == left:
            if fa:
                return f"با {n} حمله {what} {t.name}، {q}، را نابود {v('کن')}"
            return f"Destroy {t.possessive} {card_name(card, lang)} with {n} combat"
        if fa:
            text = f"با {n} حمله به {what} {t.name}، {q}، آسیب {v('بزن')} ({k} دفاع مانده"
            return text + ("؛ با " + k + " نابود می‌شود)" if high == left else ")")
        text = f"Hit {t.possessive} {card_name(card, lang)} with {n} combat ({k} defense left"
        return text + (f"; {k} destroys it)" if high == left else ")")
    if fa:
        return f"با {n} حمله به {t.name} ضربه {v('بزن')}"
    return f"Attack {t.object} with {n} combat"


def _bequeath_text(name: str, source: str, actor: Who, to: Who) -> str:
    v = actor.present
    if actor.lang == "fa":
        if source == "bases":
            return f"پایگاه {name} را به {to.name} {v('ببخش')}"
        pile = {"hand": "دست", "deck": "دسته", "discard": "دورریز"}.get(source, source)
        return f"{name} را از {pile} به {to.name} {v('ببخش')}"
    if source == "bases":
        return f"Give {actor.own} base {name} to {to.object}"
    pile = {"hand": "hand", "deck": "deck", "discard": "discard pile"}.get(source, source)
    return f"Give {name} from {actor.own} {pile} to {to.object}"


def _end_text(view: Mapping[str, Any], seat: int, seats: Sequence[Who]) -> str:
    actor = seats[seat]
    lang = actor.lang
    players = view["players"]
    fa = lang == "fa"
    v = actor.present
    if view.get("format") == "hydra":
        # A team turn: the members still in their main phase play on with the team's pools.
        team = [i for i in range(len(players)) if i % 2 == seat % 2]
        k = team.index(seat)
        later = [
            i
            for i in team[k + 1 :] + team[:k]
            if not players[i].get("eliminated") and not _hydra_done(view, i)
        ]
        trade = sum(int(players[i].get("trade", 0)) for i in team)
        combat = sum(int(players[i].get("combat", 0)) for i in team)
        if later:
            nxt = seats[later[0]]
            left = _pools_text(trade, combat, lang, " و " if fa else " and ")
            if fa:
                text = f"بخش خود از نوبت را تمام {v('کن')} (سپس {nxt.name}"
                return text + (f"؛ {left} برای تیم می‌ماند)" if left else ")")
            text = f"End {actor.own} part of the turn ({nxt.name} next"
            return text + (f"; {left} stay for the team)" if left else ")")
        text = f"نوبت تیم را تمام {v('کن')}" if fa else f"End {actor.own} team's turn"
    else:
        me = players[seat]
        trade, combat = int(me.get("trade", 0)), int(me.get("combat", 0))
        text = f"نوبت را تمام {v('کن')}" if fa else f"End {actor.own} turn"
    left = _pools_text(trade, combat, lang, " و " if fa else " and ")
    if left:
        text += f" ({left} خرج‌نشده می‌ماند!)" if fa else f" ({left} unspent!)"
    return text


def _hydra_done(view: Mapping[str, Any], seat: int) -> bool:
    """Whether a Hydra member's main phase is over (the view's ``main_phase``, or seat order:
    the members before the one acting)."""
    stage = view["players"][seat].get("main_phase")
    if stage is not None:
        return bool(stage == "done")
    return seat < int(view.get("current", 0))


def _pools_text(trade: int, combat: int, lang: str, glue: str) -> str:
    fa = lang == "fa"
    left = []
    if trade:
        left.append(f"{number(trade, lang)} {'تجارت' if fa else 'trade'}")
    if combat:
        left.append(f"{number(combat, lang)} {'حمله' if fa else 'combat'}")
    return glue.join(left)


# ---------------------------------------------------------------------- the game log

# One sentence per event. Fields: p/t actor/target name, po/to object forms, pp/tp
# possessive, own, v/tv Persian past endings, vp/tvp present endings, card, n, ncards, a,
# cost, slot, turn.
_EVENTS: dict[str, tuple[str, str]] = {
    "turn": ("── Turn {turn} · {p} ──", "── نوبت {turn} · {p} ──"),
    "play": ("{p} played {card}.", "{p} {card} را بازی کرد{v}."),
    "play-many": ("{p} played {cards}.", "{p} {cards} را بازی کرد{v}."),
    "trade": ("{p} gained {n} trade from {card}.", "{p} از {card} {n} تجارت گرفت{v}."),
    "trade-": ("{p} gained {n} trade.", "{p} {n} تجارت گرفت{v}."),
    "combat": ("{p} gained {n} combat from {card}.", "{p} از {card} {n} حمله گرفت{v}."),
    "combat-": ("{p} gained {n} combat.", "{p} {n} حمله گرفت{v}."),
    "authority": (
        "{p} gained {n} authority from {card}.",
        "{p} از {card} {n} اقتدار به دست آورد{v}.",
    ),
    "authority-": ("{p} gained {n} authority.", "{p} {n} اقتدار به دست آورد{v}."),
    "ally": ("Ally ability of {card} fired.", "توانایی متحد {card} فعال شد."),
    "draw": ("{p} drew {ncards}.", "{p} {n} کارت کشید{v}."),
    "draw-0": ("{p} had no cards left to draw.", "{p} کارتی برای کشیدن نداشت{v}."),
    "shuffle": (
        "{p} shuffled {own} discard pile into a new deck.",
        "دورریز {pp} بُر خورد و دستهٔ تازه‌ای شد.",
    ),
    "buy": ("{p} bought {card} for {cost} trade.", "{p} {card} را به {cost} تجارت خرید{v}."),
    "buy-for": (
        "{p} bought {card} for {cost} trade, for {to}.",
        "{p} {card} را به {cost} تجارت برای {t} خرید{v}.",
    ),
    "pass": ("{p} handed play to {to}.", "{p} بازی را به {t} سپرد{v}."),
    "refill": ("{card} came into the trade row.", "{card} به ردیف بازار آمد."),
    "refill-": (
        "The trade deck is empty: slot {slot} of the row stays empty.",
        "دستهٔ بازار تمام شده است و خانهٔ {slot} ردیف خالی می‌ماند.",
    ),
    "scrap": ("{p} scrapped {card} from play.", "{p} {card} را از بازی اسقاط کرد{v}."),
    "scrap-card": (
        "{p} scrapped {card} from {own} hand.",
        "{p} {card} را از دست اسقاط کرد{v}.",
    ),
    "scrap-card-discard": (
        "{p} scrapped {card} from {own} discard pile.",
        "{p} {card} را از دورریز اسقاط کرد{v}.",
    ),
    "clear-row": (
        "{p} cleared {card} from the trade row.",
        "{p} {card} را از ردیف بازار پاک کرد{v}.",
    ),
    "opp-discard": (
        "{card}: {to} must discard {ncards} at the start of {town} next turn.",
        "{card}: {t} باید در آغاز نوبت بعد {n} کارت دور بریز{tvp}.",
    ),
    "opp-discard-": (
        "{t} must discard {ncards} at the start of {town} next turn.",
        "{t} باید در آغاز نوبت بعد {n} کارت دور بریز{tvp}.",
    ),
    "discard": ("{p} discarded {card}.", "{p} {card} را دور ریخت{v}."),
    "destroy": ("{p} destroyed {tp} {card}.", "{p} پایگاه {tp}، {card}، را نابود کرد{v}."),
    "attack": (
        "{p} hit {to} for {n}; {tp} authority is now {a}.",
        "{p} با {n} حمله به {t} ضربه زد{v}؛ اقتدار {tp} اکنون {a} است.",
    ),
    "skip": ("{p} declined the choice.", "{p} از این انتخاب گذشت{v}."),
    "end": ("{p} ended {own} turn.", "{p} نوبت را تمام کرد{v}."),
    "end-draw": (
        "{p} ended {own} turn and drew {ncards}.",
        "{p} نوبت را تمام کرد{v} و {n} کارت کشید{v}.",
    ),
    "end-shuffle": (
        "{p} ended {own} turn, shuffled {own} discard pile and drew {ncards}.",
        "{p} نوبت را تمام کرد{v}، دورریز را بُر زد{v} و {n} کارت کشید{v}.",
    ),
    "concede": ("{p} conceded.", "{p} انصراف داد{v}."),
    "eliminated": ("{p} dropped out of the game.", "{p} از بازی حذف شد{v}."),
    "game-over": ("Game over: {p} won!", "بازی تمام شد: {p} برنده شد{v}!"),
    "game-over-": ("Game over.", "بازی تمام شد."),
    "game-over-team": (
        "Game over: {team} ({members}) won!",
        "بازی تمام شد: {team} ({members}) برنده {won}!",
    ),
    "attack-team": (
        "{p} hit {to} for {n}; {tteam} authority is now {a}.",
        "{p} با {n} حمله به {t} ضربه زد{v}؛ اقتدار {tteam} اکنون {a} است.",
    ),
    "transfer": (
        "{p} paid 1 trade to move {card} into {tp} discard pile.",
        "{p} با ۱ تجارت {card} را به دورریز {tp} فرستاد{v}.",
    ),
    "bequeath": (
        "{p} left {card} to {to}, into {tp} discard pile.",
        "{p} هنگام رفتن {card} را به {t} بخشید{v}؛ به دورریز {tp} رفت.",
    ),
    "damage": (
        "{p} dealt {n} damage to {tp} {card}; {left} defense left.",
        "{p} با {n} حمله به پایگاه {tp}، {card}، آسیب زد{v}؛ {left} دفاع مانده است.",
    ),
    "damage-0": (
        "{p} dealt {n} damage to {tp} {card} and destroyed it.",
        "{p} با {n} حمله پایگاه {tp}، {card}، را نابود کرد{v}.",
    ),
}


def event_text(event: Mapping[str, Any], lang: str, seats: Sequence[Who]) -> str:
    """One sentence of the game log for an engine event (see ``state.events``).

    >>> seats = seats_for("fa", you=0, names={1: "ربات تصادفی"})
    >>> event_text({"event": "draw", "player": 1, "count": 5}, "fa", seats)
    'ربات تصادفی ۵ کارت کشید.'
    >>> event_text({"event": "buy", "player": 0, "card": "gnat"}, "fa", seats)
    'شما «پشه» را به ۱ تجارت خریدید.'
    """
    kind = str(event.get("event"))
    key = kind
    card = event.get("card")
    if kind in ("trade", "combat", "authority", "opp-discard") and not isinstance(card, str):
        key = kind + "-"
    elif kind == "refill" and not isinstance(card, str):
        key = "refill-"
    elif kind == "draw" and not event.get("count"):
        key = "draw-0"
    elif kind == "scrap-card" and event.get("from") == "discard":
        key = "scrap-card-discard"
    elif kind == "end" and event.get("shuffled"):
        key = "end-shuffle"
    elif kind == "end" and event.get("drew"):
        key = "end-draw"
    elif kind == "play" and isinstance(event.get("cards"), list):
        key = "play-many"
    elif kind == "game-over" and event.get("winner") is None:
        key = "game-over-"
    elif kind == "game-over" and _team_game(seats) and not _boss_won(event, seats):
        key = "game-over-team"
    elif kind == "attack" and _seat(event.get("target"), seats).role == "member":
        key = "attack-team"  # hydra: the whole team shares one authority
    elif kind == "damage" and not event.get("left"):
        key = "damage-0"
    elif kind == "buy" and event.get("member", event.get("player")) != event.get("player"):
        key = "buy-for"  # hydra: for a teammate
    templates = _EVENTS.get(key)
    if templates is None:
        return f"{kind}: " + ", ".join(f"{k}={v}" for k, v in event.items() if k != "event")
    template = templates[1] if lang == "fa" else templates[0]

    p = _seat(event.get("winner" if kind == "game-over" else "player"), seats, lang)
    t = _seat(event.get("target", event.get("to", event.get("member"))), seats, lang)
    n = event.get("amount", event.get("count", event.get("drew", 0)))
    n = n if isinstance(n, int) else 0
    fields = {
        "p": p.name,
        "pp": p.possessive,
        "own": p.own,
        "v": p.past(""),
        "vp": p.present(""),
        "t": t.name,
        "to": t.object,
        "tp": t.possessive,
        "town": t.own,
        "tvp": t.present(""),
        "card": quoted(card, lang) if isinstance(card, str) else "",
        "n": number(n, lang),
        "ncards": _cards_en(n),
        "a": number(int(event.get("authority", 0)), lang),
        "cost": number(CARDS[BY_ID[card]].cost, lang) if card in BY_ID else "",
        "slot": number(int(event.get("slot", 0)) + 1, lang),
        "turn": number(int(event.get("turn", 0)), lang),
        "left": number(int(event.get("left", 0)), lang),
        "tteam": team_possessive(t.team, seats) if t.team is not None else t.possessive,
    }
    if key == "play-many":
        counts = Counter(str(c) for c in event["cards"])
        fields["cards"] = join(
            (
                quoted(c, lang) + (f" ×{number(k, lang)}" if k > 1 else "")
                for c, k in counts.items()
            ),
            lang,
        )
    if key == "game-over-team":
        team = int(event["winner"])
        name, plural = team_name(team, seats)
        fields["team"] = name[:1].upper() + name[1:]
        fields["won"] = persian_verb("شد", plural=plural)
        fields["members"] = join((w.object for w in seats if w.team == team), lang)
    return template.format(**fields)


def _boss_won(event: Mapping[str, Any], seats: Sequence[Who]) -> bool:
    """Raid: the boss's side (team 0) is one player, who is named as such."""
    return event.get("winner") == 0 and any(w.role == "boss" for w in seats)


def _team_game(seats: Sequence[Who]) -> bool:
    """Whether the seats are those of a team format, where a winner is a team index."""
    return any(w.team is not None for w in seats)


def _seat(value: Any, seats: Sequence[Who], lang: str = "en") -> Who:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(seats):
        return seats[value]
    return Who(label("none", lang), lang)


def refill_after_text(card: str | None, lang: str) -> str:
    """The refill that follows a buy or a clear, as the end of that sentence.

    >>> refill_after_text("gnat", "en"), refill_after_text(None, "fa")
    ('Gnat took its place', 'جایش خالی ماند')
    """
    if card is None:
        return "جایش خالی ماند" if lang == "fa" else "its slot stayed empty"
    if lang == "fa":
        return f"{quoted(card, lang)} جایش را گرفت"
    return f"{card_name(card, lang)} took its place"


def result_text(winner: int | None, seats: Sequence[Who]) -> str:
    """The final line: who won."""
    lang = seats[0].lang if seats else "en"
    return event_text({"event": "game-over", "winner": winner}, lang, seats)


def faction_of(card_id: str) -> str:
    """The faction id of a card (``"none"`` for the starting and supply cards)."""
    index = BY_ID.get(card_id)
    return "none" if index is None else CARDS[index].faction


# ---------------------------------------------------------------------- the log


def log_entries_for(
    events: Iterable[Mapping[str, Any]], lang: str, seats: Sequence[Who], merge: bool = False
) -> list[LogLine]:
    """The game log for ``events``, one plain sentence per happening, with its tone and cards.

    Gains of trade, combat, authority and cards drawn are folded into the line of the card that
    gave them (“You played Lance (+1 combat, +1 card).”), and a trade-row refill into the line
    of the buy or clear that emptied the slot. With ``merge`` (tables of several players),
    cards a player plays one after another share a line: “Player 2 played Lookout ×3 · Viper
    (+3 trade, +1 combat).”
    """
    lines: list[LogLine] = []
    # The line being built: its sentence, style, cards named, and gains folded into it.
    sentence, style, cards, gains = "", "", list[str](), list[tuple[str, int]]()
    played: list[str] = []  # the cards of a line of plays
    takes_gains: tuple[Any, Any] | None = None  # (player, card) whose gains fold in

    def flush() -> None:
        if not sentence:
            return
        text = sentence
        if gains:
            if len(played) > 1:  # one total per kind for a line of several cards
                totals: dict[str, int] = {}
                for kind, amount in gains:
                    totals[kind] = totals.get(kind, 0) + amount
                parts = [_gain(kind, amount, lang) for kind, amount in totals.items()]
            else:
                parts = [_gain(kind, amount, lang) for kind, amount in gains]
            text = sentence.rstrip(".") + f" ({join(parts, lang)})."
        lines.append(LogLine(text, style, tuple(cards)))

    previous = None
    last: Mapping[str, Any] = {}
    ending: Any = None  # the player whose end-of-turn line may take their draw
    shuffled = False
    dealt = 0  # damage dealt by the line's blows so far
    for event in events:
        kind = event.get("event")
        card = event.get("card")
        player = event.get("player")
        before, last = last, event
        if (
            kind == "destroy"
            and before.get("event") == "damage"
            and not before.get("left")
            and (before.get("player"), before.get("target"), before.get("card"))
            == (player, event.get("target"), card)
        ):
            continue  # “… dealt 3 damage to the boss's Trading Post and destroyed it.”
        if (
            (kind == "damage" or (merge and kind == "attack"))
            and before.get("event") == kind
            and (kind == "attack" or before.get("left"))
            and (before.get("player"), before.get("target"), before.get("card"))
            == (player, event.get("target"), card)
        ):
            # Blows in a row on one base or one player: one line with their total.
            dealt += int(event.get("amount", 0))
            sentence = event_text({**event, "amount": dealt}, lang, seats)
            continue
        if kind in ("damage", "attack"):
            dealt = int(event.get("amount", 0))
        if kind in ("trade", "combat", "authority") and takes_gains == (player, card):
            gains.append((str(kind), int(event.get("amount", 0))))
            continue
        count = event.get("count")
        if merge and kind == "shuffle" and takes_gains and takes_gains[0] == player:
            gains.append(("shuffle", 0))  # a card's draw that ran through the deck
            continue
        if kind == "draw" and count and takes_gains and takes_gains[0] == player:
            gains.append(("draw", int(count)))
            continue
        if kind == "refill" and previous in ("buy", "clear-row"):
            # “You bought Gnat for 1 trade; Lance took its place.”
            new = card if isinstance(card, str) and card in BY_ID else None
            glue = "؛ " if lang == "fa" else "; "
            sentence = sentence.rstrip(".") + glue + refill_after_text(new, lang) + "."
            cards += [new] if new else []
            previous = kind
            continue
        if merge and kind in ("shuffle", "draw") and ending == player is not None:
            # “Player 2 ended their turn, shuffled their discard pile and drew 5 cards.”
            shuffled = shuffled or kind == "shuffle"
            end = {"event": "end", "player": player, "drew": int(count or 0), "shuffled": shuffled}
            sentence = event_text(end, lang, seats)
            ending = player if kind == "shuffle" else None
            continue
        ending, shuffled = (player if kind == "end" else None), False
        mine = takes_gains is not None and takes_gains[0] == player
        if merge and kind == "play" == previous and played and mine:
            played.append(str(card))
            sentence = event_text({"event": "play", "player": player, "cards": played}, lang, seats)
            cards.append(str(card))
            takes_gains = (player, card)
            continue
        previous = kind
        flush()
        sentence = event_text(event, lang, seats)
        style = _tone(event, seats)
        cards = [c for c in (card,) if isinstance(c, str) and c in BY_ID]
        gains = []
        played = [str(card)] if kind == "play" else []
        takes_gains = (player, card) if kind in ("play", "scrap", "ally") else None
    flush()
    return lines


def _gain(kind: str, amount: int, lang: str) -> str:
    if kind == "shuffle":
        return "بُر زدن دورریز" if lang == "fa" else "reshuffled"
    n = number(amount, lang)
    if kind == "draw":
        return f"کشیدن {n} کارت" if lang == "fa" else f"+{n} card" + ("s" if amount > 1 else "")
    if lang == "fa":
        return f"{n} {label(kind, lang)}"
    return f"+{n} {kind}"


def _tone(event: Mapping[str, Any], seats: Sequence[Who]) -> str:
    """The tone of an event's line (:data:`rumizi.core.addons.TONES`)."""
    kind = event.get("event")
    if kind == "turn":
        return "heading"
    if kind in ("game-over", "eliminated", "concede"):
        return "alert"
    if kind in ("attack", "destroy", "damage"):
        return "attack"
    player = event.get("player")
    if isinstance(player, int) and 0 <= player < len(seats) and not seats[player].you:
        return "quiet" if kind in ("draw", "refill", "end", "shuffle") else ""
    return ""


def audience_seats(audience: Audience) -> list[Who]:
    """The seats of a table as its :class:`~rumizi.core.addons.Audience` names them."""
    fmt = str(audience.options.get("format", "duel"))
    players = int(audience.options.get("players", 2))
    names = {i: name for i, name in enumerate(audience.names) if name}
    return table_seats(audience.lang, fmt, players, you=audience.seat, names=names)


def log_entries(events: Sequence[Mapping[str, Any]], audience: Audience) -> list[LogLine]:
    """The log of ``events`` for ``audience`` (plays in a row share a line past two players)."""
    seats = audience_seats(audience)
    return log_entries_for(events, audience.lang, seats, merge=len(seats) > 2)
