"""Arena pairing: seat the free players now, by score, away from their last opponents.

An arena (as on lichess) has no rounds: whoever is free waits to be seated, and the server
asks :func:`pair_arena` for tables whenever players are waiting. The rules:

* the waiting players are ranked by arena points (high first), ties by account id, so the
  answer does not depend on the order they are given in;
* the ranking is cut into tables, top first: as many players are seated as the allowed
  table sizes can take, at sizes as close to the organiser's as possible (the same plan as
  a Swiss round's, :func:`rumizi.tournaments.swiss.table_plan`): at two seats 1–2, 3–4, …;
  whoever is left over (too few for any allowed size) waits for the next call;
* nobody should meet someone from their last game again at once: when a player would sit
  with one of them, they trade places with the first player below their table (at the
  next table, or among those left waiting) whose move lowers the number of such
  meetings; when no trade does, the meeting stands (two players alone in the arena play
  each other again rather than wait);
* seats follow the ranking: the higher-ranked player sits first.

Scoring (2 for a win, 1 for a draw, streaks doubling) and the standings are in
:mod:`rumizi.tournaments.results`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import pairwise

from rumizi.tournaments.results import Game, PlayerId
from rumizi.tournaments.swiss import table_plan


def last_opponents(games: Iterable[Game]) -> dict[PlayerId, frozenset[PlayerId]]:
    """Who each player met in their latest game (by sequence number), finished or not.

    >>> last_opponents([Game(1, (1, 2), (1.0, 0.0)), Game(2, (1, 3), None)])
    {1: frozenset({3}), 2: frozenset({1}), 3: frozenset({1})}
    """
    latest: dict[PlayerId, Game] = {}
    for game in sorted(games, key=lambda game: game.round):
        for player in game.seats:
            latest[player] = game
    return {player: frozenset(game.opponents(player)) for player, game in sorted(latest.items())}


def pair_arena(
    waiting: Sequence[PlayerId],
    scores: Mapping[PlayerId, float],
    last_opponents: Mapping[PlayerId, frozenset[PlayerId]],
    table_sizes: Sequence[int],
    preferred: int,
) -> tuple[tuple[PlayerId, ...], ...]:
    """The tables to start now (players by seat); the waiting players left over wait.

    >>> pair_arena([5, 6, 7, 8], {5: 4, 6: 2, 7: 2}, {5: frozenset({6})}, (2,), 2)
    ((5, 7), (6, 8))
    """
    ranking = sorted(set(waiting), key=lambda player: (-scores.get(player, 0.0), player))
    plan = table_plan(len(ranking), table_sizes, preferred)
    starts = [sum(plan[:index]) for index in range(len(plan) + 1)]
    groups = [ranking[start:end] for start, end in pairwise(starts)]
    groups.append(ranking[starts[-1] :])  # the ones left to wait

    def met(one: PlayerId, other: PlayerId) -> bool:
        return other in last_opponents.get(one, frozenset()) or one in last_opponents.get(
            other, frozenset()
        )

    def clashes(group: Sequence[PlayerId]) -> int:
        return sum(met(one, other) for i, one in enumerate(group) for other in group[:i])

    for index, group in enumerate(groups[:-1]):
        below = groups[index + 1]
        for position, player in enumerate(group):
            if not any(met(player, other) for other in group[:position]):
                continue
            for spot, candidate in enumerate(below):
                moved = [*group[:position], candidate, *group[position + 1 :]]
                dropped = [*below[:spot], player, *below[spot + 1 :]]
                # The waiting ones never play, so their meetings do not count.
                lower = index + 1 < len(groups) - 1
                now = clashes(group) + (clashes(below) if lower else 0)
                then = clashes(moved) + (clashes(dropped) if lower else 0)
                if then < now:
                    group[position], below[spot] = candidate, player
                    break
    return tuple(
        tuple(sorted(group, key=lambda player: (-scores.get(player, 0.0), player)))
        for group in groups[:-1]
    )
