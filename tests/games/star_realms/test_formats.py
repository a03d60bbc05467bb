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
from rumizi.games.star_realms import texts as T
from rumizi.games.star_realms.cards import NAMES, TRADE_COUNTS
from rumizi.games.star_realms.engine import FORMATS, TEAM_FORMATS, seat_role, seat_team

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
    # Left: an amount (more opponents wait behind them), never the pool unnamed.
    assert [a["amount"] for a in listed if a["player"] == 1 and "base" not in a] == [*range(1, 8)]
    assert {"do": "attack", "player": 1} not in listed
    assert {"do": "attack", "player": 1, "base": "barter-world"} in listed
    assert {"do": "attack", "player": 3, "base": "barter-world"} in listed  # right
    assert all(a["player"] != 2 for a in listed)  # across the table: untouchable
    assert not any(a["player"] == 3 and "base" not in a for a in listed)
    with pytest.raises(rumizi.IllegalAction, match="only the bases"):
        state.apply({"do": "attack", "player": 3, "amount": 1})
    with pytest.raises(rumizi.IllegalAction, match="amount"):
        state.apply({"do": "attack", "player": 1})
    with pytest.raises(rumizi.IllegalAction):
        state.apply({"do": "attack", "player": 2, "base": "monster-wheel"})
    state.apply({"do": "attack", "player": 3, "base": "barter-world"})
    state.apply({"do": "attack", "player": 1, "amount": 3})
    doc = state.export()
    assert [p["authority"] for p in doc["players"]] == [50, 47, 50, 50]
    assert doc["players"][3]["discard"] == ["barter-world"]


def test_hunter_next_clockwise_becomes_the_target_when_the_left_one_falls() -> None:
    seats = [seat(hand=["dread-ship", "imperial-fighter"]), seat(authority=3), seat(), seat()]
    state = with_combat(table("hunter", seats))
    state.apply({"do": "attack", "player": 1, "amount": 3})
    assert state.export()["players"][1]["eliminated"] is True
    # The 4 combat left goes on against the next player clockwise (the rulebook's hunt).
    assert attacks(state) == [{"do": "attack", "player": 2, "amount": a} for a in range(1, 5)]
    state.apply({"do": "attack", "player": 2, "amount": 4})
    assert state.export()["players"][2]["authority"] == 46
    state.apply({"do": "play", "card": "imperial-fighter"})
    # opp-discard needs no choice: the only target is the new left neighbour, player 2.
    doc = state.export()
    assert doc["players"][2]["pending_discards"] == 1
    assert doc["players"][0]["pending"] is None
    assert {"do": "attack", "player": 2, "amount": 2} in attacks(state)


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
    assert {"do": "attack", "player": 1, "amount": 7} in attacks(state)


def test_hunter_the_last_two_deal_the_whole_pool() -> None:
    # With one opponent left a fall ends the game: nothing to save combat for.
    seats = [seat(hand=["dread-ship"]), seat(), seat(eliminated=True)]
    state = with_combat(table("hunter", seats))
    assert attacks(state) == [{"do": "attack", "player": 1}]
    with pytest.raises(rumizi.IllegalAction, match="amount"):
        state.apply({"do": "attack", "player": 1, "amount": 3})


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


FORMAT_SIZES = st.sampled_from(
    [("free-for-all", n) for n in range(3, 7)]
    + [("hunter", n) for n in range(3, 7)]
    + [("raid", n) for n in range(3, 7)]
    + [("emperor", 6), ("hydra", 4), ("hydra", 6)]
)


def _hand_visible(fmt: str, viewer: int | None, seat_: int) -> bool:
    if viewer == seat_:
        return True
    return fmt == "raid" and viewer is not None and 0 not in (viewer, seat_)


@settings(max_examples=16, deadline=None)
@given(setup=FORMAT_SIZES, seed=st.integers(0, 2**32), chooser=st.integers(0, 2**32))
def test_random_multiseat_games_keep_every_invariant(
    setup: tuple[str, int], seed: int, chooser: int
) -> None:
    fmt, players = setup
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
        # What the engine keeps up to date as it goes (buys per trade, cards that can be
        # scrapped) matches the same position built afresh from its document.
        assert GAME.load(doc).legal_actions() == state.legal_actions()
        if step % 10 == 0:
            assert GAME.load(json.loads(json.dumps(doc))).export() == doc
            for viewer in [*range(players), None]:
                view = state.view(viewer)
                for i, pv in enumerate(view["players"]):
                    assert ("hand" in pv) == _hand_visible(fmt, viewer, i)
                if viewer is not None:
                    assert GAME.sample(view, step).view(viewer) == view
    assert record.final_state().export() == state.export()


EVERY_TABLE = [(fmt, n) for fmt, (fewest, most) in FORMATS.items() for n in range(fewest, most + 1)]


@pytest.mark.parametrize(("fmt", "players"), [t for t in EVERY_TABLE if t != ("hydra", 5)])
def test_the_view_names_each_seat_team_and_role_as_the_texts_do(fmt: str, players: int) -> None:
    # One source for both: the page draws the view's tags, the terminal and the log the
    # texts' seats; hydra members used to lose their role on the page.
    state = GAME.new(seed=3, players=players, format=fmt)
    texts_seats = T.table_seats("en", fmt, players)
    for viewer in [None, *range(players)]:
        view = state.view(viewer)
        for i, pv in enumerate(view["players"]):
            assert pv["team"] == seat_team(fmt, players, i) == state.players[i].team
            assert pv["role"] == seat_role(fmt, i) == texts_seats[i].role
            if fmt in TEAM_FORMATS:
                assert pv["team"] == texts_seats[i].team
                assert pv["role"] != ""
            else:
                assert pv["role"] == "" and pv["team"] == i
        if viewer is not None:
            assert GAME.sample(view, 7).view(viewer) == view


def test_the_view_seats_of_the_team_formats() -> None:
    def seats(fmt: str, players: int) -> list[tuple[int, str]]:
        view = GAME.new(seed=1, players=players, format=fmt).view(0)
        return [(pv["team"], pv["role"]) for pv in view["players"]]

    assert seats("raid", 3) == [(0, "boss"), (1, "raider"), (1, "raider")]
    assert seats("hydra", 4) == [(0, "member"), (1, "member"), (0, "member"), (1, "member")]
    assert [role for _, role in seats("emperor", 6)] == ["admiral", "emperor", "admiral"] * 2
    assert [team for team, _ in seats("emperor", 6)] == [0, 0, 0, 1, 1, 1]
    assert seats("hunter", 3) == [(0, ""), (1, ""), (2, "")]


@pytest.mark.parametrize(
    ("fmt", "players"),
    [
        ("free-for-all", 3),
        ("free-for-all", 6),
        ("hunter", 3),
        ("hunter", 6),
        ("raid", 3),
        ("raid", 6),
        ("emperor", 6),
        ("hydra", 4),
        ("hydra", 6),
    ],
)
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
    assert state.winner is not None
    alive = [i for i, p in enumerate(state.export()["players"]) if not p.get("eliminated")]
    assert alive and all(state.is_winner(i) for i in alive)
    assert sum(state.returns()) >= 1


# ---------------------------------------------------------------------- raid


@pytest.mark.parametrize(
    ("players", "authority", "hand"), [(3, 50, 7), (4, 70, 7), (5, 70, 8), (6, 90, 8)]
)
def test_raid_setup_follows_the_boss_table(players: int, authority: int, hand: int) -> None:
    state = GAME.new(seed=players, players=players, format="raid")
    doc = state.export()
    assert state.to_act == 0  # the boss starts
    boss, raiders = doc["players"][0], doc["players"][1:]
    assert boss["authority"] == authority
    assert len(boss["hand"]) == hand - 2
    assert all(r["authority"] == 50 and len(r["hand"]) == 5 for r in raiders)
    state.apply({"do": "end"})
    assert len(state.export()["players"][0]["hand"]) == hand  # the boss's turns draw more


def test_raid_targets_raiders_hit_the_boss_and_the_boss_picks_among_raiders() -> None:
    seats = [seat(authority=70, hand=["dread-ship"]), seat(), seat(hand=["dread-ship"]), seat()]
    state = with_combat(table("raid", seats))
    assert {a["player"] for a in attacks(state)} == {1, 2, 3}
    assert all("amount" in a for a in attacks(state))
    state.apply({"do": "attack", "player": 3, "amount": 7})
    state.apply({"do": "end"})
    state.apply({"do": "end"})  # raider 1
    with_combat(state)  # raider 2
    assert attacks(state) == [{"do": "attack", "player": 0}]
    state.apply({"do": "attack", "player": 0})
    assert state.export()["players"][0]["authority"] == 63


def test_raid_damage_on_the_boss_bases_lasts_until_the_boss_turn() -> None:
    seats = [
        seat(authority=70, bases=["monster-wheel"]),
        seat(hand=["viper", "viper"], deck=["viper"] * 5),
        seat(hand=["viper", "viper"]),
        seat(hand=["pounder"]),
    ]
    state = table("raid", seats, current=1)
    state.apply({"do": "play", "card": "viper"})
    state.apply({"do": "play", "card": "viper"})  # 2 combat
    listed = [a for a in attacks(state) if "base" in a]
    assert listed == [
        {"do": "attack", "player": 0, "base": "monster-wheel", "amount": 1},
        {"do": "attack", "player": 0, "base": "monster-wheel", "amount": 2},
    ]
    with pytest.raises(rumizi.IllegalAction, match="amount"):
        state.apply({"do": "attack", "player": 0, "base": "monster-wheel"})
    state.apply({"do": "attack", "player": 0, "base": "monster-wheel", "amount": 2})
    assert state.export()["players"][0]["damage"] == [2]
    state.apply({"do": "end"})
    state.apply({"do": "play", "card": "viper"})  # raider 2: 2 more
    state.apply({"do": "play", "card": "viper"})
    state.apply({"do": "attack", "player": 0, "base": "monster-wheel", "amount": 2})
    assert state.export()["players"][0]["damage"] == [4]
    doc = state.export()
    assert GAME.load(doc).export() == doc
    state.apply({"do": "end"})
    assert state.to_act == 3
    state.apply({"do": "end"})
    # The boss's turn begins: the wheel is whole again.
    assert state.to_act == 0
    assert "damage" not in state.export()["players"][0]
    state.apply({"do": "end"})
    state.apply({"do": "play", "card": "viper"})  # raider 1, fresh damage
    state.apply({"do": "attack", "player": 0, "base": "monster-wheel", "amount": 1})
    assert state.export()["players"][0]["damage"] == [1]


def test_raid_a_raider_finishes_a_worn_base() -> None:
    boss = seat(authority=70, bases=["monster-wheel", "barter-world"])
    doc: Doc = {
        "game": "star-realms",
        "format": "raid",
        "turn": 4,
        "current": 1,
        "players": [{**boss, "damage": [4, 1]}, seat(hand=["pounder"]), seat()],
        "trade_row": list(ROW),
        "trade_deck": [],
        "scrap_heap": [],
        "seed": 3,
    }
    state = GAME.load(doc)
    state.apply({"do": "play", "card": "pounder"})  # 5 combat
    listed = [a for a in attacks(state) if a.get("base") == "monster-wheel"]
    assert [a["amount"] for a in listed] == [1]  # only 1 defense is left
    state.apply({"do": "attack", "player": 0, "base": "monster-wheel", "amount": 1})
    after = state.export()["players"][0]
    assert after["bases"] == ["barter-world"]
    assert after["damage"] == [1]
    assert after["discard"] == ["monster-wheel"]
    assert state.export()["players"][1]["combat"] == 4


def test_raid_raiders_see_each_other_hands_but_not_the_boss() -> None:
    seats = [
        seat(authority=70, hand=["flagship"]),
        seat(hand=["gnat"]),
        seat(hand=["lance"]),
    ]
    state = table("raid", seats)
    raider = state.view(1)["players"]
    assert raider[2]["hand"] == ["lance"] and "hand" not in raider[0]
    boss = state.view(0)["players"]
    assert "hand" not in boss[1] and "hand" not in boss[2]
    assert "hand" not in state.view(None)["players"][1]


def test_raid_a_fallen_raider_hands_a_card_to_each_other_raider() -> None:
    seats = [
        seat(authority=70, hand=["dread-ship"]),
        seat(authority=5, hand=["gnat"], discard=["flagship", "viper"]),
        seat(),
        seat(),
    ]
    state = with_combat(table("raid", seats))
    state.apply({"do": "attack", "player": 1, "amount": 5})
    assert state.to_act == 1  # the fallen raider answers
    legal = state.legal_actions()
    assert {"do": "choose", "card": "flagship", "from": "discard"} in legal
    assert {"do": "choose", "card": "gnat", "from": "hand"} in legal
    assert {"do": "skip"} in legal
    state.apply({"do": "choose", "card": "flagship", "from": "discard"})
    assert state.to_act == 1
    assert state.export()["bequests"] == [[1, 3]]
    state.apply({"do": "skip"})
    assert state.to_act == 0  # back to the boss's turn
    doc = state.export()
    assert "flagship" in doc["players"][2]["discard"]
    assert doc["players"][3]["discard"] == []
    assert "bequests" not in doc


def test_raid_ends_when_the_boss_falls_or_every_raider_does() -> None:
    seats = [seat(authority=3), seat(hand=["gnat"]), seat()]
    state = table("raid", seats, current=1)
    state.apply({"do": "play", "card": "gnat"})
    state.apply({"do": "attack", "player": 0})
    assert state.over and state.winner == 1  # the raiders' team
    assert state.returns() == [0.0, 1.0, 1.0]
    seats = [seat(authority=70, hand=["dread-ship"]), seat(authority=4, hand=[]), seat()]
    state = with_combat(table("raid", seats))
    state.apply({"do": "attack", "player": 1, "amount": 7})
    state.apply({"do": "concede", "player": 2})
    assert state.over and state.winner == 0 and state.returns() == [1.0, 0.0, 0.0]


# ---------------------------------------------------------------------- emperor


def test_emperor_setup() -> None:
    state = GAME.new(seed=2, players=6, format="emperor")
    doc = state.export()
    assert state.to_act == 0
    assert [p["authority"] for p in doc["players"]] == [50, 60, 50, 50, 60, 50]
    assert [len(p["hand"]) for p in doc["players"]] == [3, 3, 3, 5, 5, 5]


def test_emperor_admirals_fight_the_admiral_opposite_first() -> None:
    seats = [seat(hand=["dread-ship"]) for _ in range(6)]
    seats[5] = seat(authority=3, hand=["lance"])
    state = with_combat(table("emperor", seats))
    assert attacks(state) == [{"do": "attack", "player": 5, "amount": a} for a in range(1, 8)]
    state.apply({"do": "attack", "player": 5, "amount": 3})
    state.apply({"do": "skip"})  # the fallen admiral keeps their cards
    # The 4 combat left goes on against the enemy emperor, the admiral's next target.
    assert attacks(state) == [{"do": "attack", "player": 4, "amount": a} for a in range(1, 5)]
    state.apply({"do": "attack", "player": 4, "amount": 4})
    assert state.export()["players"][4]["authority"] == 46
    state.apply({"do": "end"})
    # The emperor (seat 1) may attack anyone on the other team.
    with_combat(state)
    assert {a["player"] for a in attacks(state)} == {3, 4}
    state.apply({"do": "end"})
    state.apply({"do": "end"})
    state.apply({"do": "end"})
    state.apply({"do": "end"})
    assert state.to_act == 0
    # With the admiral opposite gone, admiral 0 turns on the enemy emperor.
    with_combat(state)
    assert attacks(state) == [{"do": "attack", "player": 4, "amount": a} for a in range(1, 8)]


def test_emperor_transfer_moves_a_discard_to_a_teammate_for_one_trade() -> None:
    seats = [seat(hand=["lookout"], discard=["flagship"]) for _ in range(6)]
    state = table("emperor", seats)
    assert not [a for a in state.legal_actions() if a["do"] == "transfer"]
    state.apply({"do": "play", "card": "lookout"})
    transfers = [a for a in state.legal_actions() if a["do"] == "transfer"]
    assert transfers == [
        {"do": "transfer", "card": "flagship", "player": 1},
        {"do": "transfer", "card": "flagship", "player": 2},
    ]
    with pytest.raises(rumizi.IllegalAction, match="teammate"):
        state.apply({"do": "transfer", "card": "flagship", "player": 3})
    state.apply({"do": "transfer", "card": "flagship", "player": 1})
    doc = state.export()
    assert doc["players"][0]["discard"] == [] and doc["players"][0]["trade"] == 0
    assert doc["players"][1]["discard"] == ["flagship", "flagship"]
    with pytest.raises(rumizi.IllegalAction):
        table("free-for-all", [seat(), seat(), seat()]).apply(
            {"do": "transfer", "card": "lookout", "player": 1}
        )


def test_emperor_a_fallen_admiral_may_enrich_their_emperor() -> None:
    seats = [seat(hand=["dread-ship"]) for _ in range(6)]
    seats[5] = seat(authority=2, hand=["lance"], bases=["trading-post"])
    state = with_combat(table("emperor", seats))
    state.apply({"do": "attack", "player": 5, "base": "trading-post"})
    state.apply({"do": "attack", "player": 5, "amount": 2})
    assert state.to_act == 5
    state.apply({"do": "choose", "card": "lance", "from": "hand"})
    assert state.to_act == 0
    assert "lance" in state.export()["players"][4]["discard"]
    state.apply({"do": "attack", "player": 4, "amount": 1})  # the combat left: the emperor
    assert state.export()["players"][4]["authority"] == 49


def test_emperor_the_team_falls_with_its_emperor() -> None:
    seats = [seat() for _ in range(6)]
    seats[1] = seat(hand=["dread-ship"])
    seats[4] = seat(authority=7)
    state = table("emperor", seats, current=1)
    with_combat(state)
    state.apply({"do": "attack", "player": 4, "amount": 7})
    assert state.over and state.winner == 0
    doc = state.export()
    assert [bool(p.get("eliminated")) for p in doc["players"]] == [False] * 3 + [True] * 3
    assert state.returns() == [1.0, 1.0, 1.0, 0.0, 0.0, 0.0]


# ---------------------------------------------------------------------- hydra


@pytest.mark.parametrize(("players", "authority"), [(4, 75), (6, 100)])
def test_hydra_setup(players: int, authority: int) -> None:
    for seed in range(6):
        state = GAME.new(seed=seed, players=players, format="hydra")
        doc = state.export()
        first = state.to_act
        assert first in (0, 1)  # the first seat of the team drawn to start
        assert all(p["authority"] == authority for p in doc["players"])
        assert [len(p["hand"]) for p in doc["players"]] == [
            3 if i % 2 == first else 5 for i in range(players)
        ]
    with pytest.raises(ValueError, match="4 or 6"):
        GAME.new(seed=1, players=5, format="hydra")


def _hydra(**seats: Doc) -> StarRealmsState:
    players = [seats.get(f"p{i}", seat()) for i in range(4)]
    return GAME.load(
        {
            "game": "star-realms",
            "format": "hydra",
            "turn": 1,
            "current": 0,
            "players": [{**p, "authority": 75} for p in players],
            "trade_row": list(ROW),
            "trade_deck": ["mothership", "dread-ship"],
            "scrap_heap": [],
            "seed": 5,
        }
    )


def test_hydra_team_turn_members_play_in_turn_then_all_discard_and_draw() -> None:
    state = _hydra(
        p0=seat(hand=["gnat"], deck=["viper"] * 5),
        p2=seat(hand=["lance"], deck=["lookout"] * 6),
    )
    assert state.to_act == 0
    state.apply({"do": "play", "card": "gnat"})
    state.apply({"do": "end"})
    assert state.to_act == 2  # the teammate's main phase; the team turn goes on
    doc = state.export()
    assert doc["players"][0]["in_play"] == ["gnat"]  # still in play until the team ends
    assert doc["players"][0]["combat"] == 3
    assert doc["turn"] == 1
    assert GAME.load(doc).export() == doc
    state.apply({"do": "play", "card": "lance"})
    # A teammate's Monster does not make Lance's Empire ally fire, nor Gnat's.
    assert state.export()["players"][2]["combat"] == 1
    state.apply({"do": "end"})
    doc = state.export()
    assert state.to_act == 1 and doc["turn"] == 2
    assert doc["players"][0]["hand"] == ["viper"] * 5
    assert sorted(doc["players"][0]["discard"]) == ["gnat"]
    assert sorted(doc["players"][2]["discard"]) == ["lance", "lookout"]  # Lance drew a card
    state.apply({"do": "end"})
    assert state.to_act == 3
    state.apply({"do": "end"})
    assert state.to_act == 0


def test_hydra_teammates_pool_trade_for_a_purchase_and_combat_for_a_base() -> None:
    state = _hydra(
        p0=seat(hand=["trade-pod", "gnat"]),
        p2=seat(hand=["explorer", "viper"]),
        p1=seat(bases=["barter-world"]),
    )
    state.apply({"do": "play", "card": "trade-pod"})  # 3 trade
    state.apply({"do": "play", "card": "gnat"})  # 3 combat (+2 from the pod's ally)
    state.apply({"do": "end"})
    state.apply({"do": "play", "card": "explorer"})  # 2 trade of their own
    legal = state.legal_actions()
    assert {"do": "buy", "card": "star-freighter", "member": 2} in legal  # 4 <= 2 + 3
    assert {"do": "buy", "card": "star-freighter", "member": 0} in legal
    assert not any(a["do"] == "buy" and a["card"] == "flagship" for a in legal)  # 6 > 5
    state.apply({"do": "buy", "card": "star-freighter", "member": 2})
    # One team pool: the buyer's own trade pays first, then the teammate's.
    doc = state.export()
    assert doc["players"][2]["trade"] == 0 and doc["players"][0]["trade"] == 1
    assert doc["players"][2]["discard"] == ["star-freighter"]
    state.apply({"do": "play", "card": "viper"})
    assert {"do": "attack", "player": 1, "base": "barter-world"} in state.legal_actions()
    state.apply({"do": "attack", "player": 1, "base": "barter-world"})
    doc = state.export()
    assert doc["players"][2]["combat"] == 0 and doc["players"][0]["combat"] == 2
    assert doc["players"][1]["discard"] == ["barter-world"]
    # Combat is one pool for players too: the whole of it, whoever made it, hits the team.
    assert [a for a in state.legal_actions() if a["do"] == "attack"] == [
        {"do": "attack", "player": 1},
        {"do": "attack", "player": 3},
    ]
    state.apply({"do": "attack", "player": 3})
    doc = state.export()
    assert doc["players"][1]["authority"] == doc["players"][3]["authority"] == 73
    assert doc["players"][0]["combat"] == doc["players"][2]["combat"] == 0


def test_hydra_a_member_spends_trade_that_a_later_member_makes() -> None:
    state = _hydra(
        p0=seat(hand=["trade-pod"]),
        p2=seat(hand=["explorer", "lookout"], deck=["viper"] * 5),
    )
    state.apply({"do": "play", "card": "trade-pod"})  # 3 trade: the flagship costs 6
    assert not any(a.get("card") == "flagship" for a in state.legal_actions())
    assert {"do": "pass", "player": 2} in state.legal_actions()
    state.apply({"do": "pass", "player": 2})  # player 2's main phase begins; 0's goes on
    assert state.to_act == 2
    state.apply({"do": "play", "card": "explorer"})
    state.apply({"do": "play", "card": "lookout"})
    state.apply({"do": "pass", "player": 0})
    assert state.to_act == 0
    doc = state.export()
    assert doc["players"][0]["in_play"] == ["trade-pod"]
    assert doc["players"][2]["in_play"] == ["explorer", "lookout"]
    assert "main_phase" not in doc["players"][0]  # playing, as seat order has it
    assert doc["players"][2]["main_phase"] == "playing"  # not waiting, as seat order has it
    assert doc["players"][0]["handed_play"] is True
    assert GAME.load(json.loads(json.dumps(doc))).export() == doc
    # The earlier member buys with the trade the later member made.
    state.events = []
    state.apply({"do": "buy", "card": "flagship", "member": 0})
    assert state.events[-2:] == [
        {"event": "buy", "player": 0, "card": "flagship", "member": 0},
        {"event": "refill", "slot": 4, "card": "mothership"},
    ]
    doc = state.export()
    assert doc["players"][0]["discard"] == ["flagship"]
    assert doc["players"][0]["trade"] == doc["players"][2]["trade"] == 0


def test_hydra_a_buy_names_the_member_who_takes_the_card() -> None:
    state = _hydra(p0=seat(hand=["trade-pod"]), p2=seat(discard=["viper"]))
    state.apply({"do": "play", "card": "trade-pod"})
    buys = [a for a in state.legal_actions() if a["do"] == "buy"]
    # Every affordable card once per member, the member acting first.
    assert buys[:2] == [
        {"do": "buy", "card": "merchant-skiff", "member": 0},
        {"do": "buy", "card": "merchant-skiff", "member": 2},
    ]
    assert {a["member"] for a in buys} == {0, 2}
    state.apply({"do": "buy", "card": "lance", "member": 2})
    doc = state.export()
    assert doc["players"][2]["discard"] == ["viper", "lance"]
    assert doc["players"][0]["discard"] == []
    assert doc["players"][0]["trade"] == 1
    state.apply({"do": "buy", "card": "merchant-skiff", "member": 0})
    assert state.export()["players"][0]["discard"] == ["merchant-skiff"]


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"do": "buy", "card": "lance"}, "say which member"),
        ({"do": "buy", "card": "lance", "member": 1}, "a seat of your team"),
        ({"do": "buy", "card": "lance", "member": 7}, "a seat of your team"),
        ({"do": "buy", "card": "lance", "member": "2"}, "a seat of your team"),
        ({"do": "buy", "card": "lance", "member": True}, "a seat of your team"),
        ({"do": "buy", "card": "flagship", "member": 2}, "costs 6"),
        ({"do": "pass", "player": 1}, "not a teammate"),
        ({"do": "pass", "player": 0}, "not a teammate"),
        ({"do": "pass", "player": "2"}, "not a teammate"),
        ({"do": "pass"}, "malformed"),
    ],
)
def test_hydra_a_bad_member_or_pass_is_refused_and_changes_nothing(
    action: dict[str, Any], message: str
) -> None:
    state = _hydra(p0=seat(hand=["trade-pod", "viper"]))
    state.apply({"do": "play", "card": "trade-pod"})
    before = state.export()
    with pytest.raises(rumizi.IllegalAction, match=message):
        state.apply(action)
    assert state.export() == before


def test_outside_hydra_a_buy_names_no_member_and_nobody_passes() -> None:
    state = table("free-for-all", [seat(hand=["trade-pod"]), seat(), seat()])
    state.apply({"do": "play", "card": "trade-pod"})
    before = state.export()
    with pytest.raises(rumizi.IllegalAction, match="only in hydra"):
        state.apply({"do": "buy", "card": "lance", "member": 0})
    with pytest.raises(rumizi.IllegalAction, match="unknown action 'pass'"):
        state.apply({"do": "pass", "player": 1})
    assert state.export() == before
    assert not any(a["do"] == "pass" or "member" in a for a in state.legal_actions())


def test_hydra_play_handed_over_must_be_used_before_it_is_handed_back() -> None:
    state = _hydra(p0=seat(hand=["viper"]), p2=seat(hand=["viper"]))
    state.apply({"do": "pass", "player": 2})  # at once: allowed, 0 has not been handed play
    assert {"do": "pass", "player": 0} not in state.legal_actions()
    with pytest.raises(rumizi.IllegalAction, match="just handed"):
        state.apply({"do": "pass", "player": 0})
    state.apply({"do": "play", "card": "viper"})
    state.apply({"do": "pass", "player": 0})
    state.apply({"do": "end"})  # 0's main phase is over: play goes back to 2
    assert state.to_act == 2
    assert not any(a["do"] == "pass" for a in state.legal_actions())  # nobody left to pass to
    doc = state.export()
    assert "main_phase" not in doc["players"][0]  # done, as seat order has it
    assert GAME.load(doc).export() == doc
    state.apply({"do": "end"})
    assert state.to_act == 1 and state.export()["turn"] == 2


def test_hydra_ships_of_both_members_mix_in_one_turn_allies_stay_each_members_own() -> None:
    state = _hydra(
        p0=seat(hand=["gnat", "trade-pod"]),
        p2=seat(hand=["pounder", "lance"]),
        p1=seat(bases=["trading-post"]),
    )
    state.apply({"do": "play", "card": "gnat"})  # 3 combat
    state.apply({"do": "pass", "player": 2})
    state.apply({"do": "play", "card": "pounder"})  # 5 combat; 0's Gnat is no ally of it
    doc = state.export()
    assert doc["players"][2]["combat"] == 5 and doc["players"][2]["allied"] == []
    assert doc["players"][0]["allied"] == []
    state.apply({"do": "pass", "player": 0})
    state.apply({"do": "play", "card": "trade-pod"})  # 3 trade; with 0's Gnat: both allies
    doc = state.export()
    assert doc["players"][0]["allied"] == ["gnat", "trade-pod"]
    assert doc["players"][0]["combat"] == 5  # 3 + the pod's 2 (the Gnat's ally draws a card)
    assert doc["players"][2]["allied"] == []  # the Pounder still has no Monster of 2's beside
    state.apply({"do": "attack", "player": 1, "base": "trading-post"})  # 4 of the 10 pooled
    state.apply({"do": "pass", "player": 2})
    state.apply({"do": "play", "card": "lance"})
    state.apply({"do": "attack", "player": 1})
    doc = state.export()
    assert doc["players"][1]["authority"] == doc["players"][3]["authority"] == 75 - 7
    assert doc["players"][0]["in_play"] == ["gnat", "trade-pod"]
    assert doc["players"][2]["in_play"] == ["pounder", "lance"]
    state.apply({"do": "end"})
    state.apply({"do": "end"})
    doc = state.export()
    assert state.to_act == 1  # then every member discarded and drew (their ships with them)
    for member, ships in ((0, ["gnat", "trade-pod"]), (2, ["lance", "pounder"])):
        p = doc["players"][member]
        assert sorted(p["hand"] + p["discard"]) == ships and "in_play" not in p


def test_hydra_a_concession_mid_turn_ends_the_game_and_keeps_every_card() -> None:
    from rumizi.games.star_realms.cards import conserved

    state = GAME.new(seed=4, players=4, format="hydra")
    before = conserved(state.export())
    me = state.current
    mate = (me + 2) % 4
    state.apply(next(a for a in state.legal_actions() if a["do"] == "play"))
    state.apply({"do": "pass", "player": mate})
    state.apply(next(a for a in state.legal_actions() if a["do"] == "play"))
    doc = state.export()
    assert doc["players"][me]["in_play"] and doc["players"][mate]["in_play"]
    state.apply({"do": "concede", "player": me})
    assert state.over and state.winner == 1 - me % 2
    doc = state.export()
    assert conserved(doc) == before
    assert doc["players"][me]["in_play"] and doc["players"][mate]["in_play"]
    assert GAME.load(json.loads(json.dumps(doc))).export() == doc


def test_hydra_one_authority_per_team_and_outposts_guard_the_whole_team() -> None:
    state = _hydra(
        p0=seat(hand=["caravan-ship", "dread-ship"]),
        p3=seat(bases=["trading-post"]),
        p1=seat(bases=["barter-world"]),
    )
    state.apply({"do": "play", "card": "caravan-ship"})  # 4 authority for the team
    doc = state.export()
    assert doc["players"][0]["authority"] == doc["players"][2]["authority"] == 79
    state.apply({"do": "play", "card": "dread-ship"})
    listed = attacks(state)
    assert listed == [{"do": "attack", "player": 3, "base": "trading-post"}]
    state.apply({"do": "attack", "player": 3, "base": "trading-post"})
    listed = attacks(state)
    assert {"do": "attack", "player": 1} in listed and {"do": "attack", "player": 3} in listed
    state.apply({"do": "attack", "player": 3})  # the whole pool, at the shared authority
    doc = state.export()
    assert doc["players"][1]["authority"] == doc["players"][3]["authority"] == 72


def test_hydra_a_team_at_zero_loses_together() -> None:
    state = _hydra(p0=seat(hand=["dread-ship"]))
    doc = state.export()
    for i in (1, 3):
        doc["players"][i]["authority"] = 7
    state = GAME.load(doc)
    state.apply({"do": "play", "card": "dread-ship"})
    state.apply({"do": "attack", "player": 1})
    assert state.over and state.winner == 0
    assert state.returns() == [1.0, 0.0, 1.0, 0.0]
    bad = state.export()
    bad["players"][2]["authority"] = 3
    with pytest.raises(ValueError, match="shared authority"):
        GAME.load(bad)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), players=st.sampled_from([4, 6]))
def test_hydra_passes_never_loop_and_documents_round_trip(seed: int, players: int) -> None:
    # Within a team's turn, every pass but the first needs an action between it and the last
    # one; the documents of every position load back to themselves, and keep every card.
    from rumizi.games.star_realms.cards import conserved

    state = GAME.new(seed=seed, players=players, format="hydra")
    before = conserved(state.export())
    rng = random.Random(seed)
    streak = 0
    for _ in range(400):
        if state.over:
            break
        legal = state.legal_actions()
        # Favour passing, to press on the rule.
        passes = [a for a in legal if a["do"] == "pass"]
        action = rng.choice(passes if passes and rng.random() < 0.5 else legal)
        streak = streak + 1 if action["do"] == "pass" else 0
        assert streak <= 1
        turn = state.turn
        state.apply(action)
        if state.turn != turn:
            streak = 0
        doc = state.export()
        assert conserved(doc) == before
        assert GAME.load(json.loads(json.dumps(doc))).export() == doc


def test_hydra_texts_name_the_member_a_purchase_is_for_and_the_pass() -> None:
    state = _hydra(p0=seat(hand=["trade-pod"]))
    state.apply({"do": "play", "card": "trade-pod"})
    view = state.view(0)
    en, fa = T.seats_for("en", 4, you=0), T.seats_for("fa", 4, you=0)
    for_mate = {"do": "buy", "card": "lance", "member": 2}
    assert T.action_text(for_mate, view, en).startswith("Buy Lance for 2 trade for Player 3 — ")
    assert T.action_text({**for_mate, "member": 0}, view, en).startswith("Buy Lance for 2 trade —")
    assert T.action_text(for_mate, view, fa).startswith("«نیزه» را به ۲ تجارت برای بازیکن ۳ بخرید")
    passing = {"do": "pass", "player": 2}
    assert T.action_text(passing, view, en) == "Hand play to Player 3 (your main phase goes on)"
    assert T.action_text(passing, view, fa) == (
        "بازی را به بازیکن ۳ بسپارید (مرحلهٔ اصلی شما ادامه دارد)"
    )
    events = [
        {"event": "pass", "player": 0, "to": 2},
        {"event": "buy", "player": 0, "card": "lance", "member": 2},
    ]
    assert [T.event_text(e, "en", en) for e in events] == [
        "You handed play to Player 3.",
        "You bought Lance for 2 trade, for Player 3.",
    ]
    assert [T.event_text(e, "fa", fa) for e in events] == [
        "شما بازی را به بازیکن ۳ سپردید.",
        "شما «نیزه» را به ۲ تجارت برای بازیکن ۳ خریدید.",
    ]
