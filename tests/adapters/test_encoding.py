"""The Star Realms action index and observation encoder."""

from __future__ import annotations

import random

import numpy as np
import pytest

import rumizi
from rumizi.adapters.base import GameEncoding, action_key, action_mask, encoding
from rumizi.games.star_realms import GAME
from rumizi.games.star_realms.cards import NAMES
from rumizi.games.star_realms.encoding import StarRealmsEncoding, make_encoding


def random_states(seeds: range, every: int = 1) -> list[rumizi.GameState]:
    """Positions along random games (every ``every``-th decision), ends included."""
    out: list[rumizi.GameState] = []
    for seed in seeds:
        state = GAME.new(seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.over:
            if step % every == 0:
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
            step += 1
        out.append(state)
    return out


def test_the_index_is_a_fixed_list_of_distinct_actions() -> None:
    enc = encoding("star-realms")
    assert isinstance(enc, GameEncoding)
    assert isinstance(enc, StarRealmsEncoding)
    assert len(enc.actions) == 203
    assert len({action_key(a) for a in enc.actions}) == len(enc.actions)
    for i, action in enumerate(enc.actions):
        assert enc.index(action) == i
        assert enc.index(dict(reversed(list(action.items())))) == i  # field order is free
    assert enc.actions[0] == {"do": "play", "card": NAMES[0]}
    with pytest.raises(KeyError):
        enc.index({"do": "concede"})  # accepted by the engine, never listed
    with pytest.raises(KeyError):
        enc.index({"do": "buy", "card": "viper"})  # can never be bought


def test_the_mask_is_exactly_the_legal_actions_at_every_step() -> None:
    enc = encoding("star-realms")
    for state in random_states(range(6)):
        legal = state.legal_actions()
        indices = enc.legal_indices(legal)
        assert indices == sorted(indices)
        assert len(indices) == len(set(indices)) == len(legal)
        assert [enc.actions[i] for i in indices] == sorted(legal, key=enc.index)
        mask = action_mask(enc, state)
        assert mask.dtype == np.int8
        assert set(np.flatnonzero(mask).tolist()) == set(indices)


def test_observations_have_a_fixed_shape_and_stay_in_bounds() -> None:
    enc = encoding("star-realms")
    assert enc.observation_low.shape == enc.observation_high.shape == (enc.observation_size,)
    assert (enc.observation_low <= enc.observation_high).all()
    for state in random_states(range(3), every=3):
        for p in (0, 1, None):
            v = enc.observe(state.view(p))
            assert v.dtype == np.float32 and v.shape == (enc.observation_size,)
            assert (v >= enc.observation_low).all() and (v <= enc.observation_high).all()


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


def test_hidden_cards_never_change_an_observation() -> None:
    enc = encoding("star-realms")
    differed = 0
    for i, state in enumerate(random_states(range(4), every=7)):
        for p in (0, 1):
            other = state.sample(p, seed=1000 + i)
            differed += other.export() != state.export()
            assert np.array_equal(enc.observe(other.view(p)), enc.observe(state.view(p)))
    assert differed > 10  # the re-deals really moved hidden cards


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
