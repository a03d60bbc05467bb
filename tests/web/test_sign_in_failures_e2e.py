"""Someone else's failed sign-ins, as the account's owner meets them in the browser (issue 32).

A stranger at the same address tries the owner's account until sign-ins from there are
paused. The owner's own browser (its device cookie) still signs in, is told at once that
sign-ins failed from elsewhere, and finds them on the account page in its language until it
says it has seen them; a browser the account never signed in from stays paused.
"""

from __future__ import annotations

import re
import secrets

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext

from tests.web.conftest import Server, new_context, screenshot

PASSWORD = "a long secret 42"


def context_in(browser: Browser, server: Server, lang: str) -> BrowserContext:
    made = new_context(browser, lang=lang)
    made.add_cookies([{"name": "rumizi_lang", "value": lang, "url": server.url}])
    return made


def stranger_tries(server: Server, name: str, times: int) -> list[int]:
    """Wrong passwords for ``name`` from a script with no cookies (the statuses it got)."""
    with httpx.Client(base_url=server.url, timeout=30) as client:
        client.headers["X-CSRF-Token"] = client.get("/api/me").json()["csrf"]
        return [
            client.post(
                "/api/auth/login", json={"username": name, "password": "not the password"}
            ).status_code
            for _ in range(times)
        ]


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_the_owner_signs_in_past_a_strangers_lockout_and_is_told(
    browser: Browser, server: Server, lang: str
) -> None:
    name = f"owner{secrets.token_hex(3)}"
    owner = context_in(browser, server, lang)
    page = owner.new_page()
    page.goto(server.url + "/signup")
    page.get_by_test_id("username").fill(name)
    page.get_by_test_id("password").fill(PASSWORD)
    page.get_by_test_id("signup-submit").click()
    page.wait_for_url(re.compile(r"/me$"))
    assert page.get_by_test_id("sign-in-failures").count() == 0

    assert stranger_tries(server, name, 7) == [401] * 5 + [429] * 2

    # Another browser at the same address, with the right password: still paused.
    elsewhere = context_in(browser, server, lang)
    other = elsewhere.new_page()
    other.goto(server.url + "/login")
    other.get_by_test_id("username").fill(name)
    other.get_by_test_id("password").fill(PASSWORD)
    other.get_by_test_id("login-submit").click()
    other.get_by_test_id("auth-error").wait_for()
    elsewhere.close()

    # The owner's browser signs in, and hears of the failures at once.
    page.goto(server.url + "/login")
    page.get_by_test_id("username").fill(name)
    page.get_by_test_id("password").fill(PASSWORD)
    page.get_by_test_id("login-submit").click()
    page.wait_for_url(re.compile(r"/me$"))
    # 5 wrong passwords, then 2 of the script's and 1 of the other browser's tries refused.
    told = page.get_by_test_id("toast").filter(
        has_text="failed 8 times" if lang == "en" else "۸ بار"
    )
    told.wait_for()
    panel = page.get_by_test_id("sign-in-failures")
    panel.wait_for()
    wrong = panel.get_by_test_id("sign-in-failures-wrong").inner_text()
    refused = panel.get_by_test_id("sign-in-failures-refused").inner_text()
    when = panel.get_by_test_id("sign-in-failures-when").inner_text()
    text = panel.inner_text()
    if lang == "fa":
        assert wrong.endswith("۵") and refused.endswith("۳"), (wrong, refused)
        assert re.search(r"[\u0600-\u06ff]", text) and not re.search(r"[A-Za-z0-9]", text), text
        assert "\u200c" in text  # گذرواژه‌ها, پیش‌تر: joined as Persian writes them
    else:
        assert wrong.endswith(": 5") and refused.endswith(": 3"), (wrong, refused)
        assert when.startswith("From ") and " to " in when
    screenshot(page, f"sign-in-failures-{lang}-desktop")

    # Seen: gone, and gone for good.
    panel.get_by_test_id("sign-in-failures-seen").click()
    panel.wait_for(state="detached")
    page.reload()
    page.get_by_test_id("me-empty").wait_for()
    assert page.get_by_test_id("sign-in-failures").count() == 0
    owner.close()
