"""What every game owes learning code, checked for each registered game at the adapters'
default table (two seats, the game's default options).

The action index, the legal-move mask, the observations (their shape, their bounds, and that
hidden cards never show), the refusals of what does not fit, PettingZoo's and OpenSpiel's own
API checks, and a search that plays a game out. Each game's own file keeps only what is
particular to it: its sizes and blocks, its other tables (Star Realms' formats, Fantasy
Realms' modules), what its hidden cards look like (test_encoding.py, test_encoding_formats.py,
test_pettingzoo.py and test_openspiel.py for Star Realms; test_<game>_adapters.py for the
others).
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts
from pettingzoo.test import api_test

import rumizi
import rumizi.adapters.openspiel_game
from rumizi.adapters.base import GameEncoding, action_mask, encoded_game_ids, encoding
from rumizi.core.contract import GameState
from rumizi.core.registry import game_ids, game_module


def built_in(game_id: str) -> bool:
    """Whether the game is one of the package's own (a test may register others, such as
    the tiny game Ten, in the same worker)."""
    return type(rumizi.game(game_id)).__module__.startswith("rumizi.games.")


GAMES = [g for g in game_ids() if built_in(g)]

#: OpenSpiel parameters for a search's game: a turn cap where random rollouts run long.
SEARCH: dict[str, dict[str, Any]] = {"star-realms": {"max_turns": 12}}


def test_every_registered_game_is_encoded() -> None:
    assert set(GAMES) == {g for g in encoded_game_ids() if built_in(g)}
    assert {"fantasy-realms", "splendor-duel", "star-realms", "war-of-the-ring"} <= set(GAMES)


def random_states(game_id: str, seeds: range, every: int = 1) -> Iterator[GameState]:
    """Positions of random two-seat games, every ``every``-th decision, and each game's end."""
    game = rumizi.game(game_id)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new(seed=seed, players=2)
        step = 0
        while not state.over:
            if step % every == 0:
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()))
            step += 1
        yield state


@pytest.mark.parametrize("game_id", GAMES)
def test_the_index_is_a_fixed_list_of_distinct_actions(game_id: str) -> None:
    enc = encoding(game_id)
    assert isinstance(enc, GameEncoding)
    assert encoding(game_id) is enc  # one index per table, made once
    keys = {repr(sorted(a.items())) for a in enc.actions}
    assert len(keys) == len(enc.actions)
    for i, action in enumerate(enc.actions):
        assert enc.index(action) == i
        assert enc.index(dict(reversed(action.items()))) == i  # field order does not matter


@pytest.mark.parametrize("game_id", GAMES)
def test_the_mask_is_exactly_the_legal_actions_at_every_step(game_id: str) -> None:
    enc = encoding(game_id)
    for state in random_states(game_id, range(10)):
        legal = state.legal_actions()
        indices = enc.legal_indices(legal)
        assert indices == sorted(indices)
        assert len(indices) == len(set(indices)) == len(legal)
        assert [enc.actions[i] for i in indices] == sorted(legal, key=enc.index)
        mask = action_mask(enc, state)
        assert mask.dtype == np.int8 and int(mask.sum()) == len(legal)
        assert np.flatnonzero(mask).tolist() == indices


@pytest.mark.parametrize("game_id", GAMES)
def test_observations_have_a_fixed_shape_and_stay_in_bounds(game_id: str) -> None:
    enc = encoding(game_id)
    assert enc.observation_low.shape == enc.observation_high.shape == (enc.observation_size,)
    assert (enc.observation_low <= enc.observation_high).all()
    for state in random_states(game_id, range(4), every=3):
        for seat in (*range(state.num_players), None):
            v = enc.observe(state.view(seat))
            assert v.shape == (enc.observation_size,) and v.dtype == np.float32
            assert (v >= enc.observation_low).all() and (v <= enc.observation_high).all()


@pytest.mark.parametrize("game_id", GAMES)
def test_hidden_cards_never_change_an_observation(game_id: str) -> None:
    enc = encoding(game_id)
    differed = 0
    for i, state in enumerate(random_states(game_id, range(4), every=7)):
        for p in range(state.num_players):
            other = state.sample(p, seed=1000 + i)
            differed += other.export() != state.export()
            assert np.array_equal(enc.observe(other.view(p)), enc.observe(state.view(p)))
    assert differed > 10  # the re-deals really moved hidden cards


@pytest.mark.parametrize("game_id", GAMES)
def test_unknown_options_moves_and_other_games_views_are_refused(game_id: str) -> None:
    make_encoding = game_module(game_id, "encoding").make_encoding
    with pytest.raises(ValueError, match="unknown options"):
        make_encoding(2, colour="red")
    enc = encoding(game_id)
    with pytest.raises(KeyError):
        enc.legal_indices([{"do": "fly"}])
    for other in GAMES:
        if other != game_id:
            with pytest.raises(ValueError, match="does not fit"):
                enc.observe(rumizi.game(other).new(seed=1, players=2).view(0))


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_api_test_passes(game_id: str) -> None:
    env = rumizi.env(game_id, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about dict observations, all-zero masks
        api_test(env, num_cycles=2000)  # long enough for a random game to end


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_games_end_with_a_winner_and_a_loser(game_id: str) -> None:
    env = rumizi.env(game_id)
    rng = np.random.default_rng(4)
    env.reset(seed=4)
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(rewards.values()) == [-1.0, 1.0]


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_random_simulation_checks_pass(game_id: str) -> None:
    name = rumizi.adapters.openspiel_game.short_name(game_id)
    game = pyspiel.load_game(name, {"max_turns": 30})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_mcts_plays_a_game_out(game_id: str) -> None:
    name = rumizi.adapters.openspiel_game.short_name(game_id)
    game = pyspiel.load_game(name, SEARCH.get(game_id, {}))
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bots = [
        mcts.MCTSBot(game, 2.0, 3, evaluator, random_state=np.random.RandomState(p))
        for p in range(game.num_players())
    ]
    state = game.new_initial_state()
    state.apply_action(11)  # the deal
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    inner = state.rumizi_state
    assert inner is not None and (inner.over or game_id in SEARCH)
    if inner.over and inner.winner is not None:
        assert sorted(state.returns()) == [-1.0, 1.0]
    else:  # cut off by the turn cap, or a win shared by both seats: a draw
        assert state.returns() == [0.0, 0.0]
