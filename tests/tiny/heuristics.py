"""Ten's one-turn heuristic (the greedy bot): win now if you can, else never leave 8 or 9."""

from __future__ import annotations

import random

from rumizi.core.contract import Action, View
from tests.tiny.engine import TARGET


def choose(view: View, legal: list[Action], rng: random.Random | None = None) -> Action:
    """A winning move if there is one; else a move that leaves the total out of reach."""
    me = view["viewer"]
    card = view["hands"][me] if me is not None else None

    def gain(action: Action) -> int:
        return int(card or 0) if action["do"] == "play" else int(action["n"])

    winning = [a for a in legal if view["total"] + gain(a) >= TARGET]
    if winning:
        return winning[0]
    safe = [a for a in legal if view["total"] + gain(a) < TARGET - 3]
    return (safe or legal)[0]
