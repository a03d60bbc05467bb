"""The strong Fantasy Realms player: expected final score, a hand's potential, and denial.

:func:`playout_action` is the strong bot's policy (and the search bots' playouts). Where the
greedy player (:mod:`.heuristics`) values a move by the hand it leaves *as if the game ended
after the turn*, this one values it by what that hand is likely to be worth at the end:

* **the score now**: the scorer's best total (exact, cached);
* **its potential**: the game goes on for about ``(end − discards) × TURN_SHARE / players``
  more turns of this player (none once the discard area is full: the end is exact), and in
  each it may draw. Each card it could draw (a sample of the cards it has not seen) is tried
  in place of the best of the hand's ``POT_DROPS`` weakest cards; the expected best of that
  many draws, weighted by ``POTENTIAL``, is added. The cards lying in the discard area count
  too: on a later turn the player may take one instead of drawing, if it is still there
  (``AREA_STAYS``). A hand with open combinations (Smoke waiting for Mountain; a Queen while
  the King lies in the area) is worth more than one that is finished at the same score, and
  a card that fits many others (a flexible card) is kept;
* **denial**: a discard lands in the area where the next players may take it. Where this
  player saw a next player's hand (a Spyglass, a Crystal Ball), what taking the card would
  gain them is subtracted, weighted by ``DENIAL``; a card taken from the area is, likewise,
  one they can no longer take, and a discard that ends the game costs nothing. A hand it did
  not see counts ``GUESSED`` (0): dealt from the unseen cards, it said little of what a built
  hand wants, and the term cost the bot's own score without lowering the rivals';
* **the end-of-game extra cards**: the scorer scores a hand as it is, but a Necromancer
  brings back an Army, Leader, Wizard or Beast (an Undead too, with the suits) from the
  discard area, a Genie any card of the deck and a Leprechaun the top one. What that card
  adds is counted, so the strong player keeps (and takes) the Necromancer the greedy one
  lets go for its 3 points.

Taking from the area does not advance the end (the area keeps its size); drawing does, by
one card, and a draw onto a full area ends the game at once. A draw's potential is valued on
the same clock as a take's (the end comes nearer for everybody alike; otherwise the bot would
take only to make the game last), and a card taken only to be put back (a pass) is never
played. Every card of the area is valued in full as a take (``TAKE_CANDIDATES``; a screen
that tried each only in place of the weakest card missed the ones that replace another).

**The last card** (the area lacks one; three or more players, no Cursed Items): a draw ends
the game, so it is scored exactly, every card the player may draw with its best discard,
and a take lets every rival play again. Each move is valued by its chance to win
(:func:`win_chance`): each rival's hand is taken as normal around what a greedy player's
hand scores at that point (``RIVAL_SCORE``, measured; ``LATE_GAIN`` more if the game goes
on). A hand well ahead draws and ends the game rather than take a card worth a few points.

Measured (``bench/fantasy_realms_strength.py``): the earlier strong player, greedy's values
as if the game ended after the turn plus a small denial term, won no more than greedy (25 %
of 40 games at a table with three greedy players): both valued a hand by its score now.
This one against the one before it (draws only in the potential, the weakest card replaced,
guessed hands denied, three area cards screened, ``TURN_SHARE`` 1.6), the same deals,
``--seed 0``, one strong and the rest greedy, base game (win share, 95 % CI, mean score):
four players, 512 games: 27.5 % [23.8, 31.6], 201.7 — before 27.3 % [23.7, 31.4], 202.3;
three players, 192 games: 39.1 % [32.4, 46.1], 204.6 — before 39.1 %, 203.6; six players,
192 games: 24.5 % [18.9, 31.0], 216.2 — before 17.7 % [13.0, 23.7], 207.7 (fair 16.7 %).
``--seed 1``, four players, 512 games: 33.2 % [29.3, 37.4], 211.4 — before 30.3 % [26.5,
34.4], 206.1; the two seeds pooled, 311/1024 = 30.4 % [27.6, 33.3] against 295/1024 = 28.8 %
[26.1, 31.7]. At four players the gain (about +2 points of win share, +2 of mean score) is
inside the noise, as on the tuning seeds 100 and 101 (+2 to +3); at six, where more cards
pass through the area, it is larger (+6.8 ± 6.0 points on the same deals) and the interval
clears the fair share. With the Cursed Items and the suits (four players, 96 games) both
lose to greedy on points: 20.8 % [13.9, 30.0], 228.3 against greedy's 241.2 — before
22.9 % [15.6, 32.3], 233.7 against 240.4.

Cursed Items: Sarcophagus and Blindfold (+5 each) replace a turn when the turn would gain
less; Portal keeps a ninth card when it is worth its −20; Treasure Chest once three others
lie face down; the rest are left alone, as the greedy player does. Other phases (the end's
extras, the draft, an item in progress, the turn left open after a discard, which it ends)
are played as the greedy player plays them.

Estimates inside one decision use one sample of draws for every candidate (common random
numbers), and hands with ACTION cards that differ from an exactly scored hand by a card or
two are scored with that hand's choices (a lower bound; much faster than the search). It
reads only what the acting player knows: its hand, the discard area, the table and its own
records, so a state sampled from the view gives the same move.

:func:`evaluate` turns the hands' best scores into a chance of winning.
:func:`search_policy` is the greedy player's, for the playouts of search and the analysis,
which stop after ``SEARCH_HORIZON`` turns; :func:`search_candidates` shortlists the moves a
search races, and :func:`search_outcome` softens a finished playout's result by the scores.

>>> import random
>>> from rumizi.games.fantasy_realms import GAME
>>> s = GAME.new(seed=2, players=3, first=0)
>>> playout_action(s, random.Random(0))
{'do': 'draw'}
>>> 0.0 < evaluate(s, 0) < 1.0
True
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from rumizi.core.contract import Action
from rumizi.games.fantasy_realms import chaos, heuristics
from rumizi.games.fantasy_realms.cards import card_info
from rumizi.games.fantasy_realms.engine import NECRO_SUITS, FantasyRealmsState
from rumizi.games.fantasy_realms.hand_values import approx_value, discard_values, hand_score
from rumizi.games.fantasy_realms.heuristics import HandOutlook, action_value
from rumizi.games.fantasy_realms.scoring import ACTION_CARDS

POTENTIAL = 0.3  # weight of the expected gain of the turns to come (0.6 and 0 measured worse)
DENIAL = 0.5  # a point the next player gains, against one of ours (their hand seen)
GUESSED = 0.0  # the same for a hand guessed from the unseen cards: a random hand gains more
# from a card than the hand a player has built, and the player may not take it (0.3 measured:
# it cost the bot's own score and left the rivals' as they were)
NEXT_WEIGHT = (1.0, 0.5)  # the next player, and the one after (if the first lets it lie)
TURN_SHARE = 2.5  # turns per card the area still needs (takes do not advance the end;
# measured: a four-player game of greedy players lasts about 25 turns for 10 cards)
AREA_STAYS = 0.5  # the chance that a card of the discard area is still there next turn
POT_DROPS = 3  # the weakest cards a potential draw may replace (the best of them)
POOL_SAMPLES = 14  # cards tried for the potential
DRAW_SAMPLES = 6  # draws sampled to value drawing
TAKE_CANDIDATES = 9  # area cards valued in full after a quick screen (all of a base area)
DISCARD_CANDIDATES = 3  # discards valued with potential and denial
SAFE_ITEMS = 5  # Sarcophagus and Blindfold's points
TYPICAL_WIN = 150  # about what a winning hand scores
# The last card: a rival's hand when the area lacks one card, by table (measured for greedy
# players at four: 196, spread 38, 11 more to the end; the other tables set from greedy's
# mean final scores), the spread of such hands, and what a rival still gains if play goes on.
RIVAL_SCORE = {(False, 3): 205.0, (False, 4): 196.0, (False, 5): 195.0, (False, 6): 195.0}
RIVAL_SCORE_SUITS = 220.0  # with the suits (hands of 8), any number of players
RIVAL_SPREAD = 38.0
LATE_GAIN = 11.0
LATE_SPREAD = 20.0
LAST_TURN = 1.0  # 1: a draw that ends the game valued by the chance to win; 0: by the mean
# How search and the post-game analysis play the game out (search_policy): the greedy
# player's moves for this many turns, the hands then scored by `evaluate` (5 ms a playout
# mid-game, against 12 to 28 ms for greedy moves to the end and some 140 ms for this
# module's own to the end).
SEARCH_HORIZON = 8
SEARCH_TAKES = 3  # area cards a search races with the draw (search_candidates)
SEARCH_DISCARDS = 3  # discards a search races
OUTCOME_SPREAD = 12.0  # points of final score that weigh e times more (search_outcome)
_ACTIONS = frozenset(ACTION_CARDS)


class Mind:
    """What one seat knows, and the values it puts on hands."""

    def __init__(self, state: FantasyRealmsState, me: int) -> None:
        self.me = me
        self.opts = state.opts
        self.suits = state.opts.suits
        self.players = state.opts.players
        self.hand = list(state.hands[me])
        self.area = list(state.area)
        self.sizes = [len(h) for h in state.hands]
        self.known = _known_hands(state, me)
        placed = Counter(self.hand) + Counter(self.area)
        for cards in self.known.values():
            placed.update(cards)
        self.pool = sorted((Counter(state.opts.cards()) - placed).elements())

    # -- values ----------------------------------------------------------------------

    def area_for(self, hand: Sequence[str]) -> list[str]:
        """The discard area as it is with ``hand`` held (a card taken leaves it)."""
        held = set(hand)
        return [c for c in self.area if c not in held]

    def exact(self, hand: Sequence[str]) -> int:
        return hand_score(hand, self.area_for(hand), self.suits, self.players)[0]

    def choices(self, hand: Sequence[str]) -> dict[str, dict[str, Any]]:
        return hand_score(hand, self.area_for(hand), self.suits, self.players)[1]

    def approx(self, hand: Sequence[str], base: dict[str, dict[str, Any]]) -> int:
        """``hand``'s score, quick with ACTION cards (:func:`.hand_values.approx_value`)."""
        return approx_value(hand, self.area_for(hand), self.suits, self.players, base)

    def extras(self, hand: list[str], area: Sequence[str], tries: Sequence[str]) -> float:
        """What the end-of-game extra cards add to ``hand``: the scorer scores the hand
        as it is, and Necromancer (an Army, Leader, Wizard or Beast — with the suits also
        an Undead — of the discard area), Genie (any card of the deck) and Leprechaun (the
        top card) bring an eighth (ninth) card. Estimated with ``area`` as the area at the
        end and ``tries`` as the deck."""
        adders = [c for c in ("leprechaun", "genie", "necromancer") if c in hand]
        if not adders:
            return 0.0
        now = self.exact(hand)
        base = self.choices(hand) if any(c in _ACTIONS for c in hand) else {}
        total = 0.0
        free = [x for x in tries if x not in hand]
        if "leprechaun" in adders and free:
            total += sum(self.approx([*hand, x], base) - now for x in free) / len(free)
        if "genie" in adders and free:
            total += max(0.0, max(self.approx([*hand, x], base) - now for x in free))
        if "necromancer" in adders:
            allowed = NECRO_SUITS | ({"undead"} if self.suits else set())
            targets = [
                c
                for c in dict.fromkeys(area)
                if c not in hand and card_info(c, expansion=self.suits).suit in allowed
            ]
            if targets:
                total += max(0.0, max(self.approx([*hand, c], base) - now for c in targets))
        return total

    def turns_left(self, area_size: int) -> float:
        """About how many more turns this player gets once the area holds ``area_size``."""
        left = self.opts.end_at - area_size
        return 0.0 if left <= 0 else left * TURN_SHARE / self.players

    def potential(
        self,
        hand: list[str],
        score: int,
        weak: Sequence[str],
        turns: float,
        tries: Sequence[str],
        left: Sequence[str] = (),
    ) -> float:
        """The expected best gain of ``turns`` draws, each tried in place of the best of the
        ``POT_DROPS`` weakest cards (``weak``, weakest first); the cards ``left`` in the
        discard area may be taken instead on a later turn, if still there (``AREA_STAYS``)."""
        if turns <= 0 or not tries or not weak:
            return 0.0
        base = self.choices(hand) if any(c in _ACTIONS for c in hand) else {}
        rests = [[c for c in hand if c != w] for w in weak[:POT_DROPS]]

        def gain(x: str) -> int:
            return max(0, max(self.approx([*rest, x], base) for rest in rests) - score)

        gains = sorted(gain(x) for x in tries)
        n = len(gains)
        share = [float((k / n) ** turns) for k in range(n + 1)]  # P(best of the draws <= k-th)
        drawn = sum(g * (share[k] - share[k - 1]) for k, g in enumerate(gains, 1))
        there = [c for c in dict.fromkeys(left) if c not in hand]
        if AREA_STAYS <= 0 or not there:
            return drawn
        take = max(gain(c) for c in there)
        either = sum(max(g, take) * (share[k] - share[k - 1]) for k, g in enumerate(gains, 1))
        return drawn + min(1.0, turns) * AREA_STAYS * (either - drawn)

    def gain_for(self, hand: list[str], card: str) -> float:
        """What taking ``card`` (and discarding the worst) gains a player holding ``hand``."""
        now = self.exact(hand)
        base = self.choices(hand) if any(c in _ACTIONS for c in hand) else {}
        best = max(self.approx([c for c in hand if c != d] + [card], base) for d in hand)
        return max(0.0, float(best - now))

    def seen_whole(self, q: int) -> bool:
        """Whether this player knows every card of seat ``q``'s hand (a Spyglass look)."""
        return len([c for c in self.known.get(q, []) if c not in self.area]) >= self.sizes[q]

    def guess_hand(self, q: int, rng: random.Random) -> list[str]:
        """A hand for seat ``q``: what this player saw of it, the rest from the unseen cards."""
        known = [c for c in self.known.get(q, []) if c not in self.area]
        known = known[: self.sizes[q]]
        missing = max(0, self.sizes[q] - len(known))
        return known + rng.sample(self.pool, min(missing, len(self.pool)))

    def after_discards(
        self, hand: list[str], base: dict[str, dict[str, Any]] | None = None, exact: int = 2
    ) -> list[tuple[int, str]]:
        """``(score of hand without d, d)`` for every card, best first (the best ``exact``
        scored exactly, see :func:`.hand_values.discard_values`)."""
        return discard_values(hand, self.area, self.suits, self.players, base, exact)


def _known_hands(state: FantasyRealmsState, me: int) -> dict[int, list[str]]:
    """The cards this seat saw in other hands (Spyglass, Crystal Ball, a Market Wagon swap)."""
    known: dict[int, list[str]] = {}
    mine = set(state.hands[me])
    for record in state.seen[me]:
        if record.get("item") == "spyglass":
            known[int(record["player"])] = list(record["cards"])
        elif "swap" in record:
            p, q = record["swap"]
            other = q if p == me else p
            known.setdefault(int(other), []).append(record["cards"][0 if p == me else 1])
    for record in state.revealed:
        if record.get("item") == "crystal-ball" and record.get("by") != me:
            continue
        if record.get("item") == "crystal-ball":
            for q, cards in record["cards"].items():
                have = known.setdefault(int(q), [])
                have += [c for c in cards if c not in have]
    taken: set[str] = set()
    for q in sorted(known):
        known[q] = [c for c in dict.fromkeys(known[q]) if c not in mine and c not in taken]
        taken.update(known[q])
    return known


# -- the decisions ------------------------------------------------------------------------


def _take_turn(
    state: FantasyRealmsState, mind: Mind, legal: list[Action], rng: random.Random
) -> Action | None:
    """Draw or take (or an item that replaces the turn); ``None`` to leave it to greedy."""
    hand, area = mind.hand, mind.area
    if len(hand) < state.hand_target(mind.me):
        return None  # a hand short of its size (the draft): the greedy player's way
    score = mind.exact(hand)
    base = mind.choices(hand) if any(c in _ACTIONS for c in hand) else {}
    drops = mind.after_discards(hand, base, exact=1)  # from a 7-card hand: the weakest first
    weakest = drops[0][1]
    weak = [d for _v, d in drops]
    tries = rng.sample(mind.pool, min(POOL_SAMPLES, len(mind.pool)))
    options: list[tuple[float, int]] = []
    takes = [k for k, a in enumerate(legal) if a["do"] == "take"]
    # a quick screen: the area card in place of the weakest card
    rest = [c for c in hand if c != weakest]
    screened = sorted(
        (
            (
                mind.approx([*rest, legal[k]["card"]], base)
                + mind.extras([*rest, legal[k]["card"]], area, tries),
                k,
            )
            for k in takes
        ),
        reverse=True,
    )[:TAKE_CANDIDATES]
    turns_take = mind.turns_left(len(area))
    deny = Denial(mind, rng)
    for _quick, k in screened:
        card = legal[k]["card"]
        after = mind.after_discards([*hand, card], base)
        left = [c for c in area if c != card]
        # the best drop once the extra cards count (never the Necromancer for its 3)
        ranked = sorted(
            (
                (v + mind.extras([c for c in [*hand, card] if c != d], [*left, d], tries), v, d)
                for v, d in after[:3]
            ),
            reverse=True,
        )
        _with, best, drop = ranked[0]
        weak = [d for _v, d in after if d != drop]
        kept = [c for c in [*hand, card] if c != drop]
        value = _with + POTENTIAL * mind.potential(kept, best, weak, turns_take, tries, left)
        if drop == card:
            continue  # taken only to be put back: a pass, never better than drawing
        # taken and kept: the next players cannot have it; the card let go they can
        value += deny.cost(card) - deny.cost(drop)
        options.append((value, k))
    draws = [k for k, a in enumerate(legal) if a["do"] == "draw"]
    draw_value = -math.inf
    if draws and mind.pool:
        outcomes = rng.sample(mind.pool, min(DRAW_SAMPLES, len(mind.pool)))
        drawn = [mind.after_discards([*hand, x], base, 1)[0][0] for x in outcomes]
        # A draw brings the end one card nearer for every player alike: the potential is
        # valued on the same clock as a take's, or the bot would take to make the game last.
        common = POTENTIAL * mind.potential(hand, score, weak, turns_take, tries, area)
        common += mind.extras(hand, area, tries)
        common -= deny.cost(weakest)  # most likely what the draw lets go
        draw_value = sum(drawn) / len(drawn) + common
        options.append((draw_value, draws[0]))
    if draws and mind.pool and LAST_TURN > 0 and last_card(mind, legal):
        return _last_turn(mind, base, tries, options, legal, draws[0])
    for k, a in enumerate(legal):
        if a["do"] != "use":
            continue
        item = a["item"]
        if item == "sarcophagus":  # the turn is spent; the hand stays
            pot = mind.potential(hand, score, weak, turns_take, tries, area)
            extra = mind.extras(hand, area, tries)
            options.append((score + SAFE_ITEMS + POTENTIAL * pot + extra, k))
        elif item == "blindfold":  # discard the weakest card first, then draw blind
            blind = rest
            mean = sum(mind.approx([*blind, x], base) for x in tries) / max(1, len(tries))
            options.append((mean + SAFE_ITEMS, k))
        elif item == "treasure-chest" and len(state.down[mind.me]) >= 3:
            return a
    if not options:
        return None
    best_value, best_k = max(options)
    if best_value == -math.inf or (draw_value == best_value and draws):
        return legal[draws[0]]
    return legal[best_k]


def last_card(mind: Mind, legal: list[Action]) -> bool:
    """Whether a draw now ends the game (the area lacks one card), at a table this player
    can judge: three or more players, no Cursed Items (their points and extra turns)."""
    return (
        mind.opts.end_at - len(mind.area) == 1
        and mind.players > 2
        and not mind.opts.items
        and all(a["do"] in ("draw", "take") for a in legal)
    )


def win_chance(mind: Mind, value: float, later: bool) -> float:
    """The chance that a hand worth ``value`` beats every rival at the end: each rival's hand
    is taken as normal around :data:`RIVAL_SCORE` (``RIVAL_SPREAD``), and, if the game goes
    on (``later``), ``LATE_GAIN`` better and less certain."""
    mean = RIVAL_SCORE_SUITS if mind.suits else RIVAL_SCORE.get((False, mind.players), 195.0)
    spread = RIVAL_SPREAD
    if later:
        mean += LATE_GAIN
        spread = math.hypot(RIVAL_SPREAD, LATE_SPREAD)
    beats = 0.5 * math.erfc(-(value - mean) / (spread * math.sqrt(2.0)))
    return float(beats ** (mind.players - 1))


def _last_turn(
    mind: Mind,
    base: dict[str, dict[str, Any]],
    tries: Sequence[str],
    options: list[tuple[float, int]],
    legal: list[Action],
    draw: int,
) -> Action:
    """The turn whose draw ends the game: a draw is the hand's final score (every card it
    may draw scored exactly, the best discard kept), a take lets the rivals play on. Each
    move is valued by its chance to win (:func:`win_chance`): a hand well ahead ends the
    game rather than take a card worth a few points and let every rival play again."""
    hand, area = mind.hand, mind.area
    counts = Counter(mind.pool)
    total = 0.0
    for x, n in counts.items():
        score, drop = mind.after_discards([*hand, x], base, 1)[0]
        kept = [c for c in [*hand, x] if c != drop]
        final = score + mind.extras(kept, [*area, drop], [t for t in tries if t != x])
        total += n * win_chance(mind, final, later=False)
    best = (total / len(mind.pool), draw)
    for value, k in options:
        chance = win_chance(mind, value, later=True)
        if legal[k]["do"] == "take" and chance > best[0]:
            best = (chance, k)
    return legal[best[1]]


class Denial:
    """What a card in the discard area is worth to the next players, per decision: their
    hands guessed once (common to every candidate), each card valued once."""

    def __init__(self, mind: Mind, rng: random.Random) -> None:
        self.mind = mind
        nxt = [(mind.me + k) % mind.players for k in (1, 2)][: mind.players - 1]
        weights = [
            (w * (1.0 if mind.seen_whole(q) else GUESSED), q)
            for w, q in zip(NEXT_WEIGHT, nxt, strict=False)
        ]
        self.guesses = [(w, mind.guess_hand(q, rng)) for w, q in weights if w > 0]
        self.known: dict[str, float] = {}

    def cost(self, card: str) -> float:
        found = self.known.get(card)
        if found is None:
            found = DENIAL * sum(w * self.mind.gain_for(g, card) for w, g in self.guesses)
            self.known[card] = found
        return found


def _discard(
    state: FantasyRealmsState, mind: Mind, legal: list[Action], rng: random.Random
) -> Action | None:
    """The discard worth most at the end of the game (and a Portal if it pays)."""
    hand = mind.hand
    allowed = {a["card"] for a in legal if a["do"] == "discard"}
    if not allowed or state.pending.get("discards", 1) != 1:
        return None
    drops = [x for x in mind.after_discards(hand) if x[1] in allowed]
    turns = mind.turns_left(len(mind.area) + 1)
    tries = rng.sample(mind.pool, min(POOL_SAMPLES, len(mind.pool)))
    deny = Denial(mind, rng)
    best: tuple[float, str] | None = None
    for score, card in drops[: DISCARD_CANDIDATES + 1]:
        kept = [c for c in hand if c != card]
        weak = [d for _s, d in drops if d != card]
        value = score + POTENTIAL * mind.potential(kept, score, weak, turns, tries, mind.area)
        value += mind.extras(kept, [*mind.area, card], tries)
        if turns > 0:  # a discard that ends the game hands nobody anything
            value -= deny.cost(card)
        if best is None or value > best[0]:
            best = (value, card)
    assert best is not None
    for a in legal:
        if a["do"] == "use" and a["item"] == "portal":
            whole = (
                mind.exact(hand)
                - 20
                + POTENTIAL
                * mind.potential(hand, mind.exact(hand), [d for _s, d in drops], turns - 1, tries)
            )
            if whole > best[0]:
                return a
        if a["do"] == "use" and a["item"] == "treasure-chest" and len(state.down[mind.me]) >= 3:
            return a
    return {"do": "discard", "card": best[1]}


def playout_action(state: FantasyRealmsState, rng: random.Random) -> Action:
    """The strong move of the player to act (see the module docstring)."""
    if chaos.in_chaos(state.phase):  # the chaos variant: its own module
        return chaos.playout_action(state, rng)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    me = state.to_act
    assert me is not None
    chosen: Action | None = None
    if state.phase == "take" and not state.drafting(me):
        chosen = _take_turn(state, Mind(state, me), legal, rng)
    elif state.phase == "discard":
        chosen = _discard(state, Mind(state, me), legal, rng)
    if chosen is not None and chosen in legal:
        return chosen
    view = state.view(me)
    outlook = HandOutlook(list(state.hands[me]), list(state.area), state.opts, [])
    values = [
        (action_value(view, outlook, me, a, rng, DRAW_SAMPLES), rng.random(), k)
        for k, a in enumerate(legal)
    ]
    return legal[max(values)[2]]


def search_candidates(state: FantasyRealmsState, legal: list[Action]) -> list[int] | None:
    """The moves a search races (indexes into ``legal``; ``None``: every one).

    * the chaos trading: :func:`chaos.trade_candidates` (``legal`` is one seat's own list,
      each move naming it);
    * a turn's take: the draw and the ``SEARCH_TAKES`` area cards that make the best hand
      once its weakest card goes;
    * a discard: the ``SEARCH_DISCARDS`` cards whose loss costs the hand least.

    Items are always raced. A second of playouts plays a few dozen worlds of a base game at
    four seats; spread over eleven moves they would tell none apart.
    """
    if not legal:
        return None
    if state.phase == "trade":
        return chaos.trade_candidates(state.view(int(legal[0]["by"])), legal)
    me = state.to_act
    if me is None or state.phase not in ("take", "discard") or state.drafting(me):
        return None
    if state.phase == "take" and len(state.hands[me]) < state.hand_target(me):
        return None
    mind = Mind(state, me)
    hand = mind.hand
    base = mind.choices(hand) if any(c in _ACTIONS for c in hand) else {}
    kept = [k for k, a in enumerate(legal) if a["do"] not in ("take", "discard")]
    if state.phase == "take":
        takes = sorted(
            (
                (mind.after_discards([*hand, a["card"]], base, 1)[0][0], k)
                for k, a in enumerate(legal)
                if a["do"] == "take"
            ),
            reverse=True,
        )
        kept += [k for _v, k in takes[:SEARCH_TAKES]]
    else:
        where = {a["card"]: k for k, a in enumerate(legal) if a["do"] == "discard"}
        drops = [d for _v, d in mind.after_discards(hand, base) if d in where]
        kept += [where[d] for d in drops[:SEARCH_DISCARDS]]
    return sorted(kept)


def search_outcome(state: FantasyRealmsState) -> list[float]:
    """A finished game's payoffs for search: each player's share of the win, softened by the
    final scores (``exp(total / OUTCOME_SPREAD)``, normalised), so that a narrow loss is worth
    more than a rout and a playout says more than the one bit of who won."""
    left = {int(r["player"]): float(r["total"]) for r in state.results if not r["conceded"]}
    if len(left) < 2:
        return state.returns()  # the last seat in wins, whatever the scores
    return _win_shares(left, state.num_players)


def _win_shares(scores: dict[int, float], players: int) -> list[float]:
    """Each seat's share of ``exp(score / OUTCOME_SPREAD)`` among the seats in ``scores``
    (0 for a seat not in it): the softened win of :func:`search_outcome` and :func:`evaluate`."""
    top = max(scores.values())
    weights = [0.0] * players
    for q, v in scores.items():
        weights[q] = math.exp((v - top) / OUTCOME_SPREAD)
    whole = sum(weights)
    return [w / whole for w in weights]


def evaluate(state: FantasyRealmsState, player: int) -> float:
    """The chance that ``player`` wins, from the hands' best scores as they stand: its share
    of ``exp(score / OUTCOME_SPREAD)`` among the seats still in (the result once over)."""
    if state.over:
        return state.returns()[player]
    if player in state.out:
        return 0.0
    area, suits, players = state.area, state.opts.suits, state.opts.players
    scores = {
        q: float(hand_score(state.hands[q], area, suits, players)[0])
        for q in range(players)
        if q not in state.out
    }
    return _win_shares(scores, players)[player]


def search_policy(state: FantasyRealmsState, rng: random.Random) -> Action:
    """The greedy player's move, which search and the analysis play their playouts with:
    :func:`playout_action` scores many hands exactly at every move (some 4 ms compiled,
    against 0.9 ms), and a second of search wants a few hundred playouts. They stop after
    ``SEARCH_HORIZON`` turns, scored by :func:`evaluate`."""
    if chaos.in_chaos(state.phase):
        return chaos.playout_action(state, rng)
    legal, me = state.legal_actions(), state.to_act
    if len(legal) == 1 or me is None:
        return legal[0]
    return heuristics.choose(state.view(me), legal, rng)
