"""The Fantasy Realms scorer's routes: the card list, a scored hand, a refused one, the page."""

from __future__ import annotations

from tests.server.kit import ServerFactory

SEED_HAND = ["mountain", "great-flood", "smoke", "whirlwind", "air-elemental", "wildfire", "mirage"]


def test_cards_lists_every_card_with_both_names(make_server: ServerFactory) -> None:
    data = make_server().main.get("/api/fantasy-realms/cards").json()
    by_id = {c["id"]: c for c in data["cards"]}
    assert len(by_id) == 71
    assert by_id["great-flood"]["fa"] == "سیل ویرانگر"
    assert by_id["bell-tower"]["suit_expansion"] == "building"
    assert data["suits"]["flood"]["en"] == "Flood"


def test_score_finds_the_best_choices_and_takes_fixed_ones(make_server: ServerFactory) -> None:
    client = make_server().browser()
    best = client.post("/api/fantasy-realms/score", {"hand": SEED_HAND}).json()
    assert best["total"] == 260
    assert best["choices"] == {"mirage": {"copies": "rainstorm"}}
    fixed = client.post(
        "/api/fantasy-realms/score",
        {"hand": SEED_HAND, "choices": {"mirage": {"copies": "blizzard"}}},
    ).json()
    assert fixed["total"] == 220
    assert [c["id"] for c in fixed["cards"]] == SEED_HAND


def test_a_bad_hand_is_refused_with_the_reason(make_server: ServerFactory) -> None:
    answer = make_server().browser().post("/api/fantasy-realms/score", {"hand": ["king", "king"]})
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert "twice" in error["message"]
    # The reason in both languages, for the page to show in its own.
    assert error["texts"] == {
        "en": "card 'king' is in the hand twice",
        "fa": "کارت «پادشاه» دو بار در دست است",
    }


def test_cards_carry_their_effect_in_both_languages(make_server: ServerFactory) -> None:
    by_id = {
        c["id"]: c for c in make_server().main.get("/api/fantasy-realms/cards").json()["cards"]
    }
    assert by_id["hydra"]["effect"] == {"fa": "با مرداب +۲۸.", "en": "+28 with Swamp."}
    # The Cursed Hoard reprint's text where there is one, the card's own elsewhere.
    assert "+۷۰" in by_id["world-tree"]["effect_expansion"]["fa"]
    assert "+۵۰" in by_id["world-tree"]["effect"]["fa"]
    assert by_id["hydra"]["effect_expansion"] == by_id["hydra"]["effect"]


def test_the_page_is_served(make_server: ServerFactory) -> None:
    answer = make_server().main.get("/games/fantasy-realms/score")
    assert answer.status_code == 200
    assert "<html" in answer.text.lower()
