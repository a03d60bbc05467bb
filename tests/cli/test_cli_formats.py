"""Terminal play and replays for every Star Realms format: free-for-all, hunter, hydra,
emperor and raid (spec §3), in both languages, with a scripted human among bots."""

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
from rumizi.cli import terminal
from rumizi.cli.main import cli
from rumizi.core.i18n import number
from rumizi.games.star_realms import GAME, tui
from rumizi.games.star_realms import texts as T
from rumizi.games.star_realms.engine import StarRealmsState
from tests.cli.persian import ASCII_DIGIT, persian_problems

# (format, players) pairs that between them reach every rule of spec §3.
TABLES = [
    ("free-for-all", 3),
    ("hunter", 4),
    ("hydra", 4),
    ("hydra", 6),
    ("emperor", 6),
    ("raid", 3),
    ("raid", 5),
]
TURN_FIELDS = ("in_play", "played", "allied", "trade", "combat", "pending", "queue")


def play(runner: CliRunner, *args: str, input: str = "") -> Result:
    return runner.invoke(cli, ["play", "star-realms", *args], input=input)


def render(renderable: RenderableType, width: int = 120) -> str:
    buffer = StringIO()
    Console(file=buffer, width=width, color_system=None, highlight=False).print(renderable)
    return buffer.getvalue()


def table(lang: str, fmt: str, n: int, you: int | None) -> list[T.Who]:
    kinds = {i: T.bot_label("greedy", lang) for i in range(n) if i != you}
    return T.table_seats(lang, fmt, n, you=you, kinds=kinds)


def random_states(fmt: str, n: int, seeds: range, moves: int = 700) -> Iterator[StarRealmsState]:
    """Positions along random games of a format, events switched on."""
    for seed in seeds:
        state = GAME.new(seed=seed, players=n, format=fmt)
        state.events = []
        chooser = random.Random(seed)
        for _ in range(moves):
            if state.over:
                break
            yield state
            legal = state.legal_actions()
            state.apply(legal[0] if chooser.random() < 0.3 else chooser.choice(legal))
        yield state


def first_state(
    fmt: str, n: int, found: Callable[[StarRealmsState], bool], seeds: range = range(40)
) -> StarRealmsState:
    for state in random_states(fmt, n, seeds, moves=5000):
        if found(state):
            return state.clone()
    raise AssertionError(f"no {fmt} position found")


def quiet_doc(fmt: str, n: int, seed: int = 1) -> dict[str, Any]:
    """A new game's document, as the start of a turn (no mid-turn fields)."""
    doc = GAME.new(seed=seed, players=n, format=fmt).export()
    for p in doc["players"]:
        for key in TURN_FIELDS:
            p.pop(key, None)
    return doc


# ---------------------------------------------------------------------- whole games


@pytest.mark.parametrize(
    ("fmt", "n", "lang"),
    [
        ("free-for-all", 3, "fa"),
        ("hunter", 4, "en"),
        ("hydra", 6, "fa"),
        ("emperor", 6, "en"),
        ("raid", 4, "fa"),
    ],
)
def test_a_whole_game_always_move_one(runner: CliRunner, fmt: str, n: int, lang: str) -> None:
    args = ["--format", fmt, "--players", str(n), "--vs", "greedy", "--seed", "1", "--seat", "2"]
    result = play(runner, *args, "--lang", lang, "--save", "g.json", input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    out = result.output
    assert terminal.message("saved", lang, path="g.json") in out
    record = GameRecord.load("g.json")
    assert record.options == {"players": n, "format": fmt}
    assert record.meta["human"] == 1 and record.meta["bot"] == "greedy"
    assert record.meta["bots"] == [None if i == 1 else "greedy" for i in range(n)]
    final = record.final_state()
    assert isinstance(final, StarRealmsState) and final.over
    assert record.meta["result"] == {"over": True, "winner": final.winner, "turn": final.turn}
    seats = T.table_seats(lang, fmt, n, you=1)
    result_line = T.result_text(final.winner, seats)
    assert result_line in out
    if fmt in ("hydra", "emperor") or (fmt == "raid" and final.winner == 1):
        name, _ = T.team_name(int(final.winner or 0), seats)
        assert name[1:] in result_line  # “Team A”, “the raiders”: a side wins, not a seat
    if lang == "fa":
        assert not ASCII_DIGIT.search(out), re.findall(r".*[0-9].*", out)[:3]
        assert T.format_name(fmt, "fa") in out
        assert "ربات‌ها: ربات حریص" in out
    else:
        assert "bots: Greedy bot" in out
        assert "· Greedy bot" not in out  # the same bot everywhere: not on every panel


@pytest.mark.parametrize(("fmt", "n"), [("free-for-all", 4), ("hydra", 4), ("raid", 4)])
def test_quitting_saves_a_record_that_replays_the_game(runner: CliRunner, fmt: str, n: int) -> None:
    args = ["--format", fmt, "--players", str(n), "--seed", "9", "--seat", "3", "--vs", "greedy"]
    script = "1\n" * 25 + "q\n"
    first = play(runner, *args, "--save", "a.json", input=script)
    assert first.exit_code == 0, first.output
    assert "You left the game." in first.output
    again = play(runner, *args, "--save", "b.json", input=script)
    assert again.exit_code == 0, again.output
    a, b = GameRecord.load("a.json"), GameRecord.load("b.json")
    assert a.actions == b.actions and a.meta == b.meta  # bots are seeded: the same game
    state = a.final_state()
    assert isinstance(state, StarRealmsState)
    assert not state.over and state.to_act == 2
    assert a.meta["result"] == {"over": False, "winner": None, "turn": state.turn}
    # The record steps through to its last move, from the human's seat by default.
    last = len(a.actions)
    shown = runner.invoke(cli, ["replay", "a.json"], input=f"{last}\n\n")
    assert shown.exit_code == 0, shown.output
    assert f"Move {last} of {last}" in shown.output
    assert "End of the record." in shown.output
    name = T.table_seats("en", fmt, n)[2].name
    assert re.search(rf"seen by\s+{name}", shown.output)  # the header may wrap at 80 columns
    assert "Human" in shown.output  # the human's seat, told apart from the bots


def test_seats_and_bots_options(runner: CliRunner) -> None:
    result = play(
        runner,
        "--format",
        "emperor",
        "--bots",
        "random,greedy,random,greedy,random",
        "--seed",
        "2",
        "--seat",
        "5",
        "--save",
        "g.json",
        input="q\n",
    )
    assert result.exit_code == 0, result.output
    record = GameRecord.load("g.json")
    assert record.options == {"players": 6, "format": "emperor"}  # emperor: always 6
    assert record.meta["bots"] == ["random", "greedy", "random", "greedy", None, "random"]
    assert "bot" not in record.meta  # different bots: no single one to name
    assert "you are Emperor 5 (seat 5)" in result.output
    assert "You · Emperor · Team B" in result.output
    assert "Admiral 1 · Team A · Random bot" in result.output


def test_the_default_seat_comes_from_the_seed(runner: CliRunner) -> None:
    seats = set()
    for seed in range(12):
        result = play(
            runner, "--format", "raid", "--seed", str(seed), "--save", "g.json", input="q\n"
        )
        assert result.exit_code == 0, result.output
        seats.add(GameRecord.load("g.json").meta["human"])
    assert seats == {0, 1, 2, 3}  # raid defaults to 4 players: a boss and 3 raiders


@pytest.mark.parametrize(
    "args",
    [
        ["--format", "hydra", "--players", "5"],  # hydra is 2v2 or 3v3
        ["--format", "emperor", "--players", "4"],
        ["--format", "duel", "--players", "3"],
        ["--format", "raid", "--players", "4", "--seat", "5"],
        ["--format", "raid", "--seat", "boss"],
        ["--format", "raid", "--bots", "greedy,random"],  # 3 other seats
        ["--format", "raid", "--bots", "greedy,nobody,random"],
        ["--format", "raid", "--vs", "greedy", "--bots", "random"],
        ["--format", "chess"],
    ],
)
def test_bad_table_options_are_usage_errors(runner: CliRunner, args: list[str]) -> None:
    result = play(runner, *args, "--seed", "1", input="q\n")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    if "duel" in args:
        assert "--format free-for-all" in result.output
    assert not Path("star-realms-1.json").exists()


def test_a_knocked_out_human_may_watch_or_leave(runner: CliRunner) -> None:
    # Raid, 3 players, seed 1, seat 1: the boss knocks out the raider who always plays move 1,
    # who may then leave a card to the other raider, and watch the rest or leave.
    args = ["--format", "raid", "--players", "3", "--vs", "greedy", "--seed", "1", "--seat", "2"]
    for lang, watch in (("en", True), ("fa", False)):
        buffer = StringIO()
        console = Console(file=buffer, width=100, color_system=None)
        out_prompt = terminal.message("out-watch", lang)
        asked: list[str] = []

        def read(
            prompt: str, watch: bool = watch, out_prompt: str = out_prompt, asked: list[str] = asked
        ) -> str:
            if prompt != out_prompt:
                return "1"
            asked.append(prompt)
            return "" if watch else "q"

        result = runner.invoke(
            cli,
            ["play", "star-realms", *args, "--lang", lang, "--save", "g.json"],
            obj={"console": console, "input": read},
        )
        assert result.exit_code == 0, result.output
        text = buffer.getvalue()
        assert asked == [out_prompt]
        record = GameRecord.load("g.json")
        if lang == "en":
            assert "Choice: You are out of the game and may give one card to Raider 3" in text
            assert "Give nothing" in text
            assert "Game over" in text
            assert record.final_state().over
        else:
            assert "از بازی بیرون رفتید و می‌توانید یک کارت به مهاجم ۳ ببخشید" in text
            assert "از بازی بیرون آمدید." in text  # left at the prompt
            assert not record.final_state().over
        events = [e["event"] for e in _record_events(record)]
        assert "bequeath" in events


def _record_events(record: GameRecord) -> list[dict[str, Any]]:
    state = record.start()
    assert isinstance(state, StarRealmsState)
    state.events = []
    for action in record.actions:
        state.apply(action)
    return state.events


# ---------------------------------------------------------------------- replays


@pytest.mark.parametrize(("fmt", "n"), TABLES)
def test_replay_records_of_every_format(
    runner: CliRunner, tmp_path: Path, fmt: str, n: int
) -> None:
    record = GameRecord(
        "star-realms",
        seed=4,
        options={"players": n, "format": fmt},
        meta={
            "human": 1,
            "bot": "random",
            "bots": ["random" if i != 1 else None for i in range(n)],
        },
    )
    state = record.start()
    chooser = random.Random(4)
    while not state.over:
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        record.actions.append(dict(action))
    record.save(tmp_path / "g.json")
    last = len(record.actions)
    for args in (["--all"], ["--seat", "1"], ["--lang", "fa"]):
        result = runner.invoke(cli, ["replay", "g.json", *args], input=f"1\n{last}\n\n")
        assert result.exit_code == 0, result.output
        out = result.output
        if "--lang" in args:
            assert "پایان بازپخش." in out
            assert T.format_name(fmt, "fa") in out
            assert "انسان" in out  # the human's seat, told apart from the bots
        else:
            assert "End of the record." in out
            assert f"Star Realms · {T.format_name(fmt, 'en')}" in out
            assert T.result_text(state.winner, T.table_seats("en", fmt, n)) in out
    assert (
        "all cards shown" in runner.invoke(cli, ["replay", "g.json", "--all"], input="q\n").output
    )
    bad = runner.invoke(cli, ["replay", "g.json", "--seat", str(n + 1)], input="q\n")
    assert bad.exit_code == 2


# ---------------------------------------------------------------------- menus


def _numbers_shown(out: str, n: int, lang: str) -> list[int]:
    """Move numbers 1..n the rendered menu shows: “ 7. …” on a line, or “7→2” in a line of
    attacks that differ in amount."""
    shown = []
    for k in range(1, n + 1):
        num = number(k, lang)
        if re.search(rf"((│\s*|\s\s){num}[.–]\s|\s{num}→)", out):
            shown.append(k)
    return shown


@pytest.mark.parametrize(("fmt", "n"), TABLES)
def test_every_legal_action_has_a_menu_line(fmt: str, n: int) -> None:
    kinds: set[str] = set()
    for step, state in enumerate(random_states(fmt, n, range(3))):
        if state.over:
            continue
        me = state.to_act
        assert me is not None
        view = state.view(me)
        legal = state.legal_actions()
        for action in legal:
            kinds.add(_kind(action, view))
            if step % 3 and action["do"] in ("play", "buy", "end"):
                continue  # the duel's kinds of moves: a sample is enough
            for lang in ("en", "fa"):
                line = T.action_text(action, view, table(lang, fmt, n, me))
                assert line and "{" not in line and "do" not in line, line
                if lang == "fa":
                    assert not persian_problems(line), persian_problems(line)
        if step % 9 == 0:
            for lang in ("en", "fa"):
                panel = render(tui.moves_panel(view, legal, lang, table(lang, fmt, n, me)), 200)
                assert _numbers_shown(panel, len(legal), lang) == list(range(1, len(legal) + 1))
    expected = {"play", "buy", "end"}
    if fmt != "emperor":  # there the whole pool goes only at the last enemy standing
        expected.add("attack-player")
    if fmt in ("free-for-all", "hunter", "emperor", "raid"):
        expected.add("attack-amount")  # several opponents to share one's combat between
    if fmt == "raid":
        expected.add("attack-base-amount")
    if fmt == "emperor":
        expected.add("transfer")
    if (fmt, n) == ("raid", 3):
        expected |= {"bequeath", "skip-bequeath"}
    assert expected <= kinds, expected - kinds


def _kind(action: dict[str, Any], view: dict[str, Any]) -> str:
    do = str(action["do"])
    if do == "attack":
        if "amount" in action:
            return "attack-base-amount" if "base" in action else "attack-amount"
        return "attack-base" if "base" in action else "attack-player"
    pending = view["players"][view["current"]].get("pending") or {}
    if pending.get("choice") == "bequeath":
        return "bequeath" if do == "choose" else f"{do}-bequeath"
    if do == "choose" and "player" in action:
        return "choose-player"
    return do


def test_menu_lines_for_the_new_actions() -> None:
    state = first_state("raid", 4, lambda s: bool(s.bequests) and s.to_act != s.current)
    giver = state.to_act
    assert giver is not None
    view = state.view(giver)
    recipient = view["bequests"][0][1]
    for source, en, fa in (
        ("hand", "Give Gnat from your hand to", "«پشه» را از دست به"),
        ("deck", "Give Gnat from your deck to", "«پشه» را از دسته به"),
        ("discard", "Give Gnat from your discard pile to", "«پشه» را از دورریز به"),
        ("bases", "Give your base Gnat to", "پایگاه «پشه» را به"),
    ):
        action = {"do": "choose", "card": "gnat", "from": source}
        assert T.action_text(action, view, table("en", "raid", 4, giver)).startswith(en)
        line = T.action_text(action, view, table("fa", "raid", 4, giver))
        assert line.startswith(fa) and line.endswith("ببخشید"), line
        assert f"Raider {recipient + 1}" in T.action_text(
            action, view, table("en", "raid", 4, giver)
        )
    assert T.action_text({"do": "skip"}, view, table("fa", "raid", 4, giver)) == "چیزی نبخشید"
    # Choosing who discards, a transfer, and attacks with an amount.
    doc = quiet_doc("emperor", 6)
    doc["current"] = 1
    state = GAME.load(doc)
    view = state.view(1)
    en_seats, fa_seats = table("en", "emperor", 6, 1), table("fa", "emperor", 6, 1)
    choose = {"do": "choose", "player": 4}
    assert T.action_text(choose, view, en_seats) == (
        "Make Emperor 5 discard a card at the start of their next turn"
    )
    assert T.action_text(choose, view, fa_seats) == "امپراتور ۵ در آغاز نوبت بعد یک کارت دور بریزد"
    transfer = {"do": "transfer", "card": "viper", "player": 2}
    assert T.action_text(transfer, view, en_seats) == (
        "Pay 1 trade to move Viper into Admiral 3's discard pile"
    )
    assert T.action_text(transfer, view, fa_seats) == (
        "«افعی» را با ۱ تجارت از دورریز به دورریز دریاسالار ۳ بفرستید"
    )
    attack = {"do": "attack", "player": 3, "amount": 4}
    assert T.action_text(attack, view, en_seats) == "Attack Admiral 4 with 4 combat"
    assert T.action_text(attack, view, fa_seats) == "با ۴ حمله به دریاسالار ۴ ضربه بزنید"


def raid_with_damage() -> StarRealmsState:
    """Raider 3's turn with 6 combat; the boss's Trading Post has taken 1 damage."""
    doc = quiet_doc("raid", 4, seed=2)
    doc["current"], doc["turn"] = 2, 6
    boss = doc["players"][0]
    boss["bases"], boss["damage"] = ["trading-post", "monster-world"], [1, 0]
    me = doc["players"][2]
    me.update(
        {"in_play": ["cruiser", "viper"], "played": ["cruiser", "viper"], "trade": 0, "combat": 6}
    )
    me["hand"] = ["lookout"]
    return GAME.load(doc)


def test_partial_damage_on_the_boss_bases() -> None:
    state = raid_with_damage()
    view = state.view(2)
    legal = state.legal_actions()
    assert [a.get("amount") for a in legal if a["do"] == "attack"] == [1, 2, 3]
    en, fa = table("en", "raid", 4, 2), table("fa", "raid", 4, 2)
    hit, kill = legal[1], legal[3]
    assert T.action_text(hit, view, en) == (
        "Hit Boss's Trading Post with 1 combat (3 defense left)"
    )
    assert T.action_text(kill, view, en) == "Destroy Boss's Trading Post with 3 combat"
    assert T.action_text(hit, view, fa) == (
        "با ۱ حمله به پاسگاه رئیس، «ایستگاه تجاری»، آسیب بزنید (۳ دفاع مانده)"
    )
    assert T.action_text(kill, view, fa) == "با ۳ حمله پاسگاه رئیس، «ایستگاه تجاری»، را نابود کنید"
    out = render(tui.board(view, "en", en, legal=legal))
    assert "◆ Trading Post (outpost 4, 3 left)" in out
    assert "■ Monster World (base 7)" in out
    assert (
        "2–4. Hit Boss's Trading Post with 1–3 combat (3 defense left; 3 destroys it):"
        "  2→1  3→2  4→3"
    ) in out
    assert out.index("1. Play Lookout") < out.index("2–4.") < out.index("5. End your turn")
    fa_out = render(tui.board(view, "fa", fa, legal=legal))
    assert "◆ ایستگاه تجاری (پاسگاه ۴، ۳ مانده)" in fa_out
    assert "۲→۱  ۳→۲  ۴→۳" in fa_out


# ---------------------------------------------------------------------- events


NEW_EVENTS: list[dict[str, Any]] = [
    {"event": "attack", "player": 0, "target": 3, "amount": 5, "authority": 20},
    {"event": "transfer", "player": 0, "to": 1, "card": "gnat"},
    {"event": "bequeath", "player": 2, "to": 1, "card": "trading-post"},
    {"event": "damage", "player": 1, "target": 0, "card": "trading-post", "amount": 2, "left": 1},
    {"event": "damage", "player": 1, "target": 0, "card": "trading-post", "amount": 1, "left": 0},
    {"event": "destroy", "player": 1, "target": 0, "card": "trading-post"},
    {"event": "opp-discard", "player": 0, "target": 3, "amount": 1, "card": "imperial-fighter"},
    {"event": "eliminated", "player": 3},
    {"event": "game-over", "winner": 0},
    {"event": "game-over", "winner": 1},
]


@pytest.mark.parametrize(("fmt", "n"), TABLES)
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_every_new_event_renders_in_both_languages(fmt: str, n: int, lang: str) -> None:
    for you in (None, 0, 1, 3):
        seats = table(lang, fmt, n, you)
        for event in NEW_EVENTS:
            text = T.event_text(event, lang, seats)
            assert text and "{" not in text and "=" not in text, text
            if lang == "fa":
                assert not persian_problems(text), persian_problems(text)
                assert not ASCII_DIGIT.search(text)
            else:
                assert not re.search(r"[\u0600-\u06ff]", text)


def test_new_event_sentences() -> None:
    en, fa = table("en", "emperor", 6, 0), table("fa", "emperor", 6, 0)
    transfer = {"event": "transfer", "player": 0, "to": 1, "card": "gnat"}
    assert T.event_text(transfer, "en", en) == (
        "You paid 1 trade to move Gnat into Emperor 2's discard pile."
    )
    assert T.event_text(transfer, "fa", fa) == (
        "شما با ۱ تجارت «پشه» را به دورریز امپراتور ۲ فرستادید."
    )
    bequeath = {"event": "bequeath", "player": 2, "to": 1, "card": "gnat"}
    assert T.event_text(bequeath, "en", en) == (
        "Admiral 3 left Gnat to Emperor 2, into Emperor 2's discard pile."
    )
    assert T.event_text(bequeath, "fa", fa) == (
        "دریاسالار ۳ هنگام رفتن «پشه» را به امپراتور ۲ بخشید؛ به دورریز امپراتور ۲ رفت."
    )
    assert T.event_text({"event": "game-over", "winner": 0}, "en", en) == (
        "Game over: Team A (you, Emperor 2, Admiral 3) won!"
    )
    assert T.event_text({"event": "game-over", "winner": 1}, "fa", fa) == (
        "بازی تمام شد: تیم ب (دریاسالار ۴، امپراتور ۵، دریاسالار ۶) برنده شد!"
    )
    raid_en, raid_fa = table("en", "raid", 4, 2), table("fa", "raid", 4, 2)
    damage = {"event": "damage", "player": 2, "target": 0, "card": "trading-post"}
    assert T.event_text({**damage, "amount": 2, "left": 1}, "en", raid_en) == (
        "You dealt 2 damage to Boss's Trading Post; 1 defense left."
    )
    assert T.event_text({**damage, "amount": 2, "left": 1}, "fa", raid_fa) == (
        "شما با ۲ حمله به پایگاه رئیس، «ایستگاه تجاری»، آسیب زدید؛ ۱ دفاع مانده است."
    )
    assert T.event_text({"event": "game-over", "winner": 1}, "en", raid_en) == (
        "Game over: The raiders (Raider 2, you, Raider 4) won!"
    )
    assert T.event_text({"event": "game-over", "winner": 1}, "fa", raid_fa) == (
        "بازی تمام شد: مهاجمان (مهاجم ۲، شما، مهاجم ۴) برنده شدند!"
    )
    assert T.event_text({"event": "game-over", "winner": 0}, "en", raid_en) == (
        "Game over: Boss won!"
    )
    hydra = table("en", "hydra", 4, 1)
    attack = {"event": "attack", "player": 0, "target": 3, "amount": 5, "authority": 60}
    assert T.event_text(attack, "en", hydra) == (
        "Player 1 hit Player 4 for 5; your team's authority is now 60."
    )
    assert T.event_text({**attack, "target": 1}, "fa", table("fa", "hydra", 4, 3)) == (
        "بازیکن ۱ با ۵ حمله به بازیکن ۲ ضربه زد؛ اقتدار تیم شما اکنون ۶۰ است."
    )


def test_the_log_folds_blows_plays_and_the_end_of_turn() -> None:
    seats = table("en", "raid", 4, 1)
    events = [
        {"event": "play", "player": 2, "card": "lookout"},
        {"event": "trade", "player": 2, "amount": 1, "card": "lookout"},
        {"event": "play", "player": 2, "card": "lookout"},
        {"event": "trade", "player": 2, "amount": 1, "card": "lookout"},
        {"event": "play", "player": 2, "card": "viper"},
        {"event": "combat", "player": 2, "amount": 1, "card": "viper"},
        {
            "event": "damage",
            "player": 2,
            "target": 0,
            "card": "trading-post",
            "amount": 1,
            "left": 3,
        },
        {
            "event": "damage",
            "player": 2,
            "target": 0,
            "card": "trading-post",
            "amount": 3,
            "left": 0,
        },
        {"event": "destroy", "player": 2, "target": 0, "card": "trading-post"},
        {"event": "attack", "player": 2, "target": 0, "amount": 1, "authority": 69},
        {"event": "attack", "player": 2, "target": 0, "amount": 2, "authority": 67},
        {"event": "end", "player": 2},
        {"event": "shuffle", "player": 2},
        {"event": "draw", "player": 2, "count": 5},
    ]
    lines = [line.plain for line in tui.log_lines(events, "en", seats, merge=True)]
    assert lines == [
        "Raider 3 played Lookout ×2, Viper (+2 trade, +1 combat).",
        "Raider 3 dealt 4 damage to Boss's Trading Post and destroyed it.",
        "Raider 3 hit Boss for 3; Boss's authority is now 67.",
        "Raider 3 ended their turn, shuffled their discard pile and drew 5 cards.",
    ]
    fa = [line.plain for line in tui.log_lines(events, "fa", table("fa", "raid", 4, 1), True)]
    assert fa[0] == "مهاجم ۳ «دیده‌بان» ×۲، «افعی» را بازی کرد (۲ تجارت، ۱ حمله)."
    assert fa[-1] == "مهاجم ۳ نوبت را تمام کرد، دورریز را بُر زد و ۵ کارت کشید."
    # Without merging (the duel), every card keeps its line; partial damage still folds.
    plain = [line.plain for line in tui.log_lines(events, "en", seats)]
    assert plain[:2] == [
        "Raider 3 played Lookout (+1 trade).",
        "Raider 3 played Lookout (+1 trade).",
    ]
    assert "Raider 3 dealt 4 damage to Boss's Trading Post and destroyed it." in plain


@pytest.mark.parametrize(("fmt", "n"), TABLES)
def test_real_events_of_every_format_render(fmt: str, n: int) -> None:
    seen: set[str] = set()
    for state in random_states(fmt, n, range(3), moves=5000):
        if not state.over or state.events is None:
            continue
        for lang in ("en", "fa"):
            seats = table(lang, fmt, n, 1)
            for event in state.events:
                seen.add(event["event"])
                text = T.event_text(event, lang, seats)
                assert not text.startswith(f"{event['event']}:"), text
                if lang == "fa":
                    assert not persian_problems(text), persian_problems(text)
            lines = tui.log_lines(state.events, lang, seats, merge=True)
            assert lines[-1].plain == T.result_text(state.winner, seats)
    assert seen <= set(T.EVENT_KINDS)
    assert {"eliminated", "game-over"} <= seen
    if fmt == "raid":
        assert "damage" in seen


# ---------------------------------------------------------------------- hidden hands


# Dear cards, none of them in a starting deck: put in hands, they are nowhere else to be seen
# (unless in the trade row, which the test avoids).
SECRET = (
    "command-ship",
    "dread-ship",
    "flagship",
    "mothership",
    "missile-machine",
    "cruiser",
    "royal-fortress",
    "central-port",
    "machine-base",
    "monster-world",
)


@pytest.mark.parametrize(("fmt", "n"), TABLES)
def test_the_board_never_shows_a_hidden_hand(fmt: str, n: int) -> None:
    doc = quiet_doc(fmt, n, seed=5)
    secrets = [c for c in SECRET if c not in doc["trade_row"]][:n]
    for seat, card in enumerate(secrets):
        doc["players"][seat]["hand"] = [card, "viper", "lookout"]
    state = GAME.load(doc)
    for viewer in range(n):
        legal = state.legal_actions() if state.to_act == viewer else None
        for lang in ("en", "fa"):
            seats = table(lang, fmt, n, viewer)
            out = render(tui.board(state.view(viewer), lang, seats, legal=legal))
            for seat, card in enumerate(secrets):
                name = T.card_name(card, lang)
                shared = fmt == "raid" and 0 not in (seat, viewer)  # raiders show their hands
                assert (name in out) == (seat == viewer or shared), (viewer, seat, name)
    # A replay with every card shown shows them all.
    out = render(tui.board(tui.reveal_all(state), "en", table("en", fmt, n, None)))
    assert all(T.card_name(card, "en") in out for card in secrets)


def test_raiders_see_each_others_hands_and_the_boss_sees_none() -> None:
    doc = quiet_doc("raid", 4, seed=3)
    doc["players"][1]["hand"] = ["flagship", "viper"]
    doc["players"][3]["hand"] = ["mothership", "lookout"]
    doc["players"][0]["hand"] = ["command-ship", "lookout", "lookout", "viper", "lookout"]
    state = GAME.load(doc)
    raider = render(tui.board(state.view(2), "en", table("en", "raid", 4, 2)))
    assert "Hand Flagship · Viper" in raider
    assert "Hand Mothership · Lookout" in raider
    assert "Command Ship" not in raider
    boss = render(tui.board(state.view(0), "fa", table("fa", "raid", 4, 0)))
    assert T.card_name("command-ship", "fa") in boss
    assert T.card_name("flagship", "fa") not in boss
    assert T.card_name("mothership", "fa") not in boss


# ---------------------------------------------------------------------- the board


def test_raid_board_labels() -> None:
    state = raid_with_damage()
    out = render(tui.board(state.view(2), "en", table("en", "raid", 4, 2)))
    assert "Star Realms · Raid · Turn 6 · your turn" in out
    assert "▶ You · Raider" in out
    assert "Boss · Greedy bot" in out and "Raider 2 · Greedy bot" in out
    assert "Authority 70" in out  # 3 raiders: the boss has 70
    fa = render(tui.board(state.view(2), "fa", table("fa", "raid", 4, 2)))
    assert "استار رلمز · یورش · نوبت ۶ · نوبت شما" in fa
    assert "▶ شما · مهاجم" in fa and "رئیس · ربات حریص" in fa


def test_hydra_board_shows_team_authority_and_pooled_pools() -> None:
    doc = quiet_doc("hydra", 4, seed=6)
    doc["current"] = 2  # team A's second member; seat 0 played first and left trade
    first = doc["players"][0]
    first.update(
        {"in_play": ["lookout", "viper"], "played": ["lookout", "viper"], "trade": 3, "combat": 1}
    )
    first["hand"] = []
    me = doc["players"][2]
    me.update({"in_play": ["lookout"], "played": ["lookout"], "trade": 1, "combat": 0})
    for seat, p in enumerate(doc["players"]):
        p["authority"] = 75 if seat % 2 else 61
    state = GAME.load(doc)
    legal = state.legal_actions()
    view = state.view(2)
    out = render(tui.board(view, "en", table("en", "hydra", 4, 2), legal=legal), 140)
    assert "Team A 61 · Team B 75" in out
    assert "▶ You · Team A" in out
    assert "Team authority 61" in out
    assert "(team: Trade 4  Combat 1)" in out  # bought with the pooled trade
    assert "Player 1 · Team A · Greedy bot" in out
    assert "In play Lookout · Viper" in out  # what the teammate left in play this turn
    ends = [a for a in legal if a["do"] == "end"]
    assert T.action_text(ends[0], view, table("en", "hydra", 4, 2)) == (
        "End your team's turn (4 trade and 1 combat unspent!)"
    )
    # The first member's end passes the turn on within the team, pools kept.
    doc["current"] = 0
    for key in TURN_FIELDS:
        me.pop(key, None)
    first_view = GAME.load(doc).view(0)
    assert T.action_text({"do": "end"}, first_view, table("en", "hydra", 4, 0)) == (
        "End your part of the turn (Player 3 next; 3 trade and 1 combat stay for the team)"
    )
    assert T.action_text({"do": "end"}, first_view, table("fa", "hydra", 4, 0)) == (
        "بخش خود از نوبت را تمام کنید (سپس بازیکن ۳؛ ۳ تجارت و ۱ حمله برای تیم می‌ماند)"
    )
    fa = render(tui.board(view, "fa", table("fa", "hydra", 4, 2), legal=legal), 140)
    assert "تیم الف ۶۱ · تیم ب ۷۵" in fa and "اقتدار تیم ۶۱" in fa


def test_bequest_board_says_who_must_choose() -> None:
    state = first_state("emperor", 6, lambda s: bool(s.bequests) and s.to_act != s.current)
    giver, current = state.to_act, state.current
    assert giver is not None
    view = state.view(giver)
    legal = state.legal_actions()
    for lang in ("en", "fa"):
        seats = table(lang, "emperor", 6, giver)
        out = render(tui.board(view, lang, seats, legal=legal), 140)
        if lang == "en":
            assert f"{seats[current].possessive} turn · You must choose" in out
            assert "Choice: You are out of the game and may give one card to Emperor" in out
            assert "(out of the game)" in out
            assert "Give nothing" in out
        else:
            assert "شما باید انتخاب کنید" in out
            assert "از بازی بیرون رفتید و می‌توانید یک کارت به امپراتور" in out
            assert not persian_problems(out.replace("Star", ""))
        assert _numbers_shown(out, len(legal), lang) == list(range(1, len(legal) + 1))
    # Everybody else sees the bequest too, said of the giver.
    other = next(i for i in range(6) if i not in (giver, current))
    seats = table("en", "emperor", 6, other)
    out = render(tui.board(state.view(other), "en", seats), 140)
    assert f"{seats[giver].name} must choose" in out
    assert f"Choice: {seats[giver].name} is out of the game and may give one card to" in out


@pytest.mark.parametrize(("fmt", "n"), TABLES)
def test_boards_along_games_of_every_format(fmt: str, n: int) -> None:
    for step, state in enumerate(random_states(fmt, n, range(2), moves=5000)):
        if step % 120 and not state.over:
            continue
        viewer = state.to_act if state.to_act is not None else 0
        legal = state.legal_actions() or None
        for lang in ("en", "fa"):
            seats = table(lang, fmt, n, viewer)
            log = tui.log_lines((state.events or [])[-40:], lang, seats, merge=True)
            out = render(tui.board(state.view(viewer), lang, seats, log=log, legal=legal), 100)
            assert T.label("trade-row", lang) in out
            assert T.format_name(fmt, lang) in out
            if lang == "fa":
                assert not ASCII_DIGIT.search(out), re.findall(r".*[0-9].*", out)[:3]
            if state.over:
                assert T.result_text(state.winner, seats) in out


@pytest.mark.parametrize("fmt", ["free-for-all", "hunter", "hydra", "emperor", "raid"])
def test_format_rules_names_and_roles_in_both_languages(fmt: str) -> None:
    fa = [T.format_rules(fmt, "fa"), T.format_name(fmt, "fa")]
    fa += [T.team_label(0, "fa"), T.team_label(1, "fa")]
    fa += [T.role_label(role, "fa") for role in ("boss", "raider", "emperor", "admiral")]
    fa += [terminal.message("out-watch", "fa"), T.attack_keys("fa")[0][1]]
    for text in fa:
        assert text and not persian_problems(text), persian_problems(text)
    assert not re.search(r"[\u0600-\u06ff]", T.format_rules(fmt, "en"))
    for lang in ("en", "fa"):
        out = render(tui.help_panel(lang, fmt=fmt), width=400)
        assert T.format_rules(fmt, lang) in out
    assert T.format_rules("duel", "en") == ""


def test_the_board_marks_the_one_player_you_may_attack() -> None:
    doc = quiet_doc("hunter", 4)
    doc["current"] = 3
    doc["players"][0]["authority"] = 0  # out: player 3's next target is player 1
    state = GAME.load(doc)
    # As `rumizi play` names seats when every bot is the same: no bot on each panel.
    out = render(tui.board(state.view(3), "en", T.table_seats("en", "hunter", 4, you=3)))
    assert "Player 2 · your target" in out
    assert out.count("your target") == 1
    assert "Player 1 (out)" in out
    emperor = GAME.new(seed=1, players=6, format="emperor")
    for viewer, target in ((0, "Admiral 6"), (3, "Admiral 3"), (1, None)):
        seats = T.table_seats("fa", "emperor", 6, you=viewer)
        out = render(tui.board(emperor.view(viewer), "fa", seats))
        if target is None:  # an emperor may attack anyone
            assert "هدف شما" not in out
        else:
            name = T.table_seats("fa", "emperor", 6)[int(target[-1]) - 1].name
            assert re.search(rf"{name} · تیم (الف|ب) · هدف شما", out), out
