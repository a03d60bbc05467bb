"""Blocking a player (rumizi.server.blocks): no challenges either way, no quick match or lobby
seat together, none of the blocked one's chat lines for the blocker — live, in a connection's
history and in the replay — and no trace of it for anyone but the blocker."""

from __future__ import annotations

from typing import Any

from rumizi.server import chat
from tests.server.kit import Browser, Server
from tests.server.test_bot_accounts import bearer, bot_account, seat_bot, token
from tests.server.test_challenges import ASKED, answer, challenge, listed, people
from tests.server.test_chat import next_of, say
from tests.server.test_lobby import HUMANS, lobby_socket, next_lobby, refused


def block(browser: Browser, name: str, on: bool = True) -> dict[str, Any]:
    url = f"/api/users/{name}/block"
    if on:
        found = browser.post(url)
    else:
        found = browser.client.delete(url, headers={"X-CSRF-Token": browser.csrf})
    assert found.status_code == 200, found.text
    blocking: dict[str, Any] = found.json()
    return blocking


def blocked_names(browser: Browser) -> list[str]:
    found = browser.get("/api/my/blocks")
    assert found.status_code == 200, found.text
    return [b["name"] for b in found.json()]


def test_a_player_blocks_another_and_unblocks_them(server: Server) -> None:
    alice, bob, carol = people(server, "alice", "bob", "carol")
    assert blocked_names(alice) == []
    for _ in range(2):  # twice: the same
        assert block(alice, "BOB") == {"blocked": True}
    assert block(alice, "carol") == {"blocked": True}
    assert blocked_names(alice) == ["bob", "carol"]
    assert alice.get("/api/my/blocks").json()[0]["guest"] is False
    assert blocked_names(bob) == blocked_names(carol) == []  # one's own list, nobody else's
    for _ in range(2):
        assert block(alice, "bob", on=False) == {"blocked": False}
    assert blocked_names(alice) == ["carol"]
    before = server.count("blocks")
    refused(alice.post("/api/users/alice/block"), 422, "block-self")
    refused(alice.post("/api/users/nobody-here/block"), 404, "unknown-user")
    refused(server.browser().post("/api/users/bob/block"), 401, "signed-out")
    refused(server.browser().get("/api/my/blocks"), 401, "signed-out")
    refused(alice.client.post("/api/users/bob/block"), 403, "csrf")
    refused(alice.client.delete("/api/users/carol/block"), 403, "csrf")
    assert server.count("blocks") == before


def test_challenges_are_refused_both_ways_with_one_answer_that_names_no_block(
    server: Server,
) -> None:
    alice, bob, carol = people(server, "alice", "bob", "carol")
    to_alice = challenge(bob, "alice")
    to_bob = challenge(alice, "bob", clock={"kind": "none"})
    block(alice, "bob")
    # What was pending ended as either could have ended it: bob reads ordinary answers.
    assert listed(bob) == {to_alice["id"]: "declined", to_bob["id"]: "cancelled"}
    answers = [
        bob.post("/api/challenges", {**ASKED, "to": "alice"}),
        alice.post("/api/challenges", {**ASKED, "to": "bob"}),
    ]
    for found in answers:
        refused(found, 403, "not-accepting-challenges")
    assert answers[0].json() == answers[1].json()  # the same words whoever blocked
    assert challenge(carol, "alice")["status"] == "pending"  # nobody else is kept away
    block(alice, "bob", on=False)
    again = challenge(bob, "alice")
    assert answer(alice, again["id"], "accept")["status"] == "accepted"


def test_a_block_ends_a_challenge_so_it_can_no_longer_be_accepted(server: Server) -> None:
    alice, bob = people(server, "alice", "bob")
    made = challenge(alice, "bob")
    block(bob, "alice")  # the challenged blocks the challenger
    refused(bob.post(f"/api/challenges/{made['id']}/accept"), 409, "challenge-answered")
    assert listed(alice) == {made["id"]: "declined"}


def test_the_quick_match_never_pairs_them(server: Server) -> None:
    alice, bob, carol = people(server, "alice", "bob", "carol")
    block(bob, "alice")
    asked = {"game": "star-realms", "options": {"format": "duel"}, "wait": 60}
    assert alice.post("/api/lobby/quick", asked).json()["status"] == "waiting"
    assert bob.post("/api/lobby/quick", asked).json()["status"] == "waiting"  # not paired
    assert alice.get("/api/lobby/quick").json()["status"] == "waiting"
    matched = carol.post("/api/lobby/quick", asked).json()
    assert matched["status"] == "matched"  # with whichever of them waited first
    seated = carol.get(f"/api/tables/{matched['table']}").json()["seats"]
    assert [s["user_id"] for s in seated] == [alice.user_id, carol.user_id]


def test_neither_sits_at_a_listed_table_beside_the_other(server: Server) -> None:
    alice, bob, carol = people(server, "alice", "bob", "carol")
    block(alice, "bob")
    hers = alice.create_table(seats=HUMANS, listed=True)
    his = bob.create_table(seats=HUMANS, listed=True)
    first = bob.post(f"/api/lobby/tables/{hers['id']}/join")
    second = alice.post(f"/api/lobby/tables/{his['id']}/join")
    for found in (first, second):
        refused(found, 403, "blocked")
    assert first.json() == second.json()  # the same whichever way the block goes
    for made in (hers, his):
        seats = alice.get(f"/api/tables/{made['id']}").json()["seats"]
        assert seats[1]["user_id"] is None  # nothing changed
    assert carol.post(f"/api/lobby/tables/{hers['id']}/join").json() == {"seat": 1}


def test_an_invite_link_does_not_seat_one_beside_the_other(server: Server) -> None:
    alice, bob, carol = people(server, "alice", "bob", "carol")
    block(bob, "alice")
    hers = alice.create_table(seats=HUMANS)  # not listed: only the invite link reaches it
    his = bob.create_table(seats=HUMANS)
    first = bob.post(f"/api/tables/{hers['id']}/join", {"invite": hers["invite"]})
    second = alice.post(f"/api/tables/{his['id']}/join", {"invite": his["invite"]})
    for found in (first, second):
        refused(found, 403, "blocked")
    assert first.json() == second.json()
    for made in (hers, his):
        assert alice.get(f"/api/tables/{made['id']}").json()["seats"][1]["user_id"] is None
    assert carol.join(hers) == 1


def test_a_bot_account_s_program_does_not_sit_beside_a_person_who_blocked_it(
    server: Server,
) -> None:
    robot = bot_account(server, "robo")
    value = token(robot)["token"]
    (alice,) = people(server, "alice")
    block(alice, "robo")
    hers = alice.create_table(seats=HUMANS)
    program = server.browser().client
    program.cookies.clear()
    refused(
        program.post(
            f"/api/bot/tables/{hers['id']}/join",
            json={"invite": hers["invite"]},
            headers=bearer(value),
        ),
        403,
        "blocked",
    )
    assert alice.get(f"/api/tables/{hers['id']}").json()["seats"][1]["user_id"] is None
    block(alice, "robo", on=False)
    assert seat_bot(server, value, hers) == 1  # no block, the same invite seats it


def test_the_blocker_never_receives_the_blocked_player_s_chat(server: Server) -> None:
    alice, bob, carol = people(server, "alice", "bob", "carol")
    made = alice.create_table(seats=HUMANS)
    assert bob.join(made) == 1
    table_id = made["id"]
    with alice.socket(table_id) as s0, bob.socket(table_id) as s1, carol.socket(table_id) as w:
        for socket in (s0, s1, w):
            socket.next_state()
        say(s1, text="before the block")
        for socket in (s0, s1, w):
            assert next_of(socket, "chat")["text"] == "before the block"
        block(alice, "bob")  # while the sockets are open: from the next line on
        say(s1, text="after the block")
        assert next_of(s1, "chat")["text"] == "after the block"  # its author's own copy
        assert next_of(w, "chat")["text"] == "after the block"  # a watcher reads it
        say(s0, text="alice speaks")
        # Alice's next line is her own: bob's never came to her.
        assert next_of(s0, "chat")["text"] == "alice speaks"
        assert next_of(s1, "chat")["text"] == "alice speaks"  # bob still reads alice
        # A line of bob's said on another instance reaches this one with its table alone.
        line = dict(next_of(w, "chat"), id=999, text="from elsewhere", client_id="elsewhere")
        line["from"] = "seat-1"
        server.call(chat.deliver, server.live(table_id), line)
        assert next_of(w, "chat")["text"] == "from elsewhere"
        say(s0, text="alice again")
        assert next_of(s0, "chat")["text"] == "alice again"
    # Read again, bob's lines are gone for alice, those said before the block too.
    everything = ["before the block", "after the block", "alice speaks", "alice again"]
    with alice.socket(table_id) as s0, carol.socket(table_id) as w:
        mine = [m["text"] for m in next_of(s0, "chat-history")["messages"]]
        assert mine == ["alice speaks", "alice again"]
        assert [m["text"] for m in next_of(w, "chat-history")["messages"]] == everything
    replay = alice.get(f"/api/tables/{table_id}/replay").json()["chat"]
    assert [m["text"] for m in replay] == ["alice speaks", "alice again"]
    theirs = carol.get(f"/api/tables/{table_id}/replay").json()["chat"]
    assert [m["text"] for m in theirs] == everything
    block(alice, "bob", on=False)  # unblocked: the lines come back
    replay = alice.get(f"/api/tables/{table_id}/replay").json()["chat"]
    assert [m["text"] for m in replay] == everything


def test_nobody_but_the_blocker_finds_a_trace_of_the_block(server: Server) -> None:
    alice, bob, carol = people(server, "alice", "bob", "carol")
    made = alice.create_table(seats=HUMANS, listed=True)
    challenge(carol, "alice")

    def seen_by(reader: Browser) -> dict[str, Any]:
        """Every answer a reader gets that could tell of the block."""
        with lobby_socket(reader) as socket:
            pushed = next_lobby(socket)
        return {
            "alice": reader.get("/api/users/alice").json(),
            "bob": reader.get("/api/users/bob").json(),
            "lobby": reader.get("/api/lobby").json(),
            "pushed": pushed,
            "table": reader.get(f"/api/tables/{made['id']}").json(),
            "challenges": reader.get("/api/challenges").json(),
            "mine": reader.get("/api/my/blocks").json(),
            "following": reader.get("/api/my/following").json(),
        }

    carol_before, bob_before = seen_by(carol), seen_by(bob)
    block(alice, "bob")
    assert seen_by(carol) == carol_before
    assert seen_by(bob) == bob_before  # the blocked one is not told either
    # The profile is the same answer for the blocker, the blocked and anyone else.
    profiles = [b.get("/api/users/alice").json() for b in (alice, bob, carol, server.browser())]
    assert all(p == profiles[0] for p in profiles)
    assert "blocked" not in repr(profiles[0])
