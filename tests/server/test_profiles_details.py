"""A profile's details: what a player favours in each game (counted once per finished table
from its replay, and added up per player), and what the member writes on their own profile —
a bio cleaned as chat is, their languages, their display language — with bad input refused
and nothing changed."""

from __future__ import annotations

import unicodedata
from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import update

from rumizi import bots
from rumizi.core import rng
from rumizi.core.contract import record_events
from rumizi.core.registry import game
from rumizi.games.fantasy_realms.cards import card_info
from rumizi.games.splendor_duel.cards import BY_ID as SD_BY_ID
from rumizi.games.splendor_duel.cards import CARDS as SD_CARDS
from rumizi.games.star_realms.cards import BY_ID as SR_BY_ID
from rumizi.games.star_realms.cards import CARDS as SR_CARDS
from rumizi.server import favourites
from rumizi.server.db import User
from rumizi.server.store import ActionWrite, SeatRow, Store
from tests.server.kit import Browser, Server, ServerFactory
from tests.server.test_postgres import any_backend, postgres_url  # noqa: F401 (fixtures)
from tests.server.test_ratings import concede_game

GAMES = ("star-realms", "fantasy-realms", "splendor-duel", "war-of-the-ring")


def stored_game(
    server: Server | Store, game_id: str, seed: int, players: list[Browser] | list[int]
) -> tuple[str, Any, list[dict[str, Any]]]:
    """A game the greedy bot plays for both people's seats (browsers or user ids), stored as
    their finished table: (its id, the final state, every event in order)."""
    store = server if isinstance(server, Store) else server.store
    ids = [p if isinstance(p, int) else p.user_id for p in players]
    seats = [SeatRow(q, "human", None, user_id, None) for q, user_id in enumerate(ids)]
    row = store.create_table(
        game=game_id, options={}, players=2, seed=seed, seats=seats, clock={"kind": "none"},
        rated=False, creator=ids[0],
    )  # fmt: skip
    state = game(game_id).new(seed=seed, players=2)
    events = record_events(state)
    chooser = [bots.make("greedy", seed=rng.normalize_seed(seed + q)) for q in range(2)]
    writes = []
    version = 0
    while not state.over:
        seat = state.to_act
        move = chooser[seat].choose(state.view(seat), state.legal_actions())
        state.apply(move)
        version += 1
        result = {"winner": state.winner, "returns": state.returns()} if state.over else None
        at = datetime.now(UTC)
        writes.append(
            ActionWrite(row.id, version, seat, move, f"c{version}", at, result, None, game_id)
        )
    assert all(error is None for error in store.append_actions(writes))
    return row.id, state, list(events)


def expected(game_id: str, state: Any, events: list[dict[str, Any]], seat: int) -> Counter[str]:
    """What one stored game should count for ``seat``, read straight from its events and its
    final position (not through the server's replay)."""
    found: Counter[str] = Counter()
    won = state.returns()[seat] > 0.5 and len(set(state.returns())) > 1
    if game_id == "star-realms":
        for e in events:
            if e["event"] == "buy" and e["player"] == seat:
                faction = SR_CARDS[SR_BY_ID[e["card"]]].faction
                found[faction] += faction != "none"
    elif game_id == "splendor-duel":
        for e in events:
            if e["event"] == "buy" and e["player"] == seat:
                color = e.get("color") or SD_CARDS[SD_BY_ID[e["card"]]].color
                found[color] += color not in ("none", "joker")
    elif game_id == "fantasy-realms":
        if won:
            found.update(card_info(c, expansion=state.opts.suits).suit for c in state.hands[seat])
    else:
        side = "free" if seat != 1 else "shadow"  # the Shadow's seat is 1 by default
        found[side] += 1
        found["won:" + side] += won
    return +found


def signed_up(server: Server, name: str, lang: str = "en") -> Browser:
    browser = server.browser(lang)
    browser.signup(name)
    return browser


def test_favourites_add_up_each_game_s_stored_tables_per_player(server: Server) -> None:
    alice, bob = signed_up(server, "alice"), signed_up(server, "bob")
    sums: dict[str, list[Counter[str]]] = {g: [Counter(), Counter()] for g in GAMES}
    for game_id in GAMES:
        for seed in (11, 12):
            _, state, events = stored_game(server, game_id, seed, [alice, bob])
            for seat in (0, 1):
                sums[game_id][seat] += expected(game_id, state, events, seat)
    assert any(sums["fantasy-realms"][q] for q in (0, 1)), "somebody won a hand"

    for seat, name in enumerate(("alice", "bob")):
        seen = server.browser("en").get(f"/api/users/{name}").json()
        assert seen["favourites_pending"] == 0
        by_game = {f["game"]: f for f in seen["favourites"]}
        for game_id in GAMES:
            want = sums[game_id][seat]
            if game_id == "war-of-the-ring":
                side = "free" if seat == 0 else "shadow"
                (item,) = by_game[game_id]["items"]
                assert (item["key"], item["count"], item["won"]) == (
                    side, want[side], want["won:" + side]
                )  # fmt: skip
                continue
            if not want:
                assert game_id not in by_game
                continue
            items = by_game[game_id]["items"]
            assert {i["key"]: i["count"] for i in items} == dict(want)
            counts = [i["count"] for i in items]
            assert counts == sorted(counts, reverse=True)  # the most first
            assert all(i["won"] is None for i in items)
        assert by_game["star-realms"]["title"] == "Factions bought"
        assert by_game["war-of-the-ring"]["title"] == "Side played (and won with)"
    persian = server.browser("fa").get("/api/users/alice").json()
    labels = {f["game"]: [i["label"] for i in f["items"]] for f in persian["favourites"]}
    assert labels["war-of-the-ring"] == ["مردمان آزاد"]
    titles = {f["game"]: f["title"] for f in persian["favourites"]}
    assert titles["star-realms"] == "جناح‌های خریده‌شده"
    assert persian["favourites"][0]["game"] == "star-realms"  # the catalogue's order


def test_a_profile_counts_a_few_tables_now_and_the_rest_after_answering(
    any_backend: str,  # noqa: F811
    make_server: ServerFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = make_server(any_backend)
    alice, bob = signed_up(server, "alice"), signed_up(server, "bob")
    for seed in range(5):
        stored_game(server, "war-of-the-ring", 20 + seed, [alice, bob])
    replayed: list[str] = []
    real = favourites.tally_table

    def counting(row: Any) -> list[dict[str, int]]:
        replayed.append(row.id)
        return real(row)

    monkeypatch.setattr(favourites, "tally_table", counting)
    monkeypatch.setattr(favourites, "COUNT_NOW", 2)
    first = server.browser().get("/api/users/alice").json()
    # Two counted before the answer (it says three wait), the three after it.
    assert first["favourites_pending"] == 3
    assert first["favourites"][0]["items"][0]["count"] == 2
    assert len(replayed) == 5 and len(set(replayed)) == 5
    again = server.browser().get("/api/users/alice").json()
    assert again["favourites_pending"] == 0
    assert again["favourites"][0]["items"][0]["count"] == 5
    bobs = server.browser().get("/api/users/bob").json()  # bob's seats: the same tables
    assert bobs["favourites"][0]["items"][0]["count"] == 5
    assert len(replayed) == 5  # nothing replayed twice
    assert server.count("favourite_tallies") == 5


def patch(browser: Browser, body: Any, csrf: bool = True) -> Any:
    headers = {"X-CSRF-Token": browser.csrf} if csrf else {}
    return browser.client.patch("/api/account/profile", json=body, headers=headers)


def test_a_member_writes_a_bio_and_languages_that_everyone_reads(server: Server) -> None:
    alice = signed_up(server, "alice")
    assert alice.get("/api/account/profile").json() == {
        "bio": "", "languages": [], "display_lang": None,
        "choices": alice.get("/api/account/profile").json()["choices"],
    }  # fmt: skip
    typed = "  سلام!\n من  \u202eمی\u200cخواهم " + unicodedata.normalize("NFD", "é") + "  "
    answer = patch(alice, {"bio": typed, "languages": ["fa", "en", "fa", "de"]})
    assert answer.status_code == 200, answer.text
    cleaned = "سلام! من می\u200cخواهم é"  # one space, no override, the ZWNJ kept, NFC
    assert answer.json()["bio"] == cleaned and answer.json()["languages"] == ["fa", "en", "de"]
    seen = server.browser().get("/api/users/alice").json()
    assert (seen["bio"], seen["languages"]) == (cleaned, ["fa", "en", "de"])
    assert "display_lang" not in seen
    # Only what is sent changes; null clears.
    assert patch(alice, {"languages": None}).json()["bio"] == cleaned
    assert server.browser().get("/api/users/alice").json()["languages"] == []
    assert patch(alice, {"bio": ""}).json()["bio"] == ""


def test_bad_profile_input_is_refused_and_changes_nothing(server: Server) -> None:
    alice = signed_up(server, "alice")
    assert patch(alice, {"bio": "hello", "languages": ["en"]}).status_code == 200
    before = alice.get("/api/account/profile").json()
    refusals = [
        ({"bio": "x" * 201, "languages": ["fa"]}, 422, "bio-too-long"),
        ({"bio": "shorter", "languages": ["fa", "xx"]}, 422, "unknown-language"),
        ({"display_lang": "de"}, 422, "malformed"),
        ({"bio": "a", "nickname": "b"}, 422, "malformed"),
        ({"languages": "fa"}, 422, "malformed"),
    ]
    for body, status, code in refusals:
        answer = patch(alice, body)
        assert answer.status_code == status, (body, answer.text)
        assert answer.json()["error"]["code"] == code
        assert alice.get("/api/account/profile").json() == before
    # 200 characters after cleaning are fine, however many spaces were typed around them.
    assert patch(alice, {"bio": "  " + "y" * 200 + "\n\n"}).status_code == 200
    no_token = patch(alice, {"bio": "z"}, csrf=False)
    assert no_token.status_code == 403 and no_token.json()["error"]["code"] == "csrf"
    guest = server.guest()
    refused = patch(guest, {"bio": "hi"})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "guest-profile"
    nobody = patch(server.browser(), {"bio": "hi"})
    assert nobody.status_code == 401 and nobody.json()["error"]["code"] == "signed-out"
    assert server.browser().get("/api/users/alice").json()["bio"] == "y" * 200


def test_the_display_language_follows_the_member_to_each_sign_in(server: Server) -> None:
    alice = server.browser("fa")
    alice.signup("alice", "a long secret 42")
    answer = patch(alice, {"display_lang": "en"})
    assert answer.status_code == 200 and answer.json()["display_lang"] == "en"
    assert alice.get("/api/me").json()["lang"] == "en"  # this browser's cookie now
    elsewhere = server.browser("fa")
    signed = elsewhere.post(
        "/api/auth/login", {"username": "alice", "password": "a long secret 42"}
    )
    assert signed.status_code == 200
    assert elsewhere.get("/api/me").json()["lang"] == "en"
    assert patch(alice, {"display_lang": None}).json()["display_lang"] is None
    third = server.browser("fa")
    third.post("/api/auth/login", {"username": "alice", "password": "a long secret 42"})
    assert third.get("/api/me").json()["lang"] == "fa"  # no choice: the browser's own


def every_key_and_text(found: Any) -> tuple[set[str], list[str]]:
    """Every key of a JSON answer, at any depth, and every string in it."""
    keys: set[str] = set()
    texts: list[str] = []
    stack = [found]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            keys.update(str(k) for k in item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            texts.append(item)
    return keys, texts


def test_a_third_party_reads_no_one_s_private_data_anywhere(server: Server) -> None:
    alice = server.browser("fa")
    alice.signup("alice", "alice's secret phrase")
    bob = signed_up(server, "bob")
    for name in ("mallory", "dora"):  # one alice blocks, one she follows: her business
        signed_up(server, name)
    carol = signed_up(server, "carol")  # the third party
    # Alice's private settings and relations: a display language, a block, whom she follows.
    assert (
        patch(alice, {"bio": "hi all", "languages": ["fa"], "display_lang": "en"}).status_code
        == 200
    )
    assert patch(bob, {"display_lang": "fa"}).status_code == 200
    assert alice.post("/api/users/mallory/block").status_code == 200
    assert alice.post("/api/users/dora/follow").status_code == 200
    assert carol.post("/api/users/alice/follow").status_code == 200
    # What a third party may see of alice: a finished rated game, a listed table, a
    # tournament she made, and a challenge she sent to carol.
    made = alice.create_table(seats=[{"kind": "human"}, {"kind": "human"}], rated=True)
    assert bob.join(made) == 1
    concede_game(server, bob, alice, made["id"])
    listed = alice.create_table(seats=[{"kind": "human"}, {"kind": "human"}], listed=True)
    starts = (datetime.now(UTC) + timedelta(hours=1)).isoformat()
    event = {"game": "star-realms", "kind": "swiss", "rounds": 3, "starts_at": starts}
    tournament = alice.post("/api/tournaments", {**event, "clock": {"kind": "realtime"}})
    assert tournament.status_code == 200, tournament.text
    assert alice.post("/api/challenges", {"to": "carol", "game": "star-realms"}).status_code == 200

    reads = [
        "/api/users/alice", "/api/users/bob", "/api/my/following", "/api/lobby",
        f"/api/tables/{made['id']}", f"/api/tables/{listed['id']}",
        f"/api/tables/{made['id']}/replay", "/api/challenges", "/api/my/games",
        "/api/leaderboard/star-realms", "/api/tournaments",
        f"/api/tournaments/{tournament.json()['id']}",
    ]  # fmt: skip
    for url in reads:
        answer = carol.get(url)
        assert answer.status_code == 200, (url, answer.text)
        keys, texts = every_key_and_text(answer.json())
        said = " ".join(texts)
        assert not {k for k in keys if "mail" in k.lower()}, url  # no e-mail, by any name
        assert not keys & {"display_lang", "blocks", "blocked", "password", "password_hash"}, url
        assert "@" not in said, url
        assert "mallory" not in said, (url, "alice's block")  # mallory has no game of hers
        assert "dora" not in said, (url, "whom alice follows")
        assert "alice's secret phrase" not in said and "argon2" not in said, url
        assert listed["invite"] not in said, url
    # What alice chose to show is there, and only on her profile.
    seen = carol.get("/api/users/alice").json()
    assert (seen["bio"], seen["languages"]) == ("hi all", ["fa"])
    mine = carol.get("/api/account/profile").json()  # carol's own settings, not alice's
    assert (mine["bio"], mine["display_lang"]) == ("", None)


def test_the_following_list_says_who_is_online(
    any_backend: str,  # noqa: F811
    make_server: ServerFactory,
) -> None:
    server = make_server(any_backend)
    alice, bob, carol = (signed_up(server, n) for n in ("alice", "bob", "carol"))
    for name in ("bob", "carol"):
        assert alice.post(f"/api/users/{name}/follow").status_code == 200
    bob.get("/api/me")  # bob comes to the site now
    carol.get("/api/me")
    with server.store.sessions.begin() as s:  # carol's last visit, ten minutes ago
        ten_ago = datetime.now(UTC) - timedelta(minutes=10)
        s.execute(update(User).where(User.name == "carol").values(seen=ten_ago))
    listed = {f["name"]: f["online"] for f in alice.get("/api/my/following").json()}
    assert listed == {"bob": True, "carol": False}
    carol.get("/api/my/games")  # back: her visit is noted again (it was over a minute old)
    listed = {f["name"]: f["online"] for f in alice.get("/api/my/following").json()}
    assert listed == {"bob": True, "carol": True}
    assert "online" not in server.browser().get("/api/users/bob").json()  # followers only
