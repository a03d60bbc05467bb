"""A one-turn greedy heuristic for Splendor Duel, working only from a player's view.

The ``greedy`` bot (:mod:`rumizi.bots.greedy`) calls :func:`choose` with the acting player's
view and the legal actions. It looks no further than the move in hand:

1. claim a stalling win when one is offered;
2. answer an open choice: the royal with most points; steal or keep what the nearest card
   needs; discard the tokens that card does not need (gold last);
3. buy a card if any can be bought — the one with most points and crowns, then bonuses;
4. otherwise take the line of tokens that brings the *nearest* card (fewest tokens missing,
   then most points) closest, preferring lines that hand the opponent no privilege;
5. reserve (for the gold) when no line helps; replenish or use privileges only when nothing
   else is left.

Ties are broken by ``rng``.

>>> import random
>>> import rumizi
>>> state = rumizi.game("splendor-duel").new(seed=4)
>>> choose(state.view(state.to_act), state.legal_actions(), random.Random(0))["do"]
'take'
"""

from __future__ import annotations

import random
from typing import Any

from rumizi.core.contract import Action, View
from rumizi.games.splendor_duel.cards import (
    BONUS,
    BY_ID,
    COLOR,
    COLORS,
    CROWNS,
    JOKER,
    POINTS,
    ROYAL_BY_ID,
    ROYAL_POINTS,
    TOKEN_NAMES,
    cost_after_bonuses,
)

_LETTER_KIND = {letter: k for k, letter in enumerate("WBGRKPY")}


def _nearest(view: View, me: dict[str, Any]) -> tuple[int, list[int]] | None:
    """The card needing fewest more tokens (then most points), and what it lacks per kind."""
    tokens = [me["tokens"][name] for name in TOKEN_NAMES]
    bonus = [me["bonuses"][name] for name in COLORS]
    names = [c for row in view["pyramid"] for c in row if c is not None]
    names += [r["card"] for r in me["reserved"] if r["card"] is not None]
    best: tuple[int, list[int]] | None = None
    best_key: tuple[int, int] | None = None
    for name in names:
        c = BY_ID[name]
        if COLOR[c] == JOKER and not any(bonus):
            continue
        lack = [0] * 6
        for k, n in cost_after_bonuses(c, bonus):
            if n > tokens[k]:
                lack[k] = n - tokens[k]
        key = (sum(lack), -POINTS[c])
        if best_key is None or key < best_key:
            best, best_key = (c, lack), key
    return best


def choose(view: View, legal: list[Action], rng: random.Random | None = None) -> Action:
    """The greedy move for the player to act (one of ``legal``)."""
    rng = rng or random.Random(0)
    if len(legal) == 1:
        return legal[0]
    me = view["players"][view["to_act"]]
    them = view["players"][1 - view["to_act"]]
    near = _nearest(view, me)
    lack = near[1] if near else [0] * 6
    board = "".join(view["board"])
    best: list[Action] = []
    best_score = float("-inf")
    for action in legal:
        do = action["do"]
        score = 0.0
        if do == "claim-stall":
            return action
        if do == "royal":
            score = ROYAL_POINTS[ROYAL_BY_ID[action["card"]]]
        elif do == "steal":
            k = TOKEN_NAMES.index(action["token"])
            score = 2.0 * (lack[k] > 0) + 0.1 * them["tokens"][action["token"]]
        elif do == "discard":
            k = TOKEN_NAMES.index(action["token"])
            score = me["tokens"][action["token"]] - 3.0 * (k < 6 and lack[k] > 0) - 10.0 * (k == 6)
        elif do == "take-bonus":
            score = 0.0
        elif do == "buy":
            c = BY_ID[action["card"]]
            score = 100 + 3 * POINTS[c] + 2 * CROWNS[c] + BONUS[c]
            if "pay" in action:  # another payment spends gold a later card may need
                score -= 0.5 * int(action["pay"].get("gold", 0))
        elif do == "take":
            kinds = [_LETTER_KIND[board[(r - 1) * 5 + c - 1]] for r, c in action["spaces"]]
            used = [0] * 6
            useful = 0
            for k in kinds:
                if used[k] < lack[k]:
                    used[k] += 1
                    useful += 1
            score = 2.0 * useful + 0.5 * len(kinds)
            if (len(kinds) == 3 and len(set(kinds)) == 1) or kinds.count(5) == 2:
                score -= 1.0
            if me["token_count"] + len(kinds) > 10:
                score -= me["token_count"] + len(kinds) - 10
        elif do == "reserve":
            score = 1.0 if "card" in action else 0.8
        elif do == "pass":
            score = -10.0
        else:  # privilege, replenish
            score = -5.0
        if score > best_score:
            best, best_score = [action], score
        elif score == best_score:
            best.append(action)
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


__all__ = ["choose"]
