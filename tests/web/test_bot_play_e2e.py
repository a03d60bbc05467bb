"""Bots among people, in Chromium: a person turns on "accept challenges from bots" on the
account page, a bot's program challenges her through its token and she accepts it on the home
page; the rated game puts the bot on the leaderboard's Bots tab and her on the people's; the
quick match and the tournament form offer to allow bots. A person in the browser plays a whole
game, clicking legal moves, against a bot connected through ``rumizi.client``. Both languages,
desktop and phone."""

from __future__ import annotations

import asyncio
import random
import re
import secrets
import threading

import httpx
from playwright.sync_api import Browser, expect

from rumizi import bots
from rumizi.client import BotClient
from tests.web.conftest import Server, from_move_list, new_context, screenshot
from tests.web.kit import DESKTOP, MOVE, PHONE, RESULT, wait_turn, watch_errors
from tests.web.test_ratings_e2e import person

WAIT = 20_000
PASSWORD = "a long secret 42"


def bot_token(server: Server, name: str) -> str:
    """A bot account made through the API as its owner would, and a token that challenges."""
    with httpx.Client(base_url=server.url) as client:
        csrf = {"X-CSRF-Token": client.get("/api/me").json()["csrf"]}
        made = client.post(
            "/api/auth/signup", json={"username": name, "password": PASSWORD}, headers=csrf
        )
        assert made.status_code == 200, made.text
        assert client.post("/api/account/bot", headers=csrf).status_code == 200
        token = client.post(
            "/api/account/tokens",
            json={"name": "lab", "scopes": ["bot:play", "challenge"]},
            headers=csrf,
        )
        assert token.status_code == 200, token.text
        found: str = token.json()["token"]
        return found


def test_a_person_opts_in_a_bot_challenges_her_and_the_boards_keep_them_apart(
    browser: Browser, server: Server
) -> None:
    tag = secrets.token_hex(2)
    her, bot = f"mina{tag}", f"robo{tag}"
    token = bot_token(server, bot)
    bearer = {"Authorization": f"Bearer {token}"}
    asked = {"to": her, "game": "star-realms", "options": {"format": "duel"}, "rated": True}
    context, page = person(browser, server, "fa", her)
    try:
        refused = httpx.post(f"{server.url}/api/bot/challenges", json=asked, headers=bearer)
        assert refused.json()["error"]["code"] == "not-accepting-bots"
        page.goto(f"{server.url}/me")
        box = page.get_by_test_id("accept-bot-challenges")
        expect(box).not_to_be_checked(timeout=WAIT)
        expect(page.get_by_test_id("my-bot-settings")).to_contain_text("ربات\u200cها")
        screenshot(page, "bots-me-fa-desktop")
        box.check()
        expect(page.locator(".toasts")).to_contain_text("ربات\u200cها", timeout=WAIT)
        page.reload()
        expect(page.get_by_test_id("accept-bot-challenges")).to_be_checked(timeout=WAIT)

        sent = httpx.post(f"{server.url}/api/bot/challenges", json=asked, headers=bearer)
        assert sent.status_code == 200, sent.text
        page.goto(server.url + "/")
        page.get_by_test_id("challenge-accept").click(timeout=WAIT)
        page.wait_for_url(re.compile(r"/t/"), timeout=WAIT)
        page.get_by_test_id("concede").click(timeout=WAIT)
        page.get_by_test_id("concede-yes").click()
        expect(page.locator("[data-testid=rating-change]").first).to_be_visible(timeout=WAIT)

        page.goto(f"{server.url}/leaderboard/star-realms")
        names = page.get_by_test_id("leaderboard-name")
        expect(names.filter(has_text=her)).to_have_count(1, timeout=WAIT)
        expect(names.filter(has_text=bot)).to_have_count(0)
        screenshot(page, "bots-leaderboard-people-fa-desktop")
        page.get_by_test_id("leaderboard-tab-other").click()
        page.wait_for_url(re.compile(r"\?bots=1$"))
        expect(page.get_by_test_id("leaderboard-bots-about")).to_be_visible(timeout=WAIT)
        expect(names.filter(has_text=bot)).to_have_count(1, timeout=WAIT)
        expect(names.filter(has_text=her)).to_have_count(0)
        expect(page.get_by_test_id("leaderboard-tab-current")).to_have_text("ربات\u200cها")
        screenshot(page, "bots-leaderboard-bots-fa-desktop")
        page.set_viewport_size(PHONE)
        screenshot(page, "bots-leaderboard-bots-fa-phone")
    finally:
        context.close()


def test_the_quick_match_and_the_tournament_form_offer_to_allow_bots_in_english(
    browser: Browser, server: Server
) -> None:
    context = new_context(browser, "en")
    context.add_cookies([{"name": "rumizi_lang", "value": "en", "url": server.url}])
    page = context.new_page()
    try:
        for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
            page.set_viewport_size(viewport)
            page.goto(server.url + "/")
            allow = page.get_by_test_id("quick-allow-bots")
            expect(allow).not_to_be_checked(timeout=WAIT)
            expect(page.locator("label[for=quick-bots]")).to_have_text(
                "Pair me with players' bot accounts too"
            )
            screenshot(page, f"bots-quick-en-{size}")
        page.set_viewport_size(DESKTOP)
        page.goto(server.url + "/tournaments")
        page.get_by_test_id("tour-new").click(timeout=WAIT)
        bots = page.get_by_test_id("tour-allow-bots")
        expect(bots).not_to_be_checked(timeout=WAIT)
        bots.scroll_into_view_if_needed()
        screenshot(page, "bots-tournament-form-en-desktop")
        page.goto(f"{server.url}/leaderboard/star-realms?bots=1")
        expect(page.get_by_test_id("leaderboard-tab-current")).to_have_text("Bots", timeout=WAIT)
        screenshot(page, "bots-leaderboard-en-desktop")
    finally:
        context.close()


def test_a_person_in_the_browser_plays_a_bot_connected_through_the_client_to_the_end(
    browser: Browser, server: Server
) -> None:
    tag = secrets.token_hex(2)
    her, bot = f"sara{tag}", f"lab{tag}"
    token = bot_token(server, bot)
    client = BotClient(server.url, token, bots.make("easy", seed=5), games=["splendor-duel"])
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()
    runner = threading.Thread(target=lambda: loop.run_until_complete(client.run(stop)))
    runner.start()
    context, page = person(browser, server, "en", her)
    errors = watch_errors(page)
    try:
        page.goto(f"{server.url}/me")
        page.get_by_test_id("accept-bot-challenges").check(timeout=WAIT)
        expect(page.locator(".toasts")).to_contain_text("Bots may now challenge you")
        asked = {"to": her, "game": "splendor-duel"}
        bearer = {"Authorization": f"Bearer {token}"}
        sent = httpx.post(f"{server.url}/api/bot/challenges", json=asked, headers=bearer)
        assert sent.status_code == 200, sent.text
        page.goto(server.url + "/")
        page.get_by_test_id("challenge-accept").click(timeout=WAIT)
        page.wait_for_url(re.compile(r"/t/"), timeout=WAIT)
        table_id = page.url.rsplit("/t/", 1)[1].split("?")[0]
        rng = random.Random(11)
        clicks = 0
        while wait_turn(page, timeout=90_000):
            moves = page.locator(MOVE)
            from_move_list(page, moves.nth(rng.randrange(moves.count())))
            clicks += 1
            assert clicks < 600, "the game did not end"
        expect(page.locator(RESULT)).to_be_visible()
        screenshot(page, "bots-client-game-en-desktop")
        for _ in range(100):  # the program hears the end too
            played = client.played.get(table_id)
            if played is not None and played.result is not None:
                break
            threading.Event().wait(0.1)
        assert played is not None and played.result is not None
        assert (played.game, played.seat) == ("splendor-duel", 0)  # the challenger sits first
        assert played.moves > 0 and clicks > 0
        info = httpx.get(f"{server.url}/api/tables/{table_id}").json()
        assert info["status"] == "over" and info["result"]["winner"] == played.result["winner"]
        assert not errors, errors
    finally:
        loop.call_soon_threadsafe(stop.set)
        runner.join(30)
        context.close()
