"""How fast a shipped value network reads a view: its file's weights as written, against the
same weights as :class:`~rumizi.learn.ValueNet` keeps them (subnormal numbers set to 0).

A weight penalty leaves many weights among float32's subnormal numbers, which the processor
multiplies tens of times slower than others; :func:`rumizi.learn.net.without_subnormals`
clears them when a network is made. This reads real encoded views of ``strong`` games with
both (the network's own forward pass, and the same arithmetic on the file's arrays), checks
that they agree, and prints microseconds a view and the ratio, then the time of a cut playout
of ``expert`` (both seats' readings included) with either, beside one scored by a constant.
Example:

    .venv/bin/python bench/value_speed.py --game star-realms
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

import rumizi
from rumizi.adapters.base import encoding
from rumizi.bots.expert import value_strategy
from rumizi.bots.search import playout
from rumizi.bots.strategies import Strategy, strategy_for
from rumizi.core.contract import GameState
from rumizi.learn.data import reader
from rumizi.learn.net import (
    ValueNet,
    forward,
    read_arrays,
    shipped,
    shipped_path,
    subnormal,
)


def midgame_states(game_id: str, count: int, seed: int) -> list[GameState]:
    """``count`` states of ``strong`` self-play, each some way into its game."""
    game = rumizi.game(game_id)
    policy = strategy_for(game).playout_action
    found: list[GameState] = []
    rng = random.Random(seed)
    while len(found) < count:
        state = game.new(seed=rng.getrandbits(32))
        for _ in range(rng.randrange(10, 120)):
            if state.over:
                break
            state.apply(policy(state, rng))
        if not state.over:
            found.append(state)
    return found


def as_written(game_id: str, players: int) -> Callable[[np.ndarray], np.ndarray]:
    """The network's arithmetic on the file's own arrays, subnormal numbers and all."""
    written = read_arrays(shipped_path(game_id, players))
    arrays = [a for pair in written.layers for a in pair]
    found = sum(int(subnormal(a).sum()) for a in arrays)
    print(f"the file's weights: {found:,} of {sum(a.size for a in arrays):,} subnormal")
    return lambda x: forward(written.layers, written.mean, written.scale, x)


@dataclass(frozen=True)
class AsWritten:
    """What ``expert`` asks of a network, answered by the file's own arrays."""

    forward: Callable[[np.ndarray], np.ndarray]
    kept: ValueNet

    @property
    def info(self) -> Mapping[str, Any]:
        return self.kept.info

    def values(self, observations: np.ndarray) -> np.ndarray:
        return self.forward(observations)

    def value(self, observation: np.ndarray) -> float:
        return float(self.forward(observation[np.newaxis, :])[0])


def microseconds(work: Callable[[], object], repeat: int) -> float:
    """Microseconds a call of ``work``, over ``repeat`` calls."""
    began = time.perf_counter()
    for _ in range(repeat):
        work()
    return (time.perf_counter() - began) / repeat * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="star-realms")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    net = shipped(args.game, args.players)
    assert isinstance(net, ValueNet), f"no shipped network for {args.game}"
    read = reader(encoding(args.game, args.players), bool(net.info.get("rotated", False)))
    states = midgame_states(args.game, args.positions, args.seed)
    views = [read(state.view(seat)) for state in states for seat in range(args.players)]
    raw = as_written(args.game, args.players)
    rows = [view[np.newaxis, :] for view in views]
    gap = max(float(abs(raw(x)[0] - net.values(x)[0])) for x in rows)
    print(f"{len(rows)} views of {args.game}; largest difference of the two readings: {gap:.1e}")

    repeat = args.repeat
    slow = microseconds(lambda: [raw(x) for x in rows], repeat) / len(rows)
    fast = microseconds(lambda: [net.values(x) for x in rows], repeat) / len(rows)
    print(f"a view read: {slow:.1f} µs as written, {fast:.1f} µs as kept: {slow / fast:.1f}x")

    base = strategy_for(rumizi.game(args.game))
    strategy = value_strategy(base, net, args.game, args.players)
    written = value_strategy(base, cast(ValueNet, AsWritten(raw, net)), args.game, args.players)
    constant = dataclasses.replace(strategy, evaluate_seats=lambda state: [0.5] * state.num_players)
    horizon = int(net.info.get("horizon", 10))
    for name, scored in (
        ("scored by the network as written", written),
        ("scored by the network as kept", strategy),
        ("scored by 0.5", constant),
    ):
        policy = scored.for_playouts()

        def cut_playouts(policy: Strategy = policy) -> None:
            for k, state in enumerate(states):
                playout(state.clone(), policy, random.Random(k), horizon)

        each = microseconds(cut_playouts, max(repeat // 4, 1)) / len(states)
        print(f"a playout cut after {horizon} turns, {name}: {each:.0f} µs")


if __name__ == "__main__":
    main()
