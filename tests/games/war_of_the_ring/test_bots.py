"""Every bot plays War of the Ring through the shared hooks, legally and without peeking."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from rumizi.bots import make
from rumizi.bots.base import Bot
from rumizi.bots.greedy import heuristic_for
from rumizi.bots.search import strategy_for
from rumizi.games.war_of_the_ring import GAME, WarOfTheRingState, heuristics, strategy


def play(bots: list[Bot], seed: int, max_decisions: int = 3000) -> WarOfTheRingState:
    state = GAME.new(seed=seed)
    for _ in range(max_decisions):
        if state.over:
            break
        me = state.to_act
        assert me is not None
        legal = state.legal_actions()
        action = bots[me].choose(state.view(me), legal)
        assert action in legal
        state.apply(action)
    return state


def test_the_game_brings_its_own_heuristic_and_strategy() -> None:
    assert heuristic_for("war-of-the-ring") is heuristics.choose
    found = strategy_for(GAME)
    assert found.source == "strategy"
    assert found.playout_action is strategy.playout_action
    assert found.evaluate is strategy.evaluate


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("random", {}),
        ("greedy", {}),
        ("strong", {}),
        ("easy", {}),
        ("medium", {}),
        ("hard", {"iterations": 2}),
        ("flat-mc", {"iterations": 2}),
        ("ismcts", {"iterations": 2}),
    ],
)
def test_each_bot_plays_a_whole_game(name: str, options: dict[str, Any]) -> None:
    state = play([make(name, seed=1, **options), make("strong", seed=9)], seed=4)
    assert state.over and state.end in ("sweep", "shadows", "exhaustion")


def match(a: str, b: str, games: int, seed: int) -> int:
    """Games ``a`` wins against ``b``, seats alternating."""
    wins = 0
    for game in range(games):
        seat = game % 2
        bots = [make(b, seed=game), make(b, seed=game)]
        bots[seat] = make(a, seed=game)
        wins += play(bots, seed=seed + game).winner == seat
    return wins


def test_greedy_beats_random() -> None:
    assert match("greedy", "random", 16, 100) >= 12


def test_strong_beats_greedy() -> None:
    assert match("strong", "greedy", 16, 200) >= 11


# ---------------------------------------------------------------------- hidden information


def decisions(count: int) -> list[WarOfTheRingState]:
    """Real decisions with something hidden (the opponent's hand), from strong self-play."""
    found: list[WarOfTheRingState] = []
    for seed in range(40):
        state = GAME.new(seed=seed)
        rng = random.Random(seed)
        while not state.over and len(found) < count:
            if len(state.legal_actions()) > 1 and rng.random() < 0.2:
                found.append(state.clone())
            state.apply(strategy.playout_action(state, rng))
        if len(found) >= count:
            break
    return found


def test_the_strong_policy_never_peeks() -> None:
    for i, state in enumerate(decisions(12)):
        me = state.to_act
        assert me is not None
        twin = GAME.sample(state.view(me), seed=1000 + i)  # every hidden card dealt again
        assert twin.export() != state.export()
        assert twin.legal_actions() == state.legal_actions()
        assert strategy.playout_action(state, random.Random(0)) == strategy.playout_action(
            twin, random.Random(0)
        )
        assert strategy.evaluate(state, me) == strategy.evaluate(twin, me)


def test_the_greedy_heuristic_reads_only_the_view() -> None:
    for state in decisions(6):
        me = state.to_act
        assert me is not None
        legal = state.legal_actions()
        assert heuristics.choose(state.view(me), legal, random.Random(0)) in legal


def test_evaluate_is_a_probability() -> None:
    state = decisions(1)[0]
    for player in (0, 1):
        assert 0.0 <= strategy.evaluate(state, player) <= 1.0
    finished = play([make("strong", seed=1), make("strong", seed=2)], seed=5)
    assert finished.winner is not None
    assert strategy.evaluate(finished, finished.winner) == 1.0


# ---------------------------------------------------------------------- search


def test_hard_plays_a_whole_game_legally_within_its_time_budget() -> None:
    bot = make("hard", seed=2, budget=0.05)
    slowest = 0.0
    state = GAME.new(seed=11)
    strong = make("strong", seed=3)
    while not state.over:
        me = state.to_act
        assert me is not None
        legal = state.legal_actions()
        start = time.perf_counter()
        action = (bot if me == 0 else strong).choose(state.view(me), legal)
        if me == 0:
            slowest = max(slowest, time.perf_counter() - start)
        assert action in legal
        state.apply(action)
    assert state.end in ("sweep", "shadows", "exhaustion")
    assert slowest < 0.05 + 0.5  # the budget, and one playout's grace on a loaded machine
