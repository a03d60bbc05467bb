"""Puzzles of a whole turn in the browser: every kind of Star Realms, Splendor Duel and War of
the Ring (win this turn, survive, stop the win, win the battle), answered on the board a touch
at a time as at a table (the position after each move comes from the server; "Start over" goes
back), each solved on a desktop and missed on a phone in one of the two languages, with the
answer played out."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from rumizi import puzzles
from rumizi.core.contract import Action
from rumizi.core.i18n import to_persian_digits
from rumizi.core.registry import game, game_module
from tests.web.conftest import Server, new_context, screenshot
from tests.web.kit import no_sideways_scroll, watch_errors

BOARD = "[data-testid=puzzle-page] [data-testid=board]"

# The board's own targets of a move, found by the move its data-action names (keys in any order).
MARK = """([board, wanted]) => {
  const norm = (v) => Array.isArray(v) ? v.map(norm)
    : v && typeof v === "object"
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, norm(v[k])]))
      : v;
  const key = JSON.stringify(norm(JSON.parse(wanted)));
  document.querySelectorAll("[data-touch]").forEach((e) => e.removeAttribute("data-touch"));
  const hits = [...document.querySelectorAll(`${board} [data-action]`)].filter((e) => {
    try {
      return JSON.stringify(norm(JSON.parse(e.dataset.action))) === key;
    } catch {
      return false;
    }
  });
  hits.forEach((e) => e.setAttribute("data-touch", ""));
  return hits.length;
}"""


def opener(action: Action) -> str | None:
    """What to touch first where a move's own button shows only then (a Splendor Duel card's
    menu, a token for a privilege)."""
    if action.get("do") == "buy":
        card = action["card"]
        return f"{BOARD} [data-focus-key^='pyr:{card}:'], {BOARD} [data-focus-key^='res:{card}:']"
    if action.get("do") == "privilege":
        r, c = action["space"]
        return f"{BOARD} [data-focus-key='cell:{r},{c}']"
    return None


def place(page: Page, action: Action, phone: bool = False) -> None:
    """A War of the Ring card placed: the card in hand, then its zone (tapped twice on a
    phone)."""
    page.locator(f"{BOARD}:not(.is-waiting)").wait_for()
    card = page.locator(f"{BOARD} [data-testid=wr-hand] [data-card='{action['card']}']").first
    card.click()
    zone = page.locator(f"{BOARD} [data-focus-key='zone:{action['zone']}']")
    zone.click()
    if phone and page.locator(f"{BOARD} [data-focus-key='zone:{action['zone']}'].is-armed").count():
        zone.click()


def reserve(page: Page, action: Action, phone: bool = False) -> None:
    """A Splendor Duel card reserved: the card, then the gold to take with it (tapped twice
    on a phone)."""
    page.locator(f"{BOARD}:not(.is-waiting)").wait_for()
    card = action["card"]
    page.locator(f"{BOARD} [data-focus-key^='pyr:{card}:']").first.click()
    r, c = action["gold"]
    gold = page.locator(f"{BOARD} [data-focus-key='cell:{r},{c}']")
    gold.click()
    if phone and page.locator(f"{BOARD} [data-focus-key='cell:{r},{c}'].is-armed").count():
        gold.click()


def touch(page: Page, action: Action, phone: bool = False) -> None:
    """Make ``action`` on the board: tap (twice on a phone: the first tap shows the move).
    The board is drawn again when the server answers a move, so a target found is touched
    at once, and looked for again if the board was redrawn meanwhile."""
    if action.get("do") == "place":
        return place(page, action, phone)
    if action.get("do") == "reserve":
        return reserve(page, action, phone)
    page.locator(f"{BOARD}:not(.is-waiting)").wait_for()
    for _ in range(5):
        if not page.evaluate(MARK, [BOARD, json.dumps(action)]):
            first = opener(action)
            assert first, f"no target on the board for {action}"
            page.locator(first).first.click()
            assert page.evaluate(MARK, [BOARD, json.dumps(action)]), action
        try:
            page.locator("[data-touch]").first.click(timeout=3_000)
            if phone:
                armed = page.locator("[data-touch].is-armed")
                if armed.count():
                    armed.first.click(timeout=3_000)
            return
        except PlaywrightTimeout:
            continue  # redrawn between finding and touching
    raise AssertionError(f"could not touch {action}")


@contextmanager
def puzzle_page(
    browser: Browser, server: Server, p: puzzles.Puzzle, lang: str, phone: bool = False
) -> Iterator[Page]:
    """The puzzle's page in ``lang`` (on a touch phone if ``phone``), its question checked;
    no console error and (on a phone) no sideways scroll by the end."""
    context = new_context(browser, lang, phone=phone)
    context.add_cookies([{"name": "rumizi_lang", "value": lang, "url": server.url}])
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server.url}/puzzles/{p.game}?id={p.id}")
    expect(page.get_by_test_id("puzzle-page")).to_have_attribute("data-kind", p.kind)
    question = game_module(p.game, "puzzles").question(p, lang)
    expect(page.get_by_test_id("puzzle-question")).to_have_text(question)
    try:
        yield page
        if phone:
            no_sideways_scroll(page, 390)
        assert not errors, errors
    finally:
        context.close()


def said(page: Page, p: puzzles.Puzzle, correct: bool, lang: str) -> None:
    """The verdict is in: right or wrong, with the puzzle's explanation."""
    expect(page.get_by_test_id("puzzle-result")).to_have_attribute(
        "data-correct", str(correct).lower()
    )
    for line in game_module(p.game, "puzzles").explain(p, lang):
        expect(page.get_by_test_id("puzzle-verdict")).to_contain_text(line)


def made(page: Page, n: int, lang: str) -> None:
    """The server has answered ``n`` moves of the try."""
    shown = to_persian_digits(str(n)) if lang == "fa" else str(n)
    expect(page.get_by_test_id("puzzle-progress")).to_contain_text(shown)


def test_a_star_realms_turn_is_won_on_the_board_and_missed_on_a_phone(
    browser: Browser, server: Server
) -> None:
    p = puzzles.shipped("star-realms")[0]
    assert any(a["do"] == "scrap" for a in p.solution)  # the scrap is what the puzzle asks
    with puzzle_page(browser, server, p, "fa") as page:
        screenshot(page, "puzzle-sr-fa-desktop")
        touch(page, p.solution[0])
        made(page, 1, "fa")
        page.get_by_test_id("puzzle-start-over").click()  # back to the position as asked
        expect(page.get_by_test_id("puzzle-progress")).to_be_hidden()
        for n, action in enumerate(p.solution, 1):
            touch(page, action)
            if n < len(p.solution):
                made(page, n, "fa")
        said(page, p, True, "fa")
        # the answer played out: the position before its first move, the move marked
        step = page.get_by_test_id("puzzle-step")
        expect(step).to_have_attribute("data-step", "0")
        expect(page.locator(f"{BOARD} .is-puzzle-answer").first).to_be_visible()
        screenshot(page, "puzzle-sr-fa-desktop-right")
        for k in range(1, len(p.solution) + 1):
            page.get_by_test_id("puzzle-step-on").click()
            expect(step).to_have_attribute("data-step", str(k))
        expect(page.get_by_test_id("puzzle-step-on")).to_be_disabled()
        expect(step).to_have_text("پس از آخرین حرکت")
        page.get_by_test_id("puzzle-step-back").click()
        expect(step).to_have_attribute("data-step", str(len(p.solution) - 1))

    # English, a phone: the hand played and the turn ended without the scrap: not a win
    with puzzle_page(browser, server, p, "en", phone=True) as page:
        plays = [a for a in p.solution if a["do"] in ("play", "skip")]
        for action in plays:
            touch(page, action, phone=True)
        made(page, len(plays), "en")
        touch(page, {"do": "end"}, phone=True)
        said(page, p, False, "en")
        expect(page.get_by_test_id("puzzle-solution")).to_contain_text(re.compile("Scrap|scrap"))
        screenshot(page, "puzzle-sr-en-phone-wrong")


def test_a_star_realms_turn_survives_on_the_board_and_dies_when_nothing_is_done(
    browser: Browser, server: Server
) -> None:
    p = next(q for q in puzzles.shipped("star-realms") if q.kind == "survive")
    with puzzle_page(browser, server, p, "en") as page:
        for action in p.solution:
            touch(page, action)
        said(page, p, True, "en")
        screenshot(page, "puzzle-sr-survive-en-desktop-right")
    with puzzle_page(browser, server, p, "fa", phone=True) as page:
        touch(page, {"do": "end"}, phone=True)  # the turn ended at once: the threat stands
        said(page, p, False, "fa")
        screenshot(page, "puzzle-sr-survive-fa-phone-wrong")


def test_a_splendor_duel_turn_is_won_with_a_privilege_and_a_buy_and_missed_on_a_phone(
    browser: Browser, server: Server
) -> None:
    p = next(
        q for q in puzzles.shipped("splendor-duel")
        if [a["do"] for a in q.solution] == ["privilege", "buy"]
    )  # fmt: skip
    with puzzle_page(browser, server, p, "en") as page:
        screenshot(page, "puzzle-sd-en-desktop")
        touch(page, p.solution[0])
        made(page, 1, "en")
        touch(page, p.solution[1])
        said(page, p, True, "en")
        screenshot(page, "puzzle-sd-en-desktop-right")

    # Persian, a phone: a puzzle whose privilege opens the win, and a card bought that does
    # not win: the turn is over, and the answer is shown.
    q = next(q for q in puzzles.shipped("splendor-duel") if other_buy(q) is not None)
    wrong = other_buy(q)
    assert wrong is not None
    with puzzle_page(browser, server, q, "fa", phone=True) as page:
        touch(page, q.solution[0], phone=True)
        made(page, 1, "fa")
        touch(page, wrong, phone=True)
        said(page, q, False, "fa")
        screenshot(page, "puzzle-sd-fa-phone-wrong")


def other_buy(p: puzzles.Puzzle) -> Action | None:
    """A card the seat may buy after the puzzle's privilege, not the answer's, that ends the
    turn (no ability to choose, no turn again)."""
    if [a["do"] for a in p.solution] != ["privilege", "buy"]:
        return None
    state = game("splendor-duel").load(p.position)
    state.apply(p.solution[0])
    for action in state.legal_actions_for(p.seat):
        if action["do"] != "buy" or action["card"] == p.solution[1]["card"] or "pay" in action:
            continue
        after = state.clone()
        after.apply(action)
        if puzzles.finished(p, after, [p.solution[0], action]) and not after.over:
            return action
    return None


def test_a_splendor_duel_threat_is_stopped_by_reserving_its_card(
    browser: Browser, server: Server
) -> None:
    p = next(
        q for q in puzzles.shipped("splendor-duel")
        if q.kind == "stop-the-win" and [a["do"] for a in q.solution] == ["reserve"]
    )  # fmt: skip
    with puzzle_page(browser, server, p, "en") as page:
        touch(page, p.solution[0])
        said(page, p, True, "en")
        screenshot(page, "puzzle-sd-stop-en-desktop-right")
    # Persian, a phone: another card reserved leaves the threat standing.
    state = game("splendor-duel").load(p.position)
    other = next(
        a for a in state.legal_actions_for(p.seat)
        if a["do"] == "reserve" and a.get("card") not in (None, p.solution[0]["card"])
        and a["gold"] == p.solution[0]["gold"]
    )  # fmt: skip
    with puzzle_page(browser, server, p, "fa", phone=True) as page:
        touch(page, other, phone=True)
        said(page, p, False, "fa")
        screenshot(page, "puzzle-sd-stop-fa-phone-wrong")


def test_a_war_of_the_ring_battle_is_won_by_placing_cards_and_lost_by_passing_early(
    browser: Browser, server: Server
) -> None:
    p = next(q for q in puzzles.shipped("war-of-the-ring") if len(q.solution) >= 4)
    with puzzle_page(browser, server, p, "en") as page:
        screenshot(page, "puzzle-wr-en-desktop")
        for n, action in enumerate(p.solution, 1):
            touch(page, action)
            if n < len(p.solution):
                made(page, n, "en")
        said(page, p, True, "en")
        screenshot(page, "puzzle-wr-en-desktop-right")
    with puzzle_page(browser, server, p, "fa", phone=True) as page:
        touch(page, p.solution[0], phone=True)
        made(page, 1, "fa")
        touch(page, {"do": "pass"}, phone=True)
        said(page, p, False, "fa")
        screenshot(page, "puzzle-wr-fa-phone-wrong")
