"""War of the Ring's undo rule: a step that reveals no face-down card, draws nothing and
keeps the same player acting may be taken back; a peek at a face-down card stands."""

from __future__ import annotations

import itertools

from rumizi.core import undo
from tests.core.undo_kit import kind, same_actor, steps, taken_back

GAME = "war-of-the-ring"


def test_an_event_played_in_ones_own_turn_is_taken_back_exactly() -> None:
    found = 0
    for before, action, after in steps(GAME, kind("event")):
        if undo.undoable(before, action, after):
            assert same_actor(before, after)
            assert taken_back(before, action).export() == before.export()
            found += 1
            if found == 5:
                return
    raise AssertionError("no event that can be taken back")


def test_a_peek_at_a_face_down_card_stands() -> None:
    found = 0
    for before, action, after in itertools.islice(steps(GAME, kind("peek"), seeds=20), 5):
        assert not undo.undoable(before, action, after)
        found += 1
    assert found


def test_a_card_placed_passes_the_turn_and_stands() -> None:
    for before, action, after in itertools.islice(steps(GAME, kind("place")), 20):
        if not same_actor(before, after):
            assert not undo.undoable(before, action, after)
