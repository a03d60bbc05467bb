"""Pairing a Swiss round, for two-player games and for tables of three to six.

Everything is derived again on each call from the earlier games and byes of the tournament:
scores, who met whom, colours (seats), floats and byes. Nothing random is used: the same
history always gives the same round.

Two seats (``table_sizes == (2,)``): the FIDE Dutch system, through the
``caissify-pairings`` engine (A.7-conformant). Seat 0 plays white. The starting numbers go by
rating (higher first), then entry order. The engine is told, for every active player, their
score, their colours in the games played (byes leave no colour), their floats (up or down
when they met an opponent with a different score before the round, down after a bye, as the
FIDE rules and the engine's own checker count them), their byes and every pairing so far.
With an odd count one player gets a bye, worth 1 point: the engine gives it to a player
who has not had one, in the lowest score group it can, normally the lowest-ranked (the
FIDE rules on floats can move it up: a player who floated down last round, a bye included,
should not float down again). Should the engine fail, or answer with a rematch,
a player twice or left out, or more than one bye, the round is paired by score instead:
a minimum-cost matching that makes as few rematches (and second byes) as possible, then
pairs the closest scores, then the closest ranks; the bye goes to a player without one, on
the lowest score, lowest-ranked. White (seat 0) then goes to whoever has had it less often
than black, then to whoever had black last, then to the higher ranked.

Tables of more seats: the players are ranked by points, then rating, then entry order, and
the ranking is cut into tables, top tables first. The table sizes seat as many players as
the allowed sizes can; among the ways to do that, the sizes closest to the organiser's
(the smallest sum of squared differences), then the most tables of exactly that size. So 7
players at sizes 3–6, preferred 4, sit 4 + 3; 9 sit 4 + 5 (not 3 + 3 + 3); 10 sit 4 + 3 + 3;
5 players at size 4 only sit 4 and one has a bye. Only players who cannot be seated get a
bye, the lowest-ranked who have had the fewest byes first. Then a deterministic local
search swaps players between tables while that lowers, first, the number of earlier
meetings between players at the same table (a pair that met twice counts twice), and then
the spread of scores within the tables (the sum over tables of the highest score minus the
lowest). At each table the player who has sat first least often sits first, ties by rank.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Any, cast

from caissify_pairings import generate_pairings
from networkx import Graph, max_weight_matching

from rumizi.tournaments.results import Bye, Game, PlayerId, swiss_scores

DEFAULT_RATING = 1500.0
_BYE_NODE = "bye"  # the bye's node in the fallback's graph (player ids are ints)

EngineRow = dict[str, Any]


@dataclass(frozen=True)
class SwissRound:
    """A paired Swiss round: the tables (players by seat) and the players with a bye."""

    tables: tuple[tuple[PlayerId, ...], ...]
    byes: tuple[PlayerId, ...]


def table_plan(players: int, table_sizes: Sequence[int], preferred: int) -> tuple[int, ...]:
    """The table sizes for ``players``: as many seated as possible, sizes near ``preferred``.

    Among the ways to seat the most players: the smallest sum of squared differences from
    ``preferred``, then the most tables of that size. Sizes closest to ``preferred`` first,
    larger first on a tie.

    >>> table_plan(7, (3, 4, 5, 6), 4)
    (4, 3)
    >>> table_plan(9, (3, 4, 5, 6), 4)
    (4, 5)
    >>> table_plan(5, (4,), 4)
    (4,)
    >>> table_plan(2, (3, 4), 3)
    ()
    """
    _check_sizes(table_sizes, preferred)
    # best[m]: the cheapest sizes that seat exactly m players, as (cost, sizes).
    best: list[tuple[tuple[int, int], tuple[int, ...]] | None] = [((0, 0), ())]
    for seated in range(1, players + 1):
        options = []
        for size in sorted(set(table_sizes)):
            before = best[seated - size] if size <= seated else None
            if before is not None:
                (squares, preferred_count), sizes = before
                cost = (squares + (size - preferred) ** 2, preferred_count - (size == preferred))
                options.append((cost, tuple(sorted((*sizes, size)))))
        best.append(min(options) if options else None)
    for seated in range(players, -1, -1):
        plan = best[seated]
        if plan is not None:
            return tuple(sorted(plan[1], key=lambda size: (abs(size - preferred), -size)))
    return ()  # unreachable: best[0] always exists


def pair_swiss_round(
    players: Sequence[PlayerId],
    ratings: Mapping[PlayerId, float],
    games: Sequence[Game],
    byes: Sequence[Bye],
    round: int,
    total_rounds: int,
    table_sizes: Sequence[int],
    preferred: int,
) -> SwissRound:
    """Pair round ``round`` of a Swiss for the active ``players`` (in entry order)."""
    _check_sizes(table_sizes, preferred)
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    if round < 1:
        raise ValueError("rounds are numbered from 1")
    history = _History.of(players, ratings, games, byes)
    if tuple(set(table_sizes)) == (2,):
        return _pair_two_seats(history, round, max(total_rounds, round))
    return _pair_tables(history, table_sizes, preferred)


@dataclass
class _History:
    """What the earlier rounds tell about the active players."""

    seeds: list[PlayerId]
    """By rating (higher first), then entry order: the starting numbers."""
    ranking: list[PlayerId]
    """By points, then rating, then entry order."""
    ratings: dict[PlayerId, float]
    scores: dict[PlayerId, Fraction]
    games: list[Game]
    bye_records: list[Bye]
    opponents: defaultdict[PlayerId, Counter[PlayerId]] = field(
        default_factory=lambda: defaultdict(Counter)
    )
    """How often each two players met: ``opponents[a][b]``."""
    byes: Counter[PlayerId] = field(default_factory=Counter)
    first_seats: Counter[PlayerId] = field(default_factory=Counter)

    @classmethod
    def of(
        cls,
        players: Sequence[PlayerId],
        ratings: Mapping[PlayerId, float],
        games: Iterable[Game],
        byes: Iterable[Bye],
    ) -> _History:
        """Recompute the history of ``players`` from every earlier game and bye."""
        games, byes = list(games), list(byes)
        scores = swiss_scores(games, byes)
        rating = {player: float(ratings.get(player, DEFAULT_RATING)) for player in players}
        entry = {player: index for index, player in enumerate(players)}
        history = cls(
            seeds=sorted(players, key=lambda p: (-rating[p], entry[p])),
            ranking=sorted(
                players, key=lambda p: (-scores.get(p, Fraction()), -rating[p], entry[p])
            ),
            ratings=rating,
            scores={player: scores.get(player, Fraction()) for player in players},
            games=games,
            bye_records=byes,
        )
        for game in games:
            history.first_seats[game.seats[0]] += 1
            for a, b in combinations(game.seats, 2):
                history.opponents[a][b] += 1
                history.opponents[b][a] += 1
        for bye in byes:
            history.byes[bye.player] += 1
        return history

    def pairings(self) -> set[tuple[PlayerId, PlayerId]]:
        """Every two players who have met, once each (the smaller id first)."""
        return {(a, b) for a, met in self.opponents.items() for b in met if a < b}

    def rank(self) -> dict[PlayerId, int]:
        """Each player's 0-based place in the ranking."""
        return {player: index for index, player in enumerate(self.ranking)}

    def bye_order(self) -> list[PlayerId]:
        """Who should sit out first: the fewest byes so far, then the lowest ranked."""
        rank = self.rank()
        return sorted(self.ranking, key=lambda p: (self.byes[p], -rank[p]))


# Two seats: the Dutch system, and a score-ordered matching when it cannot be had.


def _pair_two_seats(history: _History, round: int, total_rounds: int) -> SwissRound:
    """A two-seat round by the Dutch engine, or by the fallback if its answer is not usable."""
    if len(history.seeds) < 2:
        return SwissRound((), tuple(history.seeds))
    try:
        rows = _dutch(_engine_players(history), history.pairings(), round, total_rounds)
    except Exception:  # any engine failure: the fallback below pairs the round instead
        rows = None
    paired = None if rows is None else _usable(rows, history)
    return paired if paired is not None else _pair_by_score(history)


def _dutch(
    players: list[EngineRow],
    previous: set[tuple[PlayerId, PlayerId]],
    round: int,
    total_rounds: int,
) -> list[EngineRow]:
    """The FIDE Dutch engine's rows for one round (a typed door onto an untyped library)."""
    engine = cast(Callable[..., list[EngineRow]], generate_pairings)
    return engine(
        system="dutch",
        players=players,
        previous_pairings=previous,
        round_number=round,
        total_rounds=total_rounds,
        bye_value=1.0,
        max_byes_per_player=1,
    )


def _engine_players(history: _History) -> list[EngineRow]:
    """The engine's player records, recomputed from the history as its contract asks."""
    colours: dict[PlayerId, list[str]] = {player: [] for player in history.seeds}
    floats: dict[PlayerId, list[str]] = {player: [] for player in history.seeds}
    games_by_round: dict[int, list[Game]] = {}
    for game in history.games:
        games_by_round.setdefault(game.round, []).append(game)
    byes_by_round: dict[int, list[PlayerId]] = {}
    for bye in history.bye_records:
        byes_by_round.setdefault(bye.round, []).append(bye.player)
    before: dict[PlayerId, Fraction] = {}  # everyone's score before the round replayed
    for number in sorted(set(games_by_round) | set(byes_by_round)):
        played = games_by_round.get(number, [])
        sat_out = byes_by_round.get(number, [])
        for game in played:
            for seat, player in enumerate(game.seats):
                if player not in colours or len(game.seats) != 2:
                    continue
                colours[player].append("white" if seat == 0 else "black")
                mine = before.get(player, Fraction())
                theirs = before.get(game.seats[1 - seat], Fraction())
                floats[player].append(
                    "down" if mine > theirs else "up" if mine < theirs else "none"
                )
        for player in sat_out:
            if player in floats:
                floats[player].append("down")  # FIDE C.04.3 A.4.b: a bye is a downfloat
        for player, points in swiss_scores(played, [Bye(number, p) for p in sat_out]).items():
            before[player] = before.get(player, Fraction()) + points
    return [
        {
            "id": player,
            "name": str(player),
            "score": float(history.scores[player]),
            "rating": history.ratings[player],
            "starting_number": number,
            "color_hist": colours[player],
            "float_history": floats[player],
            "bye_count": history.byes[player],
        }
        for number, player in enumerate(history.seeds, start=1)
    ]


def _usable(rows: Sequence[EngineRow], history: _History) -> SwissRound | None:
    """The engine's round, or None when it breaks a rule the fallback would keep."""
    active = set(history.seeds)
    seen: list[PlayerId] = []
    tables: list[tuple[PlayerId, PlayerId]] = []
    byes: list[PlayerId] = []
    for row in rows:
        white, black = row.get("white_id"), row.get("black_id")
        if not isinstance(white, int) or not isinstance(black, int | None):
            return None
        if black is None:
            byes.append(white)
            seen.append(white)
        else:
            tables.append((white, black))
            seen.extend((white, black))
    if len(seen) != len(active) or set(seen) != active:
        return None
    if len(byes) != len(active) % 2 or any(history.opponents[a][b] for a, b in tables):
        return None
    fewest_byes = min(history.byes[player] for player in active)
    if any(history.byes[player] > fewest_byes for player in byes):
        return None
    return SwissRound(tuple(tables), tuple(byes))


def _pair_by_score(history: _History) -> SwissRound:
    """Pair by score with as few rematches as possible: a minimum-cost perfect matching.

    The cost of a table is, in order of weight: earlier meetings of the pair (or, for the
    bye, earlier byes), the squared score difference (for the bye: the distance above the
    lowest score), then the distance in the ranking (for the bye: from the bottom).
    """
    rank = history.rank()
    players = history.ranking
    count = len(players)
    lowest = min(history.scores.values())

    def halves(value: Fraction) -> int:
        return round(2 * abs(value))

    costs: dict[tuple[PlayerId, PlayerId | str], tuple[int, int, int]] = {}
    for a, b in combinations(players, 2):
        costs[a, b] = (
            history.opponents[a][b],
            halves(history.scores[a] - history.scores[b]) ** 2,
            abs(rank[a] - rank[b]),
        )
    if count % 2:
        for player in players:
            costs[player, _BYE_NODE] = (
                history.byes[player],
                halves(history.scores[player] - lowest) ** 2,
                count - 1 - rank[player],
            )
    # The three levels as one integer: each unit outweighs any sum of the levels below it.
    unit2 = count * count + 1
    unit1 = unit2 * (max(cost[1] for cost in costs.values()) * count + 1)
    weights = {edge: c[0] * unit1 + c[1] * unit2 + c[2] for edge, c in costs.items()}
    top = max(weights.values()) + 1
    graph = Graph()
    for (one, other), weight in weights.items():
        graph.add_edge(one, other, weight=top - weight)
    matching = cast(set[tuple[Any, Any]], max_weight_matching(graph, maxcardinality=True))

    colours = _colour_balance(history.games)
    tables: list[tuple[PlayerId, PlayerId]] = []
    byes: list[PlayerId] = []
    for u, v in matching:
        if _BYE_NODE in (u, v):
            byes.append(v if u == _BYE_NODE else u)
            continue
        white, black = sorted((u, v), key=lambda p: (*colours.get(p, (0, 0)), rank[p]))
        tables.append((white, black))
    tables.sort(key=lambda table: min(rank[p] for p in table))
    return SwissRound(tuple(tables), tuple(byes))


def _colour_balance(games: Iterable[Game]) -> dict[PlayerId, tuple[int, int]]:
    """Per player: (whites minus blacks, 1 if their last game was white else 0)."""
    balance: dict[PlayerId, int] = Counter()
    last: dict[PlayerId, int] = {}
    for game in sorted(games, key=lambda g: g.round):
        if len(game.seats) != 2:
            continue
        white, black = game.seats
        balance[white] += 1
        balance[black] -= 1
        last[white], last[black] = 1, 0
    return {player: (balance[player], last.get(player, 0)) for player in balance}


# More seats: cut the ranking into tables, then move players to avoid meetings again.

SEARCH_BUDGET = 20_000
"""The most seatings the exhaustive search tries before it keeps the best found so far."""
SEARCH_MOST_PLAYERS = 200
"""Larger fields keep the swaps' result (the search would go too deep)."""

Cost = tuple[int, Fraction]
"""A seating's cost: (earlier meetings at the same tables, the sum of score spreads)."""


def _pair_tables(history: _History, table_sizes: Sequence[int], preferred: int) -> SwissRound:
    """A multi-seat round: tables cut from the ranking, then improved."""
    plan = table_plan(len(history.ranking), table_sizes, preferred)
    sitting_out = set(history.bye_order()[: len(history.ranking) - sum(plan)])
    seated = [player for player in history.ranking if player not in sitting_out]
    tables: list[list[PlayerId]] = []
    start = 0
    for size in plan:
        tables.append(seated[start : start + size])
        start += size
    _swap_until_stuck(tables, history)
    if _meetings(tables, history) and len(seated) <= SEARCH_MOST_PLAYERS:
        found = _fewest_meetings(seated, plan, history, _meetings(tables, history))
        if found is not None:
            tables = found
            _swap_until_stuck(tables, history)
    rank = history.rank()
    return SwissRound(
        tuple(
            tuple(sorted(table, key=lambda p: (history.first_seats[p], rank[p])))
            for table in tables
        ),
        tuple(player for player in history.ranking if player in sitting_out),
    )


def _swap_until_stuck(tables: list[list[PlayerId]], history: _History) -> None:
    """Swap two players of different tables while it lowers the cost; in place.

    The cost is (earlier meetings at the same tables, sum of score spreads), compared in
    that order. Every two tables in turn (top ones first) make their best swap until none
    helps, and the sweep is repeated until a whole sweep changes nothing: the result depends
    only on the input, and as each swap lowers the cost, the search ends.
    """
    changed = True
    while changed:
        changed = False
        for left, right in combinations(tables, 2):
            while (swap := _best_swap(left, right, history)) is not None:
                a, b = swap
                left[a], right[b] = right[b], left[a]
                changed = True


def _best_swap(
    left: Sequence[PlayerId], right: Sequence[PlayerId], history: _History
) -> tuple[int, int] | None:
    """The positions of the swap between two tables that lowers their cost most, if any."""
    met = history.opponents
    before = _add(_table_cost(left, history), _table_cost(right, history))
    best: tuple[Cost, int, int] | None = None
    for a, mover in enumerate(left):
        for b, other in enumerate(right):
            meetings = (
                before[0]
                - sum(met[mover][q] for q in left)
                - sum(met[other][q] for q in right)
                + sum(met[other][q] for q in left if q != mover)
                + sum(met[mover][q] for q in right if q != other)
            )
            if meetings > before[0]:
                continue
            spread = _spread([*left[:a], other, *left[a + 1 :]], history) + _spread(
                [*right[:b], mover, *right[b + 1 :]], history
            )
            gain = (before[0] - meetings, before[1] - spread)
            if gain > (0, 0) and (best is None or gain > best[0]):
                best = (gain, a, b)
    return None if best is None else (best[1], best[2])


def _fewest_meetings(
    players: Sequence[PlayerId], plan: Sequence[int], history: _History, to_beat: int
) -> list[list[PlayerId]] | None:
    """A seating with fewer than ``to_beat`` earlier meetings, the fewest found, or None.

    A depth-first branch and bound: players in ranking order, each tried at the tables in
    order (so the first seatings found keep the ranking's groups); it stops at a seating
    without meetings again, or after ``SEARCH_BUDGET`` tries, keeping the best so far.
    """
    met = history.opponents
    seats: list[list[PlayerId]] = [[] for _ in plan]
    best: list[list[PlayerId]] | None = None
    bound = to_beat
    tries = 0

    def place(index: int, meetings: int) -> bool:
        """Seat players[index:]; True when the search should stop."""
        nonlocal best, bound, tries
        if index == len(players):
            best, bound = [list(table) for table in seats], meetings
            return meetings == 0
        player = players[index]
        opened: set[int] = set()  # empty tables of a size already tried are alike
        for table, size in zip(seats, plan, strict=True):
            if len(table) == size or (not table and size in opened):
                continue
            if not table:
                opened.add(size)
            more = meetings + sum(met[player][q] for q in table)
            if more >= bound:
                continue
            tries += 1
            if tries > SEARCH_BUDGET:
                return True
            table.append(player)
            stop = place(index + 1, more)
            table.pop()
            if stop:
                return True
        return False

    place(0, 0)
    return best


def _meetings(tables: Iterable[Sequence[PlayerId]], history: _History) -> int:
    """Earlier meetings between players seated at the same tables."""
    return sum(_table_cost(table, history)[0] for table in tables)


def _table_cost(table: Sequence[PlayerId], history: _History) -> Cost:
    """(earlier meetings among the table's players, their highest minus lowest score)."""
    meetings = sum(history.opponents[a][b] for a, b in combinations(table, 2))
    return meetings, _spread(table, history)


def _add(one: Cost, other: Cost) -> Cost:
    """The cost of two tables together."""
    return one[0] + other[0], one[1] + other[1]


def _spread(table: Sequence[PlayerId], history: _History) -> Fraction:
    """The table's highest score minus its lowest."""
    scores = [history.scores[player] for player in table]
    return max(scores) - min(scores)


def _check_sizes(table_sizes: Sequence[int], preferred: int) -> None:
    """Refuse table sizes that cannot make a table."""
    if not table_sizes or min(table_sizes) < 2:
        raise ValueError(f"table sizes must be at least 2: {tuple(table_sizes)}")
    if preferred not in table_sizes:
        raise ValueError(f"the preferred size {preferred} is not among {tuple(table_sizes)}")
