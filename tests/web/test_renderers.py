"""The page's modules in headless Chromium, without a game behind them: the game renderers,
fed views straight from the engines, write numbers with the page's own `num` (a Persian
negative keeps its minus on the left) and draw the seats' teams and roles the view gives; the
table's line to the server (transport.js), on a stand-in socket, sends one action at a time,
frees the controls on the state its ack promised, drops late states, joins the log's pieces
and reconnects."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from rumizi.games.splendor_duel import GAME as SPLENDOR
from rumizi.games.star_realms import GAME as STAR_REALMS
from rumizi.games.war_of_the_ring import GAME as WAR_OF_THE_RING
from tests.web.conftest import Server, new_context

# Loads a renderer as the pages do (../renderers.js adds the language tools) and draws one
# state into a fresh element; returns the element's id.
DRAW = """async ({game, msg}) => {
  const { loadRenderer } = await import("/static/renderers.js");
  const renderer = await loadRenderer(game);
  const root = document.createElement("div");
  root.id = `probe-${game}`;
  document.body.append(root);
  renderer.render(root, msg, { act: () => false, cards: new Map(), busy: true });
  return root.id;
}"""

LRI, PDI, MINUS = "\u2066", "\u2069", "\u2212"


def draw(
    page: Page, server: Server, game: str, view: dict[str, Any], seats: list[Any] | None = None
) -> str:
    page.goto(f"{server.url}/")
    page.wait_for_selector("main")
    msg = {
        "version": 1,
        "seat": view.get("viewer"),
        "view": view,
        "legal": [],
        "seats": seats or [],
    }
    root: str = page.evaluate(DRAW, {"game": game, "msg": msg})
    return f"#{root}"


@pytest.mark.parametrize(
    ("lang", "shown"), [("fa", f"{LRI}{MINUS}۳{PDI}"), ("en", "-3")], ids=["fa", "en"]
)
def test_splendor_writes_a_negative_number_with_the_pages_digits_and_sign(
    browser: Browser, server: Server, lang: str, shown: str
) -> None:
    view = SPLENDOR.new(seed=1).view(0)
    view["players"][1]["points"] = -3  # no real position has one; the writing is what counts
    context = new_context(browser, lang=lang)
    context.add_cookies([{"name": "rumizi_lang", "value": lang, "url": server.url}])
    try:
        page = context.new_page()
        root = draw(page, server, "splendor-duel", view)
        points = page.locator(f"{root} [data-testid=opponent-points] b").inner_text()
        assert points == shown
        # The same number beside it, positive, in the page's digits.
        tokens = page.locator(f"{root} [data-testid=opponent-token-count] b").inner_text()
        assert tokens == ("۰" if lang == "fa" else "0")
    finally:
        context.close()


def test_star_realms_writes_a_negative_number_with_the_pages_sign(
    page: Page, server: Server
) -> None:
    view = STAR_REALMS.new(seed=1).view(0)
    view["players"][1]["authority"] = -4
    root = draw(page, server, "star-realms", view)
    shown = page.locator(f"{root} [data-testid=opponent-authority] b").inner_text()
    assert shown == f"{LRI}{MINUS}۴{PDI}"


def tags(page: Page, root: str) -> dict[int, list[str]]:
    """Seat → the tags under its name (role, team, eliminated)."""
    found: list[list[Any]] = page.eval_on_selector_all(
        f"{root} [data-player]",
        """els => els.filter(e => e.querySelector('.sr-player-head')).map(e => [
             Number(e.dataset.player),
             [...e.querySelectorAll('.sr-player-head .sr-tag')].map(t => t.className),
           ])""",
    )
    return {seat: sorted(classes) for seat, classes in found}


TEAM_A, TEAM_B = "sr-tag sr-team-0", "sr-tag sr-team-1"


@pytest.mark.parametrize(
    ("fmt", "players", "expected"),
    [
        # Hydra's members have no role to show, only their team.
        ("hydra", 4, [[TEAM_A], [TEAM_B], [TEAM_A], [TEAM_B]]),
        # In raid the roles say the side.
        (
            "raid",
            3,
            [["sr-tag sr-role-boss"], ["sr-tag sr-role-raider"], ["sr-tag sr-role-raider"]],
        ),
        ("hunter", 3, [[], [], []]),
    ],
)
def test_star_realms_tags_each_seat_with_the_team_and_role_of_the_view(
    page: Page, server: Server, fmt: str, players: int, expected: list[list[str]]
) -> None:
    view = STAR_REALMS.new(seed=2, players=players, format=fmt).view(None)
    shown = tags(page, draw(page, server, "star-realms", view))
    assert shown == dict(enumerate(expected))


def test_star_realms_emperor_seats_carry_a_role_and_a_team(page: Page, server: Server) -> None:
    view = STAR_REALMS.new(seed=2, players=6, format="emperor").view(None)
    shown = tags(page, draw(page, server, "star-realms", view))
    assert shown[1] == ["sr-tag sr-role-emperor", "sr-tag sr-team-0"]
    assert shown[3] == ["sr-tag sr-role-admiral", "sr-tag sr-team-1"]


def test_star_realms_draws_what_the_view_says_not_what_the_format_suggests(
    page: Page, server: Server
) -> None:
    # A duel whose view calls seat 1 a raider: the page believes the view.
    view = STAR_REALMS.new(seed=2).view(None)
    view["players"][1]["role"] = "raider"
    shown = tags(page, draw(page, server, "star-realms", view))
    assert shown == {0: [], 1: ["sr-tag sr-role-raider"]}


def test_the_tables_line_joins_the_log_from_its_pieces(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/")
    joined = page.evaluate(
        """async () => {
      const { joinLog } = await import("/static/transport.js");
      let log = joinLog([], { log: ["a", "b"] });          // a whole log
      log = joinLog(log, { log: ["c"], log_start: 2 });    // the next line
      const again = joinLog(log, { log: ["b2", "c2"], log_start: 1 });  // lines rewritten
      const fresh = joinLog(again, { log: ["x"], log_start: 0 });       // a new connection
      return [log, again, fresh];
    }"""
    )
    assert joined == [["a", "b", "c"], ["a", "b2", "c2"], ["x"]]


@pytest.mark.parametrize("game", ["star-realms", "splendor-duel", "war-of-the-ring"])
def test_renderers_name_seats_as_the_page_does(page: Page, server: Server, game: str) -> None:
    engine = {"star-realms": STAR_REALMS, "splendor-duel": SPLENDOR}.get(game, WAR_OF_THE_RING)
    view = engine.new(seed=1).view(None)
    seats = [{"seat": 0, "name": "ربات آسان"}, {"seat": 1, "name": "ربات آسان"}]
    root = draw(page, server, game, view, seats)
    shown = page.eval_on_selector_all(
        f"{root} section[data-player]", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    # Two seats of one name are told apart by their seat numbers, in Persian digits.
    assert sorted(shown) == ["ربات آسان ۱", "ربات آسان ۲"]


# A socket the test drives by hand: open(), receive(msg), drop(); what the page sent is kept.
FAKE_SOCKET = """
  window.sockets = [];
  window.WebSocket = class extends EventTarget {
    static CONNECTING = 0;
    static OPEN = 1;
    static CLOSED = 3;
    constructor(url) {
      super();
      Object.assign(this, { url, readyState: 0, sent: [] });
      sockets.push(this);
    }
    send(text) { this.sent.push(JSON.parse(text)); }
    close() { this.readyState = 3; }
    open() { this.readyState = 1; this.dispatchEvent(new Event("open")); }
    receive(msg) { this.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(msg) })); }
    drop() { this.readyState = 3; this.dispatchEvent(new Event("close")); }
  };
"""

LINE = """async () => {
  const { connectTable } = await import("/static/transport.js");
  const seen = [];
  const line = connectTable("t-1", {
    state: (m) => seen.push([m.version, m.log]),
    error: (m) => seen.push(["error", m.code]),
    change: () => {},
  });
  const ws = sockets[0];
  const out = { url: ws.url };
  out.beforeOpen = line.act({ do: "x" });
  ws.open();
  out.beforeState = line.act({ do: "x" });
  ws.receive({ type: "state", version: 3, status: "playing", log: ["a"] });
  out.ready = line.ready;
  out.acted = line.act({ do: "play" });
  out.sent = ws.sent[0];
  out.busyAfterAct = line.busy;
  out.second = line.act({ do: "play" });
  ws.receive({ type: "ack", client_id: "someone-else", version: 4 });
  ws.receive({ type: "ack", client_id: ws.sent[0].client_id, version: 4 });
  out.busyAfterAck = line.busy;
  ws.receive({ type: "state", version: 4, status: "playing", log: ["b"], log_start: 1 });
  out.busyAfterState = line.busy;
  ws.receive({ type: "state", version: 2, status: "playing", log: ["late"] });
  line.act({ do: "y" });
  ws.receive({ type: "error", code: "stale", client_id: "someone-else" });
  out.busyAfterOthersError = line.busy;
  ws.receive({ type: "error", code: "illegal", client_id: ws.sent[1].client_id });
  out.busyAfterError = line.busy;
  ws.drop();
  out.connection = line.connection;
  out.readyAfterDrop = line.ready;
  await new Promise((resolve) => setTimeout(resolve, 900));
  out.sockets = sockets.length;
  sockets[1].open();
  out.readyBeforeResync = line.ready;
  ws.receive({ type: "state", version: 9, status: "playing", log: ["from the old socket"] });
  sockets[1].receive({ type: "state", version: 5, status: "playing", log: ["a", "b", "c"] });
  out.readyAfterResync = line.ready;
  out.connectionAfter = line.connection;
  line.close();
  out.seen = seen;
  return out;
}"""


def test_the_tables_line_sends_one_action_at_a_time_and_resyncs_after_a_drop(
    page: Page, server: Server
) -> None:
    page.goto(f"{server.url}/games/splendor-duel")  # (the home page opens the lobby's socket)
    page.evaluate(f"() => {{ {FAKE_SOCKET} }}")
    out = page.evaluate(LINE)
    assert out["url"].endswith("/ws/tables/t-1")
    # Nothing goes before the socket is open and has given this connection's first state.
    assert out["beforeOpen"] is False and out["beforeState"] is False
    assert out["ready"] is True and out["acted"] is True
    assert out["sent"]["type"] == "act" and out["sent"]["version"] == 3
    assert out["sent"]["action"] == {"do": "play"}
    assert out["busyAfterAct"] is True and out["second"] is False
    # The ack promises version 4: busy until that state comes; others' acks and errors
    # change nothing, one's own error frees the controls.
    assert out["busyAfterAck"] is True and out["busyAfterState"] is False
    assert out["busyAfterOthersError"] is True and out["busyAfterError"] is False
    assert out["connection"] == "reconnecting" and out["readyAfterDrop"] is False
    assert out["sockets"] == 2
    assert out["readyBeforeResync"] is False and out["readyAfterResync"] is True
    assert out["connectionAfter"] == "open"
    # The late version 2 and the replaced socket's message never reach the page; the log
    # is whole each time.
    assert out["seen"] == [
        [3, ["a"]],
        [4, ["a", "b"]],
        ["error", "stale"],
        ["error", "illegal"],
        [5, ["a", "b", "c"]],
    ]
