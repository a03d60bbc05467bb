"""Fantasy Realms' planner for ``hard``: a move valued by the hands this player may end with.

Flat Monte Carlo over whole-table playouts deals a few dozen worlds a second at four seats
(a playout of the strong player runs some 140 ms to the end), too few to tell apart moves
whose chances to win differ by a few points; and the greedy player's faster playouts, scored
by the hands as they stand after a few turns, judged the moves no better than ``strong``
does (``bench/fantasy_realms_strength.py``). The planner asks a smaller question, with far
less noise: with the hand this move leaves, and the draws this player will make before the
end, how likely is it to win?

* **The draws to come**: ``worlds`` sequences of cards dealt from the cards this player has
  not seen, as many as the turns it has left (:meth:`.strategy.Mind.turns_left`, one more
  for the draw of a turn still to take). Every candidate plays on the same sequences (common
  random numbers).
* **A sequence played out**: each card is drawn and the best hand of the rest kept (the
  weakest card goes, as :func:`.hand_values.discard_values` ranks them), and the final hand
  is scored exactly, with what its Necromancer, Genie or Leprechaun brings at the end
  (:meth:`.strategy.Mind.extras`).
* **A final hand's worth**: its chance to beat every rival (:func:`.strategy.win_chance`:
  each rival's hand is a typical final hand of the table). The chance, not the score, is
  averaged, so a hand that is behind reaches for the combinations that could still win, and
  one ahead takes no risk.
* **The candidates**: the moves :func:`.strategy.search_candidates` shortlists (the draw and
  the three takes that make the best hand; the three cheapest discards), a take with either
  of its two cheapest discards.

The rivals are not played: what they take from the discard area and what they let go is
left out, as is denial. The last card (a draw ends the game) is the strong player's exact
reckoning (:func:`.strategy.playout_action`), and a turn with a Cursed Item to use, the
draft and the chaos realms are left to the search (``None``).

Measured on the compiled build (``bench/fantasy_realms_strength.py --bot hard --field strong
--modules base --seed 21``; one ``hard`` at a table of ``strong``, its win share against the
fair share): four players, 800 games, 254 won, 31.8 % [28.6, 35.1] (fair 25 %), mean final
score 205.0 against 200.3 (on ``--seed 22``, 265 won, 33.1 % [30.0, 36.5]); three players, 192
games, 39.6 % [32.9, 46.6] (fair 33.3 %), 207.2 against 201.8; six players, 192 games, 25.0 %
[19.4, 31.6] (fair 16.7 %), 209.9 against 202.8; with the suits, four players, 192 games, 28.1
% [22.2, 34.9], 237.5 against 235.5. The flat Monte Carlo search it replaced won 102 of 400
games at four (25.5 %). A decision took 0.42 s on average on a busy 2-core machine (median 0.26
s; the early turns, with more draws to come, up to the 1 s budget). An early version, 24
sequences and no extra cards, won 28.4 % [25.4, 31.6] of 800 other deals (``--seed 41``). The
strong player's own sampling at its largest (every unseen card tried) won 24.9 % of 1,600
against ``strong``: the gain is the lookahead, not less noise.

>>> import random
>>> from rumizi.games.fantasy_realms import GAME
>>> s = GAME.new(seed=2, players=4, first=0)
>>> s.apply({"do": "draw"})  # the first turn: the area is empty, a draw the only move
>>> move = plan(s, s.legal_actions(), random.Random(0), worlds=8)
>>> move["do"], move in s.legal_actions()
('discard', True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from rumizi.core.contract import Action
from rumizi.games.fantasy_realms.engine import FantasyRealmsState
from rumizi.games.fantasy_realms.strategy import (
    Mind,
    last_card,
    playout_action,
    search_candidates,
    win_chance,
)

#: Sequences of draws a decision plays out, at most (fewer if the deadline comes first).
PLAN_WORLDS = 96
#: Sequences played for every candidate before the deadline is looked at again.
BATCH = 8
#: The discards tried after a take (the cheapest first; the card taken never goes back).
TAKE_DISCARDS = 2
_ADDERS = ("leprechaun", "genie", "necromancer")
#: Unseen cards that stand for the deck when the extra cards are valued at the end.
EXTRA_TRIES = 10


def plan(
    state: FantasyRealmsState,
    legal: list[Action],
    rng: random.Random,
    worlds: int | None = None,
    deadline: float | None = None,
) -> Action | None:
    """The move the planner picks for the player to act in ``state`` (a state sampled from
    its view: only what that player knows is read), or ``None`` where it has no plan.
    ``worlds``: sequences of draws played out (``None``: :data:`PLAN_WORLDS`); fewer if
    ``deadline`` (``time.perf_counter()``) comes first."""
    worlds = PLAN_WORLDS if worlds is None else worlds
    me = state.to_act
    if me is None or len(legal) < 2 or state.opts.players < 3:
        return None
    if any(a.get("do") not in ("draw", "take", "discard") for a in legal):
        return None  # an item to use, a trade, an end-of-game choice: the search's
    mind = Mind(state, me)
    if state.phase == "take":
        if len(mind.hand) < state.hand_target(me):
            return None
        if last_card(mind, legal):
            return playout_action(state, rng)
        return _best(mind, _options(mind, legal, state), 1, rng, worlds, deadline)
    if state.phase == "discard" and state.pending.get("discards", 1) == 1:
        return _best(mind, _options(mind, legal, state), 0, rng, worlds, deadline)
    return None


# A candidate: the move, and the hands it may leave (``None``: a draw, whose hand each
# sequence's first card makes); the candidate is worth its best hand's value.
Option = tuple[Action, list[list[str]] | None]


def _options(mind: Mind, legal: list[Action], state: FantasyRealmsState) -> list[Option]:
    """The shortlisted moves of a take or a discard, each with the hands it may leave."""
    options: list[Option] = []
    for k in search_candidates(state, legal) or range(len(legal)):
        action = legal[k]
        if action["do"] == "draw":
            options.append((action, None))
        elif action["do"] == "take":
            card = action["card"]
            held = [*mind.hand, card]
            drops = [d for _v, d in mind.after_discards(held, None, TAKE_DISCARDS) if d != card]
            hands = [[c for c in held if c != d] for d in drops[:TAKE_DISCARDS]]
            if hands:
                options.append((action, hands))
        elif action["do"] == "discard":
            options.append((action, [[c for c in mind.hand if c != action["card"]]]))
    return options


def _best(
    mind: Mind,
    options: list[Option],
    draw_now: int,
    rng: random.Random,
    worlds: int,
    deadline: float | None,
) -> Action | None:
    """The option whose hands win most often over the same sequences of draws. ``draw_now``:
    1 at the start of a turn (a draw is this turn's, then the turns left), 0 after it."""
    if not options:
        return None
    if len(options) == 1:
        return options[0][0]
    turns = int(mind.turns_left(len(mind.area) + 1 - draw_now) + 0.5)
    length = min(len(mind.pool), turns + draw_now)
    totals = [[0.0] * (len(hands) if hands else 1) for _a, hands in options]
    played = 0
    while played < worlds:
        batch = [rng.sample(mind.pool, length) for _ in range(min(BATCH, worlds - played))]
        for (_action, hands), sums in zip(options, totals, strict=True):
            for seq in batch:
                if hands is None:  # the draw: this sequence's first card, then the rest
                    sums[0] += _chance(mind, _keep_best(mind, mind.hand, seq[0]), seq[1:])
                else:
                    for h, hand in enumerate(hands):
                        sums[h] += _chance(mind, hand, seq[draw_now:])
        played += len(batch)
        if deadline is not None and time.perf_counter() >= deadline:
            break
    values = [max(sums) for sums in totals]
    return options[values.index(max(values))][0]


def _keep_best(mind: Mind, hand: Sequence[str], card: str) -> list[str]:
    """``hand`` with ``card`` drawn and its weakest card let go."""
    held = [*hand, card]
    _score, drop = mind.after_discards(held, None, 1)[0]
    return [c for c in held if c != drop]


def _chance(mind: Mind, hand: list[str], draws: Sequence[str]) -> float:
    """The chance to win of the hand ``hand`` becomes by drawing ``draws`` in turn."""
    for card in draws:
        hand = _keep_best(mind, hand, card)
    final = float(mind.exact(hand))
    if any(c in _ADDERS for c in hand):
        final += mind.extras(hand, mind.area, [c for c in draws if c not in hand][-EXTRA_TRIES:])
    return win_chance(mind, final, later=False)


__all__ = ["PLAN_WORLDS", "plan"]
