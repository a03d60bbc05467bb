"""Places, Swiss points, tie-breaks and standings, worked by hand and as properties."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rumizi.tournaments import (
    Bye,
    Game,
    Result,
    game_points,
    places,
    swiss_scores,
    swiss_standings,
)


def test_two_seats_place_the_winner_first_and_share_a_draw() -> None:
    assert places([1.0, -1.0]) == (1.0, 2.0)
    assert places([-1.0, 1.0]) == (2.0, 1.0)
    assert places([0.0, 0.0]) == (1.5, 1.5)


def test_four_seats_with_a_tie_share_the_average_of_their_places() -> None:
    # 7 is first; the two 5s cover places 2 and 3; 1 is fourth.
    assert places([5.0, 1.0, 7.0, 5.0]) == (2.5, 4.0, 1.0, 2.5)


def test_a_shared_win_shares_the_places_and_the_points() -> None:
    assert places([1.0, 1.0, 0.0]) == (1.5, 1.5, 3.0)
    assert game_points([1.0, 1.0, 0.0]) == (0.75, 0.75, 0.0)


def test_two_seat_points_are_the_chess_score() -> None:
    assert game_points([1.0, -1.0]) == (1.0, 0.0)
    assert game_points([0.5, 0.5]) == (0.5, 0.5)
    assert game_points([-3.0, 2.0]) == (0.0, 1.0)


def test_four_seat_points_run_from_one_to_zero_in_thirds() -> None:
    assert game_points([10.0, 30.0, 20.0, 0.0]) == (1 / 3, 1.0, 2 / 3, 0.0)
    # A tie for second and third: (2/3 + 1/3) / 2 each.
    assert game_points([10.0, 30.0, 10.0, 0.0]) == (0.5, 1.0, 0.5, 0.0)


# A four-player two-seat Swiss, by hand. Round 1: A beats C, B draws D. Round 2: A draws
# B, C beats D. Final scores: A 1.5, B 1, C 1, D 0.5.
A, B, C, D = 1, 2, 3, 4
HAND_GAMES = [
    Game(1, (A, C), (1.0, -1.0)),
    Game(1, (D, B), (0.0, 0.0)),
    Game(2, (B, A), (0.0, 0.0)),
    Game(2, (C, D), (1.0, -1.0)),
]


def test_buchholz_and_sonneborn_berger_of_a_hand_worked_swiss() -> None:
    lines = {line.player: line for line in swiss_standings([A, B, C, D], HAND_GAMES, [])}
    # Buchholz: A met C (1) and B (1); B met D (0.5) and A (1.5); C met A and D; D met B, C.
    assert {p: lines[p].tiebreaks["buchholz"] for p in lines} == {A: 2.0, B: 2.0, C: 2.0, D: 2.0}
    # Sonneborn–Berger: A 1·1 + ½·1; B ½·½ + ½·1.5; C 0·1.5 + 1·½; D ½·1 + 0·1.
    assert {p: lines[p].tiebreaks["sonneborn_berger"] for p in lines} == {
        A: 1.5,
        B: 1.0,
        C: 0.5,
        D: 0.5,
    }


def test_standings_rank_by_points_then_buchholz_then_sonneborn_berger() -> None:
    lines = swiss_standings([D, C, B, A], HAND_GAMES, [])
    assert [(line.rank, line.player, line.points) for line in lines] == [
        (1, A, 1.5),
        (2, B, 1.0),  # level with C on points and Buchholz, ahead on Sonneborn–Berger
        (3, C, 1.0),
        (4, D, 0.5),
    ]


def test_a_player_sheet_lists_games_in_round_order_with_seats_and_places() -> None:
    line = next(line for line in swiss_standings([A, B, C, D], HAND_GAMES, []) if line.player == B)
    assert line.results == (
        Result(round=1, opponents=(D,), points=0.5, place=1.5),
        Result(round=2, opponents=(A,), points=0.5, place=1.5),
    )


def test_multi_seat_tiebreaks_average_the_opponents_at_the_table() -> None:
    lines = {
        line.player: line
        for line in swiss_standings([1, 2, 3], [Game(1, (1, 2, 3), (3, 2, 1))], [])
    }
    # Points 1, ½, 0. Player 1's opponents average (½ + 0) / 2; player 2's (1 + 0) / 2.
    assert lines[1].tiebreaks == {"buchholz": 0.25, "sonneborn_berger": 0.25}
    assert lines[2].tiebreaks == {"buchholz": 0.5, "sonneborn_berger": 0.25}
    assert lines[3].tiebreaks == {"buchholz": 0.75, "sonneborn_berger": 0.0}


def test_a_bye_is_worth_a_point_and_adds_nothing_to_buchholz() -> None:
    lines = {
        line.player: line
        for line in swiss_standings([1, 2, 3], [Game(1, (1, 2), (1.0, 0.0))], [Bye(1, 3)])
    }
    assert lines[3].points == 1.0
    assert lines[3].tiebreaks == {"buchholz": 0.0, "sonneborn_berger": 0.0}
    assert lines[3].results == (Result(round=1, opponents=(), points=1.0, place=None, bye=True),)
    assert lines[2].tiebreaks["buchholz"] == 1.0  # the winner's score, not the bye's


def test_an_unfinished_game_counts_nothing_but_shows_on_the_sheet() -> None:
    games = [Game(1, (1, 2), (1.0, 0.0)), Game(2, (2, 1), None)]
    lines = {line.player: line for line in swiss_standings([1, 2], games, [])}
    assert lines[1].points == 1.0
    assert lines[1].tiebreaks == {"buchholz": 0.0, "sonneborn_berger": 0.0}
    assert lines[1].results[1] == Result(round=2, opponents=(2,), points=None, place=None)


def test_players_equal_on_everything_share_a_rank_and_the_next_rank_skips() -> None:
    games = [Game(1, (1, 2), (0.0, 0.0)), Game(1, (3, 4), (1.0, 0.0))]
    ranks = [(line.rank, line.player) for line in swiss_standings([1, 2, 3, 4], games, [])]
    # 3 alone on a point; 1 and 2 drew each other: equal on all three numbers.
    assert ranks == [(1, 3), (2, 1), (2, 2), (4, 4)]


def test_a_withdrawn_opponent_still_counts_for_the_tiebreaks() -> None:
    games = [Game(1, (1, 9), (0.0, 1.0))]
    (line,) = swiss_standings([1], games, [])
    assert line.tiebreaks["buchholz"] == 1.0


def test_points_in_fifths_tie_exactly_however_they_were_summed() -> None:
    # At six seats points come in fifths. Player 1 scores 1/5 then 2/5, player 2 scores 3/5
    # then 0: in floats 0.2 + 0.4 is not 0.6, but the two are level on everything.
    assert 0.2 + 0.4 != 0.6
    games = [
        Game(1, (1, 2, 3, 4, 5, 6), (2.0, 4.0, 6.0, 5.0, 3.0, 1.0)),
        Game(2, (1, 2, 3, 4, 5, 6), (3.0, 1.0, 6.0, 5.0, 4.0, 2.0)),
    ]
    lines = {line.player: line for line in swiss_standings([1, 2, 3, 4, 5, 6], games, [])}
    assert [result.points for result in lines[1].results] == [0.2, 0.4]
    assert [result.points for result in lines[2].results] == [0.6, 0.0]
    assert lines[1].points == lines[2].points == 0.6
    assert lines[1].rank == lines[2].rank


# Properties over random tournaments.

PLAYERS = list(range(1, 9))


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[list[int], list[Game], list[Bye]]:
    """A few rounds: each round seats some players at tables of 2-4, gives some byes."""
    games: list[Game] = []
    byes: list[Bye] = []
    for number in range(1, draw(st.integers(1, 4)) + 1):
        order = draw(st.permutations(PLAYERS))
        start = 0
        while start < len(order):
            size = draw(st.integers(1, 4))
            seats = tuple(order[start : start + size])
            start += size
            if len(seats) == 1:
                byes.append(Bye(number, seats[0]))
                continue
            finished = draw(st.booleans() | st.just(True))
            returns = tuple(float(draw(st.integers(0, 3))) for _ in seats)
            games.append(Game(number, seats, returns if finished else None))
    return PLAYERS, games, byes


@given(tournaments())
def test_standings_hold_every_point_scored_and_no_more(
    tournament: tuple[list[int], list[Game], list[Bye]],
) -> None:
    players, games, byes = tournament
    lines = swiss_standings(players, games, byes)
    scored = sum(sum(game_points(g.returns)) for g in games if g.returns is not None) + len(byes)
    assert abs(sum(line.points for line in lines) - scored) < 1e-9


@given(tournaments())
def test_standings_list_every_player_once_with_ranks_in_order(
    tournament: tuple[list[int], list[Game], list[Bye]],
) -> None:
    players, games, byes = tournament
    lines = swiss_standings(players, games, byes)
    assert sorted(line.player for line in lines) == sorted(players)
    ranks = [line.rank for line in lines]
    assert ranks == sorted(ranks)
    assert ranks[0] == 1
    for position, line in enumerate(lines):
        # A rank is one more than the number of players ranked strictly above.
        assert line.rank == 1 + sum(other.rank < line.rank for other in lines)
        assert line.rank in (position + 1, lines[position - 1].rank)


@given(tournaments())
def test_a_player_sheet_holds_each_of_their_games_and_byes(
    tournament: tuple[list[int], list[Game], list[Bye]],
) -> None:
    players, games, byes = tournament
    scores = swiss_scores(games, byes)
    for line in swiss_standings(players, games, byes):
        played = [g for g in games if line.player in g.seats]
        sat_out = [b for b in byes if b.player == line.player]
        assert len(line.results) == len(played) + len(sat_out)
        assert line.points == float(scores.get(line.player, 0))
        assert abs(line.points - sum(r.points or 0.0 for r in line.results)) < 1e-9
