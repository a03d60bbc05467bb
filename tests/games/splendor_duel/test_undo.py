"""Splendor Duel's undo rule: back past no refill from a deck and no draw from the bag."""

from __future__ import annotations

import itertools

from rumizi.core import undo
from tests.core.undo_kit import kind, same_actor, steps, taken_back

GAME = "splendor-duel"


def test_a_privilege_used_is_taken_back_exactly() -> None:
    found = 0
    for before, action, after in itertools.islice(steps(GAME, kind("privilege")), 10):
        assert same_actor(before, after)  # a privilege is an optional action: the turn goes on
        assert undo.undoable(before, action, after)
        assert taken_back(before, action).export() == before.export()
        found += 1
    assert found == 10


def test_replenishing_the_board_draws_from_the_bag_and_stands() -> None:
    found = 0
    for before, action, after in itertools.islice(steps(GAME, kind("replenish")), 10):
        assert same_actor(before, after)  # the player still takes a main action
        assert not undo.undoable(before, action, after)
        found += 1
    assert found == 10


def test_a_card_bought_from_the_pyramid_refills_it_and_stands() -> None:
    found = 0
    for before, action, after in steps(GAME, kind("buy")):
        if same_actor(before, after) and before.view(None)["decks"] != after.view(None)["decks"]:
            assert not undo.undoable(before, action, after)
            found += 1
            if found == 3:
                return
    raise AssertionError("no pyramid buy that keeps the turn was found")
