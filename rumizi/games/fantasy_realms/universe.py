"""What a set of cards offers a hand, as the per-card bounds see it.

The best-hand search (:mod:`.besthand`) and the optimiser's bounds (:mod:`.bounds`) ask every
card's rule (:mod:`.card_rules`) for an upper bound on what the card adds to any hand drawn
from a set of cards ``U``. A :class:`Card` is a card as the bounds see it (whose text it
carries, its suits, its strength); a :class:`Universe` answers the counts those bounds are
made of: how many cards of a suit a hand with the card could hold at most (wild cards and
Book of Changes counted as jokers), whether a named card can join it, the strongest cards of
a suit, and, below a node of the best-hand search, how many places are left.

>>> u = Universe(bounded(["king", "knights", "light-cavalry", "mirage"]), 4)
>>> me = u.cards[0]
>>> u.others(me, "army"), u.every(me, "leader"), u.named("queen"), u.named("princess")
(3, 2, False, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from rumizi.games.fantasy_realms.cards import SUITS, bit, card_info

# Each suit's mask bit (a dict lookup: the bounds ask for them very often). Final: compiled,
# a final name is read from a C static, not looked up in the module.
SUIT_BIT: Final = {s: bit(s) for s in SUITS}
WILD_IDS: Final = frozenset({"doppelganger", "mirage", "shapeshifter"})
EXTRA_SUITS: Final = SUIT_BIT["army"] | SUIT_BIT["leader"] | SUIT_BIT["wizard"] | SUIT_BIT["beast"]
MIRAGE_POOL: Final = (
    SUIT_BIT["army"]
    | SUIT_BIT["land"]
    | SUIT_BIT["weather"]
    | SUIT_BIT["flood"]
    | SUIT_BIT["flame"]
)
SHAPESHIFTER_POOL: Final = (
    SUIT_BIT["artifact"]
    | SUIT_BIT["leader"]
    | SUIT_BIT["wizard"]
    | SUIT_BIT["weapon"]
    | SUIT_BIT["beast"]
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
        k = SUIT_BIT[suit]
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
        return max(0, min(self._n(me, SUIT_BIT[suit]), self.size - 1))

    def every(self, me: Card, suit: str, taken: int = 0) -> int:
        """How many cards of ``suit`` a hand with ``me`` could hold, ``me`` included (Book of
        Changes may have made ``me`` one of them); ``taken`` places are kept for others."""
        k = SUIT_BIT[suit]
        return max(0, self._with_me(me, self._n(me, k, taken), self.size - 1, k))

    def extra_strengths(self) -> list[int]:
        """Strengths that may join a suit they are not printed in (Warlord, Crypt): an open
        Doppelganger's or Book's (the strongest card), or the Book's chosen target's."""
        top = self.strengths[0] if self.strengths else 0
        out = [top] * ((1 if self.book else 0) + (1 if self.doppel else 0))
        return out + [c.strength for c in self.cards if self.target and c.suits == 0]

    def fixed(self, me: Card, suit: str) -> int:
        """Cards of ``suit`` other than ``me``, not counting any joker."""
        k = SUIT_BIT[suit]
        if not self.limited:
            return self.count[k.bit_length() - 1] - (1 if me.suits & k else 0)
        sure, rest, room = self._split(me, k.bit_length() - 1, k)
        return sure + min(rest, max(room, 0))

    def many(self, me: Card, suits: Sequence[str], other: Sequence[str] = ()) -> int:
        """How many cards a "for each X, Y and other Z" text could count at most: the jokers
        count once in all, not once per suit (a card of two suits counts twice)."""
        k = sum(SUIT_BIT[s] for s in suits)
        if not self.limited:
            n = sum(self.fixed(me, s) for s in (*suits, *other)) + self._jokers(me)
            return max(0, self._with_me(me, max(0, n), self.size - 1 + self.multi, k))
        # The places are shared by every suit counted: one joint cap on the cards that join.
        sure = rest = 0
        room = self.places
        for s in (*suits, *other):
            b = SUIT_BIT[s]
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
        if self.mirage and info.suits & (MIRAGE_POOL | (SUIT_BIT["building"] if extra else 0)):
            return True
        pool = SHAPESHIFTER_POOL | (SUIT_BIT["undead"] if extra else 0)
        return bool(self.shapeshifter and info.suits & pool)
