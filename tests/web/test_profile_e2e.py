"""A player's profile in the browser: from the header's name after a game lost to a bot, the
finished game counted per game and listed with its replay, in Persian on a desktop and in
English on a phone; an unknown name is the not-found screen. A member's favourites read from
their stored games, and their bio and languages edited on their own profile (a bio too long
refused in the page's words), on desktops and phones in both languages."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from rumizi.server.db import make_engine, sqlite_url
from rumizi.server.store import Store
from tests.server.test_profiles_details import stored_game
from tests.web import kit
from tests.web.conftest import Server, new_context, screenshot
from tests.web.kit import no_sideways_scroll, violations, watch_errors


def test_the_header_s_name_opens_the_profile_with_the_game_counted(
    browser: Browser, server: Server
) -> None:
    for lang, phone in (("fa", False), ("en", True)):
        context = new_context(browser, lang, phone=phone)
        page = context.new_page()
        errors = watch_errors(page)
        table_id = kit.start_vs_bot(page, server, lang=lang if lang == "en" else None)
        page.get_by_test_id("concede").click()
        page.get_by_test_id("concede-yes").click()
        page.get_by_test_id("result").wait_for()
        name = page.get_by_test_id("user-name")
        shown = name.inner_text()
        name.click()
        page.wait_for_url(re.compile(r"/u/guest-\d+$"))
        expect(page.get_by_test_id("profile-name")).to_have_text(shown)
        row = page.locator("[data-testid=profile-game][data-game=star-realms]")
        cells = row.locator("td")
        one, zero = ("۱", "۰") if lang == "fa" else ("1", "0")
        expect(cells.nth(1)).to_have_text(one)  # played
        expect(cells.nth(2)).to_have_text(zero)  # won
        expect(cells.nth(4)).to_have_text(one)  # lost
        expect(page.get_by_test_id("profile-rating")).to_have_text("—")  # an unrated game
        game = page.get_by_test_id("profile-recent")
        expect(game).to_have_attribute("data-outcome", "lost")
        expect(game.get_by_role("link")).to_have_attribute("href", f"/replay/{table_id}")
        expect(game).to_contain_text("باخت" if lang == "fa" else "Lost")
        if phone:
            no_sideways_scroll(page, 390)
        screenshot(page, f"profile-{lang}-{'phone' if phone else 'desktop'}")
        assert not violations(page)
        assert not errors, errors
        context.close()

    context = new_context(browser, "en")
    context.add_cookies([{"name": "rumizi_lang", "value": "en", "url": server.url}])
    page = context.new_page()
    page.goto(f"{server.url}/u/nobody-at-all")
    expect(page.locator("main")).to_contain_text("not found", ignore_case=True)
    context.close()


def test_a_player_followed_from_the_profile_is_listed_with_the_game_to_watch(
    browser: Browser, server: Server
) -> None:
    playing = new_context(browser, "en")
    player = playing.new_page()
    table_id = kit.start_vs_bot(player, server, lang="en")  # a game under way
    name = player.get_by_test_id("user-name").get_attribute("href")
    assert name and name.startswith("/u/guest-")

    context = new_context(browser, "fa")
    page = context.new_page()
    errors = watch_errors(page)
    kit.start_vs_bot(page, server)  # a guest of its own, at a game of its own
    page.goto(f"{server.url}{name}")
    follow = page.get_by_test_id("follow")
    expect(follow).to_have_text("دنبال کردن")
    follow.click()
    expect(follow).to_have_text("دیگر دنبال نکن")
    expect(follow).to_have_attribute("aria-pressed", "true")
    page.reload()
    expect(page.get_by_test_id("profile-followers")).to_have_text("۱ دنبال‌کننده")
    page.goto(f"{server.url}/me")
    followed = page.get_by_test_id("followed")
    expect(followed).to_have_count(1)
    expect(followed.get_by_test_id("followed-table")).to_have_attribute("href", f"/t/{table_id}")
    # The player is on the site (at their table): online, a dot and a word.
    expect(followed.get_by_test_id("followed-online")).to_have_attribute("data-online", "true")
    expect(followed).to_contain_text("آنلاین")
    screenshot(page, "following-fa-desktop")
    assert not violations(page)
    assert not errors, errors
    context.close()
    playing.close()


def test_a_member_edits_bio_and_languages_and_reads_their_favourites(
    browser: Browser, server: Server
) -> None:
    store = Store(make_engine(sqlite_url(server.data_dir)))
    for n, (lang, phone) in enumerate((("en", False), ("fa", True), ("fa", False), ("en", True))):
        context = new_context(browser, lang, phone=phone)
        context.add_cookies([{"name": "rumizi_lang", "value": lang, "url": server.url}])
        page = context.new_page()
        errors = watch_errors(page)
        # A member and an opponent, each signed up in a browser of their own.
        ids = []
        for who in (f"mina{n}", f"omid{n}"):
            other = browser.new_context()
            csrf = other.request.get(f"{server.url}/api/me").json()["csrf"]
            made = other.request.post(
                f"{server.url}/api/auth/signup",
                data={"username": who, "password": "a long secret 42"},
                headers={"X-CSRF-Token": csrf},
            )
            assert made.ok, made.text()
            ids.append(made.json()["user"]["id"])
            other.close()
        for seed, game_id in enumerate(("star-realms", "war-of-the-ring", "splendor-duel")):
            stored_game(store, game_id, 40 + seed + 10 * n, ids)
        page.goto(f"{server.url}/login")
        page.get_by_test_id("username").fill(f"mina{n}")
        page.get_by_test_id("login-form").locator("input[type=password]").fill("a long secret 42")
        page.get_by_test_id("login-submit").click()
        page.wait_for_url(re.compile(r"/me$"))
        page.goto(f"{server.url}/u/mina{n}")

        # The favourites: one row per game, the counts the API gives, the most first.
        answer = page.request.get(f"{server.url}/api/users/mina{n}").json()
        expect(page.get_by_test_id("favourite-game")).to_have_count(len(answer["favourites"]))
        for game in answer["favourites"]:
            row = page.locator(f"[data-testid=favourite-game][data-game={game['game']}]")
            items = row.get_by_test_id("favourite")
            expect(items).to_have_count(len(game["items"]))
            shown = [int(c) for c in items.evaluate_all("es => es.map(e => e.dataset.count)")]
            assert shown == [i["count"] for i in game["items"]]
            expect(row).to_contain_text(game["title"])
        side = page.locator("[data-testid=favourite-game][data-game=war-of-the-ring]")
        expect(side).to_contain_text("مردمان آزاد" if lang == "fa" else "Free Peoples")
        if lang == "fa":
            expect(side.locator(".favourite-count")).to_have_text("۱")

        # Editing: a bio too long is refused in words of the page's language, nothing kept.
        page.get_by_test_id("profile-edit").locator("summary").click()
        bio = page.get_by_test_id("profile-bio-input")
        bio.fill("x" * 250)
        page.get_by_test_id("profile-save").click()
        refused = "حداکثر ۲۰۰ نویسه" if lang == "fa" else "at most 200 characters"
        expect(page.get_by_test_id("profile-edit-error")).to_contain_text(refused)
        text = "سلام! اهل ستاره‌ها هستم" if lang == "fa" else "Hello! I like the stars."
        bio.fill(text)
        page.locator("#profile-lang-fa").check()
        page.locator("#profile-lang-de").check()
        page.get_by_test_id("profile-save").click()
        expect(page.get_by_test_id("profile-bio")).to_have_text(text)
        speaks = "فارسی، آلمانی" if lang == "fa" else "Persian, German"
        expect(page.get_by_test_id("profile-languages")).to_contain_text(speaks)
        expect(page.get_by_test_id("profile-edit-error")).to_be_hidden()
        screenshot(page, f"profile-edit-{lang}-{'phone' if phone else 'desktop'}")
        page.reload()  # kept by the server, read by anyone
        expect(page.get_by_test_id("profile-bio")).to_have_text(text)
        expect(page.get_by_test_id("profile-languages")).to_contain_text(speaks)
        if phone:
            no_sideways_scroll(page, 390)
        page.get_by_test_id("profile-edit").locator("summary").click()
        screenshot(page, f"profile-details-{lang}-{'phone' if phone else 'desktop'}")
        assert not violations(page)
        # Only the refusal asked for above: the browser logs its answer's status.
        assert [e for e in errors if "422" not in e or "/api/account/profile" not in e] == []
        assert len(errors) == 1, errors
        context.close()
    store.engine.dispose()
