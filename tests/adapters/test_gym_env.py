"""The single-agent Gymnasium environment: Gymnasium's own checker passes for every game,
a whole game is played to its reward, an illegal action changes nothing, a seed replays an
episode, opponents see only their own seats, and a bad configuration is refused."""

from __future__ import annotations

import random
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import rumizi
from rumizi.adapters.gym_env import RumiziGymEnv, register_all
from rumizi.core.contract import Action, View

GAMES: dict[str, dict[str, Any]] = {
    "star-realms": {},
    "splendor-duel": {},
    "war-of-the-ring": {},
    "fantasy-realms": {"players": 3},
}


@pytest.mark.parametrize("game_id", GAMES)
def test_gymnasium_s_checker_passes(game_id: str) -> None:
    assert f"rumizi/{game_id}-v0" in register_all()
    made = gymnasium.make(f"rumizi/{game_id}-v0", opponents="greedy", **GAMES[game_id])
    env = made.unwrapped
    assert isinstance(env, RumiziGymEnv) and env.spec is not None
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        check_env(env)
    assert not [str(w.message) for w in seen]  # not even a warning


def learner_plays(env: RumiziGymEnv, seed: int, moves: random.Random) -> list[Any]:
    """An episode: the learner picks a random legal action each time; what came back."""
    obs, info = env.reset(seed=seed)
    seen: list[Any] = [obs["observation"].tolist(), info["seat"]]
    done = False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) == len(info["legal"]) > 0
        obs, reward, terminated, truncated, info = env.step(int(moves.choice(list(legal))))
        seen.append((obs["observation"].tolist(), reward))
        done = terminated or truncated
    return seen


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_is_played_to_the_learner_s_reward(game_id: str) -> None:
    env = rumizi.gym_env(game_id, opponents="random", seat=None, **GAMES[game_id])
    played = learner_plays(env, 11, random.Random(1))
    state = env.game_state
    assert state is not None and state.over
    final_reward = played[-1][1]
    won = state.returns()[env.seat] > 0.5
    assert final_reward == (1.0 if won else -1.0) or len(set(state.returns())) == 1
    assert all(r == 0.0 for _, r in played[2:-1])  # nothing before the end
    # The same seed and the same learner: the same episode, the seat drawn alike.
    again = rumizi.gym_env(game_id, opponents="random", seat=None, **GAMES[game_id])
    assert learner_plays(again, 11, random.Random(1)) == played
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_an_illegal_action_changes_nothing() -> None:
    env = rumizi.gym_env("star-realms", opponents="greedy", illegal_reward=-0.5)
    obs, _ = env.reset(seed=4)
    state = env.game_state
    assert state is not None
    before = state.export()
    forbidden = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    for action in (forbidden, -1, 10**6, 1.5, True, "0", np.float32(0)):
        again, reward, terminated, truncated, info = env.step(action)
        assert info["illegal"] and reward == -0.5 and not terminated and not truncated
        assert np.array_equal(again["observation"], obs["observation"])
    assert state.export() == before
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    assert env.step(np.int64(legal))[4]["illegal"] is False  # a numpy integer is an index
    assert np.array_equal(env.action_masks(), env.step(forbidden)[0]["action_mask"])


def test_opponents_see_only_their_own_seat_and_may_be_functions() -> None:
    env = rumizi.gym_env("splendor-duel", opponents=[lambda view, legal: legal[0]], seat=1)
    calls: list[tuple[View, View]] = []

    def watched(view: View, legal: list[Action]) -> Action:
        state = env.game_state
        assert state is not None and state.to_act == 0
        calls.append((view, state.view(0)))
        return legal[-1]

    env.opponents = [watched]
    obs, info = env.reset(seed=2)
    assert info["seat"] == 1
    for _ in range(20):
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, terminated, _, _ = env.step(int(legal[0]))
        if terminated:
            break
    assert calls and all(view == own for view, own in calls)  # seat 0's view, never seat 1's


def test_a_game_is_cut_short_after_max_turns() -> None:
    env = rumizi.gym_env("star-realms", opponents="random", max_turns=6)
    obs, _ = env.reset(seed=1)
    truncated = False
    steps = 0
    while not truncated:
        obs, reward, terminated, truncated, info = env.step(
            int(np.flatnonzero(obs["action_mask"])[0])
        )
        steps += 1
        assert not terminated and steps < 500
    assert reward == 0.0 and info["turns"] >= 6 and not obs["action_mask"].any()


def test_text_and_a_bad_configuration() -> None:
    env = rumizi.gym_env("war-of-the-ring", render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert isinstance(text, str) and text.strip()
    with pytest.raises(ValueError, match="2 opponents wanted"):
        rumizi.gym_env("fantasy-realms", players=3, opponents=["random"])
    with pytest.raises(ValueError, match="seat must be from 0 to 1"):
        rumizi.gym_env("star-realms", seat=2)
    with pytest.raises(ValueError, match="render_mode"):
        rumizi.gym_env("star-realms", render_mode="human")
    with pytest.raises(TypeError, match="an opponent is"):
        rumizi.gym_env("star-realms", opponents=[3]).reset(seed=1)
    with pytest.raises(KeyError, match="unknown game"):
        rumizi.gym_env("chess")
