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

Speed: scores are cached per hand. The scorer's search for the best choices of ACTION cards
(Mirage, Book of Changes …) costs some forty times a plain score, so a hand one card away
from the hand held is first scored with the held hand's best choices (where they still
apply: a lower bound, :func:`approx_value`), and only the best discard or two of every
candidate are scored exactly (:func:`discard_values`). A decision costs a few exact searches
and a few dozen plain scores.

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
from rumizi.games.fantasy_realms.scoring import ACTION_CARDS, CHOICE_KEYS

DRAW_SAMPLES = 4
EXACT_TOP = 2  # discards scored exactly after the quick estimate of every one
_ACTIONS = frozenset(ACTION_CARDS)
_COPY_BY_NAME = frozenset({"mirage", "shapeshifter"})
_APPROX: dict[tuple[Any, ...], int] = {}
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


def approx_value(
    hand: Sequence[str],
    area: Sequence[str],
    suits: bool,
    players: int,
    base: dict[str, dict[str, Any]],
) -> int:
    """``hand``'s score: exact (cached) when it holds no ACTION card or was scored already,
    else with the choices ``base`` made where they still apply (a lower bound, and about
    forty times faster than the search for the best choices)."""
    acts = [c for c in hand if c in _ACTIONS]
    if not acts:
        return hand_value(hand, area, suits, players)
    found = known_score(hand, area, suits, players)
    if found is not None:
        return found
    key = (frozenset(hand), tuple(sorted(area)) if suits else (), suits, players)
    cached = _APPROX.get(key)
    if cached is not None:
        return cached
    fixed: dict[str, dict[str, Any]] = {}
    for a in acts:
        choice = base.get(a)
        target = None if choice is None else choice.get(CHOICE_KEYS[a][0])
        keep = choice is not None and (
            a in _COPY_BY_NAME or target is None or (target in hand and target != a)
        )
        fixed[a] = dict(choice) if keep and choice is not None else {}
    try:
        total = score_hand(
            list(hand), discards=area, expansion=suits, players=players, choices=fixed
        ).total
    except ValueError:  # a kept choice that no longer fits (Island's target changed suit)
        total = hand_value(hand, area, suits, players)
    if len(_APPROX) > 200_000:
        _APPROX.clear()
    _APPROX[key] = total
    return total


def discard_values(
    hand: Sequence[str],
    area: Sequence[str],
    suits: bool,
    players: int,
    base: dict[str, dict[str, Any]] | None = None,
    exact: int = EXACT_TOP,
) -> list[tuple[int, str]]:
    """``(score of hand without d, d)`` for every card ``d`` (which joins ``area``), best
    first. Every one is estimated with :func:`approx_value` (``base``: the choices of a hand
    scored exactly, by default ``hand``'s own), then the best ``exact`` are scored exactly."""
    held = set(hand)
    area = [c for c in area if c not in held]
    acts = any(c in _ACTIONS for c in hand)
    if acts and base is None:
        base = hand_score(hand, area, suits, players)[1]
    out = []
    for d in hand:
        rest = [c for c in hand if c != d]
        out.append((approx_value(rest, [*area, d], suits, players, base or {}), d))
    out.sort(reverse=True)
    if acts:
        for k in range(min(exact, len(out))):
            d = out[k][1]
            out[k] = (hand_value([c for c in hand if c != d], [*area, d], suits, players), d)
        out.sort(reverse=True)
    return out


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
    if kind == "discard" and phase == "discard":
        values = t.discards()
        return values.get(a["card"], -1e6)
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
    if kind == "end-turn":  # the discard is made: the hand stays as it is
        return float(t.value(hand))
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
    from rumizi.games.fantasy_realms import chaos  # chaos reads hand_value from here

    if len(legal) == 1:
        return legal[0]
    rng = rng or random.Random(0)
    if chaos.in_chaos(view):  # the chaos variant's trading and Necromancer: its own module
        return chaos.choose(view, legal, rng)
    t, me = table_of(view)
    best = max((action_value(view, t, me, a, rng), rng.random(), k) for k, a in enumerate(legal))
    return legal[best[2]]
