"""Every bot plays Splendor Duel through the shared hooks, legally and without peeking."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rumizi.bots import make
from rumizi.bots.base import Bot
from rumizi.bots.greedy import heuristic_for
from rumizi.bots.search import strategy_for
from rumizi.games.splendor_duel import (
    GAME,
    SplendorDuelState,
    heuristics,
    search_hints,
    strategy,
)


def play(bots: list[Bot], seed: int, max_decisions: int = 3000) -> SplendorDuelState:
    state = GAME.new(seed=seed)
    for _ in range(max_decisions):
        if state.over:
            break
        me = state.to_act
        assert me is not None
        legal = state.legal_actions()
        action = bots[me].choose(state.view(me), legal)
        assert action in legal
        state.apply(action)
    return state


def test_the_game_brings_its_own_heuristic_and_strategy() -> None:
    assert heuristic_for("splendor-duel") is heuristics.choose
    found = strategy_for(GAME)
    assert found.source == "strategy"
    assert found.playout_action is strategy.playout_action
    assert found.evaluate is strategy.evaluate


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("random", {}),
        ("greedy", {}),
        ("strong", {}),
        ("easy", {}),
        ("medium", {}),
        ("hard", {"iterations": 2}),
        ("flat-mc", {"iterations": 2}),
        ("ismcts", {"iterations": 2}),
    ],
)
def test_each_bot_plays_a_whole_game(name: str, options: dict[str, Any]) -> None:
    rival = make("strong", seed=9)
    state = play([make(name, seed=1, **options), rival], seed=4)
    assert state.over
    assert state.end in ("points", "crowns", "color", "stall")


def test_greedy_beats_random() -> None:
    wins = 0
    for game in range(10):
        seat = game % 2
        bots = [make("random", seed=game), make("random", seed=game)]
        bots[seat] = make("greedy", seed=game)
        wins += play(bots, seed=100 + game).winner == seat
    assert wins == 10


def test_strong_beats_greedy() -> None:
    wins = 0
    for game in range(16):
        seat = game % 2
        bots = [make("greedy", seed=game), make("greedy", seed=game)]
        bots[seat] = make("strong", seed=game)
        wins += play(bots, seed=200 + game).winner == seat
    assert wins >= 12


# ---------------------------------------------------------------------- hidden information


def positions_with_blind_reserves(count: int) -> list[SplendorDuelState]:
    """Positions (real decisions) where the player *not* to act holds a card reserved unseen."""
    found: list[SplendorDuelState] = []
    for seed in range(60):
        state = GAME.new(seed=seed)
        rng = random.Random(seed)
        while not state.over and len(found) < count:
            legal = state.legal_actions()
            them = state.players[1 - state.current]
            if any(them.blind) and len(legal) > 1 and state.to_act is not None:
                found.append(state.clone())
                break
            blind = [a for a in legal if a["do"] == "reserve" and "deck" in a]
            if blind and rng.random() < 0.5:
                action = blind[0]
            else:
                action = strategy.playout_action(state, rng)
            state.apply(action)
        if len(found) >= count:
            break
    assert len(found) == count
    return found


def hidden_twin(state: SplendorDuelState) -> SplendorDuelState:
    """The same position with every hidden thing changed: the opponent's blind reserves are
    swapped for other unseen cards of their level, every deck is reversed, the seed differs."""
    doc = state.export()
    me = doc["current"]
    theirs = doc["players"][1 - me]
    for entry in theirs["reserved"]:
        if entry["blind"]:
            deck = doc["decks"][int(entry["card"][0]) - 1]
            if deck:
                deck[0], entry["card"] = entry["card"], deck[0]
    for deck in doc["decks"]:
        deck.reverse()
    doc["seed"] ^= 0x5DEECE66D
    twin = GAME.load(doc)
    assert twin.export() != state.export()
    assert twin.view(me) == state.view(me)
    return twin


def test_the_strong_policy_never_peeks() -> None:
    for state in positions_with_blind_reserves(6):
        twin = hidden_twin(state)
        assert twin.legal_actions() == state.legal_actions()
        assert strategy.playout_action(state, random.Random(0)) == strategy.playout_action(
            twin, random.Random(0)
        )
        me = state.to_act
        assert me is not None
        assert strategy.evaluate(state, me) == strategy.evaluate(twin, me)


@pytest.mark.parametrize("name", ["hard", "flat-mc"])
def test_search_decides_the_same_without_the_hidden_cards(name: str) -> None:
    for state in positions_with_blind_reserves(3):
        twin = hidden_twin(state)
        me = state.to_act
        assert me is not None
        a = make(name, seed=3, iterations=4).choose(state.view(me), state.legal_actions())
        b = make(name, seed=3, iterations=4).choose(twin.view(me), twin.legal_actions())
        assert a == b


def test_the_strong_bot_is_deterministic_for_a_seed() -> None:
    state = positions_with_blind_reserves(1)[0]
    me = state.to_act
    assert me is not None
    view, legal = state.view(me), state.legal_actions()
    assert make("strong", seed=2).choose(view, legal) == make("strong", seed=2).choose(view, legal)


def test_evaluate_is_a_probability() -> None:
    state = positions_with_blind_reserves(1)[0]
    for player in (0, 1):
        assert 0.0 <= strategy.evaluate(state, player) <= 1.0
    finished = play([make("strong", seed=1), make("strong", seed=2)], seed=5)
    assert finished.winner is not None
    assert strategy.evaluate(finished, finished.winner) == 1.0


def test_search_races_a_shortlist_that_reads_only_the_players_knowledge() -> None:
    assert strategy_for("splendor-duel").candidates is search_hints.search_candidates
    chooser = random.Random(3)
    checked = 0
    for seed in range(4):
        state = GAME.new(seed=seed)
        while not state.over:
            legal = state.legal_actions()
            picked = search_hints.search_candidates(state, legal)
            me = state.to_act
            assert me is not None
            if state.view(None)["pending"]:
                assert picked is None  # open choices are searched whole
            elif picked is not None:
                assert len(picked) == len(set(picked)) <= search_hints.SHORTLIST + 1
                assert all(0 <= i < len(legal) for i in picked)
                best = strategy.scored_moves(state)[0][1]
                assert legal[picked[0]] == best  # the policy's favourite mandatory move
                # The same shortlist in another deal of what this player cannot see.
                twin = GAME.sample(state.view(me), chooser.getrandbits(32))
                assert search_hints.search_candidates(twin, twin.legal_actions()) == picked
                checked += 1
            state.apply(legal[chooser.randrange(len(legal))])
    assert checked > 100
