"""End to end in headless Chromium: the pages, two players, reloads, a server killed mid-game,
hidden information on the wire, and the Persian page. (A whole game by clicks on the board,
with its replay: tests/web/test_star_realms_board_e2e.py.)"""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, WebSocket, expect

from tests.web.conftest import Server, new_context, screenshot
from tests.web.kit import no_sideways_scroll, start_vs_bot
from tests.web.test_star_realms_board_e2e import TARGET, play_by_board, wait_turn


def pick(page: Page) -> str:
    """A sensible move, by a click on the board (tests/web/test_star_realms_board_e2e.py)."""
    return play_by_board(page)


def test_two_people_play_each_other_and_a_spectator_sees_no_hidden_card(
    browser: Browser, server: Server
) -> None:
    host_context, guest_context, watcher_context = (new_context(browser) for _ in range(3))
    try:
        host, guest, watcher = (
            c.new_page() for c in (host_context, guest_context, watcher_context)
        )
        frames: dict[str, list[dict[str, Any]]] = {"host": [], "guest": [], "watcher": []}

        def record(name: str) -> Any:
            def on_socket(ws: WebSocket) -> None:
                ws.on("framereceived", lambda payload: frames[name].append(json.loads(payload)))

            return on_socket

        for name, p in (("host", host), ("guest", guest), ("watcher", watcher)):
            p.on("websocket", record(name))
        host.goto(f"{server.url}/new/star-realms")
        host.get_by_test_id("seat-kind").nth(1).select_option("human")
        host.get_by_test_id("create-table").click()
        invite = host.get_by_test_id("invite-link")
        expect(invite).to_be_visible()
        link = (
            invite.input_value()
            if invite.evaluate("e => e.tagName") == "INPUT"
            else invite.inner_text()
        )
        host.get_by_test_id("go-table").click()
        guest.goto(link.strip())
        table_id = re.search(r"/t/([\w-]+)", link).group(1)  # type: ignore[union-attr]
        watcher.goto(f"{server.url}/t/{table_id}")
        expect(watcher.get_by_test_id("spectating")).to_be_visible()
        # A few turns each, by clicks, in whichever page must move.
        for _ in range(40):
            for p in (host, guest):
                if p.locator(TARGET).count():
                    pick(p)
            host.wait_for_timeout(50)
        host.get_by_test_id("concede").click()
        host.get_by_test_id("concede-yes").click()
        for p in (host, guest, watcher):
            expect(p.get_by_test_id("result")).to_be_visible()
        screenshot(watcher, "spectator-fa-desktop")
    finally:
        for c in (host_context, guest_context, watcher_context):
            c.close()
    # Every state message carries only what its reader may see: no other player's hand.
    seat_of = {"host": 0, "guest": 1, "watcher": None}
    for name, received in frames.items():
        states = [m for m in received if m.get("type") == "state"]
        assert states, f"{name} received no state"
        for message in states:
            assert message["seat"] == seat_of[name]
            for who, player in enumerate(message["view"]["players"]):
                if who != seat_of[name]:
                    assert "hand" not in player, f"{name} saw player {who}'s hand"
            if seat_of[name] is None:
                assert message["legal"] == []


def test_reload_mid_game_keeps_the_table(page: Page, server: Server) -> None:
    start_vs_bot(page, server)
    for _ in range(5):
        assert wait_turn(page)
        pick(page)
    wait_turn(page)
    before = page.get_by_test_id("log-line").all_inner_texts()
    page.reload()
    wait_turn(page)
    after = page.get_by_test_id("log-line").all_inner_texts()
    assert after[: len(before)] == before and len(after) >= len(before)


def test_server_killed_mid_game_restarts_with_every_acknowledged_move(
    browser: Browser, tmp_path: Any
) -> None:
    own = Server(tmp_path, bot_workers=1)
    own.start()
    context = new_context(browser, "en")
    try:
        page = context.new_page()
        start_vs_bot(page, own)
        for _ in range(8):
            assert wait_turn(page)
            pick(page)
        assert wait_turn(page)
        before = page.get_by_test_id("log-line").all_inner_texts()
        own.kill()
        expect(page.get_by_test_id("reconnecting")).to_be_visible()
        own.start()
        expect(page.get_by_test_id("reconnecting")).to_be_hidden(timeout=30_000)
        assert wait_turn(page)
        after = page.get_by_test_id("log-line").all_inner_texts()
        assert after[: len(before)] == before
        for _ in range(3):  # and the game goes on
            if not wait_turn(page):
                break
            pick(page)
    finally:
        context.close()
        own.stop()


def test_persian_page_is_right_to_left_in_vazirmatn_with_clean_joining(
    page: Page, server: Server
) -> None:
    page.goto(server.url + "/")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert page.evaluate("document.documentElement.lang") == "fa"
    page.wait_for_function("document.fonts.status === 'loaded'")
    assert page.evaluate("document.fonts.check('16px Vazirmatn', 'رومیزی')")
    used = page.evaluate("getComputedStyle(document.body).fontFamily")
    assert "Vazirmatn" in used
    page.goto(f"{server.url}/games/star-realms")
    page.get_by_test_id("rules-section").first.wait_for()
    text = page.evaluate("document.body.innerText")
    assert re.search(r"[\u0600-\u06ff]", text)
    assert not re.search(r"[0-9]", re.sub(r"[A-Za-z]+[0-9]*|https?://\S+", "", text)), (
        "ASCII digits"
    )
    assert "\u200c " not in text and " \u200c" not in text, "a ZWNJ beside a space breaks joining"
    assert not re.search("[يك]", text), "Arabic yeh/kaf instead of Persian"
    screenshot(page, "game-page-fa")


def test_english_is_one_click_away_and_remembered(page: Page, server: Server) -> None:
    page.goto(server.url + "/")
    page.get_by_test_id("lang-switch").click()
    page.wait_for_function("document.documentElement.dir === 'ltr'")
    page.reload()
    assert page.evaluate("document.documentElement.lang") == "en"
    start_vs_bot(page, server)
    wait_turn(page)
    screenshot(page, "table-en-desktop")


def test_table_on_a_phone(browser: Browser, server: Server) -> None:
    context: BrowserContext = new_context(browser, phone=True)
    try:
        page = context.new_page()
        start_vs_bot(page, server)
        wait_turn(page)
        no_sideways_scroll(page, 400, "the page on a phone")
        pick(page)
        wait_turn(page)
        screenshot(page, "table-fa-phone")
    finally:
        context.close()
