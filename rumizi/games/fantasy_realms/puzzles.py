"""Fantasy Realms puzzles: which card to discard, and which to take, proved by the scorer.

Two kinds. Each scores a hand with its best choices, as the game's end would count it (every
ACTION card's choices searched by the optimiser, the discard area and the seat's Cursed Items
counted): where the deck still matters, this is the best hand *now*, which is what they ask.

``best-discard``: a seat holds one card too many and must discard. Each discard leaves a hand
whose best score the optimiser proves; the answer is the one discard that leaves the highest.

``best-take``: a seat begins its turn (the take phase) and may draw the deck's top card or
take any card of the discard area, then discard one. The answer is two moves, *take X from
the discard area, then discard Y*, and it is proved best against every other line:

* every take and every discard after it (the taken card leaves the area, the discarded one
  joins it; both count for the cards that read the area) is scored, and the pair ``(X, Y)``
  must leave the one highest hand;
* drawing must lose *whatever is drawn*: for every card the seat cannot see (the table's
  cards less its hand and the discard area: the deck and the other hands, whatever it was
  shown of them), the best hand after drawing that card and discarding must score strictly
  less. The deck order never decides the answer.

Only the turn's plain moves are asked among: a Cursed Item in front of the seat is left
unused (the page offers the draw, the takes and then the discards; the question says so). A
position is asked only at the start of a normal turn: not the first turn (which must draw),
not the two-player draft (where a take is the whole turn), and with a card to draw and one
to take.

:func:`solutions` of a ``best-take`` puzzle are every best ``(take, discard)`` pair, and also
``({"do": "draw"},)`` when some unseen card would let a draw reach the best score; so the
checker proves a stated answer only when it alone is best and beats every draw. Cost: the
takes times the discards, each a proved score, plus the unseen cards times the discards,
each only asked whether it reaches the answer's score (:func:`above`: the optimiser's own
branch and bound with that score as its bar, so a branch its bounds keep below the bar is
left unsearched); the first line that reaches it ends the search (:func:`draw_reaching`).
The takes are scored the same way against the best found so far (:func:`best_takes`). A
unique best that takes a card only to discard it again (the hand kept as it is) is not asked.
Such positions are rare: 660 self-play games (``MINING``, the ``greedy`` bot, seed 1) give
512, against 7378 ``best-discard``.

A position is worth asking only when the board does not give it away. The board writes each
card's line of the whole hand (its total with bonus and penalty); a player who discards the
card with the lowest line is reading, not thinking. So a ``best-discard`` position is kept
only when the answer is unique and discarding the card with the lowest line (the best of
those tied for lowest) leaves a hand at least :data:`READING_COST` points worse. A
``best-take`` position is kept only when the same reading misses after every take: for each
card of the area, taking it and discarding the card with the lowest line of the hand it
makes leaves less than the answer (the answer's own take included: after the right take,
the lowest line is not the card to discard).

>>> from rumizi.games.fantasy_realms import GAME
>>> s = GAME.new(seed=4, players=3, suits=True)
>>> while s.phase != "discard":
...     s.apply(s.legal_actions()[0])
>>> [(a["card"], v) for a, v in discard_values(s)][:3]
[('unicorn', 151), ('elven-archers', 150), ('specter', 148)]
>>> s.apply({"do": "discard", "card": "unicorn"})
>>> seat = taking_seat(s)
>>> [(t["card"], d["card"], v) for t, d, v in take_values(s)][:2]
[('unicorn', 'cavern', 150), ('unicorn', 'sword-of-keth', 139)]
>>> best_draw(s, seat)  # a card the seat cannot see would do better: not asked
('shield-of-keth', 'cavern', 184)
>>> find(s)
[]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from rumizi.core.contract import Action
from rumizi.core.i18n import number
from rumizi.core.puzzles import Puzzle
from rumizi.games.fantasy_realms import hand_values
from rumizi.games.fantasy_realms.engine import FantasyRealmsState
from rumizi.games.fantasy_realms.game import GAME
from rumizi.games.fantasy_realms.optimize import ChoiceSearch
from rumizi.games.fantasy_realms.scorer import score_hand
from rumizi.games.fantasy_realms.scoring import (
    Score,
    ScoringContext,
    action_cards,
    check_hand,
    item_points,
)
from rumizi.games.fantasy_realms.texts import card_name

KINDS = ("best-discard", "best-take")

#: How much worse the board's obvious discard must leave the hand for a position to be asked
#: (of the unique answers in self-play, about four in five cost 10 or more).
READING_COST = 10

#: The tables puzzles are mined from, in turn: the base game, the Cursed Hoard's suits, its
#: items, both, and the two-player draft.
MINING: tuple[Mapping[str, object], ...] = (
    {"players": 3},
    {"players": 4, "suits": True},
    {"players": 3, "items": True},
    {"players": 4, "suits": True, "items": True},
    {"players": 2, "variant": "two-player", "suits": True},
)

DRAW: Action = {"do": "draw"}

#: A take and the discard after it, with the best score of the hand they leave.
TakeLine = tuple[Action, Action, int]
#: A take's line unscored: the take, the discard, the hand kept, the discard area after.
TakeHand = tuple[Action, Action, list[str], list[str]]
#: A draw's line: the card drawn, the card discarded, the hand kept, the discard area after.
DrawLine = tuple[str, str, list[str], list[str]]


def scored(state: FantasyRealmsState, seat: int) -> Score:
    """``seat``'s hand scored with its best choices, as the game's end would count it."""
    return _scored(state.hands[seat], state.area, state, seat)


def _scored(
    hand: Sequence[str], area: Sequence[str], state: FantasyRealmsState, seat: int
) -> Score:
    """``hand`` held by ``seat`` with ``area`` the discard area, scored at its best, with
    the seat's Cursed Items and the table's options."""
    return score_hand(
        hand,
        discards=area,
        expansion=state.opts.suits,
        items=state.down[seat],
        players=state.opts.players,
    )


# -- best-discard ----------------------------------------------------------------------


def discard_values(state: FantasyRealmsState) -> list[tuple[Action, int]]:
    """Each discard open to the seat to act, with the best score of the hand it leaves,
    best first (ties in the engine's order)."""
    seat = state.to_act
    if state.phase != "discard" or seat is None:
        return []
    values = []
    for action in state.legal_actions_for(seat):
        if action["do"] != "discard":
            continue
        after = state.clone()
        after.apply(action)
        values.append((action, scored(after, seat).total))
    return sorted(values, key=lambda av: -av[1])


def lowest_lines(state: FantasyRealmsState, seat: int) -> set[str]:
    """The cards whose lines are lowest when the whole hand (the card too many included) is
    scored as the board shows it: the discard a player reading the board would make."""
    score = scored(state, seat)
    low = min(line.total for line in score.cards)
    return {line.id for line in score.cards if line.total == low}


def _find_discard(state: FantasyRealmsState, source: str) -> list[Puzzle]:
    values = discard_values(state)
    if len(values) < 2 or values[0][1] == values[1][1]:
        return []  # no choice, or no single answer
    (best, value), seat = values[0], state.to_act
    assert seat is not None
    low = lowest_lines(state, seat)
    read = max(v for a, v in values if a["card"] in low)
    if value - read < READING_COST:
        return []  # the board's own lines (nearly) give it away
    doc = state.export()
    return [Puzzle("fantasy-realms", "best-discard", doc, seat, (dict(best),), value, source)]


# -- best-take -------------------------------------------------------------------------


def taking_seat(state: FantasyRealmsState) -> int | None:
    """The seat to act if the position is the start of a normal turn that may draw or take
    (not the first turn, not the two-player draft, a card to draw and one to take)."""
    seat = state.to_act
    if state.phase != "take" or seat is None or state.drafting(seat):
        return None
    kinds = {a["do"] for a in state.legal_actions_for(seat)}
    return seat if {"draw", "take"} <= kinds else None


def takes(state: FantasyRealmsState, seat: int) -> list[Action]:
    """The takes from the discard area open to ``seat``."""
    return [a for a in state.legal_actions_for(seat) if a["do"] == "take"]


def _take_lines(state: FantasyRealmsState, seat: int) -> Iterator[TakeHand]:
    """Every take from the discard area and every discard after it, unscored: ``(take,
    discard, hand kept, discard area after)`` (the taken card leaves the area, the discarded
    one joins it), in the engine's order."""
    for take in takes(state, seat):
        taken = state.clone()
        taken.apply(take)
        for discard in taken.legal_actions_for(seat):
            if discard["do"] != "discard":
                continue  # an item's use: the question leaves it unused
            hand = list(taken.hands[seat])
            hand.remove(discard["card"])
            yield take, discard, hand, [*taken.area, discard["card"]]


def take_values(state: FantasyRealmsState) -> list[TakeLine]:
    """Every take from the discard area and every discard after it, with the best score of
    the hand they leave, best first (ties in the engine's order); none where the position is
    not the start of a normal turn (:func:`taking_seat`)."""
    seat = taking_seat(state)
    if seat is None:
        return []
    lines = [
        (take, discard, scored_hand(hand, area, state, seat))
        for take, discard, hand, area in _take_lines(state, seat)
    ]
    return sorted(lines, key=lambda line: -line[2])


def best_takes(state: FantasyRealmsState) -> tuple[int, list[tuple[Action, Action]]]:
    """The best score a take and a discard may leave, and every ``(take, discard)`` pair
    that leaves it (in the engine's order): :func:`take_values`' top, each line scored only
    if it may reach the best found so far (:func:`above`)."""
    seat = taking_seat(state)
    if seat is None:
        raise ValueError("the position is not the start of a turn that may take")
    best: int | None = None
    pairs: list[tuple[Action, Action]] = []
    for take, discard, hand, area in _take_lines(state, seat):
        if best is None:
            got: int | None = scored_hand(hand, area, state, seat)
        else:
            got = above(hand, area, state, seat, best - 1)
        if got is None:
            continue
        if best is None or got > best:
            best, pairs = got, []
        pairs.append((take, discard))
    if best is None:
        raise ValueError("nothing to take")
    return best, pairs


def unseen(state: FantasyRealmsState, seat: int) -> list[str]:
    """Every card ``seat`` cannot see, any of which a draw may bring: the table's cards less
    its hand and the discard area (the deck and the other hands)."""
    return sorted(set(state.opts.cards()) - set(state.hands[seat]) - set(state.area))


def above(
    hand: Sequence[str], area: Sequence[str], state: FantasyRealmsState, seat: int, bar: int
) -> int | None:
    """The best score of ``hand`` (``seat``'s Cursed Items counted, ``area`` the discard
    area) if it is above ``bar``, else ``None``: what :func:`score_hand` proves, found
    sooner. A hand with ACTION cards runs the optimiser's own search with ``bar`` as the best
    found so far, so every branch its bounds cannot lift above the bar is left at once (the
    search's quick climb to a good start is skipped: the bar is the start)."""
    items = sum(p for _, p in item_points(list(state.down[seat]), state.opts.players))
    table = ScoringContext(
        expansion=state.opts.suits, discards=tuple(area), players=state.opts.players
    )
    if not action_cards(hand):
        total = scored_hand(hand, area, state, seat)
        return total if total > bar else None
    search = ChoiceSearch(check_hand(list(hand), table), table, None)
    search.best_total = bar - items
    try:
        search.walk(0, search.start, [])
    finally:  # as ChoiceSearch.run: the bounds' probes refer to each other
        search.memo.clear()
        search.hands.clear()
        search.visited.clear()
        search.bound.close()
    found = search.best_total + items
    return found if found > bar else None


def _draws(state: FantasyRealmsState, seat: int, first: str | None) -> Iterator[DrawLine]:
    """Every line a draw may give ``seat``, unscored: ``(card drawn, card discarded, hand
    kept, discard area after)``; for each card, ``first`` is the discard tried first."""
    for card in unseen(state, seat):
        held = [*state.hands[seat], card]
        order = [first] if first in held else []
        for discard in order + [c for c in held if c not in order]:
            yield card, discard, [c for c in held if c != discard], [*state.area, discard]


def draw_reaching(
    state: FantasyRealmsState, seat: int, stop: int, first: str | None = None
) -> tuple[str, str, int] | None:
    """A draw's line that scores ``stop`` or more, as ``(card drawn, card discarded,
    score)``, the first found (``first``: the discard tried first for every card, the
    answer's, which often keeps its worth); ``None`` if no card ``seat`` cannot see would
    reach it, whatever it discards."""
    for card, discard, hand, area in _draws(state, seat, first):
        got = above(hand, area, state, seat, stop - 1)
        if got is not None:
            return card, discard, got
    return None


def best_draw(state: FantasyRealmsState, seat: int) -> tuple[str, str, int]:
    """The best line a draw may give ``seat``: ``(card drawn, card discarded, score)`` over
    every unseen card and every discard after it, each line scored only if it may beat the
    best found so far (:func:`above`)."""
    best: tuple[str, str, int] | None = None
    for card, discard, hand, area in _draws(state, seat, None):
        got = (
            scored_hand(hand, area, state, seat)
            if best is None
            else above(hand, area, state, seat, best[2])
        )
        if got is not None:
            best = (card, discard, got)
    assert best is not None, "a table always holds cards its seat cannot see"
    return best


def scored_hand(
    hand: Sequence[str], area: Sequence[str], state: FantasyRealmsState, seat: int
) -> int:
    """The best score of ``hand`` held by ``seat`` with ``area`` the discard area."""
    return _scored(hand, area, state, seat).total


def reading_value(state: FantasyRealmsState, seat: int) -> int:
    """The best the board's reading gives: for each take, the hand it makes scored as the
    board shows it, and the card with the lowest line discarded (the best of those tied)."""
    best: int | None = None
    for take in takes(state, seat):
        taken = state.clone()
        taken.apply(take)
        for card in lowest_lines(taken, seat):
            hand = list(taken.hands[seat])
            hand.remove(card)
            got = scored_hand(hand, [*taken.area, card], state, seat)
            best = got if best is None else max(best, got)
    assert best is not None, "a turn that may take has a card to take"
    return best


def _find_take(state: FantasyRealmsState, source: str) -> list[Puzzle]:
    value, pairs = best_takes(state)
    if len(pairs) != 1:
        return []  # no single best pair
    (take, discard), seat = pairs[0], state.to_act
    assert seat is not None
    if take["card"] == discard["card"]:
        return []  # keeping the hand: a draw kept or discarded does as well
    if reading_value(state, seat) >= value:
        return []  # the board's lines give it away
    if draw_reaching(state, seat, value, discard["card"]) is not None:
        return []  # some card of the deck would do as well
    doc = state.export()
    answer = (dict(take), dict(discard))
    return [Puzzle("fantasy-realms", "best-take", doc, seat, answer, value, source)]


# -- the add-on ------------------------------------------------------------------------


def before_mining() -> None:
    """Mining starts from an empty hand-value memo (:func:`.hand_values.forget`), so the
    same arguments mine the same puzzles whatever this process did before."""
    hand_values.forget()


def find(state: FantasyRealmsState, source: str = "") -> list[Puzzle]:
    """The puzzle of this position, if it holds one worth asking: ``best-discard`` in the
    discard phase, ``best-take`` at the start of a turn."""
    if state.phase == "discard":
        return _find_discard(state, source)
    if taking_seat(state) is not None:
        return _find_take(state, source)
    return []


def _position(puzzle: Puzzle) -> FantasyRealmsState:
    if puzzle.kind not in KINDS:
        raise ValueError(f"Fantasy Realms has no puzzles of kind {puzzle.kind!r}")
    state = GAME.load(puzzle.position)
    if puzzle.kind == "best-discard":
        if state.phase != "discard" or state.to_act != puzzle.seat:
            raise ValueError(
                f"puzzle {puzzle.id}: its seat {puzzle.seat} is not the one to discard"
            )
    elif taking_seat(state) != puzzle.seat:
        raise ValueError(f"puzzle {puzzle.id}: its seat {puzzle.seat} does not begin its turn")
    return state


def solutions(puzzle: Puzzle) -> list[tuple[Action, ...]]:
    """Every answer, proved again from the puzzle's position: the discards that leave the
    best hand; for ``best-take`` the best (take, discard) pairs, and the draw too where some
    unseen card would let it reach their score."""
    state = _position(puzzle)
    if puzzle.kind == "best-discard":
        values = discard_values(state)
        top = values[0][1]
        return [(dict(action),) for action, value in values if value == top]
    top, pairs = best_takes(state)
    out: list[tuple[Action, ...]] = [(dict(t), dict(d)) for t, d in pairs]
    if draw_reaching(state, puzzle.seat, top, pairs[0][1]["card"]) is not None:
        out.append((dict(DRAW),))
    return out


def offered(puzzle: Puzzle, state: FantasyRealmsState) -> list[Action]:
    """The moves asked among: the discards (for ``best-take``, first the draw and the takes
    from the discard area; a Cursed Item's uses are never offered)."""
    legal = state.legal_actions_for(puzzle.seat)
    if puzzle.kind == "best-take" and state.phase == "take":
        return [a for a in legal if a["do"] in ("draw", "take")]
    return [a for a in legal if a["do"] == "discard"]


def finished(puzzle: Puzzle, state: FantasyRealmsState, moves: Sequence[Action]) -> bool:
    """A discard puzzle is one move; a take puzzle two (a take, then a discard), or one if
    the solver draws from the deck (a draw never answers it)."""
    if puzzle.kind == "best-take":
        return len(moves) >= 2 or (len(moves) == 1 and moves[0].get("do") == "draw")
    return len(moves) >= 1


def solves(puzzle: Puzzle, moves: Sequence[Action]) -> bool:
    """Whether ``moves`` are the one proven answer."""
    return [dict(a) for a in moves] == [dict(a) for a in puzzle.solution]


def question(puzzle: Puzzle, lang: str) -> str:
    """What the puzzle asks, in ``lang``."""
    if puzzle.kind == "best-take":
        items = bool(puzzle.position.get("options", {}).get("items"))
        if lang == "fa":
            aside = " آیتم نفرین‌شده‌تان را به کار نبرید." if items else ""
            return (
                "نوبت شما شروع شده است. کدام کارت را از کارت‌های سوخته برمی‌دارید و کدام را"
                " می‌سوزانید تا دستتان بیشترین امتیاز را بگیرد؟ می‌توانید به‌جایش کارت روی"
                f" دسته را بکشید.{aside}"
            )
        aside = " Leave your Cursed Item unused." if items else ""
        return (
            "Your turn begins. Which card do you take from the discard area, and which do you"
            " discard, so that your hand scores highest? You may instead draw the top card of"
            f" the deck.{aside}"
        )
    if lang == "fa":
        return "کدام کارت را بسوزانید تا دستی که می‌ماند بیشترین امتیاز را بگیرد؟"
    return "Which card do you discard, so that the hand you keep scores highest?"


def explain(puzzle: Puzzle, lang: str) -> list[str]:
    """The answer told in ``lang``: the move, the score it leaves, and what the board's
    obvious move (and for ``best-take`` the best draw) would have left."""
    if puzzle.kind == "best-take":
        return _explain_take(puzzle, lang)
    state = GAME.load(puzzle.position)
    values = {a["card"]: v for a, v in discard_values(state)}
    best = puzzle.solution[0]["card"]
    low = max(lowest_lines(state, puzzle.seat), key=lambda c: values[c])
    name, low_name = card_name(best, lang), card_name(low, lang)
    kept, read = number(values[best], lang), number(values[low], lang)
    if lang == "fa":
        return [
            f"«{name}» را بسوزانید: دستی که می‌ماند {kept} امتیاز می‌گیرد.",
            f"«{low_name}» کمترین امتیاز را در دست دارد، اما با سوزاندنش {read} امتیاز می‌ماند.",
        ]
    return [
        f"Discard {name}: the hand you keep scores {kept}.",
        f"{low_name} scores least in the hand, but discarding it leaves {read}.",
    ]


def _explain_take(puzzle: Puzzle, lang: str) -> list[str]:
    state = GAME.load(puzzle.position)
    seat = puzzle.seat
    take, discard = (card_name(m["card"], lang) for m in puzzle.solution)
    kept = number(puzzle.value, lang)
    read = number(reading_value(state, seat), lang)
    drawn = number(best_draw(state, seat)[2], lang)
    if lang == "fa":
        return [
            f"«{take}» را از کارت‌های سوخته بردارید و «{discard}» را بسوزانید:"
            f" دستتان {kept} امتیاز می‌گیرد.",
            "برداشتن هر کارت و سپس سوزاندن کارتی که در دست کمترین امتیاز را دارد، حداکثر"
            f" {read} امتیاز می‌دهد.",
            f"کشیدن از دسته، هر کارتی که بیاید، حداکثر {drawn} امتیاز می‌دهد.",
        ]
    return [
        f"Take {take} from the discard area and discard {discard}: the hand scores {kept}.",
        f"Taking any card, then discarding the card that scores least in the hand, gives at"
        f" most {read}.",
        f"Drawing from the deck could give at most {drawn}, whatever card it brings.",
    ]
