"""End-to-end fixtures: a real ``rumizi serve`` process and headless Chromium (Playwright).

The browser is Debian's Chromium at ``/usr/bin/chromium`` (``scripts/system-deps`` installs
it); Playwright's own browser download is not used. Screenshots go to ``SCREENSHOT_DIR``
(``build/screenshots`` by default) for people to look at.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    FloatRect,
    Locator,
    Page,
    ViewportSize,
    expect,
    sync_playwright,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]
SCREENSHOT_DIR = Path(os.environ.get("SCREENSHOT_DIR", ROOT / "build" / "screenshots"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``rumizi serve`` in a subprocess on a fixed port and data directory; can be killed."""

    def __init__(self, data_dir: Path, bot_workers: int = 1) -> None:
        self.data_dir = data_dir
        self.port = free_port()
        self.bot_workers = bot_workers
        self.process: subprocess.Popen[bytes] | None = None
        self.log = data_dir / "server.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [
            sys.executable,
            "-m",
            "rumizi",
            "serve",
            "--port",
            str(self.port),
            "--data-dir",
            str(self.data_dir),
            "--bot-workers",
            str(self.bot_workers),
        ]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=log)
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"{self.url}/api/games", timeout=2).raise_for_status()
                return
            except httpx.HTTPError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        f"rumizi serve did not start:\n{self.log.read_text()}"
                    ) from None
                time.sleep(0.2)

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("rumizi-web"))
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run scripts/system-deps (apt-get install -y chromium)")
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def new_context(
    browser: Browser,
    lang: str = "fa",
    phone: bool = False,
    bypass_csp: bool = True,
    pace: str | None = "instant",
) -> BrowserContext:
    """A browser window. Playwright's ``wait_for_function`` runs its predicate with ``eval``,
    which the server's Content-Security-Policy rightly forbids, so tests bypass the policy
    unless they check it (``bypass_csp=False``, tests/web/test_edges_pages.py).

    Others' moves are drawn at once (``pace="instant"``, static/pacing.js) so that whole
    games against bots stay quick; ``pace=None`` leaves the page's own choice (normal)."""
    size: ViewportSize = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 860}
    context = browser.new_context(
        viewport=size, locale="fa-IR" if lang == "fa" else "en-US", bypass_csp=bypass_csp
    )
    context.set_default_timeout(30_000)
    if pace is not None:
        context.add_init_script(
            f"try {{ localStorage.setItem('rumizi.pace', '{pace}'); }} catch {{}}"
        )
    return context


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    made = new_context(browser)
    yield made
    made.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


def box_of(element: Locator, timeout: float = 5.0) -> FloatRect:
    """The element's box once it is on the page. A board redraws as states arrive (a bot's
    move, the scorer's answer), and an element caught between its old and new self has no
    box for a moment, so the box is asked for again until one comes."""
    deadline = time.monotonic() + timeout
    while True:
        left = max(0.1, deadline - time.monotonic())
        box = element.bounding_box(timeout=left * 1000)  # within the same 5 s in all
        if box is not None:
            return box
        if time.monotonic() > deadline:
            raise AssertionError(f"{element} has no box on the page")
        time.sleep(0.05)


def settled(page: Page, timeout: float = 30_000) -> None:
    """Until the table shows every move it has received (the pacer's queue is empty) and no
    card is still moving (a glow that pulses for ever does not count): a click then lands on
    what the test just looked at."""
    page.wait_for_function(
        """() => [...document.querySelectorAll('[data-pace-queue]')]
            .every(e => e.dataset.paceQueue === '0')
          && document.getAnimations()
            .every(a => !a.effect || a.effect.getComputedTiming().iterations === Infinity)""",
        timeout=timeout,
    )


def screenshot(page: Page, name: str) -> Path:
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOT_DIR / f"{name}.png"
    # From the top: a page scrolled down would show its sticky header in the middle.
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(path), full_page=True)
    return path


def from_move_list(page: Page, move: Locator) -> None:
    """Play ``move`` (a ``legal-move`` button) from the list of moves: where the board is the
    interface the list is a drawer, closed at first, so open it, click, and close it again.
    The move may end this seat's turn (or the game): the list then hides, drawer and close
    button with it, and the drawer shows again, still open, on the seat's next turn; the
    player closes it then (:func:`close_drawer`)."""
    close_drawer(page)
    toggle = page.get_by_test_id("moves-toggle")
    opened = toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false"
    if opened:
        toggle.click()
    move.click()
    if opened:
        close_drawer(page)


def close_drawer(page: Page) -> None:
    """Close the move list's drawer with its button if it is open and on the screen."""
    toggle = page.get_by_test_id("moves-toggle")
    close = page.get_by_test_id("moves-close")
    if not toggle.count() or toggle.get_attribute("aria-expanded") != "true":
        return
    try:
        close.click(timeout=3_000)
    except PlaywrightTimeout:
        return  # hidden: not this seat's turn now (Escape would skip a first-game guide)
    expect(toggle).to_have_attribute("aria-expanded", "false")
