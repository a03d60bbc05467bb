"""Difficulty levels for every game: ``easy``, ``medium`` and ``hard``.

* ``easy``: the game's one-turn greedy heuristic (:mod:`rumizi.bots.greedy`); for a game
  without one, flat Monte Carlo with a handful of random playouts per decision.
* ``medium``: the game's strong playout policy (``playout_action`` of its ``strategy`` module)
  applied to a state sampled from the view — one determinization, no search; for a game
  without a strategy module, a short flat Monte Carlo search (0.1 s).
* ``hard``: flat Monte Carlo over the legal moves, raced against the policy's own move
  (common random numbers, playouts with the game's policy to the end of the game, or with
  its faster ``search_policy`` for some turns where it has one, as Fantasy Realms does; a
  move leaves the race once it cannot plausibly beat the policy's, and the policy's move is
  kept unless clearly beaten), at most 1 s per decision (``make("hard", seed, budget=0.5)`` to
  change it; ``iterations=`` for reproducible play). A clear decision — nothing left to race
  the policy's move, or one challenger plainly ahead — ends early: against ``strong`` in
  Star Realms a searched decision took 0.36 s on average, and ``hard`` won 161 of 200 games
  (``bench/search_strength.py``; the README's bots section has every game's figures). At
  equal time it beat ISMCTS clearly in ``bench/search_strength.py``: at a few hundred
  playouts per decision, comparing the moves on shared luck is worth more than a tree. In a
  phase where everyone acts at once (Fantasy Realms' chaos trading) it makes the game's
  heuristic move, as ``strong`` does; ``flat-mc`` races its own seat's moves there instead.
  A game may give its own search (a ``planning`` add-on), which ``hard`` asks first: Fantasy
  Realms' planner plays each move's hand on through sequences of the player's own draws
  (:mod:`rumizi.games.fantasy_realms.planning`), where a second holds too few whole-table
  playouts at four seats to tell its moves apart.

Every level sees only the view and the legal actions.

>>> import rumizi
>>> from rumizi.bots import make
>>> state = rumizi.game("star-realms").new(seed=3)
>>> legal = state.legal_actions()
>>> all(make(level, seed=1, **({"iterations": 8} if level == "hard" else {})).choose(
...     state.view(state.to_act), legal) in legal for level in ("easy", "medium", "hard"))
True
"""

from __future__ import annotations

import random
from typing import Any

from rumizi.bots.base import Bot, register
from rumizi.bots.greedy import heuristic_for
from rumizi.bots.search import FlatMCBot
from rumizi.bots.strategies import Strategy, simultaneous, simultaneous_choice, strategy_for
from rumizi.core.contract import Action, Game, View
from rumizi.core.registry import game

# Playouts of ``hard`` run to the end of the game: cut off after a few turns and scored by
# the Star Realms evaluator, search picked worse moves than the policy it plays out with.
HARD_HORIZON: int | None = None
EASY_ITERATIONS = 12
MEDIUM_FALLBACK_BUDGET = 0.1


@register("easy")
class EasyBot(Bot):
    """The greedy heuristic, or a very small random-playout search where there is none."""

    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._rng = random.Random(seed)
        self._fallback: Bot | None = None

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        try:
            heuristic = heuristic_for(view["game"])
        except KeyError:
            if self._fallback is None:
                self._fallback = FlatMCBot(self.seed, iterations=EASY_ITERATIONS)
            return self._fallback.choose(view, legal)
        action = heuristic(view, legal, self._rng)
        return next((a for a in legal if a == action), legal[0])


@register("medium")
class MediumBot(Bot):
    """The game's strong playout policy on a sampled state (a short search where there is none).

    The policy reads only the acting player's knowledge, and the sampled state is built from
    the view, so this cannot peek either.
    """

    name = "medium"

    def __init__(self, seed: int = 0, budget: float = MEDIUM_FALLBACK_BUDGET) -> None:
        super().__init__(seed)
        self._rng = random.Random(seed)
        self._budget = budget
        self._fallback: Bot | None = None

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        at_once = simultaneous_choice(view, legal, self._rng)
        if at_once is not None:
            return at_once
        game_obj = game(view["game"])
        strategy = strategy_for(game_obj)
        if strategy.source != "strategy":
            if self._fallback is None:
                self._fallback = FlatMCBot(self.seed, budget=self._budget)
            return self._fallback.choose(view, legal)
        state = game_obj.sample(view, self._rng.getrandbits(64))
        action = strategy.playout_action(state, self._rng)
        return next((a for a in legal if a == action), legal[0])


@register("hard")
class HardBot(FlatMCBot):
    """Flat Monte Carlo at one second per decision (``budget=`` seconds, or ``iterations=``),
    after the game's own planner where it has one (``iterations`` is then the planner's
    worlds)."""

    name = "hard"
    # Fantasy Realms' chaos trading, searched, won 12 of 64 games against three strong
    # players where the heuristic's trades won 16 of the same 64 deals: until a search
    # there is shown to help, hard trades as the heuristic does (flat-mc still searches).
    searches_at_once = False

    def __init__(self, seed: int = 0, **options: Any) -> None:
        options.setdefault("horizon", HARD_HORIZON)
        super().__init__(seed, **options)

    def _search(
        self,
        game_obj: Game,
        strategy: Strategy,
        view: View,
        legal: list[Action],
        deadline: float | None,
    ) -> Action:
        if strategy.plan is not None and not simultaneous(legal):
            # The game's own search first (Fantasy Realms' planner); it reads only the
            # acting player's knowledge, which every sample shares.
            world = self._sample(game_obj, view)
            planned = strategy.plan(world, legal, self._rng, self.iterations, deadline)
            if planned is not None:
                found = next((a for a in legal if a == planned), None)
                if found is not None:
                    return found
        return super()._search(game_obj, strategy, view, legal, deadline)


__all__ = ["EasyBot", "HardBot", "MediumBot"]
