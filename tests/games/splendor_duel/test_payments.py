"""Choosing which tokens pay for a card: the automatic payment first, every other one listed."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from rumizi import IllegalAction
from rumizi.games.splendor_duel import GAME, SplendorDuelState
from rumizi.games.splendor_duel.cards import TOKEN_NAMES

Position = Callable[..., SplendorDuelState]
BOARD = ["WBGRK", "....."] + ["....."] * 3
JOKER = "1-grey-a"  # costs 4 green and 1 pearl
JOKER_TOKENS = {"green": 3, "pearl": 1, "gold": 2}


def buys(state: SplendorDuelState, card: str) -> list[dict[str, Any]]:
    return [a for a in state.legal_actions() if a["do"] == "buy" and a["card"] == card]


def pyramid_with(card: str) -> list[list[str | None]]:
    return [
        [card, "1-blue-a", "1-green-a", "1-red-a", "1-black-a"],
        ["2-black-a", "2-black-b", "2-black-c", "2-black-d"],
        ["3-red-a", "3-red-b", "3-black-a"],
    ]


def test_every_payment_that_hands_back_other_tokens_is_listed_after_the_automatic_one(
    position: Position,
) -> None:
    # 1-white-c costs 2 blue, 2 black and 1 pearl; one gold can stand for any one of them.
    state = position(
        board=BOARD,
        pyramid=pyramid_with("1-white-c"),
        me={"tokens": {"blue": 2, "black": 2, "pearl": 1, "gold": 1}},
    )
    listed = buys(state, "1-white-c")
    assert listed[0] == {"do": "buy", "card": "1-white-c"}
    assert [a["pay"] for a in listed[1:]] == [
        {"blue": 2, "black": 2, "gold": 1},
        {"blue": 2, "black": 1, "pearl": 1, "gold": 1},
        {"blue": 1, "black": 2, "pearl": 1, "gold": 1},
    ]


def test_gold_for_a_pearl_keeps_the_pearl_and_sends_the_gold_to_the_bag(
    position: Position,
) -> None:
    state = position(
        board=BOARD,
        pyramid=pyramid_with("1-white-c"),
        me={"tokens": {"blue": 2, "black": 2, "pearl": 1, "gold": 1}},
    )
    bag = list(state.bag)
    state.events = []
    state.apply({"do": "buy", "card": "1-white-c", "pay": {"gold": 1, "black": 2, "blue": 2}})
    assert state.players[0].tokens == [0, 0, 0, 0, 0, 1, 0]
    assert [a - b for a, b in zip(state.bag, bag, strict=True)] == [0, 2, 0, 0, 2, 0, 1]
    event = next(e for e in state.events if e["event"] == "buy")
    assert event["paid"] == {"blue": 2, "black": 2, "gold": 1}


def test_no_other_payment_without_spare_gold(position: Position) -> None:
    # All the gold is needed already: the automatic payment is the only one.
    state = position(
        board=BOARD,
        pyramid=pyramid_with("1-white-c"),
        me={"tokens": {"blue": 2, "black": 1, "pearl": 1, "gold": 1}},
    )
    assert buys(state, "1-white-c") == [{"do": "buy", "card": "1-white-c"}]


@pytest.mark.parametrize(
    ("pay", "message"),
    [
        ({"blue": 2, "black": 2, "pearl": 1}, "without gold is the automatic one"),
        ({"blue": 2, "black": 1, "pearl": 1, "gold": 1, "red": 0}, "whole numbers from 1"),
        ({"blue": 1, "black": 1, "pearl": 1, "gold": 1}, "cover exactly"),
        ({"blue": 2, "black": 2, "red": 1, "gold": 1}, "asks you for 0 red"),
        ({"blue": 1, "black": 1, "pearl": 1, "gold": 2}, "you have 1"),
        ({"ruby": 1, "gold": 1}, "unknown token"),
        ({"blue": "2", "gold": 1}, "whole numbers"),
        ([["blue", 2]], "names the tokens handed back"),
        ({}, "names the tokens handed back"),
    ],
)
def test_a_payment_that_does_not_pay_is_refused_and_changes_nothing(
    position: Position, pay: Any, message: str
) -> None:
    state = position(
        board=BOARD,
        pyramid=pyramid_with("1-white-c"),
        me={"tokens": {"blue": 2, "black": 2, "pearl": 1, "gold": 1}},
    )
    before = state.export()
    with pytest.raises(IllegalAction, match=message):
        state.apply({"do": "buy", "card": "1-white-c", "pay": pay})
    assert state.export() == before


def test_the_automatic_payment_cannot_be_spelled_out(position: Position) -> None:
    # 2 blue, 1 black, 1 pearl and 1 gold: the automatic payment uses the gold for a black.
    state = position(
        board=BOARD,
        pyramid=pyramid_with("1-white-c"),
        me={"tokens": {"blue": 2, "black": 1, "pearl": 1, "gold": 1}},
    )
    with pytest.raises(IllegalAction, match="leave out 'pay'"):
        state.apply(
            {
                "do": "buy",
                "card": "1-white-c",
                "pay": {"blue": 2, "black": 1, "pearl": 1, "gold": 1},
            }
        )


def test_a_joker_names_its_colour_and_its_payment(position: Position) -> None:
    # The joker can only be red (the one bonus owned); its payments all say so.
    state = position(
        board=BOARD,
        pyramid=pyramid_with("1-white-a"),
        me={
            "cards": ["1-red-b"],
            "reserved": [{"card": JOKER, "blind": False}],
            "tokens": JOKER_TOKENS,
        },
    )
    listed = buys(state, JOKER)
    assert listed[0] == {"do": "buy", "card": JOKER, "color": "red"}
    assert len(listed) > 1
    assert all(a["color"] == "red" and "gold" in a["pay"] for a in listed[1:])
    state.apply(listed[-1])
    assert state.players[0].jokers


def test_every_listed_payment_hands_back_exactly_its_tokens() -> None:
    seen = 0
    for seed in range(25):
        state = GAME.new(seed=seed)
        rng = random.Random(seed)
        while not state.over:
            legal = state.legal_actions()
            others = [a for a in legal if "pay" in a]
            action = others[0] if others and rng.random() < 0.5 else rng.choice(legal)
            if "pay" in action:
                seen += 1
                automatic = {k: v for k, v in action.items() if k != "pay"}
                assert automatic in legal
                assert legal.index(automatic) < legal.index(action)
                bag = list(state.bag)
                state.apply(action)
                paid = [action["pay"].get(name, 0) for name in TOKEN_NAMES]
                assert [a - b for a, b in zip(state.bag, bag, strict=True)] == paid
            else:
                state.apply(action)
    assert seen > 20
