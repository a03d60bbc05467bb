"""The greedy Fantasy Realms player: the move that maximises the expected final score.

Every move is valued by the score of the hand it leads to (the scorer, best choices found),
as if the game ended after the turn:

* a discard: the hand without that card (the card joins the discard area, which Undead read);
* taking a discard-area card: the best hand after taking it and discarding one;
* drawing: the same, averaged over a few cards drawn from those the player has not seen
  (sampled completions of the unknown deck);
* the end-of-game choices (Genie, Necromancer, shedding) and the item phases the same way.

Cursed Items are left alone (most cost points) unless an item phase leaves nothing else;
Treasure Chest is used once three other items lie face down. After the discard, while an
item could still be used, ending the turn is worth the hand as it is, so the turn is ended.

Speed: hands are valued by :mod:`.hand_values` (cached scores; a hand one card away from the
hand held is first estimated with the held hand's best choices, and only the best discard or
two are scored exactly). A decision costs a few exact searches and a few dozen plain scores.
The chaos variant's trading and Necromancer are :mod:`.chaos`'s.

>>> import random
>>> from rumizi.games.fantasy_realms import GAME
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
from rumizi.games.fantasy_realms import chaos
from rumizi.games.fantasy_realms.cards import ITEMS
from rumizi.games.fantasy_realms.engine import Options
from rumizi.games.fantasy_realms.hand_values import discard_values, hand_score, hand_value

DRAW_SAMPLES = 4


class HandOutlook:
    """A player's outlook: what it knows that matters for values (its hand, the discard area,
    the table, the cards it has not seen) and what the hands its moves lead to are worth."""

    def __init__(self, hand: list[str], area: list[str], opts: Options, seen: Sequence[str]):
        self.hand = hand
        self.area = area
        self.opts = opts
        self.suits = opts.suits
        self.players = opts.players
        known = Counter(hand) + Counter(area) + Counter(seen)
        self.unseen = sorted((Counter(opts.cards()) - known).elements())
        self._base: dict[str, dict[str, Any]] | None = None
        self._discards: dict[str, float] | None = None

    def value(self, hand: Sequence[str], area: Sequence[str] | None = None) -> int:
        return hand_value(hand, self.area if area is None else area, self.suits, self.players)

    def base(self) -> dict[str, dict[str, Any]]:
        """The best choices of the hand held (what hands one card away start from)."""
        if self._base is None:
            held = set(self.hand)
            area = [c for c in self.area if c not in held]
            self._base = hand_score(self.hand, area, self.suits, self.players)[1]
        return self._base

    def after_discard(self, hand: list[str], area: list[str], exact: int = 1) -> float:
        """The best value of ``hand`` less one card (the card goes to the discard area)."""
        base = self.base() if set(self.hand) <= set(hand) else None
        return discard_values(hand, area, self.suits, self.players, base, exact)[0][0]

    def discards(self) -> dict[str, float]:
        """What the hand held is worth without each card (the discard phase), computed once."""
        if self._discards is None:
            values = discard_values(self.hand, self.area, self.suits, self.players)
            self._discards = {d: float(v) for v, d in values}
        return self._discards

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


def outlook_of(view: View) -> tuple[HandOutlook, int]:
    me = int(view["you"])
    opts = Options(view["players"], **view["options"])
    seen: list[str] = list(view.get("searching", []))
    return HandOutlook(list(view["hands"][me]), list(view["area"]), opts, seen), me


def action_value(
    view: View,
    outlook: HandOutlook,
    me: int,
    a: Action,
    rng: random.Random,
    samples: int = DRAW_SAMPLES,
) -> float:
    """The expected final score after ``a`` (see the module docstring); ``samples`` draws
    estimate what drawing is worth."""
    kind = a["do"]
    phase = view["phase"]
    hand = outlook.hand
    full = len(hand) >= outlook.opts.hand_size + view["bonus"][me]
    if kind == "draw":
        return outlook.draw_value(rng, True, samples=samples)
    if kind == "draw-two":
        return outlook.draw_value(rng, False, 2, samples=samples)
    if kind == "take":
        return outlook.take_value(a["card"], phase == "take" and full)
    if kind == "discard" and phase == "discard":
        values = outlook.discards()
        return values.get(a["card"], -1e6)
    if kind in ("discard", "shed", "return"):
        rest = [c for c in hand if c != a["card"]]
        return outlook.value(rest, [*outlook.area, a["card"]] if kind != "return" else outlook.area)
    if kind in ("genie", "necromancer"):
        if a["card"] is None:
            return outlook.value(hand)
        area = [c for c in outlook.area if c != a["card"]]
        return outlook.value([*hand, a["card"]], area)
    if kind == "ring":
        return outlook.take_value(a["card"], True)
    if kind == "offer":
        return -len(a["cards"])
    if kind == "wagon-keep":
        return outlook.value(hand)
    if kind == "wagon-discard":
        return outlook.value(hand) - 1
    if kind == "wagon-swap":
        shown = view["pending"]["card"]
        return outlook.value([c for c in hand if c != shown] + [a["card"]])
    if kind == "end-turn":  # the discard is made: the hand stays as it is
        return float(outlook.value(hand))
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
    if chaos.in_chaos(view):  # the chaos variant's trading and Necromancer: its own module
        return chaos.choose(view, legal, rng)
    outlook, me = outlook_of(view)
    best = max(
        (action_value(view, outlook, me, a, rng), rng.random(), k) for k, a in enumerate(legal)
    )
    return legal[best[2]]
