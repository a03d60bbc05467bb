"""The Star Realms terminal board: drawn from a seat's view only, in both languages."""

from __future__ import annotations

import random
import re
from io import StringIO

import pytest
from rich.console import Console, RenderableType

from rumizi.cli import terminal
from rumizi.games.star_realms import GAME, tui
from rumizi.games.star_realms import texts as T
from rumizi.games.star_realms.cards import CARDS


def render(renderable: RenderableType, width: int = 120) -> str:
    console = Console(file=StringIO(), width=width, color_system=None, highlight=False)
    console.print(renderable)
    out = console.file.getvalue()
    assert isinstance(out, str)
    return out


def seats(lang: str, you: int | None) -> list[T.Who]:
    return T.seats_for(lang, you=you, names={1: T.bot_label("greedy", lang)} if you == 0 else {})


def test_boards_along_random_games_in_both_languages() -> None:
    for seed in range(3):
        state = GAME.new(seed=seed)
        state.events = []
        chooser = random.Random(seed)
        step = 0
        while not state.over and step < 400:
            if step % 40 == 0:
                me = state.to_act
                assert me is not None
                for lang in ("en", "fa"):
                    s = seats(lang, me)
                    log = tui.log_lines(state.events[-30:], lang, s)
                    out = render(
                        tui.board(state.view(me), lang, s, log=log, legal=state.legal_actions()),
                        width=100,
                    )
                    assert T.label("trade-row", lang) in out
                    if lang == "fa":
                        assert not re.search(r"[0-9]", out), re.findall(r".*[0-9].*", out)[:3]
            legal = state.legal_actions()
            state.apply(legal[0] if chooser.random() < 0.5 else chooser.choice(legal))
            step += 1
        for lang in ("en", "fa"):
            out = render(tui.board(state.view(0), lang, seats(lang, 0)))
            if state.over:
                assert T.label("over", lang) in out


def test_the_board_never_shows_the_opponents_hand() -> None:
    # The opponent holds a Command Ship that is nowhere else: it must not be drawn.
    doc = GAME.new(seed=1).export()
    doc["current"] = 0
    doc["turn"] = 2
    doc["players"][1]["hand"] = ["command-ship", "lookout", "lookout", "viper", "lookout"]
    for key in ("in_play", "played", "allied", "trade", "combat", "pending", "queue"):
        doc["players"][0].pop(key, None)
        doc["players"][1].pop(key, None)
    state = GAME.load(doc)
    for lang in ("en", "fa"):
        name = T.card_name("command-ship", lang)
        out = render(tui.board(state.view(0), lang, seats(lang, 0), legal=state.legal_actions()))
        assert name not in out
        # ... while a replay showing everything does show it.
        assert name in render(tui.board(tui.reveal_all(state), lang, seats(lang, None)))


def test_board_parts() -> None:
    state = GAME.new(seed=3)
    me = state.to_act
    assert me is not None
    out = render(tui.board(state.view(me), "en", seats("en", me), legal=state.legal_actions()))
    assert "Star Realms · Turn 1 · your turn" in out
    assert "Authority 50" in out
    assert "Trade deck 60" in out
    assert "Explorer" in out and "∞" in out
    assert "1. Play Lookout — 1 trade" in out
    assert "Your moves" in out


def test_outposts_are_marked() -> None:
    doc = GAME.new(seed=1).export()
    doc["current"] = 0
    doc["players"][1]["bases"] = ["trading-post", "barter-world"]
    for key in ("in_play", "played", "allied", "trade", "combat", "pending", "queue"):
        doc["players"][0].pop(key, None)
        doc["players"][1].pop(key, None)
    state = GAME.load(doc)
    out = render(tui.board(state.view(0), "en", seats("en", 0)))
    assert "◆ Trading Post (outpost 4)" in out
    assert "■ Barter World (base 4)" in out
    fa = render(tui.board(state.view(0), "fa", seats("fa", 0)))
    assert "◆ ایستگاه تجاری (پاسگاه ۴)" in fa


def test_log_folds_gains_into_the_card_line() -> None:
    events = [
        {"event": "play", "player": 0, "card": "caravan-ship"},
        {"event": "trade", "player": 0, "amount": 2, "card": "caravan-ship"},
        {"event": "authority", "player": 0, "amount": 4, "card": "caravan-ship"},
        {"event": "ally", "player": 0, "card": "caravan-ship"},
        {"event": "combat", "player": 0, "amount": 4, "card": "caravan-ship"},
        {"event": "combat", "player": 1, "amount": 2, "card": "space-station"},
    ]
    en = [line.plain for line in tui.log_lines(events, "en", seats("en", 0))]
    assert en == [
        "You played Caravan Ship (+2 trade, +4 authority).",
        "Ally ability of Caravan Ship fired (+4 combat).",
        "Greedy bot gained 2 combat from Space Station.",
    ]
    fa = [line.plain for line in tui.log_lines(events, "fa", seats("fa", 0))]
    assert fa[0] == "شما «ناو کاروان» را بازی کردید (۲ تجارت، ۴ اقتدار)."


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_card_panels_and_help(lang: str) -> None:
    for card in CARDS:
        out = render(tui.card_panel(card.id, lang))
        assert card.name(lang) in out
    assert T.rules_help(lang)[0] in render(tui.help_panel(lang), width=200)
    assert terminal.keys_help(lang, True)[0][1] in render(tui.help_panel(lang, replay=True))


def test_log_folds_the_refill_into_the_buy() -> None:
    events = [
        {"event": "buy", "player": 0, "card": "gnat"},
        {"event": "refill", "slot": 1, "card": "lance"},
        {"event": "clear-row", "player": 1, "card": "cruiser"},
        {"event": "refill", "slot": 3, "card": None},
        {"event": "refill", "slot": 0, "card": "pounder"},
    ]
    en = [line.plain for line in tui.log_lines(events, "en", seats("en", 0))]
    assert en == [
        "You bought Gnat for 1 trade; Lance took its place.",
        "Greedy bot cleared Cruiser from the trade row; its slot stayed empty.",
        "Pounder came into the trade row.",
    ]
    fa = [line.plain for line in tui.log_lines(events, "fa", seats("fa", 0))]
    assert fa[0] == "شما «پشه» را به ۱ تجارت خریدید؛ «نیزه» جایش را گرفت."


def test_log_folds_the_cards_drawn_into_the_card_line() -> None:
    events = [
        {"event": "play", "player": 0, "card": "lance"},
        {"event": "combat", "player": 0, "amount": 1, "card": "lance"},
        {"event": "draw", "player": 0, "count": 1},
        {"event": "end", "player": 0},
        {"event": "draw", "player": 0, "count": 5},
    ]
    en = [line.plain for line in tui.log_lines(events, "en", seats("en", 0))]
    assert en == [
        "You played Lance (+1 combat, +1 card).",
        "You ended your turn.",
        "You drew 5 cards.",
    ]
    fa = [line.plain for line in tui.log_lines(events, "fa", seats("fa", 0))]
    assert fa[0] == "شما «نیزه» را بازی کردید (۱ حمله، کشیدن ۱ کارت)."
