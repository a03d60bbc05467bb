"""The Splendor Duel card set, read once from ``cards.toml`` into flat tables.

Jewel cards are the integers ``0..66`` in file order (level 1 first), royals ``0..3``. Each
table below is a tuple indexed by that integer, so the engine never touches a dict or an
object on its hot path.

Tokens are integers too: the five gem colours ``0..4`` (white, blue, green, red, black), then
``PEARL`` (5) and ``GOLD`` (6). A card's bonus colour is a gem colour, ``JOKER`` (chosen when
bought) or ``NO_BONUS``.

>>> len(IDS), len(ROYAL_IDS)
(67, 4)
>>> c = BY_ID["2-white-d"]
>>> LEVEL[c], COLOR[c] == WHITE, BONUS[c], POINTS[c]
(2, True, 2, 1)
>>> [TOKEN_NAMES[k] for k, n in COST_ITEMS[BY_ID["1-white-c"]] for _ in range(n)]
['blue', 'blue', 'black', 'black', 'pearl']
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

WHITE, BLUE, GREEN, RED, BLACK, PEARL, GOLD = range(7)
GEMS: Final = (WHITE, BLUE, GREEN, RED, BLACK)
COLORS: Final = ("white", "blue", "green", "red", "black")
TOKEN_NAMES: Final = (*COLORS, "pearl", "gold")
TOKEN_BY_NAME: Final = {name: k for k, name in enumerate(TOKEN_NAMES)}
# One letter per token on the exported board ("." is an empty space).
LETTERS: Final = "WBGRKPY"
LETTER_OF: Final = {letter: k for k, letter in enumerate(LETTERS)}
# How many of each token the game has: 4 of each gem, 2 pearls, 3 gold (25 in all).
TOKEN_COUNTS: Final = (4, 4, 4, 4, 4, 2, 3)

JOKER: Final = 5
NO_BONUS: Final = 6
COLOR_CODES: Final = {
    **{name: k for k, name in enumerate(COLORS)},
    "joker": JOKER,
    "none": NO_BONUS,
}

# Abilities (of jewel cards and of royals).
NONE, AGAIN, TOKEN, PRIVILEGE, STEAL = range(5)
ABILITY_NAMES: Final = ("none", "again", "token", "privilege", "steal")
ABILITY_CODES: Final = {name: k for k, name in enumerate(ABILITY_NAMES)}

# Pyramid slots per level (level 1 has 5 face-up cards, level 2 has 4, level 3 has 3).
PYRAMID_SLOTS: Final = (5, 4, 3)


@dataclass(frozen=True, slots=True)
class Card:
    """One jewel card as written in the data file."""

    id: str
    level: int
    color: str
    points: int
    crowns: int
    ability: str
    bonus: int
    cost: dict[str, int]


@dataclass(frozen=True, slots=True)
class Royal:
    """One royal card."""

    id: str
    points: int
    ability: str


def _load() -> tuple[list[Card], list[Royal]]:
    text = resources.files(__package__).joinpath("cards.toml").read_text(encoding="utf-8")
    data: dict[str, Any] = tomllib.loads(text)
    cards = []
    for raw in data["cards"]:
        cost = {str(k): int(v) for k, v in raw["cost"].items()}
        for name in cost:
            if name not in TOKEN_BY_NAME or name == "gold":
                raise ValueError(f"cards.toml: card {raw['id']!r} costs an unknown token {name!r}")
        if raw["color"] not in COLOR_CODES or raw["ability"] not in ABILITY_CODES:
            raise ValueError(f"cards.toml: card {raw['id']!r} has a bad colour or ability")
        cards.append(
            Card(
                id=str(raw["id"]),
                level=int(raw["level"]),
                color=str(raw["color"]),
                points=int(raw["points"]),
                crowns=int(raw["crowns"]),
                ability=str(raw["ability"]),
                bonus=0 if raw["color"] == "none" else int(raw.get("bonus", 1)),
                cost=cost,
            )
        )
    royals = [Royal(str(r["id"]), int(r["points"]), str(r["ability"])) for r in data["royals"]]
    return cards, royals


CARDS, ROYALS = _load()
CARDS_T: Final = tuple(CARDS)
IDS: Final = tuple(c.id for c in CARDS)
BY_ID: Final = {name: i for i, name in enumerate(IDS)}
N_CARDS: Final = len(IDS)
LEVEL: Final = tuple(c.level for c in CARDS)
COLOR: Final = tuple(COLOR_CODES[c.color] for c in CARDS)
POINTS: Final = tuple(c.points for c in CARDS)
CROWNS: Final = tuple(c.crowns for c in CARDS)
ABILITY: Final = tuple(ABILITY_CODES[c.ability] for c in CARDS)
BONUS: Final = tuple(c.bonus for c in CARDS)
# COST[c][k]: tokens of kind k (gems and pearl, 0..5) the card asks for.
COST: Final = tuple(tuple(c.cost.get(TOKEN_NAMES[k], 0) for k in range(6)) for c in CARDS)
# The non-zero entries of COST as (kind, amount) pairs, gems first then pearl.
COST_ITEMS: Final = tuple(tuple((k, n) for k, n in enumerate(cost) if n) for cost in COST)
# The cards of each level in file order (levels 1, 2, 3 at indices 0, 1, 2).
LEVEL_CARDS: Final = tuple(tuple(c for c in range(N_CARDS) if LEVEL[c] == lv) for lv in (1, 2, 3))

ROYAL_IDS: Final = tuple(r.id for r in ROYALS)
ROYAL_BY_ID: Final = {name: i for i, name in enumerate(ROYAL_IDS)}
ROYAL_POINTS: Final = tuple(r.points for r in ROYALS)
ROYAL_ABILITY: Final = tuple(ABILITY_CODES[r.ability] for r in ROYALS)


def cost_after_bonuses(card: int, bonus: list[int]) -> list[tuple[int, int]]:
    """What ``card`` still asks of a player whose bonuses are ``bonus`` (one count per gem).

    Each bonus of a colour takes one gem of that colour off the price (pearls are never
    lowered); the answer keeps the ``(kind, amount)`` pairs that stay above 0, in the order
    of :data:`COST_ITEMS`. Buying, checking what a card lacks and planning all start here.

    >>> card = BY_ID["1-white-c"]
    >>> [(TOKEN_NAMES[k], n) for k, n in cost_after_bonuses(card, [0, 1, 0, 0, 3])]
    [('blue', 1), ('pearl', 1)]
    """
    cost = []
    for k, n in COST_ITEMS[card]:
        if k < PEARL:
            n -= bonus[k]
            if n <= 0:
                continue
        cost.append((k, n))
    return cost


__all__ = [
    "ABILITY",
    "ABILITY_NAMES",
    "AGAIN",
    "BLACK",
    "BLUE",
    "BONUS",
    "BY_ID",
    "CARDS",
    "COLOR",
    "COLORS",
    "COST",
    "COST_ITEMS",
    "CROWNS",
    "GEMS",
    "GOLD",
    "GREEN",
    "IDS",
    "JOKER",
    "LETTERS",
    "LEVEL",
    "LEVEL_CARDS",
    "NONE",
    "NO_BONUS",
    "N_CARDS",
    "PEARL",
    "POINTS",
    "PRIVILEGE",
    "PYRAMID_SLOTS",
    "RED",
    "ROYALS",
    "ROYAL_ABILITY",
    "ROYAL_BY_ID",
    "ROYAL_IDS",
    "ROYAL_POINTS",
    "STEAL",
    "TOKEN",
    "TOKEN_BY_NAME",
    "TOKEN_COUNTS",
    "TOKEN_NAMES",
    "WHITE",
    "Card",
    "Royal",
    "conserved",
    "cost_after_bonuses",
]


def conserved(doc: Mapping[str, Any]) -> Counter[str]:
    """What a game document holds that no move creates or destroys, by name: every jewel
    card and royal by id, tokens as ``token:<kind>``, the privilege scrolls as ``privilege``.

    :func:`rumizi.testing.check_game` checks that every position of a game holds the same.

    >>> found = conserved({"board": ["W.", "G."], "bag": {"white": 2}, "privileges": 1,
    ...     "pyramid": [["1-white-a", None]], "decks": [["1-blue-a"], [], []], "royals": [],
    ...     "players": [{"tokens": {"white": 1}, "privileges": 2, "cards": ["2-black-a"],
    ...                  "reserved": [{"card": "3-red-a", "blind": True}], "royals": []}]})
    >>> found["token:white"], found["token:green"], found["privilege"], found["3-red-a"]
    (4, 1, 3, 1)
    """
    found: Counter[str] = Counter()
    letters = dict(zip(LETTERS, TOKEN_NAMES, strict=False))
    for row in doc["board"]:
        found.update(f"token:{letters[c]}" for c in row if c in letters)
    found.update({f"token:{k}": n for k, n in doc["bag"].items()})
    found["privilege"] += doc["privileges"]
    found.update(c for row in doc["pyramid"] for c in row if c is not None)
    found.update(c for deck in doc["decks"] for c in deck)
    found.update(doc["royals"])
    for player in doc["players"]:
        found.update({f"token:{k}": n for k, n in player["tokens"].items()})
        found["privilege"] += player["privileges"]
        found.update(player["cards"])
        found.update(r["card"] for r in player["reserved"])
        found.update(player["royals"])
    return found
