"""Arena statistics: Wilson intervals and the Bradley–Terry / Elo fit."""

from __future__ import annotations

import math
import random
from statistics import fmean

import pytest

from rumizi.arena.stats import ELO_SCALE, bradley_terry, elo_ratings, wilson


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I,
        # method 3 (Wilson score interval without continuity correction).
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        # By hand: p = 1/2 is symmetric; 0 of n has upper end z²/(n + z²).
        (5, 10, 0.2366, 0.7634),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_matches_published_values(successes: int, n: int, low: float, high: float) -> None:
    got = wilson(successes, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_edge_cases() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(2.5, 5)  # draws count half
    assert low == pytest.approx(1 - high)
    narrow = wilson(500, 1000)
    assert narrow[1] - narrow[0] < wilson(5, 10)[1] - wilson(5, 10)[0]


def simulate(elos: list[float], games: int, seed: int) -> list[list[float]]:
    """Win counts of ``games`` games per pair between players of the given true Elo."""
    rng = random.Random(seed)
    k = len(elos)
    wins = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(i + 1, k):
            p = 1 / (1 + 10 ** ((elos[j] - elos[i]) / 400))
            for _ in range(games):
                if rng.random() < p:
                    wins[i][j] += 1
                else:
                    wins[j][i] += 1
    return wins


def test_bradley_terry_recovers_the_order_and_the_gaps() -> None:
    true = [0.0, 150.0, 300.0, 450.0, 600.0]
    labels = ["e", "d", "c", "b", "a"]
    wins = simulate(true, 400, seed=1)
    ratings = elo_ratings(labels, wins, anchor="e")
    assert ratings["e"] == 0.0
    fitted = [ratings[x] for x in labels]
    assert fitted == sorted(fitted)  # the order is recovered
    for got, want in zip(fitted, true, strict=True):
        assert got == pytest.approx(want, abs=60)


def test_bradley_terry_solves_the_likelihood_equations() -> None:
    wins = simulate([0.0, 100.0, 250.0], 50, seed=2)
    prior = 0.5
    s = bradley_terry(wins, prior=prior)
    assert fmean(math.log(x) for x in s) == pytest.approx(0.0, abs=1e-9)
    for i in range(3):  # at the maximum, each player's expected wins equal their wins
        actual = sum(wins[i][j] + prior for j in range(3) if j != i)
        expected = sum(
            (wins[i][j] + wins[j][i] + 2 * prior) * s[i] / (s[i] + s[j]) for j in range(3) if j != i
        )
        assert expected == pytest.approx(actual, rel=1e-8)


def test_elo_anchors_and_unbeaten_players() -> None:
    wins = [[0, 20], [0, 0]]  # a never lost: finite only thanks to the prior
    mean = elo_ratings(["a", "b"], wins)
    assert fmean(mean.values()) == pytest.approx(1500)
    gap = mean["a"] - mean["b"]
    assert gap == pytest.approx(ELO_SCALE * math.log(20.5 / 0.5))
    pinned = elo_ratings(["a", "b"], wins, anchor="b")
    assert pinned["b"] == 0.0
    assert pinned["a"] == pytest.approx(gap)
    with pytest.raises(ValueError, match="not an entrant"):
        elo_ratings(["a", "b"], wins, anchor="c")
