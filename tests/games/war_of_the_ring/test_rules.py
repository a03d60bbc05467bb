"""The rules of spec ``war-of-the-ring.md`` §2, one test per rule, in the spec's words."""

from __future__ import annotations

import pytest

from rumizi import IllegalAction
from rumizi.games.war_of_the_ring import GAME
from rumizi.games.war_of_the_ring.cards import BY_ID, COMBAT, DECKS, FREE, SHADOW
from rumizi.games.war_of_the_ring.engine import BATTLE, OVER, P_CENTRE, P_FLANK, PLANNING

from .conftest import PASS, build_doc, place, play, position


def events(state, name):  # type: ignore[no-untyped-def]
    return [e for e in state.events if e["event"] == name]


# ------------------------------------------------------------------ setup


def test_each_player_draws_seven_and_takes_one_shadow_card_of_the_opponents_deck() -> None:
    state = GAME.new(seed=11)
    for seat, p in enumerate(state.players):
        assert len(p.hand) == 7
        assert len(p.row) == 1
        assert len(p.deck) == 30 - 7 - 1
        other = state.players[1 - seat]
        assert all(k in DECKS[other.faction] for k in p.row)


def test_a_coin_toss_picks_the_first_rounds_starting_player() -> None:
    starters = {GAME.new(seed=s).starter for s in range(20)}
    assert starters == {0, 1}
    assert GAME.new(seed=4, first=1).starter == 1 and GAME.new(seed=4, first=0).current == 0
    with pytest.raises(ValueError, match="first"):
        GAME.new(seed=1, first=2)


def test_the_shadow_option_chooses_which_seat_plays_the_shadow() -> None:
    assert [p.faction for p in GAME.new(seed=2).players] == [FREE, SHADOW]
    assert [p.faction for p in GAME.new(seed=2, shadow=0).players] == [SHADOW, FREE]
    with pytest.raises(ValueError, match="shadow"):
        GAME.new(seed=2, shadow=3)


# ------------------------------------------------------------------ planning


def test_players_alternate_single_steps_starting_with_the_starting_player() -> None:
    state = position(
        p0={"hand": ["fp-aragorn", "fp-hobbits"]}, p1={"hand": ["sh-orcs", "sh-troll"]}
    )
    assert state.to_act == 0
    play(state, place("fp-aragorn", "left"))
    assert state.to_act == 1
    play(state, place("sh-orcs", "left"))
    assert state.to_act == 0


def test_at_most_three_of_your_cards_per_zone() -> None:
    state = position(
        p0={"hand": ["fp-hobbits", "fp-riders"], "passed": False},
        p1={"passed": True},
        zones={"left": (["fp-riders", "fp-riders", "fp-dwarves"], [])},
    )
    legal = state.legal_actions()
    assert place("fp-hobbits", "left") not in legal
    assert place("fp-hobbits", "centre") in legal
    before = state.export()
    with pytest.raises(IllegalAction, match="already have 3"):
        state.apply(place("fp-hobbits", "left"))
    assert state.export() == before


def test_a_player_who_passed_takes_no_more_steps_and_the_other_keeps_stepping() -> None:
    state = position(p0={"hand": ["fp-aragorn", "fp-gimli"]}, p1={"hand": ["sh-orcs"]})
    play(state, PASS)
    assert state.to_act == 1
    play(state, place("sh-orcs", "left"))
    assert state.to_act == 1  # seat 0 passed: seat 1 steps again
    assert state.players[0].passed


def test_planning_ends_when_both_have_passed_and_the_battles_follow() -> None:
    state = position(p0={"hand": ["fp-aragorn"]}, p1={"hand": ["sh-orcs"]})
    play(state, PASS, PASS)
    assert events(state, "battle") and state.round == 2 and state.phase == PLANNING


def test_an_event_is_paid_by_discarding_that_many_other_cards_to_the_graveyard() -> None:
    state = position(
        p0={"hand": ["fp-aragorn", "fp-hobbits", "fp-riders", "fp-gimli"]},
        p1={"hand": ["sh-orcs"]},
    )
    play(state, {"do": "event", "card": "fp-aragorn"})  # costs 2
    assert state.pending_name == "pay"
    assert {"do": "pay", "card": "fp-aragorn"} not in state.legal_actions()
    play(state, {"do": "pay", "card": "fp-hobbits"}, {"do": "pay", "card": "fp-riders"})
    assert state.export()["players"][0]["graveyard"] == ["fp-hobbits", "fp-riders"]
    play(state, {"do": "boost", "zone": "right"})  # Aragorn's event: +3 in a zone
    assert state.boost[2][0] == 3
    assert state.export()["players"][0]["graveyard"][-1] == "fp-aragorn"
    assert state.export()["players"][0]["hand"] == ["fp-gimli"]
    assert state.to_act == 1  # the event was the step


def test_an_event_whose_cost_exceeds_the_rest_of_the_hand_cannot_be_played() -> None:
    state = position(p0={"hand": ["fp-aragorn", "fp-hobbits"]}, p1={"hand": ["sh-orcs"]})
    assert {"do": "event", "card": "fp-aragorn"} not in state.legal_actions()
    assert {"do": "event", "card": "fp-hobbits"} in state.legal_actions()
    before = state.export()
    with pytest.raises(IllegalAction, match="costs 2"):
        state.apply({"do": "event", "card": "fp-aragorn"})
    assert state.export() == before


# ------------------------------------------------------------------ battle


def battle(**fields):  # type: ignore[no-untyped-def]
    """Zones set, both about to pass: seat 0 passed, seat 1 passes now."""
    fields.setdefault("current", 1)
    p0 = {"passed": True, **fields.pop("p0", {})}
    state = position(p0=p0, **fields)
    play(state, PASS)
    return state


def test_the_higher_total_wins_the_loser_goes_to_the_graveyard_the_winner_stays() -> None:
    state = battle(
        zones={"left": (["fp-aragorn"], ["sh-orcs"])},
        p0={"shadow_row": ["sh-goblins"]},  # a flank's reward stops the battle for a choice
    )
    assert state.phase == BATTLE and state.pending == P_FLANK and state.to_act == 0
    assert state.zones[0] == [[_k("fp-aragorn")], []]
    assert state.export()["players"][1]["graveyard"] == ["sh-orcs"]
    assert events(state, "totals")[0]["totals"] == [6, 2]


def test_equal_totals_send_both_sides_cards_to_their_graveyards_and_nobody_wins() -> None:
    state = battle(zones={"centre": (["fp-riders"], ["sh-uruk-hai"])})  # 3 against 3
    assert [e["result"] for e in events(state, "battle")] == ["empty", "tie", "empty"]
    doc = state.export()
    assert doc["players"][0]["graveyard"] == ["fp-riders"]
    assert doc["players"][1]["graveyard"] == ["sh-uruk-hai"]
    last_battle = state.events.index(events(state, "battle")[-1])
    assert not [e for e in state.events[:last_battle] if e["event"] == "draw"]  # no reward


def test_only_one_side_with_cards_wins_the_zone_automatically_with_its_reward() -> None:
    state = battle(zones={"right": ([], ["sh-goblins"])}, p1={"shadow_row": ["fp-hobbits"]})
    assert events(state, "battle")[-1]["winner"] == 1
    assert state.pending == P_FLANK and state.to_act == 1
    assert events(state, "draw")[0] == {"event": "draw", "player": 1, "count": 1}


def test_a_zone_where_nobody_has_cards_is_empty_and_gives_no_reward() -> None:
    state = battle(p0={"shadow_row": ["sh-orcs"]}, p1={"shadow_row": ["fp-hobbits"]})
    assert [e["result"] for e in events(state, "battle")] == ["empty", "empty", "empty"]
    assert not events(state, "draw") or all(e["count"] for e in events(state, "draw"))
    assert state.players[0].activated == state.players[1].activated == 0


def test_zones_resolve_in_order_left_centre_right() -> None:
    state = battle(
        zones={
            "left": (["fp-hobbits"], []),
            "centre": ([], ["sh-goblins"]),
            "right": (["fp-riders"], ["sh-troll"]),
        }
    )
    assert [e["zone"] for e in events(state, "battle")] == ["left", "centre", "right"]


# ------------------------------------------------------------------ rewards


def test_the_winner_of_a_zone_draws_one_card_at_once() -> None:
    state = battle(
        zones={"left": (["fp-aragorn"], [])},
        p0={"hand": [], "shadow_row": ["sh-orcs"], "deck": ["fp-gimli"]},
    )
    assert state.export()["players"][0]["hand"] == ["fp-gimli"]


def test_winning_the_centre_offers_a_free_event_only_one_the_hand_could_have_paid_for() -> None:
    state = battle(
        zones={"centre": (["fp-aragorn"], [])},
        p0={"hand": ["fp-elrond", "fp-hobbits"], "deck": ["fp-riders"]},
    )
    assert state.pending == P_CENTRE
    legal = state.legal_actions()
    # Three cards in hand after the draw: Elrond (cost 3) could not have been paid for.
    assert {"do": "event", "card": "fp-elrond"} not in legal
    assert {"do": "event", "card": "fp-hobbits"} in legal  # cost 1
    assert {"do": "event", "card": "fp-riders"} in legal  # cost 0
    assert {"do": "decline"} in legal
    play(state, {"do": "event", "card": "fp-hobbits"})  # free: draw 2, nothing paid
    assert "fp-elrond" in state.export()["players"][0]["hand"]
    assert events(state, "event")[-1]["how"] == "free" and not events(state, "pay")


def test_winning_a_flank_activates_a_shadow_card_applies_its_event_and_counts_it() -> None:
    state = battle(
        zones={"left": (["fp-aragorn"], [])},
        p0={
            "hand": [],
            "shadow_row": ["sh-haradrim", "sh-orcs"],
            "deck": ["fp-gimli", "fp-dwarves"],
        },
    )
    play(state, {"do": "activate"})  # the oldest: Haradrim Spearmen, "draw 1" for seat 0
    assert state.players[0].activated == 1
    assert events(state, "event")[-1] == {
        "event": "event",
        "player": 0,
        "card": "sh-haradrim",
        "how": "shadow",
    }
    draws = events(state, "draw")
    assert [e["count"] for e in draws[:2]] == [1, 1]  # the zone's reward, then the event's
    doc = state.export()
    assert "sh-haradrim" in doc["players"][1]["graveyard"]  # its owner's graveyard
    assert doc["players"][0]["shadow_row"][0] == "sh-orcs"


def test_a_flank_reward_may_be_declined() -> None:
    state = battle(zones={"left": (["fp-aragorn"], [])}, p0={"shadow_row": ["sh-orcs"]})
    play(state, {"do": "decline"})
    assert (
        state.players[0].activated == 0 and "sh-orcs" in state.export()["players"][0]["shadow_row"]
    )


# ------------------------------------------------------------------ cleanup


def test_cleanup_sends_zone_cards_to_graveyards_and_deals_each_player_a_shadow_card() -> None:
    state = battle(
        zones={"left": (["fp-aragorn"], []), "right": ([], ["sh-troll"])},
        p0={"hand": ["fp-gimli"] * 0},
    )
    # No shadow rows, so no reward stops the battle: the round is cleaned up.
    doc = state.export()
    assert "fp-aragorn" in doc["players"][0]["graveyard"]
    assert "sh-troll" in doc["players"][1]["graveyard"]
    assert all(z["cards"] == [[], []] for z in doc["zones"])
    assert len(doc["players"][0]["shadow_row"]) == 1 and len(doc["players"][1]["shadow_row"]) == 1
    assert doc["players"][0]["shadow_row"][0].startswith("sh-")


def test_the_higher_total_combat_that_took_part_starts_next_and_a_tie_keeps_the_starter() -> None:
    state = battle(zones={"left": (["fp-hobbits"], ["sh-troll"])}, starter=0)
    assert state.starter == 1  # 5 against 1
    state = battle(zones={"left": (["fp-riders"], []), "right": ([], ["sh-uruk-hai"])})
    assert state.starter == 0  # 3 against 3: the starter keeps it
    # Slain cards took part too: Legolas slays a goblin, whose combat still counts.
    state = battle(zones={"left": (["fp-legolas"], ["sh-goblins", "sh-goblins", "sh-orcs"])})
    assert events(state, "slay")[0]["victim"] == "sh-goblins"
    took = 2 * COMBAT[BY_ID["sh-goblins"]] + COMBAT[BY_ID["sh-orcs"]]
    assert state.players[0].took == 0 and events(state, "cleanup")[0]["took"] == [4, took]


def test_each_player_draws_up_to_seven_reshuffling_the_graveyard_when_the_deck_is_empty() -> None:
    free = ["fp-aragorn", "fp-gandalf", "fp-boromir", "fp-legolas", "fp-gimli", "fp-eomer"]
    rest = [k for k in DECKS[FREE]]
    state = battle(p0={"hand": free})
    assert len(state.players[0].hand) == 7 and len(rest) == 30
    # A deck of two cards and a graveyard of the rest: the draw reshuffles.
    deckless = build_doc(p0={"hand": []})
    names = deckless["players"][0]["deck"]
    deckless["players"][0]["deck"] = names[:2]
    deckless["players"][0]["graveyard"] = names[2:]
    deckless["players"][0]["passed"] = True
    deckless["current"] = 1
    state = GAME.load(deckless)
    state.events = []
    play(state, PASS)
    assert len(state.players[0].hand) == 7 and events(state, "reshuffle")


def test_with_deck_and_graveyard_empty_a_player_draws_what_there_is() -> None:
    doc = build_doc(current=1, p0={"passed": True})
    free = doc["players"][0]
    hand = free["deck"][:3]
    doc["players"][1]["shadow_row"] = free["deck"][3:]
    free["hand"], free["deck"] = hand, []
    state = GAME.load(doc)
    play(state, PASS)
    assert len(state.players[0].hand) == 3 and not state.over


# ------------------------------------------------------------------ victory


def test_winning_all_three_zones_in_one_round_wins_at_once() -> None:
    state = battle(
        zones={
            "left": (["fp-riders"], []),
            "centre": (["fp-hobbits"], []),
            "right": (["fp-aragorn"], ["sh-goblins"]),
        }
    )
    assert state.pending == P_CENTRE
    play(state, {"do": "decline"})
    assert state.over and state.winner == 0 and state.end == "sweep"


def test_an_empty_zone_is_won_by_nobody_so_two_wins_are_no_sweep() -> None:
    state = battle(zones={"left": (["fp-riders"], []), "right": (["fp-aragorn"], [])})
    assert not state.over


def test_five_activated_shadow_cards_win_at_the_end_of_the_round() -> None:
    state = battle(
        zones={"left": ([], ["sh-troll"])},
        p1={"activated": 4, "shadow_row": ["fp-hobbits"]},
    )
    play(state, {"do": "activate"})  # Hobbits' event for the Shadow: draw 2
    assert state.players[1].activated == 5
    assert state.over and state.winner == 1 and state.end == "shadows"


def test_when_both_meet_a_victory_at_once_the_rounds_starting_player_wins() -> None:
    state = battle(
        zones={"left": ([], ["sh-troll"]), "right": (["fp-aragorn"], [])},
        p0={"activated": 4, "shadow_row": ["sh-haradrim"]},
        p1={"activated": 4, "shadow_row": ["fp-hobbits"]},
        starter=0,
    )
    play(state, {"do": "activate"}, {"do": "activate"})
    assert state.over and state.end == "shadows" and state.winner == 0


def test_a_player_with_no_card_in_hand_deck_or_graveyard_at_the_start_of_a_round_loses() -> None:
    doc = build_doc(current=1, p0={"passed": True})
    free = doc["players"][0]
    doc["players"][1]["shadow_row"] = free["deck"]
    free["deck"] = []
    state = GAME.load(doc)
    state.events = []
    play(state, PASS)
    assert state.over and state.winner == 1 and state.end == "exhaustion"
    assert state.phase == OVER


# ------------------------------------------------------------------ errors


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    state = position(p0={"hand": ["fp-aragorn"]}, p1={"hand": ["sh-orcs"]})
    before = state.export()
    for bad in (
        place("sh-orcs", "left"),  # not in the hand
        place("fp-aragorn", "middle"),
        {"do": "pay", "card": "fp-aragorn"},
        {"do": "activate"},
        {"do": "fly"},
        {"do": "place", "card": "fp-aragorn"},
        "pass",
    ):
        with pytest.raises(IllegalAction):
            state.apply(bad)  # type: ignore[arg-type]
        assert state.export() == before


def test_documents_that_could_never_arise_are_refused_with_the_reason() -> None:
    doc = build_doc()
    doc["players"][0]["deck"].pop()
    with pytest.raises(ValueError, match="exactly one place"):
        GAME.load(doc)
    doc = build_doc()
    doc["players"][1]["faction"] = "free"
    with pytest.raises(ValueError, match="different factions"):
        GAME.load(doc)
    doc = build_doc(p0={"passed": True}, current=0)
    with pytest.raises(ValueError, match="passed"):
        GAME.load(doc)
    doc = build_doc(phase="battle", zone=0)
    with pytest.raises(ValueError, match="zone"):
        GAME.load(doc)


def test_a_conceding_player_loses() -> None:
    state = GAME.new(seed=1)
    state.apply({"do": "concede", "player": 1})
    assert state.winner == 0 and state.end == "concede"


def _k(card: str) -> int:
    from rumizi.games.war_of_the_ring.cards import BY_ID

    return BY_ID[card]
