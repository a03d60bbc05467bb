"""The game renderers in headless Chromium, fed views straight from the engines: they write
numbers with the page's own `num` (a Persian negative keeps its minus on the left), draw the
seats' teams and roles the view gives."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from rumizi.games.splendor_duel import GAME as SPLENDOR
from rumizi.games.star_realms import GAME as STAR_REALMS
from tests.web.conftest import Server, new_context

# Loads a renderer as the pages do (../renderers.js adds the language tools) and draws one
# state into a fresh element; returns the element's id.
DRAW = """async ({game, msg}) => {
  const { loadRenderer } = await import("/static/renderers.js");
  const renderer = await loadRenderer(game);
  const root = document.createElement("div");
  root.id = `probe-${game}`;
  document.body.append(root);
  renderer.render(root, msg, { act: () => false, cards: new Map(), busy: true });
  return root.id;
}"""

LRI, PDI, MINUS = "\u2066", "\u2069", "\u2212"


def draw(page: Page, server: Server, game: str, view: dict[str, Any]) -> str:
    page.goto(f"{server.url}/")
    page.wait_for_selector("main")
    msg = {"version": 1, "seat": view.get("viewer"), "view": view, "legal": [], "seats": []}
    root: str = page.evaluate(DRAW, {"game": game, "msg": msg})
    return f"#{root}"


@pytest.mark.parametrize(
    ("lang", "shown"), [("fa", f"{LRI}{MINUS}۳{PDI}"), ("en", "-3")], ids=["fa", "en"]
)
def test_splendor_writes_a_negative_number_with_the_pages_digits_and_sign(
    browser: Browser, server: Server, lang: str, shown: str
) -> None:
    view = SPLENDOR.new(seed=1).view(0)
    view["players"][1]["points"] = -3  # no real position has one; the writing is what counts
    context = new_context(browser, lang=lang)
    context.add_cookies([{"name": "rumizi_lang", "value": lang, "url": server.url}])
    try:
        page = context.new_page()
        root = draw(page, server, "splendor-duel", view)
        points = page.locator(f"{root} [data-testid=opponent-points] b").inner_text()
        assert points == shown
        # The same number beside it, positive, in the page's digits.
        tokens = page.locator(f"{root} [data-testid=opponent-token-count] b").inner_text()
        assert tokens == ("۰" if lang == "fa" else "0")
    finally:
        context.close()


def test_star_realms_writes_a_negative_number_with_the_pages_sign(
    page: Page, server: Server
) -> None:
    view = STAR_REALMS.new(seed=1).view(0)
    view["players"][1]["authority"] = -4
    root = draw(page, server, "star-realms", view)
    shown = page.locator(f"{root} [data-testid=opponent-authority] b").inner_text()
    assert shown == f"{LRI}{MINUS}۴{PDI}"


def tags(page: Page, root: str) -> dict[int, list[str]]:
    """Seat → the tags under its name (role, team, eliminated)."""
    found: list[list[Any]] = page.eval_on_selector_all(
        f"{root} [data-player]",
        """els => els.filter(e => e.querySelector('.sr-player-head')).map(e => [
             Number(e.dataset.player),
             [...e.querySelectorAll('.sr-player-head .sr-tag')].map(t => t.className),
           ])""",
    )
    return {seat: sorted(classes) for seat, classes in found}


TEAM_A, TEAM_B = "sr-tag sr-team-0", "sr-tag sr-team-1"


@pytest.mark.parametrize(
    ("fmt", "players", "expected"),
    [
        # Hydra's members have no role to show, only their team.
        ("hydra", 4, [[TEAM_A], [TEAM_B], [TEAM_A], [TEAM_B]]),
        # In raid the roles say the side.
        (
            "raid",
            3,
            [["sr-tag sr-role-boss"], ["sr-tag sr-role-raider"], ["sr-tag sr-role-raider"]],
        ),
        ("hunter", 3, [[], [], []]),
    ],
)
def test_star_realms_tags_each_seat_with_the_team_and_role_of_the_view(
    page: Page, server: Server, fmt: str, players: int, expected: list[list[str]]
) -> None:
    view = STAR_REALMS.new(seed=2, players=players, format=fmt).view(None)
    shown = tags(page, draw(page, server, "star-realms", view))
    assert shown == dict(enumerate(expected))


def test_star_realms_emperor_seats_carry_a_role_and_a_team(page: Page, server: Server) -> None:
    view = STAR_REALMS.new(seed=2, players=6, format="emperor").view(None)
    shown = tags(page, draw(page, server, "star-realms", view))
    assert shown[1] == ["sr-tag sr-role-emperor", "sr-tag sr-team-0"]
    assert shown[3] == ["sr-tag sr-role-admiral", "sr-tag sr-team-1"]


def test_star_realms_draws_what_the_view_says_not_what_the_format_suggests(
    page: Page, server: Server
) -> None:
    # A duel whose view calls seat 1 a raider: the page believes the view.
    view = STAR_REALMS.new(seed=2).view(None)
    view["players"][1]["role"] = "raider"
    shown = tags(page, draw(page, server, "star-realms", view))
    assert shown == {0: [], 1: ["sr-tag sr-role-raider"]}
