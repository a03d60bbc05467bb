"""The protocol's edges as documented: methods a path does not take, bodies that cannot be
read, sockets refused with the close codes the page understands, options of the wrong type."""

from __future__ import annotations

from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.server.kit import Server
from tests.server.test_edges import _table, real_server  # noqa: F401 (a fixture)


def refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code


def test_a_method_a_path_does_not_take_is_405_with_every_method_it_does(server: Server) -> None:
    browser = server.guest()
    for method in ("GET", "PUT", "DELETE"):
        answer = browser.client.request(method, "/api/tables")  # POST only
        refused(answer, 405, "method-not-allowed")
        assert answer.headers["allow"] == "POST"
    # A path with two routes names both, not only the first one's.
    answer = browser.client.request("DELETE", "/api/tables/abc/analysis")
    refused(answer, 405, "method-not-allowed")
    assert answer.headers["allow"] == "GET, HEAD, POST"
    refused(browser.client.request("PUT", "/api/no-such-thing"), 404, "not-found")


def test_options_lists_every_method_of_the_path(server: Server) -> None:
    browser = server.browser()
    for path, allowed in (
        ("/api/tables", "POST, OPTIONS"),
        ("/api/tables/abc/analysis", "GET, HEAD, POST, OPTIONS"),
        ("/api/lobby", "GET, HEAD, OPTIONS"),
        ("/games/star-realms", "GET, HEAD, OPTIONS"),
    ):
        answer = browser.client.request("OPTIONS", path)
        assert answer.status_code == 204, (path, answer.text)
        assert answer.headers["allow"] == allowed, path


def test_a_body_nested_past_the_parser_is_malformed_not_an_undeclared_error(
    server: Server,
) -> None:
    browser = server.guest()
    deep = '{"game": "star-realms", "seats": ' + "[" * 5000 + "]" * 5000 + "}"
    answer = browser.client.post(
        "/api/tables", content=deep, headers={"Content-Type": "application/json"}
    )
    refused(answer, 422, "malformed")


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("fantasy-realms", 3, {"suits": 0}),
        ("fantasy-realms", 3, {"items": 1}),
        ("fantasy-realms", 3, {"jester": "yes"}),
        ("splendor-duel", 2, {"first": 2}),
        ("war-of-the-ring", 2, {"shadow": "2"}),
    ],
)
def test_an_option_of_the_wrong_kind_is_refused(
    server: Server, game: str, players: int, options: dict[str, Any]
) -> None:
    browser = server.guest()
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * (players - 1)
    answer = browser.post("/api/tables", {"game": game, "options": options, "seats": seats})
    refused(answer, 400, "invalid-options")


@pytest.mark.parametrize("value", [True, False, 1.0, None, [1]])
def test_an_option_value_is_a_word_or_a_whole_number_never_taken_loosely(
    server: Server, value: Any
) -> None:
    browser = server.guest()
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    body = {"game": "splendor-duel", "options": {"first": value}, "seats": seats}
    refused(browser.post("/api/tables", body), 422, "malformed")


def close_code(url: str, **headers: str) -> int:
    """The code a socket to ``url`` is closed with (after the handshake, as documented)."""
    with (
        pytest.raises(ConnectionClosed) as closed,
        connect(url, additional_headers=headers) as ws,
    ):
        ws.recv(timeout=10)
    assert closed.value.rcvd is not None
    return closed.value.rcvd.code


def test_refused_sockets_are_closed_with_the_documented_codes_not_an_http_403(
    real_server: tuple[Any, int],  # noqa: F811
) -> None:
    _, port = real_server
    _, table_id = _table(port)
    base = f"ws://127.0.0.1:{port}"
    assert close_code(f"{base}/ws/tables/no-such-table") == 4404
    foreign = {"Origin": "http://evil.example"}
    assert close_code(f"{base}/ws/tables/{table_id}", **foreign) == 4403
    assert close_code(f"{base}/ws/lobby", **foreign) == 4403
