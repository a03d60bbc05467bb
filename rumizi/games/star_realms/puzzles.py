"""Star Realms puzzles: win this turn, proved by the engine whatever the hidden cards are.

One kind, ``win-this-turn``, asked of the duel: at the start of a turn (no card played yet, no
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

A second kind, "survive" (the only turn that keeps the seat alive whatever the opponent
holds), is not asked: it needs the opponent's whole next turn over every hand they may draw.

The stated solution (and each answer of :func:`solutions`) is one full line the page can play
step by step: every card of the hand in hand order (each open choice skipped), then the
scraps in the order the cards came into play, then the outposts in the order they were played,
then the attack on the opponent.

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
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import product

from rumizi.core.contract import Action
from rumizi.core.errors import IllegalAction
from rumizi.core.i18n import join, number
from rumizi.core.puzzles import Puzzle
from rumizi.games.star_realms.cards import BY_ID, COMBAT, DEFENSE, IS_OUTPOST, NAMES, SCRAP
from rumizi.games.star_realms.engine import StarRealmsState
from rumizi.games.star_realms.game import GAME
from rumizi.games.star_realms.texts import quoted

GAME_ID = "star-realms"
KINDS: tuple[str, ...] = ("win-this-turn",)

#: The duel, the only table mined (the multiplayer formats are left out).
MINING: tuple[Mapping[str, object], ...] = ({"players": 2},)

#: A try is over after this many moves even if the turn is not (a turn rarely takes 30).
MAX_MOVES = 80

#: Positions with more scrap abilities in play than this are not searched (2**n sets).
MAX_SCRAPS = 10

SKIP: Action = {"do": "skip"}

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
    """The ``win-this-turn`` puzzle of this position, if it holds one worth asking: a sure win
    that needs a card scrapped from play, with one least set of scraps."""
    if not _asked(state) or state.players[state.current].played:
        return []  # mid-turn: the turn's puzzle, if any, was asked at its start
    found = winning_decisions(state)
    if len(found) != 1 or not found[0][0]:
        return []  # no sure win, no single answer, or nothing to scrap: playing is enough
    (decisions,) = found
    seat = state.current
    try:
        solution = line(state, decisions)
    except ValueError:  # pragma: no cover - the real position always wins what the blind one does
        return []
    them = state.players[_opponent(state)]
    value = them.authority + sum(_defenses(them.field))
    return [Puzzle(GAME_ID, "win-this-turn", state.export(), seat, solution, value, source)]


def solutions(puzzle: Puzzle) -> list[tuple[Action, ...]]:
    """The line of every least set of decisions that wins, proved again from the position
    (a ``ValueError`` for another kind, or a position where the seat is not to act)."""
    if puzzle.kind not in KINDS:
        raise ValueError(f"Star Realms has no puzzles of kind {puzzle.kind!r}")
    state = GAME.load(puzzle.position)
    if not _asked(state) or state.current != puzzle.seat:
        raise ValueError(f"puzzle {puzzle.id}: its seat {puzzle.seat} is not the one to act")
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
    order, with any scraps); false for a move the position does not take."""
    if puzzle.kind not in KINDS or len(moves) > MAX_MOVES:
        return False
    try:
        state = GAME.load(puzzle.position)
        for move in moves:
            if finished(puzzle, state, []):
                return False  # a move after the turn (or the game) is over
            state.apply(dict(move))
    except (ValueError, KeyError, TypeError):
        return False  # an illegal or malformed move (IllegalAction is a ValueError)
    return _won(state, puzzle.seat)


def question(puzzle: Puzzle, lang: str) -> str:
    """What the puzzle asks, in ``lang``."""
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
    that close the gap and the outposts in the way."""
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
