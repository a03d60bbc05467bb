"""Properties over random games: conservation, documents, replays, privacy, exact legal lists."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rumizi import IllegalAction
from rumizi.games.war_of_the_ring import GAME, WarOfTheRingState
from rumizi.games.war_of_the_ring.cards import IDS, OWNED
from rumizi.games.war_of_the_ring.engine import (
    ACTIVATE,
    BOOST_ACTIONS,
    DECLINE,
    EVENT_ACTIONS,
    MOVE_ACTIONS,
    PASS,
    PAY_ACTIONS,
    PEEK_ACTIONS,
    PLACE_ACTIONS,
    RECOVER_ACTIONS,
)

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Every well-formed action the engine knows, plus hand-written and malformed ones.
UNIVERSE: list[Any] = [
    *(a for row in PLACE_ACTIONS for a in row),
    *EVENT_ACTIONS,
    *PAY_ACTIONS,
    *RECOVER_ACTIONS,
    *BOOST_ACTIONS,
    *PEEK_ACTIONS,
    *(a for row in MOVE_ACTIONS for a in row),
    PASS,
    ACTIVATE,
    DECLINE,
    {"do": "place", "card": "fp-aragorn", "zone": "middle"},
    {"do": "place", "card": "gollum", "zone": "left"},
    {"do": "move", "from": "left", "to": "left"},
    {"do": "pass", "extra": 1},
    {"do": "dance"},
    {"card": "fp-aragorn"},
    "pass",
    None,
]
# Events that may name a card: only cards that are public when they happen.
NAMING_EVENTS = {"event", "pay", "recover", "discard", "reveal", "slay"}


def random_game(
    seed: int, rng: random.Random, limit: int = 400
) -> tuple[WarOfTheRingState, list[Any]]:
    state = GAME.new(seed=seed, shadow=seed % 2)
    actions: list[Any] = []
    while not state.over and len(actions) < limit:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        actions.append(action)
        state.apply(action)
    return state, actions


def check_conservation(state: WarOfTheRingState) -> None:
    for seat, p in enumerate(state.players):
        own = p.hand + p.deck + p.grave + state.players[1 - seat].row
        for z in range(3):
            own += state.zones[z][seat]
            assert len(state.zones[z][seat]) <= 3
        if state.playing >= 0 and OWNED[p.faction][state.playing]:
            own.append(state.playing)
        counts = [0] * len(IDS)
        for k in own:
            counts[k] += 1
        assert tuple(counts) == OWNED[p.faction]


def check_documents(state: WarOfTheRingState) -> None:
    doc = state.export()
    again = GAME.load(json.loads(json.dumps(doc)))
    assert again.export() == doc
    assert again.legal_actions() == state.legal_actions()
    for viewer in (0, 1, None):
        assert again.view(viewer) == state.view(viewer)


def check_privacy(state: WarOfTheRingState) -> None:
    for viewer in (0, 1, None):
        view = state.view(viewer)
        text = json.dumps(view)
        assert "seed" not in view and "deck" not in text.replace("deck_size", "")
        assert "shadow_row" not in text
        for seat, pv in enumerate(view["players"]):
            if seat != viewer:
                assert pv["hand"] is None
        for z, zv in enumerate(view["zones"]):
            for seat in (0, 1):
                for k, shown, seen in zip(
                    state.zones[z][seat], zv["cards"][seat], zv["seen"][seat], strict=True
                ):
                    visible = (
                        seat == viewer or zv["result"] is not None or (viewer is not None and seen)
                    )
                    assert shown == (IDS[k] if visible else None)


def check_sample(state: WarOfTheRingState, seed: int) -> None:
    me = state.to_act
    assert me is not None
    view = state.view(me)
    guess = GAME.sample(view, seed)
    assert guess.view(me) == view
    assert guess.legal_actions() == state.legal_actions()


def check_exact_legal_list(state: WarOfTheRingState, rng: random.Random) -> None:
    legal = state.legal_actions()
    keys = [json.dumps(a, sort_keys=True) for a in legal]
    assert len(set(keys)) == len(keys)
    before = state.export()
    for action in legal:
        twin = state.clone()
        twin.apply(action)
    for action in rng.sample(UNIVERSE, 60):
        if isinstance(action, dict) and action in legal:
            continue
        try:
            state.apply(action)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"unlisted action {action!r} was accepted")
        assert state.export() == before


@SETTINGS
@given(st.integers(0, 2**63 - 1), st.integers(0, 2**32))
def test_random_games_keep_every_invariant(seed: int, choice_seed: int) -> None:
    rng = random.Random(choice_seed)
    state = GAME.new(seed=seed, shadow=choice_seed % 2)
    steps = 0
    while not state.over and steps < 400:
        check_conservation(state)
        if steps % 5 == 0:
            check_documents(state)
            check_privacy(state)
            check_sample(state, steps)
        if steps % 11 == 0:
            check_exact_legal_list(state, rng)
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        steps += 1
    check_conservation(state)
    check_documents(state)


@SETTINGS
@given(st.integers(0, 2**63 - 1), st.integers(0, 2**32))
def test_replays_are_deterministic(seed: int, choice_seed: int) -> None:
    state, actions = random_game(seed, random.Random(choice_seed))
    again = GAME.new(seed=seed, shadow=seed % 2)
    for action in actions:
        again.apply(json.loads(json.dumps(action)))  # hand-written copies, not the shared dicts
    assert again.export() == state.export()


@SETTINGS
@given(st.integers(0, 2**63 - 1), st.integers(0, 2**32), st.integers(0, 2**32))
def test_views_do_not_change_when_the_hidden_cards_are_dealt_again(
    seed: int, choice_seed: int, deal: int
) -> None:
    state, _ = random_game(
        seed, random.Random(choice_seed), limit=random.Random(deal).randrange(80)
    )
    if state.over:
        return
    for viewer in (0, 1):
        redealt = GAME.sample(state.view(viewer), deal)
        assert redealt.view(viewer) == state.view(viewer)
        assert redealt.view(None) == state.view(None)


def test_states_are_independent_after_clone() -> None:
    state, _ = random_game(3, random.Random(3), limit=30)
    twin = state.clone()
    before = state.export()
    rng = random.Random(4)
    for _ in range(200):
        if twin.over:
            break
        legal = twin.legal_actions()
        twin.apply(legal[rng.randrange(len(legal))])
    assert twin.export() != before
    assert state.export() == before


def test_events_name_only_cards_that_are_public() -> None:
    for seed in range(20):
        state = GAME.new(seed=seed)
        state.events = []
        rng = random.Random(seed)
        while not state.over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        for event in state.events:
            if event["event"] not in NAMING_EVENTS:
                assert "card" not in event and "cards" not in event, event
        assert state.events[-1]["event"] == "game-over"
        json.dumps(state.events)


def test_every_game_ends_with_a_winner_and_its_returns() -> None:
    for seed in range(30):
        state, _ = random_game(seed, random.Random(seed), limit=5000)
        assert state.over and state.winner in (0, 1)
        assert state.returns() == [1.0 if s == state.winner else 0.0 for s in (0, 1)]
