"""The Fantasy Realms cards, read once from ``cards.toml``.

Cards are known by their ids (``"great-flood"``). A base card and its Cursed Hoard reprint
share an id; :func:`card_info` answers for one module choice. Suits are small integers so a
card's suits fit in one bit mask (the promo Phoenix is a Beast, a Flame and a Weather at once).

>>> card_info("bell-tower", expansion=False).suit, card_info("bell-tower", expansion=True).suit
('land', 'building')
>>> CARDS["great-flood"].fa, CARDS["great-flood"].strength
('سیل ویرانگر', 32)
>>> len(base_deck(expansion=False)), len(base_deck(expansion=True)), len(ITEMS)
(53, 68, 24)
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Final

# Suit ids in a fixed order: bit ``1 << SUIT_INDEX[suit]`` stands for the suit in a mask.
SUITS: Final = (
    "land",
    "flood",
    "weather",
    "flame",
    "army",
    "wizard",
    "leader",
    "beast",
    "weapon",
    "artifact",
    "wild",
    "building",
    "outsider",
    "undead",
)
BASE_SUITS: Final = SUITS[:11]
SUIT_INDEX: Final = {suit: k for k, suit in enumerate(SUITS)}
# Persian suit names as the Persian rulebook (the seed) prints them; the cards file's table
# uses other words (سرزمین, سیلاب, فرمانروا, ...) and the seed wins where they disagree.
SUIT_NAMES: Final = {
    "land": ("خاک", "Land"),
    "flood": ("آب", "Flood"),
    "weather": ("هوا", "Weather"),
    "flame": ("آتش", "Flame"),
    "army": ("ارتش", "Army"),
    "wizard": ("جادوگر", "Wizard"),
    "leader": ("فرمانده", "Leader"),
    "beast": ("جانور", "Beast"),
    "weapon": ("سلاح", "Weapon"),
    "artifact": ("سحرافزار", "Artifact"),
    "wild": ("آزاد", "Wild"),
    "building": ("ساختمان", "Building"),
    "outsider": ("ماورایی", "Outsider"),
    "undead": ("نامیرا", "Undead"),
}


def bit(suit: str) -> int:
    """The mask bit of one suit id."""
    return 1 << SUIT_INDEX[suit]


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One card as one module choice prints it."""

    id: str
    en: str
    fa: str
    suit: str
    strength: int
    module: str  # base | cursed-hoard | promo
    text: str
    effect_en: str  # what the card does, for players (the scorer page and the CLI)
    effect_fa: str  # the same in Persian
    reprinted: bool = False  # this is the Cursed Hoard reprint's text
    # The card's suits as a mask (the Phoenixes also count as Flame and Weather); computed
    # once, as the scorer and the best-hand search read it very often.
    suits: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        mask = bit(self.suit)
        if self.id in ("phoenix", "phoenix-deluxe"):
            mask |= bit("flame") | bit("weather")
        object.__setattr__(self, "suits", mask)

    def effect(self, lang: str) -> str:
        """The card's effect for players, in ``lang`` (``"fa"`` or ``"en"``)."""
        return self.effect_fa if lang == "fa" else self.effect_en


@dataclass(frozen=True, slots=True)
class ItemInfo:
    """One Cursed Item: its points when used (face down) at game end."""

    id: str
    en: str
    fa: str
    points: int
    timing: str
    timing_fa: str
    text: str
    text_fa: str

    def effect(self, lang: str) -> str:
        """What the item does, in ``lang`` ("fa" or "en")."""
        return self.text_fa if lang == "fa" else self.text

    def when(self, lang: str) -> str:
        """When it can be used, in ``lang``."""
        return self.timing_fa if lang == "fa" else self.timing


def _load() -> tuple[dict[str, CardInfo], dict[str, CardInfo], dict[str, ItemInfo]]:
    raw: dict[str, Any] = tomllib.loads(
        resources.files(__package__).joinpath("cards.toml").read_text("utf-8")
    )
    cards = {c["id"]: CardInfo(**c) for c in raw["card"]}
    reprints = {}
    for r in raw["reprint"]:
        base = cards[r["id"]]
        reprints[r["id"]] = CardInfo(
            id=base.id,
            en=base.en,
            fa=base.fa,
            suit=r["suit"],
            strength=r["strength"],
            module=base.module,
            text=r["text"],
            effect_en=r["effect_en"],
            effect_fa=r["effect_fa"],
            reprinted=True,
        )
    items = {i["id"]: ItemInfo(**i) for i in raw["item"]}
    return cards, reprints, items


CARDS, REPRINTS, ITEMS = _load()
PROMOS: Final = tuple(c for c in CARDS if CARDS[c].module == "promo")


def card_info(card: str, *, expansion: bool) -> CardInfo:
    """The card ``card`` as it plays with (``expansion``) or without the Cursed Hoard suits."""
    if expansion and card in REPRINTS:
        return REPRINTS[card]
    return CARDS[card]


def base_deck(*, expansion: bool) -> tuple[str, ...]:
    """The main deck's ids, in file order: 53 cards, or 68 with the Cursed Hoard suits."""
    modules = ("base", "cursed-hoard") if expansion else ("base",)
    return tuple(c for c, info in CARDS.items() if info.module in modules)


def allowed_cards(*, expansion: bool) -> frozenset[str]:
    """Every card id a hand may hold under this module choice (the promos always may)."""
    return frozenset(base_deck(expansion=expansion)) | frozenset(PROMOS)


def suits_in_play(*, expansion: bool) -> tuple[str, ...]:
    """The suits of the game (Wild included), for Book of Changes."""
    return SUITS if expansion else BASE_SUITS


def conserved(doc: Mapping[str, Any]) -> Counter[str]:
    """What no move creates or destroys in a game document: every card and every Cursed Item,
    counted once (:func:`rumizi.testing.check_game` checks that every position holds the same;
    :mod:`.document` that a document loaded holds every item of its table).

    >>> from rumizi.games.fantasy_realms import GAME
    >>> c = conserved(GAME.new(seed=1, players=3, items=True).export())
    >>> c["card:king"], c["item:spyglass"], sum(c.values())
    (1, 1, 77)
    """
    found: Counter[str] = Counter()
    for c in doc["deck"] + doc["area"] + [c for h in doc["hands"] for c in h]:
        found[f"card:{c}"] += 1
    it = doc["items"]
    pool = it["deck"] + it["pile"] + [x for x in it["up"] if x is not None]
    pool += [x for d in it["down"] for x in d] + [x for a in it["aside"] for x in a]
    pend = doc["pending"]
    if doc["phase"] == "borrowed" and not pend.get("copy"):  # the borrowed item, in use
        pool.append(pend["item"])
    for x in pool:
        found[f"item:{x}"] += 1
    return found
