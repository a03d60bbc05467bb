"""Fantasy Realms for learning code: its action index, observations, PettingZoo and OpenSpiel.

Every table shape is checked: 3 to 6 players and the two-player draft, with and without the
Cursed Items, the suits and the promos. What every game owes learning code at its default
table (the draft) is checked in test_every_encoding.py.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pyspiel
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from open_spiel.python.algorithms import mcts
from pettingzoo.test import api_test

import rumizi
import rumizi.adapters.openspiel_game as spiel
from rumizi.adapters.base import action_mask, encoding
from rumizi.games.fantasy_realms import GAME
from rumizi.games.fantasy_realms.cards import card_info
from rumizi.games.fantasy_realms.encoding import STAFF, make_encoding
from rumizi.games.fantasy_realms.engine import FantasyRealmsState, Options
from rumizi.games.fantasy_realms.scorer import score_hand

ALL = {"suits": True, "items": True, "jester": True, "phoenix": "deluxe"}
TABLES: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {}),
    (4, {"items": True}),
    (5, {"suits": True, "phoenix": "promo"}),
    (6, ALL),
    (2, {"items": True, "suits": True}),
    (3, {"items": True, "jester": True}),
]
IDS = [f"{n}-" + ("+".join(sorted(o)) or "base") for n, o in TABLES]


def random_states(
    players: int, options: dict[str, Any], seeds: range, every: int = 1
) -> Iterator[FantasyRealmsState]:
    """Positions of random games, every ``every``-th decision."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new(seed=seed, players=players, **options)
        step = 0
        while not state.over:
            if step % every == 0:
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()))
            step += 1
        yield state


def is_big_staff(action: dict[str, Any]) -> bool:
    return action.get("item") == STAFF and action["do"] == "use" and len(action["cards"]) > 3


def test_the_index_is_one_list_per_table_every_entry_found_again() -> None:
    enc = make_encoding(4)
    assert len(enc.actions) == 181  # draw, then take, discard and shed × 53 cards, genie, …
    for i, action in enumerate(enc.actions):
        assert enc.index(action) == i
        assert enc.index(dict(reversed(action.items()))) == i  # field order does not matter
    assert make_encoding(4, first=2).actions[:] == enc.actions[:]  # who starts changes nothing
    assert encoding("fantasy-realms", 4) is encoding("fantasy-realms", 4)
    # the draft adds draw-two; the items add their blocks; the suits add cards
    assert len(make_encoding(2).actions) == 182
    assert len(make_encoding(3, items=True).actions) > 70_000
    raised = [
        c
        for c in Options(3, suits=True).cards()
        if card_info(c, expansion=True).suit in ("army", "leader", "wizard", "beast", "undead")
    ]
    assert len(make_encoding(3, suits=True).actions) == 1 + 3 * 68 + (1 + 68) + (1 + len(raised))


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=170_300))
def test_every_index_of_the_largest_table_decodes_and_encodes_back(i: int) -> None:
    enc = encoding("fantasy-realms", 6, **ALL)
    action = enc.actions[i]
    assert enc.index(action) == i
    if "cards" in action:  # a set of cards is listed sorted and without repeats
        assert action["cards"] == sorted(set(action["cards"]))


def test_non_canonical_and_unknown_actions_have_no_index() -> None:
    enc = make_encoding(4, items=True)
    with pytest.raises(KeyError):
        enc.index({"do": "use", "item": "sealed-vault", "cards": ["unicorn", "king"]})  # order
    with pytest.raises(KeyError):
        enc.index({"do": "use", "item": "sealed-vault", "cards": ["king", "king"]})
    with pytest.raises(KeyError):
        enc.index({"do": "take", "card": "garden"})  # a Cursed Hoard card, not at this table
    with pytest.raises(KeyError):
        enc.index({"do": "draw", "card": "king"})
    with pytest.raises(KeyError):
        make_encoding(4).index({"do": "drop-item"})  # no items at this table
    with pytest.raises(KeyError):
        enc.legal_indices([{"do": "fly"}])
    with pytest.raises(IndexError):
        enc.actions[len(enc.actions)]
    assert enc.actions[-1] == enc.actions[len(enc.actions) - 1]


@pytest.mark.parametrize(("players", "options"), TABLES, ids=IDS)
def test_the_mask_is_exactly_the_legal_actions_at_every_step(
    players: int, options: dict[str, Any]
) -> None:
    enc = encoding("fantasy-realms", players, **options)
    for state in random_states(players, options, range(3)):
        legal = state.legal_actions()
        kept = [a for a in legal if not is_big_staff(a)]
        mask = action_mask(enc, state)
        assert int(mask.sum()) == len(kept)
        assert [enc.actions[i] for i in np.flatnonzero(mask)] == sorted(kept, key=enc.index)


def test_only_staff_uses_of_more_than_three_cards_are_cut() -> None:
    enc = encoding("fantasy-realms", 4, items=True)
    for state in random_states(4, {"items": True}, range(40)):
        legal = state.legal_actions()
        staff = [a for a in legal if a.get("item") == STAFF]
        if staff:
            break
    else:
        raise AssertionError("no random game offered the Staff of Transmutation")
    indexed = enc.legal_indices(legal)
    assert len(indexed) == len(legal) - sum(len(a["cards"]) > 3 for a in staff)
    small = [a for a in staff if len(a["cards"]) == 3]
    assert small and all(enc.index(a) in indexed for a in small)


@pytest.mark.parametrize(("players", "options"), TABLES, ids=IDS)
def test_observations_have_a_fixed_shape_and_stay_in_bounds(
    players: int, options: dict[str, Any]
) -> None:
    enc = encoding("fantasy-realms", players, **options)
    for state in random_states(players, options, range(2), every=4):
        for seat in (*range(players), None):
            v = enc.observe(state.view(seat))
            assert v.shape == (enc.observation_size,) and v.dtype == np.float32
            assert (v >= enc.observation_low).all() and (v <= enc.observation_high).all()


@pytest.mark.parametrize(("players", "options"), TABLES[2:5], ids=IDS[2:5])
def test_hidden_cards_never_change_an_observation(players: int, options: dict[str, Any]) -> None:
    enc = encoding("fantasy-realms", players, **options)
    differed = 0
    for i, state in enumerate(random_states(players, options, range(3), every=9)):
        if state.over:
            continue
        for p in range(players):
            other = state.sample(p, seed=1000 + i)
            differed += other.export() != state.export()
            assert np.array_equal(enc.observe(other.view(p)), enc.observe(state.view(p)))
    assert differed > 10  # the re-deals really moved hidden cards


def block(enc: Any, v: Any, name: str) -> list[float]:
    start, size = enc.layout[name]
    return [float(x) for x in v[start : start + size]]


def test_observation_blocks_read_the_view() -> None:
    enc = make_encoding(4)
    state = GAME.new(seed=7, players=4, first=0)
    state.apply({"do": "draw"})
    v = enc.observe(state.view(0))
    assert sum(block(enc, v, "hands")) == 8  # the viewer's own hand, nobody else's
    assert block(enc, v, "hand_sizes") == [8, 7, 7, 7]
    assert block(enc, v, "to_act") == [1, 0, 0, 0] and block(enc, v, "viewer")[0] == 1
    assert block(enc, v, "deck") == [53 - 29]
    card = sorted(state.hands[0])[0]
    state.apply({"do": "discard", "card": card})
    v = enc.observe(state.view(2))
    assert block(enc, v, "area")[enc.cards.index(card)] == 1
    assert block(enc, v, "to_act") == [0, 1, 0, 0] and sum(block(enc, v, "hands")) == 7


def test_the_observation_carries_what_the_viewer_s_own_cards_score_and_no_other_hand_s() -> None:
    enc = make_encoding(4)
    state = GAME.new(seed=11, players=4, first=0)
    for seat in range(4):
        hand = sorted(state.hands[seat])
        best = score_hand(hand, discards=list(state.area), expansion=False, players=4).total
        assert block(enc, enc.observe(state.view(seat)), "hand_score") == [best]
    # Another hand changes nothing in it; the viewer's own does.
    before = block(enc, enc.observe(state.view(1)), "hand_score")
    state.apply({"do": "draw"})
    state.apply({"do": "discard", "card": sorted(state.hands[0])[0]})
    assert block(enc, enc.observe(state.view(1)), "hand_score") == before
    # Before the draft of two players has dealt the viewer a card, its hand scores nothing.
    two = encoding("fantasy-realms", 2)
    assert block(two, two.observe(GAME.new(seed=3, players=2).view(0)), "hand_score") == [0]


def test_a_spyglass_shows_a_hand_to_its_user_only() -> None:
    enc = encoding("fantasy-realms", 4, items=True)
    for state in random_states(4, {"items": True}, range(40)):
        look = [a for a in state.legal_actions() if a.get("item") == "spyglass"]
        if look:
            break
    else:
        raise AssertionError("no random game offered the Spyglass")
    me, target = state.to_act, look[0]["player"]
    assert me is not None
    state.apply(look[0])
    row = block(enc, enc.observe(state.view(me)), "shown")[target * 53 : (target + 1) * 53]
    assert sum(row) == len(state.hands[target])
    bystander = next(q for q in range(4) if q not in (me, target))
    assert sum(block(enc, enc.observe(state.view(bystander)), "shown")) == 0


def test_bad_tables_and_views_of_other_tables_are_refused() -> None:
    with pytest.raises(ValueError, match="2 to 6 players"):
        make_encoding(7)
    with pytest.raises(ValueError, match="does not fit"):
        make_encoding(4).observe(GAME.new(seed=1, players=4, items=True).view(0))


def test_describe_is_plain_text_of_the_view() -> None:
    state = GAME.new(seed=2, players=3, items=True)
    text = make_encoding(3, items=True).describe(state.view(None))
    assert text.startswith("Fantasy Realms, turn 1") and "player_2: 7 cards; item " in text


@pytest.mark.parametrize(
    "options",
    [{"players": 4, "items": True}, {"players": 6, **ALL}],
    ids=["4-items", "6-all"],
)
def test_pettingzoo_api_test_passes(options: dict[str, Any]) -> None:
    # (the draft, as every game's default table: test_every_encoding.py)
    env = rumizi.env("fantasy-realms", render_mode="ansi", **options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about dict observations, all-zero masks
        api_test(env, num_cycles=2000)


def test_pettingzoo_games_end_with_one_winner_or_a_shared_win() -> None:
    env = rumizi.env("fantasy-realms", players=5, suits=True)
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
    assert sorted(rewards.values())[-1] == 1.0 and sorted(rewards.values())[0] == -1.0


SPIEL = [
    {},
    {"players": 3},
    {"players": 4, "items": True},
    {"players": 5, "suits": True},
    {"players": 6, **ALL},
    {"players": 2, "items": True, "suits": True},
]
SPIEL_IDS = ["draft", "3", "4-items", "5-suits", "6-all", "draft-items-suits"]


def test_openspiel_parameters_are_the_tables_modules() -> None:
    game = pyspiel.load_game(spiel.short_name("fantasy-realms"), {"players": 4, "items": True})
    state = game.new_initial_state()
    state.apply_action(3)
    assert state.rumizi_state.export() == GAME.new(3, 4, items=True).export()
    assert game.num_distinct_actions() == len(make_encoding(4, items=True).actions)
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_a_win_shared_by_every_seat_is_a_draw_for_openspiel() -> None:
    game = pyspiel.load_game(spiel.short_name("fantasy-realms"), {"seed": 1})
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    tied = state.rumizi_state.clone()
    tied.winners = [0, 1]  # as if both totals and strengths were equal
    state.replace_rumizi_state(tied)
    assert state.returns() == [0.0, 0.0]


@pytest.mark.parametrize("params", SPIEL, ids=SPIEL_IDS)
def test_openspiel_random_simulation_checks_pass(params: dict[str, Any]) -> None:
    game = pyspiel.load_game(spiel.short_name("fantasy-realms"), params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


class NoRollouts(mcts.Evaluator):  # type: ignore[misc]  # OpenSpiel has no types
    """Values every unfinished position at 0 with a uniform prior: the search still runs,
    without a full random game (and its scoring) at every leaf."""

    def evaluate(self, state: Any) -> Any:
        return np.zeros(state.get_game().num_players())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def play_out(game: Any, evaluator: Any) -> list[float]:
    bots = [
        mcts.MCTSBot(game, 2.0, 2, evaluator, random_state=np.random.RandomState(p))
        for p in range(game.num_players())
    ]
    state = game.new_initial_state()
    state.apply_action(11)  # the deal
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    returns: list[float] = state.returns()
    assert set(returns) in ({-1.0, 1.0}, {0.0})  # a winner (or several), or a draw
    return returns


@pytest.mark.parametrize("params", SPIEL, ids=SPIEL_IDS)
def test_openspiel_mcts_plays_a_game_out(params: dict[str, Any]) -> None:
    game = pyspiel.load_game(spiel.short_name("fantasy-realms"), params)
    play_out(game, NoRollouts())
