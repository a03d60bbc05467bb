"""The parallel environment of Fantasy Realms' chaos realms: PettingZoo's parallel API test,
masked play to the end, seeds, no leak of hidden cards, and moves made at once applied as
the engine applies them one after another."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test

import rumizi
from rumizi.adapters.parallel_env import (
    WAIT_INDEX,
    RumiziParallelEnv,
    fantasy_realms_chaos_parallel_env,
)
from rumizi.core.contract import RING
from rumizi.core.errors import IllegalAction
from rumizi.games.fantasy_realms import GAME
from rumizi.games.fantasy_realms.engine import FantasyRealmsState


def state_of(env: RumiziParallelEnv) -> FantasyRealmsState:
    state = env.game_state
    assert isinstance(state, FantasyRealmsState)
    return state


def random_actions(
    env: RumiziParallelEnv, obs: dict[str, Any], rng: np.random.Generator
) -> dict[str, int]:
    return {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents}


def index_of(env: RumiziParallelEnv, seat: int, action: dict[str, Any]) -> int:
    """The index of a seat's engine action, through the encoding."""
    state = state_of(env)
    return int(env.encoding.legal_indices([action], state.view(seat))[0])


@pytest.mark.parametrize("players", [3, 5, 7])
def test_pettingzoo_parallel_api_test_passes(players: int) -> None:
    env = fantasy_realms_chaos_parallel_env(players=players, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about dict observations
        parallel_api_test(env, num_cycles=2000)  # long enough for a random game to end
    assert not env.agents  # the game ended inside the cycles


@pytest.mark.parametrize("players", [3, 4, 6, 7])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_masked_play_ends_with_the_games_winners_rewarded(players: int, seed: int) -> None:
    env = fantasy_realms_chaos_parallel_env(players=players, suits=seed == 2)
    obs, infos = env.reset(seed=seed)
    assert set(obs) == set(infos) == set(env.possible_agents) == set(env.agents)
    rng = np.random.default_rng(seed)
    rewards: dict[str, float] = {}
    for _ in range(2000):
        state = state_of(env)
        actors = set(state.actors)
        for seat, agent in enumerate(env.possible_agents):
            mask = obs[agent]["action_mask"]
            assert obs[agent]["observation"].shape == (env.encoding.observation_size,)
            assert env.observation_space(agent).contains(obs[agent])
            if seat in actors:  # real moves, exactly the engine's list for the seat
                assert not mask[WAIT_INDEX]
                assert int(mask.sum()) == len(state.legal_actions_for(seat))
            else:
                assert np.flatnonzero(mask).tolist() == [WAIT_INDEX]
        obs, rewards, terminations, truncations, _ = env.step(random_actions(env, obs, rng))
        if not env.agents:
            assert all(terminations.values()) and not any(truncations.values())
            break
    state = state_of(env)
    assert state.over
    shared = len(state.winners) == players  # everybody tied: a draw
    assert rewards == {
        f"player_{q}": 0.0 if shared else 1.0 if q in state.winners else -1.0
        for q in range(players)
    }


def play_episode(seed: int, players: int) -> tuple[list[Any], dict[str, Any]]:
    env = fantasy_realms_chaos_parallel_env(players=players)
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(100 + seed)
    trace: list[Any] = []
    while env.agents:
        actions = random_actions(env, obs, rng)
        obs, rewards, _, _, infos = env.step(actions)
        trace.append(
            (
                actions,
                {a: o["observation"].tobytes() for a, o in obs.items()},
                rewards,
                infos,
                list(env.last_step),
            )
        )
    return trace, state_of(env).export()


@pytest.mark.parametrize("players", [3, 6])
def test_the_same_seed_gives_the_same_episode(players: int) -> None:
    first, end = play_episode(11, players)
    second, end_again = play_episode(11, players)
    assert first == second and end == end_again
    _, other_end = play_episode(12, players)
    assert other_end != end  # and another seed another deal


def test_a_reset_without_a_seed_goes_on_from_the_last_seed() -> None:
    one, two = fantasy_realms_chaos_parallel_env(), fantasy_realms_chaos_parallel_env()
    one.reset(seed=5)
    two.reset(seed=5)
    one.reset()
    two.reset()
    assert one.seed_used == two.seed_used != 5
    assert state_of(one).export() == state_of(two).export()


@pytest.mark.parametrize("players", [3, 5])
def test_redealing_hidden_cards_changes_no_seats_observation(players: int) -> None:
    env = fantasy_realms_chaos_parallel_env(players=players)
    obs, _ = env.reset(seed=4)
    rng = np.random.default_rng(4)
    checked = changed = 0
    while env.agents:
        real = state_of(env)
        for seat, agent in enumerate(env.possible_agents):
            for sample_seed in (1, 2):
                other = GAME.sample(real.view(seat), seed=sample_seed)
                changed += other.hands != real.hands or other.deck != real.deck
                env.game_state = other
                seen = env.observe(agent)
                env.game_state = real
                assert np.array_equal(seen["observation"], obs[agent]["observation"])
                assert np.array_equal(seen["action_mask"], obs[agent]["action_mask"])
                checked += 1
        obs, *_ = env.step(random_actions(env, obs, rng))
    assert checked > 3 * players and changed > checked // 2  # the hidden cards did move


@pytest.mark.parametrize("opponents", [None, {1: "greedy", 3: "random"}])
def test_moves_made_at_once_are_the_engines_moves_one_after_another(
    opponents: dict[int, str] | None,
) -> None:
    """Replaying each step's moves, in the order the env drew, on the engine alone gives the
    same state and the same refusals, step after step."""
    env = fantasy_realms_chaos_parallel_env(players=5, opponents=opponents)
    obs, _ = env.reset(seed=9)
    rng = np.random.default_rng(9)
    engine = GAME.new(seed=9, players=5, variant="chaos")
    for _agent, action, _ in env.last_step:  # the opponents' moves before the first step
        engine.apply(action)
    refused = 0
    while env.agents:
        before = engine.clone()
        actions = random_actions(env, obs, rng)
        obs, _, _, _, infos = env.step(actions)
        moved = [a for a, i in actions.items() if i != WAIT_INDEX]
        # each agent that moved is in the step once; the rest are the opponents' moves
        assert sorted(a for a, _, _ in env.last_step if a in env.possible_agents) == sorted(moved)
        for position, (agent, action, refusal) in enumerate(env.last_step):
            seat = int(agent.removeprefix("player_"))
            if agent in moved:  # what the index meant in the agent's view of the step's start
                assert action == env.encoding.decode(actions[agent], before.view(seat), seat)
                assert infos[agent]["position"] == position and infos[agent]["played"] == action
            else:
                assert opponents is not None and seat in opponents and agent not in infos
            try:
                engine.apply(action)
            except IllegalAction as err:
                assert refusal == str(err)
                assert agent not in moved or infos[agent]["refused"] == refusal
                refused += 1
            else:
                assert refusal is None and "refused" not in infos.get(agent, {})
        assert engine.export() == state_of(env).export()
    assert refused > 0  # the game had moves that came too late


def trade_env(order: str = "seats") -> RumiziParallelEnv:
    env = fantasy_realms_chaos_parallel_env(players=3, order=order)
    env.reset(seed=3)
    return env


def propose(env: RumiziParallelEnv, seat: int, to: int, slot: int = 0) -> int:
    card = state_of(env).hands[seat][slot]
    return index_of(env, seat, {"do": "propose", "by": seat, "to": to, "card": card})


def test_an_accept_played_before_a_withdraw_of_the_same_offer_swaps() -> None:
    env = trade_env()
    state = state_of(env)
    card = state.hands[1][0]
    # every seat still trading moves in every step
    env.step(
        {
            "player_0": propose(env, 0, 2, 1),
            "player_1": propose(env, 1, 0),
            "player_2": propose(env, 2, 1),
        }
    )
    give = state.hands[0][0]
    offer = next(o["id"] for o in state.pending["offers"] if o["by"] == 1)
    accept = {"do": "accept", "by": 0, "offer": offer, "card": give}
    withdraw = {"do": "withdraw", "by": 1, "offer": offer}
    _, _, _, _, infos = env.step(
        {
            "player_0": index_of(env, 0, accept),
            "player_1": index_of(env, 1, withdraw),
            "player_2": env.done_index,
        }
    )
    # seat order: seat 0's accept first, so the swap happens and the withdraw is too late
    assert card in state.hands[0] and give in state.hands[1]
    assert "refused" not in infos["player_0"] and "no offer" in infos["player_1"]["refused"]
    assert infos["player_2"]["played"] == {"do": "done", "by": 2}


def test_a_withdraw_played_before_an_accept_leaves_the_hands() -> None:
    env = trade_env()
    state = state_of(env)
    done = env.done_index
    env.step({"player_0": propose(env, 0, 1), "player_1": done, "player_2": done})
    hands = [list(h) for h in state.hands]
    offer = state.pending["offers"][0]["id"]
    accept = {"do": "accept", "by": 1, "offer": offer, "card": state.hands[1][0]}
    _, _, _, _, infos = env.step(
        {
            "player_0": index_of(env, 0, {"do": "withdraw", "by": 0, "offer": offer}),
            "player_1": index_of(env, 1, accept),
        }
    )
    assert state.hands == hands and not state.pending["offers"]
    assert "no offer" in infos["player_1"]["refused"]


def test_the_random_order_is_not_seat_order_and_seat_order_is() -> None:
    orders: dict[str, list[list[int]]] = {}
    for order in ("random", "seats"):
        env = fantasy_realms_chaos_parallel_env(players=5, order=order)
        obs, _ = env.reset(seed=8)
        rng = np.random.default_rng(8)
        orders[order] = []
        while env.agents:
            obs, *_ = env.step(random_actions(env, obs, rng))
            orders[order].append([env.possible_agents.index(a) for a, _, _ in env.last_step])
    assert all(seats == sorted(seats) for seats in orders["seats"])
    assert any(seats != sorted(seats) for seats in orders["random"])


def test_bad_steps_raise_and_change_nothing() -> None:
    env = trade_env()
    before = state_of(env).export()
    with pytest.raises(IllegalAction, match="has moves to make"):
        env.step({"player_0": env.done_index})
    with pytest.raises(IllegalAction, match="not one of its legal moves"):
        env.step({a: WAIT_INDEX for a in env.agents})  # actors may not wait
    with pytest.raises(IllegalAction, match="not one of its legal moves"):
        env.step({a: float(env.done_index) for a in env.agents})  # no number is rounded
    with pytest.raises(IllegalAction, match="no such agents"):
        env.step({**{a: env.done_index for a in env.agents}, "player_9": 0})
    assert state_of(env).export() == before and env.steps == 0


def test_a_done_seat_with_nothing_to_answer_waits_and_may_be_left_out() -> None:
    env = trade_env()
    propose = {"do": "propose", "by": 2, "to": 0, "card": state_of(env).hands[2][0]}
    obs, *_ = env.step(
        {
            "player_0": env.done_index,
            "player_1": env.done_index,
            "player_2": index_of(env, 2, propose),
        }
    )
    assert state_of(env).actors == (0, 2)  # seat 0 has an offer to answer
    assert np.flatnonzero(obs["player_1"]["action_mask"]).tolist() == [WAIT_INDEX]
    offer = state_of(env).pending["offers"][0]["id"]
    env.step(
        {
            "player_0": index_of(env, 0, {"do": "refuse", "by": 0, "offer": offer}),
            "player_2": env.done_index,
        }
    )
    assert state_of(env).phase != "trade"


def test_the_timer_rings_after_timer_steps() -> None:
    env = fantasy_realms_chaos_parallel_env(players=4, timer_steps=2, order="seats")
    _, infos = env.reset(seed=1)
    assert {i["timer_left"] for i in infos.values()} == {2}
    state = state_of(env)
    engine = GAME.new(seed=1, players=4, variant="chaos")
    done = env.done_index
    first = {"do": "propose", "by": 0, "to": 1, "card": state.hands[0][0]}
    _, _, _, _, infos = env.step(
        {"player_0": index_of(env, 0, first), "player_1": done, "player_2": done, "player_3": done}
    )
    assert state.phase == "trade" and "rang" not in infos["player_0"]
    assert {i["timer_left"] for i in infos.values()} == {1}
    offer = state.pending["offers"][0]["id"]
    second = {"do": "propose", "by": 0, "to": 2, "card": state.hands[0][1]}
    refuse = {"do": "refuse", "by": 1, "offer": offer}
    _, _, _, _, infos = env.step(
        {"player_0": index_of(env, 0, second), "player_1": index_of(env, 1, refuse)}
    )
    assert all(i.get("rang") for i in infos.values())  # seat 0 was still trading
    assert not any("timer_left" in i for i in infos.values())  # no timer runs after it
    for action in (first, *({"do": "done", "by": q} for q in (1, 2, 3)), second, refuse, RING):
        engine.apply(action)
    assert engine.export() == state.export() and state.phase != "trade"


def test_a_step_limit_truncates() -> None:
    env = fantasy_realms_chaos_parallel_env(players=3, max_steps=1)
    obs, _ = env.reset(seed=2)
    _, rewards, terminations, truncations, _ = env.step(
        random_actions(env, obs, np.random.default_rng(0))
    )
    assert all(truncations.values()) and not any(terminations.values())
    assert set(rewards.values()) == {0.0} and env.agents == []
    with pytest.raises(RuntimeError, match="reset"):
        env.step({})


def test_after_the_trading_only_the_necromancers_holder_moves() -> None:
    env = fantasy_realms_chaos_parallel_env(players=4, order="seats")
    obs, _ = env.reset(seed=6)  # seat 3 holds the Necromancer (this deal)
    assert "necromancer" in state_of(env).hands[3]
    obs, *_ = env.step({a: env.done_index for a in env.agents})
    state = state_of(env)
    assert state.phase == "summon"
    for seat, agent in enumerate(env.possible_agents):
        legal = np.flatnonzero(obs[agent]["action_mask"]).tolist()
        assert (legal == [WAIT_INDEX]) == (seat != 3)
    draw = index_of(env, 3, {"do": "draw-three"})
    obs, *_ = env.step({"player_3": draw})  # the others may be left out: they only wait
    assert (
        state_of(env).phase == "keep" and np.flatnonzero(obs["player_3"]["action_mask"]).size == 3
    )


def test_render_and_rumizi_parallel_env_show_no_hidden_card() -> None:
    env = rumizi.parallel_env("fantasy-realms", players=3, variant="chaos", render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert isinstance(text, str) and "trade" in text and "7 cards" in text
    hidden = {c for hand in state_of(env).hands for c in hand}
    assert not any(card in text.split() for card in hidden)
    with pytest.raises(NotImplementedError):
        env.state()


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="order"):
        fantasy_realms_chaos_parallel_env(order="fastest")
    with pytest.raises(ValueError, match="timer_steps"):
        fantasy_realms_chaos_parallel_env(timer_steps=0)
    with pytest.raises(ValueError, match="3 to 7"):
        fantasy_realms_chaos_parallel_env(players=2)
    with pytest.raises(KeyError, match="no simultaneous encoding"):
        rumizi.parallel_env("star-realms", players=2)


def test_opponents_play_their_seats_from_their_own_views() -> None:
    views: list[tuple[int, dict[str, Any]]] = []

    def patient(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        views.append((int(view["you"]), view))
        done = [a for a in legal if a["do"] in ("done", "refuse", "pass")]
        return done[0] if done else legal[0]

    env = fantasy_realms_chaos_parallel_env(
        players=4, opponents={0: "greedy", 2: patient}, order="seats"
    )
    assert env.possible_agents == ["player_1", "player_3"]
    rng = np.random.default_rng(3)
    obs, _ = env.reset(seed=3)
    assert set(obs) == {"player_1", "player_3"}
    movers = {a for a, _, _ in env.last_step}
    while env.agents:
        obs, rewards, *_ = env.step(random_actions(env, obs, rng))
        movers |= {a for a, _, _ in env.last_step}
    assert movers == {"player_0", "player_1", "player_2", "player_3"}
    assert views and all(seat == 2 for seat, _ in views)
    for _, view in views:  # the function saw its own hand and only the sizes of the others
        assert all(isinstance(h, int) for q, h in enumerate(view["hands"]) if q != 2)
    assert set(rewards) == {"player_1", "player_3"} and state_of(env).over


@pytest.mark.parametrize("players", [3, 6])
def test_the_parallel_api_test_passes_with_opponents(players: int) -> None:
    env = fantasy_realms_chaos_parallel_env(players=players, opponents={0: "strong"})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(env, num_cycles=2000)
    first, again = (play_with_opponents(5) for _ in range(2))
    assert first == again


def play_with_opponents(seed: int) -> list[Any]:
    env = fantasy_realms_chaos_parallel_env(players=4, opponents={1: "greedy", 2: "random"})
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace: list[Any] = [list(env.last_step)]
    while env.agents:
        obs, rewards, *_ = env.step(random_actions(env, obs, rng))
        trace.append((list(env.last_step), rewards))
    return trace


def test_bad_opponents_are_refused() -> None:
    with pytest.raises(ValueError, match="opponents"):
        fantasy_realms_chaos_parallel_env(players=3, opponents={3: "greedy"})
    with pytest.raises(ValueError, match="at least one seat"):
        fantasy_realms_chaos_parallel_env(players=3, opponents=dict.fromkeys(range(3), "random"))
    with pytest.raises(TypeError, match="opponent"):
        fantasy_realms_chaos_parallel_env(players=3, opponents={1: 7})
