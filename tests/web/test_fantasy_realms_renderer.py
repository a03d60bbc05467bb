"""The Fantasy Realms renderer in headless Chromium, fed views straight from the engine: a seat
sees its own hand and nothing of the others' (only counts and face-up items), seats of one
name are told apart, the live score is the scorer's, and a finished game draws every hand's
lines and the scorer's choices."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page

from rumizi.games.fantasy_realms import GAME, score_hand
from tests.web.conftest import Server

DRAW = """async ({msg}) => {
  const { loadRenderer } = await import("/static/renderers.js");
  const { getCards } = await import("/static/api.js");
  const renderer = await loadRenderer("fantasy-realms");
  const cards = await getCards("fantasy-realms", document.documentElement.lang);
  const root = document.createElement("div");
  root.id = "probe-fr";
  document.body.append(root);
  renderer.render(root, msg, { act: () => false, cards, busy: false });
  return root.id;
}"""


def draw(page: Page, server: Server, view: dict[str, Any], seat: int | None, **extra: Any) -> str:
    page.goto(f"{server.url}/")
    page.wait_for_selector("main")
    seats = [{"seat": q, "name": "ربات آسان"} for q in range(int(view["players"]))]
    msg = {"version": 1, "seat": seat, "view": view, "legal": [], "seats": seats, **extra}
    root: str = page.evaluate(DRAW, {"msg": msg})
    return f"#{root}"


def test_a_seat_sees_its_hand_and_its_live_score_and_nothing_of_the_others(
    page: Page, server: Server
) -> None:
    state = GAME.new(seed=8, players=4, items=True, first=1)
    root = draw(page, server, state.view(0), 0, to_act=[1])
    mine = page.eval_on_selector_all(
        f"{root} [data-testid=frt-my-hand] [data-testid=frt-hand-card]",
        "els => els.map(e => e.dataset.card)",
    )
    assert sorted(mine) == sorted(state.hands[0])
    shown = set(
        page.eval_on_selector_all(f"{root} [data-card]", "els => els.map(e => e.dataset.card)")
    )
    others = {c for q in (1, 2, 3) for c in state.hands[q]}
    assert not shown & others, shown & others
    # the live score is the scorer's total of this hand
    page.wait_for_selector(f"{root} [data-testid=frt-live-total][data-ready=true]")
    expected = score_hand(state.hands[0], players=4).total
    text = page.inner_text(f"{root} [data-testid=frt-live-total] b")
    assert text.translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789")) == str(expected)
    # the others: a hand count each, their face-up items, seats of one name numbered
    names = page.eval_on_selector_all(
        f"{root} [data-testid=frt-opponent] .frt-other-name", "els => els.map(e => e.textContent)"
    )
    assert names == ["ربات آسان ۲", "ربات آسان ۳", "ربات آسان ۴"]
    items = page.eval_on_selector_all(
        f"{root} [data-testid=frt-other-item]", "els => els.map(e => e.dataset.item)"
    )
    assert items == [state.up[q] for q in (1, 2, 3)]


def test_a_finished_game_shows_every_hand_with_its_lines_and_choices(
    page: Page, server: Server
) -> None:
    state = GAME.new(seed=3, players=3, jester=True)
    r = random.Random(3)
    while not state.over:
        state.apply(r.choice(state.legal_actions()))
    root = draw(page, server, state.view(None), None)
    results = page.eval_on_selector_all(
        f"{root} [data-testid=frt-result]", "els => els.map(e => Number(e.dataset.total))"
    )
    assert sorted(results, reverse=True) == results
    assert sorted(results) == sorted(r["total"] for r in state.results)
    lines = page.locator(f"{root} [data-testid=frt-result-line]").count()
    assert lines == sum(len(h) for h in state.hands)
    chose = sum(1 for res in state.results if res["choices"])
    assert page.locator(f"{root} [data-testid=frt-choices]").count() == chose


def listed(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"action": a, "label": str(a)} for a in actions]


def chaos_with_necromancer() -> Any:
    state = GAME.new(seed=2, players=3, variant="chaos")
    doc = state.export()
    hands = doc["hands"]
    if "necromancer" not in hands[0]:
        holder = next((q for q, h in enumerate(hands) if "necromancer" in h), None)
        if holder is None:
            doc["deck"][doc["deck"].index("necromancer")] = hands[0][0]
        else:
            hands[holder][hands[holder].index("necromancer")] = hands[0][0]
        hands[0][0] = "necromancer"
    return GAME.load(doc)


def test_the_chaos_countdown_keeps_the_server_s_time_whatever_the_page_s_clock(
    page: Page, server: Server
) -> None:
    state = chaos_with_necromancer()
    legal = listed(state.legal_actions_for(0))
    far_off = 1_000_000_000_000  # the server's clock, years from the page's
    timer = {"seconds": 300, "ends_at": far_off + 90_000, "at": far_off}
    root = draw(page, server, state.view(0), 0, to_act=[0, 1, 2], legal=legal, timer=timer)
    shown = page.inner_text(f"{root} [data-testid=frt-timer] b")
    latin = shown.translate(str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789"))
    assert latin in ("1:30", "1:29"), shown
    # a hand card picked: every other seat offers to take it
    page.click(f"{root} [data-testid=frt-offer-card] >> nth=0")
    targets = page.eval_on_selector_all(
        "#probe-fr [data-testid=frt-offer-to]", "els => els.map(e => e.dataset.player)"
    )
    assert targets == ["1", "2"]


def test_the_necromancer_s_draw_of_three_and_keep_are_on_the_board(
    page: Page, server: Server
) -> None:
    state = chaos_with_necromancer()
    state.apply({"do": "ring"})
    assert state.phase == "summon"
    root = draw(page, server, state.view(0), 0, to_act=[0], legal=listed(state.legal_actions()))
    draws = page.eval_on_selector_all(
        f"{root} [data-testid=frt-summon] button", "els => els.map(e => e.dataset.action)"
    )
    assert draws == ['{"do":"draw-three"}', '{"do":"pass"}']
    other = draw(page, server, state.view(1), 1, to_act=[0])
    assert "مرگ‌ساحر" in page.inner_text(f"{other} [data-testid=frt-prompt]")
    state.apply({"do": "draw-three"})
    drawn = state.view(0)["pending"]["drawn"]
    root = draw(page, server, state.view(0), 0, to_act=[0], legal=listed(state.legal_actions()))
    kept = page.eval_on_selector_all(
        f"{root} [data-testid=frt-keep]", "els => els.map(e => e.dataset.card)"
    )
    assert sorted(kept) == sorted(drawn)
