"""Shared set-up for the Splendor Duel tests: hand-built positions loaded through ``GAME.load``.

``make_doc(...)`` writes a canonical document with sensible defaults and ``position(...)``
loads it (both from one :class:`rumizi.testing.Positions`). Only what a test cares about
needs saying:

* ``board``: five strings of token letters (``W B G R K P Y``, ``.`` empty); default empty;
* ``me`` / ``opp``: player fields (``tokens`` as a dict of counts, ``cards``, ``jokers``,
  ``reserved`` as ``[{"card": id, "blind": bool}]``, ``privileges``, ``royals``, ``stall``);
  ``me`` is the player to act (``current``, default 0);
* ``pyramid``: three rows of ids (default: a fixed set, see ``PYRAMID``);
* any other keyword overrides a top-level field (``phase``, ``pending``, ``queue``, ...).

Tokens not on the board or held go into the bag, and cards not placed anywhere go into the
decks in file order (top card first), so every document conserves tokens and cards. Pass
``bag=...`` or ``decks=...`` to set them yourself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rumizi.games.splendor_duel import GAME, SplendorDuelState
from rumizi.games.splendor_duel.cards import IDS, LETTERS, LEVEL, TOKEN_COUNTS, TOKEN_NAMES
from rumizi.testing import Positions

Doc = dict[str, Any]

# A fixed pyramid of plain cards (no ability), so that tests know what is face up.
PYRAMID = [
    ["1-white-a", "1-blue-a", "1-green-a", "1-red-a", "1-black-a"],
    ["2-black-a", "2-black-b", "2-black-c", "2-black-d"],
    ["3-red-a", "3-red-b", "3-black-a"],
]
EMPTY_BOARD = ["....."] * 5
LEVEL_OF = {c: LEVEL[i] for i, c in enumerate(IDS)}


def complete(doc: Doc, given: set[str]) -> None:
    """Every token kind in each player's ``tokens``; the bag, the decks and the royals left
    over from what the document placed, unless the test gave them."""
    for p in doc["players"]:
        p["tokens"] = {name: p["tokens"].get(name, 0) for name in TOKEN_NAMES}
    if "bag" not in given:
        bag = {}
        for k, name in enumerate(TOKEN_NAMES):
            used = "".join(doc["board"]).count(LETTERS[k])
            used += sum(p["tokens"][name] for p in doc["players"])
            assert used <= TOKEN_COUNTS[k], f"test position uses {used} {name} tokens"
            bag[name] = TOKEN_COUNTS[k] - used
        doc["bag"] = bag
    if "decks" not in given:
        placed = {c for row in doc["pyramid"] for c in row if c is not None}
        for p in doc["players"]:
            placed.update(p["cards"])
            placed.update(r["card"] for r in p["reserved"])
        doc["decks"] = [
            [c for c in IDS if LEVEL_OF[c] == lv and c not in placed] for lv in (1, 2, 3)
        ]
    if "royals" not in given:
        taken = {r for p in doc["players"] for r in p["royals"]}
        doc["royals"] = [r for r in doc["royals"] if r not in taken]


POSITIONS = Positions(
    GAME.load,
    top={
        "game": "splendor-duel",
        "turn": 5,
        "phase": "start",
        "pending": None,
        "queue": [],
        "again": False,
        "bought": False,
        "held": False,
        "board": EMPTY_BOARD,
        "pyramid": PYRAMID,
        "royals": ["royal-3", "royal-again", "royal-privilege", "royal-steal"],
        "winner": None,
        "end": None,
        "seed": 12345,
    },
    player={
        "tokens": {},
        "privileges": 0,
        "cards": [],
        "jokers": {},
        "reserved": [],
        "royals": [],
        "stall": 0,
    },
    complete=complete,
)


@pytest.fixture
def make_doc() -> Callable[..., Doc]:
    return POSITIONS.doc


@pytest.fixture
def position() -> Callable[..., SplendorDuelState]:
    return POSITIONS.load
