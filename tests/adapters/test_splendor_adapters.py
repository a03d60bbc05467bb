"""Splendor Duel for learning code: what is particular to it (its index's payments, its blocks,
a blind reserve); what every game owes learning code is in test_every_encoding.py."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from rumizi.adapters.base import encoding
from rumizi.core.contract import GameState
from rumizi.games.splendor_duel import GAME
from rumizi.games.splendor_duel.encoding import make_encoding


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


def test_the_index_holds_every_payment_and_ignores_who_starts() -> None:
    enc = encoding("splendor-duel")
    assert encoding("splendor-duel", first=1).actions == enc.actions
    assert len(enc.actions) == 9012
    assert sum(1 for a in enc.actions if "pay" in a) == 6935
    # a copy with its own lists finds the same index as the engine's shared dict
    assert enc.index({"spaces": [[1, 1], [1, 2]], "do": "take"}) == enc.index(
        {"do": "take", "spaces": [[1, 1], [1, 2]]}
    )


def test_random_play_reaches_every_kind_of_move_the_index_holds() -> None:
    kinds: set[str] = set()
    for state in random_states(range(12)):
        kinds.update(a["do"] for a in state.legal_actions())
    # random play reached every kind of move the index holds, choices included
    assert {"privilege", "replenish", "take", "reserve", "buy", "discard", "steal"} <= kinds


def test_observation_blocks_read_the_view() -> None:
    enc = make_encoding()
    state = GAME.new(seed=7)
    state.apply({"do": "take", "spaces": [[4, 1], [4, 2]]})  # both pearls (see the engine docs)
    v = enc.observe(state.view(0))

    def block(name: str) -> list[float]:
        start, size = enc.layout[name]
        return [float(x) for x in v[start : start + size]]

    assert block("p0.tokens")[5] == 2.0  # the pearls
    assert block("p1.privileges") == [2.0]
    assert block("to_act") == [0.0, 1.0]
    assert sum(block("board")) == 25 - 2  # two spaces emptied
    assert sum(block("pyramid")) == 12


def test_a_blind_reserve_shows_only_its_level_to_the_opponent() -> None:
    enc = make_encoding()
    state = GAME.new(seed=3)
    gold = next(a for a in state.legal_actions() if a["do"] == "reserve" and "deck" in a)
    state.apply(dict(gold, deck=2))
    start, size = enc.layout["p0.reserved"]
    unknown, _ = enc.layout["p0.reserved_unknown"]
    own, theirs = enc.observe(state.view(0)), enc.observe(state.view(1))
    assert own[start : start + size].sum() == 1 and own[unknown + 1] == 0
    assert theirs[start : start + size].sum() == 0 and theirs[unknown + 1] == 1


def test_a_table_of_three_is_refused() -> None:
    with pytest.raises(ValueError, match="2 players"):
        make_encoding(3)


def test_describe_is_plain_text_of_the_view() -> None:
    text = make_encoding().describe(GAME.new(seed=2).view(None))
    assert text.startswith("Splendor Duel, turn 1") and "level 3:" in text
