"""Splendor Duel for learning code: its action index, observations, PettingZoo and OpenSpiel."""

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
from rumizi.adapters.base import action_mask, encoding
from rumizi.core.contract import GameState
from rumizi.games.splendor_duel import GAME
from rumizi.games.splendor_duel.encoding import make_encoding

NAME = "python_rumizi_splendor_duel"


def random_states(seeds: range, every: int = 1) -> Iterator[GameState]:
    """Positions of random games, every ``every``-th decision."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new(seed=seed)
        step = 0
        while not state.over:
            if step % every == 0:
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()))
            step += 1


def test_the_index_is_a_fixed_list_of_distinct_actions() -> None:
    enc = encoding("splendor-duel")
    # who starts changes nothing encoded
    assert encoding("splendor-duel", first=1).actions == enc.actions
    assert len(enc.actions) == 9012
    keys = {repr(sorted(a.items())) for a in enc.actions}
    assert len(keys) == len(enc.actions)
    for i, action in enumerate(enc.actions):
        assert enc.index(action) == i
    # a copy with its own lists finds the same index as the engine's shared dict
    assert enc.index({"spaces": [[1, 1], [1, 2]], "do": "take"}) == enc.index(
        {"do": "take", "spaces": [[1, 1], [1, 2]]}
    )


def test_the_mask_is_exactly_the_legal_actions_at_every_step() -> None:
    enc = encoding("splendor-duel")
    kinds: set[str] = set()
    for state in random_states(range(12)):
        legal = state.legal_actions()
        mask = action_mask(enc, state)
        assert int(mask.sum()) == len(legal)
        assert [enc.actions[i] for i in np.flatnonzero(mask)] == sorted(legal, key=enc.index)
        kinds.update(a["do"] for a in legal)
    # random play reached every kind of move the index holds, choices included
    assert {"privilege", "replenish", "take", "reserve", "buy", "discard", "steal"} <= kinds


def test_observations_have_a_fixed_shape_and_stay_in_bounds() -> None:
    enc = encoding("splendor-duel")
    for state in random_states(range(4), every=5):
        for seat in (0, 1, None):
            v = enc.observe(state.view(seat))
            assert v.shape == (enc.observation_size,) and v.dtype == np.float32
            assert (v >= enc.observation_low).all() and (v <= enc.observation_high).all()


def test_observation_blocks_read_the_view() -> None:
    enc = make_encoding()
    state = GAME.new(seed=7)
    state.apply({"do": "take", "spaces": [[4, 1], [4, 2]]})  # both pearls (see the engine docs)
    v = enc.observe(state.view(0))

    def block(name: str) -> list[float]:
        start, size = enc.layout[name]
        return [float(x) for x in v[start : start + size]]

    assert block("p0.tokens")[5] == 2.0  # the pearls
    assert block("p1.privileges") == [2.0]
    assert block("to_act") == [0.0, 1.0]
    assert sum(block("board")) == 25 - 2  # two spaces emptied
    assert sum(block("pyramid")) == 12


def test_hidden_cards_never_change_an_observation() -> None:
    enc = encoding("splendor-duel")
    differed = 0
    for i, state in enumerate(random_states(range(4), every=9)):
        for p in (0, 1):
            other = state.sample(p, seed=1000 + i)
            differed += other.export() != state.export()
            assert np.array_equal(enc.observe(other.view(p)), enc.observe(state.view(p)))
    assert differed > 10  # the re-deals really moved hidden cards


def test_a_blind_reserve_shows_only_its_level_to_the_opponent() -> None:
    enc = make_encoding()
    state = GAME.new(seed=3)
    gold = next(a for a in state.legal_actions() if a["do"] == "reserve" and "deck" in a)
    state.apply(dict(gold, deck=2))
    start, size = enc.layout["p0.reserved"]
    unknown, _ = enc.layout["p0.reserved_unknown"]
    own, theirs = enc.observe(state.view(0)), enc.observe(state.view(1))
    assert own[start : start + size].sum() == 1 and own[unknown + 1] == 0
    assert theirs[start : start + size].sum() == 0 and theirs[unknown + 1] == 1


def test_bad_tables_and_views_are_refused() -> None:
    with pytest.raises(ValueError, match="2 players"):
        make_encoding(3)
    with pytest.raises(ValueError, match="unknown options"):
        make_encoding(2, colour="red")
    with pytest.raises(ValueError, match="does not fit"):
        make_encoding().observe(rumizi.game("star-realms").new(seed=1).view(0))
    with pytest.raises(KeyError):
        make_encoding().legal_indices([{"do": "fly"}])


def test_describe_is_plain_text_of_the_view() -> None:
    text = make_encoding().describe(GAME.new(seed=2).view(None))
    assert text.startswith("Splendor Duel, turn 1") and "level 3:" in text


def test_pettingzoo_api_test_passes() -> None:
    env = rumizi.env("splendor-duel", render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about dict observations, all-zero masks
        api_test(env, num_cycles=2000)  # long enough for a random game to end


def test_pettingzoo_games_end_with_a_winner_and_a_loser() -> None:
    env = rumizi.env("splendor-duel")
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


def test_openspiel_random_simulation_checks_pass() -> None:
    game = pyspiel.load_game(NAME, {"max_turns": 30})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_openspiel_mcts_plays_a_game_out() -> None:
    game = pyspiel.load_game(NAME)
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
