"""War of the Ring for learning code: what is particular to it (its index, its blocks, the
Shadow's seat); what every game owes learning code is in test_every_encoding.py."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

from rumizi.adapters.base import encoding
from rumizi.core.contract import GameState
from rumizi.games.war_of_the_ring import GAME
from rumizi.games.war_of_the_ring.encoding import make_encoding


def random_states(seeds: range, every: int = 1) -> Iterator[GameState]:
    """Positions of random games, every ``every``-th decision."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new(seed=seed)
        step = 0
        while not state.over:
            if step % every == 0:
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()))
            step += 1


def test_the_index_ignores_who_starts_and_who_plays_the_shadow() -> None:
    enc = encoding("war-of-the-ring")
    assert encoding("war-of-the-ring", first=1, shadow=0).actions == enc.actions
    assert len(enc.actions) == 198
    assert enc.index({"zone": "left", "card": "fp-aragorn", "do": "place"}) == enc.index(
        {"do": "place", "card": "fp-aragorn", "zone": "left"}
    )


def test_random_play_reaches_every_kind_of_move_the_index_holds() -> None:
    kinds: set[str] = set()
    for state in random_states(range(15)):
        kinds.update(a["do"] for a in state.legal_actions())
    # random play reached every kind of move the index holds, choices included
    assert {"place", "event", "pay", "pass", "activate", "decline"} <= kinds
    assert kinds & {"recover", "boost", "peek", "move"}


def test_observation_blocks_read_the_view() -> None:
    enc = make_encoding()
    state = GAME.new(seed=3, first=0)
    card = state.export()["players"][0]["hand"][0]
    state.apply({"do": "place", "card": card, "zone": "left"})
    own, theirs = enc.observe(state.view(0)), enc.observe(state.view(1))

    def block(v: np.ndarray, name: str) -> list[float]:
        start, size = enc.layout[name]
        return [float(x) for x in v[start : start + size]]

    assert sum(block(own, "left.p0.cards")) == 1 and block(own, "left.p0.hidden") == [0.0]
    assert sum(block(theirs, "left.p0.cards")) == 0 and block(theirs, "left.p0.hidden") == [1.0]
    assert sum(block(own, "p0.hand")) == 6 and sum(block(theirs, "p0.hand")) == 0
    assert block(own, "p0.hand_size") == [6.0] == block(theirs, "p0.hand_size")
    assert block(own, "to_act") == [0.0, 1.0]
    assert block(own, "p1.faction") == [0.0, 1.0]  # seat 1 plays the Shadow by default


def test_a_table_of_three_is_refused() -> None:
    with pytest.raises(ValueError, match="2 players"):
        make_encoding(3)


def test_describe_is_plain_text_of_the_view() -> None:
    text = make_encoding().describe(GAME.new(seed=2).view(None))
    assert text.startswith("War of the Ring, round 1") and "centre:" in text
