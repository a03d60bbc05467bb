"""Information states from what a player saw, OpenSpiel's ISMCTS on every game, and refusals.

The information state a search keys its tables by must be one for every history the player
cannot tell apart: a face-down placement in War of the Ring, or a Cursed Item that draws in
secret in Fantasy Realms, must not show its card to the other players through it.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import defaultdict
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import rumizi
import rumizi.adapters.openspiel_game as spiel
from rumizi.adapters.information import Recall, changes, seat_of
from rumizi.adapters.openspiel_game import IllegalSpielAction, RumiziSpielState
from rumizi.core.contract import Action, GameState
from rumizi.testing import TableSetup, check_game

# The four games, with Fantasy Realms' Cursed Items (the Cauldron, the Wishing Ring and the
# Market Wagon move cards in secret).
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("star-realms", {}),
    ("splendor-duel", {}),
    ("war-of-the-ring", {}),
    ("fantasy-realms", {"players": 4, "items": True}),
]
IDS = [g for g, _ in GAMES]
# Moves that show another player nothing but that a move was made, and which.
SECRET_MOVES = {"war-of-the-ring": {"place"}, "fantasy-realms": {"use", "ring", "wagon-keep"}}
# How far the side-by-side test plays each game: deals, steps, moves compared at each step.
REACH = {
    "star-realms": (2, 60, 8),
    "splendor-duel": (2, 60, 8),
    "war-of-the-ring": (2, 60, 12),
    "fantasy-realms": (2, 120, 10),
}


def text(view: Any) -> str:
    return json.dumps(view, sort_keys=True)


def dealt(game_id: str, params: dict[str, Any], deal: int) -> RumiziSpielState:
    state = pyspiel.load_game(spiel.short_name(game_id), params).new_initial_state()
    state.apply_action(deal)
    assert isinstance(state, RumiziSpielState)
    return state


def rebuilt(old: Any, found: list[list[Any]]) -> Any:
    """``old`` with the ``changes`` applied: the reader the trail's format promises exists."""
    new = json.loads(json.dumps(old))
    for change in found:
        path = change[0]
        if not path:
            new = change[1]
            continue
        *where, last = path
        holder = new
        for key in where:
            holder = holder[key]
        if len(change) == 1:
            del holder[last]
        else:
            holder[last] = change[1]
    return new


# ---------------------------------------------------------------------- the trail itself


def test_changes_tell_one_true_and_one_point_zero_apart() -> None:
    for old, new in [(1, True), (1, 1.0), (0, False), ({"a": [1]}, {"a": [True]})]:
        found = changes(old, new)
        assert found and text(rebuilt(old, found)) == text(new)
    assert changes({"a": [1, {"b": None}]}, {"a": [1, {"b": None}]}) == []


@pytest.mark.parametrize(("game_id", "options"), GAMES, ids=IDS)
def test_the_changes_of_each_step_rebuild_every_view_exactly(
    game_id: str, options: dict[str, Any]
) -> None:
    rng = random.Random(5)
    state = rumizi.game(game_id).new(5, **options)
    seats: list[int | None] = [*range(state.num_players), None]
    for _ in range(60):
        if state.over:
            break
        before = [state.view(s) for s in seats]
        state.apply(rng.choice(state.legal_actions()))
        for seat, old in zip(seats, before, strict=True):
            new = state.view(seat)
            assert text(rebuilt(old, changes(old, new))) == text(new)


def test_a_trail_is_the_first_view_then_own_moves_and_what_changed() -> None:
    state = rumizi.game("war-of-the-ring").new(seed=3, first=0)
    card = state.export()["players"][0]["hand"][0]
    move = {"do": "place", "card": card, "zone": "left"}
    recall = Recall.start(state)
    after = state.clone()
    after.apply(move)
    lines = recall.step(0, move, after).string(0).split("\n")
    assert lines[0] == "view " + json.dumps(
        state.view(0), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    assert lines[1] == "move " + json.dumps(move, sort_keys=True, separators=(",", ":"))
    assert lines[2].startswith("seen ") and len(lines) == 3
    theirs = recall.step(0, move, after).string(1).split("\n")
    assert len(theirs) == 2 and card not in theirs[1]  # a card face down, not named
    with pytest.raises(KeyError, match="not followed"):
        Recall.start(state, [0]).string(1)
    with pytest.raises(ValueError, match="another view"):
        recall.resampled(0, after)


# ---------------------------------------------------------------------- through OpenSpiel


@pytest.mark.parametrize(("game_id", "options"), GAMES, ids=IDS)
def test_two_histories_a_player_cannot_tell_apart_give_it_one_information_state(
    game_id: str, options: dict[str, Any]
) -> None:
    alike: set[str] = set()  # the kinds of moves another player could not tell apart
    rng = random.Random(1)
    deals, steps, width = REACH[game_id]
    for deal in range(deals):
        state = dealt(game_id, options, deal)
        for _ in range(steps):
            if state.is_terminal():
                break
            mover = state.current_player()
            legal = state.legal_actions()
            state.information_state_string(mover)  # caught up here, once for every child
            children = []
            for action in rng.sample(legal, min(len(legal), width)):
                child = state.clone()
                child.apply_action(action)
                children.append((action, child))
            for seat in range(state.num_players()):
                if seat == mover:
                    continue
                by_view: dict[str, list[tuple[int, str]]] = defaultdict(list)
                for action, child in children:
                    info = child.information_state_string(seat)
                    by_view[text(child.view(seat))].append((action, info))
                for same in by_view.values():
                    assert len({info for _, info in same}) == 1  # one view, one state
                    if len(same) > 1:
                        moves = [json.loads(state.action_to_string(mover, a)) for a, _ in same]
                        alike.update(m["do"] for m in moves)
                firsts = {same[0][1] for same in by_view.values()}
                assert len(firsts) == len(by_view)  # other views, other states
            state.apply_action(rng.choice(legal))
    if game_id in SECRET_MOVES:
        assert alike & SECRET_MOVES[game_id]


def test_a_face_down_card_does_not_reach_the_opponents_information_state() -> None:
    state = dealt("war-of-the-ring", {}, 3)
    inner = state.rumizi_state
    assert inner is not None
    me = state.current_player()
    hand = inner.export()["players"][me]["hand"]
    enc = state.play.settings.encoding
    placed = []
    for card in hand[:2]:
        child = state.clone()
        child.apply_action(enc.index({"do": "place", "card": card, "zone": "left"}))
        placed.append(child)
    assert placed[0].information_state_string(1 - me) == placed[1].information_state_string(1 - me)
    assert hand[0] not in placed[0].information_state_string(1 - me).split("\n", 1)[1]
    assert placed[0].information_state_string(me) != placed[1].information_state_string(me)


def test_the_information_state_follows_the_game_as_a_recall_does() -> None:
    state = dealt("splendor-duel", {}, 4)
    inner = state.rumizi_state
    assert inner is not None
    recall = Recall.start(inner.clone())
    follow = inner.clone()
    rng = random.Random(4)
    for _ in range(30):
        action = rng.choice(state.legal_actions())
        move: Action = state.play.settings.encoding.actions[action]
        seat = seat_of(follow, move)
        follow.apply(move)
        recall = recall.step(seat, move, follow)
        state.apply_action(action)
        if rng.random() < 0.3:  # asked now and then: the trail catches up in between
            for p in (0, 1):
                assert state.information_state_string(p) == recall.string(p)
    public = pyspiel.IIGObservationType(
        perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    observer = state.get_game().make_py_observer(public)
    assert observer.string_from(state, 0) == recall.string(None)  # the public trail


@pytest.mark.parametrize(("game_id", "options"), GAMES, ids=IDS)
def test_openspiels_ismcts_plays_a_few_moves_of_every_game(
    game_id: str, options: dict[str, Any]
) -> None:
    game = pyspiel.load_game(spiel.short_name(game_id), {**options, "max_turns": 8})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 12, random_state=np.random.RandomState(2))
    state = game.new_initial_state()
    state.apply_action(7)
    for _ in range(5):
        if state.is_terminal():
            break
        action = bot.step(state)  # asserts every re-dealt root has the player's information
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) >= 4


def test_a_resampled_world_redeals_what_the_player_cannot_see() -> None:
    state = dealt("war-of-the-ring", {}, 2)
    rng = random.Random(2)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    me = state.current_player()
    inner = state.rumizi_state
    assert inner is not None
    worlds = set()
    for seed in range(6):
        world = state.resample_from_infostate(me, np.random.RandomState(seed).uniform)
        assert world.information_state_string(me) == state.information_state_string(me)
        assert world.observation_tensor(me) == state.observation_tensor(me)
        assert world.legal_actions() == state.legal_actions()
        assert world.rumizi_state is not None
        worlds.add(text(world.rumizi_state.export()))
    assert len(worlds) > 1  # the seed drawn from the sampler re-deals the hidden cards


# ---------------------------------------------------------------------- refusals


@pytest.mark.parametrize(("game_id", "options"), GAMES, ids=IDS)
def test_an_action_outside_the_index_is_a_spiel_error_that_changes_nothing(
    game_id: str, options: dict[str, Any]
) -> None:
    state = dealt(game_id, options, 1)
    size = state.get_game().num_distinct_actions()
    inner = state.rumizi_state
    assert inner is not None
    before = inner.export()
    for bad in (size, size + 7, 10**9, -2):
        with pytest.raises(pyspiel.SpielError, match="no action"):
            state.apply_action(bad)
        with pytest.raises(pyspiel.SpielError, match="no action"):
            state.action_to_string(state.current_player(), bad)
    assert inner.export() == before and state.history() == [1]
    illegal = next(a for a in range(size) if a not in set(state.legal_actions()))
    with pytest.raises(pyspiel.SpielError) as caught:
        state.apply_action(illegal)
    assert isinstance(caught.value, rumizi.IllegalAction)  # Rumizi's callers catch it too
    assert isinstance(caught.value, IllegalSpielAction) and inner.export() == before


def test_a_deal_outside_the_chance_outcomes_is_a_spiel_error() -> None:
    game = pyspiel.load_game(spiel.short_name("star-realms"), {"deals": 10})
    state = game.new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="no deal 10"):
        state.apply_action(10)
    assert state.is_chance_node()


# ---------------------------------------------------------------------- the contract suite


def test_the_contract_suite_compares_information_states_and_tensors() -> None:
    report = check_game("war-of-the-ring", seed=2, max_steps=60, tables=[TableSetup(2)])
    assert report.alike > 0  # face-down placements another seat could not tell apart
    assert report.tensors > 0


def test_the_contract_suite_catches_information_states_that_name_hidden_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    honest = Recall.step

    def leaky(self: Recall, seat: int | None, action: Action, after: GameState) -> Recall:
        """The old information state: every seat's trail names every move."""
        told = honest(self, seat, action, after)
        for other in list(told._trails):
            if other != seat:
                told = honest(told, other, action, after)
        return told

    monkeypatch.setattr(Recall, "step", leaky)
    with pytest.raises(AssertionError, match="two information states"):
        check_game("war-of-the-ring", seed=2, max_steps=60, tables=[TableSetup(2)])


def test_the_contract_suite_runs_without_the_rl_extra() -> None:
    code = (
        "import sys; sys.modules['numpy'] = None\n"  # numpy cannot be imported
        "from rumizi.testing import check_game\n"
        "r = check_game('war-of-the-ring', seed=1, max_steps=30)\n"
        "print(r.positions > 30, r.alike > 0, r.tensors)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "True", "0"]
