"""Splendor Duel puzzles: win this turn, proved by searching the turn, whatever the decks hold.

Kinds
-----
``win-this-turn``: the seat to act, at the start of its turn, can win before the turn passes
to the opponent: 20 prestige points, 10 crowns or 10 points on one colour's cards, once the
turn's purchase (and its royal, if the crowns cross 3 or 6) is made.

``stop-the-win``: at the start of the seat's turn the opponent, had the turn changed
nothing, could win on its next turn with the cards in sight; the seat must play a turn after
which the opponent surely cannot (see "Stop the win" below).

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

Stop the win
------------
Only a purchase wins, so the opponent's winning turn is a chain of purchases (each but the
last giving another turn), helped by its privileges (a token from *any* space), its Token
abilities (a token of a colour, from any space), steals, royals, and perhaps a replenish
(which empties the whole bag onto the board). Where tokens lie never matters to it, only
which are on the board, in the bag and in the hands.

*Asked only* where the opponent holds no card reserved blind (the seat cannot see it), the
seat cannot win this turn itself (that is the other kind), does not hold all the gold and
both pearls (a stalled turn lets the opponent claim the win), and every way the opponent
could win (from the position as it would meet it had the seat done nothing) buys one same
card of the pyramid.

*Canonical answer*: the pyramid card the turn takes out of the opponent's reach (reserved or
bought). Every turn that takes it and is proved safe is the same answer, whatever the
privileges before, the payment, the gold space or the choices after.

*The proof* has two halves. (1) Every turn that leaves the card in the pyramid leaves the
opponent a win (:func:`_covered`): such a turn can only take from what the opponent might use
(tokens on the board: at most the seat's privileges and three more for a take, one for a
Token ability; one pyramid card; one royal if its crowns reach 3 or 6; a stolen token; a
privilege when the supply is empty) or add to it (a replenish, the bag, privileges, the seat's
tokens to steal). The opponent's turn is searched from positions worse for it than each kind
of turn can leave: bag empty, nothing in the seat's hands, and every choice of the tokens,
card and royal the turn could take; a turn that could go on (an *again* card or royal) gets
the harshest bound (no gem on the board, no privilege, no royal, no other card, its tokens
stolen). A win in each is a win after every such turn. (2) A turn taking the card is proved
safe (:func:`_safe`): the slot it empties may be refilled by any card of that level the seat
cannot place, and the opponent's turn is searched in each of those worlds; where a refill
during the opponent's own turn might matter, or a search is too big, nothing is proved.
:func:`stopping_lines` gives one line per card that has a proved safe turn, and a
``ValueError`` where none has, or one has but half (1) does not hold for it.

*Worth asking*: the greedy bot's turn (every way of breaking its ties) does not take the
card. :func:`solves` accepts any turn, played out legally to its end, that takes the card
and is proved safe (half 2), and a turn that wins the game.

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
>>> q = next(p for p in puzzles.shipped("splendor-duel") if p.kind == "stop-the-win")
>>> puzzles.verify(q), solves(q, q.solution), len(stopping_lines(GAME.load(q.position), q.seat))
(True, True, 1)
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Mapping, Sequence
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
    IDS,
    JOKER,
    LEVEL,
    LEVEL_CARDS,
    N_CARDS,
    NO_BONUS,
    POINTS,
    PRIVILEGE,
    ROYAL_ABILITY,
    ROYAL_POINTS,
    STEAL,
    TOKEN,
    TOKEN_NAMES,
    cost_after_bonuses,
)
from rumizi.games.splendor_duel.engine import (
    CROWN_THRESHOLDS,
    EMPTY,
    P_BONUS,
    P_NONE,
    P_ROYAL,
    STALL_TURNS,
    START,
    WIN_COLOR,
    WIN_CROWNS,
    WIN_POINTS,
    Player,
    SplendorDuelState,
)
from rumizi.games.splendor_duel.game import GAME
from rumizi.games.splendor_duel.heuristics import choose
from rumizi.games.splendor_duel.texts import color_name, royal_name, token_name
from rumizi.games.splendor_duel.texts import quoted as card_quoted

GAME_ID: Final = "splendor-duel"
KINDS: tuple[str, ...] = ("win-this-turn", "stop-the-win")

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

#: At most this many of the seat's turns taking the answer's card are listed, and at most
#: ``STOP_TRIES`` of them (the shortest first) are proved; the first proved is the answer's.
STOP_TURNS: Final = 400
STOP_TRIES: Final = 12

#: The refills a turn may bring: at most this many worlds are searched (else: not asked).
REFILL_WORLDS: Final = 60

Key = tuple[str, ...]

#: What a turn of the seat can do to the opponent (see :func:`_effects`).
_Effect = tuple[int, int, int, int, int]


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


def _greedy_reaches(
    state: SplendorDuelState, seat: int, reached: Callable[[SplendorDuelState], bool]
) -> bool:
    """Whether some way of breaking the greedy bot's ties, playing ``seat``'s turn from
    ``state``, reaches a position where ``reached`` holds by the turn's end (a turn that
    branches too much to tell counts as reaching it)."""
    stack = [(state, 0)]
    nodes = 0
    while stack:
        s, depth = stack.pop()
        if s.over or s.current != seat or depth >= MAX_TURN_MOVES:
            if reached(s):
                return True
            continue
        nodes += 1
        if nodes > GREEDY_NODES:
            return True
        for move in _greedy_moves(s):
            t = s.clone()
            t.apply(move)
            stack.append((t, depth + 1))
    return False


def greedy_wins(state: SplendorDuelState, seat: int) -> bool:
    """Whether the greedy bot could win this turn: some way of breaking its ties wins (or the
    turn branches too much to tell, which counts as a win)."""
    return _greedy_reaches(state, seat, lambda s: s.over and s.winner == seat)


# ---------------------------------------------------------------------- stop the win


def _neutral(state: SplendorDuelState, seat: int) -> SplendorDuelState:
    """The position as the opponent would meet it had the seat's turn changed nothing."""
    s = state.clone()
    s.current = 1 - seat
    s.phase, s.pending, s.queue = START, P_NONE, []
    s.again = s.bought = s.held = False
    return s


def _threats(state: SplendorDuelState, seat: int) -> dict[Key, Line]:
    """How the opponent could win next turn with the cards in sight, had the seat's turn
    changed nothing (a ``TooBig`` where its turn is too big to search)."""
    search = _Search(_neutral(state, seat), 1 - seat)
    if search.hopeless(search.root):
        return {}
    return search.run()


def _may_buy(state: SplendorDuelState, seat: int, card: int) -> bool:
    """Whether ``seat`` (at its turn's start) could buy ``card`` with its tokens, its gold and
    its privileges spent on the board's tokens (exact for a turn of one purchase)."""
    p = state.players[seat]
    if COLOR[card] == JOKER and not any(p.bonus):
        return False
    on_board = [state.board.count(k) for k in range(GOLD)]
    short = cover = 0
    for k, n in p.price(card):
        lack = max(0, n - p.tokens[k])
        short += lack
        cover += min(lack, on_board[k])
    return short - min(cover, p.privileges) <= p.tokens[GOLD]


def _crosses(p: Player, card: int) -> bool:
    return any(p.crowns < t <= p.crowns + CROWNS[card] for t in CROWN_THRESHOLDS)


def _effects(state: SplendorDuelState, seat: int, card: int) -> list[_Effect] | None:
    """What each turn of ``seat`` that leaves ``card`` in the pyramid can do to the
    opponent's chances, at worst for the opponent; ``None`` where the turn might go on (an
    *again* card or royal): then only :func:`_covered`'s harshest bound is used.

    An effect is (how many board tokens the turn may take away, the pyramid card it takes
    away or -1, the royal it takes or -1, how many tokens it steals, how many privileges it
    takes from the opponent). A turn is its privileges (each takes a token: at most all the
    seat holds), then a replenish (which only adds to the board), then one action: a take
    (at most 3 more tokens), a reserve (a pyramid card, or a deck's), or a purchase (a card
    of the pyramid or the reserve; its Token ability takes one more token, its Steal one of
    the opponent's, its Privilege one from the opponent when the supply is empty, and so do
    the royal it brings if its crowns reach 3 or 6)."""
    p = state.players[seat]
    others = [c for row in state.pyramid for c in row if c >= 0 and c != card]
    buyable = [c for c in others + p.reserved if _may_buy(state, seat, c)]
    again_royal = any(ROYAL_ABILITY[r] == AGAIN for r in state.royals)
    if any(ABILITY[c] == AGAIN or (again_royal and _crosses(p, c)) for c in buyable):
        return None
    priv = p.privileges
    out: list[_Effect] = [(priv + 3, -1, -1, 0, 0)]
    out += [(priv, c, -1, 0, 0) for c in others]
    for c in buyable:
        gone = c if c in others else -1
        tokens = priv + (ABILITY[c] == TOKEN)
        steal, gain = ABILITY[c] == STEAL, ABILITY[c] == PRIVILEGE
        royals = state.royals if _crosses(p, c) and state.royals else [-1]
        for r in royals:
            r_steal = r >= 0 and ROYAL_ABILITY[r] == STEAL
            r_gain = r >= 0 and ROYAL_ABILITY[r] == PRIVILEGE
            out.append((tokens, gone, r, steal + r_steal, gain + r_gain))
    return sorted(set(out))


def _worst(
    state: SplendorDuelState, seat: int, card: int, effect: _Effect | None
) -> list[SplendorDuelState]:
    """The opponent's turn's starts that are worse for it than every turn of the seat with
    ``effect`` (``None``: every turn that leaves ``card`` in the pyramid) can leave: no
    gem or pearl in the bag or in the seat's hands (nothing to steal back), and then each
    way the effect can hit: the board less every choice of that many tokens, its tokens
    less every choice of the tokens stolen... With ``None``: no gem or pearl on the board,
    no privilege, no royal, no pyramid card but ``card``, and its tokens less every choice
    of as many as the turn could steal."""
    opp = 1 - seat
    u = _neutral(state, seat)
    u.bag = [0] * 7
    u.players[seat].tokens = [0] * GOLD + [u.players[seat].tokens[GOLD]]
    b = u.players[opp]
    if effect is None:
        u.board = [t if t == GOLD else EMPTY for t in u.board]
        u.royals = []
        u.pyramid = [[c if c == card else EMPTY for c in row] for row in u.pyramid]
        b.privileges = 0
        steals = sum(1 for c in range(N_CARDS) if ABILITY[c] == STEAL) + 1
        board_choices: list[tuple[int, ...]] = [()]
    else:
        n_tokens, gone, royal, steals, gain = effect
        if gone >= 0:
            u.pyramid = [[EMPTY if c == gone else c for c in row] for row in u.pyramid]
        if royal >= 0:
            u.royals.remove(royal)
        b.privileges -= min(b.privileges, max(0, gain - state.supply))
        pool = [t for t in u.board if 0 <= t < GOLD]
        board_choices = sorted(set(itertools.combinations(sorted(pool), min(n_tokens, len(pool)))))
    held = [k for k in range(GOLD) for _ in range(b.tokens[k])]
    stolen_choices = sorted(set(itertools.combinations(held, min(steals, len(held)))))
    out = []
    for taken in board_choices:
        for stolen in stolen_choices:
            v = u.clone()
            for k in taken:
                v.board[v.board.index(k)] = EMPTY
            for k in stolen:
                v.players[opp].tokens[k] -= 1
            out.append(v)
    return out


def _covered(state: SplendorDuelState, seat: int, card: int) -> bool | None:
    """Whether every turn of ``seat`` that leaves ``card`` in the pyramid leaves the opponent
    a win (``False``: not shown; ``None``: too big to tell).

    The opponent's next turn is searched from positions worse for it than any such turn
    can leave (:func:`_worst`): a win there is a win after the turn, since all the turn can
    do is take from what the opponent might use (tokens on the board, its own tokens and
    privileges, the pyramid's cards, the royals) or add to it (the bag, privileges, the
    seat's tokens to steal). The harshest bound is tried first; where it leaves no win,
    each kind of turn is bounded on its own (:func:`_effects`)."""
    opp = 1 - seat
    try:
        if all(_Search(v, opp).run() for v in _worst(state, seat, card, None)):
            return True
        effects = _effects(state, seat, card)
        if effects is None:
            return False
        for effect in effects:
            for v in _worst(state, seat, card, effect):
                if not _Search(v, opp).run():
                    return False
    except TooBig:
        return None
    return True


def _safe(start: SplendorDuelState, t: SplendorDuelState, seat: int) -> bool | None:
    """Whether the opponent surely cannot win the turn after the seat's turn ended in ``t``
    (``start``: the turn's start), whatever the cards the seat has not seen; ``None``: it
    cannot be told (a refill during the opponent's own turn might matter, or too big).

    Each pyramid slot refilled during the seat's turn may hold any card of its level the
    seat cannot place (in no slot, no hand, no reserve): every such world is searched, and
    a win in any of them makes the turn unsafe."""
    if t.over:
        return t.winner == seat
    opp = 1 - seat
    if t.current != opp or t.pending or t.phase != START:
        return None
    if t.players[seat].stall >= STALL_TURNS:
        return False  # the opponent claims the stalling win
    placed = {c for p in t.players for c in p.cards + p.reserved}
    unknown: list[tuple[int, int]] = []
    for lv, row in enumerate(t.pyramid):
        for i, c in enumerate(row):
            if c >= 0 and c != start.pyramid[lv][i]:
                unknown.append((lv, i))
            elif c >= 0:
                placed.add(c)
    pools = [[c for c in LEVEL_CARDS[lv] if c not in placed] for lv, _ in unknown]
    if math.prod(len(pool) for pool in pools) > REFILL_WORLDS:
        return None
    told: bool | None = True
    for world in itertools.product(*pools):
        if len(set(world)) < len(world):
            continue
        u = t.clone()
        for (lv, i), c in zip(unknown, world, strict=True):
            u.pyramid[lv][i] = c
        search = _Search(u, opp)
        if search.hopeless(search.root):
            continue
        try:
            if search.run():
                return False
        except TooBig:
            return None
        if search.luck:
            told = None
    return told


def _turns_taking(state: SplendorDuelState, seat: int, card: int) -> list[Line]:
    """The seat's turns that take ``card`` out of the pyramid, shortest first: privileges
    (a multiset of token kinds), then the card reserved or bought (every payment, colour and
    choice after it), and, if the purchase gives another turn, one more action that touches
    no card but those in sight at the start."""
    known = {c for row in state.pyramid for c in row if c >= 0} | set(state.players[seat].reserved)
    out: list[Line] = []

    def moves(s: SplendorDuelState, last: int) -> list[tuple[Action, int]]:
        acts = s.legal_actions()
        if s.pending:
            seen: set[str] = set()
            found = []
            for a in acts:
                if a["do"] == "claim-stall":
                    continue
                tag = str(a.get("token", a.get("card", "bonus")))
                if tag in seen:
                    continue
                if a["do"] == "discard":
                    kind = TOKEN_NAMES.index(tag)
                    if kind < last:
                        continue
                    found.append((a, kind))
                else:
                    found.append((a, -1))
                seen.add(tag)
            return found
        taking = card in (c for row in s.pyramid for c in row)
        found = []
        done: set[object] = set()
        for a in acts:
            do = a["do"]
            if taking:
                if do == "privilege":
                    r, c = a["space"]
                    kind = s.board[(r - 1) * 5 + c - 1]
                    if kind >= last and kind not in done:
                        done.add(kind)
                        found.append((a, kind))
                elif do in ("reserve", "buy") and a.get("card") == IDS[card]:
                    if do == "reserve" and "reserve" in done:
                        continue
                    done.add(do)
                    found.append((a, -1))
            elif do == "take":
                line_tag = tuple(sorted(s.board[(r - 1) * 5 + c - 1] for r, c in a["spaces"]))
                if line_tag not in done:
                    done.add(line_tag)
                    found.append((a, -1))
            elif do in ("reserve", "buy") and "card" in a and BY_ID[a["card"]] not in known:
                continue
            elif do == "reserve":
                tag2 = ("reserve", a.get("card"), a.get("deck"))
                if tag2 not in done:
                    done.add(tag2)
                    found.append((a, -1))
            elif do in ("buy", "pass"):
                found.append((a, -1))
        return found

    def walk(s: SplendorDuelState, line: Line, last: int) -> None:
        if len(out) >= STOP_TURNS:
            return
        if s.over or s.current != seat:
            if card not in (c for row in s.pyramid for c in row):
                out.append(line)
            return
        if len(line) >= MAX_TURN_MOVES:
            return
        for action, kind in moves(s, last):
            t = s.clone()
            t.apply(action)
            walk(t, (*line, action), kind)

    walk(state, (), -1)
    return sorted(out, key=len)


def _play(state: SplendorDuelState, line: Sequence[Action]) -> SplendorDuelState:
    s = state.clone()
    for action in line:
        s.apply(dict(action))
    return s


def _stopping_turn(state: SplendorDuelState, seat: int, card: int) -> Line | None:
    """The first of the seat's turns taking ``card`` out of the pyramid (shortest first) that
    is proved to leave the opponent no win; ``None`` if none of the first few is."""
    for line in _turns_taking(state, seat, card)[:STOP_TRIES]:
        if _safe(state, _play(state, line), seat):
            return line
    return None


def _removed(state: SplendorDuelState, line: Sequence[Action]) -> set[str]:
    """The pyramid's cards (at the start) that ``line`` took out of it."""
    before = {c for row in state.pyramid for c in row if c >= 0}
    after = _play(state, line)
    return {IDS[c] for c in before - {c for row in after.pyramid for c in row}}


def _stop_candidates(state: SplendorDuelState, seat: int) -> tuple[dict[Key, Line], list[str]]:
    """The opponent's threats, and the pyramid's cards every one of them buys (a
    ``ValueError`` where the position is not one to ask: the opponent holds a card the seat
    cannot see, the seat could win itself, or a turn is too big to search)."""
    opp = 1 - seat
    if _askable(state) != seat:
        raise ValueError("not the start of the seat's turn")
    if any(state.players[opp].blind):
        raise ValueError("the opponent holds a reserved card the seat cannot see")
    if state.held:
        raise ValueError("a stalled turn would let the opponent claim the win")
    try:
        threats = _threats(state, seat)
    except TooBig as err:
        raise ValueError(str(err)) from None
    if not threats:
        raise ValueError("the opponent cannot win next turn")
    try:
        if winning_lines(state, seat):
            raise ValueError("the seat can win this turn itself")
    except TooBig as err:
        raise ValueError(str(err)) from None
    in_pyramid = {IDS[c] for row in state.pyramid for c in row if c >= 0}
    common = set.intersection(*(set(k) for k in threats)) & in_pyramid
    return threats, sorted(common)


def stopping_lines(state: SplendorDuelState, seat: int) -> list[Line]:
    """Every answer to "stop the win" found, one line per card to take out of the pyramid:
    one line exactly when it is proved that every turn stopping the opponent takes that
    card. A ``ValueError`` where no answer is proved, or one is but another kind of turn
    might stop the win too."""
    _, common = _stop_candidates(state, seat)
    found: list[tuple[str, Line]] = []
    for card in common:
        line = _stopping_turn(state, seat, BY_ID[card])
        if line is not None:
            found.append((card, line))
    if not found:
        raise ValueError("no turn is proved to stop the opponent's win")
    if len(found) == 1 and not _covered(state, seat, BY_ID[found[0][0]]):
        raise ValueError("a turn that keeps the card might stop the win too")
    return [line for _, line in found]


def greedy_takes(state: SplendorDuelState, seat: int, card: str) -> bool:
    """Whether the greedy bot's turn might take ``card`` out of the pyramid: some way of
    breaking its ties does (or the turn branches too much to tell, which counts as yes)."""
    wanted = BY_ID[card]
    return _greedy_reaches(
        state, seat, lambda s: wanted not in (c for row in s.pyramid for c in row)
    )


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
    """The puzzles of this position worth asking: ``win-this-turn``, ``stop-the-win``."""
    seat = _askable(state)
    if seat is None:
        return []
    return _find_win(state, seat, source) + _find_stop(state, seat, source)


def _find_win(state: SplendorDuelState, seat: int, source: str) -> list[Puzzle]:
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


def _find_stop(state: SplendorDuelState, seat: int, source: str) -> list[Puzzle]:
    """The ``stop-the-win`` puzzle of this position: cheap filters first (a threat in sight,
    one card in every threat, the greedy bot not taking it, no turn keeping it safe), then
    the proof (:func:`stopping_lines`)."""
    if any(state.players[1 - seat].blind) or state.held:
        return []
    try:
        threats = _threats(state, seat)
    except TooBig:
        return []
    in_pyramid = {IDS[c] for row in state.pyramid for c in row if c >= 0}
    common = set.intersection(*(set(k) for k in threats)) & in_pyramid if threats else set()
    if not any(
        not greedy_takes(state.clone(), seat, card) and _covered(state, seat, BY_ID[card])
        for card in sorted(common)
    ):
        return []
    try:
        lines = stopping_lines(state, seat)
    except ValueError:
        return []
    if len(lines) != 1 or greedy_takes(state.clone(), seat, _first_card(lines[0])):
        return []
    doc = state.export()
    return [Puzzle(GAME_ID, "stop-the-win", doc, seat, lines[0], len(threats), source)]


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
    if puzzle.kind == "stop-the-win":
        return [tuple(dict(a) for a in line) for line in stopping_lines(state, puzzle.seat)]
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
    if puzzle.kind == "stop-the-win":
        start = GAME.load(puzzle.position)
        if not finished(puzzle, state, moves) or len(moves) >= MAX_TURN_MOVES:
            return False
        if not state.over and _answer_card(puzzle) in _on_pyramid(state):
            return False  # the card every stopping turn takes is still there
        return _safe(start, state, puzzle.seat) is True
    return state.over and state.winner == puzzle.seat


def _on_pyramid(state: SplendorDuelState) -> set[str]:
    return {IDS[c] for row in state.pyramid for c in row if c >= 0}


def _first_card(line: Sequence[Action]) -> str:
    """The card a ``stop-the-win`` line takes out of the pyramid (its first reserve or
    purchase)."""
    return str(next(m["card"] for m in line if m["do"] in ("reserve", "buy")))


def _answer_card(puzzle: Puzzle) -> str:
    return _first_card(puzzle.solution)


# ---------------------------------------------------------------------- words


def question(puzzle: Puzzle, lang: str) -> str:
    """What the puzzle asks, in ``lang``."""
    if puzzle.kind == "stop-the-win":
        if lang == "fa":
            return "حریف می‌تواند در نوبت بعدش ببرد. جلویش را بگیرید."
        return "Your opponent can win on their next turn. Stop them."
    if lang == "fa":
        return "می‌توانید همین نوبت ببرید. چطور؟"
    return "You can win this turn. How?"


def _win_words(p: Player, reason: str | None, lang: str) -> str:
    """How a player wins: "with 20 points", "with 10 crowns"..."""
    fa = lang == "fa"
    if reason == "points":
        n = number(p.points, lang)
        return f"با {n} امتیاز" if fa else f"with {n} points"
    if reason == "crowns":
        n = number(p.crowns, lang)
        return f"با {n} تاج" if fa else f"with {n} crowns"
    k = max(range(5), key=lambda c: p.color_points[c])
    n, col = number(p.color_points[k], lang), color_name(TOKEN_NAMES[k], lang)
    return f"با {n} امتیاز روی کارت‌های {col}" if fa else f"with {n} points on {col} cards"


def _explain_stop(puzzle: Puzzle, lang: str) -> list[str]:
    """The threat, the answer's moves, and why nothing else stops it."""
    fa = lang == "fa"
    state = GAME.load(puzzle.position)
    opp = 1 - puzzle.seat
    out = []
    try:
        threats = _threats(state, puzzle.seat)
    except TooBig:
        threats = {}
    if threats:
        key = min(threats)
        after = _play(_neutral(state, puzzle.seat), threats[key])
        names = (" و " if fa else " and ").join(card_quoted(c, lang) for c in key)
        how = _win_words(after.players[opp], after.end, lang)
        out.append(
            f"حریف تهدید می‌کند {names} را بخرد و {how} ببرد."
            if fa
            else f"Your opponent threatens to buy {names} and win {how}."
        )
    tokens = []
    s = state.clone()
    for move in puzzle.solution:
        if move["do"] == "privilege":
            r, c = move["space"]
            tokens.append(TOKEN_NAMES[s.board[(r - 1) * 5 + c - 1]])
        s.apply(dict(move))
    if tokens:
        names = ("، " if fa else ", ").join(token_name(t, lang) for t in tokens)
        n = number(len(tokens), lang)
        out.append(
            f"اول {n} طومار خرج کنید و این‌ها را بردارید: {names}."
            if fa
            else f"First spend {n} privilege{'s' if len(tokens) > 1 else ''}: take {names}."
        )
    card = _answer_card(puzzle)
    name = card_quoted(card, lang)
    first = next(m for m in puzzle.solution if m["do"] in ("reserve", "buy"))
    if first["do"] == "reserve":
        out.append(
            f"{name} را رزرو کنید تا از دسترس حریف بیرون برود."
            if fa
            else f"Reserve {name}: it leaves your opponent's reach."
        )
    else:
        out.append(
            f"{name} را بخرید تا از دسترس حریف بیرون برود."
            if fa
            else f"Buy {name}: it leaves your opponent's reach."
        )
    out.append(
        "حالا حریف، هر کارتی هم که جای خالی هرم را پر کند، در نوبت بعدش نمی‌تواند ببرد؛"
        f" و هیچ نوبتی که {name} را در هرم باقی بگذارد جلوی برد او را نمی‌گیرد."
        if fa
        else "Now, whatever card refills the pyramid, your opponent cannot win on their next"
        f" turn; and no turn that leaves {name} in the pyramid stops them."
    )
    out.append(
        "بازی حریصانه (خریدن پرامتیازترین کارتی که همین حالا می‌شود خرید) این کارت را برنمی‌دارد."
        if fa
        else "Greedy play (buying the richest card you can afford as you stand) does not take"
        " that card."
    )
    return out


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
    if puzzle.kind == "stop-the-win":
        return _explain_stop(puzzle, lang)
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
