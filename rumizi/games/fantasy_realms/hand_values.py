"""What a hand is worth to the bots: its best score, cached, and quick estimates of it.

Every Fantasy Realms bot values a move by the hand it leads to, scored as if the game ended
(:func:`.scorer.score_hand` with the best choices for the ACTION cards). The same hands come
back decision after decision, so scores are cached per hand. The search for the best choices
(Mirage, Book of Changes …) costs some forty times a plain score, so a hand one card away
from the hand held is first scored with the held hand's best choices (where they still
apply: a lower bound, :func:`approx_value`), and only the best discard or two of every
candidate are scored exactly (:func:`discard_values`).

>>> hand_value(["wildfire", "blizzard", "great-flood"], [], False, 4)
65
>>> discard_values(["wildfire", "blizzard", "great-flood"], [], False, 4)[0]
(65, 'great-flood')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rumizi.games.fantasy_realms.scorer import score_hand
from rumizi.games.fantasy_realms.scoring import ACTION_CARDS, CHOICE_KEYS

EXACT_TOP = 2  # discards scored exactly after the quick estimate of every one
_ACTIONS = frozenset(ACTION_CARDS)
_COPY_BY_NAME = frozenset({"mirage", "shapeshifter"})
_APPROX: dict[tuple[Any, ...], int] = {}


def forget() -> None:
    """Empty the memo of approximate hand values. Its entries keep the choices of the first
    hand scored under each key, so what the greedy bot plays depends on what it met before:
    a run that must repeat itself (puzzle mining) starts from an empty memo."""
    _APPROX.clear()


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
