"""The analysis of a finished game: planted blunders are flagged, forced moves never are."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rumizi
from rumizi.analysis import (
    MARKS,
    THRESHOLDS,
    Analysis,
    Estimate,
    analyse,
    analyse_decision,
)
from rumizi.bots import make
from rumizi.core.contract import Action, GameState
from rumizi.core.record import GameRecord
from tests.tiny.ten import GAME as TEN


def played_game(game_id: str, seed: int, level: str = "medium") -> GameRecord:
    """A whole game between two bots of ``level``, as a record."""
    record = GameRecord(game_id, seed=seed)
    state = record.start()
    players = [make(level, seed=seed + 1), make(level, seed=seed + 2)]
    while not state.over:
        me = state.to_act
        assert me is not None
        action = players[me].choose(state.view(me), state.legal_actions())
        state.apply(action)
        record.actions.append(action)
    return record


def before_last_move(record: GameRecord) -> tuple[GameState, Action]:
    """The position before the game's last move, and that move."""
    *_, before, _end = record.states()
    return before, record.actions[-1]


# ---------------------------------------------------------------------- planted blunders


def test_ending_the_turn_with_lethal_combat_unspent_is_a_blunder() -> None:
    for seed in range(1, 20):
        record = played_game("star-realms", seed)
        before, winning = before_last_move(record)
        if winning.get("do") == "attack" and {"do": "end"} in before.legal_actions():
            break
    else:
        pytest.fail("no game ended with an attack that could have been an end of turn")
    judged = analyse_decision(before, {"do": "end"}, worlds=40, seed=3)
    assert judged.kind == "searched"
    assert judged.mark == "blunder", judged
    assert judged.best is not None and judged.best.mean == 1.0
    assert judged.best_action is not None and judged.best_action != {"do": "end"}
    assert judged.drop >= THRESHOLDS.blunder > THRESHOLDS.z * judged.drop_se
    # The winning attack itself costs nothing.
    kept = analyse_decision(before, winning, worlds=40, seed=3)
    assert kept.mark is None and kept.drop == 0.0
    assert kept.after is not None and kept.after.mean == 1.0


def opponent_wins_next(state: GameState, move: Action) -> bool:
    """Whether, after ``move`` (and the mover's own follow-up choices), a buy wins the game."""
    me = state.to_act
    after = state.clone()
    after.apply(move)
    while not after.over and after.to_act == me:
        after.apply(after.legal_actions()[0])
    for reply in after.legal_actions():
        if reply["do"] == "buy":
            trial = after.clone()
            trial.apply(reply)
            if trial.over and trial.winner != me:
                return True
    return False


def test_not_taking_a_winning_purchase_in_splendor_duel_is_a_blunder() -> None:
    # A purchase that wins now, passed over for gems while the opponent can win next turn.
    for seed in range(1, 40):
        record = played_game("splendor-duel", seed)
        before, winning = before_last_move(record)
        if winning["do"] != "buy":
            continue
        takes = [a for a in before.legal_actions() if a["do"] == "take"]
        losing = next((a for a in takes if opponent_wins_next(before, a)), None)
        if losing is not None:
            break
    else:
        pytest.fail("no game ended with a purchase while the opponent threatened to win")
    judged = analyse_decision(before, losing, worlds=24, seed=5)
    assert judged.mark == "blunder", judged
    assert judged.best is not None and judged.best.mean == 1.0
    kept = analyse_decision(before, winning, worlds=24, seed=5)
    assert kept.mark is None and kept.after is not None and kept.after.mean == 1.0


def ten_record(moves: list[Action]) -> GameRecord:
    return GameRecord("ten", seed=1, actions=moves)


def test_a_blunder_planted_in_a_record_of_the_tiny_game_is_found() -> None:
    # Totals 0 -> 2 -> 4 -> 6 -> 8: the first player could win with 2 but adds 1 and loses.
    two, one = {"do": "add", "n": 2}, {"do": "add", "n": 1}
    record = ten_record([two, two, two, two, one, one])
    first = TEN.new(seed=1).to_act
    assert first is not None and record.final_state().winner == 1 - first
    report = analyse(record, worlds=8, seed=1)
    mark = {d.ply: d for d in report.marked()}[4]
    assert mark.seat == first and mark.mark == "blunder"
    assert mark.best_action == two and mark.best is not None and mark.best.mean == 1.0
    assert report.winner == 1 - first and report.plies == 6


# ---------------------------------------------------------------------- never flagged


def test_a_forced_move_is_never_searched_or_flagged() -> None:
    state = rumizi.game("star-realms").new(seed=2)
    bot = make("random", seed=2)
    for _ in range(500):
        if len(state.legal_actions()) == 1:
            break
        me = state.to_act
        assert me is not None
        state.apply(bot.choose(state.view(me), state.legal_actions()))
    (only,) = state.legal_actions()
    judged = analyse_decision(state, only, worlds=4)
    assert judged.kind == "forced" and judged.mark is None and judged.before is None


def test_moves_that_make_no_difference_are_not_flagged() -> None:
    # At a total of 9 any move wins: nothing to choose between.
    state = TEN.new(seed=1)
    for _ in range(3):
        state.apply({"do": "add", "n": 2})
    state.apply({"do": "add", "n": 1})
    state.apply({"do": "add", "n": 2})  # 9, seat 1 to act
    judged = analyse_decision(state, {"do": "add", "n": 1}, worlds=6)
    assert judged.kind == "searched" and judged.mark is None and judged.drop == 0.0


def test_a_move_from_outside_the_legal_list_is_not_judged() -> None:
    state = TEN.new(seed=1)
    judged = analyse_decision(state, {"do": "concede", "player": 0}, worlds=4)
    assert judged.kind == "outside" and judged.mark is None


# ---------------------------------------------------------------------- honest numbers


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=2, max_size=40))
def test_an_estimate_is_a_mean_with_a_standard_error_that_shrinks_with_agreement(
    values: list[float],
) -> None:
    found = Estimate.of(values)
    assert min(values) <= found.mean <= max(values)
    assert found.se >= 0.0 and found.worlds == len(values)
    if len(set(values)) == 1:
        assert found.se == 0.0


@settings(max_examples=40, deadline=None)
@given(st.floats(0.0, 1.0), st.floats(0.0, 0.5))
def test_a_drop_inside_its_noise_is_never_marked(drop: float, se: float) -> None:
    mark = THRESHOLDS.mark(drop, se)
    if drop <= THRESHOLDS.z * se or drop < THRESHOLDS.inaccuracy:
        assert mark is None
    else:
        assert mark in MARKS


def test_the_analysis_is_deterministic_for_a_seed_and_the_same_seat_by_seat() -> None:
    record = played_game("star-realms", 4)
    record.actions = record.actions[:40]
    both = analyse(record, worlds=3, seed=9)
    assert any(d.kind == "searched" for d in both.decisions)
    assert both == analyse(record, worlds=3, seed=9)
    alone = analyse(record, seats=[1], worlds=3, seed=9)
    assert alone.decisions == [d for d in both.decisions if d.seat == 1]


def test_the_json_form_reads_back() -> None:
    record = ten_record([{"do": "add", "n": 2}] * 3)
    report = analyse(record, worlds=4, seed=2)
    data = json.loads(json.dumps(report.to_json()))
    assert Analysis.from_json(data).to_json() == data
    with pytest.raises(ValueError, match="not a Rumizi analysis"):
        Analysis.from_json({"game": "ten"})


def test_progress_counts_every_decision_of_the_chosen_seats() -> None:
    record = ten_record([{"do": "add", "n": 1}] * 5)
    first = TEN.new(seed=1).to_act
    assert first is not None
    seen: list[tuple[int, int]] = []
    report = analyse(record, seats=[first], worlds=2, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 3), (2, 3), (3, 3)] and len(report.decisions) == 3
    assert [p for p, _, _ in report.curve(first)] == [0, 2, 4]


@pytest.mark.parametrize(
    ("options", "error"),
    [({"worlds": 1}, "worlds"), ({"seconds": 0}, "seconds"), ({"seats": [2]}, "no seat 2")],
)
def test_bad_options_are_refused(options: dict[str, Any], error: str) -> None:
    with pytest.raises(ValueError, match=error):
        analyse(ten_record([{"do": "add", "n": 1}]), **options)


def test_a_record_with_an_illegal_move_is_refused() -> None:
    with pytest.raises(ValueError, match="illegal"):
        analyse(ten_record([{"do": "add", "n": 7}]), worlds=2)
