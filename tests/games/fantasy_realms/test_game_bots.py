"""The bots play Fantasy Realms through the contract: every one picks a legal move, in time."""

from __future__ import annotations

import random
import time

import pytest

from rumizi.analysis import playout_plan
from rumizi.bots import make
from rumizi.bots.strategies import forget_strategy, strategy_for
from rumizi.games.fantasy_realms import GAME, heuristics, strategy
from rumizi.games.fantasy_realms.engine import FantasyRealmsState
from rumizi.games.fantasy_realms.hand_values import hand_score

from .conftest import bonus_to_take, combination_to_keep


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
    s = combination_to_keep()
    choice = heuristics.choose(s.view(0), s.legal_actions(), random.Random(0))
    assert choice["do"] == "discard" and choice["card"] not in ("mountain", "smoke", "wildfire")


def test_greedy_takes_a_discard_that_completes_a_bonus() -> None:
    s = bonus_to_take()
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


def test_search_outcome_shares_the_win_by_the_final_scores() -> None:
    s = mid_game()
    while not s.over:
        s.apply(strategy.playout_action(s, random.Random(1)))
    totals = [r["total"] for r in sorted(s.results, key=lambda r: r["player"])]
    shares = strategy.search_outcome(s)
    assert sum(shares) == pytest.approx(1.0)
    # more points, a larger share; the winner's is the largest
    for p in range(4):
        for q in range(4):
            if totals[p] > totals[q]:
                assert shares[p] > shares[q]
    assert max(shares) == shares[s.winners[0]]
    # a seat that conceded has no share, whatever it holds
    s.results = [dict(r, conceded=r["player"] == s.winners[0]) for r in s.results]
    assert strategy.search_outcome(s)[s.winners[0]] == 0.0


def test_evaluate_shares_the_win_among_the_hands_as_they_stand() -> None:
    s = mid_game()
    chances = [strategy.evaluate(s, q) for q in range(4)]
    assert sum(chances) == pytest.approx(1.0)
    scores = [hand_score(s.hands[q], s.area, False, 4)[0] for q in range(4)]
    assert chances.index(max(chances)) == scores.index(max(scores))


def test_search_shortlists_the_draw_and_the_best_takes_and_discards() -> None:
    # The take that makes Cavern's bonus is on the list, with the draw; the cards of the
    # Smoke + Wildfire + Mountain combination are never among the discards raced.
    s = bonus_to_take("bell-tower", "protection-rune", "warship")
    legal = s.legal_actions()
    picked = strategy.search_candidates(s, legal)
    assert picked is not None
    moves = [legal[k] for k in picked]
    assert {"do": "draw"} in moves and {"do": "take", "card": "dwarvish-infantry"} in moves
    assert len(moves) == 1 + strategy.SEARCH_TAKES < len(legal)
    # the same list from any world dealt from the player's view: it reads only its knowledge
    for seed in (1, 2):
        assert strategy.search_candidates(GAME.sample(s.view(0), seed), legal) == picked

    d = combination_to_keep()
    legal = d.legal_actions()
    picked = strategy.search_candidates(d, legal)
    assert picked is not None and len(picked) == strategy.SEARCH_DISCARDS
    assert not {legal[k]["card"] for k in picked} & {"mountain", "smoke", "wildfire"}


def test_search_and_the_analysis_play_out_with_the_greedy_player_for_some_turns() -> None:
    plays = strategy_for(GAME)
    assert plays.rollout is strategy.search_policy
    assert plays.rollout_horizon == strategy.SEARCH_HORIZON
    assert playout_plan(GAME) == (plays.for_playouts(), strategy.SEARCH_HORIZON)
    s = mid_game()
    p = s.to_act
    assert p is not None
    assert strategy.search_policy(s, random.Random(3)) == heuristics.choose(
        s.view(p), s.legal_actions(), random.Random(3)
    )
