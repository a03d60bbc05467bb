"""What the compiled Fantasy Realms game must do exactly as pure Python (test_compiled.py).

``compiled_probe.py`` covers the scorer; this probe covers the game around it — the engine,
the document reader, the sampler, the trading of chaos realms, the hand values and the
greedy and strong policies. Run as a script it prints the fingerprints as JSON
(``tests/games/probe_kit.py`` says what they cover): random games of the base game, the
Cursed Hoard with its items, the promos, the two-player draft and chaos realms (every legal
list, wrong moves of every kind, exports, loads, clones, views and samples on the way); the
strong policy's games with its evaluations; broken documents, views and options; and the
greedy heuristic's choices, which the ``greedy`` bot plays, with the moves a search races.
"""

from __future__ import annotations

import json
import random
from functools import partial
from typing import Any

from rumizi.core.contract import GameState
from rumizi.games.fantasy_realms import GAME, engine, heuristics, strategy
from rumizi.games.fantasy_realms.cards import CARDS, ITEMS, SUIT_NAMES
from tests.games.probe_kit import Digest, Probe, main, outcome

_CARDS = sorted(CARDS)
_ITEMS = sorted(ITEMS)
_SUITS = sorted(SUIT_NAMES)

SETUPS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 3, "suits": True, "items": True},
    {"players": 5, "items": True, "jester": True, "phoenix": "deluxe"},
    {"players": 2},
    {"players": 4, "variant": "chaos"},
    {"players": 3, "variant": "chaos", "suits": True, "phoenix": "promo"},
]


def wrong_moves(rng: random.Random, state: GameState) -> list[Any]:
    card = _CARDS[rng.randrange(len(_CARDS))]
    item = _ITEMS[rng.randrange(len(_ITEMS))]
    seat = rng.randrange(state.num_players + 1)
    other = rng.randrange(state.num_players)
    return [
        {"do": "draw"},
        {"do": "draw-two"},
        {"do": "take", "card": card},
        {"do": "discard", "card": card},
        {"do": "end-turn"},
        {"do": "drop-item"},
        {"do": "use", "item": item},
        {"do": "use", "item": item, "player": seat},
        {"do": "use", "item": item, "suit": _SUITS[rng.randrange(len(_SUITS))]},
        {"do": "use", "item": item, "card": card},
        {"do": "use", "item": item, "cards": [card, _CARDS[0]]},
        {"do": "use", "item": "repair-kit", "copy": None},
        {"do": "forgo"},
        {"do": "return", "card": card, "to": "middle"},
        {"do": "offer", "cards": [card]},
        {"do": "wagon-swap", "player": seat, "card": card},
        {"do": "genie", "card": None},
        {"do": "necromancer", "card": card},
        {"do": "shed", "card": card},
        {"do": "keep", "card": card},
        {"do": "propose", "by": seat, "to": other, "card": card},
        {"do": "accept", "by": seat, "offer": 1, "card": card},
        {"do": "refuse", "by": other, "offer": 99},
        {"do": "withdraw", "by": "0", "offer": 1},
        {"do": "done", "by": seat},
        {"do": "concede", "player": seat + 5},
        {"do": "take", "card": "no-such-card"},
        {"do": "use", "item": "no-such-item"},
        {"do": "draw", "card": card},
        {"do": "fly"},
        "draw",
        None,
    ]


def greedy_choices(digest: Digest) -> None:
    """The greedy heuristic's moves from the acting seat's view along random games, and the
    moves a search races there."""
    rng = random.Random(51)
    for number, options in enumerate(SETUPS):
        state = GAME.new(seed=rng.randrange(2**63), **options)
        step = 0
        while not state.over and step < 400:
            me = state.to_act
            assert me is not None
            legal = state.legal_actions_for(me)
            digest.add(strategy.search_candidates(state, legal))  # what hard races in chaos
            if step % 2 == 0:
                choice = heuristics.choose(state.view(me), legal, random.Random(number))
                digest.add(choice)
            else:
                choice = legal[rng.randrange(len(legal))]
            state.apply(choice)
            step += 1
        digest.add(state.export())


def broken_documents(digest: Digest) -> None:
    """Good documents (a plain, an items and a chaos table) with one part replaced by
    nonsense or null; views with an unknown card; seeds that are no numbers."""
    for options in (SETUPS[1], SETUPS[4]):
        state = GAME.new(seed=8, **options)
        rng = random.Random(2)
        for _ in range(9):
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        good = state.export()
        for key in sorted(good):
            for nonsense in ("nonsense", None, [7]):
                broken = json.loads(json.dumps(good))
                broken[key] = nonsense
                digest.add(outcome(partial(GAME.load, broken)))
        doubled = json.loads(json.dumps(good))
        doubled["hands"][0].append(doubled["hands"][1][0])
        digest.add(outcome(partial(GAME.load, doubled)))
        for seat in range(state.num_players):
            stranger = json.loads(json.dumps(state.view(seat)))
            stranger["area"] = [*stranger["area"], "no-such-card"]
            digest.add(outcome(partial(GAME.sample, stranger, 1)))
    digest.add(outcome(lambda: GAME.new(seed="1")))  # type: ignore[arg-type]
    digest.add(outcome(lambda: GAME.sample(GAME.new(seed=1).view(0), -1)))
    greedy_choices(digest)


PROBE = Probe(
    game=GAME,
    engine=engine,
    strategy=strategy,
    setups=SETUPS,
    games_per_setup=2,
    wrong_moves=wrong_moves,
    bad_documents=[
        None,
        [],
        {"game": "fantasy-realms"},
        {"game": "fantasy-realms", "players": "four", "turn": 1},
        {"game": "star-realms"},
    ],
    bad_options=[
        {"players": 1},
        {"players": 7},
        {"players": "4"},
        {"players": 4, "items": "yes"},
        {"players": 4, "suits": 1},
        {"players": 4, "phoenix": "gold"},
        {"players": 4, "first": 4},
        {"players": 4, "variant": "melee"},
        {"players": 4, "variant": "chaos", "items": True},
        {"players": 4, "variant": "chaos", "timer": 0},
        {"players": 3, "variant": "two-player"},
        {"players": 4, "format": "duel"},
    ],
    seeds=(61, 62),
    wrong_every=3,
    look_every=5,
    evaluate_every=3,
    max_steps=1500,
    more_refusals=broken_documents,
)

if __name__ == "__main__":
    main(PROBE)
