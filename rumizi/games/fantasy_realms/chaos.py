"""How the bots trade in chaos realms: the heuristic every level starts from.

From its seat's view and list alone, a bot in the trading phase

1. answers the offers made to it: it accepts with the card it misses least when the swap
   raises its hand's best score, and refuses otherwise;
2. offers a card to a player it has not asked yet, when giving that card for an unknown one
   raises its expected best score (the average over cards it has not seen, as what the other
   hands may hold) by at least :data:`MARGIN` (only the :data:`CANDIDATES` cards whose loss
   costs the hand least are weighed, to keep a decision to about fifteen scorer calls); its
   refused offers and swaps are in its own ``seen`` records, so it never asks a player twice;
3. else declares itself done (its open offers stand; it still answers the ones made to it).

So every bot's trading ends after at most one offer per other player, and a table of bots
ends its trading without a clock. Every level trades so; ``flat-mc`` searches instead: it
races this heuristic's move against the others of :func:`trade_candidates` (every answer,
``done``, any card offered to a player not asked yet), each played into the same worlds
sampled from its view and the trading played out with this heuristic for every seat; it too
asks each player once and never withdraws. After the trading, the Necromancer's holder draws three
unless its hand is worth more than any hand it could expect from a draw (it keeps the best).

>>> import random
>>> from rumizi.games.fantasy_realms import GAME
>>> s = GAME.new(seed=3, players=3, variant="chaos")
>>> choose(s.view(1), s.legal_actions_for(1), random.Random(0))["by"]
1
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from rumizi.core.contract import Action, View
from rumizi.games.fantasy_realms.engine import FantasyRealmsState, Options
from rumizi.games.fantasy_realms.hand_values import hand_value

MARGIN = 4.0  # points an offer must be expected to gain
SAMPLES = 5  # unknown cards tried per card offered
CANDIDATES = 2  # the cards missed least, the only ones weighed for an offer
PHASES = frozenset({"trade", "summon", "keep"})


def _value(hand: list[str], view: View) -> float:
    opts = view["options"]
    return float(hand_value(hand, view["area"], bool(opts["suits"]), int(view["players"])))


def _unseen(view: View, me: int) -> list[str]:
    opts = Options(view["players"], **view["options"])
    known = Counter(view["hands"][me]) + Counter(view["area"])
    return sorted((Counter(opts.cards()) - known).elements())


def asked(view: View, me: int) -> set[int]:
    """The seats ``me`` has offered a card to (open, refused or swapped)."""
    found = {int(o["to"]) for o in view["pending"].get("offers", []) if o["by"] == me}
    for record in view["seen"][me] or []:
        if "refused" in record:
            found.add(int(record["to"]))
        elif "swap" in record and record["by"] == me:
            found.add(int(record["with"]))
    return found


def _answer(view: View, hand: list[str], legal: list[Action]) -> Action | None:
    offers = {o["id"]: o for o in view["pending"]["offers"]}
    now = _value(hand, view)
    for a in legal:
        if a["do"] != "refuse":
            continue
        got = offers[a["offer"]]["card"]
        best: tuple[float, str] | None = None
        for give in sorted(set(hand)):
            v = _value([c for c in hand if c != give] + [got], view)
            if best is None or v > best[0]:
                best = (v, give)
        if best is not None and best[0] > now:
            return {"do": "accept", "by": a["by"], "offer": a["offer"], "card": best[1]}
        return a
    return None


def _offer(
    view: View, me: int, hand: list[str], legal: list[Action], rng: random.Random
) -> Action | None:
    targets = sorted(
        {a["to"] for a in legal if a["do"] == "propose"} - asked(view, me),
        key=lambda q: (q - me) % view["players"],
    )
    if not targets:
        return None
    unseen = _unseen(view, me)
    if not unseen:
        return None
    now = _value(hand, view)
    # the cards missed least are the ones worth offering; only those are sampled
    missed = sorted((-_value([c for c in hand if c != g], view), g) for g in sorted(set(hand)))
    best: tuple[float, str] | None = None
    for _, give in missed[:CANDIDATES]:
        rest = [c for c in hand if c != give]
        tries = rng.sample(unseen, min(SAMPLES, len(unseen)))
        gain = sum(_value([*rest, x], view) for x in tries) / len(tries) - now
        if best is None or gain > best[0]:
            best = (gain, give)
    if best is None or best[0] < MARGIN:
        return None
    return {"do": "propose", "by": me, "to": targets[0], "card": best[1]}


def trade_candidates(view: View, legal: list[Action]) -> list[int]:
    """Indexes into a seat's trading ``legal`` of the moves a search weighs: every answer,
    ``done``, and an offer of any card to a player not asked yet.

    Never a withdrawal, and never a second offer to the same player, so that a searching bot,
    like the heuristic, makes at most one offer to each other player and a table without a
    clock ends its trading (offering, withdrawing and offering again would not end).
    """
    me = int(view["you"])
    seen = asked(view, me)
    return [
        i
        for i, a in enumerate(legal)
        if a["do"] != "withdraw" and not (a["do"] == "propose" and int(a["to"]) in seen)
    ]


def choose(view: View, legal: list[Action], rng: random.Random | None = None) -> Action:
    """The bot's move in a chaos phase (``legal``: its seat's own list)."""
    rng = rng or random.Random(0)
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    me = int(view["you"])
    hand = list(view["hands"][me])
    if phase == "summon":
        unseen = _unseen(view, me)
        tries = [rng.sample(unseen, min(3, len(unseen))) for _ in range(SAMPLES)]
        draw = sum(max(_value([*hand, x], view) for x in t) for t in tries) / len(tries)
        want = "draw-three" if draw >= _value(hand, view) else "pass"
        return next(a for a in legal if a["do"] == want)
    if phase == "keep":
        drawn = set(view["pending"]["drawn"])
        base = [c for c in hand if c not in drawn]
        return max(legal, key=lambda a: (_value([*base, a["card"]], view), a["card"]))
    found = _answer(view, hand, legal) or _offer(view, me, hand, legal, rng)
    if found is not None and found in legal:
        return found
    done = {"do": "done", "by": me}
    return done if done in legal else legal[0]


def playout_action(state: FantasyRealmsState, rng: random.Random) -> Action:
    """The first actor's move (what playouts and the strong policy play in a chaos phase)."""
    seat = state.to_act
    assert seat is not None
    return choose(state.view(seat), state.legal_actions_for(seat), rng)


def in_chaos(view_or_phase: Any) -> bool:
    """Whether a view (or a phase name) is one of the chaos phases this module plays."""
    phase = view_or_phase.get("phase") if isinstance(view_or_phase, dict) else view_or_phase
    return phase in PHASES
