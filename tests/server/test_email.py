"""E-mail (rumizi.server.mail) against a real SMTP server on a loopback port (aiosmtpd): the
verification link, the opt-ins, one e-mail per event (in the reader's language, with a working
one-click unsubscribe) even from two instances on one database, retries, and no address in
anything another player reads."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from typing import Any
from urllib.parse import urlsplit

import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import select, update

from rumizi.server import mail
from rumizi.server.db import EmailJob, EmailSettings, now
from tests.server.kit import Browser, Server, free_port
from tests.server.test_challenges import challenge
from tests.server.test_postgres import any_backend, postgres_url  # noqa: F401 (fixtures)
from tests.server.test_tournaments import announce, begin, join, wait_until

ServerFactory = Callable[..., Server]

# Short waits: a your-turn e-mail after 0.3 s away, a 60 s turn clock counts as day-a-move.
FAST = mail.MailPolicy(away=0.3, day_clock=60, poll=0.05, retry=0.05, tries=3)
TURN_CLOCK = {"kind": "turn", "per_move": 60}


class Inbox:
    """What the test's SMTP server received; it refuses the first ``refuse`` messages."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.refuse = 0
        self.url = ""  # the server's smtp:// URL once it listens

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.refuse > 0:
            self.refuse -= 1
            return "451 try again later"
        found = message_from_bytes(envelope.content, policy=default)
        assert isinstance(found, EmailMessage)
        self.messages.append(found)
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if m["To"] == address]

    def wait(self, address: str, count: int, timeout: float = 10.0) -> list[EmailMessage]:
        """The ``count`` e-mails to ``address`` (waits for them; fails on fewer or more)."""
        deadline = time.monotonic() + timeout
        while len(self.to(address)) < count and time.monotonic() < deadline:
            time.sleep(0.02)
        found = self.to(address)
        assert len(found) == count, [m["Subject"] for m in found]
        return found


@pytest.fixture
def inbox() -> Iterator[Inbox]:
    found = Inbox()
    controller = Controller(found, hostname="127.0.0.1", port=free_port())
    controller.start()
    found.url = f"smtp://127.0.0.1:{controller.port}"
    try:
        yield found
    finally:
        controller.stop()


@pytest.fixture
def mailing(make_server: ServerFactory, inbox: Inbox) -> Server:
    return make_server(smtp_url=inbox.url, smtp_from="games@rumizi.test", mail_policy=FAST)


def text_of(message: EmailMessage) -> str:
    body = message.get_body(("plain",))
    assert body is not None
    return str(body.get_content())


def html_of(message: EmailMessage) -> str:
    body = message.get_body(("html",))
    assert body is not None
    return str(body.get_content())


def path_of(url: str) -> str:
    return urlsplit(url).path


def link(message: EmailMessage, kind: str) -> str:
    """The path of the ``kind`` link (``verify-email``, ``unsubscribe``) in the e-mail."""
    found = re.search(rf"https?://\S+/{kind}/\S+", text_of(message))
    assert found is not None, text_of(message)
    return path_of(found.group(0))


def set_address(browser: Browser, address: str) -> dict[str, Any]:
    answer = browser.post("/api/me/email", {"address": address})
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def opt_in(browser: Browser, **wanted: bool) -> dict[str, Any]:
    answer = browser.post("/api/me/email/options", wanted)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def person(server: Server, inbox: Inbox, name: str, lang: str, **wanted: bool) -> Browser:
    """A signed-up player in ``lang`` with a verified address ``<name>@example.org``."""
    browser = server.browser(lang)
    browser.signup(name)
    address = f"{name}@example.org"
    set_address(browser, address)
    (verification,) = inbox.wait(address, 1)
    assert browser.get(link(verification, "verify-email")).status_code == 200
    inbox.messages.remove(verification)
    if wanted:
        opt_in(browser, **wanted)
    return browser


def settled(inbox: Inbox, seconds: float = 0.4) -> None:
    """Give the mailer time to send anything it would (several polls)."""
    time.sleep(seconds)


# ---------------------------------------------------------------------- the address


def test_an_address_is_verified_by_its_link_once_and_not_after_it_expired(
    mailing: Server, inbox: Inbox
) -> None:
    ali = mailing.browser("fa")
    ali.signup("ali")
    answer = set_address(ali, " ali@example.org ")
    assert answer["address"] == "ali@example.org" and answer["verified"] is False
    assert answer["masked"] == "a•••i@example.org" and answer["enabled"] is True
    (verification,) = inbox.wait("ali@example.org", 1)
    assert verification["Subject"] == "نشانی ایمیلتان را در رومیزی تأیید کنید"
    assert "List-Unsubscribe" not in verification
    path = link(verification, "verify-email")

    wrong = ali.get("/verify-email/not-the-token")
    assert wrong.status_code == 400
    assert ali.get("/api/me/email").json()["verified"] is False

    followed = mailing.browser("en").get(path)  # no sign-in needed: the token is enough
    assert followed.status_code == 200 and "تأیید شد" in followed.text
    assert ali.get("/api/me/email").json()["verified"] is True
    again = ali.get(path)
    assert again.status_code == 400 and "پیش\u200cتر" in again.text

    # A new address is verified again; its link expires.
    answer = set_address(ali, "ali.rezaei@example.org")
    assert answer["verified"] is False
    (second,) = inbox.wait("ali.rezaei@example.org", 1)
    with mailing.store.sessions.begin() as s:
        s.execute(update(EmailSettings).values(verify_expires=now() - timedelta(seconds=1)))
    assert ali.get(link(second, "verify-email")).status_code == 400
    assert ali.get("/api/me/email").json()["verified"] is False
    # Asked again once the link expired: a new link; asked again at once: no flood of links.
    set_address(ali, "ali.rezaei@example.org")
    set_address(ali, "ali.rezaei@example.org")
    settled(inbox)
    assert len(inbox.to("ali.rezaei@example.org")) == 2
    assert ali.get(link(inbox.to("ali.rezaei@example.org")[1], "verify-email")).status_code == 200
    # The same address given again while verified changes nothing and sends nothing.
    assert set_address(ali, "ali.rezaei@example.org")["verified"] is True
    settled(inbox)
    assert len(inbox.to("ali.rezaei@example.org")) == 2


def test_refusals_change_nothing(mailing: Server, make_server: ServerFactory) -> None:
    guest = mailing.guest()
    refused = guest.post("/api/me/email", {"address": "g@example.org"})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "email-guest"
    sara = mailing.browser("en")
    sara.signup("sara")
    for wrong in ("sara", "sara@localhost", "a b@example.org", "x" * 250 + "@example.org"):
        refused = sara.post("/api/me/email", {"address": wrong})
        assert refused.status_code == 422, wrong
        assert refused.json()["error"]["code"] == "invalid-email"
    assert (
        sara.post(
            "/api/me/email", {"address": "s@example.org"}, headers={"X-CSRF-Token": "no"}
        ).status_code
        == 403
    )
    assert sara.get("/api/me/email").json()["address"] is None
    assert mailing.count("email_jobs") == 0

    quiet = make_server()  # no --smtp: e-mail is off on this server
    omid = quiet.browser("en")
    omid.signup("omid")
    found = omid.get("/api/me/email").json()
    assert found["enabled"] is False and found["address"] is None
    refused = omid.post("/api/me/email", {"address": "omid@example.org"})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "email-off"
    refused = omid.post("/api/me/email/options", {"challenge": True})
    assert refused.json()["error"]["code"] == "email-off"


# ---------------------------------------------------------------------- the events


def test_a_challenge_mails_once_in_persian_and_its_unsubscribe_link_stops_them(
    mailing: Server, inbox: Inbox
) -> None:
    maryam = person(mailing, inbox, "maryam", "fa", challenge=True)
    reza = mailing.browser("en")
    reza.signup("reza")
    challenge(reza, "maryam")
    (told,) = inbox.wait("maryam@example.org", 1)
    assert told["Subject"].startswith("reza شما را به")
    text = text_of(told)
    assert "۱۰ دقیقه" in text and "می\u200cتوانید" in text
    assert 'dir="rtl"' in html_of(told) and 'lang="fa"' in html_of(told)
    assert told["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert told["List-Unsubscribe"].strip("<>").endswith(link(told, "unsubscribe"))
    settled(inbox)
    assert len(inbox.to("maryam@example.org")) == 1

    # Opening the link shows a button and turns nothing off (a link checker opens links).
    path = link(told, "unsubscribe")
    stranger = mailing.browser("en")
    shown = stranger.client.get(path)
    assert shown.status_code == 200 and "<form" in shown.text
    assert maryam.get("/api/me/email").json()["challenge"] is True
    assert stranger.client.get(path[:-3] + "abc").status_code == 404
    # One click (RFC 8058: a POST without any session) turns challenge e-mail off.
    clicked = stranger.client.post(path, data={"List-Unsubscribe": "One-Click"})
    assert clicked.status_code == 200
    assert maryam.get("/api/me/email").json()["challenge"] is False
    challenge(reza, "maryam")
    settled(inbox)
    assert len(inbox.to("maryam@example.org")) == 1


def test_nothing_is_sent_to_whom_did_not_ask_or_is_not_verified(
    mailing: Server, inbox: Inbox
) -> None:
    person(mailing, inbox, "nima", "en", turn=True, tournament=True)  # not challenges
    unverified = mailing.browser("en")
    unverified.signup("leila")
    set_address(unverified, "leila@example.org")
    opt_in(unverified, challenge=True, turn=True, tournament=True)
    reza = mailing.browser("en")
    reza.signup("reza")
    challenge(reza, "nima")
    challenge(reza, "leila")
    settled(inbox)
    assert inbox.to("nima@example.org") == []
    assert len(inbox.to("leila@example.org")) == 1  # its verification link only
    assert mailing.count("email_jobs") == 2  # the two verifications, no challenge


def test_a_tournament_start_mails_its_english_player_once(mailing: Server, inbox: Inbox) -> None:
    organiser = mailing.browser("en")
    organiser.signup("organiser")
    sam = person(mailing, inbox, "sam", "en", tournament=True)
    other = mailing.browser("en")
    other.signup("other")
    made = announce(organiser, name="Friday night", clock=TURN_CLOCK)
    join(sam, made["id"])
    join(other, made["id"])
    begin(mailing, made["id"])
    wait_until(sam, made["id"], lambda e: e["status"] == "running")
    (told,) = inbox.wait("sam@example.org", 1)
    assert told["Subject"] == "The tournament “Friday night” has started"
    assert f"/tournaments/{made['id']}" in text_of(told)
    assert 'dir="ltr"' in html_of(told)
    settled(inbox)
    assert len(inbox.to("sam@example.org")) == 1


def day_game(server: Server, inbox: Inbox, lang: str) -> tuple[list[Browser], str]:
    """Two players (both asking for your-turn e-mail) at a table with a turn clock."""
    players = [person(server, inbox, f"player{seat}", lang, turn=True) for seat in (0, 1)]
    made = players[0].create_table(seats=[{"kind": "human"}, {"kind": "human"}], clock=TURN_CLOCK)
    assert players[1].join(made) == 1
    return players, made["id"]


def address(seat: int) -> str:
    """The address of the player at ``seat`` of a :func:`day_game`."""
    return f"player{seat}@example.org"


def pass_turn(players: list[Browser], table_id: str) -> int:
    """The player to act plays until the turn is the other's: the other's seat."""
    with players[0].socket(table_id) as sock:
        state = sock.next_state()
    mover: int = state["to_act"][0]
    with players[mover].socket(table_id) as sock:
        state = sock.my_turn()
        while state["to_act"] == [mover]:
            legal = [c["action"] for c in state["legal"]]
            ending = [a for a in legal if "end" in str(a.get("type", "")).lower()]
            sock.play(ending[0] if ending else legal[0])
            latest = sock.state
            assert latest is not None
            state = latest
    return 1 - mover


def test_your_turn_in_a_day_a_move_game_mails_the_away_player_once(
    mailing: Server, inbox: Inbox
) -> None:
    players, table_id = day_game(mailing, inbox, "fa")
    with players[0].socket(table_id) as sock:
        first = sock.next_state()["to_act"][0]
    # The game's first turn is told too (nobody has moved yet), to its player only.
    (started,) = inbox.wait(address(first), 1)
    assert started["Subject"].startswith("نوبت شماست")
    assert inbox.to(address(1 - first)) == []
    seat = pass_turn(players, table_id)
    assert seat == 1 - first
    waiting = address(seat)
    (told,) = inbox.wait(waiting, 1)
    assert told["Subject"].startswith("نوبت شماست")
    assert f"/t/{table_id}" in text_of(told)
    assert told["Content-Language"] == "fa"
    settled(inbox)
    assert len(inbox.to(waiting)) == 1
    assert len(inbox.messages) == 2  # each turn told once; moving tells the mover nothing

    # Unsubscribed from your-turn e-mail: the next turn sends nothing.
    assert mailing.browser().client.post(link(told, "unsubscribe")).status_code == 200
    assert players[seat].get("/api/me/email").json()["turn"] is False
    assert pass_turn(players, table_id) != seat  # back to the other, then
    assert pass_turn(players, table_id) == seat
    settled(inbox, 0.6)
    assert len(inbox.to(waiting)) == 1


def test_a_quick_turn_clock_is_not_day_a_move(make_server: ServerFactory, inbox: Inbox) -> None:
    policy = mail.MailPolicy(away=0.1, day_clock=3600, poll=0.05)
    server = make_server(smtp_url=inbox.url, mail_policy=policy)
    players, table_id = day_game(server, inbox, "en")
    waiting = address(pass_turn(players, table_id))
    settled(inbox, 0.6)
    assert inbox.to(waiting) == []
    with server.store.sessions() as s:  # the first turn's and the second's
        assert s.scalars(select(EmailJob.status).where(EmailJob.kind == "turn")).all() == [
            "skipped",
            "skipped",
        ]


def test_two_instances_on_one_database_send_each_event_once(
    any_backend: str,  # noqa: F811
    make_server: ServerFactory,
    inbox: Inbox,
) -> None:
    one = make_server(any_backend, smtp_url=inbox.url, mail_policy=FAST, instance="one")
    two = make_server(any_backend, smtp_url=inbox.url, mail_policy=FAST, instance="two")
    person(one, inbox, "target", "en", challenge=True)
    senders = []
    for i, server in enumerate([one, two, one, two, one, two]):
        browser = server.browser("en")
        browser.signup(f"sender{i}")
        senders.append(browser)
    made = [challenge(b, "target")["id"] for b in senders]
    # The same event told again (a hook run twice, here and on the other instance).
    for server in (one, two):
        with server.store.sessions.begin() as s:
            mail.challenge_made(s, senders[0].user_id, made[0], "sender0", "star-realms")
            target = s.scalar(select(EmailSettings.user_id))
            assert target is not None
            mail.challenge_made(s, target, made[0], "sender0", "star-realms")
    found = inbox.wait("target@example.org", len(made))
    settled(inbox)
    assert len(inbox.to("target@example.org")) == len(made)
    assert sorted(m["Subject"].split()[0] for m in found) == sorted(
        f"sender{i}" for i in range(len(made))
    )
    with one.store.sessions() as s:
        owners = set(s.scalars(select(EmailJob.owner).where(EmailJob.kind == "challenge")))
    assert owners <= {"one", "two"}


def test_a_refused_send_is_tried_again(mailing: Server, inbox: Inbox) -> None:
    person(mailing, inbox, "hamid", "en", challenge=True)
    inbox.refuse = 1
    reza = mailing.browser("en")
    reza.signup("reza")
    challenge(reza, "hamid")
    inbox.wait("hamid@example.org", 1)
    deadline = time.monotonic() + 5
    while True:  # the row is marked just after the SMTP server took the e-mail
        with mailing.store.sessions() as s:
            job = s.scalars(select(EmailJob).where(EmailJob.kind == "challenge")).one()
        if job.status == "sent" or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    assert (job.status, job.tries) == ("sent", 2)
    assert job.data == {}  # nothing of the e-mail is kept once it went
    # A month on, the row is forgotten (its event long told); one still waiting is kept.
    mailer = mailing.app.state.mailer
    assert mailer.tidy() == 0
    with mailing.store.sessions.begin() as s:
        s.execute(update(EmailJob).values(created=now() - timedelta(days=31)))
        waiting = update(EmailJob).where(EmailJob.kind == "verify")
        s.execute(waiting.values(status="waiting", due=time.time() + 3600))
    assert mailer.tidy() == 1
    with mailing.store.sessions() as s:
        assert s.scalars(select(EmailJob.kind)).all() == ["verify"]


# ---------------------------------------------------------------------- privacy


def test_no_address_in_anything_another_player_reads(mailing: Server, inbox: Inbox) -> None:
    owner = person(mailing, inbox, "owner", "en", challenge=True, turn=True)
    assert owner.get("/api/me/email").json()["address"] == "owner@example.org"
    made = owner.create_table(
        seats=[{"kind": "human"}, {"kind": "human"}], clock=TURN_CLOCK, listed=True
    )
    third = mailing.browser("en")
    third.signup("third")
    challenge(third, "owner")
    read = [
        third.get("/api/users/owner"),
        third.get("/api/lobby"),
        third.get(f"/api/tables/{made['id']}"),
        third.get("/api/challenges"),
        third.get("/api/me/email"),
        third.get("/api/me"),
        mailing.browser().get("/api/users/owner"),
    ]
    for answer in read:
        assert answer.status_code == 200, answer.text
        assert "owner@example.org" not in answer.text and "example.org" not in answer.text
    assert third.get("/api/me/email").json()["address"] is None
    with third.socket(made["id"]) as sock:
        sock.next_state()
        assert all("example.org" not in str(m) for m in sock.received)


def test_a_player_still_on_the_site_is_mailed_only_once_they_are_away(
    make_server: ServerFactory, inbox: Inbox
) -> None:
    policy = mail.MailPolicy(away=0.8, day_clock=60, poll=0.05)
    server = make_server(smtp_url=inbox.url, mail_policy=policy, seen_every=0.0)
    players, table_id = day_game(server, inbox, "en")
    seat = pass_turn(players, table_id)
    waiting = address(seat)
    here_until = time.monotonic() + 1.6  # twice the wait: still on the site all along
    while time.monotonic() < here_until:
        assert players[seat].get("/api/me").status_code == 200
        time.sleep(0.1)
    assert inbox.to(waiting) == []
    (told,) = inbox.wait(waiting, 1)  # away now: told once
    assert told["Subject"].startswith("Your turn")


def test_the_e_mails_follow_the_language_their_reader_switches_to(
    mailing: Server, inbox: Inbox
) -> None:
    kian = person(mailing, inbox, "kian", "en", challenge=True)
    assert kian.post("/api/lang", {"lang": "fa"}).status_code == 200
    reza = mailing.browser("en")
    reza.signup("reza")
    challenge(reza, "kian")
    (told,) = inbox.wait("kian@example.org", 1)
    assert told["Subject"].startswith("reza شما را به ")  # in Persian now
    assert told["Content-Language"] == "fa"
