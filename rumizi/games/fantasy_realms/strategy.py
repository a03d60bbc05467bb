"""The strong Fantasy Realms player: greedy values, and the discard it would hand the next player.

:func:`playout_action` is the strong bot's policy (and the search bots' playouts). It values
moves as the greedy player does (:mod:`.heuristics`), with more sampled draws (a steadier
estimate of what the deck offers) and one more term on every discard:
how much the *next* player would gain by taking that card from the discard area. The next
player's hand is unknown, so it is estimated on hands dealt from the cards this player has not
seen (what a Spyglass showed is used instead). Only the strongest few discards are weighed so,
to keep a decision to a few dozen scorer calls. It reads only what the acting player knows:
its hand, the discard area, the table and its own records.

:func:`evaluate` turns the current hand's best score into a chance of winning.

>>> import random
>>> from rumizi.games.fantasy_realms.engine import GAME
>>> s = GAME.new(seed=2, players=3, first=0)
>>> playout_action(s, random.Random(0))
{'do': 'draw'}
>>> 0.0 < evaluate(s, 0) < 1.0
True
"""

from __future__ import annotations

import math
import random

from rumizi.core.contract import Action
from rumizi.games.fantasy_realms import chaos
from rumizi.games.fantasy_realms.engine import FantasyRealmsState
from rumizi.games.fantasy_realms.heuristics import Table, action_value, hand_value

DENIAL = 0.1  # a point the next player gains, against one of ours (untuned: see the bench)
DRAW_SAMPLES = 10  # more sampled draws than the greedy player's, for a steadier estimate
CANDIDATES = 3  # discards weighed for denial
TYPICAL_WIN = 150  # about what a winning hand scores


def _table(state: FantasyRealmsState, me: int) -> Table:
    seen: list[str] = []
    return Table(list(state.hands[me]), list(state.area), state.opts, seen)


def _next_hand(state: FantasyRealmsState, me: int, t: Table, rng: random.Random) -> list[str]:
    q = (me + 1) % state.num_players
    for record in reversed(state.seen[me]):  # a Spyglass look at the next player
        if record.get("item") == "spyglass" and record.get("player") == q:
            return list(record["cards"])
    size = min(state.opts.hand_size, len(t.unseen))
    return rng.sample(t.unseen, size)


def _gain(t: Table, hand: list[str], card: str) -> float:
    """What taking ``card`` is worth to a player holding ``hand``."""
    area = t.area  # the card leaves the area again when taken
    now = hand_value(hand, area, t.suits, t.players)
    best = max(
        hand_value([c for c in [*hand, card] if c != d], area, t.suits, t.players)
        for d in [*hand, card]
    )
    return max(0.0, best - now)


def playout_action(state: FantasyRealmsState, rng: random.Random) -> Action:
    """The strong move of the player to act (greedy, with denial on discards)."""
    if chaos.in_chaos(state.phase):  # the chaos variant: its own module
        return chaos.playout_action(state, rng)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    me = state.to_act
    assert me is not None
    view = state.view(me)
    t = _table(state, me)
    values = [
        (action_value(view, t, me, a, rng, DRAW_SAMPLES), rng.random(), k)
        for k, a in enumerate(legal)
    ]
    if state.phase == "discard":
        values.sort(reverse=True)
        top = [v for v in values if legal[v[2]]["do"] == "discard"][:CANDIDATES]
        if len(top) > 1:
            other = _next_hand(state, me, t, rng)
            values = [(v - DENIAL * _gain(t, other, legal[k]["card"]), r, k) for v, r, k in top] + [
                x for x in values if x not in top
            ]
    return legal[max(values)[2]]


def evaluate(state: FantasyRealmsState, player: int) -> float:
    """The chance that ``player`` wins, from its hand's best score (the result once over)."""
    if state.over:
        return state.returns()[player]
    v = hand_value(state.hands[player], state.area, state.opts.suits, state.opts.players)
    return 1.0 / (1.0 + math.exp(-(v - TYPICAL_WIN) / 30.0))
