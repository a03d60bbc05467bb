"""Positions for the games' undo tests: steps of a kind found in seeded random games."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import rumizi
from rumizi.core import undo
from rumizi.core.contract import Action, GameState

Step = tuple[GameState, Action, GameState]  # the position, the move, the position after


def steps(
    game_id: str, wanted: Callable[[GameState, Action], bool], players: int = 2, seeds: int = 8
) -> Iterator[Step]:
    """Every legal move ``wanted`` picks, at the positions of random games (one seat acting)."""
    for seed in range(seeds):
        rng = random.Random(seed)
        state = rumizi.game(game_id).new(seed=seed, players=players)
        for _ in range(300):
            if state.over:
                break
            legal = state.legal_actions()
            if len(state.actors) == 1:
                for action in legal:
                    if wanted(state, action):
                        after = state.clone()
                        after.apply(action)
                        yield state.clone(), action, after
            state.apply(rng.choice(legal))


def kind(name: str) -> Callable[[GameState, Action], bool]:
    return lambda _state, action: action.get("do") == name


def taken_back(before: GameState, action: Action) -> GameState:
    """``action`` played on ``before`` through a trail, then an undo record: the result."""
    trail = undo.Trail()
    state, _ = trail.play(before.clone(), 1, action)
    assert trail.can_take_back(before.actors[0]) == "ok"
    state, events = trail.play(state, 2, undo.undo_record(1))
    assert events == [{"event": "undo", "seat": before.actors[0], "of": 1}]
    return state


def same_actor(before: GameState, after: GameState) -> bool:
    return not after.over and after.actors == before.actors
