"""Splendor Duel's typed commands (``t 1,1 2,2``, ``b red 2a pay 2R 1Y``, ``?``): every legal
move of random positions can be typed, in English and in Persian, and means exactly that move;
bad lines are refused with a reason in both languages and change nothing; the board keeps to
a short list of commands, the numbered list comes on request."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from io import StringIO
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console, RenderableType

from rumizi import GameRecord
from rumizi.cli.main import cli
from rumizi.cli.terminal import Reply, Seating
from rumizi.core.i18n import number
from rumizi.games.splendor_duel import GAME, commands, texts, tui
from rumizi.games.splendor_duel.cards import TOKEN_NAMES
from rumizi.games.splendor_duel.engine import SplendorDuelState
from tests.cli.persian import persian_problems

LETTER = dict(zip(TOKEN_NAMES, "WBGRKPY", strict=True))


def render(renderable: RenderableType, width: int = 110) -> str:
    buffer = StringIO()
    Console(file=buffer, width=width, color_system=None).print(renderable)
    return buffer.getvalue()


def ui_for(lang: str, you: int) -> tui.SplendorTerminal:
    names = {1 - you: "Random bot" if lang == "en" else "ربات تصادفی"}
    return tui.terminal(Seating(lang, 2, you=you, human=you, bots={1 - you: "random"}, names=names))


def positions(games: int, every: int = 3) -> Iterator[SplendorDuelState]:
    """Positions of random games: every ``every``-th decision and every open choice."""
    for seed in range(games):
        state = GAME.new(seed=100 + seed)
        chooser = random.Random(seed)
        step = 0
        while not state.over:
            if state.view(None)["pending"] or step % every == 0:
                yield state
            legal = state.legal_actions()
            state.apply(chooser.choice(legal))
            step += 1


def space(s: list[int], lang: str) -> str:
    return f"{number(s[0], lang)}،{number(s[1], lang)}" if lang == "fa" else f"{s[0]},{s[1]}"


def typed(action: dict[str, Any], view: dict[str, Any], lang: str, by_place: bool) -> str:
    """A command that should mean ``action`` (card names in ``lang``; or pyramid places)."""
    do = action["do"]
    fa = lang == "fa"
    if do == "take":
        return "ف " + " ".join(space(s, lang) for s in reversed(action["spaces"]))
    if do == "take-bonus":
        return "t " + space(action["space"], lang)
    if do == "privilege":
        return ("ح " if fa else "p ") + space(action["space"], lang)
    if do in ("steal", "discard"):
        return f"{do[0]} {texts.token_name(action['token'], lang)}"
    if do == "royal":
        return "k " + texts.royal_name(action["card"], lang)
    if do in ("pass", "replenish", "claim-stall"):
        return {"pass": "pass", "replenish": "f", "claim-stall": "claim"}[do]
    card = action.get("card")
    what = texts.card_name(card, lang) if card else ""
    if card and by_place:
        for level, row in enumerate(view["pyramid"], 1):
            if card in row:
                what = commands.pyramid_place(level, row.index(card) + 1, lang)
        mine = view["players"][view["to_act"]]["reserved"]
        for k, entry in enumerate(mine, 1):
            if entry.get("card") == card:
                what = commands.reserved_place(k, lang)
    if do == "reserve":
        target = what if card else ("دسته " if fa else "deck ") + number(action["deck"], lang)
        return f"r {space(action['gold'], lang)} {target}"
    assert do == "buy", action
    line = ("ذ " if fa else "b ") + what
    if "color" in action:
        line += " " + texts.token_name(action["color"], lang)
    if "pay" in action:
        line += " pay " + " ".join(
            f"{number(n, lang)}{LETTER[k]}" for k, n in action["pay"].items()
        )
    return line


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_every_legal_move_can_be_typed_and_means_that_move(lang: str) -> None:
    kinds: set[str] = set()
    checked = 0
    for k, state in enumerate(positions(games=6)):
        me = state.to_act
        assert me is not None
        view, legal = state.view(me), state.legal_actions()
        ui = ui_for(lang, me)
        for action in legal:
            line = typed(action, view, lang, by_place=k % 2 == 1)
            reply = ui.command(line, view, legal)
            assert isinstance(reply, Reply), line
            assert reply.action == action, (line, reply)
            kinds.add(action["do"] + (" pay" if "pay" in action else ""))
            checked += 1
    assert {"take", "take-bonus", "privilege", "replenish", "buy", "buy pay", "reserve"} <= kinds
    assert {"steal", "discard", "royal"} <= kinds
    assert checked > 2000


def test_the_automatic_payment_typed_out_is_the_plain_buy_and_pay_alone_lists_payments() -> None:
    for state in positions(games=6):
        legal = state.legal_actions()
        paid = [a for a in legal if a["do"] == "buy" and "pay" in a]
        if not paid:
            continue
        me = state.to_act
        assert me is not None
        view = state.view(me)
        card = paid[0]["card"]
        plain = next(a for a in legal if a["do"] == "buy" and a["card"] == card and "pay" not in a)
        color = f" {plain['color']}" if "color" in plain else ""
        auto = texts._payment(card, view["players"][me])
        words = " ".join(f"{n} {k}" for k, n in auto.items())
        name = texts.card_name(card, "en")
        ui = ui_for("en", me)
        assert ui.command(f"b {name}{color} pay {words}", view, legal) == Reply(action=plain)
        assert ui.command(f"b {name}{color}", view, legal) == Reply(action=plain)
        listing = ui.command(f"b {name}{color} pay", view, legal)
        assert listing is not None and listing.show is not None
        out = render(listing.show)
        numbers = [i + 1 for i, a in enumerate(legal) if a["do"] == "buy" and a["card"] == card]
        numbers = [n for n in numbers if legal[n - 1].get("color") == plain.get("color")]
        for n in numbers:
            assert f"{n}. " in out
        assert len(re.findall(r"\d+\. ", out)) == len(numbers)
        return
    raise AssertionError("no position with another payment")


def first_position() -> tuple[SplendorDuelState, dict[str, Any], list[dict[str, Any]]]:
    state = GAME.new(seed=7)
    return state, state.view(0), state.legal_actions()


@pytest.mark.parametrize(
    ("line", "en", "fa"),
    [
        ("t", "Say the spaces as row,column", "خانه‌ها را به شکل سطر،ستون"),
        ("t 3,1", "holds gold", "طلا است"),
        ("t 6,1", "There is no space (6, 1)", "خانهٔ (۶، ۱) وجود ندارد"),
        ("t 1,1 1,1", "named twice", "دو بار"),
        ("t 1,1 1,2 1,3 1,4", "A take is 1 to 3 tokens", "۱ تا ۳ توکن"),
        ("t 1,1 1,3", "is not an unbroken straight line", "خط راستِ پیوسته"),
        ("b red 1a", "You cannot buy a card now", "نمی‌توانید کارت بخرید"),
        ("p 1,1", "You cannot use a privilege now", "نمی‌توانید از طومار"),
        ("f", "You cannot replenish the board now", "نمی‌توانید صفحه را پر کنید"),
        ("r red 1a", "Which gold? Add its space: r 3,1 red 1a", "کدام طلا؟"),
        ("r 1,1 red 1a", "The space (1, 1) holds no gold", "طلا نیست"),
        ("r 3,1 zzz", "No card is called “zzz”", "کارتی به نام «zzz» نیست"),
        ("r 3,1 red", "Which card? Red 1a", "کدام کارت؟"),
        ("r 3,1 1.9", "There is no card at 1.9", "در جای ۱.۹ هرم کارتی نیست"),
        ("r 3,1 r1", "You have no reserved card r1", "کارت رزروی ر۱ ندارید"),
        ("r 3,1 deck 4", "There is no deck 4", "دستهٔ ۴"),
        ("r 3,1", "Which card?", "کدام کارت؟"),
        ("r 3,1 3,3 deck 1", "Name one space", "یک خانه نام ببرید"),
        ("s red", "You cannot steal a token now", "نمی‌توانید توکن بدزدید"),
        ("pass", "You cannot pass now", "نمی‌توانید رد کنید"),
    ],
)
def test_bad_commands_are_refused_in_both_languages(line: str, en: str, fa: str) -> None:
    state, view, legal = first_position()
    before = state.export()
    for lang, expected in (("en", en), ("fa", fa)):
        reply = ui_for(lang, 0).command(line, view, legal)
        assert reply is not None and reply.action is None and reply.show is None
        assert expected in reply.error, (lang, reply.error)
        if lang == "fa":
            assert not persian_problems(reply.error.replace("zzz", "")), reply.error
    assert state.export() == before


def test_refusals_at_open_choices_and_purchases() -> None:
    wanted = {"take-bonus", "steal", "discard", "royal", "joker", "pay"}
    for state in positions(games=10):
        me = state.to_act
        assert me is not None
        view, legal = state.view(me), state.legal_actions()
        pending = (view["pending"] or {}).get("choice")
        for lang in ("en", "fa"):
            ui = ui_for(lang, me)

            def error(
                line: str, lang: str = lang, ui: Any = ui, view: Any = view, legal: Any = legal
            ) -> str:
                reply = ui.command(line, view, legal)
                assert reply is not None and reply.action is None, line
                if lang == "fa":
                    assert not persian_problems(reply.error), reply.error
                return str(reply.error)

            if pending == "take-bonus":
                taken = {tuple(a["space"]) for a in legal}
                other = next(
                    [r, c]
                    for r in range(1, 6)
                    for c in range(1, 6)
                    if (r, c) not in taken and view["board"][r - 1][c - 1] != "."
                )
                text = error("t " + space(other, "en"))
                assert ("Token ability" in text) if lang == "en" else ("قابلیت توکن" in text)
                assert "Name one space" in error("t 1,1 1,2") or lang == "fa"
                wanted.discard("take-bonus")
            if pending in ("steal", "discard"):
                held = {a["token"] for a in legal}
                missing = next((k for k in LETTER if k not in held), None)
                if missing is not None:
                    text = error(f"{pending[0]} {missing}")
                    assert texts.token_name(missing, lang) in text
                assert "“xyz” is not a token" in error(f"{pending[0]} xyz") or lang == "fa"
                wanted.discard(pending)
            if pending == "royal":
                assert ("Which royal?" if lang == "en" else "کدام اشراف‌زاده؟") in error("k zz")
                wanted.discard("royal")
            jokers = [a for a in legal if a["do"] == "buy" and "color" in a]
            colors = {a["color"] for a in jokers if a["card"] == (jokers or [{}])[0].get("card")}
            if jokers and len(colors) > 1:
                name = texts.card_name(jokers[0]["card"], "en")
                assert ("is a joker" if lang == "en" else "جوکر است") in error(f"b {name}")
                wanted.discard("joker")
            paid = [a for a in legal if a["do"] == "buy" and "color" not in a and "pay" in a]
            if paid:
                name = texts.card_name(paid[0]["card"], "en")
                assert "pay" in error(f"b {name} pay 9W")
                wanted.discard("pay")
        if not wanted:
            return
    raise AssertionError(f"never met: {wanted}")


def test_lines_that_are_no_command_are_left_to_the_prompt() -> None:
    _, view, legal = first_position()
    ui = ui_for("en", 0)
    for line in ("", "1", "?1", "h", "l", "q", "i red 2a", "banana", "ض"):
        assert ui.command(line, view, legal) is None, line
    assert commands.verb_of("؟") == "moves" and commands.verb_of("ذ سبز") == "buy"


def test_the_board_keeps_to_commands_and_the_numbered_list_comes_on_request() -> None:
    _, view, legal = first_position()
    assert len(legal) > 100
    for lang in ("en", "fa"):
        ui = ui_for(lang, 0)
        board = render(ui.board(view, legal=legal))
        last = f"{number(len(legal), lang)}."
        assert last not in board
        assert len(board.splitlines()) < 60  # the board and the commands fit a screen
        assert ("t 1,1" if lang == "en" else "t ۱،۱") in board
        assert commands.pyramid_place(3, 1, lang) in board
        reply = ui.command("?" if lang == "en" else "؟", view, legal)
        assert reply is not None and reply.show is not None
        listing = render(reply.show)
        assert number(len(legal), lang) in listing and f"{number(1, lang)}." in listing
        if lang == "fa":
            problems = [p for row in board.splitlines() for p in persian_problems(row)]
            assert not problems, problems[:5]


def test_the_viewers_reserved_cards_are_numbered_for_the_commands() -> None:
    state, _, _ = first_position()
    state.apply({"do": "reserve", "gold": [3, 1], "card": state.view(0)["pyramid"][0][0]})
    state.apply(next(a for a in state.legal_actions() if a["do"] == "take"))
    view = state.view(0)
    assert state.to_act == 0
    out = render(ui_for("en", 0).board(view, legal=state.legal_actions()))
    assert "r1 " in out
    fa = render(ui_for("fa", 0).board(view, legal=state.legal_actions()))
    assert "ر۱ " in fa


def test_playing_by_commands_at_the_prompt(runner: CliRunner) -> None:
    script = "?\nt 9,9\nb red 1a\nt 4,2 4,1\nq\n"
    result = runner.invoke(
        cli,
        ["play", "splendor-duel", "--seed", "7", "--seat", "1", "--save", "g.json"],
        input=script,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    record = GameRecord.load("g.json")
    start = record.start()
    assert start.view(0)["board"][3][:2] == "PP"  # the pearls the script takes
    assert len(start.legal_actions()) == 143
    assert "59. P·P (4,1)–(4,2)*" in out and "143 (4,3)" in out  # the list, on request
    assert out.count("143 (4,3)") == 1  # once: the board itself does not list the moves
    assert "There is no space (9, 9)" in out and "You cannot buy a card now" in out
    assert record.actions[0] == {"do": "take", "spaces": [[4, 1], [4, 2]]}


def test_playing_by_commands_in_persian(runner: CliRunner) -> None:
    buffer = StringIO()
    console = Console(file=buffer, width=100, color_system=None)
    lines = iter(["ف ۹،۹", "ف ۴،۲ ۴،۱", "q"])
    result = runner.invoke(
        cli,
        ["play", "splendor-duel", "--seed", "7", "--seat", "1", "--lang", "fa", "--save", "g.json"],
        obj={"console": console, "input": lambda prompt: next(lines)},
    )
    assert result.exit_code == 0, result.output
    assert "خانهٔ (۹، ۹) وجود ندارد" in buffer.getvalue()
    assert GameRecord.load("g.json").actions[0] == {"do": "take", "spaces": [[4, 1], [4, 2]]}
