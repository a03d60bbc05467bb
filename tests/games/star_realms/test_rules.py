"""The duel's rules, spec §1, and the listing rules of spec §4, one behaviour at a time."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import pytest

import rumizi
from rumizi.games.star_realms import GAME, StarRealmsState
from rumizi.games.star_realms.cards import CARDS, TRADE_DECK

Doc = dict[str, Any]
Me = Callable[[StarRealmsState], Doc]
Position = Callable[..., StarRealmsState]

DECK = ["cruiser", "gnat", "lance", "pounder", "stinger", "flagship", "trade-pod"]


def mid_turn(**player: Any) -> dict[str, Any]:
    """Fields that make a document resume mid-turn with empty pools."""
    return {"trade": 0, "combat": 0, "in_play": [], "played": [], **player}


def key(action: Doc) -> str:
    return json.dumps(action, sort_keys=True)


def listed(state: StarRealmsState) -> set[str]:
    """The legal actions as a set, after checking the list holds no duplicates."""
    keys = [key(a) for a in state.legal_actions()]
    assert len(keys) == len(set(keys)), keys
    return set(keys)


def as_set(actions: Iterable[Doc]) -> set[str]:
    return {key(a) for a in actions}


def ally_events(state: StarRealmsState) -> list[str]:
    assert state.events is not None
    return [e["card"] for e in state.events if e["event"] == "ally"]


# ------------------------------------------------------------------------------ set-up


@pytest.mark.parametrize("seed", range(8))
def test_new_game_set_up(seed: int) -> None:
    state = GAME.new(seed=seed)
    doc = state.export()
    first = doc["current"]
    assert state.to_act == first and not state.over and state.winner is None
    assert doc["turn"] == 1
    for i, p in enumerate(doc["players"]):
        assert p["authority"] == 50
        assert p["bases"] == [] and p["discard"] == [] and p["pending_discards"] == 0
        assert Counter(p["hand"] + p["deck"]) == {"lookout": 8, "viper": 2}
        assert len(p["hand"]) == (3 if i == first else 5)
    me = doc["players"][first]
    assert me["trade"] == 0 and me["combat"] == 0 and me["in_play"] == []
    assert len(doc["trade_row"]) == 5 and None not in doc["trade_row"]
    assert len(doc["trade_deck"]) == 60
    assert Counter(doc["trade_row"] + doc["trade_deck"]) == Counter(CARDS[i].id for i in TRADE_DECK)
    assert doc["scrap_heap"] == []


def test_first_player_and_shuffles_come_from_the_seed() -> None:
    firsts = {GAME.new(seed=s).to_act for s in range(24)}
    assert firsts == {0, 1}
    assert GAME.new(seed=11).export() == GAME.new(seed=11).export()
    assert rumizi.game("star-realms").new(seed=11).export() == GAME.new(seed=11).export()
    rows = {tuple(GAME.new(seed=s).export()["trade_row"]) for s in range(6)}
    assert len(rows) > 1
    decks = {tuple(GAME.new(seed=s).export()["players"][0]["deck"]) for s in range(12)}
    assert len(decks) > 1


def test_authority_has_no_upper_limit(position: Position, me: Me) -> None:
    state = position(me=mid_turn(hand=["caravan-ship"]))
    state.apply({"do": "play", "card": "caravan-ship"})
    assert me(state)["authority"] == 54


# ------------------------------------------------------------------------------ buying


def test_buying_a_row_card(position: Position, me: Me) -> None:
    state = position(me=mid_turn(hand=["viper"], trade=5, discard=["lookout"]))
    before = state.export()
    state.apply({"do": "buy", "card": "star-freighter"})  # slot 3, cost 4
    doc = state.export()
    p = me(state)
    assert p["trade"] == 1
    assert p["discard"] == ["lookout", "star-freighter"]
    assert p["in_play"] == [] and p["played"] == [] and p["hand"] == ["viper"]
    assert doc["trade_row"] == [*before["trade_row"][:3], "mothership", before["trade_row"][4]]
    assert doc["trade_deck"] == before["trade_deck"][1:]


def test_a_bought_card_is_not_played_and_wakes_no_ally(position: Position, me: Me) -> None:
    state = position(
        me=mid_turn(in_play=["gnat"], played=["gnat"], combat=3, trade=5, deck=DECK),
        trade_row=["trade-pod", "lance", "supply-bot", "star-freighter", "flagship"],
    )
    state.apply({"do": "buy", "card": "trade-pod"})
    p = me(state)
    assert p["allied"] == [] and p["hand"] == [] and p["combat"] == 3 and p["trade"] == 3


def test_buying_with_an_empty_trade_deck_leaves_the_slot_empty(position: Position, me: Me) -> None:
    state = position(me=mid_turn(trade=10), trade_deck=[])
    state.apply({"do": "buy", "card": "lance"})
    doc = state.export()
    assert doc["trade_row"] == ["merchant-skiff", None, "supply-bot", "star-freighter", "flagship"]
    assert me(state)["trade"] == 8
    assert not any(a["do"] == "buy" and a["card"] is None for a in state.legal_actions())


def test_explorers_cost_2_and_never_run_out(position: Position, me: Me) -> None:
    state = position(me=mid_turn(trade=7))
    row = state.export()["trade_row"]
    for _ in range(3):
        assert {"do": "buy", "card": "explorer"} in state.legal_actions()
        state.apply({"do": "buy", "card": "explorer"})
    p = me(state)
    assert p["discard"] == ["explorer"] * 3 and p["trade"] == 1
    assert state.export()["trade_row"] == row
    assert {"do": "buy", "card": "explorer"} not in state.legal_actions()


def test_buying_takes_the_earliest_copy_in_the_row(position: Position) -> None:
    state = position(me=mid_turn(trade=1), trade_row=["lance", "gnat", "pounder", "gnat", "lance"])
    state.apply({"do": "buy", "card": "gnat"})
    assert state.export()["trade_row"] == ["lance", "mothership", "pounder", "gnat", "lance"]


def test_clearing_takes_the_earliest_copy_in_the_row(position: Position) -> None:
    state = position(
        me=mid_turn(hand=["stinger"]), trade_row=["lance", "gnat", "pounder", "gnat", "lance"]
    )
    state.apply({"do": "play", "card": "stinger"})
    state.apply({"do": "choose", "card": "lance", "from": "trade_row"})
    assert state.export()["trade_row"] == ["mothership", "gnat", "pounder", "gnat", "lance"]


# ------------------------------------------------------------------- attacks and bases


def test_attacking_the_player_deals_the_whole_pool(position: Position, me: Me, opp: Me) -> None:
    state = position(me=mid_turn(combat=7))
    assert {"do": "attack", "player": 1} in state.legal_actions()
    assert not any("amount" in a for a in state.legal_actions())
    state.apply({"do": "attack", "player": 1})
    assert opp(state)["authority"] == 43 and me(state)["combat"] == 0
    assert not any(a["do"] == "attack" for a in state.legal_actions())


def test_an_outpost_protects_its_owner_and_their_other_bases(position: Position) -> None:
    state = position(
        me=mid_turn(combat=20), opp={"bases": ["barter-world", "trading-post", "monster-world"]}
    )
    attacks = {a for a in listed(state) if '"attack"' in a}
    assert attacks == as_set([{"do": "attack", "player": 1, "base": "trading-post"}])
    state.apply({"do": "attack", "player": 1, "base": "trading-post"})
    attacks = {a for a in listed(state) if '"attack"' in a}
    assert attacks == as_set(
        [
            {"do": "attack", "player": 1, "base": "barter-world"},
            {"do": "attack", "player": 1, "base": "monster-world"},
            {"do": "attack", "player": 1},
        ]
    )


def test_every_outpost_may_be_attacked_in_any_order(position: Position) -> None:
    state = position(me=mid_turn(combat=20), opp={"bases": ["trading-post", "royal-fortress"]})
    attacks = {a for a in listed(state) if '"attack"' in a}
    assert attacks == as_set(
        [
            {"do": "attack", "player": 1, "base": "trading-post"},
            {"do": "attack", "player": 1, "base": "royal-fortress"},
        ]
    )


def test_attacking_a_base_spends_exactly_its_defense(position: Position, me: Me, opp: Me) -> None:
    state = position(
        me=mid_turn(combat=10),
        opp={"bases": ["barter-world", "monster-wheel"], "discard": ["viper"]},
    )
    state.apply({"do": "attack", "player": 1, "base": "monster-wheel"})
    assert me(state)["combat"] == 5
    theirs = opp(state)
    assert theirs["bases"] == ["barter-world"]
    assert theirs["discard"] == ["viper", "monster-wheel"]
    assert theirs["authority"] == 50
    assert state.export()["scrap_heap"] == []


def test_a_base_needs_combat_at_least_its_defense(position: Position) -> None:
    state = position(me=mid_turn(combat=6), opp={"bases": ["monster-world", "central-port"]})
    attacks = {a for a in listed(state) if '"attack"' in a}
    assert attacks == as_set([{"do": "attack", "player": 1, "base": "central-port"}])
    state = position(me=mid_turn(combat=6), opp={"bases": ["monster-world"]})
    attacks = {a for a in listed(state) if '"attack"' in a}
    assert attacks == as_set([{"do": "attack", "player": 1}])


def test_attacking_takes_the_earliest_copy(position: Position, opp: Me) -> None:
    state = position(
        me=mid_turn(combat=4), opp={"bases": ["trading-post", "central-port", "trading-post"]}
    )
    state.apply({"do": "attack", "player": 1, "base": "trading-post"})
    assert opp(state)["bases"] == ["central-port", "trading-post"]


def test_a_base_stays_in_play_across_turns(position: Position, me: Me) -> None:
    state = position(me=mid_turn(hand=["barter-world"], deck=DECK))
    state.apply({"do": "play", "card": "barter-world"})
    state.apply({"do": "end"})
    assert state.export()["players"][0]["bases"] == ["barter-world"]
    state.apply({"do": "end"})
    p = me(state)
    assert state.to_act == 0 and p["bases"] == ["barter-world"]
    assert p["trade"] == 2 and p["authority"] == 52 + 2


# ----------------------------------------------------------------------------- allies


def test_an_ally_fires_when_a_later_card_is_played(position: Position, me: Me) -> None:
    state = position(me=mid_turn(hand=["gnat", "trade-pod"], deck=DECK))
    state.events = []
    state.apply({"do": "play", "card": "gnat"})
    p = me(state)
    assert p["combat"] == 3 and p["allied"] == [] and p["hand"] == ["trade-pod"]
    state.apply({"do": "play", "card": "trade-pod"})
    p = me(state)
    assert p["trade"] == 3 and p["combat"] == 3 + 2
    assert p["hand"] == ["cruiser"]  # the gnat's ally drew a card
    assert p["allied"] == ["gnat", "trade-pod"]
    assert ally_events(state) == ["gnat", "trade-pod"]


def test_two_same_faction_bases_fire_each_other_at_the_start_of_the_turn(
    position: Position, me: Me, opp: Me
) -> None:
    state = position(me={"bases": ["space-station", "royal-fortress"]})
    p = me(state)
    assert p["combat"] == 2 + 3 + 2
    assert p["allied"] == ["space-station", "royal-fortress"]
    assert opp(state)["pending_discards"] == 1


def test_a_lone_base_has_no_ally(position: Position, me: Me, opp: Me) -> None:
    state = position(me={"bases": ["royal-fortress", "monster-wheel"]})
    p = me(state)
    assert p["combat"] == 3 + 1 and p["allied"] == []
    assert opp(state)["pending_discards"] == 0


def test_allies_fire_again_every_turn(position: Position, me: Me, opp: Me) -> None:
    state = position(me={"bases": ["space-station", "royal-fortress"], "deck": DECK})
    state.apply({"do": "end"})
    state.apply({"do": "choose", "card": "lookout", "from": "hand"})  # their forced discard
    state.apply({"do": "end"})
    p = me(state)
    assert state.to_act == 0 and p["combat"] == 7
    assert p["allied"] == ["space-station", "royal-fortress"]
    assert opp(state)["pending_discards"] == 1


@pytest.mark.parametrize("base", ["trading-post", "barter-world"])
@pytest.mark.parametrize("when", ["earlier turn", "this turn"])
def test_a_base_counts_as_a_partner(base: str, when: str, position: Position, me: Me) -> None:
    if when == "earlier turn":
        state = position(me={"bases": [base], "hand": ["merchant-skiff"]})
    else:
        state = position(me=mid_turn(hand=[base, "merchant-skiff"]))
        state.apply({"do": "play", "card": base})
    authority = me(state)["authority"]
    state.apply({"do": "play", "card": "merchant-skiff"})
    assert me(state)["authority"] == authority + 4
    assert "merchant-skiff" in me(state)["allied"]


def test_a_card_played_then_scrapped_still_counts(position: Position, me: Me) -> None:
    state = position(me=mid_turn(hand=["pounder", "gnat"], deck=DECK))
    state.apply({"do": "play", "card": "pounder"})
    state.apply({"do": "scrap", "card": "pounder"})
    state.apply({"do": "play", "card": "gnat"})
    p = me(state)
    assert p["hand"] == ["cruiser"]  # gnat's ally: draw 1
    assert p["combat"] == 5 + 3  # the scrapped pounder's ally is gone with it
    assert p["trade"] == 3
    assert p["played"] == ["pounder", "gnat"] and p["in_play"] == ["gnat"]
    assert p["allied"] == ["gnat"]


def test_a_base_played_this_turn_then_scrapped_still_counts(position: Position, me: Me) -> None:
    state = position(me=mid_turn(hand=["monster-wheel", "gnat"], deck=DECK))
    state.apply({"do": "play", "card": "monster-wheel"})
    state.apply({"do": "scrap", "card": "monster-wheel"})
    state.apply({"do": "play", "card": "gnat"})
    assert me(state)["hand"] == ["cruiser"]


def test_a_base_from_an_earlier_turn_scrapped_no_longer_counts(position: Position, me: Me) -> None:
    state = position(me={"bases": ["monster-wheel"], "hand": ["gnat"], "deck": DECK})
    assert me(state)["combat"] == 1
    state.apply({"do": "scrap", "card": "monster-wheel"})
    state.apply({"do": "play", "card": "gnat"})
    p = me(state)
    assert p["hand"] == [] and p["allied"] == [] and p["combat"] == 4 and p["trade"] == 3


def test_each_ally_fires_once_per_turn(position: Position, me: Me) -> None:
    state = position(
        me={"bases": ["space-station"], "hand": ["imperial-fighter", "lance", "gnat"], "deck": DECK}
    )
    state.events = []
    assert me(state)["combat"] == 2 and me(state)["allied"] == []
    state.apply({"do": "play", "card": "imperial-fighter"})
    assert me(state)["combat"] == 2 + 2 + 2 + 2  # primaries, then both allies
    state.apply({"do": "play", "card": "lance"})
    p = me(state)
    assert p["combat"] == 8 + 1 + 2  # lance and its ally only
    assert p["hand"] == ["gnat", "cruiser"]
    state.apply({"do": "play", "card": "gnat"})
    assert me(state)["combat"] == 11 + 3
    assert ally_events(state) == ["space-station", "imperial-fighter", "lance"]
    assert me(state)["allied"] == ["space-station", "imperial-fighter", "lance"]


def test_two_copies_each_fire_once(position: Position, me: Me) -> None:
    state = position(me=mid_turn(hand=["gnat", "gnat", "gnat"], deck=DECK))
    for _ in range(3):
        state.apply({"do": "play", "card": "gnat"})
    p = me(state)
    assert p["combat"] == 9 and p["hand"] == DECK[:3]
    assert p["allied"] == ["gnat", "gnat", "gnat"]


def test_allies_fire_in_the_order_cards_came_into_play(position: Position) -> None:
    state = position(
        me={"bases": ["space-station"], "hand": ["lance", "royal-fortress"]},
    )
    state.events = []
    state.apply({"do": "play", "card": "lance"})
    state.apply({"do": "play", "card": "royal-fortress"})
    assert ally_events(state) == ["space-station", "lance", "royal-fortress"]


@pytest.mark.parametrize(
    ("bases", "order"),
    [
        (["royal-fortress", "space-station"], ["royal-fortress", "space-station"]),
        (["space-station", "royal-fortress"], ["space-station", "royal-fortress"]),
    ],
)
def test_at_the_start_of_a_turn_allies_fire_in_the_order_bases_were_played(
    bases: list[str], order: list[str], position: Position
) -> None:
    # Player 1 ends a turn, so that player 0's turn starts while events are collected.
    state = position(current=1, me=mid_turn(deck=DECK), opp={"bases": bases})
    state.events = []
    state.apply({"do": "end"})
    assert state.events is not None
    effects = [
        (e["event"], e["card"])
        for e in state.events
        if e["event"] in ("combat", "opp-discard", "ally") and e["player"] == 0
    ]
    ally = {
        "royal-fortress": [("ally", "royal-fortress"), ("opp-discard", "royal-fortress")],
        "space-station": [("ally", "space-station"), ("combat", "space-station")],
    }
    # Every primary, in the order played, then every ally, in the same order.
    assert effects == [("combat", b) for b in order] + ally[order[0]] + ally[order[1]]


# ----------------------------------------------------------------- resolution order


def test_a_cards_own_choice_resolves_before_any_ally(position: Position, me: Me) -> None:
    # A gnat played earlier this turn, its ally still waiting for a partner.
    state = position(
        me=mid_turn(in_play=["gnat"], played=["gnat"], combat=3, hand=["stinger"], deck=DECK)
    )
    state.apply({"do": "play", "card": "stinger"})
    p = me(state)
    assert p["pending"] == {"choice": "clear-row", "card": "stinger", "optional": True}
    assert p["combat"] == 3 + 4 and p["allied"] == [] and p["hand"] == []
    state.apply({"do": "skip"})
    p = me(state)
    assert p["combat"] == 3 + 4 + 2 and p["hand"] == ["cruiser"]
    assert p["allied"] == ["gnat", "stinger"]


def test_an_ally_with_a_choice_resolves_before_the_next_ally(position: Position, me: Me) -> None:
    state = position(
        me=mid_turn(in_play=["destroyer"], played=["destroyer"], combat=6, hand=["gnat"], deck=DECK)
    )
    state.apply({"do": "play", "card": "gnat"})
    p = me(state)
    assert p["pending"] == {"choice": "clear-row", "card": "destroyer", "optional": True}
    assert p["allied"] == ["destroyer"] and p["hand"] == []  # gnat's draw waits
    state.apply({"do": "choose", "card": "lance", "from": "trade_row"})
    p = me(state)
    assert p["allied"] == ["destroyer", "gnat"] and p["hand"] == ["cruiser"]


def test_effects_resolve_in_the_order_printed(position: Position, me: Me) -> None:
    # Trade Bot: trade 1 comes before its scrap-card choice.
    state = position(me=mid_turn(hand=["trade-bot", "viper"]))
    state.apply({"do": "play", "card": "trade-bot"})
    assert me(state)["pending"] is not None and me(state)["trade"] == 1
    # Machine Base: draw 1 comes before its scrap-card, so the drawn card can be scrapped.
    state = position(me=mid_turn(hand=["machine-base"], deck=["pounder", "viper"]))
    state.apply({"do": "play", "card": "machine-base"})
    assert {"do": "choose", "card": "pounder", "from": "hand"} in state.legal_actions()
    state.apply({"do": "choose", "card": "pounder", "from": "hand"})
    assert me(state)["hand"] == [] and state.export()["scrap_heap"] == ["pounder"]


def test_nothing_else_may_happen_while_a_choice_is_open(position: Position) -> None:
    state = position(me=mid_turn(hand=["trade-bot", "viper"], discard=["lookout"], combat=3))
    state.apply({"do": "play", "card": "trade-bot"})
    assert listed(state) == as_set(
        [
            {"do": "choose", "card": "viper", "from": "hand"},
            {"do": "choose", "card": "lookout", "from": "discard"},
            {"do": "skip"},
        ]
    )


# ---------------------------------------------------------------------- forced discards


def test_opp_discards_stack(position: Position, opp: Me) -> None:
    state = position(
        me=mid_turn(
            hand=["imperial-fighter", "imperial-frigate", "cruiser", "survey-ship"], deck=DECK
        ),
        opp={"pending_discards": 1},
    )
    state.apply({"do": "play", "card": "imperial-fighter"})
    state.apply({"do": "play", "card": "imperial-frigate"})  # ally fires too: no discard
    state.apply({"do": "play", "card": "cruiser"})  # its ally: opp-discard 1
    assert opp(state)["pending_discards"] == 1 + 1 + 1 + 1
    state.apply({"do": "play", "card": "survey-ship"})
    state.apply({"do": "scrap", "card": "survey-ship"})  # its scrap: opp-discard 1
    assert opp(state)["pending_discards"] == 5
    assert opp(state)["hand"] == ["lookout"] * 5  # nothing is discarded before their turn


def test_forced_discards_come_first_and_are_not_optional(position: Position, me: Me) -> None:
    state = position(
        me={
            "hand": ["viper", "lookout", "lookout", "gnat", "gnat"],
            "bases": ["machine-base", "trading-post"],
            "deck": ["pounder"],
            "pending_discards": 2,
        }
    )
    for left in (2, 1):
        p = me(state)
        assert p["pending"] == {"choice": "discard", "card": None, "optional": False}
        assert p["pending_discards"] == 0
        assert p["trade"] == 0 and p["authority"] == 50 and "pounder" not in p["hand"]
        assert listed(state) == as_set(
            {"do": "choose", "card": c, "from": "hand"} for c in set(p["hand"])
        )
        state.apply({"do": "choose", "card": "gnat" if left == 2 else "viper", "from": "hand"})
    p = me(state)
    # Then the bases, in order: Machine Base draws, then its scrap-card choice opens.
    assert p["pending"] == {"choice": "scrap-card", "card": "machine-base", "optional": True}
    assert p["hand"] == ["lookout", "lookout", "gnat", "pounder"]
    assert p["discard"] == ["gnat", "viper"]
    assert p["trade"] == 0  # Trading Post comes after Machine Base
    state.apply({"do": "skip"})
    assert me(state)["trade"] == 1 and me(state)["authority"] == 51


@pytest.mark.parametrize(("pending", "hand", "discards"), [(3, 2, 2), (1, 5, 1), (2, 0, 0)])
def test_forced_discards_are_min_of_pending_and_hand_size(
    pending: int, hand: int, discards: int, position: Position, me: Me
) -> None:
    state = position(me={"hand": ["lookout"] * hand, "pending_discards": pending})
    for _ in range(discards):
        assert me(state)["pending"] == {"choice": "discard", "card": None, "optional": False}
        state.apply({"do": "choose", "card": "lookout", "from": "hand"})
    p = me(state)
    assert p["pending"] is None and p["pending_discards"] == 0
    assert len(p["hand"]) == hand - discards and len(p["discard"]) == discards
    assert {"do": "end"} in state.legal_actions()


def test_start_of_turn_order_bases_then_allies(position: Position, me: Me, opp: Me) -> None:
    # Machine Base comes last: when its choice opens, the other primaries are done, no ally.
    state = position(
        me={"bases": ["space-station", "royal-fortress", "machine-base"], "discard": ["viper"]}
    )
    p = me(state)
    assert p["pending"] == {"choice": "scrap-card", "card": "machine-base", "optional": True}
    assert p["combat"] == 2 + 3 and p["allied"] == []
    assert opp(state)["pending_discards"] == 0
    state.apply({"do": "skip"})
    assert me(state)["combat"] == 7 and me(state)["allied"] == ["space-station", "royal-fortress"]
    assert opp(state)["pending_discards"] == 1


def test_base_primaries_run_in_the_order_the_bases_were_played(position: Position, me: Me) -> None:
    state = position(me={"bases": ["trading-post", "machine-base"], "discard": ["viper"]})
    assert me(state)["pending"] is not None and me(state)["trade"] == 1
    state = position(me={"bases": ["machine-base", "trading-post"], "discard": ["viper"]})
    assert me(state)["pending"] is not None and me(state)["trade"] == 0


# ------------------------------------------------------------------------- end of turn


def test_end_of_turn(position: Position, me: Me) -> None:
    deck = ["cruiser", "gnat", "lance", "pounder", "stinger", "flagship"]
    state = position(
        me=mid_turn(
            hand=["viper", "lookout"],
            in_play=["gnat", "lance"],
            played=["gnat", "lance"],
            bases=["trading-post"],
            trade=3,
            combat=4,
            deck=deck,
            discard=["explorer"],
        ),
        turn=5,
    )
    state.apply({"do": "end"})
    doc = state.export()
    mine = doc["players"][0]
    assert state.to_act == 1 and doc["current"] == 1 and doc["turn"] == 6
    assert Counter(mine["discard"]) == Counter(["explorer", "gnat", "lance", "viper", "lookout"])
    assert mine["discard"][0] == "explorer"
    assert mine["hand"] == deck[:5] and mine["deck"] == deck[5:]
    assert mine["bases"] == ["trading-post"]
    assert "trade" not in mine and "in_play" not in mine
    assert doc["players"][1]["trade"] == 0 and doc["players"][1]["combat"] == 0
    # Unspent pools are lost: next turn starts from the base's trade alone.
    state.apply({"do": "end"})
    p = me(state)
    assert p["trade"] == 1 and p["combat"] == 0 and p["in_play"] == []


def test_end_of_turn_discards_before_drawing(position: Position) -> None:
    state = position(
        me=mid_turn(hand=["viper"], in_play=["gnat"], played=["gnat"], deck=["pounder", "stinger"])
    )
    state.apply({"do": "end"})
    mine = state.export()["players"][0]
    assert mine["hand"][:2] == ["pounder", "stinger"]
    assert Counter(mine["hand"][2:]) == {"viper": 1, "gnat": 1}
    assert mine["deck"] == [] and mine["discard"] == []


def test_draw_reshuffles_the_discard_when_the_deck_is_empty(position: Position, me: Me) -> None:
    doc_fields = mid_turn(
        hand=["command-ship"], deck=["lance"], discard=["viper", "gnat", "pounder"]
    )
    state = position(me=doc_fields)
    seed = state.export()["seed"]
    state.apply({"do": "play", "card": "command-ship"})
    p = me(state)
    assert p["hand"][0] == "lance" and len(p["hand"]) == 2
    assert Counter(p["hand"][1:] + p["deck"]) == {"viper": 1, "gnat": 1, "pounder": 1}
    assert p["discard"] == []
    assert state.export()["seed"] != seed
    # Same position, same seed: the same shuffle.
    again = position(me=doc_fields)
    again.apply({"do": "play", "card": "command-ship"})
    assert again.export() == state.export()


def test_no_reshuffle_while_the_deck_has_cards(position: Position, me: Me) -> None:
    state = position(me=mid_turn(hand=["command-ship"], deck=DECK, discard=["viper"]))
    seed = state.export()["seed"]
    state.apply({"do": "play", "card": "command-ship"})
    p = me(state)
    assert p["hand"] == DECK[:2] and p["deck"] == DECK[2:] and p["discard"] == ["viper"]
    assert state.export()["seed"] == seed


def test_a_draw_with_deck_and_discard_empty_draws_nothing(position: Position, me: Me) -> None:
    state = position(me=mid_turn(hand=["command-ship"], deck=["lance"]))
    state.apply({"do": "play", "card": "command-ship"})
    p = me(state)
    assert p["hand"] == ["lance"] and p["deck"] == [] and p["discard"] == []
    assert p["authority"] == 54 and p["combat"] == 5


# ---------------------------------------------------------------------------- game end


@pytest.mark.parametrize("authority", [5, 3])
def test_the_game_ends_at_zero_authority_or_less(
    authority: int, position: Position, opp: Me
) -> None:
    state = position(me=mid_turn(combat=5, hand=["viper"]), opp={"authority": authority})
    state.apply({"do": "attack", "player": 1})
    assert state.over and state.winner == 0 and state.to_act is None
    assert state.legal_actions() == []
    assert opp(state)["authority"] == authority - 5


def test_one_authority_left_is_still_alive(position: Position) -> None:
    state = position(me=mid_turn(combat=4), opp={"authority": 5})
    state.apply({"do": "attack", "player": 1})
    assert not state.over and state.to_act == 0 and state.winner is None


@pytest.mark.parametrize("with_choice_open", [False, True])
def test_conceding_is_a_loss(with_choice_open: bool, position: Position) -> None:
    state = position(me=mid_turn(hand=["stinger"]), current=1)
    if with_choice_open:
        state.apply({"do": "play", "card": "stinger"})
    assert {"do": "concede"} not in state.legal_actions()
    state.apply({"do": "concede"})
    assert state.over and state.winner == 0 and state.to_act is None
    assert state.legal_actions() == []


def test_the_player_not_to_act_may_concede_too(position: Position) -> None:
    state = position(me=mid_turn(hand=["viper"]))
    state.apply({"do": "concede", "player": 1})
    assert state.over and state.winner == 0 and state.to_act is None


def test_loading_a_finished_position(position: Position) -> None:
    state = position(opp={"authority": 0})
    assert state.over and state.winner == 0 and state.to_act is None
    assert state.legal_actions() == []


def test_a_whole_game_ends_with_a_winner() -> None:
    rng = random.Random(5)
    state = GAME.new(seed=5)
    for _ in range(5000):
        if state.over:
            break
        acts = state.legal_actions()
        attacks = [a for a in acts if a["do"] == "attack"]
        buys = [a for a in acts if a["do"] == "buy"]
        plays = [a for a in acts if a["do"] in ("play", "choose")]
        state.apply((plays or attacks or buys or [rng.choice(acts)])[0])
    assert state.over and state.winner in (0, 1) and state.to_act is None
    doc = state.export()
    assert doc["players"][1 - state.winner]["authority"] <= 0
    assert doc["players"][state.winner]["authority"] > 0


# ------------------------------------------------------------------------ listing rules


def test_listing_in_a_typical_position(position: Position) -> None:
    state = position(
        me=mid_turn(
            hand=["lookout", "lookout", "viper", "lookout"],
            trade=3,
            combat=5,
            in_play=["explorer", "pounder", "explorer"],
            played=["explorer", "pounder", "explorer"],
        ),
        opp={"bases": ["barter-world", "monster-world", "barter-world"]},
        trade_row=["merchant-skiff", "lance", "supply-bot", "lance", "flagship"],
    )
    assert listed(state) == as_set(
        [
            {"do": "play", "card": "lookout"},
            {"do": "play", "card": "viper"},
            {"do": "buy", "card": "merchant-skiff"},
            {"do": "buy", "card": "lance"},
            {"do": "buy", "card": "supply-bot"},
            {"do": "buy", "card": "explorer"},
            {"do": "scrap", "card": "explorer"},
            {"do": "scrap", "card": "pounder"},
            {"do": "attack", "player": 1, "base": "barter-world"},
            {"do": "attack", "player": 1},
            {"do": "end"},
        ]
    )


def test_listing_with_nothing_to_do(position: Position) -> None:
    state = position(me=mid_turn(trade=1), opp={"bases": ["trading-post"]})
    # Trade 1 buys the skiff but no explorer; no combat, no attack.
    assert listed(state) == as_set([{"do": "buy", "card": "merchant-skiff"}, {"do": "end"}])


def test_scrap_lists_bases_from_earlier_turns(position: Position) -> None:
    state = position(me={"bases": ["trading-post", "monster-world", "trading-post"]})
    scraps = {a for a in listed(state) if '"scrap"' in a}
    assert scraps == as_set([{"do": "scrap", "card": "trading-post"}])


def _candidates() -> list[Doc]:
    """Every well-formed action for the duel, legal or not."""
    out: list[Doc] = [{"do": "end"}, {"do": "skip"}]
    for card in CARDS:
        c = card.id
        out += [
            {"do": "play", "card": c},
            {"do": "buy", "card": c},
            {"do": "scrap", "card": c},
            {"do": "choose", "card": c, "from": "hand"},
            {"do": "choose", "card": c, "from": "discard"},
            {"do": "choose", "card": c, "from": "trade_row"},
        ]
        if card.type != "ship":
            out += [{"do": "attack", "player": p, "base": c} for p in (0, 1)]
    out += [{"do": "attack", "player": p} for p in (0, 1)]
    return out


def _non_explorer_cards(doc: Doc) -> int:
    """Every card in the game but Explorers (whose supply is unlimited)."""
    cards = [c for c in doc["trade_row"] if c] + doc["trade_deck"] + doc["scrap_heap"]
    for p in doc["players"]:
        for pile in ("hand", "deck", "discard", "bases", "in_play"):
            cards += p.get(pile, [])
    return len([c for c in cards if c != "explorer"])


@pytest.mark.parametrize("seed", [1, 2])
def test_listed_actions_are_exactly_the_accepted_ones(seed: int) -> None:
    """Random games: every listed action is accepted, every other one is refused unchanged."""
    rng = random.Random(seed)
    state = GAME.new(seed=seed)
    checked = 0
    for step in range(400):
        if state.over:
            break
        acts = state.legal_actions()
        legal = as_set(acts)
        assert _non_explorer_cards(state.export()) == 85
        if step % 4 == 0:
            checked += 1
            before = state.export()
            for action in _candidates():
                trial = state.clone()
                if key(action) in legal:
                    trial.apply(action)
                else:
                    with pytest.raises(rumizi.IllegalAction):
                        trial.apply(action)
                    assert trial.export() == before, action
        # Prefer playing and buying so that games reach bases, choices and allies.
        plays = [a for a in acts if a["do"] in ("play", "buy", "choose")]
        state.apply(rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(acts))
    assert checked > 20
