"""Fantasy Realms' undo rule: a card taken from the discard area (face up) may be taken back
before the discard; a draw from the deck shows a hidden card and stands."""

from __future__ import annotations

import itertools

from rumizi.core import undo
from tests.core.undo_kit import kind, same_actor, steps, taken_back

GAME = "fantasy-realms"


def test_a_card_taken_from_the_discard_area_is_taken_back_exactly() -> None:
    found = 0
    for before, action, after in itertools.islice(steps(GAME, kind("take"), players=3), 10):
        assert same_actor(before, after)  # the discard is still to come
        assert undo.undoable(before, action, after)
        assert taken_back(before, action).export() == before.export()
        found += 1
    assert found == 10


def test_a_draw_from_the_deck_stands() -> None:
    found = 0
    for before, action, after in itertools.islice(steps(GAME, kind("draw"), players=3), 10):
        assert same_actor(before, after)
        assert not undo.undoable(before, action, after)
        found += 1
    assert found == 10


def test_the_discard_ends_the_turn_and_stands() -> None:
    for before, action, after in itertools.islice(steps(GAME, kind("discard"), players=3), 10):
        assert not undo.undoable(before, action, after)
