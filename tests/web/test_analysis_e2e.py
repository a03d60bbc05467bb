"""The replay page's analysis tab in Chromium: one click, progress, the curve and the marks.

A game against the easy bot where the player ends every turn without playing a card (a
whole turn thrown away each time), then concedes, is analysed for real: every seat's curve
with its band of doubt. Whether a thrown turn is marked depends on the game (a turn thrown
in a game already lost costs little, and the analysis marks only what it is sure of), so a
mark is then written into the stored analysis, on a turn the player ended with cards in
hand, and read back: by the player who sat there and by readers who did not.
Screenshots: desktop and phone, Persian and English.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Server, new_context, screenshot
from tests.web.kit import no_sideways_scroll, start_vs_bot
from tests.web.test_star_realms_board_e2e import TARGET, play_by_board, wait_turn


@pytest.fixture(scope="module")
def analysing_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of its own, whose analyses are small enough for a test (its environment)."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("RUMIZI_ANALYSIS_WORLDS", "32")
        env.setenv("RUMIZI_ANALYSIS_SECONDS", "3")
        running = Server(tmp_path_factory.mktemp("rumizi-analysis"))
        running.start()
    yield running
    running.stop()


def throw_turns_away(page: Page, turns: int) -> None:
    """End the turn at once, ``turns`` times (whenever ending it is a legal move)."""
    ended = 0
    while ended < turns and wait_turn(page):
        end = page.locator(f"{TARGET}[data-testid=sr-end]")
        if end.count():
            end.click()  # the board's own button
            ended += 1
        else:
            play_by_board(page)  # a choice first (a forced discard)
        page.wait_for_timeout(30)


def finished_game(page: Page, server: Server) -> str:
    table_id = start_vs_bot(page, server)
    throw_turns_away(page, 8)
    # The bot may win first (eight thrown turns can let it deal 50 damage): then there is
    # nothing to concede. Otherwise concede on our own turn, when the bot cannot win meanwhile.
    if wait_turn(page):
        page.get_by_test_id("concede").click()
        page.get_by_test_id("concede-yes").click()
    expect(page.get_by_test_id("result")).to_be_visible()
    return table_id


def open_analysis(page: Page, server: Server, table_id: str) -> None:
    page.goto(f"{server.url}/replay/{table_id}")
    page.get_by_test_id("tab-analysis").click()
    expect(page.get_by_test_id("analysis-pane")).to_be_visible()
    expect(page.get_by_test_id("replay-pane")).to_be_hidden()


def plant_mark(page: Page, server: Server, table_id: str) -> None:
    """Mark a turn the player ended with cards in hand: "play the first of them" was better."""
    replay = page.request.get(f"{server.url}/api/tables/{table_id}/replay?seat=0").json()
    with sqlite3.connect(server.data_dir / "rumizi.sqlite3") as db:
        (stored,) = db.execute(
            "SELECT result FROM analyses WHERE table_id = ?", (table_id,)
        ).fetchone()
        result = json.loads(stored)
        for decision in result["decisions"]:
            view = replay["frames"][decision["ply"]]["view"]
            hand = view["players"][decision["seat"]].get("hand") or []
            if decision["played"] == {"do": "end"} and hand and decision["seat"] == 0:
                break
        else:
            raise AssertionError("the player never ended a turn with cards in hand")
        chance = {"mean": 0.31, "se": 0.06, "worlds": 48, "exact": False}
        decision.update(
            mark="blunder",
            best_action={"do": "play", "card": hand[0]},
            after=chance,
            best={**chance, "mean": 0.66},
            drop=0.35,
            drop_se=0.06,
        )
        db.execute(
            "UPDATE analyses SET result = ? WHERE table_id = ?", (json.dumps(result), table_id)
        )


def test_a_finished_game_is_analysed_with_one_click(
    browser: Browser, analysing_server: Server
) -> None:
    server = analysing_server
    context = new_context(browser, lang="fa")
    try:
        page = context.new_page()
        table_id = finished_game(page, server)
        open_analysis(page, server, table_id)
        page.get_by_test_id("analysis-request").click()
        expect(page.get_by_test_id("analysis-curve")).to_be_visible(timeout=400_000)
        assert page.get_by_test_id("analysis-line").count() >= 1
        plant_mark(page, server, table_id)
        open_analysis(page, server, table_id)
        expect(page.get_by_test_id("analysis-curve")).to_be_visible()
        marks = page.get_by_test_id("analysis-mark")
        expect(marks.first).to_be_visible()
        assert page.get_by_test_id("analysis-dot").count() == marks.count()
        # Each line has its band of doubt under it.
        lines = page.get_by_test_id("analysis-line").count()
        assert page.get_by_test_id("analysis-band").count() == lines
        text = re.sub("\u2068.*?\u2069", "", marks.first.inner_text())  # a username may
        assert "بهتر" in text and "٪" in text and not re.search(r"[0-9]", text)
        # A sampled chance never reads "± 0%".
        chances = page.get_by_test_id("analysis-chance").all_inner_texts()
        assert chances and all("± ۰٪" not in c for c in chances), chances
        # The player who sat there is addressed: «نوبت را تمام کنید», ended your turn.
        planted = page.locator("[data-testid=analysis-mark]", has_text="نوبت را تمام کنید")
        expect(planted.first).to_be_visible()
        marks.first.get_by_test_id("analysis-show").click()
        expect(page.get_by_test_id("analysis-board")).to_be_visible()
        assert page.get_by_test_id("analysis-board").locator("*").count() > 5
        screenshot(page, "analysis-fa-desktop")
        # The replay tab is still one click away, and its keys work again there.
        page.get_by_test_id("tab-replay").click()
        expect(page.get_by_test_id("replay-slider")).to_be_visible()

        # Stored: another reader (English, a phone) gets it at once, without asking again.
        for lang, phone in (("en", False), ("en", True), ("fa", True)):
            other = new_context(browser, lang=lang, phone=phone)
            try:
                reader = other.new_page()
                reader.goto(server.url + "/")
                if lang == "en":
                    reader.get_by_test_id("lang-switch").click()
                    reader.wait_for_function("document.documentElement.dir === 'ltr'")
                open_analysis(reader, server, table_id)
                expect(reader.get_by_test_id("analysis-curve")).to_be_visible()
                assert reader.get_by_test_id("analysis-request").count() == 0
                expect(reader.get_by_test_id("analysis-mark").first).to_be_visible()
                if lang == "en":
                    text = reader.get_by_test_id("analysis-mark").first.inner_text()
                    assert "Better" in text
                    # The reader did not sit there: the move is told of that seat, not "you".
                    assert not re.search(r"\byours?\b", text, re.IGNORECASE), text
                    assert "End their turn" in reader.get_by_test_id("analysis-marks").inner_text()
                    assert "± 0%" not in text
                if phone:
                    no_sideways_scroll(reader, 400, "the analysis on a phone")
                screenshot(reader, f"analysis-{lang}-{'phone' if phone else 'desktop'}")
            finally:
                other.close()
    finally:
        context.close()


def test_a_game_in_progress_has_no_analysis_tab(page: Page, analysing_server: Server) -> None:
    table_id = start_vs_bot(page, analysing_server)
    wait_turn(page)
    page.goto(f"{analysing_server.url}/replay/{table_id}")
    expect(page.get_by_test_id("replay-live")).to_be_visible()
    assert page.get_by_test_id("tab-analysis").count() == 0
    answer = page.request.post(f"{analysing_server.url}/api/tables/{table_id}/analysis")
    assert answer.status in (403, 409)  # without the CSRF token, or refused as not over
