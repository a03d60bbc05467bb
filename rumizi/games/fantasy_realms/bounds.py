"""Upper bounds for the search over ACTION-card choices (:mod:`.optimize`).

A node of the search is the hand as the choices made so far left it: one :data:`Proto` per card
(its text, name, suits, strength and penalty). :class:`Bounds` answers at most what any
completion of the open choices can score. It starts from the best-hand search's per-card bounds
(each card's rule's, :meth:`.card_rules.CardRule.upper_bound`: strength plus an optimistic
bonus, penalties as 0, nothing blanked) on that hand, then takes away what the hand as it
stands already rules out:

* World Tree, Chapel, Jester, Gem of Order and Judge look at the hand itself (two cards of
  a suit that nothing can part, a count of suits no open choice can bring to two, the
  strengths and penalties present; Gem of Order, while cards may fall, the best runs of
  any of them standing);
* Demon blanks every lone card of known suit, but for as many as the open choices may still
  save (an open wild one, an open Book two, Angel one); which of them are saved is settled
  with the blankers' losses, counting first the cards that fall to a blanker anyway;
* a BLANKS penalty that surely acts (nothing could blank or clear it) blanks its victims
  (Island may clear one Flood or Flame; Angel may protect one victim); blankers that only
  blank each other in a cycle fall together (the default ruling);
* what the hand surely loses, counted on the cards that stand whatever the open choices:
  the penalties per card of some suits (Blizzard, Empress, Warlock Lord...) and Knights'
  and Dragon's, that nothing can clear; Genie's strength beyond its bonus; the cards that
  surely fall by their own condition (War Dirigible with a Weather, Smoke with no Flame
  anywhere...). While Book may still move any card, only the penalties and Genie's
  strength count, less the most that moving one card could spare.

Book of Changes is open in one of three ways. With nothing chosen, it is a joker: any card
may take any suit. With its target chosen and the suit open, that card has no suit
(``suits == 0``) and is a joker for the others' counts. With the suit chosen and the target
open (``book_suit``), the hand is bounded as if one more card of that suit, as strong as
the strongest, were present: no target's hand counts more of any suit than that.

Every step only lowers a term that is surely too high, so each bound is admissible; the
tests check it against brute force on random hands and partial choices. A caller that
only needs to know whether the bound beats a bar passes it: the steps stop once the total
is at or below it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Final

from rumizi.games.fantasy_realms.card_rules import (
    BLANKERS,
    BONUS_CARDS,
    BUILDING,
    CHAPEL_SUITS,
    DUNGEON_NAMES,
    DUNGEON_SUITS,
    FIXED_PENALTIES,
    PENALTY_RATES,
    RULES,
    SELF_UNLESS,
    SELF_WITH,
    ScoringContext,
    Slot,
    blanks,
    collector_tiers,
    gem_runs,
    upper_bound,
)
from rumizi.games.fantasy_realms.cards import SUITS, bit
from rumizi.games.fantasy_realms.scoring import MIRAGE_SUITS, SHAPESHIFTER_SUITS
from rumizi.games.fantasy_realms.universe import Card, Universe

# One card of the hand after the copies and Book of Changes, before anything resolves:
# (card, name, suits, strength, penalty owner).
Proto = tuple[str, str, int, int, str | None]

# Final: compiled, a final name is read from a C static, not looked up in the module.
WILDS: Final = ("doppelganger", "mirage", "shapeshifter")
BOOK: Final = "book-of-changes"

_FLOOD: Final = bit("flood")
_FLAME: Final = bit("flame")
_WEATHER: Final = bit("weather")
_BEAST: Final = bit("beast")
_FLOOD_FLAME: Final = _FLOOD | _FLAME
_OUTSIDER: Final = bit("outsider")
_UNDEAD: Final = bit("undead")
_ALL: Final = -1  # every suit
_ARMY: Final = bit("army")
# The penalties whose cost the bounds count surely (the cards' rules give the rates): per card
# of some suits (a card counts once for each listed suit it has), or, Knights' and Dragon's,
# a fixed amount unless a card of a suit is present (no suits listed here).
_PENALTY_RATES: Final[dict[str, tuple[int, tuple[int, ...]]]] = {
    **PENALTY_RATES,
    **{c: (cost, ()) for c, (cost, _spared_by) in FIXED_PENALTIES.items()},
}
# Cards whose general bound is a constant (their bonus is all or nothing, or not monotone in
# the cards present): once most choices are made, the hand itself often rules the bonus out.
_TIGHTER: Final = frozenset({"world-tree", "chapel", "jester", "gem-of-order", "judge"})
# Cards whose penalty may blank a card (another or itself).
_FALLERS: Final = BLANKERS | SELF_UNLESS | SELF_WITH | {"demon"}
# Cards whose bound depends on the rest of the hand; any other adds at most its strength.
_TEXTS: Final = BONUS_CARDS | {"doppelganger"}


# The lone cards Demon may blank when the open choices may save some of them, and how many
# of them surely fall (see Bounds._demon_falls).
_Pending = tuple[list[int], int] | None


def _demon_loss(terms: list[int], pending: _Pending, lost: int = 0) -> int:
    """What Demon surely takes besides the cards already lost (a bit mask over the hand):
    of its lone cards, as many as surely fall, counting first those already lost and then
    the ones worth least (the open choices save the others)."""
    if pending is None:
        return 0
    fallen, need = pending
    left = sorted(terms[k] for k in fallen if not lost >> k & 1)
    need -= len(fallen) - len(left)
    return sum(left[:need]) if need > 0 else 0


class _Probe(Slot):
    """A card of the hand as :func:`card_rules.blanks` looks at it (only the fields it reads
    are set; a subclass of :class:`Slot` so that the compiled scorer accepts it)."""

    __slots__ = ("hits",)

    def __init__(self, proto: Proto, army_cleared: bool) -> None:
        self.card, self.name, self.suits, _st, self.pen = proto
        self.army_cleared = army_cleared
        # Whether this card's penalty blanks each probe it was asked about.
        self.hits: dict[_Probe, bool] = {}


class _Open:
    """What is still open at a node: the wilds, and how far Book of Changes has chosen."""

    __slots__ = ("any_card", "book", "book_suit", "target", "wilds")

    def __init__(self, protos: list[Proto], open_actions: Sequence[str], book_suit: int) -> None:
        self.wilds = [c for c in open_actions if c in WILDS]
        self.book = BOOK in open_actions
        self.target = self.book and any(not su for _c, _n, su, _st, _p in protos)
        # The open Book may still move any card (nothing chosen, or only its suit).
        self.any_card = (self.book and not self.target) or bool(book_suit)
        self.book_suit = book_suit


def _distinct_but_one(suits: list[int], drop_one: bool) -> bool:
    """Whether no two of ``suits`` share a suit, once one of them is left out if
    ``drop_one``: no suit held three times, and one card holds every suit held twice."""
    once = twice = thrice = 0
    for x in suits:
        thrice |= twice & x
        twice |= once & x
        once |= x
    if not twice:
        return True
    if not drop_one or thrice:
        return False
    return any(x & twice == twice for x in suits)


class _HandCards:
    """A hand's cards as the per-card bounds see them (a wild that copied is a plain
    ``copy``), its names, the bound of each card without a text (its strength, 0 if less)
    and where the cards with one are, and the strongest strength but the wilds'; ``moved``,
    once worked out, what the penalties surely take while Book may still move a card."""

    __slots__ = ("cards", "moved", "names", "protos", "terms", "texts", "top", "wilds")

    def __init__(self, protos: list[Proto], wilds: list[str], bounds: Bounds) -> None:
        self.protos = protos
        self.wilds = wilds
        self.cards: list[Card] = []
        self.terms: list[int] = []
        self.texts: list[int] = []
        self.moved: int | None = None
        top: int | None = None
        for k, (c, _n, su, st, _p) in enumerate(protos):
            if c in WILDS:
                if c not in wilds:
                    c = "copy"  # a wild that copied: the copy's strength, never a bonus
            elif top is None or st > top:
                top = st
            self.cards.append(bounds._card(c, su, st))
            self.terms.append(st if st > 0 else 0)
            if c in _TEXTS:
                self.texts.append(k)
        self.top = 0 if top is None else top
        self.names: frozenset[str] = frozenset(n for _c, n, _su, _st, _p in protos)


class Bounds:
    """The bounds of one hand's search; what the choices cannot change (which cards are
    held, what clears, the table) is worked out once."""

    def __init__(
        self, held: Iterable[str], table: ScoringContext, fixed_bonus: dict[str, int]
    ) -> None:
        self.table = table
        self.fixed_bonus = fixed_bonus
        held = set(held)
        self.held = held
        self.rune = "protection-rune" in held
        self.island = "island" in held
        self.angel = "angel" in held
        self.rangers = "rangers" in held
        self.warship = "warship" in held
        # Suits whose penalties a card of the hand clears (Island: its one target).
        self.clears = (
            (_FLOOD if "mountain" in held else 0)
            | (_WEATHER if "cavern" in held else 0)
            | (_BEAST if "beastmaster" in held else 0)
        )
        self.may_clear = self.clears | (_FLOOD_FLAME if self.island else 0)
        self.safe = _UNDEAD if "lich" in held or (table.expansion and "necromancer" in held) else 0
        self.demon = "demon" in held  # a Doppelganger copies only cards of the hand
        self.blankers = bool(held & BLANKERS)
        # The suits an open Mirage or Shapeshifter may take (Wild: it names nothing).
        self.wild_suits = {
            wild: bit("wild")
            | (MIRAGE_SUITS if wild == "mirage" else SHAPESHIFTER_SUITS)
            | (table.expansion and (BUILDING if wild == "mirage" else _UNDEAD))
            for wild in ("mirage", "shapeshifter")
        }
        # Cards whose sure losses the bound looks for: penalties, self conditions, Genie.
        self.sure = bool(held & (set(_PENALTY_RATES) | SELF_UNLESS | SELF_WITH | {"genie"}))
        self._cards: dict[tuple[str, int, int], Card] = {}
        self._collector: dict[tuple[int, ...], int] = {}
        self._gems: dict[tuple[int, ...], int] = {}
        # The probes by proto, without and with their Army penalties cleared.
        self._probes: tuple[dict[Proto, _Probe], dict[Proto, _Probe]] = ({}, {})
        self._last: tuple[list[Proto], bool, list[_Probe]] | None = None
        self._last_hand: _HandCards | None = None
        self._moved: dict[tuple[tuple[Proto, ...], tuple[str, ...]], int] = {}
        self._counted: dict[
            tuple[tuple[Proto, ...], bool, bool], dict[tuple[str, str, int], bool]
        ] = {}

    def __call__(
        self,
        protos: list[Proto],
        open_actions: Sequence[str],
        book_suit: int = 0,
        bar: int | None = None,
    ) -> int:
        """At most what any completion of these choices can score. ``book_suit``: Book of
        Changes (then not in ``open_actions``) gives this suit to a card not chosen yet.
        ``bar``: the caller only needs to know whether the bound is above it, so the
        tightening stops as soon as a looser (still admissible) bound is not."""
        state = _Open(protos, open_actions, book_suit)
        terms = self._terms(protos, open_actions, state)
        unsure = None
        pending: _Pending = None
        if self.demon and not self.rune:
            terms, unsure, pending = self._demon_falls(protos, terms, state)
        total = sum(terms) - _demon_loss(terms, pending)
        # Every step below only lowers the total: a total at or below the bar is final.
        if unsure is None and bar is not None and total <= bar:
            return total
        tight = not self.rune and not state.any_card
        if self.sure and tight:
            # Once only the wilds, a chosen Book target's suit, Island and Angel are open,
            # the cards that surely stand tell what surely falls by its own condition and
            # what the penalties surely take.
            stands = self._stands(protos, state)
            terms, saved = self._self_falls(protos, terms, state, stands)
            less = saved - self._sure_penalties(protos, state, stands)
            total = sum(terms) + less - _demon_loss(terms, pending)
            if self.blankers and (unsure is not None or bar is None or total > bar):
                total = self._blanker_falls(protos, terms, state, pending) + less
        elif self.blankers and tight:
            total = self._blanker_falls(protos, terms, state, pending)
        elif self.sure and not self.rune:
            # The same for every suit Book may give: kept with the hand (its suits are asked
            # one after another) and by hand and open wilds.
            hand = self._hand_of(protos, state.wilds)
            if hand.moved is None:
                key = (tuple(protos), tuple(state.wilds))
                got = self._moved.get(key)
                hand.moved = self._sure_penalties_moved(protos, state) if got is None else got
                self._moved[key] = hand.moved
            total -= hand.moved
        if unsure is None:
            return total
        # The open Book might choose the Demon itself and give it a suit that clears it:
        # bound that case on its own and keep the larger.
        demon = protos[unsure][0]
        if book_suit:
            other = [(c, n, book_suit if c == demon else su, st, p) for c, n, su, st, p in protos]
        else:
            other = [(c, n, 0 if c == demon else su, st, p) for c, n, su, st, p in protos]
        return max(total, self(other, open_actions, 0, bar))

    def close(self) -> None:
        """Let go of what the bounds kept for the search. The probes refer to each other
        (each keeps its answers by the other probe), a cycle only the collector would find."""
        for kept in self._probes:
            for probe in kept.values():
                probe.hits.clear()
            kept.clear()
        self._last = self._last_hand = None
        self._cards.clear()
        self._collector.clear()
        self._gems.clear()
        self._moved.clear()
        self._counted.clear()

    def _probe(self, proto: Proto, army_cleared: bool) -> _Probe:
        """The probe of one card (kept: probes are never changed, and a card is one proto)."""
        kept = self._probes[army_cleared]
        probe = kept.get(proto)
        if probe is None:
            probe = kept[proto] = _Probe(proto, army_cleared)
        return probe

    def _probes_of(self, protos: list[Proto], warship: bool) -> list[_Probe]:
        """The probes of a hand, Warship's clearing counted or not. One bound asks for them
        several times: the last hand's are kept (the lists of protos are never changed, and
        the one kept cannot be freed and its place taken by another)."""
        last = self._last
        if last is not None and last[0] is protos and last[1] == warship:
            return last[2]
        rangers = self.rangers
        probes = [self._probe(p, rangers or (warship and bool(p[2] & _FLOOD))) for p in protos]
        self._last = (protos, warship, probes)
        return probes

    def _hit(self, b: _Probe, v: _Probe) -> bool:
        """Whether the penalty of ``b`` would blank ``v`` (:func:`card_rules.blanks`, kept for
        what it reads; probes are kept, so a pair of them is always the same question)."""
        hit = b.hits.get(v)
        if hit is None:
            hit = b.hits[v] = blanks(b, v, self.table)
        return hit

    def _any_hit(self, threats: list[_Probe], v: _Probe, self_ok: bool) -> bool:
        """Whether one of ``threats`` would blank ``v`` (itself only if ``self_ok``)."""
        return any((q is not v or self_ok) and self._hit(q, v) for q in threats)

    def _card(self, c: str, su: int, st: int) -> Card:
        key = (c, su, st)
        card = self._cards.get(key)
        if card is None:
            card = self._cards[key] = Card(c, su, st)
        return card

    def _hand_of(self, protos: list[Proto], wilds: list[str]) -> _HandCards:
        """What the per-card bounds need of a hand that does not depend on the open choices'
        universe. Book's suit bounds ask for one hand once per suit: the last hand's is kept
        (as :meth:`_probes_of` keeps probes)."""
        last = self._last_hand
        if last is not None and last.protos is protos and last.wilds == wilds:
            return last
        hand = self._last_hand = _HandCards(protos, wilds, self)
        return hand

    def _terms(self, protos: list[Proto], open_actions: Sequence[str], state: _Open) -> list[int]:
        """Each card's bound on the hand as it stands (besthand's, and the tighter ones)."""
        hand = self._hand_of(protos, state.wilds)
        terms = list(hand.terms)
        if not hand.texts:
            return terms
        cards = hand.cards
        pool = cards
        if state.book_suit:
            pool = [*cards, self._card("book-target", state.book_suit, hand.top)]
        u = Universe(
            pool,
            len(cards),
            expansion=self.table.expansion,
            fixed_bonus=self.fixed_bonus,
            names=hand.names,
            open_actions=open_actions,
        )
        for k in hand.texts:
            card = cards[k]
            c = card.id
            if c == "collector":
                b = max(0, card.strength + self._collector_term(protos, state, u))
            elif c == "dungeon":
                b = self._dungeon_term(card, u)
            else:
                b = upper_bound(card, u)
            if c in _TIGHTER:
                b = min(b, self._tighter(card, protos, state))
            terms[k] = b
        return terms

    def _collector_term(self, protos: list[Proto], state: _Open, u: Universe) -> int:
        """Collector's bonus bound: per suit, the different names of the cards of known
        suit (a Doppelganger's copy has its target's name), and the jokers (open wilds,
        Book's target or an open Book) shared among three suits; a suit Book gives a card
        not chosen yet counts one more name. Kept once computed for the same counts."""
        wilds = state.wilds
        # Per suit, the names not counted there yet (a name held twice counts once).
        counts = [0] * len(SUITS)
        counted: dict[str, int] = {}
        for c, n, su, _st, _p in protos:
            if c in wilds:
                continue
            before = counted.get(n, 0)
            counted[n] = before | su
            su &= ~before
            while su:
                low = su & -su
                counts[low.bit_length() - 1] += 1
                su ^= low
        if state.book_suit:
            counts[state.book_suit.bit_length() - 1] += 1
        counts.sort(reverse=True)
        key = (counts[0], counts[1], counts[2], u.jokers, u.size)
        top = counts[:3]
        term = self._collector.get(key)
        if term is None:
            term = self._collector[key] = collector_tiers(top, u.jokers, u.size)
        return term

    @staticmethod
    def _dungeon_term(card: Card, u: Universe) -> int:
        """Dungeon's bound: +10 for the first card of each of its suits and +5 for each
        more, +5 for each name it lists that can be present. A joker (an open wild, Book's
        target) adds at most +10 (a first card); Book moves a card, it adds none."""
        b = 0
        for suit in DUNGEON_SUITS:
            n: int = min(u.count[suit.bit_length() - 1], u.size)
            b += 10 + 5 * (n - 1) if n else 0
        jokers: int = u.jokers
        b += 10 * jokers
        b += 5 * sum(1 for name in DUNGEON_NAMES if u.named(name))
        return max(0, card.strength + b)

    def _demon_falls(
        self, protos: list[Proto], terms: list[int], state: _Open
    ) -> tuple[list[int], int | None, _Pending]:
        """The cards Demon surely blanks add nothing, but for as many as the open choices
        may still save: an open wild or Doppelganger takes one suit (it saves the lone card
        of that suit), an open Book saves two (it moves a lone card to another lone card's
        suit), one once its target is chosen (that card's new suit), and with its suit
        chosen the card it moves there if that suit is spared or held, and the lone card of
        that suit; Angel protects one.

        Demon acts first, on the whole hand, so which cards of known suit are alone in it
        is known. Its penalty surely counts unless its suit is one that Island (a Flood or
        Flame) or Mountain, Cavern or Beastmaster may clear. Returns the terms, when the
        open Book might give the one sure Demon such a suit that Demon's place (the terms
        then hold only if Book chooses another card), and, when the open choices may save
        some of the lone cards but not all, which may fall and how many surely do
        (:func:`_demon_loss`): which ones are saved is left to the later steps, since a card
        saved from Demon may still fall to a blanker, and then another is saved instead."""
        may_clear = self.may_clear
        sure = [
            k
            for k, (_c, _n, su, _st, p) in enumerate(protos)
            if p == "demon" and su and not su & may_clear
        ]
        if not sure:
            return terms, None, None
        book_suit = state.book_suit
        reach = may_clear & book_suit if book_suit else may_clear if state.any_card else 0
        unsure = sure[0] if reach and len(sure) == 1 else None
        wilds = state.wilds
        # Suits held by two known cards or more (a card of unknown suit only ever saves).
        once = twice = 0
        for c, _n, su, _st, _p in protos:
            if c not in wilds:
                twice |= once & su
                once |= su
        spared = _OUTSIDER | self.safe | twice
        fallen = [
            k
            for k, (c, _n, su, _st, _p) in enumerate(protos)
            if su and not su & spared and c not in wilds and c not in ("angel", "phoenix-deluxe")
        ]
        out = terms
        if (
            not wilds
            and not state.book
            and not book_suit
            and all(
                p is None or p == "demon" or p not in _FALLERS for _c, _n, _su, _st, p in protos
            )
        ):
            # Demon is the only card that blanks: every other card stands, and World Tree
            # fails if two of them share a suit.
            seen = 0
            clash = False
            for k, (_c, _n, su, _st, _p) in enumerate(protos):
                if k not in fallen:
                    clash = clash or bool(seen & su)
                    seen |= su
            if clash:
                out = list(terms)
                for k, (c, _n, _su, st, _p) in enumerate(protos):
                    if c == "world-tree":
                        out[k] = min(out[k], st)
        saved = len(wilds) + (1 if state.target else 2 if state.book else 0) + self.angel
        if book_suit:
            there = sum(1 for c, _n, su, _st, _p in protos if su & book_suit and c not in wilds)
            saved += (1 if there or book_suit & (_OUTSIDER | self.safe) else 0) + (there == 1)
        if saved and len(fallen) > saved:
            return out, unsure, (fallen, len(fallen) - saved)
        if not saved and fallen:
            out = list(out)
            for k in fallen:
                out[k] = 0
        return out, unsure, None

    def _blanker_falls(
        self, protos: list[Proto], terms: list[int], state: _Open, pending: _Pending = None
    ) -> int:
        """The total once the BLANKS penalties have done what they surely do. Cards of
        unknown suit (open wilds, the Book's target) are never counted as blanked and may
        always stand; while the Book may still move any card this is not used at all.

        Island's target is open: each case (Island clears one of the blankers that are a
        Flood or Flame, or none of them) is bounded and the largest kept. In a case, the
        blankers of known suit that nothing clears are the graph's blankers; one that no
        penalty could blank and Demon cannot leave alone surely stands. When blankers that
        blank each other in a cycle all fall (the default ruling), a blanker that stands
        leaves none of its victims standing: every set of standing blankers is tried (Angel
        may protect one card). Otherwise only the blankers that surely stand are counted."""
        table = self.table
        self_ok = table.rulings.self_blanking
        every_cycle = table.rulings.blanking_cycles == "blank-all"
        wilds = state.wilds
        rangers, warship = self.rangers, self.warship
        clears = self.clears
        n = len(protos)
        probes = self._probes_of(protos, warship)
        # Penalties that may blank: not surely cleared (a card of unknown suit may be).
        pens = [q for q in probes if q.pen in BLANKERS and not q.suits & clears]
        if "doppelganger" in wilds:
            # An open Doppelganger may copy any of them: one more of each, a card of its own.
            pens += [self._probe(("doppelganger", q.name, 0, 0, q.pen), rangers) for q in pens]
        known = [v.suits != 0 and v.card not in wilds for v in probes]
        once = twice = 0
        for k, v in enumerate(probes):
            if known[k]:
                twice |= once & v.suits
                once |= v.suits
        safe = self.safe
        fallible = [
            known[k] and v.card not in ("angel", "phoenix-deluxe") and not v.suits & safe
            for k, v in enumerate(probes)
        ]
        graph = [k for k in range(n) if known[k] and probes[k] in pens]
        victims = {}  # the cards each blanker of the graph would blank, as a bit mask
        for k in graph:
            b = probes[k]
            mask = 0
            for j, v in enumerate(probes):
                if fallible[j] and (j != k or self_ok) and self._hit(b, v):
                    mask |= 1 << j
            victims[k] = mask
        total = sum(terms)
        cases: list[int | None] = [None]
        if self.island:
            cases += [k for k in graph if probes[k].suits & _FLOOD_FLAME]
        best = 0
        for cleared in cases:
            blankers = [k for k in graph if k != cleared]
            threats = [q for q in pens if cleared is None or q is not probes[cleared]]
            must = []
            free = []
            for k in blankers:
                b = probes[k]
                if fallible[k] and (
                    (self.demon and not b.suits & (_OUTSIDER | twice))
                    or self._any_hit(threats, b, self_ok)
                ):
                    free.append(k)  # it may fall
                else:
                    must.append(k)  # it surely stands
            if not every_cycle:
                free = []  # a blanker that may fall may also stand and blank nothing
            # A blanker of the graph that could fall otherwise than by the graph's
            # blankers: Demon, or a penalty of unknown suit (not in the graph).
            outside = [q for q in threats if not any(q is probes[k] for k in blankers)]
            graph_victims = {k: victims[k] for k in blankers}  # Island's choice blanks none
            loose = 0
            for k in blankers:
                b = probes[k]
                if fallible[k] and (
                    (self.demon and not b.suits & (_OUTSIDER | twice))
                    or self._any_hit(outside, b, self_ok)
                ):
                    loose |= 1 << k
            for pick in range(1 << len(free)):
                standing = must + [k for i, k in enumerate(free) if pick >> i & 1]
                fallen = 0
                for k in standing:
                    fallen |= victims[k]
                kept = 0
                for k in standing:
                    kept |= 1 << k
                clash = fallen & kept
                if clash and (not self.angel or clash & (clash - 1)):
                    continue  # two standing blankers blank each other's: not a hand
                if (
                    free
                    and not self.angel
                    and not self._justified(standing, free, graph_victims, loose)
                ):
                    continue
                lost = fallen & ~kept
                for k in free:
                    if not kept >> k & 1:
                        lost |= 1 << k  # a blanker that does not stand falls
                value = total - sum(terms[j] for j in range(n) if lost >> j & 1)
                value -= _demon_loss(terms, pending, lost)
                if self.angel and not clash:
                    value += max((terms[j] for j in range(n) if fallen >> j & 1), default=0)
                best = max(best, value)
        return best

    @staticmethod
    def _justified(
        standing: list[int], free: list[int], victims: dict[int, int], loose: int
    ) -> bool:
        """Whether these blankers can all stand at once. A blanker that might fall stands
        only once every blanker that would blank it has fallen, and not to it: to another
        standing blanker, to something outside the graph (``loose``: Demon, a penalty of
        unknown suit), or in a cycle of blankers that fell together (the default ruling: a
        cycle nothing else decides falls whole, :func:`scoring.settle_blanking`). A cycle's
        members are blankers that do not stand, each blanked by another of them (or, round
        a card outside the graph, by a loose one): so the blankers that do not stand and may
        have fallen so are those left once the ones with no blanker among them, and not
        loose, are taken away, again and again. Not used when Angel may protect."""
        kept = 0
        for k in standing:
            kept |= 1 << k
        cyclic = 0
        for q in victims:
            if not kept >> q & 1:
                cyclic |= 1 << q
        shrunk = True
        while shrunk:
            shrunk = False
            for q in victims:
                if not cyclic >> q & 1 or loose >> q & 1:
                    continue
                if not any(cyclic >> p & 1 and hits >> q & 1 for p, hits in victims.items()):
                    cyclic &= ~(1 << q)
                    shrunk = True
        fell = loose | cyclic
        for k in standing:
            if k not in free:
                continue
            others = fell
            for j in standing:
                if j != k:
                    others |= victims[j]
            for q, hits in victims.items():
                if q != k and hits >> k & 1 and not others >> q & 1:
                    return False
        return True

    def _stands(self, protos: list[Proto], state: _Open, moved: bool = False) -> list[bool]:
        """Which cards stand whatever the open choices: known suit, no penalty of their own
        that may blank them, and nothing that could blank them (an uncleared blanker, an
        open Doppelganger's copy of one, Demon while they may be alone in their suit), or
        unblankable (Angel, the Undead Lich or Necromancer keeps).

        ``moved``: the open Book may still give any one card another suit. Then the cards
        that stand whatever the other choices, unless that card is the one moved: a blanker
        is a threat even where its suit clears it (Book may move it), Warship's clearing
        (a Flood's) is not counted on, and a card is safe from Demon only while two other
        cards share a suit with it."""
        table = self.table
        wilds = state.wilds
        rangers, warship = self.rangers, self.warship and not moved
        probes = self._probes_of(protos, warship)
        known = [v.suits != 0 and v.card not in wilds for v in probes]
        clears = 0 if moved else self.clears
        threats = [
            q
            for k, q in enumerate(probes)
            if q.pen in BLANKERS and not (known[k] and q.suits & clears)
        ]
        if "doppelganger" in wilds:
            threats += [
                self._probe(("doppelganger", q.name, 0, 0, q.pen), rangers) for q in threats
            ]
        once = twice = thrice = 0
        for k, v in enumerate(probes):
            if known[k]:
                thrice |= twice & v.suits
                twice |= once & v.suits
                once |= v.suits
        if moved:
            twice = thrice
        self_ok = table.rulings.self_blanking
        out = []
        for k, v in enumerate(probes):
            if not known[k] or v.pen in SELF_UNLESS or v.pen in SELF_WITH:
                out.append(False)
            elif v.card == "angel" or v.suits & self.safe:
                out.append(True)
            elif self.demon and not v.suits & (_OUTSIDER | twice):
                out.append(False)
            else:
                out.append(not self._any_hit(threats, v, self_ok))
        return out

    def _self_falls(
        self, protos: list[Proto], terms: list[int], state: _Open, stands: list[bool]
    ) -> tuple[list[int], int]:
        """The terms less the cards that surely fall by their own condition, and what Angel
        may give back (it may protect the best of them). A card falls surely "unless" no
        card of the hand has (or may take: a card of unknown suit) the suit it needs, and
        "with" when a card that surely stands (or the card itself) has the suit it fears;
        not if it may be cleared or cannot be blanked."""
        wilds = state.wilds
        may = sure = 0
        names: set[str] = set()
        for k, (c, n, su, _st, _p) in enumerate(protos):
            # A card of unknown suit (Book's target) may take any, even a wild that copied;
            # an open Mirage or Shapeshifter only the suits it may name.
            may |= su | (_ALL if not su else self.wild_suits.get(c, _ALL) if c in wilds else 0)
            if stands[k]:
                sure |= su
                names.add(n)
        out = terms
        lost = 0
        for k, (c, _n, su, _st, p) in enumerate(protos):
            if p is None or not (p in SELF_UNLESS or p in SELF_WITH) or not su or c in wilds:
                continue
            if su & (self.clears | self.safe) or self._island_may_clear(c, su):
                continue
            # The card's condition (its rule's): blanked unless a card of the suit it needs
            # is present (an Army it needs is present once Army is cleared from its penalty),
            # or with a card of a suit or name it fears.
            pen = RULES[p].pen
            need = pen.needs
            if need == _ARMY and (self.rangers or (self.warship and su & _FLOOD)):
                need = 0
            fears = sure | su
            falls = bool(need) and not may & need
            falls = falls or bool(fears & pen.fears) or any(x in names for x in pen.fear_names)
            if falls:
                if out is terms:
                    out = list(terms)
                lost = max(lost, out[k])
                out[k] = 0
        return out, lost if self.angel else 0

    def _sure_penalties_moved(self, protos: list[Proto], state: _Open) -> int:
        """What the penalties surely take while the open Book may still give any one card
        another suit: the losses counted as in :meth:`_sure_penalties` among the cards that
        stand unless moved (:meth:`_stands` with ``moved``), less the most that moving one
        card could spare (its own penalty and what the others' penalties count it for)."""
        owners = [
            k for k in self._penalty_owners(protos, state) if protos[k][4] not in FIXED_PENALTIES
        ]
        negative = self._negative(protos)
        if not owners and not negative:
            return 0
        stands = self._stands(protos, state, moved=True)
        spared = [0] * len(protos)  # what moving each card could spare
        out = 0
        for k in negative:
            if stands[k]:
                loss = self._strength_loss(protos[k])
                out += loss
                spared[k] += loss
        for k in owners:
            if not stands[k]:
                continue
            pen = protos[k][4]
            assert pen is not None
            army = not self.rangers
            rate, masks = _PENALTY_RATES[pen]
            for j, (_c2, _n2, su2, _st2, _p2) in enumerate(protos):
                if j != k and stands[j]:
                    n = sum(1 for m in masks if su2 & m and (army or m != _ARMY))
                    out += rate * n
                    spared[j] += rate * n
                    spared[k] += rate * n
        return out - max(spared)

    def _penalty_owners(self, protos: list[Proto], state: _Open) -> list[int]:
        """The cards whose penalty nothing in the hand can clear (Island only a Flood, Flame or
        Phoenix), of a known suit and not a wild still open."""
        return [
            k
            for k, (c, _n, su, _st, p) in enumerate(protos)
            if p in _PENALTY_RATES
            and su
            and c not in state.wilds
            and not su & self.clears
            and not self._island_may_clear(c, su)
        ]

    def _island_may_clear(self, c: str, su: int) -> bool:
        """Whether Island, held, may clear this card's penalty (a Flood, Flame or Phoenix)."""
        return self.island and bool(su & _FLOOD_FLAME or c in ("phoenix", "phoenix-deluxe"))

    def _negative(self, protos: list[Proto]) -> list[int]:
        """The cards of negative strength (Genie and copies of it) where Genie is held."""
        if "genie" not in self.held:
            return []
        return [k for k, (_c, _n, _su, st, _p) in enumerate(protos) if st < 0]

    def _strength_loss(self, proto: Proto) -> int:
        """What a card of negative strength costs beyond its bonus where it stands (Genie's
        -50 less its bonus; a copy of Genie has no bonus)."""
        c, _n, _su, st, _p = proto
        return max(0, -(st + (self.fixed_bonus.get(c, 0) if c == "genie" else 0)))

    def _sure_penalties(self, protos: list[Proto], state: _Open, stands: list[bool]) -> int:
        """At least what the penalties take whatever the open choices (a number >= 0): a
        penalty counts surely when its card stands surely (:meth:`_stands`) and nothing can
        clear it (Island only a Flood, Flame or Phoenix); it costs at least its rate for
        each other card that stands surely. Knights and Dragon cost surely when no card of
        the hand is or may become a Leader or Wizard. While the open Book may still move any
        card this is not used."""
        owners = self._penalty_owners(protos, state)
        # Genie's strength (-50) is more than its bonus: its bound counts it as 0 (it may be
        # blanked), but where it surely stands it costs the difference; so does a copy of it.
        negative = self._negative(protos)
        if not owners and not negative:
            return 0
        out = 0
        for k in negative:
            if stands[k]:
                out += self._strength_loss(protos[k])
        unknown = any(not su or c in state.wilds for c, _n, su, _st, _p in protos)
        held = 0
        for _c, _n, su, _st, _p in protos:
            held |= su
        for k in owners:
            if not stands[k]:
                continue
            _c, _n, su, _st, pen = protos[k]
            assert pen is not None
            fixed = FIXED_PENALTIES.get(pen)
            if fixed is not None:
                cost, spared_by = fixed
                if not unknown and not held & spared_by:
                    out += cost
                continue
            army = not self.rangers and not (self.warship and su & _FLOOD)
            rate, masks = _PENALTY_RATES[pen]
            n = 0
            for j, (_c2, _n2, su2, _st2, _p2) in enumerate(protos):
                if j != k and stands[j]:
                    n += sum(1 for m in masks if su2 & m and (army or m != _ARMY))
            out += rate * n
        return out

    def _tighter(self, card: Card, protos: list[Proto], state: _Open) -> int:
        """An upper bound on ``card``'s points given the choices made so far (``protos``)
        and those still open: what the hand as it stands still allows.

        Choices left open can only do this: an open wild takes one suit (or stays a Wild),
        an open Doppelganger takes a card of the hand's strength, name and suit, and an open
        Book changes one card's suit. A card can fall only if some card of the hand has a
        penalty that blanks (Demon, the blankers, the self conditions); without one, every
        card stands."""
        table = self.table
        wilds = state.wilds
        can_fall = any(p in _FALLERS for _c, _n, _su, _st, p in protos)
        fixed = [(c, su, st) for c, _n, su, st, _p in protos if c not in wilds]
        wilds_open = len(wilds)
        book = state.book or bool(state.book_suit)
        any_card = state.any_card
        dop = "doppelganger" in wilds
        if card.id == "world-tree":
            if can_fall:
                # The cards that no card of the hand could blank stand whatever the open
                # choices (clearing and protection only keep more cards standing); two of
                # them sharing a suit rule the bonus out, unless the Book parts them.
                suits = self._surely_counted(protos, state)
            else:
                suits = [su for _c, su, _st in fixed]
            ok = _distinct_but_one(suits, any_card)
            return card.strength + ((70 if table.expansion else 50) if ok else 0)
        if card.id == "chapel":
            if can_fall:
                return card.strength + 40
            n = sum(1 for _c, su, _st in fixed if su & CHAPEL_SUITS)
            ok = n - any_card <= 2 <= n + wilds_open + book
            return card.strength + (40 if ok else 0)
        if card.id == "judge":
            pens = sum(1 for _c, _n, _su, _st, p in protos if p is not None) + dop
            return card.strength + 10 * min(pens, len(protos) - 1)
        if card.id == "jester":
            others = [st for c, _su, st in fixed if c != "jester"]
            odd = sum(1 for st in others if st % 2) + dop
            every = all(st % 2 for st in others) and wilds_open == dop
            return card.strength + max(3 * odd, 50 if every and card.strength % 2 else 0)
        # Gem of Order: the strengths are known, but for an open Doppelganger's.
        # Every card counts its strength (an open Mirage or Shapeshifter has 0 whatever it
        # names), but for an open Doppelganger's, which is one of the hand's or 0.
        every = table.rulings.gem_every_run
        strengths = [st for c, _n, _su, st, _p in protos if not (dop and c == "doppelganger")]
        options: list[int | None] = [None]
        if dop:
            options = [0, *sorted({st for c, _n, _su, st, _p in protos if c not in WILDS})]
        if not can_fall:
            return card.strength + max(
                gem_runs(strengths if v is None else [*strengths, v], every) for v in options
            )
        # Some cards may fall: the best of the runs of any of them standing with the Gem.
        others = [
            st
            for c, _n, _su, st, _p in protos
            if c != card.id and not (dop and c == "doppelganger")
        ]
        return card.strength + max(
            self._gem_subsets(card.strength, others if v is None else [*others, v], every)
            for v in options
        )

    def _gem_subsets(self, own: int, pool: list[int], every: bool) -> int:
        """The most Gem of Order scores with strength ``own`` beside any of the strengths
        ``pool`` (kept once worked out). A value with no neighbour in a block of three or
        more consecutive values is in no run, whoever stands: those are left out."""
        values = {own, *pool}
        block = [
            v
            for v in pool
            if (v - 1 in values and v + 1 in values)
            or (v - 1 in values and v - 2 in values)
            or (v + 1 in values and v + 2 in values)
        ]
        key = (own, every, *sorted(block))
        best = self._gems.get(key)
        if best is None:
            counts: dict[int, int] = {}
            for v in block:
                counts[v] = counts.get(v, 0) + 1
            best = 0
            for picks in itertools.product(*(range(k + 1) for k in counts.values())):
                chosen = [own]
                for v, k in zip(counts, picks, strict=True):
                    chosen += [v] * k
                best = max(best, gem_runs(chosen, every))
            self._gems[key] = best
        return best

    def _surely_counted(self, protos: list[Proto], state: _Open) -> list[int]:
        """The suits of cards that count for World Tree whatever the open choices, but for
        the one card an open Book may change: cards no penalty of the hand could blank
        (whether or not that penalty is cleared or its owner stands), Angel, the Undead
        Lich or Necromancer keeps, and the promo Phoenix (its suits count even when it is
        blanked). Open wilds and a card of no suit yet are left out; an open Doppelganger
        may copy any penalty of the hand (Rangers' and Warship's Army clearing is then not
        counted on)."""
        wilds = state.wilds
        rangers = self.rangers
        warship = self.warship and not wilds and not state.book
        dop = "doppelganger" in wilds
        threats = tuple(p for p in protos if p[4] in BLANKERS)
        # Whether a card is hit depends only on it and on the blankers: kept per blankers.
        key = (threats, dop, warship)
        hits = self._counted.get(key)
        if hits is None:
            hits = self._counted[key] = {}
        blankers: list[_Probe] | None = None
        demon = any(p[4] == "demon" for p in protos)
        safe = self.safe
        out = []
        for p in protos:
            c, n, su, _st, pen = p
            if c in wilds or not su:
                continue
            if c == "phoenix":
                out.append(su)
                continue
            if pen in SELF_UNLESS or pen in SELF_WITH:
                continue
            if c == "angel" or su & safe:
                out.append(su)
                continue
            if demon and not su & _OUTSIDER:
                continue
            hit = hits.get((c, n, su))
            if hit is None:
                if blankers is None:
                    blankers = [
                        self._probe(b, rangers or (warship and bool(b[2] & _FLOOD)))
                        for b in threats
                    ]
                    if dop:
                        blankers += [
                            self._probe(("doppelganger", b.name, 0, 0, b.pen), rangers)
                            for b in blankers
                        ]
                v = self._probe(p, rangers or (warship and bool(su & _FLOOD)))
                hit = hits[(c, n, su)] = self._any_hit(blankers, v, True)
            if not hit:
                out.append(su)
        return out


__all__ = ["Bounds", "Card", "Proto"]
