"""Pairing Swiss rounds: the Dutch system at two seats, score-group tables at more."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rumizi.tournaments import Bye, Game, SwissRound, pair_swiss_round, table_plan
from rumizi.tournaments import swiss as swiss_module

TWO = (2,)
SIZES = (3, 4, 5, 6)


def pair(
    players: Sequence[int],
    games: Sequence[Game] = (),
    byes: Sequence[Bye] = (),
    round: int = 1,
    ratings: dict[int, float] | None = None,
    table_sizes: Sequence[int] = TWO,
    preferred: int = 2,
    total_rounds: int = 5,
) -> SwissRound:
    """A round of ``players``, rated in entry order (the first highest) unless told."""
    if ratings is None:
        ratings = {player: 2000.0 - index for index, player in enumerate(players)}
    return pair_swiss_round(
        players, ratings, games, byes, round, total_rounds, table_sizes, preferred
    )


def play(paired: SwissRound, round: int, rng: random.Random) -> tuple[list[Game], list[Bye]]:
    """Random results for a paired round."""
    games = [
        Game(round, table, tuple(float(rng.randint(0, 2)) for _ in table))
        for table in paired.tables
    ]
    return games, [Bye(round, player) for player in paired.byes]


def seated(paired: SwissRound) -> list[int]:
    """Everyone in the round, at a table or on a bye."""
    return [player for table in paired.tables for player in table] + list(paired.byes)


def meetings(tables: Sequence[Sequence[int]], games: Sequence[Game]) -> int:
    """Earlier meetings between players at the same tables (twice met counts twice)."""
    met = Counter(frozenset(pair) for game in games for pair in combinations(game.seats, 2))
    return sum(met[frozenset(pair)] for table in tables for pair in combinations(table, 2))


# Two seats.


def test_round_one_of_eight_pairs_the_top_half_against_the_bottom_half() -> None:
    paired = pair([1, 2, 3, 4, 5, 6, 7, 8])
    assert paired.byes == ()
    # Dutch: 1-5, 2-6, 3-7, 4-8, the higher-rated alternating white and black.
    assert paired.tables == ((1, 5), (6, 2), (3, 7), (8, 4))


def test_starting_numbers_go_by_rating_then_entry_order() -> None:
    ratings = {10: 1400.0, 20: 1900.0, 30: 1400.0}  # 40 has no rating: 1500
    paired = pair([10, 20, 30, 40], ratings=ratings)
    # Seeds: 20 (1900), 40 (1500), 10 (1400, entered before 30), 30.
    assert paired.tables == ((20, 10), (30, 40))


def test_seven_players_give_the_bye_to_the_lowest_rated() -> None:
    paired = pair([1, 2, 3, 4, 5, 6, 7])
    assert paired.byes == (7,)
    assert sorted(seated(paired)) == [1, 2, 3, 4, 5, 6, 7]


def test_the_bye_goes_to_the_lowest_ranked_player_without_one() -> None:
    players = [1, 2, 3, 4, 5]
    games = [Game(1, (1, 3), (1.0, 0.0)), Game(1, (4, 2), (0.0, 1.0))]
    paired = pair(players, games, [Bye(1, 5)], round=2)
    # 5 had the bye; of the players on no points, 4 is seeded below 3.
    assert paired.byes == (4,)


def test_the_dutch_float_rules_can_move_the_bye_up_within_the_lowest_group() -> None:
    players = [1, 2, 3, 4, 5]
    games = [Game(1, (1, 3), (1.0, 0.0)), Game(1, (4, 2), (1.0, 0.0))]
    paired = pair(players, games, [Bye(1, 5)], round=2)
    # The lowest group is 2 and 3. Someone on a point must float down to it: not 5, who
    # floated down by the bye last round, so 4; 4 has met 2, so 4 meets 3 and 2 sits out.
    assert paired.byes == (2,)
    assert sorted(map(sorted, paired.tables)) == [[1, 5], [3, 4]]


def test_the_engine_is_told_colours_floats_and_byes_from_the_history(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    told: dict[str, Any] = {}
    real = vars(swiss_module)["generate_pairings"]  # the engine itself, behind the spy

    def spy(**kwargs: Any) -> Any:
        told.update(kwargs)
        return real(**kwargs)

    monkeypatch.setattr(swiss_module, "generate_pairings", spy)
    players = [1, 2, 3, 4, 5]
    games = [
        Game(1, (1, 3), (1.0, 0.0)),
        Game(1, (4, 2), (0.0, 0.0)),
        Game(2, (2, 1), (1.0, 0.0)),  # 2 (½) against 1 (1): 2 floated up, 1 down
        Game(2, (5, 4), (1.0, 0.0)),  # 5 (1, from the bye) against 4 (½)
    ]
    byes = [Bye(1, 5), Bye(2, 3)]
    pair(players, games, byes, round=3)
    records = {record["id"]: record for record in told["players"]}
    assert records[1]["color_hist"] == ["white", "black"]
    assert records[1]["float_history"] == ["none", "down"]
    assert records[2]["float_history"] == ["none", "up"]
    # A bye leaves no colour and counts as a downfloat (FIDE C.04.3 A.4.b).
    assert records[3]["color_hist"] == ["black"]
    assert records[3]["float_history"] == ["none", "down"]
    assert records[3]["bye_count"] == 1
    assert records[5]["color_hist"] == ["white"]
    assert records[5]["float_history"] == ["down", "down"]
    assert records[4]["float_history"] == ["none", "up"]
    assert {record["id"]: record["score"] for record in told["players"]} == {
        1: 1.0,
        2: 1.5,
        3: 1.0,
        4: 0.5,
        5: 2.0,
    }
    assert {frozenset(p) for p in told["previous_pairings"]} == {frozenset(g.seats) for g in games}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_five_rounds_of_seven_never_give_a_bye_twice_nor_a_rematch(rng: random.Random) -> None:
    players = [1, 2, 3, 4, 5, 6, 7]
    games: list[Game] = []
    byes: list[Bye] = []
    for number in range(1, 6):
        paired = pair(players, games, byes, round=number)
        assert sorted(seated(paired)) == players
        assert len(paired.byes) == 1
        assert meetings(paired.tables, games) == 0
        new_games, new_byes = play(paired, number, rng)
        games += new_games
        byes += new_byes
    assert sorted(bye.player for bye in byes) == sorted({bye.player for bye in byes})


def test_when_every_pairing_is_a_rematch_the_round_is_still_paired_by_score() -> None:
    players = [1, 2, 3, 4]
    games = [
        Game(1, (1, 3), (1.0, 0.0)),
        Game(1, (4, 2), (0.0, 1.0)),
        Game(2, (2, 1), (0.0, 1.0)),
        Game(2, (3, 4), (1.0, 0.0)),
        Game(3, (1, 4), (1.0, 0.0)),
        Game(3, (3, 2), (0.0, 1.0)),
    ]
    paired = pair(players, games, round=4)
    # Everyone met everyone: two rematches are unavoidable. By score: 1 (3) and 2 (2),
    # then 3 (1) and 4 (0).
    assert {frozenset(table) for table in paired.tables} == {frozenset((1, 2)), frozenset((3, 4))}
    assert paired.byes == ()


def test_the_fallback_makes_as_few_rematches_as_it_can() -> None:
    # Six players, five rounds played as a round robin, then a sixth round: every pair
    # has met once, so exactly three rematches, one per table, and no pair twice.
    players = [1, 2, 3, 4, 5, 6]
    schedule = [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]
    games = [
        Game(number, table, (1.0, 0.0))
        for number, tables in enumerate(schedule, start=1)
        for table in tables
    ]
    paired = pair(players, games, round=6, total_rounds=6)
    assert sorted(seated(paired)) == players
    assert meetings(paired.tables, games) == 3


def test_an_engine_failure_falls_back_instead_of_crashing(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(**kwargs: Any) -> Any:
        raise RuntimeError("no pairing")

    monkeypatch.setattr(swiss_module, "generate_pairings", broken)
    players = [1, 2, 3, 4, 5]
    games = [Game(1, (1, 3), (1.0, 0.0)), Game(1, (2, 4), (0.0, 1.0))]
    paired = pair(players, games, [Bye(1, 5)], round=2)
    assert sorted(seated(paired)) == players
    assert meetings(paired.tables, games) == 0
    # The bye goes to a player without one, from the bottom: 3 (no points, seeded below 2).
    assert paired.byes == (3,)
    # By score and rank: 1-4 and 2-5. 1 had white and 4 black, so 4 now has it; 2 had
    # white and 5 no colour yet, so 5 has it.
    assert paired.tables == ((4, 1), (5, 2))


def test_an_engine_answer_with_a_rematch_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    def rematch(**kwargs: Any) -> Any:
        return [{"white_id": 1, "black_id": 2, "table": 1}, {"white_id": 3, "black_id": 4}]

    monkeypatch.setattr(swiss_module, "generate_pairings", rematch)
    games = [Game(1, (1, 2), (1.0, 0.0)), Game(1, (3, 4), (1.0, 0.0))]
    paired = pair([1, 2, 3, 4], games, round=2)
    assert meetings(paired.tables, games) == 0


def test_a_lone_player_gets_the_bye_and_nobody_gets_an_empty_round() -> None:
    assert pair([7]) == SwissRound((), (7,))
    assert pair([]) == SwissRound((), ())


# More seats.


def test_table_sizes_seat_everyone_near_the_preferred_size() -> None:
    assert table_plan(7, SIZES, 4) == (4, 3)
    assert table_plan(8, SIZES, 4) == (4, 4)
    assert table_plan(10, SIZES, 4) == (4, 3, 3)
    assert table_plan(12, SIZES, 5) == (6, 6)


def test_nine_players_at_four_sit_four_and_five_rather_than_three_threes() -> None:
    # The documented choice: the sizes nearest the preferred one (squared difference 1
    # against 3), so one table of four and one of five.
    assert table_plan(9, SIZES, 4) == (4, 5)
    paired = pair(list(range(1, 10)), table_sizes=SIZES, preferred=4)
    assert [sorted(table) for table in paired.tables] == [[1, 2, 3, 4], [5, 6, 7, 8, 9]]
    assert paired.byes == ()


def test_five_players_at_tables_of_four_leave_one_bye_to_the_lowest_ranked() -> None:
    paired = pair([1, 2, 3, 4, 5], table_sizes=(4,), preferred=4)
    assert [sorted(table) for table in paired.tables] == [[1, 2, 3, 4]]
    assert paired.byes == (5,)
    games = [Game(1, paired.tables[0], (4.0, 3.0, 2.0, 1.0))]
    again = pair([1, 2, 3, 4, 5], games, [Bye(1, 5)], round=2, table_sizes=(4,), preferred=4)
    # 5 leads on the bye's point; the lowest-ranked player without a bye sits out.
    assert again.byes == (4,)


def test_too_few_players_for_any_table_all_get_a_bye() -> None:
    assert pair([1, 2], table_sizes=(3, 4), preferred=3) == SwissRound((), (1, 2))


def test_tables_are_cut_from_the_ranking_by_points_then_rating() -> None:
    players = list(range(1, 10))
    games = [Game(1, (n, n + 1, n + 2), (2.0, 1.0, 0.0)) for n in (1, 4, 7)]
    paired = pair(players, games, round=2, table_sizes=(3,), preferred=3)
    # Winners (1, 4, 7), seconds, thirds: the cut meets no one again, so it stands.
    assert paired.tables == ((1, 4, 7), (2, 5, 8), (3, 6, 9))


def test_swaps_between_tables_avoid_meeting_again() -> None:
    players = list(range(1, 10))
    games = [
        Game(1, (1, 2, 3), (2.0, 2.0, 0.0)),  # 1 and 2 share first: ¾ each
        Game(1, (4, 5, 6), (2.0, 2.0, 0.0)),  # 4 and 5 too
        Game(1, (7, 8, 9), (2.0, 1.0, 0.0)),  # 7 wins alone: 1
    ]
    paired = pair(players, games, round=2, table_sizes=(3,), preferred=3)
    # The ranking 7, 1, 2, 4, 5, 8, 3, 6, 9 cut in threes would seat 1 with 2 and 4 with 5
    # again; one swap between the first two tables avoids both and keeps the score groups.
    assert meetings(paired.tables, games) == 0
    top, middle, bottom = (set(table) for table in paired.tables)
    assert 7 in top and len(top & {1, 2}) == 1 and len(top & {4, 5}) == 1
    assert 8 in middle
    assert bottom == {3, 6, 9}


def test_the_player_who_sat_first_least_often_sits_first() -> None:
    players = [1, 2, 3]
    games = [Game(1, (1, 2, 3), (1.0, 1.0, 1.0)), Game(2, (2, 1, 3), (1.0, 1.0, 1.0))]
    paired = pair(players, games, round=3, table_sizes=(3,), preferred=3)
    assert paired.tables == ((3, 1, 2),)


def test_sizes_must_allow_a_table_and_hold_the_preferred_one() -> None:
    with pytest.raises(ValueError, match="preferred"):
        pair([1, 2, 3], table_sizes=(3, 4), preferred=5)
    with pytest.raises(ValueError, match="at least 2"):
        pair([1, 2, 3], table_sizes=(1, 3), preferred=3)


def test_when_no_single_swap_helps_the_search_still_finds_the_fewest_meetings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A fourth round of ten players at tables of three (found by a random search): the
    # swaps alone stop at two meetings again, a whole-seating search finds one.
    players = list(range(1, 11))
    games = [
        Game(1, (1, 2, 3), (1.0, 2.0, 0.0)),
        Game(1, (4, 5, 6), (0.0, 1.0, 1.0)),
        Game(1, (7, 8, 9), (1.0, 2.0, 0.0)),
        Game(2, (2, 10, 5), (0.0, 2.0, 1.0)),
        Game(2, (8, 6, 1), (1.0, 0.0, 0.0)),
        Game(2, (3, 7, 4), (2.0, 1.0, 0.0)),
        Game(3, (6, 2, 7), (1.0, 0.0, 2.0)),
        Game(3, (10, 8, 3), (1.0, 1.0, 1.0)),
        Game(3, (5, 9, 1), (1.0, 2.0, 1.0)),
    ]
    byes = [Bye(1, 10), Bye(2, 9), Bye(3, 4)]

    def fourth_round() -> SwissRound:
        return pair(players, games, byes, round=4, table_sizes=(3,), preferred=3)

    paired = fourth_round()
    assert paired.byes == (2,)
    assert meetings(paired.tables, games) == 1
    monkeypatch.setattr(swiss_module, "SEARCH_MOST_PLAYERS", 0)  # swaps only
    assert meetings(fourth_round().tables, games) == 2


def fewest_possible_meetings(
    players: Sequence[int], sizes: Sequence[int], games: Sequence[Game]
) -> int:
    """By brute force: the fewest earlier meetings any seating of these sizes allows."""
    if not sizes:
        return 0
    best = None
    for size in set(sizes):
        rest = list(sizes)
        rest.remove(size)
        first, others = players[0], players[1:]
        for company in combinations(others, size - 1):
            table = (first, *company)
            left = [p for p in others if p not in company]
            cost = meetings([table], games) + fewest_possible_meetings(left, rest, games)
            best = cost if best is None else min(best, cost)
    assert best is not None
    return best


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    count=st.integers(3, 10),
    table_sizes=st.sampled_from([(3,), (4,), (3, 4), (3, 4, 5, 6)]),
    rng=st.randoms(use_true_random=False),
)
def test_over_four_rounds_the_tables_hold_the_fewest_repeat_meetings_possible(
    count: int, table_sizes: tuple[int, ...], rng: random.Random
) -> None:
    players = list(range(1, count + 1))
    preferred = rng.choice(table_sizes)
    games: list[Game] = []
    byes: list[Bye] = []
    for number in range(1, 5):
        paired = pair(
            players, games, byes, round=number, table_sizes=table_sizes, preferred=preferred
        )
        assert sorted(seated(paired)) == players
        at_tables = [p for table in paired.tables for p in table]
        sizes = [len(table) for table in paired.tables]
        assert meetings(paired.tables, games) == fewest_possible_meetings(at_tables, sizes, games)
        new_games, new_byes = play(paired, number, rng)
        games += new_games
        byes += new_byes
