"""Puzzles from the server's own games: a finished table is replayed and asked as self-play is
(the same game gives the same puzzles), a table still being played is not read, the command
writes what it found, and a server given the file serves those puzzles beside the shipped ones."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from rumizi import bots, puzzles
from rumizi.cli.main import cli
from rumizi.core import rng
from rumizi.core.contract import GameState
from rumizi.core.puzzles import Puzzle
from rumizi.core.registry import game
from rumizi.server.puzzle_mining import mine_finished, served
from rumizi.server.store import ActionWrite, SeatRow, Store
from tests.server.kit import ServerFactory

GAME_ID = "star-realms"


def self_play(seed: int, i: int) -> tuple[int, list[dict[str, object]], GameState]:
    """Self-play game ``i`` of ``puzzles.mine(GAME_ID, ..., seed)``: its seed and moves."""
    game_seed = rng.normalize_seed(seed * 1_000_003 + i)
    state = game(GAME_ID).new(seed=game_seed, players=2)
    players = [bots.make("greedy", seed=rng.normalize_seed(game_seed + q)) for q in range(2)]
    moves = []
    while not state.over:
        seat = state.to_act
        assert seat is not None
        move = players[seat].choose(state.view(seat), state.legal_actions_for(seat))
        moves.append(dict(move))
        state.apply(move)
    return game_seed, moves, state


def store_table(store: Store, seed: int, moves: list[dict[str, object]], finish: bool) -> str:
    """A table of two bots that played ``moves`` (finished with the last one, if ``finish``)."""
    seats = [SeatRow(q, "bot", "greedy", None, None) for q in range(2)]
    user, _ = store.create_guest()
    row = store.create_table(
        game=GAME_ID, options={}, players=2, seed=seed, seats=seats, clock={},
        rated=False, creator=user.id,
    )  # fmt: skip
    state = game(GAME_ID).new(seed=seed, players=2)
    writes = []
    for version, move in enumerate(moves, 1):
        seat = state.to_act
        state.apply(move)
        ended = finish and version == len(moves)
        result = {"winner": state.winner} if ended else None
        at = datetime.now(UTC)
        writes.append(
            ActionWrite(row.id, version, seat, move, f"bot-{version}", at, result, None, GAME_ID)
        )
    assert all(error is None for error in store.append_actions(writes))
    return row.id


def puzzles_of(seed: int, i: int) -> list[Puzzle]:
    return puzzles.mine_one(GAME_ID, seed, i)


def test_a_finished_table_gives_the_puzzles_its_game_holds(make_server: ServerFactory) -> None:
    server = make_server()
    # self-play games with a puzzle in them, stored as server tables of two bots
    chosen = [i for i in range(40) if puzzles_of(1, i)][:2]
    assert len(chosen) == 2
    expected: list[str] = []
    tables = []
    for i in chosen:
        seed, moves, _ = self_play(1, i)
        tables.append(store_table(server.store, seed, moves, finish=True))
        expected += [p.id for p in puzzles_of(1, i)]
    seed, moves, _ = self_play(1, chosen[0])  # the same game, still being played: not read
    store_table(server.store, seed, moves[:-1], finish=False)

    found = list(mine_finished(server.store, GAME_ID))
    assert sorted(p.id for p in found) == sorted(expected)  # each once, the same puzzles
    assert {p.source.split(",")[0] for p in found} == {f"table {t}" for t in tables}
    assert all(puzzles.verify(p) for p in found)
    assert list(mine_finished(server.store, "splendor-duel")) == []  # no finished table
    newest = list(mine_finished(server.store, GAME_ID, limit=1))
    assert {p.source.split(",")[0] for p in newest} == {f"table {tables[-1]}"}


def test_the_command_mines_a_database_and_a_server_serves_the_file(
    make_server: ServerFactory, tmp_path: Path
) -> None:
    i = next(i for i in range(40) if puzzles_of(2, i))
    seed, moves, _ = self_play(2, i)
    source_server = make_server()
    store_table(source_server.store, seed, moves, finish=True)
    url = str(source_server.store.engine.url)
    out = tmp_path / "ours.jsonl.gz"
    runner = CliRunner()
    done = runner.invoke(cli, ["puzzles", "mine", GAME_ID, "--from-db", url, "--out", str(out)])
    assert done.exit_code == 0, done.output
    mined = puzzles.read_file(out)
    assert [p.id for p in mined] == [p.id for p in puzzles_of(2, i)]
    assert f"{len(mined)} puzzles from 1 finished tables" in done.output

    bad = runner.invoke(cli, ["puzzles", "mine", GAME_ID, "--from-db", "nope://", "--out", "x"])
    assert bad.exit_code == 1 and "cannot open the database" in bad.output

    # Puzzles of our own, not shipped: a server given the file serves them too.
    shipped = {q.id for q in puzzles.shipped(GAME_ID)}
    ours = [p for p in mined if p.id not in shipped]
    assert ours  # another seed's games than the shipped set's
    server = make_server(puzzle_files=(out,))
    client = server.browser("en")
    got = client.get(f"/api/puzzles/{ours[0].id}")
    assert got.status_code == 200 and got.json()["kind"] == ours[0].kind
    answer = client.post(f"/api/puzzles/{ours[0].id}/answer", {"moves": list(ours[0].solution)})
    assert answer.json()["correct"] is True
    page = client.get(f"/api/games/{GAME_ID}").json()
    assert page["puzzles"] == len(shipped) + len(ours)
    assert make_server().browser().get(f"/api/puzzles/{ours[0].id}").status_code == 404


def test_a_puzzle_file_the_server_cannot_serve_is_refused_at_start(tmp_path: Path) -> None:
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"game": "star-realms"}\n', encoding="utf-8")
    with pytest.raises(ValueError, match="line 1"):
        served([broken])
    with pytest.raises(ValueError, match=r"missing\.jsonl"):
        served([tmp_path / "missing.jsonl"])
    runner = CliRunner()
    done = runner.invoke(cli, ["serve", "--puzzles", str(tmp_path / "missing.jsonl")])
    assert done.exit_code == 2 and "does not exist" in done.output
