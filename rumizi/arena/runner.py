"""Scheduling and playing arena games, in one process or a pool of them.

An arena is a round robin: every *table* (a set of ``players`` distinct entrants; a pair in a
two-player game) plays the same number of games, and within a table the seatings rotate so
that every entrant sits in every seat equally often. With three or more seats the rotations
are played both ways round the table too, so nobody always sits on the same side of the same
opponent (it matters in Hunter, say, where you attack only your left-hand neighbour).
Consecutive games of a table share one deal (the game seed) and differ only in the seating,
so each deal is played from every seat — the luck of the deal and of moving first cancels out.

Every game is fully determined by ``(arena seed, the table's entrants, game index)``: its game
seed and the bots' seeds are hashes of those, so a run gives the same games whatever the
number of processes or machines, and adding an entrant leaves the other tables' games as they
were — as long as every bot's choices are a function of its seed and view alone: a bot on a
fixed number of iterations (``random``, ``greedy``, ``strong``, the search bots with
``iterations=``). A bot on a time budget (``hard`` by default, ``budget=``) searches as far as
the machine's speed and load allow, so its games, and the games of everyone at its tables,
differ from run to run, here or on a cluster alike.

A game that reaches the turn or decision cap before it ends is *capped*: neither a win nor a
loss for anybody. It is kept in the results and the records, counted in its own column, and
left out of every win rate, rating and mean game length.

>>> arena = run_arena("star-realms", ["greedy", "random"], games=2, seed=1, jobs=1)
>>> [(g.seats, g.status) for g in arena.games]
[(['greedy', 'random'], 'win'), (['random', 'greedy'], 'win')]
>>> arena.games[0].winners == [0] and arena.games[1].winners == [1]
True
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import IO, Any

from rumizi import bots as bot_registry
from rumizi.arena.cluster import Executor
from rumizi.arena.cluster import executor as open_executor
from rumizi.bots.base import Bot
from rumizi.core.contract import Action, GameState
from rumizi.core.errors import IllegalAction
from rumizi.core.record import GameRecord
from rumizi.core.registry import game as get_game

DEFAULT_MAX_TURNS = 1_000
DEFAULT_MAX_DECISIONS = 20_000

WIN, DRAW, CAPPED = "win", "draw", "capped"

Progress = Callable[["GameResult", int, int], None]


class ArenaError(RuntimeError):
    """An arena that cannot be set up, or a bot that broke the rules during a game."""


def derive_seed(seed: int, *parts: object) -> int:
    """A 63-bit seed that depends on ``seed`` and ``parts`` only (stable across runs).

    >>> derive_seed(1, "deal", ["a", "b"], 0) == derive_seed(1, "deal", ["a", "b"], 0)
    True
    >>> derive_seed(1, "deal", ["a", "b"], 0) != derive_seed(1, "deal", ["a", "b"], 1)
    True
    """
    text = json.dumps([seed, *parts], separators=(",", ":"), sort_keys=True)
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def entrant_labels(names: Sequence[str]) -> list[str]:
    """Unique labels for the entrants: a bot listed twice becomes ``name`` and ``name#2``.

    >>> entrant_labels(["greedy", "random", "greedy"])
    ['greedy', 'random', 'greedy#2']
    """
    seen: dict[str, int] = {}
    labels = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        labels.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return labels


def bot_name(label: str) -> str:
    """The registered bot behind an entrant label (``greedy#2`` -> ``greedy``)."""
    return label.split("#", 1)[0]


@dataclass(frozen=True)
class GameSpec:
    """Everything needed to play one arena game, and nothing else."""

    index: int  # position in the whole schedule (and line number in the records file)
    table: int  # which table (set of entrants) it belongs to
    game: int  # index within the table
    game_id: str
    players: int
    seed: int  # the game's seed (shared by the rotations of one deal)
    seats: tuple[str, ...]  # entrant label per seat
    bot_seeds: tuple[int, ...]
    options: tuple[tuple[str, Any], ...] = ()
    bot_options: tuple[tuple[str, Any], ...] = ()
    max_turns: int | None = DEFAULT_MAX_TURNS
    max_decisions: int | None = DEFAULT_MAX_DECISIONS

    @property
    def bots(self) -> list[str]:
        return [bot_name(s) for s in self.seats]

    def describe(self) -> str:
        return (
            f"arena game {self.index} (table {self.table}, game {self.game}, "
            f"seed {self.seed}, seats {', '.join(self.seats)})"
        )


@dataclass
class GameResult:
    """How one arena game went, with its actions so it can be replayed."""

    spec: GameSpec
    status: str  # WIN, DRAW or CAPPED
    winners: list[int]  # seats that won (several in a team game; empty if drawn or capped)
    scores: list[float] | None  # per seat: 1 win, 0 loss, 1/players each in a draw; None capped
    first: int | None  # the seat that acted first
    turns: int | None  # the game's turn counter at the end, if it has one
    decisions: list[int]  # decisions made per seat
    seconds: list[float]  # seconds spent choosing per seat
    teams: list[int]  # team per seat (the seat itself when the game has no teams)
    actions: list[Action] = field(default_factory=list, repr=False)

    @property
    def index(self) -> int:
        return self.spec.index

    @property
    def seats(self) -> list[str]:
        return list(self.spec.seats)

    @property
    def capped(self) -> bool:
        return self.status == CAPPED

    @property
    def total_decisions(self) -> int:
        return sum(self.decisions)

    def summary(self) -> dict[str, Any]:
        """The result as JSON-ready data (without the actions)."""
        spec = self.spec
        return {
            "index": spec.index,
            "table": spec.table,
            "game": spec.game,
            "seed": spec.seed,
            "seats": list(spec.seats),
            "bots": spec.bots,
            "bot_seeds": list(spec.bot_seeds),
            "status": self.status,
            "winners": list(self.winners),
            "scores": None if self.scores is None else list(self.scores),
            "first": self.first,
            "turns": self.turns,
            "decisions": list(self.decisions),
            "seconds": [round(s, 6) for s in self.seconds],
            "teams": list(self.teams),
        }

    def record(self) -> GameRecord:
        """The game as a :class:`~rumizi.GameRecord`; its meta says who sat where and the result."""
        spec = self.spec
        options = {"players": spec.players, **dict(spec.options)}
        return GameRecord(
            spec.game_id,
            spec.seed,
            options=options,
            actions=[dict(a) for a in self.actions],
            meta={"arena": self.summary()},
        )


# ---------------------------------------------------------------------- making bots


def make_bot(name: str, seed: int, options: Mapping[str, Any] | None = None) -> Bot:
    """Bot ``name`` with those ``options`` its constructor takes (others are left out).

    So ``budget=`` reaches the search bots and is ignored by ``random`` and ``greedy``.
    """
    takes = set(bot_registry.options_of(name))  # along the class's ancestry (**options too)
    chosen = {k: v for k, v in (options or {}).items() if k in takes}
    return bot_registry.make(name, seed, **chosen)


# ---------------------------------------------------------------------- scheduling


@dataclass(frozen=True)
class ArenaPlan:
    """The whole schedule of an arena, and how it was asked for."""

    game_id: str
    entrants: tuple[str, ...]  # entrant labels, in the order given
    players: int
    games_per_table: int
    seed: int
    options: tuple[tuple[str, Any], ...]
    bot_options: tuple[tuple[str, Any], ...]
    max_turns: int | None
    max_decisions: int | None
    specs: tuple[GameSpec, ...]

    @property
    def tables(self) -> list[tuple[str, ...]]:
        """The entrants of each table, in table order."""
        return list(combinations(self.entrants, self.players))

    def config(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "players": self.players,
            "options": dict(self.options),
            "bot_options": dict(self.bot_options),
            "seed": self.seed,
            "entrants": list(self.entrants),
            "bots": [bot_name(e) for e in self.entrants],
            "tables": len(self.tables),
            "games_per_table": self.games_per_table,
            "games": len(self.specs),
            "max_turns": self.max_turns,
            "max_decisions": self.max_decisions,
        }


def _frozen(options: Mapping[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((options or {}).items()))


def seating_orders(players: int) -> list[tuple[int, ...]]:
    """The seatings of one deal: each rotation of the table, and (for three or more seats)
    each rotation of it reversed.

    >>> seating_orders(2)
    [(0, 1), (1, 0)]
    >>> sorted(seating_orders(3)) == sorted(__import__("itertools").permutations(range(3)))
    True
    """
    base = list(range(players))
    orders = [tuple(base[(s + r) % players] for s in range(players)) for r in range(players)]
    if players > 2:
        back = base[::-1]
        orders += [tuple(back[(s + r) % players] for s in range(players)) for r in range(players)]
    return orders


def plan_arena(
    game_id: str,
    bots: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    players: int = 2,
    options: Mapping[str, Any] | None = None,
    bot_options: Mapping[str, Any] | None = None,
    max_turns: int | None = DEFAULT_MAX_TURNS,
    max_decisions: int | None = DEFAULT_MAX_DECISIONS,
) -> ArenaPlan:
    """The schedule: ``games`` per table, rounded up to a whole number of seatings (``players``
    rotations, and with three or more seats their mirror images too).

    >>> plan = plan_arena("star-realms", ["greedy", "random"], games=3)
    >>> plan.games_per_table, [s.seats for s in plan.specs]  # doctest: +NORMALIZE_WHITESPACE
    (4, [('greedy', 'random'), ('random', 'greedy'),
         ('greedy', 'random'), ('random', 'greedy')])
    >>> plan.specs[0].seed == plan.specs[1].seed != plan.specs[2].seed  # one deal, both seats
    True
    """
    try:
        game = get_game(game_id)
    except KeyError as err:
        raise ArenaError(str(err.args[0])) from None
    if not game.min_players <= players <= game.max_players:
        allowed = f"{game.min_players}" + (
            f" to {game.max_players}" if game.max_players != game.min_players else ""
        )
        raise ArenaError(f"{game_id} is for {allowed} players, not {players}")
    try:  # the game itself is the judge of its options (formats, player counts per format)
        game.new(seed=seed, players=players, **dict(options or {}))
    except (ValueError, TypeError) as err:
        raise ArenaError(str(err)) from None
    known = set(bot_registry.names())
    unknown = [b for b in bots if b not in known]
    if unknown:
        raise ArenaError(
            f"unknown bot(s) {', '.join(map(repr, unknown))}; "
            f"known bots: {', '.join(sorted(known))}"
        )
    if len(bots) < players:
        raise ArenaError(
            f"a {players}-player arena needs at least {players} bots (list one twice for self-play)"
        )
    if games < 1:
        raise ArenaError("games per table must be at least 1")
    for name, cap in (("max_turns", max_turns), ("max_decisions", max_decisions)):
        if cap is not None and cap < 1:
            raise ArenaError(f"{name} must be at least 1 (or None for no cap)")
    seatings = seating_orders(players)
    per_table = -(-games // len(seatings)) * len(seatings)
    entrants = tuple(entrant_labels(bots))
    frozen_options = _frozen(options)
    frozen_bot_options = _frozen(bot_options)
    specs: list[GameSpec] = []
    for t, table in enumerate(combinations(entrants, players)):
        key = list(table)
        for g in range(per_table):
            deal, turn = divmod(g, len(seatings))
            seats = tuple(table[i] for i in seatings[turn])
            specs.append(
                GameSpec(
                    index=len(specs),
                    table=t,
                    game=g,
                    game_id=game_id,
                    players=players,
                    seed=derive_seed(seed, "deal", key, deal),
                    seats=seats,
                    bot_seeds=tuple(derive_seed(seed, "bot", key, g, s) for s in range(players)),
                    options=frozen_options,
                    bot_options=frozen_bot_options,
                    max_turns=max_turns,
                    max_decisions=max_decisions,
                )
            )
    return ArenaPlan(
        game_id=game_id,
        entrants=entrants,
        players=players,
        games_per_table=per_table,
        seed=seed,
        options=frozen_options,
        bot_options=frozen_bot_options,
        max_turns=max_turns,
        max_decisions=max_decisions,
        specs=tuple(specs),
    )


# ---------------------------------------------------------------------- playing


def _turn(state: GameState) -> int | None:
    turn = getattr(state, "turn", None)
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else None


def _teams(state: GameState) -> list[int]:
    """Team per seat: ``state.teams`` if the game has it, else each player's ``team``."""
    n = state.num_players
    teams = getattr(state, "teams", None)
    if (
        isinstance(teams, list | tuple)
        and len(teams) == n
        and all(isinstance(t, int) for t in teams)
    ):
        return list(teams)
    seats = getattr(state, "players", None)
    if isinstance(seats, list) and len(seats) == n:
        found = [getattr(p, "team", None) for p in seats]
        if all(isinstance(t, int) for t in found):
            return [t for t in found if isinstance(t, int)]
    return list(range(n))


def next_actor(state: GameState, last: int | None) -> int | None:
    """The seat to ask now: the one actor, or where several may act, the first after ``last``
    in seat order (each actor in turn, so a simultaneous phase is fair to every seat).

    >>> import rumizi
    >>> s = rumizi.game("fantasy-realms").new(seed=1, players=3, variant="chaos")
    >>> next_actor(s, None), next_actor(s, 0), next_actor(s, 2)
    (0, 1, 0)
    """
    actors = state.actors
    if len(actors) <= 1 or last is None:
        return actors[0] if actors else None
    return next((p for p in actors if p > last), actors[0])


def play_game(spec: GameSpec) -> tuple[GameResult, GameState]:
    """Play one arena game; the result and the final (or capped) state."""
    state = get_game(spec.game_id).new(seed=spec.seed, players=spec.players, **dict(spec.options))
    n = state.num_players
    bot_options = dict(spec.bot_options)
    seated = [make_bot(b, s, bot_options) for b, s in zip(spec.bots, spec.bot_seeds, strict=True)]
    first = state.to_act
    decisions = [0] * n
    seconds = [0.0] * n
    actions: list[Action] = []
    clock = time.perf_counter
    max_turns, max_decisions = spec.max_turns, spec.max_decisions
    capped = False
    last: int | None = None  # the seat asked last: several actors are asked in turn
    while not state.over:
        if max_decisions is not None and len(actions) >= max_decisions:
            capped = True
            break
        if max_turns is not None:
            turn = _turn(state)
            if turn is not None and turn > max_turns:
                capped = True
                break
        seat = next_actor(state, last)
        if seat is None:  # pragma: no cover - a game that is neither over nor waiting on anyone
            raise ArenaError(f"{spec.describe()}: nobody is to act but the game is not over")
        last = seat
        legal = state.legal_actions_for(seat)
        view = state.view(seat)
        start = clock()
        action = seated[seat].choose(view, legal)
        seconds[seat] += clock() - start
        decisions[seat] += 1
        try:
            state.apply(action)
        except IllegalAction as err:
            raise ArenaError(
                f"{spec.describe()}: bot {spec.seats[seat]!r} in seat {seat} "
                f"chose an illegal action {action!r}: {err}"
            ) from err
        actions.append(dict(action))
    winners: list[int] = []
    scores: list[float] | None = None
    if capped:
        status = CAPPED
    else:
        winners = [p for p in range(n) if state.is_winner(p)]
        if winners and len(winners) < n:
            status = WIN
            scores = [1.0 if p in winners else 0.0 for p in range(n)]
        else:  # nobody won, or everybody did
            status, winners = DRAW, []
            scores = [1.0 / n] * n
    result = GameResult(
        spec=spec,
        status=status,
        winners=winners,
        scores=scores,
        first=first,
        turns=_turn(state),
        decisions=decisions,
        seconds=seconds,
        teams=_teams(state),
        actions=actions,
    )
    return result, state


def _play_result(spec: GameSpec) -> GameResult:
    return play_game(spec)[0]


# ---------------------------------------------------------------------- running


@dataclass
class ArenaResult:
    """Every game of an arena run, in schedule order, and how the run was set up."""

    plan: ArenaPlan
    games: list[GameResult]
    jobs: int
    elapsed: float  # wall-clock seconds

    def config(self) -> dict[str, Any]:
        return {**self.plan.config(), "jobs": self.jobs, "elapsed_s": round(self.elapsed, 3)}


def write_records(out: IO[str], results: Iterable[GameResult]) -> None:
    """Write games as JSON lines, one :meth:`GameResult.record` per line."""
    for result in results:
        out.write(json.dumps(result.record().to_json(), ensure_ascii=False) + "\n")


def run_plan(
    plan: ArenaPlan,
    *,
    jobs: int | None = None,
    cluster: str | None = None,
    executor: Executor | None = None,
    records: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
) -> ArenaResult:
    """Play every game of ``plan``; write the records (in schedule order) as they come in.

    The games run in ``jobs`` processes here (default: one per core), or with ``cluster`` on
    that Ray cluster (see :mod:`rumizi.arena.cluster`; ``jobs`` then caps the games at once),
    or on ``executor`` when the caller made one (and closes it). Each game is determined by
    its spec alone, so where it ran changes nothing but the seconds its bots took (and, for a
    bot on a time budget, how far it searched in them: see the module's note).
    """
    specs = plan.specs
    with contextlib.ExitStack() as stack:
        if executor is None:
            executor = stack.enter_context(open_executor(jobs=jobs, cluster=cluster))
        workers = max(1, min(executor.workers, len(specs)))
        results: list[GameResult | None] = [None] * len(specs)
        written = done = 0
        start = time.perf_counter()
        out = (
            None
            if records is None
            else stack.enter_context(Path(records).open("w", encoding="utf-8"))
        )
        for result in executor.imap_unordered(_play_result, specs):
            if results[result.index] is not None:  # a game delivered twice still counts once
                continue
            results[result.index] = result
            done += 1
            if out is not None:  # write whatever prefix of the schedule is now complete
                ready = []
                while written < len(results) and (r := results[written]) is not None:
                    ready.append(r)
                    written += 1
                write_records(out, ready)
                out.flush()
            if progress is not None:
                progress(result, done, len(specs))
    missing = [spec.index for spec, r in zip(specs, results, strict=True) if r is None]
    if missing:  # pragma: no cover - an executor that dropped games
        raise ArenaError(f"{len(missing)} games never came back, the first {missing[0]}")
    games = [r for r in results if r is not None]
    return ArenaResult(plan, games, workers, time.perf_counter() - start)


def run_arena(
    game_id: str,
    bots: Sequence[str],
    games: int = 100,
    *,
    seed: int = 0,
    jobs: int | None = None,
    cluster: str | None = None,
    players: int = 2,
    options: Mapping[str, Any] | None = None,
    bot_options: Mapping[str, Any] | None = None,
    budget: float | None = None,
    max_turns: int | None = DEFAULT_MAX_TURNS,
    max_decisions: int | None = DEFAULT_MAX_DECISIONS,
    records: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
) -> ArenaResult:
    """Run a round robin of ``bots`` at ``game_id``: ``games`` per table, split over seatings.

    ``options`` go to the game (e.g. ``{"format": "duel"}``), ``bot_options`` to every bot
    whose constructor takes them; ``budget`` (seconds per decision) is the bot option
    ``budget``. ``jobs`` processes play the games (default: one per core), or ``cluster``
    (``"auto"``, ``"ray://HOST:PORT"``) plays them on a Ray cluster with the same results (the
    ``cluster`` extra; the same games for bots on a fixed number of iterations, not for bots on
    a time budget, whose search depends on the machine's speed); ``records`` names a
    JSON-lines file to write every game to; ``progress(result, done, total)`` is called after
    each game. The result's
    :meth:`~rumizi.arena.stats.summarize` gives the statistics.
    """
    extra = dict(bot_options or {})
    if budget is not None:
        extra["budget"] = budget
    plan = plan_arena(
        game_id,
        bots,
        games,
        seed=seed,
        players=players,
        options=options,
        bot_options=extra,
        max_turns=max_turns,
        max_decisions=max_decisions,
    )
    return run_plan(plan, jobs=jobs, cluster=cluster, records=records, progress=progress)


def read_records(path: str | os.PathLike[str]) -> Iterator[GameRecord]:
    """The games of an arena records file (JSON lines), in order."""
    with Path(path).open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                yield GameRecord.from_json(json.loads(line))
            except ValueError as err:  # JSONDecodeError is a ValueError
                raise ValueError(f"{path}, line {number}: {err}") from err
