"""A one-step greedy heuristic for War of the Ring, working only from a player's view.

The ``greedy`` bot (:mod:`rumizi.bots.greedy`) calls :func:`choose` with the acting player's
view and the legal actions. It looks no further than the step in hand:

1. rewards: always activate a shadow card; for the centre's free event, the costliest one
   (the strongest effects cost most);
2. choices: pay with the weakest cards, recover the strongest, boost or move towards the zone
   that is closest to being won, peek where most is hidden;
3. planning: play a drawing event while the hand is large; otherwise put the strongest card
   into the zone whose margin (your combat against what the opponent shows, unseen cards at
   :data:`UNSEEN`) is the closest contest it can still turn — and pass when every zone with
   room is already safe or out of reach.

Ties are broken by ``rng``.

>>> import random
>>> import rumizi
>>> state = rumizi.game("war-of-the-ring").new(seed=4)
>>> legal = state.legal_actions()
>>> choose(state.view(state.to_act), legal, random.Random(0)) in legal
True
"""

from __future__ import annotations

import random

from rumizi.core.contract import Action, View
from rumizi.games.war_of_the_ring.cards import BY_ID, COMBAT, COST, DRAW, EVENT

UNSEEN = 2.8  # what an enemy card not yet seen is reckoned to be worth
SAFE = 3.0  # a zone led by this much needs no more cards
HOPELESS = -8.0  # a zone behind by more than this is conceded
ZONES = ("left", "centre", "right")


def _margins(view: View, me: int) -> list[float]:
    out = []
    for zone in view["zones"]:
        mine = sum(COMBAT[BY_ID[c]] for c in zone["cards"][me] if c is not None)
        theirs = 0.0
        for c in zone["cards"][1 - me]:
            theirs += UNSEEN if c is None else COMBAT[BY_ID[c]]
        out.append(mine + zone["boost"][me] - theirs - zone["boost"][1 - me])
    return out


def _pick(options: list[Action], rng: random.Random) -> Action:
    return options[rng.randrange(len(options))] if len(options) > 1 else options[0]


def choose(view: View, legal: list[Action], rng: random.Random | None = None) -> Action:
    """The greedy move for the player to act (one of ``legal``)."""
    rng = rng or random.Random(0)
    if len(legal) == 1:
        return legal[0]
    me = view["to_act"]
    pending = view["pending"]
    choice = pending["choice"] if pending else None
    if choice == "flank":
        return {"do": "activate"}
    if choice in ("pay", "recover"):
        strength = [COMBAT[BY_ID[a["card"]]] for a in legal]
        target = min(strength) if choice == "pay" else max(strength)
        return _pick([a for a, s in zip(legal, strength, strict=True) if s == target], rng)
    margins = _margins(view, me)
    if choice == "centre":
        events = [a for a in legal if a["do"] == "event"]
        if not events:
            return legal[-1]
        top = max(COST[BY_ID[a["card"]]] for a in events)
        return _pick([a for a in events if COST[BY_ID[a["card"]]] == top], rng)
    if choice in ("boost", "peek", "move"):

        def key(a: Action) -> float:
            zone = ZONES.index(a["to"] if choice == "move" else a["zone"])
            m = margins[zone]
            return -abs(m) if choice != "peek" else -m

        best = max(key(a) for a in legal)
        return _pick([a for a in legal if key(a) == best], rng)
    # A planning step.
    hand = view["players"][me]["hand"] or []
    if len(hand) >= 5:
        draws = [
            a
            for a in legal
            if a["do"] == "event"
            and COST[BY_ID[a["card"]]] <= 1
            and EVENT[BY_ID[a["card"]]][0][0] == DRAW
        ]
        if draws:
            return _pick(draws, rng)
    places = [a for a in legal if a["do"] == "place"]
    if not places:
        return {"do": "pass"}
    contests = [
        z
        for z in range(3)
        if HOPELESS < margins[z] < SAFE and any(a["zone"] == ZONES[z] for a in places)
    ]
    if not contests:
        return {"do": "pass"}
    tightest = max(margins[z] for z in contests if margins[z] < SAFE)
    zones = [ZONES[z] for z in contests if margins[z] == tightest]
    candidates = [a for a in places if a["zone"] in zones]
    top = max(COMBAT[BY_ID[a["card"]]] for a in candidates)
    return _pick([a for a in candidates if COMBAT[BY_ID[a["card"]]] == top], rng)


__all__ = ["choose"]
