"""Arena scheduling, playing, records and summaries."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rumizi.arena import (
    ArenaError,
    ArenaResult,
    plan_arena,
    play_game,
    read_records,
    run_arena,
    summarize,
)
from rumizi.arena.runner import make_bot
from rumizi.bots import base as bot_base
from rumizi.bots.base import Bot
from rumizi.bots.expert import ExpertBot
from rumizi.bots.levels import HardBot
from rumizi.core.contract import Action, View


def comparable(arena: ArenaResult) -> list[tuple[Any, ...]]:
    """Everything about the games except how long the bots took."""
    return [
        (g.spec, g.status, g.winners, g.scores, g.first, g.turns, g.decisions, g.actions)
        for g in arena.games
    ]


def test_every_pair_plays_every_seat_equally() -> None:
    plan = plan_arena("star-realms", ["greedy", "random", "greedy"], games=5, seed=4)
    assert plan.entrants == ("greedy", "random", "greedy#2")
    assert plan.games_per_table == 6  # rounded up to a multiple of the two seatings
    assert len(plan.specs) == 3 * 6
    seats = Counter((s.table, s.seats) for s in plan.specs)
    assert set(seats.values()) == {3}
    assert len(seats) == 6  # 3 pairs x 2 seat orders
    assert [s.index for s in plan.specs] == list(range(18))
    # A deal is played from both seats; deals differ.
    deals = [s.seed for s in plan.specs]
    assert deals[0::2] == deals[1::2]
    assert len(set(deals)) == 9
    # The same arena, planned again, is the same; another seed is not.
    assert plan_arena("star-realms", ["greedy", "random", "greedy"], games=5, seed=4) == plan
    other = plan_arena("star-realms", ["greedy", "random", "greedy"], games=5, seed=5)
    assert other.specs[0].seed != plan.specs[0].seed
    # A table's games depend on its entrants, not on who else is in the arena.
    small = plan_arena("star-realms", ["greedy", "random"], games=5, seed=4)
    assert [s.seed for s in small.specs] == deals[:6]


def test_tables_of_three_rotate_through_every_seat(toy: str) -> None:
    plan = plan_arena(toy, ["random", "greedy", "random", "random"], games=4, seed=0, players=3)
    assert plan.games_per_table == 6
    assert len(plan.tables) == 4  # 4 entrants choose 3
    for t in range(4):
        table = [s for s in plan.specs if s.table == t]
        for seat in range(3):
            assert Counter(s.seats[seat] for s in table) == Counter({e: 2 for e in plan.tables[t]})


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bots": ["greedy", "nobody"]}, "unknown bot"),
        ({"bots": ["greedy"]}, "at least 2 bots"),
        ({"players": 3}, "for 2 players, not 3"),
        ({"players": 3, "options": {"format": "hunter"}}, "at least 3 bots"),
        ({"players": 3, "bots": ["greedy", "random", "random"]}, "for 2 players, not 3"),
        ({"games": 0}, "at least 1"),
        ({"game_id": "chess"}, "unknown game"),
        ({"max_turns": 0}, "max_turns"),
    ],
)
def test_bad_arenas_are_refused(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"game_id": "star-realms", "bots": ["greedy", "random"], "games": 2}
    args.update(kwargs)
    with pytest.raises(ArenaError, match=message):
        plan_arena(args.pop("game_id"), args.pop("bots"), args.pop("games"), **args)


def test_one_job_and_two_jobs_play_the_same_games(tmp_path: Path) -> None:
    one = run_arena("star-realms", ["random", "greedy"], games=4, seed=9, jobs=1)
    two = run_arena(
        "star-realms", ["random", "greedy"], games=4, seed=9, jobs=2, records=tmp_path / "g.jsonl"
    )
    assert two.jobs == 2
    assert comparable(one) == comparable(two)
    assert [g.status for g in one.games] == ["win"] * 4
    s1, s2 = summarize(one).to_json(), summarize(two).to_json()
    for s in (s1, s2):
        del s["config"]
        for b in s["bots"]:
            del b["seconds"], b["seconds_per_decision"]
    assert s1 == s2
    # The records file is in schedule order whatever order the games finished in.
    records = list(read_records(tmp_path / "g.jsonl"))
    assert [r.meta["arena"]["index"] for r in records] == [0, 1, 2, 3]


def test_records_replay_to_the_same_final_state(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    arena = run_arena("star-realms", ["greedy", "random"], games=4, seed=2, jobs=1, records=path)
    records = list(read_records(path))
    assert len(records) == len(arena.games) == 4
    for record, game in zip(records, arena.games, strict=True):
        _, state = play_game(game.spec)
        final = record.final_state()
        assert final.export() == state.export()
        assert final.over and final.winner == game.winners[0]
        info = record.meta["arena"]
        assert info["seats"] == game.seats
        assert info["bots"] == ["greedy", "random"] or info["bots"] == ["random", "greedy"]
        assert info["status"] == "win"
        assert record.seed == game.spec.seed
        assert record.options == {"players": 2}


def test_capped_games_are_neither_wins_nor_losses() -> None:
    arena = run_arena(
        "star-realms", ["random", "greedy"], games=2, seed=1, jobs=1, max_decisions=30
    )
    assert [g.status for g in arena.games] == ["capped", "capped"]
    assert all(g.scores is None and g.winners == [] for g in arena.games)
    assert all(g.total_decisions == 30 for g in arena.games)
    summary = summarize(arena)
    assert summary.capped == 2
    for b in summary.bots:
        assert (b.games, b.capped, b.wins, b.draws, b.losses) == (2, 2, 0, 0, 0)
        assert b.rate.n == 0 and b.rate.value is None
        assert b.rating == pytest.approx(1500)
    (pair,) = summary.pairs
    assert (pair.games, pair.capped, pair.rate.n) == (2, 2, 0)
    assert summary.lengths.mean_decisions is None


def test_turn_cap(toy: str) -> None:
    arena = run_arena(
        toy, ["random", "random"], games=2, jobs=1, max_turns=5, options={"endless": True}
    )
    assert [g.status for g in arena.games] == ["capped", "capped"]
    assert all(g.turns == 6 and g.total_decisions == 5 for g in arena.games)


def test_many_seats_teams_and_draws(toy: str) -> None:
    arena = run_arena(
        toy,
        ["random"] * 4,
        games=40,
        seed=3,
        jobs=1,
        players=4,
        options={"teams": True, "rounds": 1},
    )
    summary = summarize(arena)
    assert summary.games == 40 and summary.capped == 0
    assert len(summary.seats) == 4
    assert summary.teams is not None and set(summary.teams) == {0, 1}
    statuses = Counter(g.status for g in arena.games)
    assert statuses["win"] > 0 and statuses["draw"] > 0
    for g in arena.games:
        if g.status == "win":
            assert len(g.winners) == 2 and g.teams[g.winners[0]] == g.teams[g.winners[1]]
            assert g.scores is not None and sum(g.scores) == 2
        else:
            assert g.scores == [0.25] * 4
    # Every seat score, every team share and every bot's score add up to the games played.
    assert sum(r.score for r in summary.teams.values()) == pytest.approx(40)
    assert sum(r.score for r in summary.seats) == pytest.approx(
        sum(sum(g.scores or []) for g in arena.games)
    )
    assert sum(b.games for b in summary.bots) == 160
    # Team-mates are never compared; opponents are.
    for pair in summary.pairs:
        assert pair.games == 40
        assert pair.draws == statuses["draw"]


class PickyBot(Bot):
    """Takes a budget; plays the last legal action."""

    name = "picky"

    def __init__(self, seed: int = 0, budget: float = 1.0) -> None:
        super().__init__(seed)
        self.budget = budget

    def choose(self, view: View, legal: list[Action]) -> Action:
        return legal[-1]


class CheatBot(Bot):
    name = "cheat"

    def choose(self, view: View, legal: list[Action]) -> Action:
        return {"do": "buy", "card": "flagship"}


def test_bot_options_reach_only_the_bots_that_take_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bot_base._BOTS, "picky", PickyBot)
    bot = make_bot("picky", 1, {"budget": 0.25, "other": 3})
    assert isinstance(bot, PickyBot) and bot.budget == 0.25
    assert make_bot("random", 1, {"budget": 0.25}).seed == 1
    arena = run_arena("star-realms", ["picky", "random"], games=2, jobs=1, budget=0.5)
    assert arena.plan.config()["bot_options"] == {"budget": 0.5}


def test_an_option_of_one_bot_does_not_reach_another_that_passes_its_options_on() -> None:
    """``expert`` takes ``weights``; ``hard`` passes ``**options`` on to its search but does
    not take ``weights``, so an arena of the two gives it only the budget."""
    hard = make_bot("hard", 1, {"budget": 0.25, "weights": "net.npz"})
    assert isinstance(hard, HardBot) and hard.budget == 0.25
    expert = make_bot("expert", 1, {"budget": 0.25, "weights": "net.npz"})
    assert isinstance(expert, ExpertBot) and expert.weights == "net.npz"


def test_an_illegal_move_stops_the_arena_and_names_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(bot_base._BOTS, "cheat", CheatBot)
    with pytest.raises(
        ArenaError, match=r"arena game 0 .* bot 'cheat' in seat \d chose an illegal"
    ):
        run_arena("star-realms", ["cheat", "random"], games=2, jobs=1)
