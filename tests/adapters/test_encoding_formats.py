"""The Star Realms encoding in every multiplayer format: index, mask, observation, no peeking."""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import pytest

from rumizi.adapters.base import action_key, action_mask, encoding, is_zero_sum
from rumizi.games.star_realms import GAME, StarRealmsState
from rumizi.games.star_realms.encoding import StarRealmsEncoding, make_encoding

# (format, players) -> size of the action index with the default attack cap of 20.
SIZES = {
    ("duel", 2): 203,
    ("free-for-all", 3): 276,
    ("free-for-all", 6): 369,
    ("hunter", 4): 303,
    ("hydra", 4): 363,
    ("hydra", 6): 453,
    ("emperor", 6): 623,
    ("raid", 3): 347,
    ("raid", 6): 440,
}
TABLES = list(SIZES)
# The random game of each table: seeds whose games show partial damage and bequests in raids.
SEEDS = {("raid", 3): 2, ("raid", 6): 5}


def enc_for(fmt: str, players: int) -> StarRealmsEncoding:
    enc = encoding("star-realms", players, format=fmt)
    assert isinstance(enc, StarRealmsEncoding)
    return enc


@cache
def positions(fmt: str, players: int) -> tuple[StarRealmsState, ...]:
    """Every position of one random game (the end included)."""
    seed = SEEDS.get((fmt, players), 1)
    state = GAME.new(seed, players=players, format=fmt)
    rng = random.Random(seed)
    out = []
    while not state.over:
        out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    out.append(state)
    return tuple(out)


def block(enc: StarRealmsEncoding, v: np.ndarray, name: str) -> np.ndarray:
    start, size = enc.layout[name]
    return v[start : start + size]


@pytest.mark.parametrize(("fmt", "players"), TABLES)
def test_each_table_has_a_fixed_index_of_distinct_actions(fmt: str, players: int) -> None:
    enc = enc_for(fmt, players)
    assert enc.format == fmt and enc.num_players == players
    assert len(enc.actions) == SIZES[fmt, players]
    assert len({action_key(a) for a in enc.actions}) == len(enc.actions)
    assert all(enc.index(a) == i for i, a in enumerate(enc.actions))
    # The groups every format shares come first, as in the duel (and hunter, which adds only
    # the attack amounts).
    shared = make_encoding(players, format="duel" if players == 2 else "hunter").actions
    shared = tuple(a for a in shared if "amount" not in a)
    assert enc.actions[: len(shared)] == shared
    seats = GAME.new(0, players=players, format=fmt).players
    assert enc.teams == tuple(seat.team for seat in seats)


@pytest.mark.parametrize(("fmt", "players"), TABLES)
def test_the_mask_is_exactly_the_legal_actions_at_every_step(fmt: str, players: int) -> None:
    enc = enc_for(fmt, players)
    kinds: set[tuple[str, ...]] = set()
    game = positions(fmt, players)
    assert game[-1].over
    for state in game:
        legal = state.legal_actions()
        indices = enc.legal_indices(legal)  # KeyError for any action without an index
        assert len(indices) == len(set(indices)) == len(legal)  # random play never clips
        assert [enc.actions[i] for i in indices] == sorted(legal, key=enc.index)
        assert np.flatnonzero(action_mask(enc, state)).tolist() == indices
        kinds.update((a["do"], *sorted(a)) for a in legal)
    if fmt in ("free-for-all", "hunter", "emperor", "raid"):
        assert ("attack", "amount", "do", "player") in kinds
    if fmt == "raid":
        assert ("attack", "amount", "base", "do", "player") in kinds  # wearing a base down
    if fmt == "emperor":
        assert ("transfer", "card", "do", "player") in kinds


@pytest.mark.parametrize(("fmt", "players"), TABLES)
def test_hidden_cards_never_change_an_observation(fmt: str, players: int) -> None:
    enc = enc_for(fmt, players)
    game = positions(fmt, players)
    picked = list(game[:: max(1, len(game) // 10)])
    picked += [s for s in game if s.bequests][:2]  # an eliminated player handing a card on
    differed = 0
    for i, state in enumerate(picked):
        for p in range(players):
            v = enc.observe(state.view(p))
            assert v.dtype == np.float32 and v.shape == (enc.observation_size,)
            assert (v >= enc.observation_low).all() and (v <= enc.observation_high).all()
            other = state.sample(p, seed=500 + i)
            differed += other.export() != state.export()
            assert np.array_equal(enc.observe(other.view(p)), v)
    assert differed > len(picked)  # the re-deals really moved hidden cards


def test_a_view_of_another_table_is_refused() -> None:
    view = GAME.new(1, players=4, format="hydra").view(0)
    with pytest.raises(ValueError, match="does not fit"):
        enc_for("free-for-all", 4).observe(view)
    with pytest.raises(ValueError, match="does not fit"):
        enc_for("hydra", 6).observe(view)


def test_teams_and_the_winning_side() -> None:
    enc = enc_for("hydra", 4)
    assert enc.teams == (0, 1, 0, 1)
    end = positions("hydra", 4)[-1]
    assert end.winner is not None
    v = enc.observe(end.view(1))
    assert [block(enc, v, f"p{p}.ally")[0] for p in range(4)] == [0, 1, 0, 1]
    assert block(enc, v, "winner").tolist() == [float(end.is_winner(p)) for p in range(4)]
    raid = enc_for("raid", 3)
    v = raid.observe(GAME.new(2, players=3, format="raid").view(None))
    assert [block(raid, v, f"p{p}.leader")[0] for p in range(3)] == [1, 0, 0]
    assert block(raid, v, "p0.ally").sum() == 0  # a spectator is on no team
    assert is_zero_sum(enc.teams) and is_zero_sum(enc_for("emperor", 6).teams)
    assert not is_zero_sum(raid.teams) and not is_zero_sum(enc_for("free-for-all", 3).teams)


def test_raiders_see_each_others_hands_and_the_boss_damage() -> None:
    enc = enc_for("raid", 3)
    state = positions("raid", 3)[0]
    v = enc.observe(state.view(1))
    hand2 = state.view(1)["players"][2]["hand"]
    assert block(enc, v, "p2.shown_hand").sum() == len(hand2) > 0
    assert block(enc, v, "hand").sum() == len(state.view(1)["players"][1]["hand"])
    assert block(enc, v, "p1.shown_hand").sum() == 0  # one's own hand has its own block
    boss = enc.observe(state.view(0))
    assert block(enc, boss, "p1.shown_hand").sum() == block(enc, boss, "p2.shown_hand").sum() == 0
    damaged = next(s for s in positions("raid", 3) if s.damage and any(s.damage))
    view = damaged.view(2)
    v = enc.observe(view)
    assert block(enc, v, "boss_damage").sum() == sum(view["players"][0]["damage"])
    assert block(enc, v, "boss_damage_max").max() == max(view["players"][0]["damage"])


@pytest.mark.parametrize(("fmt", "players"), [("raid", 3), ("emperor", 6)])
def test_a_bequest_shows_who_acts_and_to_whom(fmt: str, players: int) -> None:
    enc = enc_for(fmt, players)
    state = next(s for s in positions(fmt, players) if s.bequests)
    giver, recipient = state.bequests[0]
    assert state.to_act == giver != state.current
    v = enc.observe(state.view(giver))
    assert block(enc, v, "to_act").tolist() == [float(p == giver) for p in range(players)]
    assert block(enc, v, "current")[state.current] == 1
    assert block(enc, v, "bequest_to").tolist() == [float(p == recipient) for p in range(players)]
    assert block(enc, v, "bequests")[giver * players + recipient] >= 1
    assert block(enc, v, "choice")[enc.choices.index("bequeath")] == 1
    assert all(a in enc.actions for a in state.legal_actions())


def test_hydra_shows_what_teammates_left_in_the_pools() -> None:
    enc = enc_for("hydra", 4)
    state = next(
        s
        for s in positions("hydra", 4)
        if "in_play" in s.view(0)["players"][(s.current - 2) % 4] and s.current >= 2
    )
    mate = state.current - 2
    view = state.view(state.current)
    v = enc.observe(view)
    assert block(enc, v, f"p{mate}.played_earlier")[0] == 1
    assert block(enc, v, f"p{mate}.trade")[0] == view["players"][mate]["trade"]
    assert block(enc, v, f"p{mate}.combat")[0] == view["players"][mate]["combat"]
    assert block(enc, v, f"p{mate}.in_play").sum() == len(view["players"][mate]["in_play"])
    assert block(enc, v, f"p{state.current}.played_earlier")[0] == 0


def test_hydra_shows_who_is_done_who_was_handed_play_and_buys_for_each_member() -> None:
    enc = enc_for("hydra", 4)
    state = GAME.new(4, players=4, format="hydra")
    me = state.current
    mate = me + 2
    state.apply(next(a for a in state.legal_actions() if a["do"] == "play"))
    state.apply({"do": "pass", "player": mate})
    v = enc.observe(state.view(mate))
    assert block(enc, v, "handed_play")[0] == 1
    assert block(enc, v, f"p{me}.played_earlier")[0] == 1  # begun, not over
    assert block(enc, v, f"p{me}.done")[0] == 0
    while any(a["do"] == "play" for a in state.legal_actions()):
        state.apply(next(a for a in state.legal_actions() if a["do"] == "play"))
    v = enc.observe(state.view(mate))
    assert block(enc, v, "handed_play")[0] == 0
    state.apply({"do": "pass", "player": me})
    state.apply({"do": "end"})  # me is done: play goes back to the mate
    assert state.current == mate
    v = enc.observe(state.view(mate))
    assert block(enc, v, f"p{me}.done")[0] == 1
    legal = state.legal_actions()
    buys = [a for a in legal if a["do"] == "buy"]
    assert buys and {a["member"] for a in buys} == {me, mate}
    mask = action_mask(enc, state)
    assert [enc.actions[i] for i in np.flatnonzero(mask)] == sorted(legal, key=enc.index)


def test_attacks_above_the_cap_are_left_out_and_lose_nothing() -> None:
    enc = enc_for("free-for-all", 3)
    doc = GAME.new(4, players=3, format="free-for-all").export()
    me = doc["current"]
    doc["players"][me].update(hand=[], in_play=[], played=[], trade=0, combat=30)
    state = GAME.load(doc)
    legal = state.legal_actions()
    targets = [q for q in range(3) if q != me]
    over_cap = [a for a in legal if enc.is_clipped(a)]
    assert len(over_cap) == 10 * len(targets)  # amounts 21..30 on each opponent
    assert len(enc.legal_indices(legal)) == len(legal) - len(over_cap)
    once, twice = state.clone(), state.clone()
    once.apply({"do": "attack", "player": targets[0], "amount": 27})
    twice.apply({"do": "attack", "player": targets[0], "amount": 20})
    twice.apply({"do": "attack", "player": targets[0], "amount": 7})
    assert once.export() == twice.export()


def test_describe_names_formats_teams_and_bequests() -> None:
    enc = enc_for("raid", 3)
    state = next(s for s in positions("raid", 3) if s.bequests)
    text = enc.describe(state.view(None))
    assert text.startswith("Star Realms (raid)")
    assert f"player_{state.to_act} to act in player_{state.current}'s turn" in text
    assert "player_0 (team 0 leader)" in text
    end = enc.describe(positions("raid", 3)[-1].view(None))
    assert "over, team" in end.splitlines()[0]
