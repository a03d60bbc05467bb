"""Bad input: illegal or malformed actions and broken documents.

An illegal action raises ``rumizi.IllegalAction`` naming the problem and changes nothing
(spec §4); a broken document raises a ``ValueError`` naming what is wrong.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

import rumizi
from rumizi.core.errors import MalformedAction
from rumizi.games.star_realms import GAME, StarRealmsState

Doc = dict[str, Any]


def mid_turn(**player: Any) -> dict[str, Any]:
    return {"trade": 0, "combat": 0, "in_play": [], "played": [], **player}


# Named positions: (document fields, actions played after loading).
POSITIONS: dict[str, tuple[dict[str, Any], list[Doc]]] = {
    # Trade 3, combat 3, an opponent behind an outpost.
    "turn": (
        {
            "me": mid_turn(
                hand=["viper", "lookout"], trade=3, combat=3, in_play=["gnat"], played=["gnat"]
            ),
            "opp": {"bases": ["trading-post", "barter-world"]},
        },
        [],
    ),
    # An unprotected opponent, nothing in the pools.
    "open": ({"me": mid_turn(hand=["viper"]), "opp": {"bases": ["barter-world"]}}, []),
    "trade 1": ({"me": mid_turn(trade=1, combat=9)}, []),
    # Trade Bot's optional scrap-card choice is open.
    "scrap-card": (
        {"me": mid_turn(hand=["trade-bot", "viper"], discard=["lookout"], combat=5)},
        [{"do": "play", "card": "trade-bot"}],
    ),
    # Stinger's optional clear-row choice is open.
    "clear-row": (
        {"me": mid_turn(hand=["stinger", "viper"])},
        [{"do": "play", "card": "stinger"}],
    ),
    # A forced discard opens the turn.
    "forced": (
        {"me": {"hand": ["viper", "lookout"], "discard": ["gnat"], "pending_discards": 1}},
        [],
    ),
    "over": ({"me": mid_turn(hand=["viper"], combat=5), "opp": {"authority": 5}}, [
        {"do": "attack", "player": 1}
    ]),
}  # fmt: skip

BAD_ACTIONS: list[tuple[str, Any, str]] = [
    # Malformed.
    ("turn", "end", "malformed action"),
    ("turn", None, "malformed action"),
    ("turn", ["end"], "malformed action"),
    ("turn", {}, "malformed action"),
    ("turn", {"card": "viper"}, "malformed action"),
    ("turn", {"do": "dance"}, "unknown action 'dance'"),
    ("turn", {"do": ["play"]}, "unknown action"),
    ("turn", {"do": 3}, "unknown action 3"),
    ("turn", {"do": "play"}, "missing fields"),
    ("turn", {"do": "play", "card": "viper", "extra": 1}, "unexpected or missing fields"),
    ("turn", {"do": "end", "card": "viper"}, "unexpected or missing fields"),
    ("turn", {"do": "buy", "card": "gnat", "from": "hand"}, "unexpected or missing fields"),
    ("turn", {"do": "attack"}, "missing fields"),
    ("turn", {"do": "choose", "card": "viper"}, "missing fields"),
    # Cards that do not exist or are not where the action needs them.
    ("turn", {"do": "play", "card": 5}, "unknown card 5"),
    ("turn", {"do": "play", "card": ["viper"]}, "unknown card ['viper']"),
    ("turn", {"do": "play", "card": None}, "unknown card None"),
    ("turn", {"do": "play", "card": "dragon"}, "unknown card 'dragon'"),
    ("turn", {"do": "play", "card": "Viper"}, "unknown card 'Viper'"),
    ("turn", {"do": "play", "card": "gnat"}, "cannot play 'gnat': it is not in your hand"),
    # Buying.
    (
        "turn",
        {"do": "buy", "card": "flagship"},
        "cannot buy 'flagship': it costs 6, your trade is 3",
    ),
    ("turn", {"do": "buy", "card": "gnat"}, "cannot buy 'gnat': it is not in the trade row"),
    ("turn", {"do": "buy", "card": "lookout"}, "cannot buy 'lookout': it is not in the trade row"),
    ("trade 1", {"do": "buy", "card": "explorer"}, "cannot buy 'explorer': it costs 2"),
    ("trade 1", {"do": "buy", "card": "lance"}, "cannot buy 'lance': it costs 2, your trade is 1"),
    # Scrapping.
    ("turn", {"do": "scrap", "card": "explorer"}, "cannot scrap 'explorer': you have none in play"),
    ("turn", {"do": "scrap", "card": "gnat"}, "cannot scrap 'gnat': it has no scrap ability"),
    ("turn", {"do": "scrap", "card": "trading-post"}, "you have none in play"),
    # Attacking.
    ("turn", {"do": "attack", "player": 1}, "player 1 is protected by an outpost"),
    ("turn", {"do": "attack", "player": 1, "base": "barter-world"}, "protected by an outpost"),
    (
        "turn",
        {"do": "attack", "player": 1, "base": "trading-post"},
        "has defense 4, your combat is 3",
    ),
    ("turn", {"do": "attack", "player": 1, "base": "central-port"}, "has no base 'central-port'"),
    ("turn", {"do": "attack", "player": 1, "base": "gnat"}, "has no base 'gnat'"),
    ("turn", {"do": "attack", "player": 1, "base": "dragon"}, "unknown card 'dragon'"),
    ("turn", {"do": "attack", "player": 0}, "player 0 is not an opponent"),
    ("turn", {"do": "attack", "player": 7}, "no player 7"),
    ("turn", {"do": "attack", "player": "1"}, "'player' is a seat number, not '1'"),
    ("turn", {"do": "attack", "player": True}, "'player' is a seat number, not True"),
    ("open", {"do": "attack", "player": 1}, "you have no combat"),
    (
        "open",
        {"do": "attack", "player": 1, "base": "barter-world"},
        "has defense 4, your combat is 0",
    ),
    ("trade 1", {"do": "attack", "player": 1, "amount": 3}, "give no 'amount'"),
    ("trade 1", {"do": "attack", "player": 1, "amount": 9}, "give no 'amount'"),
    # Choices.
    ("turn", {"do": "choose", "card": "viper", "from": "hand"}, "there is no open choice"),
    ("turn", {"do": "skip"}, "there is no open choice to skip"),
    ("scrap-card", {"do": "end"}, "a choice is open (scrap-card)"),
    ("scrap-card", {"do": "play", "card": "viper"}, "a choice is open"),
    ("scrap-card", {"do": "attack", "player": 1}, "a choice is open"),
    ("scrap-card", {"do": "buy", "card": "explorer"}, "a choice is open"),
    ("scrap-card", {"do": "choose", "card": "gnat", "from": "hand"}, "no 'gnat' in your hand"),
    (
        "scrap-card",
        {"do": "choose", "card": "viper", "from": "discard"},
        "no 'viper' in your discard",
    ),
    ("scrap-card", {"do": "choose", "card": "viper", "from": "deck"}, "'hand' or 'discard'"),
    ("scrap-card", {"do": "choose", "card": "lance", "from": "trade_row"}, "'hand' or 'discard'"),
    ("scrap-card", {"do": "choose", "player": 1}, "name a card"),
    ("clear-row", {"do": "choose", "card": "viper", "from": "hand"}, "from 'trade_row'"),
    (
        "clear-row",
        {"do": "choose", "card": "gnat", "from": "trade_row"},
        "no 'gnat' in your trade row",
    ),
    ("clear-row", {"do": "end"}, "a choice is open (clear-row)"),
    ("forced", {"do": "skip"}, "the discard choice cannot be skipped"),
    ("forced", {"do": "end"}, "a choice is open (discard)"),
    ("forced", {"do": "choose", "card": "gnat", "from": "discard"}, "takes a card from 'hand'"),
    ("forced", {"do": "choose", "card": "gnat", "from": "hand"}, "no 'gnat' in your hand"),
    ("forced", {"do": "play", "card": "viper"}, "a choice is open"),
    # Conceding.
    ("turn", {"do": "concede", "player": 5}, "concede: no player 5"),
    ("turn", {"do": "concede", "card": "viper"}, "unexpected or missing fields"),
    # After the game is over.
    ("over", {"do": "end"}, "the game is over"),
    ("over", {"do": "play", "card": "viper"}, "the game is over"),
    ("over", {"do": "concede"}, "the game is over"),
    ("over", {"do": "attack", "player": 1}, "the game is over"),
]


def build(name: str, position: Callable[..., StarRealmsState]) -> StarRealmsState:
    fields, actions = POSITIONS[name]
    state = position(**fields)
    for action in actions:
        state.apply(action)
    return state


@pytest.mark.parametrize(
    ("where", "action", "message"), BAD_ACTIONS, ids=[f"{w}:{a!r}" for w, a, _ in BAD_ACTIONS]
)
def test_illegal_action_is_refused_and_changes_nothing(
    where: str, action: Any, message: str, position: Callable[..., StarRealmsState]
) -> None:
    state = build(where, position)
    state.events = []
    before = state.export()
    listed = state.legal_actions()
    original = copy.deepcopy(action)
    with pytest.raises(rumizi.IllegalAction) as info:
        state.apply(action)
    assert message in str(info.value)
    assert state.export() == before
    assert state.legal_actions() == listed
    assert state.events == []
    assert action == original
    # Never listed either.
    assert action not in listed


@pytest.mark.parametrize(
    ("action", "malformed"),
    [
        ("end", True),
        ({"do": "dance"}, True),
        ({"do": "play", "card": "viper", "extra": 1}, True),
        ({"do": "play", "card": "dragon"}, True),
        ({"do": "attack", "player": "1"}, True),
        ({"do": "play", "card": "gnat"}, False),
        ({"do": "buy", "card": "flagship"}, False),
        ({"do": "attack", "player": 7}, False),
    ],
)
def test_a_malformed_action_is_told_apart_from_an_illegal_one(
    action: Any, malformed: bool, position: Callable[..., StarRealmsState]
) -> None:
    """Like python-chess's two errors: a move no position takes, or one this position refuses."""
    state = build("turn", position)
    with pytest.raises(rumizi.IllegalAction) as info:
        state.apply(action)
    assert isinstance(info.value, MalformedAction) == malformed


def test_illegal_action_is_a_value_error() -> None:
    assert issubclass(rumizi.IllegalAction, ValueError)
    state = GAME.new(seed=1)
    with pytest.raises(ValueError, match="not in your hand"):
        state.apply({"do": "play", "card": "gnat"})


def test_a_refused_action_leaves_a_clone_and_the_original_alone(
    position: Callable[..., StarRealmsState],
) -> None:
    state = build("turn", position)
    copy_ = state.clone()
    with pytest.raises(rumizi.IllegalAction):
        copy_.apply({"do": "buy", "card": "flagship"})
    copy_.apply({"do": "play", "card": "viper"})
    assert state.export()["players"][0]["hand"] == ["viper", "lookout"]
    assert copy_.export()["players"][0]["hand"] == ["lookout"]


# ----------------------------------------------------------------------- bad documents


def good_doc(make_doc: Callable[..., Doc]) -> Doc:
    return make_doc(
        me=mid_turn(hand=["viper"], discard=["lookout"]), opp={"bases": ["trading-post"]}
    )


ROW4 = ["gnat", "lance", "pounder", "cruiser"]


def top(**fields: Any) -> Callable[[Doc], Any]:
    return lambda doc: doc.update(fields)


def p0(**fields: Any) -> Callable[[Doc], Any]:
    """Change fields of the player to act (player 0)."""
    return lambda doc: doc["players"][0].update(fields)


def p1(**fields: Any) -> Callable[[Doc], Any]:
    """Change fields of the other player (player 1)."""
    return lambda doc: doc["players"][1].update(fields)


# Each entry: (id, function that breaks a good document in place, expected message).
BROKEN: list[tuple[str, Callable[[Doc], Any], str]] = [
    ("wrong game", top(game="splendor-duel"), "'game' must be 'star-realms'"),
    ("no game", lambda d: d.pop("game"), "'game' must be 'star-realms'"),
    ("format", top(format="chaos"), "unsupported format 'chaos'"),
    ("hydra of two", top(format="hydra"), "hydra needs a list of 4 or 6 players"),
    ("format type", top(format=["duel"]), "unsupported format"),
    ("one player", lambda d: d["players"].pop(), "exactly 2 players"),
    ("three players", lambda d: d["players"].append(d["players"][1]), "exactly 2 players"),
    ("players type", top(players={"0": {}}), "exactly 2 players"),
    ("no players", lambda d: d.pop("players"), "document: missing 'players'"),
    ("player type", lambda d: d["players"].__setitem__(1, ["viper"]), "expected an object"),
    ("current range", top(current=2), "no player 2"),
    ("current type", top(current="0"), "current: expected an integer"),
    ("current bool", top(current=False), "current: expected an integer"),
    ("no current", lambda d: d.pop("current"), "missing 'current'"),
    ("turn", top(turn=0), "'turn' must be 1 or more"),
    ("turn type", top(turn=1.5), "turn: expected an integer"),
    ("seed type", top(seed="abc"), "seed: expected an integer"),
    ("no seed", lambda d: d.pop("seed"), "document: missing 'seed'"),
    ("unknown field", top(sed=3), "document: unknown field 'sed' (did you mean 'seed'?)"),
    (
        "misspelt player field",
        p1(authorty=5),
        "document.players[1]: unknown field 'authorty' (did you mean 'authority'?)",
    ),
    ("unknown pending field", p0(pending={"choice": "discard", "cards": 2}), "'cards'"),
    ("row length", top(trade_row=["gnat"] * 4), "list of 5 card ids"),
    ("row type", top(trade_row="gnat"), "list of 5 card ids"),
    ("row explorer", top(trade_row=["explorer", *ROW4]), "'explorer' is not a trade-deck card"),
    ("row unknown", top(trade_row=["dragon", *ROW4]), "'dragon' is not a trade-deck card"),
    ("row list item", top(trade_row=[["gnat"], *ROW4]), "is not a trade-deck card"),
    ("no trade deck", lambda d: d.pop("trade_deck"), "missing 'trade_deck'"),
    ("trade deck card", top(trade_deck=["gnat", "dragon"]), "trade_deck: unknown card 'dragon'"),
    ("scrap heap", top(scrap_heap=[1]), "scrap_heap: unknown card 1"),
    ("hand type", p0(hand="viper"), "players[0].hand: expected a list"),
    ("hand card", p0(hand=[5]), "players[0].hand: unknown card 5"),
    ("no hand", lambda d: d["players"][0].pop("hand"), "players[0]: missing 'hand'"),
    ("no deck", lambda d: d["players"][1].pop("deck"), "players[1]: missing 'deck'"),
    ("deck card", p1(deck=["Viper"]), "players[1].deck: unknown card 'Viper'"),
    ("discard card", p0(discard=[None]), "players[0].discard: unknown card None"),
    ("authority type", p1(authority="50"), "players[1].authority: expected an integer"),
    ("authority bool", p1(authority=True), "players[1].authority: expected an integer"),
    ("ship as base", p1(bases=["gnat"]), "only bases and outposts"),
    ("pending discards", p1(pending_discards=-1), "must not be negative"),
    ("pending discards type", p1(pending_discards="1"), "expected an integer"),
    ("known hand", p0(known_hand=["gnat"]), "known_hand: 'gnat' is not in the hand"),
    ("known hand twice", p0(known_hand=["viper", "viper"]), "'viper' is not in the hand"),
    ("eliminated type", p1(eliminated="no"), "eliminated must be true or false"),
    ("mid-turn on the other player", p1(trade=2), "only the current player"),
    ("base in play", p0(in_play=["trading-post"]), "bases belong in 'bases'"),
    ("in play, not played", p0(in_play=["gnat"], played=[]), "'played' does not list"),
    ("allied, not in play", p0(allied=["gnat"]), "allied: 'gnat' is not in play"),
    ("negative trade", p0(trade=-1), "must not be negative"),
    ("combat type", p0(combat="3"), "combat: expected an integer"),
    ("pending choice", p0(pending={"choice": "dance"}), "pending: expected"),
    ("pending type", p0(pending="scrap-card"), "pending: expected"),
    ("pending choice type", p0(pending={"choice": ["discard"]}), "pending: expected"),
    (
        "pending card",
        p0(pending={"choice": "scrap-card", "card": "dragon"}),
        "pending.card: unknown card 'dragon'",
    ),
    (
        "pending card type",
        p0(pending={"choice": "scrap-card", "card": ["gnat"]}),
        "pending.card: unknown card",
    ),
    (
        "pending with nothing to choose",
        p0(hand=[], discard=[], pending={"choice": "scrap-card", "card": None}),
        "nothing to choose from",
    ),
    ("queue type", p0(queue="trade 1"), "queue: expected a list"),
    ("queue effect", p0(queue=[["fly", 1, None]]), "queue: bad item"),
    ("queue effect type", p0(queue=[[["trade"], 1, None]]), "queue: bad item"),
    ("queue card type", p0(queue=[["trade", 1, ["gnat"]]]), "queue: bad item"),
    ("queue amount", p0(queue=[["trade", -1, None]]), "queue: bad item"),
]


@pytest.mark.parametrize(("name", "break_it", "message"), BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_document_is_refused(
    name: str, break_it: Callable[[Doc], Any], message: str, make_doc: Callable[..., Doc]
) -> None:
    doc = good_doc(make_doc)
    GAME.load(copy.deepcopy(doc))  # the unbroken document loads
    break_it(doc)
    with pytest.raises(ValueError) as info:
        GAME.load(doc)
    assert message in str(info.value)
    assert not isinstance(info.value, rumizi.IllegalAction)


@pytest.mark.parametrize("doc", [None, [], "star-realms", 5])
def test_a_document_must_be_an_object(doc: Any) -> None:
    with pytest.raises(ValueError, match="JSON object"):
        GAME.load(doc)


def test_loading_does_not_change_the_document(make_doc: Callable[..., Doc]) -> None:
    doc = make_doc(me={"hand": ["trade-bot"], "bases": ["space-station", "royal-fortress"]})
    original = copy.deepcopy(doc)
    state = GAME.load(doc)
    state.apply({"do": "play", "card": "trade-bot"})
    assert doc == original


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 3}, "the duel is for 2 players"),
        ({"players": 1}, "the duel is for 2 players"),
        ({"format": "chaos"}, "unsupported format 'chaos'"),
        ({"format": "hydra", "players": 5}, "hydra is for 4 or 6 players, not 5"),
        ({"format": "emperor", "players": 5}, "emperor is for 6 to 6 players"),
        ({"format": "hunter"}, "hunter is for 3 to 6 players, not 2"),
        ({"format": "free-for-all", "players": 7}, "free-for-all is for 3 to 6 players"),
        ({"speed": "fast"}, "unknown options for Star Realms: speed"),
    ],
)
def test_bad_options_for_a_new_game(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as info:
        GAME.new(seed=1, **options)
    assert message in str(info.value)
