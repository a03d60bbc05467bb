"""``rumizi arena`` and ``rumizi arena-extract`` through click's CliRunner."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from rumizi import GameRecord
from rumizi.cli.main import cli


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RUMIZI_LANG", raising=False)
    return CliRunner()


def arena(runner: CliRunner, *args: str) -> Result:
    return runner.invoke(cli, ["arena", "star-realms", "--quiet", *args])


def test_arena_writes_json_with_every_game(runner: CliRunner) -> None:
    result = arena(
        runner, "--bots", "greedy,random", "--games", "4", "--jobs", "2", "--out", "r.json"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "star-realms arena — 4 games, 4 per pair, seed 0" in out
    assert "greedy vs random" in out and "Elo" in out and "first to act" in out
    assert "anchored at mean = 1500" in out
    assert "results written to r.json" in out
    data = json.loads(Path("r.json").read_text(encoding="utf-8"))
    assert data["config"]["entrants"] == ["greedy", "random"]
    assert data["config"]["jobs"] == 2
    assert data["games"] == 4 and data["capped"] == 0
    greedy, random_ = data["bots"]
    assert greedy["label"] == "greedy" and greedy["wins"] == 4
    assert greedy["win_rate"]["ci_low"] == pytest.approx(0.5101, abs=1e-4)  # Wilson, 4 of 4
    assert greedy["elo"] > random_["elo"]
    assert greedy["seconds_per_decision"] > 0
    assert data["pairs"][0]["a_wins"] == 4 and data["pairs"][0]["mean_turns"] > 0
    assert len(data["seats"]) == 2 and data["first_mover"]["n"] == 4
    assert [g["index"] for g in data["game_results"]] == [0, 1, 2, 3]
    assert data["elo"]["anchor"] == "mean = 1500"


def test_arena_writes_csv(runner: CliRunner) -> None:
    result = arena(
        runner, "--bots", "greedy,random", "--games", "2", "--jobs", "1", "--out", "r.csv",
        "--anchor", "random",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "anchored at random = 0" in result.output
    with open("r.csv", encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    kinds = [r["kind"] for r in rows]
    assert kinds == ["bot", "bot", "pair", "seat", "seat", "first", "all"]
    bots = {r["name"]: r for r in rows if r["kind"] == "bot"}
    assert float(bots["random"]["elo"]) == 0.0
    assert float(bots["greedy"]["elo"]) > 0
    assert bots["greedy"]["wins"] == "2" and bots["greedy"]["capped"] == "0"
    pair = rows[2]
    assert (pair["name"], pair["opponent"], pair["games"]) == ("greedy", "random", "2")
    assert float(pair["ci_low"]) < float(pair["win_rate"]) <= float(pair["ci_high"])


def test_capped_games_are_reported_as_capped(runner: CliRunner) -> None:
    result = arena(
        runner, "--bots", "random,random", "--games", "2", "--jobs", "1", "--max-decisions", "20",
        "--out", "r.json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "0 finished, 2 capped" in result.output
    assert "count neither as a win nor a loss" in result.output
    data = json.loads(Path("r.json").read_text(encoding="utf-8"))
    assert data["capped"] == 2
    assert [b["capped"] for b in data["bots"]] == [2, 2]
    assert [b["label"] for b in data["bots"]] == ["random", "random#2"]
    assert data["bots"][0]["win_rate"]["rate"] is None
    assert {g["status"] for g in data["game_results"]} == {"capped"}


def test_records_extract_and_replay(runner: CliRunner) -> None:
    result = arena(runner, "--bots", "random,greedy", "--games", "2", "--records", "g.jsonl")
    assert result.exit_code == 0, result.output
    assert "2 games written to g.jsonl" in result.output
    lines = Path("g.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    result = runner.invoke(cli, ["arena-extract", "g.jsonl", "1", "one.json"])
    assert result.exit_code == 0, result.output
    assert "seat 0: greedy, seat 1: random; win" in result.output
    record = GameRecord.load("one.json")
    assert record.to_json() == json.loads(lines[1])
    assert record.final_state().over
    shown = runner.invoke(cli, ["replay", "one.json", "--all"], input="q\n")
    assert shown.exit_code == 0, shown.output
    assert f"Move 0 of {len(record.actions)}" in shown.output
    missing = runner.invoke(cli, ["arena-extract", "g.jsonl", "2", "x.json"])
    assert missing.exit_code == 2 and "has no game 2" in missing.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "greedy,nobody"], "unknown bot(s) 'nobody'"),
        (["--bots", "greedy,random", "--out", "r.txt"], "must end in .json or .csv"),
        (["--bots", "greedy,random", "--format", "team"], "unsupported format 'team'"),
        (["--bots", "greedy,random", "--anchor", "hard"], "--anchor 'hard' is not one of"),
        (["--bots", "greedy,random,random", "--players", "3"], "for 2 players, not 3"),
    ],
)
def test_arena_refuses_bad_settings(runner: CliRunner, args: list[str], message: str) -> None:
    result = arena(runner, *args)
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())


def test_odd_games_are_rounded_up(runner: CliRunner) -> None:
    result = arena(runner, "--bots", "greedy,random", "--games", "1", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "2 games per table (rounded up from 1" in result.output
