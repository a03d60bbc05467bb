"""Moderation in the browser: a player reports another from the profile page, an admin
(granted with ``rumizi admin grant``'s function on the server's own database) resolves
reports on /admin at desktop and phone sizes, in Persian and English, the action lands in the
audit log, the warned player is told on their next page, and anyone else is turned away."""

from __future__ import annotations

import secrets
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, Page, expect

from rumizi.cli.admin import set_admin
from rumizi.server.db import database_path
from tests.web.conftest import Server, new_context, screenshot
from tests.web.kit import no_sideways_scroll, violations, watch_errors

PASSWORD = "a long secret 42"


class Account:
    """An account signed up through the API, with its session to hand to a browser."""

    def __init__(self, server: Server, prefix: str) -> None:
        self.name = f"{prefix}{secrets.token_hex(3)}"
        self.client = httpx.Client(base_url=server.url, timeout=30)
        self.client.headers["X-CSRF-Token"] = self.client.get("/api/me").json()["csrf"]
        made = self.client.post(
            "/api/auth/signup", json={"username": self.name, "password": PASSWORD}
        )
        assert made.status_code == 200, made.text

    def post(self, url: str, body: Any) -> httpx.Response:
        return self.client.post(url, json=body)

    def window(self, browser: Browser, server: Server, lang: str, phone: bool) -> BrowserContext:
        context = new_context(browser, lang=lang, phone=phone)
        cookies = [{"name": "rumizi_lang", "value": lang, "url": server.url}]
        session = self.client.cookies.get("rumizi_session")
        assert session is not None
        cookies.append({"name": "rumizi_session", "value": session, "url": server.url})
        context.add_cookies(cookies)  # type: ignore[arg-type]
        return context


def resolve_on_admin_page(
    page: Page, report_id: int, reason: str, lang: str, phone: bool, minutes: str | None = None
) -> None:
    """Act on the report: a warning, or a mute for ``minutes`` (typed as the reader would)."""
    action = "warn" if minutes is None else "mute"
    card = page.locator(f"[data-testid=admin-report][data-id='{report_id}']")
    expect(card).to_be_visible()
    size = "phone" if phone else "desktop"
    if phone:
        no_sideways_scroll(page, 390)
    screenshot(page, f"admin-{lang}-{size}")
    card.get_by_test_id("admin-action").select_option(action)
    if minutes is not None:
        card.get_by_test_id("admin-minutes").fill(minutes)
    card.get_by_test_id("admin-apply").click()  # no reason yet: said, nothing sent
    expect(card.get_by_test_id("admin-error")).to_be_visible()
    card.get_by_test_id("admin-reason").fill(reason)
    card.get_by_test_id("admin-apply").click()
    expect(card).to_have_count(0)
    row = page.get_by_test_id("admin-audit-row").first
    expect(row).to_have_attribute("data-action", action)
    expect(row).to_contain_text(reason)
    words = {"warn": ("هشدار", "Warn"), "mute": ("بستن گفت\u200cوگو", "Mute in chat")}[action]
    expect(row).to_contain_text(words[0] if lang == "fa" else words[1])
    if phone:
        no_sideways_scroll(page, 390)
    screenshot(page, f"admin-{lang}-{size}-resolved")


def test_an_admin_resolves_reports_on_the_admin_page_in_both_languages_and_sizes(
    browser: Browser, server: Server
) -> None:
    moderator = Account(server, "mod")
    assert set_admin(f"sqlite:///{database_path(server.data_dir)}", moderator.name, True)
    reporter = Account(server, "rep")

    # The first report is made from the reported player's profile, in the browser.
    first = Account(server, "rude")
    window = reporter.window(browser, server, "fa", phone=False)
    page = window.new_page()
    errors = watch_errors(page)
    page.goto(f"{server.url}/u/{first.name}")
    page.get_by_test_id("report").click()
    dialog = page.get_by_test_id("report-dialog")
    dialog.get_by_test_id("report-reason").select_option("abuse")
    dialog.get_by_test_id("report-text").fill("حرف زشت در گفت\u200cوگو")
    screenshot(page, "report-dialog-fa-desktop")
    dialog.get_by_test_id("report-send").click()
    expect(dialog).to_have_count(0)
    page.get_by_test_id("report").click()  # again: refused in the dialog, said in Persian
    page.get_by_test_id("report-send").click()
    expect(page.get_by_test_id("report-error")).to_contain_text("پیش\u200cتر گزارش")
    assert not errors or all("409" in e for e in errors), errors
    window.close()

    reported = [first]
    for _ in range(3):
        other = Account(server, "rude")
        made = reporter.post(
            "/api/reports", {"kind": "player", "player": other.name, "reason": "spam"}
        )
        assert made.status_code == 200, made.text
        reported.append(other)
    listed = moderator.client.get("/api/admin/reports").json()
    ids = {r["player"]: r["id"] for r in listed}
    assert set(ids) == {a.name for a in reported}

    sizes = (("fa", False), ("en", True), ("en", False), ("fa", True))
    for (lang, phone), player in zip(sizes, reported, strict=True):
        window = moderator.window(browser, server, lang, phone)
        page = window.new_page()
        errors = watch_errors(page)
        page.goto(f"{server.url}/admin")
        expect(page.get_by_test_id("nav-admin")).to_be_visible()
        reason = "لطفاً مؤدب باشید" if lang == "fa" else "Please be kind"
        # On the Persian phone a mute, its minutes typed in Persian digits.
        minutes = "۳۰" if (lang, phone) == ("fa", True) else None
        resolve_on_admin_page(page, ids[player.name], reason, lang, phone, minutes)
        assert not violations(page)
        assert not errors, errors
        window.close()

    muted = moderator.client.get("/api/admin/audit").json()[0]
    assert muted["action"] == "mute" and muted["player"] == reported[3].name
    assert muted["until"] is not None
    # The warned player sees the warning on their next page, until they say they have.
    window = first.window(browser, server, "fa", phone=True)
    page = window.new_page()
    page.goto(server.url + "/")
    banner = page.get_by_test_id("standing")
    expect(banner).to_contain_text("لطفاً مؤدب باشید")
    expect(banner).not_to_contain_text(reporter.name)  # never who reported
    screenshot(page, "standing-warning-fa-phone")
    page.get_by_test_id("standing-seen").click()
    expect(banner).to_have_count(0)
    page.reload()
    page.get_by_test_id("nav-home").wait_for()
    expect(page.get_by_test_id("standing")).to_have_count(0)
    # Someone who is not an admin is told the page is not theirs, in their language.
    page.goto(server.url + "/admin")
    expect(page.get_by_test_id("admin-denied")).to_contain_text("مدیران")
    assert page.get_by_test_id("admin-report").count() == 0
    window.close()
    window = reporter.window(browser, server, "en", phone=False)
    page = window.new_page()
    page.goto(server.url + "/admin")
    expect(page.get_by_test_id("admin-denied")).to_contain_text("moderators only")
    screenshot(page, "admin-denied-en-desktop")
    window.close()


def test_a_chat_line_reported_at_the_table_lets_an_admin_close_the_table(
    browser: Browser, server: Server
) -> None:
    moderator = Account(server, "mod")
    assert set_admin(f"sqlite:///{database_path(server.data_dir)}", moderator.name, True)
    host_context, guest_context = new_context(browser, "fa"), new_context(browser, "en")
    guest_context.add_cookies([{"name": "rumizi_lang", "value": "en", "url": server.url}])
    host, guest = host_context.new_page(), guest_context.new_page()
    host.goto(f"{server.url}/new/star-realms")
    host.get_by_test_id("seat-kind").nth(1).select_option("human")
    host.get_by_test_id("create-table").click()
    invite = host.get_by_test_id("invite-link")
    expect(invite).to_be_visible()
    link = (
        invite.input_value()
        if invite.evaluate("e => e.tagName") == "INPUT"
        else invite.inner_text()
    ).strip()
    host.get_by_test_id("go-table").click()
    guest.goto(link)
    for page in (host, guest):
        expect(page.get_by_test_id("chat-input")).to_be_visible()
    guest.get_by_test_id("chat-input").fill("you are a fool")
    guest.get_by_test_id("chat-send").click()
    line = host.locator("[data-testid=chat-list] [data-testid=chat-line]").last
    expect(line).to_contain_text("you are a fool")
    assert guest.get_by_test_id("chat-report").count() == 0  # nobody reports their own line
    line.get_by_test_id("chat-report").click()
    dialog = host.get_by_test_id("report-dialog")
    expect(dialog).to_contain_text("you are a fool")
    dialog.get_by_test_id("report-reason").select_option("abuse")
    dialog.get_by_test_id("report-send").click()
    expect(dialog).to_have_count(0)

    window = moderator.window(browser, server, "en", phone=False)
    page = window.new_page()
    errors = watch_errors(page)
    page.goto(f"{server.url}/admin")
    card = page.get_by_test_id("admin-report").first
    expect(card.get_by_test_id("report-quoted")).to_have_text("you are a fool")
    screenshot(page, "admin-chat-report-en-desktop")
    card.get_by_test_id("admin-action").select_option("close")
    card.get_by_test_id("admin-reason").fill("insults at the table")
    card.get_by_test_id("admin-apply").click()
    expect(page.get_by_test_id("admin-no-reports")).to_be_visible()
    expect(page.get_by_test_id("admin-audit-row").first).to_have_attribute("data-action", "close")
    # Everyone seated is told, and sent home.
    for seated in (host, guest):
        seated.wait_for_url(f"{server.url}/")
    assert not errors, errors
    for context in (window, host_context, guest_context):
        context.close()
