"""Shared set-up for the Star Realms tests: hand-built positions loaded through ``GAME.load``.

Fixtures (rather than importable helpers, since the test folders are not packages), all
from one :class:`rumizi.testing.Positions`:

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

from collections.abc import Callable
from typing import Any

import pytest

from rumizi.games.star_realms import GAME, StarRealmsState
from rumizi.testing import Positions

Doc = dict[str, Any]

# Five distinct trade-row cards and a short trade deck of distinct cards (top card first),
# chosen so that a refill is always recognisable.
ROW = ["merchant-skiff", "lance", "supply-bot", "star-freighter", "flagship"]
TRADE_DECK = ["mothership", "dread-ship", "command-ship", "monster-world"]

PLAYER: Doc = {
    "authority": 50,
    "hand": [],
    "deck": [],
    "discard": [],
    "bases": [],
    "pending_discards": 0,
}
POSITIONS = Positions(
    GAME.load,
    top={
        "game": "star-realms",
        "format": "duel",
        "turn": 1,
        "trade_row": ROW,
        "trade_deck": TRADE_DECK,
        "scrap_heap": [],
        "seed": 12345,
    },
    player=PLAYER,
    opponent={**PLAYER, "hand": ["lookout"] * 5},
)


@pytest.fixture
def make_doc() -> Callable[..., Doc]:
    return POSITIONS.doc


@pytest.fixture
def position() -> Callable[..., StarRealmsState]:
    return POSITIONS.load


@pytest.fixture
def me() -> Callable[[StarRealmsState], Doc]:
    return POSITIONS.mover


@pytest.fixture
def opp() -> Callable[[StarRealmsState], Doc]:
    return POSITIONS.waiting
