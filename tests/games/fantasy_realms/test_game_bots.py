"""The bots play Fantasy Realms through the contract: every one picks a legal move, in time."""

from __future__ import annotations

import random
import time

import pytest

from rumizi.bots import make
from rumizi.bots.strategies import forget_strategy
from rumizi.games.fantasy_realms import GAME, heuristics, strategy
from rumizi.games.fantasy_realms.engine import FantasyRealmsState

from .conftest import position


def mid_game(seed: int = 4, **options: object) -> FantasyRealmsState:
    s = GAME.new(seed=seed, players=4, **options)  # type: ignore[arg-type]
    rng = random.Random(seed)
    for _ in range(9):
        s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.fixture
def bots_know_the_game(registered: None) -> object:
    forget_strategy(GAME.id)
    yield
    forget_strategy(GAME.id)


@pytest.mark.usefixtures("bots_know_the_game")
@pytest.mark.parametrize("name", ["random", "greedy", "strong", "easy", "medium"])
def test_every_bot_picks_a_legal_move(name: str) -> None:
    options = {"budget": 0.2} if name == "medium" else {}
    bot = make(name, seed=1, **options)
    for s in (mid_game(), mid_game(items=True, suits=True)):
        p = s.to_act
        assert p is not None
        start = time.perf_counter()
        action = bot.choose(s.view(p), s.legal_actions())
        assert action in s.legal_actions()
        assert time.perf_counter() - start < 5


def test_greedy_keeps_the_combination_and_discards_the_dead_card() -> None:
    # Smoke + Wildfire + Mountain make Mountain's +50: none of the three is let go.
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
    choice = heuristics.choose(s.view(0), s.legal_actions(), random.Random(0))
    assert choice["do"] == "discard" and choice["card"] not in ("mountain", "smoke", "wildfire")


def test_greedy_takes_a_discard_that_completes_a_bonus() -> None:
    # Cavern's +25 with Dwarvish Infantry, another Army for the King and the Queen
    hand = ["king", "queen", "knights", "light-cavalry", "elven-archers", "forest", "cavern"]
    s = position(
        3,
        hands=[
            hand,
            ["unicorn", "dragon", "swamp", "island", "rainstorm", "blizzard", "hydra"],
            ["candle", "forge", "lightning", "mountain", "smoke", "rangers", "collector"],
        ],
        area=["dwarvish-infantry", "wildfire"],
    )
    choice = heuristics.choose(s.view(0), s.legal_actions(), random.Random(0))
    assert choice == {"do": "take", "card": "dwarvish-infantry"}


def test_strong_reads_only_its_view_and_evaluates_in_range() -> None:
    s = mid_game()
    p = s.to_act
    assert p is not None
    a = strategy.playout_action(GAME.sample(s.view(p), 1), random.Random(0))
    b = strategy.playout_action(GAME.sample(s.view(p), 2), random.Random(0))
    assert a in s.legal_actions() and b in s.legal_actions()
    assert all(0.0 <= strategy.evaluate(s, q) <= 1.0 for q in range(4))
