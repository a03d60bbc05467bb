"""The PettingZoo AEC environment: PettingZoo's own API test, masks, rewards, truncation."""

from __future__ import annotations

import subprocess
import sys
import warnings

import numpy as np
import pytest
from gymnasium import spaces
from pettingzoo.test import api_test
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

import rumizi
from rumizi.adapters.base import action_mask
from rumizi.adapters.pettingzoo_env import RumiziEnv


def play_out(env: RumiziEnv, seed: int) -> None:
    """Random legal moves from a reset until every agent is done."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_pettingzoo_api_test_passes_with_a_turn_cap() -> None:
    # (without one, for every game: test_every_encoding.py)
    env = rumizi.env("star-realms", max_turns=12, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about dict observations, all-zero masks
        api_test(env, num_cycles=1500)  # long enough for a random game to end


FORMATS = [
    ("free-for-all", 4),
    ("hunter", 3),
    ("hydra", 4),
    ("hydra", 6),
    ("emperor", 6),
    ("raid", 3),
    ("raid", 5),
]


@pytest.mark.parametrize(("fmt", "players"), FORMATS)
def test_pettingzoo_api_test_passes_in_every_format(fmt: str, players: int) -> None:
    env = rumizi.env("star-realms", players=players, format=fmt, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=1000)


@pytest.mark.parametrize(("fmt", "players"), FORMATS)
def test_every_format_masks_the_player_to_act_and_rewards_teams(fmt: str, players: int) -> None:
    env = rumizi.env("star-realms", players=players, format=fmt)
    assert env.possible_agents == [f"player_{p}" for p in range(players)]
    assert len(env.teams) == players
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        state = env.game_state
        assert state is not None and agent == f"player_{state.to_act}"
        chosen = np.flatnonzero(obs["action_mask"]).tolist()
        assert [env.encoding.actions[i] for i in chosen] == sorted(
            state.legal_actions(), key=env.encoding.index
        )
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(chosen)))
    state = env.game_state
    assert state is not None and state.over and env.agents == []
    won = [p for p in range(players) if state.is_winner(p)]
    assert won and {env.teams[p] for p in won} == {env.teams[won[0]]}
    assert totals == {f"player_{p}": 1.0 if p in won else -1.0 for p in range(players)}


def test_agents_spaces_and_reset() -> None:
    env = rumizi.env("star-realms")
    assert isinstance(env.unwrapped, RumiziEnv)
    assert env.possible_agents == ["player_0", "player_1"]
    env.reset(seed=3)
    state = env.game_state
    assert state is not None and state.export() == rumizi.game("star-realms").new(3).export()
    assert env.agent_selection == f"player_{state.to_act}"
    space = env.observation_space("player_0")
    assert space is env.observation_space("player_0")
    obs = env.observe("player_0")
    assert space.contains(obs)
    assert obs["observation"].dtype == np.float32
    assert env.action_space("player_1") == spaces.Discrete(len(env.encoding.actions))


def test_the_mask_equals_the_legal_actions_along_a_game() -> None:
    env = rumizi.env("star-realms")
    env.reset(seed=8)
    rng = np.random.default_rng(8)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert not obs["action_mask"].any()
            env.step(None)
            continue
        state = env.game_state
        assert state is not None
        legal = state.legal_actions()
        chosen = np.flatnonzero(obs["action_mask"]).tolist()
        assert [env.encoding.actions[i] for i in chosen] == sorted(legal, key=env.encoding.index)
        other = "player_1" if agent == "player_0" else "player_0"
        assert not env.observe(other)["action_mask"].any()
        assert np.array_equal(obs["action_mask"], action_mask(env.encoding, state))
        env.step(int(rng.choice(chosen)))


def test_rewards_at_the_end_zero_sum_or_win_loss() -> None:
    for zero_sum, expected in ((True, [-1.0, 1.0]), (False, [0.0, 1.0])):
        env = rumizi.env("star-realms", zero_sum=zero_sum)
        env.reset(seed=5)
        rng = np.random.default_rng(5)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                assert terminated and not truncated
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        state = env.game_state
        assert state is not None and state.over and state.winner is not None
        assert sorted(totals.values()) == expected
        assert totals[f"player_{state.winner}"] == 1.0
        assert env.agents == []


def test_a_turn_cap_truncates_with_no_reward() -> None:
    env = rumizi.env("star-realms", max_turns=6)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    seen = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            seen.append((agent, reward, terminated, truncated))
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(seen) == [("player_0", 0, False, True), ("player_1", 0, False, True)]
    assert env.turns == 6


def test_seeding_reproduces_games() -> None:
    a, b = rumizi.env("star-realms"), rumizi.env("star-realms")
    play_out(a, 21)
    play_out(b, 21)
    assert a.game_state is not None and b.game_state is not None
    assert a.game_state.export() == b.game_state.export()
    a.reset(seed=2)
    first = a.seed_used
    a.reset()
    assert a.seed_used != first  # later resets draw fresh deals from the seeded stream


def test_illegal_and_malformed_actions_are_refused() -> None:
    env = rumizi.env("star-realms")
    env.reset(seed=0)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(rumizi.IllegalAction):
        env.step(illegal)
    for bad in (-1, len(env.encoding.actions), "end"):
        with pytest.raises(rumizi.IllegalAction):
            env.step(bad)


@pytest.mark.parametrize(
    "bad",
    [1.7, 2.0, True, False, np.float32(3.0), np.float64(0.0), np.bool_(True), "3", [3], None],
    ids=repr,
)
def test_an_action_that_is_not_an_integer_is_refused_not_rounded(bad: object) -> None:
    env = rumizi.env("star-realms")
    env.reset(seed=0)
    obs, *_ = env.last()
    legal = np.flatnonzero(obs["action_mask"]).tolist()
    assert {0, 1, 2, 3} & set(legal)  # rounding any of these would pick a legal move
    state = env.game_state
    assert state is not None
    before = state.export()
    with pytest.raises(rumizi.IllegalAction, match="must be an integer"):
        env.step(bad)
    assert state.export() == before and env.agent_selection == f"player_{state.to_act}"


@pytest.mark.parametrize("kind", [np.int8, np.int32, np.int64, np.uint16, int])
def test_numpy_integers_are_actions(kind: type) -> None:
    env = rumizi.env("star-realms")
    env.reset(seed=0)
    obs, *_ = env.last()
    index = int(np.flatnonzero(obs["action_mask"])[0])
    state = env.game_state
    assert state is not None
    expected = state.clone()
    expected.apply(env.encoding.actions[index])
    env.step(kind(index))
    assert state.export() == expected.export()


def test_the_environment_enforces_the_order_of_calls_as_pettingzoos_own_do() -> None:
    env = rumizi.env("star-realms")
    assert isinstance(env, OrderEnforcingWrapper) and isinstance(env.unwrapped, RumiziEnv)
    with pytest.raises(AssertionError, match="reset"):
        env.step(0)
    with pytest.raises(AssertionError, match="reset"):
        env.observe("player_0")
    with pytest.raises(AttributeError, match="before reset"):
        _ = env.agent_selection
    env.reset(seed=2)
    assert env.agent_selection in env.possible_agents
    assert env.game_state is env.unwrapped.game_state  # the bare env's attributes pass through


def test_render_shows_only_the_public_table() -> None:
    env = rumizi.env("star-realms", render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    assert env.game_state is not None
    assert text == env.encoding.describe(env.game_state.view(None))
    with pytest.raises(ValueError):
        rumizi.env("star-realms", render_mode="rgb_array")


def test_the_core_package_does_not_import_the_rl_extra() -> None:
    code = (
        "import sys, rumizi; rumizi.game('star-realms').new(1); "
        "print(sorted(m for m in ('numpy', 'pettingzoo', 'pyspiel', 'gymnasium') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
