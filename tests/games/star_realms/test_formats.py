"""Free-for-all and Hunter (spec §3): setup, targeting, elimination, the end of the game."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rumizi
from rumizi.bots import make
from rumizi.games.star_realms import GAME, StarRealmsState
from rumizi.games.star_realms.cards import NAMES, TRADE_COUNTS

Doc = dict[str, Any]
ROW = ["merchant-skiff", "lance", "supply-bot", "star-freighter", "flagship"]


def seat(**fields: Any) -> Doc:
    doc: Doc = {
        "authority": 50,
        "hand": ["lookout"] * 5,
        "deck": [],
        "discard": [],
        "bases": [],
        "pending_discards": 0,
    }
    doc.update(copy.deepcopy(fields))
    return doc


def table(fmt: str, seats: list[Doc], current: int = 0, **top: Any) -> StarRealmsState:
    doc: Doc = {
        "game": "star-realms",
        "format": fmt,
        "turn": 1,
        "current": current,
        "players": seats,
        "trade_row": list(ROW),
        "trade_deck": ["mothership", "dread-ship"],
        "scrap_heap": [],
        "seed": 99,
    }
    doc.update(top)
    return GAME.load(doc)


def attacks(state: StarRealmsState) -> list[dict[str, Any]]:
    return [a for a in state.legal_actions() if a["do"] == "attack"]


def with_combat(state: StarRealmsState, card: str = "dread-ship") -> StarRealmsState:
    state.apply({"do": "play", "card": card})
    return state


# ---------------------------------------------------------------------- setup


@pytest.mark.parametrize("fmt", ["free-for-all", "hunter"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_opening_hands_are_3_then_4_then_5(fmt: str, players: int) -> None:
    for seed in range(4):
        state = GAME.new(seed=seed, players=players, format=fmt)
        first = state.to_act
        assert first is not None
        doc = state.export()
        sizes = [len(p["hand"]) for p in doc["players"]]
        expected = [5] * players
        expected[first] = 3
        expected[(first + 1) % players] = 4
        assert sizes == expected
        assert all(p["authority"] == 50 for p in doc["players"])
        assert all(len(p["hand"]) + len(p["deck"]) == 10 for p in doc["players"])
        assert doc["format"] == fmt


def test_the_first_player_comes_from_the_seed() -> None:
    firsts = {GAME.new(seed=s, players=4, format="free-for-all").to_act for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert GAME.new(seed=5, players=4, format="hunter").export() == (
        GAME.new(seed=5, players=4, format="hunter").export()
    )


def test_turns_go_clockwise() -> None:
    state = table("free-for-all", [seat(), seat(), seat(), seat()], current=2)
    order = []
    for _ in range(5):
        order.append(state.to_act)
        state.apply({"do": "end"})
    assert order == [2, 3, 0, 1, 2]


# ---------------------------------------------------------------------- free-for-all


def test_ffa_attacks_carry_an_amount_and_any_opponent_can_be_hit() -> None:
    state = with_combat(table("free-for-all", [seat(hand=["dread-ship"]), seat(), seat()]))
    listed = attacks(state)
    for target in (1, 2):
        amounts = sorted(a["amount"] for a in listed if a.get("player") == target)
        assert amounts == list(range(1, 8))
    with pytest.raises(rumizi.IllegalAction, match="amount"):
        state.apply({"do": "attack", "player": 1})
    with pytest.raises(rumizi.IllegalAction, match="amount"):
        state.apply({"do": "attack", "player": 1, "amount": 8})
    state.apply({"do": "attack", "player": 1, "amount": 3})
    state.apply({"do": "attack", "player": 2, "amount": 4})
    doc = state.export()
    assert [p["authority"] for p in doc["players"]] == [50, 47, 46]
    assert doc["players"][0]["combat"] == 0


def test_ffa_outpost_protects_only_its_owner() -> None:
    seats = [seat(hand=["dread-ship"]), seat(bases=["trading-post", "barter-world"]), seat()]
    state = with_combat(table("free-for-all", seats))
    listed = attacks(state)
    on_1 = [a for a in listed if a["player"] == 1]
    assert on_1 == [{"do": "attack", "player": 1, "base": "trading-post"}]
    assert any(a["player"] == 2 and "amount" in a for a in listed)
    with pytest.raises(rumizi.IllegalAction, match="outpost"):
        state.apply({"do": "attack", "player": 1, "amount": 2})


def test_ffa_opp_discard_names_its_target() -> None:
    seats = [seat(hand=["imperial-fighter"]), seat(), seat()]
    state = table("free-for-all", seats)
    state.apply({"do": "play", "card": "imperial-fighter"})
    assert state.legal_actions() == [
        {"do": "choose", "player": 1},
        {"do": "choose", "player": 2},
    ]
    with pytest.raises(rumizi.IllegalAction):
        state.apply({"do": "choose", "player": 0})
    state.apply({"do": "choose", "player": 2})
    doc = state.export()
    assert [p["pending_discards"] for p in doc["players"]] == [0, 0, 1]
    assert doc["players"][0]["combat"] == 2
    # The discard happens at the start of that player's own turn, not the next one's.
    state.apply({"do": "end"})
    assert state.to_act == 1 and state.export()["players"][1].get("pending") is None
    state.apply({"do": "end"})
    assert state.to_act == 2
    assert state.export()["players"][2]["pending"]["choice"] == "discard"


def test_ffa_elimination_skips_the_seat_and_the_last_player_standing_wins() -> None:
    seats = [seat(hand=["dread-ship"]), seat(authority=5, bases=["monster-wheel"]), seat()]
    state = with_combat(table("free-for-all", seats))
    state.apply({"do": "attack", "player": 1, "amount": 5})
    doc = state.export()
    assert doc["players"][1]["eliminated"] is True
    assert not state.over
    # An eliminated player can no longer be targeted, nor can their bases.
    assert all(a["player"] != 1 for a in attacks(state))
    with pytest.raises(rumizi.IllegalAction):
        state.apply({"do": "attack", "player": 1, "base": "monster-wheel"})
    state.apply({"do": "end"})
    assert state.to_act == 2
    state.apply({"do": "end"})
    assert state.to_act == 0
    state.apply({"do": "concede", "player": 2})
    assert state.over and state.winner == 0 and state.to_act is None
    assert state.returns() == [1.0, 0.0, 0.0]


# ---------------------------------------------------------------------- hunter


def test_hunter_attacks_only_the_left_neighbour_but_bases_on_both_sides() -> None:
    seats = [
        seat(hand=["dread-ship"]),
        seat(bases=["barter-world"]),
        seat(bases=["monster-wheel"]),
        seat(bases=["barter-world"]),
    ]
    state = with_combat(table("hunter", seats))
    listed = attacks(state)
    assert {"do": "attack", "player": 1} in listed  # left: whole pool, no amount
    assert {"do": "attack", "player": 1, "base": "barter-world"} in listed
    assert {"do": "attack", "player": 3, "base": "barter-world"} in listed  # right
    assert all(a["player"] != 2 for a in listed)  # across the table: untouchable
    assert not any(a["player"] == 3 and "base" not in a for a in listed)
    with pytest.raises(rumizi.IllegalAction, match="only the bases"):
        state.apply({"do": "attack", "player": 3})
    with pytest.raises(rumizi.IllegalAction):
        state.apply({"do": "attack", "player": 2, "base": "monster-wheel"})
    state.apply({"do": "attack", "player": 3, "base": "barter-world"})
    state.apply({"do": "attack", "player": 1})
    doc = state.export()
    assert [p["authority"] for p in doc["players"]] == [50, 47, 50, 50]
    assert doc["players"][3]["discard"] == ["barter-world"]


def test_hunter_next_clockwise_becomes_the_target_when_the_left_one_falls() -> None:
    seats = [seat(hand=["dread-ship", "imperial-fighter"]), seat(authority=3), seat(), seat()]
    state = with_combat(table("hunter", seats))
    state.apply({"do": "attack", "player": 1})
    assert state.export()["players"][1]["eliminated"] is True
    state.apply({"do": "play", "card": "imperial-fighter"})
    # opp-discard needs no choice: the only target is the new left neighbour, player 2.
    doc = state.export()
    assert doc["players"][2]["pending_discards"] == 1
    assert doc["players"][0]["pending"] is None
    assert {"do": "attack", "player": 2} in attacks(state)


def test_hunter_outpost_of_the_right_neighbour_guards_only_their_bases() -> None:
    seats = [
        seat(hand=["dread-ship"]),
        seat(),
        seat(),
        seat(bases=["space-station", "barter-world"]),
    ]
    state = with_combat(table("hunter", seats))
    on_3 = [a for a in attacks(state) if a["player"] == 3]
    assert on_3 == [{"do": "attack", "player": 3, "base": "space-station"}]
    assert {"do": "attack", "player": 1} in attacks(state)


# ---------------------------------------------------------------------- documents


def test_player_counts_are_checked_per_format() -> None:
    with pytest.raises(ValueError, match="3 to 6"):
        table("hunter", [seat(), seat()])
    with pytest.raises(ValueError, match="3 to 6"):
        table("free-for-all", [seat() for _ in range(7)])
    with pytest.raises(ValueError, match="unsupported format"):
        table("battle-royale", [seat(), seat(), seat()])


# ---------------------------------------------------------------------- whole games


def _cards_in(doc: Doc) -> dict[str, int]:
    counts: dict[str, int] = {}
    piles = [doc["trade_row"], doc["trade_deck"], doc["scrap_heap"]]
    for p in doc["players"]:
        piles += [p["hand"], p["deck"], p["discard"], p["bases"], p.get("in_play", [])]
    for pile in piles:
        for name in pile:
            if name is not None:
                counts[name] = counts.get(name, 0) + 1
    return counts


@settings(max_examples=12, deadline=None)
@given(
    fmt=st.sampled_from(["free-for-all", "hunter"]),
    players=st.integers(3, 6),
    seed=st.integers(0, 2**32),
    chooser=st.integers(0, 2**32),
)
def test_random_multiseat_games_keep_every_invariant(
    fmt: str, players: int, seed: int, chooser: int
) -> None:
    state = GAME.new(seed=seed, players=players, format=fmt)
    record = rumizi.GameRecord("star-realms", seed, {"players": players, "format": fmt})
    pick = random.Random(chooser)
    for step in range(400):
        if state.over:
            break
        legal = state.legal_actions()
        action = legal[pick.randrange(len(legal))]
        state.apply(action)
        record.actions.append(action)
        doc = state.export()
        counts = _cards_in(doc)
        for card, copies in enumerate(TRADE_COUNTS):
            if copies:
                assert counts.get(NAMES[card], 0) == copies
        assert counts.get("lookout", 0) + counts.get("viper", 0) == 10 * players
        if step % 10 == 0:
            assert GAME.load(json.loads(json.dumps(doc))).export() == doc
            for viewer in [*range(players), None]:
                view = state.view(viewer)
                assert "hand" not in json.dumps(
                    [p for i, p in enumerate(view["players"]) if i != viewer]
                ).replace('"hand_size"', "").replace('"known_hand"', "")
                if viewer is not None:
                    assert GAME.sample(view, step).view(viewer) == view
    assert record.final_state().export() == state.export()


@pytest.mark.parametrize("fmt", ["free-for-all", "hunter"])
@pytest.mark.parametrize("players", [3, 6])
def test_a_full_bot_game_ends_with_one_winner(fmt: str, players: int) -> None:
    state = GAME.new(seed=players, players=players, format=fmt)
    bots = [make("greedy", seed=i) for i in range(players)]
    for _ in range(20000):
        if state.over:
            break
        me = state.to_act
        assert me is not None
        state.apply(bots[me].choose(state.view(me), state.legal_actions()))
    assert state.over
    winner = state.winner
    assert winner is not None
    alive = [i for i, p in enumerate(state.export()["players"]) if not p.get("eliminated")]
    assert alive == [winner]
