"""Results, points, standings and tie-breaks of Rumizi tournaments (Swiss and arena).

A tournament is a list of :class:`Game` records (who sat where, and the engine's returns
per seat once the game is over) and, in a Swiss, of :class:`Bye` records. Everything here
is recomputed from those lists on every call: nothing is stored, so a corrected result or
a late game changes the standings the next time they are asked for.

Places. In a finished game the seat with the highest return is first; seats with equal
returns share the average of the places they cover (two seats tied for first in a game of
four are both 1.5th).

Swiss points. A seat scores ``(n - place) / (n - 1)`` at a table of ``n``: 1 for a sole
winner, 0 for the last, shared places share their points. At two seats this is the chess
score: win 1, draw ½, loss 0. A bye is worth 1.

Swiss tie-breaks, in this order after the points:

* **Buchholz**: the sum, over the player's finished games, of the average final score of
  their opponents at that table (a bye adds nothing);
* **Sonneborn–Berger**: the sum, over the same games, of the player's points in the game
  times that same average.

At two seats these are exactly the chess definitions. Players equal on points, Buchholz and
Sonneborn–Berger share a rank. The sums are kept as exact fractions, so that players who
are equal are not parted by rounding.

Arena points (as lichess's arena): a sole first place scores 2, a shared first place 1, the
last place (alone or shared) 0 and any other place 1; at two seats: win 2, draw 1, loss 0.
After two wins in a row (sole first places), a player is *on fire*: each further game
scores double (a win 4, a draw 2) until a game that is not a win, which is itself still
doubled and ends the streak. Games count in the order of their sequence number
(``Game.round``); games still being played count nothing.

Arena ranks: points, then the *performance* — the average place over finished games, lower
is better (stored as the average place itself, and sorted ascending) — then fewer games
played. A player with no finished game has performance 0 in ``tiebreaks`` but ranks after
every player with games on the same points.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeAlias

PlayerId: TypeAlias = int
"""An account id."""

BYE_POINTS = Fraction(1)
ARENA_WIN = 2
ARENA_SHARED_WIN = 1
ARENA_MIDDLE = 1
ARENA_LAST = 0
STREAK_FOR_FIRE = 2


@dataclass(frozen=True)
class Game:
    """One tournament game: who sat where and how it ended."""

    round: int
    """Swiss: the round (1-based). Arena: the game's sequence number (order of start)."""
    seats: tuple[PlayerId, ...]
    """The players by seat, seat 0 first."""
    returns: tuple[float, ...] | None
    """The engine's returns per seat once over (higher is better); None while played."""

    def __post_init__(self) -> None:
        if len(set(self.seats)) != len(self.seats):
            raise ValueError(f"a player sits twice at one table: {self.seats}")
        if self.returns is not None and len(self.returns) != len(self.seats):
            raise ValueError(f"{len(self.returns)} returns for {len(self.seats)} seats")

    @property
    def finished(self) -> bool:
        """Whether the game is over (it has returns)."""
        return self.returns is not None

    def opponents(self, player: PlayerId) -> tuple[PlayerId, ...]:
        """The other players at the table, by seat."""
        return tuple(other for other in self.seats if other != player)


@dataclass(frozen=True)
class Bye:
    """A Swiss round a player sat out, scored as a win."""

    round: int
    player: PlayerId


@dataclass(frozen=True)
class Result:
    """One line of a player's sheet: a game (or a bye) and what it gave them."""

    round: int
    opponents: tuple[PlayerId, ...]
    """The other players by seat; () for a bye."""
    points: float | None
    """Tournament points scored; None while the game is played."""
    place: float | None
    """The place at the table (1 = best, ties share the average); None for a bye or unfinished."""
    bye: bool = False
    fire: bool = False
    """Arena: scored while on a streak (doubled)."""


@dataclass(frozen=True)
class Standing:
    """A player's line in the standings."""

    rank: int
    """1-based; players equal on the points and every tie-break share a rank."""
    player: PlayerId
    points: float
    tiebreaks: dict[str, float]
    """Swiss: ``buchholz``, ``sonneborn_berger``. Arena: ``performance`` (average place)."""
    results: tuple[Result, ...]
    """The player's sheet, in order."""


def places(returns: Sequence[float]) -> tuple[float, ...]:
    """Each seat's place (1 = best); tied seats share the average of their places.

    >>> places([3.0, 1.0, 2.0])
    (1.0, 3.0, 2.0)
    >>> places([1.0, 1.0, 0.0, 0.0])
    (1.5, 1.5, 3.5, 3.5)
    """
    return tuple(float(place) for place in _exact_places(returns))


def game_points(returns: Sequence[float]) -> tuple[float, ...]:
    """Swiss points per seat: ``(n - place) / (n - 1)``, 1 to a sole winner, 0 to the last.

    Tied seats share; at two seats a win is 1, a draw 0.5, a loss 0. A bye is worth 1.

    >>> game_points([1.0, -1.0])
    (1.0, 0.0)
    >>> game_points([0.0, 0.0])
    (0.5, 0.5)
    >>> game_points([5.0, 9.0, 9.0, 2.0])
    (0.3333333333333333, 0.8333333333333334, 0.8333333333333334, 0.0)
    """
    return tuple(float(points) for points in _exact_game_points(returns))


def arena_game_points(returns: Sequence[float]) -> tuple[int, ...]:
    """Arena points per seat before any streak: sole first 2, shared first 1, last 0, else 1.

    >>> arena_game_points([1.0, 0.0])
    (2, 0)
    >>> arena_game_points([0.5, 0.5])
    (1, 1)
    >>> arena_game_points([4.0, 7.0, 1.0, 1.0])
    (1, 2, 0, 0)
    """
    if len(returns) < 2:
        raise ValueError("a game has at least two seats")
    best, worst = max(returns), min(returns)
    sole_winner = list(returns).count(best) == 1
    points = []
    for value in returns:
        if value == best:
            points.append(ARENA_WIN if sole_winner else ARENA_SHARED_WIN)
        elif value == worst:
            points.append(ARENA_LAST)
        else:
            points.append(ARENA_MIDDLE)
    return tuple(points)


def swiss_scores(games: Iterable[Game], byes: Iterable[Bye]) -> dict[PlayerId, Fraction]:
    """Every player's exact Swiss points from the finished games and the byes.

    >>> swiss_scores([Game(1, (7, 8), (0.0, 1.0))], [Bye(1, 9)])
    {7: Fraction(0, 1), 8: Fraction(1, 1), 9: Fraction(1, 1)}
    """
    scores: dict[PlayerId, Fraction] = defaultdict(Fraction)
    for game in games:
        for player in game.seats:
            scores.setdefault(player, Fraction())  # listed even before a game ends
        if game.returns is not None:
            for player, points in zip(game.seats, _exact_game_points(game.returns), strict=True):
                scores[player] += points
    for bye in byes:
        scores[bye.player] += BYE_POINTS
    return dict(scores)


def swiss_standings(
    players: Sequence[PlayerId], games: Sequence[Game], byes: Sequence[Bye]
) -> list[Standing]:
    """The Swiss standings of ``players``: points, Buchholz, Sonneborn–Berger, then entry order.

    Opponents left out of ``players`` (withdrawn ones) still count for the tie-breaks.
    """
    scores = swiss_scores(games, byes)
    buchholz: dict[PlayerId, Fraction] = defaultdict(Fraction)
    sonneborn_berger: dict[PlayerId, Fraction] = defaultdict(Fraction)
    sheets: dict[PlayerId, list[Result]] = defaultdict(list)
    for game in games:
        exact = None if game.returns is None else _exact_game_points(game.returns)
        seat_places = None if game.returns is None else places(game.returns)
        for seat, player in enumerate(game.seats):
            opponents = game.opponents(player)
            if exact is None or seat_places is None:
                sheets[player].append(Result(game.round, opponents, None, None))
                continue
            opposition = sum((scores[other] for other in opponents), Fraction()) / len(opponents)
            buchholz[player] += opposition
            sonneborn_berger[player] += exact[seat] * opposition
            sheets[player].append(
                Result(game.round, opponents, float(exact[seat]), seat_places[seat])
            )
    for bye in byes:
        sheets[bye.player].append(Result(bye.round, (), float(BYE_POINTS), None, bye=True))

    keys = {
        player: (scores.get(player, Fraction()), buchholz[player], sonneborn_berger[player])
        for player in players
    }
    return [
        Standing(
            rank=rank,
            player=player,
            points=float(keys[player][0]),
            tiebreaks={
                "buchholz": float(keys[player][1]),
                "sonneborn_berger": float(keys[player][2]),
            },
            results=tuple(sorted(sheets[player], key=lambda result: result.round)),
        )
        for rank, player in _ranked(players, {p: tuple(-k for k in keys[p]) for p in players})
    ]


def arena_sheets(games: Iterable[Game]) -> dict[PlayerId, list[Result]]:
    """Every player's arena sheet: games in sequence order, points doubled while on fire.

    >>> wins = [Game(n, (1, 2), (1.0, 0.0)) for n in range(1, 4)]
    >>> [(r.points, r.fire) for r in arena_sheets(wins)[1]]
    [(2.0, False), (2.0, False), (4.0, True)]
    """
    streak: dict[PlayerId, int] = defaultdict(int)
    sheets: dict[PlayerId, list[Result]] = defaultdict(list)
    order = sorted(enumerate(games), key=lambda item: (item[1].round, item[0]))
    for _, game in order:
        if game.returns is None:
            for player in game.seats:
                sheets[player].append(Result(game.round, game.opponents(player), None, None))
            continue
        base = arena_game_points(game.returns)
        seat_places = places(game.returns)
        for seat, player in enumerate(game.seats):
            on_fire = streak[player] >= STREAK_FOR_FIRE
            won = base[seat] == ARENA_WIN  # only a sole first place scores a win's points
            streak[player] = streak[player] + 1 if won else 0
            sheets[player].append(
                Result(
                    game.round,
                    game.opponents(player),
                    float(base[seat] * (2 if on_fire else 1)),
                    seat_places[seat],
                    fire=on_fire,
                )
            )
    return dict(sheets)


def arena_scores(games: Iterable[Game]) -> dict[PlayerId, float]:
    """Every player's arena points so far (what :func:`pair_arena` sorts by).

    >>> arena_scores([Game(1, (1, 2), (1.0, 0.0)), Game(2, (2, 3), None)])
    {1: 2.0, 2: 0.0, 3: 0.0}
    """
    return {
        player: sum(result.points or 0.0 for result in sheet)
        for player, sheet in arena_sheets(games).items()
    }


def arena_standings(players: Sequence[PlayerId], games: Sequence[Game]) -> list[Standing]:
    """The arena standings of ``players``: points, performance (average place), fewer games."""
    sheets = arena_sheets(games)
    keys: dict[PlayerId, tuple[float, float, int]] = {}
    performance: dict[PlayerId, float] = {}
    points: dict[PlayerId, float] = {}
    for player in players:
        finished = [result for result in sheets.get(player, []) if result.place is not None]
        points[player] = sum(result.points or 0.0 for result in finished)
        placed = [result.place for result in finished if result.place is not None]
        performance[player] = sum(placed) / len(placed) if placed else 0.0
        # No finished game: after everyone with games on the same points.
        keys[player] = (
            -points[player],
            performance[player] if placed else float("inf"),
            len(placed),
        )
    return [
        Standing(
            rank=rank,
            player=player,
            points=points[player],
            tiebreaks={"performance": performance[player]},
            results=tuple(sheets.get(player, [])),
        )
        for rank, player in _ranked(players, keys)
    ]


def _ranked(
    players: Sequence[PlayerId], keys: Mapping[PlayerId, tuple[object, ...]]
) -> list[tuple[int, PlayerId]]:
    """Players sorted by key (ascending, then entry order), with shared ranks for equal keys."""
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    order = sorted(range(len(players)), key=lambda i: (keys[players[i]], i))
    ranked: list[tuple[int, PlayerId]] = []
    for position, index in enumerate(order):
        player = players[index]
        if position and keys[player] == keys[ranked[-1][1]]:
            ranked.append((ranked[-1][0], player))
        else:
            ranked.append((position + 1, player))
    return ranked


def _exact_places(returns: Sequence[float]) -> tuple[Fraction, ...]:
    """Each seat's place as an exact fraction (halves at most)."""
    return tuple(
        sum(1 for other in returns if other > value)
        + Fraction(sum(1 for other in returns if other == value) + 1, 2)
        for value in returns
    )


def _exact_game_points(returns: Sequence[float]) -> tuple[Fraction, ...]:
    """Each seat's Swiss points as an exact fraction."""
    seats = len(returns)
    if seats < 2:
        raise ValueError("a game has at least two seats")
    return tuple((seats - place) / (seats - 1) for place in _exact_places(returns))
