"""The OpenSpiel adapter: loading, chance, full games, MCTS, and no peeking at hidden cards."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import rumizi
from rumizi.adapters.base import encoding
from rumizi.adapters.openspiel_game import RumiziSpielState

NAME = "python_rumizi_star_realms"
# (format, players, declared zero-sum: two teams of equal size)
FORMATS = [
    ("free-for-all", 4, False),
    ("hunter", 3, False),
    ("hydra", 4, True),
    ("hydra", 6, True),
    ("emperor", 6, True),
    ("raid", 3, False),
    ("raid", 6, False),
]


def load(**params: int | str) -> pyspiel.Game:
    return pyspiel.load_game(NAME, params)


def dealt(game: pyspiel.Game, deal: int) -> RumiziSpielState:
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(deal)
    assert isinstance(state, RumiziSpielState)
    return state


def random_play(state: pyspiel.State, rng: np.random.RandomState) -> None:
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))


def test_the_game_is_registered_with_its_type_and_info() -> None:
    assert NAME in pyspiel.registered_names()
    game = load()
    kind = game.get_type()
    assert kind.short_name == NAME
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_players() == 2
    assert game.num_distinct_actions() == 203
    assert game.max_chance_outcomes() == 1 << 16
    assert game.observation_tensor_shape() == [565]
    assert game.max_game_length() == 1000 * 100


def test_the_chance_node_deals_the_rumizi_game_of_that_seed() -> None:
    state = dealt(load(), 42)
    inner = state.rumizi_state
    assert inner is not None
    assert inner.export() == rumizi.game("star-realms").new(seed=42).export()
    assert state.current_player() == inner.to_act
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 42) == "deal 42"


def test_a_fixed_seed_skips_the_chance_node() -> None:
    state = load(seed=9).new_initial_state()
    assert not state.is_chance_node()
    inner = state.rumizi_state
    assert inner is not None
    assert inner.export() == rumizi.game("star-realms").new(seed=9).export()


def test_random_games_end_with_zero_sum_returns() -> None:
    game = load()
    rng = np.random.RandomState(0)
    for _ in range(4):
        state = game.new_initial_state()
        random_play(state, rng)
        returns = state.returns()
        inner = state.rumizi_state
        assert inner is not None and inner.over  # random play ends within 1000 turns
        assert inner.winner is not None and returns[inner.winner] == 1.0
        assert sorted(returns) == [-1.0, 1.0] and sum(returns) == 0.0


def test_a_turn_cap_ends_the_game_with_zero_returns() -> None:
    game = load(max_turns=4)
    state = game.new_initial_state()
    random_play(state, np.random.RandomState(3))
    assert state.returns() == [0.0, 0.0]
    assert state.legal_actions() == []


def test_clones_are_independent() -> None:
    state = dealt(load(), 5)
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[-1])
    assert len(copy.history()) == len(state.history()) + 1
    assert state.rumizi_state is not None and copy.rumizi_state is not None
    assert state.rumizi_state.export() != copy.rumizi_state.export()


def test_mcts_plays_a_full_game() -> None:
    game = load(max_turns=12)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bots = [
        mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=np.random.RandomState(p))
        for p in range(2)
    ]
    state = dealt(game, 17)
    moves = 0
    while not state.is_terminal():
        player = state.current_player()
        action = bots[player].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves > 12 and sum(state.returns()) == 0.0


class Sampler:
    """OpenSpiel's probability sampler: uniform numbers on [0, 1), seeded."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.RandomState(seed)

    def __call__(self) -> float:
        return float(self.rng.uniform())


def test_a_resampled_world_keeps_the_players_information_and_redeals_the_rest() -> None:
    game = load()
    state = dealt(game, 3)
    rng = np.random.RandomState(4)
    for _ in range(40):  # into the game, past a few turns
        state.apply_action(int(rng.choice(state.legal_actions())))
    inner = state.rumizi_state
    assert inner is not None
    for player in (0, 1):
        other = state.resample_from_infostate(player, Sampler(77 + player))
        assert isinstance(other, RumiziSpielState)
        assert other.rumizi_state is not None
        assert other.rumizi_state.export() != inner.export()  # hidden cards re-dealt
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.observation_string(player) == state.observation_string(player)
        assert other.observation_tensor(player) == state.observation_tensor(player)
        assert other.legal_actions() == state.legal_actions()
        assert other.history() == []  # the true history would name the hidden cards
        assert other.information_state_string(1 - player) != state.information_state_string(
            1 - player
        )  # the other player's past in this world is unknown, and its own hand did change
        again = state.resample_from_infostate(player, Sampler(77 + player))
        assert again.rumizi_state is not None
        assert again.rumizi_state.export() == other.rumizi_state.export()  # the sampler decides


def test_the_information_state_is_the_players_views_and_its_own_moves() -> None:
    state = dealt(load(), 6)
    me = state.current_player()
    first = state.legal_actions()[0]
    before = state.information_state_string(me)
    state.apply_action(first)
    text = state.information_state_string(me)
    assert text.startswith(before + "\n")
    lines = text.split("\n")
    assert lines[0].startswith("view ") and f'"viewer":{me}' in lines[0]
    assert lines[1] == "move " + state.action_to_string(me, first)
    assert lines[2].startswith("seen ")  # what the move changed in its view
    assert "move " not in state.information_state_string(1 - me)  # not the other's move


def test_there_is_no_information_state_tensor() -> None:
    game = load()
    assert not game.get_type().provides_information_state_tensor
    with pytest.raises(pyspiel.SpielError, match="no information-state tensor"):
        dealt(game, 1).information_state_tensor(0)


@pytest.mark.parametrize(("fmt", "players", "zero_sum"), FORMATS)
def test_every_format_loads_with_its_players_and_utility(
    fmt: str, players: int, zero_sum: bool
) -> None:
    game = load(players=players, format=fmt)
    enc = encoding("star-realms", players, format=fmt)
    assert game.num_players() == players
    assert game.num_distinct_actions() == len(enc.actions)
    assert game.observation_tensor_shape() == [enc.observation_size]
    utility = pyspiel.GameType.Utility
    assert game.get_type().utility == (utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM)
    state = dealt(game, 8)
    inner = state.rumizi_state
    assert inner is not None
    assert inner.export() == rumizi.game("star-realms").new(8, players, format=fmt).export()


@pytest.mark.parametrize(("fmt", "players", "zero_sum"), FORMATS)
def test_openspiel_random_simulation_checks_pass_in_every_format(
    fmt: str, players: int, zero_sum: bool
) -> None:
    game = load(players=players, format=fmt, max_turns=3 * players)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("fmt", "players"), [("hydra", 4), ("raid", 3), ("free-for-all", 3)])
def test_full_games_return_plus_one_to_every_winner(fmt: str, players: int) -> None:
    state = dealt(load(players=players, format=fmt), 2)
    random_play(state, np.random.RandomState(2))
    inner = state.rumizi_state
    assert inner is not None and inner.over
    assert state.returns() == [1.0 if inner.is_winner(p) else -1.0 for p in range(players)]
    assert 1.0 in state.returns()


def test_bad_tables_are_refused() -> None:
    with pytest.raises(ValueError, match="duel is for 2"):
        load(players=4)
    with pytest.raises(ValueError, match="hydra is for 4 or 6"):
        load(players=5, format="hydra")
    with pytest.raises(ValueError, match="unknown"):
        load(players=3, format="melee")


def test_mcts_plays_a_short_team_game() -> None:
    game = load(players=4, format="hydra", max_turns=8)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bots = [
        mcts.MCTSBot(game, 2.0, 6, evaluator, random_state=np.random.RandomState(p))
        for p in range(4)
    ]
    state = dealt(game, 17)
    movers = set()
    while not state.is_terminal():
        player = state.current_player()
        movers.add(player)
        action = bots[player].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert movers == {0, 1, 2, 3}  # each member of both teams took their part of a turn
    assert sum(state.returns()) == 0.0
