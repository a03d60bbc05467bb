"""Splendor Duel puzzles: win this turn, proved by searching the turn, whatever the decks hold.

Kinds
-----
``win-this-turn``: the seat to act, at the start of its turn, can win before the turn passes
to the opponent: 20 prestige points, 10 crowns or 10 points on one colour's cards, once the
turn's purchase (and its royal, if the crowns cross 3 or 6) is made. (The other kind asked
for, "stop them winning next turn", is not mined yet: proving it means searching every turn
of the seat against every hidden reserve and refill of the opponent's.)

What a turn is
--------------
The engine's turn is: privileges used (any number, before anything else), then perhaps a
replenish, then one mandatory action (take, reserve or buy), then what follows it (the card's
Token or Steal ability, a royal, discards down to 10 tokens). An *again* card or the Queen
gives another turn at once; for a puzzle the seat's turn goes on until the opponent is to act
or the game is over (:func:`finished`), so an extra turn is part of it. Only a purchase can
win, so a winning turn is a chain of purchases, each but the last one earning another turn.

Hidden information
------------------
The seat sees the board, the bag's counts, the pyramid, its own reserve and the deck sizes;
it does not see the decks' order (a card bought from the pyramid is replaced by an unseen
card) or where a replenish puts its tokens. Where the tokens go never matters to a winning
turn: privileges take a token from any space, and the bag never holds more tokens than the
board has empty spaces, so a replenish always empties the whole bag onto the board (which
tokens come is known). The cards that refill the pyramid do matter once the turn goes on
after a purchase, so the search keeps the slots a purchase empties empty (which can only take
options away): a win it finds uses only cards in sight and wins for every deal. Where a
refill's card *might* have helped (at the start of an extra turn, an unseen card of that
level that the seat might afford and that might win or go on), the search says so, and the
position is not asked: its answer could depend on the deal.

Answers, in canonical form
--------------------------
Two ways to win that buy the same cards are one answer, whatever the order, the privileges,
the payment or the royal: an answer's *key* is the sorted list of the cards bought.
:func:`solutions` gives one line of moves per key (the shortest, then the first in the
engine's order of legal actions), playable from the position; a puzzle is kept only when
there is exactly one key and no refill could have mattered.

Worth asking
------------
A position is kept only when the ``greedy`` bot would not win: at every decision of the turn
it is followed down every move its heuristic rates best (every way of breaking its ties),
and none of them wins. The greedy bot buys the card worth most on its face and never spends a
privilege while it can buy, so the puzzles are wins that need privileges first, a joker's
colour, a royal, a chain of extra turns, or a cheaper card that completes a colour.

>>> from rumizi import puzzles
>>> p = puzzles.shipped("splendor-duel")[0]
>>> p.kind, puzzles.verify(p), solves(p, p.solution)
('win-this-turn', True, True)
>>> state = GAME.load(p.position)
>>> [key] = winning_lines(state, p.seat)
>>> list(key) == [m["card"] for m in p.solution if m["do"] == "buy"]
True
>>> greedy_wins(state, p.seat)
False
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from rumizi.core.contract import Action
from rumizi.core.i18n import number
from rumizi.core.puzzles import Puzzle
from rumizi.games.splendor_duel.cards import (
    ABILITY,
    AGAIN,
    BONUS,
    BY_ID,
    COLOR,
    CROWNS,
    GOLD,
    JOKER,
    LEVEL,
    N_CARDS,
    NO_BONUS,
    POINTS,
    ROYAL_ABILITY,
    ROYAL_POINTS,
    TOKEN_NAMES,
    cost_after_bonuses,
)
from rumizi.games.splendor_duel.engine import (
    CROWN_THRESHOLDS,
    P_BONUS,
    P_ROYAL,
    STALL_TURNS,
    START,
    WIN_COLOR,
    WIN_CROWNS,
    WIN_POINTS,
    SplendorDuelState,
)
from rumizi.games.splendor_duel.game import GAME
from rumizi.games.splendor_duel.heuristics import choose
from rumizi.games.splendor_duel.texts import color_name, royal_name, token_name
from rumizi.games.splendor_duel.texts import quoted as card_quoted

GAME_ID: Final = "splendor-duel"
KINDS: tuple[str, ...] = ("win-this-turn",)

#: The tables puzzles are mined from: the one table of the game (the first player drawn).
MINING: tuple[Mapping[str, object], ...] = ({},)

#: A try (or a line of the search) longer than this many moves is over: no winning turn of
#: this card set is near it (a few privileges, a few purchases and their choices).
MAX_TURN_MOVES: Final = 40

#: The greedy bot's turn is followed down at most this many decisions (ties included);
#: a position where it branches more is not asked (it might find the win).
GREEDY_NODES: Final = 400

#: The search gives up on a turn with more positions than this (the position is not asked).
SEARCH_NODES: Final = 20_000

Key = tuple[str, ...]


class TooBig(ValueError):
    """A turn too big to search: the position is not asked, and a puzzle of it is refused."""


Line = tuple[Action, ...]


# ---------------------------------------------------------------------- the search


def _unseen(state: SplendorDuelState, seat: int) -> list[int]:
    """The cards ``seat`` cannot place: in no pyramid slot, no purchase and no reserve it sees."""
    placed = [False] * N_CARDS
    for row in state.pyramid:
        for c in row:
            if c >= 0:
                placed[c] = True
    for i, p in enumerate(state.players):
        for c in p.cards:
            placed[c] = True
        for c, blind in zip(p.reserved, p.blind, strict=True):
            if i == seat or not blind:
                placed[c] = True
    return [c for c in range(N_CARDS) if not placed[c]]


class _Search:
    """Every way ``seat`` can win before its turn ends, from one position.

    The search runs on a copy whose decks are empty, so a slot a purchase empties stays empty;
    ``luck`` tells whether a card a refill brings might have been of use. :meth:`run` gives the
    best line of each key.
    """

    def __init__(self, state: SplendorDuelState, seat: int) -> None:
        self.seat = seat
        self.unseen = _unseen(state, seat)
        self.deck_sizes = [len(d) for d in state.decks]
        self.memo: dict[tuple[Any, ...], dict[Key, Line]] = {}
        self.luck = False  # whether a refill's card might have been of use somewhere
        root = state.clone()
        root.decks = [[], [], []]
        self.root = root
        self.start_pyramid = [row[:] for row in state.pyramid]

    # -- helpers

    def _luck_may_matter(self, s: SplendorDuelState) -> bool:
        """Whether, at the start of an extra turn, a card a refill may have brought could be
        of use: some slot a purchase emptied while its deck held cards, and some card of that
        level the seat cannot see that might be bought now and win or go on."""
        for lv, row in enumerate(s.pyramid):
            gone = sum(1 for c in self.start_pyramid[lv] if c >= 0 and c not in row)
            if not min(gone, self.deck_sizes[lv]):
                continue
            if any(LEVEL[c] - 1 == lv and self._could_use(s, c) for c in self.unseen):
                return True
        return False

    def _could_use(self, s: SplendorDuelState, card: int) -> bool:
        """Whether ``card`` might be bought now (tokens, gold and privileges as wildcards) and
        then win or give another turn: a bound, never too strict."""
        p = s.players[self.seat]
        if COLOR[card] == JOKER and not any(p.bonus):
            return False
        if p.shortfall(card) > p.tokens[GOLD] + p.privileges:
            return False
        crowns = p.crowns + CROWNS[card]
        royal = bool(s.royals) and any(p.crowns < t <= crowns for t in CROWN_THRESHOLDS)
        if ABILITY[card] == AGAIN or (royal and any(ROYAL_ABILITY[r] == AGAIN for r in s.royals)):
            return True
        bonus_points = max((ROYAL_POINTS[r] for r in s.royals), default=0) if royal else 0
        if p.points + POINTS[card] + bonus_points >= WIN_POINTS or crowns >= WIN_CROWNS:
            return True
        if COLOR[card] < 5:
            return p.color_points[COLOR[card]] + POINTS[card] >= WIN_COLOR
        if COLOR[card] == JOKER:
            owned = [k for k in range(5) if p.bonus[k]]
            return max(p.color_points[k] for k in owned) + POINTS[card] >= WIN_COLOR
        return False

    def may_go_on(self, s: SplendorDuelState) -> bool:
        """Whether some card in reach might be bought now and give another turn (a bound)."""
        p = s.players[self.seat]
        cards = [c for row in s.pyramid for c in row if c >= 0] + p.reserved
        return any(
            self._goes_on(s, c)
            and (COLOR[c] != JOKER or any(p.bonus))
            and p.shortfall(c) <= p.tokens[GOLD] + p.privileges
            for c in cards
        )

    def hopeless(self, s: SplendorDuelState) -> bool:
        """Whether the turn surely cannot win from ``s`` (a quick bound, never too strict).

        Without a card that might give another turn, some card must win at once. With them,
        imagine every such card bought for free (their points, crowns and bonuses added, a
        royal's points on top, one more privilege from a royal): some card in reach, or any
        card the seat cannot see where a refill may come, must then win for at most every
        token the seat holds, its gold and its privileges.
        """
        p = s.players[self.seat]
        cards = [c for row in s.pyramid for c in row if c >= 0] + p.reserved
        useful = [c for c in cards if self._could_use(s, c)]
        chain = [c for c in useful if self._goes_on(s, c)]
        if not chain:
            return not useful
        points = p.points + sum(POINTS[c] for c in chain) + 5  # two royals at most: 3 + 2
        crowns = p.crowns + sum(CROWNS[c] for c in chain)
        colour = max(p.color_points) + sum(POINTS[c] for c in chain)
        bonus = [
            b + sum(BONUS[c] for c in chain if COLOR[c] >= 5 or COLOR[c] == k)
            for k, b in enumerate(p.bonus)
        ]
        budget = sum(p.tokens) + p.privileges + 2 * len(chain)  # an ability, a royal each
        extra = [c for c in self.unseen if self.deck_sizes[LEVEL[c] - 1]]
        for w in cards + extra:
            if w in chain and len(chain) == 1:
                continue
            if sum(n for _, n in cost_after_bonuses(w, bonus)) > budget:
                continue
            if (
                points + POINTS[w] >= WIN_POINTS
                or crowns + CROWNS[w] >= WIN_CROWNS
                or (COLOR[w] != NO_BONUS and colour + POINTS[w] >= WIN_COLOR)
            ):
                return False
        return True

    # -- the moves tried

    def _moves(self, s: SplendorDuelState, last: int) -> list[tuple[Action, int]]:
        """The moves worth trying, each with the last privilege kind it leaves (privileges are
        tried as a multiset: kinds in order, the first space of each kind)."""
        acts = s.legal_actions()
        seat = self.seat
        if s.pending:
            if s.pending == P_ROYAL:
                return [(a, -1) for a in acts if a["do"] == "royal"]
            goes_on = s.again or bool(s.queue)
            seen: set[str] = set()
            out: list[tuple[Action, int]] = []
            for a in acts:
                if a["do"] == "claim-stall":
                    continue
                tag = a.get("token", "") if s.pending != P_BONUS else "bonus"
                if tag in seen:
                    continue
                seen.add(str(tag))
                out.append((a, -1))
                if not goes_on:
                    break  # the turn ends after this choice: which one cannot change a win
            return out
        out = []
        p = s.players[seat]
        kinds_done: set[int] = set()
        if s.phase == START and p.privileges and not self.may_go_on(s):
            # The purchase to come ends the turn: a privilege helps only with a kind some card
            # that might win still lacks.
            cards = [c for row in s.pyramid for c in row if c >= 0] + p.reserved
            wanted = {
                k for c in cards if self._could_use(s, c) for k, n in p.price(c) if n > p.tokens[k]
            }
            kinds_done = set(range(GOLD)) - wanted
        for a in acts:
            do = a["do"]
            if do == "privilege":
                r, c = a["space"]
                kind = s.board[(r - 1) * 5 + c - 1]
                if kind < last or kind in kinds_done:
                    continue
                kinds_done.add(kind)
                out.append((a, kind))
            elif do == "replenish":
                if self.may_go_on(s):
                    out.append((a, 99))  # only another turn could use the new tokens
            elif do == "buy":
                card = BY_ID[a["card"]]
                if "pay" in a and not self._goes_on(s, card):
                    continue  # the turn ends: how it was paid cannot change a win
                if not self._could_use(s, card):
                    continue  # it neither wins nor gives another turn
                out.append((a, -1))
        return out

    def _goes_on(self, s: SplendorDuelState, card: int) -> bool:
        p = s.players[self.seat]
        crowns = p.crowns + CROWNS[card]
        royal = bool(s.royals) and any(p.crowns < t <= crowns for t in CROWN_THRESHOLDS)
        return ABILITY[card] == AGAIN or (
            royal and any(ROYAL_ABILITY[r] == AGAIN for r in s.royals)
        )

    # -- the search itself

    def run(self) -> dict[Key, Line]:
        return self._dfs(self.root, -1, 0)

    def _sig(self, s: SplendorDuelState, last: int) -> tuple[Any, ...]:
        players = tuple(
            (
                tuple(p.tokens),
                p.privileges,
                tuple(p.cards),
                tuple(sorted(p.jokers.items())),
                tuple(p.reserved),
                tuple(p.royals),
                p.points,
                p.crowns,
            )
            for p in s.players
        )
        pyramid = tuple(tuple(row) for row in s.pyramid)
        return (
            tuple(s.board),
            tuple(s.bag),
            pyramid,
            tuple(s.royals),
            players,
            s.current,
            s.phase,
            s.pending,
            s.bonus_color,
            tuple(s.queue),
            s.again,
            s.over,
            s.winner,
            s.seed,
            last,
        )

    def _dfs(self, s: SplendorDuelState, last: int, depth: int) -> dict[Key, Line]:
        if s.over:
            return {(): ()} if s.winner == self.seat else {}
        if s.current != self.seat or depth >= MAX_TURN_MOVES:
            return {}
        sig = self._sig(s, last)
        found = self.memo.get(sig)
        if found is not None:
            return found
        if len(self.memo) >= SEARCH_NODES:
            raise TooBig(f"the turn has more than {SEARCH_NODES} positions to search")
        out: dict[Key, Line] = {}
        if s.phase == START and not s.pending and last == -1 and self._luck_may_matter(s):
            self.luck = True
        if s.pending or not self.hopeless(s):
            for action, kind in self._moves(s, last):
                t = s.clone()
                t.apply(action)
                bought = (action["card"],) if action["do"] == "buy" else ()
                next_last = kind if action["do"] in ("privilege", "replenish") else -1
                for key, line in self._dfs(t, next_last, depth + 1).items():
                    _keep(out, tuple(sorted(key + bought)), (action, *line))
        self.memo[sig] = out
        return out


def _keep(out: dict[Key, Line], key: Key, line: Line) -> None:
    """Keep ``line`` for ``key`` unless a shorter (or as short, earlier) one is kept."""
    old = out.get(key)
    if old is None or len(line) < len(old):
        out[key] = line


def winning_lines(state: SplendorDuelState, seat: int) -> dict[Key, Line]:
    """Every way ``seat`` (to act) can win this turn with the cards in sight, by key (the
    sorted cards bought), each with its best line. A ``ValueError`` where a refill's card
    might matter too (the answer would depend on the deal) or the turn is too big to search.
    """
    if state.over or state.current != seat:
        return {}
    search = _Search(state, seat)
    wins = search.run()
    if search.luck:
        raise ValueError("a card a refill brings might matter: the answer depends on the deal")
    return wins


# ---------------------------------------------------------------------- the greedy bot


class _Pick(random.Random):
    """A stand-in for the bot's random tie-breaker: picks tie ``i`` and notes how many."""

    def __init__(self, i: int) -> None:
        super().__init__(0)
        self.i = i
        self.ties = 1

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        self.ties = start if stop is None else stop - start
        return self.i % self.ties


def _greedy_moves(state: SplendorDuelState) -> list[Action]:
    """Every move the greedy heuristic may make here (all of its ties)."""
    seat = state.current
    view, legal = state.view(seat), state.legal_actions()
    first = _Pick(0)
    moves = [choose(view, legal, first)]
    for i in range(1, first.ties):
        moves.append(choose(view, legal, _Pick(i)))
    return moves


def greedy_wins(state: SplendorDuelState, seat: int) -> bool:
    """Whether the greedy bot could win this turn: some way of breaking its ties wins (or the
    turn branches too much to tell, which counts as a win)."""
    stack = [(state, 0)]
    nodes = 0
    while stack:
        s, depth = stack.pop()
        if s.over:
            if s.winner == seat:
                return True
            continue
        if s.current != seat or depth >= MAX_TURN_MOVES:
            continue
        nodes += 1
        if nodes > GREEDY_NODES:
            return True
        for move in _greedy_moves(s):
            t = s.clone()
            t.apply(move)
            stack.append((t, depth + 1))
    return False


# ---------------------------------------------------------------------- the add-on


def _askable(state: SplendorDuelState) -> int | None:
    """The seat to act, if the position is a turn's start worth searching."""
    seat = state.to_act
    if seat is None or state.phase != START or state.pending:
        return None
    if state.players[1 - seat].stall >= STALL_TURNS:
        return None  # a stalling claim wins at once
    return seat


def find(state: SplendorDuelState, source: str = "") -> list[Puzzle]:
    """The ``win-this-turn`` puzzle of this position, if it holds one worth asking."""
    seat = _askable(state)
    if seat is None:
        return []
    search = _Search(state, seat)
    if search.hopeless(search.root):
        return []
    try:
        wins = search.run()
    except TooBig:
        return []
    if len(wins) != 1 or search.luck or greedy_wins(state.clone(), seat):
        return []
    ((key, line),) = wins.items()
    doc = state.export()
    return [Puzzle(GAME_ID, "win-this-turn", doc, seat, line, len(key), source)]


def _load(puzzle: Puzzle) -> SplendorDuelState:
    if puzzle.kind not in KINDS:
        raise ValueError(f"Splendor Duel has no puzzles of kind {puzzle.kind!r}")
    state = GAME.load(puzzle.position)
    if _askable(state) != puzzle.seat:
        raise ValueError(f"puzzle {puzzle.id}: its seat {puzzle.seat} is not at a turn's start")
    return state


def solutions(puzzle: Puzzle) -> list[tuple[Action, ...]]:
    """Every answer, proved again: one line per key, in the order of the keys (a
    ``ValueError`` where the answer could depend on the deal)."""
    state = _load(puzzle)
    wins = winning_lines(state, puzzle.seat)
    return [tuple(dict(a) for a in wins[key]) for key in sorted(wins)]


def offered(puzzle: Puzzle, state: SplendorDuelState) -> list[Action]:
    """Every legal move of the seat while its turn lasts."""
    if state.over or state.current != puzzle.seat:
        return []
    return [dict(a) for a in state.legal_actions_for(puzzle.seat)]


def finished(puzzle: Puzzle, state: SplendorDuelState, moves: Sequence[Action]) -> bool:
    """Over when the game is over, the opponent is to act, or the try ran too long."""
    return state.over or state.current != puzzle.seat or len(moves) >= MAX_TURN_MOVES


def solves(puzzle: Puzzle, moves: Sequence[Action]) -> bool:
    """Whether ``moves``, played from the position, win the game within the seat's turn."""
    try:
        state = _load(puzzle)
    except ValueError:
        return False
    for n, move in enumerate(moves):
        if finished(puzzle, state, moves[:n]):
            return False
        if dict(move) not in offered(puzzle, state):
            return False
        state.apply(dict(move))
    return state.over and state.winner == puzzle.seat


# ---------------------------------------------------------------------- words


def question(puzzle: Puzzle, lang: str) -> str:
    """What the puzzle asks, in ``lang``."""
    if lang == "fa":
        return "می‌توانید همین نوبت ببرید. چطور؟"
    return "You can win this turn. How?"


def _replay(puzzle: Puzzle) -> tuple[SplendorDuelState, list[str], list[str], list[str]]:
    """The solution played out: the end state, the cards bought, the privilege tokens, the
    royals taken."""
    state = GAME.load(puzzle.position)
    bought, tokens, royals = [], [], []
    for move in puzzle.solution:
        if move["do"] == "buy":
            bought.append(str(move["card"]))
        elif move["do"] == "privilege":
            r, c = move["space"]
            tokens.append(TOKEN_NAMES[state.board[(r - 1) * 5 + c - 1]])
        elif move["do"] == "royal":
            royals.append(str(move["card"]))
        state.apply(dict(move))
    return state, bought, tokens, royals


def explain(puzzle: Puzzle, lang: str) -> list[str]:
    """The answer told in ``lang``: the privileges, the purchases, the royal, the win."""
    state, bought, tokens, royals = _replay(puzzle)
    fa = lang == "fa"
    p = state.players[puzzle.seat]
    out = []
    if tokens:
        names = ("، " if fa else ", ").join(token_name(t, lang) for t in tokens)
        n = number(len(tokens), lang)
        if fa:
            out.append(f"اول {n} طومار خرج کنید و این‌ها را بردارید: {names}.")
        else:
            out.append(f"First spend {n} privilege{'s' if len(tokens) > 1 else ''}: take {names}.")
    for card in bought:
        joker = next(
            (m.get("color") for m in puzzle.solution if m.get("card") == card and "color" in m),
            None,
        )
        name = card_quoted(card, lang)
        if joker is not None:
            col = color_name(str(joker), lang)
            out.append(
                f"{name} را بخرید و رنگش را {col} کنید." if fa else f"Buy {name} as a {col} card."
            )
        elif ABILITY[BY_ID[card]] == AGAIN and card != bought[-1]:
            out.append(
                f"{name} را بخرید: یک نوبت دیگر می‌گیرید."
                if fa
                else f"Buy {name}: it gives you another turn."
            )
        else:
            out.append(f"{name} را بخرید." if fa else f"Buy {name}.")
    for r in royals:
        out.append(
            f"تاج‌ها به حد رسید: {royal_name(r, lang)} را بگیرید."
            if fa
            else f"Your crowns reach a royal: take {royal_name(r, lang)}."
        )
    reason = state.end
    if reason == "points":
        n = number(p.points, lang)
        out.append(f"با {n} امتیاز می‌برید." if fa else f"You win with {n} points.")
    elif reason == "crowns":
        n = number(p.crowns, lang)
        out.append(f"با {n} تاج می‌برید." if fa else f"You win with {n} crowns.")
    else:
        k = max(range(5), key=lambda c: p.color_points[c])
        n, col = number(p.color_points[k], lang), color_name(TOKEN_NAMES[k], lang)
        out.append(
            f"با {n} امتیاز روی کارت‌های {col} می‌برید."
            if fa
            else f"You win with {n} points on {col} cards."
        )
    out.append(
        "بازی حریصانه (خریدن پرامتیازترین کارتی که همین حالا می‌شود خرید، بی‌خرج‌کردن طومار)"
        " این‌جا نمی‌برد."
        if fa
        else "Greedy play (buying the richest card you can afford as you stand, no privilege"
        " spent) does not win here."
    )
    return out
