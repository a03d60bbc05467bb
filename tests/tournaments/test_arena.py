"""Arena scoring (streaks on fire) and seating the waiting players."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rumizi.tournaments import (
    Game,
    arena_game_points,
    arena_scores,
    arena_sheets,
    arena_standings,
    last_opponents,
    pair_arena,
)

WIN, LOSS, DRAW = (1.0, 0.0), (0.0, 1.0), (0.5, 0.5)


def duel(results: list[tuple[float, float]]) -> list[Game]:
    """Player 1 against a new opponent each game, with these returns (player 1 first)."""
    return [Game(number, (1, 100 + number), returns) for number, returns in enumerate(results, 1)]


def test_two_seats_score_two_for_a_win_one_for_a_draw_none_for_a_loss() -> None:
    assert arena_game_points(WIN) == (2, 0)
    assert arena_game_points(DRAW) == (1, 1)
    assert arena_game_points(LOSS) == (0, 2)


def test_more_seats_score_first_two_shared_first_one_last_none_others_one() -> None:
    assert arena_game_points([3.0, 9.0, 5.0, 1.0]) == (1, 2, 1, 0)
    assert arena_game_points([9.0, 9.0, 5.0, 1.0]) == (1, 1, 1, 0)
    assert arena_game_points([9.0, 5.0, 1.0, 1.0]) == (2, 1, 0, 0)  # tied for last
    assert arena_game_points([4.0, 4.0, 4.0]) == (1, 1, 1)  # all first, none last


def test_a_streak_doubles_from_the_third_win_until_a_game_is_not_won() -> None:
    sheet = arena_sheets(duel([WIN, WIN, WIN, LOSS, WIN]))[1]
    assert [result.points for result in sheet] == [2, 2, 4, 0, 2]
    assert [result.fire for result in sheet] == [False, False, True, True, False]


def test_a_draw_on_fire_scores_two_and_ends_the_streak() -> None:
    sheet = arena_sheets(duel([WIN, WIN, DRAW, WIN, WIN, WIN]))[1]
    assert [result.points for result in sheet] == [2, 2, 2, 2, 2, 4]


def test_a_shared_first_place_is_not_a_win_for_the_streak() -> None:
    games = [Game(n, (1, 2, 3), (5.0, 1.0, 0.0)) for n in (1, 2)]
    games.append(Game(3, (1, 2, 3), (5.0, 5.0, 0.0)))  # shared first, on fire: 1 doubled
    games.append(Game(4, (1, 2, 3), (5.0, 1.0, 0.0)))  # the streak starts again
    sheet = arena_sheets(games)[1]
    assert [result.points for result in sheet] == [2, 2, 2, 2]


def test_games_count_in_sequence_order_and_unfinished_ones_count_nothing() -> None:
    games = duel([WIN, WIN, WIN])
    running = Game(4, (1, 200), None)
    later = Game(5, (1, 300), WIN)
    # Given out of order: the sequence number decides; the running game breaks nothing.
    sheet = arena_sheets([later, running, *reversed(games)])[1]
    assert [result.round for result in sheet] == [1, 2, 3, 4, 5]
    assert [result.points for result in sheet] == [2, 2, 4, None, 4]
    assert arena_scores([later, running, *games])[1] == 12


def test_standings_rank_by_points_then_average_place() -> None:
    games = [
        Game(1, (1, 2), WIN),  # 1: 2 points at place 1; 2: none at place 2
        Game(2, (3, 4), DRAW),
        Game(3, (3, 4), DRAW),  # 3 and 4: 2 points at place 1.5
        Game(4, (5, 6), DRAW),  # 5 and 6: 1 point at place 1.5
        Game(5, (7, 8, 9), (3.0, 2.0, 1.0)),  # 7: 2 at place 1; 8: 1 at 2; 9: none at 3
    ]
    lines = arena_standings([9, 8, 7, 6, 5, 4, 3, 2, 1, 10], games)
    assert [(line.rank, line.player) for line in lines] == [
        (1, 7),  # level with 1 on everything: entry order between them
        (1, 1),
        (3, 4),
        (3, 3),
        (5, 6),
        (5, 5),
        (7, 8),
        (8, 2),
        (9, 9),
        (10, 10),  # no game yet
    ]
    assert [line.tiebreaks["performance"] for line in lines[:4]] == [1.0, 1.0, 1.5, 1.5]


def test_fewer_games_break_a_tie_on_points_and_average_place() -> None:
    games = [Game(1, (1, 3), LOSS), Game(2, (2, 4), LOSS), Game(3, (2, 5), LOSS)]
    lines = arena_standings([2, 1], games)
    assert [(line.rank, line.player) for line in lines] == [(1, 1), (2, 2)]


def test_a_player_without_a_finished_game_ranks_last_among_equal_points() -> None:
    games = [Game(1, (1, 2), WIN), Game(2, (3, 4), None)]
    lines = arena_standings([3, 2, 1], games)
    assert [line.player for line in lines] == [1, 2, 3]
    assert lines[2].tiebreaks == {"performance": 0.0}
    assert lines[2].points == 0.0


# Seating the waiting players.


def test_waiting_players_pair_by_score_high_first() -> None:
    scores = {1: 5.0, 2: 9.0, 3: 7.0, 4: 0.0}
    assert pair_arena([1, 2, 3, 4], scores, {}, (2,), 2) == ((2, 3), (1, 4))


def test_pairing_swaps_with_the_next_player_to_avoid_the_last_opponent() -> None:
    scores = {1: 9.0, 2: 8.0, 3: 7.0, 4: 6.0}
    last = {1: frozenset({2}), 2: frozenset({1})}
    assert pair_arena([1, 2, 3, 4], scores, last, (2,), 2) == ((1, 3), (2, 4))


def test_the_last_opponent_counts_from_either_side() -> None:
    scores = {1: 9.0, 2: 8.0, 3: 7.0}
    last = {2: frozenset({1})}  # only 2's record names 1
    assert pair_arena([1, 2, 3], scores, last, (2,), 2) == ((1, 3),)


def test_two_players_alone_play_again_rather_than_wait() -> None:
    last = {1: frozenset({2}), 2: frozenset({1})}
    assert pair_arena([1, 2], {}, last, (2,), 2) == ((1, 2),)


def test_an_odd_player_out_waits_and_too_few_for_a_table_all_wait() -> None:
    assert pair_arena([1, 2, 3], {1: 3.0, 2: 2.0, 3: 1.0}, {}, (2,), 2) == ((1, 2),)
    assert pair_arena([1, 2], {}, {}, (3, 4), 4) == ()
    assert pair_arena([], {}, {}, (2,), 2) == ()


def test_more_seats_use_the_allowed_sizes_near_the_preferred_one() -> None:
    scores = {player: float(10 - player) for player in range(1, 8)}
    assert pair_arena(list(range(1, 8)), scores, {}, (3, 4, 5, 6), 4) == (
        (1, 2, 3, 4),
        (5, 6, 7),
    )


def test_a_multi_seat_table_trades_a_last_opponent_with_the_next_table() -> None:
    scores = {player: float(10 - player) for player in range(1, 7)}
    last = {1: frozenset({2}), 2: frozenset({1})}
    assert pair_arena(list(range(1, 7)), scores, last, (3,), 3) == ((1, 3, 4), (2, 5, 6))


def test_the_players_below_are_tried_in_order_until_a_trade_helps() -> None:
    scores = {player: float(10 - player) for player in range(1, 7)}
    last = {1: frozenset({2, 4})}  # 4 cannot take 2's seat beside 1 either
    assert pair_arena(list(range(1, 7)), scores, last, (3,), 3) == ((1, 3, 5), (2, 4, 6))


def test_the_answer_does_not_depend_on_the_order_of_the_waiting_list() -> None:
    scores = {1: 4.0, 2: 4.0, 3: 2.0, 4: 2.0, 5: 0.0}
    last = {1: frozenset({3})}
    assert pair_arena([5, 4, 3, 2, 1], scores, last, (2,), 2) == pair_arena(
        [1, 2, 3, 4, 5], scores, last, (2,), 2
    )


def test_last_opponents_come_from_each_player_latest_game() -> None:
    games = [Game(2, (1, 3), None), Game(1, (1, 2), WIN), Game(3, (2, 4, 5), None)]
    assert last_opponents(games) == {
        1: frozenset({3}),
        2: frozenset({4, 5}),
        3: frozenset({1}),
        4: frozenset({2, 5}),
        5: frozenset({2, 4}),
    }


@given(
    waiting=st.lists(st.integers(1, 30), max_size=20),
    scores=st.dictionaries(st.integers(1, 30), st.integers(0, 20).map(float)),
    last=st.dictionaries(st.integers(1, 30), st.frozensets(st.integers(1, 30), max_size=3)),
    table_sizes=st.sampled_from([(2,), (3,), (3, 4), (3, 4, 5, 6)]),
)
def test_pairing_seats_only_waiting_players_and_each_at_most_once(
    waiting: list[int],
    scores: dict[int, float],
    last: dict[int, frozenset[int]],
    table_sizes: tuple[int, ...],
) -> None:
    tables = pair_arena(waiting, scores, last, table_sizes, table_sizes[0])
    seated = [player for table in tables for player in table]
    assert len(seated) == len(set(seated))
    assert set(seated) <= set(waiting)
    assert all(len(table) in table_sizes for table in tables)
    # Everyone is seated who can be: fewer left than the smallest table.
    assert len(set(waiting)) - len(seated) < min(table_sizes)


@given(
    scores=st.lists(st.integers(0, 10).map(float), min_size=2, max_size=12),
    pairs=st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11)), max_size=6),
)
def test_two_seat_pairing_never_repeats_more_last_games_than_adjacent_pairs(
    scores: list[float], pairs: list[tuple[int, int]]
) -> None:
    players = list(range(len(scores)))
    last: dict[int, frozenset[int]] = {}
    for one, other in pairs:
        if one != other and one in players and other in players:
            last[one] = last.get(one, frozenset()) | {other}
    tables = pair_arena(players, dict(enumerate(scores)), last, (2,), 2)

    def met(one: int, other: int) -> bool:
        return other in last.get(one, frozenset()) or one in last.get(other, frozenset())

    ranking = sorted(players, key=lambda p: (-scores[p], p))
    naive = [tuple(ranking[i : i + 2]) for i in range(0, len(ranking) - 1, 2)]
    # Never more repeat meetings than plain adjacent pairing.
    assert sum(met(*table) for table in tables) <= sum(met(*table) for table in naive)
