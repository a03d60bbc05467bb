"""What every game with an encoding owes learning code, checked for each two-seat game.

Star Realms, whose formats seat up to six, has its own deeper tests (test_encoding.py,
test_pettingzoo.py, test_openspiel.py); each game's own file keeps only what is particular to
it (its blocks, its sizes, what its hidden cards look like).
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts
from pettingzoo.test import api_test

import rumizi
import rumizi.adapters.openspiel_game
from rumizi.adapters.base import action_mask, encoded_game_ids, encoding
from rumizi.core.contract import GameState

DUELS = [g for g in encoded_game_ids() if rumizi.game(g).max_players == 2]


def test_every_two_seat_game_of_the_catalogue_is_encoded() -> None:
    assert {"splendor-duel", "war-of-the-ring"} <= set(DUELS)


def random_states(game_id: str, seeds: range, every: int = 1) -> Iterator[GameState]:
    """Positions of random games, every ``every``-th decision."""
    game = rumizi.game(game_id)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new(seed=seed)
        step = 0
        while not state.over:
            if step % every == 0:
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()))
            step += 1


@pytest.mark.parametrize("game_id", DUELS)
def test_the_index_is_a_fixed_list_of_distinct_actions(game_id: str) -> None:
    enc = encoding(game_id)
    keys = {repr(sorted(a.items())) for a in enc.actions}
    assert len(keys) == len(enc.actions)
    for i, action in enumerate(enc.actions):
        assert enc.index(action) == i
        assert enc.index(dict(reversed(action.items()))) == i  # field order does not matter


@pytest.mark.parametrize("game_id", DUELS)
def test_the_mask_is_exactly_the_legal_actions_at_every_step(game_id: str) -> None:
    enc = encoding(game_id)
    for state in random_states(game_id, range(10)):
        legal = state.legal_actions()
        mask = action_mask(enc, state)
        assert int(mask.sum()) == len(legal)
        assert [enc.actions[i] for i in np.flatnonzero(mask)] == sorted(legal, key=enc.index)


@pytest.mark.parametrize("game_id", DUELS)
def test_observations_have_a_fixed_shape_and_stay_in_bounds(game_id: str) -> None:
    enc = encoding(game_id)
    for state in random_states(game_id, range(4), every=5):
        for seat in (0, 1, None):
            v = enc.observe(state.view(seat))
            assert v.shape == (enc.observation_size,) and v.dtype == np.float32
            assert (v >= enc.observation_low).all() and (v <= enc.observation_high).all()


@pytest.mark.parametrize("game_id", DUELS)
def test_hidden_cards_never_change_an_observation(game_id: str) -> None:
    enc = encoding(game_id)
    differed = 0
    for i, state in enumerate(random_states(game_id, range(4), every=7)):
        for p in (0, 1):
            other = state.sample(p, seed=1000 + i)
            differed += other.export() != state.export()
            assert np.array_equal(enc.observe(other.view(p)), enc.observe(state.view(p)))
    assert differed > 10  # the re-deals really moved hidden cards


@pytest.mark.parametrize("game_id", DUELS)
def test_pettingzoo_api_test_passes(game_id: str) -> None:
    env = rumizi.env(game_id, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about dict observations, all-zero masks
        api_test(env, num_cycles=2000)  # long enough for a random game to end


@pytest.mark.parametrize("game_id", DUELS)
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


@pytest.mark.parametrize("game_id", DUELS)
def test_openspiel_random_simulation_checks_pass(game_id: str) -> None:
    name = rumizi.adapters.openspiel_game.short_name(game_id)
    game = pyspiel.load_game(name, {"max_turns": 30})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", DUELS)
def test_openspiel_mcts_plays_a_game_out(game_id: str) -> None:
    game = pyspiel.load_game(rumizi.adapters.openspiel_game.short_name(game_id))
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bots = [
        mcts.MCTSBot(game, 2.0, 3, evaluator, random_state=np.random.RandomState(p))
        for p in range(2)
    ]
    state = game.new_initial_state()
    state.apply_action(11)  # the deal
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sorted(state.returns()) == [-1.0, 1.0]
