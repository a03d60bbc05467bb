"""rumizi.core.undo: the records, the trail, and the contract suite's check of a game's rule."""

from __future__ import annotations

import pytest

import rumizi
from rumizi.core import undo
from rumizi.games.star_realms.engine import StarRealmsState
from rumizi.testing import check_game


def test_a_trail_takes_steps_back_in_order_and_says_why_it_cannot() -> None:
    state = rumizi.game("star-realms").new(seed=3)
    seat = state.to_act
    trail = undo.Trail()
    assert trail.can_take_back(seat) == undo.NOTHING
    start = state.export()
    plays = [a for a in state.legal_actions() if a["do"] == "play"][:1]
    state, _ = trail.play(state, 1, plays[0])
    middle = state.export()
    second = next(a for a in state.legal_actions() if a["do"] == "play")
    state, _ = trail.play(state, 2, second)
    assert trail.can_take_back(seat) == "ok"
    with pytest.raises(rumizi.IllegalAction):
        trail.play(state, 3, undo.undo_record(1))  # only the latest step standing
    state, _ = trail.play(state, 3, undo.undo_record(2))
    assert state.export() == middle
    state, _ = trail.play(state, 4, undo.undo_record(1))
    assert state.export() == start and trail.undone == {1, 2}
    assert trail.can_take_back(seat) == undo.NOTHING
    state, _ = trail.play(state, 5, {"do": "end"})  # draws a new hand: the turn passes
    assert trail.can_take_back(seat) == undo.BARRIER  # its own last move stands
    assert trail.can_take_back(state.to_act) == undo.OTHER  # the other one moved since


def test_the_moves_that_count_leave_out_the_undone_and_the_records() -> None:
    moves = [{"do": "a"}, {"do": "b"}, {"do": "c"}, undo.undo_record(3), undo.undo_record(2)]
    assert undo.counted([*moves, {"do": "d"}]) == [{"do": "a"}, {"do": "d"}]
    assert not undo.is_undo({"do": "undo"}) and undo.is_undo({"do": "undo", "of": 2})


def test_a_game_without_a_rule_has_no_undo() -> None:
    from tests.tiny.ten import GAME

    state = GAME.new(seed=1)
    after = state.clone()
    after.apply(state.legal_actions()[0])
    assert not undo.has_undo(state)
    assert not undo.undoable(state, state.legal_actions()[0], after)


def test_the_contract_suite_fails_a_rule_that_lets_a_draw_be_taken_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(StarRealmsState, "undoable", lambda self, action, after: True)
    with pytest.raises(AssertionError, match="showed something hidden or random"):
        check_game("star-realms", seed=2, max_steps=80, tables=None, every=1)


def test_the_contract_suite_counts_the_steps_it_let_be_taken_back() -> None:
    from rumizi.testing import TableSetup

    report = check_game("star-realms", seed=1, max_steps=40, tables=[TableSetup(2)], patient=True)
    assert report.undoable > 0 and report.barriers > 0
