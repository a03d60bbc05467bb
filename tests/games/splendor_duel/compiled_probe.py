"""Fingerprints of everything the compiled Splendor Duel modules do, for test_compiled.py.

Run as a script it prints them as JSON; imported, :func:`fingerprints` computes them in this
process. The compiled build must give the same fingerprints as pure Python: the same games
(random play, with the engine's log on and off), the same refusals of bad moves and
documents (type and message), the same exports, loads, clones, views and samples, the same
moves and evaluations of the strong policy that search plays out with.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

from rumizi.games.splendor_duel import GAME, engine, strategy
from rumizi.games.splendor_duel.cards import CARDS, COLORS, ROYAL_IDS, TOKEN_NAMES

BAD_DOCUMENTS: list[Any] = [
    None,
    [],
    {"game": "splendor-duel"},
    {"game": "splendor-duel", "turn": "one", "players": [{}, {}]},
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


def _wrong_moves(rng: random.Random) -> list[Any]:
    card = CARDS[rng.randrange(len(CARDS))].id
    r, c = rng.randint(0, 6), rng.randint(1, 5)
    token = TOKEN_NAMES[rng.randrange(len(TOKEN_NAMES))]
    return [
        {"do": "take", "spaces": [[r, c]]},
        {"do": "take", "spaces": [[1, 1], [3, 3]]},
        {"do": "take", "spaces": [[r, c], [r, c + 1], [r, c + 2]]},
        {"do": "buy", "card": card},
        {"do": "buy", "card": card, "pay": {token: 1}},
        {"do": "buy", "card": card, "color": COLORS[rng.randrange(len(COLORS))]},
        {"do": "reserve", "gold": [r, c], "card": card},
        {"do": "reserve", "gold": [r, c], "deck": rng.randint(0, 4)},
        {"do": "privilege", "space": [r, c]},
        {"do": "steal", "token": token},
        {"do": "discard", "token": token},
        {"do": "royal", "card": ROYAL_IDS[rng.randrange(len(ROYAL_IDS))]},
        {"do": "replenish"},
        {"do": "pass"},
        {"do": "claim-stall"},
        {"do": "fly"},
        "take",
        None,
    ]


def random_play(games: int = 12) -> str:
    digest = Digest()
    rng = random.Random(21)
    for game in range(games):
        state = GAME.new(seed=rng.randrange(2**63))
        if game % 2:
            state.events = []  # the engine's other path: the one that tells what happened
        step = 0
        while not state.over and step < 2000:
            legal = state.legal_actions()
            digest.add(legal)
            if step % 4 == 0:
                for wrong in _wrong_moves(rng):
                    probe = state.clone()
                    digest.add(_outcome(lambda p=probe, w=wrong: p.apply(w)))
            if step % 7 == 0:
                doc = state.export()
                digest.add(doc)
                digest.add(GAME.load(doc).export() == doc)
                digest.add(state.clone().export() == doc)
                for seat in (0, 1):
                    view = state.view(seat)
                    digest.add(view)
                    digest.add(GAME.sample(view, step).export())
                digest.add(state.view(None))
            state.apply(legal[rng.randrange(len(legal))])
            step += 1
        digest.add(getattr(state, "events", None) or [])
        digest.add([state.over, state.winner, state.returns()])
    return digest.hex()


def strong_play(games: int = 12) -> str:
    digest = Digest()
    rng = random.Random(22)
    for _ in range(games):
        state = GAME.new(seed=rng.randrange(2**63))
        step = 0
        while not state.over and step < 3000:
            action = strategy.playout_action(state, rng)
            digest.add(action)
            if step % 5 == 0:
                digest.add([round(strategy.evaluate(state, p), 12) for p in (0, 1)])
            state.apply(action)
            step += 1
        digest.add(state.export())
    return digest.hex()


def refusals() -> str:
    digest = Digest()
    for doc in BAD_DOCUMENTS:
        digest.add(_outcome(lambda d=doc: GAME.load(d)))
    good = GAME.new(seed=5).export()
    for key in ("board", "pyramid", "players", "bag", "privileges", "current"):
        broken = json.loads(json.dumps(good))
        broken[key] = "nonsense"
        digest.add(_outcome(lambda d=broken: GAME.load(d)))
    for options in ({"players": 3}, {"players": "2"}, {"format": "melee"}, {"first": 2}):
        digest.add(_outcome(lambda o=options: GAME.new(seed=1, **o)))
    digest.add(_outcome(lambda: GAME.new(seed="1")))
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
