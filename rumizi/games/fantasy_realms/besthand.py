"""The best hand of Fantasy Realms, proven by branch and bound.

A hand is 7 cards of the deck, or 8 when it holds Necromancer (its eighth card, an Army,
Leader, Wizard or Beast, comes from the discard area, and any card may lie there). The search
picks cards in a fixed order (highest potential first) and, at every node, bounds what any
completion could score:

    bound = Σ ub(c, U) over the cards already picked
          + the largest ub(c, U) of the cards still allowed, as many as places are left

where ``U`` is every card still possible (picked or allowed) and ``ub(c, U)`` is an upper bound
on what card ``c`` can add to any hand drawn from ``U``: its strength plus its bonus counted
optimistically (every card of ``U`` of the suit it wants, every wild card and Book of Changes
counted as any suit or name at once, never more than the hand's other places), penalties as 0,
and 0 if that is higher (a blanked card adds 0): the card's rule's bound
(:meth:`.card_rules.CardRule.upper_bound`, on a :class:`.universe.Universe`). The cards picked
are in the hand for sure, but only as many of the allowed ones as places are left can join
them, so a count takes at most that many of the allowed cards (with two places left, King
counts the Armies picked and two more, not six): most of the pruning deep in the tree comes
from that. A card that may be blanked adds 0 at least, but a Genie that nothing can blank
surely costs what it does (:func:`genie_debt`): a completion without Wildfire or Book of
Changes pays it (:func:`completion_bound`). Because every term is an upper bound, a node whose
bound cannot beat the hands kept so far holds no better hand: the result is exact.
:func:`check_bound` and :func:`node_bounds` test the bounds against exact scores.

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

from rumizi.games.fantasy_realms.card_rules import (
    ScoringContext,
    collector_tiers,
    gem_splits,
    upper_bound,
)
from rumizi.games.fantasy_realms.cards import base_deck, card_info
from rumizi.games.fantasy_realms.optimize import best_choices
from rumizi.games.fantasy_realms.universe import (
    EXTRA_SUITS,
    SUIT_BIT,
    Card,
    Universe,
    bounded,
)


@dataclass
class Result:
    """The top hands found (best first) and how much work the proof took."""

    best: list[tuple[int, tuple[str, ...]]]
    nodes: int = 0
    leaves: int = 0
    pruned: int = 0
    branches: list[int] = field(default_factory=list)


def exact(hand: Sequence[str], table: ScoringContext) -> int:
    """The exact best total of one hand."""
    infos = [card_info(c, expansion=table.expansion) for c in hand]
    return best_choices(infos, table)[0]


# Cards that bring an extra card at the end of the game: Necromancer (from the discard
# area, an Army, Leader, Wizard or Beast, or with the Cursed Hoard suits also an Undead), and
# with the Cursed Hoard the Genie (any card of the draw deck) and the Leprechaun (the top card
# of the deck: the best hand assumes it is the card wanted).
GIVERS: Final = ("necromancer", "genie", "leprechaun")


# Genie's bonus at the searched table (four players, ``ScoringContext()``'s default); its general
# bound allows seven.
GENIE_BONUS: Final = {"genie": 10 * (ScoringContext().players - 1)}


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
    suits = EXTRA_SUITS | (SUIT_BIT["undead"] if expansion else 0)
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
    table = ScoringContext(expansion=expansion)
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
    table = ScoringContext(expansion=expansion)
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
    return bound, exact(hand, ScoringContext(expansion=expansion))


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
    table = ScoringContext(expansion=expansion)
    base = hand_size(expansion)
    for size in range(base, base + givers(pool, expansion) + 1):
        for hand in itertools.combinations(sorted(pool), size):
            if valid(hand, expansion):
                out.append((exact(hand, table), hand))
    return sorted(out, key=lambda x: (-x[0], x[1]))[:top]


__all__ = [
    "GENIE_BLANKERS",
    "GENIE_BONUS",
    "GIVERS",
    "Card",
    "Result",
    "Universe",
    "bounded",
    "brute_best",
    "check_bound",
    "collector_tiers",
    "completion_bound",
    "exact",
    "gem_splits",
    "genie_debt",
    "givers",
    "hand_size",
    "node_bounds",
    "node_size",
    "search",
    "search_order",
    "seed_hands",
    "upper_bound",
    "valid",
    "work_units",
]
