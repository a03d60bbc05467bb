"""Every ruling of the cards file's §6.2 and every disputed point of §6.3, one test each, in
the file's words: a hand, its total and each card's line (its points, or ``"blanked"``).

Then the blanking of §6.1 step 9 on its own: cards that blank each other in a cycle fall, a
card outside the cycle falls only to a blanker that stands, and the answer depends neither
on the order the cards are listed in nor, for a card that stands, on Angel protecting it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rumizi.games.fantasy_realms import Rulings, Score, score_hand
from rumizi.games.fantasy_realms.bounds import Bounds
from rumizi.games.fantasy_realms.cards import base_deck, card_info
from rumizi.games.fantasy_realms.optimize import (
    _apply,
    _protos,
    best_choices,
    brute_force,
    fixed_bonuses,
)
from rumizi.games.fantasy_realms.scoring import BLANKERS, ScoringContext, settle_blanking

CH = {"expansion": True}
Line = int | str  # a card's points, or "blanked"


def lines(score: Score) -> dict[str, Line]:
    """Each card's line: what it adds to the hand, or ``"blanked"``."""
    return {c.id: "blanked" if c.blanked else c.total for c in score.cards}


def card(score: Score, card_id: str) -> Any:
    return next(c for c in score.cards if c.id == card_id)


def scored(hand: list[str], choices: dict[str, Any] | None = None, **kw: Any) -> Score:
    """The hand scored with these choices (every ACTION card unused unless chosen)."""
    unused: dict[str, Any] = {
        "doppelganger": {"copies": None},
        "mirage": {"copies": None},
        "shapeshifter": {"copies": None},
        "book-of-changes": {"target": None, "new_suit": None},
        "island": {"clears": None},
        "angel": {"protects": None},
    }
    picked = {c: v for c, v in unused.items() if c in hand}
    picked.update(choices or {})
    return score_hand(hand, choices=picked, **kw)


def check(score: Score, total: int, expected: dict[str, Line]) -> None:
    assert (score.total, lines(score)) == (total, expected)


# §6.2 — the rulings.


def test_6_2_1_a_blanked_card_is_not_counted_does_not_blank_and_pays_no_penalty() -> None:
    # Blizzard blanks Great Flood; Great Flood, blanked, blanks nothing: Knights stands and
    # the King counts it. Blizzard pays for the Army and the Leader that stand.
    check(
        scored(["blizzard", "great-flood", "knights", "king"]),
        30 - 10 + 20 + 13,
        {"blizzard": 20, "great-flood": "blanked", "knights": 20, "king": 13},
    )
    # A blanked Beast is not counted by Forest; a blanked Leader satisfies no "with a Leader".
    check(
        scored(["basilisk", "unicorn", "forest"]),
        35 + 19,
        {"basilisk": 35, "unicorn": "blanked", "forest": 19},
    )
    check(
        scored(["basilisk", "king", "sword-of-keth"]),
        35 + 7,
        {"basilisk": 35, "king": "blanked", "sword-of-keth": 7},
    )


def test_6_2_1_a_blanked_promo_phoenix_keeps_its_three_suits() -> None:
    # Blanked by its own Flood condition, its strength is 0 but it is still a Flame for Fire
    # Elemental and a Weather for Air Elemental.
    s = scored(["phoenix", "water-elemental", "fire-elemental", "air-elemental"])
    check(
        s,
        4 + 19 + 19,
        {"phoenix": "blanked", "water-elemental": 4, "fire-elemental": 19, "air-elemental": 19},
    )
    assert set(card(s, "phoenix").suits) == {"beast", "flame", "weather"}


def test_6_2_2_clearing_survives_blanking() -> None:
    # Great Flood blanks Cavern, but Cavern has cleared Blizzard's penalty first.
    check(
        scored(["cavern", "great-flood", "blizzard"]),
        62,
        {"cavern": "blanked", "great-flood": 32, "blizzard": 30},
    )
    # Blizzard blanks Island, which still clears Wildfire (the JS scorer's test: 95).
    s = scored(["island", "blizzard", "wildfire", "basilisk"], {"island": {"clears": "wildfire"}})
    check(s, 95, {"island": "blanked", "blizzard": 20, "wildfire": 40, "basilisk": 35})
    assert card(s, "wildfire").cleared


def test_6_2_3_wildfire_blizzard_and_great_flood_as_the_rulebook_answers() -> None:
    check(
        scored(["wildfire", "blizzard", "great-flood"]),
        65,
        {"wildfire": 40, "blizzard": 25, "great-flood": "blanked"},
    )
    check(
        scored(["wildfire", "blizzard", "great-flood", "cavern"]),
        62,
        {"wildfire": "blanked", "blizzard": 30, "great-flood": 32, "cavern": "blanked"},
    )


def test_6_2_4_collector_scores_every_suit_and_counts_names_not_copies() -> None:
    # Three Wizard names (+10) and four Beast names (+40).
    hand = ["collector", "beastmaster", "enchantress", "unicorn", "warhorse", "dragon", "hydra"]
    check(
        scored(hand),
        193,
        {
            "collector": 57,
            "beastmaster": 45,
            "enchantress": 5,
            "unicorn": 24,
            "warhorse": 20,
            "dragon": 30,
            "hydra": 12,
        },
    )
    # Two copies of Shield of Keth add no name: two Artifact names, no bonus.
    copies = {
        "shapeshifter": {"copies": "shield-of-keth"},
        "doppelganger": {"copies": "shield-of-keth"},
    }
    check(
        scored(
            ["collector", "shield-of-keth", "gem-of-order", "shapeshifter", "doppelganger"], copies
        ),
        20,
        {
            "collector": 7,
            "shield-of-keth": 4,
            "gem-of-order": 5,
            "shapeshifter": 0,
            "doppelganger": 4,
        },
    )


def test_6_2_5_gem_of_order_scores_every_run_and_duplicates_make_a_second() -> None:
    # Strengths 4, 4, 5, 5, 6, 6: two runs 4-5-6, +10 each.
    hand = ["gem-of-order", "shield-of-keth", "warhorse", "rangers", "warlord", "queen"]
    check(
        scored(hand),
        89,
        {
            "gem-of-order": 25,
            "shield-of-keth": 19,
            "warhorse": 20,
            "rangers": 5,
            "warlord": 9,
            "queen": 11,
        },
    )


def test_6_2_6_rangers_and_warship_remove_only_the_word_army() -> None:
    # Swamp still pays for the Flame.
    check(scored(["rangers", "swamp", "forge"]), 29, {"rangers": 5, "swamp": 15, "forge": 9})
    # Basilisk and Great Flood stop blanking Armies (the Leader still falls), Dwarvish
    # Infantry's penalty is gone, Knights still pays without a Leader.
    check(
        scored(["rangers", "basilisk", "king", "knights", "great-flood", "dwarvish-infantry"]),
        99,
        {
            "rangers": 5,
            "basilisk": 35,
            "king": "blanked",
            "knights": 12,
            "great-flood": 32,
            "dwarvish-infantry": 15,
        },
    )
    # War Dirigible no longer needs an Army (Rangers, blanked by Wildfire, still clears).
    check(
        scored(["rangers", "wildfire", "war-dirigible"]),
        75,
        {"rangers": "blanked", "wildfire": 40, "war-dirigible": 35},
    )
    # Warship only for Floods: a Basilisk turned into a Flood stops blanking Armies...
    hand = ["warship", "basilisk", "knights", "book-of-changes", "swamp"]
    check(
        scored(hand, {"book-of-changes": {"target": "basilisk", "new_suit": "flood"}}),
        91,
        {"warship": 23, "basilisk": 35, "knights": 12, "book-of-changes": 3, "swamp": 18},
    )
    # ... and a Great Flood turned into a Wizard loses the protection.
    hand = ["warship", "great-flood", "knights", "book-of-changes", "swamp"]
    check(
        scored(hand, {"book-of-changes": {"target": "great-flood", "new_suit": "wizard"}}),
        76,
        {"warship": 23, "great-flood": 32, "knights": "blanked", "book-of-changes": 3, "swamp": 18},
    )


def test_6_2_7_doppelganger_copies_penalty_and_blanks_but_not_the_bonus() -> None:
    # A copied Water Elemental is one more Flood for the original; the copy has no bonus.
    check(
        scored(
            ["water-elemental", "doppelganger"], {"doppelganger": {"copies": "water-elemental"}}
        ),
        23,
        {"water-elemental": 19, "doppelganger": 4},
    )
    # Two Warlock Lords each charge for the other.
    check(
        scored(["warlock-lord", "doppelganger"], {"doppelganger": {"copies": "warlock-lord"}}),
        30,
        {"warlock-lord": 15, "doppelganger": 15},
    )
    # A copied BLANKED-unless condition: two Smokes and no Flame.
    check(
        scored(["smoke", "doppelganger", "air-elemental"], {"doppelganger": {"copies": "smoke"}}),
        4,
        {"smoke": "blanked", "doppelganger": "blanked", "air-elemental": 4},
    )
    # A copied BLANKS: the two Basilisks blank each other and both fall; nothing that stands
    # blanks the Leaders and Armies, which only the two Basilisks threatened (the hand).
    hand = ["basilisk", "doppelganger", "queen", "king", "knights", "light-cavalry", "magic-wand"]
    check(
        scored(hand, {"doppelganger": {"copies": "basilisk"}}),
        132,
        {
            "basilisk": "blanked",
            "doppelganger": "blanked",
            "queen": 46,
            "king": 48,
            "knights": 20,
            "light-cavalry": 17,
            "magic-wand": 1,
        },
    )
    assert score_hand(hand).total == 132  # the optimum: the copy is worth it


def test_6_2_8_mirage_takes_name_and_suit_only() -> None:
    # As Rainstorm it satisfies Whirlwind and Lightning, but gets no Flood bonus.
    check(
        scored(
            ["mirage", "lightning", "whirlwind", "great-flood"],
            {"mirage": {"copies": "rainstorm"}},
        ),
        126,
        {"mirage": 0, "lightning": 41, "whirlwind": 53, "great-flood": 32},
    )
    # ... and blanks nothing (Fire Elemental stands).
    check(
        scored(["mirage", "fire-elemental", "candle"], {"mirage": {"copies": "rainstorm"}}),
        21,
        {"mirage": 0, "fire-elemental": 19, "candle": 2},
    )
    # Exemptions by name apply to copies: Great Flood spares a Mirage named Mountain.
    check(
        scored(["great-flood", "mirage"], {"mirage": {"copies": "mountain"}}),
        32,
        {"great-flood": 32, "mirage": 0},
    )


def test_6_2_9_extra_cards_are_part_of_the_hand() -> None:
    hand = ["necromancer", "king", "queen", "knights", "rangers", "warlord", "princess", "empress"]
    check(
        scored(hand),
        224,
        {
            "necromancer": 3,
            "king": 48,
            "queen": 46,
            "knights": 20,
            "rangers": 5,
            "warlord": 29,
            "princess": 58,
            "empress": 15,
        },
    )


def test_6_2_10_book_of_changes_changes_only_the_suit() -> None:
    # Air Elemental turned into a Beast still gets +15 per other Weather, and is a Beast
    # for Forest.
    hand = ["book-of-changes", "air-elemental", "whirlwind", "forest"]
    check(
        scored(hand, {"book-of-changes": {"target": "air-elemental", "new_suit": "beast"}}),
        54,
        {"book-of-changes": 3, "air-elemental": 19, "whirlwind": 13, "forest": 19},
    )
    with pytest.raises(ValueError, match="Deluxe Phoenix"):
        scored(
            ["book-of-changes", "phoenix-deluxe"],
            {"book-of-changes": {"target": "phoenix-deluxe", "new_suit": "army"}},
        )


def test_6_2_10_a_promo_phoenix_given_a_suit_by_the_book_still_counts_as_flame_and_weather() -> (
    None
):
    # "Also counts as a Flame and a Weather" is its bonus text, which the Book leaves alone:
    # made an Army, it is an Army, a Flame and a Weather (no longer a Beast).
    hand = ["phoenix", "book-of-changes", "fire-elemental", "king", "forest"]
    s = scored(hand, {"book-of-changes": {"target": "phoenix", "new_suit": "army"}})
    check(
        s,
        14 + 3 + 19 + 13 + 7,
        {"phoenix": 14, "book-of-changes": 3, "fire-elemental": 19, "king": 13, "forest": 7},
    )
    assert set(card(s, "phoenix").suits) == {"army", "flame", "weather"}


def test_6_2_11_judge_counts_penalties_that_cost_nothing() -> None:
    check(scored(["judge", "knights", "king"], **CH), 54, {"judge": 21, "knights": 20, "king": 13})


def test_6_2_12_demon_reads_suits_after_copies_and_spares_outsiders_and_the_deluxe_phoenix() -> (
    None
):
    # The promo Phoenix is a Flame beside Fire Elemental: neither is alone. The King is.
    check(
        scored(["demon", "phoenix", "fire-elemental", "king"], **CH),
        78,
        {"demon": 45, "phoenix": 14, "fire-elemental": 19, "king": "blanked"},
    )
    check(
        scored(["demon", "phoenix-deluxe", "king"], **CH),
        59,
        {"demon": 45, "phoenix-deluxe": 14, "king": "blanked"},
    )
    # Unused wild cards share the Wild suit; a Mirage that became a Land is alone in it.
    check(
        scored(["demon", "mirage", "shapeshifter"], **CH),
        45,
        {"demon": 45, "mirage": 0, "shapeshifter": 0},
    )
    check(
        scored(["demon", "mirage", "shapeshifter"], {"mirage": {"copies": "forest"}}, **CH),
        45,
        {"demon": 45, "mirage": "blanked", "shapeshifter": "blanked"},
    )


def test_6_2_13_fountain_of_life_takes_the_highest_or_itself() -> None:
    check(
        scored(["fountain-of-life", "swamp", "forge"]),
        43,
        {"fountain-of-life": 19, "swamp": 15, "forge": 9},
    )
    check(scored(["fountain-of-life", "king"]), 10, {"fountain-of-life": 2, "king": 8})


def test_6_2_14_discarded_cards_have_no_effects_and_a_phoenix_there_is_a_beast() -> None:
    # The Demon in the discard area blanks nobody (the King would be alone); the Phoenix
    # there is one Beast for Ghoul and no Flame or Weather for Dark Queen.
    check(
        scored(["dark-queen", "ghoul", "king"], discards=["demon", "phoenix", "swamp"], **CH),
        35,
        {"dark-queen": 15, "ghoul": 12, "king": 8},
    )


def test_6_2_15_warship_turned_into_a_flood_satisfies_itself() -> None:
    check(
        scored(
            ["warship", "book-of-changes"],
            {"book-of-changes": {"target": "warship", "new_suit": "flood"}},
        ),
        26,
        {"warship": 23, "book-of-changes": 3},
    )


# §6.3 — the disputed points, each with the file's recommendation as the default.


def test_6_3_a_blanking_cycle_blanks_its_members_only() -> None:
    # Wildfire blanks Blizzard (a Beast now), Blizzard blanks Great Flood, Great Flood blanks
    # Wildfire: all three fall. Knights, threatened only by Wildfire and Great Flood, stands.
    book = {"book-of-changes": {"target": "blizzard", "new_suit": "beast"}}
    hand = ["wildfire", "great-flood", "blizzard", "book-of-changes", "knights"]
    s = scored(hand, book)
    check(
        s,
        3 + 12,
        {
            "wildfire": "blanked",
            "great-flood": "blanked",
            "blizzard": "blanked",
            "book-of-changes": 3,
            "knights": 12,
        },
    )
    assert card(s, "wildfire").reason_en == "blanked in a cycle with Great Flood"
    # The other reading keeps the whole cycle standing; its members then blank Knights.
    kept = scored(hand, book, rulings=Rulings(blanking_cycles="blank-none"))
    check(
        kept,
        40 + 32 + 20 + 3,
        {
            "wildfire": 40,
            "great-flood": 32,
            "blizzard": 20,
            "book-of-changes": 3,
            "knights": "blanked",
        },
    )


def test_6_3_a_card_under_its_own_blanking_falls_and_then_blanks_nothing() -> None:
    # Blizzard turned into a Flood blanks itself; blanked, it does not blank Water Elemental.
    flood = {"book-of-changes": {"target": "blizzard", "new_suit": "flood"}}
    check(
        scored(["blizzard", "book-of-changes", "water-elemental"], flood),
        3 + 4,
        {"blizzard": "blanked", "book-of-changes": 3, "water-elemental": 4},
    )
    off = Rulings(self_blanking=False)
    check(
        scored(["blizzard", "book-of-changes", "water-elemental"], flood, rulings=off),
        30 + 3 + 0,
        {"blizzard": 30, "book-of-changes": 3, "water-elemental": "blanked"},
    )


def test_6_3_a_basilisk_never_blanks_itself_whatever_its_suit() -> None:
    # "Basilisk's text explicitly excludes itself": made a Leader, it still stands and
    # blanks Knights.
    leader = {"book-of-changes": {"target": "basilisk", "new_suit": "leader"}}
    check(
        scored(["basilisk", "book-of-changes", "knights"], leader),
        35 + 3,
        {"basilisk": 35, "book-of-changes": 3, "knights": "blanked"},
    )


def test_6_3_jester_counts_blanked_cards_as_part_of_the_hand() -> None:
    # Smoke (27) is blanked, no Flame: the hand is not all odd, Jester gets +3 for Mountain.
    check(
        scored(["jester", "smoke", "mountain"]),
        15,
        {"jester": 6, "smoke": "blanked", "mountain": 9},
    )
    loose = Rulings(jester_counts_blanked=False)
    check(
        scored(["jester", "smoke", "mountain"], rulings=loose),
        62,
        {"jester": 53, "smoke": "blanked", "mountain": 9},
    )


def test_6_3_rainstorm_blanks_the_promo_phoenix_which_keeps_its_suits() -> None:
    # The Phoenix is a Flame, so Rainstorm blanks it; blanked, it is still a Weather.
    check(
        scored(["phoenix", "rainstorm", "air-elemental"]),
        8 + 34,
        {"phoenix": "blanked", "rainstorm": 8, "air-elemental": 34},
    )
    spare = Rulings(rainstorm_blanks_phoenix=False)
    check(
        scored(["phoenix", "rainstorm", "air-elemental"], rulings=spare),
        14 + 8 + 34,
        {"phoenix": 14, "rainstorm": 8, "air-elemental": 34},
    )


def test_6_3_great_flood_blanks_the_promo_phoenix_but_not_the_deluxe_one() -> None:
    # Beastmaster clears both Phoenixes' penalties. Great Flood still blanks the promo one
    # (a Flame), which stays a Beast for Beastmaster; the Deluxe one cannot be blanked by it.
    check(
        scored(["phoenix", "great-flood", "beastmaster"]),
        32 + 18,
        {"phoenix": "blanked", "great-flood": 32, "beastmaster": 18},
    )
    check(
        scored(["phoenix-deluxe", "great-flood", "beastmaster"]),
        14 + 32 + 18,
        {"phoenix-deluxe": 14, "great-flood": 32, "beastmaster": 18},
    )
    # Uncleared, the Deluxe Phoenix falls by its own Flood condition only.
    check(
        scored(["phoenix-deluxe", "great-flood"]),
        32,
        {"phoenix-deluxe": "blanked", "great-flood": 32},
    )
    spare = Rulings(great_flood_blanks_phoenix=False)
    check(
        scored(["phoenix", "great-flood", "beastmaster"], rulings=spare),
        14 + 32 + 18,
        {"phoenix": 14, "great-flood": 32, "beastmaster": 18},
    )


def test_6_3_wildfire_blanks_outsiders_as_printed() -> None:
    check(scored(["wildfire", "judge"], **CH), 40, {"wildfire": 40, "judge": "blanked"})
    spare = Rulings(wildfire_spares_outsiders=True)
    check(scored(["wildfire", "judge"], rulings=spare, **CH), 61, {"wildfire": 40, "judge": 21})


def test_6_3_collector_and_gem_of_order_pay_every_suit_and_run_by_default() -> None:
    hand = ["collector", "beastmaster", "enchantress", "unicorn", "warhorse", "dragon", "hydra"]
    one = scored(hand, rulings=Rulings(collector_every_suit=False))
    assert card(one, "collector").total == 7 + 40 and one.total == 193 - 10
    gem = ["gem-of-order", "shield-of-keth", "warhorse", "rangers", "warlord", "queen"]
    best = scored(gem, rulings=Rulings(gem_every_run=False))
    assert card(best, "gem-of-order").total == 5 + 10 and best.total == 89 - 10


# The Phoenix's two texts, beside the other cards.


def test_a_doppelganger_or_shapeshifter_copying_a_phoenix_is_a_beast_only() -> None:
    # "Also counts as a Flame and a Weather" is bonus text, which a copy does not take.
    s = scored(
        ["phoenix", "doppelganger", "fire-elemental"], {"doppelganger": {"copies": "phoenix"}}
    )
    check(s, 14 + 14 + 19, {"phoenix": 14, "doppelganger": 14, "fire-elemental": 19})
    assert card(s, "doppelganger").suits == ("beast",)
    s = scored(
        ["phoenix-deluxe", "shapeshifter", "air-elemental"],
        {"shapeshifter": {"copies": "phoenix-deluxe"}},
    )
    check(s, 14 + 0 + 19, {"phoenix-deluxe": 14, "shapeshifter": 0, "air-elemental": 19})
    assert card(s, "shapeshifter").suits == ("beast",)


def test_a_doppelganger_copying_a_phoenix_takes_its_flood_condition_not_its_suits() -> None:
    # Both fall with the Flood; the promo Phoenix keeps its suits, the copy has none.
    check(
        scored(
            ["phoenix", "doppelganger", "water-elemental", "fire-elemental"],
            {"doppelganger": {"copies": "phoenix"}},
        ),
        4 + 19,
        {
            "phoenix": "blanked",
            "doppelganger": "blanked",
            "water-elemental": 4,
            "fire-elemental": 19,
        },
    )


def test_the_deluxe_phoenix_blanks_no_card_but_counts_as_a_weather() -> None:
    # War Dirigible is not blanked "with any Weather" by it...
    check(
        scored(["phoenix-deluxe", "war-dirigible", "knights"]),
        14 + 35 + 12,
        {"phoenix-deluxe": 14, "war-dirigible": 35, "knights": 12},
    )
    # ... but Elven Archers lose their +5 and Air Elemental counts it.
    check(
        scored(["phoenix-deluxe", "elven-archers", "air-elemental"]),
        14 + 10 + 19,
        {"phoenix-deluxe": 14, "elven-archers": 10, "air-elemental": 19},
    )
    # Another Weather still blanks War Dirigible, and so does a blanked promo Phoenix.
    check(
        scored(["phoenix-deluxe", "war-dirigible", "knights", "smoke"]),
        14 + 12 + 27,
        {"phoenix-deluxe": 14, "war-dirigible": "blanked", "knights": 12, "smoke": 27},
    )
    check(
        scored(["phoenix", "war-dirigible", "knights", "water-elemental"]),
        12 + 4,
        {"phoenix": "blanked", "war-dirigible": "blanked", "knights": 12, "water-elemental": 4},
    )


# §6.1 step 9 on its own: which cards the BLANKS penalties leave standing.


def test_a_blanker_outside_a_cycle_stands_and_blanks_when_only_the_cycle_threatens_it() -> None:
    # The two Basilisks fall together; Great Flood, made a Leader, was threatened only by
    # them, so it stands and blanks Knights.
    hand = ["basilisk", "doppelganger", "book-of-changes", "great-flood", "knights"]
    choices = {
        "doppelganger": {"copies": "basilisk"},
        "book-of-changes": {"target": "great-flood", "new_suit": "leader"},
    }
    check(
        scored(hand, choices),
        32 + 3,
        {
            "basilisk": "blanked",
            "doppelganger": "blanked",
            "book-of-changes": 3,
            "great-flood": 32,
            "knights": "blanked",
        },
    )


def test_the_bound_stays_above_a_hand_where_a_blanker_stands_beyond_a_cycle() -> None:
    hand = ["basilisk", "doppelganger", "book-of-changes", "great-flood", "knights"]
    table = ScoringContext()
    infos = [card_info(c, expansion=False) for c in hand]
    protos = _apply(_protos(infos), "doppelganger", {"copies": "basilisk"}, table)
    book = {"target": "great-flood", "new_suit": "leader"}
    best = brute_force(
        infos, table, {"doppelganger": {"copies": "basilisk"}, "book-of-changes": book}
    )
    bounds = Bounds(hand, table, fixed_bonuses(infos, table))
    assert bounds(_apply(protos, "book-of-changes", book, table), []) >= best[0] == 35


def test_a_cycle_downstream_of_a_standing_card_is_decided_by_it() -> None:
    # 0 and 1 blank each other; 0 blanks 2; 2 blanks 3; 3 and 4 blank each other. The first
    # cycle falls; 2 stands and blanks 3; then 4, whose only blanker fell, stands.
    attackers = [[1], [0], [0], [2, 4], [3]]
    assert settle_blanking(attackers) == ([1, 0, -1, 2, -1], 0b00011)
    # Read the other way, the cycles stand: 0 and 1 stand, 2 falls, 3 and 4 stand.
    assert settle_blanking(attackers, cycles_fall=False) == ([-1, -1, 0, -1, -1], 0)


@st.composite
def graphs(draw: Any) -> list[list[int]]:
    """Who would blank whom among up to eight cards (self-blanking included)."""
    n = draw(st.integers(1, 8))
    return [sorted(draw(st.sets(st.integers(0, n - 1), max_size=3))) for _k in range(n)]


def _fallen(attackers: list[list[int]]) -> list[bool]:
    by, _cycle = settle_blanking(attackers)
    return [b >= 0 for b in by]


@settings(max_examples=400, deadline=None)
@given(graphs(), st.randoms(use_true_random=False))
def test_settling_follows_the_rule_and_not_the_order(
    attackers: list[list[int]], rnd: random.Random
) -> None:
    by, cycle = settle_blanking(attackers)
    for k, hits in enumerate(attackers):
        standing = [j for j in hits if by[j] < 0]
        if by[k] < 0:
            assert not standing  # nothing that stands would blank a card that stands
        elif not cycle >> k & 1:
            assert by[k] in standing  # outside a cycle only a standing card blanks
        else:
            assert by[k] in hits and not standing  # a cycle's member, by a member
    # The same cards fall whatever order they are listed in.
    order = list(range(len(attackers)))
    rnd.shuffle(order)
    place = {k: i for i, k in enumerate(order)}
    moved = [sorted(place[j] for j in attackers[k]) for k in order]
    fallen = _fallen(attackers)
    assert _fallen(moved) == [fallen[k] for k in order]


@settings(max_examples=400, deadline=None)
@given(graphs())
def test_protecting_a_card_that_stands_changes_nothing(attackers: list[list[int]]) -> None:
    # Angel's search tries only the cards that fall without it (optimize.py): sound because
    # a card that stands anyway, once it cannot be blanked, leaves every other card as it was.
    fallen = _fallen(attackers)
    for k in range(len(attackers)):
        if not fallen[k]:
            shielded = [[] if j == k else hits for j, hits in enumerate(attackers)]
            assert _fallen(shielded) == fallen


# The optimum does not depend on how the hand is listed.

_CYCLES = [
    "basilisk", "doppelganger", "book-of-changes", "great-flood", "wildfire", "blizzard",
    "rainstorm", "phoenix", "knights", "king", "queen", "unicorn", "water-elemental",
    "war-dirigible", "smoke", "fire-elemental", "forest", "island",
]  # fmt: skip


@st.composite
def shuffled_hands(draw: Any) -> tuple[list[str], list[str], bool]:
    """A hand (half the time from cards that make blanking cycles) and the same hand in
    another order."""
    expansion = draw(st.booleans())
    deck = [
        *base_deck(expansion=expansion),
        "jester",
        draw(st.sampled_from(["phoenix", "phoenix-deluxe"])),
    ]
    pool = _CYCLES if draw(st.booleans()) else deck
    if "phoenix-deluxe" in deck:
        pool = ["phoenix-deluxe" if c == "phoenix" else c for c in pool]
    actions = {"doppelganger", "mirage", "shapeshifter", "book-of-changes", "island", "angel"}
    hand = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=7, unique=True))
    # Two ACTION cards at most keep the optimiser's work small.
    hand = [c for c in hand if c not in actions][:7] + [c for c in hand if c in actions][:2]
    return hand, draw(st.permutations(hand)), expansion


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shuffled_hands())
def test_the_optimum_does_not_depend_on_the_order_of_the_hand(
    case: tuple[list[str], list[str], bool],
) -> None:
    hand, other, expansion = case
    first = score_hand(hand, expansion=expansion)
    again = score_hand(other, expansion=expansion)
    assert again.total == first.total
    # With the same choices, every card's line is the same too.
    same = score_hand(other, expansion=expansion, choices=first.choices)
    assert lines(same) == lines(first)


# The optimiser's bounds under these rules, where blanking cycles are easy to make.

_BLANKING = [
    "basilisk", "great-flood", "wildfire", "blizzard", "rainstorm", "knights", "king",
    "unicorn", "water-elemental", "forest", "fire-elemental", "lightning", "swamp", "smoke",
    "war-dirigible", "magic-wand", "queen",
]  # fmt: skip


@st.composite
def cycle_prone(draw: Any) -> tuple[list[str], dict[str, Any], list[str]]:
    """A hand with Doppelgänger, Book of Changes, a Basilisk and other blankers, and some of
    its choices made (the Doppelgänger mostly copying a blanker, the Book mostly giving a
    card a suit some blanker blanks)."""
    hand = ["doppelganger", "book-of-changes", "basilisk"]
    hand += draw(st.lists(st.sampled_from(_BLANKING[1:]), min_size=2, max_size=4, unique=True))
    fixed: dict[str, Any] = {}
    open_actions = ["doppelganger", "book-of-changes"]
    if draw(st.integers(0, 3)):
        blankers = [c for c in hand if c in BLANKERS]
        copies = draw(st.sampled_from([*blankers, None, *hand[2:]]))
        fixed["doppelganger"] = {"copies": copies}
        open_actions.remove("doppelganger")
        if draw(st.integers(0, 3)):
            target = draw(st.sampled_from(hand[:1] + hand[2:]))
            suit = draw(st.sampled_from(["beast", "leader", "army", "flood", "land", "flame"]))
            fixed["book-of-changes"] = {"target": target, "new_suit": suit}
            open_actions.remove("book-of-changes")
    return hand, fixed, open_actions


@settings(max_examples=300, deadline=None, derandomize=True)
@given(cycle_prone())
def test_the_bound_is_never_below_the_best_completion_where_cycles_form(
    case: tuple[list[str], dict[str, Any], list[str]],
) -> None:
    hand, fixed, open_actions = case
    table = ScoringContext()
    infos = [card_info(c, expansion=False) for c in hand]
    protos = _protos(infos)
    for action in ("doppelganger", "book-of-changes"):
        if action in fixed:
            protos = _apply(protos, action, fixed[action], table)
    best = brute_force(infos, table, fixed)[0]
    bounds = Bounds(hand, table, fixed_bonuses(infos, table))
    assert bounds(protos, open_actions) >= best, (hand, fixed)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(cycle_prone())
def test_the_optimiser_finds_the_brute_force_optimum_where_cycles_form(
    case: tuple[list[str], dict[str, Any], list[str]],
) -> None:
    hand, fixed, _open = case
    table = ScoringContext()
    infos = [card_info(c, expansion=False) for c in hand]
    assert best_choices(infos, table, fixed)[0] == brute_force(infos, table, fixed)[0]
