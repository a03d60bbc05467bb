"""Does a Fantasy Realms turn fit a phone? Where the others' strip ends on a 390×844 screen.

Random three-player games with Cursed Items are drawn, at every third move of their take and
discard phases (turns 3 to 40), into a real table page of ``rumizi serve`` in Chromium, in both
languages. For each position the bottom of the other players' strip is measured twice in the
same page: from the page's top (the site's header above the table) and with the table's head at
the top of the screen, as a phone opens a table (static/pages/table.js). A position fits when
the strip ends within 844 px.

    .venv/bin/python bench/phone_fit.py [--games 60]
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from rumizi.core.addons import Audience
from rumizi.games.fantasy_realms import GAME, web
from rumizi.games.fantasy_realms.engine import FantasyRealmsState

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_load import running_server  # bench/ is not a package

SCREEN = 844
DRAW = """async ({msg, fromTable}) => {
  const { loadRenderer } = await import("/static/renderers.js");
  const { getCards } = await import("/static/api.js");
  window.__fr = window.__fr || { renderer: await loadRenderer("fantasy-realms"),
    cards: await getCards("fantasy-realms", document.documentElement.lang) };
  const root = document.querySelector("[data-testid=board]");
  window.__fr.renderer.render(root, msg, { act: () => true, cards: window.__fr.cards });
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  if (fromTable) document.querySelector("[data-testid=table]").scrollIntoView({ block: "start" });
  else window.scrollTo(0, 0);
  return root.querySelector("[data-testid=frt-others]").getBoundingClientRect().bottom;
}"""


def message(s: FantasyRealmsState, seat: int, lang: str) -> dict[str, Any]:
    """The state message a seat's table page would get (names left to the renderer)."""
    view = s.view(seat)
    audience = Audience(lang, seat, ("",) * s.num_players, {"players": s.num_players})
    legal = [
        {"action": a, "label": web.action_label(view, a, audience)}
        for a in s.legal_actions_for(seat)
    ]
    seats = [{"seat": q, "name": f"P{q + 1}"} for q in range(s.num_players)]
    return {"version": 1, "seat": seat, "view": view, "legal": legal, "seats": seats,
            "to_act": [seat]}  # fmt: skip


def positions(games: int) -> list[FantasyRealmsState]:
    found = []
    for seed in range(games):
        s = GAME.new(seed=seed, players=3, items=True)
        r = random.Random(seed)
        for move in range(41):
            if s.over or s.to_act is None:
                break
            if s.phase in ("take", "discard") and move >= 3 and move % 3 == 0:
                found.append(s.clone())
            s.apply(r.choice(s.legal_actions_for(s.to_act)))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    args = parser.parse_args()
    states = positions(args.games)
    with running_server("rumizi-phone-fit-") as (port, _), sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for lang in ("fa", "en"):
            context = browser.new_context(viewport={"width": 390, "height": SCREEN},
                                          has_touch=True, is_mobile=True)  # fmt: skip
            url = f"http://127.0.0.1:{port}"
            context.add_cookies([{"name": "rumizi_lang", "value": lang, "url": url}])
            page = context.new_page()
            page.goto(f"{url}/new/fantasy-realms")
            page.get_by_test_id("option-items").select_option("true")
            page.get_by_test_id("players-select").select_option("3")
            page.get_by_test_id("create-table").click()
            page.get_by_test_id("go-table").click()
            page.wait_for_url(re.compile(r"/t/"))
            page.get_by_test_id("frt-board").wait_for()
            page.add_style_tag(content=".moves-panel { display: none !important; }")
            for where, from_table in (("the page's top", False), ("the table's top", True)):
                ends: list[float] = []
                for s in states:
                    ask = {"msg": message(s, s.to_act or 0, lang), "fromTable": from_table}
                    ends.append(page.evaluate(DRAW, ask))
                over = sum(end > SCREEN for end in ends)
                print(
                    f"{lang}, from {where}: {len(ends)} positions, {over} do not fit "
                    f"(median end {statistics.median(ends):.0f} px, worst {max(ends):.0f} px)"
                )
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
