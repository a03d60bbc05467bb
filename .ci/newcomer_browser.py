"""Two newcomers in Chromium against a server that ``./scripts/serve`` just started.

    python .ci/newcomer_browser.py http://127.0.0.1:PORT SHOTS_DIR

What a first visitor does, by clicks only: the home page loads with its lobby; a table made
with the new-table form's defaults (you against the easy bot, no clock, in the lobby) shows in
a second visitor's lobby among the games being played; a table for two people (the form's
defaults with the second seat a person) shows among the open tables, the second visitor joins
it in one click, and each ends a turn on the board. Screenshots go to SHOTS_DIR; any failure
exits non-zero with what was expected.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

WAIT = 30_000  # ms: the first page of a pure-Python server on a busy machine
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def table_id(page: Page) -> str:
    page.wait_for_url(re.compile(r"/t/[\w-]+$"), timeout=WAIT)
    return page.url.rsplit("/t/", 1)[1]


def new_table(page: Page, url: str, second_seat: str | None = None) -> str:
    """From the home page through the lobby's "new table" link: the form, then the table."""
    page.goto(f"{url}/")
    lobby_corner = page.locator("[data-testid=lobby-game][data-game='star-realms']")
    lobby_corner.get_by_test_id("lobby-new").click(timeout=WAIT)
    expect(page.get_by_test_id("new-table-form")).to_be_visible(timeout=WAIT)
    if second_seat is not None:
        page.get_by_test_id("seat-kind").nth(1).select_option(second_seat)
    page.get_by_test_id("create-table").click()
    page.get_by_test_id("go-table").click(timeout=WAIT)
    return table_id(page)


def end_turn(page: Page) -> None:
    expect(page.get_by_test_id("turn-status")).to_have_class(re.compile("my-turn"), timeout=WAIT)
    page.get_by_test_id("sr-end").click(timeout=WAIT)


def main(url: str, shots: Path) -> None:
    shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
        )
        host = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
        guest = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        try:
            guest.goto(f"{url}/")
            expect(guest.get_by_test_id("lobby-online")).to_be_visible(timeout=WAIT)
            host.goto(f"{url}/")
            expect(host.get_by_test_id("catalogue")).to_be_visible(timeout=WAIT)
            host.screenshot(path=shots / "home.png")
            # The form's defaults: a game against the easy bot, shown as being played.
            against_bot = new_table(host, url)
            expect(host.get_by_test_id("seat")).to_have_count(2, timeout=WAIT)
            watched = guest.locator(f"[data-testid=lobby-playing][data-table='{against_bot}']")
            expect(watched).to_be_visible(timeout=WAIT)
            # A table for two people: open in the guest's lobby, joined there in one click.
            for_two = new_table(host, url, second_seat="human")
            open_table = guest.locator(f"[data-testid=lobby-open][data-table='{for_two}']")
            expect(open_table).to_be_visible(timeout=WAIT)
            guest.screenshot(path=shots / "lobby.png")
            open_table.get_by_test_id("lobby-join").click()
            if table_id(guest) != for_two:
                raise AssertionError(f"the guest came to {guest.url}, not table {for_two}")
            expect(guest.get_by_test_id("seat").nth(1)).to_have_class(
                re.compile("seat-mine"), timeout=WAIT
            )
            # Each ends a turn: whoever moves first, then the other.
            expect(host.get_by_test_id("turn-status")).not_to_have_text("", timeout=WAIT)
            host_first = "my-turn" in (
                host.get_by_test_id("turn-status").get_attribute("class") or ""
            )
            first, second = (host, guest) if host_first else (guest, host)
            end_turn(first)
            end_turn(second)
            expect(first.get_by_test_id("turn-status")).to_have_class(
                re.compile("my-turn"), timeout=WAIT
            )
            host.screenshot(path=shots / "table-host.png")
            guest.screenshot(path=shots / "table-guest.png")
        except Exception:
            host.screenshot(path=shots / "failed-host.png")
            guest.screenshot(path=shots / "failed-guest.png")
            print(f"newcomer: the browser check failed; screenshots in {shots}", file=sys.stderr)
            raise
        finally:
            browser.close()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
