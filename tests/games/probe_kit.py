"""Fingerprints of what a compiled engine does, compared with pure Python (test_compiled.py).

A game's ``compiled_probe.py`` describes its :class:`Probe` — the tables to play, the wrong
moves and broken documents to offer, its strong policy — and :func:`fingerprints` plays them:
random games (with the engine's log on and off) hashing every legal list, refusal (the
exception's type and message), export, load, clone, view and sample on the way; the strong
policy's moves and evaluations; refusals of bad documents and options. The test runs the
probe in a subprocess importing the compiled copy (:func:`compare`); every fingerprint must
be equal.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from rumizi.core.contract import Game, GameState

REPO = Path(__file__).resolve().parents[2]


class Digest:
    """A short hash of a sequence of JSON-able items (anything else by its repr)."""

    def __init__(self) -> None:
        self._h = hashlib.sha256()

    def add(self, item: object) -> None:
        self._h.update(json.dumps(item, sort_keys=True, default=repr).encode())
        self._h.update(b"\n")

    def hex(self) -> str:
        return self._h.hexdigest()[:24]


def outcome(call: Callable[[], object]) -> object:
    """ "accepted", or the type and message of what ``call`` raised (both are compared)."""
    try:
        call()
    except Exception as err:
        return [type(err).__name__, str(err)]
    return "accepted"


@dataclass(frozen=True)
class Probe:
    game: Game
    engine: ModuleType  # compiled or not: its __file__ says
    strategy: ModuleType  # playout_action(state, rng) and evaluate(state, seat)
    setups: Sequence[Mapping[str, Any]]  # options of game.new, a table each
    games_per_setup: int
    wrong_moves: Callable[[random.Random, GameState], list[Any]]
    bad_documents: Sequence[Any]
    bad_options: Sequence[Mapping[str, Any]]
    seeds: tuple[int, int]  # random play, strong play
    wrong_every: int  # try the wrong moves every this many steps
    look_every: int  # export, load, clone, views and samples every this many steps
    evaluate_every: int
    max_steps: int = 2000
    more_refusals: Callable[[Digest], None] | None = None

    def new_games(self, rng: random.Random) -> Iterator[tuple[int, GameState]]:
        """``games_per_setup`` new games of every setup, numbered from 0 within each."""
        for options in self.setups:
            for number in range(self.games_per_setup):
                yield number, self.game.new(seed=rng.randrange(2**63), **options)


def random_play(probe: Probe) -> str:
    digest = Digest()
    rng = random.Random(probe.seeds[0])
    for number, state in probe.new_games(rng):
        if number % 2:
            state.events = []  # the engine's other path: the one that tells what happened
        step = 0
        while not state.over and step < probe.max_steps:
            legal = state.legal_actions()
            digest.add(legal)
            if step % probe.wrong_every == 0:
                for wrong in probe.wrong_moves(rng, state):
                    copy = state.clone()
                    digest.add(outcome(lambda c=copy, w=wrong: c.apply(w)))
            if step % probe.look_every == 0:
                doc = state.export()
                digest.add(doc)
                digest.add(probe.game.load(doc).export() == doc)
                digest.add(state.clone().export() == doc)
                for seat in range(state.num_players):
                    view = state.view(seat)
                    digest.add(view)
                    digest.add(probe.game.sample(view, step).export())
                digest.add(state.view(None))
            state.apply(legal[rng.randrange(len(legal))])
            step += 1
        digest.add(getattr(state, "events", None) or [])
        digest.add([state.over, state.winner, state.returns()])
    return digest.hex()


def strong_play(probe: Probe) -> str:
    digest = Digest()
    rng = random.Random(probe.seeds[1])
    for _, state in probe.new_games(rng):
        step = 0
        while not state.over and step < 3000:
            action = probe.strategy.playout_action(state, rng)
            digest.add(action)
            if step % probe.evaluate_every == 0:
                seats = range(state.num_players)
                digest.add([round(probe.strategy.evaluate(state, p), 12) for p in seats])
            state.apply(action)
            step += 1
        digest.add(state.export())
    return digest.hex()


def refusals(probe: Probe) -> str:
    digest = Digest()
    for doc in probe.bad_documents:
        digest.add(outcome(lambda d=doc: probe.game.load(d)))
    for options in probe.bad_options:
        digest.add(outcome(lambda o=options: probe.game.new(seed=1, **o)))
    if probe.more_refusals is not None:
        probe.more_refusals(digest)
    return digest.hex()


def fingerprints(probe: Probe) -> dict[str, Any]:
    return {
        "compiled": not str(probe.engine.__file__).endswith(".py"),
        "random play": random_play(probe),
        "strong play": strong_play(probe),
        "refusals": refusals(probe),
    }


def main(probe: Probe) -> None:
    """What a probe module does when run (``python -m tests.games.<game>.compiled_probe``)."""
    json.dump(fingerprints(probe), sys.stdout)


def run_probe(probe_module: str, package: Path) -> dict[str, Any]:
    """The fingerprints ``probe_module`` prints in a fresh process that imports rumizi from
    ``package`` (the compiled copy, or the sources)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(dict.fromkeys([str(package), str(REPO)]))}
    run = subprocess.run(
        [sys.executable, "-m", probe_module],
        cwd=package,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    found: dict[str, Any] = json.loads(run.stdout)
    return found


def compare(probe_module: str, compiled_copy: Path) -> None:
    """Run ``probe_module`` on the compiled copy and on the sources, each in a fresh process
    (a test worker's process carries what its earlier tests imported and set), and check
    that both give the same fingerprints."""
    compiled = run_probe(probe_module, compiled_copy)
    pure = run_probe(probe_module, REPO)
    assert compiled.pop("compiled") is True, "the subprocess did not load the compiled modules"
    assert pure.pop("compiled") is False
    assert compiled == pure
