"""The strong bot: the game's strong heuristic, played on a state sampled from the view.

Each game may ship a module ``strategy`` next to its engine (for Star Realms,
:mod:`rumizi.games.star_realms.strategy`) with a function ``playout_action(state, rng)``
that picks the move of the player to act on a *full* state, fast enough for search playouts.
The bot never holds the true state: for each decision it deals a full state consistent with
its view (``rumizi.game(id).sample(view, seed)``), so the heuristic cannot peek even if it
tried, and plays what the heuristic picks there. The game's strategy module promises that
its choice depends only on what the acting player knows, so the sample's random deal does
not change the move. A game without a ``strategy`` module is played with its fallback policy
(its greedy heuristic, else random moves: :mod:`rumizi.bots.strategies`).

>>> import rumizi
>>> from rumizi.bots import make
>>> state = rumizi.game("star-realms").new(seed=3)
>>> bot = make("strong", seed=0)
>>> bot.choose(state.view(state.to_act), state.legal_actions()) in state.legal_actions()
True
"""

from __future__ import annotations

import random

from rumizi.bots.base import Bot, register
from rumizi.bots.strategies import simultaneous_choice, strategy_for
from rumizi.core.contract import Action, View
from rumizi.core.registry import game


@register("strong")
class StrongBot(Bot):
    """Plays the game's strong heuristic on a state sampled from its view (deterministic).

    ``explore``: the chance that each of the bot's first ``opening`` decisions is a random
    legal move instead (0 by default). Self-play for learning (:mod:`rumizi.learn`) uses it:
    two copies of a deterministic bot otherwise play a deal the same way from both seats, and
    thousands of games would hold far fewer different positions.
    """

    name = "strong"

    def __init__(self, seed: int = 0, explore: float = 0.0, opening: int = 20) -> None:
        super().__init__(seed)
        chance = isinstance(explore, int | float) and not isinstance(explore, bool)
        if not chance or not 0.0 <= explore <= 1.0:
            raise ValueError(f"bot 'strong': explore must be a chance from 0 to 1, not {explore!r}")
        if not isinstance(opening, int) or isinstance(opening, bool) or opening < 0:
            raise ValueError(f"bot 'strong': opening must be a count of decisions, not {opening!r}")
        self._rng = random.Random(seed)
        self.explore = explore
        self._opening = opening

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self._opening > 0 and self.explore:
            self._opening -= 1
            if self._rng.random() < self.explore:
                return self._rng.choice(legal)
        at_once = simultaneous_choice(view, legal, self._rng)
        if at_once is not None:
            return at_once
        game_id = view["game"]
        policy = strategy_for(game_id).playout_action
        world = game(game_id).sample(view, self._rng.getrandbits(63))
        action = policy(world, self._rng)
        if action not in legal:  # pragma: no cover - a strategy bug, never a player's fault
            raise RuntimeError(f"strong strategy for {game_id!r} chose {action!r}")
        return action
