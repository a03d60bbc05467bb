"""One registry of what every bot needs from a game: its heuristic, its policy, its hints.

The greedy bot plays a game's one-turn heuristic on a view, the strong and medium bots play
its fast policy on a state sampled from the view, and search plays that policy out, scores
with its evaluator and skips the moves its hints call obvious. All of it comes from the
game's add-ons (:mod:`rumizi.core.addons`), found once per game by :func:`strategy_for`:

* ``heuristics.choose(view, legal, rng)`` -> :attr:`Strategy.choose`;
* ``strategy.playout_action(state, rng)`` and ``strategy.evaluate(state, player)``;
* ``obvious_action(state)`` and ``search_candidates(state, legal)`` from ``strategy`` or
  ``search_hints``; from ``strategy`` also ``search_outcome(state)``, a finished game's
  payoffs for search, and ``search_policy(state, rng)`` with ``SEARCH_HORIZON``, a faster
  policy for search's playouts and the turns they last;
* ``planning.plan(state, legal, rng, worlds, deadline)``: the game's own search, which the
  ``hard`` level makes before flat Monte Carlo (Fantasy Realms' planner).

A game without a ``strategy`` module is played out with its heuristic through the view
(slower), else uniformly at random, so every bot plays every game. :func:`register_strategy`
installs a :class:`Strategy` by hand (a test's, or a tuned one).

>>> found = strategy_for("star-realms")
>>> found.source, found.choose is not None, found.evaluate is not None
('strategy', True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from rumizi.core.addons import (
    HeuristicsAddOn,
    PlanningAddOn,
    SearchHintsAddOn,
    StrategyAddOn,
)
from rumizi.core.contract import Action, Game, GameState, View
from rumizi.core.registry import game, game_module

Policy = Callable[[GameState, random.Random], Action]
Evaluator = Callable[[GameState, int], float]
Hint = Callable[[GameState], Action | None]
Candidates = Callable[[GameState, list[Action]], list[int] | None]
Outcome = Callable[[GameState], list[float]]
Planner = Callable[
    [GameState, list[Action], random.Random, int | None, float | None], Action | None
]
Heuristic = Callable[[View, list[Action], random.Random], Action]


def random_action(state: GameState, rng: random.Random) -> Action:
    """The uniform random playout policy, for games that bring none of their own."""
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


@dataclass(frozen=True, slots=True)
class Strategy:
    """What bots know of a game's play.

    ``playout_action``: the move of the player to act on a full state; ``source`` says where
    it came from (``"strategy"``, ``"heuristics"`` or ``"random"``). ``evaluate``: the chance
    to win from a state, if the game has one. ``obvious_action``: a move safe to make without
    search, or ``None``. ``choose``: the game's one-turn heuristic on a view, if it has one.
    ``candidates``: the indexes into the legal actions of the moves a search should race
    (``None``: all of them), read only from the acting player's knowledge, for games whose
    turns offer more moves than a search's budget can play out. ``outcome``: every player's
    payoff in ``[0, 1]`` at a finished game, for search, where the result itself is too
    coarse to learn from in a few playouts (a share of a win in a game of four: a narrow loss
    and a rout both score 0); ``None``: the game's ``returns()``. ``rollout``: a faster
    policy that search plays its playouts with, where ``playout_action`` is too slow to play
    a few dozen worlds in a second (search still measures moves against ``playout_action``'s
    own); ``rollout_horizon``: the turns after which such a playout stops, to be scored by
    ``evaluate``. ``plan``: the game's own search (its ``planning`` add-on), which ``hard``
    asks first: the move, or ``None`` to search as for any game. ``evaluate_seats``: every
    seat's chance from a state at once, where that reads better than ``evaluate`` seat by seat
    (a value network's readings of each seat's view, made to agree); a cut playout is scored
    with it where it is set. It reads every seat's view of the state it is given, so a search
    hands it only worlds dealt from the searcher's own view.
    """

    playout_action: Policy = random_action
    evaluate: Evaluator | None = None
    obvious_action: Hint | None = None
    source: str = "random"
    choose: Heuristic | None = None
    candidates: Candidates | None = None
    outcome: Outcome | None = None
    rollout: Policy | None = None
    rollout_horizon: int | None = None
    plan: Planner | None = None
    evaluate_seats: Outcome | None = None

    def for_playouts(self) -> Strategy:
        """This strategy as search plays it out: :attr:`rollout` in place of the policy."""
        if self.rollout is None:
            return self
        return replace(self, playout_action=self.rollout, source="rollout")


_STRATEGIES: dict[str, Strategy] = {}


def simultaneous(legal: list[Action]) -> bool:
    """Whether ``legal`` is a simultaneous phase's (its moves name their seat, ``"by"``)."""
    return bool(legal) and isinstance(legal[0], dict) and "by" in legal[0]


def simultaneous_choice(view: View, legal: list[Action], rng: random.Random) -> Action | None:
    """In a simultaneous phase, the game's one-turn heuristic (else a random move); ``None``
    in any other phase. A sampled state's policy acts for its first actor only, so the
    sampling levels hand such phases to the heuristic, which reads the seat from the view and
    its own list; flat Monte Carlo races the seat's moves against this one."""
    if not simultaneous(legal):
        return None
    heuristic = strategy_for(view["game"]).choose
    if heuristic is None:
        return legal[rng.randrange(len(legal))]
    action = heuristic(view, legal, rng)
    return next((a for a in legal if a == action), legal[0])


def register_strategy(game_id: str, strategy: Strategy) -> None:
    """Use ``strategy`` for ``game_id`` from now on (instead of the game's own add-ons)."""
    _STRATEGIES[game_id] = strategy


def forget_strategy(game_id: str) -> None:
    """Drop what :func:`register_strategy` (or a lookup) stored for ``game_id``."""
    _STRATEGIES.pop(game_id, None)


def _through_view(choose: Heuristic) -> Policy:
    def policy(state: GameState, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return choose(state.view(state.to_act), legal, rng)

    return policy


def strategy_for(game_ref: str | Game) -> Strategy:
    """The strategy of a game (by id, or a :class:`Game` outside the registry), cached.

    ``KeyError`` for an unknown game id.
    """
    game_obj = game_ref if isinstance(game_ref, Game) else game(game_ref)
    found = _STRATEGIES.get(game_obj.id)
    if found is not None:
        return found
    module: StrategyAddOn[Any] | None = game_module(game_obj, "strategy")
    hints: SearchHintsAddOn[Any] | None = game_module(game_obj, "search_hints")
    heuristics: HeuristicsAddOn | None = game_module(game_obj, "heuristics")
    planning: PlanningAddOn[Any] | None = game_module(game_obj, "planning")
    obvious = getattr(module, "obvious_action", None) or getattr(hints, "obvious_action", None)
    candidates: Candidates | None = getattr(module, "search_candidates", None) or getattr(
        hints, "search_candidates", None
    )
    choose: Heuristic | None = getattr(heuristics, "choose", None)
    if module is not None and hasattr(module, "playout_action"):
        found = Strategy(
            module.playout_action,
            getattr(module, "evaluate", None),
            obvious,
            "strategy",
            choose,
            candidates,
            getattr(module, "search_outcome", None),
            getattr(module, "search_policy", None),
            getattr(module, "SEARCH_HORIZON", None),
            getattr(planning, "plan", None),
        )
    elif choose is not None:
        found = Strategy(_through_view(choose), None, obvious, "heuristics", choose)
    else:
        found = Strategy(random_action, None, obvious, "random", None)
    _STRATEGIES[game_obj.id] = found
    return found


__all__ = [
    "Candidates",
    "Evaluator",
    "Heuristic",
    "Hint",
    "Outcome",
    "Planner",
    "Policy",
    "Strategy",
    "forget_strategy",
    "random_action",
    "register_strategy",
    "simultaneous",
    "simultaneous_choice",
    "strategy_for",
]
