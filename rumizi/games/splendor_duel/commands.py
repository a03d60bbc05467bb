"""Short commands for Splendor Duel's terminal: moves typed by what they do, not by number.

A turn may offer well over a hundred legal moves (every straight line of tokens, every reserve
with every gold); the terminal keeps the board on screen and lets the player say the move:

=====================================  ================================================
``t 1,1 2,2 3,3``                      take the tokens on those spaces (row,column as the
                                       board prints them; any order); with the Token ability
                                       pending, ``t 2,3`` takes that space's token
``b red 2a`` · ``b 2.3`` · ``b r1``    buy a card by its name, its place in the pyramid
                                       (level.slot, as the pyramid prints it) or its place
                                       among your reserved cards
``b grey 1a red``                      a joker card names the colour it copies
``b red 2a pay 2R 1Y``                 buy with another payment (tokens as letters or names,
                                       each with its count); ``pay`` alone lists them
``r red 2a`` · ``r 3,3 deck 2``        reserve a card (or a deck's top card: ``deck 2``),
                                       taking the gold on the space given (needed only when
                                       several golds lie on the board)
``p 2,3``                              use a privilege on that space
``f``                                  replenish the board
``s red`` · ``d red`` · ``k queen``    steal, discard, take a royal
``pass`` · ``claim``                   pass (when nothing else is possible), claim the
                                       stalling win
``?`` · ``moves``                      the numbered list of every legal move
=====================================  ================================================

Every command has a Persian spelling too: the key of the same place on a Persian keyboard
(``ف`` for ``t``, ``ذ`` for ``b``, ``ق`` for ``r``, ``ح`` for ``p``, ``ب`` for ``f``, ``س`` for
``s``, ``ی`` for ``d``, ``ن`` for ``k``) or a Persian word (``بردار``, ``بخر``, ``رزرو``,
``طومار``, ``پرکن``, ``بدزد``, ``دوربریز``, ``اشراف``, ``رد``, ``ادعا``, ``حرکت‌ها``); colours,
card names and digits are read in either language.

:func:`read` turns a line into a :class:`Reading`: the legal move it means, the request for the
list of moves (with the moves it narrows to), or the reason it means no move — in English and
in Persian; the state is never touched. A line that is no command gives ``None``.

>>> from rumizi.games.splendor_duel import GAME
>>> state = GAME.new(seed=7)
>>> state.view(0)["board"][3]
'PPYRR'
>>> read("t 4,2 4,1", state.view(0), state.legal_actions(), "en").action
{'do': 'take', 'spaces': [[4, 1], [4, 2]]}
>>> print(read("t 3,1", state.view(0), state.legal_actions(), "en").error)
The space (3, 1) holds gold: only gems and pearls can be taken (a gold comes with a reserve).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rumizi.core.contract import Action, View
from rumizi.core.i18n import ZWNJ, number, to_ascii_digits
from rumizi.games.splendor_duel import texts
from rumizi.games.splendor_duel.cards import (
    BY_ID,
    CARDS,
    COLORS,
    ROYAL_BY_ID,
    ROYAL_IDS,
    TOKEN_NAMES,
)

LETTERS = dict(zip("wbgrkpy", TOKEN_NAMES, strict=True))

# Each command's spellings: English word and key, the Persian keyboard's key, Persian words.
VERBS: dict[str, tuple[str, ...]] = {
    "take": ("t", "take", "ف", "بردار", "برداشتن"),
    "buy": ("b", "buy", "ذ", "بخر", "خرید"),
    "reserve": ("r", "reserve", "ق", "رزرو"),
    "privilege": ("p", "privilege", "ح", "طومار"),
    "replenish": ("f", "fill", "replenish", "ب", "پرکن", "پر"),
    "steal": ("s", "steal", "س", "بدزد", "دزدی"),
    "discard": ("d", "discard", "ی", "دوربریز", "دور"),
    "royal": ("k", "royal", "ن", "اشراف", "اشراف‌زاده"),
    "pass": ("pass", "رد"),
    "claim": ("claim", "ادعا"),
    "moves": ("?", "؟", "moves", "حرکت‌ها", "حرکتها"),
}
_BY_SPELLING = {spelling: verb for verb, spellings in VERBS.items() for spelling in spellings}

_SPACE = re.compile(r"(\d+)\s*[,،]\s*(\d+)")
_PLACE = re.compile(r"^([123])\s*[.٫/]\s*(\d+)$")
_RESERVED = re.compile(r"^[rر]\s*(\d+)$")
_DECK = re.compile(r"^(?:deck|d|دسته|د)\s*(\d+)$")

_ERRORS: dict[str, tuple[str, str]] = {
    "no-spaces": (
        "Say the spaces as row,column, as the board prints them: {example}.",
        "خانه‌ها را به شکل سطر،ستون بنویسید، همان‌طور که روی صفحه آمده: {example}.",
    ),
    "off-board": (
        "There is no space {space}: rows and columns run from 1 to 5.",
        "خانهٔ {space} وجود ندارد: سطرها و ستون‌ها از ۱ تا ۵ هستند.",
    ),
    "same-space": (
        "The space {space} is named twice.",
        "خانهٔ {space} دو بار آمده است.",
    ),
    "empty-space": ("The space {space} is empty.", "خانهٔ {space} خالی است."),
    "gold-space": (
        "The space {space} holds gold: only gems and pearls can be taken (a gold comes with "
        "a reserve).",
        "در خانهٔ {space} طلا است: فقط جواهر و مروارید برداشته می‌شود (طلا با رزرو می‌آید).",
    ),
    "too-many": (
        "A take is 1 to 3 tokens; {count} spaces were named.",
        "در هر برداشت ۱ تا ۳ توکن برداشته می‌شود؛ {count} خانه نام برده شد.",
    ),
    "not-a-line": (
        "{spaces} is not an unbroken straight line (a row, a column or a diagonal).",
        "{spaces} یک خط راستِ پیوسته (سطر، ستون یا قطر) نیست.",
    ),
    "one-space": (
        "Name one space: {example}.",
        "یک خانه نام ببرید: {example}.",
    ),
    "not-bonus-color": (
        "The Token ability takes a {color} token; the space {space} is not one.",
        "قابلیت توکن یک توکن {color} می‌دهد؛ خانهٔ {space} چنین نیست.",
    ),
    "not-now": (
        "You cannot {what} now. Type ? for the moves you have.",
        "الان نمی‌توانید {what}. برای دیدن حرکت‌هایتان ؟ بنویسید.",
    ),
    "which-card": (
        "Which card? Give its name (red 2a), its place in the pyramid (2.3) or among your "
        "reserved cards (r1).",
        "کدام کارت؟ نامش (قرمز ۲-الف)، جایش در هرم (۲.۳) یا در کارت‌های رزروی‌تان (ر۱) را بنویسید.",
    ),
    "no-such-card": ("No card is called “{text}”.", "کارتی به نام «{text}» نیست."),
    "several-cards": ("Which card? {names}", "کدام کارت؟ {names}"),
    "no-place": (
        "There is no card at {place} of the pyramid.",
        "در جای {place} هرم کارتی نیست.",
    ),
    "no-reserved": (
        "You have no reserved card {place}.",
        "کارت رزروی {place} ندارید.",
    ),
    "no-deck": ("There is no deck {level}: the decks are 1, 2 and 3.", "دستهٔ {level} نداریم."),
    "cannot-buy": ("You cannot buy {card} now.", "الان نمی‌توانید {card} را بخرید."),
    "cannot-reserve": ("You cannot reserve {card} now.", "الان نمی‌توانید {card} را رزرو کنید."),
    "which-color": (
        "{card} is a joker: add the colour it copies ({colors}).",
        "{card} جوکر است: رنگی را که می‌گیرد هم بنویسید ({colors}).",
    ),
    "bad-color": (
        "{card} cannot copy {color}: you have bonuses of {colors}.",
        "{card} نمی‌تواند {color} شود: پاداش‌هایتان {colors} است.",
    ),
    "no-token": (
        "“{text}” is not a token: white, blue, green, red, black, pearl or gold (or W B G R K "
        "P Y).",
        "«{text}» توکن نیست: سفید، آبی، سبز، قرمز، سیاه، مروارید یا طلا.",
    ),
    "bad-pay": (
        "{card} cannot be paid with {pay}. Type “{command} pay” for the payments you have.",
        "{card} را نمی‌توان با {pay} پرداخت. برای دیدن پرداخت‌ها «{command} pay» بنویسید.",
    ),
    "which-gold": (
        "Which gold? Add its space: {example}.",
        "کدام طلا؟ خانه‌اش را هم بنویسید: {example}.",
    ),
    "not-gold": ("The space {space} holds no gold.", "در خانهٔ {space} طلا نیست."),
    "no-privilege-space": (
        "A privilege takes a gem or pearl; the space {space} holds none.",
        "طومار یک جواهر یا مروارید می‌دهد؛ در خانهٔ {space} نیست.",
    ),
    "bad-steal": (
        "You cannot steal {token}: you may take {options}.",
        "نمی‌توانید {token} بدزدید: می‌توانید {options} بردارید.",
    ),
    "bad-discard": (
        "You cannot give back {token}: you hold {options}.",
        "نمی‌توانید {token} پس بدهید: توکن‌هایتان {options} است.",
    ),
    "which-royal": ("Which royal? {names}", "کدام اشراف‌زاده؟ {names}"),
    "no-args": ("“{command}” takes nothing after it.", "پس از «{command}» چیزی نیاید."),
}

_WHAT: dict[str, tuple[str, str]] = {
    "take": ("take tokens", "توکن بردارید"),
    "buy": ("buy a card", "کارت بخرید"),
    "reserve": ("reserve a card", "کارت رزرو کنید"),
    "privilege": ("use a privilege", "از طومار استفاده کنید"),
    "replenish": ("replenish the board", "صفحه را پر کنید"),
    "steal": ("steal a token", "توکن بدزدید"),
    "discard": ("give back a token", "توکن پس بدهید"),
    "royal": ("take a royal", "اشراف‌زاده بگیرید"),
    "pass": ("pass", "رد کنید"),
    "claim": ("claim the stalling win", "ادعای پیروزیِ وقت‌کشی کنید"),
}
_DO = {
    "take": ("take", "take-bonus"),
    "buy": ("buy",),
    "reserve": ("reserve",),
    "privilege": ("privilege",),
    "replenish": ("replenish",),
    "steal": ("steal",),
    "discard": ("discard",),
    "royal": ("royal",),
    "pass": ("pass",),
    "claim": ("claim-stall",),
}


@dataclass(frozen=True)
class Reading:
    """What a typed line means: a legal ``action``; or ``moves`` (the list asked for, narrowed
    to these moves when not empty: ``b red 2a pay`` lists that card's payments); or the
    ``error`` that says why it is no move."""

    action: Action | None = None
    moves: bool = False
    only: tuple[int, ...] = field(default_factory=tuple)  # indexes into legal
    error: str = ""


class _Refused(Exception):
    pass


def _error(key: str, lang: str, **fields: Any) -> str:
    """A refusal in ``lang``; numbers, and the digits and commas of examples, in its script."""
    en, fa = _ERRORS[key]
    text = fa if lang == "fa" else en
    return text.format(
        **{
            k: number(v, lang)
            if isinstance(v, int) and not isinstance(v, bool)
            else (_typed(str(v), lang) if k in ("example", "command") else str(v))
            for k, v in fields.items()
        }
    )


def _typed(text: str, lang: str) -> str:
    """An example command as a reader of ``lang`` types it (``t ۱،۱`` in Persian)."""
    if lang != "fa":
        return text
    return re.sub(r"\d", lambda m: number(int(m.group()), lang), text).replace(",", "،")


def _fold(text: str) -> str:
    text = to_ascii_digits(text).casefold().strip()
    return text.replace(ZWNJ, "").replace("ي", "ی").replace("ك", "ک")


def verb_of(text: str) -> str | None:
    """The command a line starts with (``"take"``, ``"moves"``), or ``None``."""
    head = _fold(text).split(maxsplit=1)
    if not head:
        return None
    word = head[0]
    for verb, spellings in VERBS.items():
        if any(word == _fold(s) for s in spellings):
            return verb
    return None


def _space_text(space: Sequence[int], lang: str) -> str:
    return texts.space_text(space, lang)


def _spaces_of(rest: str) -> tuple[list[list[int]], str]:
    """The ``row,col`` spaces in ``rest``, and what is left of it."""
    spaces = [[int(r), int(c)] for r, c in _SPACE.findall(rest)]
    return spaces, _SPACE.sub(" ", rest).strip()


def _check_spaces(spaces: Sequence[Sequence[int]], lang: str) -> None:
    seen: set[tuple[int, int]] = set()
    for r, c in spaces:
        if not (1 <= r <= 5 and 1 <= c <= 5):
            raise _Refused(_error("off-board", lang, space=_space_text([r, c], lang)))
        if (r, c) in seen:
            raise _Refused(_error("same-space", lang, space=_space_text([r, c], lang)))
        seen.add((r, c))


def _at(view: View, space: Sequence[int]) -> str | None:
    """The token on a space (``None`` when empty)."""
    row = (view.get("board") or [])[space[0] - 1]
    return LETTERS.get(row[space[1] - 1].casefold())


def _token_kind(word: str) -> str | None:
    key = _fold(word)
    if len(key) == 1 and key in LETTERS:
        return LETTERS[key]
    for kind in TOKEN_NAMES:
        if key in (_fold(texts.token_name(kind, "en")), _fold(texts.token_name(kind, "fa"))):
            return kind
    return None


def _names(ids: Sequence[str], lang: str) -> str:
    sep = "، " if lang == "fa" else ", "
    return sep.join(
        texts.royal_name(c, lang) if c in ROYAL_BY_ID else texts.card_name(c, lang) for c in ids
    )


def _kinds(kinds: Sequence[str], lang: str) -> str:
    sep = "، " if lang == "fa" else ", "
    return sep.join(texts.token_name(k, lang) for k in kinds)


# ---------------------------------------------------------------------- cards


def _fold_name(text: str) -> str:
    """A name folded for matching: case, digits, spaces, dashes and ZWNJs ignored;
    an English royal without its “the”."""
    text = unicodedata.normalize("NFC", to_ascii_digits(text)).casefold().strip()
    text = text.removeprefix("the ")
    return re.sub(rf"[\s\-_{ZWNJ}«»\"'“”]", "", text).replace("ي", "ی").replace("ك", "ک")


def _keys(card_id: str) -> set[str]:
    return {
        _fold_name(card_id),
        _fold_name(texts.card_name(card_id, "en")),
        _fold_name(texts.card_name(card_id, "fa")),
    }


_ALL_CARDS: tuple[str, ...] = (*(c.id for c in CARDS), *ROYAL_IDS)


def find_cards(query: str) -> list[str]:
    """The cards (and royals) a typed name may mean: exact matches first, then names that start
    with it, then names that contain it.

    >>> find_cards("red 2a"), find_cards("خاکستری ۳-ب"), find_cards("queen")
    (['2-red-a'], ['3-grey-b'], ['royal-again'])
    """
    key = _fold_name(query)
    if not key:
        return []
    names = [(card_id, _keys(card_id)) for card_id in _ALL_CARDS]
    for test in (
        lambda n: n == key,
        lambda n: n.startswith(key),
        lambda n: key in n,
    ):
        found = [card_id for card_id, keys in names if any(test(n) for n in keys)]
        if found:
            return found
    return []


def _card_of(spec: str, view: View, lang: str, *, royals: bool = False) -> str | None:
    """The card ``spec`` names (a name, ``2.3`` or ``r1``), or ``None`` for ``deck N``."""
    key = _fold(spec)
    if not key:
        raise _Refused(_error("which-card", lang))
    place = _PLACE.match(key)
    if place and not royals:
        level, slot = int(place.group(1)), int(place.group(2))
        row = (view.get("pyramid") or [[], [], []])[level - 1]
        if not 1 <= slot <= len(row) or row[slot - 1] is None:
            raise _Refused(_error("no-place", lang, place=pyramid_place(level, slot, lang)))
        return str(row[slot - 1])
    held = _RESERVED.match(key)
    if held and not royals:
        k = int(held.group(1))
        me = view.get("to_act")
        players = view.get("players") or []
        mine = players[me].get("reserved") or [] if isinstance(me, int) else []
        if not 1 <= k <= len(mine) or not isinstance(mine[k - 1].get("card"), str):
            raise _Refused(_error("no-reserved", lang, place=reserved_place(k, lang)))
        return str(mine[k - 1]["card"])
    found = [c for c in find_cards(spec) if (c in ROYAL_BY_ID) == royals]
    if royals and not found and key.isdigit():
        offered = [str(r) for r in view.get("royals") or []]
        if 1 <= int(key) <= len(offered):
            return offered[int(key) - 1]
    if not found:
        raise _Refused(_error("no-such-card", lang, text=spec.strip()))
    if len(found) > 1:
        exact = [c for c in found if _fold(texts.card_name(c, lang)) == key]
        if len(exact) != 1:
            shown = (
                {str(c) for row in view.get("pyramid") or [] for c in row if c}
                | {str(r) for r in view.get("royals") or []}
                | {
                    str(e.get("card"))
                    for p in view.get("players") or []
                    for e in p.get("reserved") or []
                }
            )
            visible = [c for c in found if c in shown]
            if len(visible) == 1:
                return visible[0]
            raise _Refused(_error("several-cards", lang, names=_names(visible or found, lang)))
        return exact[0]
    return found[0]


def pyramid_place(level: int, slot: int, lang: str) -> str:
    """How the pyramid labels a slot: ``2.3`` (level 2, third card)."""
    return f"{number(level, lang)}.{number(slot, lang)}"


def reserved_place(k: int, lang: str) -> str:
    """How a player's reserved cards are labelled: ``r1`` / ``ر۱``."""
    return f"ر{number(k, lang)}" if lang == "fa" else f"r{k}"


def _split_color(spec: str) -> tuple[str, str | None]:
    """``grey 1a red`` -> (``grey 1a``, ``red``) when the last word is a colour."""
    words = spec.split()
    if len(words) >= 2:
        kind = _token_kind(words[-1])
        if kind in COLORS:
            return " ".join(words[:-1]), kind
    return spec, None


def _payment(card_id: str, player: Mapping[str, Any]) -> dict[str, int]:
    """The automatic payment: the player's gems and pearls first, then gold."""
    card = CARDS[BY_ID[card_id]]
    tokens = player.get("tokens") or {}
    bonuses = player.get("bonuses") or {}
    paid: dict[str, int] = {}
    gold = 0
    for kind in TOKEN_NAMES[:-1]:
        n = card.cost.get(kind, 0) - (int(bonuses.get(kind, 0)) if kind in COLORS else 0)
        if n > 0:
            use = min(n, int(tokens.get(kind, 0)))
            if use:
                paid[kind] = use
            gold += n - use
    if gold:
        paid["gold"] = gold
    return paid


def _pay_of(words: Sequence[str], lang: str) -> dict[str, int]:
    """``2R 1Y``, ``2 red gold``, ``RRY``: token counts."""
    paid: dict[str, int] = {}
    pending = 1
    for raw in words:
        word = _fold(raw)
        counted = re.fullmatch(r"(\d+)\s*(\D*)", word) or re.fullmatch(r"(\D+?)\s*(\d+)", word)
        if counted and counted.group(1).isdigit():
            n, what = int(counted.group(1)), counted.group(2)
        elif counted:
            n, what = int(counted.group(2)), counted.group(1)
        else:
            n, what = pending, word
        if not what:
            pending = n
            continue
        pending = 1
        kind = _token_kind(what)
        if kind is not None:
            paid[kind] = paid.get(kind, 0) + n
        elif what.isascii() and all(ch in LETTERS for ch in what):
            for ch in what:
                paid[LETTERS[ch]] = paid.get(LETTERS[ch], 0) + n
        else:
            raise _Refused(_error("no-token", lang, text=raw))
    return {k: paid[k] for k in TOKEN_NAMES if paid.get(k)}


def _pay_text(paid: Mapping[str, int], lang: str) -> str:
    sep = "، " if lang == "fa" else ", "
    return sep.join(f"{number(n, lang)} {texts.token_name(k, lang)}" for k, n in paid.items())


# ---------------------------------------------------------------------- the commands


def read(text: str, view: View, legal: Sequence[Action], lang: str) -> Reading | None:
    """What the line ``text`` means at this position (``None``: it is no command)."""
    verb = verb_of(text)
    if verb is None:
        return None
    if verb == "moves":
        return Reading(moves=True)
    words = _fold(text).split(maxsplit=1)
    rest = text.strip().split(maxsplit=1)[1] if len(words) > 1 else ""
    rest = to_ascii_digits(rest)
    mine = [i for i, a in enumerate(legal) if a.get("do") in _DO[verb]]
    if not mine:
        what = _WHAT[verb][1 if lang == "fa" else 0]
        return Reading(error=_error("not-now", lang, what=what))
    try:
        found = _HANDLERS[verb](rest, view, legal, mine, lang)
    except _Refused as refused:
        return Reading(error=str(refused))
    return found


def _no_args(verb: str) -> Handler:
    def handler(
        rest: str, view: View, legal: Sequence[Action], mine: list[int], lang: str
    ) -> Reading:
        if rest.strip():
            raise _Refused(_error("no-args", lang, command=VERBS[verb][0]))
        return Reading(action=legal[mine[0]])

    return handler


def _take(rest: str, view: View, legal: Sequence[Action], mine: list[int], lang: str) -> Reading:
    spaces, _ = _spaces_of(rest)
    if not spaces:
        raise _Refused(_error("no-spaces", lang, example="t 1,1 2,2 3,3"))
    _check_spaces(spaces, lang)
    if legal[mine[0]].get("do") == "take-bonus":
        if len(spaces) != 1:
            raise _Refused(_error("one-space", lang, example="t 2,3"))
        for i in mine:
            if list(legal[i]["space"]) == spaces[0]:
                return Reading(action=legal[i])
        pending = view.get("pending") or {}
        color = texts.token_name(str(pending.get("color", "")), lang)
        raise _Refused(
            _error("not-bonus-color", lang, color=color, space=_space_text(spaces[0], lang))
        )
    if len(spaces) > 3:
        raise _Refused(_error("too-many", lang, count=len(spaces)))
    for space in spaces:
        kind = _at(view, space)
        if kind is None:
            raise _Refused(_error("empty-space", lang, space=_space_text(space, lang)))
        if kind == "gold":
            raise _Refused(_error("gold-space", lang, space=_space_text(space, lang)))
    wanted = sorted(spaces)
    for i in mine:
        if sorted(list(s) for s in legal[i]["spaces"]) == wanted:
            return Reading(action=legal[i])
    shown = " ".join(_space_text(s, lang) for s in wanted)
    raise _Refused(_error("not-a-line", lang, spaces=shown))


def _privilege(
    rest: str, view: View, legal: Sequence[Action], mine: list[int], lang: str
) -> Reading:
    spaces, _ = _spaces_of(rest)
    if len(spaces) != 1:
        raise _Refused(_error("one-space", lang, example="p 2,3"))
    _check_spaces(spaces, lang)
    for i in mine:
        if list(legal[i]["space"]) == spaces[0]:
            return Reading(action=legal[i])
    raise _Refused(_error("no-privilege-space", lang, space=_space_text(spaces[0], lang)))


def _buy(rest: str, view: View, legal: Sequence[Action], mine: list[int], lang: str) -> Reading:
    spec, pay_words = rest, None
    parts = re.split(r"\s(?:pay|پرداخت|با)(?:\s|$)", " " + rest + " ", maxsplit=1)
    if len(parts) == 2:
        spec, pay_words = parts[0], parts[1].split()
    spec, color = _split_color(spec)
    try:
        card = _card_of(spec, view, lang)
    except _Refused:
        if color is None:
            raise
        spec, color = f"{spec} {texts.token_name(color, 'en')}", None  # a name ending in a colour
        card = _card_of(spec, view, lang)
    assert card is not None
    name = texts.card_name(card, lang)
    options = [i for i in mine if legal[i].get("card") == card]
    if not options:
        raise _Refused(_error("cannot-buy", lang, card=name))
    colors = [c for c in COLORS if any(legal[i].get("color") == c for i in options)]
    if colors:
        if color is None and len(colors) > 1:
            raise _Refused(_error("which-color", lang, card=name, colors=_kinds(colors, lang)))
        color = color or colors[0]
        if color not in colors:
            raise _Refused(
                _error(
                    "bad-color",
                    lang,
                    card=name,
                    color=texts.token_name(color, lang),
                    colors=_kinds(colors, lang),
                )
            )
        options = [i for i in options if legal[i].get("color") == color]
    if pay_words is None:
        return Reading(action=legal[options[0]])  # the automatic payment is listed first
    if not pay_words:
        return Reading(moves=True, only=tuple(options))
    paid = _pay_of(pay_words, lang)
    me = view.get("to_act")
    player = (view.get("players") or [])[me] if isinstance(me, int) else {}
    for i in options:
        chosen = legal[i].get("pay")
        if (chosen is None and _payment(card, player) == paid) or chosen == paid:
            return Reading(action=legal[i])
    command = f"{VERBS['buy'][0]} {spec.strip()}"
    raise _Refused(_error("bad-pay", lang, card=name, pay=_pay_text(paid, lang), command=command))


def _reserve(rest: str, view: View, legal: Sequence[Action], mine: list[int], lang: str) -> Reading:
    spaces, spec = _spaces_of(rest)
    if len(spaces) > 1:
        raise _Refused(_error("one-space", lang, example="r 3,3 red 2a"))
    _check_spaces(spaces, lang)
    deck = _DECK.match(_fold(spec))
    options: list[int]
    if deck:
        level = int(deck.group(1))
        if level not in (1, 2, 3):
            raise _Refused(_error("no-deck", lang, level=level))
        options = [i for i in mine if legal[i].get("deck") == level]
        what = ("دستهٔ " if lang == "fa" else "deck ") + number(level, lang)
    else:
        card = _card_of(spec, view, lang)
        assert card is not None
        options = [i for i in mine if legal[i].get("card") == card]
        what = texts.card_name(card, lang)
    if not options:
        raise _Refused(_error("cannot-reserve", lang, card=what))
    if spaces:
        for i in options:
            if list(legal[i]["gold"]) == spaces[0]:
                return Reading(action=legal[i])
        raise _Refused(_error("not-gold", lang, space=_space_text(spaces[0], lang)))
    golds = {tuple(legal[i]["gold"]) for i in options}
    if len(golds) > 1:
        first = sorted(golds)[0]
        example = f"{VERBS['reserve'][0]} {first[0]},{first[1]} {spec.strip()}"
        raise _Refused(_error("which-gold", lang, example=example))
    return Reading(action=legal[options[0]])


def _token_choice(key: str, field_name: str = "token") -> Handler:
    def handler(
        rest: str, view: View, legal: Sequence[Action], mine: list[int], lang: str
    ) -> Reading:
        allowed = [str(legal[i][field_name]) for i in mine]
        kind = _token_kind(rest)
        if kind is None:
            raise _Refused(_error("no-token", lang, text=rest.strip()))
        for i in mine:
            if legal[i][field_name] == kind:
                return Reading(action=legal[i])
        raise _Refused(
            _error(key, lang, token=texts.token_name(kind, lang), options=_kinds(allowed, lang))
        )

    return handler


def _royal(rest: str, view: View, legal: Sequence[Action], mine: list[int], lang: str) -> Reading:
    allowed = [str(legal[i]["card"]) for i in mine]
    names = _names(allowed, lang)
    if not rest.strip():
        if len(mine) == 1:
            return Reading(action=legal[mine[0]])
        raise _Refused(_error("which-royal", lang, names=names))
    try:
        royal = _card_of(rest, view, lang, royals=True)
    except _Refused:
        raise _Refused(_error("which-royal", lang, names=names)) from None
    for i in mine:
        if legal[i]["card"] == royal:
            return Reading(action=legal[i])
    raise _Refused(_error("which-royal", lang, names=names))


Handler = Callable[[str, View, Sequence[Action], list[int], str], Reading]

_HANDLERS: dict[str, Handler] = {
    "take": _take,
    "buy": _buy,
    "reserve": _reserve,
    "privilege": _privilege,
    "replenish": _no_args("replenish"),
    "steal": _token_choice("bad-steal"),
    "discard": _token_choice("bad-discard"),
    "royal": _royal,
    "pass": _no_args("pass"),
    "claim": _no_args("claim"),
}
