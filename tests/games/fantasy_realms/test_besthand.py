"""The best-hand search: its bound is admissible and it agrees with brute force on small pools."""

from __future__ import annotations

import random

import pytest

from rumizi.games.fantasy_realms import besthand
from rumizi.games.fantasy_realms.cards import base_deck

DECK = list(base_deck(expansion=False))


def test_the_bound_is_never_below_the_exact_score() -> None:
    rng = random.Random(7)
    for _ in range(60):
        hand = rng.sample(DECK, rng.choice([7, 8]))
        bound, score = besthand.check_bound(hand)
        assert bound >= score, hand


def test_the_bound_is_tight_on_the_best_known_hand() -> None:
    hand = [
        "bell-tower",
        "candle",
        "necromancer",
        "warhorse",
        "sword-of-keth",
        "shield-of-keth",
        "gem-of-order",
        "book-of-changes",
    ]
    assert besthand.check_bound(hand) == (397, 397)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_search_matches_brute_force_on_a_small_pool(seed: int) -> None:
    rng = random.Random(seed)
    pool = [
        "necromancer",
        "book-of-changes",
        *rng.sample([c for c in DECK if c not in ("necromancer", "book-of-changes")], 8),
    ]
    top = besthand.search(pool, top=3).best
    assert top == besthand.brute_best(pool, top=3)


def test_a_bar_above_the_best_finds_nothing_and_one_below_finds_it() -> None:
    pool = [
        "king",
        "queen",
        "knights",
        "rangers",
        "warlord",
        "elven-archers",
        "sword-of-keth",
        "shield-of-keth",
        "princess",
        "collector",
    ]
    assert besthand.search(pool, floor=266).best == []
    assert besthand.search(pool, floor=250).best[0][0] == 265


def test_only_necromancer_makes_an_eighth_card() -> None:
    assert besthand.valid(DECK[:7])
    assert not besthand.valid(DECK[:8])
    assert besthand.valid(["necromancer", "king", *DECK[:6]])


EXPANSION = list(base_deck(expansion=True))


def test_with_the_cursed_hoard_a_hand_is_eight_cards_and_each_giver_adds_one() -> None:
    plain = [c for c in EXPANSION if c not in besthand.GIVERS]
    assert besthand.valid(plain[:8], expansion=True)
    assert not besthand.valid(plain[:7], expansion=True)
    assert not besthand.valid(plain[:9], expansion=True)
    assert besthand.valid(["genie", *plain[:8]], expansion=True)
    assert besthand.valid(["genie", "leprechaun", *plain[:8]], expansion=True)
    assert not besthand.valid(["genie", "leprechaun", *plain[:9]], expansion=True)
    # Necromancer alone takes an Army, Leader, Wizard, Beast or Undead (here: none of them).
    lands = ["mountain", "cavern", "forest", "earth-elemental", "garden", "swamp", "island"]
    assert not besthand.valid(["necromancer", *lands, "water-elemental"], expansion=True)
    assert besthand.valid(["necromancer", *lands, "lich"], expansion=True)
    # In the base game only Necromancer brings an extra card.
    assert not besthand.valid(["genie", *DECK[:7]])


def test_the_bound_holds_with_the_cursed_hoard() -> None:
    rng = random.Random(11)
    for _ in range(40):
        hand = rng.sample(EXPANSION, rng.choice([8, 9, 10]))
        bound, score = besthand.check_bound(hand, expansion=True)
        assert bound >= score, hand


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_cursed_hoard_search_matches_brute_force_on_a_small_pool(seed: int) -> None:
    rng = random.Random(seed)
    pool = [
        *besthand.GIVERS,
        *rng.sample([c for c in EXPANSION if c not in besthand.GIVERS], 8),
    ]
    found = besthand.search(pool, top=3, expansion=True).best
    # The same scores (hands of equal score may be listed in another order).
    assert [s for s, _ in found] == [s for s, _ in besthand.brute_best(pool, 3, expansion=True)]
    for score, hand in found:
        assert besthand.valid(hand, expansion=True)
        assert besthand.exact(hand, besthand.Table(expansion=True)) == score
