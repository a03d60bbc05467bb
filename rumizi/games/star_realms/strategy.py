"""The strong Star Realms heuristic: a deck-aware player fast enough for search playouts.

:func:`playout_action` picks the move of the player to act straight from the engine's integer
state (no views, no listing of legal actions) and :func:`evaluate` estimates a player's
chances; the ``strong`` bot (:mod:`rumizi.bots.strong`) plays :func:`playout_action` on a
state sampled from its view, and search bots use both inside playouts on sampled states.

What it may read
----------------
The acting player's decision reads only what that player knows at the table:

* their own hand, and their own deck as a *multiset* (its order is never looked at);
* every public pile: both discard piles, every card in play (bases, this turn's ships),
  the trade row, the scrap heap, authority, pools, the open choice;
* the *sizes* of the opponent's hand and deck;
* at a multiplayer table, any player's whole collection (hand, deck and discard as one
  multiset: every view publishes it, as the ``unseen`` and ``known_hand`` lists) — to judge
  who leads, whose deck a forced discard hurts most, and what a card is worth to a teammate.

The opponent's tastes (which factions they collect, for clearing the row and for the worth
of their bases) come from their discard pile and bases only.

It never reads another player's hand or deck contents, any deck's order, or the trade deck.
So on two states that differ only in those hidden parts it makes the same move, which is what
lets the bot play on a sampled state without peeking (``tests/bots/test_strong.py`` and
``tests/bots/test_strong_formats.py`` check it). :func:`evaluate` may also count a player's
whole collection.

How it plays
------------
Every card is valued by the deck it would join (:class:`_Deck`). A point of each effect is
worth an amount that depends on the game's progress and on this deck: trade is worth less
once the deck already makes plenty of it, combat more as the game goes on, authority more
when low, a draw is worth an average card of the deck, a scrap-card is worth the lift in the
deck's average that removing its weakest card gives over the turns left, and an ally effect
counts by the chance that a card of the same faction shares the hand (or a base of it is in
play). A base is worth its effect for each turn it is expected to stay in play. A card is
bought only if it beats the deck's average card (it would otherwise dilute the deck), and the
trade is spent on the best *set* of cards (the row and Explorers, a small knapsack).

A turn, one decision at a time:

1. answer an open choice: scrap the card whose removal lifts the deck most (starting cards,
   later Explorers) while that pays over the turns left; discard the least useful card;
   clear the row card the opponent wants most when it is well above a random replacement;
2. play every card in hand: card-drawing cards first, then the rest, the starting cards, and
   the scrap-card cards last — unless the discard pile holds nothing worth scrapping, when
   they go before the starting cards so that one of those can be scrapped from the hand;
3. kill the opponent if the combat reaches through the outposts — scrapping cards (bases
   too) for combat if that is what it takes;
4. use a ship's scrap ability when what it gives now (a better purchase, a base destroyed,
   damage, a card, a discard) is worth more than the ship's future in the deck — for an
   Explorer, once the deck has outgrown it, removing it is a gain in itself; our bases are
   only ever scrapped for the kill (tuning found every other use a loss);
5. spend the combat on the best plan: destroy the bases worth more to the opponent over the
   next turns than the damage the combat could do instead (an outpost also opens the way),
   then hit the player (combat and trade are separate pools, so attacking first changes
   nothing but saves work);
6. buy the best set of cards the trade pays for;
7. end the turn.

At a multiplayer table (spec §3)
--------------------------------
The same deck sense and turn, with a choice of whom to hurt (:class:`_Table`), all within
what the engine lists (``state.opponents``, ``state.base_targets``, the outposts guarding
each): the kill comes first — any player the combat reaches through their outposts (in
Emperor the enemy emperor before anyone: that ends the game), dealing exactly their
authority when an attack names an amount, so that the rest can go elsewhere. Otherwise every
set of one group's bases the combat can destroy is tried, the rest going to the best player
then open. A point of damage is worth more on a player near death; in a free-for-all it is
also worth more on the leader (more authority than they started with, a stronger deck:
``Params.leader``) — the last one standing wins, and tuning found it the target that pays,
in self-play too; elsewhere the weakest enemy goes first (one attacker fewer). Per format:

* Hunter: only the left neighbour can be hit; the right neighbour's bases (the one who
  attacks us) count ``Params.hunter_right`` times their threat;
* Hydra: trade and combat are the team's one pool; a member plays their cards (and any
  scrap that pays, or a kill) and ends while teammates are still to play, so that the last
  member spends the whole pool, every member's cards in play by then; each purchase goes to
  the member whose deck it helps most;
* Raid: a raider wears the boss's bases down (what is left of a worn base is what breaking
  it costs, so bases other raiders started are finished cheaply), and when outposts keep
  the boss out of reach it chips at the one nearest to falling for the raiders after it;
* Emperor: an admiral that could fall within ``Params.transfer_danger`` turns of the
  enemies' combat pays 1 trade a card to hand its best cards to its emperor;
* a fallen player bequeaths the card that adds most to the recipient's deck (or nothing
  when every card would dilute it); an opp-discard goes to the opponent whose collection a
  lost card hurts most; the row is cleared against the next enemy to buy.

>>> import random
>>> from rumizi.games.star_realms import GAME
>>> state = GAME.new(seed=4)
>>> playout_action(state, random.Random(0)) in state.legal_actions()
True
>>> 0.0 <= evaluate(state, 0) <= 1.0
True
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass

from rumizi.core.contract import Action
from rumizi.games.star_realms.cards import (
    ALLY,
    AUTHORITY,
    CARDS,
    CLEAR_ROW,
    COMBAT,
    COST,
    DEFENSE,
    DRAW,
    EXPLORER,
    FACTION,
    FORCED_DISCARD,
    HAS_ALLY,
    HAS_SCRAP,
    IS_BASE,
    IS_OUTPOST,
    LOOKOUT,
    NAMES,
    OPP_DISCARD,
    PRIMARY,
    SCRAP,
    SCRAP_CARD,
    TRADE,
    TRADE_DECK,
    VIPER,
    Effect,
)
from rumizi.games.star_realms.engine import (
    ATTACK_BASE,
    ATTACK_PLAYER,
    BEQUEATH,
    BUY,
    BUY_FOR,
    CHOOSE_DISCARD,
    CHOOSE_HAND,
    CHOOSE_ROW,
    DONE,
    EMPERORS,
    END,
    PLAY,
    RAID_BOSS,
    RAID_BOSS_SEAT,
    SCRAP_ACTION,
    SKIP,
    TEAM_FORMATS,
    StarRealmsState,
    starting_authority,
)

_N = len(CARDS)
_JUNK = (LOOKOUT, VIPER, EXPLORER)


def _vector(effects: tuple[Effect, ...]) -> tuple[int, ...]:
    v = [0] * 7
    for code, n in effects:
        v[code] += n
    return tuple(v)


# Each card's effects as 7-vectors indexed by effect code (trade, combat, authority, draw,
# scrap-card, clear-row, opp-discard): primary, ally and scrap.
PV: tuple[tuple[int, ...], ...] = tuple(_vector(PRIMARY[c]) for c in range(_N))
AV: tuple[tuple[int, ...], ...] = tuple(_vector(ALLY[c]) for c in range(_N))
SV: tuple[tuple[int, ...], ...] = tuple(_vector(SCRAP[c]) for c in range(_N))
SCRAP_COMBAT: tuple[int, ...] = tuple(v[COMBAT] for v in SV)
_THINS = tuple(PV[c][SCRAP_CARD] > 0 or AV[c][SCRAP_CARD] > 0 for c in range(_N))
_SHIP_SCRAP = tuple(HAS_SCRAP[c] and not IS_BASE[c] for c in range(_N))


def _play_rank(c: int) -> int:
    """Play order: 0 drawing cards, 1 the rest, 2 starting cards and Explorers, 3 thinners."""
    if PV[c][DRAW]:
        return 0
    if _THINS[c]:
        return 3
    if c in _JUNK:
        return 2
    return 1


PLAY_RANK: tuple[int, ...] = tuple(_play_rank(c) for c in range(_N))
# The trade deck's distinct cards and copies (public: printed in the rules).
_TRADE_KINDS: tuple[tuple[int, int], ...] = tuple(sorted(Counter(TRADE_DECK).items()))


@dataclass(frozen=True, slots=True)
class Params:
    """The heuristic's knobs (defaults tuned by self-play against ``greedy``)."""

    game_turns: float = 20.0  # turns (both players') a typical game lasts
    trade_early: float = 1.1
    trade_late: float = 0.3
    trade_saturation: float = 0.12  # per trade a hand already makes, above 4
    combat_early: float = 0.6
    combat_late: float = 1.2
    authority: float = 0.5
    authority_danger: float = 0.6  # extra weight at low authority
    draw: float = 1.5  # times the deck's average card
    thin: float = 0.5  # share of the computed thinning lift a scrap-card is credited with
    clear_row: float = 0.3
    opp_discard: float = 0.9
    scrap_option: float = 0.25  # share of a card's scrap ability counted in its value
    base_life: float = 0.5  # turns of life per point of defense, beyond the first turn
    outpost_guard: float = 0.25  # per point of an outpost's defense
    cost_bonus: float = 0.1  # per point of printed cost, when buying
    dilution: float = 1.0  # times the deck's average card, subtracted from a purchase
    faction_bonus: float = 0.15  # per card of the faction already owned (capped)
    min_cycle: int = 6  # never thin the cycle (hand, deck, discard, ships) below this
    thin_margin: float = 0.3
    scrap_margin: float = 0.3
    base_horizon: float = 5.0  # turns an opponent's base would otherwise keep working
    ally_enable: float = 0.4  # per share of the opponent's cards its base gives allies to
    kill_bonus: float = 0.6  # extra face value as the opponent nears 0
    kill_range: float = 20.0
    clear_margin: float = 1.0
    their_draw: float = 3.0  # what a draw is worth to the opponent (their deck is unseen)
    their_thin: float = 1.0  # what a scrap-card is worth to the opponent
    # Multiplayer formats only (the duel never reads these).
    table_rounds: float = 12.0  # rounds (each player one turn) a multiplayer game lasts
    leader: float = 1.0  # free-for-all: damage to a player ahead is worth exp(leader * lead)
    power_lead: float = 0.25  # weight of a collection's combat and trade in the lead
    hunter_right: float = 3.0  # hunter: the right neighbour's bases, times their threat
    transfer_danger: float = 3.0  # an admiral hands cards on within this many enemy turns
    transfer_margin: float = 0.5  # least gain to the emperor that pays a trade for a transfer


DEFAULT = Params()


def _ally_chance(share: float, others: int) -> float:
    """Chance that at least one of ``others`` more cards is of a faction with this share."""
    if share <= 0.0:
        return 0.0
    if share >= 1.0:
        return 1.0
    return 1.0 - (1.0 - share) ** others


def _progress(k: Params, state: StarRealmsState) -> float:
    """How far the game has come, 0 to 1, by turns played and by the lower authority."""
    players = state.players
    if len(players) != 2:  # every format but the duel seats three or more
        return _table_progress(k, state)
    a, b = players[0].authority, players[1].authority
    progress = max((state.turn - 2) / k.game_turns, 1.0 - min(a, b) / 50.0)
    return 0.0 if progress < 0.0 else 1.0 if progress > 1.0 else progress


def _table_progress(k: Params, state: StarRealmsState) -> float:
    """:func:`_progress` at a multiplayer table: by rounds played (one turn of each player
    still in, or of each team in Hydra) and by the lowest share of starting authority."""
    players = state.players
    n = len(players)
    fmt = state.format
    alive = 0
    low = 1.0
    for i, q in enumerate(players):
        if not q.eliminated:
            alive += 1
            share = q.authority / starting_authority(fmt, n, i)
            if share < low:
                low = share
    rounds = state.turn / (2 if fmt == "hydra" or alive < 2 else alive)
    progress = max((rounds - 1.0) / k.table_rounds, 1.0 - low)
    return 0.0 if progress < 0.0 else 1.0 if progress > 1.0 else progress


class _Deck:
    """The acting player's deck as the heuristic sees it: effect weights and card values.

    The cycle is every card of the player that is not a base in play (hand, deck, discard,
    this turn's ships). ``w[code]`` is what one point of each effect is worth now; ``avg`` is
    the value of an average card of the cycle.
    """

    __slots__ = ("avg", "base_fac", "fac", "guard", "k", "n", "turns_left", "w")

    def __init__(self, k: Params, state: StarRealmsState, me: int, progress: float) -> None:
        self.k = k
        p = state.players[me]
        counts: dict[int, int] = {}
        get = counts.get
        for c in p.hand:
            counts[c] = get(c, 0) + 1
        for c in p.deck:  # as a multiset: the order is never read
            counts[c] = get(c, 0) + 1
        for c in p.discard:
            counts[c] = get(c, 0) + 1
        base_fac = [0, 0, 0, 0, 0]
        for c in p.field:
            if IS_BASE[c]:
                base_fac[FACTION[c]] += 1
            else:
                counts[c] = get(c, 0) + 1
        self.base_fac = base_fac
        turns_left = 1.0 + 0.5 * k.game_turns * (1.0 - progress)
        self.turns_left = turns_left
        # One pass over the cycle: its size, factions and effects (a base's over its life),
        # ally effects summed per faction to be weighted by their chance afterwards.
        fac = [0, 0, 0, 0, 0]
        total = [0.0] * 7
        allies: list[list[float] | None] = [None] * 10  # faction, + 5 for bases
        n = 0
        trade = 0
        guarded = 0
        so = k.scrap_option
        for c in sorted(counts):  # a fixed order, so that the sums never vary in the last bit
            m = counts[c]
            f = FACTION[c]
            fac[f] += m
            n += m
            trade += m * PV[c][TRADE]
            if IS_BASE[c]:
                life = 1.0 + k.base_life * DEFENSE[c]
                mult = m * (turns_left if life > turns_left else life)
                if IS_OUTPOST[c]:
                    guarded += m * DEFENSE[c]
                slot = f + 5
            else:
                mult = float(m)
                slot = f
            for code, x in PRIMARY[c]:
                total[code] += mult * x
            if HAS_ALLY[c]:
                acc = allies[slot]
                if acc is None:
                    acc = allies[slot] = [0.0] * 7
                for code, x in ALLY[c]:
                    acc[code] += mult * x
            if HAS_SCRAP[c]:
                sm = m * so
                for code, x in SCRAP[c]:
                    total[code] += sm * x
        n = max(n, 1)
        self.n = n
        self.fac = fac
        for slot in range(10):
            acc = allies[slot]
            if acc is None:
                continue
            f = slot % 5
            if base_fac[f]:
                chance = 1.0
            elif fac[f] > 1:
                chance = _ally_chance((fac[f] - 1) / n, 5 if slot >= 5 else 4)
            else:
                continue
            for code in range(7):
                total[code] += chance * acc[code]
        saturation = 1.0 - k.trade_saturation * (5.0 * trade / n - 4.0)
        saturation = 0.3 if saturation < 0.3 else 1.4 if saturation > 1.4 else saturation
        wt = (k.trade_early + (k.trade_late - k.trade_early) * progress) * saturation
        wc = k.combat_early + (k.combat_late - k.combat_early) * progress
        danger = (30.0 - p.authority) / 30.0
        danger = 0.0 if danger < 0.0 else 1.0 if danger > 1.0 else danger
        wa = k.authority + k.authority_danger * danger
        w = [wt, wc, wa, 0.0, 0.0, k.clear_row, k.opp_discard]
        self.w = w
        self.guard = k.outpost_guard * (1.0 + wa)
        plain = (
            wt * total[TRADE]
            + wc * total[COMBAT]
            + wa * total[AUTHORITY]
            + w[5] * total[5]
            + w[6] * total[6]
            + self.guard * guarded
        )
        avg = plain / n
        # A draw is worth an average card; a scrap-card the lift its removal of the weakest
        # starting card (or Explorer) gives the rest of the game.
        weakest = math.inf
        if LOOKOUT in counts:
            weakest = wt
        if VIPER in counts and wc < weakest:
            weakest = wc
        if EXPLORER in counts and 2.0 * (wt + so * wc) < weakest:
            weakest = 2.0 * (wt + so * wc)
        w[DRAW] = k.draw * avg
        if weakest < avg and n > 1:
            w[SCRAP_CARD] = k.thin * 5.0 * turns_left * (avg - weakest) / (n - 1)
        self.avg = (plain + w[DRAW] * total[DRAW] + w[SCRAP_CARD] * total[SCRAP_CARD]) / n

    # ------------------------------------------------------------------ values

    def value(self, c: int, owned: bool = False) -> float:
        """What drawing ``c`` is worth to this deck (a base: over its expected life).

        ``owned``: ``c`` is one of the cycle's cards (so it is not its own ally).
        """
        w = self.w
        v = 0.0
        for code, x in PRIMARY[c]:
            v += w[code] * x
        f = FACTION[c]
        if f and HAS_ALLY[c]:
            if self.base_fac[f]:
                chance = 1.0
            else:
                mates = self.fac[f] - (1 if owned else 0)
                chance = _ally_chance(mates / self.n, 5 if IS_BASE[c] else 4)
            if chance:
                a = 0.0
                for code, x in ALLY[c]:
                    a += w[code] * x
                v += a * chance
        if IS_BASE[c]:
            life = 1.0 + self.k.base_life * DEFENSE[c]
            v *= self.turns_left if life > self.turns_left else life
            if IS_OUTPOST[c]:
                v += self.guard * DEFENSE[c]
        if HAS_SCRAP[c]:
            s = 0.0
            for code, x in SCRAP[c]:
                s += w[code] * x
            v += self.k.scrap_option * s
        return v

    def net(self, c: int) -> float:
        """What buying ``c`` adds: its value over the average card it dilutes, plus synergy."""
        k = self.k
        f = FACTION[c]
        v = self.value(c) - k.dilution * self.avg + k.cost_bonus * COST[c]
        if f:
            owned = self.fac[f] + 2 * self.base_fac[f]
            v += k.faction_bonus * (owned if owned < 8 else 8)
        return v

    def plays_left(self) -> float:
        """How many more times a card of this deck is expected to be drawn."""
        return self.turns_left * 5.0 / self.n

    def keep(self, c: int) -> float:
        """What keeping ship ``c`` (instead of scrapping it) is worth from now on."""
        return (self.value(c, owned=True) - self.avg) * self.plays_left()

    def thin_gain(self, c: int) -> float:
        """The lift to the rest of the game from removing ``c`` from the cycle."""
        n = self.n
        if n - 1 < self.k.min_cycle:
            return -math.inf
        return 5.0 * self.turns_left * (self.avg - self.value(c, owned=True)) / (n - 1)


class _Public:
    """A player as the public piles show them, with light weights (their deck is unseen).

    For the opponent: what their bases and the trade-row cards are worth to them, and what a
    point of damage to them is worth. For the acting player: a quick value of a hand card.
    """

    __slots__ = ("face", "k", "share", "w")

    def __init__(self, k: Params, state: StarRealmsState, who: int) -> None:
        self.k = k
        o = state.players[who]
        progress = _progress(k, state)
        wc = k.combat_early + (k.combat_late - k.combat_early) * progress
        danger = (30.0 - o.authority) / 30.0
        danger = 0.0 if danger < 0.0 else 1.0 if danger > 1.0 else danger
        self.w = (
            k.trade_early + (k.trade_late - k.trade_early) * progress,
            wc,
            k.authority + k.authority_danger * danger,
            k.their_draw,
            k.their_thin,
            k.clear_row,
            k.opp_discard,
        )
        urgency = 1.0 - o.authority / k.kill_range
        self.face = wc * (1.0 + k.kill_bonus * urgency) if urgency > 0.0 else wc
        # Their faction shares among the cards everyone can see (discard pile and bases).
        fac = [0, 0, 0, 0, 0]
        for c in o.discard:
            fac[FACTION[c]] += 1
        for c in o.field:
            fac[FACTION[c]] += 1
        seen = len(o.discard) + len(o.field)
        self.share = [f / seen for f in fac] if seen else [0.0] * 5

    def threat(self, b: int, bases: list[int]) -> float:
        """What destroying the opponent's base ``b`` now is worth."""
        k = self.k
        w = self.w
        per_turn = 0.0
        for code, x in PRIMARY[b]:
            per_turn += w[code] * x
        f = FACTION[b]
        if f and HAS_ALLY[b]:
            mates = 0
            for x in bases:
                if FACTION[x] == f:
                    mates += 1
            chance = 1.0 if mates > 1 else _ally_chance(self.share[f], 5)
            for code, x in ALLY[b]:
                per_turn += chance * w[code] * x
        value = per_turn * k.base_horizon
        if f:
            value += k.ally_enable * 5.0 * self.share[f]
        if HAS_SCRAP[b]:
            for code, x in SCRAP[b]:
                value += k.scrap_option * w[code] * x
        return value

    def market(self, plain: list[float], ally: list[list[float]]) -> float:
        """The mean of :meth:`want` over the whole trade deck (what a refill brings)."""
        w = self.w
        total = 0.0
        for code in range(7):
            total += w[code] * plain[code]
        for f in range(1, 5):
            chance = _ally_chance(self.share[f], 4)
            if chance:
                a = ally[f]
                for code in range(7):
                    total += chance * w[code] * a[code]
        return total / len(TRADE_DECK)

    def want(self, c: int) -> float:
        """A rough value of card ``c`` to this player (a row card to clear, a card to discard)."""
        w = self.w
        v = 0.0
        for code, x in PRIMARY[c]:
            v += w[code] * x
        f = FACTION[c]
        if f and HAS_ALLY[c]:
            chance = _ally_chance(self.share[f], 4)
            for code, x in ALLY[c]:
                v += chance * w[code] * x
        if IS_BASE[c]:
            v *= 1.0 + self.k.base_life * DEFENSE[c]
        return v


def _best_bases(
    outposts: int,
    costs: list[int],
    values: list[float],
    budget: int,
    spill: int,
    open_rate: float,
    guarded_rate: float,
    floor: float,
) -> tuple[float, int]:
    """The best set of bases to destroy: (its value, the base to attack first, or -1).

    Base ``i`` costs ``costs[i]`` combat and is worth ``values[i]``; bit ``i`` of ``outposts``
    marks an outpost. Every set that ``budget`` combat destroys is tried, except one that holds
    an ordinary base but not every outpost (the outposts stand in front). A set is worth its
    bases plus ``spill`` combat less its cost left over for the player: ``open_rate`` a point
    once every outpost has fallen, ``guarded_rate`` while one still stands. The best set counts
    only if it is worth more than ``floor`` (else the answer is ``(floor, -1)``); its base to
    attack first is an outpost if it holds one, the most valuable of them (the earliest on a
    tie).
    """
    n = len(costs)
    best_value = floor
    best_mask = 0
    for mask in range(1, 1 << n):
        if mask & outposts != outposts and mask & ~outposts:
            continue  # an ordinary base behind a standing outpost
        cost = 0
        v = 0.0
        for i in range(n):
            if mask >> i & 1:
                cost += costs[i]
                v += values[i]
        if cost > budget:
            continue
        if spill > cost:
            v += (spill - cost) * (open_rate if mask & outposts == outposts else guarded_rate)
        if v > best_value:
            best_value, best_mask = v, mask
    if not best_mask:
        return floor, -1
    first = max(
        (i for i in range(n) if best_mask >> i & 1),
        key=lambda i: (outposts >> i & 1, values[i], -i),
    )
    return best_value, first


# Bases a group may hold before the attack plan stops enumerating every subset of them.
_MAX_PLANNED_BASES = 10


class _Table:
    """Whom the acting player may hurt at a multiplayer table, and what each blow is worth.

    Enemies are grouped by the outposts that protect them: each player alone, or in Hydra
    the whole enemy team (one outpost of a member guards them all). A group lists its bases
    as ``(owner, card, cost, threat)`` — the cost is what destroying the base takes: its
    defense, less the damage raiders have already dealt to it in a Raid — and the players
    in it that may be hit, best first, as ``(value of a point of damage, -authority,
    -seat)``. Only public piles are read (bases, discard piles, authority, the boss's damage).
    """

    __slots__ = ("groups", "partial", "several", "state")

    def __init__(self, k: Params, state: StarRealmsState, me: int) -> None:
        fmt = state.format
        players = state.players
        self.state = state
        hydra = fmt == "hydra"
        # Raiders wear the boss's bases down a little at a time, and say by how much.
        self.partial = fmt == "raid" and me != RAID_BOSS_SEAT
        targets = state.opponents(me)
        # Several opponents in the game: an attack on a player says how much (not in Hydra),
        # also in Hunter and for an admiral, whose next target takes what a kill leaves.
        self.several = state.names_amount(me)
        reach = state.base_targets(me)
        groups: list[tuple[list[tuple[int, int, int, float]], list[tuple[float, int, int]]]]
        groups = []
        for members in (reach,) if hydra else tuple((q,) for q in reach):
            bases: list[tuple[int, int, int, float]] = []
            faces: list[tuple[float, int, int]] = []
            for q in members:
                public = _Public(k, state, q)
                # Hunter: the neighbour on the right attacks us; their bases feed that.
                scale = k.hunter_right if fmt == "hunter" and q not in targets else 1.0
                theirs = [c for c in players[q].field if IS_BASE[c]]
                for j, c in enumerate(theirs):
                    cost = DEFENSE[c] - state.damage[j] if self.partial else DEFENSE[c]
                    bases.append((q, c, cost, public.threat(c, theirs) * scale))
                if q in targets:
                    face = public.face
                    if k.leader and len(targets) > 1 and fmt == "free-for-all":
                        face *= math.exp(k.leader * _lead(k, state, q))
                    faces.append((face, -players[q].authority, -q))
            if len(bases) > _MAX_PLANNED_BASES:
                # Every outpost, and the ordinary bases that matter most.
                bases.sort(key=lambda b: (IS_OUTPOST[b[1]], b[3]), reverse=True)
                del bases[_MAX_PLANNED_BASES:]
            faces.sort(reverse=True)
            groups.append((bases, faces))
        self.groups = groups

    # ------------------------------------------------------------------ actions

    def hit(self, q: int, amount: int) -> Action:
        """Attack player ``q`` with ``amount`` combat (the whole pool when no amount is named)."""
        if self.several:
            return {"do": "attack", "player": q, "amount": amount}
        return ATTACK_PLAYER[q]

    def smash(self, owner: int, c: int, combat: int) -> Action:
        """Attack base ``c`` of ``owner``; a raider deals what it takes (or all it has)."""
        if not self.partial:
            return ATTACK_BASE[owner][c]
        state = self.state
        bases = [b for b in state.players[owner].field if IS_BASE[b]]
        # The engine hits the most damaged copy of the card.
        done = max(d for d, b in zip(state.damage, bases, strict=True) if b == c)
        left = DEFENSE[c] - done
        return {"do": "attack", "player": owner, "base": NAMES[c], "amount": min(combat, left)}

    # ------------------------------------------------------------------ plans

    def kill(self, own: int, extra: int) -> tuple[Action | None, bool]:
        """A player within reach of the combat: (the first attack of the kill, or ``None``;
        whether scrapping cards for ``extra`` combat is needed first).

        An attack on a player spends the combat that may hit players (``own``: in Hydra the
        team's pool); so do the outposts in the way first. Direct kills come before ones
        that need scraps; then the most urgent.
        """
        state = self.state
        players = state.players
        emperor = state.format == "emperor"
        best: tuple[bool, bool, float, int, int] | None = None
        chosen: tuple[int, int] = (-1, -1)
        for g, (bases, faces) in enumerate(self.groups):
            if not faces:
                continue
            guard = 0
            for _, c, cost, _ in bases:
                if IS_OUTPOST[c]:
                    guard += cost
            for face, _, minus_q in faces:
                q = -minus_q
                need = guard + players[q].authority
                if own + extra < need:
                    continue
                # An enemy emperor's fall ends the game: that kill before any other.
                key = (own >= need, emperor and q in EMPERORS, face, -need, minus_q)
                if best is None or key > best:
                    best, chosen = key, (g, q)
        if best is None:
            return None, False
        if not best[0]:
            return None, True
        g, q = chosen
        for owner, c, _, _ in self.groups[g][0]:
            if IS_OUTPOST[c]:
                return self.smash(owner, c, own), False
        return self.hit(q, players[q].authority), False

    def plan(self, own: int, pool: int) -> tuple[float, Action | None]:
        """The best use of the combat: (its value, the attack to make first).

        ``own`` may hit players; ``pool`` destroys bases (in Hydra both are the team's pool).
        Per group, every set of bases the pool can destroy (outposts before the rest) is
        tried, the rest of ``own`` going to the best player then open.
        """
        groups = self.groups
        # What a point of damage is worth on the best target of each group while nothing
        # is destroyed (0 if an outpost stands in the way or nobody there may be hit).
        open_face = []
        for bases, faces in groups:
            guarded = False
            for b in bases:
                if IS_OUTPOST[b[1]]:
                    guarded = True
                    break
            open_face.append(0.0 if guarded or not faces else faces[0][0])
        best_value = 0.0
        best_action: Action | None = None
        if own > 0 and groups:
            top = max(range(len(groups)), key=open_face.__getitem__)
            if open_face[top] > 0.0:
                best_value = own * open_face[top]
                best_action = self.hit(-groups[top][1][0][2], own)
        for g, (bases, faces) in enumerate(groups):
            n = len(bases)
            if not n:
                continue
            other = 0.0
            for j, f in enumerate(open_face):
                if j != g and f > other:
                    other = f
            face = faces[0][0] if faces else 0.0
            outposts = 0
            for i, b in enumerate(bases):
                if IS_OUTPOST[b[1]]:
                    outposts |= 1 << i
            costs = [b[2] for b in bases]
            values = [b[3] for b in bases]
            open_rate = face if face > other else other
            value, first = _best_bases(outposts, costs, values, pool, own, open_rate, other, 0.0)
            if first >= 0 and value > best_value:
                best_value = value
                best_action = self.smash(bases[first][0], bases[first][1], own)
        if best_action is None and self.partial and own > 0:
            # The boss is out of reach behind outposts: wear the nearest-to-fall one down,
            # for the raiders still to play this round to finish.
            worn = [b for b in groups[0][0] if IS_OUTPOST[b[1]]] if groups else []
            if worn:
                b = min(worn, key=lambda b: (b[2], b[1]))
                return 0.0, self.smash(b[0], b[1], own)
        return best_value, best_action


def _lead(k: Params, state: StarRealmsState, q: int) -> float:
    """How far ahead player ``q`` is: their authority over their starting authority, and
    the combat and trade their collection makes (the last one standing wins: the leader is
    the one to stop, while the others finish off the weak)."""
    c, t = _power(state, q)
    start = starting_authority(state.format, len(state.players), q)
    return state.players[q].authority / start - 1.0 + k.power_lead * ((c + t) / 10.0 - 1.0)


def _pools(state: StarRealmsState, me: int) -> tuple[int, int, int, bool]:
    """(trade for purchases, combat for players, combat for bases, whether to buy
    Explorers) of player ``me``: in Hydra the team's one pool of trade and of combat, and
    no Explorers while teammates are still to play."""
    p = state.players[me]
    if state.format != "hydra":
        return p.trade, p.combat, p.combat, True
    combat = state._team_pool(me, "combat")
    return state._team_pool(me, "trade"), combat, combat, not _mates_to_play(state, me)


def _mates_to_play(state: StarRealmsState, me: int) -> bool:
    """Hydra: whether a teammate of ``me`` has not yet ended their main phase."""
    team = state.players[me].team
    stages = state.stages
    for i, q in enumerate(state.players):
        if i != me and q.team == team and stages[i] != DONE:
            return True
    return False


def _next_rival(state: StarRealmsState, me: int) -> int:
    """The next player clockwise from ``me`` on another team (the next to buy against us)."""
    players = state.players
    n = len(players)
    team = players[me].team
    for step in range(1, n):
        q = (me + step) % n
        if not players[q].eliminated and players[q].team != team:
            return q
    return (me + 1) % n  # pragma: no cover - the game would be over


class Policy:
    """The strong heuristic for a set of :class:`Params`; ``Policy().act`` is the default."""

    __slots__ = ("_decks", "_market", "k")

    def __init__(self, params: Params = DEFAULT) -> None:
        self.k = params
        # Decks already valued, by everything a _Deck is computed from, so that a hit gives
        # exactly what a fresh computation would. Search plays many playouts from one
        # position: the decks of its first turns recur across them.
        self._decks: dict[tuple[object, ...], _Deck] = {}
        # The trade deck's effects summed (a base's over its life): the plain part, and the
        # ally part per faction, for the value of an unknown card from it.
        plain = [0.0] * 7
        ally = [[0.0] * 7 for _ in range(5)]
        for c, m in _TRADE_KINDS:
            mult = m * (1.0 + params.base_life * DEFENSE[c]) if IS_BASE[c] else float(m)
            for code, x in PRIMARY[c]:
                plain[code] += mult * x
            for code, x in ALLY[c]:
                ally[FACTION[c]][code] += mult * x
        self._market = (plain, ally)

    def _deck(self, state: StarRealmsState, me: int) -> _Deck:
        p = state.players[me]
        progress = _progress(self.k, state)
        cycle = p.hand + p.deck + p.discard
        cycle.sort()
        key = (progress, p.authority, tuple(cycle), *p.field)
        deck = self._decks.get(key)
        if deck is None:
            if len(self._decks) >= 4096:
                self._decks.clear()
            deck = self._decks[key] = _Deck(self.k, state, me, progress)
        return deck

    def act(self, state: StarRealmsState, rng: random.Random | None = None) -> Action:
        """The action of the player to act in ``state`` (``rng`` is unused: deterministic)."""
        if state.over:
            raise ValueError("the game is over: there is no action to choose")
        players = state.players
        if len(players) != 2:  # every format but the duel seats three or more
            return self._act_at_table(state)
        me = state.current
        pending = state.pending
        if pending is not None:
            return self._answer(state, me, pending[0])
        p = players[me]
        hand = p.hand
        if hand:
            return PLAY[self._next_play(hand, p.discard)]
        return self._main(state, me)

    # ------------------------------------------------------------------ playing cards

    @staticmethod
    def _next_play(hand: list[int], discard: list[int]) -> int:
        rank = PLAY_RANK
        best = hand[0]
        r = rank[best]
        for c in hand:
            if rank[c] < r:
                best = c
                r = rank[c]
        if r == 2:
            # Only starting cards (or Explorers) and thinners left: play a thinner first
            # when the discard pile has nothing worth scrapping, to scrap from the hand.
            for c in hand:
                if rank[c] == 3:
                    if LOOKOUT in discard or VIPER in discard or EXPLORER in discard:
                        break
                    return c
        return best

    # ------------------------------------------------------------------ open choices

    def _answer(self, state: StarRealmsState, me: int, kind: int) -> Action:
        p = state.players[me]
        if kind == SCRAP_CARD:
            deck = self._deck(state, me)
            best_gain = self.k.thin_margin
            best: Action = SKIP
            for c in sorted(set(p.discard)):
                gain = deck.thin_gain(c)
                if gain > best_gain:
                    best_gain, best = gain, CHOOSE_DISCARD[c]
            for c in sorted(set(p.hand)):
                # From the hand the card's play this turn is lost too.
                gain = deck.thin_gain(c) - deck.value(c, owned=True)
                if gain > best_gain:
                    best_gain, best = gain, CHOOSE_HAND[c]
            return best
        if kind == FORCED_DISCARD:
            mine = _Public(self.k, state, me)
            return CHOOSE_HAND[min(set(p.hand), key=lambda c: (mine.want(c), c))]
        return self._clear(state, me, self._deck(state, me), 1 - me)

    def _clear(self, state: StarRealmsState, me: int, deck: _Deck, rival: int) -> Action:
        """Clear the row card ``rival`` (the next opponent to buy) wants most, if it pays."""
        opp = _Public(self.k, state, rival)
        replacement = opp.market(*self._market)
        trade = state.players[me].trade
        best_score = self.k.clear_margin
        best: Action = SKIP
        for c in sorted({c for c in state.row if c is not None}):
            score = opp.want(c) - replacement
            if COST[c] <= trade:
                net = deck.net(c)
                if net > 0.0:
                    score -= 2.0 * net  # rather buy it
            if score > best_score:
                best_score, best = score, CHOOSE_ROW[c]
        return best

    # ------------------------------------------------------------------ the main phase

    def _main(self, state: StarRealmsState, me: int) -> Action:
        p = state.players[me]
        trade = p.trade
        combat = p.combat
        field = p.field
        row = state.row
        ship_scrap = False
        extra = 0
        for c in field:
            if HAS_SCRAP[c]:
                extra += SCRAP_COMBAT[c]
                if not IS_BASE[c]:
                    ship_scrap = True
        them = 1 - me
        obases = state.players[them].field
        # The kill, scrapping cards (bases too) for combat if need be.
        if combat or extra:
            need = state.players[them].authority
            for b in obases:
                if IS_OUTPOST[b]:
                    need += DEFENSE[b]
            if combat >= need:
                for b in obases:
                    if IS_OUTPOST[b]:
                        return ATTACK_BASE[them][b]
                return ATTACK_PLAYER[them]
            if combat + extra >= need:
                best = -1
                for c in field:
                    if SCRAP_COMBAT[c] and (best < 0 or SCRAP_COMBAT[c] > SCRAP_COMBAT[best]):
                        best = c
                return SCRAP_ACTION[best]
        can_buy = trade >= 2
        if trade == 1:
            for r in row:
                if r is not None and COST[r] <= 1:
                    can_buy = True
                    break
        if not (ship_scrap or can_buy or combat):
            return END
        opp = None
        deck = None
        if ship_scrap:
            deck = self._deck(state, me)
            opp = _Public(self.k, state, them)
            chosen = self._scrap(deck, opp, state, me)
            if chosen is not None:
                return SCRAP_ACTION[chosen]
        # Combat and trade are separate pools: attack first, then buy (attacks need no
        # valuation of our own deck).
        if combat:
            if not obases:
                return ATTACK_PLAYER[them]  # nothing else to spend it on
            if opp is None:
                opp = _Public(self.k, state, them)
            attack = self._attack_plan(opp, combat, obases, them)[1]
            if attack is not None:
                return attack
        if can_buy:
            if deck is None:
                deck = self._deck(state, me)
            card = self._buy_plan(deck, trade, row)[1]
            if card is not None:
                return BUY[card]
        return END

    def _scrap(
        self,
        deck: _Deck,
        opp: _Public | None,
        state: StarRealmsState,
        me: int,
        table: _Table | None = None,
    ) -> int | None:
        """A ship of ours in play whose scrap ability is worth more now than the ship.

        The duel passes the opponent (``opp``); a multiplayer table passes the ``table``
        instead, and there (Hydra) the trade and the combat for bases are the team's pools,
        and a player with teammates still to play buys no Explorers.
        """
        p = state.players[me]
        if table is None:
            trade, combat = p.trade, p.combat
            pool = combat
            explorers = True
        else:
            trade, combat, pool, explorers = _pools(state, me)
        obases = state.players[1 - me].field
        buy_now: float | None = None
        attack_now: float | None = None
        best: int | None = None
        best_margin = self.k.scrap_margin
        for c in sorted(set(p.field)):
            if not _SHIP_SCRAP[c]:
                continue
            sv = SV[c]
            gain = 0.0
            if sv[TRADE]:
                if buy_now is None:
                    buy_now = self._buy_plan(deck, trade, state.row, explorers)[0]
                richer = self._buy_plan(deck, trade + sv[TRADE], state.row, explorers)[0]
                gain += (richer - buy_now) * deck.plays_left()
            if sv[COMBAT]:
                more = sv[COMBAT]
                if table is not None:
                    if attack_now is None:
                        attack_now = table.plan(combat, pool)[0]
                    gain += table.plan(combat + more, pool + more)[0] - attack_now
                elif opp is not None:
                    if attack_now is None:
                        attack_now = self._attack_plan(opp, combat, obases, 1 - me)[0]
                    more_now = self._attack_plan(opp, combat + more, obases, 1 - me)[0]
                    gain += more_now - attack_now
            if sv[DRAW]:
                gain += sv[DRAW] * deck.avg
            if sv[OPP_DISCARD]:
                gain += sv[OPP_DISCARD] * deck.w[OPP_DISCARD]
            margin = gain - deck.keep(c)
            if margin > best_margin:
                best_margin, best = margin, c
        return best

    @staticmethod
    def _buy_plan(
        deck: _Deck, trade: int, row: list[int | None], explorers: bool = True
    ) -> tuple[float, int | None]:
        """The best set of purchases for ``trade``: (its value, the card to buy first).

        ``explorers``: whether the set may include Explorers (a Hydra player with teammates
        still to play leaves them the change instead).
        """
        items: list[tuple[float, int, int]] = []
        for c in row:
            if c is not None and COST[c] <= trade:
                v = deck.net(c)
                if v > 0.0:
                    items.append((v, COST[c], c))
        explorer = deck.net(EXPLORER) if trade >= 2 and explorers else 0.0
        first: int | None = None
        best_value = 0.0
        if explorer > 0.0:
            best_value = (trade // 2) * explorer
            first = EXPLORER
        else:
            explorer = 0.0
        if not items:
            return best_value, first
        # Every affordable set, grown one item at a time (most valuable first, so a set's
        # first item is its best): (cost, value, first item).
        items.sort(reverse=True)
        sets = [(0, 0.0, -1)]
        for v, cost, c in items:
            sets += [
                (sc + cost, sv + v, c if top < 0 else top)
                for sc, sv, top in sets
                if sc + cost <= trade
            ]
        for sc, sv, top in sets:
            if top >= 0:
                v = sv + ((trade - sc) // 2) * explorer
                if v > best_value:
                    best_value, first = v, top
        return best_value, first

    @staticmethod
    def _attack_plan(
        opp: _Public, combat: int, bases: list[int], them: int
    ) -> tuple[float, Action | None]:
        """The best use of ``combat``: (its value, the attack to make first)."""
        face = opp.face
        if not bases:
            return combat * face, (ATTACK_PLAYER[them] if combat > 0 else None)
        threats = [opp.threat(b, bases) for b in bases]
        outposts = 0
        for i, b in enumerate(bases):
            if IS_OUTPOST[b]:
                outposts |= 1 << i
        costs = [DEFENSE[b] for b in bases]
        floor = 0.0 if outposts else combat * face
        best_value, pick = _best_bases(outposts, costs, threats, combat, combat, face, 0.0, floor)
        if pick >= 0:
            return best_value, ATTACK_BASE[them][bases[pick]]
        if not outposts and combat > 0:
            return best_value, ATTACK_PLAYER[them]
        return best_value, None

    # ------------------------------------------------------------------ multiplayer formats

    def _act_at_table(self, state: StarRealmsState) -> Action:
        """:meth:`act` in every format but the duel: the same deck sense, and a choice of
        whom to hurt (see :class:`_Table`)."""
        pending = state.pending
        me = state.current
        if pending is not None:
            kind = pending[0]
            if kind == BEQUEATH:
                return self._bequeath(state)
            if kind == OPP_DISCARD:
                return self._discard_target(state, me)
            if kind == CLEAR_ROW:
                return self._clear(state, me, self._deck(state, me), _next_rival(state, me))
            return self._answer(state, me, kind)
        p = state.players[me]
        if p.hand:
            return PLAY[self._next_play(p.hand, p.discard)]
        return self._main_at_table(state, me)

    def _main_at_table(self, state: StarRealmsState, me: int) -> Action:
        p = state.players[me]
        fmt = state.format
        # Hydra: teammates pool trade for purchases and combat for bases.
        trade, own, pool, explorers = _pools(state, me)
        field = p.field
        ship_scrap = False
        extra = 0
        for c in field:
            if HAS_SCRAP[c]:
                extra += SCRAP_COMBAT[c]
                if not IS_BASE[c]:
                    ship_scrap = True
        table = _Table(self.k, state, me) if pool or extra else None
        if table is not None:
            # A kill, scrapping cards (bases too) for combat if need be.
            attack, scraps = table.kill(own, extra)
            if attack is not None:
                return attack
            if scraps:
                best = -1
                for c in field:
                    if SCRAP_COMBAT[c] and (best < 0 or SCRAP_COMBAT[c] > SCRAP_COMBAT[best]):
                        best = c
                return SCRAP_ACTION[best]
        can_buy = trade >= 2
        if trade == 1:
            for r in state.row:
                if r is not None and COST[r] <= 1:
                    can_buy = True
                    break
        transfer = fmt == "emperor" and p.trade > 0 and bool(p.discard) and me not in EMPERORS
        if not (ship_scrap or can_buy or pool or transfer):
            return END
        deck = None
        if ship_scrap:
            deck = self._deck(state, me)
            if table is None:
                table = _Table(self.k, state, me)
            chosen = self._scrap(deck, None, state, me, table)
            if chosen is not None:
                return SCRAP_ACTION[chosen]
        if fmt == "hydra" and _mates_to_play(state, me):
            # The team's turn goes on: the last member to play spends the whole pool, every
            # member's cards in play by then.
            return END
        if pool and table is not None:
            attack = table.plan(own, pool)[1]
            if attack is not None:
                return attack
        if can_buy:
            if fmt == "hydra":
                return self._team_buy(state, me, trade)
            if deck is None:
                deck = self._deck(state, me)
            card = self._buy_plan(deck, trade, state.row, explorers)[1]
            if card is not None:
                return BUY[card]
        if transfer:
            action = self._transfer(state, me)
            if action is not None:
                return action
        return END

    def _team_buy(self, state: StarRealmsState, me: int, trade: int) -> Action:
        """Hydra: the best purchase for the team's trade, for the member whose deck it helps
        most (``me`` among equals), or the end of the turn."""
        best_value = 0.0
        best: Action = END
        team = state.players[me].team
        members = [me] + [i for i, q in enumerate(state.players) if q.team == team and i != me]
        for m in members:
            value, card = self._buy_plan(self._deck(state, m), trade, state.row)
            if card is not None and value > best_value:
                best_value, best = value, BUY_FOR[m][card]
        return best

    @staticmethod
    def _discard_target(state: StarRealmsState, me: int) -> Action:
        """Opp-discard with several opponents: the one whose deck a lost card hurts most."""

        def hurt(q: int) -> tuple[float, int]:
            combat, trade = _power(state, q)
            return combat + trade, -q

        return {"do": "choose", "player": max(state.opponents(me), key=hurt)}

    def _bequeath(self, state: StarRealmsState) -> Action:
        """A fallen player's last gift: the card that adds most to the recipient's deck."""
        giver, heir = state.bequests[0]
        g = state.players[giver]
        deck = self._deck(state, heir)
        best_value = 0.0
        best: Action = SKIP
        piles = (
            ("hand", g.hand),
            ("deck", g.deck),  # as a multiset: the giver knows what it holds, not its order
            ("discard", g.discard),
            ("bases", [c for c in g.field if IS_BASE[c]]),
        )
        for source, pile in piles:
            for c in sorted(set(pile)):
                v = deck.net(c)
                if v > best_value:
                    best_value = v
                    best = {"do": "choose", "card": NAMES[c], "from": source}
        return best

    def _transfer(self, state: StarRealmsState, me: int) -> Action | None:
        """Emperor: an admiral about to fall hands its best cards on to its emperor (a trade
        each) rather than lose them with itself."""
        k = self.k
        players = state.players
        p = players[me]
        emperor = EMPERORS[p.team]
        if players[emperor].eliminated:  # pragma: no cover - the team is out with them
            return None
        incoming = 0.0
        for r, q in enumerate(players):
            if not q.eliminated and me in state.opponents(r):
                incoming += _power(state, r)[0]
        if p.authority > k.transfer_danger * max(incoming, 1.0):
            return None
        deck = self._deck(state, emperor)
        best_value = k.transfer_margin
        best = -1
        for c in sorted(set(p.discard)):
            v = deck.net(c)
            if v > best_value:
                best_value, best = v, c
        if best < 0:
            return None
        return {"do": "transfer", "card": NAMES[best], "player": emperor}


_DEFAULT_POLICY = Policy()


def playout_action(state: StarRealmsState, rng: random.Random) -> Action:
    """The strong heuristic's action for the player to act in ``state``.

    The result is one of ``state.legal_actions()``; it depends only on what that player may
    know (see the module docstring), and not on ``rng`` (the heuristic is deterministic).
    """
    return _DEFAULT_POLICY.act(state, rng)


# ---------------------------------------------------------------------- evaluation


def _power(state: StarRealmsState, who: int) -> tuple[float, float]:
    """(expected combat per turn, expected trade per turn) of ``who``'s collection."""
    p = state.players[who]
    combat = trade = 0.0
    n = 0
    fac = [0, 0, 0, 0, 0]
    cards = p.hand + p.deck + p.discard
    for c in p.field:
        if not IS_BASE[c]:
            cards.append(c)
    for c in cards:
        fac[FACTION[c]] += 1
    n = max(len(cards), 1)
    for c in cards:
        pv = PV[c]
        av = AV[c]
        f = FACTION[c]
        chance = _ally_chance((fac[f] - 1) / n, 4) if f else 0.0
        combat += pv[COMBAT] + chance * av[COMBAT] + 0.5 * pv[DRAW] * 0.6
        trade += pv[TRADE] + chance * av[TRADE] + 0.5 * pv[DRAW] * 0.6
    combat *= 5.0 / n
    trade *= 5.0 / n
    for c in p.field:
        if IS_BASE[c]:
            combat += PV[c][COMBAT]
            trade += PV[c][TRADE]
    return combat, trade


def evaluate(state: StarRealmsState, player: int) -> float:
    """A quick estimate in [0, 1] of ``player``'s chance to win from ``state``.

    A logistic model fitted on positions from strong-against-strong games: who moves, the
    authority difference, the difference in combat and trade a turn of each deck (and its
    bases) makes — trade counting more early on — and the ratio of the turns each side
    needs to bring the other to 0. It reads authority, bases and each player's whole
    collection as a multiset (public, see the module docstring).
    """
    if state.format != "duel":
        return _evaluate_table(state, player)
    if state.over:
        return 1.0 if state.winner == player else 0.0
    me = state.players[player]
    them = state.players[1 - player]
    my_combat, my_trade = _power(state, player)
    their_combat, their_trade = _power(state, 1 - player)
    mine = my_combat + my_trade + 0.5
    theirs = their_combat + their_trade + 0.5
    for b in them.field:
        if IS_OUTPOST[b]:
            mine -= 0.075 * DEFENSE[b]
    for b in me.field:
        if IS_OUTPOST[b]:
            theirs -= 0.075 * DEFENSE[b]
    my_turns = max(them.authority, 0) / max(mine, 0.5)
    their_turns = max(me.authority, 0) / max(theirs, 0.5)
    early = max(0.0, 1.0 - state.turn / 30.0)
    x = (
        (0.41 if state.current == player else -0.41)
        + 1.84 * (me.authority - them.authority) / 50.0
        + 0.87 * (my_combat - their_combat) / 5.0
        + (0.47 + 2.08 * early) * (my_trade - their_trade) / 5.0
        + 0.75 * math.log(max(their_turns, 0.05) / max(my_turns, 0.05))
    )
    x = -30.0 if x < -30.0 else 30.0 if x > 30.0 else x
    return 1.0 / (1.0 + math.exp(-x))


def _evaluate_table(state: StarRealmsState, player: int) -> float:
    """:func:`evaluate` at a multiplayer table.

    Each player still in makes so much combat and trade a turn (:func:`_power`; a Raid
    boss draws more cards) and takes, each round, a share of the combat of everyone who may
    attack them (split evenly over each attacker's targets). Free-for-all and Hunter: every
    player's score — how many rounds they would last, their combat and trade (trade counting
    more early on), who moves — and the chances are the scores' softmax (summing to 1 over
    the players still in). Team formats: the same on the two sides, each side's authority
    being what must fall for it to lose (Hydra: the shared authority; Emperor: the
    emperor's, with half of each admiral's, who shield them; Raid: the boss's, or all the
    raiders'); every member of a team gets the team's chance.
    """
    players = state.players
    if state.over:
        return 1.0 if state.is_winner(player) else 0.0
    fmt = state.format
    n = len(players)
    alive = [i for i, q in enumerate(players) if not q.eliminated]
    combat = [0.0] * n
    trade = [0.0] * n
    for i in alive:
        c, t = _power(state, i)
        if fmt == "raid" and i == RAID_BOSS_SEAT:
            hand = RAID_BOSS[n - 1][1] / 5.0
            c, t = c * hand, t * hand
        combat[i], trade[i] = c, t
    incoming = [0.0] * n
    for j in alive:
        targets = state.opponents(j)
        for i in targets:
            incoming[i] += combat[j] / len(targets)
    rounds = state.turn / (2 if fmt == "hydra" else max(len(alive), 2))
    early = max(0.0, 1.0 - rounds / 15.0)
    econ = 0.47 + 2.08 * early
    current_team = players[state.current].team
    if fmt not in TEAM_FORMATS:
        if players[player].eliminated:
            return 0.0
        scores = {}
        for i in alive:
            lasts = max(players[i].authority, 0) / max(incoming[i], 0.5)
            scores[i] = (
                0.75 * math.log(max(lasts, 0.05))
                + 0.87 * combat[i] / 5.0
                + econ * trade[i] / 5.0
                + (0.2 if i == state.current else 0.0)
            )
        top = max(scores.values())
        total = sum(math.exp(x - top) for x in scores.values())
        return math.exp(scores[player] - top) / total
    mine = players[player].team
    side = {0: [0.0, 0.0, 0.0, 0], 1: [0.0, 0.0, 0.0, 0]}  # authority, hits, trade, members
    for i in alive:
        q = players[i]
        acc = side[q.team]
        if fmt == "hydra":
            acc[0] = q.authority
        elif fmt == "emperor":
            acc[0] += q.authority if i in EMPERORS else 0.5 * q.authority
        else:
            acc[0] += q.authority
        acc[1] += incoming[i]
        acc[2] += trade[i]
        acc[3] += 1
    ours, theirs = side[mine], side[1 - mine]
    if fmt == "raid":
        # The boss picks the raiders off one by one, the weakest first, taking the combat
        # of those still in meanwhile: does the boss outlast that?
        boss = players[RAID_BOSS_SEAT]
        blows = max(combat[RAID_BOSS_SEAT], 0.5)
        raiders = sorted((players[i].authority, combat[i]) for i in alive if i != RAID_BOSS_SEAT)
        still = sum(c for _, c in raiders)
        taken = 0.0
        for authority, c in raiders:
            taken += still * max(authority, 0) / blows
            still -= c
        ratio = max(boss.authority, 0) / max(taken, 0.05)
        if mine != boss.team:
            ratio = 1.0 / max(ratio, 1e-6)
    else:
        lasts = max(ours[0], 0.0) / max(ours[1], 0.5)
        they_last = max(theirs[0], 0.0) / max(theirs[1], 0.5)
        ratio = max(lasts, 0.05) / max(they_last, 0.05)
    x = (
        (0.3 if current_team == mine else -0.3)
        + 1.3 * math.log(max(ratio, 1e-6))
        + econ * (ours[2] / max(ours[3], 1) - theirs[2] / max(theirs[3], 1)) / 5.0
    )
    x = -30.0 if x < -30.0 else 30.0 if x > 30.0 else x
    return 1.0 / (1.0 + math.exp(-x))


__all__ = ["DEFAULT", "Params", "Policy", "evaluate", "playout_action"]
