"""``rumizi play splendor-duel`` and ``rumizi replay`` of its records, driven like the Star
Realms tests: click's CliRunner with scripted input, in English and Persian; the board of
random positions (every kind of open choice); cards reserved blind never shown to the
opponent; and the plain list of moves a game without a board gets."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from rich.console import Console, RenderableType

from rumizi import GameRecord
from rumizi.cli import terminal as cli_terminal
from rumizi.cli.main import cli
from rumizi.cli.terminal import Seating
from rumizi.core.i18n import number, to_ascii_digits
from rumizi.games.splendor_duel import GAME, texts, tui
from rumizi.games.splendor_duel.engine import SplendorDuelState
from tests.cli.persian import ASCII_DIGIT, PERSIAN_LETTER, persian_problems

GAME_ID = "splendor-duel"
PROMPT_RANGE = re.compile(r"1–(\d+)")


def play(runner: CliRunner, *args: str, input: str = "") -> Result:
    return runner.invoke(cli, ["play", GAME_ID, *args], input=input)


def random_human(seed: int, extra: list[str] | None = None) -> Callable[[str], str]:
    """A scripted player: first the ``extra`` lines, then a random legal move number at each
    prompt (read from the prompt's range, in either language's digits)."""
    chooser = random.Random(seed)
    queue = list(extra or [])

    def read(prompt: str) -> str:
        if queue:
            return queue.pop(0)
        found = PROMPT_RANGE.search(to_ascii_digits(prompt))
        assert found, prompt
        return str(chooser.randint(1, int(found.group(1))))

    return read


def injected(lang: str = "en", width: int = 100) -> tuple[StringIO, Console]:
    buffer = StringIO()
    return buffer, Console(file=buffer, width=width, color_system=None)


def render(renderable: RenderableType, width: int = 100) -> str:
    buffer, console = injected(width=width)
    console.print(renderable)
    return buffer.getvalue()


# ---------------------------------------------------------------------- rumizi games / play


def test_games_lists_both_games(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["games"])
    assert result.exit_code == 0, result.output
    for text in ("star-realms", "Star Realms", GAME_ID, "Splendor Duel", "کهربا دوئل"):
        assert text in result.output


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_whole_game_against_a_bot(runner: CliRunner, lang: str) -> None:
    buffer, console = injected(lang)
    read = random_human(5, ["?1", "h", "l", "i red 2a" if lang == "en" else "i قرمز ۲-الف"])
    result = runner.invoke(
        cli,
        ["play", GAME_ID, "--seed", "5", "--seat", "1", "--lang", lang, "--save", "g.json"],
        obj={"console": console, "input": read},
    )
    assert result.exit_code == 0, result.output
    out = buffer.getvalue()
    record = GameRecord.load("g.json")
    final = record.final_state()
    assert final.over
    assert record.options == {"players": 2}
    assert record.meta["human"] == 0 and record.meta["bot"] == "random"
    assert record.meta["result"]["over"] is True
    assert record.meta["result"]["winner"] == final.winner
    if lang == "en":
        assert "Splendor Duel · Turn 1" in out
        assert "Pyramid" in out and "Board" in out and "Your moves" in out
        assert "Move 1 involves no card." in out  # ?1: the first move takes tokens
        assert "Name     Red 2a (قرمز ۲-الف)" in out  # i red 2a
        assert "save the game and quit" in out and "10 crowns" in out  # h
        assert "Game saved to g.json" in out
        winner = "You won" if final.winner == 0 else "Random bot won"
        assert winner in out
    else:
        assert "کهربا دوئل" in out and "هرم" in out and "حرکت‌های شما" in out
        assert "حرکت ۱ کارتی ندارد." in out
        assert "ذخیره شد" in out
        lines = [line for line in out.splitlines() if re.search(f"[{PERSIAN_LETTER}]", line)]
        problems = [p for line in lines for p in persian_problems(line.replace("g.json", ""))]
        assert not problems, problems[:5]


def test_play_with_typed_input_and_a_stronger_bot(runner: CliRunner) -> None:
    # Always the first move, through the ordinary input, against the greedy bot.
    result = play(
        runner, "--vs", "greedy", "--seed", "2", "--seat", "2", "--save", "g.json", input="1\n" * 40
    )
    assert result.exit_code == 0, result.output
    assert "Input ended" in result.output
    record = GameRecord.load("g.json")
    assert record.meta["bot"] == "greedy" and record.meta["human"] == 1
    assert len(record.actions) >= 40


def test_quit_saves_and_bad_input_is_explained(runner: CliRunner) -> None:
    script = "banana\n999\n0\ni zzzz\ni red\n?999\n1\nq\n"
    result = play(runner, "--seed", "3", "--seat", "1", "--save", "g.json", input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "“banana” is not a move" in out
    assert "“999” is not a move" in out
    assert "No card is called “zzzz”." in out
    assert "Which card? Red 1a, Red 1b" in out
    assert "Move 999 involves no card." in out
    assert "You left the game." in out
    record = GameRecord.load("g.json")
    assert record.actions and not record.final_state().over
    assert record.meta["result"]["over"] is False


def test_default_save_path_and_options(runner: CliRunner, tmp_path: Path) -> None:
    result = play(runner, "--seed", "11", input="q\n")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "splendor-duel-11.json").exists()
    for args in (["--players", "3"], ["--format", "duel"], ["--seat", "3"]):
        bad = play(runner, *args, "--seed", "1", "--save", "bad.json", input="q\n")
        assert bad.exit_code == 2, bad.output
        assert "Traceback" not in bad.output
    assert not (tmp_path / "bad.json").exists()


# ---------------------------------------------------------------------- rumizi replay


def saved_game(path: Path, seed: int = 4, moves: int = 10_000) -> GameRecord:
    record = GameRecord(GAME_ID, seed=seed, options={"players": 2}, meta={"human": 0})
    record.meta["bot"] = "random"
    state = record.start()
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.over:
            break
        legal = state.legal_actions()
        blind = [a for a in legal if a.get("do") == "reserve" and "deck" in a]
        action = (
            chooser.choice(blind) if blind and chooser.random() < 0.3 else chooser.choice(legal)
        )
        state.apply(action)
        record.actions.append(dict(action))
    record.save(path)
    return record


def test_replay_steps_through_a_saved_record(runner: CliRunner, tmp_path: Path) -> None:
    record = saved_game(tmp_path / "g.json")
    n = len(record.actions)
    result = runner.invoke(
        cli, ["replay", "g.json"], input="\n\nb\n10\nxyz\nh\ni queen\n" + f"{n}\n\n"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    for k in (0, 1, 2, 10, n):
        assert f"Move {k} of {n}" in out
    assert out.count(f"Move 1 of {n}") == 2
    assert "“xyz” is not understood" in out
    assert "one move back" in out
    assert "the Queen (ملکه)" in out
    assert "seen by Human" in out and "Random bot" in out
    assert "End of the record." in out
    assert "won" in out


def test_replay_all_seat_and_persian(runner: CliRunner, tmp_path: Path) -> None:
    saved_game(tmp_path / "g.json", moves=60)
    every = runner.invoke(cli, ["replay", "g.json", "--all"], input="60\nq\n")
    assert every.exit_code == 0, every.output
    assert "all cards shown" in every.output
    assert "hidden level" not in every.output.split("Move 60 of 60")[-1]
    seat = runner.invoke(cli, ["replay", "g.json", "--seat", "2"], input="\n")
    assert seat.exit_code == 0, seat.output
    assert "seen by Random bot" in seat.output
    fa = runner.invoke(cli, ["replay", "g.json", "--lang", "fa"], input="\n5\nh\nq\n")
    assert fa.exit_code == 0, fa.output
    assert "حرکت ۵ از" in fa.output
    assert not ASCII_DIGIT.search(fa.output.replace("g.json", ""))


def test_a_game_saved_by_play_replays(runner: CliRunner) -> None:
    played = play(
        runner, "--seed", "9", "--seat", "2", "--save", "p.json", input="1\n" * 30 + "q\n"
    )
    assert played.exit_code == 0, played.output
    n = len(GameRecord.load("p.json").actions)
    result = runner.invoke(cli, ["replay", "p.json"], input=f"{n}\nq\n")
    assert result.exit_code == 0, result.output
    assert f"Move {n} of {n}" in result.output
    assert "seen by Human" in result.output


# ---------------------------------------------------------------------- the board


def seating(lang: str, you: int | None, human: int | None = None) -> Seating:
    other = 1 - (you if you is not None else human or 0)
    names = {other: "Random bot" if lang == "en" else "ربات تصادفی"}
    if you is None and human is not None:
        names[human] = "Human" if lang == "en" else "انسان"
    return Seating(lang, 2, you=you, human=human, bots={other: "random"}, names=names)


def random_positions(
    games: int = 12, every: int = 9
) -> Iterator[tuple[SplendorDuelState, list[dict[str, Any]]]]:
    """Positions of random games (blind reserves made often), with the events so far: every
    ``every``-th position and each open choice, then the end."""
    for seed in range(games):
        state = GAME.new(seed=seed)
        events: list[dict[str, Any]] = []
        state.events = events
        chooser = random.Random(seed)
        step = 0
        while not state.over:
            if state.view(None)["pending"] or step % every == 0:
                yield state, events
            legal = state.legal_actions()
            blind = [a for a in legal if a.get("do") == "reserve" and "deck" in a]
            pick = chooser.choice(blind) if blind and chooser.random() < 0.25 else None
            state.apply(pick or chooser.choice(legal))
            step += 1
        yield state, events


def test_the_board_renders_random_positions_with_every_choice() -> None:
    seen: set[str] = set()
    uis = {lang: tui.terminal(seating(lang, you=0)) for lang in ("en", "fa")}
    uis1 = {lang: tui.terminal(seating(lang, you=1)) for lang in ("en", "fa")}
    shown = 0
    for k, (state, events) in enumerate(random_positions(games=8, every=25)):
        pending = state.view(None)["pending"]
        if k % 3 and not (pending and pending["choice"] not in seen):
            continue  # a third of the positions, and the first of each kind of choice
        shown += 1
        me = state.to_act if state.to_act is not None else 0
        lang = ("en", "fa")[k % 2]
        ui = (uis if me == 0 else uis1)[lang]
        view = state.view(me)
        legal = state.legal_actions()
        out = render(
            ui.board(view, log=ui.log_lines(events[-10:]), legal=legal or None),
            width=(80, 120)[k % 3 == 0],
        )
        pending = view["pending"]
        if pending:
            seen.add(pending["choice"])
            assert ("Choice:" if lang == "en" else "انتخاب:") in out
            assert texts.choice_text(view, lang, ui.names, me).split()[-1] in out
        if legal:  # the board says how to list the moves; the list numbers every one
            assert "?" in out and f"{number(len(legal), lang)} " in out
            listing = render(ui.moves_panel(view, legal), width=(80, 120)[k % 3 == 0])
            last = number(len(legal), lang)
            assert f"{last}." in listing or f"{last} " in listing
        if lang == "fa":
            problems = [p for line in out.splitlines() for p in persian_problems(line)]
            assert not problems, problems[:5]
    assert seen == {"discard", "steal", "royal", "take-bonus"}
    assert shown > 30


def test_a_finished_game_names_the_winner_on_the_board() -> None:
    for state, _ in random_positions(2):
        if state.over:
            ui = tui.terminal(seating("en", you=0))
            out = render(ui.board(state.view(0)), width=120)
            winner = "You won" if state.winner == 0 else "Random bot won"
            assert winner in out


def test_cards_reserved_blind_are_hidden_from_the_opponent() -> None:
    checked = 0
    for k, (state, events) in enumerate(random_positions(games=6, every=20)):
        if k % 2 or checked >= 16:
            continue
        full = state.export()["players"]
        for owner in (0, 1):
            hidden = [r["card"] for r in full[owner]["reserved"] if r["blind"]]
            if not hidden:
                continue
            opponent = 1 - owner
            for lang in ("en", "fa"):
                names = [texts.card_name(c, lang) for c in hidden]
                ui = tui.terminal(seating(lang, you=opponent))
                legal = state.legal_actions() if state.to_act == opponent else None
                log = ui.log_lines(events)  # the whole log so far, every blind reserve in it
                out = render(ui.board(state.view(opponent), log=log, legal=legal))
                for name in names:
                    assert name not in out, (name, lang)
                assert ("hidden level-" if lang == "en" else "کارت پنهانِ سطح") in out
                # The owner sees them; so does a replay with every card shown.
                mine = tui.terminal(seating(lang, you=owner))
                own = render(mine.board(state.view(owner)), width=140)
                spectator = tui.terminal(seating(lang, you=None, human=0))
                every = render(spectator.board(spectator.reveal_all(state)), width=140)
                for name in names:
                    assert name in own and name in every
            checked += 1
    assert checked >= 8


def test_card_details_and_names() -> None:
    ui = tui.terminal(seating("en", you=0))
    assert ui.find_cards("Grey 3B") == ["3-grey-b"]
    assert ui.find_cards("خاکستری ۳-ب") == ["3-grey-b"]
    assert ui.find_cards("spymaster") == ["royal-steal"]
    assert len(ui.find_cards("red")) > 5
    assert ui.find_cards("nothing like it") == []
    assert ui.action_card({"do": "buy", "card": "1-red-a"}) == "1-red-a"
    assert ui.action_card({"do": "reserve", "gold": [1, 1], "deck": 2}) is None
    assert ui.action_card({"do": "take", "spaces": [[1, 1]]}) is None
    out = render(ui.card_panel("2-white-d"))
    assert "double" in out and "White 2d" in out
    out = render(tui.card_panel("royal-again", "fa"))
    assert "ملکه" in out and not ASCII_DIGIT.search(out)


# ---------------------------------------------------------------------- the plain fallback


def test_a_game_without_a_board_plays_from_a_plain_list(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = cli_terminal.game_module

    def no_tui(game_id: str, name: str) -> Any:
        return None if name == "tui" else real(game_id, name)

    monkeypatch.setattr(cli_terminal, "game_module", no_tui)
    result = play(
        runner, "--seed", "3", "--seat", "1", "--save", "g.json", input="1\n2\nh\n?1\nq\n"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Your moves" in out and "Pyramid" not in out
    assert re.search(r"1\. Take 1 \w+ \(row 1, column 1\)", out)  # the web's move label
    assert "This game has no card details." not in out
    assert "Move 1 involves no card." in out
    assert len(GameRecord.load("g.json").actions) >= 2
