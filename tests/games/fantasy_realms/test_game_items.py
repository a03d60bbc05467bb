"""One test per Cursed Item: its timing and its effect, and the item deck's own rules."""

from __future__ import annotations

from typing import Any

import pytest

from rumizi.core.errors import IllegalAction
from rumizi.games.fantasy_realms.cards import ITEMS
from rumizi.games.fantasy_realms.engine import FantasyRealmsState

from .conftest import position

H = [
    ["mountain", "cavern", "forest", "king", "queen", "unicorn", "dragon"],
    ["swamp", "great-flood", "island", "rainstorm", "blizzard", "smoke", "whirlwind"],
    ["wildfire", "candle", "forge", "lightning", "knights", "elven-archers", "light-cavalry"],
]


def table(
    item: str, *, area: list[str] | None = None, deck_top: list[str] | None = None, **kw: Any
) -> FantasyRealmsState:
    """Seat 0 to act with ``item`` face up; seats 1 and 2 hold Winged Boots and Shovel."""
    up = kw.pop(
        "up",
        [
            item,
            "winged-boots" if item != "winged-boots" else "shovel",
            "sarcophagus" if item != "sarcophagus" else "rake",
        ],
    )
    return position(
        3,
        hands=[list(h) for h in H],
        area=area or [],
        deck_top=deck_top or [],
        options={"items": True},
        up=up,
        **kw,
    )


def use(s: FantasyRealmsState, item: str, **params: Any) -> None:
    s.apply({"do": "use", "item": item, **params})


def finish_turn(s: FantasyRealmsState) -> None:
    if s.phase == "take":
        s.apply({"do": "draw"})
    while s.phase == "discard" and s.to_act == 0:
        s.apply(
            s.legal_actions()[0]
            if s.legal_actions()[0]["do"] == "discard"
            else next(a for a in s.legal_actions() if a["do"] == "discard")
        )


def test_every_item_has_a_test() -> None:
    tested = {name[5:].replace("_", "-") for name in globals() if name.startswith("test_")}
    assert set(ITEMS) <= tested


def test_keep_leave_or_drop_and_redraw_at_the_end_of_the_turn() -> None:
    s = table("spyglass")
    s.apply({"do": "drop-item"})
    assert s.up[0] == "spyglass"  # still there until the turn ends
    assert not any(a["do"] in ("use", "drop-item") for a in s.legal_actions())
    finish_turn(s)
    assert s.item_pile == ["spyglass"] and s.up[0] not in (None, "spyglass") and not s.down[0]


def test_a_used_item_turns_face_down_and_a_new_one_comes_at_the_end() -> None:
    s = table("treasure-chest")
    use(s, "treasure-chest")
    assert s.down[0] == ["treasure-chest"] and s.up[0] is None
    assert not any(a["do"] == "use" for a in s.legal_actions())  # one item a turn
    finish_turn(s)
    assert s.up[0] is not None and s.to_act == 1


def test_the_item_discard_is_reshuffled_when_the_deck_runs_out() -> None:
    s = table("spyglass")
    s.item_pile, s.item_deck = s.item_deck, []
    s.apply({"do": "drop-item"})
    finish_turn(s)
    assert s.up[0] is not None and len(s.item_deck) + len(s.item_pile) == 24 - 3 + 0


def test_spyglass() -> None:
    s = table("spyglass")
    assert {a.get("player") for a in s.legal_actions() if a["do"] == "use"} == {1, 2}
    use(s, "spyglass", player=2)
    assert s.seen[0][-1] == {"item": "spyglass", "player": 2, "cards": sorted(H[2])}


def test_sarcophagus() -> None:
    s = table("sarcophagus", deck_top=["hydra"])
    use(s, "sarcophagus")
    assert s.area == ["hydra"] and s.hands[0] == H[0] and s.to_act == 1


def test_sarcophagus_cannot_replace_the_first_turn_or_follow_a_draw() -> None:
    s = table("sarcophagus", turn=1)
    assert not any(a["do"] == "use" for a in s.legal_actions())
    s = table("sarcophagus")
    s.apply({"do": "draw"})
    assert not any(a["do"] == "use" for a in s.legal_actions())


def test_blindfold() -> None:
    s = table("blindfold", deck_top=["hydra"])
    use(s, "blindfold")
    assert {a["do"] for a in s.legal_actions()} == {"discard"}
    s.apply({"do": "discard", "card": "king"})
    assert "hydra" in s.hands[0] and s.area == ["king"] and s.to_act == 1


def test_book_of_prophecy() -> None:
    s = table("book-of-prophecy")
    use(s, "book-of-prophecy")
    assert s.seen[0][-1]["cards"] == s.deck[:7]


def test_crystal_ball() -> None:
    s = table("crystal-ball")
    use(s, "crystal-ball", suit="weather")
    shown = s.revealed[-1]
    assert shown["cards"] == {"1": ["blizzard", "rainstorm", "smoke", "whirlwind"], "2": []}
    assert s.view(2)["revealed"] == s.revealed  # everybody saw


def test_market_wagon() -> None:
    s = table("market-wagon")
    use(s, "market-wagon", card="king")
    assert s.phase == "offer" and s.to_act == 1
    s.apply({"do": "offer", "cards": ["island", "smoke"]})
    assert s.to_act == 2
    s.apply({"do": "offer", "cards": []})
    assert s.to_act == 0 and {"do": "wagon-swap", "player": 1, "card": "smoke"} in s.legal_actions()
    s.apply({"do": "wagon-swap", "player": 1, "card": "smoke"})
    assert "smoke" in s.hands[0] and "king" in s.hands[1] and s.to_act == 1


def test_market_wagon_keep_or_discard_and_draw() -> None:
    s = table("market-wagon", deck_top=["hydra"])
    use(s, "market-wagon", card="king")
    s.apply({"do": "offer", "cards": []})
    s.apply({"do": "offer", "cards": []})
    s.apply({"do": "wagon-discard"})
    assert "hydra" in s.hands[0] and s.area == ["king"]


def test_backpack() -> None:
    s = table("backpack")
    top3 = list(reversed(s.item_deck[-3:]))
    use(s, "backpack")
    assert s.aside[0] == top3
    finish_turn(s)
    assert s.up[0] == top3[0] and s.aside[0] == top3[1:]


def test_shovel() -> None:
    s = table("shovel", area=["hydra", "basilisk"])
    use(s, "shovel", card="hydra")
    assert s.area == ["basilisk"] and s.deck[0] == "hydra"


def test_sealed_vault() -> None:
    s = table("sealed-vault", area=["hydra", "basilisk", "warhorse"])
    use(s, "sealed-vault", cards=["basilisk", "hydra"])
    assert {a["card"] for a in s.legal_actions() if a["do"] == "take"} == {
        "basilisk",
        "hydra",
        "warhorse",
    }
    finish_turn(s)
    assert {a["card"] for a in s.legal_actions() if a["do"] == "take"} >= {"warhorse"}
    assert not {"hydra", "basilisk"} & {a.get("card") for a in s.legal_actions()}


def test_crystal_lens() -> None:
    s = table("crystal-lens", deck_top=["hydra"])
    use(s, "crystal-lens")
    assert s.seen[0][-1] == {"item": "crystal-lens", "cards": ["hydra"]}
    assert s.view(1)["seen"][0] is None


def test_larcenous_gloves() -> None:
    s = table("larcenous-gloves", up=["larcenous-gloves", "spyglass", "treasure-chest"])
    use(s, "larcenous-gloves", player=1)
    assert s.phase == "borrowed" and s.up[1] not in (None, "spyglass")
    use(s, "spyglass", player=2)
    assert s.down[0] == ["larcenous-gloves", "spyglass"] and s.phase == "take"


def test_junkyard_map() -> None:
    s = table("junkyard-map")
    s.item_pile = ["shovel", "spyglass", "treasure-chest", "winged-boots"]
    s.item_deck = [x for x in s.item_deck if x not in s.item_pile]
    s.up[1] = "portal"
    takes = {a["take"] for a in s.legal_actions() if a.get("item") == "junkyard-map"}
    assert takes == {"spyglass", "treasure-chest", "winged-boots"}  # the top three
    use(s, "junkyard-map", take="treasure-chest")
    use(s, "treasure-chest")
    assert s.down[0] == ["junkyard-map", "treasure-chest"]
    assert s.item_pile == ["shovel", "spyglass", "winged-boots"]


def test_winged_boots() -> None:
    s = table("winged-boots", deck_top=["hydra"])
    use(s, "winged-boots")
    assert s.area == ["hydra"] and s.phase == "take"


def test_staff_of_transmutation() -> None:
    s = table("staff-of-transmutation", deck_top=["hydra", "basilisk", "warhorse"])
    use(s, "staff-of-transmutation", cards=["dragon", "king", "queen"])
    assert {"hydra", "basilisk", "warhorse"} <= set(s.hands[0]) and len(s.hands[0]) == 7
    assert set(s.deck[:3]) == {"dragon", "king", "queen"} and s.to_act == 1


def test_rake() -> None:
    s = table("rake", area=["hydra", "basilisk", "warhorse"])
    use(s, "rake")
    s.apply({"do": "take", "card": "hydra"})
    s.apply({"do": "take", "card": "basilisk"})
    s.apply({"do": "discard", "card": "king"})
    assert s.to_act == 0
    s.apply({"do": "discard", "card": "queen"})
    assert s.area == ["warhorse", "king", "queen"] and s.to_act == 1


def test_treasure_chest() -> None:
    s = table(
        "treasure-chest",
        down=[["spyglass", "shovel", "rake"], [], []],
        up=["treasure-chest", "winged-boots", "sarcophagus"],
    )
    use(s, "treasure-chest")
    from rumizi.games.fantasy_realms import score_hand

    alone = score_hand(H[0], items=["treasure-chest"]).total
    full = score_hand(H[0], items=s.down[0]).total
    assert full - alone == -1 - 2 - 4 + 25


def test_fishhook() -> None:
    s = table("fishhook", deck_top=["hydra", "basilisk"])
    use(s, "fishhook")
    assert {"hydra", "basilisk"} <= set(s.hands[0])
    s.apply({"do": "discard", "card": "hydra"})
    s.apply({"do": "discard", "card": "king"})
    assert len(s.hands[0]) == 7 and s.to_act == 1


def test_repair_kit() -> None:
    s = table(
        "repair-kit",
        down=[["winged-boots", "treasure-chest"], [], []],
        up=["repair-kit", "spyglass", "shovel"],
        deck_top=["hydra"],
    )
    copies = {a["copy"] for a in s.legal_actions() if a.get("item") == "repair-kit"}
    assert copies == {"winged-boots"}  # never Treasure Chest
    use(s, "repair-kit", copy="winged-boots")
    use(s, "winged-boots")
    assert s.area == ["hydra"] and s.down[0] == ["winged-boots", "treasure-chest", "repair-kit"]


def test_repair_kit_with_nothing_to_copy_is_replaced() -> None:
    s = table("repair-kit")
    use(s, "repair-kit", copy=None)
    assert s.up[0] not in (None, "repair-kit") and "repair-kit" in s.item_pile
    assert s.down[0] == []


def test_hourglass() -> None:
    s = table("hourglass")
    use(s, "hourglass")
    finish_turn(s)
    assert s.to_act == 0 and s.up[0] is None  # the extra turn, no replacement yet
    finish_turn(s)
    assert s.to_act == 1 and s.up[0] is not None


def test_gold_mirror() -> None:
    s = table(
        "gold-mirror",
        area=["hydra", "basilisk", "warhorse", "warship"],
        deck_top=["magic-wand", "sword-of-keth", "elven-longbow"],
    )
    use(s, "gold-mirror", cards=["basilisk", "hydra", "warhorse"])
    assert s.area == ["warship", "elven-longbow", "sword-of-keth", "magic-wand"]
    assert set(s.deck[:3]) == {"basilisk", "hydra", "warhorse"}


def test_cauldron() -> None:
    s = table("cauldron", deck_top=["hydra", "basilisk", "warhorse"])
    use(s, "cauldron")
    s.apply({"do": "return", "card": "warhorse", "to": "top"})
    s.apply({"do": "return", "card": "hydra", "to": "bottom"})
    assert s.deck[-1] == "warhorse" and s.deck[0] == "hydra" and "basilisk" in s.hands[0]
    assert s.phase == "discard"
    assert s.view(1)["pending"] == {"locked": True}


def test_lantern() -> None:
    s = table("lantern", deck_top=["hydra", "water-elemental", "air-elemental"])
    use(s, "lantern", suit="beast")
    assert "hydra" not in s.deck and "hydra" in s.hands[0]
    assert s.revealed[-1]["cards"] == ["air-elemental", "water-elemental"]
    assert s.revealed[-1]["kept"] == "hydra" and "air-elemental" in s.deck
    with pytest.raises(IllegalAction):
        s.apply({"do": "discard", "card": "hydra"})  # a different card goes
    s.apply({"do": "discard", "card": "king"})
    assert s.to_act == 1


def test_portal() -> None:
    s = table("portal")
    assert not any(a.get("item") == "portal" for a in s.legal_actions())  # at the discard
    s.apply({"do": "draw"})
    use(s, "portal")
    assert len(s.hands[0]) == 8 and s.bonus[0] == 1 and s.to_act == 1


def test_wishing_ring() -> None:
    s = table("wishing-ring")
    use(s, "wishing-ring")
    assert s.phase == "ring" and s.view(0)["searching"] == sorted(s.deck)
    s.apply({"do": "ring", "card": "hydra"})
    s.apply({"do": "draw"})
    assert "hydra" in s.hands[0]
    before = list(s.deck)
    s.apply({"do": "discard", "card": "king"})
    assert sorted(s.deck) == sorted(before) and s.deck != before  # shuffled at the turn's end


def test_an_item_taken_to_be_used_now_may_be_left_unused() -> None:
    s = table("junkyard-map")
    s.item_pile = ["repair-kit"]
    s.item_deck = [x for x in s.item_deck if x != "repair-kit"]
    use(s, "junkyard-map", take="repair-kit")
    # Repair Kit could only copy the Junkyard Map, which has nothing left to take
    assert s.legal_actions() == [{"do": "forgo"}]
    s.apply({"do": "forgo"})
    assert s.down[0] == ["junkyard-map", "repair-kit"] and s.phase == "take"


def test_repair_kit_repeating_portal_makes_the_hand_two_larger() -> None:
    s = table(
        "repair-kit",
        down=[["portal"], [], []],
        up=["repair-kit", "spyglass", "shovel"],
        bonus=[1, 0, 0],
    )
    s.hands[0].append(s.deck.pop())
    s.apply({"do": "draw"})
    use(s, "repair-kit", copy="portal")
    use(s, "portal")
    assert s.bonus[0] == 2 and len(s.hands[0]) == 9 and s.to_act == 1
    assert s.clone().export() == type(s).game().load(s.export()).export()
