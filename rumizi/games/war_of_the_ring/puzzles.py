"""War of the Ring puzzles: the placement that wins all three zones, whatever the enemy hid.

One kind, ``win-the-battle``. The opponent has passed in this planning phase, so it places
nothing more; the seat to act may still place cards from its hand (at most 3 of its own per
zone) until it passes too and the battle is fought. Winning all three zones in one round wins
the game at once (a *sweep*). The question: **placing cards only** (no events), which cards go
where so that you win every zone *whatever* the opponent's face-down cards are? (The game is
strictly turn by turn — one seat acts at every step — so :func:`rumizi.puzzles.mine` works
for it as it is.)

What the seat cannot see, and how the proof covers it
-----------------------------------------------------
Everything is read from the seat's view (:func:`board`). An enemy face-down card the seat has
not peeked at may be any of the opponent's cards the view does not place (in no graveyard, not
known to be in its hand, not face up): each zone's hidden cards are searched over *every*
multiset of those unseen cards of the right size, in every order where a slayer makes the order
matter (a slay takes the weakest, the first placed among equals). Zones are independent: what
fills one zone, the rest of the unseen cards can fill the other hidden places with (the hidden
hand, the deck, the shadow row and the other zones hold exactly as many cards as are unseen).
:func:`fight` resolves a zone as the engine does (slays, auras, fear, horde, stand, boosts).

Having passed, the opponent takes no more steps; and on the way to a sweep it wins no zone, so
it gets no reward: nothing it holds can change a zone. The seat's own rewards come between the
zones (a draw and a shadow activation after the left flank, a draw and a free event after the
centre), so the proof has two sides:

* a placement **wins for sure** when every zone is won with every reward declined, against
  every filling of the hidden cards;
* a placement **may win** unless a zone can be lost even with the most help the seat can count
  on: none for the left and the centre, and for the right the best boost of a card left in its
  hand, played as the centre's free event (its cost paid by the rest of a hand that has drawn
  both reward cards). The drawn cards and the activated shadow card are unknown; the losing
  case deals them as cards that boost nothing, and a position is asked only where the unseen
  cards hold enough such cards (:func:`blanks_suffice`).

The answer's canonical form is the *least* placement: for each zone, the cards added there (a
multiset, every order of which must win). A position is asked only when every placement that
may win contains one same placement (:meth:`Analysis.common`) and that one wins for sure: it is
then the only least placement, and any placement that wins for sure is the answer plus spare
cards. :func:`solutions` returns the least placements that may win (a ``ValueError`` where one
of them is not proved); ``puzzle.solution`` plays the answer zone by zone (cards in the game's
order), then ``pass``, and ``value`` is the number of cards it places. A try (:func:`solves`)
is right when its placements, in the order made, win for sure.

Worth asking: the answer places at least :data:`MIN_CARDS` cards, and the ``greedy`` bot's next
step from the position (ties broken by ``random.Random(0)``) is not on the way — it passes,
plays an event, or puts a card in a zone where no placement that wins for sure has it
(:func:`on_the_way`). So greedy self-play, which follows the bot, asks a planning phase once:
at the step where the bot goes wrong. In greedy self-play about one game in forty holds such a
position (551 in 21,000 games; most planning phases leave no sure sweep at all), nearly always
for the Free Peoples, whose few strong cards can cover three zones.

>>> s = GAME.new(seed=1, first=0)
>>> b = board(s.view(0))
>>> b.hidden, sum(b.unseen)  # nothing placed yet; the Shadow's 30 cards less its graveyard
((0, 0, 0), 30)
>>> fight((BY_ID["fp-aragorn"], BY_ID["fp-hobbits"]), (BY_ID["sh-troll"],), True, (0, 0))
3.0
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from rumizi.core.contract import Action, View
from rumizi.core.i18n import join, number
from rumizi.core.puzzles import Puzzle
from rumizi.games.war_of_the_ring import heuristics
from rumizi.games.war_of_the_ring.cards import (
    AURA,
    BOOST,
    BY_ID,
    COMBAT,
    COST,
    DISCARD,
    EVENT,
    FACTION_NAMES,
    FEAR,
    GUARD,
    HORDE,
    IDS,
    N_KINDS,
    OWNED,
    PEEK,
    SHADOW_TAKE,
    SLAY,
    STAND,
    UNIT,
    UNIT_N,
)
from rumizi.games.war_of_the_ring.engine import PER_ZONE, PLANNING, ZONES, WarOfTheRingState
from rumizi.games.war_of_the_ring.game import GAME
from rumizi.games.war_of_the_ring.texts import quoted, zone_name

GAME_ID = "war-of-the-ring"
KINDS = ("win-the-battle",)

#: The fewest cards an answer places (a single card is a choice of three zones, not a puzzle).
MIN_CARDS = 2

#: The tables puzzles are mined from, in turn: seat 1 plays the Shadow, then seat 0 does.
MINING: tuple[Mapping[str, object], ...] = ({"shadow": 1}, {"shadow": 0})

#: The most a card's event boosts by: the most help a reward can bring to a zone.
MAX_HELP = max(sum(n for e, n in EVENT[k] if e == BOOST) for k in range(N_KINDS))
#: Margins at or under this lose even with :data:`MAX_HELP`: the search stops there.
FLOOR = -(MAX_HELP + 1.0)

WIN = math.inf  # a zone the seat wins outright (the enemy's every unit slain)
LOSS = -math.inf  # a zone the seat cannot win whatever it adds (lost outright, both wiped, empty)

#: A placement: per zone, the cards (kinds) the seat adds there, sorted.
Placement = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


# ---------------------------------------------------------------------- one zone


def fight(mine: Sequence[int], theirs: Sequence[int], first: bool, boost: tuple[int, int]) -> float:
    """The seat's margin in one zone as the engine fights it: ``mine`` and ``theirs`` are the
    stacks in placement order, ``first`` whether the seat started the round (its slays go
    first), ``boost`` the (seat, opponent) boosts there. :data:`WIN` when only the seat has
    units left, :data:`LOSS` when it has none (or neither side has).

    >>> fight((BY_ID["fp-legolas"],), (BY_ID["sh-troll"], BY_ID["sh-goblins"]), True, (0, 0))
    -1.0
    """
    sides = [list(mine), list(theirs)]
    if any(UNIT[k] == SLAY for side in sides for k in side):
        _slay(sides, 0 if first else 1)
    a, b = sides
    if not a:
        return LOSS
    if not b:
        return WIN
    return float(_total(a, b) + boost[0] - _total(b, a) - boost[1])


def _slay(sides: list[list[int]], first: int) -> None:
    alive = [[True] * len(sides[0]), [True] * len(sides[1])]
    for s in (first, 1 - first):
        o = 1 - s
        for i, k in enumerate(sides[s]):
            if UNIT[k] != SLAY or not alive[s][i]:
                continue
            target, guarded = -1, False
            for j, t in enumerate(sides[o]):
                if alive[o][j]:
                    guarded = guarded or UNIT[t] == GUARD
                    if target < 0 or COMBAT[t] < COMBAT[sides[o][target]]:
                        target = j
            if not guarded and target >= 0:
                alive[o][target] = False
    for s in (0, 1):
        sides[s] = [k for k, live in zip(sides[s], alive[s], strict=True) if live]


def _total(mine: list[int], theirs: list[int]) -> int:
    aura = sum(UNIT_N[k] for k in mine if UNIT[k] == AURA)
    fear = sum(UNIT_N[k] for k in theirs if UNIT[k] == FEAR)
    more, fewer = len(mine) > len(theirs), len(mine) < len(theirs)
    total = 0
    for k in mine:
        v = COMBAT[k] + aura - fear
        if UNIT[k] == AURA:
            v -= UNIT_N[k]
        elif (UNIT[k] == HORDE and more) or (UNIT[k] == STAND and fewer):
            v += UNIT_N[k]
        total += max(v, 0)
    return total


# ---------------------------------------------------------------------- what the seat knows


@dataclass(frozen=True)
class Board:
    """What the seat to act knows of a planning step, read from its view."""

    seat: int
    first: bool  # the seat started this round
    hand: tuple[int, ...]  # sorted kinds
    mine: tuple[tuple[int, ...], ...]  # per zone, the seat's cards in placement order
    known: tuple[tuple[int, ...], ...]  # per zone, the enemy's cards the seat has seen
    hidden: tuple[int, ...]  # per zone, how many enemy cards there it has not seen
    order: tuple[tuple[int, ...], ...]  # per zone, the places (indices) of the hidden ones
    boost: tuple[tuple[int, int], ...]  # per zone, (seat, enemy)
    unseen: tuple[int, ...]  # per kind, the enemy's cards the view does not place
    own_unseen: tuple[int, ...]  # per kind, the seat's own cards the view does not place
    row: int  # the seat's shadow row size
    deck: int  # the seat's deck size


def _kind_counts(faction: str, seen: Sequence[str]) -> tuple[int, ...]:
    counts = list(OWNED[FACTION_NAMES.index(faction)])
    for name in seen:
        counts[BY_ID[name]] -= 1
    return tuple(counts)


def board(view: View) -> Board:
    """The seat's knowledge in ``view`` (the view of the seat to act)."""
    seat = view["viewer"]
    me, them = view["players"][seat], view["players"][1 - seat]
    mine: list[tuple[int, ...]] = []
    known: list[tuple[int, ...]] = []
    hidden: list[int] = []
    order: list[tuple[int, ...]] = []
    seen_theirs: list[str] = [*them["known"], *them["graveyard"]]
    seen_mine: list[str] = [*me["hand"], *me["graveyard"]]
    for zone in view["zones"]:
        stack = zone["cards"]
        mine.append(tuple(BY_ID[c] for c in stack[seat]))
        seen_mine += stack[seat]
        known.append(tuple(BY_ID[c] for c in stack[1 - seat] if c is not None))
        seen_theirs += [c for c in stack[1 - seat] if c is not None]
        order.append(tuple(i for i, c in enumerate(stack[1 - seat]) if c is None))
        hidden.append(len(order[-1]))
    return Board(
        seat=seat,
        first=view["starter"] == seat,
        hand=tuple(sorted(BY_ID[c] for c in me["hand"])),
        mine=tuple(mine),
        known=tuple(known),
        hidden=tuple(hidden),
        order=tuple(order),
        boost=tuple((z["boost"][seat], z["boost"][1 - seat]) for z in view["zones"]),
        unseen=_kind_counts(them["faction"], seen_theirs),
        own_unseen=_kind_counts(me["faction"], seen_mine),
        row=me["shadow_size"],
        deck=me["deck_size"],
    )


def _boosts(k: int) -> int:
    return sum(n for e, n in EVENT[k] if e == BOOST)


def blanks_suffice(b: Board) -> bool:
    """Whether the unseen cards can deal the seat rewards that change nothing: two draws of
    cards without a boost (from a deck of two or more), and a shadow card whose event only
    peeks, discards or takes shadow cards (left over whatever fills a zone)."""
    plain = sum(n for k, n in enumerate(b.own_unseen) if n > 0 and not _boosts(k))
    blank = sum(
        n for k, n in enumerate(b.unseen) if n > 0 and {e for e, _ in EVENT[k]} <= _BLANK_EFFECTS
    )
    return b.deck >= 2 and plain >= 2 and (b.row == 0 or blank > PER_ZONE)


_BLANK_EFFECTS = {PEEK, DISCARD, SHADOW_TAKE}


def _fillings(b: Board, z: int, slays: bool) -> Iterator[tuple[int, ...]]:
    """Every enemy stack zone ``z`` may hold (in placement order where a slay makes order
    matter), its hidden places filled from the unseen cards."""
    n = b.hidden[z]
    kinds = [k for k in range(N_KINDS) if b.unseen[k] > 0]
    slays = slays or any(UNIT[k] == SLAY for k in b.known[z])
    for combo in itertools.combinations_with_replacement(kinds, n):
        if any(combo.count(k) > b.unseen[k] for k in set(combo)):
            continue
        perms = set(itertools.permutations(combo)) if slays or _has_slay(combo) else {combo}
        for filling in perms:
            stack: list[int] = []
            it, kn = iter(filling), iter(b.known[z])
            hidden_places = set(b.order[z])
            for i in range(n + len(b.known[z])):
                stack.append(next(it) if i in hidden_places else next(kn))
            yield tuple(stack)


def _has_slay(cards: Sequence[int]) -> bool:
    return any(UNIT[k] == SLAY for k in cards)


def worst(b: Board, z: int, stack: tuple[int, ...], floor: float = FLOOR) -> float:
    """The seat's least margin in zone ``z`` with its cards ``stack`` (placement order) over
    every filling of the enemy's hidden cards there; the search stops once it is at or under
    ``floor`` (the value returned is then at most ``floor``)."""
    return _worst(b, z, stack, floor)


@lru_cache(maxsize=200_000)
def _worst(b: Board, z: int, stack: tuple[int, ...], floor: float) -> float:
    if not stack and not b.known[z] and not b.hidden[z]:
        return LOSS  # an empty zone is won by nobody
    low = WIN
    for enemy in _fillings(b, z, _has_slay(stack)):
        m = fight(stack, enemy, b.first, b.boost[z])
        if m < low:
            low = m
            if low <= floor:
                break
    return low


# ---------------------------------------------------------------------- placements


def _submultisets(hand: tuple[int, ...], most: int) -> list[tuple[int, ...]]:
    out: set[tuple[int, ...]] = set()
    for n in range(most + 1):
        out.update(itertools.combinations(hand, n))
    return sorted(out)


@dataclass(frozen=True)
class ZoneOption:
    """Cards added to one zone: whether every order of them wins for sure, and the best
    (over orders) least margin."""

    cards: tuple[int, ...]
    sure: bool
    best: float


def _zone_options(b: Board, z: int) -> list[ZoneOption]:
    room = PER_ZONE - len(b.mine[z])
    out = []
    for cards in _submultisets(b.hand, room):
        orders = set(itertools.permutations(cards))
        lows = [worst(b, z, b.mine[z] + o) for o in orders]
        out.append(ZoneOption(cards, min(lows) > 0, max(lows)))
    return out


def _help(rest: Counter[int]) -> int:
    """The best boost a card of ``rest`` gives as the centre's free event (cost paid by the
    rest of the hand after the two reward draws)."""
    size = sum(rest.values()) + 2
    return max((_boosts(k) for k in rest if COST[k] <= size - 1), default=0)


@dataclass(frozen=True)
class Analysis:
    """Every placement that may win (``maybe``) and those that win for sure (``sure``)."""

    board: Board
    maybe: tuple[Placement, ...]
    sure: frozenset[Placement]

    def least(self) -> list[Placement]:
        """The placements that may win and contain no smaller one that may win."""
        common = self.common()
        if common in self.maybe:
            return [common]  # every placement that may win contains it: the only least one
        return [p for p in self.maybe if not any(_within(q, p) and q != p for q in self.maybe)]

    def common(self) -> Placement:
        """The cards every placement that may win puts in each zone."""
        if not self.maybe:
            return ((), (), ())
        out = [Counter(z) for z in self.maybe[0]]
        for p in self.maybe[1:]:
            for z in range(3):
                out[z] &= Counter(p[z])
        return (
            tuple(sorted(out[0].elements())),
            tuple(sorted(out[1].elements())),
            tuple(sorted(out[2].elements())),
        )


def _within(small: Placement, big: Placement) -> bool:
    return all(not Counter(a) - Counter(b) for a, b in zip(small, big, strict=True))


def _counts(cards: tuple[int, ...]) -> tuple[int, ...]:
    out = [0] * N_KINDS
    for k in cards:
        out[k] += 1
    return tuple(out)


def analyse(b: Board) -> Analysis:
    """Every placement of the seat's hand sorted into may-win and wins-for-sure."""
    maybe: list[Placement] = []
    sure: set[Placement] = set()
    options: list[list[ZoneOption]] = []
    for z in range(3):
        found = _zone_options(b, z)
        # No help reaches the left or the centre; the right gets MAX_HELP at most.
        found = [o for o in found if o.best + (MAX_HELP if z == 2 else 0) > 0]
        if not found:
            return Analysis(b, (), frozenset())
        options.append(found)
    hand = _counts(b.hand)
    kinds = sorted(set(b.hand))
    counted = [[(o, _counts(o.cards)) for o in zone] for zone in options]
    for left, lc in counted[0]:
        for centre, cc in counted[1]:
            used = [lc[k] + cc[k] for k in range(N_KINDS)]
            if any(used[k] > hand[k] for k in kinds):
                continue
            for right, rc in counted[2]:
                rest = Counter({k: hand[k] - used[k] - rc[k] for k in kinds})
                if any(n < 0 for n in rest.values()):
                    continue
                if right.best + _help(+rest) <= 0:
                    continue
                p: Placement = (left.cards, centre.cards, right.cards)
                maybe.append(p)
                if left.sure and centre.sure and right.sure:
                    sure.add(p)
    return Analysis(b, tuple(maybe), frozenset(sure))


def moves(p: Placement) -> tuple[Action, ...]:
    """The placement as moves: zone by zone (the kinds in the game's order), then ``pass``."""
    out: list[Action] = [
        {"do": "place", "card": IDS[k], "zone": ZONES[z]} for z in range(3) for k in p[z]
    ]
    return (*out, {"do": "pass"})


def placement(acts: Sequence[Action]) -> Placement | None:
    """The cards ``acts`` add per zone, in the order placed; None unless they are placements
    ended by one ``pass``."""
    added: tuple[list[int], list[int], list[int]] = ([], [], [])
    for i, a in enumerate(acts):
        if a.get("do") == "pass" and i == len(acts) - 1:
            return (tuple(added[0]), tuple(added[1]), tuple(added[2]))
        if a.get("do") != "place" or a.get("zone") not in ZONES or a.get("card") not in BY_ID:
            return None
        added[ZONES.index(a["zone"])].append(BY_ID[a["card"]])
    return None


def wins_for_sure(b: Board, added: Placement) -> bool:
    """Whether adding ``added`` (per zone, in the order placed) wins every zone for sure."""
    return all(worst(b, z, b.mine[z] + added[z]) > 0 for z in range(3))


# ---------------------------------------------------------------------- the kind


def placing(state: WarOfTheRingState, seat: int) -> bool:
    """Whether ``seat`` is at a plain planning step and its opponent has passed (so it alone
    steps until it passes too)."""
    return (
        state.to_act == seat
        and state.phase == PLANNING
        and state.pending_name is None
        and state.players[1 - seat].passed
    )


def asked(state: WarOfTheRingState) -> bool:
    """Whether the position is one the kind asks about: the seat to act is :func:`placing`
    and holds cards."""
    seat = state.to_act
    return seat is not None and placing(state, seat) and bool(state.players[seat].hand)


def greedy_step(state: WarOfTheRingState) -> Action:
    """The ``greedy`` bot's step for the seat to act (ties broken by ``random.Random(0)``)."""
    seat = state.to_act
    assert seat is not None
    return dict(heuristics.choose(state.view(seat), state.legal_actions(), random.Random(0)))


def on_the_way(step: Action, sure: frozenset[Placement]) -> bool:
    """Whether ``step`` places a card in a zone where some placement that wins for sure puts
    it (after it, a sure win is still there to find)."""
    if step.get("do") != "place":
        return False
    k, z = BY_ID[step["card"]], ZONES.index(step["zone"])
    return any(k in p[z] for p in sure)


def _analysed(state: WarOfTheRingState) -> Analysis:
    seat = state.to_act
    if seat is None or not asked(state):
        raise ValueError("not a planning step of a seat whose opponent has passed")
    b = board(state.view(seat))
    if not blanks_suffice(b):
        raise ValueError("the unseen cards cannot deal rewards that change nothing")
    return analyse(b)


def find(state: WarOfTheRingState, source: str = "") -> list[Puzzle]:
    """The ``win-the-battle`` puzzle of this position, if it holds one worth asking."""
    if not asked(state):
        return []
    try:
        found = _analysed(state)
    except ValueError:
        return []
    answer = found.common()
    if answer not in found.sure:
        return []  # no placement may win, or none is contained in all that may
    value = sum(len(z) for z in answer)
    if value < MIN_CARDS or on_the_way(greedy_step(state), found.sure):
        return []  # one card to place, or the greedy bot's next step is already on the way
    seat = found.board.seat
    return [Puzzle(GAME_ID, KINDS[0], state.export(), seat, moves(answer), value, source)]


def solutions(puzzle: Puzzle) -> list[tuple[Action, ...]]:
    """The least placements that may win, proved again from the position (each as moves);
    a ``ValueError`` where one of them may win but does not win for sure (no proof either
    way), or the position is not one the kind asks about."""
    if puzzle.kind not in KINDS:
        raise ValueError(f"War of the Ring has no puzzles of kind {puzzle.kind!r}")
    state = GAME.load(puzzle.position)
    if state.to_act != puzzle.seat:
        raise ValueError(f"puzzle {puzzle.id}: its seat {puzzle.seat} is not the one to act")
    found = _analysed(state)
    least = found.least()
    if any(p not in found.sure for p in least):
        raise ValueError(f"puzzle {puzzle.id}: a placement may win but is not proved to")
    return [moves(p) for p in least]


def offered(puzzle: Puzzle, state: WarOfTheRingState) -> list[Action]:
    """The seat's placements and its pass, while it is still placing."""
    if not placing(state, puzzle.seat):
        return []
    return [a for a in state.legal_actions() if a["do"] in ("place", "pass")]


def finished(puzzle: Puzzle, state: WarOfTheRingState, moves: Sequence[Action]) -> bool:
    """The try is over once the seat passes (the battle follows), or it can place no more."""
    passed = bool(moves) and moves[-1].get("do") == "pass"
    return passed or not placing(state, puzzle.seat)


def solves(puzzle: Puzzle, moves: Sequence[Action]) -> bool:
    """Whether ``moves`` — placements then a pass — win every zone for sure from the puzzle's
    position, whatever the enemy hid (any order of the answer's cards does; extra cards placed
    where they still win do too)."""
    if not all(isinstance(m, Mapping) for m in moves):
        return False
    state = GAME.load(puzzle.position)
    if state.to_act != puzzle.seat or not asked(state):
        return False
    b = board(state.view(puzzle.seat))
    for n, move in enumerate(moves):
        if finished(puzzle, state, moves[:n]) or dict(move) not in offered(puzzle, state):
            return False
        state.apply(move)
    added = placement(moves)
    return added is not None and wins_for_sure(b, added)


# ---------------------------------------------------------------------- words


def question(puzzle: Puzzle, lang: str) -> str:
    """What the puzzle asks, in ``lang``."""
    if lang == "fa":
        return (
            "حریف پاس داده است. فقط با گذاشتن کارت (بدون رویداد)، کدام کارت‌ها را در کدام "
            "ناحیه می‌گذارید تا هر سه ناحیه — و بازی — را ببرید، هر کارتی هم که حریف "
            "پنهان کرده باشد؟ سپس پاس دهید."
        )
    return (
        "Your opponent has passed. Placing cards only (no events), which cards do you put "
        "where to win all three zones — and the game — whatever cards they have hidden? "
        "Then pass."
    )


def _names(cards: Sequence[int], lang: str) -> str:
    """The cards' names, a card held twice or more named once with its count."""
    words = []
    for k, n in sorted(Counter(cards).items()):
        name = quoted(IDS[k], lang)
        if n == 1:
            words.append(name)
        else:
            words.append(f"{name} ({number(n, lang)} تا)" if lang == "fa" else f"{name} (×{n})")
    return join(words, lang)


def _worst_case(b: Board, z: int, stack: tuple[int, ...]) -> tuple[float, tuple[int, ...]]:
    """The seat's least margin in zone ``z`` and an enemy stack that brings it."""
    low, which = WIN, b.known[z]
    for enemy in _fillings(b, z, _has_slay(stack)):
        m = fight(stack, enemy, b.first, b.boost[z])
        if m < low:
            low, which = m, enemy
    return low, which


def explain(puzzle: Puzzle, lang: str) -> list[str]:
    """The answer told in ``lang``: the cards zone by zone, the least each zone is won by
    whatever the enemy hid, and where the greedy bot's step goes wrong."""
    fa = lang == "fa"
    state = GAME.load(puzzle.position)
    b = board(state.view(puzzle.seat))
    answer = placement(puzzle.solution)
    assert answer is not None
    parts = []
    for z in range(3):
        if answer[z]:
            where = zone_name(ZONES[z], lang)
            parts.append(
                f"{_names(answer[z], lang)} در {where}"
                if fa
                else f"{_names(answer[z], lang)} in {where}"
            )
    said = join(parts, lang)
    out = [f"بگذارید: {said}؛ سپس پاس دهید." if fa else f"Place {said}; then pass."]
    for z in range(3):
        low, enemy = _worst_case(b, z, b.mine[z] + answer[z])
        where = zone_name(ZONES[z], lang)
        hidden = b.hidden[z]
        if low == WIN:
            out.append(
                f"در {where} حریف هیچ واحدی در نبرد ندارد (یا نگذاشته یا کشته می‌شود)، پس آن "
                "ناحیه خودبه‌خود از آنِ شماست."
                if fa
                else f"In {where} the enemy has no unit left to fight (none there, or all "
                "slain): the zone is yours outright."
            )
            continue
        worst_cards = _names(enemy, lang) if enemy else ""
        margin = number(int(low), lang)
        if fa:
            tail = f" (بدترین حالت در آن‌جا: {worst_cards})" if hidden and enemy else ""
            out.append(f"در {where} دست‌کم با {margin} امتیاز اختلاف می‌برید{tail}.")
        else:
            tail = f" (the worst they can have there: {worst_cards})" if hidden and enemy else ""
            out.append(f"You win {where} by at least {margin}{tail}.")
    out.append(_greedy_words(greedy_step(state), lang))
    return out


def _greedy_words(step: Action, lang: str) -> str:
    fa = lang == "fa"
    if step["do"] == "place":
        card, where = quoted(step["card"], lang), zone_name(step["zone"], lang)
        if fa:
            return (
                f"ربات حریص نخست {card} را در {where} می‌گذارد، اما هیچ چینشی که پیروزی را "
                "تضمین کند آن را آن‌جا نمی‌گذارد."
            )
        return (
            f"The greedy bot would first put {card} in {where}, but no placement that surely "
            "wins puts it there."
        )
    if step["do"] == "pass":
        if fa:
            return "ربات حریص این‌جا پاس می‌دهد، اما بدون کارت‌های بیشتر ناحیه‌ای را می‌توان باخت."
        return "The greedy bot would pass here, but without more cards a zone can be lost."
    card = quoted(step.get("card", ""), lang) if step.get("card") in BY_ID else ""
    if fa:
        return f"ربات حریص به‌جای گذاشتن کارت، رویداد {card} را بازی می‌کند."
    return f"The greedy bot would play the event of {card} instead of placing a card."
