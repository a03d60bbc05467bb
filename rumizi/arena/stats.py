"""Statistics of an arena: Wilson intervals, a Bradley–Terry (Elo) fit, and the summary tables.

How games count:

* a finished game gives each seat a *score*: 1 for a winner, 0 for a loser, and ``1/players``
  each when nobody (or everybody) won — a draw is half a win in a two-player game;
* a *capped* game (stopped at the turn or decision cap) is neither a win nor a loss: it is
  counted in the ``capped`` columns and left out of win rates, ratings and mean lengths;
* between two entrants of one game, the one with the higher score wins the comparison; in a
  drawn game every pair draws; in a game of three or more, two losers (or two team-mates)
  tell nothing about each other and are not compared.

Ratings are Elo-scaled Bradley–Terry strengths fit by maximum likelihood (the MM iteration
of Hunter, 2004) over every pairwise comparison, with a weak prior of ``prior`` virtual
drawn games between every two entrants so that an unbeaten bot still gets a finite rating.
By default they are anchored so that the entrants' mean rating is 1500; ``anchor=NAME``
pins that entrant at 0 instead.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from statistics import fmean
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rumizi.arena.runner import ArenaResult, GameResult

Z95 = 1.959963984540054  # the 97.5% point of the standard normal
ELO_SCALE = 400.0 / math.log(10.0)  # Elo points per unit of natural-log strength
MEAN_RATING = 1500.0


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); ``(0, 1)`` when ``n == 0``.

    ``successes`` may be fractional (draws count half).

    >>> low, high = wilson(5, 10)
    >>> round(low, 4), round(high, 4)
    (0.2366, 0.7634)
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2.0 * n)) / denom
    half = z / denom * math.sqrt(max(0.0, p * (1.0 - p) / n + z2 / (4.0 * n * n)))
    return max(0.0, centre - half), min(1.0, centre + half)


def bradley_terry(
    wins: Sequence[Sequence[float]],
    prior: float = 0.5,
    max_iter: int = 100_000,
    tol: float = 1e-12,
) -> list[float]:
    """Maximum-likelihood Bradley–Terry strengths from ``wins[i][j]`` (i beat j; draws 0.5).

    Each pair gets ``prior`` extra virtual wins both ways. The strengths are scaled to a
    geometric mean of 1, so ``log`` of them sums to 0.

    >>> s = bradley_terry([[0, 3], [1, 0]], prior=0)
    >>> round(s[0] / s[1], 6)  # P(0 beats 1) = s0 / (s0 + s1) = 3/4
    3.0
    """
    k = len(wins)
    if k == 0:
        return []
    w = [[float(wins[i][j]) + (prior if i != j else 0.0) for j in range(k)] for i in range(k)]
    total = [sum(w[i][j] for j in range(k) if j != i) for i in range(k)]
    games = [[w[i][j] + w[j][i] for j in range(k)] for i in range(k)]
    strength = [1.0] * k
    for _ in range(max_iter):
        new = []
        for i in range(k):
            denom = sum(
                games[i][j] / (strength[i] + strength[j])
                for j in range(k)
                if j != i and games[i][j] > 0
            )
            if total[i] <= 0 or denom <= 0:
                new.append(1e-300 if total[i] <= 0 and denom > 0 else strength[i])
            else:
                new.append(total[i] / denom)
        logs = [math.log(max(s, 1e-300)) for s in new]
        shift = fmean(logs)
        new = [math.exp(x - shift) for x in logs]
        change = max(
            abs(math.log(max(a, 1e-300)) - math.log(max(b, 1e-300)))
            for a, b in zip(new, strength, strict=True)
        )
        strength = new
        if change < tol:
            break
    return strength


def elo_ratings(
    labels: Sequence[str],
    wins: Sequence[Sequence[float]],
    anchor: str | None = None,
    prior: float = 0.5,
) -> dict[str, float]:
    """Elo ratings from a Bradley–Terry fit: mean 1500, or ``anchor`` pinned at 0.

    A 400-point gap means 10 : 1 odds.

    >>> r = elo_ratings(["a", "b"], [[0, 10], [1, 0]], anchor="b", prior=0)
    >>> round(r["a"]), r["b"]
    (400, 0.0)
    """
    if anchor is not None and anchor not in labels:
        raise ValueError(f"anchor {anchor!r} is not an entrant ({', '.join(labels)})")
    logs = [math.log(max(s, 1e-300)) * ELO_SCALE for s in bradley_terry(wins, prior)]
    base = logs[list(labels).index(anchor)] if anchor is not None else fmean(logs) - MEAN_RATING
    return {label: x - base for label, x in zip(labels, logs, strict=True)}


def anchor_text(anchor: str | None) -> str:
    return f"{anchor} = 0" if anchor is not None else f"mean = {MEAN_RATING:g}"


# ---------------------------------------------------------------------- summary


@dataclass
class Rate:
    """A proportion with its 95% Wilson interval."""

    score: float = 0.0
    n: int = 0

    @property
    def value(self) -> float | None:
        return self.score / self.n if self.n else None

    @property
    def interval(self) -> tuple[float, float] | None:
        return wilson(self.score, self.n) if self.n else None

    def add(self, score: float) -> None:
        self.score += score
        self.n += 1

    def to_json(self) -> dict[str, Any]:
        ci = self.interval
        return {
            "score": round(self.score, 6),
            "n": self.n,
            "rate": None if self.value is None else round(self.value, 6),
            "ci_low": None if ci is None else round(ci[0], 6),
            "ci_high": None if ci is None else round(ci[1], 6),
        }


@dataclass
class Lengths:
    """Game lengths of finished games: turns and decisions."""

    turns: list[int] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)

    def add(self, game: GameResult) -> None:
        if game.turns is not None:
            self.turns.append(game.turns)
        self.decisions.append(game.total_decisions)

    @property
    def mean_turns(self) -> float | None:
        return fmean(self.turns) if self.turns else None

    @property
    def mean_decisions(self) -> float | None:
        return fmean(self.decisions) if self.decisions else None

    def to_json(self) -> dict[str, Any]:
        return {
            "mean_turns": _round(self.mean_turns, 3),
            "mean_decisions": _round(self.mean_decisions, 3),
            "max_turns": max(self.turns) if self.turns else None,
            "max_decisions": max(self.decisions) if self.decisions else None,
        }


def _round(x: float | None, digits: int) -> float | None:
    return None if x is None else round(x, digits)


@dataclass
class BotStats:
    """One entrant over the whole arena."""

    label: str
    bot: str
    games: int = 0
    capped: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    rate: Rate = field(default_factory=Rate)
    rating: float = 0.0
    decisions: int = 0
    seconds: float = 0.0

    @property
    def seconds_per_decision(self) -> float | None:
        return self.seconds / self.decisions if self.decisions else None

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "bot": self.bot,
            "games": self.games,
            "finished": self.rate.n,
            "capped": self.capped,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": self.rate.to_json(),
            "elo": round(self.rating, 1),
            "decisions": self.decisions,
            "seconds": round(self.seconds, 6),
            "seconds_per_decision": _round(self.seconds_per_decision, 9),
        }


@dataclass
class PairStats:
    """Two entrants, over every game they played together."""

    a: str
    b: str
    games: int = 0
    capped: int = 0
    a_wins: int = 0
    b_wins: int = 0
    draws: int = 0
    lengths: Lengths = field(default_factory=Lengths)

    @property
    def rate(self) -> Rate:
        """``a``'s score against ``b`` (draws half) over the games that compared them."""
        return Rate(self.a_wins + 0.5 * self.draws, self.a_wins + self.b_wins + self.draws)

    def to_json(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            "games": self.games,
            "capped": self.capped,
            "a_wins": self.a_wins,
            "b_wins": self.b_wins,
            "draws": self.draws,
            "a_win_rate": self.rate.to_json(),
            **self.lengths.to_json(),
        }


@dataclass
class Summary:
    """Everything the arena report shows."""

    config: dict[str, Any]
    anchor: str | None
    bots: list[BotStats]
    pairs: list[PairStats]
    seats: list[Rate]  # score of each seat over finished games
    first: Rate  # score of the seat that acted first
    teams: dict[int, Rate] | None  # per team, when the game seats teams
    lengths: Lengths
    games: int
    capped: int

    @property
    def anchor_text(self) -> str:
        return anchor_text(self.anchor)

    def to_json(self) -> dict[str, Any]:
        return {
            "config": self.config,
            "counting": (
                "win rates count a draw as half a win; capped games (turn or decision cap "
                "reached) count neither way and are left out of win rates, Elo and lengths"
            ),
            "elo": {
                "method": "Bradley–Terry maximum likelihood (MM), Elo scale (400 = 10:1 odds)",
                "anchor": self.anchor_text,
                "prior": "0.5 virtual draws per pair of entrants",
            },
            "games": self.games,
            "capped": self.capped,
            "length": self.lengths.to_json(),
            "bots": [b.to_json() for b in self.bots],
            "pairs": [p.to_json() for p in self.pairs],
            "seats": [s.to_json() for s in self.seats],
            "first_mover": self.first.to_json(),
            "teams": None
            if self.teams is None
            else {str(t): r.to_json() for t, r in sorted(self.teams.items())},
        }


def summarize(arena: ArenaResult, anchor: str | None = None) -> Summary:
    """The statistics of an arena run (see the module's notes on how games count)."""
    plan = arena.plan
    labels = list(plan.entrants)
    index = {label: i for i, label in enumerate(labels)}
    bots = {label: BotStats(label, label.split("#", 1)[0]) for label in labels}
    pairs = {(a, b): PairStats(a, b) for a, b in combinations(labels, 2)}
    wins = [[0.0] * len(labels) for _ in labels]
    seats = [Rate() for _ in range(plan.players)]
    first = Rate()
    teams: dict[int, Rate] | None = None
    lengths = Lengths()
    capped = 0
    for game in arena.games:
        seated = game.seats
        for s, label in enumerate(seated):
            stats = bots[label]
            stats.games += 1
            stats.decisions += game.decisions[s]
            stats.seconds += game.seconds[s]
        for s, t in combinations(range(len(seated)), 2):
            pair, swap = _pair(pairs, seated[s], seated[t], index)
            pair.games += 1
            if game.scores is None:
                pair.capped += 1
                continue
            pair.lengths.add(game)
            first_score, second_score = game.scores[s], game.scores[t]
            if swap:
                first_score, second_score = second_score, first_score
            i, j = index[pair.a], index[pair.b]
            if game.winners == []:  # a draw: every pair draws
                pair.draws += 1
                wins[i][j] += 0.5
                wins[j][i] += 0.5
            elif first_score > second_score:
                pair.a_wins += 1
                wins[i][j] += 1.0
            elif second_score > first_score:
                pair.b_wins += 1
                wins[j][i] += 1.0
        if game.scores is None:
            capped += 1
            for label in seated:
                bots[label].capped += 1
            continue
        lengths.add(game)
        for s, label in enumerate(seated):
            score = game.scores[s]
            stats = bots[label]
            stats.rate.add(score)
            if game.winners == []:
                stats.draws += 1
            elif s in game.winners:
                stats.wins += 1
            else:
                stats.losses += 1
            seats[s].add(score)
        if game.first is not None:
            first.add(game.scores[game.first])
        if len(set(game.teams)) < len(game.teams):
            teams = teams if teams is not None else {}
            won = {game.teams[s] for s in game.winners}
            for team in sorted(set(game.teams)):
                share = 1.0 / len(set(game.teams)) if not won else float(team in won)
                teams.setdefault(team, Rate()).add(share)
    ratings = elo_ratings(labels, wins, anchor)
    for label, rating in ratings.items():
        bots[label].rating = rating
    return Summary(
        config=arena.config(),
        anchor=anchor,
        bots=[bots[label] for label in labels],
        pairs=[pair for pair in pairs.values() if pair.games],
        seats=seats,
        first=first,
        teams=teams,
        lengths=lengths,
        games=len(arena.games),
        capped=capped,
    )


def _pair(
    pairs: dict[tuple[str, str], PairStats], x: str, y: str, index: dict[str, int]
) -> tuple[PairStats, bool]:
    """The stats of ``x`` and ``y`` (in entrant order), and whether ``x`` is its ``b``."""
    if index[x] < index[y]:
        return pairs[(x, y)], False
    return pairs[(y, x)], True
