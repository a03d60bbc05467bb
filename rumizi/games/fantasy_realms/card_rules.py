"""What every Fantasy Realms card does, in one place: one :class:`CardRule` per card.

A card's rule holds all that its text means to the programs that read it:

* its exact bonus (:meth:`CardRule.bonus`) and penalty (:meth:`CardRule.penalty`) on a hand
  being scored, what its BLANKS penalty blanks (:meth:`CardRule.blanks`) and the condition
  under which it blanks itself (:meth:`CardRule.fails_unless`, :meth:`CardRule.fails_with`),
  with its penalty as data (:class:`Penalty`: a rate per card of some suits, a fixed cost,
  the suit it needs or fears), which the optimiser's bounds read too;
* the names and suits its text looks at (``names``, ``suits``), which tell the optimiser
  which choices of the ACTION cards a hand can tell apart;
* its upper bound (:meth:`CardRule.upper_bound`): at most what the card adds to any hand
  drawn from a set of cards (a :class:`~.universe.Universe`), which both the best-hand search
  (:mod:`.besthand`) and the optimiser's bounds (:mod:`.bounds`) are made of.

The scorer (:mod:`.scoring`), the optimiser (:mod:`.optimize`, :mod:`.bounds`) and the
best-hand search ask :data:`RULES` for a card's rule, so fixing a card is one edit here; the
tables they used to keep beside the code (:data:`BONUS_CARDS`, :data:`NAME_REFS`,
:data:`SUIT_REFS`, :data:`PENALTY_CARDS`, :data:`BLANKERS`, :data:`PENALTY_RATES`...) are
read off the rules. The rules are the platform's cards file (``specs/fantasy-realms-cards.md``
§3, with the rulings of §6); a card whose text does nothing of the above has a plain rule.
What stays with the scorer are its steps (§6.1): the ACTION cards' choices, the CLEARS texts
(Mountain, Cavern, Beastmaster, Rangers, Warship, Island, Protection Rune), Demon's blanking
and who is never blanked; and with the optimiser's bounds, the tighter bounds a hand's own
cards allow World Tree, Chapel, Jester, Gem of Order and Judge.

Most rules are one of a few shapes (a bonus per card of a suit, points for names present...),
each a class here; a card with a text of its own has a class of its own. Every bound is
checked against the exact score on the hands the tests build
(``tests/games/fantasy_realms/test_card_rules.py``).

>>> RULES["king"].names, RULES["empress"].has_bonus, RULES["empress"].has_penalty
(('queen',), True, True)
>>> sorted(BLANKERS)
['basilisk', 'blizzard', 'crypt', 'great-flood', 'rainstorm', 'wildfire']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from rumizi.games.fantasy_realms.cards import CARDS, SUITS, CardInfo, bit, card_info
from rumizi.games.fantasy_realms.universe import SUIT_BIT, WILD_IDS, Card, Universe

LAND, FLOOD, WEATHER, FLAME, ARMY, WIZARD, LEADER, BEAST, WEAPON, ARTIFACT = (
    bit(s) for s in SUITS[:10]
)
WILD, BUILDING, OUTSIDER, UNDEAD = bit("wild"), bit("building"), bit("outsider"), bit("undead")
EVERY_SUIT: Final = (1 << len(SUITS)) - 1
# The suits Wildfire spares and the names its text spares besides.
WILDFIRE_SPARES: Final = FLAME | WIZARD | WEATHER | WEAPON | ARTIFACT
WILDFIRE_SPARED_NAMES: Final = ("mountain", "great-flood", "island", "unicorn", "dragon")


@dataclass(frozen=True, slots=True)
class Rulings:
    """The disputed points of the cards file §6.3, each with the file's recommendation.

    * ``blanking_cycles`` — cards that blank each other round a cycle, once nothing outside
      the cycle is left to decide it: ``"blank-all"`` blanks every member of the cycle (§6.1
      step 9, the JS scorer), ``"blank-none"`` leaves them all standing. Either way only
      the members: a card the cycle's members threaten falls if one of them stands.
    * ``self_blanking`` — a card that falls under its own BLANKS after a suit change (Blizzard
      turned into a Flood) is blanked by itself (JS scorer).
    * ``jester_counts_blanked`` — Jester's "+50 if every card is odd" looks at blanked cards too
      (JS scorer; the Kotlin scorer looks only at cards that stand).
    * ``rainstorm_blanks_phoenix`` — the promo Phoenix counts as a Flame, so Rainstorm blanks it
      (card text, Kotlin scorer; the JS scorer does not).
    * ``great_flood_blanks_phoenix`` — the promo Phoenix, a Flame, is blanked by Great Flood
      (recommended); the Deluxe Phoenix never is (its text forbids being blanked by others).
    * ``wildfire_spares_outsiders`` — a newer printing of Wildfire spares Outsiders too; the
      printed list (default) does not.
    * ``collector_every_suit`` / ``gem_every_run`` — Collector scores every qualifying suit and
      Gem of Order every run (JS scorer, the designer's reading); ``False`` pays only the best
      one (Kotlin scorer).
    """

    blanking_cycles: Literal["blank-all", "blank-none"] = "blank-all"
    self_blanking: bool = True
    jester_counts_blanked: bool = True
    rainstorm_blanks_phoenix: bool = True
    great_flood_blanks_phoenix: bool = True
    wildfire_spares_outsiders: bool = False
    collector_every_suit: bool = True
    gem_every_run: bool = True


DEFAULT_RULINGS: Final = Rulings()


@dataclass(frozen=True, slots=True)
class ScoringContext:
    """What the scorer needs to know besides the hand: the Cursed Hoard suits or not, the
    discard area (the Undead's bonuses), the number of players (Genie) and the rulings."""

    expansion: bool = False
    discards: tuple[str, ...] = ()
    players: int = 4
    rulings: Rulings = field(default=DEFAULT_RULINGS)


class Slot:
    """One card of the hand while it is being scored (mutable, rebuilt for every choice):
    the name, suits and strength it has after the ACTION cards, whose bonus text (``bonus``)
    and penalty (``pen``) it carries, and what clearing and blanking did to it."""

    __slots__ = (
        "army_cleared",
        "blanked",
        "blanked_by",
        "bonus",
        "card",
        "cleared",
        "copies",
        "ghost",
        "in_cycle",
        "name",
        "pen",
        "protected",
        "strength",
        "suits",
        "unblankable",
    )

    def __init__(self, info: CardInfo) -> None:
        self.card = info.id
        self.name = info.id
        self.suits = info.suits
        self.strength = info.strength
        self.pen: str | None = info.id if info.id in PENALTY_CARDS else None
        self.bonus: str | None = info.id
        self.copies: str | None = None
        self.cleared = False
        self.army_cleared = False
        self.blanked = False
        self.blanked_by: str | None = None
        self.in_cycle = False  # blanked as a member of a blanking cycle (blanked_by: a member)
        self.protected = False
        self.unblankable = False
        self.ghost = False  # a blanked promo Phoenix still counts in its three suits


class StandingCards:
    """The cards of a scored hand that stand, with counting helpers over them (and over a
    blanked promo Phoenix's suits, which still count): what a bonus or penalty looks at."""

    __slots__ = ("all", "live", "names", "suited")

    def __init__(self, slots: list[Slot]) -> None:
        self.all = slots
        self.live = [s for s in slots if not s.blanked]
        self.suited = [s for s in slots if not s.blanked or s.ghost]
        self.names = {s.name for s in self.live}

    def count(self, suit: int, exclude: Slot | None = None) -> int:
        return sum(1 for s in self.suited if s.suits & suit and s is not exclude)

    def each(self, *suits: int, exclude: Slot | None = None) -> int:
        """Cards counted once per listed suit they match ("for each X and Y")."""
        return sum(self.count(suit, exclude) for suit in suits)

    def has(self, suit: int, exclude: Slot | None = None) -> bool:
        return any(s.suits & suit and s is not exclude for s in self.suited)


@dataclass(frozen=True, slots=True)
class Penalty:
    """A card's penalty, as far as it is the same kind as others': ``rate`` points for each
    card of the suits ``per`` (the card itself not counted in the suits of ``not_self``; an
    Army counted only while nothing clears Army from the penalty), or ``cost`` points unless
    a card of the suit ``spared_by`` stands; ``needs``: the card is blanked unless a card of
    that suit stands, ``fears`` / ``fear_names``: blanked with a card of that suit or name;
    ``blanks``: it BLANKS other cards (its rule's :meth:`CardRule.blanks` says which);
    ``other``: a penalty of its own kind (Demon's, which the scorer applies itself)."""

    rate: int = 0
    per: tuple[int, ...] = ()
    not_self: int = 0
    cost: int = 0
    spared_by: int = 0
    needs: int = 0
    fears: int = 0
    fear_names: tuple[str, ...] = ()
    blanks: bool = False
    other: bool = False

    @property
    def present(self) -> bool:
        """Whether the card has a penalty at all (Judge counts it, Island may clear it)."""
        return (
            self.blanks
            or self.other
            or bool(self.rate or self.cost or self.needs)
            or (bool(self.fears or self.fear_names))
        )


NO_PENALTY: Final = Penalty()
BLANKS: Final = Penalty(blanks=True)


class CardRule:
    """One card's text: its bonus, its penalty, what it looks at, and its bound.

    The base class is a card without a bonus (its :meth:`bonus` is 0, its bound its
    strength); ``penalty`` is its penalty as data (:class:`Penalty`), ``names`` and ``suits``
    what its text looks at, bonus and penalty together (a wild card named anything else is
    only "a card of that suit" to a hand with this card). A subclass gives a bonus (then
    ``has_bonus``), a bound, or what a BLANKS penalty blanks.
    """

    def __init__(
        self,
        card: str,
        *,
        names: tuple[str, ...] = (),
        suits: int = 0,
        penalty: Penalty = NO_PENALTY,
        bonus: bool = False,
    ) -> None:
        self.card = card
        self.names = names
        self.suits = suits
        self.pen = penalty
        self.has_bonus = bonus
        self.has_penalty = penalty.present

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        """The bonus of ``s``, which carries this card's text, in a hand that stands."""
        return 0

    def penalty(self, s: Slot, hand: StandingCards) -> int:
        """The points the penalty of ``s`` (this card's, not cleared) costs, a number <= 0."""
        pen = self.pen
        if pen.rate:
            n = 0
            for suit in pen.per:
                if suit == ARMY and s.army_cleared:
                    continue
                n += hand.count(suit, s if suit & pen.not_self else None)
            return -pen.rate * n
        if pen.cost:
            return 0 if hand.has(pen.spared_by) else -pen.cost
        return 0

    def blanks(self, b: Slot, v: Slot, ctx: ScoringContext) -> bool:
        """Whether the penalty of ``b`` (this card's, not cleared) would blank ``v``."""
        return False

    def fails_unless(self, s: Slot, suits: int) -> bool:
        """Whether ``s`` is blanked by its "unless with" condition, ``suits`` standing (an
        Army it needs counts as present once Army is cleared from its penalty)."""
        needs = self.pen.needs
        if not needs or (needs == ARMY and s.army_cleared):
            return False
        return not suits & needs

    def fails_with(self, s: Slot, suits: int, names: set[str]) -> bool:
        """Whether ``s`` is blanked by its "blanked with" condition, ``suits`` and
        ``names`` standing."""
        pen = self.pen
        return bool(suits & pen.fears) or any(n in names for n in pen.fear_names)

    def bonus_bound(self, me: Card, u: Universe) -> int:
        """At most the bonus of ``me`` in a hand drawn from ``u``."""
        return 0

    def upper_bound(self, me: Card, u: Universe) -> int:
        """At most what ``me`` adds to any hand drawn from ``u`` (0 or more: a card that
        may be blanked adds 0; penalties count as 0)."""
        return max(0, me.strength + self.bonus_bound(me, u))


# The shapes most bonuses take.


class SuitCount(CardRule):
    """``rate`` points for each card of ``suit`` (the card itself too if ``counts_self``):
    the Elementals, Rainstorm, Beastmaster, Empress."""

    def __init__(
        self,
        card: str,
        rate: int,
        suit: str,
        *,
        counts_self: bool,
        names: tuple[str, ...] = (),
        suits: int = 0,
        penalty: Penalty = NO_PENALTY,
    ) -> None:
        super().__init__(card, names=names, suits=suits, penalty=penalty, bonus=True)
        self.rate = rate
        self.suit = suit
        self.mask = bit(suit)
        self.counts_self = counts_self

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        return self.rate * hand.count(self.mask, None if self.counts_self else s)

    def bonus_bound(self, me: Card, u: Universe) -> int:
        if self.counts_self:
            return self.rate * u.every(me, self.suit)
        return self.rate * u.others(me, self.suit)


class SuitsCount(CardRule):
    """``rate`` points for each card of ``each`` suit, once per suit it has ("for each X and
    Y"), and of the ``other`` suits but the card itself: Garden, Forge, Enchantress, Princess."""

    def __init__(
        self,
        card: str,
        rate: int,
        each: tuple[str, ...],
        other: tuple[str, ...] = (),
        *,
        suits: int,
        names: tuple[str, ...] = (),
        penalty: Penalty = NO_PENALTY,
    ) -> None:
        super().__init__(card, names=names, suits=suits, penalty=penalty, bonus=True)
        self.rate = rate
        self.each = each
        self.other = other
        self.each_masks = tuple(bit(x) for x in each)
        self.other_masks = tuple(bit(x) for x in other)

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        n = 0
        for mask in self.each_masks:
            n += hand.count(mask)
        for mask in self.other_masks:
            n += hand.count(mask, s)
        return self.rate * n

    def bonus_bound(self, me: Card, u: Universe) -> int:
        return self.rate * u.many(me, self.each, self.other)


class SuitPresent(CardRule):
    """``points`` if a card of one of the ``present`` suits stands (with the Cursed Hoard
    suits also of the ``expansion`` ones): Bell Tower, Warhorse, Magic Wand."""

    def __init__(
        self,
        card: str,
        points: int,
        present: tuple[str, ...],
        expansion: tuple[str, ...] = (),
        *,
        suits: int,
    ) -> None:
        super().__init__(card, suits=suits, bonus=True)
        self.points = points
        self.present = present
        self.with_expansion = present + expansion
        self.mask = sum(bit(x) for x in present)
        self.expansion_mask = self.mask | sum(bit(x) for x in expansion)

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        mask = self.expansion_mask if ctx.expansion else self.mask
        return self.points if hand.has(mask) else 0

    def bonus_bound(self, me: Card, u: Universe) -> int:
        present = self.with_expansion if u.expansion else self.present
        return self.points if u.some(me, *present) else 0


class NamesPresent(CardRule):
    """``points`` if cards of all the ``names`` stand (or of any one of them, if not
    ``every``): Mountain, Cavern, Lightning, Hydra, Elven Longbow."""

    def __init__(
        self,
        card: str,
        points: int,
        names: tuple[str, ...],
        *,
        every: bool,
        suits: int = 0,
    ) -> None:
        super().__init__(card, names=names, suits=suits, bonus=True)
        self.points = points
        self.every = every

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        held = hand.names
        if self.every:
            ok = all(n in held for n in self.names)
        else:
            ok = any(n in held for n in self.names)
        return self.points if ok else 0

    def bonus_bound(self, me: Card, u: Universe) -> int:
        if self.every:
            return self.points if u.joins(me, *self.names) else 0
        return self.points if any(u.joins(me, n) for n in self.names) else 0


class Discarded(CardRule):
    """``rate`` points for each card of the ``discarded`` suits in the discard area (a card
    there has its printed suit only), ``extra`` more if ``extra_card`` lies there: the
    Cursed Hoard's Dark Queen, Ghoul, Specter and Death Knight. Their bonus does not depend on
    the hand: the bounds are given it (``fixed_bonus``; 0 without a discard area)."""

    def __init__(
        self,
        card: str,
        rate: int,
        discarded: tuple[str, ...],
        extra_card: str = "",
        extra: int = 0,
    ) -> None:
        super().__init__(card, bonus=True)
        self.rate = rate
        self.discarded = discarded
        self.extra_card = extra_card
        self.extra = extra

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        d = ctx.discards
        ex = ctx.expansion
        total = sum(_suit_count_in(d, suit, ex) for suit in self.discarded)
        return self.rate * total + (self.extra if self.extra_card in d else 0)

    def bonus_bound(self, me: Card, u: Universe) -> int:
        return u.fixed_bonus.get(self.card, 0)


def _suit_count_in(cards: Iterable[str], suit: str, expansion: bool) -> int:
    """Cards of the printed ``suit`` in the discard area (a Phoenix there is only a Beast)."""
    return sum(1 for c in cards if card_info(c, expansion=expansion).suit == suit)


# The cards with a text of their own.


class Forest(CardRule):
    """+12 for each Beast and for Elven Archers."""

    def __init__(self) -> None:
        super().__init__("forest", names=("elven-archers",), suits=BEAST, bonus=True)

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        return 12 * hand.count(BEAST) + (12 if "elven-archers" in hand.names else 0)

    def bonus_bound(self, me: Card, u: Universe) -> int:
        return 12 * u.every(me, "beast") + (12 if u.named("elven-archers") else 0)


class FountainOfLife(CardRule):
    """The base strength of the strongest Weapon, Flood, Flame, Land or Weather (or Building,
    with the Cursed Hoard suits)."""

    def __init__(self) -> None:
        super().__init__(
            "fountain-of-life",
            suits=WEAPON | FLOOD | FLAME | LAND | WEATHER | BUILDING,
            bonus=True,
        )

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        mask = WEAPON | FLOOD | FLAME | LAND | WEATHER | (BUILDING if ctx.expansion else 0)
        return max((o.strength for o in hand.live if o.suits & mask), default=0)

    def bonus_bound(self, me: Card, u: Universe) -> int:
        return max(_strongest_other(me, u, wilds=False), me.strength)


class Rainstorm(SuitCount):
    """+10 for each Flood; BLANKS every Flame but Lightning."""

    def __init__(self) -> None:
        super().__init__(
            "rainstorm",
            10,
            "flood",
            counts_self=True,
            names=("lightning",),
            suits=FLOOD | FLAME,
            penalty=BLANKS,
        )

    def blanks(self, b: Slot, v: Slot, ctx: ScoringContext) -> bool:
        if v.card == "phoenix" and not ctx.rulings.rainstorm_blanks_phoenix:
            return False
        return bool(v.suits & FLAME and v.name != "lightning")


class Whirlwind(CardRule):
    """+40 with Rainstorm and either Blizzard or Great Flood."""

    def __init__(self) -> None:
        super().__init__("whirlwind", names=("rainstorm", "blizzard", "great-flood"), bonus=True)

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        names = hand.names
        ok = "rainstorm" in names and ("blizzard" in names or "great-flood" in names)
        return 40 if ok else 0

    def bonus_bound(self, me: Card, u: Universe) -> int:
        ok = u.joins(me, "rainstorm", "blizzard") or u.joins(me, "rainstorm", "great-flood")
        return 40 if ok else 0


class Candle(CardRule):
    """+100 with Book of Changes, Bell Tower and any Wizard."""

    def __init__(self) -> None:
        super().__init__(
            "candle", names=("book-of-changes", "bell-tower"), suits=WIZARD, bonus=True
        )

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        names = hand.names
        ok = "book-of-changes" in names and "bell-tower" in names and hand.has(WIZARD)
        return 100 if ok else 0

    def bonus_bound(self, me: Card, u: Universe) -> int:
        ok = u.joins(me, "book-of-changes", "bell-tower") and u.some(me, "wizard")
        return 100 if ok else 0


class ElvenArchers(CardRule):
    """+5 if no Weather stands."""

    def __init__(self) -> None:
        super().__init__("elven-archers", suits=WEATHER, bonus=True)

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        return 0 if hand.has(WEATHER) else 5

    def bonus_bound(self, me: Card, u: Universe) -> int:
        return 5


class Rangers(CardRule):
    """+10 for each Land (and Building, with the Cursed Hoard suits); clears the word Army
    from every penalty (the scorer's clearing step)."""

    def __init__(self) -> None:
        super().__init__("rangers", suits=LAND | BUILDING | ARMY, bonus=True)

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        if ctx.expansion:
            return 10 * (hand.count(LAND) + hand.count(BUILDING))
        return 10 * hand.count(LAND)

    def bonus_bound(self, me: Card, u: Universe) -> int:
        if u.expansion:
            return 10 * u.many(me, ("land", "building"))
        return 10 * u.every(me, "land")


class Collector(CardRule):
    """+10, +40 or +100 for three, four or five different cards of one suit (every such
    suit, or the best one: :attr:`Rulings.collector_every_suit`)."""

    def __init__(self) -> None:
        super().__init__("collector", suits=EVERY_SUIT, bonus=True)

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        names_by_suit: dict[int, set[str]] = {}
        for o in hand.live:
            for k in range(len(SUITS)):
                if o.suits >> k & 1:
                    names_by_suit.setdefault(k, set()).add(o.name)
        pays = []
        for names in names_by_suit.values():
            n = len(names)
            pays.append(10 if n == 3 else 40 if n == 4 else 100 if n >= 5 else 0)
        if not pays:
            return 0
        return sum(pays) if ctx.rulings.collector_every_suit else max(pays)

    def bonus_bound(self, me: Card, u: Universe) -> int:
        return _collector_bound(me, u)


class Jester(CardRule):
    """+3 for each other odd card, or +50 if every card is odd."""

    def __init__(self) -> None:
        super().__init__("jester", bonus=True)

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        odd = sum(1 for o in hand.live if o.strength % 2 and o is not s)
        pool = hand.all if ctx.rulings.jester_counts_blanked else hand.live
        everyone = all(not o.blanked and o.strength % 2 for o in pool)
        return max(3 * odd, 50 if everyone and s.strength % 2 else 0)

    def bonus_bound(self, me: Card, u: Universe) -> int:
        return max(3 * (u.size - 1), 50)


class KingOrQueen(CardRule):
    """+5 for each Army, or +20 for each with the ``partner`` (King's Queen, Queen's King)."""

    def __init__(self, card: str, partner: str) -> None:
        super().__init__(card, names=(partner,), suits=ARMY, bonus=True)
        self.partner = partner

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        return (20 if self.partner in hand.names else 5) * hand.count(ARMY)

    def bonus_bound(self, me: Card, u: Universe) -> int:
        partner = self.partner
        b = 5 * u.every(me, "army")
        if u.joins(me, partner):
            # Below a search node a partner not picked yet takes a place an Army could have.
            wild = u.limited and not u.sure_ids.isdisjoint(WILD_IDS)
            away = 1 if u.limited and partner not in u.sure_ids and not wild else 0
            b = max(b, 20 * u.every(me, "army", away))
        return b


class StrengthSum(CardRule):
    """The base strengths of every card of ``suit`` added up: Warlord (Army), Crypt (Undead)."""

    def __init__(self, card: str, suit: str, *, suits: int, penalty: Penalty = NO_PENALTY) -> None:
        super().__init__(card, suits=suits, penalty=penalty, bonus=True)
        self.suit = suit
        self.mask = bit(suit)

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        return sum(o.strength for o in hand.live if o.suits & self.mask)

    def bonus_bound(self, me: Card, u: Universe) -> int:
        return _strongest_sum(u, self.suit)


class Crypt(StrengthSum):
    """The base strengths of every Undead added up; BLANKS every Leader."""

    def __init__(self) -> None:
        super().__init__("crypt", "undead", suits=UNDEAD | LEADER, penalty=BLANKS)

    def blanks(self, b: Slot, v: Slot, ctx: ScoringContext) -> bool:
        return bool(v.suits & LEADER)


class Unicorn(CardRule):
    """+30 with Princess, else +15 with Empress, Queen or Enchantress."""

    def __init__(self) -> None:
        super().__init__(
            "unicorn", names=("princess", "empress", "queen", "enchantress"), bonus=True
        )

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        names = hand.names
        if "princess" in names:
            return 30
        return 15 if "empress" in names or "queen" in names or "enchantress" in names else 0

    def bonus_bound(self, me: Card, u: Universe) -> int:
        if u.joins(me, "princess"):
            return 30
        return 15 if any(u.joins(me, x) for x in ("empress", "queen", "enchantress")) else 0


class Keth(CardRule):
    """Sword and Shield of Keth: ``alone`` points with any Leader, +40 with both the Leader
    and the ``pair``."""

    def __init__(self, card: str, pair: str, alone: int) -> None:
        super().__init__(card, names=(pair,), suits=LEADER, bonus=True)
        self.pair = pair
        self.alone = alone

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        if not hand.has(LEADER):
            return 0
        return 40 if self.pair in hand.names else self.alone

    def bonus_bound(self, me: Card, u: Universe) -> int:
        if not u.some(me, "leader"):
            return 0
        return 40 if u.joins(me, self.pair) else self.alone


class GemOfOrder(CardRule):
    """+10, +30, +60, +100 or +150 for a run of 3, 4, 5, 6 or 7+ consecutive base strengths
    (every run, or the best one: :attr:`Rulings.gem_every_run`)."""

    def __init__(self) -> None:
        super().__init__("gem-of-order", bonus=True)

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        return gem_runs([o.strength for o in hand.live], ctx.rulings.gem_every_run)

    def bonus_bound(self, me: Card, u: Universe) -> int:
        return _gem_bound(me, u)


class WorldTree(CardRule):
    """+50 (+70 with the Cursed Hoard suits) if every card is of a different suit."""

    def __init__(self) -> None:
        super().__init__("world-tree", suits=EVERY_SUIT, bonus=True)

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        seen = 0
        for o in hand.suited:
            if seen & o.suits:
                return 0
            seen |= o.suits
        return 70 if ctx.expansion else 50

    def bonus_bound(self, me: Card, u: Universe) -> int:
        return 70 if u.expansion else 50


class Doppelganger(CardRule):
    """Copies another card of the hand (the scorer's step 2): it adds at most the strongest
    other card's strength (a copy never has a bonus), and nothing by itself."""

    def __init__(self) -> None:
        super().__init__("doppelganger")

    def upper_bound(self, me: Card, u: Universe) -> int:
        return max(0, _strongest_other(me, u, wilds=True))


# The cards the Dungeon counts: +10 for the first card of each of its suits and +5 for each
# more, +5 for each of its names.
DUNGEON_SUITS: Final = (UNDEAD, BEAST, ARTIFACT)
DUNGEON_NAMES: Final = ("necromancer", "warlock-lord", "demon")


class Dungeon(CardRule):
    """+10 for the first Undead, Beast and Artifact and +5 for each more of them; +5 for
    Necromancer, Warlock Lord and Demon."""

    def __init__(self) -> None:
        super().__init__(
            "dungeon", names=DUNGEON_NAMES, suits=UNDEAD | BEAST | ARTIFACT, bonus=True
        )

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        total = 0
        for suit in DUNGEON_SUITS:
            n = hand.count(suit)
            total += 10 + 5 * (n - 1) if n else 0
        return total + 5 * sum(1 for n in DUNGEON_NAMES if n in hand.names)

    def bonus_bound(self, me: Card, u: Universe) -> int:
        b = 0
        for suit in ("undead", "beast", "artifact"):
            n = min(u.fixed(me, suit) + (1 if me.suits & SUIT_BIT[suit] else 0), u.size)
            b += 10 + 5 * (n - 1) if n else 0
        b += 10 * u.jokers  # a joker (a wild, Book's target) is at best a first card
        if u.limited:
            b = min(b, _dungeon_places(me, u))
        return b + 5 * sum(1 for x in DUNGEON_NAMES if u.named(x))


class Castle(CardRule):
    """+10 for each of Leader, Army and Land present; +10 for the first other Building and
    +5 for each more."""

    def __init__(self) -> None:
        super().__init__("castle", suits=LEADER | ARMY | LAND | BUILDING, bonus=True)

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        n = hand.count(BUILDING, s)
        total = 10 * (hand.has(LEADER) + hand.has(ARMY) + hand.has(LAND))
        return total + (10 + 5 * (n - 1) if n else 0)

    def bonus_bound(self, me: Card, u: Universe) -> int:
        n = u.others(me, "building")
        # +10 for each of Leader, Army and Land present: a joker supplies one missing suit.
        held = sum(
            1 for s in ("leader", "army", "land") if u.fixed(me, s) or me.suits & SUIT_BIT[s]
        )
        b = 10 * min(3, held + u.jokers) + (10 + 5 * (n - 1) if n else 0)
        if u.limited:
            b = min(b, _castle_places(me, u))
        return b


CHAPEL_SUITS: Final = LEADER | WIZARD | OUTSIDER | UNDEAD


class Chapel(CardRule):
    """+40 for exactly two Leaders, Wizards, Outsiders and Undead together."""

    def __init__(self) -> None:
        super().__init__("chapel", suits=CHAPEL_SUITS, bonus=True)

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        n = sum(1 for o in hand.suited if o.suits & CHAPEL_SUITS)
        return 40 if n == 2 else 0

    def bonus_bound(self, me: Card, u: Universe) -> int:
        return 40


class Genie(CardRule):
    """+10 for each other player (at most six)."""

    def __init__(self) -> None:
        super().__init__("genie", bonus=True)

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        return 10 * (ctx.players - 1)

    def bonus_bound(self, me: Card, u: Universe) -> int:
        return u.fixed_bonus.get("genie", 60)


class Judge(CardRule):
    """+10 for each card with a penalty (not cleared)."""

    def __init__(self) -> None:
        super().__init__("judge", bonus=True)

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        return 10 * sum(1 for o in hand.live if o.pen is not None and not o.cleared)

    def bonus_bound(self, me: Card, u: Universe) -> int:
        return 10 * (_penalties(me, u) if u.limited else u.size - 1)


class Lich(CardRule):
    """+10 for each other Undead, +10 with Necromancer; the Undead are never blanked (the
    scorer's step 11)."""

    def __init__(self) -> None:
        super().__init__("lich", names=("necromancer",), suits=UNDEAD, bonus=True)

    def bonus(self, s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
        return (10 if "necromancer" in hand.names else 0) + 10 * hand.count(UNDEAD, s)

    def bonus_bound(self, me: Card, u: Universe) -> int:
        return (10 if u.named("necromancer") else 0) + 10 * u.others(me, "undead")


# The BLANKS penalties without a bonus.


class GreatFlood(CardRule):
    """BLANKS every Army, Land but Mountain, Flame but Lightning (and Building, with the
    Cursed Hoard suits)."""

    def __init__(self) -> None:
        super().__init__(
            "great-flood",
            names=("mountain", "lightning"),
            suits=ARMY | BUILDING | LAND | FLAME,
            penalty=BLANKS,
        )

    def blanks(self, b: Slot, v: Slot, ctx: ScoringContext) -> bool:
        if v.card == "phoenix" and not ctx.rulings.great_flood_blanks_phoenix:
            return False
        suits = v.suits
        return bool(
            (suits & ARMY and not b.army_cleared)
            or (suits & BUILDING and ctx.expansion)
            or (suits & LAND and v.name != "mountain")
            or (suits & FLAME and v.name != "lightning")
        )


class Blizzard(CardRule):
    """-5 for each Army, Leader, Beast and Flame; BLANKS every Flood."""

    def __init__(self) -> None:
        super().__init__(
            "blizzard",
            suits=FLOOD | ARMY | LEADER | BEAST | FLAME,
            penalty=Penalty(rate=5, per=(ARMY, LEADER, BEAST, FLAME), blanks=True),
        )

    def blanks(self, b: Slot, v: Slot, ctx: ScoringContext) -> bool:
        return bool(v.suits & FLOOD)


class Wildfire(CardRule):
    """BLANKS every card but the Flames, Wizards, Weather, Weapons, Artifacts (and Outsiders,
    :attr:`Rulings.wildfire_spares_outsiders`) and the cards it names."""

    def __init__(self) -> None:
        super().__init__("wildfire", names=WILDFIRE_SPARED_NAMES, suits=EVERY_SUIT, penalty=BLANKS)

    def blanks(self, b: Slot, v: Slot, ctx: ScoringContext) -> bool:
        spares = WILDFIRE_SPARES | (OUTSIDER if ctx.rulings.wildfire_spares_outsiders else 0)
        return not (v.suits & spares or v.name in WILDFIRE_SPARED_NAMES)


class Basilisk(CardRule):
    """BLANKS every Army, Leader and other Beast."""

    def __init__(self) -> None:
        super().__init__("basilisk", suits=ARMY | LEADER | BEAST, penalty=BLANKS)

    def blanks(self, b: Slot, v: Slot, ctx: ScoringContext) -> bool:
        # Its text spares itself whatever its suit (a Basilisk the Book made a Leader too).
        suits = v.suits
        return v is not b and bool(
            (suits & ARMY and not b.army_cleared) or suits & (LEADER | BEAST)
        )


def _rules() -> list[CardRule]:
    """Every card with a text that a program reads, in the cards file's order of suits."""
    return [
        # Land
        NamesPresent("mountain", 50, ("smoke", "wildfire"), every=True, suits=FLOOD),
        NamesPresent("cavern", 25, ("dwarvish-infantry", "dragon"), every=False, suits=WEATHER),
        SuitPresent("bell-tower", 15, ("wizard",), ("undead",), suits=WIZARD | UNDEAD),
        Forest(),
        SuitCount("earth-elemental", 15, "land", counts_self=False, suits=LAND),
        # Flood
        FountainOfLife(),
        CardRule("swamp", suits=ARMY | FLAME, penalty=Penalty(rate=3, per=(ARMY, FLAME))),
        GreatFlood(),
        CardRule("island", suits=FLOOD | FLAME),
        SuitCount("water-elemental", 15, "flood", counts_self=False, suits=FLOOD),
        # Weather
        Rainstorm(),
        Blizzard(),
        CardRule("smoke", suits=FLAME, penalty=Penalty(needs=FLAME)),
        Whirlwind(),
        SuitCount("air-elemental", 15, "weather", counts_self=False, suits=WEATHER),
        # Flame
        Wildfire(),
        Candle(),
        SuitsCount("forge", 9, ("weapon", "artifact"), suits=WEAPON | ARTIFACT),
        NamesPresent("lightning", 30, ("rainstorm",), every=True),
        SuitCount("fire-elemental", 15, "flame", counts_self=False, suits=FLAME),
        # Army
        CardRule("knights", suits=LEADER, penalty=Penalty(cost=8, spared_by=LEADER)),
        ElvenArchers(),
        CardRule("light-cavalry", suits=LAND, penalty=Penalty(rate=2, per=(LAND,))),
        CardRule(
            "dwarvish-infantry",
            suits=ARMY,
            penalty=Penalty(rate=2, per=(ARMY,), not_self=ARMY),
        ),
        Rangers(),
        # Wizard
        Collector(),
        SuitCount("beastmaster", 9, "beast", counts_self=True, suits=BEAST),
        CardRule(
            "warlock-lord",
            suits=LEADER | WIZARD,
            penalty=Penalty(rate=10, per=(LEADER, WIZARD), not_self=WIZARD),
        ),
        SuitsCount(
            "enchantress",
            5,
            ("land", "weather", "flood", "flame"),
            suits=LAND | WEATHER | FLOOD | FLAME,
        ),
        CardRule("necromancer", suits=UNDEAD),
        # Leader
        KingOrQueen("king", "queen"),
        KingOrQueen("queen", "king"),
        SuitsCount("princess", 8, ("army", "wizard"), ("leader",), suits=ARMY | WIZARD | LEADER),
        StrengthSum("warlord", "army", suits=ARMY),
        SuitCount(
            "empress",
            10,
            "army",
            counts_self=True,
            suits=ARMY | LEADER,
            penalty=Penalty(rate=5, per=(LEADER,), not_self=LEADER),
        ),
        # Beast
        Unicorn(),
        Basilisk(),
        SuitPresent("warhorse", 14, ("leader", "wizard"), suits=LEADER | WIZARD),
        CardRule("dragon", suits=WIZARD, penalty=Penalty(cost=40, spared_by=WIZARD)),
        NamesPresent("hydra", 28, ("swamp",), every=True),
        CardRule("phoenix", suits=FLOOD, penalty=Penalty(fears=FLOOD)),
        CardRule("phoenix-deluxe", suits=FLOOD, penalty=Penalty(fears=FLOOD)),
        # Weapon
        CardRule("warship", suits=FLOOD | ARMY, penalty=Penalty(needs=FLOOD)),
        SuitPresent("magic-wand", 25, ("wizard",), suits=WIZARD),
        Keth("sword-of-keth", "shield-of-keth", 10),
        NamesPresent(
            "elven-longbow",
            30,
            ("elven-archers", "warlord", "beastmaster"),
            every=False,
        ),
        CardRule(
            "war-dirigible",
            suits=ARMY | WEATHER,
            penalty=Penalty(needs=ARMY, fears=WEATHER),
        ),
        # Artifact
        Keth("shield-of-keth", "sword-of-keth", 15),
        GemOfOrder(),
        WorldTree(),
        # Wild
        Doppelganger(),
        # Outsider
        Jester(),
        Genie(),
        Judge(),
        # Building
        Dungeon(),
        Castle(),
        Crypt(),
        Chapel(),
        SuitsCount(
            "garden",
            11,
            ("leader", "beast"),
            names=("necromancer", "demon"),
            suits=LEADER | BEAST | UNDEAD,
            penalty=Penalty(fears=UNDEAD, fear_names=("necromancer", "demon")),
        ),
        # Undead
        Discarded("dark-queen", 5, ("land", "flood", "flame", "weather"), "unicorn", 5),
        Discarded("ghoul", 4, ("wizard", "leader", "army", "beast", "undead")),
        Discarded("specter", 6, ("wizard", "artifact", "outsider")),
        Lich(),
        Discarded("death-knight", 7, ("weapon", "army")),
        CardRule("demon", suits=EVERY_SUIT, penalty=Penalty(other=True)),
    ]


# Every card of the game has its rule: a card whose text the programs do not read (Protection
# Rune, the wilds Mirage and Shapeshifter, Book of Changes, Angel...) a plain one.
RULES: Final[dict[str, CardRule]] = {card: CardRule(card) for card in CARDS}
RULES.update((rule.card, rule) for rule in _rules())

# The tables read off the rules (the optimiser and the bounds look cards up in them).
# Cards whose text gives a bonus in points (every other card's bonus is 0).
BONUS_CARDS: Final = frozenset(c for c, r in RULES.items() if r.has_bonus)
# Cards that carry a penalty (for Judge and for Island's target).
PENALTY_CARDS: Final = frozenset(c for c, r in RULES.items() if r.has_penalty)
# Cards whose penalty BLANKS other cards, and cards whose penalty may blank themselves.
BLANKERS: Final = frozenset(c for c, r in RULES.items() if r.pen.blanks)
SELF_UNLESS: Final = frozenset(c for c, r in RULES.items() if r.pen.needs)
SELF_WITH: Final = frozenset(c for c, r in RULES.items() if r.pen.fears or r.pen.fear_names)
# Names (card ids) each card's text looks for, bonus and penalty together; a wild card
# named anything else is only "a card of that suit" to this hand (the optimiser uses it).
NAME_REFS: Final = {c: r.names for c, r in RULES.items() if r.names}
# Suits each card's text looks at (bonus, penalty, blanking, conditions).
SUIT_REFS: Final = {c: r.suits for c, r in RULES.items() if r.suits}
# The penalties that cost per card of some suits: the rate and the suits (a card counts once
# for each listed suit it has); and those that cost a fixed amount unless a suit stands.
PENALTY_RATES: Final = {c: (r.pen.rate, r.pen.per) for c, r in RULES.items() if r.pen.rate}
FIXED_PENALTIES: Final = {c: (r.pen.cost, r.pen.spared_by) for c, r in RULES.items() if r.pen.cost}


def bonus_points(s: Slot, hand: StandingCards, ctx: ScoringContext) -> int:
    """The bonus of the card ``s`` (its own text; a copy has none)."""
    c = s.bonus
    if c is None:
        return 0  # a copy, which has no bonus
    return RULES[c].bonus(s, hand, ctx)


def penalty_points(s: Slot, hand: StandingCards) -> int:
    """The points the penalty of ``s`` costs (0 when cleared), a number <= 0."""
    p = s.pen
    if p is None or s.cleared:
        return 0
    return RULES[p].penalty(s, hand)


def blanks(b: Slot, v: Slot, ctx: ScoringContext) -> bool:
    """Whether the penalty of ``b`` (not cleared) would blank ``v``."""
    p = b.pen
    return p is not None and RULES[p].blanks(b, v, ctx)


def upper_bound(me: Card, u: Universe) -> int:
    """At most what card ``me`` adds to any hand drawn from ``u`` (0 or more)."""
    return RULES[me.id].upper_bound(me, u)


def _run_bonus(length: int) -> int:
    return {3: 10, 4: 30, 5: 60, 6: 100}.get(length, 150 if length >= 7 else 0)


def gem_runs(strengths: list[int], every_run: bool = True) -> int:
    """Gem of Order's bonus for these strengths (§6.2.5).

    Take the lowest maximal run of 3+ consecutive values (one card per value), score it,
    remove its cards, and repeat; duplicates can so build a second run.

    >>> gem_runs([4, 5, 6, 4, 5, 6]), gem_runs([1, 2, 3, 7, 8, 9, 10]), gem_runs([1, 2, 4])
    (20, 40, 0)
    """
    left = sorted(strengths)
    total = 0
    best = 0
    while True:
        values = sorted(set(left))
        run_start = None
        k = 0
        found: list[int] | None = None
        while k < len(values):
            j = k
            while j + 1 < len(values) and values[j + 1] == values[j] + 1:
                j += 1
            if j - k + 1 >= 3:
                found = values[k : j + 1]
                run_start = k
                break
            k = j + 1
        if found is None or run_start is None:
            break
        total += _run_bonus(len(found))
        best = max(best, _run_bonus(len(found)))
        for value in found:
            left.remove(value)
    return total if every_run else best


# The bounds' helpers for the cards whose bound is more than a formula. The best-hand search
# asks for the same few values millions of times: some are kept once worked out.
_GEM_SPLITS: Final[dict[tuple[int, int], int]] = {}
_COLLECTOR_TIERS: Final[dict[tuple[int, int, int, int, int], int]] = {}


_DUNGEON_INDICES: Final = tuple(s.bit_length() - 1 for s in DUNGEON_SUITS)


def _dungeon_places(me: Card, u: Universe) -> int:
    """Dungeon's bonus for its three suits at most below a search node, the places left
    shared by them: each card that joins adds 5, or 10 as the first of its suit; a sure
    joker adds 10 without a place."""
    total = 10 * u.sure_jokers
    gains = [10] * u.rest_wilds
    for i in _DUNGEON_INDICES:
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
        (u.fixed(me, s) + (1 if me.suits & SUIT_BIT[s] else 0) for s in SUITS), reverse=True
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
