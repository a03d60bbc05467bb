"""Shared set-up for the Fantasy Realms game tests.

The game is not in the catalogue yet (its package defines no ``GAME``), so the ``registered``
fixture registers :data:`rumizi.games.fantasy_realms.GAME` for one test and takes it
out again. ``position(...)`` builds a hand-written position from a new game's document:
only what a test says changes, and the cards and items it does not place go to the deck (in
file order, the last one on top) so every document conserves them. Two positions serve
several bots' tests: :func:`combination_to_keep` and :func:`bonus_to_take`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from rumizi.core import registry
from rumizi.games.fantasy_realms import GAME
from rumizi.games.fantasy_realms.cards import ITEMS
from rumizi.games.fantasy_realms.engine import FantasyRealmsState, Options


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``rumizi.game("fantasy-realms")`` for the length of one test."""
    registry.game_ids()  # discover the other games first, so the patch is undone cleanly
    monkeypatch.setitem(registry._GAMES, GAME.id, GAME)
    yield


def position(
    players: int = 4,
    *,
    hands: list[list[str]] | None = None,
    area: list[str] | None = None,
    deck_top: list[str] | None = None,
    up: list[str | None] | None = None,
    down: list[list[str]] | None = None,
    options: dict[str, Any] | None = None,
    turn: int = 5,
    current: int = 0,
    **top: Any,
) -> FantasyRealmsState:
    """A position: the given hands, discard area, deck top (last card on top) and items."""
    opts = dict(options or {})
    s = GAME.new(seed=0, players=players, first=0, **opts)
    doc = s.export()
    o = Options(players, **opts)
    hands = hands if hands is not None else [[] for _ in range(players)]
    area = area or []
    deck_top = deck_top or []
    placed = Counter(c for h in hands for c in h) + Counter(area) + Counter(deck_top)
    rest = [c for c in o.cards() if c not in placed]
    doc.update(
        hands=hands, area=area, deck=rest + deck_top, turn=turn, current=current, phase="take"
    )
    if o.items:
        it = doc["items"]
        it["up"] = up if up is not None else [None] * players
        it["down"] = down if down is not None else [[] for _ in range(players)]
        used = Counter(x for x in it["up"] if x) + Counter(x for d in it["down"] for x in d)
        it["deck"] = [x for x in ITEMS if x not in used]
        it["pile"] = []
    doc.update(top)
    return GAME.load(doc)


def combination_to_keep() -> FantasyRealmsState:
    """Player 0 discards from a hand where Smoke + Wildfire + Mountain make Mountain's +50."""
    hand = ["mountain", "smoke", "wildfire", "king", "queen", "knights", "forest", "great-flood"]
    s = position(
        3,
        hands=[
            hand,
            ["cavern", "unicorn", "dragon", "swamp", "island", "rainstorm", "blizzard"],
            [
                "candle",
                "forge",
                "lightning",
                "elven-archers",
                "light-cavalry",
                "rangers",
                "collector",
            ],
        ],
    )
    s.phase = "discard"
    return s


def bonus_to_take(*more_area: str) -> FantasyRealmsState:
    """Player 0 takes or draws; Dwarvish Infantry in the area makes Cavern's +25 and
    another Army for the King and the Queen."""
    hand = ["king", "queen", "knights", "light-cavalry", "elven-archers", "forest", "cavern"]
    return position(
        3,
        hands=[
            hand,
            ["unicorn", "dragon", "swamp", "island", "rainstorm", "blizzard", "hydra"],
            ["candle", "forge", "lightning", "mountain", "smoke", "rangers", "collector"],
        ],
        area=["dwarvish-infantry", "wildfire", *more_area],
    )
