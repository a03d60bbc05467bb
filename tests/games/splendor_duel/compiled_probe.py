"""What the compiled Splendor Duel modules must do exactly as pure Python (test_compiled.py).

Run as a script it prints the fingerprints as JSON (``tests/games/probe_kit.py`` says what
they cover): twelve games, random and with the strong policy that search plays out with.
"""

from __future__ import annotations

import json
import random
from typing import Any

from rumizi.core.contract import GameState
from rumizi.games.splendor_duel import GAME, engine, strategy
from rumizi.games.splendor_duel.cards import CARDS, COLORS, ROYAL_IDS, TOKEN_NAMES
from tests.games.probe_kit import Digest, Probe, main, outcome


def wrong_moves(rng: random.Random, state: GameState) -> list[Any]:
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


def broken_documents(digest: Digest) -> None:
    """A good document with one part replaced by nonsense; a seed that is not a number."""
    good = GAME.new(seed=5).export()
    for key in ("board", "pyramid", "players", "bag", "privileges", "current"):
        broken = json.loads(json.dumps(good))
        broken[key] = "nonsense"
        digest.add(outcome(lambda d=broken: GAME.load(d)))
    digest.add(outcome(lambda: GAME.new(seed="1")))  # type: ignore[arg-type]


PROBE = Probe(
    game=GAME,
    engine=engine,
    strategy=strategy,
    setups=[{}],
    games_per_setup=12,
    wrong_moves=wrong_moves,
    bad_documents=[
        None,
        [],
        {"game": "splendor-duel"},
        {"game": "splendor-duel", "turn": "one", "players": [{}, {}]},
    ],
    bad_options=[{"players": 3}, {"players": "2"}, {"format": "melee"}, {"first": 2}],
    seeds=(21, 22),
    wrong_every=4,
    look_every=7,
    evaluate_every=5,
    more_refusals=broken_documents,
)

if __name__ == "__main__":
    main(PROBE)
