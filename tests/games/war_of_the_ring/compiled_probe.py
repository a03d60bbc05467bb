"""What the compiled War of the Ring modules must do exactly as pure Python (test_compiled.py).

Run as a script it prints the fingerprints as JSON (``tests/games/probe_kit.py`` says what
they cover): games with either seat as the Shadow and either seat first, random and with the
strong policy that search plays out with; wrong moves of every shape; broken documents and
views; and the greedy heuristic's choices, which the ``greedy`` bot plays.
"""

from __future__ import annotations

import json
import random
from functools import partial
from typing import Any

from rumizi.core.contract import GameState
from rumizi.games.war_of_the_ring import GAME, engine, heuristics, strategy
from rumizi.games.war_of_the_ring.cards import IDS
from rumizi.games.war_of_the_ring.engine import ZONES
from tests.games.probe_kit import Digest, Probe, main, outcome


def wrong_moves(rng: random.Random, state: GameState) -> list[Any]:
    card = IDS[rng.randrange(len(IDS))]
    zone = ZONES[rng.randrange(len(ZONES))]
    other = ZONES[rng.randrange(len(ZONES))]
    return [
        {"do": "place", "card": card, "zone": zone},
        {"do": "place", "card": card, "zone": "middle"},
        {"do": "place", "card": "fp-nobody", "zone": zone},
        {"do": "place", "card": card},
        {"do": "place", "card": card, "zone": zone, "face": "up"},
        {"do": "event", "card": card},
        {"do": "pay", "card": card},
        {"do": "recover", "card": card},
        {"do": "boost", "zone": zone},
        {"do": "peek", "zone": zone},
        {"do": "move", "from": zone, "to": other},
        {"do": "activate"},
        {"do": "decline"},
        {"do": "pass"},
        {"do": "concede", "player": 5},
        {"do": "concede", "player": "1"},
        {"do": "fly"},
        {"do": 3},
        "pass",
        None,
    ]


def greedy_choices(digest: Digest) -> None:
    """The greedy heuristic's moves from each seat's view along random games."""
    rng = random.Random(31)
    for number in range(4):
        state = GAME.new(seed=rng.randrange(2**63), shadow=number % 2)
        while not state.over:
            me = state.to_act
            assert me is not None
            legal = state.legal_actions()
            choice = heuristics.choose(state.view(me), legal, random.Random(number))
            digest.add(choice)
            state.apply(choice if rng.random() < 0.7 else legal[rng.randrange(len(legal))])


def broken_documents(digest: Digest) -> None:
    """A good document with one part replaced by nonsense, a card doubled or lost; views with
    an unknown or surplus card; options of the wrong type."""
    state = GAME.new(seed=5)
    for _ in range(9):
        state.apply(strategy.playout_action(state, random.Random(1)))
    good = state.export()
    for key in sorted(good):
        broken = json.loads(json.dumps(good))
        broken[key] = "nonsense"
        digest.add(outcome(partial(GAME.load, broken)))
        broken[key] = None
        digest.add(outcome(partial(GAME.load, broken)))
    for seat in (0, 1):
        for key in sorted(good["players"][seat]):
            broken = json.loads(json.dumps(good))
            broken["players"][seat][key] = [7]
            digest.add(outcome(partial(GAME.load, broken)))
        doubled = json.loads(json.dumps(good))
        hand = doubled["players"][seat]["hand"]
        hand.append(hand[0])
        digest.add(outcome(partial(GAME.load, doubled)))
        lost = json.loads(json.dumps(good))
        lost["players"][seat]["deck"].pop()
        digest.add(outcome(partial(GAME.load, lost)))
        view = state.view(seat)
        stranger = json.loads(json.dumps(view))
        stranger["players"][seat]["graveyard"] = ["fp-nobody"]
        digest.add(outcome(partial(GAME.sample, stranger, 1)))
        surplus = json.loads(json.dumps(view))
        surplus["players"][seat]["deck_size"] += 1
        digest.add(outcome(partial(GAME.sample, surplus, 1)))
    digest.add(outcome(lambda: GAME.new(seed="1")))  # type: ignore[arg-type]
    digest.add(outcome(lambda: GAME.sample(state.view(0), -1)))
    greedy_choices(digest)


PROBE = Probe(
    game=GAME,
    engine=engine,
    strategy=strategy,
    setups=[{}, {"shadow": 0}, {"first": 0}, {"first": 1, "shadow": 0}],
    games_per_setup=3,
    wrong_moves=wrong_moves,
    bad_documents=[
        None,
        [],
        {"game": "war-of-the-ring"},
        {"game": "war-of-the-ring", "round": "one", "players": [{}, {}]},
        {"game": "splendor-duel"},
    ],
    bad_options=[
        {"players": 3},
        {"players": "2"},
        {"shadow": 2},
        {"shadow": True},
        {"first": 2},
        {"first": 1.0},
        {"format": "duel"},
    ],
    seeds=(41, 42),
    wrong_every=3,
    look_every=5,
    evaluate_every=4,
    more_refusals=broken_documents,
)

if __name__ == "__main__":
    main(PROBE)
