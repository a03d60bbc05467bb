"""The Star Realms cards as data, read from ``cards.toml`` into flat tables.

Cards are identified inside the engine by a small integer (their row in :data:`CARDS`);
the canonical id string (``"gnat"``) is used at every boundary.

>>> CARDS[BY_ID["gnat"]].en, CARDS[BY_ID["gnat"]].cost
('Gnat', 1)
>>> len(CARDS), len(TRADE_DECK)
(35, 65)
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

FACTIONS: tuple[str, ...] = ("none", "federation", "monsters", "machine-cult", "empire")
FACTION_NAMES: dict[str, dict[str, str]] = {
    "none": {"en": "Unaligned", "fa": "بی‌جناح"},
    "federation": {"en": "Federation", "fa": "فدراسیون"},
    "monsters": {"en": "Monsters", "fa": "هیولاها"},
    "machine-cult": {"en": "Machine Cult", "fa": "ماشین‌پرستان"},
    "empire": {"en": "Empire", "fa": "امپراتوری"},
}

# Effect codes. The first seven are printed on cards; the last two exist only in the
# resolution queue: a forced discard at the start of a turn, and "fire the allies that hold".
TRADE, COMBAT, AUTHORITY, DRAW, SCRAP_CARD, CLEAR_ROW, OPP_DISCARD, FORCED_DISCARD, ALLIES = range(
    9
)
EFFECTS: tuple[str, ...] = (
    "trade",
    "combat",
    "authority",
    "draw",
    "scrap-card",
    "clear-row",
    "opp-discard",
    "forced-discard",
    "allies",
)
EFFECT_CODE: dict[str, int] = {name: code for code, name in enumerate(EFFECTS)}
CARD_EFFECTS = EFFECTS[:7]

Effect = tuple[int, int]  # (effect code, amount)


@dataclass(frozen=True, slots=True)
class Card:
    """One distinct card."""

    index: int
    id: str
    en: str
    fa: str
    faction: str
    cost: int
    copies: int
    type: str  # "ship", "base" or "outpost"
    defense: int
    primary: tuple[Effect, ...]
    ally: tuple[Effect, ...]
    scrap: tuple[Effect, ...]

    @property
    def is_base(self) -> bool:
        return self.type != "ship"

    @property
    def is_outpost(self) -> bool:
        return self.type == "outpost"

    def name(self, lang: str = "en") -> str:
        return self.fa if lang == "fa" else self.en


def _parse_effects(text: str, where: str) -> tuple[Effect, ...]:
    effects: list[Effect] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, amount = part.partition(" ")
        if name not in CARD_EFFECTS or not amount.isdigit():
            raise ValueError(f"cards.toml: bad effect {part!r} in {where}")
        effects.append((EFFECT_CODE[name], int(amount)))
    return tuple(effects)


def _load() -> tuple[Card, ...]:
    raw = tomllib.loads(resources.files(__package__).joinpath("cards.toml").read_text("utf-8"))
    cards = []
    for index, (card_id, row) in enumerate(raw.items()):
        kind = row["type"]
        if kind not in ("ship", "base", "outpost") or row["faction"] not in FACTIONS:
            raise ValueError(f"cards.toml: bad type or faction for {card_id}")
        cards.append(
            Card(
                index=index,
                id=card_id,
                en=row["en"],
                fa=row["fa"],
                faction=row["faction"],
                cost=row["cost"],
                copies=row["copies"],
                type=kind,
                defense=row.get("defense", 0),
                primary=_parse_effects(row.get("primary", ""), f"{card_id}.primary"),
                ally=_parse_effects(row.get("ally", ""), f"{card_id}.ally"),
                scrap=_parse_effects(row.get("scrap", ""), f"{card_id}.scrap"),
            )
        )
    return tuple(cards)


CARDS: tuple[Card, ...] = _load()
BY_ID: dict[str, int] = {card.id: card.index for card in CARDS}
NAMES: tuple[str, ...] = tuple(card.id for card in CARDS)

LOOKOUT = BY_ID["lookout"]
VIPER = BY_ID["viper"]
EXPLORER = BY_ID["explorer"]

# Flat per-card tables: the engine's hot paths index these rather than touching objects.
COST: tuple[int, ...] = tuple(c.cost for c in CARDS)
DEFENSE: tuple[int, ...] = tuple(c.defense for c in CARDS)
IS_BASE: tuple[bool, ...] = tuple(c.is_base for c in CARDS)
IS_OUTPOST: tuple[bool, ...] = tuple(c.is_outpost for c in CARDS)
FACTION: tuple[int, ...] = tuple(FACTIONS.index(c.faction) for c in CARDS)
PRIMARY: tuple[tuple[Effect, ...], ...] = tuple(c.primary for c in CARDS)
ALLY: tuple[tuple[Effect, ...], ...] = tuple(c.ally for c in CARDS)
SCRAP: tuple[tuple[Effect, ...], ...] = tuple(c.scrap for c in CARDS)
HAS_ALLY: tuple[bool, ...] = tuple(bool(c.ally) for c in CARDS)
HAS_SCRAP: tuple[bool, ...] = tuple(bool(c.scrap) for c in CARDS)

TRADE_DECK: tuple[int, ...] = tuple(c.index for c in CARDS for _ in range(c.copies))
TRADE_COUNTS: tuple[int, ...] = tuple(c.copies for c in CARDS)
STARTING_DECK: tuple[int, ...] = (LOOKOUT,) * 8 + (VIPER,) * 2


def held(doc: Mapping[str, Any]) -> Counter[str]:
    """Every card a game document holds, by id: the trade row, trade deck and scrap heap,
    and each player's hand, deck, discard pile, bases and cards in play.

    >>> held({"trade_row": ["gnat", None], "trade_deck": ["gnat"], "scrap_heap": [],
    ...       "players": [{"hand": ["viper", "explorer"], "in_play": ["lookout"]}]})
    Counter({'gnat': 2, 'viper': 1, 'explorer': 1, 'lookout': 1})
    """
    found: Counter[str] = Counter(c for c in doc["trade_row"] if c is not None)
    found.update(doc["trade_deck"])
    found.update(doc["scrap_heap"])
    for player in doc["players"]:
        for pile in ("hand", "deck", "discard", "bases", "in_play"):
            found.update(player.get(pile, ()))
    return found


def conserved(doc: Mapping[str, Any]) -> Counter[str]:
    """The cards of :func:`held` but Explorers (bought from a supply that never runs out,
    and returned to it when scrapped): no move creates or destroys one, so
    :func:`rumizi.testing.check_game` checks that every position of a game holds the same.
    """
    found = held(doc)
    del found["explorer"]
    return found
