"""Star Realms where the board is the interface, in headless Chromium: a whole duel against the
easy bot made only by clicks on the board at 1366×768 (the move list's drawer stays closed; it
opens with M, walks with the arrows and closes with Escape), to the result and its replay; and
part of a game on a 390×844 phone by taps (a first tap shows what the card would do, the second
does it), with the hand, the trade row and the opponent on the screen without scrolling.
Screenshots in both languages."""

from __future__ import annotations

import functools
import json
import math
import random
import re
import time
from collections.abc import Sequence
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from rumizi.games.star_realms import GAME
from rumizi.games.star_realms.engine import FORMATS
from tests.web import kit
from tests.web.conftest import Server, screenshot, settled
from tests.web.kit import DESKTOP, PHONE, TABLE, violations

BOARD = f"{TABLE} [data-testid=sr-board]"
TARGET = f"{BOARD} button[data-action]:enabled"
#: What a player must see without scrolling: the hand, the trade row, the opponents.
SEEN = ("hand", "trade-row", "opponents")


def context_for(browser: Browser, lang: str, phone: bool) -> BrowserContext:
    context = browser.new_context(
        viewport=PHONE if phone else DESKTOP,
        locale="fa-IR" if lang == "fa" else "en-US",
        has_touch=phone,
        is_mobile=phone,
        bypass_csp=True,  # wait_for_function's eval (see conftest.new_context)
    )
    context.set_default_timeout(30_000)
    return context


def wait_turn(page: Page, timeout: float = 60_000) -> bool:
    """Until the board offers this seat a move (True) or the game is over (False)."""
    return kit.wait_turn(page, TARGET, timeout, state="visible")


def targets(page: Page, testid: str) -> Locator:
    return page.locator(f"{BOARD} [data-testid={testid}][data-action]:enabled")


def action_of(target: Locator) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(target.get_attribute("data-action") or "{}")
    return found


def drawer_closed(page: Page) -> None:
    assert page.get_by_test_id("moves").is_hidden(), "the move list opened"
    assert page.get_by_test_id("moves-toggle").get_attribute("aria-expanded") == "false"


def play_by_board(page: Page, press: Any = None) -> str:
    """One move by clicking (or tapping, with `press`) the board; returns what it did.

    Answers a choice on the board (the largest amount; a forced discard; skips an optional
    scrap), plays every card, attacks bases then the opponent, buys from the row (else an
    Explorer), then ends the turn with the board's own button."""
    click = press or (lambda target: target.click())
    # One look at the board: every target that plays a move, by its test id.
    found = page.eval_on_selector_all(
        TARGET, "els => els.map((e, i) => [e.dataset.testid || '', i])"
    )
    first: dict[str, int] = {}
    last: dict[str, int] = {}
    for testid, i in found:
        first.setdefault(testid, i)
        last[testid] = i
    pending = page.locator(f"{BOARD} [data-testid=pending-choice]")
    choice = pending.get_attribute("data-choice") if pending.count() else None
    order = [("sr-pick", last, "pick")]
    if choice == "discard":
        order.append(("hand-card", first, "discard"))
    order += [
        ("sr-skip", first, "skip"),
        ("hand-card", first, "play"),
        ("base-card", first, "attack"),
        ("opponent-authority", first, "attack"),
        ("trade-row-card", last, "buy"),
        ("explorer-pile", first, "buy"),
        ("sr-end", first, "end"),
    ]
    targets_now = page.locator(TARGET)
    for testid, where, kind in order:
        if testid in where:
            target = targets_now.nth(where[testid])
            click(target)
            return kind
    click(targets_now.first)
    return "other"


def in_view(page: Page, testids: Sequence[str], height: int) -> None:
    """The elements are on the screen at the page's top: nothing to scroll down to see them."""
    parts = [f"[data-testid={testid}]" for testid in testids]
    kit.inside_screen(page, parts, math.inf, height, slack=0, shot="sr-off-the-screen")


def test_a_whole_duel_is_played_by_clicks_on_the_board_with_the_move_list_closed(
    browser: Browser, server: Server
) -> None:
    context = context_for(browser, "fa", phone=False)
    try:
        page = context.new_page()
        errors = kit.watch_errors(page)
        kit.start_vs_bot(page, server)
        assert wait_turn(page)
        drawer_closed(page)
        # The whole table is on the screen at 1366×768.
        in_view(page, SEEN, DESKTOP["height"])
        # The move list is a drawer: M opens it on a move, the arrows walk it, Escape closes.
        page.keyboard.press("m")
        expect(page.get_by_test_id("moves")).to_be_visible()
        assert page.evaluate("document.activeElement.dataset.testid") == "legal-move"
        first = page.evaluate("document.activeElement.dataset.index")
        page.keyboard.press("End")
        last = page.evaluate("document.activeElement.dataset.index")
        page.keyboard.press("ArrowDown")  # wraps to the first
        assert page.evaluate("document.activeElement.dataset.index") == "0"
        assert last != "0" or first == "0"
        screenshot(page, "sr-drawer-fa-desktop")
        page.keyboard.press("Escape")
        expect(page.get_by_test_id("moves")).to_be_hidden()
        # A hover shows what a click would do before it is done.
        card = targets(page, "hand-card").first
        card.hover()
        tip = page.get_by_test_id("sr-tip")
        expect(tip).to_be_visible()
        assert tip.inner_text().strip() == (card.get_attribute("data-label") or "").strip()

        done: dict[str, int] = {}
        moves = 0
        while wait_turn(page):
            if page.locator(f"{BOARD} [data-testid=pending-choice]").count():
                in_view(page, ["hand"], DESKTOP["height"])  # a choice's banner costs no height
            kind = play_by_board(page)
            done[kind] = done.get(kind, 0) + 1
            moves += 1
            if moves == 8:
                screenshot(page, "sr-board-fa-desktop")
            if moves % 10 == 0 and wait_turn(page):
                drawer_closed(page)
                in_view(page, SEEN, DESKTOP["height"])  # later turns fit too
            assert moves < 1200, "the game did not end"
        expect(page.get_by_test_id("result")).to_be_visible()
        assert {"play", "buy", "attack", "end"} <= set(done), done
        assert page.get_by_test_id("result-text").inner_text().strip()
        assert page.get_by_test_id("log-line").count() > 10
        screenshot(page, "sr-board-fa-desktop-result")
        assert not errors, errors
        # The replay of the finished game steps through every move, and once the game is over
        # it can be seen from the other seat, every card shown.
        page.get_by_test_id("replay-link").click()
        page.wait_for_url(re.compile(r"/replay/"))
        expect(page.get_by_test_id("replay-slider")).to_be_visible()
        page.get_by_test_id("replay-last").click()
        page.get_by_test_id("replay-seat").select_option("1")
        page.wait_for_url(re.compile(r"/replay/.*\?seat=1"))
        expect(page.get_by_test_id("replay-slider")).to_be_visible()
        screenshot(page, "replay-fa-seat1")
    finally:
        context.close()


def test_a_phone_shows_the_table_without_scrolling_and_a_first_tap_only_shows_the_move(
    browser: Browser, server: Server
) -> None:
    for lang in ("fa", "en"):
        context = context_for(browser, lang, phone=True)
        try:
            page = context.new_page()
            errors = kit.watch_errors(page)
            kit.start_vs_bot(page, server, lang=lang)
            assert wait_turn(page)
            drawer_closed(page)
            in_view(page, SEEN, PHONE["height"])
            kit.no_sideways_scroll(page, PHONE["width"])
            # First tap: the label, and nothing played; second tap: played.
            hand_cards = page.locator(f"{BOARD} [data-testid=hand-card]")
            settled(page)  # others' moves shown, every card landed: the finger finds what it sees
            hand = hand_cards.count()
            targets(page, "hand-card").first.tap()
            tip = page.get_by_test_id("sr-tip")
            expect(tip).to_be_visible()
            # The armed state (a card lit, its tip over the board) keeps WCAG 2.2 AA as well.
            assert not violations(page), violations(page)
            # The tip names a card of the hand (the one the finger found: the hand may have
            # been redrawn under it as the turn's last states came in), and nothing was played.
            shown = tip.inner_text()
            labels = hand_cards.evaluate_all("cards => cards.map(c => c.dataset.label || '')")
            (label,) = {x.strip() for x in labels if x.strip() and x.strip() in shown}
            assert hand_cards.count() == hand
            selector = f"[data-label={json.dumps(label, ensure_ascii=False)}]"
            card = targets(page, "hand-card").and_(page.locator(selector)).first
            card.tap()
            expect(page.locator(f"{BOARD} [data-testid=hand-card]")).to_have_count(hand - 1)

            def double_tap(target: Locator) -> None:
                target.tap()
                target.tap()

            for _ in range(6):
                if not wait_turn(page):
                    break
                play_by_board(page, press=double_tap)
            if wait_turn(page):
                in_view(page, SEEN, PHONE["height"])
            kit.no_sideways_scroll(page, PHONE["width"])
            screenshot(page, f"sr-board-{lang}-phone")
            if lang == "fa":  # the drawer, opened by its button: a sheet over the bottom
                page.get_by_test_id("moves-toggle").tap()
                expect(page.get_by_test_id("moves")).to_be_visible()
                screenshot(page, "sr-drawer-fa-phone")
                page.get_by_test_id("moves-close").tap()
            if lang == "en":
                page.set_viewport_size(DESKTOP)
                wait_turn(page)
                screenshot(page, "sr-board-en-desktop")
            drawer_closed(page)
            assert not errors, errors
        finally:
            context.close()


def test_the_table_is_drawn_only_once_its_stylesheets_have_loaded(
    browser: Browser, server: Server
) -> None:
    """A slow style sheet (a busy server, a slow network) never shows the table unstyled: on a
    phone an unstyled board pushed the hand below the screen."""
    context = context_for(browser, "fa", phone=True)
    try:
        page = context.new_page()

        def late(route: Any) -> None:
            time.sleep(1)  # Playwright answers routes one at a time: the last comes 3 s late
            route.continue_()

        page.route(re.compile(r"/static/(games/star-realms|table-layout|chat)\.css"), late)
        kit.start_vs_bot(page, server)
        loaded = page.evaluate(
            """() => ['star-realms-css', 'table-layout-css', 'chat-css']
                .map(id => [id, Boolean(document.getElementById(id)?.sheet)])"""
        )
        assert loaded == [
            ["star-realms-css", True],
            ["table-layout-css", True],
            ["chat-css", True],
        ]
        assert wait_turn(page)
        in_view(page, SEEN, PHONE["height"])
    finally:
        context.close()


# Draws one state with the Star Realms renderer (as the table does) and answers which of its
# legal moves the board shows, and which are still only in the list.
MAPPED = """async (msg) => {
  const { loadRenderer } = await import("/static/renderers.js");
  const renderer = await loadRenderer("star-realms");
  const root = document.createElement("div");
  document.body.append(root);
  const out = renderer.render(root, msg, { act: () => false, cards: new Map(), busy: false });
  const missing = msg.legal.map((m, i) => i).filter((i) => !out.mapped.has(i));
  root.remove();
  return missing.map((i) => msg.legal[i].action);
}"""


@functools.cache
def samples_of_every_move_shape() -> list[dict[str, Any]]:
    """States from random games of every format, one for each shape of move first met there
    (its kind, its fields, where a chosen card comes from, the choice pending)."""
    found: dict[tuple[Any, ...], dict[str, Any]] = {}
    games = [(fmt, n, 0) for fmt, (fewest, most) in FORMATS.items() for n in {fewest, most}]
    games.append(("raid", 3, 5))  # an eliminated raider bequeaths one of their bases
    for fmt, players, seed in games:
        state = GAME.new(seed=seed, players=players, format=fmt)
        rng = random.Random(seed)
        for _ in range(1500):
            if state.over:
                break
            legal = state.legal_actions()
            pending = state.pending[0] if state.pending else None
            for action in legal:
                key = (fmt, action["do"], *sorted(action), action.get("from"), pending)
                if key not in found:
                    found[key] = {
                        "version": 1,
                        "seat": state.to_act,
                        "view": state.view(state.to_act),
                        "legal": [{"action": a, "label": json.dumps(a)} for a in legal],
                        "seats": [],
                    }
            state.apply(rng.choice(legal))
    return list(found.values())


def test_every_move_of_every_format_has_a_target_on_the_board(page: Page, server: Server) -> None:
    samples = samples_of_every_move_shape()
    kinds = {(a["action"]["do"], a["action"].get("from")) for s in samples for a in s["legal"]}
    sources = {"hand", "discard", "trade_row", "deck", "bases", None}
    assert {("choose", source) for source in sources} <= kinds
    for kind in ("play", "buy", "scrap", "attack", "transfer", "pass", "skip", "end"):
        assert (kind, None) in kinds
    page.goto(f"{server.url}/")
    page.wait_for_selector("main")
    for msg in samples:
        missing = page.evaluate(MAPPED, msg)
        assert missing == [], f"{msg['view'].get('format')}: only in the list: {missing}"


# Draws a state, clicks its first target that offers several moves, and answers what the
# board then asks (the picker's options) and which move picking the last of them plays.
PICK = """async (msg) => {
  const { loadRenderer } = await import("/static/renderers.js");
  const renderer = await loadRenderer("star-realms");
  const root = document.createElement("div");
  document.body.append(root);
  const played = [];
  renderer.render(root, msg, { act: (a) => played.push(a), cards: new Map(), busy: false });
  const target = root.querySelector("[data-choices]");
  target.click();
  const options = [...root.querySelectorAll("[data-testid=sr-pick]")];
  const offered = options.map((o) => JSON.parse(o.dataset.action));
  options[options.length - 1].click();
  const closed = root.querySelector("[data-testid=sr-picker]") === null;
  root.remove();
  return { offered, played, closed, choices: Number(target.dataset.choices) };
}"""


def test_a_target_with_several_moves_asks_on_the_board_which_one(
    page: Page, server: Server
) -> None:
    """An attack of a chosen amount (free-for-all), a Hydra buy for one member or another: the
    click opens a choice on the board, and picking in it plays that move."""

    def first_state(fmt: str, players: int, test: Any) -> dict[str, Any]:
        """The first state of a random game whose legal moves pass ``test``."""
        state = GAME.new(seed=0, players=players, format=fmt)
        rng = random.Random(0)
        while not test(legal := state.legal_actions()):
            state.apply(rng.choice(legal))
        return {
            "version": 1,
            "seat": state.to_act,
            "view": state.view(state.to_act),
            "legal": [{"action": a, "label": json.dumps(a)} for a in legal],
            "seats": [],
        }

    def amounts(legal: list[dict[str, Any]]) -> bool:  # two amounts on one target
        hits = [(a["player"], a.get("base")) for a in legal if a["do"] == "attack"]
        return any(hits.count(hit) > 1 for hit in hits)

    def members(legal: list[dict[str, Any]]) -> bool:  # one card, two members to buy it for
        cards = [a["card"] for a in legal if a["do"] == "buy"]
        return any(cards.count(card) > 1 for card in cards)

    wanted = {
        "attack-amount": first_state("free-for-all", 3, amounts),
        "hydra-member": first_state("hydra", 4, members),
    }
    page.goto(f"{server.url}/")
    page.wait_for_selector("main")
    for name, msg in wanted.items():
        answer = page.evaluate(PICK, msg)
        assert answer["choices"] == len(answer["offered"]) > 1, name
        legal = [m["action"] for m in msg["legal"]]
        assert all(a in legal for a in answer["offered"]), name
        assert answer["played"] == [answer["offered"][-1]] and answer["closed"], name
