"""``rumizi replay``: stepping through saved games, and clear errors for broken files."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from rumizi import GameRecord
from rumizi.cli.main import cli


def saved_game(path: Path, moves: int = 60, seed: int = 8) -> GameRecord:
    record = GameRecord("star-realms", seed=seed, meta={"human": 0, "bot": "random"})
    state = record.start()
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.over:
            break
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        record.actions.append(dict(action))
    record.save(path)
    return record


def replay(runner: CliRunner, *args: str, input: str = "") -> Result:
    return runner.invoke(cli, ["replay", *args], input=input)


def test_replay_steps_back_jumps_and_quits(runner: CliRunner, tmp_path: Path) -> None:
    record = saved_game(tmp_path / "g.json")
    n = len(record.actions)
    result = replay(runner, "g.json", input="\n\nb\n10\nxyz\nh\ni gnat\nq\n")
    assert result.exit_code == 0, result.output
    out = result.output
    for k in (0, 1, 2, 10):
        assert f"Move {k} of {n}" in out
    assert out.count(f"Move 1 of {n}") == 2  # Enter, Enter, then b: back to move 1
    assert "“xyz” is not understood" in out
    assert "one move back" in out  # help
    assert "Gnat (پشه)" in out
    assert "seen by Human" in out  # the human's seat by default
    assert "Random bot" in out


def test_replay_to_the_end_of_a_finished_game(runner: CliRunner, tmp_path: Path) -> None:
    record = saved_game(tmp_path / "g.json", moves=10_000)
    n = len(record.actions)
    assert record.final_state().over
    result = replay(runner, "g.json", "--all", input=f"{n}\n\n")
    assert result.exit_code == 0, result.output
    assert "End of the record." in result.output
    assert "Game over" in result.output
    assert "all cards shown" in result.output


def test_replay_all_shows_both_hands(runner: CliRunner, tmp_path: Path) -> None:
    saved_game(tmp_path / "g.json", moves=0)
    hand_rows = re.compile(r"^│ Hand\s", re.MULTILINE)
    seat = replay(runner, "g.json", "--seat", "1", input="q\n").output
    every = replay(runner, "g.json", "--all", input="q\n").output
    assert len(hand_rows.findall(seat)) == 1
    assert len(hand_rows.findall(every)) == 2
    assert len(re.findall(r"^│ Next\s", every, re.MULTILINE)) == 2  # the decks, top first


def test_replay_ends_cleanly_at_end_of_input(runner: CliRunner, tmp_path: Path) -> None:
    saved_game(tmp_path / "g.json")
    result = replay(runner, "g.json", "--seat", "2", input="\n")
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert "seen by Random bot" in result.output


def test_replay_in_persian(runner: CliRunner, tmp_path: Path) -> None:
    saved_game(tmp_path / "game.json")
    result = replay(runner, "game.json", "--lang", "fa", input="\n5\nq\n")
    assert result.exit_code == 0, result.output
    assert "حرکت ۵ از" in result.output
    assert not re.search(r"[0-9]", result.output)


@pytest.mark.parametrize(
    ("content", "why"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "not a Rumizi game record"),
        (json.dumps({"rumizi_record": 1, "game": "chess"}), "unknown game 'chess'"),
        (
            json.dumps(
                {"rumizi_record": 1, "game": "star-realms", "seed": 1, "actions": [{"do": "x"}]}
            ),
            "move 1",
        ),
        (
            json.dumps({"rumizi_record": 1, "game": "star-realms", "seed": 1, "actions": [1]}),
            "action objects",
        ),
    ],
)
def test_broken_file_is_a_clear_error(
    runner: CliRunner, tmp_path: Path, content: str, why: str
) -> None:
    (tmp_path / "bad.json").write_text(content, encoding="utf-8")
    result = replay(runner, "bad.json")
    assert result.exit_code == 1, result.output
    assert "Cannot replay bad.json" in result.output
    assert why in result.output
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)


def test_missing_or_unreadable_file(runner: CliRunner, tmp_path: Path) -> None:
    result = replay(runner, "nowhere.json")
    assert result.exit_code == 1
    assert "Cannot replay nowhere.json: no such file" in result.output
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    result = replay(runner, "binary.json")
    assert result.exit_code == 1
    assert "Cannot replay binary.json" in result.output


def test_seat_out_of_range(runner: CliRunner, tmp_path: Path) -> None:
    saved_game(tmp_path / "g.json")
    result = replay(runner, "g.json", "--seat", "6")
    assert result.exit_code == 2
    assert "--seat must be 1 to 2" in result.output


def test_a_game_saved_by_play_replays(runner: CliRunner) -> None:
    played = runner.invoke(
        cli,
        ["play", "star-realms", "--seed", "9", "--seat", "2", "--save", "p.json"],
        input="1\n" * 25 + "q\n",
    )
    assert played.exit_code == 0, played.output
    n = len(GameRecord.load("p.json").actions)
    result = replay(runner, "p.json", input=f"{n}\nq\n")
    assert result.exit_code == 0, result.output
    assert f"Move {n} of {n}" in result.output
    assert "seen by Human" in result.output
