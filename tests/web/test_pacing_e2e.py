"""Pacing in headless Chromium: a bot's Star Realms turn is shown step by step, each step's
log lines lighting up as it is drawn, a few plays of the bot together and a buy or an attack
alone, the "faster" control changes the steps and is remembered, and the player's own moves
are drawn at once; a recorded bot turn is planned by what each move changes, well under
three seconds at "normal"; then, without a game behind it, every game's board animates from
one position to the next through the same generic pacer, and the queue alone lets our own
moves and a resync past what waits.

The page's clock is Playwright's fake one, paused while the bot plays: the bot's moves pile up
in the page's queue (the server and the socket run on real time), and each `run_for` of the
step on the board (its data-pace-wait) lets exactly the next step through. Nothing here
measures time; it counts steps, reads order and the schedule the pacer plans."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from playwright.sync_api import Browser, Page

from rumizi.bots import make
from rumizi.games.fantasy_realms import GAME as FANTASY_REALMS
from rumizi.games.splendor_duel import GAME as SPLENDOR
from rumizi.games.star_realms import GAME as STAR_REALMS
from rumizi.games.war_of_the_ring import GAME as WAR_OF_THE_RING
from tests.web.conftest import Server, from_move_list, new_context, screenshot
from tests.web.kit import DESKTOP, MOVE, PHONE, start_vs_bot

TABLE = "[data-testid=table]"
OLD_NORMAL_MS = 650  # the pacer's one step a move before issue 33, at "normal"

# What the table shows now: the drawn version, what waits, the log and its lit lines, how many
# moves may be clicked, and a few numbers of the board that a bot's move changes.
SAMPLE = """() => {
  const page = document.querySelector('[data-testid=table]');
  const lines = [...document.querySelectorAll('[data-testid=log-line]')];
  const text = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent).join('|');
  return {
    version: Number(page.dataset.paceVersion),
    wait: Number(page.dataset.paceWait),
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


def step(page: Page, before: dict[str, Any]) -> dict[str, Any]:
    """Let the step on the board go by (its planned wait); check it drew the next step: one
    move or a few, every line of them lit, and nothing else."""
    assert before["wait"] > 0, before
    page.clock.run_for(before["wait"])
    now = sample(page)
    assert now["version"] > before["version"], (before["version"], now["version"])
    new_lines = now["log"][len(before["log"]) :]
    assert now["log"][: len(before["log"])] == before["log"]
    # The lines of this step, and only those, light up as it is drawn.
    assert new_lines and now["lit"] == new_lines
    # A position with more behind it offers no move; the last one gives the controls back.
    assert (now["moves"] == 0) if now["queue"] else (now["moves"] > 0)
    return now


def skip_the_rest(page: Page) -> bool:
    """Press "to the end" if moves still wait (a turn shown in few steps may be over)."""
    if not sample(page)["queue"]:
        return False
    page.get_by_test_id("pace-skip").click()
    return True


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
        samples.append(step(page, samples[-1]))
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
        read_speeds(page)
        pause(page)
        pace = page.get_by_test_id("pace")
        assert pace.locator("[aria-pressed=true]").get_attribute("data-pace") == "normal"
        # Should the bot have begun, its first turn is skipped to the end.
        page.wait_for_selector(f"{TABLE}[data-pace-turn=mine]")
        if sample(page)["queue"]:
            page.get_by_test_id("pace-skip").click()

        samples = watch_the_bot_turn(page, "fa")
        while samples[-1]["queue"] and len(samples) < 6:
            samples.append(step(page, samples[-1]))
        # Every step of the bot's turn had its own board, the versions rising; the first
        # step after ours waited a quiet step's rest, and no step stayed longer than a loud one.
        versions = [s["version"] for s in samples[1:]]
        assert versions == sorted(set(versions))
        assert len({s["board"] for s in samples[1:]}) >= 3
        assert samples[0]["wait"] == PACE["normal"]["quiet"]
        assert {s["wait"] for s in samples[2:]} <= {PACE["normal"]["quiet"], PACE["normal"]["loud"]}
        # Skip to the end: the rest at once, its lines lit, our moves back; the lines lit
        # step by step add up to the bot's whole turn, in order.
        if skip_the_rest(page):
            samples.append(sample(page))
        assert samples[-1]["queue"] == 0 and samples[-1]["moves"] > 0
        lit = [line for s in samples[1:] for line in s["lit"]]
        assert lit == samples[-1]["log"][len(samples[0]["log"]) :]

        # Faster: shorter steps, the next drawn when a fast step has gone by.
        page.get_by_test_id("pace-speed").and_(page.locator("[data-pace=fast]")).click()
        end_turn(page)
        waiting = wait_for_the_bot(page)
        assert waiting["wait"] == PACE["fast"]["quiet"] < PACE["normal"]["quiet"]
        fast = step(page, waiting)
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
        skipped = skip_the_rest(page)
        done = sample(page)
        assert done["queue"] == 0 and done["moves"] > 0
        if skipped:
            assert done["lit"] == done["log"][len(samples[-1]["log"]) :]
        assert page.locator("html").get_attribute("dir") == "ltr"
        assert pace.inner_text().startswith("Speed")
    finally:
        context.close()


def recorded_bot_turn(seed: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A Star Realms bot's turn as the table pushes it to the player in seat 0: the state
    the player's own move left first, then one state per move of the bot; and the bot's
    moves. The first turn of the strong bot that plays three cards or more, attacks and buys
    from the trade row."""
    state = STAR_REALMS.new(seed=seed)
    bots = [make("strong", seed=seed + i) for i in range(2)]
    version = 0

    def pushed() -> dict[str, Any]:
        acting = [] if state.to_act is None else [state.to_act]
        return {"version": version, "to_act": acting, "view": state.view(0), "log": []}

    turn: list[dict[str, Any]] = []
    moves: list[dict[str, Any]] = []
    while not state.over:
        me = state.to_act
        assert me is not None
        action = dict(bots[me].choose(state.view(me), state.legal_actions()))
        row = list(state.view(0).get("trade_row") or [])
        state.apply(action)
        version += 1
        if me != 0:
            turn.append(pushed())
            moves.append({**action, "from_row": action.get("card") in row})
            continue
        kinds = [m["do"] for m in moves]
        if kinds.count("play") >= 3 and "attack" in kinds and any(m["from_row"] for m in moves):
            return turn, moves
        turn, moves = [pushed()], []
    raise AssertionError("no bot turn with three plays, an attack and a buy from the row")


PLAN = """async ({turn, speeds}) => {
  const { SPEEDS, planSteps, watchTime } = await import("/static/pacing.js");
  const [shown, ...queue] = turn;
  const out = {};
  for (const speed of speeds) {
    const pace = SPEEDS[speed];
    const steps = planSteps(shown, queue, pace);
    out[speed] = { steps, ms: watchTime(shown, queue, pace, pace.quiet) };
  }
  return out;
}"""


def test_a_recorded_bot_turn_is_planned_by_what_each_move_changes(
    page: Page, server: Server
) -> None:
    page.goto(f"{server.url}/")
    page.wait_for_selector("main")
    turn, moves = recorded_bot_turn(seed=4)
    planned = page.evaluate(PLAN, {"turn": turn, "speeds": ["normal", "fast"]})
    read_speeds(page)
    for speed in ("normal", "fast"):
        steps = planned[speed]["steps"]
        # Every move is drawn once, in order: the steps' moves add up to the turn.
        drawn_by = [step for step in steps for _ in range(step["take"])]
        assert len(drawn_by) == len(moves)
        for move, step in zip(moves, drawn_by, strict=True):
            wait = PACE[speed][step["kind"]]
            assert step["ms"] == wait
            if move["do"] == "attack" or move["from_row"]:
                # What reaches past the bot's own cards stays longer, alone.
                assert step["kind"] == "loud" and step["take"] == 1, (move, step)
            if step["take"] > 1:
                # Only plays of the bot's own cards run together, a quiet step's time.
                assert step["kind"] == "quiet" and move["do"] == "play", (move, step)
        assert steps[0]["kind"] == "quiet" and steps[0]["take"] >= 3, steps  # the plays
        assert len(steps) < len(moves)
    # A bot's whole turn at "normal": under three seconds, where one step a move took 650 ms
    # each (the first after a step's rest); faster still at "fast".
    normal = planned["normal"]["ms"]
    assert normal < 3000 < OLD_NORMAL_MS * len(moves), (normal, [m["do"] for m in moves])
    assert planned["fast"]["ms"] < normal


# The pacer's speeds, read from the page's own module (static/pacing.js SPEEDS).
PACE: dict[str, dict[str, int]] = {}


def read_speeds(page: Page) -> None:
    found = page.evaluate(
        """async () => { const { SPEEDS } = await import("/static/pacing.js");
             return { normal: SPEEDS.normal, fast: SPEEDS.fast }; }"""
    )
    PACE.update(found)


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
