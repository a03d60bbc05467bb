"""``rumizi play war-of-the-ring`` and ``rumizi replay`` of its records, driven with click's
CliRunner and scripted input, in English and Persian; the board of random positions (every
kind of open choice), and face-down cards never shown to the opponent."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from io import StringIO
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console, RenderableType

from rumizi import GameRecord
from rumizi.cli.main import cli
from rumizi.core.contract import record_events
from rumizi.core.i18n import to_ascii_digits
from rumizi.core.terminal_kit import Seating
from rumizi.games.war_of_the_ring import GAME, tui
from tests.cli.persian import PERSIAN_LETTER, persian_problems

GAME_ID = "war-of-the-ring"
PROMPT_RANGE = re.compile(r"1–(\d+)")


def random_human(seed: int, extra: list[str] | None = None) -> Callable[[str], str]:
    """A scripted player: the ``extra`` lines, then a random legal move number at each prompt."""
    chooser = random.Random(seed)
    queue = list(extra or [])

    def read(prompt: str) -> str:
        if queue:
            return queue.pop(0)
        found = PROMPT_RANGE.search(to_ascii_digits(prompt))
        assert found, prompt
        return str(chooser.randint(1, int(found.group(1))))

    return read


def render(renderable: RenderableType, width: int = 100) -> str:
    buffer = StringIO()
    Console(file=buffer, width=width, color_system=None).print(renderable)
    return buffer.getvalue()


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_whole_game_against_a_bot(runner: CliRunner, lang: str) -> None:
    buffer = StringIO()
    console = Console(file=buffer, width=100, color_system=None)
    read = random_human(5, ["?1", "h", "l", "i aragorn" if lang == "en" else "i آراگورن"])
    result = runner.invoke(
        cli,
        ["play", GAME_ID, "--seed", "5", "--seat", "1", "--lang", lang, "--save", "g.json"],
        obj={"console": console, "input": read},
    )
    assert result.exit_code == 0, result.output
    out = buffer.getvalue()
    final = GameRecord.load("g.json").final_state()
    assert final.over
    if lang == "en":
        assert "War of the Ring: the Card Game · Round 1" in out
        assert "Battle zones" in out and "Left flank" in out and "Your moves" in out
        assert "Name     Aragorn, Heir of Isildur (آراگورن، وارث ایسیلدور)" in out
        assert "Game saved to g.json" in out
        assert ("You win" if final.winner == 0 else "Random bot wins") in out
    else:
        assert "وار آو د رینگ" in out and "ناحیه‌های نبرد" in out and "حرکت‌های شما" in out
        lines = [line for line in out.splitlines() if re.search(f"[{PERSIAN_LETTER}]", line)]
        problems = [p for line in lines for p in persian_problems(line.replace("g.json", ""))]
        assert not problems, problems[:5]


def test_the_board_of_random_positions_shows_face_down_cards_as_backs() -> None:
    choices: set[str] = set()
    for seed in range(6):
        state = GAME.new(seed=seed)
        record_events(state)
        rng = random.Random(seed)
        while not state.over:
            seat = state.current
            view = state.view(seat)
            pending = view.get("pending")
            if pending:
                choices.add(pending["choice"])
            if rng.random() < 0.15:
                for lang in ("en", "fa"):
                    term = tui.terminal(Seating(lang, 2, you=seat, names={1 - seat: "Bot"}))
                    out = render(term.board(view, legal=state.legal_actions()))
                    if lang == "fa":
                        for line in out.splitlines():
                            assert not persian_problems(line.replace("Bot", "")), line
                    # each face-down card the viewer may not see is a back, never a name
                    hidden = sum(c is None for z in view["zones"] for c in z["cards"][1 - seat])
                    assert out.count(tui.BACK) == hidden
            state.apply(rng.choice(state.legal_actions()))
    assert {"pay", "centre", "flank"} <= choices


def test_replay_shows_every_card_with_all(runner: CliRunner, tmp_path: Path) -> None:
    record = GameRecord(GAME_ID, seed=4, options={"players": 2}, meta={"human": 0})
    record.meta["bot"] = "random"
    state = record.start()
    chooser = random.Random(4)
    while not state.over:
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        record.actions.append(dict(action))
    record.save(tmp_path / "g.json")
    n = len(record.actions)
    result = runner.invoke(cli, ["replay", "g.json"], input=f"\n\nb\n{n}\n\n")
    assert result.exit_code == 0, result.output
    assert f"Move 1 of {n}" in result.output and "End of the record." in result.output
    every = runner.invoke(cli, ["replay", "g.json", "--all"], input="3\nq\n")
    assert every.exit_code == 0, every.output
    assert "all cards shown" in every.output
    assert "▒▒" not in every.output.split(f"Move 3 of {n}")[-1]
    fa = runner.invoke(cli, ["replay", "g.json", "--lang", "fa"], input="\n5\nq\n")
    assert fa.exit_code == 0, fa.output
    assert "حرکت ۵ از" in fa.output
