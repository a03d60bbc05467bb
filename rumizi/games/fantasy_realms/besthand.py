"""The best hand of Fantasy Realms, proven by branch and bound.

A hand is 7 cards of the deck, or 8 when it holds Necromancer (its eighth card, an Army,
Leader, Wizard or Beast, comes from the discard area, and any card may lie there). The search
picks cards in a fixed order (highest potential first) and, at every node, bounds what any
completion could score:

    bound = Σ ub(c, U) over the cards already picked
          + the largest ub(c, U) of the cards still allowed, as many as places are left

where ``U`` is every card still possible (picked or allowed) and ``ub(c, U)`` is an upper
bound on what card ``c`` can add to any hand drawn from ``U``: its strength plus its bonus
counted optimistically (every card of ``U`` of the suit it wants, every wild card and Book of
Changes counted as any suit or name at once, never more than the hand's other places),
penalties as 0, and 0 if that is higher (a blanked card adds 0). The cards picked are in the
hand for sure, but only as many of the allowed ones as places are left can join them, so a
count takes at most that many of the allowed cards (with two places left, King counts the
Armies picked and two more, not six): most of the pruning deep in the tree comes from that.
A card that may be blanked adds 0 at least, but a Genie that nothing can blank surely costs
what it does (:func:`genie_debt`): a completion without Wildfire or Book of Changes pays it
(:func:`completion_bound`). Because every term is an upper bound, a node whose bound cannot
beat the hands kept so far holds no better hand: the result is exact. :func:`check_bound`
and :func:`node_bounds` test the bounds against exact scores.

The leaves are scored exactly with :func:`rumizi.games.fantasy_realms.score_hand`'s optimiser.

>>> pool = ["king", "queen", "knights", "rangers", "warlord", "elven-archers",
...         "sword-of-keth", "shield-of-keth", "princess", "collector"]
>>> result = search(pool)
>>> result.best[0][0], sorted(result.best[0][1])[:3]
(265, ['elven-archers', 'king', 'knights'])
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from rumizi.games.fantasy_realms.cards import SUITS, base_deck, bit, card_info
from rumizi.games.fantasy_realms.scoring import PENALTY_CARDS, Table, gem_runs

# Each suit's mask bit (a dict lookup: the bounds ask for them very often). Final: compiled,
# a final name is read from a C static, not looked up in the module.
_BIT: Final = {s: bit(s) for s in SUITS}
WILD_IDS: Final = frozenset({"doppelganger", "mirage", "shapeshifter"})
EXTRA_SUITS: Final = _BIT["army"] | _BIT["leader"] | _BIT["wizard"] | _BIT["beast"]
MIRAGE_POOL: Final = _BIT["army"] | _BIT["land"] | _BIT["weather"] | _BIT["flood"] | _BIT["flame"]
SHAPESHIFTER_POOL: Final = (
    _BIT["artifact"] | _BIT["leader"] | _BIT["wizard"] | _BIT["weapon"] | _BIT["beast"]
)


@dataclass(frozen=True, slots=True)
class Card:
    """A card as the bounds see it: whose text it carries, its suits and its strength. One
    concrete class (not a protocol over the cards file's records), so that the compiled
    bounds read its fields directly: they read them millions of times in a search."""

    id: str
    suits: int
    strength: int


def bounded(ids: Iterable[str], expansion: bool = False) -> list[Card]:
    """The cards of these ids as the bounds see them."""
    out = []
    for c in ids:
        info = card_info(c, expansion=expansion)
        out.append(Card(info.id, info.suits, info.strength))
    return out


def _suit_counts(cards: Iterable[Card]) -> list[int]:
    """How many of ``cards`` are of each suit (a card of several suits counts in each)."""
    count = [0] * len(SUITS)
    for c in cards:
        m = c.suits
        while m:
            low = m & -m
            count[low.bit_length() - 1] += 1
            m ^= low
    return count


class Universe:
    """What the cards of ``U`` offer a hand of at most ``size`` cards, for the bounds.

    ``names`` are the names present (default: the cards' ids); ``open_actions`` the ACTION
    cards whose choice is still open (default: every one of ``U``), each a joker for counts.
    A card of no suit (``suits == 0``) is Book of Changes' target whose new suit is still
    open: Book is then that card's joker, and no other card's suit can change.

    ``held``: the first ``held`` cards are in the hand for sure and at most ``places`` of the
    others join them (a node of the best-hand search). A count then takes at most that many
    cards from the others, jokers included, instead of the whole hand's size: deep in the
    search, with two places left, a King counts two more Armies, not six.
    """

    def __init__(
        self,
        cards: Iterable[Card],
        size: int,
        *,
        expansion: bool = False,
        fixed_bonus: dict[str, int] | None = None,
        names: Iterable[str] | None = None,
        open_actions: Iterable[str] | None = None,
        held: int | None = None,
        places: int = 0,
    ) -> None:
        self.expansion = expansion
        # Bonuses that do not depend on the hand (the Undead that look at the discard area).
        self.fixed_bonus = fixed_bonus or {}
        self.cards = list(cards)
        self.size = size
        self.ids: frozenset[str] = (
            names
            if isinstance(names, frozenset)
            else frozenset(names if names is not None else (c.id for c in self.cards))
        )
        self.count = _suit_counts(self.cards)
        actions = set(open_actions) if open_actions is not None else self.ids
        wilds = actions & WILD_IDS
        # Cards that can be of any suit for somebody's count: the wilds and Book's target.
        book = "book-of-changes" in actions
        self.jokers = len(wilds) + (1 if book else 0)
        # The Book's target already chosen (its suit open), or any card still (``book``).
        # One pass (the optimiser's bounds build a universe at every node): the strengths
        # of the cards but the wilds, the cards of several suits (the Phoenixes, which one
        # text can count twice), and whether a card has no suit yet.
        strengths = []
        multi = 0
        suitless = False
        for c in self.cards:
            su = c.suits
            if c.id not in WILD_IDS:
                strengths.append(c.strength)
            if su & (su - 1):
                multi += 1
            if su == 0:
                suitless = True
        strengths.sort(reverse=True)
        self.target = book and suitless
        self.book = book and not self.target
        self.doppel = "doppelganger" in actions
        self.mirage = "mirage" in actions
        self.shapeshifter = "shapeshifter" in actions
        self.strengths = strengths
        self.multi = multi
        # The limited counts of a search node: ``count`` then holds the sure cards only.
        self.limited = held is not None
        if held is not None:
            self._limit(held, places)

    def _limit(self, held: int, places: int) -> None:
        sure, rest = self.cards[:held], self.cards[held:]
        self.held = held
        self.sure_ids = {c.id for c in sure}
        self.places = places
        # ``count`` held every card: the sure ones are counted, the others are the rest.
        every = self.count
        self.count = _suit_counts(sure)
        self.rest = [a - b for a, b in zip(every, self.count, strict=True)]
        # Jokers by side (a limited universe never holds a Book target of no suit). A wild
        # that joins takes a place as the card it becomes; Book of Changes takes its place as
        # an Artifact and changes another card, perhaps a sure one: that +1 is outside the cap.
        rest_ids = {c.id for c in rest}
        self.rest_wilds = sum(1 for a in WILD_IDS if a in rest_ids and a in self.ids)
        self.rest_book = 1 if self.book and "book-of-changes" in rest_ids else 0
        self.sure_jokers = self.jokers - self.rest_wilds
        self.rest_multi = sum(1 for c in rest if c.suits & (c.suits - 1))

    def _split(self, me: Card, i: int, k: int) -> tuple[int, int, int]:
        """Cards of suit index ``i`` (bit ``k``) other than ``me``: the sure ones, those that
        may join, and how many may join at most (``me`` itself takes a place if it joins)."""
        mine = 1 if me.suits & k else 0
        if me.id in self.sure_ids:
            return self.count[i] - mine, self.rest[i], self.places
        return self.count[i], self.rest[i] - mine, self.places - 1

    def room(self, me: Card) -> int:
        """The places left below a search node beside ``me`` (which takes one if not picked)."""
        return max(0, self.places if me.id in self.sure_ids else self.places - 1)

    def sides(self, me: Card, i: int) -> tuple[int, int]:
        """Cards of suit index ``i`` in a hand with ``me`` below a search node: the sure ones
        (``me`` included if of that suit) and those that may join."""
        k = 1 << i
        sure, rest, _ = self._split(me, i, k)
        return sure + (1 if me.suits & k else 0), max(0, rest)

    def _n(self, me: Card, k: int, taken: int = 0) -> int:
        """Other cards that can be of suit bit ``k`` in a hand with ``me``, jokers counted
        (below a search node, with ``taken`` of the places left kept for other cards)."""
        if not self.limited:
            return self.count[k.bit_length() - 1] - (1 if me.suits & k else 0) + self._jokers(me)
        sure, rest, room = self._split(me, k.bit_length() - 1, k)
        return sure + self.sure_jokers + min(rest + self.rest_wilds, max(room - taken, 0))

    def strongest(self, suit: str) -> list[int]:
        """The strengths of the cards of ``suit`` a hand could hold (all of them, or with
        limited places the sure ones and the strongest of the others that fit)."""
        k = _BIT[suit]
        if not self.limited:
            return [x.strength for x in self.cards if x.suits & k]
        sure = [x.strength for x in self.cards[: self.held] if x.suits & k]
        rest = sorted((x.strength for x in self.cards[self.held :] if x.suits & k), reverse=True)
        return sure + rest[: self.places]

    def _jokers(self, me: Card) -> int:
        """The jokers other than ``me`` (the Book's chosen target is its own joker)."""
        return self.jokers - (1 if self.target and me.suits == 0 else 0)

    def _with_me(self, me: Card, n: int, cap: int, k: int) -> int:
        """``me`` and the ``n`` other cards of the suits ``k`` it can count (jokers
        included), at most ``cap`` of them. Book of Changes moves one card: it makes ``me``
        one of them or adds another, never both."""
        if me.suits & k or (self.target and me.suits == 0):
            return min(n, cap) + 1
        if self.book:
            return min(n, cap + 1)
        return min(n, cap)

    def others(self, me: Card, suit: str) -> int:
        """How many other cards of ``suit`` a hand with ``me`` could hold at most."""
        return max(0, min(self._n(me, _BIT[suit]), self.size - 1))

    def every(self, me: Card, suit: str, taken: int = 0) -> int:
        """How many cards of ``suit`` a hand with ``me`` could hold, ``me`` included (Book of
        Changes may have made ``me`` one of them); ``taken`` places are kept for others."""
        k = _BIT[suit]
        return max(0, self._with_me(me, self._n(me, k, taken), self.size - 1, k))

    def extra_strengths(self) -> list[int]:
        """Strengths that may join a suit they are not printed in (Warlord, Crypt): an open
        Doppelganger's or Book's (the strongest card), or the Book's chosen target's."""
        top = self.strengths[0] if self.strengths else 0
        out = [top] * ((1 if self.book else 0) + (1 if self.doppel else 0))
        return out + [c.strength for c in self.cards if self.target and c.suits == 0]

    def fixed(self, me: Card, suit: str) -> int:
        """Cards of ``suit`` other than ``me``, not counting any joker."""
        k = _BIT[suit]
        if not self.limited:
            return self.count[k.bit_length() - 1] - (1 if me.suits & k else 0)
        sure, rest, room = self._split(me, k.bit_length() - 1, k)
        return sure + min(rest, max(room, 0))

    def many(self, me: Card, suits: Sequence[str], other: Sequence[str] = ()) -> int:
        """How many cards a "for each X, Y and other Z" text could count at most: the jokers
        count once in all, not once per suit (a card of two suits counts twice)."""
        k = sum(_BIT[s] for s in suits)
        if not self.limited:
            n = sum(self.fixed(me, s) for s in (*suits, *other)) + self._jokers(me)
            return max(0, self._with_me(me, max(0, n), self.size - 1 + self.multi, k))
        # The places are shared by every suit counted: one joint cap on the cards that join.
        sure = rest = 0
        room = self.places
        for s in (*suits, *other):
            b = _BIT[s]
            a, r, room = self._split(me, b.bit_length() - 1, b)
            sure += a
            rest += r
        rest = min(rest + self.rest_wilds, max(room, 0) + self.rest_multi)
        n = sure + self.sure_jokers + rest
        return max(0, self._with_me(me, max(0, n), self.size - 1 + self.multi, k))

    def some(self, me: Card, *suits: str) -> bool:
        return any(self.every(me, s) > 0 for s in suits)

    def joins(self, me: Card, *names: str) -> bool:
        """Whether a hand with ``me`` can hold a card of each of these names (the card, or
        a wild naming it): below a search node each one not picked takes a place, as does
        ``me`` (a picked wild may stand for one)."""
        if not all(self.named(n) for n in names):
            return False
        if not self.limited:
            return True
        need = sum(1 for n in names if n not in self.sure_ids)
        need += 0 if me.id in self.sure_ids else 1
        need -= sum(1 for w in WILD_IDS if w in self.sure_ids)
        return need <= self.places

    def named(self, name: str) -> bool:
        """Whether a card of that name can be in the hand (itself, or a wild naming it)."""
        if name in self.ids:
            return True
        info = card_info(name, expansion=self.expansion)
        extra = self.expansion
        if self.mirage and info.suits & (MIRAGE_POOL | (_BIT["building"] if extra else 0)):
            return True
        pool = SHAPESHIFTER_POOL | (_BIT["undead"] if extra else 0)
        return bool(self.shapeshifter and info.suits & pool)


# The bounds of the best-hand search ask for the same few values millions of times.
_GEM_SPLITS: Final[dict[tuple[int, int], int]] = {}
_COLLECTOR_TIERS: Final[dict[tuple[int, int, int, int, int], int]] = {}


_DUNGEON_SUITS: Final = tuple(SUITS.index(s) for s in ("undead", "beast", "artifact"))


def _dungeon_places(me: Card, u: Universe) -> int:
    """Dungeon's bonus for its three suits at most below a search node, the places left
    shared by them: each card that joins adds 5, or 10 as the first of its suit; a sure
    joker adds 10 without a place."""
    total = 10 * u.sure_jokers
    gains = [10] * u.rest_wilds
    for i in _DUNGEON_SUITS:
        have, can = u.sides(me, i)
        if have:
            total += 10 + 5 * (have - 1)
            gains += [5] * can
        elif can:
            gains += [10] + [5] * (can - 1)
    gains.sort(reverse=True)
    return total + sum(gains[: u.room(me)])


_CARRIES_PENALTY: Final = PENALTY_CARDS | {"doppelganger"}


def _penalties(me: Card, u: Universe) -> int:
    """How many other cards with a penalty a hand below a search node can hold (Judge): the
    sure ones and as many others as places are left (a Doppelganger may copy one)."""
    sure = rest = 0
    for k, c in enumerate(u.cards):
        if c.id != me.id and c.id in _CARRIES_PENALTY:
            if k < u.held:
                sure += 1
            else:
                rest += 1
    return sure + min(rest, u.room(me))


_CASTLE_SUITS: Final = tuple(SUITS.index(s) for s in ("leader", "army", "land"))
_BUILDING: Final = SUITS.index("building")


def _castle_places(me: Card, u: Universe) -> int:
    """Castle's bonus at most below a search node, the places left shared: +10 for each of
    Leader, Army and Land present (a joined card or a wild one fills a missing suit), and the
    other Buildings' +10 for the first and +5 for each further one; a sure joker adds 10
    without a place."""
    total = 0
    gains = [10] * u.rest_wilds
    jokers = u.sure_jokers
    for i in _CASTLE_SUITS:
        have, can = u.sides(me, i)
        if have:
            total += 10
        elif jokers:
            jokers -= 1
            total += 10
        elif can:
            gains.append(10)
    # The other Buildings (Castle is one).
    have, can, _ = u._split(me, _BUILDING, 1 << _BUILDING)
    can = max(0, can)
    if have > 0:
        total += 10 + 5 * (have - 1)
        gains += [5] * can
    elif can:
        gains += [10] + [5] * (can - 1)
    total += 10 * jokers  # the sure jokers left: at best a first Building each
    gains.sort(reverse=True)
    return total + sum(gains[: u.room(me)])


def _strongest_other(me: Card, u: Universe, *, wilds: bool) -> int:
    """The strongest other card a hand can hold with ``me`` (the one a Doppelganger copies, a
    Fountain of Life adds): below a search node a picked one, or one that joins if a place is
    left beside ``me``."""
    pool = u.cards if not u.limited or u.room(me) > 0 else u.cards[: u.held]
    return max(
        (x.strength for x in pool if x.id != me.id and (wilds or x.id not in WILD_IDS)),
        default=0,
    )


def _tier(n: int) -> int:
    return 10 if n == 3 else 40 if n == 4 else 100 if n >= 5 else 0


def _collector_bound(me: Card, u: Universe) -> int:
    # Names per suit: the cards of U of that suit (Collector's own suits included), and the
    # jokers shared out among at most three suits (a hand of 9 has room for three sets).
    fixed = sorted(
        (u.fixed(me, s) + (1 if me.suits & _BIT[s] else 0) for s in SUITS), reverse=True
    )[:3]
    bound = collector_tiers(fixed, u.jokers, u.size)
    if not u.limited or u.rest_multi:
        return bound
    return min(bound, _collector_places(me, u))


def _collector_places(me: Card, u: Universe) -> int:
    """Collector's bonus at most below a search node: the places left are shared by every
    suit (a count per suit would give each suit all of them). Each suit starts from its sure
    cards, Collector included; a card that joins, of the suit or a wild one, takes a place; a
    sure wild card or Book of Changes (anywhere: its move is free) adds one without."""
    free = u.sure_jokers
    flexible = u.rest_wilds + free
    # best[b]: the most the suits so far pay with at most b more cards.
    best = [0] * (u.room(me) + free + 1)
    for i in range(len(SUITS)):
        have, can = u.sides(me, i)
        can += flexible
        if have + can < 3:
            continue
        paid = _tier(have)
        grown = [v + paid for v in best]
        for target in (3, 4, 5):
            cost = target - have
            if cost <= 0 or cost > can:
                continue
            gain = _tier(target)
            for b in range(cost, len(best)):
                grown[b] = max(grown[b], best[b - cost] + gain)
        best = grown
    return best[-1]


def collector_tiers(fixed: Sequence[int], jokers: int, size: int) -> int:
    """Collector's bonus at most, given the three largest counts of different names per suit
    (largest first), the jokers that may join any suit and the hand size."""
    fixed = [*fixed, 0, 0, 0][:3]
    key = (fixed[0], fixed[1], fixed[2], jokers, size)
    known = _COLLECTOR_TIERS.get(key)
    if known is not None:
        return known
    best = 0
    for j1 in range(jokers + 1):
        for j2 in range(jokers - j1 + 1):
            a = (fixed[0] + j1, fixed[1] + j2, fixed[2] + jokers - j1 - j2)
            for x in range(min(a[0], size) + 1):
                for y in range(min(a[1], size - x) + 1):
                    z = min(a[2], size - x - y)
                    best = max(best, _tier(x) + _tier(y) + _tier(z))
    _COLLECTOR_TIERS[key] = best
    return best


def _gem_bound(me: Card, u: Universe) -> int:
    if u.limited:
        longest = _longest_run(me, u)
    else:
        values = sorted(set(u.strengths) | ({0} if u.ids & WILD_IDS else set()))
        longest = run = 0
        for k, v in enumerate(values):
            run = run + 1 if k and v == values[k - 1] + 1 else 1
            longest = max(longest, run)
    if longest < 3:
        return 0
    return gem_splits(longest, u.size)


def _longest_run(me: Card, u: Universe) -> int:
    """The longest run of consecutive base strengths a hand below a search node can hold
    with ``me``: the values of the sure cards (and of ``me``) come free, each other value
    takes one of the places left (a wild card's value is 0; a Doppelganger's copy only
    repeats a value)."""
    sure = {me.strength}
    other = set()
    for k, c in enumerate(u.cards):
        v = 0 if c.id in WILD_IDS else c.strength
        if k < u.held:
            sure.add(v)
        else:
            other.add(v)
    room = u.room(me)
    values = sorted(sure | other)
    longest = start = cost = 0
    for k, v in enumerate(values):
        if k and v != values[k - 1] + 1:
            start, cost = k, 0
        cost += v not in sure
        while cost > room:
            cost -= values[start] not in sure
            start += 1
        longest = max(longest, k - start + 1)
    return longest


def gem_splits(longest: int, size: int) -> int:
    """Gem of Order's bonus at most for ``size`` cards whose values hold runs of at most
    ``longest``: the best split of the places into runs of 3..longest (duplicates allow a
    run to repeat).

    >>> gem_splits(3, 7), gem_splits(4, 8), gem_splits(7, 7)
    (20, 60, 150)
    """
    key = (longest, size)
    value = _GEM_SPLITS.get(key)
    if value is None:
        best = [0] * (size + 1)
        for n in range(size + 1):
            for part in range(3, min(longest, n) + 1):
                best[n] = max(best[n], best[n - part] + gem_runs(list(range(part))))
        value = _GEM_SPLITS[key] = max(best)
    return value


def _strongest_sum(u: Universe, suit: str) -> int:
    """At most the sum of the strengths of a hand's cards of ``suit`` (Warlord, Crypt): the
    strongest that fit, those that may join it included, but none below 0 (a card that may
    join, like Genie as Book's target, need not; one that must only lowers the sum)."""
    strengths = sorted(u.strongest(suit) + u.extra_strengths(), reverse=True)[: u.size]
    return sum(x for x in strengths if x > 0)


def upper_bound(me: Card, u: Universe) -> int:
    """At most what card ``me`` adds to any hand drawn from ``u`` (0 or more)."""
    c = me.id
    o = u.others
    e = u.every
    m = u.size - 1
    b = 0
    if c == "mountain":
        b = 50 if u.joins(me, "smoke", "wildfire") else 0
    elif c == "cavern":
        b = 25 if u.joins(me, "dwarvish-infantry") or u.joins(me, "dragon") else 0
    elif c == "bell-tower":
        b = 15 if u.some(me, "wizard") else 0
    elif c == "forest":
        b = 12 * e(me, "beast") + (12 if u.named("elven-archers") else 0)
    elif c == "earth-elemental":
        b = 15 * o(me, "land")
    elif c == "fountain-of-life":
        b = max(_strongest_other(me, u, wilds=False), me.strength)
    elif c == "water-elemental":
        b = 15 * o(me, "flood")
    elif c == "rainstorm":
        b = 10 * e(me, "flood")
    elif c == "whirlwind":
        ok = u.joins(me, "rainstorm", "blizzard") or u.joins(me, "rainstorm", "great-flood")
        b = 40 if ok else 0
    elif c == "air-elemental":
        b = 15 * o(me, "weather")
    elif c == "candle":
        ok = u.joins(me, "book-of-changes", "bell-tower") and u.some(me, "wizard")
        b = 100 if ok else 0
    elif c == "forge":
        b = 9 * u.many(me, ("weapon", "artifact"))
    elif c == "lightning":
        b = 30 if u.joins(me, "rainstorm") else 0
    elif c == "fire-elemental":
        b = 15 * o(me, "flame")
    elif c == "elven-archers":
        b = 5
    elif c == "rangers":
        b = 10 * e(me, "land")
    elif c == "collector":
        b = _collector_bound(me, u)
    elif c == "beastmaster":
        b = 9 * e(me, "beast")
    elif c == "enchantress":
        b = 5 * u.many(me, ("land", "weather", "flood", "flame"))
    elif c in ("king", "queen"):
        partner = "queen" if c == "king" else "king"
        b = 5 * e(me, "army")
        if u.joins(me, partner):
            # Below a search node a partner not picked yet takes a place an Army could have.
            wild = u.limited and not u.sure_ids.isdisjoint(WILD_IDS)
            away = 1 if u.limited and partner not in u.sure_ids and not wild else 0
            b = max(b, 20 * u.every(me, "army", away))
    elif c == "princess":
        b = 8 * u.many(me, ("army", "wizard"), ("leader",))
    elif c == "warlord":
        b = _strongest_sum(u, "army")
    elif c == "empress":
        b = 10 * e(me, "army")
    elif c == "unicorn":
        if u.joins(me, "princess"):
            b = 30
        elif any(u.joins(me, x) for x in ("empress", "queen", "enchantress")):
            b = 15
    elif c == "warhorse":
        b = 14 if u.some(me, "leader", "wizard") else 0
    elif c == "hydra":
        b = 28 if u.joins(me, "swamp") else 0
    elif c == "magic-wand":
        b = 25 if u.some(me, "wizard") else 0
    elif c in ("sword-of-keth", "shield-of-keth"):
        pair = "shield-of-keth" if c == "sword-of-keth" else "sword-of-keth"
        if u.some(me, "leader"):
            b = 40 if u.joins(me, pair) else (10 if c == "sword-of-keth" else 15)
    elif c == "elven-longbow":
        ok = any(u.joins(me, x) for x in ("elven-archers", "warlord", "beastmaster"))
        b = 30 if ok else 0
    elif c == "gem-of-order":
        b = _gem_bound(me, u)
    elif c == "world-tree":
        b = 50
    elif c == "doppelganger":
        return max(0, _strongest_other(me, u, wilds=True))
    elif c == "jester":
        b = max(3 * m, 50)
    elif c in u.fixed_bonus:
        b = u.fixed_bonus[c]
    elif c == "garden":
        b = 11 * u.many(me, ("leader", "beast"))
    elif c == "dungeon":
        for suit in ("undead", "beast", "artifact"):
            n = min(u.fixed(me, suit) + (1 if me.suits & _BIT[suit] else 0), u.size)
            b += 10 + 5 * (n - 1) if n else 0
        b += 10 * u.jokers  # a joker (a wild, Book's target) is at best a first card
        if u.limited:
            b = min(b, _dungeon_places(me, u))
        b += 5 * sum(1 for x in ("necromancer", "warlock-lord", "demon") if u.named(x))
    elif c == "castle":
        n = o(me, "building")
        # +10 for each of Leader, Army and Land present: a joker supplies one missing suit.
        held = sum(1 for s in ("leader", "army", "land") if u.fixed(me, s) or me.suits & _BIT[s])
        b = 10 * min(3, held + u.jokers) + (10 + 5 * (n - 1) if n else 0)
        if u.limited:
            b = min(b, _castle_places(me, u))
    elif c == "crypt":
        b = _strongest_sum(u, "undead")
    elif c == "chapel":
        b = 40
    elif c == "genie":
        b = 60  # +10 for each other player, at most six
    elif c == "judge":
        b = 10 * (_penalties(me, u) if u.limited else m)
    elif c == "lich":
        b = (10 if u.named("necromancer") else 0) + 10 * o(me, "undead")
    if c == "bell-tower" and u.expansion:
        b = 15 if u.some(me, "wizard", "undead") else 0
    elif c == "rangers" and u.expansion:
        b = 10 * u.many(me, ("land", "building"))
    elif c == "world-tree" and u.expansion:
        b = 70
    return max(0, me.strength + b)


@dataclass
class Result:
    """The top hands found (best first) and how much work the proof took."""

    best: list[tuple[int, tuple[str, ...]]]
    nodes: int = 0
    leaves: int = 0
    pruned: int = 0
    branches: list[int] = field(default_factory=list)


def exact(hand: Sequence[str], table: Table) -> int:
    """The exact best total of one hand."""
    # Imported here: the optimiser's bounds are built on this module's.
    from rumizi.games.fantasy_realms.optimize import best_choices

    infos = [card_info(c, expansion=table.expansion) for c in hand]
    return best_choices(infos, table)[0]


# Cards that bring an extra card at the end of the game: Necromancer (from the discard
# area, an Army, Leader, Wizard or Beast, or with the Cursed Hoard suits also an Undead), and
# with the Cursed Hoard the Genie (any card of the draw deck) and the Leprechaun (the top card
# of the deck: the best hand assumes it is the card wanted).
GIVERS: Final = ("necromancer", "genie", "leprechaun")


# Genie's bonus at the searched table (four players, ``Table()``'s default); its general
# bound allows seven.
GENIE_BONUS: Final = {"genie": 10 * (Table().players - 1)}


# Genie is an Outsider of strength -50. Only Wildfire blanks an Outsider, and only Book of
# Changes can give it a suit another card blanks: without either among the cards, a Genie in
# the hand surely adds its strength and bonus (-20 at the searched table), which the floor of 0
# in :func:`upper_bound` (for a card that may be blanked) would count as 0.
GENIE_BLANKERS: Final = frozenset({"wildfire", "book-of-changes"})
_GENIE_STRENGTH: Final = card_info("genie", expansion=True).strength


def genie_debt(hand: Iterable[str], fixed_bonus: dict[str, int]) -> int:
    """What a Genie surely costs a hand of these cards beyond its bound (0 or less): its
    strength less its bonus (``fixed_bonus``, else the most, at a table of seven), unless the
    hand holds a card that could blank it.

    >>> genie_debt(["genie", "king", "queen"], GENIE_BONUS)
    -20
    >>> genie_debt(["genie", "king", "wildfire"], GENIE_BONUS), genie_debt(["genie"], {})
    (0, 0)
    """
    held = set(hand)
    if "genie" not in held or held & GENIE_BLANKERS:
        return 0
    return min(0, _GENIE_STRENGTH + fixed_bonus.get("genie", 60))


def completion_bound(
    held: Sequence[str], rest: Sequence[Card], bounds: Sequence[int], places: int, debt: int
) -> int:
    """At most what ``places`` more of the cards ``rest`` (whose bounds are ``bounds``) add to
    a node's cards ``held``, with the Genie's ``debt`` (:func:`genie_debt` of a hand without
    a card that could blank it) counted: a completion without such a card pays it, one with
    such a card gives it a place.

    >>> rest = bounded(["king", "queen", "book-of-changes"], expansion=True)
    >>> completion_bound(["genie"], rest, [30, 30, 3], 2, -20)
    40
    >>> completion_bound(["genie"], rest, [30, 30, 3], 2, 0)
    60
    """
    plain = sorted(bounds, reverse=True)
    top = sum(plain[:places])
    if debt == 0 or "genie" not in held or not GENIE_BLANKERS.isdisjoint(held):
        return top
    pairs = zip(bounds, rest, strict=True)
    strongest = max((b for b, c in pairs if c.id in GENIE_BLANKERS), default=None)
    if strongest is None:
        return top + debt
    if len(plain) <= places:
        return top  # every card fits, a blanker too
    # A completion with a blanker gives it a place, at best the weakest of the top ones.
    return top - min(-debt, max(0, plain[places - 1] - strongest))


def hand_size(expansion: bool) -> int:
    """The cards of a hand before any extra card: 7, or 8 with the Cursed Hoard suits."""
    return 8 if expansion else 7


def givers(cards: Iterable[str], expansion: bool) -> int:
    """How many extra cards the cards that bring one could add."""
    held = set(cards)
    return sum(1 for g in GIVERS if g in held and (expansion or g == "necromancer"))


def valid(hand: Sequence[str], expansion: bool = False) -> bool:
    """A hand of 7 cards (8 with the Cursed Hoard suits), or one with an extra card for each of
    its cards that bring one (an extra card may itself bring one); Necromancer's extra must be
    a card of the suits it may take."""
    base = hand_size(expansion)
    extra = len(hand) - base
    if extra == 0:
        return True
    if extra < 0 or extra > givers(hand, expansion):
        return False
    if "necromancer" not in hand or (expansion and extra > 1):
        return True  # the others may take any card; Necromancer may then take one of its own
    suits = EXTRA_SUITS | (_BIT["undead"] if expansion else 0)
    return any(c != "necromancer" and card_info(c, expansion=expansion).suits & suits for c in hand)


def search_order(pool: Sequence[str] | None = None, expansion: bool = False) -> list[str]:
    """The order in which :func:`search` picks cards (its branches are positions in it): the
    cards that bring an extra card first, then the highest bounds."""
    deck = pool or base_deck(expansion=expansion)
    cards = bounded(deck, expansion)
    size = hand_size(expansion) + givers(deck, expansion)
    root = Universe(cards, size, expansion=expansion)
    first = GIVERS if expansion else ("necromancer",)
    key = {c.id: (c.id not in first, -upper_bound(c, root), c.id) for c in cards}
    return sorted((c.id for c in cards), key=key.__getitem__)


def node_size(picked: Iterable[str], rest: Sequence[str], expansion: bool) -> int:
    """The most cards a hand below a search node can hold: one extra card for each card that
    brings one, picked or among the next three to pick (those come first in the order)."""
    return hand_size(expansion) + givers(picked, expansion) + givers(rest[:3], expansion)


def work_units(pool: Sequence[str] | None = None, expansion: bool = False) -> list[tuple[int, ...]]:
    """The pieces :func:`search` can be split into for worker processes, heaviest first: a
    card that brings an extra card (Necromancer; with the Cursed Hoard also Genie and
    Leprechaun) makes the largest hands, so its branch is split by its second card, and by its
    third where the second brings one too (Leprechaun with Genie); every other branch is one
    piece. Each piece is a prefix of positions in the search order, and together they cover
    every hand once."""
    order = search_order(pool, expansion)
    base = hand_size(expansion)
    split = {k for k, c in enumerate(order) if givers([c], expansion)}
    units: list[tuple[int, ...]] = []

    def cut(prefix: tuple[int, ...]) -> None:
        # A prefix that ends in a card that brings one is cut again by its next card.
        if prefix[-1] not in split or len(prefix) == 3:
            units.append(prefix)
            return
        for j in range(prefix[-1] + 1, len(order) - base + len(prefix) + 1):
            cut((*prefix, j))

    for k in range(len(order) - base + 1):
        cut((k,))
    return units


def search(
    pool: Sequence[str] | None = None,
    *,
    top: int = 1,
    first: Sequence[int | tuple[int, ...]] | None = None,
    progress: Callable[[int], None] | None = None,
    floor: int | None = None,
    start: Sequence[tuple[int, tuple[str, ...]]] = (),
    expansion: bool = False,
) -> Result:
    """Branch and bound over the base game's hands from ``pool`` (default: all 53 cards).

    ``first`` limits the search to branches whose first card has these positions in the
    search order, or whose first cards have these positions (tuples, as :func:`work_units`
    gives them), for splitting the work between processes; ``floor`` prunes every hand
    scoring less (a known score from another branch); ``start`` are hands already known
    (kept if good enough, they raise the bar at once); ``progress`` is called after each
    first-card branch.
    """
    table = Table(expansion=expansion)
    deck = pool or base_deck(expansion=expansion)
    cards = bounded(deck, expansion)
    # The cards that bring an extra card first: the branches without them then bound hands
    # of 7 cards (8 with the Cursed Hoard), not more.
    by_id = {c.id: c for c in cards}
    order = [by_id[c] for c in search_order(pool, expansion)]
    base = hand_size(expansion)
    heap: list[tuple[int, tuple[str, ...]]] = []
    result = Result(best=[])
    low = floor if floor is not None else -(10**9)
    genie_cost = genie_debt(("genie",), GENIE_BONUS)

    def threshold() -> int:
        return heap[0][0] if len(heap) >= top else low

    def keep(score: int, hand: tuple[str, ...]) -> None:
        key = tuple(sorted(hand))
        if len(heap) < top:
            heapq.heappush(heap, (score, key))
        elif (score, key) > heap[0]:
            heapq.heapreplace(heap, (score, key))

    def walk(picked: list[Card], start: int) -> None:
        result.nodes += 1
        n = len(picked)
        ids = tuple(c.id for c in picked)
        if n >= base and valid(ids, expansion):
            # The hand's own bound (its cards only) first: exact scoring is the costly part.
            own = Universe(picked, n, expansion=expansion, fixed_bonus=GENIE_BONUS)
            debt = genie_debt(ids, GENIE_BONUS)
            if sum(upper_bound(c, own) for c in picked) + debt >= threshold():
                result.leaves += 1
                score = exact(ids, table)
                if score >= threshold():
                    keep(score, ids)
        rest = order[start:]
        # At most one extra card for each card that brings one, picked or still to pick.
        size = node_size(ids, [c.id for c in rest[:3]], expansion)
        if n >= size:
            return
        u = Universe(
            picked + rest,
            size,
            expansion=expansion,
            fixed_bonus=GENIE_BONUS,
            held=n,
            places=size - n,
        )
        mine = sum(upper_bound(c, u) for c in picked)
        bounds = [upper_bound(c, u) for c in rest]
        places = size - n
        if mine + completion_bound(ids, rest, bounds, places, genie_cost) < threshold():
            result.pruned += 1
            return
        # A child adds rest[j] and then cards after it; with this node's bounds (a superset's,
        # so still upper bounds) a hopeless child is skipped before it is built.
        best_after: list[int] = [0] * (len(rest) + 1)
        tops: list[int] = []
        for j in range(len(rest) - 1, -1, -1):
            best_after[j + 1] = sum(tops)
            tops = sorted([*tops, bounds[j]], reverse=True)[: max(places - 1, 0)]
        for j in range(len(rest)):
            if len(rest) - j < (base - n):
                break
            if mine + bounds[j] + best_after[j + 1] < threshold():
                result.pruned += 1
                continue
            picked.append(rest[j])
            walk(picked, start + j + 1)
            picked.pop()

    for score, hand in start:
        keep(score, hand)
    branches = range(len(order)) if first is None else first
    for k in branches:
        prefix = (k,) if isinstance(k, int) else tuple(k)
        if len(order) - prefix[0] < base:
            break
        walk([order[i] for i in prefix], prefix[-1] + 1)
        result.branches.append(prefix[0])
        if progress is not None:
            progress(prefix[0])
    result.best = sorted(heap, key=lambda x: (-x[0], x[1]))
    return result


def seed_hands(
    pool: Sequence[str] | None = None,
    *,
    restarts: int = 6,
    seed: int = 0,
    expansion: bool = False,
) -> list[tuple[int, tuple[str, ...]]]:
    """Good hands found quickly by local search (swap one card while it helps), to start the
    branch and bound with a high bar. They are real hands, scored exactly; the search that
    follows does not depend on them for its correctness, only for its speed."""
    import random

    rng = random.Random(seed)
    cards = sorted(pool or base_deck(expansion=expansion))
    table = Table(expansion=expansion)
    found: dict[tuple[str, ...], int] = {}
    for _ in range(restarts):
        hand = rng.sample(cards, hand_size(expansion))
        score = exact(hand, table)
        improved = True
        while improved:
            improved = False
            for k in range(len(hand)):
                for c in cards:
                    if c in hand:
                        continue
                    trial = [*hand[:k], c, *hand[k + 1 :]]
                    if not valid(trial, expansion):
                        continue  # a card that brought an extra one swapped for one that does not
                    t = exact(trial, table)
                    if t > score:
                        hand, score, improved = trial, t, True
            if len(hand) < hand_size(expansion) + givers(hand, expansion):
                for c in cards:
                    if c not in hand and valid([*hand, c], expansion):
                        t = exact([*hand, c], table)
                        if t > score:
                            hand, score, improved = [*hand, c], t, True
        found[tuple(sorted(hand))] = score
    return sorted(((s, h) for h, s in found.items()), key=lambda x: (-x[0], x[1]))


def check_bound(hand: Sequence[str], expansion: bool = False) -> tuple[int, int]:
    """``(bound, exact)`` for one hand: the bound summed over its own cards and its score."""
    cards = bounded(hand, expansion)
    u = Universe(cards, len(cards), expansion=expansion)
    bound = sum(upper_bound(c, u) for c in cards) + genie_debt(hand, {})
    return bound, exact(hand, Table(expansion=expansion))


def node_bounds(hand: Sequence[str], expansion: bool = False) -> list[int]:
    """What the search bounds ``hand`` by at each node on its way: with its first ``d`` cards
    (in the search order) picked, for every ``d``, the picked cards' bounds plus its other
    cards' bounds, all in that node's universe (the cards picked and every card after the
    last of them, with the places left). Each must be at least the hand's exact score."""
    order = search_order(expansion=expansion)
    position = {c: i for i, c in enumerate(order)}
    ranked = sorted(hand, key=position.__getitem__)
    wanted = set(ranked)
    out = []
    for d in range(1, len(ranked)):
        picked = ranked[:d]
        rest = order[position[picked[-1]] + 1 :]
        size = node_size(picked, rest, expansion)
        cards = bounded((*picked, *rest), expansion)
        u = Universe(
            cards, size, expansion=expansion, fixed_bonus=GENIE_BONUS, held=d, places=size - d
        )
        bound = sum(upper_bound(c, u) for c in cards if c.id in wanted)
        # The search counts a Genie's debt once it is picked, if the hand can't blank it.
        out.append(bound + (genie_debt(ranked, GENIE_BONUS) if "genie" in picked else 0))
    return out


def brute_best(
    pool: Sequence[str], top: int = 1, expansion: bool = False
) -> list[tuple[int, tuple[str, ...]]]:
    """Every valid hand of ``pool`` scored exactly (the reference for small pools)."""
    out = []
    table = Table(expansion=expansion)
    base = hand_size(expansion)
    for size in range(base, base + givers(pool, expansion) + 1):
        for hand in itertools.combinations(sorted(pool), size):
            if valid(hand, expansion):
                out.append((exact(hand, table), hand))
    return sorted(out, key=lambda x: (-x[0], x[1]))[:top]
