"""The rulings of the cards file §6.2 and the named options of §6.3, one test each, and the
known hands of the published JS scorer's own test list."""

from __future__ import annotations

import pytest

from rumizi.games.fantasy_realms import Rulings, score_hand
from rumizi.games.fantasy_realms.cards import base_deck

CH = {"expansion": True}


def line(score: object, card: str) -> object:
    return next(c for c in score.cards if c.id == card)  # type: ignore[attr-defined]


def test_a_blanked_card_counts_for_nothing_else() -> None:  # 6.2.1
    s = score_hand(["great-flood", "knights", "king"])
    assert line(s, "knights").blanked and line(s, "knights").total == 0
    assert line(s, "king").bonus == 0  # the blanked Knights is no Army for the King
    assert s.total == 32 + 8


def test_a_blanked_card_does_not_blank() -> None:  # 6.2.1
    # Blizzard blanks Great Flood first, so Great Flood cannot blank Wildfire.
    assert score_hand(["wildfire", "blizzard", "great-flood"]).total == 65


def test_clearing_survives_blanking() -> None:  # 6.2.2
    # Great Flood blanks Cavern, but Cavern has already cleared Blizzard.
    s = score_hand(["cavern", "great-flood", "blizzard"])
    assert line(s, "cavern").blanked and line(s, "blizzard").cleared
    assert s.total == 32 + 30
    # Island clears Wildfire even though Wildfire blanks Island (JS test: 95).
    hand = ["island", "blizzard", "wildfire", "basilisk"]
    assert score_hand(hand, choices={"island": {"clears": "wildfire"}}).total == 95


def test_wildfire_blizzard_great_flood_rulebook_question() -> None:  # 6.2.3
    assert score_hand(["wildfire", "blizzard", "great-flood"]).total == 65
    s = score_hand(["wildfire", "blizzard", "great-flood", "cavern"])
    assert s.total == 62
    assert line(s, "wildfire").reason_en == "blanked by Great Flood"
    assert line(s, "wildfire").reason_fa == "پوچ با سیل ویرانگر"


def test_collector_scores_every_suit_and_ignores_repeated_names() -> None:  # 6.2.4
    hand = ["collector", "beastmaster", "enchantress", "unicorn", "warhorse", "dragon", "hydra"]
    assert score_hand(hand).total == 193
    dup = ["collector", "shield-of-keth", "gem-of-order", "shapeshifter", "doppelganger"]
    chosen = {
        "shapeshifter": {"copies": "shield-of-keth"},
        "doppelganger": {"copies": "shield-of-keth"},
    }
    assert score_hand(dup, choices=chosen).total == 20
    one = score_hand(hand, rulings=Rulings(collector_every_suit=False))
    assert one.total == 193 - 10


def test_gem_of_order_scores_every_run() -> None:  # 6.2.5
    hand = [
        "elven-archers",
        "king",
        "unicorn",
        "sword-of-keth",
        "elven-longbow",
        "shield-of-keth",
        "gem-of-order",
    ]
    assert score_hand(hand).total == 206
    assert score_hand(hand, rulings=Rulings(gem_every_run=False)).total < 206


def test_rangers_remove_only_the_word_army() -> None:  # 6.2.6
    assert score_hand(["rangers", "swamp", "forge"]).total == 5 + 15 + 9  # Flame still -3
    assert score_hand(["rangers", "blizzard", "king"]).total == 5 + 25 + 13  # Leader still -5
    assert score_hand(["rangers", "war-dirigible"]).total == 5 + 35  # needs no Army
    assert score_hand(["rangers", "basilisk", "king"]).total == 5 + 35  # Armies safe, Leader not
    # Warship only for Floods: a Basilisk turned into a Flood stops blanking Armies.
    hand = ["warship", "basilisk", "knights", "book-of-changes", "swamp"]
    as_flood = {"book-of-changes": {"target": "basilisk", "new_suit": "flood"}}
    assert line(score_hand(hand, choices=as_flood), "knights").blanked is False


def test_doppelganger_copies_penalty_not_bonus() -> None:  # 6.2.7
    assert (
        score_hand(
            ["basilisk", "doppelganger"], choices={"doppelganger": {"copies": "basilisk"}}
        ).total
        == 0
    )
    assert (
        score_hand(
            ["dwarvish-infantry", "doppelganger"],
            choices={"doppelganger": {"copies": "dwarvish-infantry"}},
        ).total
        == 26
    )
    assert (
        score_hand(
            ["water-elemental", "doppelganger"],
            choices={"doppelganger": {"copies": "water-elemental"}},
        ).total
        == 23
    )
    s = score_hand(
        ["rainstorm", "doppelganger", "swamp"], choices={"doppelganger": {"copies": "rainstorm"}}
    )
    assert line(s, "doppelganger").bonus == 0 and line(s, "doppelganger").base == 8


def test_mirage_takes_name_and_suit_only() -> None:  # 6.2.8
    s = score_hand(
        ["mirage", "lightning", "whirlwind", "great-flood"],
        choices={"mirage": {"copies": "rainstorm"}},
    )
    assert line(s, "lightning").bonus == 30 and line(s, "whirlwind").bonus == 40
    assert line(s, "mirage").total == 0 and not line(s, "lightning").blanked
    named = score_hand(["great-flood", "mirage"], choices={"mirage": {"copies": "mountain"}})
    assert not line(named, "mirage").blanked


def test_extra_cards_are_simply_part_of_the_hand() -> None:  # 6.2.9
    eight = ["necromancer", "king", "queen", "knights", "rangers", "warlord", "princess", "empress"]
    assert len(score_hand(eight).cards) == 8


def test_book_of_changes_changes_only_the_suit() -> None:  # 6.2.10
    hand = ["book-of-changes", "air-elemental", "whirlwind", "forest"]
    beast = {"book-of-changes": {"target": "air-elemental", "new_suit": "beast"}}
    s = score_hand(hand, choices=beast)
    assert line(s, "air-elemental").bonus == 15  # still +15 per other Weather
    assert line(s, "forest").bonus == 12
    with pytest.raises(ValueError, match="Deluxe Phoenix"):
        score_hand(
            ["book-of-changes", "phoenix-deluxe"],
            choices={"book-of-changes": {"target": "phoenix-deluxe", "new_suit": "army"}},
        )


def test_judge_counts_penalties_that_cost_nothing() -> None:  # 6.2.11
    s = score_hand(["judge", "knights", "king"], **CH)
    assert line(s, "judge").bonus == 10
    assert line(score_hand(["judge", "knights", "protection-rune"], **CH), "judge").bonus == 0


def test_demon_blanks_lone_cards_first() -> None:  # 6.2.12
    s = score_hand(["demon", "wildfire", "king", "queen"], **CH)
    assert line(s, "wildfire").blanked and not line(s, "king").blanked
    assert (
        score_hand(
            ["demon", "mirage", "shapeshifter"],
            choices={"mirage": {"copies": None}, "shapeshifter": {"copies": None}},
            **CH,
        )
        .cards[1]
        .blanked
        is False
    )
    assert not line(score_hand(["demon", "phoenix-deluxe"], **CH), "phoenix-deluxe").blanked


def test_fountain_of_life_takes_the_highest() -> None:  # 6.2.13
    assert line(score_hand(["fountain-of-life", "swamp", "forge"]), "fountain-of-life").bonus == 18


def test_discarded_cards_have_no_effects() -> None:  # 6.2.14
    assert score_hand(["dark-queen"], discards=["demon", "phoenix"], **CH).total == 10


def test_warship_turned_flood_satisfies_itself() -> None:  # 6.2.15
    choice = {"book-of-changes": {"target": "warship", "new_suit": "flood"}}
    assert score_hand(["warship", "book-of-changes"], choices=choice).total == 26


def test_blanking_cycles_option() -> None:  # 6.3
    hand = ["wildfire", "great-flood", "blizzard", "book-of-changes"]
    beast = {"book-of-changes": {"target": "blizzard", "new_suit": "beast"}}
    assert score_hand(hand, choices=beast).total == 3
    kept = score_hand(hand, choices=beast, rulings=Rulings(blanking_cycles="blank-none"))
    assert kept.total == 3 + 40 + 32 + 30 - 10  # Blizzard, now a Beast, charges itself too


def test_self_blanking_option() -> None:  # 6.3
    flood = {"book-of-changes": {"target": "blizzard", "new_suit": "flood"}}
    assert score_hand(["blizzard", "book-of-changes"], choices=flood).total == 3
    off = Rulings(self_blanking=False)
    assert score_hand(["blizzard", "book-of-changes"], choices=flood, rulings=off).total == 33


def test_jester_option() -> None:  # 6.3
    hand = ["jester", "smoke", "mountain"]  # Smoke (27) blanked: no Flame
    assert line(score_hand(hand), "jester").bonus == 3
    loose = Rulings(jester_counts_blanked=False)
    assert line(score_hand(hand, rulings=loose), "jester").bonus == 50


def test_phoenix_options() -> None:  # 6.3
    assert (
        score_hand(["phoenix", "rainstorm"], rulings=Rulings(rainstorm_blanks_phoenix=False)).total
        == 22
    )
    assert score_hand(["phoenix", "great-flood", "beastmaster"]).total == 32 + 9 + 9  # blanked
    spare = Rulings(great_flood_blanks_phoenix=False)
    assert (
        score_hand(["phoenix", "great-flood", "beastmaster"], rulings=spare).total == 32 + 14 + 18
    )


def test_wildfire_outsiders_option() -> None:  # 6.3
    assert score_hand(["wildfire", "judge"], **CH).total == 40
    spare = Rulings(wildfire_spares_outsiders=True)
    assert score_hand(["wildfire", "judge"], rulings=spare, **CH).total == 40 + 21


_FR = list(base_deck(expansion=False))


def _code(numbers: str) -> list[str]:
    return [_FR[int(n) - 1] for n in numbers.split(",")]


@pytest.mark.parametrize(
    ("numbers", "choices", "total"),
    [
        ("21,24,25,31,32,43,46", {}, 265),
        ("6,7,8,9,10,11,26", {}, 326),
        ("18,22,31,32,43,46,47", {}, 351),
        ("1,8,13,14,15,16,52", {"mirage": {"copies": "rainstorm"}}, 260),
        (
            "3,17,32,43,46,47,49",
            {"book-of-changes": {"target": "gem-of-order", "new_suit": "wizard"}},
            380,
        ),
        (
            "3,17,28,38,43,46,47,49",
            {"book-of-changes": {"target": "bell-tower", "new_suit": "leader"}},
            397,
        ),
        (
            "2,3,5,17,26,28,47,49",
            {"book-of-changes": {"target": "candle", "new_suit": "land"}},
            388,
        ),
        (
            "28,29,31,32,34,35,51,53",
            {"shapeshifter": {"copies": "king"}, "doppelganger": {"copies": "warlock-lord"}},
            -74,
        ),
    ],
)
def test_known_hands_of_the_js_scorer(
    numbers: str, choices: dict[str, dict[str, str]], total: int
) -> None:
    assert score_hand(_code(numbers), choices=choices).total == total


def test_the_best_known_hand_is_found_without_help() -> None:
    assert score_hand(_code("3,17,28,38,43,46,47,49")).total == 397
