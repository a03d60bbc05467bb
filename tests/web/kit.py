"""What the browser tests do again and again, written once: open a table against the easy bot,
wait for one's turn, read the legal moves, collect the page's errors, check that a board fits
the screen, ask axe-core what the page breaks of WCAG 2.2 AA.

Plain functions over a Playwright :class:`~playwright.sync_api.Page` (the fixtures — the
server, the browser, a window — are in ``conftest.py``). The selectors are the page's
``data-testid`` names, which the renderers keep stable for these tests.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal

from playwright.sync_api import ConsoleMessage, Page, ViewportSize

from tests.web.conftest import Server, box_of, screenshot

#: A table that is not busy drawing a move: what it offers now is what a click reaches.
TABLE = "[data-testid=table]:not(.is-busy)"
#: The moves of the move list this seat may make now.
MOVE = f"{TABLE} [data-testid=legal-move]:enabled"
#: The line that ends a finished game.
RESULT = "[data-testid=result]"
#: The windows the tests look through: a laptop's and a phone's.
DESKTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}

#: Each game's board, as its renderer names it.
BOARDS = {
    "star-realms": "sr-board",
    "splendor-duel": "sd-board",
    "war-of-the-ring": "wr-board",
    "fantasy-realms": "frt-board",
}


def watch_errors(page: Page) -> list[str]:
    """A list that collects the page's uncaught errors and console errors from now on (a
    resource that failed to load with its address: the console's line does not name it)."""
    errors: list[str] = []

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            url = message.location.get("url", "")
            errors.append(f"{message.text} ({url})" if url else message.text)

    page.on("pageerror", lambda err: errors.append(str(err)))
    page.on("console", console)
    return errors


def start_vs_bot(
    page: Page, server: Server, game: str = "star-realms", lang: str | None = None
) -> str:
    """From the game's page, “play now” against the easy bot, until its board is drawn;
    returns the table's id. ``lang`` switches the page's language first (the visitor's
    choice, kept in a cookie); ``None`` keeps the window's."""
    if lang == "en":
        page.goto(server.url + "/")
        page.get_by_test_id("lang-switch").click()
        page.wait_for_function("document.documentElement.lang === 'en'")
    page.goto(f"{server.url}/games/{game}")
    page.get_by_test_id("play-now").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+"))
    page.get_by_test_id(BOARDS[game]).wait_for()
    return page.url.rsplit("/t/", 1)[1].split("?")[0]


def wait_turn(
    page: Page,
    ready: str = MOVE,
    timeout: float = 60_000,
    state: Literal["attached", "visible"] = "attached",
) -> bool:
    """Wait until this seat can move (True) or the game is over (False).

    ``ready`` is what shows that the seat can move: by default a move of the move list,
    which need only be on the page (``attached``: on a phone the moves the board shows leave
    the list, and the list is a closed drawer); a board's own targets are waited for
    ``visible``.
    """
    page.wait_for_selector(f"{ready}, {RESULT}", timeout=timeout, state=state)
    return page.locator(RESULT).count() == 0


def legal(page: Page, move: str = MOVE) -> list[dict[str, Any]]:
    """The legal actions, read from the move list (or ``move``'s elements) in one go."""
    found = page.eval_on_selector_all(move, "els => els.map(e => e.dataset.action)")
    return [json.loads(a) for a in found]


def no_sideways_scroll(page: Page, width: float, name: str = "the page") -> None:
    """The page is no wider than ``width``: nothing scrolls sideways."""
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{name} scrolls sideways ({scroll}px)"


def inside_screen(
    page: Page,
    parts: Iterable[str],
    width: float,
    height: float,
    slack: float = 0.5,
    shot: str | None = None,
    top: bool = True,
) -> None:
    """Each of ``parts`` (selectors, the first match of each) lies inside a screen of
    ``width`` × ``height``: from its top left corner on, and past its right and bottom edges
    by no more than ``slack`` pixels of rounding (``width=math.inf`` checks the height alone).

    The page is scrolled to its top first, unless ``top`` is false (the page as the player
    left it). On a miss a screenshot ``shot`` shows what pushed the part out."""
    if top:
        page.evaluate("window.scrollTo(0, 0)")
    for part in parts:
        box = box_of(page.locator(part).first)
        across = math.isinf(width) or (box["x"] >= 0 and box["x"] + box["width"] <= width + slack)
        down = box["y"] >= 0 and box["y"] + box["height"] <= height + slack
        if not (across and down):
            if shot:
                screenshot(page, shot)
            raise AssertionError(f"{part} off the screen: {box}")


# ---------------------------------------------------------------------- accessibility
#: axe-core, as tests/web/tools/package-lock.json pins it (scripts/test installs it).
AXE = Path(__file__).resolve().parent / "tools" / "node_modules" / "axe-core" / "axe.min.js"
#: The rules' tags of WCAG 2.2 level AA (which includes A, and 2.0 and 2.1).
LEVELS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def violations(page: Page) -> list[str]:
    """What axe finds on the page as it is now: one line per rule and element."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: dict[str, Any] = page.evaluate(
        "(levels) => axe.run(document, {runOnly: {type: 'tag', values: levels}})", LEVELS
    )
    assert found["passes"], "axe checked nothing"
    return [
        f"{rule['id']} ({rule['impact']}) at {node['target']}: {node['failureSummary']}"
        for rule in found["violations"]
        for node in rule["nodes"]
    ]
