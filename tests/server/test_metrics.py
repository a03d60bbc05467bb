"""``/metrics``: off unless asked for; then for loopback addresses or the bearer token; and what
it counts after people and a bot have played (rumizi.server.metrics).

A request's address is the test client's ``client`` (``127.0.0.1`` as from the machine itself,
``203.0.113.9`` as from anywhere else)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import TestClient

from rumizi.server.metrics import LiveFigures, Metrics, route_of
from tests.server.kit import Server, ServerFactory, duel, play_random

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "s3cret-scraper-token"
OUTSIDE = ("203.0.113.9", 40000)
LOOPBACK = ("127.0.0.1", 40000)


def scrape(server: Server, client: tuple[str, int] = LOOPBACK, **headers: str) -> Any:
    reader = TestClient(server.app, client=client)  # not entered: the server's lifespan runs
    reader.portal = server.portal
    return reader.get("/metrics", headers=headers)


#: (a sample's name, its labels but the instance's) -> its value
Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def samples(server: Server) -> Samples:
    """Every sample of the exposition, read back with Prometheus' own parser."""
    found = scrape(server)
    assert found.status_code == 200, found.text
    assert found.headers["content-type"].startswith("text/plain")
    out = {}
    for family in text_string_to_metric_families(found.text):
        for sample in family.samples:
            labels = dict(sample.labels)
            assert labels.pop("rumizi_instance", None) == "test-instance", sample
            out[(sample.name, frozenset(labels.items()))] = sample.value
    return out


def value(found: Samples, name: str, **labels: str) -> float:
    return found.get((name, frozenset(labels.items())), 0.0)


def test_without_the_flag_there_are_no_metrics(server: Server) -> None:
    found = scrape(server)
    assert found.status_code == 404
    assert "rumizi_" not in found.text
    assert not server.app.state.metrics.enabled


def test_metrics_are_for_loopback_or_the_bearer_token(make_server: ServerFactory) -> None:
    alone = make_server(metrics=True, instance="test-instance")
    assert scrape(alone).status_code == 200
    assert scrape(alone, ("::1", 40000)).status_code == 200
    refused = scrape(alone, OUTSIDE)
    assert refused.status_code == 403 and "rumizi_" not in refused.text
    # No token configured: none is accepted, however it is spelled.
    assert scrape(alone, OUTSIDE, authorization="Bearer ").status_code == 403

    guarded = make_server(metrics=True, metrics_token=TOKEN, instance="test-instance")
    assert scrape(guarded, OUTSIDE, authorization=f"Bearer {TOKEN}").status_code == 200
    assert scrape(guarded, OUTSIDE, authorization=f"bearer {TOKEN}").status_code == 200
    for wrong in (f"Bearer {TOKEN}x", f"Basic {TOKEN}", TOKEN, "Bearer"):
        answer = scrape(guarded, OUTSIDE, authorization=wrong)
        assert answer.status_code == 401, wrong
        assert answer.headers["www-authenticate"] == "Bearer"
        assert "rumizi_" not in answer.text
    assert scrape(guarded, OUTSIDE).status_code == 401
    assert scrape(guarded).status_code == 200  # the machine's own scraper needs no token
    # Not part of the JSON API's schema.
    assert "/metrics" not in guarded.main.get("/api/openapi.json").json()["paths"]


def test_what_a_played_game_leaves_in_the_metrics(make_server: ServerFactory) -> None:
    server = make_server(metrics=True, instance="test-instance")
    first, second, table_id = duel(server)
    assert first.get(f"/api/tables/{table_id}").status_code == 200
    assert first.get("/api/tables/no-such-table").status_code == 404
    with first.socket(table_id) as zero, second.socket(table_id) as one:
        state = zero.next_state()
        one.next_state()
        during = samples(server)
        assert value(during, "rumizi_open_tables", game="star-realms") == 1
        assert value(during, "rumizi_open_sockets", game="star-realms") == 2
        state = play_random({0: zero, 1: one}, random.Random(5), 12, state)
        (seat,) = state["to_act"]
        mover = (zero, one)[seat]
        legal = mover.wait_version(state["version"])["legal"]
        assert mover.act({"do": "no-such-move"})["code"] == "illegal"
        other = (one, zero)[seat]
        answer = other.act(legal[0]["action"], version=state["version"])
        assert answer["code"] == "not-your-turn"
        mover.send("{not json")
        assert mover.recv()["code"] == "malformed"
        mover.send({"type": "chat", "client_id": "c-1", "text": "gg"})
        while mover.recv()["type"] != "chat":  # the sender's own copy: it was taken
            pass
    found = samples(server)

    assert value(found, "rumizi_socket_messages_total", kind="act", outcome="ok") == 12
    assert value(found, "rumizi_socket_messages_total", kind="act", outcome="illegal") == 1
    assert value(found, "rumizi_socket_messages_total", kind="act", outcome="not-your-turn") == 1
    assert value(found, "rumizi_socket_messages_total", kind="unreadable", outcome="malformed") == 1
    assert value(found, "rumizi_socket_messages_total", kind="chat", outcome="ok") == 1
    assert value(found, "rumizi_move_ack_seconds_count", game="star-realms") == 12
    assert 0 < value(found, "rumizi_move_ack_seconds_sum", game="star-realms") < 12 * 5
    # Requests by their route's template, never the raw path.
    route = "/api/tables/{table_id}"
    assert value(found, "rumizi_http_requests_total", route=route, method="GET", status="200") >= 1
    assert value(found, "rumizi_http_requests_total", route=route, method="GET", status="404") == 1
    assert not any(table_id in labels_text(key) for key in found)
    assert value(found, "rumizi_open_sockets", game="star-realms") == 0
    assert value(found, "rumizi_bot_queue") == 0
    assert value(found, "rumizi_analyses_running") == 0
    assert value(found, "rumizi_redis_errors_total", operation="publish") == 0


def labels_text(key: tuple[str, frozenset[tuple[str, str]]]) -> str:
    return " ".join(f"{k}={v}" for k, v in key[1])


def test_a_bots_decisions_are_timed(make_server: ServerFactory) -> None:
    server = make_server(metrics=True, instance="test-instance")
    person = server.guest()
    made = person.create_table()  # against the easy bot
    with person.socket(made["id"]) as mine:
        state = mine.next_state()
        state = play_random({0: mine}, random.Random(2), 40, state)
    found = samples(server)
    decided = value(found, "rumizi_bot_decision_seconds_count", game="star-realms", level="easy")
    assert decided >= 1


def test_a_route_label_is_a_template_or_a_mount() -> None:
    class Route:
        path = "/api/tables/{table_id}"

    assert route_of({"type": "http", "route": Route()}) == "/api/tables/{table_id}"
    assert route_of({"type": "http", "root_path": "/static"}) == "/static"
    assert route_of({"type": "http", "root_path": ""}) == "unmatched"


def test_an_error_counter_starts_at_zero_and_counts_by_exception() -> None:
    metrics = Metrics("m")
    text = metrics.exposition().decode()
    assert 'rumizi_redis_errors_total{operation="listen",rumizi_instance="m"} 0.0' in text
    metrics.database_error(TimeoutError())
    metrics.database_error(TimeoutError())
    text = metrics.exposition().decode()
    assert 'rumizi_database_errors_total{error="TimeoutError",rumizi_instance="m"} 2.0' in text


def test_the_grafana_dashboard_reads_only_metrics_the_server_has(server: Server) -> None:
    """docs/grafana-dashboard.json: every panel's query names a series /metrics exposes."""
    dashboard = json.loads((ROOT / "docs" / "grafana-dashboard.json").read_text())
    metrics = Metrics("m")
    metrics.watch(LiveFigures)
    families = {
        f.name: f.type for f in text_string_to_metric_families(metrics.exposition().decode())
    }
    suffixes = {"counter": ("_total",), "histogram": ("_bucket", "_count", "_sum")}
    exposed = {name + end for name, kind in families.items() for end in suffixes.get(kind, ("",))}
    queries = [t["expr"] for p in dashboard["panels"] for t in p["targets"]]
    queries += [v["query"] for v in dashboard["templating"]["list"] if v["type"] == "query"]
    named = {name for q in queries for name in re.findall(r"\brumizi_[a-z_]+", q)}
    named.discard("rumizi_instance")  # the label
    assert named and named <= exposed, named - exposed
    # And every figure the server counts is on a panel (the clients' "created" stamps aside).
    shown = {re.sub(r"_(total|bucket|count|sum)$", "", name) for name in named}
    counted = {name for name in families if not name.endswith("_created")}
    assert counted <= shown, counted - shown
