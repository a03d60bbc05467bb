"""Splendor Duel rules, one test (or a few) per rule of spec §2, on hand-built positions."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest

from rumizi import IllegalAction
from rumizi.games.splendor_duel import GAME, SplendorDuelState
from rumizi.games.splendor_duel.cards import IDS
from rumizi.games.splendor_duel.engine import (
    LINES,
    PASS,
    REPLENISH,
    SPIRAL,
)

Position = Callable[..., SplendorDuelState]
FULL = ["WBGRK", "BGRKW", "GRKWB", "RKWBG", "....."]  # all 20 gems; pearls and gold in the bag
ONE = ["WBGRK", "....."] + ["....."] * 3  # one gem of each colour, the rest free to hold


def dos(state: SplendorDuelState) -> set[str]:
    return {a["do"] for a in state.legal_actions()}


def tokens(state: SplendorDuelState, seat: int) -> dict[str, int]:
    found: dict[str, int] = state.export()["players"][seat]["tokens"]
    return found


def unchanged(state: SplendorDuelState, action: Any) -> None:
    """``action`` is rejected and the state is exactly as before."""
    before = state.export()
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.export() == before


def pyramid(l1: list[str] | None = None, l2: list[str] | None = None) -> list[list[str | None]]:
    rows: list[list[str | None]] = [
        ["1-white-a", "1-blue-a", "1-green-a", "1-red-a", "1-black-a"],
        ["2-black-a", "2-black-b", "2-black-c", "2-black-d"],
        ["3-red-a", "3-red-b", "3-black-a"],
    ]
    for i, c in enumerate(l1 or []):
        rows[0][i] = c
    for i, c in enumerate(l2 or []):
        rows[1][i] = c
    return rows


# ---------------------------------------------------------------------- setup


def test_setup_deals_pyramid_board_and_a_privilege_for_the_second_player() -> None:
    firsts = set()
    for seed in range(12):
        state = GAME.new(seed=seed)
        doc = state.export()
        assert [len(r) for r in doc["pyramid"]] == [5, 4, 3]
        assert [len(d) for d in doc["decks"]] == [25, 20, 10]
        assert "".join(doc["board"]).count(".") == 0  # all 25 tokens drawn onto the board
        assert sum(doc["bag"].values()) == 0
        board = "".join(doc["board"])
        assert [board.count(x) for x in "WBGRKPY"] == [4, 4, 4, 4, 4, 2, 3]
        first = state.to_act
        assert first is not None
        firsts.add(first)
        assert doc["players"][first]["privileges"] == 0
        assert doc["players"][1 - first]["privileges"] == 1
        assert doc["privileges"] == 2
        assert doc["royals"] == ["royal-3", "royal-again", "royal-privilege", "royal-steal"]
    assert firsts == {0, 1}  # the first player is drawn from the seed


def test_new_rejects_other_player_counts_and_options() -> None:
    with pytest.raises(ValueError, match="2 players"):
        GAME.new(seed=1, players=3)
    with pytest.raises(ValueError, match="unknown options"):
        GAME.new(seed=1, variant="x")


def test_spiral_is_the_one_of_the_spec() -> None:
    assert SPIRAL[:3] == ((3, 3), (4, 3), (4, 2))
    assert sorted(SPIRAL) == [(r, c) for r in range(1, 6) for c in range(1, 6)]
    for (r1, c1), (r2, c2) in itertools.pairwise(SPIRAL):
        assert abs(r1 - r2) + abs(c1 - c2) == 1  # each step goes to a neighbouring space


# ---------------------------------------------------------------------- replenish


def test_replenish_fills_empty_spaces_in_spiral_order_and_gifts_a_privilege(
    position: Position,
) -> None:
    board = ["WWWW.", "BBBB.", "GGGG.", "RRRR.", "KKKK."]
    state = position(board=board)  # the bag holds 2 pearls and 3 gold
    state.events = []
    state.apply(REPLENISH)
    placed = next(e for e in state.events if e["event"] == "replenish")["placed"]
    spaces = [(r, c) for r, c, _ in placed]
    assert spaces == [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]  # the spiral's last five
    assert sorted(t for *_, t in placed) == ["gold", "gold", "gold", "pearl", "pearl"]
    assert sum(state.bag) == 0
    assert state.players[1].privileges == 1  # the opponent gains one
    assert "privilege" not in dos(state) and "replenish" not in dos(state)


def test_replenish_draws_only_what_the_bag_holds(position: Position) -> None:
    state = position(board=["....."] * 5, me={"tokens": {"white": 4, "blue": 4, "pearl": 2}})
    state.apply(REPLENISH)
    board = "".join(state.export()["board"])
    assert len(board) - board.count(".") == 15
    # The spiral from the centre: the first 15 spaces are filled, the last 10 are not.
    for i, (r, c) in enumerate(SPIRAL):
        assert (board[(r - 1) * 5 + c - 1] != ".") == (i < 15)


def test_no_replenish_with_an_empty_bag_or_twice(position: Position) -> None:
    state = position(board=["WBGRK", "WBGRK", "WBGRK", "WBGRK", "PPYYY"])
    assert "replenish" not in dos(state)
    unchanged(state, REPLENISH)
    state = position(board=FULL)
    state.apply(REPLENISH)
    unchanged(state, REPLENISH)


def test_privileges_cannot_be_used_after_replenishing(position: Position) -> None:
    state = position(board=["WBGR."] + ["....."] * 4, me={"privileges": 2})
    assert "privilege" in dos(state)
    state.apply(REPLENISH)
    assert "privilege" not in dos(state)
    unchanged(state, {"do": "privilege", "space": [1, 1]})


def test_must_replenish_when_no_mandatory_action_is_possible(position: Position) -> None:
    state = position(board=["....."] * 5)
    assert state.legal_actions() == [REPLENISH]
    unchanged(state, PASS)
    unchanged(state, {"do": "take", "spaces": [[3, 3]]})
    state.apply(REPLENISH)
    assert "take" in dos(state)
    assert "replenish" not in dos(state)


def test_pass_when_nothing_is_possible_and_the_bag_is_empty(position: Position) -> None:
    # Every gem and pearl is held, one gold lies on the board, the reserve is full and
    # nothing is affordable: the player passes (then gives back tokens down to 10).
    expensive = [{"card": c, "blind": False} for c in ("3-grey-a", "3-grey-b", "3-grey-c")]
    state = position(
        board=["Y...."] + ["....."] * 4,
        pyramid=[[None] * 5, [None] * 4, [None] * 3],
        me={
            "tokens": {"green": 2, "red": 4, "black": 4, "pearl": 2, "gold": 2},
            "reserved": expensive,
        },
        opp={"tokens": {"white": 4, "blue": 4, "green": 2}},
    )
    assert state.legal_actions() == [PASS]
    state.apply(PASS)
    assert state.export()["pending"] == {"choice": "discard", "count": 4}
    for _ in range(4):
        assert state.to_act == 0
        state.apply({"do": "discard", "token": "red"})
    assert state.to_act == 1


# ---------------------------------------------------------------------- taking tokens


def _is_line(cells: list[tuple[int, int]]) -> bool:
    """Independent check: sorted spaces one step apart, all in one of the four directions."""
    steps = {(r2 - r1, c2 - c1) for (r1, c1), (r2, c2) in itertools.pairwise(cells)}
    return len(steps) <= 1 and steps <= {(0, 1), (1, 0), (1, 1), (1, -1)}


def test_exactly_the_straight_lines_of_one_to_three_gems_are_listed(position: Position) -> None:
    assert len(LINES) == 25 + 72 + 48  # singles, pairs and triples on an empty 5x5 grid
    board = ["WBGRK", "BGYKW", "GRKPB", "RKWBG", "P.YY."]
    state = position(board=board)
    takes = sorted(a["spaces"] for a in state.legal_actions() if a["do"] == "take")
    gems = [(r, c) for r in range(1, 6) for c in range(1, 6) if board[r - 1][c - 1] in "WBGRKP"]
    expected = sorted(
        [list(x) for x in combo]
        for n in (1, 2, 3)
        for combo in itertools.combinations(gems, n)
        if _is_line(list(combo))
    )
    assert takes == expected
    assert [[1, 1], [2, 2]] in takes and [[1, 3], [2, 2], [3, 1]] in takes  # both diagonals
    assert [[1, 3], [2, 3], [3, 3]] not in takes  # the gold at (2, 3) breaks the column


@pytest.mark.parametrize(
    "spaces",
    [
        [[1, 1], [1, 3]],  # not adjacent
        [[1, 1], [2, 3]],  # not a straight line
        [[1, 1], [1, 2], [2, 3]],  # bent
        [[1, 1], [1, 2], [1, 3], [1, 4]],  # four
        [],
    ],
)
def test_take_must_be_one_straight_adjacent_line(position: Position, spaces: Any) -> None:
    unchanged(position(board=FULL), {"do": "take", "spaces": spaces})


def test_gold_and_empty_spaces_break_a_line(position: Position) -> None:
    state = position(board=["WYB.G"] + ["....."] * 4)
    takes = [a["spaces"] for a in state.legal_actions() if a["do"] == "take"]
    assert sorted(takes) == [[[1, 1]], [[1, 3]], [[1, 5]]]
    unchanged(state, {"do": "take", "spaces": [[1, 1], [1, 2], [1, 3]]})  # gold inside
    unchanged(state, {"do": "take", "spaces": [[1, 3], [1, 4], [1, 5]]})  # empty inside
    unchanged(state, {"do": "take", "spaces": [[1, 2]]})  # gold alone


def test_spaces_must_be_listed_in_order(position: Position) -> None:
    state = position(board=FULL)
    with pytest.raises(IllegalAction, match="top to bottom"):
        state.apply({"do": "take", "spaces": [[1, 2], [1, 1]]})
    state.apply({"do": "take", "spaces": [[1, 1], [1, 2]]})
    assert tokens(state, 0)["white"] == 1 and tokens(state, 0)["blue"] == 1


def test_three_of_a_colour_or_both_pearls_gift_a_privilege(position: Position) -> None:
    state = position(board=["RRRBB", "PP...", "....."] + ["....."] * 2)
    state.apply({"do": "take", "spaces": [[1, 1], [1, 2], [1, 3]]})
    assert state.players[1].privileges == 1
    state = position(board=["RRRBB", "PP...", "....."] + ["....."] * 2)
    state.apply({"do": "take", "spaces": [[2, 1], [2, 2]]})
    assert state.players[1].privileges == 1
    state = position(board=["RRRBB", "PP...", "....."] + ["....."] * 2)
    state.apply({"do": "take", "spaces": [[1, 3], [1, 4], [1, 5]]})  # red, blue, blue
    assert state.players[1].privileges == 0
    state = position(board=["RRRBB", "PP...", "....."] + ["....."] * 2)
    state.apply({"do": "take", "spaces": [[1, 4], [1, 5]]})  # two of a colour: no gift
    assert state.players[1].privileges == 0


# ---------------------------------------------------------------------- privileges


def test_a_privilege_takes_one_gem_or_pearl_never_gold(position: Position) -> None:
    state = position(board=["PY...", "W....", "....."] + ["....."] * 2, me={"privileges": 2})
    spaces = [a["space"] for a in state.legal_actions() if a["do"] == "privilege"]
    assert spaces == [[1, 1], [2, 1]]
    unchanged(state, {"do": "privilege", "space": [1, 2]})  # gold
    unchanged(state, {"do": "privilege", "space": [3, 3]})  # empty
    state.apply({"do": "privilege", "space": [1, 1]})
    assert tokens(state, 0)["pearl"] == 1
    assert state.players[0].privileges == 1 and state.supply == 2
    assert state.to_act == 0  # optional: the mandatory action is still to come
    state.apply({"do": "privilege", "space": [2, 1]})
    assert state.players[0].privileges == 0


def test_no_privilege_to_use(position: Position) -> None:
    state = position(board=FULL)
    assert "privilege" not in dos(state)
    unchanged(state, {"do": "privilege", "space": [1, 1]})


def test_an_empty_supply_means_taking_the_opponents_privilege(position: Position) -> None:
    state = position(board=FULL, me={"privileges": 2}, opp={"privileges": 1})
    state.apply(REPLENISH)  # the bag holds the pearls and gold
    assert [state.players[0].privileges, state.players[1].privileges] == [1, 2]


def test_holding_all_three_privileges_gains_nothing(position: Position) -> None:
    state = position(board=FULL, opp={"privileges": 3})
    state.events = []
    state.apply(REPLENISH)
    assert state.players[1].privileges == 3 and state.players[0].privileges == 0
    assert {"event": "privilege", "player": 1, "from": "none", "reason": "replenish"} in (
        state.events
    )


# ---------------------------------------------------------------------- reserving


def test_reserve_from_the_pyramid_takes_gold_and_refills_the_slot(position: Position) -> None:
    state = position(board=["Y....", "WB..."] + ["....."] * 3)
    state.apply({"do": "reserve", "gold": [1, 1], "card": "1-red-a"})
    doc = state.export()
    me = doc["players"][0]
    assert me["tokens"]["gold"] == 1
    assert me["reserved"] == [{"card": "1-red-a", "blind": False}]
    assert doc["pyramid"][0][3] == "1-white-b"  # the top of the level-1 deck
    assert doc["board"][0] == "....."
    # Face down on the table, but the opponent saw it taken (and the log names it).
    seen = [{"card": "1-red-a", "level": 1, "blind": False}]
    assert state.view(1)["players"][0]["reserved"] == seen
    assert state.view(0)["players"][0]["reserved"][0]["card"] == "1-red-a"


def test_reserve_from_a_deck_is_hidden_from_the_opponent(position: Position) -> None:
    state = position(board=["Y....", "WB..."] + ["....."] * 3)
    top = state.export()["decks"][1][0]
    state.apply({"do": "reserve", "gold": [1, 1], "deck": 2})
    assert state.export()["players"][0]["reserved"] == [{"card": top, "blind": True}]
    assert state.view(0)["players"][0]["reserved"] == [{"card": top, "level": 2, "blind": True}]
    hidden = {"card": None, "level": 2, "blind": True}
    assert state.view(1)["players"][0]["reserved"] == [hidden]
    assert state.view(None)["players"][0]["reserved"] == [hidden]
    assert top not in str(state.view(1)) and top not in str(state.view(None))


def test_a_card_reserved_from_the_pyramid_stays_known_to_everyone(position: Position) -> None:
    state = position(board=["Y....", "WB..."] + ["....."] * 3)
    state.apply({"do": "reserve", "gold": [1, 1], "card": "2-black-a"})
    known = {"card": "2-black-a", "level": 2, "blind": False}
    for viewer in (0, 1, None):
        assert state.view(viewer)["players"][0]["reserved"] == [known]
    # what the opponent samples keeps the card it saw taken
    for seed in range(5):
        guess = GAME.sample(state.view(1), seed=seed)
        assert [IDS[c] for c in guess.players[0].reserved] == ["2-black-a"]


def test_reserving_needs_gold_on_the_board_and_a_free_reserve_slot(position: Position) -> None:
    state = position(board=FULL)
    assert "reserve" not in dos(state)
    unchanged(state, {"do": "reserve", "gold": [1, 1], "card": "1-red-a"})
    full = [{"card": c, "blind": False} for c in ("1-white-b", "1-blue-b", "1-green-b")]
    state = position(board=["Y....", "WB..."] + ["....."] * 3, me={"reserved": full})
    assert "reserve" not in dos(state)
    with pytest.raises(IllegalAction, match="3 reserved"):
        state.apply({"do": "reserve", "gold": [1, 1], "card": "1-red-a"})


def test_an_empty_deck_leaves_the_slot_empty(position: Position) -> None:
    state = position(board=["Y....", "WB..."] + ["....."] * 3)
    state.decks[2].clear()  # (a position no real game reaches this early)
    assert {"do": "reserve", "gold": [1, 1], "deck": 3} not in state.legal_actions()
    state.apply({"do": "reserve", "gold": [1, 1], "card": "3-red-b"})
    assert state.export()["pyramid"][2] == ["3-red-a", None, "3-black-a"]


# ---------------------------------------------------------------------- buying


def test_buying_pays_cost_less_bonuses_with_gold_for_the_rest(position: Position) -> None:
    # 1-white-e costs 2 blue + 3 red; a blue bonus leaves 1 blue + 3 red to pay.
    state = position(
        board=ONE,
        pyramid=pyramid(["1-white-e"]),
        me={"cards": ["1-blue-c"], "tokens": {"blue": 1, "red": 2, "gold": 1}},
    )
    bag_before = list(state.bag)
    state.apply({"do": "buy", "card": "1-white-e"})
    me = state.export()["players"][0]
    assert me["cards"] == ["1-blue-c", "1-white-e"]
    assert sum(me["tokens"].values()) == 0
    assert me["points"] == 1
    assert [a - b for a, b in zip(state.bag, bag_before, strict=True)] == [0, 1, 0, 2, 0, 0, 1]
    assert state.export()["pyramid"][0][0] == "1-white-a"  # refilled from the deck's top


def test_cannot_buy_without_the_tokens(position: Position) -> None:
    state = position(board=ONE, pyramid=pyramid(["1-white-e"]), me={"tokens": {"red": 3}})
    assert {"do": "buy", "card": "1-white-e"} not in state.legal_actions()
    with pytest.raises(IllegalAction, match="cannot afford"):
        state.apply({"do": "buy", "card": "1-white-e"})
    unchanged(state, {"do": "buy", "card": "3-black-b"})  # not face up anywhere


def test_a_bonus_never_pays_for_a_pearl(position: Position) -> None:
    # 1-white-c costs 2 blue, 2 black, 1 pearl; plenty of bonuses but no pearl: gold needed.
    cards = ["1-blue-c", "1-blue-d", "1-black-c", "1-black-d"]
    state = position(board=FULL, pyramid=pyramid(["1-white-c"]), me={"cards": cards})
    assert not any(a["do"] == "buy" and a["card"] == "1-white-c" for a in state.legal_actions())
    state = position(
        board=FULL, pyramid=pyramid(["1-white-c"]), me={"cards": cards, "tokens": {"gold": 1}}
    )
    state.apply({"do": "buy", "card": "1-white-c"})
    assert tokens(state, 0)["gold"] == 0


def test_buying_a_reserved_card(position: Position) -> None:
    state = position(
        board=ONE,
        me={"reserved": [{"card": "1-white-b", "blind": True}], "tokens": {"green": 3}},
    )
    state.apply({"do": "buy", "card": "1-white-b"})
    me = state.export()["players"][0]
    assert me["reserved"] == [] and me["cards"] == ["1-white-b"] and me["crowns"] == 1


def test_a_double_bonus_counts_two(position: Position) -> None:
    state = position(
        board=["W...."] + ["....."] * 4,
        pyramid=pyramid(l2=["2-white-d"]),
        me={"tokens": {"blue": 2, "red": 4, "gold": 1}},
    )
    state.apply({"do": "buy", "card": "2-white-d"})
    assert state.view(0)["players"][0]["bonuses"]["white"] == 2


# ---------------------------------------------------------------------- abilities


def test_again_gives_an_extra_turn(position: Position) -> None:
    state = position(
        board=ONE,
        pyramid=pyramid(["1-white-c"]),
        me={"tokens": {"blue": 2, "black": 2, "pearl": 1}},
    )
    turn = state.turn
    state.apply({"do": "buy", "card": "1-white-c"})
    assert state.to_act == 0 and state.turn == turn + 1
    assert state.phase == 0 and "take" in dos(state)
    state.apply({"do": "take", "spaces": [[1, 1]]})
    assert state.to_act == 1  # only one extra turn


def test_two_again_effects_in_one_turn_give_one_extra_turn(
    position: Position, make_doc: Callable[..., dict[str, Any]]
) -> None:
    # An again card was bought this turn and its crowns earned a royal: the Queen's again
    # adds nothing more.
    state = position(
        board=FULL, phase="resolving", pending={"choice": "royal"}, again=True, bought=True
    )
    state.apply({"do": "royal", "card": "royal-again"})
    assert state.to_act == 0
    state.apply({"do": "take", "spaces": [[1, 1]]})
    assert state.to_act == 1


def test_token_ability_takes_a_token_of_the_cards_colour(position: Position) -> None:
    board = ["W...W", "....."] + ["B...."] * 3
    state = position(
        board=board, pyramid=pyramid(["1-white-d"]), me={"tokens": {"green": 2, "red": 2}}
    )
    state.apply({"do": "buy", "card": "1-white-d"})
    assert state.export()["pending"] == {"choice": "take-bonus", "color": "white"}
    assert state.legal_actions() == [
        {"do": "take-bonus", "space": [1, 1]},
        {"do": "take-bonus", "space": [1, 5]},
    ]
    unchanged(state, {"do": "take-bonus", "space": [3, 1]})  # blue
    unchanged(state, {"do": "take", "spaces": [[3, 1]]})  # the choice comes first
    state.apply({"do": "take-bonus", "space": [1, 5]})
    assert tokens(state, 0)["white"] == 1 and state.to_act == 1


def test_token_ability_without_such_a_token_does_nothing(position: Position) -> None:
    state = position(
        board=["B...."] + ["....."] * 4,
        pyramid=pyramid(["1-white-d"]),
        me={"tokens": {"green": 2, "red": 2}},
    )
    state.events = []
    state.apply({"do": "buy", "card": "1-white-d"})
    assert state.to_act == 1
    assert {"event": "no-effect", "player": 0, "ability": "token"} in state.events


def test_privilege_ability(position: Position) -> None:
    state = position(
        board=["BRK.."] + ["....."] * 4,
        pyramid=pyramid(l2=["2-white-c"]),
        me={"tokens": {"white": 4, "green": 2, "pearl": 1}},
    )
    state.apply({"do": "buy", "card": "2-white-c"})
    assert state.players[0].privileges == 1


def test_steal_takes_a_gem_or_pearl_never_gold(position: Position) -> None:
    state = position(
        board=["WB..."] + ["....."] * 4,
        pyramid=pyramid(l2=["2-white-b"]),
        me={"tokens": {"green": 4, "black": 3}},
        opp={"tokens": {"red": 1, "pearl": 1, "gold": 2}},
    )
    state.apply({"do": "buy", "card": "2-white-b"})
    assert state.legal_actions() == [
        {"do": "steal", "token": "red"},
        {"do": "steal", "token": "pearl"},
    ]
    unchanged(state, {"do": "steal", "token": "gold"})
    unchanged(state, {"do": "steal", "token": "blue"})
    state.apply({"do": "steal", "token": "pearl"})
    assert tokens(state, 0)["pearl"] == 1 and tokens(state, 1)["pearl"] == 0
    assert state.to_act == 1


def test_steal_from_an_opponent_with_only_gold_does_nothing(position: Position) -> None:
    state = position(
        board=["WB..."] + ["....."] * 4,
        pyramid=pyramid(l2=["2-white-b"]),
        me={"tokens": {"green": 4, "black": 3}},
        opp={"tokens": {"gold": 2}},
    )
    state.apply({"do": "buy", "card": "2-white-b"})
    assert state.to_act == 1 and tokens(state, 1)["gold"] == 2


def test_a_joker_needs_a_bonus_and_takes_one_of_its_colours(position: Position) -> None:
    state = position(
        board=["WBRK."] + ["....."] * 4,
        pyramid=pyramid(["1-grey-a"]),
        me={"tokens": {"green": 4, "pearl": 1}},
    )
    assert not any(a["do"] == "buy" for a in state.legal_actions())  # no bonus to copy
    unchanged(state, {"do": "buy", "card": "1-grey-a", "color": "white"})
    state = position(
        board=["WBRK."] + ["....."] * 4,
        pyramid=pyramid(["1-grey-a"]),
        me={"cards": ["1-red-c"], "tokens": {"green": 4, "pearl": 1}},
    )
    buys = [a for a in state.legal_actions() if a["do"] == "buy"]
    assert buys == [{"do": "buy", "card": "1-grey-a", "color": "red"}]
    with pytest.raises(IllegalAction, match="name the colour"):
        state.apply({"do": "buy", "card": "1-grey-a"})
    unchanged(state, {"do": "buy", "card": "1-grey-a", "color": "blue"})
    state.apply({"do": "buy", "card": "1-grey-a", "color": "red"})
    view = state.view(0)["players"][0]
    assert view["bonuses"]["red"] == 2 and view["color_points"]["red"] == 1
    assert view["jokers"] == {"1-grey-a": "red"}


def test_a_colour_is_not_named_for_a_plain_card(position: Position) -> None:
    state = position(board=ONE, me={"tokens": {"blue": 1, "green": 1, "red": 1, "black": 1}})
    unchanged(state, {"do": "buy", "card": "1-white-a", "color": "blue"})


# ---------------------------------------------------------------------- crowns and royals


def test_three_crowns_take_a_royal(position: Position) -> None:
    state = position(
        board=ONE,
        pyramid=pyramid(["1-red-b"]),
        me={"cards": ["2-white-a", "1-blue-b"], "tokens": {"white": 2}},
        opp={"tokens": {"black": 1}},
    )
    state.apply({"do": "buy", "card": "1-red-b"})  # 3 white, less the white bonus
    assert state.players[0].crowns == 3
    assert [a["card"] for a in state.legal_actions()] == [
        "royal-3",
        "royal-again",
        "royal-privilege",
        "royal-steal",
    ]
    state.apply({"do": "royal", "card": "royal-steal"})
    assert state.legal_actions() == [{"do": "steal", "token": "black"}]  # its ability
    state.apply({"do": "steal", "token": "black"})
    me = state.export()["players"][0]
    assert me["royals"] == ["royal-steal"] and me["points"] == 2 + 2
    assert state.export()["royals"] == ["royal-3", "royal-again", "royal-privilege"]
    assert state.to_act == 1


def test_six_crowns_take_another_royal_and_royal_abilities_resolve(position: Position) -> None:
    state = position(
        board=ONE,
        pyramid=pyramid(["1-red-b"]),
        me={
            "cards": ["2-white-a", "1-blue-b", "1-green-b", "3-blue-a"],
            "royals": ["royal-3"],
            "tokens": {"white": 2},
        },
    )
    assert state.players[0].crowns == 5
    state.apply({"do": "buy", "card": "1-red-b"})
    state.apply({"do": "royal", "card": "royal-privilege"})
    assert state.players[0].privileges == 1 and state.to_act == 1
    state = position(
        board=ONE,
        pyramid=pyramid(["1-red-b"]),
        me={
            "cards": ["2-white-a", "1-blue-b", "1-green-b", "3-blue-a"],
            "tokens": {"white": 2},
        },
    )
    state.apply({"do": "buy", "card": "1-red-b"})
    state.apply({"do": "royal", "card": "royal-again"})
    assert state.to_act == 0  # the royal's again


def test_no_royal_below_a_threshold_or_when_none_is_left(position: Position) -> None:
    state = position(
        board=ONE, pyramid=pyramid(["1-red-b"]), me={"cards": ["1-blue-b"], "tokens": {"white": 3}}
    )
    state.apply({"do": "buy", "card": "1-red-b"})  # 2 crowns
    assert state.to_act == 1
    royals = ["royal-3", "royal-again", "royal-privilege", "royal-steal"]
    state = position(
        board=ONE,
        pyramid=pyramid(["1-red-b"]),
        me={"cards": ["2-white-a", "1-blue-b"], "tokens": {"white": 2}},
        opp={"royals": royals},
        royals=[],
    )
    state.apply({"do": "buy", "card": "1-red-b"})
    assert state.to_act == 1


# ---------------------------------------------------------------------- end of turn


def test_more_than_ten_tokens_are_given_back_one_at_a_time(position: Position) -> None:
    board = [".....", ".GRK."] + ["....."] * 3
    state = position(board=board, me={"tokens": {"pearl": 2, "gold": 3, "white": 1, "blue": 3}})
    state.apply({"do": "take", "spaces": [[2, 2], [2, 3], [2, 4]]})  # 12 tokens
    assert state.to_act == 0
    assert state.export()["pending"] == {"choice": "discard", "count": 2}
    assert [a["token"] for a in state.legal_actions()] == [
        "white",
        "blue",
        "green",
        "red",
        "black",
        "pearl",
        "gold",
    ]
    state.apply({"do": "discard", "token": "gold"})
    assert state.to_act == 0
    bag_gold = state.bag[6]
    state.apply({"do": "discard", "token": "pearl"})
    assert state.to_act == 1 and sum(state.players[0].tokens) == 10
    assert state.bag[6] == bag_gold  # the gold went to the bag already
    unchanged(state, {"do": "discard", "token": "white"})


def test_victory_by_twenty_points(position: Position) -> None:
    state = position(
        board=ONE,
        pyramid=pyramid(["1-white-e"]),
        me={
            "cards": ["3-grey-c", "2-grey-d", "3-white-b", "3-blue-b"],
            "tokens": {"red": 3, "blue": 1},
        },
    )
    assert state.players[0].points == 19
    state.events = []
    state.apply({"do": "buy", "card": "1-white-e"})
    assert state.over and state.winner == 0 and state.end == "points"
    assert state.legal_actions() == [] and state.to_act is None
    assert state.events[-1] == {"event": "game-over", "winner": 0, "reason": "points"}
    unchanged(state, {"do": "take", "spaces": [[1, 1]]})


def test_victory_by_ten_crowns(position: Position) -> None:
    jokers = {"3-grey-b": "white", "2-grey-b": "white", "2-grey-c": "white"}
    state = position(
        board=ONE,
        pyramid=pyramid(["1-blue-b"]),
        me={
            "cards": ["3-white-a", "3-grey-b", "2-grey-b", "2-grey-c"],
            "jokers": jokers,
            "tokens": {"red": 3},
        },
    )
    assert state.players[0].crowns == 9
    state.apply({"do": "buy", "card": "1-blue-b"})
    assert state.over and state.winner == 0 and state.end == "crowns"


def test_victory_by_ten_points_of_one_colour_jokers_included(position: Position) -> None:
    whites = ["3-white-b", "3-white-a", "2-white-c"]  # 9 white points
    state = position(
        board=ONE,
        pyramid=pyramid(["1-grey-a"]),
        me={"cards": [*whites, "1-blue-c"], "tokens": {"green": 3, "pearl": 1, "gold": 1}},
    )
    state.apply({"do": "buy", "card": "1-grey-a", "color": "blue"})
    assert not state.over  # 1 blue point
    state = position(
        board=ONE,
        pyramid=pyramid(["1-grey-a"]),
        me={"cards": [*whites, "1-blue-c"], "tokens": {"green": 3, "pearl": 1, "gold": 1}},
    )
    state.apply({"do": "buy", "card": "1-grey-a", "color": "white"})
    assert state.over and state.end == "color" and state.winner == 0


def test_victory_is_checked_after_the_discards(position: Position) -> None:
    state = position(
        board=["WG..."] + ["....."] * 4,
        phase="resolving",
        pending={"choice": "discard"},
        bought=True,
        me={
            "cards": ["3-grey-c", "2-grey-d", "3-white-b", "3-blue-b", "1-white-e"],
            "tokens": {"red": 4, "blue": 4, "pearl": 2, "gold": 1},
        },
    )
    assert state.players[0].points == 20 and not state.over
    state.apply({"do": "discard", "token": "red"})
    assert state.over and state.winner == 0 and state.end == "points"


def test_royal_points_count_toward_twenty(position: Position) -> None:
    state = position(
        board=FULL,
        phase="resolving",
        pending={"choice": "royal"},
        bought=True,
        me={"cards": ["3-grey-c", "2-grey-d", "3-white-b", "1-white-e", "2-white-a"]},
    )
    assert state.players[0].points == 18
    state.apply({"do": "royal", "card": "royal-privilege"})
    assert state.over and state.end == "points"


def test_only_the_player_who_moved_can_win(position: Position) -> None:
    # The opponent sits on 20 points (a position no game reaches); my move does not end it.
    state = position(
        board=FULL, opp={"cards": ["3-grey-c", "2-grey-d", "3-white-b", "3-blue-b", "1-white-e"]}
    )
    state.apply({"do": "take", "spaces": [[1, 1]]})
    assert not state.over


# ---------------------------------------------------------------------- stalling, conceding


def test_stalling_three_turns_lets_the_opponent_claim(position: Position) -> None:
    hoard = {"gold": 3, "pearl": 2}
    state = position(board=FULL, current=1, opp={"tokens": hoard})
    for _ in range(3):
        assert state.to_act == 1
        state.apply(next(a for a in state.legal_actions() if a["do"] == "take"))
        assert state.to_act == 0 and state.held
        assert {"do": "claim-stall"} not in state.legal_actions()
        state.apply(next(a for a in state.legal_actions() if a["do"] == "take"))
        while state.to_act == 0:  # discards
            state.apply(next(a for a in state.legal_actions() if a["do"] == "discard"))
    assert state.players[0].stall == 3
    assert state.legal_actions()[0] == {"do": "claim-stall"}
    assert state.view(1)["claimable"]
    state.apply({"do": "claim-stall"})
    assert state.over and state.winner == 1 and state.end == "stall"


def test_a_purchase_resets_the_stalling_count(position: Position) -> None:
    state = position(
        board=ONE,
        held=True,
        me={"stall": 2, "tokens": {"gold": 3, "pearl": 2, "green": 3}},
        pyramid=pyramid(["1-white-b"]),
    )
    state.apply({"do": "buy", "card": "1-white-b"})
    assert state.players[0].stall == 0
    assert {"do": "claim-stall"} not in state.legal_actions()
    unchanged(state, {"do": "claim-stall"})


def test_either_player_may_concede_at_any_time(position: Position) -> None:
    state = position(board=FULL)
    assert {"do": "concede"} not in state.legal_actions()
    state.apply({"do": "concede", "player": 1})
    assert state.over and state.winner == 0 and state.end == "concede"
    state = position(board=FULL, phase="resolving", pending={"choice": "royal"})
    state.apply({"do": "concede"})  # the player to act, even in the middle of a choice
    assert state.winner == 1
    unchanged(state, {"do": "concede", "player": 0})
    unchanged(position(board=FULL), {"do": "concede", "player": 2})


def test_the_players_may_agree_who_starts() -> None:
    """The seed: the first player is chosen by agreement (the option ``first``)."""
    for first in (0, 1):
        state = GAME.new(seed=9, first=first)
        assert state.current == first
        assert state.export()["players"][1 - first]["privileges"] == 1
        assert state.export()["players"][first]["privileges"] == 0
    drawn = GAME.new(seed=9)
    agreed = GAME.new(seed=9, first=1 - drawn.current)
    assert drawn.export()["board"] == agreed.export()["board"]  # the same deal either way
    for bad in (2, -1, True, "2", "first"):
        with pytest.raises(ValueError, match="first"):
            GAME.new(seed=9, first=bad)
