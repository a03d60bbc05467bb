"""The two decks and every effect of the vocabulary, each as its card text says."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pytest

from rumizi.games.war_of_the_ring import GAME, texts
from rumizi.games.war_of_the_ring.cards import (
    BY_ID,
    CARDS,
    COMBAT,
    COST,
    DECKS,
    DRAW,
    EVENT,
    FREE,
    HORDE,
    RECOVER,
    SHADOW,
    UNIT,
    UNIT_N,
)

from .conftest import PASS, play, position


def events(state, name):  # type: ignore[no-untyped-def]
    return [e for e in state.events if e["event"] == name]


def c(card: str) -> int:
    """The card's combat value (the tests follow the data file, however it is tuned)."""
    return COMBAT[BY_ID[card]]


def n(card: str) -> int:
    """The number of the card's unit ability."""
    return UNIT_N[BY_ID[card]]


def totals_after_battle(zones, **fields):  # type: ignore[no-untyped-def]
    """The totals of the first contested zone's battle."""
    p0 = {"passed": True, **fields.pop("p0", {})}
    state = position(zones=zones, p0=p0, current=1, **fields)
    play(state, PASS)
    return state, events(state, "totals")[0]["totals"]


# ------------------------------------------------------------------ the decks


def test_each_deck_holds_about_thirty_cards_with_combat_0_to_6_and_costs_0_to_3() -> None:
    for faction in (FREE, SHADOW):
        deck = DECKS[faction]
        assert 28 <= len(deck) <= 32
        assert all(0 <= COMBAT[k] <= 6 and 0 <= COST[k] <= 3 for k in deck)


def test_the_free_peoples_have_the_strong_units_and_the_shadow_the_numbers() -> None:
    def mean(f: int) -> float:
        return sum(COMBAT[k] for k in DECKS[f]) / len(DECKS[f])

    def count(f: int, test: Callable[[int], bool]) -> int:
        return sum(test(k) for k in DECKS[f])

    assert mean(FREE) >= mean(SHADOW)
    assert count(FREE, lambda k: COMBAT[k] >= 4) > count(SHADOW, lambda k: COMBAT[k] >= 4)
    # The Shadow's strength is in numbers: horde units, which only the Shadow has.
    assert count(SHADOW, lambda k: UNIT[k] == HORDE) >= 10
    assert count(FREE, lambda k: UNIT[k] == HORDE) == 0
    # The Free Peoples' is in card flow: drawing and recovering events.
    flow = {DRAW, RECOVER}
    assert count(FREE, lambda k: any(e in flow for e, _ in EVENT[k])) > count(
        SHADOW, lambda k: any(e in flow for e, _ in EVENT[k])
    )


def test_every_card_has_a_name_and_a_text_in_both_languages_in_proper_persian() -> None:
    for card in CARDS:
        for lang in ("en", "fa"):
            assert card.names[lang].strip() and texts.card_line(card.id, lang).strip()
        line = texts.card_line(card.id, "fa")
        fa = card.names["fa"] + line
        assert "ي" not in fa and "ك" not in fa  # Arabic yeh and kaf
        assert not any(ch.isdigit() and ch in "0123456789" for ch in line)
        assert all(unicodedata.category(ch) != "Cc" for ch in fa)
    persian = "".join(texts.card_line(card.id, "fa") for card in CARDS)
    assert "\u200c" in persian  # «کارت‌های», «می‌کشد»


# ------------------------------------------------------------------ continuous effects


def test_aura_adds_to_each_of_your_other_units_in_the_zone() -> None:
    _, totals = totals_after_battle({"left": (["fp-aragorn", "fp-riders", "fp-hobbits"], [])})
    assert totals[0] == 6 + (3 + 1) + (1 + 1)


def test_fear_takes_from_each_enemy_unit_in_the_zone_never_below_zero() -> None:
    _, totals = totals_after_battle({"left": (["fp-hobbits", "fp-riders"], ["sh-nazgul"])})
    # Hobbits 1 - 1 = 0, Riders 3 - 1 = 2 (no stand bonus: 2 units against 1).
    assert totals == [2, 4]


def test_a_continuous_effect_ends_when_its_card_leaves_play() -> None:
    # The archers slay the weakest Shadow unit, the Mouth of Sauron (2), before comparison:
    # its aura no longer lifts the troll.
    _, totals = totals_after_battle({"left": (["fp-archers"], ["sh-mouth", "sh-troll"])}, starter=0)
    assert totals == [2, 5]  # the troll counts 5, not 6


def test_guard_protects_its_side_from_slaying() -> None:
    state, totals = totals_after_battle({"left": (["fp-hobbits", "fp-tower-guard"], ["sh-wargs"])})
    assert not events(state, "slay")
    assert totals == [c("fp-hobbits") + c("fp-tower-guard"), c("sh-wargs")]


# ------------------------------------------------------------------ before comparison


def test_slay_removes_the_opponents_weakest_unit_before_comparison() -> None:
    state, totals = totals_after_battle(
        {"left": (["fp-legolas"], ["sh-troll", "sh-goblins", "sh-orcs"])}
    )
    assert events(state, "slay")[0]["victim"] == "sh-goblins"
    assert "sh-goblins" in state.export()["players"][1]["graveyard"]
    # The troll, and the orcs with their horde bonus (two units against one).
    assert totals == [c("fp-legolas"), c("sh-troll") + c("sh-orcs") + n("sh-orcs")]


def test_slays_resolve_the_starting_players_cards_first_and_a_slain_card_does_nothing() -> None:
    state, totals = totals_after_battle({"left": (["fp-archers"], ["sh-wargs"])}, starter=1)
    assert [e["card"] for e in events(state, "slay")] == ["sh-wargs"]
    assert totals == [0, c("sh-wargs")]  # the archers were slain first: an automatic win
    state, _ = totals_after_battle({"left": (["fp-archers"], ["sh-wargs"])}, starter=0)
    assert [e["card"] for e in events(state, "slay")] == ["fp-archers"]


def test_horde_adds_when_you_outnumber_the_enemy_in_the_zone() -> None:
    _, totals = totals_after_battle({"left": (["fp-aragorn"], ["sh-orcs", "sh-goblins"])})
    horde = c("sh-orcs") + n("sh-orcs") + c("sh-goblins") + n("sh-goblins")
    assert totals == [6, horde]
    _, totals = totals_after_battle({"left": (["fp-aragorn"], ["sh-orcs"])})
    assert totals == [6, c("sh-orcs")]


def test_stand_adds_when_you_are_outnumbered_in_the_zone() -> None:
    _, totals = totals_after_battle({"left": (["fp-boromir"], ["sh-orcs", "sh-orcs"])})
    horde = 2 * (c("sh-orcs") + n("sh-orcs"))
    assert totals == [c("fp-boromir") + n("fp-boromir"), horde]


# ------------------------------------------------------------------ events


def planning(**fields):  # type: ignore[no-untyped-def]
    fields.setdefault("p1", {"hand": ["sh-orcs"]})
    return position(**fields)


def test_draw_draws_cards_from_your_deck() -> None:
    state = planning(p0={"hand": ["fp-hobbits", "fp-riders"], "deck": ["fp-gimli", "fp-eomer"]})
    play(state, {"do": "event", "card": "fp-hobbits"}, {"do": "pay", "card": "fp-riders"})
    assert state.export()["players"][0]["hand"] == ["fp-gimli", "fp-eomer"] or sorted(
        state.export()["players"][0]["hand"]
    ) == sorted(["fp-gimli", "fp-eomer"])
    assert events(state, "draw")[0] == {"event": "draw", "player": 0, "count": 2}


def test_recover_takes_a_card_of_your_choice_from_your_graveyard_and_the_enemy_knows_it() -> None:
    state = planning(
        p0={"hand": ["fp-galadriel"], "graveyard": ["fp-aragorn", "fp-hobbits"]},
        zones={"left": ([], ["sh-orcs"])},
    )
    play(state, {"do": "event", "card": "fp-galadriel"})  # peek, then recover
    play(state, {"do": "peek", "zone": "left"})
    assert state.legal_actions() == [
        {"do": "recover", "card": "fp-aragorn"},
        {"do": "recover", "card": "fp-hobbits"},
    ]
    play(state, {"do": "recover", "card": "fp-aragorn"})
    view = state.view(1)
    assert view["players"][0]["known"] == ["fp-aragorn"] and view["players"][0]["hand"] is None
    assert state.export()["players"][0]["graveyard"] == ["fp-hobbits", "fp-galadriel"]


def test_discard_makes_the_opponent_discard_at_random() -> None:
    state = planning(
        p0={"hand": ["fp-aragorn", "fp-riders"]},
        p1={"hand": ["sh-witch-king", "sh-orcs", "sh-goblins", "sh-troll"]},
        current=1,
    )
    play(state, {"do": "event", "card": "sh-witch-king"})
    play(state, {"do": "pay", "card": "sh-goblins"}, {"do": "pay", "card": "sh-troll"})
    assert len(state.players[0].hand) == 0
    assert sorted(e["card"] for e in events(state, "discard")) == ["fp-aragorn", "fp-riders"]


def test_boost_adds_to_your_total_in_the_chosen_zone_this_round() -> None:
    state = planning(
        p0={"hand": ["fp-tower-guard"], "passed": False},
        zones={"right": (["fp-riders"], ["sh-uruk-hai"])},
    )
    play(state, {"do": "event", "card": "fp-tower-guard"}, {"do": "boost", "zone": "right"})
    play(state, PASS, PASS)
    assert events(state, "totals")[0]["totals"] == [4, 3]


def test_peek_shows_the_enemys_face_down_cards_in_a_zone_to_you_only() -> None:
    state = planning(p0={"hand": ["fp-legolas"]}, zones={"centre": ([], ["sh-troll", "sh-orcs"])})
    assert state.view(0)["zones"][1]["cards"][1] == [None, None]
    play(state, {"do": "event", "card": "fp-legolas"})
    assert state.legal_actions() == [{"do": "peek", "zone": "centre"}]
    play(state, {"do": "peek", "zone": "centre"})
    assert state.view(0)["zones"][1]["cards"][1] == ["sh-troll", "sh-orcs"]
    assert state.view(None)["zones"][1]["cards"][1] == [None, None]
    assert "sh-troll" not in str(events(state, "peek"))


def test_move_moves_your_most_recent_card_between_unresolved_zones() -> None:
    state = planning(
        p0={"hand": ["fp-eomer"]},
        zones={"left": (["fp-riders", "fp-aragorn"], []), "right": (["fp-hobbits"] * 3, [])},
    )
    play(state, {"do": "event", "card": "fp-eomer"})
    legal = state.legal_actions()
    assert {"do": "move", "from": "left", "to": "right"} not in legal  # right is full
    assert {"do": "move", "from": "left", "to": "centre"} in legal
    play(state, {"do": "move", "from": "left", "to": "centre"})
    doc = state.export()
    assert doc["zones"][0]["cards"][0] == ["fp-riders"]
    assert doc["zones"][1]["cards"][0] == ["fp-aragorn"]


def test_shadow_takes_the_top_card_of_the_opponents_deck_into_your_shadow_row() -> None:
    state = planning(
        p0={"hand": ["fp-aragorn"], "deck": ["fp-gimli"]},
        p1={"hand": ["sh-goblins"]},
        current=1,
    )
    play(state, {"do": "event", "card": "sh-goblins"})
    assert state.export()["players"][1]["shadow_row"] == ["fp-gimli"]
    assert state.view(1)["players"][1]["shadow_size"] == 1


def test_an_effect_with_no_possible_target_does_nothing() -> None:
    state = planning(p0={"hand": ["fp-eomer", "fp-riders"]})  # nothing placed: nothing to move
    play(state, {"do": "event", "card": "fp-eomer"})
    assert state.pending_name is None and state.to_act == 1


@pytest.mark.parametrize("seed", range(3))
def test_a_new_game_deals_only_each_factions_own_cards(seed: int) -> None:
    state = GAME.new(seed=seed)
    for p in state.players:
        assert all(k in DECKS[p.faction] for k in p.hand + p.deck)
