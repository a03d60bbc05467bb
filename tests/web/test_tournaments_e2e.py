"""Tournaments in headless Chromium: an organiser announces a Swiss event through the form, a
guest sees it in the lobby's tournaments box and joins from there, the event starts and both
are shown their table, the pairing and the standings — on a desktop and a phone, in Persian and
English, with screenshots for people to look at and an accessibility audit of each view."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Server, new_context, screenshot
from tests.web.kit import DESKTOP, PHONE, no_sideways_scroll, violations, watch_errors

WAIT = 20_000  # ms: a page loads the catalogue and the event first
START_WAIT = 60_000  # ms: the ticker pairs round 1 within a few seconds of the start
LEAD_S = 12  # seconds from the form to the start: enough for both to join on a busy machine

# The start as a datetime-local input's value, in the browser's own time zone, `lead` s ahead.
START_VALUE = """(lead) => {
  const d = new Date(Date.now() + lead * 1000);
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:` +
    `${p(d.getMinutes())}:${p(d.getSeconds())}`;
}"""


def event_id(page: Page) -> str:
    page.wait_for_url(re.compile(r"/tournaments/[\w-]+$"), timeout=WAIT)
    return page.url.rsplit("/tournaments/", 1)[1]


def switch_to(page: Page, lang: str) -> None:
    """The header's language switch, until the page is drawn again in ``lang``."""
    if page.evaluate("document.documentElement.lang") == lang:
        return
    page.get_by_test_id("lang-switch").click()
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)


def looked_at(page: Page, name: str, phone: bool) -> None:
    """A screenshot, the page no wider than a phone where it is one, and axe's audit."""
    if phone:
        no_sideways_scroll(page, PHONE["width"], name)
    screenshot(page, name)
    found = violations(page)
    assert not found, f"{name}:\n" + "\n".join(found)


def test_a_swiss_event_made_in_the_form_is_joined_from_the_lobby_and_pairs_both_players(
    browser: Browser, server: Server
) -> None:
    organiser_context = new_context(browser, "fa")
    guest_context = new_context(browser, "en", phone=True)
    guest_context.add_cookies([{"name": "rumizi_lang", "value": "en", "url": server.url}])
    organiser, guest = organiser_context.new_page(), guest_context.new_page()
    organiser.set_viewport_size(DESKTOP)
    errors = {"organiser": watch_errors(organiser), "guest": watch_errors(guest)}
    try:
        # The guest waits in the lobby, a phone in English: the box says nothing is coming yet.
        guest.goto(f"{server.url}/")
        box = guest.get_by_test_id("lobby-tournaments")
        expect(box).to_be_visible(timeout=WAIT)

        # The organiser opens the form from the list page and announces a one-round Swiss
        # event of Star Realms (two seats), typing the round count in Persian digits.
        organiser.goto(f"{server.url}/tournaments")
        expect(organiser.get_by_role("heading", level=1)).to_have_text("تورنمنت‌ها")
        organiser.get_by_test_id("tour-new").click()
        form = organiser.get_by_test_id("tour-form")
        organiser.get_by_test_id("tour-game").select_option("star-realms")
        expect(form.get_by_test_id("option-format")).to_be_visible(timeout=WAIT)
        expect(form.get_by_test_id("players-select")).to_be_hidden()  # a duel: two seats only
        organiser.get_by_test_id("tour-name").fill("جام آزمایشی")
        organiser.get_by_test_id("tour-rounds").fill("۱")
        expect(organiser.get_by_test_id("tour-minutes")).to_be_hidden()  # arena only
        organiser.get_by_test_id("tour-arena").check()
        expect(organiser.get_by_test_id("tour-rounds")).to_be_hidden()
        organiser.get_by_test_id("tour-swiss").check()
        expect(organiser.get_by_test_id("tour-start-said")).to_contain_text("شروع")
        looked_at(organiser, "tournament-fa-form", phone=False)
        organiser.get_by_test_id("tour-start").fill(organiser.evaluate(START_VALUE, LEAD_S))
        organiser.get_by_test_id("tour-create").click()
        made = event_id(organiser)

        # Its page: announced, counting down in Persian digits; the organiser joins too.
        expect(organiser.get_by_test_id("tour-name")).to_have_text("جام آزمایشی")
        expect(organiser.get_by_test_id("tour-status")).to_have_attribute(
            "data-status", "announced"
        )
        expect(organiser.get_by_test_id("tour-countdown")).to_contain_text(re.compile("[۰-۹]"))
        expect(organiser.get_by_test_id("tour-cancel")).to_be_visible()
        organiser.get_by_test_id("tour-join").click()
        expect(organiser.get_by_test_id("tour-joined")).to_be_visible(timeout=WAIT)

        # The guest's lobby shows it live, and one click joins it (a guest account is made).
        item = box.locator(f"[data-testid=tour-item][data-tournament='{made}']")
        expect(item).to_contain_text("Starts in", timeout=WAIT)
        looked_at(guest, "tournament-en-phone-lobby", phone=True)
        item.get_by_test_id("lobby-tour-join").click()
        guest.wait_for_url(f"{server.url}/tournaments/{made}", timeout=WAIT)
        expect(guest.get_by_test_id("tour-joined")).to_be_visible(timeout=WAIT)
        expect(guest.get_by_test_id("tour-entrants")).to_have_text("2 players", timeout=WAIT)
        looked_at(guest, "tournament-en-phone-announced", phone=True)
        expect(organiser.get_by_test_id("tour-entrants")).to_have_text("۲ بازیکن", timeout=WAIT)
        looked_at(organiser, "tournament-fa-desktop-announced", phone=False)

        # The start: round 1 pairs the two, pushed to both pages without a reload.
        for page in (organiser, guest):
            expect(page.get_by_test_id("your-table")).to_be_visible(timeout=START_WAIT)
            expect(page.get_by_test_id("tour-status")).to_have_attribute("data-status", "running")
            expect(page.get_by_test_id("tour-pairing")).to_have_count(1)
            expect(page.get_by_test_id("tour-standing")).to_have_count(2)
            expect(page.locator("[data-testid=tour-standing][data-you=true]")).to_have_count(1)
        table = organiser.get_by_test_id("tour-pairing").get_attribute("data-table")
        for page in (organiser, guest):
            expect(page.get_by_test_id("your-table")).to_have_attribute("href", f"/t/{table}")
            expect(page.get_by_test_id("tour-watch")).to_have_attribute("href", f"/t/{table}")
            expect(page.get_by_test_id("tour-chip")).to_have_count(2)  # each sheet: a game on
        expect(organiser.get_by_test_id("tour-round")).to_have_text("دور ۱ از ۱")
        expect(guest.get_by_test_id("tour-round")).to_have_text("Round 1 of 1")
        expect(guest.get_by_test_id("tour-tiebreaks")).to_contain_text("Buchholz")
        looked_at(organiser, "tournament-fa-desktop-running", phone=False)
        looked_at(guest, "tournament-en-phone-running", phone=True)

        # The other way round: the organiser on a phone in English, the guest on a desktop in
        # Persian, the live page drawn again in the new language.
        organiser.set_viewport_size(PHONE)
        switch_to(organiser, "en")
        expect(organiser.get_by_test_id("tour-round")).to_have_text("Round 1 of 1", timeout=WAIT)
        looked_at(organiser, "tournament-en-phone-organiser", phone=True)
        guest.set_viewport_size(DESKTOP)
        switch_to(guest, "fa")
        expect(guest.get_by_test_id("tour-round")).to_have_text("دور ۱ از ۱", timeout=WAIT)
        looked_at(guest, "tournament-fa-desktop-guest", phone=False)

        # The list and the lobby show it running, in both languages and sizes.
        guest.goto(f"{server.url}/tournaments")
        running = guest.get_by_test_id("tour-running")
        expect(running.locator(f"[data-tournament='{made}']")).to_be_visible(timeout=WAIT)
        looked_at(guest, "tournaments-fa-desktop-list", phone=False)
        organiser.goto(f"{server.url}/tournaments")
        expect(organiser.get_by_test_id("tour-running")).to_contain_text("Round 1 of 1")
        looked_at(organiser, "tournaments-en-phone-list", phone=True)
        guest.goto(f"{server.url}/")
        lobby_item = guest.get_by_test_id("lobby-tournaments").locator(
            f"[data-tournament='{made}']"
        )
        expect(lobby_item).to_be_visible(timeout=WAIT)
        looked_at(guest, "tournament-fa-desktop-lobby", phone=False)

        # "Your table" opens the game.
        organiser.goto(f"{server.url}/tournaments/{made}")
        organiser.get_by_test_id("your-table").click()
        organiser.wait_for_url(f"{server.url}/t/{table}", timeout=WAIT)
        expect(organiser.get_by_test_id("seat")).to_have_count(2, timeout=WAIT)
        # The table says it is a tournament's game, and leads back to the event.
        mark = organiser.get_by_test_id("table-tournament")
        expect(mark).to_have_attribute("href", f"/tournaments/{made}")
        screenshot(organiser, "tournament-table-mark")

        # The organiser concedes the only game: the event is over, and both pages (the guest's
        # open on it, the organiser's opened afterwards) show the podium and the final scores.
        guest.goto(f"{server.url}/tournaments/{made}")
        expect(guest.get_by_test_id("tour-status")).to_have_attribute("data-status", "running")
        organiser.get_by_test_id("concede").click()
        organiser.get_by_test_id("concede-yes").click()
        expect(organiser.get_by_test_id("result")).to_be_visible(timeout=WAIT)
        organiser.goto(f"{server.url}/tournaments/{made}")
        # A guest's name is worded in the reader's language; its profile link is not.
        you = guest.locator("[data-testid=tour-standing][data-you=true] a").first
        winner_href = you.get_attribute("href")
        assert winner_href
        for page, one in ((guest, "۱"), (organiser, "1")):
            status = page.get_by_test_id("tour-status")
            expect(status).to_have_attribute("data-status", "finished", timeout=START_WAIT)
            places = page.get_by_test_id("tour-podium-place")
            expect(places).to_have_count(2)
            expect(places.first.locator("a")).to_have_attribute("href", winner_href)
            first = page.get_by_test_id("tour-standing").first
            expect(first.locator("a").first).to_have_attribute("href", winner_href)
            expect(first.get_by_test_id("tour-points")).to_have_text(one)
            expect(page.get_by_test_id("your-table")).to_be_hidden()
            # The finished game is offered as a replay, no longer to play or watch.
            expect(page.get_by_test_id("tour-replay")).to_have_attribute("href", f"/replay/{table}")
            expect(page.get_by_test_id("tour-watch")).to_have_count(0)
        looked_at(guest, "tournament-fa-desktop-finished", phone=False)
        looked_at(organiser, "tournament-en-phone-finished", phone=True)
        assert not errors["organiser"], errors["organiser"]
        assert not errors["guest"], errors["guest"]
    except Exception:
        for name, page in (("organiser", organiser), ("guest", guest)):
            screenshot(page, f"debug-tournament-{name}")
        raise
    finally:
        organiser_context.close()
        guest_context.close()


def test_a_game_s_page_lists_its_events_and_links_to_the_form(
    browser: Browser, server: Server
) -> None:
    context = new_context(browser, "en")
    context.add_cookies([{"name": "rumizi_lang", "value": "en", "url": server.url}])
    try:
        page = context.new_page()
        errors = watch_errors(page)
        page.goto(f"{server.url}/games/splendor-duel")
        section = page.get_by_test_id("game-tournaments")
        expect(section).to_be_visible(timeout=WAIT)
        page.get_by_test_id("game-tournament-new").click()
        page.wait_for_url(re.compile(r"/tournaments\?new=1&game=splendor-duel$"))
        expect(page.get_by_test_id("tour-game")).to_have_value("splendor-duel", timeout=WAIT)
        page.get_by_test_id("tour-arena").check()
        page.get_by_test_id("tour-minutes").fill("30")
        page.get_by_test_id("tour-create").click()
        made = event_id(page)
        expect(page.get_by_test_id("tour-rules")).to_contain_text("on fire")
        page.goto(f"{server.url}/games/splendor-duel")
        expect(section.locator(f"[data-tournament='{made}']")).to_contain_text(
            "Arena · 30 min", timeout=WAIT
        )
        screenshot(page, "game-en-tournaments")
        assert not errors, errors
    finally:
        context.close()


def test_an_invite_only_event_is_joined_with_its_code_and_cancelled_live(
    browser: Browser, server: Server
) -> None:
    """The organiser hands out the invite; a player without it in the address types the code;
    the organiser calls the event off and the player's page says so without a reload."""
    organiser_context = new_context(browser, "en")
    player_context = new_context(browser, "fa", phone=True)
    organiser_context.add_cookies([{"name": "rumizi_lang", "value": "en", "url": server.url}])
    try:
        organiser, player = organiser_context.new_page(), player_context.new_page()
        errors = watch_errors(organiser) + watch_errors(player)
        organiser.goto(f"{server.url}/tournaments?new=1&game=fantasy-realms")
        expect(organiser.get_by_test_id("tour-game")).to_have_value("fantasy-realms", timeout=WAIT)
        expect(organiser.get_by_test_id("players-select")).to_be_visible()  # 2 to 6 a table
        organiser.get_by_test_id("players-select").select_option("3")
        organiser.get_by_test_id("tour-turn").check()
        organiser.get_by_test_id("tour-invite-only").check()
        organiser.get_by_test_id("tour-create").click()
        made = event_id(organiser)
        expect(organiser.get_by_test_id("tour-head")).to_contain_text("3 per table")
        invite = organiser.get_by_test_id("tour-invite-link").input_value()
        code = invite.split("?invite=", 1)[1]

        player.goto(f"{server.url}/tournaments/{made}")
        player.get_by_test_id("tour-invite").fill(code)
        player.get_by_test_id("tour-join").click()
        expect(player.get_by_test_id("tour-joined")).to_be_visible(timeout=WAIT)
        expect(player.get_by_test_id("tour-standing")).to_have_count(1)
        expect(organiser.get_by_test_id("tour-entrants")).to_have_text("1 player", timeout=WAIT)
        looked_at(player, "tournament-fa-phone-invited", phone=True)

        organiser.get_by_test_id("tour-cancel").click()
        organiser.get_by_test_id("tour-cancel-confirm-yes").click()
        for page in (organiser, player):
            expect(page.get_by_test_id("tour-status")).to_have_attribute(
                "data-status", "cancelled", timeout=WAIT
            )
        expect(player.get_by_test_id("tour-withdraw")).to_have_count(0)
        looked_at(organiser, "tournament-en-desktop-cancelled", phone=False)
        assert not errors, errors
    finally:
        organiser_context.close()
        player_context.close()


WORDS = """async () => {
  const { timeLeft, points, kindText } = await import("/static/pages/tournaments.js");
  const { placeText, resultWords } = await import("/static/pages/tournament.js");
  const game = (over) => ({ round: 2, opponents: ["mina"], points: 1, place: 1, bye: false,
    fire: false, table: "t1", ...over });
  return {
    times: [timeLeft(65_000), timeLeft(3_725_000), timeLeft(2 * 86_400_000 + 3 * 3_600_000)],
    points: [points(2.5), points(1 / 3), points(0)],
    kinds: [kindText({ kind: "swiss", rounds: 1 }), kindText({ kind: "arena", minutes: 30 })],
    places: [1, 2, 3, 2.5].map(placeText),
    chips: [
      game({}), game({ points: 0, place: 2 }), game({ points: 0.5, place: 1.5 }),
      game({ bye: true, opponents: [], table: null }), game({ points: null, place: null }),
    ].map((r) => resultWords(r, 2).text),
    atFour: resultWords(game({ points: 0.6667, place: 2, opponents: ["a", "b", "c"] }), 4),
    arena: resultWords(game({ points: 4, fire: true }), 2, "arena").label,
  };
}"""


def test_times_scores_places_and_results_are_worded_in_the_reader_s_language(
    browser: Browser, server: Server
) -> None:
    for lang in ("fa", "en"):
        context = new_context(browser, lang)
        context.add_cookies([{"name": "rumizi_lang", "value": lang, "url": server.url}])
        page = context.new_page()
        page.goto(f"{server.url}/")
        words = page.evaluate(WORDS)
        context.close()
        if lang == "fa":
            assert words["times"] == ["۱:۰۵", "۱:۰۲:۰۵", "۲ روز و ۳ ساعت"]
            assert words["points"] == ["۲٫۵", "۰٫۳۳", "۰"]
            assert words["kinds"] == ["سوئیسی، ۱ دور", "آرنا، ۳۰ دقیقه"]
            assert words["places"] == ["اول", "دوم", "سوم", "۲٫۵"]
            assert words["chips"] == ["برد", "باخت", "مساوی", "استراحت", "…"]
            assert words["atFour"]["text"] == "دوم"
            assert words["arena"] == "بازی ۲: برد در برابر mina (۴ امتیاز)"
        else:
            assert words["times"] == ["1:05", "1:02:05", "2 d 3 h"]
            assert words["points"] == ["2.5", "0.33", "0"]
            assert words["kinds"] == ["Swiss · 1 round", "Arena · 30 min"]
            assert words["places"] == ["1st", "2nd", "3rd", "2.5"]
            assert words["chips"] == ["W", "L", "D", "bye", "…"]
            assert words["atFour"] == {
                "text": "2nd",
                "kind": "place",
                "label": "Round 2: 2nd at a table with a, b, c (0.67 pts)",
            }
            assert words["arena"] == "Game 2: won against mina (4 pts)"
