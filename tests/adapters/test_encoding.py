"""The Star Realms action index and observation encoder: its sizes, its blocks, its hands and
attacks (what every game's encoding owes is checked in test_every_encoding.py)."""

from __future__ import annotations

import numpy as np
import pytest

from rumizi.adapters.base import action_key, encoding
from rumizi.games.star_realms import GAME
from rumizi.games.star_realms.cards import NAMES
from rumizi.games.star_realms.encoding import StarRealmsEncoding, make_encoding


def test_the_index_lists_each_card_s_moves_and_nothing_that_can_never_be_made() -> None:
    enc = encoding("star-realms")
    assert isinstance(enc, StarRealmsEncoding)
    assert len(enc.actions) == 203
    assert len({action_key(a) for a in enc.actions}) == len(enc.actions)
    assert enc.actions[0] == {"do": "play", "card": NAMES[0]}
    with pytest.raises(KeyError):
        enc.index({"do": "concede"})  # accepted by the engine, never listed
    with pytest.raises(KeyError):
        enc.index({"do": "buy", "card": "viper"})  # can never be bought


def test_observation_blocks_read_the_view() -> None:
    enc = make_encoding(2)
    state = GAME.new(seed=11)
    me = state.to_act
    assert me is not None
    view = state.view(me)
    v = enc.observe(view)

    def block(name: str) -> np.ndarray:
        start, size = enc.layout[name]
        return v[start : start + size]

    assert block("viewer")[me] == 1 and block("viewer").sum() == 1
    assert block(f"p{me}.authority")[0] == 50
    assert block("hand").sum() == len(view["players"][me]["hand"]) == 3
    assert block("trade_row").sum() == 5
    assert block(f"p{1 - me}.unseen").sum() == 10  # the other hand and deck, unplaced
    assert block("turn")[0] == view["turn"]


def test_own_hand_is_seen_but_the_opponents_hand_is_not() -> None:
    enc = make_encoding(2)
    state = GAME.new(seed=4)
    v0, v1 = enc.observe(state.view(0)), enc.observe(state.view(1))
    start, size = enc.layout["hand"]
    assert v0[start : start + size].sum() == len(state.view(0)["players"][0]["hand"])
    assert v1[start : start + size].sum() == len(state.view(1)["players"][1]["hand"])
    assert enc.observe(state.view(None))[start : start + size].sum() == 0


def test_several_opponents_index_attack_amounts_up_to_the_cap() -> None:
    enc = make_encoding(4, attack_cap=5, format="free-for-all")
    assert enc.index({"do": "attack", "player": 3, "amount": 5}) >= 0
    assert enc.index({"do": "choose", "player": 2}) >= 0
    legal = [{"do": "attack", "player": 1, "amount": a} for a in range(1, 9)] + [{"do": "end"}]
    assert len(enc.legal_indices(legal)) == 6  # amounts 6..8 left out: smaller attacks suffice
    with pytest.raises(KeyError):
        enc.legal_indices([{"do": "fly"}])
    with pytest.raises(ValueError):
        make_encoding(1)
    with pytest.raises(ValueError):
        make_encoding(4)  # the duel is for two
    with pytest.raises(ValueError):
        make_encoding(5, format="hydra")
    with pytest.raises(ValueError):
        make_encoding(2, colour="red")


def test_unknown_games_have_no_encoding() -> None:
    with pytest.raises(KeyError, match="no encoding"):
        encoding("chess")


def test_describe_is_plain_text_of_the_view() -> None:
    enc = encoding("star-realms")
    state = GAME.new(seed=2)
    text = enc.describe(state.view(None))
    assert text.startswith("Star Realms, turn 1")
    assert "trade row:" in text
