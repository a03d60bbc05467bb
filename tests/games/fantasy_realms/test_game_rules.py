"""One test per rule of the Fantasy Realms game (the turns, the end, the variants, the views)."""

from __future__ import annotations

import pytest

from rumizi.core.errors import IllegalAction
from rumizi.games.fantasy_realms import GAME
from rumizi.games.fantasy_realms.engine import winners_of

from .conftest import position

H = [
    ["mountain", "cavern", "forest", "king", "queen", "unicorn", "dragon"],
    ["swamp", "great-flood", "island", "rainstorm", "blizzard", "smoke", "whirlwind"],
    ["wildfire", "candle", "forge", "lightning", "knights", "elven-archers", "light-cavalry"],
    ["rangers", "collector", "beastmaster", "warlock-lord", "enchantress", "princess", "warlord"],
]


def test_modules_choose_the_deck() -> None:
    def size(**o: object) -> int:
        d = GAME.new(seed=1, players=3, **o).export()
        return len(d["deck"]) + sum(len(h) for h in d["hands"])

    assert size() == 53
    assert size(suits=True) == 68  # Garden and the suits in, the base Bell Tower out
    assert size(jester=True, phoenix="deluxe") == 55
    doc = GAME.new(seed=1, players=3, phoenix="promo").export()
    cards = doc["deck"] + [c for h in doc["hands"] for c in h]
    assert "phoenix" in cards and "phoenix-deluxe" not in cards
    assert len(GAME.new(seed=1, players=3, items=True).export()["items"]["deck"]) == 24 - 3


@pytest.mark.parametrize(
    "options",
    [{"players": 7}, {"players": 1}, {"phoenix": "both"}, {"first": 4}, {"colour": "red"}],
)
def test_bad_tables_are_refused(options: dict[str, object]) -> None:
    players = options.pop("players", 4)
    with pytest.raises(ValueError):
        GAME.new(seed=0, players=players, **options)  # type: ignore[arg-type]


def test_the_deal_is_seven_or_eight_and_nothing_with_two() -> None:
    assert [len(h) for h in GAME.new(seed=2, players=5).hands] == [7] * 5
    assert [len(h) for h in GAME.new(seed=2, players=4, suits=True).hands] == [8] * 4
    assert GAME.new(seed=2, players=2).hands == [[], []]


def test_the_first_player_is_agreed_or_drawn() -> None:
    assert GAME.new(seed=3, players=4, first=2).to_act == 2
    assert GAME.new(seed=3, players=4, first="3").to_act == 3
    drawn = {GAME.new(seed=k, players=4).to_act for k in range(30)}
    assert drawn == {0, 1, 2, 3}
    # the agreement changes only who starts, not the deal
    assert GAME.new(seed=3, players=4, first=1).hands == GAME.new(seed=3, players=4).hands


def test_the_first_turn_must_draw_then_takes_are_allowed() -> None:
    s = position(4, hands=[list(h) for h in H], area=["dragon-x"] if False else ["hydra"], turn=1)
    assert s.legal_actions() == [{"do": "draw"}]
    s = position(4, hands=[list(h) for h in H], area=["hydra"], turn=2)
    assert {"do": "take", "card": "hydra"} in s.legal_actions()


def test_a_turn_is_draw_or_take_then_one_discard_and_play_goes_clockwise() -> None:
    s = position(4, hands=[list(h) for h in H], area=["hydra"], current=3)
    s.apply({"do": "take", "card": "hydra"})
    assert s.phase == "discard" and s.area == [] and "hydra" in s.hands[3]
    assert all(a["do"] == "discard" for a in s.legal_actions())
    s.apply({"do": "discard", "card": "princess"})
    assert s.area == ["princess"] and s.to_act == 0 and len(s.hands[3]) == 7


def test_an_illegal_action_changes_nothing() -> None:
    s = position(4, hands=[list(h) for h in H])
    before = s.export()
    for bad in ({"do": "discard", "card": "king"}, {"do": "take", "card": "hydra"}, "draw"):
        with pytest.raises(IllegalAction):
            s.apply(bad)  # type: ignore[arg-type]
    assert s.export() == before


@pytest.mark.parametrize(("suits", "end"), [(False, 10), (True, 12)])
def test_the_game_ends_at_ten_discards_or_twelve_with_the_suits(suits: bool, end: int) -> None:
    hands = [list(h) for h in H]
    if suits:
        hands = [
            [*h, x] for h, x in zip(hands, ["castle", "crypt", "chapel", "dungeon"], strict=False)
        ]
    area = ["hydra", "basilisk", "warhorse", "warship", "magic-wand", "sword-of-keth"]
    area += ["elven-longbow", "war-dirigible", "shield-of-keth", "gem-of-order", "world-tree"]
    area = area[: end - 1]
    s = position(4, hands=hands, area=area, options={"suits": suits})
    s.apply({"do": "draw"})
    s.apply({"do": "discard", "card": s.hands[0][-1]})
    assert s.over and s.to_act is None and s.legal_actions() == []
    assert len(s.results) == 4 and s.winners
    assert s.results[0]["total"] == sum(c["total"] for c in s.results[0]["cards"])


def test_highest_total_wins_then_lower_strength_then_shared() -> None:
    r = [
        {"player": 0, "total": 100, "strength": 50},
        {"player": 1, "total": 120, "strength": 70},
        {"player": 2, "total": 120, "strength": 60},
        {"player": 3, "total": 120, "strength": 60},
    ]
    assert winners_of(r[:2]) == [1]
    assert winners_of(r[:3]) == [2]
    assert winners_of(r) == [2, 3]


def test_a_shared_win_splits_the_returns() -> None:
    s = position(3, hands=[list(h) for h in H[:3]])
    s.phase, s.winners = "over", [0, 2]
    assert s.returns() == [0.5, 0.0, 0.5] and s.winner is None and s.is_winner(2)


def _ending(hands: list[list[str]], area: list[str], **kw: object) -> object:
    """A position one discard from the end (with the suits: 11 in the discard area)."""
    filler = ["hydra", "basilisk", "warhorse", "warship", "magic-wand", "sword-of-keth"]
    filler += ["elven-longbow", "war-dirigible", "shield-of-keth", "gem-of-order", "world-tree"]
    area = area + [c for c in filler if c not in area and all(c not in h for h in hands)]
    return position(len(hands), hands=hands, area=area[:11], options={"suits": True}, **kw)


def test_the_end_extras_leprechaun_then_genie_then_necromancer() -> None:
    hands = [
        ["leprechaun", "mountain", "cavern", "forest", "king", "queen", "unicorn", "dragon"],
        ["genie", "great-flood", "island", "rainstorm", "blizzard", "smoke", "whirlwind", "swamp"],
        [
            "necromancer",
            "wildfire",
            "candle",
            "forge",
            "lightning",
            "knights",
            "elven-archers",
            "light-cavalry",
        ],
    ]
    s = _ending(hands, [], deck_top=["lich", "ghoul", "fire-elemental"])
    assert isinstance(s, type(GAME.new(players=3)))
    s.apply({"do": "draw"})  # fire-elemental
    s.apply({"do": "discard", "card": "fire-elemental"})
    # Leprechaun drew the top card at once; now the Genie's holder searches the deck
    assert "ghoul" in s.hands[0] and s.phase == "genie" and s.to_act == 1
    assert s.view(1)["searching"] == sorted(s.deck) and "searching" not in s.view(0)
    s.apply({"do": "genie", "card": "lich"})
    assert "lich" in s.hands[1] and s.phase == "necromancer" and s.to_act == 2
    targets = {a["card"] for a in s.legal_actions()}
    assert "hydra" in targets and "magic-wand" not in targets and None in targets
    s.apply({"do": "necromancer", "card": "hydra"})
    assert s.over and "hydra" in s.hands[2] and len(s.hands[2]) == 9


def test_a_hand_over_nine_sheds_but_never_the_cards_that_added() -> None:
    hands = [
        ["leprechaun", "genie", "mountain", "cavern", "forest", "king", "queen", "unicorn"],
        ["great-flood", "island", "rainstorm", "blizzard", "smoke", "whirlwind", "swamp", "dragon"],
        [
            "wildfire",
            "candle",
            "forge",
            "lightning",
            "knights",
            "elven-archers",
            "light-cavalry",
            "rangers",
        ],
    ]
    s = _ending(hands, [], deck_top=["lich", "ghoul", "fire-elemental"])
    s.apply({"do": "draw"})
    s.apply({"do": "discard", "card": "fire-elemental"})
    s.apply({"do": "genie", "card": "lich"})  # 10 cards: one must go
    assert s.phase == "shed" and s.to_act == 0
    shed = {a["card"] for a in s.legal_actions()}
    assert "leprechaun" not in shed and "genie" not in shed and "lich" in shed
    s.apply({"do": "shed", "card": "unicorn"})
    assert s.over and len(s.hands[0]) == 9 and "unicorn" in s.area


def test_with_items_but_no_suits_a_hand_of_nine_discards_one() -> None:
    hands = [list(h) for h in H[:3]]
    hands[0] = hands[0] + ["necromancer"]  # eight: a Portal was used
    area = ["hydra", "basilisk", "warhorse", "warship", "magic-wand", "sword-of-keth"]
    area += ["elven-longbow", "war-dirigible", "shield-of-keth"]
    s = position(
        3,
        hands=hands,
        area=area,
        bonus=[1, 0, 0],
        options={"items": True},
        up=["treasure-chest", "spyglass", "shovel"],
        current=1,
    )
    s.apply({"do": "draw"})
    s.apply({"do": "discard", "card": s.hands[1][-1]})
    s.apply({"do": "necromancer", "card": "hydra"})
    assert s.phase == "shed" and len(s.hands[0]) == 9
    s.apply({"do": "shed", "card": "king"})
    assert s.over and len(s.hands[0]) == 8


def test_two_players_draft_then_play_and_end_with_both_hands_full() -> None:
    s = GAME.new(seed=5, players=2, first=0, items=True)
    assert s.legal_actions() == [{"do": "draw-two"}]
    s.apply({"do": "draw-two"})
    drawn = sorted(s.hands[0])
    assert sorted(a["card"] for a in s.legal_actions()) == drawn
    s.apply({"do": "discard", "card": drawn[0]})
    assert s.hands[0] == [drawn[1]] and s.area == [drawn[0]] and s.up == [None, None]
    s.apply({"do": "take", "card": drawn[0]})  # a take is a whole draft turn
    assert s.to_act == 0 and s.hands[1] == [drawn[0]] and s.area == []
    # play on: no item before a hand is full; normal turns once it is
    while len(s.hands[0]) < 7 or len(s.hands[1]) < 7:
        p = s.to_act
        assert p is not None
        if len(s.hands[p]) < 7:
            assert s.up[p] is None
        s.apply(next(a for a in s.legal_actions() if a["do"] in ("draw-two", "discard", "draw")))
        if s.phase == "draft-discard":
            s.apply(s.legal_actions()[0])
    assert all(len(h) == 7 for h in s.hands)
    while not s.over:
        assert len(s.area) < 12 or s.phase != "take"
        s.apply(
            next(
                a
                for a in s.legal_actions()
                if a["do"] in ("draw", "discard", "genie", "necromancer", "shed")
            )
        )
    assert len(s.area) >= 12


def test_views_hide_hands_the_deck_and_others_face_down_items() -> None:
    s = position(
        3,
        hands=[list(h) for h in H[:3]],
        options={"items": True},
        up=["spyglass", "shovel", "rake"],
        down=[["portal"], ["hourglass"], []],
    )
    v = s.view(0)
    assert v["hands"][0] == H[0] and v["hands"][1] == 7 and isinstance(v["deck"], int)
    assert v["items"]["down"] == [["portal"], 1, 0] and isinstance(v["items"]["deck"], int)
    assert "seed" not in v and v["seen"][1] is None
    spectator = s.view(None)
    assert spectator["hands"] == [7, 7, 7]
    s.apply({"do": "use", "item": "spyglass", "player": 1})
    assert s.view(0)["seen"][0] == [{"item": "spyglass", "player": 1, "cards": sorted(H[1])}]
    s.apply({"do": "draw"})
    s.apply({"do": "discard", "card": "king"})
    assert s.view(0)["seen"][0][0]["cards"] == sorted(H[1])  # what was shown stays
    assert s.view(1)["seen"][0] is None


def test_an_empty_deck_ends_the_game_when_the_next_turn_would_start() -> None:
    s = position(3, hands=[list(h) for h in H[:3]])
    doc = s.export()
    rest = doc["deck"]
    # eight in the discard area, one card left to draw, the others parked in seat 2's hand
    doc["area"], doc["deck"] = rest[:8], rest[-1:]
    doc["hands"][2] += rest[8:-1]
    s = GAME.load(doc)
    s.apply({"do": "draw"})
    s.apply({"do": "discard", "card": "king"})
    assert len(s.area) == 9 and s.deck == []
    assert s.phase == "necromancer" and s.to_act == 2  # the end: seat 2 parked the Necromancer
    s.apply({"do": "necromancer", "card": None})
    while s.phase == "shed":  # the parked hand is over the limit
        s.apply(s.legal_actions()[0])
    assert s.over and len(s.hands[2]) == 8
