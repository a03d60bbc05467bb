"""The game renderers' view models in headless Chromium: each renderer's pure `view(msg, ctx)`
(rumizi/web/static/games/*.js) turns the server's state message into what each zone shows
and which legal moves each target on the board offers, without drawing anything. Fed real
engine positions, every legal move has a target and the zones hold the engine's cards."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from rumizi.core.contract import GameState
from rumizi.games.fantasy_realms import GAME as FANTASY_REALMS
from rumizi.games.splendor_duel import GAME as SPLENDOR_DUEL
from rumizi.games.star_realms import GAME as STAR_REALMS
from rumizi.games.war_of_the_ring import GAME as WAR_OF_THE_RING
from tests.web.conftest import Server

# Imports a renderer module as the page does and returns its view model as plain JSON: Maps
# become [key, value] lists and a function (a seat's name) its answers for seats 0-3.
VIEW = """async ({game, msg}) => {
  const mod = await import(`/static/games/${game}.js`);
  const ctx = {
    lang: "en",
    t: (key, vars = {}) => (vars.n !== undefined ? `${key} ${vars.n}` : key),
    num: String,
    names: new Map([[1, "Bob"]]),
    cards: new Map(),
    act: () => false,
  };
  const model = mod.view(msg, ctx);
  return JSON.parse(JSON.stringify(model, (key, value) => {
    if (value instanceof Map) return [...value.entries()];
    if (value instanceof Set) return [...value];
    if (typeof value === "function") return [0, 1, 2, 3].map((q) => value(q));
    return value;
  }));
}"""


def message(state: GameState, seat: int | None) -> dict[str, Any]:
    """The server's state message for `seat` (its legal moves only when it acts), minus the
    parts the renderers do not read; a move's label is its action written out."""
    legal = [] if seat is None or seat != state.to_act else list(state.legal_actions())
    return {
        "table": "t1",
        "version": 3,
        "seat": seat,
        "view": state.view(seat),
        "legal": [{"action": dict(a), "label": repr(dict(a))} for a in legal],
        "seats": [],
    }


def view_model(page: Page, server: Server, game: str, msg: dict[str, Any]) -> dict[str, Any]:
    page.goto(f"{server.url}/")
    page.wait_for_selector("main")
    model: dict[str, Any] = page.evaluate(VIEW, {"game": game, "msg": msg})
    return model


def targeted(model: dict[str, Any]) -> set[int]:
    """The legal moves' indexes that some target of the model offers."""
    return {move["index"] for _, moves in model["actions"] for move in moves}


def filed(moves: Any) -> set[int]:
    """The legal moves' indexes filed anywhere in `moves` (a model's moves by target)."""
    if isinstance(moves, dict):
        if "index" in moves and "action" in moves:
            return {moves["index"]}
        return set().union(*(filed(value) for value in moves.values()))
    if isinstance(moves, list):
        return set().union(*(filed(value) for value in moves))
    return set()


def test_star_realms_view_gives_every_legal_move_of_the_seat_to_act_a_target(
    page: Page, server: Server
) -> None:
    state = STAR_REALMS.new(seed=1)
    seat = state.to_act
    assert seat is not None
    msg = message(state, seat)
    model = view_model(page, server, "star-realms", msg)
    assert model["me"] == seat
    assert model["others"] == [1 - seat]
    assert targeted(model) == set(range(len(msg["legal"])))
    keys = dict(model["actions"])
    hand = state.view(seat)["players"][seat]["hand"]
    assert {f"hand:{card}" for card in hand} <= set(keys)
    assert [m["action"] for m in keys["end"]] == [{"do": "end"}]
    assert model["tradeRow"] == state.view(seat)["trade_row"]
    assert model["nameOf"][seat] == "you"
    assert model["pending"] is None


def test_star_realms_view_of_a_spectator_has_no_targets_and_every_player_opposite(
    page: Page, server: Server
) -> None:
    state = STAR_REALMS.new(seed=1)
    model = view_model(page, server, "star-realms", message(state, None))
    assert model["me"] is None
    assert model["others"] == [0, 1]
    assert model["actions"] == []
    assert model["nameOf"][:2] == ["player 1", "Bob"]


def test_war_of_the_ring_view_files_every_legal_move_under_its_target(
    page: Page, server: Server
) -> None:
    state = WAR_OF_THE_RING.new(seed=1)
    seat = state.to_act
    assert seat is not None
    msg = message(state, seat)
    model = view_model(page, server, "war-of-the-ring", msg)
    assert (model["me"], model["bottom"], model["top"]) == (seat, seat, 1 - seat)
    assert model["myMove"] is True
    m = model["m"]
    assert filed(m) == set(range(len(msg["legal"])))
    # A card of the hand is placed in a zone: "card|zone" → its place move.
    for key, item in m["place"]:
        card, zone = key.split("|")
        assert item["action"] == {"do": "place", "card": card, "zone": zone}
        assert card in model["hand"]
    assert [zone["zone"] for zone in model["zones"]] == ["left", "centre", "right"]


def test_war_of_the_ring_view_of_a_spectator_draws_seat_0_below_and_offers_nothing(
    page: Page, server: Server
) -> None:
    state = WAR_OF_THE_RING.new(seed=1)
    model = view_model(page, server, "war-of-the-ring", message(state, None))
    assert (model["me"], model["bottom"], model["top"]) == (None, 0, 1)
    assert model["myMove"] is False
    assert model["hand"] is None


def test_splendor_duel_view_files_every_legal_move_where_it_shows_on_the_board(
    page: Page, server: Server
) -> None:
    state = SPLENDOR_DUEL.new(seed=1)
    seat = state.to_act
    assert seat is not None
    msg = message(state, seat)
    model = view_model(page, server, "splendor-duel", msg)
    shown = state.view(seat)
    assert (model["me"], model["bottom"], model["top"]) == (seat, seat, 1 - seat)
    assert model["myMove"] is True and model["free"] is True
    assert filed(model["m"]) == set(range(len(msg["legal"])))
    # A take names its spaces as "row,column" cells of the board's rows.
    for take in model["m"]["takes"]:
        spaces = take["action"]["spaces"]
        assert take["cells"] == [f"{r},{c}" for r, c in spaces]
    assert model["board"] == shown["board"]
    assert model["pyramid"] == shown["pyramid"]
    assert model["bag"] == shown["bag_size"]


def test_splendor_duel_view_of_the_seat_waiting_builds_nothing(page: Page, server: Server) -> None:
    state = SPLENDOR_DUEL.new(seed=1)
    assert state.to_act is not None
    model = view_model(page, server, "splendor-duel", message(state, 1 - state.to_act))
    assert model["myMove"] is False and model["free"] is False
    assert model["legal"] == []
    assert model["nameOf"][state.to_act] == ("Bob" if state.to_act == 1 else "player 1")


def test_fantasy_realms_view_files_every_legal_move_in_its_place(
    page: Page, server: Server
) -> None:
    state = FANTASY_REALMS.new(seed=1)
    seat = state.to_act
    assert seat is not None
    # Fantasy Realms reads who acts from the message (several seats trade at once in chaos).
    msg = {**message(state, seat), "to_act": [seat]}
    model = view_model(page, server, "fantasy-realms", msg)
    shown = state.view(seat)
    assert model["me"] == seat and model["toAct"] == seat
    assert model["myMove"] is True and model["over"] is False and model["trading"] is False
    assert model["m"]["other"] == 0
    assert filed(model["m"]) == set(range(len(msg["legal"])))
    assert model["m"]["deck"]["action"] == {"do": "draw"}
    assert model["deck"] == shown["deck"]
    assert model["hands"][seat] == shown["hands"][seat]
    assert model["handSize"] == 7  # 8 with the suits of the Cursed Hoard


def test_fantasy_realms_view_waits_for_the_seat_to_act(page: Page, server: Server) -> None:
    state = FANTASY_REALMS.new(seed=1)
    seat = state.to_act
    assert seat is not None
    other = (seat + 1) % 2
    msg = {**message(state, other), "to_act": [seat]}
    model = view_model(page, server, "fantasy-realms", msg)
    assert model["me"] == other and model["myMove"] is False
    assert model["legal"] == []


# Draws one state into a fresh element as the pages do (../renderers.js adds the language
# tools) and returns how many elements each test id has in it.
DRAW_COUNTS = """async ({game, msg, ids}) => {
  const { loadRenderer } = await import("/static/renderers.js");
  const renderer = await loadRenderer(game);
  const root = document.createElement("div");
  document.body.append(root);
  renderer.render(root, msg, { act: () => false, cards: new Map(), busy: true });
  const count = (id) => root.querySelectorAll(`[data-testid="${id}"]`).length;
  const counts = Object.fromEntries(ids.map((id) => [id, count(id)]));
  root.remove();
  return counts;
}"""


def test_splendor_duel_draws_each_players_royals_reserves_and_cards_in_their_panel(
    page: Page, server: Server
) -> None:
    state = SPLENDOR_DUEL.new(seed=1)
    shown = state.view(0)
    level_one = shown["pyramid"][0]
    # Not a position of play: what each part of a player's panel draws is what counts.
    mine, theirs = shown["players"]
    mine.update(royals=[shown["royals"][0]], cards=level_one[:2])
    mine["reserved"] = [{"card": level_one[2], "level": 1, "blind": False}]
    theirs.update(royals=[], cards=[level_one[3]])
    theirs["reserved"] = [{"card": None, "level": 2}, {"card": level_one[4], "level": 1}]
    msg = {"version": 1, "seat": 0, "view": shown, "legal": [], "seats": []}
    page.goto(f"{server.url}/")
    page.wait_for_selector("main")
    ids = ["sd-owned-royal", "sd-reserved-card", "sd-hidden-reserve", "my-cards", "opponent-cards"]
    counts = page.evaluate(DRAW_COUNTS, {"game": "splendor-duel", "msg": msg, "ids": ids})
    assert counts == {
        "sd-owned-royal": 1,
        "sd-reserved-card": 2,
        "sd-hidden-reserve": 1,
        "my-cards": 1,
        "opponent-cards": 1,
    }
