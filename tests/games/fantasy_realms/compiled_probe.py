"""What the compiled Fantasy Realms scorer must do exactly as pure Python (test_compiled.py).

Run as a script it prints the fingerprints as JSON: every line of :func:`score_hand`'s answer
on random hands (with the Cursed Hoard or not, the promos, discards, items, table sizes,
choices fixed in part, other rulings) and on hands holding all six ACTION cards; the bad
hands' errors in both languages; the best-hand search on a small pool, its per-card bounds
and its local search; and whole games of the engine (which scores with the scorer).
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from rumizi.games.fantasy_realms import GAME, Rulings, score_hand, scoring
from rumizi.games.fantasy_realms.besthand import check_bound, search, seed_hands
from rumizi.games.fantasy_realms.cards import ITEMS, base_deck
from rumizi.games.fantasy_realms.scoring import ACTION_CARDS
from tests.games.probe_kit import Digest, outcome

POOL = [
    "king", "queen", "knights", "rangers", "warlord", "elven-archers", "sword-of-keth",
    "shield-of-keth", "princess", "collector", "island", "necromancer",
]  # fmt: skip

OTHER_RULINGS = Rulings(
    blanking_cycles="blank-none",
    self_blanking=False,
    jester_counts_blanked=False,
    wildfire_spares_outsiders=True,
    collector_every_suit=False,
    gem_every_run=False,
)


def _deck(rng: random.Random, expansion: bool) -> list[str]:
    return [*base_deck(expansion=expansion), "jester", rng.choice(["phoenix", "phoenix-deluxe"])]


def scores() -> str:
    digest = Digest()
    rng = random.Random(7)
    items = sorted(ITEMS)
    for k in range(120):
        expansion = k % 2 == 1
        deck = _deck(rng, expansion)
        hand = rng.sample(deck, rng.randint(7, 9))
        rest = [c for c in deck if c not in hand]
        options: dict[str, Any] = {
            "expansion": expansion,
            "discards": rng.sample(rest, rng.randint(0, 6)),
            "players": rng.randint(2, 6),
            "rulings": OTHER_RULINGS if k % 5 == 0 else Rulings(),
        }
        if k % 3 == 0:
            options["items"] = rng.sample(items, rng.randint(1, 3))
        digest.add(outcome(lambda h=hand, o=options: digest.add(score_hand(h, **o).as_dict())))
        actions = [c for c in hand if c in ACTION_CARDS]
        if actions:
            best = score_hand(hand, expansion=expansion).choices
            first = actions[0]
            fixed = {first: best[first]}
            digest.add(score_hand(hand, expansion=expansion, choices=fixed).as_dict())
    for k in range(4):
        expansion = k % 2 == 0
        deck = _deck(rng, expansion)
        actions = [c for c in ACTION_CARDS if c in deck]  # Angel is a Cursed Hoard card
        others = [c for c in deck if c not in ACTION_CARDS]
        hand = [*actions, *rng.sample(others, 1 + k % 3)]
        digest.add(score_hand(hand, expansion=expansion).as_dict())
    return digest.hex()


def refusals() -> str:
    digest = Digest()
    bad: list[tuple[list[str], dict[str, Any]]] = [
        (["king", "king"], {}),
        (["king", "no-such-card"], {}),
        (["king", "dungeon"], {}),  # a Cursed Hoard card without the expansion
        (["king", "island"], {"choices": {"island": {"clears": "queen"}}}),
        (["king", "mirage"], {"choices": {"mirage": {"copies": "no-such-card"}}}),
        (["king", "book-of-changes"], {"choices": {"book-of-changes": {"target": "queen"}}}),
        (
            ["king", "book-of-changes"],
            {"choices": {"book-of-changes": {"target": "king", "new_suit": "moon"}}},
        ),
        (["king", "island"], {"choices": {"angel": {"protects": "king"}}}),
        (["king"], {"items": ["no-such-item"]}),
    ]
    for hand, options in bad:

        def call(h: list[str] = hand, o: dict[str, Any] = options) -> None:
            try:
                score_hand(h, **o)
            except scoring.ScoringError as err:
                raise ValueError(f"{err} / {err.fa}") from err

        digest.add(outcome(call))
    return digest.hex()


def best_hand() -> str:
    digest = Digest()
    result = search(POOL, top=3)
    digest.add([result.best, result.nodes, result.leaves, result.pruned])
    digest.add(seed_hands(POOL, restarts=2))
    rng = random.Random(3)
    for k in range(30):
        expansion = k % 2 == 1
        hand = rng.sample(base_deck(expansion=expansion), 8 if expansion else 7)
        digest.add(check_bound(hand, expansion=expansion))
    return digest.hex()


def games() -> str:
    digest = Digest()
    rng = random.Random(11)
    setups: list[dict[str, Any]] = [
        {"players": 4},
        {"players": 3, "items": True, "suits": True},
        {"players": 2},
    ]
    for options in setups:
        state = GAME.new(seed=rng.randrange(2**32), **options)
        while not state.over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        digest.add(state.export())
        digest.add(state.returns())
    return digest.hex()


def fingerprints() -> dict[str, Any]:
    return {
        "compiled": not str(scoring.__file__).endswith(".py"),
        "scores": scores(),
        "refusals": refusals(),
        "best hand": best_hand(),
        "games": games(),
    }


if __name__ == "__main__":
    json.dump(fingerprints(), sys.stdout)
