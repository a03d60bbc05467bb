"""After the game: the win chance at every decision, and the moves that cost the most.

:func:`analyse` walks a :class:`~rumizi.core.record.GameRecord` and, at each decision of the
chosen seats, estimates from **that seat's view only** how likely the seat was to win:

* ``before`` — the position as it stood, played on by the game's playout policy;
* ``after`` — after the move that was played;
* ``best`` — after the best move found among the legal ones.

It is the search bots' machinery (:mod:`rumizi.bots.search`) turned into a judge. Each
*world* is a full state dealt by ``Game.sample(view, seed)`` from the seat's view, so the
hidden cards are guesses, never the real ones; a move is played in that world and the game
played on to its end with the game's playout policy (the ``strong`` bot's), the seat's payoff
counted. Moves compared meet the same worlds and the same playout luck (common random
numbers), so the *difference* between two moves — what decides a mark — is far less noisy
than either estimate.

A decision is judged in two rounds of worlds, so that luck is neither called knowledge nor a
mistake:

1. **choosing** (:data:`SELECT_WORLDS` worlds): every distinct legal move (the
   :data:`SHORTLIST` best after a short screen, where there are many) is played out; the
   best of them other than the move played is its *rival*, if it did better than the move
   played, else the policy's own move if that was not the one played. The best of ten moves
   in a few worlds is flattered by its luck (in a game of War of the Ring, the policy's own
   first move came out 13 points behind the best of thirteen at 96 worlds), so these worlds
   only choose;
2. **judging** (``worlds`` fresh worlds): only the move played, its rival and the policy's
   own move (for ``before``; mostly one of the two) are played out, and every number shown
   comes from these worlds. A rival no better than the move played over the first
   ``least_worlds`` of them is dropped, and the move played goes on alone.

A win chance is a Bayesian estimate (:class:`Estimate`): the mean and standard deviation of
its Beta posterior from a uniform prior, as if one win and one loss had been seen before the
worlds. Five wins in five worlds read 86 % ± 12 %, never 100 % ± 0 %; only a move that ends
the game at once, alike in every world, is certain. The difference between the rival and the
move played carries the standard error of the world-by-world differences, with the prior's
two worlds (one won by each move) among them.

A decision is marked (:data:`MARKS`) by how much win chance the move played gave away against
its rival — the thresholds are in :data:`THRESHOLDS`, and nowhere else:

=============  =====================================================
mark           the drop in win chance, less ``z`` (2) standard errors, is at least
=============  =====================================================
``inaccuracy``  5 points (0.05)
``mistake``     10 points (0.10)
``blunder``     20 points (0.20)
=============  =====================================================

A mark is graded by that lower bound, not by the drop itself: the drop between two moves
wanders by some 10 points at 48 worlds (in a game of War of the Ring, a move 8 points behind
its rival came out at least 20 points behind in 5 of 30 judgings of 44 worlds). A mark rests
on at least ``least_worlds`` (16) judged worlds; a drop that looks like a mark but is not
settled as a blunder is judged again on :data:`EXTEND` times the worlds. A forced decision
(one legal move), a move the game's search hints call obvious, and a decision where no move
is really better than another are never marked.

The analysis is a function of the record, the seats, ``worlds`` and ``seed``. A seat's
judged worlds are drawn from ``seed`` and the seat (:func:`seat_seed`): the same worlds and
playout luck at each of its decisions, so that where a position changes little its chance
does too, and the curve's steps are the game's rather than the luck's; the choosing worlds
come from the decision's own move number. Analysing one seat gives the same numbers as
analysing all of them. With ``seconds`` a decision also stops at that time budget (a third
of it for choosing), and the result then depends on the machine; a decision cut short is
judged on fewer worlds, with the wider error that goes with them, and below
``least_worlds`` it is never marked.

>>> import rumizi
>>> from rumizi.bots import make
>>> record = rumizi.GameRecord("star-realms", seed=4)
>>> state, bot = record.start(), make("random", seed=1)
>>> for _ in range(6):
...     action = bot.choose(state.view(state.to_act), state.legal_actions())
...     state.apply(action)
...     record.actions.append(action)
>>> report = analyse(record, seats=[0], worlds=4, seed=2)
>>> report == analyse(record, seats=[0], worlds=4, seed=2)
True
>>> all(d.seat == 0 for d in report.decisions)
True
>>> all(0.0 < d.before.mean < 1.0 for d in report.decisions if d.before is not None)
True
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from rumizi.bots.search import action_key, playout
from rumizi.bots.strategies import Strategy, strategy_for
from rumizi.core.contract import Action, Game, GameState, View
from rumizi.core.errors import IllegalAction
from rumizi.core.record import GameRecord
from rumizi.core.registry import game as registered_game

#: Judged worlds per decision when the caller does not say. At 48 a win chance near a half
#: reads ± 7 points, and the curve's step from one decision to the next is, from the noise
#: alone, about 8 points on average (1.13 standard errors: the mean of the difference of two
#: independent estimates).
DEFAULT_WORLDS: Final = 48
#: Fewest worlds a decision is judged on, even when its time budget runs out first.
MIN_WORLDS: Final = 2
#: Worlds that choose the rival of the move played (the first round; see the module's text).
SELECT_WORLDS: Final = 6
#: A decision whose mark is still unsettled after its judged worlds is judged on this many
#: times as many (:meth:`Thresholds.unsettled`).
EXTEND: Final = 3
#: The share of a decision's time budget that the choosing round may use.
SELECT_SHARE: Final = 1 / 3
#: A decision with more distinct legal moves than this is first screened: every move is played
#: in :data:`SCREEN_WORLDS` worlds only to the end of the next turn (:data:`SCREEN_HORIZON`),
#: scored by the game's evaluator, and only the best of them, the move played and the policy's
#: own move go on to the choosing round. (A Splendor Duel opening has some 60 legal moves.)
SHORTLIST: Final = 8
SCREEN_WORLDS: Final = 6
SCREEN_HORIZON: Final = 2
#: The version of :meth:`Analysis.to_json`'s format.
FORMAT_VERSION: Final = 1
#: ``horizon`` as the game's strategy module asks (:func:`playout_plan`).
BY_GAME: Final = "game"
Horizon = int | None | Literal["game"]


@dataclass(frozen=True)
class Thresholds:
    """Drops in win chance that earn each mark, and the doubt a drop must clear.

    ``inaccuracy``, ``mistake`` and ``blunder`` are drops in win chance (0 to 1) from the
    rival to the move played. A mark is graded by the drop *less* ``z`` standard errors (its
    lower confidence bound), so it says the move gave away at least that much; and it rests
    on at least ``least_worlds`` judged worlds.
    """

    inaccuracy: float = 0.05
    mistake: float = 0.10
    blunder: float = 0.20
    z: float = 2.0
    least_worlds: int = 16

    def mark(self, drop: float, drop_se: float, worlds: int) -> str | None:
        """The mark a drop over ``worlds`` judged worlds earns (``None``: none).

        >>> THRESHOLDS.mark(0.25, 0.02, 48), THRESHOLDS.mark(0.25, 0.05, 48)
        ('blunder', 'mistake')
        >>> THRESHOLDS.mark(0.3, 0.2, 48), THRESHOLDS.mark(0.9, 0.05, 6)
        (None, None)
        """
        if worlds < self.least_worlds:
            return None
        surely = drop - self.z * drop_se
        if surely >= self.blunder:
            return "blunder"
        if surely >= self.mistake:
            return "mistake"
        if surely >= self.inaccuracy:
            return "inaccuracy"
        return None

    def unsettled(self, drop: float, drop_se: float) -> bool:
        """Whether more worlds could change the mark of a drop: it looks like a mark (at
        least an inaccuracy) but its lower bound is not yet a blunder.

        >>> THRESHOLDS.unsettled(0.3, 0.1), THRESHOLDS.unsettled(0.02, 0.1)
        (True, False)
        >>> THRESHOLDS.unsettled(0.9, 0.1)
        False
        """
        return drop >= self.inaccuracy and drop - self.z * drop_se < self.blunder

    def to_json(self) -> dict[str, Any]:
        return {
            "inaccuracy": self.inaccuracy,
            "mistake": self.mistake,
            "blunder": self.blunder,
            "z": self.z,
            "least_worlds": self.least_worlds,
        }


#: The one place the marks' thresholds live (see the module's table).
THRESHOLDS: Final = Thresholds()
#: The marks, mildest first.
MARKS: Final = ("inaccuracy", "mistake", "blunder")

#: What kind of decision an entry is: ``searched`` (judged over worlds), ``forced`` (one legal
#: move), ``obvious`` (the game's hints' move, made without search), ``outside`` (a move the
#: player did not choose from the legal list, such as a concession on the clock).
KINDS: Final = ("searched", "forced", "obvious", "outside")


@dataclass(frozen=True)
class Estimate:
    """A win chance over ``worlds`` sampled worlds: the Beta posterior's mean and deviation.

    ``exact``: the move ended the game at once with the same result in every world, so the
    chance is known (``se`` 0).
    """

    mean: float
    se: float
    worlds: int
    exact: bool = False

    @classmethod
    def of(cls, values: Sequence[float], *, exact: bool = False) -> Estimate:
        """The estimate from payoffs in [0, 1] (a draw's or an evaluator's fraction counts
        as that fraction of a win, which can only widen the error: a payoff of mean ``m``
        varies at most ``m (1 - m)``).

        >>> found = Estimate.of([1.0] * 5)
        >>> round(found.mean, 3), round(found.se, 3), found.worlds
        (0.857, 0.124, 5)
        >>> Estimate.of([1.0, 0.0, 1.0, 0.0]).mean
        0.5
        >>> Estimate.of([1.0, 1.0], exact=True)
        Estimate(mean=1.0, se=0.0, worlds=2, exact=True)
        """
        n = len(values)
        if n == 0:
            raise ValueError("an estimate needs at least one world")
        if exact:
            return cls(sum(values) / n, 0.0, n, True)
        mean = (sum(values) + 1.0) / (n + 2)
        return cls(mean, math.sqrt(mean * (1.0 - mean) / (n + 3)), n)

    def to_json(self) -> dict[str, Any]:
        return {
            "mean": round(self.mean, 4),
            "se": round(self.se, 4),
            "worlds": self.worlds,
            "exact": self.exact,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Estimate:
        return cls(
            float(data["mean"]), float(data["se"]), int(data["worlds"]), bool(data.get("exact"))
        )


def difference_se(better: Sequence[float], worse: Sequence[float]) -> float:
    """The standard error of the mean world-by-world difference ``better - worse``, with the
    prior's two worlds among the differences (one won by each side: +1 and -1), so that a
    few worlds that all agree never read as certainty.

    >>> round(difference_se([1.0] * 16, [0.0] * 16), 3)
    0.111
    >>> round(difference_se([0.5] * 48, [0.5] * 48), 3)
    0.029
    """
    diffs = [b - w for b, w in zip(better, worse, strict=True)] + [1.0, -1.0]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return math.sqrt(var / n)


@dataclass(frozen=True)
class Decision:
    """One decision of the game, judged from its seat's view.

    ``ply``: the index of the move in the record's actions; ``legal``: how many moves were
    legal. ``before``, ``after`` and ``best`` are the seat's win chance (``None`` where the
    decision was not searched); ``best_action`` is the best move found, ``drop`` the win chance
    given away by the move played (``best - after``, 0 when it was the best), ``drop_se`` its
    standard error, and ``mark`` one of :data:`MARKS` or ``None``. ``after``, ``best`` and
    ``drop`` come from the same judged worlds; ``before`` from them too.
    """

    ply: int
    seat: int
    played: Action
    legal: int
    kind: str
    before: Estimate | None = None
    after: Estimate | None = None
    best: Estimate | None = None
    best_action: Action | None = None
    drop: float = 0.0
    drop_se: float = 0.0
    mark: str | None = None

    def to_json(self) -> dict[str, Any]:
        def est(found: Estimate | None) -> dict[str, Any] | None:
            return None if found is None else found.to_json()

        return {
            "ply": self.ply,
            "seat": self.seat,
            "played": dict(self.played),
            "legal": self.legal,
            "kind": self.kind,
            "before": est(self.before),
            "after": est(self.after),
            "best": est(self.best),
            "best_action": None if self.best_action is None else dict(self.best_action),
            "drop": round(self.drop, 4),
            "drop_se": round(self.drop_se, 4),
            "mark": self.mark,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        def est(found: Any) -> Estimate | None:
            return None if found is None else Estimate.from_json(found)

        return cls(
            int(data["ply"]),
            int(data["seat"]),
            dict(data["played"]),
            int(data["legal"]),
            str(data["kind"]),
            est(data.get("before")),
            est(data.get("after")),
            est(data.get("best")),
            None if data.get("best_action") is None else dict(data["best_action"]),
            float(data.get("drop", 0.0)),
            float(data.get("drop_se", 0.0)),
            data.get("mark"),
        )


@dataclass(frozen=True)
class Analysis:
    """A whole game's analysis: every judged decision of ``seats``, in the order played.

    ``winner`` is the record's final winner (``None`` for an unfinished record or a draw).
    """

    game: str
    seats: list[int]
    worlds: int
    seed: int
    seconds: float | None
    winner: int | None
    plies: int
    decisions: list[Decision] = field(default_factory=list)

    def curve(self, seat: int) -> list[tuple[int, float, float]]:
        """``(ply, win chance, standard error)`` before each searched decision of ``seat``."""
        return [
            (d.ply, d.before.mean, d.before.se)
            for d in self.decisions
            if d.seat == seat and d.before is not None
        ]

    def marked(self, seat: int | None = None) -> list[Decision]:
        """The marked decisions (of ``seat``, or of every seat), in the order played."""
        return [d for d in self.decisions if d.mark and (seat is None or d.seat == seat)]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (:meth:`from_json` reads it back)."""
        return {
            "rumizi_analysis": FORMAT_VERSION,
            "game": self.game,
            "seats": list(self.seats),
            "worlds": self.worlds,
            "seed": self.seed,
            "seconds": self.seconds,
            "winner": self.winner,
            "plies": self.plies,
            "thresholds": THRESHOLDS.to_json(),
            "decisions": [d.to_json() for d in self.decisions],
        }

    @classmethod
    def from_json(cls, data: Any) -> Analysis:
        """An analysis written by :meth:`to_json`; ``ValueError`` for anything else."""
        if not isinstance(data, dict) or data.get("rumizi_analysis") != FORMAT_VERSION:
            raise ValueError("not a Rumizi analysis (missing 'rumizi_analysis': 1)")
        try:
            return cls(
                str(data["game"]),
                [int(s) for s in data["seats"]],
                int(data["worlds"]),
                int(data["seed"]),
                None if data.get("seconds") is None else float(data["seconds"]),
                None if data.get("winner") is None else int(data["winner"]),
                int(data["plies"]),
                [Decision.from_json(d) for d in data["decisions"]],
            )
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"a broken analysis: {err!r}") from err


Progress = Callable[[int, int], None]


def seat_seed(seed: int, seat: int) -> int:
    """The seed of a seat's judged worlds: the same for each of its decisions, whichever
    seats are analysed."""
    return random.Random(f"rumizi-analysis:{seed}:{seat}").getrandbits(64)


def playout_plan(game_obj: Game) -> tuple[Strategy, int | None]:
    """How the analysis plays ``game_obj`` out: the policy and the horizon.

    The game's own policy (the ``strong`` bot's) to the end of the game, unless its
    ``strategy`` module brings a faster ``search_policy`` for playouts, as search plays them
    (:attr:`Strategy.rollout`): then that policy for ``SEARCH_HORIZON`` turns, scored by the
    evaluator. (Fantasy Realms does: its strong policy scores many hands exactly at every
    move, and a judged decision plays a hundred playouts.)

    >>> playout_plan(registered_game("star-realms"))[1] is None
    True
    """
    plays = strategy_for(game_obj)
    if plays.rollout is None:
        return plays, None
    horizon = plays.rollout_horizon if plays.evaluate is not None else None
    return plays.for_playouts(), horizon


def _plan(
    game_obj: Game, strategy: Strategy | None, horizon: Horizon
) -> tuple[Strategy, int | None]:
    """The strategy and horizon asked for, the game's plan filling what is not."""
    planned, by_game = playout_plan(game_obj)
    if isinstance(horizon, str) and horizon != BY_GAME:
        raise ValueError(f"horizon must be a number of turns, None or {BY_GAME!r}")
    return (
        strategy if strategy is not None else planned,
        by_game if isinstance(horizon, str) else horizon,
    )


def _past(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() >= deadline


def analyse_decision(
    state: GameState,
    action: Action,
    *,
    ply: int = 0,
    worlds: int = DEFAULT_WORLDS,
    seconds: float | None = None,
    seed: int = 0,
    horizon: Horizon = BY_GAME,
    thresholds: Thresholds = THRESHOLDS,
    game: Game | None = None,
    strategy: Strategy | None = None,
) -> Decision:
    """Judge ``action`` played in ``state`` by the player to act, from that player's view.

    ``state`` is not changed. ``worlds``: judged worlds sampled from the view (at least 2;
    the choosing round plays ``min(worlds, SELECT_WORLDS)`` more); ``seed``: the judged
    worlds' seed (:func:`analyse` gives each seat its own, :func:`seat_seed`), the choosing
    round's being drawn from it and ``ply``; ``seconds``: a time budget
    for the decision (``None``: none); ``horizon``: stop playouts after that many turns and
    score them with the game's evaluator (``None``: play to the end; :data:`BY_GAME`: as
    :func:`playout_plan` says); ``strategy``: the playout policy (default: the game's plan).
    """
    if worlds < MIN_WORLDS:
        raise ValueError(f"worlds must be at least {MIN_WORLDS}, not {worlds!r}")
    if seconds is not None and seconds <= 0:
        raise ValueError(f"seconds must be positive, not {seconds!r}")
    seat = state.to_act
    if seat is None:
        raise ValueError("the game is over: there is no decision to judge")
    legal = state.legal_actions()
    if action not in legal:
        return Decision(ply, seat, dict(action), len(legal), "outside")
    if len(legal) == 1:
        return Decision(ply, seat, dict(action), 1, "forced")
    game_obj = game if game is not None else type(state).game()
    plays, cut = _plan(game_obj, strategy, horizon)
    view = state.view(seat)
    rng = random.Random(f"rumizi-analysis:{seed}:{ply}")  # this decision's own: choosing
    if plays.obvious_action is not None:
        # Hints read only the acting player's knowledge, which every sampled world shares.
        hint = plays.obvious_action(game_obj.sample(view, rng.getrandbits(64)))
        if hint is not None and hint == action:
            return Decision(ply, seat, dict(action), len(legal), "obvious")
    # One candidate per distinct move; the played one among them.
    candidates: list[Action] = []
    seen: dict[Any, int] = {}
    for move in legal:
        key = action_key(move)
        if key not in seen:
            seen[key] = len(candidates)
            candidates.append(move)
    played = seen[action_key(action)]
    began = time.perf_counter()
    deadline = None if seconds is None else began + seconds  # screening included
    choosing = None if seconds is None else began + seconds * SELECT_SHARE
    if len(candidates) > SHORTLIST and plays.evaluate is not None:
        candidates, played = _shortlist(game_obj, plays, view, candidates, played, rng)
    rival = None
    if len(candidates) > 1:
        rounds = min(worlds, SELECT_WORLDS)
        rival = _rival(game_obj, plays, view, candidates, played, rng, rounds, cut, choosing)
    moves = [candidates[played]] if rival is None else [candidates[played], rival]
    judging = _Judging(game_obj, plays, view, moves, random.Random(seed), cut)
    drop = drop_se = 0.0
    if rival is not None:
        judging.play(min(worlds, thresholds.least_worlds), deadline)
        if judging.drop()[0] <= 0:
            rival = None  # not better on fresh worlds: the move played goes on alone
            judging.keep_first()
    judging.play(worlds, deadline)
    if rival is not None:
        drop, drop_se = judging.drop()
        if thresholds.unsettled(drop, drop_se):
            judging.play(EXTEND * worlds, deadline)  # worlds where they decide a mark
            drop, drop_se = judging.drop()
    before, after = Estimate.of(judging.before), judging.estimate(0)
    if rival is not None and drop > 0:
        return Decision(
            ply, seat, dict(action), len(legal), "searched", before, after,
            judging.estimate(1), dict(rival), drop, drop_se,
            thresholds.mark(drop, drop_se, judging.worlds),
        )  # fmt: skip
    return Decision(
        ply, seat, dict(action), len(legal), "searched", before, after, after, dict(action)
    )


def _play(
    world: GameState, move: Action, plays: Strategy, luck: int, horizon: int | None
) -> tuple[float, bool]:
    """``move`` played in a copy of ``world`` and played out: the mover's payoff, and whether
    the move itself ended the game. A playout cut at the horizon counts the mover's share of
    the evaluator's chances (a game's evaluator may value each player alone: Fantasy Realms'
    four chances can add up to three)."""
    seat = world.to_act
    assert seat is not None
    twin = world.clone()
    twin.apply(move)
    ended = twin.over
    payoffs = playout(twin, plays, random.Random(luck), horizon)[0]
    total = sum(payoffs)
    if twin.over or total <= 0:
        return payoffs[seat], ended
    return payoffs[seat] / total, ended


def _rival(
    game_obj: Game,
    plays: Strategy,
    view: View,
    candidates: list[Action],
    played: int,
    rng: random.Random,
    rounds: int,
    horizon: int | None,
    deadline: float | None,
) -> Action | None:
    """The choosing round: the rival of the move played, or ``None``.

    The candidate (not the one played) that did best over ``rounds`` worlds, if it did
    better than the move played (a move that won at once in every world, certain, comes
    before one that won in every world so far; the policy's own move before an equal one);
    else the policy's own move, if it was not the move played: what the game's policy would
    have done is always worth judging against (on a few worlds a card played and a turn
    ended can tie, every playout being the policy's from there).
    """
    choosing = _Judging(game_obj, plays, view, candidates, rng, horizon)
    choosing.play(rounds, deadline)
    means = [choosing.estimate(i).mean for i in range(len(candidates))]
    keys = [action_key(move) for move in candidates]
    top = choosing.own.most_common(1)[0][0] if choosing.own else None
    own = keys.index(top) if top in keys else None
    others = [i for i in range(len(candidates)) if i != played]
    best = max(others, key=lambda i: (means[i], i == own))
    if means[best] > means[played]:
        return candidates[best]
    return candidates[own] if own is not None and own != played else None


class _Judging:
    """The judging round: ``moves`` (the played one first) and the policy's own move, over
    fresh worlds on shared luck; :meth:`play` adds worlds. Where the policy's move is one of
    ``moves`` its payoff is that move's, so ``before`` mostly costs nothing."""

    def __init__(
        self,
        game_obj: Game,
        plays: Strategy,
        view: View,
        moves: list[Action],
        rng: random.Random,
        horizon: int | None,
    ) -> None:
        self.game, self.plays, self.view, self.moves = game_obj, plays, view, moves
        self.rng, self.horizon = rng, horizon
        self.keys = [action_key(move) for move in moves]
        self.values: list[list[float]] = [[] for _ in moves]
        self.ended = [True] * len(moves)
        self.before: list[float] = []
        self.own: Counter[Any] = Counter()  # the policy's own moves, by key

    @property
    def worlds(self) -> int:
        return len(self.before)

    def play(self, worlds: int, deadline: float | None) -> None:
        """Play on until ``worlds`` worlds are judged (or ``deadline``, past MIN_WORLDS)."""
        tries = 0
        while self.worlds < worlds and tries < 4 * worlds:
            if self.worlds >= MIN_WORLDS and _past(deadline):
                break
            tries += 1
            world = self.game.sample(self.view, self.rng.getrandbits(64))
            luck, choice = self.rng.getrandbits(64), self.rng.getrandbits(64)
            try:
                row = [_play(world, move, self.plays, luck, self.horizon) for move in self.moves]
                own = self.plays.playout_action(world.clone(), random.Random(choice))
                key = action_key(own)
                self.own[key] += 1
                if key in self.keys:
                    base = row[self.keys.index(key)][0]
                else:
                    base = _play(world, own, self.plays, luck, self.horizon)[0]
            except IllegalAction:
                continue  # a world where a legal move is not (a sampler's flaw): not counted
            self.before.append(base)
            for i, (value, over) in enumerate(row):
                self.values[i].append(value)
                self.ended[i] = self.ended[i] and over
        if self.worlds < MIN_WORLDS:
            raise ValueError(
                "the game's sampler dealt no world where the legal moves can be played"
            )

    def keep_first(self) -> None:
        """Play only the first move (the one played) from now on."""
        del self.moves[1:], self.keys[1:], self.values[1:], self.ended[1:]

    def estimate(self, i: int) -> Estimate:
        """The win chance after ``moves[i]``."""
        found = self.values[i]
        return Estimate.of(found, exact=self.ended[i] and len(set(found)) == 1)

    def drop(self) -> tuple[float, float]:
        """How much better the rival (``moves[1]``) did than the move played, and the
        standard error of that difference."""
        gap = self.estimate(1).mean - self.estimate(0).mean
        return gap, difference_se(self.values[1], self.values[0])


def _shortlist(
    game_obj: Game,
    plays: Strategy,
    view: View,
    candidates: list[Action],
    played: int,
    rng: random.Random,
) -> tuple[list[Action], int]:
    """The :data:`SHORTLIST` best candidates by short playouts, with the played move's index.

    The move played and the policy's own move always stay, so the played move is judged and
    the policy's choice is always a rival.
    """
    totals = [0.0] * len(candidates)
    policy_move: Any = None
    for _ in range(SCREEN_WORLDS):
        world = game_obj.sample(view, rng.getrandbits(64))
        seat = world.to_act
        assert seat is not None
        luck = rng.getrandbits(64)
        if policy_move is None:
            policy_move = action_key(plays.playout_action(world.clone(), random.Random(luck)))
        for i, move in enumerate(candidates):
            twin = world.clone()
            try:
                twin.apply(move)
            except IllegalAction:
                continue
            totals[i] += playout(twin, plays, random.Random(luck), SCREEN_HORIZON)[0][seat]
    ranked = sorted(range(len(candidates)), key=lambda i: -totals[i])
    keep = set(ranked[:SHORTLIST]) | {played}
    keep |= {i for i, move in enumerate(candidates) if action_key(move) == policy_move}
    kept = sorted(keep)
    return [candidates[i] for i in kept], kept.index(played)


def analyse(
    record: GameRecord,
    seats: Iterable[int] | None = None,
    *,
    worlds: int = DEFAULT_WORLDS,
    seconds: float | None = None,
    seed: int = 0,
    horizon: Horizon = BY_GAME,
    thresholds: Thresholds = THRESHOLDS,
    progress: Progress | None = None,
    strategy: Strategy | None = None,
) -> Analysis:
    """Judge every decision of ``seats`` (default: every seat) in ``record``.

    ``progress(done, total)`` is called after each decision of those seats (``total``: how many
    there are). ``ValueError`` for a record whose moves are not legal, or for a bad option.
    Other options as in :func:`analyse_decision`.
    """
    game_obj = registered_game(record.game)
    plays, cut = _plan(game_obj, strategy, horizon)
    state = record.start()
    n = state.num_players
    chosen = sorted(set(range(n) if seats is None else seats))
    for seat in chosen:
        if not 0 <= seat < n:
            raise ValueError(f"no seat {seat}: the game has seats 0 to {n - 1}")
    # Who acts at each move, found first so that progress knows the total.
    actors: list[int | None] = []
    probe = state.clone()
    for number, action in enumerate(record.actions, 1):
        actors.append(probe.to_act)
        try:
            probe.apply(action)
        except IllegalAction as err:
            raise ValueError(f"record action {number} ({action!r}) is illegal: {err}") from err
    total = sum(1 for a in actors if a in chosen)
    done = 0
    decisions: list[Decision] = []
    for ply, action in enumerate(record.actions):
        actor = actors[ply]
        if actor is not None and actor in chosen:
            decisions.append(
                analyse_decision(
                    state,
                    action,
                    ply=ply,
                    worlds=worlds,
                    seconds=seconds,
                    seed=seat_seed(seed, actor),
                    horizon=cut,
                    thresholds=thresholds,
                    game=game_obj,
                    strategy=plays,
                )
            )
            done += 1
            if progress is not None:
                progress(done, total)
        state.apply(action)
    winner = state.winner if state.over else None
    return Analysis(
        record.game, chosen, worlds, seed, seconds, winner, len(record.actions), decisions
    )


__all__ = [
    "BY_GAME",
    "DEFAULT_WORLDS",
    "EXTEND",
    "KINDS",
    "MARKS",
    "SELECT_WORLDS",
    "THRESHOLDS",
    "Analysis",
    "Decision",
    "Estimate",
    "Thresholds",
    "analyse",
    "analyse_decision",
    "difference_se",
    "playout_plan",
    "seat_seed",
]
