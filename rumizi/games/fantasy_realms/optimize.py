"""Finding the choices that score a hand best: a plain brute force and a pruned search.

Only the ACTION cards (§5 of the cards file) offer choices. :func:`brute_force` tries every
combination: every card of the game for Mirage and Shapeshifter, every other card of the hand
and every suit for Book of Changes, and so on. It is the reference. :func:`best_choices`
finds the same optimum from far fewer tries, by leaving out choices that cannot score
differently from one it keeps:

* a Mirage or Shapeshifter name matters only through its suit, unless some card of the hand
  names it (Mountain names Smoke) or Collector is there to count names; so one unnamed card
  per suit stands for all the others, and none at all for a suit nobody looks at;
* a suit for Book of Changes matters only if a card of the hand looks at it (or the hand
  compares suits: Collector, World Tree, Demon); one suit nobody looks at stands for the rest;
* Island need only try the cards that carry a penalty, and nothing when Protection Rune
  already clears them all; at a leaf, not a card whose penalty blanks nobody if without
  Island it stood and cost nothing;
* Angel need only try the cards that fall without it (protecting a card that stands changes
  nothing), found by scoring the hand without Angel first;
* branch and bound: at every node :class:`~rumizi.games.fantasy_realms.bounds.Bounds` bounds
  what the open choices could reach (the best-hand search's per-card bounds on the hand as
  the choices made so far left it, less what Demon, the BLANKS penalties, the other
  penalties and the cards' own conditions surely take); a node that cannot beat the best
  found is left;
* Book of Changes, the widest choice (every other card times every suit), is chosen last
  and bounded in two ways before any of its choices is: once per new suit (any target) and
  once per target (any suit, bounded as the search reaches it), and a choice is tried only
  if both bounds can still beat the best found; when the targets are bounded first and one
  is left, its suits are not bounded apart (each would spare only the child it costs);
* Wildfire tells suits apart only as spared or not, so Book and the wilds try one suit of
  each group it cannot tell apart;
* the hand after the copies and Book of Changes is kept as a tuple per card, built one choice
  at a time down the search tree; a branch whose tuple (names nobody looks at written as
  ``*``) was met before at the same depth is the same subtree and is skipped, and equal
  tuples are scored once; a leaf scored once (no Angel, one Island choice at most) is
  scored without computing its bound.

Both search in a fixed order and keep the first best, so the answer is deterministic.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Final

from rumizi.games.fantasy_realms.bounds import BOOK, Bounds, Proto
from rumizi.games.fantasy_realms.card_rules import (
    BLANKERS,
    NAME_REFS,
    PENALTY_CARDS,
    SUIT_REFS,
    WILDFIRE_SPARES,
    ScoringContext,
    Slot,
    StandingCards,
    bonus_points,
    penalty_points,
)
from rumizi.games.fantasy_realms.cards import (
    CardInfo,
    bit,
    card_info,
    suits_in_play,
)
from rumizi.games.fantasy_realms.scoring import (
    ACTION_CARDS,
    PHOENIX_ALSO,
    Choices,
    build_slots,
    copy_pool,
    evaluate,
    resolve_blanking,
)

Option = dict[str, str | None]


def _copy(target: str | None) -> Option:
    return {"copies": target}


def _book(target: str | None, suit: str | None) -> Option:
    return {"target": target, "new_suit": suit}


def _clears(target: str | None) -> Option:
    return {"clears": target}


def _protects(target: str | None) -> Option:
    return {"protects": target}


_SUIT_EQUALITY: Final = ("collector", "world-tree", "demon")
_WILDS: Final = ("doppelganger", "mirage", "shapeshifter")


def _full_domains(infos: Sequence[CardInfo], table: ScoringContext) -> dict[str, list[Option]]:
    hand = [i.id for i in infos]
    out: dict[str, list[Option]] = {}
    for card in ACTION_CARDS:
        if card not in hand:
            continue
        others = [c for c in hand if c != card]
        if card == "doppelganger":
            out[card] = [_copy(None)] + [_copy(c) for c in others]
        elif card in ("mirage", "shapeshifter"):
            out[card] = [_copy(None)] + [_copy(c) for c in copy_pool(card, table.expansion)]
        elif card == "book-of-changes":
            out[card] = [_book(None, None)] + [
                _book(c, s)
                for c in others
                if c != "phoenix-deluxe"
                for s in suits_in_play(expansion=table.expansion)
            ]
        elif card == "island":
            out[card] = [_clears(None)] + [_clears(c) for c in hand]
        else:
            out[card] = [_protects(None)] + [_protects(c) for c in others]
    return out


def brute_force(
    infos: Sequence[CardInfo], table: ScoringContext, fixed: Mapping[str, Option] | None = None
) -> tuple[int, Choices]:
    """The best total and its choices, by trying every combination (the reference)."""
    domains = _full_domains(infos, table)
    for card, option in (fixed or {}).items():
        domains[card] = [dict(option)]
    names = list(domains)
    best: tuple[int, Choices] | None = None
    for combo in itertools.product(*(domains[n] for n in names)):
        choices = dict(zip(names, combo, strict=True))
        result = evaluate(infos, choices, table)
        if result is not None and (best is None or result[0] > best[0]):
            best = (result[0], choices)
    assert best is not None  # using no ability at all is always valid
    return best


class _Observed:
    """What the cards of one hand can tell apart: the names and suits their texts look at."""

    def __init__(
        self,
        infos: Sequence[CardInfo],
        table: ScoringContext,
        fixed: Mapping[str, Option] | None = None,
    ) -> None:
        held = {i.id for i in infos}
        self.collector = "collector" in held
        names: set[str] = set()
        suits = 0
        # Texts that only tell two groups of suits apart (Wildfire: spared or not).
        self.splits: list[int] = []
        for i in infos:
            names.update(NAME_REFS.get(i.id, ()))
            if i.id == "wildfire":
                spares = WILDFIRE_SPARES
                if table.rulings.wildfire_spares_outsiders:
                    spares |= bit("outsider")
                self.splits.append(spares)
            elif i.id in _SUIT_EQUALITY:
                suits |= bit("outsider") if i.id == "demon" else 0  # Demon spares Outsiders
            else:
                suits |= SUIT_REFS.get(i.id, 0)
        if self.collector:
            names |= held  # Collector tells a repeated name from a new one
        self.equality = bool(held & set(_SUIT_EQUALITY))
        if self.equality:
            # These compare suits with each other: a suit no text names and no card of the
            # hand prints is "anonymous", and any anonymous suit can stand for another.
            for i in infos:
                suits |= i.suits
            # So is a suit a choice fixed by the caller gives a card: the open choices cannot
            # be steered to it as an anonymous one (a wild matching a fixed Book's suit).
            for card, option in (fixed or {}).items():
                if card == "book-of-changes" and option.get("new_suit") is not None:
                    suits |= bit(str(option["new_suit"]))
                elif card in ("mirage", "shapeshifter") and option.get("copies") is not None:
                    suits |= bit(card_info(str(option["copies"]), expansion=table.expansion).suit)
        self.names = names
        self.suits = suits
        self.game_suits = suits_in_play(expansion=table.expansion)

    def cls(self, suit: str) -> str | tuple[bool, ...]:
        """The suit as this hand sees it: a suit some text names is itself; the others are
        told apart only by the groups they fall in (Wildfire's spared suits)."""
        b = bit(suit)
        if self.suits & b:
            return suit
        return tuple(bool(split & b) for split in self.splits)

    def name(self, name: str) -> str:
        """The name as this hand sees it: any name nobody looks at is just "a name"."""
        return name if name in self.names or self.collector else "*"


def _copy_options(card: str, seen: _Observed, table: ScoringContext) -> list[Option]:
    """Mirage's or Shapeshifter's choices, one per class the hand can tell apart."""
    options: list[Option] = [_copy(None)]
    fresh: dict[object, str] = {}
    unused = seen.cls("wild")
    for c in copy_pool(card, table.expansion):
        if c in seen.names:
            options.append(_copy(c))
            continue
        key = seen.cls(card_info(c, expansion=table.expansion).suit)
        if key != unused:  # a suit the hand cannot tell from a Wild: as good as unused
            fresh.setdefault(key, c)
    options.extend(_copy(c) for c in fresh.values())
    return options


def _book_suits(seen: _Observed, taken: Sequence[str]) -> list[str]:
    """Book's suits: the ones the hand tells apart, the anonymous suits a wild may have
    taken (Book may match them), and one more anonymous suit."""
    out = []
    met: set[object] = set()
    for s in seen.game_suits:
        key = s if s in taken else seen.cls(s)
        if key not in met:
            met.add(key)
            out.append(s)
    return out


def _pruned_domains(
    infos: Sequence[CardInfo], table: ScoringContext, seen: _Observed
) -> dict[str, list[Option]]:
    hand = [i.id for i in infos]
    out: dict[str, list[Option]] = {}
    for card in ACTION_CARDS:
        if card not in hand or card in ("island", "angel"):
            continue
        others = [c for c in hand if c != card]
        if card == "doppelganger":
            out[card] = [_copy(None)] + [_copy(c) for c in others]
        elif card in ("mirage", "shapeshifter"):
            out[card] = _copy_options(card, seen, table)
        else:
            taken = [
                card_info(str(o["copies"]), expansion=table.expansion).suit
                for wild in ("mirage", "shapeshifter")
                for o in out.get(wild, [])
                if o["copies"] is not None
                and not seen.suits
                & bit(card_info(str(o["copies"]), expansion=table.expansion).suit)
            ]
            suits = _book_suits(seen, taken if seen.equality else ())
            out[card] = [_book(None, None)] + [
                _book(c, s) for c in others if c != "phoenix-deluxe" for s in suits
            ]
    return out


# Equal protos score equally (with the same Island and Angel targets), so the search scores
# each distinct hand once. The search writes a name nobody looks at as "*" (``seen``), so a
# hand's protos are its key as they are.


def _protos(infos: Sequence[CardInfo], seen: _Observed | None = None) -> list[Proto]:
    return [
        (
            i.id,
            i.id if seen is None else seen.name(i.id),
            i.suits,
            i.strength,
            i.id if i.id in PENALTY_CARDS else None,
        )
        for i in infos
    ]


def _open_suit(protos: list[Proto], target: str) -> list[Proto]:
    """The hand once Book of Changes has chosen ``target`` but not its new suit: that card
    has no suit yet (the bounds count it as a joker)."""
    k = _index(protos, target)
    c, n, _su, st, p = protos[k]
    return _replaced(protos, k, (c, n, 0, st, p))


def _apply(
    protos: list[Proto],
    card: str,
    option: Option,
    table: ScoringContext,
    seen: _Observed | None = None,
) -> list[Proto]:
    """The hand after one ACTION card's choice (steps 2–5 of the resolution order); with
    ``seen``, a name nobody looks at is written "*"."""
    if card == "book-of-changes":
        target, suit = option["target"], option["new_suit"]
        if target is None or suit is None:
            return protos
        k = _index(protos, target)
        c, n, _su, st, p = protos[k]
        also = PHOENIX_ALSO if c == "phoenix" else 0  # its bonus text: still Flame and Weather
        return _replaced(protos, k, (c, n, bit(suit) | also, st, p))
    target = option["copies"]
    if target is None:
        return protos
    t = card_info(target, expansion=table.expansion)
    if card == "doppelganger":
        name = t.id if seen is None else seen.name(t.id)
        pen = t.id if t.id in PENALTY_CARDS else None
        new: Proto = (card, name, bit(t.suit), t.strength, pen)  # a Phoenix's: a Beast only
    else:
        name = "phoenix" if t.id == "phoenix-deluxe" else t.id
        if seen is not None:
            name = seen.name(name)
        new = (card, name, bit(t.suit), 0, None)
    return _replaced(protos, _index(protos, card), new)


def _index(protos: list[Proto], card: str) -> int:
    for k, proto in enumerate(protos):
        if proto[0] == card:
            return k
    raise ValueError(f"{card} is not in the hand")


def _replaced(protos: list[Proto], k: int, new: Proto) -> list[Proto]:
    """The hand with its ``k``-th proto replaced; the others are the same objects (the
    bounds tell by identity which cards a hand shares with the last one they saw)."""
    out = list(protos)
    out[k] = new
    return out


def _rate(tally: list[int]) -> float:
    """The share of bounds that pruned, counting one try that did and one that did not."""
    return (tally[1] + 1) / (tally[0] + 2)


def fixed_bonuses(infos: Sequence[CardInfo], table: ScoringContext) -> dict[str, int]:
    """The bonuses that do not depend on the hand (the Undead that look at the discard
    area, Genie at the players), for the bounds."""
    return {
        i.id: bonus_points(Slot(i), StandingCards([]), table)
        for i in infos
        if i.id in ("dark-queen", "ghoul", "specter", "death-knight", "genie")
    }


def _score(slots: list[Slot], table: ScoringContext) -> tuple[int, list[str], list[str]]:
    """The total, the cards blanked, and the cards whose penalty cost points."""
    resolve_blanking(slots, table)
    hand = StandingCards(slots)
    total = 0
    costly = []
    for s in hand.live:
        cost = penalty_points(s, hand)
        total += s.strength + bonus_points(s, hand, table) + cost
        if cost:
            costly.append(s.card)
    return total, [s.card for s in slots if s.blanked], costly


def best_choices(
    infos: Sequence[CardInfo], table: ScoringContext, fixed: Mapping[str, Option] | None = None
) -> tuple[int, Choices]:
    """The best total and its choices, found by the pruned search (same optimum as
    :func:`brute_force`)."""
    # The cyclic collector is left running: pausing it would pause it for the whole process
    # (this runs on the server's event loop when a game ends), and the search leaves no cycle
    # behind (the bounds' probes, which refer to each other, are let go as it ends). Running,
    # it costs about 6% on the slowest hands (the twelve of bench/fantasy_realms_score.py,
    # compiled: 0.55 -> 0.59 CPU s) and nothing measurable on the others.
    return ChoiceSearch(infos, table, fixed).run()


class ChoiceSearch:
    """The pruned search for one hand's best choices (:func:`best_choices`).

    The ACTION cards but Island and Angel are chosen one after another down a tree (Book of
    Changes last, in two steps: :meth:`_book`); Island and Angel are tried at each leaf
    (:meth:`leaf`), where the hand is scored. :class:`~.bounds.Bounds` bounds each node; a
    node whose bound cannot beat the best total found (``best_total``) is left. What the
    search keeps while it runs (the memo of scored hands, the subtrees met) goes with it.
    """

    def __init__(
        self, infos: Sequence[CardInfo], table: ScoringContext, fixed: Mapping[str, Option] | None
    ) -> None:
        self.infos = infos
        self.table = table
        self.fixed: dict[str, Option] = dict(fixed or {})
        hand = [i.id for i in infos]
        self.hand = hand
        self.seen = _Observed(infos, table, self.fixed)
        domains = _pruned_domains(infos, table, self.seen)
        for card, option in self.fixed.items():
            if card in domains:
                domains[card] = [dict(option)]
        self.domains = domains
        # The cards chosen down the tree, in order (Island and Angel are tried at the leaves).
        self.names = list(domains)
        self.has_angel = "angel" in hand
        # Island: nothing to clear when Protection Rune clears everything already.
        islands: list[Option | None] = [None]
        if "island" in self.fixed:
            islands = [self.fixed["island"]]
        elif "island" in hand:
            islands = [_clears(None)]
            if "protection-rune" not in hand:
                islands += [_clears(c) for c in hand if c in PENALTY_CARDS or c == "doppelganger"]
        self.islands = islands
        self.every_angel = table.rulings.blanking_cycles != "blank-all"
        self.hands: dict[tuple[object, ...], int] = {}  # each hand met, by its number
        self.memo: dict[tuple[int, str | None, str | None], tuple[int, list[str], list[str]]] = {}
        self.best_total: int | None = None
        self.best_choices: Choices = {}
        # Book's bounds worked out, and how many pruned: per new suit and per target.
        self.suit_tally = [0, 0]
        self.target_tally = [0, 0]
        self.index = {c: k for k, c in enumerate(hand)}
        self.bound = Bounds(hand, table, fixed_bonuses(infos, table))
        self.visited: set[tuple[object, ...]] = set()
        # A leaf is scored once when neither Angel nor Island has more than one choice.
        self.single = not self.has_angel and len(islands) == 1
        self.start = _protos(infos, self.seen)

    def run(self) -> tuple[int, Choices]:
        """The best total and its choices."""
        try:
            self.climb()
            self.walk(0, self.start, [])
        finally:
            # Emptied at once: the bounds' probes refer to each other, a cycle.
            self.memo.clear()
            self.hands.clear()
            self.visited.clear()
            self.bound.close()
        assert self.best_total is not None  # using no ability at all is always valid
        return self.best_total, self.best_choices

    def beats(self, value: int) -> bool:
        """Whether ``value`` is above the best total found (any value, before the first)."""
        return self.best_total is None or value > self.best_total

    def leaf(self, protos: list[Proto], picked: list[Option]) -> int | None:
        """Score the hand these choices make, with each Island and Angel choice worth
        trying, keep the best found, and answer the best of them (None if none is valid)."""
        # The hand's tuple is hashed once, for a small number: the memo's keys hash fast.
        hands = self.hands
        memo = self.memo
        fixed = self.fixed
        has_angel = self.has_angel
        key0 = hands.setdefault(tuple(protos), len(hands))
        top: int | None = None
        for island in self.islands:
            target = None if island is None else island["clears"]
            if target is not None:
                proto = protos[self.index[target]]
                if not _clearable(proto):
                    continue
                plain = memo.get((key0, None, None))
                if (
                    not has_angel
                    and plain is not None
                    and proto[4] not in _BLANKING
                    and target not in plain[1]
                    and target not in plain[2]
                ):
                    # Its penalty blanks nobody, and without Island it stood and cost
                    # nothing: clearing it changes nothing (but Judge's bonus, down 10).
                    continue
            angels: list[Option | None]
            if has_angel and "angel" in fixed:
                angels = [fixed["angel"]]
            elif has_angel:
                angels = [_protects(None)]
            else:
                angels = [None]
            k = 0
            while k < len(angels):
                angel = angels[k]
                k += 1
                key = (key0, target, None if angel is None else angel["protects"])
                result = memo.get(key)
                if result is None or self.beats(result[0]):
                    choices: Choices = dict(zip(self.names, picked, strict=True))
                    if island is not None:
                        choices["island"] = island
                    if angel is not None:
                        choices["angel"] = angel
                    if result is None:
                        slots = build_slots(self.infos, choices, self.table)
                        assert slots is not None
                        result = memo[key] = _score(slots, self.table)
                    if self.beats(result[0]):
                        self.best_total = result[0]
                        self.best_choices = {n: dict(v) for n, v in choices.items()}
                if top is None or result[0] > top:
                    top = result[0]
                if has_angel and "angel" not in fixed and k == 1:
                    targets = self.hand if self.every_angel else result[1]
                    angels += [_protects(c) for c in targets if c != "angel"]
        return top

    def walk(self, depth: int, protos: list[Proto], picked: list[Option]) -> None:
        """Search below a node: the choices of ``names[:depth]`` are made (``picked``)."""
        if depth == len(self.names):
            self.leaf(protos, picked)
            return
        card = self.names[depth]
        options = self.domains[card]
        if card != BOOK or len(options) <= 2:
            self.branch(depth, protos, picked, options)
            return
        self._book(depth, protos, picked, options)

    def _book(
        self, depth: int, protos: list[Proto], picked: list[Option], options: list[Option]
    ) -> None:
        """Book in steps: a bound for each new suit (any target) and one for each target
        (any suit); a choice is tried only if both can beat the best found. Whichever of the
        two has pruned more so far in this search is worked out first for all, the other
        only where still needed."""
        rest = self.names[depth + 1 :]
        groups: dict[str | None, list[Option]] = {}
        for option in options:
            groups.setdefault(option["target"], []).append(option)
        by_suit: dict[str, int] = {}
        if _rate(self.suit_tally) >= _rate(self.target_tally):
            for target, group in groups.items():
                if not self._hopeful(group, protos, rest, by_suit):
                    continue
                b = self._target_bound(protos, rest, target)
                if not self.beats(b):
                    continue
                self.branch(depth, protos, picked, self._hopeful(group, protos, rest, by_suit))
            return
        # The targets first. A suit's bound costs about what a child's does and spares one
        # child for each target left open: with one target left it spares nothing.
        by_target = {target: self._target_bound(protos, rest, target) for target in groups}
        left = [t for t in groups if self.beats(by_target[t])]
        for target in left:
            if not self.beats(by_target[target]):
                continue  # the best found since has risen above it
            group = groups[target]
            if len(left) > 1:
                group = self._hopeful(group, protos, rest, by_suit)
            self.branch(depth, protos, picked, group)

    def _suit_bound(
        self, protos: list[Proto], rest: list[str], suit: str, by_suit: dict[str, int]
    ) -> int:
        """The bound with Book's new suit chosen, its target open (kept per suit)."""
        b = by_suit.get(suit)
        if b is None:
            b = by_suit[suit] = self.bound(protos, rest, bit(suit), self.best_total)
            self.suit_tally[0] += 1
            self.suit_tally[1] += not self.beats(b) and self.best_total is not None
        return b

    def _hopeful(
        self, group: list[Option], protos: list[Proto], rest: list[str], by_suit: dict[str, int]
    ) -> list[Option]:
        """The choices of one target whose new suit's bound can beat the best found."""
        if self.best_total is None:
            return group
        out = []
        for o in group:
            suit = o["new_suit"]
            if suit is None or self.beats(self._suit_bound(protos, rest, suit, by_suit)):
                out.append(o)
        return out

    def _target_bound(self, protos: list[Proto], rest: list[str], target: str | None) -> int:
        """The bound with Book's target chosen, its new suit open."""
        if target is None:
            return self.bound(protos, rest, 0, self.best_total)
        b = self.bound(_open_suit(protos, target), [BOOK, *rest], 0, self.best_total)
        self.target_tally[0] += 1
        self.target_tally[1] += not self.beats(b) and self.best_total is not None
        return b

    def branch(
        self, depth: int, protos: list[Proto], picked: list[Option], options: list[Option]
    ) -> None:
        """Try ``options`` for the card at ``depth``, the children with the highest bound
        first: good hands early prune the others sooner."""
        card = self.names[depth]
        rest = self.names[depth + 1 :]
        visited = self.visited
        children = []
        for k, option in enumerate(options):
            after = _apply(protos, card, option, self.table, self.seen)
            # The same hand (names nobody looks at as "*") as an earlier branch at this depth
            # has the same subtree: Book giving a card the suit it has, or a wild's suit
            # changed by Book to one the wild could have taken itself.
            key = (depth, tuple(after))
            met = len(visited)
            visited.add(key)  # one hash of the key, not two
            if len(visited) == met:
                continue
            if not rest and (
                self.single or (not self.has_angel and _one_island(after, self.islands, self.index))
            ):
                # A leaf that is scored once costs about what its bound would: score it.
                picked.append(option)
                self.leaf(after, picked)
                picked.pop()
                continue
            children.append((-self.bound(after, rest, 0, self.best_total), k, option, after))
        children.sort(key=lambda child: (child[0], child[1]))
        for negative, _k, option, after in children:
            if not self.beats(-negative):
                break  # no choice left open here can beat the best found
            picked.append(option)
            self.walk(depth + 1, after, picked)
            picked.pop()

    def climb(self) -> None:
        """The bounds prune only below the best found, and on the slowest hands the branches
        with the highest bounds hold the best hand late: a quick climb first, one choice
        changed at a time while the total rises, finds it (or a close one) at the start."""
        names = self.names
        start = self.start
        picked = [self.domains[n][0] for n in names]
        value = self.leaf(_completed(start, names, picked, self.table, self.seen), picked)
        rising = True
        while rising:
            rising = False
            for depth, card in enumerate(names):
                for option in self.domains[card]:
                    if option is picked[depth]:
                        continue
                    trial = [*picked[:depth], option, *picked[depth + 1 :]]
                    got = self.leaf(_completed(start, names, trial, self.table, self.seen), trial)
                    if got is not None and (value is None or got > value):
                        value, picked, rising = got, trial, True


def _completed(
    protos: list[Proto],
    names: list[str],
    picked: list[Option],
    table: ScoringContext,
    seen: _Observed,
) -> list[Proto]:
    """The hand after every choice of ``picked`` (one per card of ``names``)."""
    for card, option in zip(names, picked, strict=True):
        protos = _apply(protos, card, option, table, seen)
    return protos


def _one_island(protos: list[Proto], islands: list[Option | None], index: dict[str, int]) -> bool:
    """Whether Island has one valid choice at most in this hand (a Flood, Flame or Phoenix
    to clear, or none)."""
    valid = 0
    for island in islands:
        target = None if island is None else island["clears"]
        if target is None:
            valid += 1
            continue
        proto = protos[index[target]]
        # Clearing a penalty that blanks no other card is left out at the leaf (above) when
        # it stood and cost nothing without Island: count it as no choice.
        valid += _clearable(proto) and proto[4] in _BLANKING
    return valid <= 1


def _clearable(proto: Proto) -> bool:
    """Whether Island may clear this card and it changes anything: a Flood, Flame or Phoenix
    with a penalty (a Doppelganger that copied none has nothing to clear)."""
    c, _n, su, _st, p = proto
    return p is not None and bool(su & _FLOOD_FLAME or c in ("phoenix", "phoenix-deluxe"))


_FLOOD_FLAME: Final = bit("flood") | bit("flame")
_BLANKING: Final = BLANKERS | {"demon"}
_FLOOD: Final = bit("flood")


__all__ = ["ChoiceSearch", "best_choices", "brute_force"]
