"""Shared set-up for the Star Realms tests: hand-built positions loaded through ``GAME.load``.

Fixtures (rather than importable helpers, since the test folders are not packages):

* ``make_doc(**fields)`` builds a canonical document (spec §4) with sensible defaults;
* ``position(**fields)`` builds that document and loads it;
* ``me(state)`` / ``opp(state)`` are the exported dicts of the player to act and the other one.

By default player 0 is to act at the start of turn 1 with an empty hand, deck and discard,
and the opponent (player 1) holds five Lookouts. ``me``/``opp`` fields override a player's
defaults; any other keyword overrides a top-level field of the document. A document whose
current player carries any mid-turn field (``in_play``, ``played``, ``allied``, ``trade``,
``combat``, ``pending``, ``queue``) resumes mid-turn; otherwise loading it starts the turn.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from rumizi.games.star_realms import GAME, StarRealmsState

Doc = dict[str, Any]

# Five distinct trade-row cards and a short trade deck of distinct cards (top card first),
# chosen so that a refill is always recognisable.
ROW = ["merchant-skiff", "lance", "supply-bot", "star-freighter", "flagship"]
TRADE_DECK = ["mothership", "dread-ship", "command-ship", "monster-world"]


def player_doc(**fields: Any) -> Doc:
    doc: Doc = {
        "authority": 50,
        "hand": [],
        "deck": [],
        "discard": [],
        "bases": [],
        "pending_discards": 0,
    }
    doc.update(copy.deepcopy(fields))
    return doc


def build_doc(
    *, me: Doc | None = None, opp: Doc | None = None, current: int = 0, **top: Any
) -> Doc:
    mine = player_doc(**(me or {}))
    theirs = player_doc(**{"hand": ["lookout"] * 5, **(opp or {})})
    players = [mine, theirs] if current == 0 else [theirs, mine]
    doc: Doc = {
        "game": "star-realms",
        "format": "duel",
        "turn": 1,
        "current": current,
        "players": players,
        "trade_row": list(ROW),
        "trade_deck": list(TRADE_DECK),
        "scrap_heap": [],
        "seed": 12345,
    }
    doc.update(copy.deepcopy(top))
    return doc


def load(**fields: Any) -> StarRealmsState:
    return GAME.load(build_doc(**fields))


def current_player(state: StarRealmsState) -> Doc:
    doc = state.export()
    player: Doc = doc["players"][doc["current"]]
    return player


def other_player(state: StarRealmsState) -> Doc:
    doc = state.export()
    player: Doc = doc["players"][1 - doc["current"]]
    return player


@pytest.fixture
def make_doc() -> Callable[..., Doc]:
    return build_doc


@pytest.fixture
def position() -> Callable[..., StarRealmsState]:
    return load


@pytest.fixture
def me() -> Callable[[StarRealmsState], Doc]:
    return current_player


@pytest.fixture
def opp() -> Callable[[StarRealmsState], Doc]:
    return other_player
