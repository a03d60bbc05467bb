"""Properties particular to Splendor Duel over random games.

What every game must do — documents, replays, clones, sampled views, exact legal lists, the
end, conserved cards — is :func:`rumizi.testing.check_game`'s (``tests/core/test_contract.py``);
here it runs once more with every move Splendor Duel knows as candidates. The rest is the
game's own: the exact totals of tokens, cards and royals, its limits (three reserves, ten
tokens), and blind reserves kept from the opponent's view and the events.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rumizi.games.splendor_duel import GAME, SplendorDuelState
from rumizi.games.splendor_duel.cards import IDS, LEVEL, N_CARDS, ROYAL_IDS, TOKEN_COUNTS
from rumizi.games.splendor_duel.engine import (
    BUY_ACTIONS,
    BUY_AS_ACTIONS,
    CLAIM,
    DISCARD_ACTIONS,
    PASS,
    PAY_ACTIONS,
    PRIVILEGE_ACTIONS,
    REPLENISH,
    RESERVE_ACTIONS,
    RESERVE_DECK_ACTIONS,
    ROYAL_ACTIONS,
    STEAL_ACTIONS,
    TAKE_ACTIONS,
    TAKE_BONUS_ACTIONS,
)
from rumizi.testing import TableSetup, check_game, tables

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Every well-formed action the engine knows, plus hand-written and malformed ones.
UNIVERSE: list[Any] = [
    *PRIVILEGE_ACTIONS,
    *TAKE_BONUS_ACTIONS,
    *TAKE_ACTIONS,
    *(a for row in RESERVE_ACTIONS[:6] for a in row),
    *(a for row in RESERVE_DECK_ACTIONS for a in row),
    *BUY_ACTIONS,
    *(a for row in BUY_AS_ACTIONS for a in row),
    *list(PAY_ACTIONS.values())[::5],
    *DISCARD_ACTIONS,
    *STEAL_ACTIONS,
    *ROYAL_ACTIONS,
    REPLENISH,
    PASS,
    CLAIM,
    {"do": "take", "spaces": [[1, 1], [1, 3]]},
    {"do": "take", "spaces": [[2, 1], [1, 1]]},
    {"do": "take", "spaces": [[0, 1]]},
    {"do": "take", "spaces": "a1"},
    {"do": "buy", "card": "nonsense"},
    {"do": "buy", "card": "1-white-a", "color": "pearl"},
    {"do": "buy", "card": "1-white-a", "pay": {"white": 1, "blue": 1, "green": 1, "black": 1}},
    {"do": "buy", "card": "1-white-a", "pay": {"blue": 1, "green": 1, "red": 1, "gold": 1}},
    {"do": "buy", "card": "1-white-a", "pay": {"gold": 4}},
    {"do": "buy", "card": "1-white-a", "pay": {"gold": 0}},
    {"do": "buy", "card": "1-white-a", "pay": "gold"},
    {"do": "buy", "card": "1-grey-a", "pay": {"green": 3, "pearl": 1, "gold": 1}},
    {"do": "reserve", "gold": [1, 1], "deck": 4},
    {"do": "royal", "card": "royal-9"},
    {"do": "discard", "token": "ruby"},
    {"do": "dance"},
    {"do": "pass", "extra": 1},
    {"spaces": [[1, 1]]},
    "take",
    None,
]


def check_conservation(state: SplendorDuelState) -> None:
    for k, total in enumerate(TOKEN_COUNTS):
        held = state.bag[k] + state.board.count(k) + sum(p.tokens[k] for p in state.players)
        assert held == total
        assert state.bag[k] >= 0 and all(p.tokens[k] >= 0 for p in state.players)
    cards = [c for row in state.pyramid for c in row if c >= 0]
    cards += [c for deck in state.decks for c in deck]
    for p in state.players:
        cards += p.cards + p.reserved
        assert len(p.reserved) <= 3
    assert sorted(cards) == list(range(N_CARDS))
    royals = state.royals + [r for p in state.players for r in p.royals]
    assert sorted(royals) == list(range(len(ROYAL_IDS)))
    assert 0 <= state.supply <= 3
    if not state.over:
        assert sum(state.players[1 - state.current].tokens) <= 10


def check_privacy(state: SplendorDuelState) -> None:
    for owner, p in enumerate(state.players):
        for card, blind in zip(p.reserved, p.blind, strict=True):
            if blind:
                for viewer in (1 - owner, None):
                    assert f'"{IDS[card]}"' not in json.dumps(state.view(viewer))
                assert f'"{IDS[card]}"' in json.dumps(state.view(owner))
            else:  # taken face up from the pyramid: everyone saw it, and remembers it
                for viewer in (0, 1, None):
                    entries = state.view(viewer)["players"][owner]["reserved"]
                    assert {"card": IDS[card], "level": LEVEL[card], "blind": False} in entries
    for viewer in (0, 1, None):
        view = state.view(viewer)
        assert "seed" not in view
        assert all(isinstance(n, int) for n in view["decks"])
        assert view["game"] == "splendor-duel"


@SETTINGS
@given(st.integers(0, 2**63 - 1), st.integers(0, 2**32))
def test_random_games_keep_every_total_and_limit(seed: int, choice_seed: int) -> None:
    rng = random.Random(choice_seed)
    state = GAME.new(seed=seed)
    steps = 0
    while not state.over and steps < 400:
        check_conservation(state)
        if steps % 9 == 0:
            check_privacy(state)
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        steps += 1
    check_conservation(state)


@pytest.mark.parametrize("table", tables("splendor-duel"), ids=str)
def test_no_unlisted_move_of_any_kind_is_accepted(table: TableSetup) -> None:
    check_game("splendor-duel", seed=7, tables=[table], max_steps=200, every=11, extra=UNIVERSE)


def test_events_never_show_a_blind_reserve() -> None:
    for seed in range(30):
        state = GAME.new(seed=seed)
        state.events = []
        rng = random.Random(seed)
        blind_reserves = 0
        while not state.over:
            legal = state.legal_actions()
            decks = [a for a in legal if a["do"] == "reserve" and "deck" in a]
            action = decks[0] if decks and rng.random() < 0.3 else legal[rng.randrange(len(legal))]
            state.apply(action)
            event = next((e for e in reversed(state.events) if e["event"] == "reserve"), None)
            if "deck" in action and event is not None:
                assert "card" not in event
                blind_reserves += 1
        assert state.events[-1]["event"] == "game-over"
        assert blind_reserves > 0
