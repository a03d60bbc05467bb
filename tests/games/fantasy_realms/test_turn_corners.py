"""Issue 31, the corners of a Fantasy Realms turn, each test from the seed's words.

* «بقیه‌شون رو می‌تونین در هر لحظه‌ای از نوبتتون بازی کنین -قبل از کشیدنِ کارت از دک یا
  برداشتنِ کارت از مکس یا بعد از این که یه کارت سوزوندین!»: an any-time Cursed Item may be
  used after the discard too, so the turn stays open (an explicit ``end-turn``) while one can;
* «شما به هیچ وجه نمی‌تونین بیش از 9 تا کارت در دستتون داشته باشین! این، شاملِ کارت دروازه
  … هم میشه»: a hand over nine cards discards at once;
* «وقتی که تعداد کارت‌های مکس، به 10 تا برسه، بازی تموم میشه»: the end comes the moment the
  discard area fills, whatever put the card there;
* «کارتی که "پوچ" میشه، دیگه نه اسمی داره، نه گونه‌ای، نه قدرت پایه‌ای»: a blanked card
  adds nothing to the tie-break's sum of base strengths.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from rumizi.core.record import GameRecord
from rumizi.games.fantasy_realms import GAME, heuristics, strategy, texts, tui
from rumizi.games.fantasy_realms.encoding import make_encoding
from rumizi.games.fantasy_realms.engine import FantasyRealmsState
from rumizi.games.fantasy_realms.records import upgrade_actions

from .conftest import position
from .test_game_items import H, table, use

END_TURN = {"do": "end-turn"}
# nine cards of the base deck that no hand of H holds: a discard area one card short of the end
NINE = [
    "basilisk",
    "warhorse",
    "warship",
    "magic-wand",
    "sword-of-keth",
    "elven-longbow",
    "war-dirigible",
    "shield-of-keth",
    "gem-of-order",
]


def draw_and_discard(s: FantasyRealmsState, card: str = "king") -> None:
    s.apply({"do": "draw"})
    s.apply({"do": "discard", "card": card})


# ---------------------------------------------------------------------- after the discard


def test_sealed_vault_may_cover_the_card_just_discarded() -> None:
    s = table("sealed-vault", area=["hydra"])
    draw_and_discard(s)
    assert s.to_act == 0 and s.phase == "after"
    vaults = [a["cards"] for a in s.legal_actions() if a.get("item") == "sealed-vault"]
    assert vaults == [["hydra", "king"]]
    use(s, "sealed-vault", cards=["hydra", "king"])
    assert s.to_act == 1  # nothing more to do: the turn ends by itself
    assert not {a.get("card") for a in s.legal_actions() if a["do"] == "take"} & {"hydra", "king"}


def test_shovel_after_the_discard_puts_that_card_under_the_deck() -> None:
    s = table("shovel")
    draw_and_discard(s)
    use(s, "shovel", card="king")
    assert s.area == [] and s.deck[0] == "king" and s.to_act == 1


def test_winged_boots_after_the_discard() -> None:
    s = table("winged-boots", deck_top=["basilisk", "hydra"])
    draw_and_discard(s)  # draws the Hydra
    use(s, "winged-boots")
    assert s.area == ["king", "basilisk"] and "hydra" in s.hands[0] and s.to_act == 1


def test_end_turn_keeps_the_item_face_up_for_a_later_turn() -> None:
    s = table("shovel", area=["hydra"])
    draw_and_discard(s)
    legal = s.legal_actions()
    assert legal[0] == END_TURN and {"do": "drop-item"} in legal
    s.apply(END_TURN)
    assert s.to_act == 1 and s.up[0] == "shovel" and s.down[0] == [] and s.phase == "take"


def test_dropping_the_item_after_the_discard_ends_the_turn() -> None:
    s = table("shovel", area=["hydra"])
    draw_and_discard(s)
    s.apply({"do": "drop-item"})
    assert s.to_act == 1 and s.item_pile == ["shovel"] and s.up[0] not in (None, "shovel")


def test_an_item_borrowed_after_the_discard_has_the_after_discard_timing() -> None:
    s = table(
        "larcenous-gloves",
        up=["larcenous-gloves", "winged-boots", "sarcophagus"],
        deck_top=["basilisk", "hydra"],
    )
    draw_and_discard(s)
    # the Sarcophagus replaces a turn: it cannot be borrowed once the discard is made
    gloves = [a["player"] for a in s.legal_actions() if a.get("item") == "larcenous-gloves"]
    assert gloves == [1]
    use(s, "larcenous-gloves", player=1)
    assert s.phase == "borrowed"
    use(s, "winged-boots")
    assert s.area == ["king", "basilisk"] and s.to_act == 1
    assert s.down[0] == ["larcenous-gloves", "winged-boots"]


@pytest.mark.parametrize("case", ["no items", "portal", "sarcophagus", "dropped", "used"])
def test_no_extra_step_when_nothing_can_be_used_after_the_discard(case: str) -> None:
    if case == "no items":
        s = position(3, hands=[list(h) for h in H])
    elif case in ("portal", "sarcophagus"):
        s = table(case)  # Portal skips a discard, the Sarcophagus replaces the whole turn
    elif case == "dropped":
        s = table("shovel", area=["hydra"])
        s.apply({"do": "drop-item"})
    else:  # one item a turn, and this one is used
        s = table("spyglass")
        use(s, "spyglass", player=1)
    draw_and_discard(s)
    assert s.to_act == 1 and s.phase == "take"


def test_the_after_discard_position_round_trips_and_samples() -> None:
    s = table("sealed-vault", area=["hydra"])
    draw_and_discard(s)
    assert s.phase == "after"
    assert GAME.load(json.loads(json.dumps(s.export()))).export() == s.export()
    for seat in range(3):
        assert GAME.sample(s.view(seat), seed=7).view(seat) == s.view(seat)


# ---------------------------------------------------------------------- the nine-card cap


@pytest.mark.parametrize("suits", [True, False])
def test_a_hand_never_holds_more_than_nine_cards_portal_included(suits: bool) -> None:
    """With the suits a Portal makes 9, so the Repair Kit repeating it next turn would make 10;
    without them two Portals make 9. Either way the draw to 10 is discarded at once."""
    extra = ["castle", "crypt"] if suits else ["rangers", "collector"]
    hands = [[*H[0], *extra], *[list(h) for h in H[1:]]]
    if suits:
        hands = [hands[0], [*hands[1], "chapel"], [*hands[2], "dungeon"]]
    s = position(
        3,
        hands=hands,
        options={"items": True, "suits": suits},
        up=["repair-kit", "spyglass", "shovel"],
        down=[["portal"], [], []],
        bonus=[1 if suits else 2, 0, 0],
    )
    assert len(s.hands[0]) == 9
    s.apply({"do": "draw"})
    assert len(s.hands[0]) == 10
    assert {a["do"] for a in s.legal_actions()} == {"discard"}
    s.apply({"do": "discard", "card": "king"})
    assert len(s.hands[0]) == 9 and s.to_act == 1  # Portal cannot follow a discard


# ---------------------------------------------------------------------- the end, at once


def test_winged_boots_that_fill_the_discard_area_end_the_game_before_the_draw() -> None:
    s = table("winged-boots", area=list(NINE), deck_top=["hydra"])
    use(s, "winged-boots")
    assert s.over and s.area == [*NINE, "hydra"] and len(s.hands[0]) == 7


def test_winged_boots_after_the_discard_can_fill_the_discard_area() -> None:
    s = table("winged-boots", area=NINE[1:], deck_top=["basilisk", "hydra"])
    draw_and_discard(s)
    assert s.phase == "after" and len(s.area) == 9
    use(s, "winged-boots")
    assert s.over and s.area[-2:] == ["king", "basilisk"]


def test_the_first_of_two_discards_that_fills_the_area_ends_the_game() -> None:
    s = table("fishhook", area=list(NINE), deck_top=["hydra", "warlord"])
    use(s, "fishhook")
    s.apply({"do": "discard", "card": "king"})
    assert s.over and len(s.area) == 10 and len(s.hands[0]) == 8


# ---------------------------------------------------------------------- ties


def test_a_blanked_card_adds_no_base_strength_to_the_tie_break() -> None:
    # Wildfire blanks four cards of the first hand: 44 points from 44 of base strength left
    # (82 printed); the second hand also makes 44, from 63 of base strength, nothing blanked.
    first = [
        "earth-elemental",
        "wildfire",
        "warlord",
        "magic-wand",
        "dwarvish-infantry",
        "elven-longbow",
        "empress",
    ]
    second = [
        "dragon",
        "lightning",
        "fountain-of-life",
        "sword-of-keth",
        "air-elemental",
        "princess",
        "bell-tower",
    ]
    third = [
        "elven-archers",
        "fire-elemental",
        "gem-of-order",
        "rainstorm",
        "war-dirigible",
        "warship",
        "world-tree",
    ]
    s = position(3, hands=[first, second, third], phase="over")
    totals = [r["total"] for r in s.results]
    assert totals[0] == totals[1] == 44 > totals[2]
    assert [r["strength"] for r in s.results[:2]] == [44, 63]
    assert s.winners == [0]


# ---------------------------------------------------------------------- the readers of actions


def test_end_turn_has_an_index_in_the_research_encoding() -> None:
    enc = make_encoding(3, items=True)
    s = table("shovel", area=["hydra"])
    draw_and_discard(s)
    index = enc.index(END_TURN)
    assert enc.actions[index] == END_TURN
    assert index in enc.legal_indices(s.legal_actions())
    assert enc.observe(s.view(0)).shape == (enc.observation_size,)


def test_the_bots_end_the_turn_rather_than_spend_a_costly_item() -> None:
    s = table("shovel", area=["hydra"])
    draw_and_discard(s)
    legal = s.legal_actions()
    assert heuristics.choose(s.view(0), legal, random.Random(0)) == END_TURN
    assert strategy.playout_action(s, random.Random(0)) == END_TURN


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_end_turn_is_worded_for_the_page_and_the_terminal(lang: str) -> None:
    label = texts.action_text(END_TURN, lang)
    assert label == {"en": "End your turn", "fa": "نوبتتان را تمام کنید"}[lang]
    assert tui.action_label(END_TURN, lang, []) == {"en": "End the turn", "fa": "پایان نوبت"}[lang]
    s = table("shovel", area=["hydra"])
    draw_and_discard(s)
    assert tui.parse_command("end" if lang == "en" else "پایان", s.legal_actions(), [], lang) == (
        END_TURN
    )


# ---------------------------------------------------------------------- old records


def test_a_record_from_before_the_after_discard_window_replays() -> None:
    """Written by the engine that ended every turn at its discard: its discards with a usable
    item left in hand are followed by the next player's move, which now needs an end-turn."""
    data: dict[str, Any] = json.loads((Path(__file__).parent / "old_record.json").read_text())
    record = GameRecord.from_json(data)
    with pytest.raises(ValueError, match="illegal"):
        record.final_state()
    upgraded = upgrade_actions(record.start(), record.actions)
    assert END_TURN in upgraded
    state = GameRecord(record.game, record.seed, record.options, upgraded).final_state()
    assert isinstance(state, FantasyRealmsState) and state.over
    final = record.meta["final"]
    assert (state.hands, state.area, state.down) == (final["hands"], final["area"], final["down"])
