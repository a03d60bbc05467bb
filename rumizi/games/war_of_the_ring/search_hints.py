"""Which War of the Ring moves a search races, and which it need not think about.

A planning step offers a dozen or more moves (every distinct card of the hand in every zone
with room, every event the hand can pay for, passing), and a second of playouts compared
world by world cannot tell that many apart: racing them all, ``hard`` left the strong
policy's move in most planning steps, on about twenty worlds a move, and the moves it chose
instead were barely better on a re-check (``bench/wotr_search_profile.py``). So the search
races only the policy's favourites: the ``SHORTLIST`` planning moves that the policy's own
scores rank highest (:func:`scored_moves`: the gain in position value of a placement, the
worth of an event less what it costs, the bar a move must clear to beat passing), and
always the policy's own move (the search adds it). Open choices (what to pay, recover,
boost, peek or move, the centre's free event) have few options and are searched whole.

A flank's reward is taken without search (:func:`obvious_action`): an activation brings the
player one step nearer the five that win and an event in its favour, and declining it never
helps.

Every score reads only what the acting player knows (the policy's reading of the table), so
the shortlist is the same in every determinization of one view.

Measured (``bench/search_strength.py --game war-of-the-ring --match hard-vs-strong``, see the
report in the module's history for the figures): MEASURED_PLACEHOLDER

>>> import random
>>> from rumizi.games.war_of_the_ring import GAME
>>> from rumizi.games.war_of_the_ring.strategy import playout_action
>>> state = GAME.new(seed=7)
>>> legal = state.legal_actions()
>>> picked = search_candidates(state, legal)
>>> len(legal), len(picked)
(16, 4)
>>> legal[picked[0]] == playout_action(state, random.Random(0))
True
"""

from __future__ import annotations

from typing import Final

from rumizi.core.contract import Action, GameState
from rumizi.games.war_of_the_ring.cards import COMBAT, COST
from rumizi.games.war_of_the_ring.engine import (
    ACTIVATE,
    EVENT_ACTIONS,
    P_FLANK,
    P_NONE,
    PASS,
    PER_ZONE,
    PLACE_ACTIONS,
    WarOfTheRingState,
)
from rumizi.games.war_of_the_ring.strategy import (
    KEEP,
    MEAN,
    PLACE_MIN,
    _pay_cost,
    _Reading,
    event_worth,
)

SHORTLIST: Final = 4  # planning moves raced besides the policy's own


def scored_moves(state: WarOfTheRingState) -> list[tuple[float, Action]]:
    """Every planning move of the player to act with the policy's score, best first.

    The scores are those :func:`.strategy.playout_action` weighs in a planning step, so its
    move is the first here (passing scores the bar a move must clear). Empty outside a
    planning step.
    """
    if state.over or state.pending != P_NONE:
        return []
    me = state.current
    mine = state.players[me]
    hand = mine.hand
    scored: list[tuple[float, Action]] = [(PLACE_MIN, PASS)]
    if not hand:
        return scored
    reading = _Reading(state, me)
    stacks = [state.zones[0][me], state.zones[1][me], state.zones[2][me]]
    base = reading.value(stacks)
    own_mean = MEAN[mine.faction]
    rest = len(hand) - 1
    last = -1
    for k in hand:  # the hand is sorted: equal cards are neighbours
        if k == last:
            continue
        last = k
        keep = KEEP * max(COMBAT[k] - own_mean, 0.0)
        for z in range(3):
            if len(stacks[z]) >= PER_ZONE:
                continue
            trial = stacks[:]
            trial[z] = [*stacks[z], k]
            scored.append((reading.value(trial) - base - keep, PLACE_ACTIONS[k][z]))
        if COST[k] <= rest:
            unit = 0.1 + 0.04 * max(COMBAT[k] - own_mean, -own_mean)
            score = event_worth(reading, k) - _pay_cost(hand, k) - unit
            scored.append((score, EVENT_ACTIONS[k]))
    # Best first; the sort is stable, so a tie keeps the policy's order (passing first).
    scored.sort(key=lambda item: -item[0])
    return scored


def search_candidates(state: GameState, legal: list[Action]) -> list[int] | None:
    """Indexes into ``legal`` of the moves worth racing, or ``None`` for all of them."""
    if not isinstance(state, WarOfTheRingState):
        return None
    scored = scored_moves(state)
    if len(scored) <= 1:
        return None
    index = {_key(a): i for i, a in enumerate(legal)}
    picked: list[int] = []
    for _, action in scored:
        i = index.get(_key(action))
        if i is not None and i not in picked:
            picked.append(i)
            if len(picked) == SHORTLIST:
                break
    return picked or None


def obvious_action(state: WarOfTheRingState) -> Action | None:
    """A flank's activation, taken without search; ``None`` for every other decision."""
    if not state.over and state.pending == P_FLANK:
        return ACTIVATE
    return None


def _key(action: Action) -> tuple[tuple[str, object], ...]:
    return tuple(sorted(action.items()))


__all__ = ["SHORTLIST", "obvious_action", "scored_moves", "search_candidates"]
