"""Shared set-up for the Splendor Duel tests: hand-built positions loaded through ``GAME.load``.

``build_doc(...)`` writes a canonical document with sensible defaults and ``position(...)``
loads it. Only what a test cares about needs saying:

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

import copy
from collections.abc import Callable
from typing import Any

import pytest

from rumizi.games.splendor_duel import GAME, SplendorDuelState
from rumizi.games.splendor_duel.cards import IDS, LETTERS, LEVEL, TOKEN_COUNTS, TOKEN_NAMES

Doc = dict[str, Any]

# A fixed pyramid of plain cards (no ability), so that tests know what is face up.
PYRAMID = [
    ["1-white-a", "1-blue-a", "1-green-a", "1-red-a", "1-black-a"],
    ["2-black-a", "2-black-b", "2-black-c", "2-black-d"],
    ["3-red-a", "3-red-b", "3-black-a"],
]
EMPTY_BOARD = ["....."] * 5


def player_doc(**fields: Any) -> Doc:
    doc: Doc = {
        "tokens": {},
        "privileges": 0,
        "cards": [],
        "jokers": {},
        "reserved": [],
        "royals": [],
        "stall": 0,
    }
    doc.update(copy.deepcopy(fields))
    doc["tokens"] = {name: doc["tokens"].get(name, 0) for name in TOKEN_NAMES}
    return doc


def build_doc(
    *,
    me: Doc | None = None,
    opp: Doc | None = None,
    current: int = 0,
    board: list[str] | None = None,
    pyramid: list[list[str | None]] | None = None,
    **top: Any,
) -> Doc:
    mine = player_doc(**(me or {}))
    theirs = player_doc(**(opp or {}))
    players = [mine, theirs] if current == 0 else [theirs, mine]
    rows = list(board or EMPTY_BOARD)
    rows_pyramid = copy.deepcopy(pyramid if pyramid is not None else PYRAMID)
    doc: Doc = {
        "game": "splendor-duel",
        "turn": 5,
        "current": current,
        "phase": "start",
        "pending": None,
        "queue": [],
        "again": False,
        "bought": False,
        "held": False,
        "board": rows,
        "pyramid": rows_pyramid,
        "royals": ["royal-3", "royal-again", "royal-privilege", "royal-steal"],
        "players": players,
        "winner": None,
        "end": None,
        "seed": 12345,
    }
    doc.update(copy.deepcopy(top))
    if "bag" not in top:
        bag = {}
        for k, name in enumerate(TOKEN_NAMES):
            used = "".join(doc["board"]).count(LETTERS[k])
            used += sum(p["tokens"][name] for p in doc["players"])
            assert used <= TOKEN_COUNTS[k], f"test position uses {used} {name} tokens"
            bag[name] = TOKEN_COUNTS[k] - used
        doc["bag"] = bag
    if "decks" not in top:
        placed = {c for row in doc["pyramid"] for c in row if c is not None}
        for p in doc["players"]:
            placed.update(p["cards"])
            placed.update(r["card"] for r in p["reserved"])
        doc["decks"] = [
            [c for c in IDS if LEVEL_OF[c] == lv and c not in placed] for lv in (1, 2, 3)
        ]
    if "royals" not in top:
        taken = {r for p in doc["players"] for r in p["royals"]}
        doc["royals"] = [r for r in doc["royals"] if r not in taken]
    return doc


LEVEL_OF = {c: LEVEL[i] for i, c in enumerate(IDS)}


def load(**fields: Any) -> SplendorDuelState:
    return GAME.load(build_doc(**fields))


def current_player(state: SplendorDuelState) -> Doc:
    doc = state.export()
    player: Doc = doc["players"][doc["current"]]
    return player


def other_player(state: SplendorDuelState) -> Doc:
    doc = state.export()
    player: Doc = doc["players"][1 - doc["current"]]
    return player


@pytest.fixture
def make_doc() -> Callable[..., Doc]:
    return build_doc


@pytest.fixture
def position() -> Callable[..., SplendorDuelState]:
    return load
