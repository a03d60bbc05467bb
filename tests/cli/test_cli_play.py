"""``rumizi play``, ``rumizi games``: driven through click's CliRunner with scripted input."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from rumizi import GameRecord, bots
from rumizi.cli.main import cli


def play(runner: CliRunner, *args: str, input: str = "") -> Result:
    return runner.invoke(cli, ["play", "star-realms", *args], input=input)


def test_games_lists_star_realms_in_both_languages(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["games"])
    assert result.exit_code == 0, result.output
    assert "star-realms" in result.output
    assert "Star Realms" in result.output
    assert "استار رلمز" in result.output


def test_whole_game_always_move_one_is_saved_and_replays(runner: CliRunner) -> None:
    result = play(runner, "--seed", "5", "--seat", "1", "--save", "game.json", input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    assert "Game saved to game.json" in result.output
    record = GameRecord.load("game.json")
    final = record.final_state()
    assert final.over
    assert record.meta["result"] == {"over": True, "winner": final.winner, "turn": final.turn}
    assert record.meta["human"] == 0 and record.meta["bot"] == "random"
    winner = "You won!" if final.winner == 0 else "Random bot won!"
    assert f"Game over: {winner}" in result.output


def test_default_save_path_is_game_and_seed(runner: CliRunner, tmp_path: Path) -> None:
    result = play(runner, "--seed", "11", "--seat", "2", input="1\n1\nq\n")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "star-realms-11.json").exists()
    assert "star-realms-11.json" in result.output


def test_quit_saves_the_game_so_far(runner: CliRunner) -> None:
    result = play(runner, "--seed", "3", "--seat", "1", "--save", "g.json", input="1\n1\nq\n")
    assert result.exit_code == 0, result.output
    assert "You left the game." in result.output
    record = GameRecord.load("g.json")
    assert len(record.actions) >= 2  # our two moves, and whatever the bot did before them
    state = record.final_state()
    assert not state.over
    assert record.meta["result"]["over"] is False


def test_end_of_input_saves_and_exits_cleanly(runner: CliRunner) -> None:
    result = play(runner, "--seed", "3", "--seat", "1", "--save", "g.json", input="1\n")
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert "Input ended" in result.output
    assert GameRecord.load("g.json").actions


def test_bad_input_gets_a_message_and_a_new_prompt(runner: CliRunner) -> None:
    script = "banana\n99\n0\n\n?1\n?99\ni gnat\ni zzzz\ni bot\nh\nl\nq\n"
    result = play(runner, "--seed", "3", "--seat", "1", "--save", "g.json", input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "“banana” is not a move" in out
    assert "“99” is not a move" in out
    assert "“0” is not a move" in out
    assert "Move 99 involves no card." in out
    assert "Name           Gnat (پشه)" in out  # i gnat
    assert "No card is called “zzzz”." in out
    assert "Which card? Trade Bot, Battle Bot, Supply Bot" in out
    assert "save the game and quit" in out  # h
    # No move was made, so the record holds only what the bot may have done first.
    prompts = out.count("Your move (")
    assert prompts == script.count("\n")
    assert GameRecord.load("g.json").final_state().to_act == 0


def test_card_details_of_a_move(runner: CliRunner) -> None:
    # Seed 3, seat 0: the first move is "Play Lookout".
    result = play(runner, "--seed", "3", "--seat", "1", "--save", "g.json", input="?1\nq\n")
    assert "1. Play Lookout — 1 trade" in result.output
    assert "Lookout (دیده‌بان)" in result.output


def test_persian_game_is_all_persian_digits(runner: CliRunner) -> None:
    script = "1\n1\n?1\nh\nxyz\n" + "1\n" * 40 + "q\n"
    result = play(
        runner, "--seed", "3", "--seat", "1", "--lang", "fa", "--save", "g.json", input=script
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "حرکت‌های شما" in out
    assert "ذخیره شد" in out
    assert "«xyz» حرکت نیست" in out
    assert not re.search(r"[0-9]", out), re.findall(r".*[0-9].*", out)[:5]
    assert "۱." in out


def test_persian_digits_are_accepted_as_moves(runner: CliRunner) -> None:
    result = play(
        runner, "--seed", "3", "--seat", "1", "--lang", "fa", "--save", "g.json", input="۱\n١\nq\n"
    )
    assert result.exit_code == 0, result.output
    record = GameRecord.load("g.json")
    assert record.actions[:2] == [{"do": "play", "card": "lookout"}] * 2


def test_random_seat_comes_from_the_seed(runner: CliRunner) -> None:
    seats = set()
    for seed in range(6):
        result = play(runner, "--seed", str(seed), "--save", f"g{seed}.json", input="q\n")
        assert result.exit_code == 0, result.output
        seats.add(GameRecord.load(f"g{seed}.json").meta["human"])
        play(runner, "--seed", str(seed), "--save", "again.json", input="q\n")
        assert GameRecord.load("again.json").meta == GameRecord.load(f"g{seed}.json").meta
    assert seats == {0, 1}


def test_the_bot_plays_first_when_the_seed_says_so(runner: CliRunner) -> None:
    # Find a seed where the human (seat 0) is second: the bot's turn is in the log.
    for seed in range(20):
        result = play(runner, "--seed", str(seed), "--seat", "1", "--save", "g.json", input="q\n")
        record = GameRecord.load("g.json")
        if record.actions:
            assert "Random bot ended their turn." in result.output
            assert record.start().to_act == 1
            return
    pytest.fail("no seed in range lets the bot start")


def test_greedy_bot(runner: CliRunner) -> None:
    result = play(
        runner,
        "--vs",
        "greedy",
        "--seed",
        "4",
        "--seat",
        "1",
        "--save",
        "g.json",
        input="1\n" * 30 + "q\n",
    )
    if "greedy" in bots.names():
        assert result.exit_code == 0, result.output
        assert GameRecord.load("g.json").meta["bot"] == "greedy"
    else:  # not written yet: a clear message, no traceback
        assert result.exit_code == 1
        assert "Unknown bot" in result.output
        assert not isinstance(result.exception, KeyError)


def test_unknown_game_is_a_usage_error(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["play", "chess"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output


def test_bad_options_are_rejected_by_click(runner: CliRunner) -> None:
    assert play(runner, "--lang", "de").exit_code == 2
    assert play(runner, "--seat", "3").exit_code == 2
    assert play(runner, "--vs", "nobody").exit_code == 2


def test_console_and_input_can_be_injected(runner: CliRunner) -> None:
    from io import StringIO

    from rich.console import Console

    buffer = StringIO()
    console = Console(file=buffer, width=100, color_system=None)
    script = iter(["2", "h", "1", "q"])
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(script)

    result = runner.invoke(
        cli,
        ["play", "star-realms", "--seed", "3", "--seat", "1", "--save", "g.json"],
        obj={"console": console, "input": read},
    )
    assert result.exit_code == 0, result.output
    assert result.output == ""  # everything went to the injected console
    out = buffer.getvalue()
    assert "1. Play Lookout — 1 trade" in out
    assert "Game saved to g.json" in out
    assert prompts == ["Your move (1–3, ?N card, h help, q quit)"] * 4
    assert GameRecord.load("g.json").actions == [
        {"do": "play", "card": "viper"},
        {"do": "play", "card": "lookout"},
    ]
