"""The arena at a simultaneous phase: every actor is asked in turn, the games end and replay."""

from __future__ import annotations

from rumizi.arena import run_arena
from rumizi.arena.runner import next_actor
from rumizi.core.record import GameRecord
from rumizi.games.fantasy_realms import GAME


def test_each_actor_is_asked_in_turn() -> None:
    s = GAME.new(seed=2, players=4, variant="chaos")
    assert [next_actor(s, last) for last in (None, 0, 1, 2, 3)] == [0, 1, 2, 3, 0]
    s.apply({"do": "done", "by": 1})
    assert next_actor(s, 0) == 2
    one = GAME.new(seed=2, players=4)
    assert next_actor(one, 3) == one.to_act  # one actor: always that one


def test_bots_finish_chaos_games_and_the_records_replay() -> None:
    arena = run_arena(
        "fantasy-realms",
        ["greedy", "random", "strong"],
        games=3,
        players=3,
        options={"variant": "chaos"},
        jobs=1,
    )
    assert arena.games and all(g.status != "capped" for g in arena.games)
    for g in arena.games:
        assert sum(g.decisions) == len(g.actions)
        assert any(a.get("do") == "done" for a in g.actions)
        record = GameRecord.from_json(g.record().to_json())
        assert record.final_state().over
