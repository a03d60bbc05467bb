"""The greedy Fantasy Realms player: the move that maximises the expected final score.

Every move is valued by the score of the hand it leads to (the scorer, best choices found),
as if the game ended after the turn:

* a discard: the hand without that card (the card joins the discard area, which Undead read);
* taking a discard-area card: the best hand after taking it and discarding one;
* drawing: the same, averaged over a few cards drawn from those the player has not seen
  (sampled completions of the unknown deck);
* the end-of-game choices (Genie, Necromancer, shedding) and the item phases the same way.

Cursed Items are left alone (most cost points) unless an item phase leaves nothing else;
Treasure Chest is used once three other items lie face down. Scores are cached per hand, so
one decision costs a few dozen scorer calls at most.

>>> import random
>>> from rumizi.games.fantasy_realms.engine import GAME
>>> s = GAME.new(seed=2, players=3, first=0)
>>> choose(s.view(0), s.legal_actions(), random.Random(0))
{'do': 'draw'}
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from rumizi.core.contract import Action, View
from rumizi.games.fantasy_realms import score_hand
from rumizi.games.fantasy_realms.cards import ITEMS
from rumizi.games.fantasy_realms.engine import Options

DRAW_SAMPLES = 4
_CACHE: dict[tuple[Any, ...], tuple[int, dict[str, dict[str, Any]]]] = {}


def hand_score(
    hand: Sequence[str], area: Sequence[str], suits: bool, players: int
) -> tuple[int, dict[str, dict[str, Any]]]:
    """The best score of ``hand`` (no items) and its choices, cached; the discard area
    matters with Undead (the suits), so it is part of the key only then."""
    key = (frozenset(hand), tuple(sorted(area)) if suits else (), suits, players)
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) > 200_000:
            _CACHE.clear()
        score = score_hand(list(hand), discards=area, expansion=suits, players=players)
        found = _CACHE[key] = (score.total, score.choices)
    return found


def known_score(hand: Sequence[str], area: Sequence[str], suits: bool, players: int) -> int | None:
    """The cached best score of ``hand``, or ``None`` if it was not scored yet."""
    found = _CACHE.get((frozenset(hand), tuple(sorted(area)) if suits else (), suits, players))
    return None if found is None else found[0]


def hand_value(hand: Sequence[str], area: Sequence[str], suits: bool, players: int) -> int:
    """The best score of ``hand`` (no items), cached (see :func:`hand_score`)."""
    return hand_score(hand, area, suits, players)[0]


class Table:
    """What the player knows that matters for values: hand, discard area, table."""

    def __init__(self, hand: list[str], area: list[str], opts: Options, seen: Sequence[str]):
        self.hand = hand
        self.area = area
        self.opts = opts
        self.suits = opts.suits
        self.players = opts.players
        known = Counter(hand) + Counter(area) + Counter(seen)
        self.unseen = sorted((Counter(opts.cards()) - known).elements())

    def value(self, hand: Sequence[str], area: Sequence[str] | None = None) -> int:
        return hand_value(hand, self.area if area is None else area, self.suits, self.players)

    def after_discard(self, hand: list[str], area: list[str]) -> float:
        """The best value of ``hand`` less one card (the card goes to the discard area)."""
        return max(self.value([c for c in hand if c != d], [*area, d]) for d in hand)

    def take_value(self, card: str, full: bool) -> float:
        area = [c for c in self.area if c != card]
        if not full:
            return self.value([*self.hand, card], area)
        return self.after_discard([*self.hand, card], area)

    def draw_value(
        self, rng: random.Random, full: bool, count: int = 1, samples: int = DRAW_SAMPLES
    ) -> float:
        if not self.unseen:
            return float(self.value(self.hand))
        total = 0.0
        for _ in range(samples):
            drawn = rng.sample(self.unseen, min(count, len(self.unseen)))
            if count == 2:  # the draft: keep one of the two
                total += max(self.value([*self.hand, x]) for x in drawn)
            elif full:
                total += self.after_discard(self.hand + drawn, self.area)
            else:
                total += self.value(self.hand + drawn)
        return total / samples


def table_of(view: View) -> tuple[Table, int]:
    me = int(view["you"])
    opts = Options(view["players"], **view["options"])
    seen: list[str] = list(view.get("searching", []))
    return Table(list(view["hands"][me]), list(view["area"]), opts, seen), me


def action_value(
    view: View, t: Table, me: int, a: Action, rng: random.Random, samples: int = DRAW_SAMPLES
) -> float:
    """The expected final score after ``a`` (see the module docstring); ``samples`` draws
    estimate what drawing is worth."""
    kind = a["do"]
    phase = view["phase"]
    hand = t.hand
    full = len(hand) >= t.opts.hand_size + view["bonus"][me]
    if kind == "draw":
        return t.draw_value(rng, True, samples=samples)
    if kind == "draw-two":
        return t.draw_value(rng, False, 2, samples=samples)
    if kind == "take":
        return t.take_value(a["card"], phase == "take" and full)
    if kind in ("discard", "shed", "return"):
        rest = [c for c in hand if c != a["card"]]
        return t.value(rest, [*t.area, a["card"]] if kind != "return" else t.area)
    if kind in ("genie", "necromancer"):
        if a["card"] is None:
            return t.value(hand)
        area = [c for c in t.area if c != a["card"]]
        return t.value([*hand, a["card"]], area)
    if kind == "ring":
        return t.take_value(a["card"], True)
    if kind == "offer":
        return -len(a["cards"])
    if kind == "wagon-keep":
        return t.value(hand)
    if kind == "wagon-discard":
        return t.value(hand) - 1
    if kind == "wagon-swap":
        shown = view["pending"]["card"]
        return t.value([c for c in hand if c != shown] + [a["card"]])
    if kind == "drop-item":
        return -1e6
    if kind == "use":
        item = a["item"]
        down = view["items"]["down"][me]
        if item == "treasure-chest" and isinstance(down, list) and len(down) >= 3:
            return 1e6
        return -2e6 + ITEMS[item].points
    return -3e6


def choose(view: View, legal: list[Action], rng: random.Random | None = None) -> Action:
    """The legal move with the highest expected final score (ties broken by ``rng``)."""
    if len(legal) == 1:
        return legal[0]
    rng = rng or random.Random(0)
    t, me = table_of(view)
    best = max((action_value(view, t, me, a, rng), rng.random(), k) for k, a in enumerate(legal))
    return legal[best[2]]
