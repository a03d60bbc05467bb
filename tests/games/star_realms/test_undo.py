"""Star Realms' undo rule: back past no draw and no shuffle (nor a trade row refill)."""

from __future__ import annotations

import itertools

import rumizi
from rumizi.core import undo
from tests.core.undo_kit import kind, same_actor, steps, taken_back

GAME = "star-realms"


def test_a_card_played_from_the_hand_is_taken_back_exactly() -> None:
    state = rumizi.game(GAME).new(seed=3)
    play = next(a for a in state.legal_actions() if a["do"] == "play")
    after = state.clone()
    after.apply(play)
    assert undo.undoable(state, play, after)
    assert taken_back(state, play).export() == state.export()


def test_ending_the_turn_draws_a_hand_and_stands() -> None:
    for before, action, after in itertools.islice(steps(GAME, kind("end")), 20):
        assert not undo.undoable(before, action, after)


def test_a_trade_row_buy_refills_from_the_deck_and_stands_but_an_explorer_does_not() -> None:
    refills = explorers = 0
    for before, action, after in steps(GAME, kind("buy")):
        if not same_actor(before, after):
            continue
        row = before.view(before.to_act)["trade_row"]
        if action["card"] in row and before.view(None)["trade_deck_size"] > 0:
            assert not undo.undoable(before, action, after)
            refills += 1
        elif action["card"] == "explorer":
            assert undo.undoable(before, action, after)
            assert taken_back(before, action).export() == before.export()
            explorers += 1
        if refills >= 3 and explorers >= 3:
            return
    raise AssertionError(f"too few buys found: {refills} refills, {explorers} explorers")


def test_a_card_that_draws_is_a_barrier() -> None:
    drew = 0
    for before, action, after in steps(GAME, kind("play")):
        seat = before.to_act
        assert seat is not None
        if same_actor(before, after) and len(after.view(seat)["players"][seat]["hand"]) >= len(
            before.view(seat)["players"][seat]["hand"]
        ):
            assert not undo.undoable(before, action, after)  # one card left, one came
            drew += 1
            if drew == 5:
                return
    raise AssertionError("no card that draws was played")
