"""One test per card: each hand and total is worked out from the card's text (cards file §3).

A case is ``(card, hand, total)`` plus optional ``choices``, ``expansion``, ``discards`` and
``players``. The card the case is about comes first in the hand; the comment gives the sum.
"""

from __future__ import annotations

from typing import Any

import pytest

from rumizi.games.fantasy_realms import CARDS, ITEMS, score_hand
from rumizi.games.fantasy_realms.cards import REPRINTS, base_deck

CH = {"expansion": True}
CASES: list[tuple[str, list[str], int, dict[str, Any]]] = [
    # Land
    ("mountain", ["mountain", "smoke", "wildfire"], 126, {}),  # 9+50, 27, 40
    ("mountain", ["mountain", "great-flood", "knights"], 53, {}),  # clears the Flood: 9+32+12
    ("cavern", ["cavern", "dragon"], 21, {}),  # 6+25, 30-40
    ("cavern", ["cavern", "blizzard", "swamp"], 54, {}),  # Blizzard cleared: 6+30+18
    ("bell-tower", ["bell-tower", "collector"], 30, {}),  # 8+15, 7
    ("forest", ["forest", "unicorn", "hydra", "elven-archers"], 79, {}),  # 7+24+12, 9, 12, 15
    ("earth-elemental", ["earth-elemental", "mountain", "cavern"], 49, {}),  # 4+30, 9, 6
    ("garden", ["garden", "king", "unicorn"], 50, CH),  # 11+22, 8, 9
    ("garden", ["garden", "lich"], 13, CH),  # Garden blanked by an Undead
    ("garden", ["garden", "necromancer"], 3, CH),  # ... and by Necromancer
    # Flood
    ("fountain-of-life", ["fountain-of-life", "warship", "knights"], 59, {}),  # 1+23, 23, 12
    ("fountain-of-life", ["fountain-of-life"], 2, {}),  # it may pick itself
    ("fountain-of-life", ["fountain-of-life", "crypt"], 43, CH),  # reprint: Buildings too
    ("swamp", ["swamp", "knights", "forge"], 33, {}),  # 18-6, 12, 9
    ("great-flood", ["great-flood", "knights", "cavern", "forge", "lightning"], 43, {}),
    ("great-flood", ["great-flood", "mountain"], 41, {}),  # Mountain is spared (and clears)
    ("great-flood", ["great-flood", "castle"], 32, CH),  # reprint blanks Buildings
    ("island", ["island", "swamp", "knights"], 44, {}),  # clears Swamp: 14+18+12
    ("island", ["island", "swamp", "knights"], 41, {"choices": {"island": {"clears": None}}}),
    ("water-elemental", ["water-elemental", "swamp", "island"], 66, {}),  # 4+30, 18, 14
    # Weather
    ("rainstorm", ["rainstorm", "swamp", "forge", "lightning"], 74, {}),  # 18, 15, 0, 41
    ("blizzard", ["blizzard", "swamp", "knights", "king"], 53, {}),  # 30-10, 0, 20, 13
    ("smoke", ["smoke"], 0, {}),
    ("smoke", ["smoke", "forge"], 36, {}),
    ("whirlwind", ["whirlwind", "rainstorm", "blizzard"], 91, {}),  # 13+40, 8, 30
    ("air-elemental", ["air-elemental", "smoke", "whirlwind"], 32, {}),  # Smoke blanked
    # Flame
    ("wildfire", ["wildfire", "knights", "unicorn", "king", "magic-wand"], 50, {}),  # 40+9+1
    (
        "candle",
        ["candle", "book-of-changes", "bell-tower", "collector"],
        135,
        {"choices": {"book-of-changes": {"target": None, "new_suit": None}}},
    ),  # 2+100, 3, 8+15, 7
    ("forge", ["forge", "magic-wand", "shield-of-keth"], 32, {}),  # 9+18, 1, 4
    ("lightning", ["lightning", "rainstorm"], 49, {}),  # 11+30, 8
    ("fire-elemental", ["fire-elemental", "candle", "forge"], 45, {}),  # 4+30, 2, 9
    # Army
    ("knights", ["knights"], 12, {}),
    ("knights", ["knights", "king"], 33, {}),  # 20, 8+5
    ("elven-archers", ["elven-archers"], 15, {}),
    ("elven-archers", ["elven-archers", "smoke"], 15, {}),  # a blanked Smoke is no Weather
    ("elven-archers", ["elven-archers", "whirlwind"], 23, {}),
    ("light-cavalry", ["light-cavalry", "mountain", "cavern"], 28, {}),  # 17-4, 9, 6
    ("dwarvish-infantry", ["dwarvish-infantry", "knights", "elven-archers"], 38, {}),
    ("rangers", ["rangers", "mountain", "dwarvish-infantry", "knights"], 51, {}),
    ("rangers", ["rangers", "great-flood", "knights"], 49, {}),  # GF stops blanking Armies
    ("rangers", ["rangers", "castle"], 35, CH),  # reprint: +10 per Building; Castle 10+10
    # Wizard
    ("collector", ["collector", "mountain", "cavern", "forest"], 39, {}),  # 3 Lands: +10
    ("collector", ["collector", "mountain", "cavern", "forest", "earth-elemental"], 118, {}),
    ("beastmaster", ["beastmaster", "dragon", "basilisk"], 92, {}),  # clears both: 27, 30, 35
    ("necromancer", ["necromancer"], 3, {}),
    ("necromancer", ["necromancer", "ghoul", "demon"], 53, CH),  # reprint: Undead unblankable
    ("warlock-lord", ["warlock-lord", "king", "collector"], 20, {}),  # 25-20, 8, 7
    ("enchantress", ["enchantress", "mountain", "swamp", "smoke", "candle"], 81, {}),
    ("jester", ["jester", "mountain", "smoke", "forge"], 98, {}),  # all odd: 3+50
    ("jester", ["jester", "mountain", "cavern"], 21, {}),  # one other odd: 3+3
    # Leader
    ("king", ["king", "knights", "queen"], 74, {}),  # 8+20, 20, 6+20
    ("queen", ["queen", "knights"], 31, {}),  # 6+5, 20
    ("princess", ["princess", "knights", "collector", "king"], 66, {}),  # 2+24, 20, 7, 13
    ("warlord", ["warlord", "knights", "rangers"], 54, {}),  # 4+25, 20, 5
    ("empress", ["empress", "knights", "king"], 53, {}),  # 15+10-5, 20, 13
    # Beast
    ("unicorn", ["unicorn", "princess"], 41, {}),  # 9+30, 2
    ("unicorn", ["unicorn", "queen"], 30, {}),  # 9+15, 6
    ("basilisk", ["basilisk", "knights", "king", "unicorn", "forge"], 44, {}),
    ("warhorse", ["warhorse", "king"], 28, {}),
    ("dragon", ["dragon"], -10, {}),
    ("dragon", ["dragon", "collector"], 37, {}),
    ("hydra", ["hydra", "swamp"], 58, {}),
    ("phoenix", ["phoenix", "fire-elemental"], 33, {}),  # a Flame too: 14, 4+15
    ("phoenix", ["phoenix", "swamp", "air-elemental"], 34, {}),  # blanked, keeps its suits
    ("phoenix", ["phoenix", "rainstorm"], 8, {}),  # Rainstorm blanks it (a Flame)
    ("phoenix-deluxe", ["phoenix-deluxe", "swamp", "air-elemental"], 22, {}),
    ("phoenix-deluxe", ["phoenix-deluxe", "rainstorm"], 22, {}),  # others cannot blank it
    # Weapon
    ("warship", ["warship"], 0, {}),
    ("warship", ["warship", "swamp", "knights"], 53, {}),  # clears Army from Swamp
    ("magic-wand", ["magic-wand", "collector"], 33, {}),
    ("sword-of-keth", ["sword-of-keth", "king"], 25, {}),
    ("sword-of-keth", ["sword-of-keth", "shield-of-keth", "king"], 99, {}),  # 47, 44, 8
    ("elven-longbow", ["elven-longbow", "warlord"], 37, {}),
    ("war-dirigible", ["war-dirigible", "knights"], 47, {}),
    ("war-dirigible", ["war-dirigible", "knights", "whirlwind"], 25, {}),
    # Artifact
    ("shield-of-keth", ["shield-of-keth", "king"], 27, {}),
    ("gem-of-order", ["gem-of-order", "earth-elemental", "cavern", "forest"], 82, {}),  # 4-7
    ("world-tree", ["world-tree", "king", "knights"], 85, {}),  # 2+50, 13, 20
    ("world-tree", ["world-tree", "king", "knights"], 105, CH),  # reprint: +70
    ("book-of-changes", ["book-of-changes", "fire-elemental", "knights"], 34, {}),
    ("protection-rune", ["protection-rune", "dragon", "smoke"], 58, {}),
    # Wild
    ("shapeshifter", ["shapeshifter", "sword-of-keth", "king"], 55, {}),  # as Shield of Keth
    ("mirage", ["mirage", "lightning"], 41, {}),  # as Rainstorm: no Flood bonus
    ("doppelganger", ["doppelganger", "knights"], 24, {}),  # two Knights, 12 each
    (
        "doppelganger",
        ["doppelganger", "warlock-lord", "king"],
        18,
        {"choices": {"doppelganger": {"copies": "warlock-lord"}}},
    ),  # 25-20 twice, 8
    ("mirage", ["mirage", "castle"], 20, CH),  # reprint: may be a Building
    ("shapeshifter", ["shapeshifter", "lich"], 23, CH),  # reprint: may be an Undead
    # Building
    ("dungeon", ["dungeon", "lich", "unicorn", "dragon", "warlock-lord"], 114, CH),
    ("castle", ["castle", "king", "knights", "mountain", "chapel"], 94, CH),
    ("crypt", ["crypt", "king", "lich", "ghoul"], 73, CH),  # 21+21, 0, 23, 8
    ("chapel", ["chapel", "king", "collector"], 57, CH),
    ("bell-tower", ["bell-tower", "lich"], 36, CH),  # reprint: Undead count
    # Outsider
    ("genie", ["genie"], -20, CH),  # -50 + 10 x 3 other players
    ("genie", ["genie"], -40, {**CH, "players": 2}),
    ("judge", ["judge", "knights", "king", "dragon", "collector"], 101, CH),
    ("angel", ["angel", "great-flood", "knights"], 60, CH),  # protects Knights
    ("angel", ["angel", "wildfire"], 56, CH),  # never blanked itself
    ("leprechaun", ["leprechaun"], 20, CH),
    ("demon", ["demon", "king", "queen", "knights"], 59, CH),  # the lone Army falls
    # Undead
    (
        "dark-queen",
        ["dark-queen"],
        25,
        {**CH, "discards": ["mountain", "swamp", "unicorn", "king"]},
    ),
    (
        "ghoul",
        ["ghoul"],
        28,
        {**CH, "discards": ["king", "knights", "collector", "unicorn", "lich"]},
    ),
    (
        "specter",
        ["specter"],
        30,
        {**CH, "discards": ["collector", "shield-of-keth", "judge", "king"]},
    ),
    ("lich", ["lich", "necromancer", "ghoul"], 44, CH),  # 13+10+10, 3, 8
    (
        "death-knight",
        ["death-knight"],
        28,
        {**CH, "discards": ["sword-of-keth", "knights", "king"]},
    ),
]


@pytest.mark.parametrize(("card", "hand", "total", "kw"), CASES, ids=[c[0] for c in CASES])
def test_each_card_scores_as_its_text_says(
    card: str, hand: list[str], total: int, kw: dict[str, Any]
) -> None:
    assert score_hand(hand, **kw).total == total


def test_every_card_and_reprint_has_a_case() -> None:
    covered = {c[0] for c in CASES}
    assert set(CARDS) <= covered
    assert {c[0] for c in CASES if c[3].get("expansion")} >= set(REPRINTS) - {"world-tree"} | {
        "world-tree"
    }


def test_the_card_file_counts() -> None:
    assert len(base_deck(expansion=False)) == 53
    assert len(base_deck(expansion=True)) == 68
    assert len(REPRINTS) == 8
    assert len(ITEMS) == 24
    assert {c for c in CARDS if CARDS[c].module == "promo"} == {
        "jester",
        "phoenix",
        "phoenix-deluxe",
    }


def test_persian_names_use_zwnj_and_persian_letters() -> None:
    assert CARDS["fountain-of-life"].fa == "چشمهٔ حیات"
    assert CARDS["necromancer"].fa == "مرگ\u200cساحر"
    assert CARDS["unicorn"].fa == "تک\u200cشاخ"
    for info in list(CARDS.values()) + list(ITEMS.values()):
        assert "ي" not in info.fa and "ك" not in info.fa, info.id


def test_used_cursed_items_add_their_points() -> None:
    base = score_hand(["knights"]).total
    assert score_hand(["knights"], items=["portal", "sarcophagus"]).total == base - 20 + 5
    assert score_hand(["knights"], items=["spyglass"], players=2).total == base - 10
    chest = ["treasure-chest", "shovel", "rake", "fishhook"]
    assert score_hand(["knights"], items=chest).total == base + 20 - 2 - 4 - 6
