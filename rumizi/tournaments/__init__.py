"""Tournaments for every Rumizi game: Swiss rounds and arenas, pure functions over results.

This package holds no state and does no I/O: the server stores the players, the games
(:class:`Game`: who sat where, and the engine's returns once over) and the byes, and asks
these functions for the next round, the next arena tables or the standings. The rules are
stated in the modules' docstrings, which the web pages quote:

* :mod:`rumizi.tournaments.results` — places, points, tie-breaks and standings;
* :mod:`rumizi.tournaments.swiss` — pairing a Swiss round (the FIDE Dutch system at two
  seats, score groups cut into tables at more);
* :mod:`rumizi.tournaments.arena` — seating an arena's waiting players.

A tiny two-player Swiss of four players, by rating:

>>> players = [11, 12, 13, 14]
>>> ratings = {11: 1800, 12: 1700, 13: 1600, 14: 1500}
>>> def pair(games, number):
...     return pair_swiss_round(players, ratings, games, [], number, 3, (2,), 2)
>>> pair([], 1)
SwissRound(tables=((11, 13), (14, 12)), byes=())

11 beats 13 (seat 0 is white), 14 and 12 draw; the leader then meets the higher-rated of
the two on half a point, 11 having had white:

>>> games = [Game(1, (11, 13), (1.0, -1.0)), Game(1, (14, 12), (0.0, 0.0))]
>>> pair(games, 2)
SwissRound(tables=((12, 11), (13, 14)), byes=())
>>> games += [Game(2, (12, 11), (1.0, -1.0)), Game(2, (13, 14), (1.0, -1.0))]
>>> for line in swiss_standings(players, games, []):
...     print(line.rank, line.player, line.points, line.tiebreaks)
1 12 1.5 {'buchholz': 1.5, 'sonneborn_berger': 1.25}
2 11 1.0 {'buchholz': 2.5, 'sonneborn_berger': 1.0}
3 13 1.0 {'buchholz': 1.5, 'sonneborn_berger': 0.5}
4 14 0.5 {'buchholz': 2.5, 'sonneborn_berger': 0.75}
"""

from rumizi.tournaments.arena import last_opponents, pair_arena
from rumizi.tournaments.results import (
    Bye,
    Game,
    PlayerId,
    Result,
    Standing,
    arena_game_points,
    arena_scores,
    arena_sheets,
    arena_standings,
    game_points,
    places,
    swiss_scores,
    swiss_standings,
)
from rumizi.tournaments.swiss import SwissRound, pair_swiss_round, table_plan

__all__ = [
    "Bye",
    "Game",
    "PlayerId",
    "Result",
    "Standing",
    "SwissRound",
    "arena_game_points",
    "arena_scores",
    "arena_sheets",
    "arena_standings",
    "game_points",
    "last_opponents",
    "pair_arena",
    "pair_swiss_round",
    "places",
    "swiss_scores",
    "swiss_standings",
    "table_plan",
]
