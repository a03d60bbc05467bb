"""The two War of the Ring decks, read once from ``cards.toml`` into flat tables of ints.

A card *kind* is an integer ``0..N_KINDS-1`` in file order (the Free Peoples first); a deck
holds ``COUNT[k]`` copies of kind ``k``, and the engine keeps piles as plain lists of kinds.
Every table is a tuple indexed by the kind, so the engine's hot path never touches a dict.

Factions are ``FREE`` (0) and ``SHADOW`` (1). A unit ability is one of ``AURA FEAR GUARD``
(continuous) or ``HORDE STAND SLAY`` (before comparison), with its number in ``UNIT_N``; an
event is a tuple of ``(effect, n)`` steps, the effects being ``DRAW RECOVER DISCARD BOOST PEEK
MOVE SHADOW``.

>>> len(DECKS[FREE]), len(DECKS[SHADOW])
(30, 30)
>>> k = BY_ID["fp-aragorn"]
>>> COMBAT[k], UNIT_NAMES[UNIT[k]], UNIT_N[k], COST[k]
(6, 'aura', 1, 2)
>>> [(EFFECT_NAMES[e], n) for e, n in EVENT[BY_ID["fp-gandalf"]]]
[('draw', 2), ('recover', 1)]
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

FREE, SHADOW = 0, 1
FACTION_NAMES: Final = ("free", "shadow")

# Unit abilities: none, three continuous, three before comparison.
NO_UNIT, AURA, FEAR, GUARD, HORDE, STAND, SLAY = range(7)
UNIT_NAMES: Final = ("none", "aura", "fear", "guard", "horde", "stand", "slay")
CONTINUOUS: Final = frozenset({AURA, FEAR, GUARD})
BEFORE_COMPARISON: Final = frozenset({HORDE, STAND, SLAY})

# Event effects.
DRAW, RECOVER, DISCARD, BOOST, PEEK, MOVE, SHADOW_TAKE = range(7)
EFFECT_NAMES: Final = ("draw", "recover", "discard", "boost", "peek", "move", "shadow")

MAX_COMBAT: Final = 6
MAX_COST: Final = 3


@dataclass(frozen=True, slots=True)
class Card:
    """One card kind as written in the data file."""

    id: str
    faction: str
    count: int
    combat: int
    unit: tuple[str, int] | None
    cost: int
    event: tuple[tuple[str, int], ...]
    names: dict[str, str]  # language -> name (what it does: texts.card_line, from the data)


def _load() -> list[Card]:
    text = resources.files(__package__).joinpath("cards.toml").read_text(encoding="utf-8")
    data: dict[str, Any] = tomllib.loads(text)
    out: list[Card] = []
    seen: set[str] = set()
    for raw in data["card"]:
        cid = raw["id"]
        if cid in seen:
            raise ValueError(f"cards.toml: card {cid!r} appears twice")
        seen.add(cid)
        unit = raw.get("unit") or None
        if unit is not None and (len(unit) != 2 or unit[0] not in UNIT_NAMES[1:]):
            raise ValueError(f"cards.toml: {cid}: bad unit ability {unit!r}")
        event = tuple((str(e), int(n)) for e, n in raw["event"])
        if not event or any(e not in EFFECT_NAMES for e, _ in event):
            raise ValueError(f"cards.toml: {cid}: bad event {raw['event']!r}")
        if raw["faction"] not in FACTION_NAMES:
            raise ValueError(f"cards.toml: {cid}: unknown faction {raw['faction']!r}")
        if not 0 <= raw["combat"] <= MAX_COMBAT or not 0 <= raw["cost"] <= MAX_COST:
            raise ValueError(f"cards.toml: {cid}: combat 0-6 and cost 0-3")
        out.append(
            Card(
                id=cid,
                faction=raw["faction"],
                count=int(raw["count"]),
                combat=int(raw["combat"]),
                unit=(str(unit[0]), int(unit[1])) if unit else None,
                cost=int(raw["cost"]),
                event=event,
                names={"en": raw["en"], "fa": raw["fa"]},
            )
        )
    return out


CARDS: Final = tuple(_load())
N_KINDS: Final = len(CARDS)
IDS: Final = tuple(c.id for c in CARDS)
BY_ID: Final = {c.id: k for k, c in enumerate(CARDS)}
FACTION: Final = tuple(FACTION_NAMES.index(c.faction) for c in CARDS)
COUNT: Final = tuple(c.count for c in CARDS)
COMBAT: Final = tuple(c.combat for c in CARDS)
UNIT: Final = tuple(UNIT_NAMES.index(c.unit[0]) if c.unit else NO_UNIT for c in CARDS)
UNIT_N: Final = tuple(c.unit[1] if c.unit else 0 for c in CARDS)
COST: Final = tuple(c.cost for c in CARDS)
EVENT: Final = tuple(tuple((EFFECT_NAMES.index(e), n) for e, n in c.event) for c in CARDS)
# Each faction's deck as a list of kinds (copies repeated), in file order.
DECKS: Final = tuple(
    tuple(k for k, c in enumerate(CARDS) if FACTION[k] == f for _ in range(c.count))
    for f in (FREE, SHADOW)
)
# How many copies of each kind a faction owns (0 for the other faction's kinds).
OWNED: Final = tuple(
    tuple(COUNT[k] if FACTION[k] == f else 0 for k in range(N_KINDS)) for f in (FREE, SHADOW)
)

__all__ = [
    "AURA",
    "BEFORE_COMPARISON",
    "BOOST",
    "BY_ID",
    "CARDS",
    "COMBAT",
    "CONTINUOUS",
    "COST",
    "COUNT",
    "DECKS",
    "DISCARD",
    "DRAW",
    "EFFECT_NAMES",
    "EVENT",
    "FACTION",
    "FACTION_NAMES",
    "FEAR",
    "FREE",
    "GUARD",
    "HORDE",
    "IDS",
    "MOVE",
    "NO_UNIT",
    "N_KINDS",
    "OWNED",
    "PEEK",
    "RECOVER",
    "SHADOW",
    "SHADOW_TAKE",
    "SLAY",
    "STAND",
    "UNIT",
    "UNIT_N",
    "UNIT_NAMES",
    "Card",
    "conserved",
]


def conserved(doc: Mapping[str, Any]) -> Counter[str]:
    """Every card a game document holds, by id: hands, decks, graveyards, shadow rows, the
    zones and the event being played. No move creates or destroys a card, so
    :func:`rumizi.testing.check_game` checks that every position holds the same.
    """
    found: Counter[str] = Counter()
    for player in doc["players"]:
        for pile in ("hand", "deck", "graveyard", "shadow_row"):
            found.update(player[pile])
    for zone in doc["zones"]:
        for cards in zone["cards"]:
            found.update(cards)
    if doc.get("playing") is not None:
        found[doc["playing"]["card"]] += 1
    return found
