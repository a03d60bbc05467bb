"""Fantasy Realms puzzles: which card to discard, proved by the scorer.

One kind for now, ``best-discard``: a seat holds one card too many and must discard. Each
discard leaves a hand whose best score the optimiser proves (every ACTION card's choices
searched, the discard area and the seat's Cursed Items counted as at the game's end); the
answer is the one discard that leaves the highest. Where the deck still matters, this is the
best hand *now*, which is what the question asks.

A position is worth asking only when the board does not give it away. The board writes each
card's line of the whole hand (its total with bonus and penalty); a player who discards the
card with the lowest line is reading, not thinking. So a position is kept only when the answer
is unique and discarding the card with the lowest line (the best of those tied for lowest)
leaves a hand at least :data:`READING_COST` points worse.

>>> from rumizi.games.fantasy_realms import GAME
>>> s = GAME.new(seed=4, players=3, suits=True)
>>> while s.phase != "discard":
...     s.apply(s.legal_actions()[0])
>>> [(a["card"], v) for a, v in discard_values(s)][:3]
[('unicorn', 151), ('elven-archers', 150), ('specter', 148)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rumizi.core.contract import Action
from rumizi.core.i18n import number
from rumizi.core.puzzles import Puzzle
from rumizi.games.fantasy_realms.engine import FantasyRealmsState
from rumizi.games.fantasy_realms.game import GAME
from rumizi.games.fantasy_realms.scorer import score_hand
from rumizi.games.fantasy_realms.scoring import Score
from rumizi.games.fantasy_realms.texts import card_name

KINDS = ("best-discard",)

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


def scored(state: FantasyRealmsState, seat: int) -> Score:
    """``seat``'s hand scored with its best choices, as the game's end would count it."""
    return score_hand(
        state.hands[seat],
        discards=state.area,
        expansion=state.opts.suits,
        items=state.down[seat],
        players=state.opts.players,
    )


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


def find(state: FantasyRealmsState, source: str = "") -> list[Puzzle]:
    """The ``best-discard`` puzzle of this position, if it holds one worth asking."""
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


def solutions(puzzle: Puzzle) -> list[tuple[Action, ...]]:
    """Every discard that leaves the best hand, proved again from the puzzle's position."""
    if puzzle.kind not in KINDS:
        raise ValueError(f"Fantasy Realms has no puzzles of kind {puzzle.kind!r}")
    state = GAME.load(puzzle.position)
    if state.phase != "discard" or state.to_act != puzzle.seat:
        raise ValueError(f"puzzle {puzzle.id}: its seat {puzzle.seat} is not the one to discard")
    values = discard_values(state)
    top = values[0][1]
    return [(dict(action),) for action, value in values if value == top]


def offered(puzzle: Puzzle, state: FantasyRealmsState) -> list[Action]:
    """The discards of the seat to act: the only moves a ``best-discard`` puzzle asks among."""
    return [a for a in state.legal_actions_for(puzzle.seat) if a["do"] == "discard"]


def finished(puzzle: Puzzle, state: FantasyRealmsState, moves: Sequence[Action]) -> bool:
    """A discard puzzle is one move."""
    return len(moves) >= 1


def solves(puzzle: Puzzle, moves: Sequence[Action]) -> bool:
    """Whether ``moves`` are the one proven discard."""
    return [dict(a) for a in moves] == [dict(a) for a in puzzle.solution]


def question(puzzle: Puzzle, lang: str) -> str:
    """What the puzzle asks, in ``lang``."""
    if lang == "fa":
        return "کدام کارت را بسوزانید تا دستی که می‌ماند بیشترین امتیاز را بگیرد؟"
    return "Which card do you discard, so that the hand you keep scores highest?"


def explain(puzzle: Puzzle, lang: str) -> list[str]:
    """The answer told in ``lang``: the discard, the score it leaves, and what the board's
    obvious discard would have left."""
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
