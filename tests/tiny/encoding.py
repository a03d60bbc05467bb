"""Ten's encoding for the research adapters: three actions, a vector of five numbers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from rumizi.core.contract import Action, View
from rumizi.core.encoding import FloatArray, action_key
from tests.tiny.engine import ADD, DECK, PLAY, TARGET


class TenEncoding:
    """Actions ``add 1``, ``add 2``, ``play``; observation: total, own card, whether the
    opponent holds one, deck size, and whether the viewer is to act (all scaled to [0, 1])."""

    game_id = "ten"
    num_players = 2
    teams = (0, 1)
    actions: tuple[Action, ...] = (*ADD, PLAY)
    observation_size = 5

    def __init__(self) -> None:
        self.observation_low: FloatArray = np.zeros(self.observation_size, dtype=np.float32)
        self.observation_high: FloatArray = np.ones(self.observation_size, dtype=np.float32)
        self._index = {action_key(a): i for i, a in enumerate(self.actions)}

    def index(self, action: Action) -> int:
        return self._index[action_key(action)]

    def legal_indices(self, legal: Sequence[Action]) -> list[int]:
        return sorted(self.index(a) for a in legal)

    def observe(self, view: View) -> FloatArray:
        me = view["viewer"]
        own = view["hands"][me] if me is not None else None
        other = view["holding"][1 - me] if me is not None else False
        vector = [
            min(view["total"], TARGET) / TARGET,
            (own or 0) / max(DECK),
            1.0 if other else 0.0,
            view["deck"] / len(DECK),
            1.0 if view["to_act"] == me else 0.0,
        ]
        return np.array(vector, dtype=np.float32)

    def describe(self, view: View) -> str:
        return f"total {view['total']} of {TARGET}, {view['deck']} cards in the deck"


def make_encoding(players: int = 2, **options: Any) -> TenEncoding:
    """The encoding of a table of Ten (two players, no options)."""
    if players != 2 or options:
        raise ValueError("Ten is for 2 players and has no options")
    return TenEncoding()
