"""Invariants of the scorer, over random hands (hypothesis), and its refusals of bad input."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rumizi.games.fantasy_realms import brute_force, score_hand
from rumizi.games.fantasy_realms.cards import base_deck, card_info
from rumizi.games.fantasy_realms.optimize import _full_domains
from rumizi.games.fantasy_realms.scoring import ACTION_CARDS, ScoringContext

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def hands(draw: Any, size: tuple[int, int] = (1, 9), actions: int = 0) -> tuple[list[str], bool]:
    expansion = draw(st.booleans())
    deck = [*base_deck(expansion=expansion), "jester", "phoenix"]
    held = draw(st.lists(st.sampled_from(deck), min_size=size[0], max_size=size[1], unique=True))
    if actions:
        extra = draw(
            st.lists(
                st.sampled_from([a for a in ACTION_CARDS if a in deck]),
                max_size=actions,
                unique=True,
            )
        )
        held = list(dict.fromkeys(extra + held))
    return held, expansion


@FAST
@given(hands(), st.randoms(use_true_random=False))
def test_the_total_does_not_depend_on_card_order(
    h: tuple[list[str], bool], rnd: random.Random
) -> None:
    hand, expansion = h
    first = score_hand(hand, expansion=expansion)
    shuffled = hand[:]
    rnd.shuffle(shuffled)
    again = score_hand(shuffled, expansion=expansion, choices=first.choices)
    assert again.total == first.total
    assert {c.id: c.total for c in again.cards} == {c.id: c.total for c in first.cards}


@FAST
@given(hands(size=(2, 6), actions=3), st.randoms(use_true_random=False))
def test_the_optimum_beats_any_explicit_choice(
    h: tuple[list[str], bool], rnd: random.Random
) -> None:
    hand, expansion = h
    best = score_hand(hand, expansion=expansion).total
    table = ScoringContext(expansion=expansion)
    infos = [card_info(c, expansion=expansion) for c in hand]
    domains = _full_domains(infos, table)
    for _ in range(5):
        choice = {card: rnd.choice(options) for card, options in domains.items()}
        try:
            total = score_hand(hand, expansion=expansion, choices=choice).total
        except ValueError:
            continue  # an Island target that is no Flood or Flame under these choices
        assert total <= best


@settings(max_examples=15, deadline=None, derandomize=True)
@given(hands(size=(1, 3), actions=2))
def test_the_pruned_optimiser_finds_the_brute_force_optimum(h: tuple[list[str], bool]) -> None:
    hand, expansion = h
    table = ScoringContext(expansion=expansion)
    infos = [card_info(c, expansion=expansion) for c in hand]
    assert score_hand(hand, expansion=expansion).total == brute_force(infos, table)[0]


@settings(max_examples=12, deadline=None, derandomize=True)
@given(
    st.sampled_from(["collector", "world-tree", "demon"]),
    st.lists(
        st.sampled_from(["mirage", "shapeshifter", "book-of-changes"]),
        min_size=1,
        max_size=2,
        unique=True,
    ),
    st.lists(st.sampled_from(list(base_deck(expansion=True))), min_size=1, max_size=2, unique=True),
)
def test_suit_comparing_hands_lose_nothing_to_the_pruning(
    compare: str, actions: list[str], others: list[str]
) -> None:
    # Collector, World Tree and Demon compare suits: the pruning treats suits nobody names
    # as interchangeable, which must still find the brute-force optimum.
    hand = list(dict.fromkeys([compare, *actions, *others]))
    table = ScoringContext(expansion=True)
    infos = [card_info(c, expansion=True) for c in hand]
    assert score_hand(hand, expansion=True).total == brute_force(infos, table)[0]


@FAST
@given(hands(size=(2, 8)))
def test_a_blanked_card_adds_nothing_and_counts_for_nothing(h: tuple[list[str], bool]) -> None:
    hand, expansion = h
    s = score_hand(hand, expansion=expansion)
    assert s.total == sum(c.total for c in s.cards)
    blanked = [c.id for c in s.cards if c.blanked]
    for c in s.cards:
        if c.blanked:
            assert c.total == 0
    # A card a choice names (Book of Changes' target, say) stays: the choice needs it there.
    named = {
        value
        for choice in s.choices.values()
        for value in (choice.values() if isinstance(choice, dict) else [choice])
        if isinstance(value, str)
    }
    # Remove the blanked cards that nothing else could look at: the rest score the same.
    quiet = [
        c
        for c in blanked
        if c not in {"phoenix"}
        and c not in named
        and c not in ACTION_CARDS
        and c
        not in {
            "rangers",
            "warship",
            "mountain",
            "cavern",
            "beastmaster",
            "protection-rune",
            "necromancer",
            "lich",
        }
    ]
    if quiet and "jester" not in hand and "demon" not in hand:
        rest = [c for c in hand if c not in quiet]
        # Removing a card can unblank others only through blanking, so compare the cards that
        # stand in both.
        again = score_hand(rest, expansion=expansion, choices=s.choices)
        standing = {c.id: c.total for c in s.cards if not c.blanked}
        after = {c.id: c.total for c in again.cards if not c.blanked}
        if set(standing) == set(after):
            assert standing == after


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"hand": ["kingg"]}, "unknown card id 'kingg'"),
        ({"hand": ["king", "king"]}, "in the hand twice"),
        ({"hand": ["lich"]}, "not in the game without the Cursed Hoard"),
        ({"hand": ["phoenix", "phoenix-deluxe"]}, "one Phoenix text"),
        ({"hand": ["king"], "discards": ["king"]}, "both in the hand and in the discard"),
        ({"hand": ["king"], "choices": {"mirage": {"copies": "smoke"}}}, "not in the hand"),
        ({"hand": ["king"], "choices": {"king": {}}}, "makes no choice"),
        (
            {"hand": ["doppelganger", "king"], "choices": {"doppelganger": {"copies": "queen"}}},
            "not in the hand",
        ),
        ({"hand": ["mirage"], "choices": {"mirage": {"copies": "king"}}}, "cannot copy"),
        (
            {
                "hand": ["book-of-changes", "king"],
                "choices": {"book-of-changes": {"target": "king", "new_suit": "undead"}},
            },
            "not a suit",
        ),
        (
            {
                "hand": ["book-of-changes", "king"],
                "choices": {"book-of-changes": {"target": "king", "new_suit": "sky"}},
            },
            "not a suit",
        ),
        (
            {"hand": ["island", "king"], "choices": {"island": {"clears": "king"}}},
            "Flood or a Flame",
        ),
        (
            {
                "hand": ["angel", "king"],
                "choices": {"angel": {"protects": "angel"}},
                "expansion": True,
            },
            "itself",
        ),
        ({"hand": ["king"], "items": ["excalibur"]}, "unknown Cursed Item"),
        ({"hand": "king"}, "list of card ids"),
    ],
)
def test_bad_input_says_what_is_wrong(kw: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        score_hand(**kw)
