"""What a card costs a player: bonuses lower its gems, and a player's kept prices stay true."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rumizi.games.splendor_duel import GAME, SplendorDuelState
from rumizi.games.splendor_duel.cards import BY_ID, COST, N_CARDS, PEARL, cost_after_bonuses

SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_each_bonus_takes_one_gem_of_its_colour_off_and_pearls_stay() -> None:
    card = BY_ID["1-white-c"]  # 2 blue, 2 black, 1 pearl
    assert cost_after_bonuses(card, [0, 0, 0, 0, 0]) == [(1, 2), (4, 2), (PEARL, 1)]
    assert cost_after_bonuses(card, [5, 1, 0, 0, 0]) == [(1, 1), (4, 2), (PEARL, 1)]
    # More bonuses than the cost asks for leave that colour out, never below zero.
    assert cost_after_bonuses(card, [0, 3, 0, 0, 2]) == [(PEARL, 1)]


@SETTINGS
@given(st.lists(st.integers(0, 6), min_size=5, max_size=5))
def test_the_price_is_the_cost_less_the_bonuses_for_every_card(bonus: list[int]) -> None:
    for card in range(N_CARDS):
        price = dict(cost_after_bonuses(card, bonus))
        for kind in range(6):
            left = COST[card][kind] - (bonus[kind] if kind < PEARL else 0)
            assert price.get(kind, 0) == max(0, left)
        assert all(n > 0 for n in price.values())


def _assert_prices_true(state: SplendorDuelState) -> None:
    for p in state.players:
        for card in range(N_CARDS):
            assert p.price(card) == cost_after_bonuses(card, p.bonus)


@SETTINGS
@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_kept_prices_follow_purchases_in_clones_and_loaded_copies(seed: int, moves: int) -> None:
    # A clone shares its players' kept prices until one of them buys a card: playing the two
    # on differently must leave each with the prices of its own bonuses.
    rng = random.Random(moves)
    state = GAME.new(seed=seed)
    while not state.over:
        legal = state.legal_actions()
        buys = [a for a in legal if a["do"] == "buy"]
        state.apply(rng.choice(buys) if buys and rng.random() < 0.7 else rng.choice(legal))
        if rng.random() < 0.1:
            twin = state.clone()
            for _ in range(6):
                if twin.over:
                    break
                twin.apply(rng.choice(twin.legal_actions()))
            _assert_prices_true(twin)
            _assert_prices_true(state)
            _assert_prices_true(GAME.load(state.export()))
    _assert_prices_true(state)
