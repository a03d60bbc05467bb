"""The strong War of the Ring policy: zone allocation fast enough for search playouts.

:func:`playout_action` picks the move of the player to act straight from the engine's state,
and :func:`evaluate` estimates a player's chances. The ``strong`` bot plays
:func:`playout_action` on a state sampled from its view; the search bots use both in playouts.

What it may read
----------------
Only what the acting player knows at the table: its own hand and zone cards, both graveyards,
the number of cards the opponent has in each zone and those of them it has seen (peeked at or
revealed), the opponent's hand size and its known cards, shadow-row sizes, activations, boosts
and who has passed. Never the opponent's hidden hand or face-down cards, deck order or shadow
rows — so on two states that differ only there it makes the same move
(``tests/games/war_of_the_ring/test_bots.py`` checks it). An enemy card it has not seen is
reckoned at its faction's mean combat value.

How it plays
------------
The *position value* of a planning phase is a sum over the three zones of the chance of
winning the zone times what the zone is worth to the player, less the chance of losing it
times what it is worth to the opponent, plus the chances of a sweep either way:

* a zone's chance is a logistic of the margin — the player's exact total (auras, fear it can
  see, horde and stand by the stack sizes, boosts) against the opponent's seen cards, its
  unseen ones at their mean, and, while the opponent still steps, a share of what it could
  still add there — scaled by how much is unknown;
* the centre is worth its draw and a free event; a flank its draw and an activation when the
  shadow row holds a card, worth more as activations near five (the fifth wins the game);
* a sweep wins the game, so three likely zones are worth a great deal, and leaving the
  opponent three likely zones costs as much — the reason to keep one strong stack somewhere.

Each planning step then takes the best of: placing a card in a zone (the gain in position
value, less a little for giving up a strong card that could be kept for the next round, since
the hand refills to 7 anyway), playing an event (its effect's worth less the cards it costs),
or passing once nothing gains enough. Payments use the weakest cards; the free centre event is
the most valuable one; a flank's activation is always taken; a boost, a move or a peek goes
where it changes the position value most.
"""

from __future__ import annotations

import math
import random
from typing import Final

from rumizi.core.contract import Action
from rumizi.games.war_of_the_ring.cards import (
    AURA,
    BOOST,
    COMBAT,
    COST,
    DECKS,
    DISCARD,
    DRAW,
    EVENT,
    FEAR,
    HORDE,
    MOVE,
    PEEK,
    RECOVER,
    SHADOW_TAKE,
    STAND,
    UNIT,
    UNIT_N,
)
from rumizi.games.war_of_the_ring.engine import (
    ACTIVATE,
    BATTLE,
    BOOST_ACTIONS,
    DECLINE,
    EVENT_ACTIONS,
    MOVE_ACTIONS,
    P_BOOST,
    P_CENTRE,
    P_FLANK,
    P_MOVE,
    P_NONE,
    P_PAY,
    P_RECOVER,
    PASS,
    PAY_ACTIONS,
    PEEK_ACTIONS,
    PER_ZONE,
    PLACE_ACTIONS,
    RECOVER_ACTIONS,
    SHADOW_WIN,
    UNRESOLVED,
    Player,
    WarOfTheRingState,
)

# Mean combat value of each faction's deck (an unseen enemy card is reckoned at this).
MEAN: Final = tuple(sum(COMBAT[k] for k in deck) / len(deck) for deck in DECKS)
# Mean fear an unseen enemy card brings (only the Shadow has fear).
MEAN_FEAR: Final = tuple(
    sum(UNIT_N[k] for k in deck if UNIT[k] == FEAR) / len(deck) for deck in DECKS
)
SWEEP: Final = 6.0  # a sweep wins the game
DRAW_WORTH: Final = 0.35
CENTRE_WORTH: Final = 0.55  # the free event, on top of the draw
FUTURE_SHARE: Final = 0.35  # of what a still-stepping opponent could add to a zone
PLACE_MIN: Final = 0.03  # a placement must gain this much to be worth a card
KEEP: Final = 0.03  # per combat point above the mean: keeping a strong card for next round


def _sig(x: float) -> float:
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


class _Reading:
    """What the acting player reads of the table, with the zone worths, for one decision."""

    __slots__ = ("enemy_future", "me", "mean", "mean_fear", "state", "worth_me", "worth_them")

    def __init__(self, state: WarOfTheRingState, me: int) -> None:
        self.state = state
        self.me = me
        them = state.players[1 - me]
        mine = state.players[me]
        self.mean = MEAN[them.faction]
        self.mean_fear = MEAN_FEAR[them.faction]
        # While the opponent still steps, its remaining hand could reinforce any zone.
        planning = state.phase != BATTLE
        self.enemy_future = len(them.hand) if planning and not them.passed else 0
        self.worth_me = [_flank_worth(mine), DRAW_WORTH + CENTRE_WORTH, _flank_worth(mine)]
        self.worth_them = [_flank_worth(them), DRAW_WORTH + CENTRE_WORTH, _flank_worth(them)]

    def zone_chances(self, z: int, mine: list[int], boost: int = 0) -> tuple[float, float]:
        """(chance I win zone ``z``, chance the opponent does) with my stack ``mine``."""
        state = self.state
        me = self.me
        theirs = state.zones[z][1 - me]
        seen = state.seen[z][1 - me]
        revealed = state.result[z] != UNRESOLVED
        n_me, n_them = len(mine), len(theirs)
        room = PER_ZONE - n_them
        future = min(self.enemy_future, room) if room > 0 else 0
        if not n_me and not n_them and not future:
            return 0.0, 0.0
        known_fear = 0
        unknown = 0
        e_total = 0.0
        e_aura = 0
        for k, s in zip(theirs, seen, strict=True):
            if s or revealed:
                if UNIT[k] == FEAR:
                    known_fear += UNIT_N[k]
                elif UNIT[k] == AURA:
                    e_aura += UNIT_N[k]
            else:
                unknown += 1
        fear = known_fear + unknown * self.mean_fear
        # My exact total, given what I can see.
        aura = 0
        for k in mine:
            if UNIT[k] == AURA:
                aura += UNIT_N[k]
        m_total = float(state.boost[z][me] + boost)
        for k in mine:
            v = COMBAT[k] + aura - fear
            ability = UNIT[k]
            if ability == AURA:
                v -= UNIT_N[k]
            elif (ability == HORDE and n_me > n_them) or (ability == STAND and n_me < n_them):
                v += UNIT_N[k]
            if v > 0:
                m_total += v
        # The opponent's estimate: seen cards exactly, unseen at the mean.
        my_fear = 0
        for k in mine:
            if UNIT[k] == FEAR:
                my_fear += UNIT_N[k]
        for k, s in zip(theirs, seen, strict=True):
            if s or revealed:
                v = float(COMBAT[k] + e_aura - my_fear)  # a float, as above (for mypyc)
                ability = UNIT[k]
                if ability == AURA:
                    v -= UNIT_N[k]
                elif (ability == HORDE and n_them > n_me) or (ability == STAND and n_them < n_me):
                    v += UNIT_N[k]
                if v > 0:
                    e_total += v
        e_total += unknown * max(self.mean - my_fear, 0.0) + state.boost[z][1 - me]
        e_total += FUTURE_SHARE * future * self.mean
        if not n_me:
            return 0.0, (1.0 if n_them else 0.5 * FUTURE_SHARE)
        if not n_them and not future:
            return 1.0, 0.0
        spread = 0.9 + 1.1 * math.sqrt(unknown + future)
        p = _sig((m_total - e_total) / spread)
        if not n_them:
            # Only a future card can contest: it may never come.
            p = 1.0 - (1.0 - p) * FUTURE_SHARE
        return p, 1.0 - p

    def value(self, stacks: list[list[int]], boosts: tuple[int, int, int] = (0, 0, 0)) -> float:
        """The position value of the round with my zone stacks ``stacks``."""
        state = self.state
        total = 0.0
        sweep_me = 1.0
        sweep_them = 1.0
        for z in range(3):
            r = state.result[z]
            if r != UNRESOLVED:
                won = r == self.me
                lost = r == 1 - self.me
                sweep_me *= 1.0 if won else 0.0
                sweep_them *= 1.0 if lost else 0.0
                continue
            p, q = self.zone_chances(z, stacks[z], boosts[z])
            total += p * self.worth_me[z] - q * self.worth_them[z]
            sweep_me *= p
            sweep_them *= q
        return total + SWEEP * (sweep_me - sweep_them)


def _flank_worth(p: Player) -> float:
    """What winning a flank is worth to a player: a draw, and an activation if one is ready."""
    if not p.row:
        return DRAW_WORTH
    if p.activated >= SHADOW_WIN - 1:
        return SWEEP  # the fifth activation wins at the end of the round
    return DRAW_WORTH + 0.6 + 0.2 * p.activated


def _stacks(state: WarOfTheRingState, me: int) -> list[list[int]]:
    return [state.zones[0][me], state.zones[1][me], state.zones[2][me]]


def _best_place(reading: _Reading, hand: list[int]) -> tuple[float, int, int]:
    """(gain, card, zone) of the best placement, or (-inf, -1, -1)."""
    state = reading.state
    me = reading.me
    stacks = _stacks(state, me)
    base = reading.value(stacks)
    best = (-math.inf, -1, -1)
    own_mean = MEAN[state.players[me].faction]
    last = -1
    for k in hand:
        if k == last:
            continue
        last = k
        keep = KEEP * max(COMBAT[k] - own_mean, 0.0)
        for z in range(3):
            if len(stacks[z]) >= PER_ZONE:
                continue
            trial = stacks[:]
            trial[z] = [*stacks[z], k]
            gain = reading.value(trial) - base - keep
            if gain > best[0]:
                best = (gain, k, z)
    return best


def _best_boost(reading: _Reading, n: int) -> tuple[float, int]:
    state = reading.state
    stacks = _stacks(state, reading.me)
    base = reading.value(stacks)
    best = (-math.inf, -1)
    start = state.zone_next if state.phase == BATTLE else 0
    for z in range(start, 3):
        boosts = [0, 0, 0]
        boosts[z] = n
        gain = reading.value(stacks, (boosts[0], boosts[1], boosts[2])) - base
        if gain > best[0]:
            best = (gain, z)
    return best


def _best_move(reading: _Reading) -> tuple[float, int, int]:
    state = reading.state
    me = reading.me
    stacks = _stacks(state, me)
    base = reading.value(stacks)
    best = (-math.inf, -1, -1)
    for a, b in state.move_targets(me):
        trial = stacks[:]
        trial[a] = stacks[a][:-1]
        trial[b] = [*stacks[b], stacks[a][-1]]
        gain = reading.value(trial) - base
        if gain > best[0]:
            best = (gain, a, b)
    return best


def event_worth(reading: _Reading, card: int) -> float:
    """What playing ``card``'s event now is worth (its cost not counted)."""
    state = reading.state
    me = reading.me
    mine = state.players[me]
    them = state.players[1 - me]
    planning = state.phase != BATTLE
    worth = 0.0
    for effect, n in EVENT[card]:
        if effect == DRAW:
            worth += (0.4 if planning else 0.2) * n
        elif effect == RECOVER:
            if mine.grave:
                best = max(COMBAT[k] for k in mine.grave)
                worth += (0.2 + 0.06 * best) * min(n, len(mine.grave))
        elif effect == DISCARD:
            worth += 0.3 * min(n, len(them.hand)) * (1.0 if planning else 0.5)
        elif effect == BOOST:
            gain, _ = _best_boost(reading, n)
            worth += max(gain, 0.0)
        elif effect == PEEK:
            if state.peek_targets(me):
                worth += 0.08
        elif effect == MOVE:
            gain, _, _ = _best_move(reading)
            worth += max(gain, 0.0)
        elif effect == SHADOW_TAKE:
            worth += (0.3 + 0.08 * mine.activated) * n
    return worth


def _pay_cost(hand: list[int], card: int) -> float:
    """What the cheapest way to pay for ``card`` gives up (the weakest other cards)."""
    n = COST[card]
    if not n:
        return 0.0
    rest = sorted(COMBAT[k] for k in hand)
    rest.remove(COMBAT[card])
    return sum(0.12 + 0.05 * v for v in rest[:n])


def _planning_step(state: WarOfTheRingState, me: int) -> Action:
    mine = state.players[me]
    hand = mine.hand
    if not hand:
        return PASS
    reading = _Reading(state, me)
    gain, card, zone = _best_place(reading, hand)
    best_action: Action = PASS
    best = PLACE_MIN
    if card >= 0 and gain > best:
        best = gain
        best_action = PLACE_ACTIONS[card][zone]
    rest = len(hand) - 1
    last = -1
    own_mean = MEAN[mine.faction]
    for k in hand:
        if k == last or COST[k] > rest:
            continue
        last = k
        # Playing the event gives up the card as a unit (roughly its strength) and its payment.
        unit = 0.1 + 0.04 * max(COMBAT[k] - own_mean, -own_mean)
        score = event_worth(reading, k) - _pay_cost(hand, k) - unit
        if score > best:
            best = score
            best_action = EVENT_ACTIONS[k]
    return best_action


def playout_action(state: WarOfTheRingState, rng: random.Random) -> Action:
    """The strong move for the player to act (one of ``state.legal_actions()``)."""
    me = state.current
    pending = state.pending
    if pending == P_NONE:
        return _planning_step(state, me)
    mine = state.players[me]
    if pending == P_FLANK:
        return ACTIVATE
    if pending == P_PAY:
        weakest = min(mine.hand, key=lambda k: (COMBAT[k], COST[k]))
        return PAY_ACTIONS[weakest]
    if pending == P_RECOVER:
        return RECOVER_ACTIONS[max(mine.grave, key=lambda k: (COMBAT[k], -k))]
    reading = _Reading(state, me)
    if pending == P_CENTRE:
        options = state.free_events(me)
        if not options:
            return DECLINE
        return EVENT_ACTIONS[max(options, key=lambda k: event_worth(reading, k))]
    if pending == P_BOOST:
        _, z = _best_boost(reading, state.effects[0][1])
        return BOOST_ACTIONS[z]
    if pending == P_MOVE:
        _, a, b = _best_move(reading)
        return MOVE_ACTIONS[a][b]
    # P_PEEK: the zone with most enemy cards not yet seen.
    targets = state.peek_targets(me)
    seen = state.seen
    return PEEK_ACTIONS[max(targets, key=lambda z: seen[z][1 - me].count(False))]


def evaluate(state: WarOfTheRingState, player: int) -> float:
    """How likely ``player`` is to win, in [0, 1] (public information only)."""
    if state.over:
        return 1.0 if state.winner == player else 0.0
    me = state.players[player]
    them = state.players[1 - player]
    edge = 0.35 * (me.activated - them.activated) + 0.05 * (len(me.hand) - len(them.hand))
    return _sig(edge)


__all__ = ["evaluate", "event_worth", "playout_action"]
