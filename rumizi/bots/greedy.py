"""The greedy bot: a one-turn heuristic, chosen per game.

Each game may ship a module ``heuristics`` next to its engine (for Star Realms,
:mod:`rumizi.games.star_realms.heuristics`) with a function
``choose(view, legal, rng) -> action``. The bot looks the game up from ``view["game"]`` in the
registry of :mod:`rumizi.bots.strategies` and calls that function, so a new game gets a
greedy player by adding its own module, without touching this one.

>>> import rumizi
>>> from rumizi.bots import make
>>> state = rumizi.game("star-realms").new(seed=3)
>>> bot = make("greedy", seed=0)
>>> bot.choose(state.view(state.to_act), state.legal_actions()) in state.legal_actions()
True
"""

from __future__ import annotations

import random

from rumizi.bots.base import Bot, register
from rumizi.bots.strategies import Heuristic, strategy_for
from rumizi.core.contract import Action, View


def heuristic_for(game_id: str) -> Heuristic:
    """The greedy heuristic of ``game_id``; ``KeyError`` if the game has none."""
    found = strategy_for(game_id).choose
    if found is None:
        raise KeyError(f"game {game_id!r} has no greedy heuristic")
    return found


@register("greedy")
class GreedyBot(Bot):
    """Plays the game's one-turn heuristic (deterministic; the seed only breaks ties)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._rng = random.Random(seed)

    def choose(self, view: View, legal: list[Action]) -> Action:
        action = heuristic_for(view["game"])(view, legal, self._rng)
        if action not in legal:  # pragma: no cover - a heuristic bug, never a player's fault
            raise RuntimeError(f"greedy heuristic for {view['game']!r} chose {action!r}")
        return action
