"""Star Realms puzzles: win this turn, or survive the next, proved whatever the hidden cards are.

The first kind, ``win-this-turn``, asked of the duel: at the start of a turn (no card played yet, no
choice open), can the seat bring the opponent to 0 authority before the turn ends, using the
cards in its hand, its bases, the scrap abilities of what it has in play, and the trade row?

What the seat cannot see never decides the answer. The engine plays the turn on a *blind*
copy of the position: the seat's deck and discard pile are emptied (a draw draws nothing) and
so is the trade deck (a bought or cleared row card leaves an empty slot); only the cards in
hand at the start are ever played. A win in the blind copy is a win whatever the seat would
draw and whatever the opponent holds (they do not act this turn), since a card drawn need not
be played. So a turn that can only win on a lucky draw is never asked; a solver who
draws well and plays what it drew still wins, and that counts (:func:`solves` plays the real
position).

Which decisions matter. A turn's only way to the opponent's authority is combat. Buying puts
a card in the discard pile, so it adds nothing this turn; clearing the row or scrapping a
card from hand or discard pile (Machine Cult) adds nothing either. Playing a card only adds
(its effects and the allies it wakes), so every card in hand is played, and before any base
is scrapped (a base from an earlier turn no longer counts for the allies of cards played
after it is scrapped; a ship scrapped still counts). Every outpost of the opponent must be
destroyed before the opponent can be hit, and destroying an ordinary base only wastes combat.
What is left to decide is which scrap abilities to use: each one sends a card out of the game
for good. A line is then named by its *decisions*: the cards it scraps from play (as a sorted
list of ids) and the outposts it destroys; reorderings of the same plays are the same answer.
:func:`winning_decisions` tries every sub-multiset of the scrap abilities in play on the
engine and keeps the *least* ones that win (a winning set none of whose cards can be left
out). The puzzle's answer is the one least set, when there is exactly one: the scraps every
win needs, and they are enough.

Not trivial. Most winning turns are "play everything and attack". A position is asked only
when that is not enough: playing every card, destroying the outposts in the way and hitting
the opponent with the rest leaves the opponent alive, so the win needs at least one card
scrapped from play; and the least set of scraps is unique. (The ``greedy`` bot scraps for a
kill too, so its own turn wins every one of these; it is no measure here.)

The second kind, ``survive``, is asked where no win is sure: end the turn so that the opponent
cannot kill the seat on their next turn, whatever they hold. The seat's hand is played on the
blind copy as above (every card: playing only adds authority, outposts, combat and forced
discards), and a line is again named by its decisions: the scraps (combat to destroy bases
with, a forced discard from Survey Ship, at the price of the card, an outpost's defense
included) and the opponent's bases destroyed (each base takes its combat, ally and draws out of
their next turn). Buying, clearing the row and hitting the opponent change nothing for the next
turn. The verdict on where a line ends the turn (:func:`_verdict`) is a proof either way:

- survives when :func:`_threat`, an upper bound on the combat of the opponent's next turn over
  every hand and deck order the seat cannot rule out, is below the seat's authority plus the
  defense of its outposts (all of which must fall first). The bound counts each card the
  opponent could play (their hand and deck, a multiset the seat can count; their bases) at its
  primary and scrap combat, its ally where another card of its faction is in play, with at most
  ``keep + draws`` cards played (``keep``: the hand after the forced discards; the known cards
  of the hand accounted for), and only where no draw can reach the end of their deck (a
  reshuffle would bring back cards it does not count: no verdict then);
- dies when the engine plays the opponent's turn in one world the seat cannot rule out (their
  hand and deck dealt as the bound's best case) and the seat is killed.

Otherwise the line has no verdict. :func:`surviving_decisions` gives the least sets of decisions
proved to survive (none of whose parts can be left out), or nothing if some set that could be
another least one has no verdict. A position is asked when the opponent threatens a kill, the
obvious line (the whole hand played, nothing scrapped, the outposts in the way destroyed and the
rest at the opponent) is proved to die, and exactly one least set is proved to survive: that is
the non-triviality measure. :func:`solves` accepts any line whose end of turn is proved to
survive (or that wins).

The stated solution (and each answer of :func:`solutions`) is one full line the page can play
step by step: every card of the hand in hand order (each open choice skipped), then the
scraps in the order the cards came into play, then the outposts in the order they were played,
then the attack on the opponent; for ``survive``, the scraps, the bases destroyed, the attack on
the opponent where no outpost is left, and the end of the turn.

>>> from rumizi.games.star_realms import GAME
>>> doc = GAME.new(seed=1).export()
>>> me, them = doc["players"][doc["current"]], doc["players"][1 - doc["current"]]
>>> me["hand"], me["bases"] = ["viper", "viper", "lookout"], ["battle-station", "barter-world"]
>>> them["authority"], them["bases"] = 8, ["trading-post"]
>>> state = GAME.load(doc)
>>> winning_decisions(state)
[(('barter-world', 'battle-station'), ('trading-post',))]
>>> [p.kind for p in find(state)]
['win-this-turn']

Survive: 6 authority, and the opponent's Monster World (5 combat each turn) with two Vipers
somewhere in their starting cards makes 7. Pounder and two Vipers make the 7 combat that
destroys it (its defense): then they bring at most 2.

>>> doc = GAME.new(seed=1).export()
>>> me, them = doc["players"][doc["current"]], doc["players"][1 - doc["current"]]
>>> me["hand"], me["authority"] = ["pounder", "viper", "viper"], 6
>>> them["authority"], them["bases"] = 20, ["monster-world"]
>>> state = GAME.load(doc)
>>> surviving_decisions(state)
[((), ('monster-world',))]
>>> [(p.kind, p.value) for p in find(state)]
[('survive', 2)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import product
from typing import TypeVar

from rumizi.core.contract import Action
from rumizi.core.errors import IllegalAction
from rumizi.core.i18n import join, number
from rumizi.core.puzzles import Puzzle
from rumizi.games.star_realms.cards import (
    ALLY,
    BY_ID,
    COMBAT,
    DEFENSE,
    DRAW,
    FACTION,
    FORCED_DISCARD,
    IS_BASE,
    IS_OUTPOST,
    NAMES,
    PRIMARY,
    SCRAP,
)
from rumizi.games.star_realms.engine import StarRealmsState
from rumizi.games.star_realms.game import GAME
from rumizi.games.star_realms.texts import quoted

GAME_ID = "star-realms"
KINDS: tuple[str, ...] = ("win-this-turn", "survive")

#: The duel, the only table mined (the multiplayer formats are left out).
MINING: tuple[Mapping[str, object], ...] = ({"players": 2},)

#: A try is over after this many moves even if the turn is not (a turn rarely takes 30).
MAX_MOVES = 80

#: Positions with more scrap abilities in play than this are not searched (2**n sets).
MAX_SCRAPS = 10

SKIP: Action = {"do": "skip"}

_Item = TypeVar("_Item", int, str)

#: A line's decisions: the cards it scraps from play (sorted ids) and the outposts it destroys
#: (in the order they were played).
Decisions = tuple[tuple[str, ...], tuple[str, ...]]


def _settle(state: StarRealmsState, moves: list[Action]) -> None:
    """Skip every open choice (scrap a card, clear the row): none of them adds combat."""
    while state.pending is not None and not state.over:
        state.apply(SKIP)
        moves.append(dict(SKIP))


def _blind(state: StarRealmsState) -> StarRealmsState:
    """A copy in which nothing hidden from the seat to act can help: its deck and discard
    pile are empty (draws draw nothing) and so is the trade deck (refills leave gaps)."""
    blind = state.clone()
    me = blind.players[blind.current]
    me.deck, me.discard, me.known = [], [], []
    blind.trade_deck = []
    return blind


def _opponent(state: StarRealmsState) -> int:
    return 1 - state.current


def _play_hand(state: StarRealmsState, hand: Sequence[int]) -> list[Action]:
    """Play the cards ``hand`` (in order) on ``state``, skipping open choices: the moves."""
    moves: list[Action] = []
    for c in hand:
        move: Action = {"do": "play", "card": NAMES[c]}
        state.apply(move)
        moves.append(move)
        _settle(state, moves)
    return moves


def _finish(state: StarRealmsState, scraps: Sequence[str]) -> list[Action]:
    """Use the scrap abilities ``scraps``, destroy every outpost of the opponent and hit the
    opponent with what is left (as far as the combat goes): the moves made."""
    moves: list[Action] = []
    for card in scraps:
        move: Action = {"do": "scrap", "card": card}
        state.apply(move)
        moves.append(move)
        _settle(state, moves)
    them = _opponent(state)
    me = state.players[state.current]
    for c in [c for c in state.players[them].field if IS_OUTPOST[c]]:
        move = {"do": "attack", "player": them, "base": NAMES[c]}
        try:
            state.apply(move)
        except IllegalAction:
            return moves  # not enough combat: the opponent stays out of reach
        moves.append(move)
    if me.combat > 0:
        move = {"do": "attack", "player": them}
        state.apply(move)
        moves.append(move)
    return moves


def _won(state: StarRealmsState, seat: int) -> bool:
    return state.over and state.winner == seat


def _scrap_gain(card: int) -> int:
    return sum(n for code, n in SCRAP[card] if code == COMBAT)


def _ordered(state: StarRealmsState, scraps: Counter[str]) -> list[str]:
    """The scraps ``scraps`` in the order their cards came into play."""
    left = Counter(scraps)
    out = []
    for c in state.players[state.current].field:
        if left[NAMES[c]] > 0:
            left[NAMES[c]] -= 1
            out.append(NAMES[c])
    return out


def _asked(state: StarRealmsState) -> bool:
    """A duel position where the seat to act may take its whole turn: no choice open."""
    return (
        not state.over
        and state.format == "duel"
        and state.pending is None
        and state.to_act == state.current
    )


def winning_decisions(state: StarRealmsState) -> list[Decisions]:
    """The least sets of decisions that win this turn whatever the hidden cards, for the seat
    to act: each the scraps (a winning sub-multiset of the scrap abilities in play after the
    whole hand is played, none of whose cards can be left out) and the outposts destroyed.
    Empty when no win is sure; ``[((), outposts)]`` when playing everything is enough."""
    if not _asked(state):
        return []
    seat = state.current
    played = _blind(state)
    _play_hand(played, list(played.players[seat].hand))
    if played.over:
        return []
    field = played.players[seat].field
    outposts = tuple(NAMES[c] for c in played.players[_opponent(played)].field if IS_OUTPOST[c])
    abilities = Counter(NAMES[c] for c in field if SCRAP[c])
    if sum(abilities.values()) > MAX_SCRAPS:
        return []
    # Combat cannot come from anywhere else: if even every combat scrap falls short, no line
    # wins (the engine still proves every line it keeps below).
    them = played.players[_opponent(played)]
    need = them.authority + sum(_defenses(them.field))
    best = played.players[seat].combat + sum(_scrap_gain(c) for c in field if SCRAP[c])
    if best < need:
        return []
    kinds = sorted(abilities)
    wins: list[Counter[str]] = []
    for counts in product(*(range(abilities[k] + 1) for k in kinds)):
        scraps = Counter({k: n for k, n in zip(kinds, counts, strict=True) if n})
        if _wins_with(played, seat, scraps):
            wins.append(scraps)
    least = [w for w in wins if not any(v != w and v <= w for v in wins)]
    return sorted((tuple(sorted(w.elements())), outposts) for w in least)


def _defenses(field: Sequence[int]) -> list[int]:
    """The defense of each outpost in ``field``."""
    return [DEFENSE[c] for c in field if IS_OUTPOST[c]]


def _wins_with(played: StarRealmsState, seat: int, scraps: Counter[str]) -> bool:
    after = played.clone()
    _finish(after, _ordered(after, scraps))
    return _won(after, seat)


def line(state: StarRealmsState, decisions: Decisions) -> tuple[Action, ...]:
    """The full line of ``decisions`` on the real position ``state``: the hand in hand order
    (choices skipped), the scraps, the outposts and the attack; a ``ValueError`` if it does
    not win there."""
    seat = state.current
    real = state.clone()
    moves = _play_hand(real, list(real.players[seat].hand))
    moves += _finish(real, _ordered(real, Counter(decisions[0])))
    if not _won(real, seat):
        raise ValueError("the line does not win")
    return tuple(moves)


def find(state: StarRealmsState, source: str = "") -> list[Puzzle]:
    """The puzzle of this position, if it holds one worth asking: ``win-this-turn`` (a sure
    win that needs a card scrapped from play, with one least set of scraps) or, where no win
    is sure, ``survive`` (see :func:`surviving_decisions`)."""
    if not _asked(state) or state.players[state.current].played:
        return []  # mid-turn: the turn's puzzle, if any, was asked at its start
    found = winning_decisions(state)
    if not found:
        return _find_survive(state, source)
    if len(found) != 1 or not found[0][0]:
        return []  # no single answer, or nothing to scrap: playing is enough
    (decisions,) = found
    seat = state.current
    try:
        solution = line(state, decisions)
    except ValueError:  # pragma: no cover - the real position always wins what the blind one does
        return []
    them = state.players[_opponent(state)]
    value = them.authority + sum(_defenses(them.field))
    return [Puzzle(GAME_ID, "win-this-turn", state.export(), seat, solution, value, source)]


# ---------------------------------------------------------------------------- survive


def _sum(effects: Sequence[tuple[int, int]], code: int) -> int:
    return sum(n for c, n in effects if c == code)


#: Per card: the combat of its primary, ally and scrap effects, and every card it can draw.
_PRIMARY_COMBAT = tuple(_sum(e, COMBAT) for e in PRIMARY)
_ALLY_COMBAT = tuple(_sum(e, COMBAT) for e in ALLY)
_SCRAP_COMBAT = tuple(_sum(e, COMBAT) for e in SCRAP)
_PRIMARY_DRAW = tuple(_sum(e, DRAW) for e in PRIMARY)
_ALLY_DRAW = tuple(_sum(e, DRAW) for e in ALLY)
_SCRAP_DRAW = tuple(_sum(e, DRAW) for e in SCRAP)

#: A verdict on a position at the end of the seat's turn: ``True`` proved to survive the
#: opponent's next turn, ``False`` proved to die in it, ``None`` neither proof holds.
Verdict = bool | None


def _combat(card: int, allied: bool) -> int:
    """The most combat ``card`` gives in a turn: primary and scrap, and its ally if
    ``allied`` (another card of its faction in play)."""
    return _PRIMARY_COMBAT[card] + _SCRAP_COMBAT[card] + (_ALLY_COMBAT[card] if allied else 0)


def _best(fixed: Sequence[int], optional: Sequence[int], k: int) -> tuple[int, list[int]]:
    """The most combat of ``fixed`` (cards surely in play) with ``k`` cards of ``optional``
    (the pick that gives it, best first): an ally counts when its faction has two cards in
    play (itself and another), exactly the rule; every primary and combat scrap counts."""
    factions = sorted({FACTION[c] for c in (*fixed, *optional)})
    table: dict[int, tuple[int, list[int]]] = {0: (0, [])}
    for f in factions:
        own = [c for c in fixed if FACTION[c] == f]
        opts = [c for c in optional if FACTION[c] == f]
        ways = []
        for j in range(len(opts) + 1):
            allied = f != 0 and len(own) + j >= 2
            picked = sorted(opts, key=lambda c: (-_combat(c, allied), c))[:j]
            value = sum(_combat(c, allied) for c in (*own, *picked))
            ways.append((j, value, picked))
        grown: dict[int, tuple[int, list[int]]] = {}
        for t, (v0, p0) in table.items():
            for j, v, picked in ways:
                if t + j <= k and (t + j not in grown or grown[t + j][0] < v0 + v):
                    grown[t + j] = (v0 + v, p0 + picked)
        table = grown
    value, picks = max(table.values(), key=lambda vp: vp[0])
    return value, sorted(picks, key=lambda c: (-_combat(c, True), c))


#: The most combat the opponent can bring next turn, and a world in which they would: their
#: hand, their deck from the top, and the cards of that hand they would discard.
Threat = tuple[int, list[int], list[int], list[int]]


def _threat(state: StarRealmsState) -> Threat | None:
    """The most combat the opponent of the seat to act can bring in their next turn,
    whatever they hold, if this turn ended now; with one world (their hand and deck) in
    which they would bring it, if the bound is reached. ``None`` when their draws could run
    through their deck (a reshuffle would bring back cards the bound does not count).

    The opponent's hand and deck together are a multiset the seat can count (the view's
    ``unseen`` and ``known_hand``); their bases are in sight. Every card they play is in their
    hand after the forced discards (``keep`` cards), or drawn; each draw comes from a card
    played or a base, so the set ``S`` of cards played has ``|S| <= keep + base draws +
    sum(d(c) for c in S)``, ``d(c)`` the draws of a card (its ally's only where another card
    of its faction could be in play). The cards known to be in their hand (``known``, after a
    reshuffle in their last draw) leave ``len(hand) - len(known)`` places for the others: each
    sub-multiset ``K`` of the known cards they may keep is tried, with at most
    ``min(keep - |K|, len(hand) - len(known))`` other cards kept. A card that draws costs
    nothing in these counts, so the bound takes all of them and the best of the rest that fit
    (:func:`_best`)."""
    them = state.players[_opponent(state)]
    pool = sorted(them.hand + them.deck)
    bases = them.bases()
    present = Counter(FACTION[c] for c in (*pool, *bases))

    def draws(c: int) -> int:
        allied = FACTION[c] != 0 and present[FACTION[c]] >= 2
        return _PRIMARY_DRAW[c] + _SCRAP_DRAW[c] + (_ALLY_DRAW[c] if allied else 0)

    if sum(map(draws, (*pool, *bases))) > len(them.deck):
        return None
    held = len(them.hand)
    keep = held - min(them.pending_discards, held)
    known = sorted(them.known)
    free = list((Counter(pool) - Counter(known)).elements())
    drawers = sorted((c for c in free if draws(c)), key=lambda c: (-draws(c), c))
    rest = [c for c in free if not draws(c)]
    best: Threat | None = None
    for kept in _submultisets(known):
        played = sorted(kept.elements())
        if len(played) > keep:
            continue
        room = min(keep - len(played), held - len(known))
        slots = room  # the cards not known to be in hand that are kept
        room += sum(map(draws, (*bases, *played))) + sum(draws(c) - 1 for c in drawers)
        value, picks = _best([*bases, *played, *drawers], rest, max(0, min(room, len(rest))))
        if best is None or value > best[0]:
            left = Counter(rest) - Counter(picks)
            tail = sorted(left.elements(), key=lambda c: (-_combat(c, True), c))
            order = [*drawers, *picks, *tail]  # the cards not known, best first
            cut = len(order) - (held - len(known) - slots)
            dropped = [*(Counter(known) - kept).elements(), *order[cut:]]
            hand = [*played, *order[:slots], *dropped]
            best = value, hand, order[slots:cut], dropped
    return best


def _need(state: StarRealmsState) -> int:
    """What the opponent must deal to kill the seat to act: its authority and the defense of
    its outposts (every one must be destroyed before the seat can be hit)."""
    me = state.players[state.current]
    return me.authority + sum(_defenses(me.field))


def _kills(state: StarRealmsState, threat: Threat) -> bool:
    """Whether the opponent kills the seat next turn in the world of ``threat``, one the seat
    cannot rule out (their hand and deck dealt so), their turn played all out by the engine:
    discard what the world says, play every card, scrap for cards and combat, destroy the
    outposts, hit."""
    _, hand, deck, dropped = threat
    world = _blind(state)
    them = world.players[_opponent(world)]
    them.hand, them.deck = list(hand), deck[::-1]
    world.apply({"do": "end"})
    _all_out(world, set(dropped))
    return world.over and world.winner == _opponent(state)


def _all_out(world: StarRealmsState, dropped: set[int]) -> None:
    """The player to act plays their turn for damage (forced discards from ``dropped``
    first), then destroys their opponent's outposts and hits them with the rest."""
    now = world.current
    p = world.players[now]
    for _ in range(MAX_MOVES):
        if world.over:
            return
        if world.pending is not None:
            if world.pending[0] == FORCED_DISCARD:
                worst = max(p.hand, key=lambda c: (c in dropped, c))
                world.apply({"do": "choose", "card": NAMES[worst], "from": "hand"})
            else:
                world.apply(SKIP)
        elif p.hand:
            world.apply({"do": "play", "card": NAMES[p.hand[0]]})
        elif drawer := next((c for c in p.field if _SCRAP_DRAW[c] and p.deck), None):
            world.apply({"do": "scrap", "card": NAMES[drawer]})
        elif gun := next((c for c in p.field if _SCRAP_COMBAT[c]), None):
            world.apply({"do": "scrap", "card": NAMES[gun]})
        else:
            break
    target = 1 - now
    for c in [c for c in world.players[target].field if IS_OUTPOST[c]]:
        if world.over or p.combat < DEFENSE[c]:
            return
        world.apply({"do": "attack", "player": target, "base": NAMES[c]})
    if not world.over and p.combat > 0:
        world.apply({"do": "attack", "player": target})


def _verdict(state: StarRealmsState, seen: dict[tuple[object, ...], Verdict]) -> Verdict:
    """Whether the seat to act, ending its turn now, survives the opponent's next turn
    whatever they hold (``True``: the bound is below what a kill needs), dies in a world it
    cannot rule out (``False``: the engine plays it), or neither is proved (``None``).
    ``seen`` caches verdicts by everything they depend on."""
    me, them = state.players[state.current], state.players[_opponent(state)]
    key = (
        me.authority,
        tuple(c for c in me.field if IS_OUTPOST[c]),
        tuple(them.field),
        them.pending_discards,
        tuple(sorted(them.hand + them.deck)),
        tuple(sorted(them.known)),
        len(them.hand),
    )
    if key not in seen:
        threat = _threat(state)
        if threat is None:
            seen[key] = None
        elif threat[0] < _need(state):
            seen[key] = True
        else:
            seen[key] = False if _kills(state, threat) else None
    return seen[key]


def _submultisets(items: Sequence[_Item]) -> list[Counter[_Item]]:
    """Every sub-multiset of ``items``."""
    counts = Counter(items)
    kinds = sorted(counts)
    return [
        Counter({k: n for k, n in zip(kinds, ns, strict=True) if n})
        for ns in product(*(range(counts[k] + 1) for k in kinds))
    ]


def _targets(field: Sequence[int], combat: int) -> list[tuple[str, ...]]:
    """Every set of the opponent's bases ``combat`` can destroy (an ordinary base only once
    every outpost is down), each in the order destroyed: outposts first, in play order."""
    out = []
    for chosen in _submultisets([NAMES[c] for c in field if IS_BASE[c]]):
        left = Counter(chosen)
        order = []
        for c in sorted((c for c in field if IS_BASE[c]), key=lambda c: not IS_OUTPOST[c]):
            if left[NAMES[c]] > 0:
                left[NAMES[c]] -= 1
                order.append(c)
        walls = sum(1 for c in field if IS_OUTPOST[c])
        if (
            any(not IS_OUTPOST[c] for c in order)
            and sum(map(IS_OUTPOST.__getitem__, order)) < walls
        ):
            continue
        if sum(DEFENSE[c] for c in order) <= combat:
            out.append(tuple(NAMES[c] for c in order))
    return out


def _attack_bases(state: StarRealmsState, bases: Sequence[str]) -> list[Action]:
    them = _opponent(state)
    moves: list[Action] = []
    for card in bases:
        move: Action = {"do": "attack", "player": them, "base": card}
        state.apply(move)
        moves.append(move)
    return moves


def _obvious(state: StarRealmsState) -> tuple[str, ...]:
    """The outposts the obvious line destroys: those its combat reaches, in play order, when
    the hand is played, nothing is scrapped and the rest goes at the opponent."""
    combat = state.players[state.current].combat
    out = []
    for c in state.players[_opponent(state)].field:
        if IS_OUTPOST[c]:
            if combat < DEFENSE[c]:
                break
            combat -= DEFENSE[c]
            out.append(NAMES[c])
    return tuple(out)


def _survey(state: StarRealmsState) -> tuple[dict[Decisions, Verdict], Decisions] | None:
    """The verdict of every set of decisions of the seat's turn, and the obvious line's: the
    whole hand played on the blind copy, then each sub-multiset of the scrap abilities in play
    and each set of the opponent's bases the combat then reaches. ``None`` where the seat's
    turn cannot be surveyed (too many scrap abilities, or the hand ends the game)."""
    seat = state.current
    played = _blind(state)
    _play_hand(played, list(played.players[seat].hand))
    if played.over:
        return None
    abilities = [NAMES[c] for c in played.players[seat].field if SCRAP[c]]
    if len(abilities) > MAX_SCRAPS:
        return None
    seen: dict[tuple[object, ...], Verdict] = {}
    verdicts: dict[Decisions, Verdict] = {}
    for scraps in _submultisets(abilities):
        after = played.clone()
        _finish_scraps(after, _ordered(after, scraps))
        field = after.players[_opponent(after)].field
        for bases in _targets(field, after.players[seat].combat):
            end = after.clone()
            _attack_bases(end, bases)
            verdicts[(tuple(sorted(scraps.elements())), bases)] = _verdict(end, seen)
    return verdicts, ((), _obvious(played))


def _finish_scraps(state: StarRealmsState, scraps: Sequence[str]) -> list[Action]:
    moves: list[Action] = []
    for card in scraps:
        move: Action = {"do": "scrap", "card": card}
        state.apply(move)
        moves.append(move)
        _settle(state, moves)
    return moves


def _within(small: Decisions, big: Decisions) -> bool:
    return all(Counter(a) <= Counter(b) for a, b in zip(small, big, strict=True))


def _least(verdicts: Mapping[Decisions, Verdict]) -> list[Decisions] | None:
    """The least surviving sets of decisions (none of whose parts can be left out), or
    ``None`` when some set is undecided and no smaller set is proved to survive (it could be
    another least one)."""
    safe = [d for d, v in verdicts.items() if v is True]
    least = [d for d in safe if not any(e != d and _within(e, d) for e in safe)]
    for d, v in verdicts.items():
        if v is None and not any(e != d and _within(e, d) for e in safe):
            return None
    return sorted(least)


def surviving_decisions(state: StarRealmsState) -> list[Decisions]:
    """The least sets of decisions with which the seat to act surely survives the
    opponent's next turn, when it cannot surely win this one; each the cards scrapped from
    play (sorted ids) and the opponent's bases destroyed (in the order destroyed). Empty when
    the seat can win, or when not every set is decided."""
    if not _asked(state) or winning_decisions(state):
        return []
    surveyed = _survey(state)
    if surveyed is None:
        return []
    return _least(surveyed[0]) or []


def survive_line(state: StarRealmsState, decisions: Decisions) -> tuple[Action, ...]:
    """The full line of ``decisions`` on the real position ``state``: the hand in hand order
    (choices skipped), the scraps, the bases destroyed, the rest of the combat at the
    opponent where no outpost is left, and the end of the turn; a ``ValueError`` if the
    position it ends the turn in is not proved to survive."""
    seat = state.current
    real = state.clone()
    moves = _play_hand(real, list(real.players[seat].hand))
    moves += _finish_scraps(real, _ordered(real, Counter(decisions[0])))
    moves += _attack_bases(real, decisions[1])
    them = _opponent(real)
    if real.players[seat].combat > 0 and not _defenses(real.players[them].field):
        moves.append({"do": "attack", "player": them})
    if real.over or _verdict(real, {}) is not True:
        raise ValueError("the line does not surely survive")
    return (*moves, {"do": "end"})


def _find_survive(state: StarRealmsState, source: str) -> list[Puzzle]:
    """The ``survive`` puzzle of a position with no sure win, if it holds one worth asking:
    the opponent threatens a kill, the obvious line is proved to die, and exactly one least
    set of decisions is proved to survive."""
    threat = _threat(state)
    if threat is None or threat[0] < _need(state):
        return []  # no threat: playing the hand only adds authority and outposts
    surveyed = _survey(state)
    if surveyed is None:
        return []
    verdicts, obvious = surveyed
    if verdicts.get(obvious) is not False:
        return []  # the obvious line is not proved to die
    least = _least(verdicts)
    if least is None or len(least) != 1:
        return []
    try:
        solution = survive_line(state, least[0])
    except ValueError:  # pragma: no cover - the real position ends as the blind one does
        return []
    end = _ending(state, solution)
    value = _threat(end)
    if value is None:  # pragma: no cover - proved positions have a bound
        return []
    return [Puzzle(GAME_ID, "survive", state.export(), state.current, solution, value[0], source)]


def _ending(state: StarRealmsState, moves: Sequence[Action]) -> StarRealmsState:
    """The position ``moves`` (a line ending in ``end``) end the seat's turn in."""
    end = state.clone()
    for move in moves[:-1]:
        end.apply(dict(move))
    return end


def solutions(puzzle: Puzzle) -> list[tuple[Action, ...]]:
    """The line of every least set of decisions that wins (or, for ``survive``, that surely
    survives), proved again from the position (a ``ValueError`` for another kind, or a
    position where the seat is not to act)."""
    if puzzle.kind not in KINDS:
        raise ValueError(f"Star Realms has no puzzles of kind {puzzle.kind!r}")
    state = GAME.load(puzzle.position)
    if not _asked(state) or state.current != puzzle.seat:
        raise ValueError(f"puzzle {puzzle.id}: its seat {puzzle.seat} is not the one to act")
    if puzzle.kind == "survive":
        return [survive_line(state, d) for d in surviving_decisions(state)]
    return [line(state, d) for d in winning_decisions(state)]


def decisions_of(moves: Sequence[Action]) -> Decisions:
    """The decisions a line makes: the cards it scraps from play and the bases it destroys."""
    scraps = tuple(sorted(str(m["card"]) for m in moves if m.get("do") == "scrap"))
    bases = tuple(str(m["base"]) for m in moves if m.get("do") == "attack" and "base" in m)
    return scraps, bases


def offered(puzzle: Puzzle, state: StarRealmsState) -> list[Action]:
    """Every legal move of the seat while its turn lasts (none once the try is over)."""
    if state.over or state.to_act != puzzle.seat:
        return []
    return [dict(a) for a in state.legal_actions_for(puzzle.seat)]


def _turn(puzzle: Puzzle) -> int:
    turn = puzzle.position.get("turn")
    return turn if isinstance(turn, int) else -1


def finished(puzzle: Puzzle, state: StarRealmsState, moves: Sequence[Action]) -> bool:
    """Over when the game is, when the seat's turn has passed, or after :data:`MAX_MOVES`."""
    return (
        state.over
        or state.turn != _turn(puzzle)
        or state.to_act != puzzle.seat
        or len(moves) >= MAX_MOVES
    )


def solves(puzzle: Puzzle, moves: Sequence[Action]) -> bool:
    """Whether ``moves``, played from the puzzle's position, win the game this turn (in any
    order, with any scraps) or, for ``survive``, end the turn (with ``end``) in a position
    proved to survive the opponent's next turn; false for a move the position does not take."""
    if puzzle.kind not in KINDS or len(moves) > MAX_MOVES:
        return False
    ended: StarRealmsState | None = None  # the position the seat ended its turn in
    try:
        state = GAME.load(puzzle.position)
        for move in moves:
            if finished(puzzle, state, []):
                return False  # a move after the turn (or the game) is over
            if puzzle.kind == "survive" and move.get("do") == "end" and state.pending is None:
                ended = state.clone()
            state.apply(dict(move))
    except (ValueError, KeyError, TypeError):
        return False  # an illegal or malformed move (IllegalAction is a ValueError)
    if _won(state, puzzle.seat):
        return True
    if puzzle.kind != "survive" or ended is None or state.turn == _turn(puzzle):
        return False
    return _verdict(ended, {}) is True


def question(puzzle: Puzzle, lang: str) -> str:
    """What the puzzle asks, in ``lang``."""
    if puzzle.kind == "survive":
        if lang == "fa":
            return (
                "زنده بمانید: نوبتتان را طوری تمام کنید که حریف در نوبت بعدش، "
                "هر کارتی در دست داشته باشد، نتواند شما را از پا دربیاورد؛ "
                "بی‌آنکه به کارتی که می‌کشید امید ببندید."
            )
        return (
            "Survive: end your turn so that your opponent cannot kill you on their next turn, "
            "whatever cards they hold, without counting on what you draw."
        )
    if lang == "fa":
        return (
            "در همین نوبت ببرید: اقتدار حریف را پیش از پایان نوبتتان به صفر برسانید، "
            "بی‌آنکه به کارتی که می‌کشید امید ببندید."
        )
    return (
        "Win this turn: bring your opponent's authority to 0 before your turn ends, "
        "without counting on what you draw."
    )


def _listed(cards: Sequence[str], lang: str) -> str:
    """Card names joined as a sentence lists them: “A, B and C” / «الف، ب و ج»."""
    names = [quoted(c, lang) for c in cards]
    if len(names) < 2:
        return join(names, lang)
    return join(names[:-1], lang) + (" و " if lang == "fa" else " and ") + names[-1]


def explain(puzzle: Puzzle, lang: str) -> list[str]:
    """The answer told in ``lang``: the combat the hand gives, what the win needs, the scraps
    that close the gap and the outposts in the way (for ``survive``: what the opponent can
    bring after the obvious line and after the answer, and the answer's decisions)."""
    if puzzle.kind == "survive":
        return _explain_survive(puzzle, lang)
    state = GAME.load(puzzle.position)
    seat = puzzle.seat
    played = _blind(state)
    _play_hand(played, list(played.players[seat].hand))
    combat = played.players[seat].combat
    them = played.players[_opponent(played)]
    scraps, outposts = decisions_of(puzzle.solution)
    gain = sum(_scrap_gain(BY_ID[c]) for c in scraps)
    hand, gained, total = (number(n, lang) for n in (combat, gain, combat + gain))
    authority, wall = number(them.authority, lang), number(sum(_defenses(them.field)), lang)
    scrapped, walls = _listed(scraps, lang), _listed(outposts, lang)
    if lang == "fa":
        which = "پاسگاه" if len(outposts) == 1 else "پاسگاه‌ها"
        out = [f"وقتی همهٔ کارت‌های دستتان را بازی کنید، {hand} حمله دارید."]
        if outposts:
            out.append(
                f"حریف {authority} اقتدار دارد و پشت {walls} است؛ "
                f"نابود کردن این {which} {wall} حمله می‌خواهد."
            )
        else:
            out.append(f"حریف {authority} اقتدار دارد، بیش از این.")
        out.append(
            f"{scrapped} را اسقاط کنید تا {gained} حملهٔ دیگر بگیرید و به {total} برسید"
            + (f"، {which} حریف ({walls}) را نابود کنید" if outposts else "")
            + " و با بقیه به خود حریف حمله کنید."
        )
        out.append("هر برد دیگری هم به همین اسقاط‌ها نیاز دارد؛ کارت دیگری لازم نیست برود.")
        return out
    out = [f"With your whole hand played you have {hand} combat."]
    if outposts:
        takes = "which takes" if len(outposts) == 1 else "which take"
        out.append(
            f"Your opponent has {authority} authority behind {walls}, "
            f"{takes} {wall} combat to destroy."
        )
    else:
        out.append(f"Your opponent has {authority} authority, more than that.")
    out.append(
        f"Scrap {scrapped} for {gained} more combat, {total} in all"
        + (f", destroy your opponent's {walls}" if outposts else "")
        + ", and hit your opponent with the rest."
    )
    out.append("Every other win needs these scraps too; no other card has to go.")
    return out


def _explain_survive(puzzle: Puzzle, lang: str) -> list[str]:
    state = GAME.load(puzzle.position)
    obvious = _blind(state)
    _play_hand(obvious, list(obvious.players[puzzle.seat].hand))
    _attack_bases(obvious, _obvious(obvious))
    answer = _ending(state, puzzle.solution)
    before, after = _threat(obvious), _threat(answer)
    if before is None or after is None:  # pragma: no cover - proved positions have bounds
        raise ValueError(f"puzzle {puzzle.id}: the opponent's next turn has no bound")
    most0, need0, most1, need1 = (
        number(n, lang) for n in (before[0], _need(obvious), after[0], _need(answer))
    )
    scraps, bases = decisions_of(puzzle.solution)
    if lang == "fa":
        steps = []
        if scraps:
            steps.append(f"{_listed(scraps, lang)} را اسقاط کنید")
        if bases:
            steps.append(f"{_listed(bases, lang)} حریف را نابود کنید")
        return [
            "اگر همهٔ دستتان را بازی کنید و به حریف حمله کنید، نوبت را با "
            f"{need0} اقتدار و دفاع پاسگاه (روی هم) تمام می‌کنید و حریف در نوبت بعد "
            f"تا {most0} حمله می‌تواند بیاورد: با دستی که ممکن است داشته باشد، "
            "شما را از پا درمی‌آورد.",
            "به جای آن، " + " و ".join(steps) + ".",
            f"آن‌وقت حریف هر کارتی داشته باشد، حداکثر {most1} حمله می‌آورد، "
            f"کمتر از {need1} که برای از پا درآوردن شما لازم است.",
            "هر راه مطمئن دیگری برای زنده ماندن هم همین تصمیم‌ها را دارد.",
        ]
    steps = []
    if scraps:
        steps.append(f"scrap {_listed(scraps, lang)}")
    if bases:
        steps.append(f"destroy your opponent's {_listed(bases, lang)}")
    return [
        f"Play your whole hand and hit your opponent, and you end the turn with {need0} "
        f"authority and outpost defense together, while your opponent can bring up to {most0} "
        "combat next turn: some hand they may hold kills you.",
        "Instead, " + " and ".join(steps) + ".",
        f"Then, whatever they hold, they bring at most {most1} combat, less than the {need1} "
        "it takes to kill you.",
        "Every other sure way to survive makes these decisions too.",
    ]
