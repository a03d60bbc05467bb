"""What the compiled Star Realms modules must do exactly as pure Python (test_compiled.py).

Run as a script it prints the fingerprints as JSON (``tests/games/probe_kit.py`` says what
they cover): two games of every format, random and with the strong heuristic.
"""

from __future__ import annotations

import random
from typing import Any

from rumizi.core.contract import GameState
from rumizi.games.star_realms import GAME, engine, strategy
from rumizi.games.star_realms.cards import NAMES
from tests.games.probe_kit import Probe, main


def wrong_moves(rng: random.Random, state: GameState) -> list[Any]:
    card = NAMES[rng.randrange(len(NAMES))]
    target = rng.randrange(state.num_players + 1)
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


PROBE = Probe(
    game=GAME,
    engine=engine,
    strategy=strategy,
    setups=[
        {"format": fmt, "players": players}
        for fmt, players in [
            ("duel", 2),
            ("free-for-all", 3),
            ("free-for-all", 6),
            ("hunter", 4),
            ("hydra", 4),
            ("hydra", 6),
            ("raid", 4),
            ("emperor", 6),
        ]
    ],
    games_per_setup=2,
    wrong_moves=wrong_moves,
    bad_documents=[
        None,
        [],
        {"game": "star-realms", "players": "two"},
        {"game": "star-realms", "format": "duel", "players": [{}, {}], "current": 0},
    ],
    bad_options=[{"players": "2"}, {"players": 7}, {"format": 3}, {"format": "melee"}],
    seeds=(11, 12),
    wrong_every=5,
    look_every=9,
    evaluate_every=11,
    max_steps=600,
)

if __name__ == "__main__":
    main(PROBE)
