"""Chaos realms: the table, the trading phase (offers, answers, stale offers, done, the ring),
the Necromancer's draw, the views and samples, and the contract suite over chaos tables."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rumizi.core.contract import RING
from rumizi.core.errors import IllegalAction
from rumizi.games.fantasy_realms import GAME
from rumizi.games.fantasy_realms.cards import conserved
from rumizi.games.fantasy_realms.engine import FantasyRealmsState, Options
from rumizi.testing import TableSetup, check_game

HANDS = [
    ["king", "queen", "knights", "dragon", "unicorn", "rangers", "elven-archers"],
    ["mountain", "forest", "cavern", "bell-tower", "earth-elemental", "wildfire", "candle"],
    ["rainstorm", "island", "swamp", "smoke", "blizzard", "whirlwind", "lightning"],
]


def chaos(
    hands: list[list[str]] | None = None,
    deck_top: list[str] | None = None,
    **options: Any,
) -> FantasyRealmsState:
    """A chaos table of len(hands) seats holding ``hands``; the rest in the deck, file order."""
    hands = [list(h) for h in (hands or HANDS)]
    n = len(hands)
    s = GAME.new(seed=0, players=n, variant="chaos", **options)
    doc = s.export()
    deck_top = deck_top or []
    placed = Counter(c for h in hands for c in h) + Counter(deck_top)
    rest = [c for c in Options(n, variant="chaos", **options).cards() if c not in placed]
    doc.update(hands=hands, deck=rest + deck_top)
    return GAME.load(doc)


def unchanged(s: FantasyRealmsState, action: Any) -> None:
    before = s.export()
    with pytest.raises(IllegalAction):
        s.apply(action)
    assert s.export() == before


# ---------------------------------------------------------------------- the table


def test_a_chaos_table_deals_seven_and_everybody_trades_at_once() -> None:
    s = GAME.new(seed=5, players=7, variant="chaos")
    assert [len(h) for h in s.hands] == [7] * 7
    assert s.phase == "trade" and s.actors == tuple(range(7)) and s.to_act == 0
    assert s.timer() == 300.0
    assert s.export()["options"] == {
        "suits": False,
        "items": False,
        "jester": False,
        "phoenix": "none",
        "variant": "chaos",
        "timer": 300,
    }
    eight = GAME.new(seed=5, players=3, variant="chaos", suits=True, timer=60)
    assert [len(h) for h in eight.hands] == [8] * 3 and eight.timer() == 60.0


def test_other_tables_keep_their_documents_and_have_no_timer() -> None:
    s = GAME.new(seed=5, players=4)
    assert set(s.export()["options"]) == {"suits", "items", "jester", "phoenix"}
    assert s.timer() is None and s.actors == (s.to_act,)
    assert s.legal_actions_for(s.to_act) == s.legal_actions()
    assert all(s.legal_actions_for(p) == [] for p in range(4) if p != s.to_act)
    unchanged(s, RING)


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (2, {"variant": "chaos"}, "3 to 7"),
        (8, {"variant": "chaos"}, "3 to 7"),
        (7, {}, "2 to 6"),
        (4, {"variant": "chaos", "items": True}, "no Cursed Items"),
        (4, {"variant": "chaos", "timer": 0}, "timer"),
        (4, {"variant": "chaos", "timer": "5m"}, "timer"),  # "300", the web's word, is fine
        (4, {"variant": "chaos", "timer": True}, "timer"),
        (4, {"variant": "wild"}, "variant"),
        (4, {"variant": "two-player"}, "2 players"),
    ],
)
def test_bad_chaos_tables_are_refused(players: int, options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        GAME.new(seed=1, players=players, **options)


# ---------------------------------------------------------------------- offers and answers


def test_each_seat_lists_exactly_its_offers_and_done() -> None:
    s = chaos()
    own = s.legal_actions_for(0)
    proposals = [
        {"do": "propose", "by": 0, "to": q, "card": c} for q in (1, 2) for c in sorted(HANDS[0])
    ]
    assert own == [*proposals, {"do": "done", "by": 0}]
    assert s.legal_actions() == [a for p in range(3) for a in s.legal_actions_for(p)]


def test_an_offer_is_seen_by_its_two_players_and_answered_by_the_receiver() -> None:
    s = chaos()
    s.apply({"do": "propose", "by": 0, "to": 1, "card": "dragon"})
    offer = {"id": 1, "by": 0, "to": 1, "card": "dragon"}
    assert s.view(0)["pending"]["offers"] == [offer]
    assert s.view(1)["pending"]["offers"] == [offer]
    assert s.view(2)["pending"]["offers"] == [{**offer, "card": None}]
    assert s.view(None)["pending"]["offers"] == [{**offer, "card": None}]
    # one open offer to a seat at a time; it can be withdrawn
    assert not any(a.get("to") == 1 for a in s.legal_actions_for(0) if a["do"] == "propose")
    assert {"do": "withdraw", "by": 0, "offer": 1} in s.legal_actions_for(0)
    answers = [a for a in s.legal_actions_for(1) if a.get("offer") == 1]
    assert answers == [
        *({"do": "accept", "by": 1, "offer": 1, "card": c} for c in sorted(HANDS[1])),
        {"do": "refuse", "by": 1, "offer": 1},
    ]


def test_an_accepted_offer_swaps_the_two_cards_and_each_remembers_its_swap() -> None:
    s = chaos()
    s.apply({"do": "propose", "by": 0, "to": 1, "card": "dragon"})
    s.apply({"do": "accept", "by": 1, "offer": 1, "card": "candle"})
    assert "candle" in s.hands[0] and "dragon" not in s.hands[0]
    assert "dragon" in s.hands[1] and "candle" not in s.hands[1]
    assert [len(h) for h in s.hands] == [7, 7, 7]
    mine = {"swap": 1, "by": 0, "with": 1, "gave": "dragon", "got": "candle"}
    theirs = {"swap": 1, "by": 0, "with": 0, "gave": "candle", "got": "dragon"}
    assert s.view(0)["seen"][0] == [mine]
    assert s.view(1)["seen"][1] == [theirs]
    assert s.view(2)["seen"] == [None, None, []]
    assert s.view(2)["revealed"] == [{"swap": 1, "players": [0, 1]}]
    assert s.pending["offers"] == []


def test_a_swap_makes_the_offers_of_its_cards_stale() -> None:
    s = chaos()
    s.apply({"do": "propose", "by": 0, "to": 1, "card": "dragon"})
    s.apply({"do": "propose", "by": 0, "to": 2, "card": "dragon"})
    s.apply({"do": "propose", "by": 2, "to": 0, "card": "smoke"})
    s.apply({"do": "accept", "by": 1, "offer": 1, "card": "forest"})
    assert [o["id"] for o in s.pending["offers"]] == [3]  # offer 2's dragon is gone
    unchanged(s, {"do": "accept", "by": 2, "offer": 2, "card": "smoke"})


def test_refused_and_withdrawn_offers_go_and_nothing_moves() -> None:
    s = chaos()
    s.apply({"do": "propose", "by": 0, "to": 1, "card": "dragon"})
    s.apply({"do": "propose", "by": 2, "to": 1, "card": "smoke"})
    s.apply({"do": "refuse", "by": 1, "offer": 1})
    s.apply({"do": "withdraw", "by": 2, "offer": 2})
    assert s.pending["offers"] == [] and s.hands == HANDS
    assert s.view(0)["seen"][0] == [{"refused": 1, "to": 1, "card": "dragon"}]
    assert s.view(2)["seen"][2] == []


def test_a_seat_acts_only_for_itself() -> None:
    s = chaos()
    s.apply({"do": "propose", "by": 0, "to": 1, "card": "dragon"})
    for bad in (
        {"do": "accept", "by": 2, "offer": 1, "card": "smoke"},  # not addressed to seat 2
        {"do": "accept", "offer": 1, "card": "forest"},  # no seat named
        {"do": "withdraw", "by": 1, "offer": 1},  # not seat 1's offer
        {"do": "propose", "by": 1, "to": 0, "card": "dragon"},  # not in seat 1's hand
        {"do": "propose", "by": 0, "to": 0, "card": "king"},  # to itself
        {"do": "propose", "by": 7, "to": 0, "card": "king"},
        {"do": "propose", "by": "0", "to": 1, "card": "king"},
        {"do": "done", "by": None},
        {"do": "draw"},
        "done",
    ):
        unchanged(s, bad)


def test_done_keeps_open_offers_and_still_answers() -> None:
    s = chaos()
    s.apply({"do": "propose", "by": 0, "to": 1, "card": "dragon"})
    s.apply({"do": "propose", "by": 2, "to": 0, "card": "smoke"})
    s.apply({"do": "done", "by": 0})
    assert [o["id"] for o in s.pending["offers"]] == [1, 2]  # seat 1 may still take the dragon
    assert s.legal_actions_for(0) == [
        *({"do": "accept", "by": 0, "offer": 2, "card": c} for c in sorted(HANDS[0])),
        {"do": "refuse", "by": 0, "offer": 2},
    ]
    s.apply({"do": "refuse", "by": 0, "offer": 2})
    assert s.actors == (1, 2) and s.legal_actions_for(0) == []
    s.apply({"do": "done", "by": 2})
    s.apply({"do": "done", "by": 1})
    assert s.phase == "trade" and s.actors == (1,)  # seat 1 still has seat 0's offer
    s.apply({"do": "accept", "by": 1, "offer": 1, "card": "candle"})
    assert s.over and "dragon" in s.hands[1]


def test_a_done_seat_can_be_asked_again() -> None:
    s = chaos()
    s.apply({"do": "done", "by": 0})
    unchanged(s, {"do": "propose", "by": 0, "to": 1, "card": "king"})
    assert s.actors == (1, 2)
    s.apply({"do": "propose", "by": 1, "to": 0, "card": "forest"})  # a done seat may be asked
    assert s.actors == (0, 1, 2)


def test_the_trading_ends_when_everybody_is_done() -> None:
    s = chaos()
    for p in range(3):
        assert s.phase == "trade"
        s.apply({"do": "done", "by": p})
    assert s.over and s.timer() is None and s.actors == ()
    assert [r["player"] for r in s.results] == [0, 1, 2]


def test_the_ring_ends_the_trading_and_is_nobody_s_move() -> None:
    s = chaos()
    s.apply({"do": "propose", "by": 0, "to": 1, "card": "dragon"})
    assert all(a != RING for p in range(3) for a in s.legal_actions_for(p))
    s.apply(dict(RING))
    assert s.over
    unchanged(s, dict(RING))


# ---------------------------------------------------------------------- the Necromancer


def necro_table() -> FantasyRealmsState:
    hands = [list(h) for h in HANDS]
    hands[2][0] = "necromancer"
    return chaos(hands, deck_top=["basilisk", "warhorse", "rainstorm"])


def test_the_necromancer_s_holder_may_draw_three_and_keep_one() -> None:
    s = necro_table()
    s.apply(dict(RING))
    assert (s.phase, s.actors, s.legal_actions()) == (
        "summon",
        (2,),
        [{"do": "draw-three"}, {"do": "pass"}],
    )
    s.apply({"do": "draw-three"})
    assert s.phase == "keep" and len(s.hands[2]) == 10
    assert s.view(0)["pending"]["drawn"] == 3
    assert sorted(s.view(2)["pending"]["drawn"]) == ["basilisk", "rainstorm", "warhorse"]
    assert s.legal_actions() == [
        {"do": "keep", "card": c} for c in ["basilisk", "rainstorm", "warhorse"]
    ]
    for seat in (0, 2):  # a sample keeps what each seat saw of the draw
        assert GAME.sample(s.view(seat), 7).view(seat) == s.view(seat)
    s.apply({"do": "keep", "card": "warhorse"})
    assert s.over and len(s.hands[2]) == 8 and "warhorse" in s.hands[2]
    assert s.deck[:2] == ["rainstorm", "basilisk"]  # the other two: the deck's bottom
    assert s.seen[2][-1] == {"necromancer": "warhorse", "returned": ["basilisk", "rainstorm"]}
    assert s.area == []  # the card's own text (a discard) is not used


def test_the_necromancer_s_holder_may_pass() -> None:
    s = necro_table()
    s.apply(dict(RING))
    s.apply({"do": "pass"})
    assert s.over and len(s.hands[2]) == 7


# ---------------------------------------------------------------------- documents and samples


def test_a_trading_document_round_trips_and_bad_offers_are_named() -> None:
    s = chaos()
    s.apply({"do": "propose", "by": 0, "to": 1, "card": "dragon"})
    doc = json.loads(json.dumps(s.export()))
    assert GAME.load(doc).export() == s.export()
    bad = json.loads(json.dumps(doc))
    bad["pending"]["offers"][0]["card"] = "forest"
    with pytest.raises(ValueError, match="offerer's hand"):
        GAME.load(bad)
    bad = json.loads(json.dumps(doc))
    bad["pending"]["offers"][0]["to"] = 0
    with pytest.raises(ValueError, match="from one seat to another"):
        GAME.load(bad)
    bad = json.loads(json.dumps(doc))
    bad["phase"] = "take"
    with pytest.raises(ValueError, match="variant"):
        GAME.load(bad)
    bad = json.loads(json.dumps(doc))
    bad["pending"].update(offers=[], done=[0, 1, 2])
    with pytest.raises(ValueError, match="trading is over"):
        GAME.load(bad)
    standard = GAME.new(seed=1, players=3).export()
    standard["phase"] = "trade"
    with pytest.raises(ValueError, match="variant"):
        GAME.load(standard)


def test_a_sample_keeps_what_the_seat_knows_of_other_hands() -> None:
    s = chaos()
    s.apply({"do": "propose", "by": 0, "to": 1, "card": "dragon"})
    s.apply({"do": "accept", "by": 1, "offer": 1, "card": "candle"})
    s.apply({"do": "propose", "by": 2, "to": 0, "card": "smoke"})
    for seed in range(20):
        guess = GAME.sample(s.view(0), seed)
        assert "dragon" in guess.hands[1]  # given to seat 1, which has not swapped since
        assert "smoke" in guess.hands[2]  # offered to seat 0
        assert guess.view(0) == s.view(0)
    third = GAME.sample(s.view(1), 3)
    assert third.view(1) == s.view(1)
    offer = third.pending["offers"][0]
    assert offer["card"] in third.hands[2]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(3, 7), st.lists(st.integers(0, 10**6), max_size=40))
@example(seed=1, n=3, picks=[14, 14, 14])  # all three done at once: the trading ends
def test_random_trading_conserves_cards_and_hides_hands(
    seed: int, n: int, picks: list[int]
) -> None:
    s = GAME.new(seed=seed, players=n, variant="chaos")
    before = conserved(s.export())
    sizes = [len(h) for h in s.hands]
    for pick in picks:
        if s.phase != "trade":
            break
        legal = s.legal_actions()
        s.apply(legal[pick % len(legal)])
        assert conserved(s.export()) == before
        assert [len(h) for h in s.hands] == sizes
        if s.phase != "trade":
            break  # everyone is done: the trading is over (and the hands shown at the end)
        for p in range(n):
            v = s.view(p)
            assert all(isinstance(h, int) for q, h in enumerate(v["hands"]) if q != p)
            for o in v["pending"]["offers"]:
                assert (o["card"] is None) == (p not in (o["by"], o["to"]))


CHAOS_TABLES = [
    TableSetup(3, {"variant": "chaos"}),
    TableSetup(5, {"variant": "chaos", "suits": True, "timer": 30}),
    TableSetup(7, {"variant": "chaos", "jester": True, "phoenix": "promo"}),
]


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize("table", CHAOS_TABLES, ids=str)
def test_every_chaos_table_keeps_the_contract(table: TableSetup) -> None:
    report = check_game(GAME, seed=4, games=2, tables=[table], counts=conserved, every=2)
    assert report.games == 2 and report.finished == 2 and report.refused > 100
