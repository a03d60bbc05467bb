"""What a Fantasy Realms state says about itself: its repr, and why it refuses a move.

A refusal names the mistake, as the other games' do: a move that does not fit the moment
(with the moves that do), a card that is not where the move needs it, an item that is not
the one in front of the player; an action that no position takes is a ``MalformedAction``.
Every refusal leaves the state as it was.
"""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner

from rumizi.cli.main import cli
from rumizi.core.errors import IllegalAction, MalformedAction
from rumizi.games.fantasy_realms import GAME
from rumizi.games.fantasy_realms.engine import VARIANTS, FantasyRealmsState

from .conftest import position

HANDS = [
    ["mountain", "cavern", "forest", "king", "queen", "unicorn", "dragon"],
    ["swamp", "great-flood", "island", "rainstorm", "blizzard", "smoke", "whirlwind"],
    ["wildfire", "candle", "forge", "lightning", "knights", "elven-archers", "light-cavalry"],
]


def turn_start(**kw: Any) -> FantasyRealmsState:
    """Seat 0 to begin its turn (turn 5); the discard area holds the Warhorse."""
    return position(3, hands=[list(h) for h in HANDS], area=["warhorse"], **kw)


def refused(state: FantasyRealmsState, action: Any) -> IllegalAction:
    """The error ``action`` raises; the state must be just as it was."""
    before = state.export()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.export() == before
    return info.value


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("draw", "malformed action 'draw'"),
        ({"card": "king"}, "malformed action"),
        ({"do": "fly"}, "unknown action 'fly'"),
        ({"do": "draw", "card": "king"}, "malformed 'draw' action"),
        ({"do": "take", "card": "kingg"}, "take: unknown card 'kingg'"),
        ({"do": "take", "card": ["king"]}, "take: unknown card ['king']"),
        ({"do": "use", "item": "magic-carpet"}, "use: unknown item 'magic-carpet'"),
        ({"do": "wagon-swap", "player": "1", "card": "king"}, "'player' is a whole number"),
    ],
)
def test_an_action_no_position_takes_is_malformed(action: Any, message: str) -> None:
    error = refused(turn_start(), action)
    assert isinstance(error, MalformedAction)
    assert message in str(error)


def test_a_move_that_does_not_fit_the_moment_names_the_moves_that_do() -> None:
    error = refused(turn_start(), {"do": "discard", "card": "king"})
    assert not isinstance(error, MalformedAction)
    assert str(error) == (
        "cannot discard now (the turn begins: draw a card, or take one from the discard area); "
        "the moves now: draw, take"
    )


def test_a_card_not_where_the_move_needs_it_is_named() -> None:
    s = turn_start()
    assert str(refused(s, {"do": "take", "card": "king"})) == (
        "cannot take 'king': it is not in the discard area"
    )
    s.apply({"do": "take", "card": "warhorse"})
    assert str(refused(s, {"do": "discard", "card": "swamp"})) == (
        "cannot discard 'swamp': it is not in your hand"
    )


def test_a_card_sealed_in_another_players_vault_is_named() -> None:
    s = turn_start(sealed=[["warhorse", 2]])
    assert "player 2's Sealed Vault keeps it" in str(refused(s, {"do": "take", "card": "warhorse"}))


def test_the_first_turn_draws() -> None:
    s = GAME.new(seed=3, players=3, first=0)
    assert "the game's first turn draws" in str(refused(s, {"do": "take", "card": "king"}))


def test_an_item_not_in_front_of_the_player_is_named() -> None:
    s = turn_start(options={"items": True}, up=["spyglass", "shovel", None])
    error = refused(s, {"do": "use", "item": "shovel", "card": "warhorse"})
    assert str(error) == "cannot use 'shovel': yours now is 'spyglass'"
    error = refused(s, {"do": "use", "item": "spyglass", "player": 0})
    assert "cannot use 'spyglass' like that now" in str(error)


def test_a_cauldron_card_returns_to_the_top_or_the_bottom_and_must_be_one_drawn() -> None:
    s = turn_start(
        options={"items": True},
        up=["cauldron", None, None],
        deck_top=["princess", "empress", "hydra"],
    )
    s.apply({"do": "use", "item": "cauldron"})
    assert str(refused(s, {"do": "return", "card": "king", "to": "top"})) == (
        "return: 'king' is not one of the cards you drew (hydra, empress, princess)"
    )
    error = refused(s, {"do": "return", "card": "hydra", "to": "middle"})
    assert isinstance(error, MalformedAction)
    assert str(error) == "return: 'to' is 'top' or 'bottom', not 'middle'"


def test_the_game_over_refuses_everything() -> None:
    s = GAME.new(seed=1, players=3)
    while not s.over:
        s.apply(s.legal_actions()[0])
    assert str(refused(s, {"do": "draw"})) == "the game is over"


def test_a_trading_move_names_its_seat_and_a_real_offer() -> None:
    s = GAME.new(seed=2, players=3, variant="chaos")
    card = s.hands[0][0]
    assert isinstance(refused(s, {"do": "propose", "to": 1, "card": card}), MalformedAction)
    error = refused(s, {"do": "propose", "by": 0, "to": 0, "card": card})
    assert str(error) == "propose: player 0 is not another seat at this table"
    error = refused(s, {"do": "propose", "by": 0, "to": 1, "card": s.hands[1][0]})
    assert str(error) == f"propose: {s.hands[1][0]!r} is not in your hand"
    error = refused(s, {"do": "accept", "by": 1, "offer": 7, "card": s.hands[1][0]})
    assert str(error) == "accept: no offer 7 is open"


def test_the_repr_says_who_acts_and_how_the_table_stands() -> None:
    s = GAME.new(seed=3, players=3, first=0)
    assert repr(s) == (
        "<FantasyRealmsState 3 players, turn 1, take, player 0 to act; "
        "hands [7, 7, 7], deck 32, discard area 0>"
    )
    chaos = GAME.new(seed=2, players=3, variant="chaos")
    assert "trade, players 0, 1, 2 to act" in repr(chaos)
    while not s.over:
        s.apply(s.legal_actions()[0])
    scores = [r["total"] for r in s.results]
    assert repr(s).endswith(f"scores {scores}>")
    assert f"over, won by player {s.winners[0]}" in repr(s)


def test_the_terminals_variant_help_names_every_variant_of_the_game() -> None:
    """``rumizi play --variant`` is where a player learns the variants: all of them."""
    help_text = " ".join(CliRunner().invoke(cli, ["play", "--help"]).output.split())
    for variant in VARIANTS:
        if variant != "standard":
            assert variant in help_text.split("--variant", 1)[1].split("--modules", 1)[0]
