"""E-mail on the account page, in a browser against ``rumizi serve --smtp`` with a real SMTP
server on a loopback port: give an address, follow the link that comes, tick a kind; in both
languages, at desktop and phone sizes, checked (screenshots, no sideways scroll, WCAG 2.2 AA).
Without ``--smtp`` the page says e-mail is off on this server."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import Browser

from tests.web.conftest import SCREENSHOT_DIR, Server, free_port
from tests.web.kit import no_sideways_scroll, violations
from tests.web.test_challenges_e2e import person

WAIT = 20_000  # ms


class Inbox:
    """The e-mails the test's SMTP server took."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.url = ""  # the server's smtp:// URL once it listens

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        found = message_from_bytes(envelope.content, policy=default)
        assert isinstance(found, EmailMessage)
        self.messages.append(found)
        return "250 OK"

    def link(self, address: str, timeout: float = 20.0) -> str:
        """The path of the verification link sent to ``address``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for message in self.messages:
                if message["To"] == address:
                    body = message.get_body(("plain",))
                    assert body is not None
                    found = re.search(r"/verify-email/\S+", str(body.get_content()))
                    assert found is not None
                    return found.group(0)
            time.sleep(0.05)
        raise AssertionError(f"no e-mail to {address}")


class MailingServer(Server):
    """``rumizi serve`` with ``--smtp`` pointing at the test's SMTP server."""

    def __init__(self, data_dir: Path, smtp: str) -> None:
        super().__init__(data_dir)
        self.smtp = smtp

    def start(self) -> None:
        os.environ["RUMIZI_SMTP"] = self.smtp  # as an operator keeps the password hidden
        try:
            super().start()
        finally:
            del os.environ["RUMIZI_SMTP"]


@pytest.fixture(scope="module")
def inbox() -> Iterator[Inbox]:
    found = Inbox()
    controller = Controller(found, hostname="127.0.0.1", port=free_port())
    controller.start()
    found.url = f"smtp://127.0.0.1:{controller.port}"
    yield found
    controller.stop()


@pytest.fixture(scope="module")
def mailing(tmp_path_factory: pytest.TempPathFactory, inbox: Inbox) -> Iterator[Server]:
    running = MailingServer(tmp_path_factory.mktemp("rumizi-mail"), inbox.url)
    running.start()
    yield running
    running.stop()


@pytest.mark.parametrize(("lang", "phone"), [("fa", False), ("en", True), ("fa", True)])
def test_an_address_given_confirmed_and_a_kind_ticked_on_the_account_page(
    browser: Browser, mailing: Server, inbox: Inbox, lang: str, phone: bool
) -> None:
    name = f"mail{lang}{'p' if phone else 'd'}"
    page = person(browser, mailing, lang, phone, name)
    try:
        panel = page.get_by_test_id("my-email")
        panel.wait_for(timeout=WAIT)
        address = f"{name}@example.org"
        page.get_by_test_id("email-address").fill(address)
        page.get_by_test_id("email-form").locator("button").click()
        status = page.get_by_test_id("email-status")
        status.filter(has_text="•••").wait_for(timeout=WAIT)
        assert status.get_attribute("data-verified") == "false"
        page.get_by_test_id("email-challenge").check()
        page.wait_for_timeout(300)
        page.goto(mailing.url + inbox.link(address))
        assert page.locator("html").get_attribute("lang") == lang
        page.goto(mailing.url + "/me")
        page.locator("[data-testid=email-status][data-verified=true]").wait_for(timeout=WAIT)
        assert page.get_by_test_id("email-challenge").is_checked()
        assert not page.get_by_test_id("email-turn").is_checked()
        size = "phone" if phone else "desktop"
        page.screenshot(path=str(SCREENSHOT_DIR / f"email-{lang}-{size}.png"), full_page=True)
        no_sideways_scroll(page, 390 if phone else 1280, f"the account page ({size})")
        assert violations(page) == []
    finally:
        page.context.close()


def test_the_account_page_says_e_mail_is_off_without_smtp(browser: Browser, server: Server) -> None:
    page = person(browser, server, "en", False, "nomailer")
    try:
        page.get_by_test_id("email-off").wait_for(timeout=WAIT)
        assert page.get_by_test_id("email-address").count() == 0
    finally:
        page.context.close()
