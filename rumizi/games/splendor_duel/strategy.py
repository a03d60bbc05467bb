"""The strong Splendor Duel policy: a planner fast enough for search playouts.

:func:`playout_action` picks the move of the player to act straight from the engine's integer
state (no views, no listing of legal actions), and :func:`evaluate` estimates a player's
chances. The ``strong`` bot plays :func:`playout_action` on a state sampled from its view;
the search bots use both inside playouts.

What it may read
----------------
Only what the acting player knows at the table: the board, the bag's counts, the pyramid,
the deck *sizes*, both players' tokens, bought cards, royals, privileges and crowns, its own
reserve, and the opponent's reserved cards that were taken face up. Never the opponent's
blind reserves, the order of a deck, or the random state — so on two states that differ only
in those, it makes the same move (``tests/games/splendor_duel/test_bots.py`` checks it).

How it plays
------------
Every card within reach (the pyramid and the player's own reserve) gets a *value* in points:
its points (worth more as the player nears 20, and more again on a colour that nears 10), its
crowns (and a royal when they cross 3 or 6), its bonus (worth more early), its ability, and a
large premium when buying it would win the game. A card's *potential* is its value, less a
little for the tokens it would use up, discounted by ``GAMMA`` for every token still missing
after gold. The player's *plan value* is its best potential plus a share of the second best,
plus a small worth per token held. Then, one decision at a time:

1. claim a stalling win if there is one; answer an open choice (royal: the win, else an extra
   turn, else points; steal and discard: whatever leaves the best plan);
2. use a privilege when that puts a valuable card within reach this turn, or else on the
   token that helps the plan most (privileges kept idle are taken by the opponent's gains);
3. replenish when forced, or when the board holds almost no gems and the bag many;
4. otherwise score every mandatory action by the plan value it leaves: a purchase adds the
   card's value and re-plans with the new bonus and fewer tokens; a take adds its tokens (less
   a penalty when it hands the opponent a privilege or runs past 10 tokens, plus a little for
   tokens the opponent is after); a reservation adds a gold and the card to the plan — and a
   card that would win the opponent the game next turn is worth buying or reserving away.

Takes are scored per multiset of tokens (many lines share one), and every quantity is a few
integer operations, so a decision costs a fraction of a millisecond.
"""

from __future__ import annotations

import math
import random
from typing import Final

from rumizi.core.contract import Action
from rumizi.games.splendor_duel.cards import (
    ABILITY,
    AGAIN,
    BONUS,
    COLOR,
    CROWNS,
    GOLD,
    JOKER,
    PEARL,
    POINTS,
    PRIVILEGE,
    ROYAL_ABILITY,
    ROYAL_POINTS,
    STEAL,
    TOKEN,
)
from rumizi.games.splendor_duel.engine import (
    BUY_ACTIONS,
    BUY_AS_ACTIONS,
    CLAIM,
    DISCARD_ACTIONS,
    LINE_MASKS,
    LINES,
    MAX_RESERVED,
    MAX_TOKENS,
    P_BONUS,
    P_ROYAL,
    P_STEAL,
    PASS,
    PRIVILEGE_ACTIONS,
    REPLENISH,
    RESERVE_ACTIONS,
    RESERVE_DECK_ACTIONS,
    ROYAL_ACTIONS,
    START,
    STEAL_ACTIONS,
    TAKE_ACTIONS,
    TAKE_BONUS_ACTIONS,
    Player,
    SplendorDuelState,
)

# Weights, in points.
GAMMA: Final = 0.68  # discount per token still missing
SPEND: Final = 0.12  # per token a purchase uses up
SECOND: Final = 0.35  # share of the second-best card in the plan value
TOKEN_WORTH: Final = 0.16  # per token held (gold counts GOLD_WORTH)
GOLD_WORTH: Final = 0.3
W_CROWN: Final = 0.6
W_ROYAL: Final = 2.6
W_BONUS: Final = 3.0
W_AGAIN: Final = 2.2
W_STEAL: Final = 0.7
W_TOKEN: Final = 0.6
W_PRIVILEGE: Final = 0.5
W_COLOR: Final = 1.6  # extra per point on a colour, times that colour's share of 10
WIN: Final = 60.0
GIFT: Final = 0.7  # handing the opponent a privilege
OVERFLOW: Final = 2.0  # per token past the limit (it must go back)
DENY: Final = 0.12  # per token taken that the opponent's best card needs
RESERVE_COST: Final = 3.0  # a reserve slot used up
PRIVILEGE_SPARE: Final = 1  # privileges held before one is spent on any useful token
PRIVILEGE_GAIN: Final = 0.3  # the least plan gain such a privilege must bring
KEEP: Final = 0.15  # share of a reserved card's potential that reserving it protects
BLOCK: Final = 30.0  # taking away a card that would win the opponent the game
DECK_GUESS: Final = (0.8, 1.8, 3.0)  # worth of an unseen card reserved from a deck

_GAMMA_POW: Final = tuple(GAMMA**d for d in range(64))


def _progress(state: SplendorDuelState) -> float:
    """How far the game has come, 0..1: the leader's best fraction of any victory condition."""
    best = 0.0
    for q in state.players:
        f = max(q.points / 20, q.crowns / 10, max(q.color_points) / 10)
        if f > best:
            best = f
    return min(best, 1.0)


def best_joker_color(p: Player) -> int:
    """The colour a joker should take: the one with most colour points, then most bonuses."""
    best = -1
    key = (-1, -1)
    for k in range(5):
        if p.bonus[k]:
            cand = (p.color_points[k], p.bonus[k])
            if cand > key:
                key = cand
                best = k
    return best


def royal_gain(state: SplendorDuelState, p: Player, crowns: int) -> int:
    """Points of the best royal ``p`` would take on gaining ``crowns`` (0 if none)."""
    if not crowns or not state.royals:
        return 0
    before = p.crowns
    after = before + crowns
    if (before < 3 <= after) or (before < 6 <= after):
        return max(ROYAL_POINTS[r] for r in state.royals)
    return 0


def wins_with(state: SplendorDuelState, p: Player, card: int, color: int) -> bool:
    """Whether buying ``card`` (bonus ``color``) meets a victory condition for ``p``."""
    pts = POINTS[card]
    crowns = CROWNS[card]
    if p.points + pts + royal_gain(state, p, crowns) >= 20:
        return True
    if p.crowns + crowns >= 10:
        return True
    return 0 <= color < 5 and p.color_points[color] + pts >= 10


def card_value(
    state: SplendorDuelState, p: Player, o: Player, card: int, color: int, late: float
) -> float:
    """What owning ``card`` (bonus ``color``) is worth to ``p``, in points."""
    if wins_with(state, p, card, color):
        return WIN
    pts = POINTS[card]
    v = pts * (1.0 + p.points / 20)
    if pts and 0 <= color < 5:
        v += pts * W_COLOR * (p.color_points[color] + pts) / 10
    crowns = CROWNS[card]
    if crowns:
        v += crowns * (W_CROWN + p.crowns / 10)
        if royal_gain(state, p, crowns):
            v += W_ROYAL
    if 0 <= color < 5:
        v += BONUS[card] * W_BONUS * (1.0 - late)
    ability = ABILITY[card]
    if ability:
        if ability == AGAIN:
            v += W_AGAIN
        elif ability == STEAL:
            if any(o.tokens[:GOLD]):
                v += W_STEAL
        elif ability == TOKEN:
            if color in state.board:
                v += W_TOKEN
        elif ability == PRIVILEGE and p.privileges < 3:
            v += W_PRIVILEGE
    return v


class _Target:
    """A card within reach and what it asks of the player."""

    __slots__ = ("base", "card", "color", "deficit", "missing", "price", "value")

    card: int
    color: int  # its bonus colour (a joker's best colour)
    value: float
    base: float  # value less the worth of the tokens it uses up (at least 0)
    deficit: list[int]  # what the player lacks of each kind 0..5 (before gold)
    missing: int  # total deficit
    price: list[tuple[int, int]]  # what it costs the player (``Player.price``)


def _targets(
    state: SplendorDuelState, p: Player, o: Player, late: float, own: bool = True
) -> list[_Target]:
    """The cards ``p`` could aim for: the pyramid and ``p``'s reserve.

    ``own=False`` (planning for the opponent) leaves out the reserved cards ``p`` took unseen.
    """
    cards = [c for row in state.pyramid for c in row if c >= 0]
    if own:
        cards += p.reserved
    else:
        cards += [c for c, blind in zip(p.reserved, p.blind, strict=True) if not blind]
    joker = best_joker_color(p)
    out = []
    tokens = p.tokens
    for c in cards:
        color = COLOR[c]
        if color == JOKER:
            if joker < 0:
                continue
            color = joker
        deficit = [0] * 6
        missing = spend = 0
        price = p.price(c)
        for k, n in price:
            spend += n
            if n > tokens[k]:
                deficit[k] = n - tokens[k]
                missing += n - tokens[k]
        t = _Target()
        t.card = c
        t.color = color
        t.value = card_value(state, p, o, c, color, late)
        base = t.value - SPEND * spend
        t.base = base if base > 0 else 0.0
        t.deficit = deficit
        t.missing = missing
        t.price = price
        out.append(t)
    return out


def _potential(t: _Target, gold: int, reduce: int = 0) -> float:
    d = t.missing - reduce - gold
    return t.base * _GAMMA_POW[d] if d > 0 else t.base


def _plan(targets: list[_Target], gold: int) -> float:
    """The plan value of the targets as they stand (best + a share of the second best)."""
    best = second = 0.0
    for t in targets:
        d = t.missing - gold
        x = t.base * _GAMMA_POW[d] if d > 0 else t.base
        if x > best:
            best, second = x, best
        elif x > second:
            second = x
    return best + SECOND * second


def _plan_with(
    targets: list[_Target], tokens: list[int], color: int = -1, extra: int = 0, exclude: int = -1
) -> float:
    """The plan value for other ``tokens``, and ``extra`` more bonus of ``color`` (a purchase's:
    one colour's gems cheaper); the card values are kept as they are."""
    best = second = 0.0
    gold = tokens[GOLD]
    for t in targets:
        if t.card == exclude or t.value <= 0:
            continue
        missing = spend = 0
        for k, n in t.price:
            if k == color:
                n -= extra
                if n <= 0:
                    continue
            spend += n
            if n > tokens[k]:
                missing += n - tokens[k]
        base = t.value - SPEND * spend
        if base <= 0:
            continue
        d = missing - gold
        x = base * _GAMMA_POW[d] if d > 0 else base
        if x > best:
            best, second = x, best
        elif x > second:
            second = x
    return best + SECOND * second


def _holding(tokens: list[int]) -> float:
    n = sum(tokens)
    worth = TOKEN_WORTH * (n - tokens[GOLD]) + GOLD_WORTH * tokens[GOLD]
    if n > MAX_TOKENS:
        worth -= OVERFLOW * (n - MAX_TOKENS)
    return worth


def _with_tokens(targets: list[_Target], gold: int, add: tuple[tuple[int, int], ...]) -> float:
    """The plan value once the tokens ``add`` (pairs of kind and count) are added."""
    best = second = 0.0
    for t in targets:
        base = t.base
        if not base:
            continue
        deficit = t.deficit
        d = t.missing - gold
        for k, a in add:
            dk = deficit[k]
            d -= a if a < dk else dk
        x = base * _GAMMA_POW[d] if d > 0 else base
        if x > best:
            best, second = x, best
        elif x > second:
            second = x
    return best + SECOND * second


def _after_buy(targets: list[_Target], p: Player, card: int, color: int) -> float:
    """The plan value left after buying ``card`` (tokens paid, the new bonus in place)."""
    tokens = p.tokens[:]
    gold = 0
    for k, n in p.price(card):
        if n > tokens[k]:
            gold += n - tokens[k]
            tokens[k] = 0
        else:
            tokens[k] -= n
    tokens[GOLD] -= gold
    extra = BONUS[card] if color < 5 else 0
    return _plan_with(targets, tokens, color, extra, card) + _holding(tokens)


# Takes are scored per multiset of tokens: a key of 2 bits per kind (at most 3 of a kind).
_KEY_BIT: Final = tuple(1 << (2 * k) for k in range(7))
_TAKE_SHAPES: dict[int, tuple[tuple[tuple[int, int], ...], int, bool]] = {}


def _take_shape(key: int) -> tuple[tuple[tuple[int, int], ...], int, bool]:
    """For a multiset key: its (kind, count) pairs, size, and whether it gifts a privilege."""
    found = _TAKE_SHAPES.get(key)
    if found is None:
        pairs = tuple((k, (key >> (2 * k)) & 3) for k in range(6) if (key >> (2 * k)) & 3)
        n = sum(a for _, a in pairs)
        gift = any(a == 3 for _, a in pairs) or any(k == PEARL and a == 2 for k, a in pairs)
        found = (pairs, n, gift)
        _TAKE_SHAPES[key] = found
    return found


def _threats(state: SplendorDuelState, me: Player, o: Player) -> list[int]:
    """Pyramid cards the opponent could buy next turn to win (their tokens + privileges)."""
    found = []
    joker = best_joker_color(o)
    slack = o.tokens[GOLD] + o.privileges
    for row in state.pyramid:
        for c in row:
            if c < 0:
                continue
            color = COLOR[c]
            if color == JOKER:
                if joker < 0:
                    continue
                color = joker
            if o.shortfall(c) <= slack and wins_with(state, o, c, color):
                found.append(c)
    return found


def _opponent_deficit(state: SplendorDuelState, o: Player, p: Player, late: float) -> list[int]:
    """What the opponent lacks for the card it most wants (per kind 0..5)."""
    best = None
    best_x = 0.0
    for t in _targets(state, o, p, late, own=False):
        x = _potential(t, o.tokens[GOLD])
        if x > best_x:
            best, best_x = t, x
    return best.deficit if best is not None else [0] * 6


# ---------------------------------------------------------------------- choices


def _answer(state: SplendorDuelState, p: Player, o: Player, pending: int) -> Action:
    late = _progress(state)
    if pending == P_ROYAL:
        best = state.royals[0]
        best_key = -1.0
        for r in state.royals:
            pts = ROYAL_POINTS[r]
            key = float(pts)
            if p.points + pts >= 20:
                key += 100
            ability = ROYAL_ABILITY[r]
            if ability == AGAIN:
                key += 1.6
            elif ability == STEAL and any(o.tokens[:GOLD]):
                key += 0.6
            elif ability == PRIVILEGE and p.privileges < 3:
                key += 0.4
            if key > best_key:
                best, best_key = r, key
        return ROYAL_ACTIONS[best]
    if pending == P_BONUS:
        color = state.bonus_color
        cell = state.board.index(color)
        return TAKE_BONUS_ACTIONS[cell]
    targets = _targets(state, p, o, late)
    gold = p.tokens[GOLD]
    if pending == P_STEAL:
        best_k = -1
        best_x = -1.0
        for k in range(6):
            if o.tokens[k]:
                x = _with_tokens(targets, gold, ((k, 1),)) + 0.01 * o.tokens[k]
                if x > best_x:
                    best_k, best_x = k, x
        return STEAL_ACTIONS[best_k]
    # P_DISCARD: give back the token whose loss hurts the plan least.
    tokens = p.tokens[:]
    best_k = -1
    best_x = -math.inf
    for k in range(7):
        if not tokens[k]:
            continue
        tokens[k] -= 1
        x = _plan_with(targets, tokens) - (GOLD_WORTH if k == GOLD else 0.0)
        tokens[k] += 1
        if x > best_x:
            best_k, best_x = k, x
    return DISCARD_ACTIONS[best_k]


# ---------------------------------------------------------------------- the turn


def playout_action(state: SplendorDuelState, rng: random.Random) -> Action:
    """The policy's move for the player to act (deterministic; ``rng`` is not needed)."""
    return _decide(state, None)


def scored_moves(state: SplendorDuelState) -> list[tuple[float, Action]]:
    """Every mandatory move the policy weighs at this decision, with the score it gives it
    (the plan value the move leaves, in points), best first; the policy plays the best of
    them unless a privilege or a replenish comes first. Empty at an open choice or a stall
    claim. Takes that bring the same tokens share a score; the first line of each is kept."""
    scored: list[tuple[float, Action]] = []
    _decide(state, scored)
    scored.sort(key=_by_score)
    return scored


def _by_score(item: tuple[float, Action]) -> float:
    return -item[0]


def _decide(state: SplendorDuelState, scored: list[tuple[float, Action]] | None) -> Action:
    """The policy's move; with ``scored``, every mandatory move it weighed is appended."""
    me = state.current
    p = state.players[me]
    o = state.players[1 - me]
    if o.stall >= 3:
        return CLAIM
    if state.pending:
        return _answer(state, p, o, state.pending)
    late = _progress(state)
    board = state.board
    mask = 0
    gems_on_board = 0
    gold_cells = []
    for i, tok in enumerate(board):
        if tok >= 0:
            if tok < GOLD:
                mask |= 1 << i
                gems_on_board += 1
            else:
                gold_cells.append(i)
    start = state.phase == START
    bag = sum(state.bag)
    targets = _targets(state, p, o, late)
    gold = p.tokens[GOLD]
    holding = _holding(p.tokens)

    best_action: Action | None = None
    best_total = -math.inf

    # Purchases.
    affordable = False
    for t in targets:
        c = t.card
        if p.shortfall(c) > gold:
            continue
        affordable = True
        total = t.value + _after_buy(targets, p, c, t.color)
        if scored is not None:
            scored.append(
                (total, BUY_ACTIONS[c] if COLOR[c] != JOKER else BUY_AS_ACTIONS[c][t.color])
            )
        if total > best_total:
            best_total = total
            best_action = BUY_ACTIONS[c] if COLOR[c] != JOKER else BUY_AS_ACTIONS[c][t.color]

    threats = _threats(state, p, o)
    if threats and best_action is not None:
        for c in threats:
            if c in (t.card for t in targets) and p.shortfall(c) <= gold:
                color = COLOR[c] if COLOR[c] != JOKER else best_joker_color(p)
                total = (
                    card_value(state, p, o, c, color, late)
                    + BLOCK
                    + _after_buy(targets, p, c, color)
                )
                if scored is not None:
                    scored.append(
                        (total, BUY_ACTIONS[c] if COLOR[c] != JOKER else BUY_AS_ACTIONS[c][color])
                    )
                if total > best_total:
                    best_total = total
                    best_action = BUY_ACTIONS[c] if COLOR[c] != JOKER else BUY_AS_ACTIONS[c][color]

    # Takes, scored once per multiset of tokens.
    if mask:
        opp_def = _opponent_deficit(state, o, p, late)
        n_held = sum(p.tokens)
        seen: dict[int, float] = {}
        key_bit = _KEY_BIT
        for i, m in enumerate(LINE_MASKS):
            if m & mask != m:
                continue
            key = 0
            for cell in LINES[i]:
                key += key_bit[board[cell]]
            score = seen.get(key)
            if score is None:
                add, n, gift = _take_shape(key)
                score = _with_tokens(targets, gold, add) + TOKEN_WORTH * n + holding
                over = n_held + n - MAX_TOKENS
                if over > 0:
                    score -= (OVERFLOW + TOKEN_WORTH) * min(over, n)
                if gift:
                    score -= GIFT
                for k, a in add:
                    score += DENY * min(a, opp_def[k])
                seen[key] = score
                if scored is not None:
                    scored.append((score, TAKE_ACTIONS[i]))
            if score > best_total:
                best_total = score
                best_action = TAKE_ACTIONS[i]

    # Reservations.
    if gold_cells and len(p.reserved) < MAX_RESERVED:
        g = gold_cells[0]
        add_gold = _plan(targets, gold + 1) + holding + GOLD_WORTH - RESERVE_COST
        if sum(p.tokens) + 1 > MAX_TOKENS:
            add_gold -= OVERFLOW + TOKEN_WORTH
        for t in targets:
            c = t.card
            if c in p.reserved:
                continue
            # A reserved card is safe from the opponent: part of its potential is kept.
            total = add_gold + KEEP * _potential(t, gold + 1)
            if c in threats:
                total += BLOCK
            if scored is not None:
                scored.append((total, RESERVE_ACTIONS[g][c]))
            if total > best_total:
                best_total = total
                best_action = RESERVE_ACTIONS[g][c]
        for c in threats:  # a winning card for them that is out of our own reach
            if scored is not None and all(t.card != c for t in targets):
                scored.append((add_gold + BLOCK, RESERVE_ACTIONS[g][c]))
            if all(t.card != c for t in targets) and add_gold + BLOCK > best_total:
                best_total = add_gold + BLOCK
                best_action = RESERVE_ACTIONS[g][c]
        for lv in range(3):
            if state.decks[lv]:
                total = add_gold + 0.25 * DECK_GUESS[lv] * (1.0 - 0.5 * late)
                if scored is not None:
                    scored.append((total, RESERVE_DECK_ACTIONS[g][lv]))
                if total > best_total:
                    best_total = total
                    best_action = RESERVE_DECK_ACTIONS[g][lv]

    if start:
        # Privileges: spend them when they bring a valuable card within reach now.
        if p.privileges and mask:
            use = _privilege_pick(state, p, targets, best_total, holding)
            if use >= 0:
                return PRIVILEGE_ACTIONS[use]
        if bag and (best_action is None or (gems_on_board <= 2 and bag >= 8 and not affordable)):
            return REPLENISH
    if best_action is None:
        return PASS
    return best_action


def _privilege_pick(
    state: SplendorDuelState, p: Player, targets: list[_Target], best_total: float, holding: float
) -> int:
    """A cell to use a privilege on, or -1: only for a card the privileges can complete."""
    gold = p.tokens[GOLD]
    board = state.board
    best_cell = -1
    best_gain = 0.5
    have = [0] * 6
    for k in board:
        if 0 <= k < GOLD:
            have[k] += 1
    for t in targets:
        short = t.missing - gold
        if short <= 0 or short > p.privileges:
            continue
        # The kinds still missing must all be on the board (privileges never take gold).
        cell = -1
        ok = True
        for k in range(6):
            if t.deficit[k] > have[k]:
                ok = False
                break
        if not ok:
            continue
        total = t.value + holding
        gain = total - best_total
        if gain > best_gain:
            for k in range(6):
                if t.deficit[k]:
                    cell = board.index(k)
                    break
            if cell >= 0:
                best_gain = gain
                best_cell = cell
    if best_cell < 0 and p.privileges >= PRIVILEGE_SPARE:
        # Plenty of privileges: turn one into the token that helps the plan most.
        base = _plan(targets, gold)
        best_x = PRIVILEGE_GAIN
        for k in range(6):
            if have[k]:
                x = _with_tokens(targets, gold, ((k, 1),)) - base
                if x > best_x:
                    best_x = x
                    best_cell = board.index(k)
    return best_cell


# ---------------------------------------------------------------------- evaluation


def _strength(state: SplendorDuelState, q: Player) -> float:
    closest = max(q.points / 20, q.crowns / 10, max(q.color_points) / 10)
    return (
        2.5 * closest
        + 0.6 * q.points / 20
        + 0.4 * q.crowns / 10
        + 0.025 * sum(q.bonus)
        + 0.012 * sum(q.tokens)
        + 0.01 * q.privileges
    )


def evaluate(state: SplendorDuelState, player: int) -> float:
    """How likely ``player`` is to win, in [0, 1] (public information only)."""
    if state.over:
        return 1.0 if state.winner == player else 0.0
    mine = _strength(state, state.players[player])
    theirs = _strength(state, state.players[1 - player])
    tempo = 0.04 if state.current == player else -0.04
    return 1.0 / (1.0 + math.exp(-6.0 * (mine - theirs + tempo)))


__all__ = [
    "best_joker_color",
    "card_value",
    "evaluate",
    "playout_action",
    "scored_moves",
    "wins_with",
]
