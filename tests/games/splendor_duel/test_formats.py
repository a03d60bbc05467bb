"""Documents, views and samples: what they hold, what they hide, how they fail."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import rumizi
from rumizi import IllegalAction
from rumizi.games.splendor_duel import GAME, SplendorDuelState

Doc = dict[str, Any]


def midgame(seed: int = 11, steps: int = 40) -> SplendorDuelState:
    state = GAME.new(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def test_the_registry_knows_the_game() -> None:
    game = rumizi.game("splendor-duel")
    assert game is GAME
    assert game.id == "splendor-duel"
    assert game.names == {"en": "Splendor Duel", "fa": "کهربا دوئل"}
    assert (game.min_players, game.max_players) == (2, 2)
    assert "splendor-duel" in rumizi.game_ids()


def test_the_export_is_canonical_json_of_the_whole_state() -> None:
    state = midgame()
    doc = state.export()
    assert json.loads(json.dumps(doc)) == doc
    assert set(doc) >= {
        "game", "turn", "current", "board", "bag", "pyramid", "decks", "royals",
        "players", "privileges", "seed", "phase", "pending",
    }  # fmt: skip
    assert len(doc["board"]) == 5 and all(len(row) == 5 for row in doc["board"])
    assert set("".join(doc["board"])) <= set("WBGRKPY.")
    for p in doc["players"]:
        assert set(p) >= {"tokens", "cards", "reserved", "privileges", "crowns", "royals"}
    assert GAME.load(doc).export() == doc


def test_a_game_continues_identically_after_export_and_load() -> None:
    state = midgame()
    twin = GAME.load(state.export())
    rng1, rng2 = random.Random(5), random.Random(5)
    for _ in range(60):
        if state.over:
            break
        a = state.legal_actions()[rng1.randrange(len(state.legal_actions()))]
        b = twin.legal_actions()[rng2.randrange(len(twin.legal_actions()))]
        assert a == b
        state.apply(a)
        twin.apply(b)
    assert state.export() == twin.export()  # replenishes draw the same tokens: the seed


def _broken(mutate: Callable[[Doc], None]) -> Doc:
    doc = midgame().export()
    mutate(doc)
    return doc


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(game="star-realms"), "'game'"),
        (lambda d: d.pop("seed"), "seed"),
        (lambda d: d.update(board=d["board"][:4]), "board"),
        (lambda d: d["board"].__setitem__(0, "XXXXX"), "letter"),
        (lambda d: d["bag"].update(white=d["bag"]["white"] + 1), "white tokens"),
        (lambda d: d["decks"][0].append(d["decks"][0][0]), "exactly one place"),
        (lambda d: d["decks"][1].insert(0, "1-white-a"), "level-2"),
        (lambda d: d["pyramid"].pop(), "pyramid"),
        (lambda d: d["players"][0].update(privileges=4), "privileges"),
        (lambda d: d["players"][0].update(crowns=99), "crowns"),
        (lambda d: d["players"][0].update(reserved=[{"card": "nope"}]), "unknown card"),
        (lambda d: d.update(pending={"choice": "juggle"}), "choice"),
        (lambda d: d.update(phase="dinner"), "phase"),
        (lambda d: d.update(royals=[]), "royal"),
        (lambda d: d.update(winner=3, end="points"), "winner"),
        (lambda d: d.update(queue=["dance"]), "queue"),
        (lambda d: d.update(current=2), "current"),
        (lambda d: d.update(sed=1), r"document: unknown field 'sed' \(did you mean 'seed'\?\)"),
        (lambda d: d["players"][1].update(stal=0), r"document.players\[1\]: unknown field 'stal'"),
        (lambda d: d["players"][0].pop("stall"), r"document.players\[0\]: missing 'stall'"),
        (lambda d: d.update(pending={"choice": "royal", "card": "x"}), "unknown field 'card'"),
    ],
)
def test_a_broken_document_is_a_clear_value_error(
    mutate: Callable[[Doc], None], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        GAME.load(_broken(mutate))


def test_load_rejects_non_documents() -> None:
    bad_docs: list[Any] = [None, [], "splendor", {"game": "splendor-duel"}]
    for bad in bad_docs:
        with pytest.raises(ValueError):
            GAME.load(bad)


def test_the_view_has_what_a_table_shows() -> None:
    state = midgame()
    me = state.to_act
    view = state.view(me)
    for key in (
        "game", "viewer", "board", "pyramid", "decks", "bag", "royals", "privileges",
        "current", "to_act", "pending", "winner", "end", "over", "players",
    ):  # fmt: skip
        assert key in view
    assert view["game"] == "splendor-duel"
    assert view["decks"] == [len(d) for d in state.decks]
    for i, pv in enumerate(view["players"]):
        p = state.players[i]
        for key in ("tokens", "bonuses", "color_points", "crowns", "points", "privileges"):
            assert key in pv
        assert pv["token_count"] == sum(p.tokens)
        assert list(pv["bonuses"].values()) == p.bonus


def test_views_hide_blind_reserves_and_deck_order_but_keep_cards_seen_taken(
    position: Callable[..., SplendorDuelState],
) -> None:
    blind = {"card": "3-grey-c", "blind": True}
    face_up = {"card": "2-white-c", "blind": False}
    state = position(board=["W...."] + ["....."] * 4, opp={"reserved": [blind, face_up]})
    theirs = state.view(0)["players"][1]["reserved"]
    assert theirs == [
        {"card": None, "level": 3, "blind": True},
        {"card": "2-white-c", "level": 2, "blind": False},  # taken face up: both saw it
    ]
    assert state.view(None)["players"][1]["reserved"] == theirs
    assert state.view(1)["players"][1]["reserved"][0]["card"] == "3-grey-c"
    for viewer in (0, None):
        text = json.dumps(state.view(viewer))
        assert "3-grey-c" not in text
        assert all(card not in text for card in state.export()["decks"][2])


def test_sampling_keeps_the_view_and_redeals_the_hidden_cards(
    position: Callable[..., SplendorDuelState],
) -> None:
    blind = {"card": "3-grey-c", "blind": True}
    state = position(board=["W...."] + ["....."] * 4, opp={"reserved": [blind]})
    view = state.view(0)
    dealt = set()
    for seed in range(40):
        guess = GAME.sample(view, seed)
        assert guess.view(0) == view
        assert guess.legal_actions() == state.legal_actions()
        dealt.add(guess.export()["players"][1]["reserved"][0]["card"])
        assert guess.export()["players"][1]["reserved"][0]["blind"]
    assert len(dealt) > 3  # the hidden card is a guess among the unseen level-3 cards
    assert all(c.startswith("3-") for c in dealt)


def test_sampling_never_reads_beyond_the_view() -> None:
    state = midgame(seed=21, steps=70)
    me = state.to_act
    assert me is not None
    view = copy.deepcopy(state.view(me))
    a = GAME.sample(view, 3).export()
    b = GAME.sample(copy.deepcopy(view), 3).export()
    assert a == b  # a function of the view and the seed alone


def test_illegal_actions_name_the_problem_and_change_nothing(
    position: Callable[..., SplendorDuelState],
) -> None:
    state = position(board=["WBGRK"] + ["....."] * 4)
    before = state.export()
    cases = [
        ({"do": "fly"}, "unknown action"),
        ({"do": "take"}, "malformed"),
        ({"do": "take", "spaces": [[6, 1]]}, "rows and columns 1-5"),
        ({"do": "buy", "card": "1-white-a", "extra": 1}, "malformed"),
        ({"do": "steal", "token": "red"}, "no open choice"),
        ({"do": "reserve", "gold": [1, 1], "deck": 2}, "no gold"),
        ({"do": "privilege", "space": [1, 1]}, "no privilege"),
        ({"do": "pass"}, "can still"),
        ({"do": "concede", "player": "me"}, "0 or 1"),
        ([1, 2], "malformed"),
    ]
    for action, message in cases:
        with pytest.raises(IllegalAction, match=message):
            state.apply(action)  # type: ignore[arg-type]
        assert state.export() == before


def test_a_joker_must_copy_a_bonus_its_owner_already_had(
    position: Callable[..., SplendorDuelState],
) -> None:
    # 1-grey-a became red, but its owner bought no red card before it: never reachable.
    with pytest.raises(ValueError, match=r"jokers: joker '1-grey-a' became red"):
        position(me={"cards": ["1-blue-b", "1-grey-a"], "jokers": {"1-grey-a": "red"}})
    # ... nor a red card bought only after it
    with pytest.raises(ValueError, match="no card bought before it"):
        position(me={"cards": ["1-grey-a", "1-red-b"], "jokers": {"1-grey-a": "red"}})
    state = position(me={"cards": ["1-red-b", "1-grey-a"], "jokers": {"1-grey-a": "red"}})
    assert state.players[0].bonus[3] == 2


def test_a_stall_the_tokens_contradict_is_refused(
    position: Callable[..., SplendorDuelState],
) -> None:
    hoard = {"gold": 3, "pearl": 2}
    # held: the turn began with all the gold and both pearls, which must still be in hand
    with pytest.raises(ValueError, match=r"document\.held"):
        position(held=True, me={"tokens": {"gold": 3, "pearl": 1}})
    with pytest.raises(ValueError, match=r"document\.held"):
        position(held=True, phase="replenished", me={"tokens": {"gold": 2, "pearl": 2}})
    assert position(held=True, me={"tokens": hoard}).held
    # both players stalling at once would need all 3 gold in both hands
    with pytest.raises(ValueError, match="both players cannot be stalling"):
        position(me={"stall": 1, "tokens": hoard}, opp={"stall": 2})
    assert position(opp={"stall": 2}).players[1].stall == 2
