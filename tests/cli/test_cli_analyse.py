"""``rumizi analyse``: a report per seat, the marked moves, JSON, Persian, refusals."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from click.testing import CliRunner
from rich.console import Console

from rumizi.analysis import Analysis
from rumizi.cli.main import cli
from rumizi.core.record import GameRecord
from tests.cli.persian import persian_problems
from tests.tiny.ten import GAME as TEN

TWO, ONE = {"do": "add", "n": 2}, {"do": "add", "n": 1}


def blundered(tmp: Path) -> Path:
    """A game of Ten where the first player adds 1 at a total of 8 instead of winning."""
    path = tmp / "ten.json"
    GameRecord("ten", seed=1, actions=[TWO, TWO, TWO, TWO, ONE, ONE]).save(path)
    return path


def run(runner: CliRunner, *args: str) -> tuple[int, str]:
    out = io.StringIO()
    console = Console(file=out, width=160, color_system=None, highlight=False)
    result = runner.invoke(cli, ["analyse", *args], obj={"console": console})
    return result.exit_code, out.getvalue() + result.output


def test_the_report_lists_the_blunder_and_the_better_move(
    runner: CliRunner, tmp_path: Path
) -> None:
    code, text = run(runner, str(blundered(tmp_path)), "--worlds", "16")
    assert code == 0, text
    assert "blunder" in text and "Player" in text and "Better" in text
    # The better move wins at once (certain: 100%); the move played is sampled: never ± 0%.
    assert "(100%)" in text and "± 0%" not in text and re.search(r"\d+% ± [1-9]\d*%", text)


def test_json_reads_back_and_seat_limits_the_decisions(runner: CliRunner, tmp_path: Path) -> None:
    first = TEN.new(seed=1).to_act
    code, text = run(
        runner, str(blundered(tmp_path)), "--json", "--worlds", "16", "--seat", str(first + 1)
    )
    assert code == 0, text
    report = Analysis.from_json(json.loads(text))
    assert report.seats == [first] and all(d.seat == first for d in report.decisions)
    assert {d.ply for d in report.marked()} >= {4}


def test_persian_report_is_spelled_right(runner: CliRunner, tmp_path: Path) -> None:
    code, text = run(runner, str(blundered(tmp_path)), "--worlds", "16", "--lang", "fa")
    assert code == 0, text
    assert "اشتباه فاحش" in text and "٪" in text
    persian_lines = [line for line in text.splitlines() if "بازیکن" in line and "Ten" not in line]
    assert persian_lines
    for line in persian_lines:
        assert not [p for p in persian_problems(line) if "ASCII digit" not in p or "seed" in line]


def test_bad_files_and_seats_are_refused(runner: CliRunner, tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    code, text = run(runner, str(broken))
    assert code == 1 and "Cannot read" in text
    code, text = run(runner, str(blundered(tmp_path)), "--seat", "6")
    assert code == 2 and "--seat must be 1 to 2" in text
