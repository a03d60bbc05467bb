"""``rumizi play fantasy-realms``: its options, its board and its typed commands, in English
and Persian, driven like the other games' terminal tests (click's CliRunner, scripted input)."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable
from io import StringIO
from types import SimpleNamespace
from typing import Any
from unittest import mock

import pytest
from click.testing import CliRunner
from rich.console import Console, RenderableType

from rumizi import GameRecord
from rumizi.cli.main import cli
from rumizi.cli.terminal import Seating
from rumizi.core.contract import RING, record_events
from rumizi.core.i18n import to_ascii_digits
from rumizi.games.fantasy_realms import GAME, score_hand, tui
from rumizi.games.fantasy_realms.cards import CARDS
from rumizi.games.fantasy_realms.engine import FantasyRealmsState
from tests.cli.persian import PERSIAN_LETTER, persian_problems

PROMPT_RANGE = re.compile(r"1–(\d+)")


def scripted(seed: int, first: list[str]) -> Callable[[str], str]:
    """The ``first`` lines, then a random move number at every prompt."""
    chooser = random.Random(seed)
    queue = list(first)

    def read(prompt: str) -> str:
        if queue:
            return queue.pop(0)
        found = PROMPT_RANGE.search(to_ascii_digits(prompt))
        assert found, prompt
        return str(chooser.randint(1, int(found.group(1))))

    return read


def render(renderable: RenderableType, width: int = 110) -> str:
    buffer = StringIO()
    Console(file=buffer, width=width, color_system=None).print(renderable)
    return buffer.getvalue()


def ui(lang: str = "en", players: int = 3, **options: Any) -> tui.FantasyRealmsTerminal:
    bots = {q: "random" for q in range(1, players)}
    return tui.terminal(Seating(lang, players, you=0, human=0, bots=bots, options=options))


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_whole_game_with_typed_commands(runner: CliRunner, lang: str) -> None:
    buffer = StringIO()
    console = Console(file=buffer, width=110, color_system=None)
    first = ["h", "draw" if lang == "en" else "بکش", "banana"]
    lang_args = ["--lang", lang, "--save", "g.json"]
    result = runner.invoke(
        cli,
        ["play", "fantasy-realms", "--seed", "3", "--seat", "1", "--players", "3", *lang_args],
        obj={"console": console, "input": scripted(3, first)},
    )
    assert result.exit_code == 0, result.output
    out = buffer.getvalue()
    record = GameRecord.load("g.json")
    final = record.final_state()
    assert final.over and record.options == {"players": 3}
    assert record.actions[0] == {"do": "draw"}  # the typed command
    names = [c for c in final.export()["hands"][1]]
    if lang == "en":
        assert "Fantasy Realms · Turn 1" in out and "Your hand · best score" in out
        assert "Discard area" in out and "Final scores" in out
        assert "“banana” is not a move" in out
        assert all(CARDS[c].en in out for c in names)  # the end shows every hand
    else:
        assert "قلمرو افسانه‌ای" in out and "دست شما" in out
        lines = [line for line in out.splitlines() if re.search(f"[{PERSIAN_LETTER}]", line)]
        problems = [p for line in lines for p in persian_problems(line.replace("g.json", ""))]
        assert not problems, problems[:5]


def last_move(first: list[str]) -> Callable[[str], str]:
    """The ``first`` lines, then the last move listed at every prompt (in the chaos trading:
    "done", else a refusal; then no Necromancer draw)."""
    queue = list(first)

    def read(prompt: str) -> str:
        if queue:
            return queue.pop(0)
        found = PROMPT_RANGE.search(to_ascii_digits(prompt))
        assert found, prompt
        return found.group(1)

    return read


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_chaos_game_in_the_terminal_trades_with_the_bots(runner: CliRunner, lang: str) -> None:
    buffer = StringIO()
    console = Console(file=buffer, width=110, color_system=None)
    state = GAME.new(seed=8, players=4, variant="chaos")
    card = state.hands[0][0]
    typed = CARDS[card].en if lang == "en" else CARDS[card].fa
    offer = f"{'offer' if lang == 'en' else 'پیشنهاد'} {typed} 2"
    args = ["--variant", "chaos", "--players", "4", "--seed", "8", "--seat", "1"]
    result = runner.invoke(
        cli,
        ["play", "fantasy-realms", *args, "--bots", "greedy", "--lang", lang, "--save", "g.json"],
        obj={"console": console, "input": last_move([offer])},
    )
    assert result.exit_code == 0, result.output
    record = GameRecord.load("g.json")
    final = record.final_state()
    assert final.over and record.options == {"players": 4, "variant": "chaos"}
    human = [a for a in record.actions if a.get("by") == 0]
    assert human[0] == {"do": "propose", "by": 0, "to": 2, "card": card}
    assert {"do": "done", "by": 0} in record.actions
    seats = {a.get("by") for a in record.actions}
    assert {1, 2, 3} <= seats  # the bots traded between the human's moves
    assert RING not in record.actions  # everybody was done before the five minutes
    out = buffer.getvalue()
    if lang == "en":
        assert "Swap offers" in out and "offered" in out and "done trading" in out
        assert "Final scores" in out
    else:
        assert "پیشنهادهای معاوضه" in out and "پیشنهاد معاوضه" in out
        lines = [line for line in out.splitlines() if re.search(f"[{PERSIAN_LETTER}]", line)]
        problems = [p for line in lines for p in persian_problems(line.replace("g.json", ""))]
        assert not problems, problems[:5]


SEAT_SEED = ["--seed", "2", "--seat", "1", "--save", "g.json"]


def test_the_terminal_rings_the_chaos_timer_itself(runner: CliRunner) -> None:
    console = Console(file=StringIO(), width=110, color_system=None)
    clock = itertools.count(0, 400)  # every look at the clock: 400 seconds later
    fake = SimpleNamespace(monotonic=lambda: float(next(clock)))
    with mock.patch("rumizi.cli.main.time", fake):
        result = runner.invoke(
            cli,
            ["play", "fantasy-realms", "--variant", "chaos", "--players", "3", *SEAT_SEED],
            obj={"console": console, "input": last_move(["1"])},
        )
    assert result.exit_code == 0, result.output
    record = GameRecord.load("g.json")
    assert record.final_state().over
    assert RING in record.actions
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Time is up" in out


def test_variant_and_modules_reach_the_game(runner: CliRunner) -> None:
    seed = ["--seed", "4", "--save", "g.json"]
    result = runner.invoke(
        cli,
        ["play", "fantasy-realms", "--variant", "two-player", "--modules", "items,suits", *seed],
        input="q\n",
    )
    assert result.exit_code == 0, result.output
    record = GameRecord.load("g.json")
    assert record.options == {"players": 2, "items": True, "suits": True}
    assert record.start().export()["options"]["suits"] is True


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["--players", "7"], "3 to 6 players"),
        (["--players", "2"], "2 with --variant two-player"),
        (["--variant", "two-player", "--players", "4"], "is for 2 players, not 4"),
        (["--variant", "chaos", "--players", "8"], "chaos realms are for 3 to 7 players"),
        (["--variant", "chaos", "--modules", "items"], "no Cursed Items"),
        (["--variant", "dragons"], "unknown variant 'dragons'"),
        (["--modules", "items,dragons"], "unknown module 'dragons'"),
        (["--modules", "phoenix-promo,phoenix-deluxe"], "one Phoenix"),
        (["--format", "duel"], "no formats"),
    ],
)
def test_bad_tables_are_refused_with_a_reason(
    runner: CliRunner, args: list[str], error: str
) -> None:
    result = runner.invoke(cli, ["play", "fantasy-realms", *args])
    assert result.exit_code == 2 and error in result.output


def test_other_games_refuse_variants_and_modules(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["play", "splendor-duel", "--variant", "two-player"])
    assert result.exit_code == 2 and "Splendor Duel has no variants" in result.output
    result = runner.invoke(cli, ["play", "splendor-duel", "--modules", "items"])
    assert result.exit_code == 2 and "has no modules" in result.output


def after_draw(seed: int = 1, **options: Any) -> FantasyRealmsState:
    s = GAME.new(seed=seed, players=3, first=0, **options)
    s.apply({"do": "draw"})
    return s


def test_the_hand_shows_its_live_best_score_and_each_cards_line() -> None:
    s = after_draw()
    term = ui()
    out = render(term.board(s.view(0), legal=s.legal_actions()))
    best = score_hand(s.hands[0], players=3)
    assert f"Your hand · best score {best.total}" in out
    assert "Without it" in out  # discarding: what the hand is worth without each card
    for line in best.cards:
        assert re.search(rf"{re.escape(CARDS[line.id].en)} .* {line.total}\b", out)
    for q in (1, 2):  # nobody else's cards
        assert not any(CARDS[c].en in out for c in s.hands[q] if c not in s.hands[0])


def test_typed_commands_name_cards_in_either_language() -> None:
    s = after_draw()
    term = ui()
    legal = s.legal_actions()
    card = sorted(s.hands[0])[0]
    en, fa = CARDS[card].en, CARDS[card].fa
    want = {"do": "discard", "card": card}
    assert said(term, f"discard {en}", s.view(0), legal) == want
    assert said(term, f"x {en.lower()}", s.view(0), legal) == want
    assert said(term, f"بریز {fa}", s.view(0), legal) == want
    assert said(term, "discard zzz", s.view(0), legal) == "No move matches “discard zzz”."
    assert said(term, "discard", s.view(0), legal).startswith("Which one?")
    assert said(term, "hello", s.view(0), legal) is None
    fa_term = ui("fa")
    assert said(fa_term, "بریز ززز", s.view(0), legal) == "هیچ حرکتی با «بریز ززز» جور نیست."


def said(term: Any, text: str, view: Any, legal: Any) -> Any:
    """What the terminal's ``command`` hook makes of ``text``: the move, the message, or None."""
    reply = term.command(text, view, legal)
    if reply is None:
        return None
    return reply.action if reply.action is not None else reply.error


def find_state(item: str, seeds: range = range(60)) -> FantasyRealmsState:
    """A position of a random 3-player game with items where ``item`` can be used."""
    for seed in seeds:
        rng = random.Random(seed)
        s = GAME.new(seed=seed, players=3, items=True)
        while not s.over:
            if any(a.get("item") == item for a in s.legal_actions()):
                return s
            s.apply(rng.choice(s.legal_actions()))
    raise AssertionError(f"no random game offered {item}")


def test_items_are_used_by_name_with_their_cards_or_seat() -> None:
    s = find_state("staff-of-transmutation")
    term = ui(items=True)
    hand = sorted(s.hands[s.current])
    picked = hand[:3]
    text = "use staff " + " ".join(CARDS[c].en for c in picked)
    found = said(term, text, s.view(s.current), s.legal_actions())
    assert found == {"do": "use", "item": "staff-of-transmutation", "cards": picked}
    s = find_state("spyglass")
    target = next(a["player"] for a in s.legal_actions() if a.get("item") == "spyglass")
    found = said(term, f"use spyglass {target}", s.view(s.current), s.legal_actions())
    assert found == {"do": "use", "item": "spyglass", "player": target}


def test_the_end_shows_every_hands_breakdown_and_the_winner() -> None:
    s = GAME.new(seed=5, players=4)
    rng = random.Random(5)
    while not s.over:
        s.apply(rng.choice(s.legal_actions()))
    names = {1: "Greedy bot", 2: "Greedy bot", 3: "Random bot"}
    term = tui.terminal(Seating("en", 4, you=0, human=0, bots={1: "greedy"}, names=names))
    out = render(term.board(s.view(0)))
    assert "Final scores" in out
    for r in s.results:
        assert f"{term.names[r['player']]} · total {r['total']}" in out
    assert term.result_text(s.view(0)) in out
    assert "Greedy bot 1" in out and "Greedy bot 2" in out  # bots of a kind told apart


def test_a_saved_game_replays_with_every_hand(runner: CliRunner) -> None:
    runner.invoke(
        cli,
        ["play", "fantasy-realms", "--seed", "6", "--modules", "items", "--save", "g.json"],
        input="1\n" * 300,
    )
    n = len(GameRecord.load("g.json").actions)
    result = runner.invoke(cli, ["replay", "g.json", "--all"], input=f"{n // 2}\nq\n")
    assert result.exit_code == 0, result.output
    assert "Discard area" in result.output


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_every_move_and_event_of_games_with_every_module_is_worded(lang: str) -> None:
    term = ui(lang, players=4, items=True, suits=True)
    worded = 0
    for seed in range(6):
        s = GAME.new(seed=seed, players=4, items=True, suits=True, jester=True)
        events: list[dict[str, Any]] = []
        record_events(s, events)
        rng = random.Random(seed)
        while not s.over:
            legal = s.legal_actions()
            for a in legal[:40]:
                label = tui.action_label(a, lang, term.names)
                assert label and "{" not in label
                if lang == "fa":
                    assert not persian_problems(label), label
            s.apply(rng.choice(legal))
        lines = term.log_lines(events)
        worded += len(lines)
        assert all(line.plain and "{" not in line.plain for line in lines)
        render(term.board(s.view(0)))  # the end with items and suits draws
    assert worded > 300


def test_a_spyglass_in_the_log_names_who_looked_and_the_seat_looked_at() -> None:
    s = find_state("spyglass")
    events: list[dict[str, Any]] = []
    record_events(s, events)
    look = next(a for a in s.legal_actions() if a.get("item") == "spyglass")
    actor = s.to_act
    assert actor is not None and actor != look["player"]
    s.apply(look)
    term = ui(items=True)
    lines = [line.plain for line in term.log_lines(events)]
    assert lines == [f"{term.names[actor]}: Use Spyglass: {term.names[look['player']]}"]
