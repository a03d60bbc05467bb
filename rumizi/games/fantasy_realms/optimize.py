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
  already clears them all;
* Angel need only try the cards that fall without it (protecting a card that stands changes
  nothing), found by scoring the hand without Angel first;
* branch and bound: at every node of the search the best-hand search's per-card upper bounds
  (:mod:`rumizi.games.fantasy_realms.besthand`: strength plus an optimistic bonus, penalties
  as 0, every ACTION card still open a joker of any suit) bound what the open choices could
  reach; a node that cannot beat the best found is left;
* the bounds see the hand as the choices made so far left it: World Tree fails on two cards of
  a suit that no open choice can part, Chapel on a count of Leaders, Wizards, Outsiders and
  Undead no open choice can bring to two, Jester, Gem of Order and Judge count the strengths
  and penalties present; once every suit is known, the cards Demon surely blanks add nothing
  (but the one Angel may protect);
* Wildfire tells suits apart only as spared or not, so Book and the wilds try one suit of
  each group it cannot tell apart;
* the hand after the copies and Book of Changes is kept as a tuple per card, built one choice
  at a time down the search tree; a branch whose tuple (names nobody looks at written as
  ``*``) was met before at the same depth is the same subtree and is skipped, and equal
  tuples are scored once; a leaf scored once is scored without computing its bound.

Both search in a fixed order and keep the first best, so the answer is deterministic.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rumizi.games.fantasy_realms.cards import (
    CardInfo,
    bit,
    card_info,
    suits_in_play,
)
from rumizi.games.fantasy_realms.scoring import (
    ACTION_CARDS,
    BLANKERS,
    NAME_REFS,
    PENALTY_CARDS,
    SELF_UNLESS,
    SELF_WITH,
    SUIT_REFS,
    WILDFIRE_SPARES,
    Choices,
    Slot,
    Table,
    _blanks,
    _Hand,
    bonus_points,
    build_slots,
    copy_pool,
    evaluate,
    gem_runs,
    penalty_points,
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


_SUIT_EQUALITY = ("collector", "world-tree", "demon")
_WILDS = ("doppelganger", "mirage", "shapeshifter")


def _full_domains(infos: Sequence[CardInfo], table: Table) -> dict[str, list[Option]]:
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
    infos: Sequence[CardInfo], table: Table, fixed: Mapping[str, Option] | None = None
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

    def __init__(self, infos: Sequence[CardInfo], table: Table) -> None:
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


def _copy_options(card: str, seen: _Observed, table: Table) -> list[Option]:
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
    infos: Sequence[CardInfo], table: Table, seen: _Observed
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


# One card of the hand after the copies and Book of Changes, before anything resolves:
# (card, name, suits, strength, penalty owner). Equal tuples score equally (with the same
# Island and Angel targets), so the search scores each distinct one once.
Proto = tuple[str, str, int, int, str | None]


def _protos(infos: Sequence[CardInfo]) -> list[Proto]:
    return [
        (i.id, i.id, i.suits, i.strength, i.id if i.id in PENALTY_CARDS else None) for i in infos
    ]


def _apply(protos: list[Proto], card: str, option: Option, table: Table) -> list[Proto]:
    """The hand after one ACTION card's choice (steps 2–5 of the resolution order)."""
    if card == "book-of-changes":
        target, suit = option["target"], option["new_suit"]
        if target is None or suit is None:
            return protos
        changed = bit(suit)
        return [(c, n, changed if c == target else su, st, p) for c, n, su, st, p in protos]
    target = option["copies"]
    if target is None:
        return protos
    t = card_info(target, expansion=table.expansion)
    if card == "doppelganger":
        new: Proto = (card, t.id, t.suits, t.strength, t.id if t.id in PENALTY_CARDS else None)
    else:
        name = "phoenix" if t.id == "phoenix-deluxe" else t.id
        new = (card, name, bit(t.suit), 0, None)
    return [new if c == card else (c, n, su, st, p) for c, n, su, st, p in protos]


@dataclass(frozen=True, slots=True)
class _Card:
    """One card as the bounds see it (``besthand.Bounded``)."""

    id: str
    suits: int
    strength: int


def _bound(
    protos: list[Proto], open_actions: Sequence[str], table: Table, fixed_bonus: dict[str, int]
) -> int:
    """At most what any completion of these choices can score (penalties as 0, nothing
    blanked, every open ACTION card a joker): the best-hand search's per-card bounds."""
    from rumizi.games.fantasy_realms.besthand import Universe, upper_bound

    cards = []
    for c, _n, su, st, _p in protos:
        if c in _WILDS and c not in open_actions:
            c = "copy"  # a wild that copied: the copy's strength, never a bonus
        cards.append(_Card(c, su, st))
    u = Universe(
        cards,
        len(cards),
        expansion=table.expansion,
        fixed_bonus=fixed_bonus,
        names=[n for _c, n, _su, _st, _p in protos],
        open_actions=open_actions,
    )
    terms = []
    for card in cards:
        if card.id == "collector":
            b = max(0, card.strength + _collector_term(u))
        elif card.id == "dungeon":
            b = _dungeon_term(card, u)
        else:
            b = upper_bound(card, u)
        if card.id in _TIGHTER:
            b = min(b, _tighter(card, protos, open_actions, table))
        terms.append(b)
    if not open_actions:
        terms = _demon_blanks(protos, terms, table)
    return sum(terms)


_COLLECTOR_TERMS: dict[tuple[object, ...], int] = {}


def _collector_term(u: Any) -> int:
    """Collector's bonus bound (``besthand._collector_bound``), which depends only on the
    three largest suit counts, the jokers and the hand size: kept once computed, since the
    search asks it for thousands of hands that differ in one suit."""
    from rumizi.games.fantasy_realms.besthand import _collector_bound

    key = (*sorted(u.count, reverse=True)[:3], u.jokers, u.size)
    term = _COLLECTOR_TERMS.get(key)
    if term is None:
        term = _COLLECTOR_TERMS[key] = _collector_bound(_Card("collector", 0, 0), u)
    return term


_DUNGEON_SUITS = (bit("undead"), bit("beast"), bit("artifact"))
_DUNGEON_NAMES = ("necromancer", "warlock-lord", "demon")


def _dungeon_term(card: _Card, u: Any) -> int:
    """Dungeon's bound: +10 for the first card of each of its suits and +5 for each more,
    +5 for each name it lists that can be present. An open wild or Book of Changes is a
    joker that adds at most +10 (a first card); Book adds no card, it only moves one, so it
    counts once, as a joker."""
    b = 0
    for suit in _DUNGEON_SUITS:
        n: int = min(u.count[suit.bit_length() - 1], u.size)
        b += 10 + 5 * (n - 1) if n else 0
    jokers: int = u.jokers
    b += 10 * jokers
    b += 5 * sum(1 for name in _DUNGEON_NAMES if u.named(name))
    return max(0, card.strength + b)


def _demon_blanks(protos: list[Proto], terms: list[int], table: Table) -> list[int]:
    """With every suit known, the cards Demon surely blanks add nothing (but the one Angel
    may protect). Demon acts first, on the whole hand, so which cards are alone in their
    suit is known; its penalty surely counts if it is still an Outsider (Island clears only
    a Flood or Flame, Mountain, Cavern and Beastmaster other suits) and no Protection Rune
    clears it."""
    held = {c for c, _n, _su, _st, _p in protos}
    if "protection-rune" in held:
        return terms
    if not any(p == "demon" and su == _OUTSIDER for _c, _n, su, _st, p in protos):
        return terms
    safe = _UNDEAD if "lich" in held or (table.expansion and "necromancer" in held) else 0
    out = list(terms)
    fallen = []
    for k, (c, _n, su, _st, _p) in enumerate(protos):
        if su & (_OUTSIDER | safe) or c in ("angel", "phoenix-deluxe"):
            continue
        if any(j != k and other[2] & su for j, other in enumerate(protos)):
            continue
        fallen.append(k)
    if all(p is None or p == "demon" or p not in _FALLERS for _c, _n, _su, _st, p in protos):
        # Demon is the only card that blanks: every other card stands, and World Tree fails
        # if two of them share a suit.
        seen = 0
        clash = False
        for k, (_c, _n, su, _st, _p) in enumerate(protos):
            if k not in fallen:
                clash = clash or bool(seen & su)
                seen |= su
        if clash:
            for k, (c, _n, _su, st, _p) in enumerate(protos):
                if c == "world-tree":
                    out[k] = min(out[k], st)
    if not fallen:
        return out
    ward = max(fallen, key=lambda k: out[k]) if "angel" in held else None
    for k in fallen:
        if k != ward:
            out[k] = 0
    return out


_OUTSIDER = bit("outsider")
_UNDEAD = bit("undead")


# Cards whose general bound is a constant (their bonus is all or nothing, or not monotone in
# the cards present): once most choices are made, the hand itself often rules the bonus out.
_TIGHTER = frozenset({"world-tree", "chapel", "jester", "gem-of-order", "judge"})
# Cards whose penalty may blank a card (another or itself).
_FALLERS = BLANKERS | SELF_UNLESS | SELF_WITH | {"demon"}
_CHAPEL = bit("leader") | bit("wizard") | bit("outsider") | bit("undead")


def _tighter(card: _Card, protos: list[Proto], open_actions: Sequence[str], table: Table) -> int:
    """An upper bound on ``card``'s points given the choices made so far (``protos``) and the
    ACTION cards still open: what the hand as it stands still allows.

    Choices left open can only do this: an open wild takes one suit (or stays a Wild), an open
    Doppelganger takes a card of the hand's strength, name and suit, and an open Book changes
    one card's suit. A card can fall only if some card of the hand has a penalty that blanks
    (Demon, the blankers, the self conditions); without one, every card stands.
    """
    can_fall = any(p in _FALLERS for _c, _n, _su, _st, p in protos)
    fixed = [(c, su, st) for c, _n, su, st, _p in protos if not (c in _WILDS and c in open_actions)]
    wilds_open = sum(1 for c in open_actions if c in _WILDS)
    book = "book-of-changes" in open_actions
    dop = "doppelganger" in open_actions
    if card.id == "world-tree":
        if can_fall:
            # The cards that no card of the hand could blank stand whatever the open choices
            # (clearing and protection only keep more cards standing); two of them sharing a
            # suit rule the bonus out, unless the Book, still open, parts them.
            suits = _surely_counted(protos, open_actions, table)
        else:
            suits = [su for _c, su, _st in fixed]
        ok = not _clash(suits) or (
            book and any(not _clash(suits[:k] + suits[k + 1 :]) for k in range(len(suits)))
        )
        return card.strength + ((70 if table.expansion else 50) if ok else 0)
    if card.id == "chapel":
        if can_fall:
            return card.strength + 40
        n = sum(1 for _c, su, _st in fixed if su & _CHAPEL)
        ok = n - book <= 2 <= n + wilds_open + book
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
    if can_fall:
        return 10**6
    # Every card counts its strength (an open Mirage or Shapeshifter has 0 whatever it
    # names), but for an open Doppelganger's, which is one of the hand's or 0.
    strengths = [st for c, _n, _su, st, _p in protos if not (dop and c == "doppelganger")]
    if not dop:
        return card.strength + gem_runs(strengths, table.rulings.gem_every_run)
    options = {0} | {st for c, _n, _su, st, _p in protos if c not in _WILDS}
    return card.strength + max(
        gem_runs([*strengths, v], table.rulings.gem_every_run) for v in options
    )


class _Probe:
    """A card of the hand as :func:`scoring._blanks` looks at it."""

    __slots__ = ("army_cleared", "card", "name", "pen", "suits")

    def __init__(self, proto: Proto, army_cleared: bool) -> None:
        self.card, self.name, self.suits, _st, self.pen = proto
        self.army_cleared = army_cleared


def _clash(suits: list[int]) -> bool:
    seen = 0
    for x in suits:
        if seen & x:
            return True
        seen |= x
    return False


def _surely_counted(protos: list[Proto], open_actions: Sequence[str], table: Table) -> list[int]:
    """The suits of cards that count for World Tree whatever the open choices, but for the
    one card an open Book may change: cards no penalty of the hand could blank (whether or
    not that penalty is cleared or its owner stands), Angel, the Undead Lich or Necromancer
    keeps, and the promo Phoenix (its suits count even when it is blanked). Open wilds are
    left out; an open Doppelganger can only add a penalty the hand already holds (Rangers'
    and Warship's Army clearing is then not counted on)."""
    held = {c for c, _n, _su, _st, _p in protos}
    rangers = "rangers" in held
    warship = "warship" in held and not open_actions
    probes = [_Probe(p, rangers or (warship and bool(p[2] & _FLOOD))) for p in protos]
    blankers = [b for b in probes if b.pen in BLANKERS]
    demon = any(b.pen == "demon" for b in probes)
    safe = _UNDEAD if "lich" in held or (table.expansion and "necromancer" in held) else 0
    out = []
    for v in probes:
        if v.card in open_actions:
            continue
        if v.card == "phoenix":
            out.append(v.suits)
            continue
        if v.pen in SELF_UNLESS or v.pen in SELF_WITH:
            continue
        if v.card == "angel" or v.suits & safe:
            out.append(v.suits)
            continue
        if demon and not v.suits & _OUTSIDER:
            continue
        if any(_blanks(b, v, table) for b in blankers):  # type: ignore[arg-type]
            continue
        out.append(v.suits)
    return out


def _score(slots: list[Slot], table: Table) -> tuple[int, list[str]]:
    resolve_blanking(slots, table)
    hand = _Hand(slots)
    total = 0
    for s in hand.live:
        total += s.strength + bonus_points(s, hand, table) + penalty_points(s, hand)
    return total, [s.card for s in slots if s.blanked]


def best_choices(
    infos: Sequence[CardInfo], table: Table, fixed: Mapping[str, Option] | None = None
) -> tuple[int, Choices]:
    """The best total and its choices, found by the pruned search (same optimum as
    :func:`brute_force`)."""
    fixed = dict(fixed or {})
    hand = [i.id for i in infos]
    seen = _Observed(infos, table)
    domains = _pruned_domains(infos, table, seen)
    for card, option in fixed.items():
        if card in domains:
            domains[card] = [dict(option)]
    names = list(domains)
    has_angel = "angel" in hand
    # Island: nothing to clear when Protection Rune clears everything already.
    islands: list[Option | None] = [None]
    if "island" in fixed:
        islands = [fixed["island"]]
    elif "island" in hand:
        islands = [_clears(None)]
        if "protection-rune" not in hand:
            islands += [_clears(c) for c in hand if c in PENALTY_CARDS or c == "doppelganger"]
    every_angel = table.rulings.blanking_cycles != "blank-all"
    memo: dict[tuple[object, ...], tuple[int, list[str]]] = {}
    best: list[Any] = [None, None]
    index = {c: k for k, c in enumerate(hand)}

    def leaf(protos: list[Proto], picked: list[Option]) -> None:
        key0 = tuple((c, seen.name(n), su, st, p) for c, n, su, st, p in protos)
        for island in islands:
            target = None if island is None else island["clears"]
            if target is not None:
                su = protos[index[target]][2]
                if not (su & _FLOOD_FLAME or target in ("phoenix", "phoenix-deluxe")):
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
                if result is None or best[0] is None or result[0] > best[0]:
                    choices: dict[str, Any] = dict(zip(names, picked, strict=True))
                    if island is not None:
                        choices["island"] = island
                    if angel is not None:
                        choices["angel"] = angel
                    if result is None:
                        slots = build_slots(infos, choices, table)
                        assert slots is not None
                        result = memo[key] = _score(slots, table)
                    if best[0] is None or result[0] > best[0]:
                        best[0], best[1] = result[0], {n: dict(v) for n, v in choices.items()}
                if has_angel and "angel" not in fixed and k == 1:
                    targets = hand if every_angel else result[1]
                    angels += [_protects(c) for c in targets if c != "angel"]

    fixed_bonus = {
        i.id: bonus_points(Slot(i), _Hand([]), table)
        for i in infos
        if i.id in ("dark-queen", "ghoul", "specter", "death-knight", "genie")
    }

    visited: set[tuple[object, ...]] = set()
    single = not has_angel and len(islands) == 1

    def walk(depth: int, protos: list[Proto], picked: list[Option]) -> None:
        if depth == len(names):
            leaf(protos, picked)
            return
        card = names[depth]
        rest = names[depth + 1 :]
        # Children with the highest bound first: good hands early prune the others sooner.
        children = []
        for k, option in enumerate(domains[card]):
            after = _apply(protos, card, option, table)
            # The same hand (names nobody looks at as "*") as an earlier branch at this depth
            # has the same subtree: Book giving a card the suit it has, or a wild's suit
            # changed by Book to one the wild could have taken itself.
            key = (depth, tuple((c, seen.name(n), su, st, p) for c, n, su, st, p in after))
            if key in visited:
                continue
            visited.add(key)
            if single and not rest:
                # A leaf that is scored once costs about what its bound would: score it.
                picked.append(option)
                leaf(after, picked)
                picked.pop()
                continue
            children.append((-_bound(after, rest, table, fixed_bonus), k, option, after))
        children.sort(key=lambda child: (child[0], child[1]))
        for negative, _k, option, after in children:
            if best[0] is not None and -negative <= best[0]:
                break  # no choice left open here can beat the best found
            picked.append(option)
            walk(depth + 1, after, picked)
            picked.pop()

    walk(0, _protos(infos), [])
    assert best[0] is not None  # using no ability at all is always valid
    return best[0], best[1]


_FLOOD_FLAME = bit("flood") | bit("flame")
_FLOOD = bit("flood")


__all__ = ["best_choices", "brute_force"]
