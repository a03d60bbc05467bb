"""Pacing in headless Chromium: a bot's Star Realms turn is shown one move at a time, each
move's log lines lighting up as it is drawn, the "faster" control changes the step and is
remembered, and the player's own moves are drawn at once; then, without a game behind it,
every game's board animates from one position to the next through the same generic pacer,
and the queue alone lets our own moves and a resync past what waits.

The page's clock is Playwright's fake one, paused while the bot plays: the bot's moves pile up
in the page's queue (the server and the socket run on real time), and each `run_for` of one
step lets exactly one through. Nothing here measures time; it counts steps and reads order."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from playwright.sync_api import Browser, Page

from rumizi.games.fantasy_realms import GAME as FANTASY_REALMS
from rumizi.games.splendor_duel import GAME as SPLENDOR
from rumizi.games.star_realms import GAME as STAR_REALMS
from rumizi.games.war_of_the_ring import GAME as WAR_OF_THE_RING
from tests.web.conftest import Server, from_move_list, new_context, screenshot
from tests.web.test_e2e import start_vs_bot

TABLE = "[data-testid=table]"
MOVE = f"{TABLE}:not(.is-busy) [data-testid=legal-move]:enabled"
NORMAL_MS, FAST_MS = 650, 240  # one step at each speed (static/pacing.js SPEEDS)
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}

# What the table shows now: the drawn version, what waits, the log and its lit lines, how many
# moves may be clicked, and a few numbers of the board that a bot's move changes.
SAMPLE = """() => {
  const page = document.querySelector('[data-testid=table]');
  const lines = [...document.querySelectorAll('[data-testid=log-line]')];
  const text = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent).join('|');
  return {
    version: Number(page.dataset.paceVersion),
    origin: page.dataset.paceOrigin,
    queue: Number(page.dataset.paceQueue),
    log: lines.map((li) => li.textContent),
    lit: lines.filter((li) => li.classList.contains('pace-lit')).map((li) => li.textContent),
    // Moves that may be clicked, in the list or on the board.
    moves: document.querySelectorAll('[data-testid=table]:not(.is-busy) '
      + ':is([data-testid=legal-move], [data-testid=board] [data-action]):enabled').length,
    board: [
      text('[data-testid=opponent-in-play]'),
      text('[data-testid=opponent] [data-count-key]'),
      text('[data-testid=trade-row-card]'),
      String(document.querySelectorAll('[data-testid=my-area] [data-count-key]').length),
    ].join('/'),
  };
}"""


def sample(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(SAMPLE)
    return found


def click_and_wait(page: Page, index: int) -> None:
    """Click the index-th legal move and wait until the page draws the state it made."""
    before = sample(page)["version"]
    from_move_list(page, page.locator(MOVE).nth(index))
    page.wait_for_function(
        f"Number(document.querySelector('{TABLE}').dataset.paceVersion) > {before}"
    )


def pause(page: Page) -> None:
    """From here the page's timers stand still: only what is drawn at once can show."""
    now = page.evaluate("Date.now()") / 1000
    page.clock.pause_at(datetime.fromtimestamp(now + 1, tz=UTC))


def end_turn(page: Page) -> dict[str, Any]:
    """Settle what the turn asks first (a discard), then end it at once (the bot's turn is
    what this test watches). Returns the sample of the end's own state."""
    while True:
        page.wait_for_selector(MOVE, state="attached")  # (the list is a closed drawer)
        buttons = page.locator(MOVE)
        actions = [
            json.loads(buttons.nth(i).get_attribute("data-action") or "{}")
            for i in range(buttons.count())
        ]
        end = next((i for i, a in enumerate(actions) if a.get("do") == "end"), None)
        if end is not None:
            break
        click_and_wait(page, 0)
    pause(page)
    click_and_wait(page, end)
    return sample(page)


def wait_for_the_bot(page: Page) -> dict[str, Any]:
    """Wait (on the server's real time) until the bot's whole turn waits in the page's queue."""
    page.wait_for_selector(f"{TABLE}[data-pace-turn=mine]")
    return sample(page)


def step(page: Page, before: dict[str, Any], ms: int) -> dict[str, Any]:
    """Let one step of the page's clock go by; check it drew exactly the next move."""
    page.clock.run_for(ms)
    now = sample(page)
    assert now["version"] == before["version"] + 1, (before["version"], now["version"])
    new_lines = now["log"][len(before["log"]) :]
    assert now["log"][: len(before["log"])] == before["log"]
    # The lines of this move, and only those, light up as it is drawn.
    assert new_lines and now["lit"] == new_lines
    # A position with more behind it offers no move; the last one gives the controls back.
    assert (now["moves"] == 0) if now["queue"] else (now["moves"] > 0)
    return now


def hold_motion(page: Page) -> None:
    """Stop every running animation half-way, for a picture of the board in motion."""
    page.evaluate(
        """() => { for (const a of document.getAnimations()) {
             a.pause(); a.currentTime = (Number(a.effect.getTiming().duration) || 0) / 2; } }"""
    )


def release_motion(page: Page) -> None:
    page.evaluate("() => { for (const a of document.getAnimations()) a.finish(); }")


def watch_the_bot_turn(page: Page, name: str) -> list[dict[str, Any]]:
    """End a turn, then step through the bot's: pictures of the first two steps in motion at
    desktop then phone size; returns every sample, the end's own state first."""
    ended = end_turn(page)
    # Our own move showed although the page's clock stood still: it skipped the queue.
    assert ended["origin"] == "own" and ended["lit"] == []
    waiting = wait_for_the_bot(page)
    # The bot's moves wait for their steps, the first one too (a step's rest after ours).
    assert waiting["version"] == ended["version"]
    assert waiting["queue"] >= 3, "the bot's turn came as fewer than three moves"
    samples = [ended, waiting]
    for size, where in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        samples.append(step(page, samples[-1], NORMAL_MS))
        hold_motion(page)
        screenshot(page, f"pacing-{name}-{where}")
        release_motion(page)
    page.set_viewport_size(DESKTOP)
    return samples


def test_a_bots_turn_is_shown_move_by_move_and_the_faster_control_changes_it(
    browser: Browser, server: Server
) -> None:
    context = new_context(browser, pace=None)  # the page's own speed: normal
    try:
        page = context.new_page()
        page.clock.install()
        page.set_viewport_size(DESKTOP)
        start_vs_bot(page, server)
        pause(page)
        pace = page.get_by_test_id("pace")
        assert pace.locator("[aria-pressed=true]").get_attribute("data-pace") == "normal"
        # Should the bot have begun, its first turn is skipped to the end.
        page.wait_for_selector(f"{TABLE}[data-pace-turn=mine]")
        if sample(page)["queue"]:
            page.get_by_test_id("pace-skip").click()

        samples = watch_the_bot_turn(page, "fa")
        while samples[-1]["queue"] and len(samples) < 6:
            samples.append(step(page, samples[-1], NORMAL_MS))
        # Every move of the bot's turn had its own board, one version after another.
        versions = [s["version"] for s in samples[1:]]
        assert versions == list(range(versions[0], versions[0] + len(versions)))
        assert len({s["board"] for s in samples[1:]}) >= 3
        # Skip to the end: the rest at once, its lines lit, our moves back; the lines lit
        # step by step add up to the bot's whole turn, in order.
        page.get_by_test_id("pace-skip").click()
        samples.append(sample(page))
        assert samples[-1]["queue"] == 0 and samples[-1]["moves"] > 0
        lit = [line for s in samples[1:] for line in s["lit"]]
        assert lit == samples[-1]["log"][len(samples[0]["log"]) :]

        # Faster: a fast step lets one move through where a normal one would not.
        page.get_by_test_id("pace-speed").and_(page.locator("[data-pace=fast]")).click()
        end_turn(page)
        waiting = wait_for_the_bot(page)
        fast = step(page, waiting, FAST_MS)
        # Instant: what waits is drawn at once, the newest state with our moves.
        assert fast["queue"] >= 1
        page.locator("[data-testid=pace-speed][data-pace=instant]").click()
        done = sample(page)
        assert done["queue"] == 0 and done["moves"] > 0
        assert done["lit"] == done["log"][len(fast["log"]) :]
        assert page.evaluate("localStorage.getItem('rumizi.pace')") == "instant"

        # The same in English, at the normal speed again: a fresh page starts at the choice.
        page.locator("[data-testid=pace-speed][data-pace=normal]").click()
        context.add_cookies([{"name": "rumizi_lang", "value": "en", "url": server.url}])
        page.reload()
        page.wait_for_selector(MOVE, state="attached")  # (the list is a closed drawer)
        assert pace.locator("[aria-pressed=true]").get_attribute("data-pace") == "normal"
        assert sample(page)["origin"] == "sync"
        samples = watch_the_bot_turn(page, "en")
        page.get_by_test_id("pace-skip").click()
        done = sample(page)
        assert done["queue"] == 0 and done["moves"] > 0
        assert done["lit"] == done["log"][len(samples[-1]["log"]) :]
        assert page.locator("html").get_attribute("dir") == "ltr"
        assert pace.inner_text().startswith("Speed")
    finally:
        context.close()


# Draw one position, then the next as another player's move, through the table's pacer.
PACE_TWO = """async ({game, first, second}) => {
  const { loadRenderer } = await import("/static/renderers.js");
  const { createPacer } = await import("/static/pacing.js");
  const renderer = await loadRenderer(game);
  const host = document.createElement("div");
  const board = document.createElement("div");
  const log = document.createElement("ol");
  host.append(board, log);
  document.body.append(host);
  // A renderer's own stylesheet loads beside it: wait for it, or nothing has a size yet.
  renderer.render(board, first, { act: () => false, cards: new Map(), busy: false });
  const sheet = document.getElementById(`${game}-css`);
  if (sheet && !sheet.sheet) {
    await new Promise((ok) => sheet.addEventListener("load", ok, { once: true }));
  }
  const draw = (msg) => {
    renderer.render(board, msg, { act: () => false, cards: new Map(), busy: false });
    log.replaceChildren(...msg.log.map((line) => {
      const li = document.createElement("li");
      li.className = "log-line";
      li.textContent = line;
      return li;
    }));
  };
  localStorage.setItem("rumizi.pace", "normal"); // the tests' windows start at "instant"
  const pacer = createPacer({ board, host, logList: log, draw });
  pacer.push({ ...first, origin: "sync" });
  const keyed = board.querySelectorAll("[data-key], [data-card]").length;
  const counts = board.querySelectorAll("[data-count-key]").length;
  pacer.push({ ...second, origin: "other" });
  const out = {
    keyed, counts,
    animations: document.getAnimations().length,
    ghosts: board.querySelectorAll(".pace-ghost").length,
    up: board.querySelectorAll(".pace-up").length,
    lit: [...log.querySelectorAll(".pace-lit")].map((li) => li.textContent),
    step: host.dataset.paceStep,
  };
  pacer.close();
  host.remove();
  return out;
}"""


def message(view: dict[str, Any], version: int, log: list[str]) -> dict[str, Any]:
    return {
        "version": version,
        "seat": view.get("viewer"),
        "view": view,
        "legal": [],
        "seats": [],
        "log": log,
    }


def test_every_games_board_moves_through_the_same_pacer(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/")
    page.wait_for_selector("main")
    games = {
        "star-realms": (STAR_REALMS, {"do": "play"}),
        "splendor-duel": (SPLENDOR, {"do": "take"}),
        "fantasy-realms": (FANTASY_REALMS, {}),
        "war-of-the-ring": (WAR_OF_THE_RING, {}),
    }
    for game, (module, prefer) in games.items():
        state = module.new(seed=3)
        seat = state.to_act
        first = message(state.view(seat), 1, ["start"])
        legal = list(state.legal_actions())
        wanted = [a for a in legal if all(a.get(k) == v for k, v in prefer.items())]
        state.apply((wanted or legal)[0])
        second = message(state.view(seat), 2, ["start", "a move"])
        out = page.evaluate(PACE_TWO, {"game": game, "first": first, "second": second})
        assert out["step"] == "2" and out["lit"] == ["a move"], (game, out)
        if game in ("star-realms", "splendor-duel"):
            # Cards and tokens carry keys and numbers their counts: the move animates.
            assert out["keyed"] and out["counts"], (game, out)
            assert out["animations"] > 0, (game, out)
        if game == "splendor-duel":
            # The tokens taken fly from the board to the player's pile, which counts up.
            assert out["ghosts"] > 0 and out["up"] > 0, out


# The queue alone, with a stand-in drawing: what is drawn, what waits and whether the table may
# act, as states of each origin come (all within one task, so no step's timer runs between).
QUEUE = """async () => {
  const { createPacer } = await import("/static/pacing.js");
  localStorage.setItem("rumizi.pace", "normal");
  const drawn = [];
  const host = document.createElement("div");
  const pacer = createPacer({ board: host, host, logList: null, draw: (m) => drawn.push(m) });
  const state = (version, origin, extra = {}) =>
    ({ version, origin, log: [], legal: [{}], ...extra });
  const now = () => ({ version: drawn.at(-1).version, legal: drawn.at(-1).legal.length,
                       waiting: Number(host.dataset.paceQueue), idle: pacer.idle });
  const seen = [];
  pacer.push(state(1, "sync")); seen.push(now());
  pacer.push(state(2, "other")); seen.push(now());           // drawn at once: nothing waited
  pacer.push(state(3, "other")); pacer.push(state(4, "other")); seen.push(now());
  pacer.push({ ...state(4, "presence"), seats: [{ seat: 0, connected: false }] });
  seen.push(now());
  seen.push(pacer.flush()); seen.push(now());                // the newest, at once
  seen.push(pacer.flush());                                  // nothing waits
  pacer.push(state(5, "own")); seen.push(now());
  pacer.push(state(6, "other")); seen.push(now());           // a step's rest after our move
  pacer.push(state(7, "sync")); seen.push(now());            // a reconnect skips the queue
  const seats = drawn.find((m) => m.version === 4 && m.seats).seats;
  pacer.close();
  return { seen, seats };
}"""


def test_the_queue_holds_others_moves_and_lets_ours_and_a_resync_through(
    page: Page, server: Server
) -> None:
    page.goto(f"{server.url}/")
    page.wait_for_selector("main")
    out = page.evaluate(QUEUE)

    def at(version: int, waiting: int, legal: int = 1) -> dict[str, Any]:
        return {"version": version, "legal": legal, "waiting": waiting, "idle": waiting == 0}

    assert out["seen"] == [
        at(1, 0),
        at(2, 0),
        at(2, 2, legal=0),  # history on the board offers no move, and the table may not act
        at(2, 2, legal=0),  # a presence while moves wait is carried with them
        True,
        at(4, 0),
        False,
        at(5, 0),
        at(5, 1, legal=0),  # what came after it waits: our old moves are withdrawn meanwhile
        at(7, 0),
    ]
    assert out["seats"] == [{"seat": 0, "connected": False}]
