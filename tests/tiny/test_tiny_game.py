"""Ten, the smallest complete game, through every layer: registry, engine, terminal, server,
bots, arena and the research adapters (see docs/new-game.md).

Ten lives in ``tests/tiny`` and joins with ``rumizi.register``; it brings an engine, a greedy
heuristic and an encoding, and nothing else, so everything else here is the platform's
defaults at work.
"""

from __future__ import annotations

import contextlib
import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from click.testing import CliRunner
from pettingzoo.test import api_test
from starlette.testclient import TestClient

import rumizi
from rumizi.adapters.base import encoded_game_ids
from rumizi.arena.runner import WIN, run_arena
from rumizi.bots import make
from rumizi.bots.search import FlatMCBot, ISMCTSBot
from rumizi.bots.strategies import forget_strategy, strategy_for
from rumizi.cli.main import cli
from rumizi.core.contract import Action, record_events
from rumizi.core.record import GameRecord
from rumizi.core.registry import game_module
from rumizi.server.app import Settings, create_app
from rumizi.server.plugins import plugin
from tests.server.kit import Server, play_random
from tests.tiny.engine import TARGET
from tests.tiny.ten import GAME, TenState

BOTS = ["random", "greedy", "strong", "easy", "medium", "hard"]


def positions(seed: int) -> Iterator[TenState]:
    """Every position of a random game of Ten, the last one finished."""
    rng = random.Random(seed)
    state = GAME.new(seed=seed)
    while True:
        yield state.clone()
        if state.over:
            return
        state.apply(rng.choice(state.legal_actions()))


# ---------------------------------------------------------------------- registry and engine


def test_the_tiny_game_joins_the_registry() -> None:
    assert rumizi.game("ten") is GAME
    assert "ten" in rumizi.game_ids()
    assert game_module("ten", "heuristics") is not None  # found beside its engine
    assert game_module("ten", "web") is None  # none: the platform's defaults word it


def test_a_view_hides_the_other_card_and_a_sample_fits_the_view() -> None:
    for seed in range(20):
        for state in positions(seed):
            for seat in (0, 1):
                view = state.view(seat)
                assert view["hands"][1 - seat] is None
                assert view["hands"][seat] == state.hands[seat]
                world = GAME.sample(view, seed=seed)
                assert world.view(seat) == view
            assert GAME.load(state.export()).export() == state.export()


def test_an_illegal_move_changes_nothing() -> None:
    state = GAME.new(seed=2)
    before = state.export()
    for bad in ({"do": "add", "n": 3}, {"do": "fly"}, {}):
        with pytest.raises(rumizi.IllegalAction):
            state.apply(bad)
    assert state.export() == before
    with pytest.raises(ValueError, match="not a Ten document"):
        GAME.load({"hands": [1, 2]})


def test_the_log_is_recorded_when_asked() -> None:
    state = GAME.new(seed=4)
    assert state.events is None  # declared by the contract, off by default
    log = record_events(state)
    state.apply({"do": "add", "n": 2})
    assert [e["event"] for e in log] == ["add", "turn"]


# ---------------------------------------------------------------------- the terminal


def test_play_and_replay_in_the_terminal_with_the_plain_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RUMIZI_LANG", raising=False)
    runner = CliRunner()
    moves = "1\n" * (TARGET + 2)
    played = runner.invoke(
        cli, ["play", "ten", "--vs", "greedy", "--seed", "5", "--save", "g.json"], input=moves
    )
    assert played.exit_code == 0, played.output
    assert "Your moves" in played.output  # the plain terminal's numbered list
    assert '{"do": "add", "n": 1}' in played.output  # labelled by the default web texts
    record = GameRecord.load("g.json")
    assert record.game == "ten" and record.final_state().over
    replayed = runner.invoke(cli, ["replay", "g.json", "--all"], input="\n" * 30 + "q\n")
    assert replayed.exit_code == 0, replayed.output
    assert "Ten" in replayed.output
    listed = runner.invoke(cli, ["games"])
    assert "ten" in listed.output


# ---------------------------------------------------------------------- the server


@contextlib.contextmanager
def server(tmp_path: Path) -> Iterator[Server]:
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'r.sqlite3'}", bot_workers=0))
    main = TestClient(app)
    main.__enter__()
    found = Server(f"sqlite:///{tmp_path / 'r.sqlite3'}", app, main)
    try:
        yield found
    finally:
        found.close()


def test_a_table_of_the_tiny_game_is_played_on_the_server(tmp_path: Path) -> None:
    with server(tmp_path) as srv:
        games = srv.guest().get("/api/games").json()
        entry = next(g for g in games if g["id"] == "ten")
        assert entry["name"] == "ده"  # the default catalogue line, in Persian first
        assert [g["id"] for g in games][-1] == "ten"  # no rank of its own: last
        browser = srv.guest()
        made = browser.create_table(
            game="ten", seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}]
        )
        with browser.socket(made["id"]) as sock:
            state = sock.next_state()
            while state["result"] is None:
                state = play_random({0: sock}, random.Random(1), 1, state)
        assert state["result"]["winner"] in (0, 1)
        replay = browser.get(f"/api/tables/{made['id']}/replay").json()
        assert replay["final"] and len(replay["frames"]) >= 2
    assert plugin("ten").result_text(state["view"], _audience()) in ("برنده: شما", "برنده: ربات")


def _audience() -> Any:
    from rumizi.core.addons import Audience

    return Audience("fa", 0, ("شما", "ربات"), {"players": 2})


# ---------------------------------------------------------------------- bots and the arena


@pytest.mark.parametrize("name", BOTS)
def test_every_bot_chooses_a_legal_move(name: str) -> None:
    bot = make(name, seed=3, **({"iterations": 20} if name == "hard" else {}))
    for seed in range(3):
        for state in positions(seed):
            if state.over:
                break
            legal = state.legal_actions()
            assert bot.choose(state.view(state.to_act), legal) in legal


@pytest.mark.parametrize("cls", [FlatMCBot, ISMCTSBot])
def test_search_finds_the_winning_move(cls: type[FlatMCBot | ISMCTSBot]) -> None:
    state = GAME.load(
        {"total": 8, "current": 0, "turn": 5, "hands": [1, 3], "deck": [], "winner": None}
    )
    bot = cls(1, iterations=200)
    assert bot.choose(state.view(0), state.legal_actions()) == {"do": "add", "n": 2}


def test_the_one_strategy_registry_takes_add_ons_given_by_hand() -> None:
    assert strategy_for("ten").source == "heuristics"  # no strategy module: its heuristic

    def always_play(view: Any, legal: list[Action], rng: Any = None) -> Action:
        return legal[-1]

    try:
        rumizi.register(GAME, add_ons={"heuristics": SimpleNamespace(choose=always_play)})
        forget_strategy("ten")
        state = GAME.new(seed=1)
        assert make("greedy").choose(state.view(state.to_act), state.legal_actions()) == {
            "do": "play"
        }
    finally:
        rumizi.register(GAME)
        forget_strategy("ten")


def test_a_short_arena() -> None:
    result = run_arena("ten", ["greedy", "random"], games=8, seed=2, jobs=1)
    assert len(result.games) == 8
    assert all(g.status == WIN and len(g.winners) == 1 for g in result.games)
    # Every pair plays from both seats: greedy sat first in half of the games.
    assert [g.spec.seats[0] for g in result.games].count("greedy") == 4


# ---------------------------------------------------------------------- research adapters


def test_pettingzoo_api_test_runs_on_the_tiny_game() -> None:
    assert "ten" in encoded_game_ids()
    env = rumizi.env("ten", render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=200)
