"""Search bots that play well without peeking: flat Monte Carlo and ISMCTS.

Both bots see only what every bot sees — the acting player's view and the legal actions.
Each iteration of a search deals a *determinization*: a full state consistent with the view,
hidden cards re-dealt at random by ``Game.sample(view, seed)``. Whatever the bot then learns
from that state, it learned from a guess, never from the real hidden cards.

* :class:`FlatMCBot` (``flat-mc``): every legal action is a candidate, played in a
  determinization and then on to the end with the playout policy, the outcome scored for the
  acting player. Candidates share their luck (common random numbers): the j-th try of every
  candidate is played in the same world j — the same determinization, the same playout
  randomness — so two candidates are compared on equal terms and the comparison needs far
  fewer tries. With a playout policy of the game's own, the candidates *race* the policy's
  move: world after world each candidate still in the race is played, and one whose
  difference from the policy's move, world by world, cannot plausibly be a gain leaves it.
  The search ends early when nothing is left to race the policy's move, or when one
  challenger is left and clearly ahead, so a clear decision takes a fraction of the budget.
  With uniformly random playouts the candidates are picked by UCB1 instead, and the most
  tried one is played.
* :class:`ISMCTSBot` (``ismcts``): single-observer information-set MCTS (Cowling, Powley and
  Whitehouse, 2012). One tree whose edges are actions (keyed canonically), shared by every
  determinization, and a new determinization per iteration; in each iteration only the actions
  legal in that determinization may be selected or expanded, and UCB counts a child's
  *availability* (how often it could have been chosen) instead of its parent's visits. Each
  node collects the payoff of the player who chose its action, so the same tree serves any
  number of players.

A strong playout policy is also a strong player, and a few hundred noisy playouts easily
talk search out of a good move. So both bots lean on the policy's own move (``trust``): flat
Monte Carlo leaves it only for a candidate whose advantage, world by world, exceeds ``trust``
standard errors (the largest such margin wins); ISMCTS tries the policy's move first at
every node and adds a progressive bias ``trust / (visits + 1)`` to it. ``trust=None``
searches without this prior, and it is never used with uniformly random playouts.

What a game contributes is found per game in the one registry of :mod:`rumizi.bots.strategies`
(shared with the greedy and strong bots): a module ``strategy`` next to the game's engine may
define

* ``playout_action(state, rng) -> action``: a fast policy for the player to act on a full
  state, reading only that player's knowledge (used to play determinizations on);
* ``evaluate(state, player) -> float``: how likely ``player`` is to win, in ``[0, 1]``; with it,
  playouts may stop after ``horizon`` turns (a turn ends whenever the player to act changes);
* ``obvious_action(state) -> action | None``: a move that is safe to make without search
  (for example, playing a card whose effects open no choice), read only from the acting
  player's knowledge; search makes those moves at once and never branches on them. It may
  also live in a module ``search_hints`` next to the engine;
* ``search_candidates(state, legal) -> list[int] | None``: the moves worth racing (indexes
  into ``legal``), for a game whose turns offer more moves than a second of playouts can
  compare (Splendor Duel: over a hundred lines of tokens and reserves); flat Monte Carlo's
  race then runs on those and the policy's own move. ``strategy`` or ``search_hints``;
* ``search_outcome(state) -> list[float]``: a finished playout's payoffs, in place of
  ``returns()``, where the result alone is too coarse to compare moves on in a few dozen
  playouts (Fantasy Realms at four seats: a share of the win from the final scores);
* ``search_policy(state, rng) -> action`` with ``SEARCH_HORIZON``: a faster policy that the
  playouts are played with, cut after that many turns and scored by ``evaluate``, where
  ``playout_action`` is too slow for a few dozen worlds a second (Fantasy Realms: the greedy
  player's move). The race still measures every move against ``playout_action``'s.

A game without a ``strategy`` module is played out with its greedy ``heuristics`` module if
it has one (through the view, so slower), else uniformly at random; without ``evaluate`` every
playout runs to the end (or to ``max_steps``, scored as a draw). :func:`register_strategy`
installs a :class:`Strategy` by hand, and the bots accept ``game=`` and ``strategy=`` so that a
game outside the registry can be searched too.

Trivial decisions are not searched: one legal action is played at once, as is an obvious one.
With ``iterations=`` (and no ``budget=``) a bot's choices are a function of its seed and the
positions it was shown; a time ``budget`` makes the amount of search, and so the choice,
depend on the machine.

>>> import rumizi
>>> state = rumizi.game("star-realms").new(seed=3)
>>> bot = ISMCTSBot(seed=1, iterations=20)
>>> bot.choose(state.view(state.to_act), state.legal_actions()) in state.legal_actions()
True
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, Final

from rumizi.bots.base import Bot, register
from rumizi.bots.strategies import (
    Strategy,
    random_action,
    register_strategy,
    simultaneous,
    simultaneous_choice,
    strategy_for,
)
from rumizi.core.contract import Action, Game, GameState, View
from rumizi.core.registry import game as registered_game

# A playout that has not finished after this many decisions is stopped and scored.
MAX_STEPS: Final = 2000
# UCB1 exploration constant for payoffs in [0, 1].
EXPLORATION: Final = 0.7
# How firmly search sticks to the playout policy's own move (see SearchBot): ISMCTS, and
# flat Monte Carlo, whose race compares candidates world by world and needs less of it.
TRUST: Final = 1.0
FLAT_TRUST: Final = 0.5
# Flat Monte Carlo's race against the policy's move (see FlatMCBot._race): worlds before a
# candidate may leave it, how many standard errors of doubt a candidate keeps its place
# with, the smallest gain worth racing for, and the lead that ends a race early.
MIN_WORLDS: Final = 24
RACE_Z: Final = 1.5
DELTA: Final = 0.01
STOP_Z: Final = 3.0
# Worlds a challenger needs before it may replace the policy's move: a spread measured on
# fewer says little, and a slow game's budget may only hold a handful of worlds.
MIN_SWITCH: Final = 8


def action_key(action: Action) -> Hashable:
    """A hashable canonical form of an action: equal actions, equal keys.

    >>> action_key({"do": "buy", "card": "gnat"}) == action_key({"card": "gnat", "do": "buy"})
    True
    >>> action_key({"do": "take", "spaces": [[1, 2]]})
    '{"do":"take","spaces":[[1,2]]}'
    """
    try:
        key = tuple(sorted(action.items()))
        hash(key)
        return key
    except TypeError:  # a nested list or dict: fall back to canonical JSON
        return json.dumps(action, sort_keys=True, separators=(",", ":"))


def playout(
    state: GameState,
    strategy: Strategy,
    rng: random.Random,
    horizon: int | None = None,
    max_steps: int = MAX_STEPS,
    deadline: float | None = None,
) -> tuple[list[float], int]:
    """Play ``state`` on (in place) with the policy: every player's payoff, and the steps made.

    With the game's evaluator and a ``horizon``, the playout stops once the player to act has
    changed that many times and is scored by the evaluator; a playout still going after
    ``max_steps`` decisions is scored by the evaluator too, or as a draw without one, and so
    is one still going at ``deadline`` (a ``time.perf_counter()`` value: a search's budget
    holds even where one playout takes longer than it, as in Fantasy Realms). The search
    bots and :mod:`rumizi.analysis` both play out with it.
    """
    policy = strategy.playout_action
    evaluate = strategy.evaluate
    if evaluate is None:
        horizon = None
    steps = 0
    turns = 0
    last = state.to_act
    while not state.over and steps < max_steps:
        actor = state.to_act
        if actor != last:
            turns += 1
            last = actor
            if horizon is not None and turns >= horizon:
                break
        if deadline is not None and time.perf_counter() >= deadline:
            break
        state.apply(policy(state, rng))
        steps += 1
    if state.over:
        return state.returns(), steps
    n = state.num_players
    if evaluate is None:
        return [0.5] * n, steps
    if strategy.evaluate_seats is not None:
        return strategy.evaluate_seats(state), steps
    return [evaluate(state, p) for p in range(n)], steps


@dataclass(slots=True)
class SearchStats:
    """What the last search did (for benchmarks and the curious)."""

    iterations: int = 0
    playout_steps: int = 0
    seconds: float = 0.0
    searched: bool = False
    values: dict[str, tuple[int, float]] = field(default_factory=dict)


_UNSET: Any = object()


def _number(value: object) -> bool:
    """Whether ``value`` is a real number (``True`` is not)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def _whole(value: object) -> bool:
    """Whether ``value`` is an ``int`` (``True`` is not)."""
    return isinstance(value, int) and not isinstance(value, bool)


class SearchBot(Bot):
    """Shared machinery: budgets, determinizations, shortcuts and playouts.

    ``budget``: seconds per decision (``None``: no time limit); ``iterations``: determinizations
    per decision (``None``: no limit). Giving only ``iterations`` makes the bot reproducible.
    ``horizon``: a playout stops, to be scored by ``evaluate``, once the player to act has
    changed that many times (1: at the end of the turn in progress; ``None``: it runs to the
    end; only used when the game has an evaluator). ``exploration``: the UCB constant.
    ``trust``: how firmly to keep the playout policy's own move (module docstring; ``None``:
    not at all).
    ``max_steps``: decisions after which an unfinished playout is stopped and scored.
    ``game`` and ``strategy``: use these instead of looking them up by ``view["game"]``.
    """

    name = "search"
    default_budget: float = 1.0
    #: Whether the search weighs a simultaneous phase's moves (Fantasy Realms' chaos trading);
    #: otherwise the game's one-turn heuristic makes them. Flat Monte Carlo can: each of the
    #: bot's own moves is played into the same sampled worlds, and the playouts make everyone's
    #: moves after it, one actor at a time. A tree would need every seat's moves at each node.
    searches_at_once: bool = False

    def __init__(
        self,
        seed: int = 0,
        budget: float | None = _UNSET,
        iterations: int | None = None,
        horizon: int | None = None,
        exploration: float = EXPLORATION,
        trust: float | None = TRUST,
        max_steps: int = MAX_STEPS,
        game: Game | None = None,
        strategy: Strategy | None = None,
    ) -> None:
        super().__init__(seed)
        if budget is _UNSET:
            budget = None if iterations is not None else self.default_budget
        bot = f"bot {self.name!r}"
        if budget is None and iterations is None:
            raise ValueError(f"{bot} needs a time budget or an iteration budget")
        if budget is not None and (not _number(budget) or budget <= 0):
            raise ValueError(f"{bot}: budget must be positive seconds, not {budget!r}")
        if iterations is not None and (not _whole(iterations) or iterations < 1):
            raise ValueError(
                f"{bot}: iterations must be a whole number, 1 or more, not {iterations!r}"
            )
        if horizon is not None and (not _whole(horizon) or horizon < 1):
            raise ValueError(
                f"{bot}: horizon must be a number of turns (1 or more), not {horizon!r}"
            )
        if not _number(exploration):
            raise ValueError(f"{bot}: exploration must be a number, not {exploration!r}")
        if trust is not None and not _number(trust):
            raise ValueError(f"{bot}: trust must be a number or None, not {trust!r}")
        if not _whole(max_steps) or max_steps < 1:
            raise ValueError(
                f"{bot}: max_steps must be a whole number, 1 or more, not {max_steps!r}"
            )
        self.budget = budget
        self.iterations = iterations
        self.horizon = horizon
        self.exploration = exploration
        self.trust = trust
        self.max_steps = max_steps
        self._game = game
        self._strategy = strategy
        self._rng = random.Random(seed)
        self._deadline: float | None = None
        self._cut = False  # the last playout was stopped by the deadline
        self.stats = SearchStats()

    # ------------------------------------------------------------------ entry point

    def choose(self, view: View, legal: list[Action]) -> Action:
        start = time.perf_counter()
        self.stats = SearchStats()
        if len(legal) == 1:
            return legal[0]
        at_once = simultaneous(legal)
        if at_once and not self.searches_at_once:
            found = simultaneous_choice(view, legal, self._rng)
            assert found is not None
            return found
        game_obj = self._game if self._game is not None else registered_game(view["game"])
        strategy = self._strategy if self._strategy is not None else strategy_for(game_obj)
        if strategy.obvious_action is not None and not at_once:
            # Hints read only the acting player's knowledge, which every sample shares.
            hint = strategy.obvious_action(self._sample(game_obj, view))
            if hint is not None:
                for action in legal:
                    if action == hint:
                        return action
        deadline = None if self.budget is None else start + self.budget
        self._deadline = deadline
        action = self._search(game_obj, strategy, view, legal, deadline)
        self.stats.searched = True
        self.stats.seconds = time.perf_counter() - start
        return action

    def _search(
        self,
        game_obj: Game,
        strategy: Strategy,
        view: View,
        legal: list[Action],
        deadline: float | None,
    ) -> Action:
        raise NotImplementedError

    # ------------------------------------------------------------------ helpers

    def _default(self, strategy: Strategy, world: GameState, legal: list[Action]) -> int | None:
        """Index in ``legal`` of the playout policy's own move (``None`` for random play)."""
        if strategy.playout_action is random_action:
            return None
        action = strategy.playout_action(world.clone(), random.Random(0))
        return next((i for i, a in enumerate(legal) if a == action), None)

    def _sample(self, game_obj: Game, view: View) -> GameState:
        return game_obj.sample(view, self._rng.getrandbits(64))

    def _more(self, done: int, deadline: float | None) -> bool:
        """Whether another iteration fits the budgets (at least one always runs)."""
        if done == 0:
            return True
        if self.iterations is not None and done >= self.iterations:
            return False
        return deadline is None or time.perf_counter() < deadline

    def _playout(
        self, state: GameState, strategy: Strategy, rng: random.Random | None = None
    ) -> list[float]:
        """Play ``state`` on with the policy (the game's faster ``rollout`` where it has one)
        and return every player's payoff."""
        horizon = self.horizon
        if strategy.rollout is not None and horizon is None:
            horizon = strategy.rollout_horizon
        payoffs, steps = playout(
            state,
            strategy.for_playouts(),
            self._rng if rng is None else rng,
            horizon,
            self.max_steps,
            self._deadline,
        )
        if not state.over and self._deadline is not None:
            self._cut = time.perf_counter() >= self._deadline
        self.stats.playout_steps += steps
        if state.over and strategy.outcome is not None:
            return strategy.outcome(state)
        return payoffs

    def _advance(self, state: GameState, strategy: Strategy) -> list[Action]:
        """Make forced and obvious moves; the legal actions of the next real decision."""
        hint = strategy.obvious_action
        while True:
            legal = state.legal_actions()
            if len(legal) > 1 and hint is not None:
                action = hint(state)
                if action is None:
                    return legal
                state.apply(action)
            elif len(legal) == 1:
                state.apply(legal[0])
            else:
                return legal


@register("flat-mc")
class FlatMCBot(SearchBot):
    """Flat Monte Carlo over the legal actions on common random numbers.

    With the game's playout policy, the candidates race the policy's move (see ``_race``):
    ``race_z``, ``delta``, ``min_worlds`` and ``stop_z`` tune when a candidate leaves the
    race and when it ends early. With uniformly random playouts: UCB1 over the candidates.

    >>> import rumizi
    >>> state = rumizi.game("star-realms").new(seed=5)
    >>> bot = FlatMCBot(seed=2, iterations=12)
    >>> bot.choose(state.view(state.to_act), state.legal_actions()) in state.legal_actions()
    True
    """

    name = "flat-mc"
    searches_at_once = True

    def __init__(
        self,
        seed: int = 0,
        *,
        race_z: float = RACE_Z,
        delta: float = DELTA,
        min_worlds: int = MIN_WORLDS,
        stop_z: float | None = STOP_Z,
        **options: Any,
    ) -> None:
        options.setdefault("trust", FLAT_TRUST)
        super().__init__(seed, **options)
        for key, value in (("race_z", race_z), ("delta", delta), ("stop_z", stop_z)):
            if not _number(value) and not (key == "stop_z" and value is None):
                raise ValueError(f"bot {self.name!r}: {key} must be a number, not {value!r}")
        if not _whole(min_worlds):
            raise ValueError(
                f"bot {self.name!r}: min_worlds must be a whole number, not {min_worlds!r}"
            )
        self.race_z = race_z
        self.delta = delta
        self.min_worlds = max(min_worlds, 2)
        self.stop_z = stop_z

    def _search(
        self,
        game_obj: Game,
        strategy: Strategy,
        view: View,
        legal: list[Action],
        deadline: float | None,
    ) -> Action:
        first = self._sample(game_obj, view)
        racing = self.trust is not None and strategy.playout_action is not random_action
        at_once = simultaneous(legal)
        if at_once:
            # The bot's own move among moves made at once; the policy's is the heuristic's
            # for its seat (a sampled world's first actor may be another seat).
            me = int(legal[0]["by"])
        else:
            assert first.to_act is not None
            me = first.to_act
        # The game's shortlist holds in both searches (indexes into ``legal``).
        shortlist: list[int] | None = None
        if strategy.candidates is not None:
            found = strategy.candidates(first, legal)
            if found:
                shortlist = sorted({i for i in found if 0 <= i < len(legal)})
        if racing:
            default: int | None
            if at_once:
                policy_move = simultaneous_choice(view, legal, self._rng)
                default = next((i for i, a in enumerate(legal) if a == policy_move), None)
            else:
                default = self._default(strategy, first, legal)
            if default is not None:
                live = list(range(len(legal))) if shortlist is None else shortlist
                return self._race(
                    game_obj, strategy, view, legal, deadline, first, default, me, live
                )
        if shortlist is not None:
            legal = [legal[i] for i in shortlist]
        return self._ucb(game_obj, strategy, view, legal, deadline, first, me)

    def _race(
        self,
        game_obj: Game,
        strategy: Strategy,
        view: View,
        legal: list[Action],
        deadline: float | None,
        first: GameState,
        default: int,
        me: int,
        candidates: list[int],
    ) -> Action:
        """Race the ``candidates`` against the policy's move, world by world; drop the losers.

        Each world is played once for every candidate still in the race (common random
        numbers), and what counts is the difference, world by world, from the policy's own
        move. Once ``min_worlds`` worlds are in, a candidate whose difference is not
        plausibly above ``delta`` (mean + ``race_z`` standard errors) leaves the race. The
        search stops early when only the policy's move is left, or when one challenger is
        left and beats it by ``stop_z`` standard errors; otherwise at the budget. The policy's
        move is then left only for the candidate with the largest gain ``mean - trust * se``
        above zero, measured on at least ``MIN_SWITCH`` worlds (``min_worlds`` if fewer).
        """
        n = len(legal)
        live = sorted(set(candidates) | {default})
        sums = [0.0] * n  # of the differences from the policy's move
        squares = [0.0] * n
        payoff = [0.0] * n
        trust = self.trust if self.trust is not None else 0.0
        z, delta, min_worlds, stop_z = self.race_z, self.delta, self.min_worlds, self.stop_z
        limit = self.iterations
        done = 0
        worlds = 0

        def spread(i: int) -> tuple[float, float]:
            mean = sums[i] / worlds
            var = max(squares[i] / worlds - mean * mean, 0.0) * worlds / (worlds - 1)
            return mean, math.sqrt(var / worlds)

        world: GameState | None = first
        while True:
            if worlds:
                if limit is not None and done + len(live) > limit:
                    break
                if deadline is not None and time.perf_counter() >= deadline:
                    break
            if world is None:
                world = self._sample(game_obj, view)
            seed = self._rng.getrandbits(64)
            self._cut = False
            for i in live:
                state = world.clone()
                state.apply(legal[i])
                payoff[i] = self._playout(state, strategy, random.Random(seed))[me]
                if self._cut:
                    break
            if self._cut:
                break  # a playout ran out of time: this world compares nothing, it is left out
            done += len(live)
            worlds += 1
            world = None
            base = payoff[default]
            for i in live:
                d = payoff[i] - base
                sums[i] += d
                squares[i] += d * d
            if worlds < min_worlds or len(live) == 1:
                continue
            kept = []
            for i in live:
                if i == default:
                    kept.append(i)
                    continue
                mean, se = spread(i)
                if mean + z * se >= delta:
                    kept.append(i)
            live = kept
            if len(live) == 1:
                break
            if stop_z is not None and len(live) == 2:
                mean, se = spread(live[0] if live[1] == default else live[1])
                if mean - stop_z * se > 0.0:
                    break
        self.stats.iterations = done
        self.stats.values = {
            json.dumps(legal[i], sort_keys=True): (worlds, sums[i] / max(worlds, 1)) for i in live
        }
        best, best_gain = default, 0.0
        if worlds >= max(min(MIN_SWITCH, min_worlds), 2):
            for i in live:
                if i == default:
                    continue
                mean, se = spread(i)
                gain = mean - trust * se
                if gain > best_gain:
                    best, best_gain = i, gain
        return legal[best]

    def _ucb(
        self,
        game_obj: Game,
        strategy: Strategy,
        view: View,
        legal: list[Action],
        deadline: float | None,
        first: GameState,
        me: int,
    ) -> Action:
        n = len(legal)
        visits = [0] * n
        totals = [0.0] * n
        c = self.exploration
        # Common random numbers: every candidate's j-th try is played in the same world j
        # (the same determinization and the same playout randomness), so candidates are
        # compared on the same luck and the differences between them are far less noisy.
        worlds: list[GameState] = [first]
        world_seeds: list[int] = [self._rng.getrandbits(64)]
        done = 0
        while self._more(done, deadline):
            if done < n:
                i = done
            else:
                log_n = math.log(done)
                i = max(
                    range(n),
                    key=lambda j: totals[j] / visits[j] + c * math.sqrt(log_n / visits[j]),
                )
            j = visits[i]
            if j == len(worlds):  # the first candidate to reach its j-th try deals world j
                worlds.append(self._sample(game_obj, view))
                world_seeds.append(self._rng.getrandbits(64))
            state = worlds[j].clone()
            state.apply(legal[i])
            payoff = self._playout(state, strategy, random.Random(world_seeds[j]))
            visits[i] += 1
            totals[i] += payoff[me]
            done += 1
        self.stats.iterations = done
        self.stats.values = {
            json.dumps(a, sort_keys=True): (visits[i], totals[i] / visits[i] if visits[i] else 0.0)
            for i, a in enumerate(legal)
        }
        return legal[max(range(n), key=lambda j: (visits[j], totals[j] / max(visits[j], 1)))]


class _Node:
    """One edge of the ISMCTS tree: the action chosen by ``player``, and what followed."""

    __slots__ = ("action", "avail", "children", "player", "total", "visits")

    def __init__(self, action: Action | None, player: int) -> None:
        self.action = action
        self.player = player
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


@register("ismcts")
class ISMCTSBot(SearchBot):
    """Single-observer ISMCTS over determinizations sampled from the view.

    >>> import rumizi
    >>> state = rumizi.game("star-realms").new(seed=5)
    >>> bot = ISMCTSBot(seed=2, iterations=12)
    >>> bot.choose(state.view(state.to_act), state.legal_actions()) in state.legal_actions()
    True
    """

    name = "ismcts"

    def _search(
        self,
        game_obj: Game,
        strategy: Strategy,
        view: View,
        legal: list[Action],
        deadline: float | None,
    ) -> Action:
        rng = self._rng
        c = self.exploration
        sqrt = math.sqrt
        log = math.log
        root = _Node(None, -1)
        root_keys = [action_key(a) for a in legal]
        # Progressive bias: the policy's own move is tried first and gets a bonus that fades
        # as its visits grow (``trust / (visits + 1)``).
        trust = self.trust if strategy.playout_action is not random_action else None
        policy = strategy.playout_action
        favourite: Hashable = None
        done = 0
        while self._more(done, deadline):
            state = self._sample(game_obj, view)
            path: list[_Node] = []
            node = root
            here = legal
            keys = root_keys
            expanded = False
            while here:
                actor = state.to_act
                assert actor is not None
                children = node.children
                untried: list[int] = []
                available: list[tuple[_Node, int]] = []
                if trust is not None:
                    favourite = action_key(policy(state, rng))
                for i, key in enumerate(keys):
                    child = children.get(key)
                    if child is None:
                        untried.append(i)
                    else:
                        available.append((child, i))
                        child.avail += 1
                if untried:
                    i = untried[rng.randrange(len(untried))]
                    if trust is not None:
                        i = next((j for j in untried if keys[j] == favourite), i)
                    child = _Node(here[i], actor)
                    child.avail = 1
                    children[keys[i]] = child
                    expanded = True
                else:
                    best = -1.0
                    child, i = available[0]
                    for cand, j in available:
                        score = cand.total / cand.visits + c * sqrt(log(cand.avail) / cand.visits)
                        if trust is not None and keys[j] == favourite:
                            score += trust / (cand.visits + 1)
                        if score > best:
                            best = score
                            child, i = cand, j
                state.apply(here[i])
                path.append(child)
                node = child
                if expanded:
                    break
                here = self._advance(state, strategy)
                keys = [action_key(a) for a in here]
            payoff = self._playout(state, strategy)
            for visited in path:
                visited.visits += 1
                visited.total += payoff[visited.player]
            done += 1
        self.stats.iterations = done
        self.stats.values = {
            json.dumps(ch.action, sort_keys=True): (ch.visits, ch.total / max(ch.visits, 1))
            for ch in root.children.values()
        }
        best_i = 0
        best_rank = (-1, -1.0)
        for i, key in enumerate(root_keys):
            child = root.children.get(key)
            if child is not None and child.visits:
                rank = (child.visits, child.total / child.visits)
                if rank > best_rank:
                    best_rank = rank
                    best_i = i
        return legal[best_i]


__all__ = [
    "FlatMCBot",
    "ISMCTSBot",
    "SearchBot",
    "SearchStats",
    "Strategy",
    "action_key",
    "playout",
    "random_action",
    "register_strategy",
    "strategy_for",
]
