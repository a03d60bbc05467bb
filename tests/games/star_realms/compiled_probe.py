"""Fingerprints of everything the compiled Star Realms modules do, for test_compiled.py.

Run as a script it prints them as JSON; imported, :func:`fingerprints` computes them in this
process. The compiled build must give the same fingerprints as pure Python: the same games in
every format, the same refusals of bad moves and documents (type and message), the same
exports, views, clones and samples, the same strong-heuristic moves and evaluations.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from typing import Any

from rumizi.games.star_realms import GAME, StarRealmsState, engine, strategy
from rumizi.games.star_realms.cards import NAMES

SETUPS = [
    ("duel", 2),
    ("free-for-all", 3),
    ("free-for-all", 6),
    ("hunter", 4),
    ("hydra", 4),
    ("hydra", 6),
    ("raid", 4),
    ("emperor", 6),
]
BAD_DOCUMENTS: list[Any] = [
    None,
    [],
    {"game": "star-realms", "players": "two"},
    {"game": "star-realms", "format": "duel", "players": [{}, {}], "current": 0},
]


class Digest:
    def __init__(self) -> None:
        self._h = hashlib.sha256()

    def add(self, item: object) -> None:
        self._h.update(json.dumps(item, sort_keys=True, default=repr).encode())
        self._h.update(b"\n")

    def hex(self) -> str:
        return self._h.hexdigest()[:24]


def _outcome(call: Any) -> object:
    try:
        call()
    except Exception as err:  # the type and message are what is compared
        return [type(err).__name__, str(err)]
    return "accepted"


def _wrong_moves(rng: random.Random, players: int) -> list[Any]:
    card = NAMES[rng.randrange(len(NAMES))]
    target = rng.randrange(players + 1)
    return [
        {"do": "play", "card": card},
        {"do": "buy", "card": card},
        {"do": "scrap", "card": card},
        {"do": "attack", "player": target},
        {"do": "attack", "player": target, "base": card},
        {"do": "choose", "card": card, "from": "hand"},
        {"do": "skip"},
        {"do": "fly"},
        "play",
        None,
        {"do": "play", "card": 7},
    ]


def new_games(rng: random.Random, per_setup: int) -> Iterator[tuple[int, StarRealmsState]]:
    """``per_setup`` new games of every setup, numbered from 0 within each."""
    for fmt, players in SETUPS:
        for game in range(per_setup):
            yield game, GAME.new(seed=rng.randrange(2**63), players=players, format=fmt)


def random_play(games_per_setup: int = 2) -> str:
    digest = Digest()
    rng = random.Random(11)
    for game, state in new_games(rng, games_per_setup):
        players = state.num_players
        if game % 2:
            state.events = []  # the engine's other path: the one that tells what happened
        step = 0
        while not state.over and step < 600:
            legal = state.legal_actions()
            digest.add(legal)
            if step % 5 == 0:
                for wrong in _wrong_moves(rng, players):
                    probe = state.clone()
                    digest.add(_outcome(lambda p=probe, w=wrong: p.apply(w)))
            if step % 9 == 0:
                doc = state.export()
                digest.add(doc)
                digest.add(GAME.load(doc).export() == doc)
                digest.add(state.clone().export() == doc)
                for seat in range(players):
                    view = state.view(seat)
                    digest.add(view)
                    digest.add(GAME.sample(view, step).export())
                digest.add(state.view(None))
            state.apply(legal[rng.randrange(len(legal))])
            step += 1
        digest.add(state.events or [])
        digest.add([state.over, state.winner, state.returns()])
    return digest.hex()


def strong_play(games_per_setup: int = 2) -> str:
    digest = Digest()
    rng = random.Random(12)
    for _, state in new_games(rng, games_per_setup):
        players = state.num_players
        step = 0
        while not state.over and step < 3000:
            action = strategy.playout_action(state, rng)
            digest.add(action)
            if step % 11 == 0:
                digest.add([round(strategy.evaluate(state, p), 12) for p in range(players)])
            state.apply(action)
            step += 1
        digest.add(state.export())
    return digest.hex()


def refusals() -> str:
    digest = Digest()
    for doc in BAD_DOCUMENTS:
        digest.add(_outcome(lambda d=doc: GAME.load(d)))
    for options in ({"players": "2"}, {"players": 7}, {"format": 3}, {"format": "melee"}):
        digest.add(_outcome(lambda o=options: GAME.new(seed=1, **o)))
    return digest.hex()


def fingerprints() -> dict[str, Any]:
    return {
        "compiled": not engine.__file__.endswith(".py"),
        "random play": random_play(),
        "strong play": strong_play(),
        "refusals": refusals(),
    }


if __name__ == "__main__":
    json.dump(fingerprints(), sys.stdout)
