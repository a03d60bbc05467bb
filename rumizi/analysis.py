"""After the game: the win chance at every decision, and the moves that cost the most.

:func:`analyse` walks a :class:`~rumizi.core.record.GameRecord` and, at each decision of the
chosen seats, estimates from **that seat's view only** how likely the seat was to win:

* ``before`` — the position as it stood, played on by the game's playout policy;
* ``after`` — after the move that was played;
* ``best`` — after the best move found among the legal ones.

It is the search bots' machinery (:mod:`rumizi.bots.search`) turned into a judge. Each
*world* is a full state dealt by ``Game.sample(view, seed)`` from the seat's view, so the
hidden cards are guesses, never the real ones; the position, and every legal move, is played
on in that world to the end of the game with the game's playout policy and the seat's payoff
counted. Every candidate meets the same worlds and the same playout luck (common random
numbers), so the *difference* between two moves — what decides a mark — is far less noisy
than either estimate. Every estimate carries its standard error over the worlds
(:class:`Estimate`); the drop from the best move to the one played carries the standard error
of the world-by-world difference.

A decision is marked (:data:`MARKS`) by how much win chance the move played gave away against
the best one found — the thresholds are in :data:`THRESHOLDS`, and nowhere else:

=============  =====================================================
mark           the drop in win chance is at least
=============  =====================================================
``inaccuracy``  5 points (0.05)
``mistake``     10 points (0.10)
``blunder``     20 points (0.20)
=============  =====================================================

and, so that luck is not called a mistake, the drop must also exceed ``z`` (2) standard errors
of the difference. A forced decision (one legal move), a move the game's search hints call
obvious, and a decision where no move is really better than another are never marked.

The analysis is a function of the record, the seats, ``worlds`` and ``seed`` (each decision
draws its worlds from ``seed`` and its own move number, so analysing one seat gives the same
numbers as analysing all of them). With ``seconds`` a decision also stops at that time budget,
and the result then depends on the machine.

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
>>> all(0.0 <= d.before.mean <= 1.0 for d in report.decisions if d.before is not None)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from rumizi.bots.search import action_key, playout
from rumizi.bots.strategies import Strategy, strategy_for
from rumizi.core.contract import Action, Game, GameState
from rumizi.core.errors import IllegalAction
from rumizi.core.record import GameRecord
from rumizi.core.registry import game as registered_game

#: Worlds per decision when the caller does not say.
DEFAULT_WORLDS: Final = 32
#: Fewest worlds a decision is judged on, even when its time budget runs out first (a
#: standard error needs two).
MIN_WORLDS: Final = 2
#: A decision with more distinct legal moves than this is first screened: every move is played
#: in :data:`SCREEN_WORLDS` worlds only to the end of the next turn (:data:`SCREEN_HORIZON`),
#: scored by the game's evaluator, and only the best of them, the move played and the policy's
#: own move are then played out to the end in every world. (A Splendor Duel opening has some 60
#: legal moves, and a full playout takes ~18 ms: all of them in 32 worlds would take 35 s.)
SHORTLIST: Final = 8
SCREEN_WORLDS: Final = 6
SCREEN_HORIZON: Final = 2
#: The version of :meth:`Analysis.to_json`'s format.
FORMAT_VERSION: Final = 1


@dataclass(frozen=True)
class Thresholds:
    """Drops in win chance that earn each mark, and the doubt a drop must clear.

    ``inaccuracy``, ``mistake`` and ``blunder`` are drops in win chance (0 to 1) from the best
    move found to the move played; ``z``: how many standard errors of that drop it must also
    exceed, so that the noise of a few worlds is never called a mistake.
    """

    inaccuracy: float = 0.05
    mistake: float = 0.10
    blunder: float = 0.20
    z: float = 2.0

    def mark(self, drop: float, drop_se: float) -> str | None:
        """The mark a drop earns (``None``: none).

        >>> THRESHOLDS.mark(0.25, 0.02), THRESHOLDS.mark(0.07, 0.01), THRESHOLDS.mark(0.3, 0.2)
        ('blunder', 'inaccuracy', None)
        """
        if drop <= self.z * drop_se:
            return None
        if drop >= self.blunder:
            return "blunder"
        if drop >= self.mistake:
            return "mistake"
        if drop >= self.inaccuracy:
            return "inaccuracy"
        return None


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
    """A win chance estimated over ``worlds`` sampled worlds, with its standard error."""

    mean: float
    se: float
    worlds: int

    @classmethod
    def of(cls, values: list[float]) -> Estimate:
        """The mean of ``values`` and the standard error of that mean.

        >>> found = Estimate.of([1.0, 0.0, 1.0, 0.0])
        >>> found.mean, round(found.se, 3), found.worlds
        (0.5, 0.289, 4)
        """
        n = len(values)
        mean = sum(values) / n
        if n < 2:
            return cls(mean, 0.5, n)  # one world says almost nothing: the widest spread
        var = sum((v - mean) ** 2 for v in values) / (n - 1)
        return cls(mean, math.sqrt(var / n), n)

    def to_json(self) -> dict[str, Any]:
        return {"mean": round(self.mean, 4), "se": round(self.se, 4), "worlds": self.worlds}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Estimate:
        return cls(float(data["mean"]), float(data["se"]), int(data["worlds"]))


@dataclass(frozen=True)
class Decision:
    """One decision of the game, judged from its seat's view.

    ``ply``: the index of the move in the record's actions; ``legal``: how many moves were
    legal. ``before``, ``after`` and ``best`` are the seat's win chance (``None`` where the
    decision was not searched); ``best_action`` is the best move found, ``drop`` the win chance
    given away by the move played (``best - after``, 0 when it was the best), ``drop_se`` its
    standard error, and ``mark`` one of :data:`MARKS` or ``None``.
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
            "thresholds": {
                "inaccuracy": THRESHOLDS.inaccuracy,
                "mistake": THRESHOLDS.mistake,
                "blunder": THRESHOLDS.blunder,
                "z": THRESHOLDS.z,
            },
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


def _decision_seed(seed: int, ply: int) -> int:
    """The seed of one decision's worlds: the same whichever seats are analysed."""
    return random.Random(f"rumizi-analysis:{seed}:{ply}").getrandbits(64)


def analyse_decision(
    state: GameState,
    action: Action,
    *,
    ply: int = 0,
    worlds: int = DEFAULT_WORLDS,
    seconds: float | None = None,
    seed: int = 0,
    horizon: int | None = None,
    thresholds: Thresholds = THRESHOLDS,
    game: Game | None = None,
    strategy: Strategy | None = None,
) -> Decision:
    """Judge ``action`` played in ``state`` by the player to act, from that player's view.

    ``state`` is not changed. ``worlds``: worlds sampled from the view (at least 2);
    ``seconds``: a time budget for the decision (``None``: none); ``horizon``: stop playouts
    after that many turns and score them with the game's evaluator (``None``: play to the end).
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
    plays = strategy if strategy is not None else strategy_for(game_obj)
    view = state.view(seat)
    rng = random.Random(seed)
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
    deadline = None if seconds is None else time.perf_counter() + seconds  # screening included
    if len(candidates) > SHORTLIST and plays.evaluate is not None:
        candidates, played = _shortlist(game_obj, plays, view, candidates, played, rng)
    base: list[float] = []
    scores: list[list[float]] = [[] for _ in candidates]
    tries = 0
    while len(base) < worlds and tries < 4 * worlds:
        if deadline is not None and len(base) >= MIN_WORLDS and time.perf_counter() >= deadline:
            break
        tries += 1
        world = game_obj.sample(view, rng.getrandbits(64))
        luck = rng.getrandbits(64)
        try:
            row = []
            for move in candidates:
                twin = world.clone()
                twin.apply(move)
                row.append(playout(twin, plays, random.Random(luck), horizon)[0][seat])
        except IllegalAction:
            continue  # a world where a legal move is not (a sampler's flaw): not counted
        base.append(playout(world, plays, random.Random(luck), horizon)[0][seat])
        for i, value in enumerate(row):
            scores[i].append(value)
    if len(base) < MIN_WORLDS:
        raise ValueError("the game's sampler dealt no world where the legal moves can be played")
    means = [sum(s) / len(s) for s in scores]
    best = max(range(len(candidates)), key=lambda i: (means[i], i == played))
    after = Estimate.of(scores[played])
    if best == played:
        return Decision(
            ply, seat, dict(action), len(legal), "searched",
            Estimate.of(base), after, after, dict(candidates[best]),
        )  # fmt: skip
    gap = Estimate.of([b - p for b, p in zip(scores[best], scores[played], strict=True)])
    return Decision(
        ply,
        seat,
        dict(action),
        len(legal),
        "searched",
        Estimate.of(base),
        after,
        Estimate.of(scores[best]),
        dict(candidates[best]),
        gap.mean,
        gap.se,
        thresholds.mark(gap.mean, gap.se),
    )


def _shortlist(
    game_obj: Game,
    plays: Strategy,
    view: dict[str, Any],
    candidates: list[Action],
    played: int,
    rng: random.Random,
) -> tuple[list[Action], int]:
    """The :data:`SHORTLIST` best candidates by short playouts, with the played move's index.

    The move played and the policy's own move always stay, so the played move is judged and
    the policy's choice is always a rival.
    """
    seat = view.get("viewer")
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
    horizon: int | None = None,
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
    plays = strategy if strategy is not None else strategy_for(game_obj)
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
        if actors[ply] in chosen:
            decisions.append(
                analyse_decision(
                    state,
                    action,
                    ply=ply,
                    worlds=worlds,
                    seconds=seconds,
                    seed=_decision_seed(seed, ply),
                    horizon=horizon,
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
    "DEFAULT_WORLDS",
    "KINDS",
    "MARKS",
    "THRESHOLDS",
    "Analysis",
    "Decision",
    "Estimate",
    "Thresholds",
    "analyse",
    "analyse_decision",
]
