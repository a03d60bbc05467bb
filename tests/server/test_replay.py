"""Replays: one frame per version, the caller's own view during the game, all cards after."""

from __future__ import annotations

import json
import random
from typing import Any

from tests.server.kit import Server, play_random, states_by_version


def plain(data: Any) -> Any:
    return json.loads(json.dumps(data))


def test_replay_during_and_after_the_game(server: Server) -> None:
    player = server.guest()
    watcher = server.guest()
    table_id = player.create_table()["id"]
    url = f"/api/tables/{table_id}/replay"
    with player.socket(table_id) as sock:
        play_random({0: sock}, random.Random(2), 12, sock.next_state())
        assert sock.my_turn()["result"] is None  # the bot waits for me: nothing moves now

        # During the game: my own seat only, one frame per version, each my view then.
        replay = player.get(url).json()
        version = server.count("actions", table_id)
        states = states_by_version(server.store, table_id)
        assert replay["final"] is False and replay["seat"] == 0
        assert replay["game"] == "star-realms"
        assert [s["kind"] for s in replay["seats"]] == ["human", "bot"]
        frames = replay["frames"]
        assert [f["version"] for f in frames] == list(range(version + 1))
        for frame in frames:
            view = frame["view"]
            assert view == plain(states[frame["version"]].view(0))
            assert "hand" not in view["players"][1]
        assert any(frame["log"] for frame in frames[1:])
        assert player.get(url, params={"seat": 0}).json()["frames"] == frames

        for asker, seat in ((player, 1), (watcher, 0), (watcher, 1)):
            response = asker.get(url, params={"seat": seat})
            assert response.status_code == 403
            assert response.json()["error"]["code"] == "hidden"
        # A spectator sees the spectator's view.
        seen = watcher.get(url).json()
        assert seen["seat"] is None
        assert [f["view"] for f in seen["frames"]] == [
            plain(states[f["version"]].view(None)) for f in seen["frames"]
        ]
        assert all("hand" not in p for f in seen["frames"] for p in f["view"]["players"])

        sock.send({"type": "concede", "client_id": "resign"})
        assert sock.answer("resign")["type"] == "ack"

    # After the game: any seat, for anybody, with every hand shown.
    final = server.count("actions", table_id)
    states = states_by_version(server.store, table_id)
    for asker in (player, watcher, server.browser()):
        for seat in (0, 1):
            replay = asker.get(url, params={"seat": seat}).json()
            assert replay["final"] is True and replay["seat"] == seat
            assert replay["result"]["winner"] == 1
            frames = replay["frames"]
            assert [f["version"] for f in frames] == list(range(final + 1))
            for frame in frames:
                truth = states[frame["version"]]
                for who, shown in enumerate(frame["view"]["players"]):
                    assert shown["hand"] == truth.view(who)["players"][who]["hand"]
                assert frame["view"]["viewer"] == seat
    assert player.get(url, params={"seat": 2}).status_code == 400
    assert player.get(url, params={"seat": -1}).status_code == 400
    assert player.get("/api/tables/nope/replay").status_code == 404


def test_replay_logs_follow_the_language(server: Server) -> None:
    player = server.guest(lang="en")
    table_id = player.create_table()["id"]
    with player.socket(table_id) as sock:
        play_random({0: sock}, random.Random(1), 4, sock.next_state())
    en = player.get(f"/api/tables/{table_id}/replay").json()
    player.client.cookies.set("rumizi_lang", "fa")
    fa = player.get(f"/api/tables/{table_id}/replay").json()
    # The bot may move between the two requests: compare the frames both replays have.
    n = min(len(en["frames"]), len(fa["frames"]))
    en_lines = " ".join(line for f in en["frames"][:n] for line in f["log"])
    fa_lines = " ".join(line for f in fa["frames"][:n] for line in f["log"])
    assert en_lines and fa_lines and en_lines != fa_lines
    assert "You" in en_lines
    assert [f["view"] for f in en["frames"][:n]] == [f["view"] for f in fa["frames"][:n]]
