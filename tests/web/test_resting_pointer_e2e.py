"""A card that rises under the pointer must not shake when the pointer rests on its lower edge.

Every game lifts a card it offers when the pointer is over it. Lifted, the card leaves the strip
at its foot; a pointer resting in that strip would then be over nothing, the card would drop,
be under the pointer again and rise again, every frame. A player sees a card that shakes, and
Playwright a card that is never still enough to click (it failed a Fantasy Realms table test
that way). Each card keeps the strip it rose from while it is lifted; these tests rest the
pointer one pixel above each offered card's foot and watch the card's box over many frames.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from tests.web.conftest import Server, new_context
from tests.web.kit import DESKTOP, TABLE, start_vs_bot, wait_turn

#: The cards each game offers that rise under the pointer, and how to reach some: Fantasy
#: Realms offers its deck at a turn's start, and the hand's cards once one is drawn.
LIFTED = {
    "star-realms": ".sr-card.playable",
    "splendor-duel": ".sd-card.playable",
    "war-of-the-ring": ".wr-card.playable",
    "fantasy-realms": ".frt-deck.playable, .frt-card.playable",
}

#: The card's top edge, frame after frame, while the pointer rests where it is.
TOPS_OVER_FRAMES = """([selector, index, frames]) => new Promise((done) => {
  const card = document.querySelectorAll(selector)[index];
  const tops = [];
  const step = () => {
    tops.push(card.getBoundingClientRect().top);
    if (tops.length < frames) requestAnimationFrame(step); else done(tops);
  };
  requestAnimationFrame(step);
})"""


def settle(page: Page) -> None:
    """Long enough for a lift's transition (0.12 s at most) to end, on a busy machine too."""
    page.wait_for_timeout(500)


def check_cards(page: Page, selector: str) -> tuple[int, list[str]]:
    """Rest the pointer on the foot of each offered card (eight at most): how many rose, and
    the cards that moved while the pointer rested."""
    lifted = 0
    shaking: list[str] = []
    count = min(page.locator(selector).count(), 8)
    for index in range(count):
        card = page.locator(selector).nth(index)
        if not card.is_visible():
            continue
        page.mouse.move(0, 0)
        settle(page)
        card.scroll_into_view_if_needed()
        box = card.bounding_box()
        assert box is not None
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] - 1)
        settle(page)
        tops = page.evaluate(TOPS_OVER_FRAMES, [selector, index, 30])
        if min(tops) < box["y"] - 0.5:
            lifted += 1
        # A shake moves the card by its whole lift (1 px at the least) back and forth; a
        # transition's last step, late on a busy machine, moves it by a fraction of a pixel.
        if max(tops) - min(tops) > 0.5:
            name = card.get_attribute("data-card") or card.get_attribute("data-testid")
            shaking.append(f"{name}: tops {sorted(set(round(t, 1) for t in tops))}")
    return lifted, shaking


@pytest.mark.parametrize("game", list(LIFTED))
def test_an_offered_card_stays_still_under_a_pointer_resting_on_its_foot(
    browser: Browser, server: Server, game: str
) -> None:
    context = new_context(browser, "fa")
    try:
        page = context.new_page()
        page.set_viewport_size(DESKTOP)
        start_vs_bot(page, server, game)
        assert wait_turn(page), "the game ended before the player's first turn"
        selector = f"{TABLE} :is({LIFTED[game]})"
        page.wait_for_selector(selector)
        lifted, shaking = check_cards(page, selector)
        if game == "fantasy-realms":  # the deck, then the hand's cards, offered to discard
            page.locator(f"{TABLE} [data-testid=frt-deck]").click()
            page.wait_for_selector(f"{TABLE} .frt-card.playable")
            more, also = check_cards(page, f"{TABLE} .frt-card.playable")
            lifted, shaking = lifted + more, shaking + also
        # The pointer at a card's foot is over the card: each one rose (the check sees a lift).
        assert lifted >= 1, f"no offered card rose under the pointer ({selector})"
        assert not shaking, "cards moved under a resting pointer:\n" + "\n".join(shaking)
    finally:
        context.close()
