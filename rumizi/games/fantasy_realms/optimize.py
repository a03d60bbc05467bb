"""Finding the choices that score a hand best: a plain brute force and a pruned search.

Only the ACTION cards (§5 of the cards file) offer choices. :func:`brute_force` tries every
combination: every card of the game for Mirage and Shapeshifter, every other card of the hand
and every suit for Book of Changes, and so on. It is the reference. :func:`best_choices`
finds the same optimum from far fewer tries, by leaving out choices that cannot score
differently from one it keeps:

* a Mirage or Shapeshifter name matters only through its suit, unless some card of the hand
  names it (Mountain names Smoke) or the hand already holds it (Collector counts names); so
  one unnamed card per suit stands for all the others;
* a suit for Book of Changes matters only if a card of the hand looks at it, or if the hand
  compares suits (Collector, World Tree, Demon) and holds it; one suit nobody looks at stands
  for the rest;
* Island need only try the cards that carry a penalty, and nothing when Protection Rune
  already clears them all;
* Angel need only try the cards that fall without it (protecting a card that stands changes
  nothing), found by scoring the hand without Angel first.

Both search in a fixed order and keep the first best, so the answer is deterministic.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from rumizi.games.fantasy_realms.cards import (
    CARDS,
    SUIT_INDEX,
    SUITS,
    CardInfo,
    bit,
    card_info,
    suits_in_play,
)
from rumizi.games.fantasy_realms.scoring import (
    ACTION_CARDS,
    NAME_REFS,
    PENALTY_CARDS,
    SUIT_REFS,
    Choices,
    Table,
    copy_pool,
    evaluate,
)

Option = dict[str, str | None]


def _copy(target: str | None) -> Option:
    return {"copies": target}


def _book(target: str | None, suit: str | None) -> Option:
    return {"target": target, "new_suit": suit}


def _clears(target: str | None) -> Option:
    return {"clears": target}


def _protects(target: str | None) -> Option:
    return {"protects": target}


_SUIT_EQUALITY = ("collector", "world-tree", "demon")


def _full_domains(infos: Sequence[CardInfo], table: Table) -> dict[str, list[Option]]:
    hand = [i.id for i in infos]
    out: dict[str, list[Option]] = {}
    for card in ACTION_CARDS:
        if card not in hand:
            continue
        others = [c for c in hand if c != card]
        if card == "doppelganger":
            out[card] = [_copy(None)] + [_copy(c) for c in others]
        elif card in ("mirage", "shapeshifter"):
            out[card] = [_copy(None)] + [_copy(c) for c in copy_pool(card, table.expansion)]
        elif card == "book-of-changes":
            out[card] = [_book(None, None)] + [
                _book(c, s)
                for c in others
                if c != "phoenix-deluxe"
                for s in suits_in_play(expansion=table.expansion)
            ]
        elif card == "island":
            out[card] = [_clears(None)] + [_clears(c) for c in hand]
        else:
            out[card] = [_protects(None)] + [_protects(c) for c in others]
    return out


def brute_force(
    infos: Sequence[CardInfo], table: Table, fixed: Mapping[str, Option] | None = None
) -> tuple[int, Choices]:
    """The best total and its choices, by trying every combination (the reference)."""
    domains = _full_domains(infos, table)
    for card, option in (fixed or {}).items():
        domains[card] = [dict(option)]
    names = list(domains)
    best: tuple[int, Choices] | None = None
    for combo in itertools.product(*(domains[n] for n in names)):
        choices = dict(zip(names, combo, strict=True))
        result = evaluate(infos, choices, table)
        if result is not None and (best is None or result[0] > best[0]):
            best = (result[0], choices)
    assert best is not None  # using no ability at all is always valid
    return best


def _relevant_names(infos: Sequence[CardInfo]) -> set[str]:
    names = {i.id for i in infos}
    for i in infos:
        names.update(NAME_REFS.get(i.id, ()))
    return names


def _copy_options(card: str, infos: Sequence[CardInfo], table: Table) -> list[Option]:
    relevant = _relevant_names(infos)
    options: list[Option] = [_copy(None)]
    fresh: dict[str, str] = {}
    for c in copy_pool(card, table.expansion):
        if c in relevant:
            options.append(_copy(c))
        else:
            fresh.setdefault(card_info(c, expansion=table.expansion).suit, c)
    options.extend(_copy(c) for c in fresh.values())
    return options


def _book_suits(infos: Sequence[CardInfo], table: Table) -> list[str]:
    game = suits_in_play(expansion=table.expansion)
    looked_at = 0
    for i in infos:
        looked_at |= SUIT_REFS.get(i.id, 0)
    held = {i.id for i in infos}
    if held & set(_SUIT_EQUALITY):
        for i in infos:
            looked_at |= i.suits
        looked_at |= bit("wild")
        for wild, suits in (
            ("mirage", ("army", "land", "weather", "flood", "flame", "building")),
            ("shapeshifter", ("artifact", "leader", "wizard", "weapon", "beast", "undead")),
        ):
            if wild in held:
                for s in suits:
                    looked_at |= bit(s)
    chosen = [s for s in game if looked_at & bit(s)]
    unlooked = [s for s in game if not looked_at & bit(s)]
    return chosen + unlooked[:1]


def _pruned_domains(infos: Sequence[CardInfo], table: Table) -> dict[str, list[Option]]:
    hand = [i.id for i in infos]
    out: dict[str, list[Option]] = {}
    for card in ACTION_CARDS:
        if card not in hand or card in ("island", "angel"):
            continue
        others = [c for c in hand if c != card]
        if card == "doppelganger":
            out[card] = [_copy(None)] + [_copy(c) for c in others]
        elif card in ("mirage", "shapeshifter"):
            out[card] = _copy_options(card, infos, table)
        else:
            suits = _book_suits(infos, table)
            out[card] = [_book(None, None)] + [
                _book(c, s)
                for c in others
                if c != "phoenix-deluxe"
                for s in suits
                if s != card_info(c, expansion=table.expansion).suit or c in _WILDS
            ]
    return out


_WILDS = ("doppelganger", "mirage", "shapeshifter")


def best_choices(
    infos: Sequence[CardInfo], table: Table, fixed: Mapping[str, Option] | None = None
) -> tuple[int, Choices]:
    """The best total and its choices, found by the pruned search (same optimum as
    :func:`brute_force`)."""
    fixed = dict(fixed or {})
    hand = [i.id for i in infos]
    domains = _pruned_domains(infos, table)
    for card, option in fixed.items():
        if card in domains:
            domains[card] = [dict(option)]
    names = list(domains)
    has_island = "island" in hand
    has_angel = "angel" in hand
    rune = "protection-rune" in hand
    every_angel = table.rulings.blanking_cycles != "blank-all"
    best: tuple[int, Choices] | None = None
    for combo in itertools.product(*(domains[n] for n in names)):
        choices: dict[str, Any] = dict(zip(names, combo, strict=True))
        islands: list[Option | None]
        if has_island:
            if "island" in fixed:
                islands = [fixed["island"]]
            else:
                islands = [{"clears": None}]
                if not rune:
                    dop = choices.get("doppelganger", {}).get("copies")
                    islands += [
                        {"clears": c}
                        for c in hand
                        if c in PENALTY_CARDS or (c == "doppelganger" and dop in PENALTY_CARDS)
                    ]
        else:
            islands = [None]
        for island in islands:
            if island is not None:
                choices["island"] = island
            angels: list[Option | None]
            if has_angel and "angel" in fixed:
                angels = [fixed["angel"]]
            elif has_angel:
                angels = [{"protects": None}]
            else:
                angels = [None]
            k = 0
            while k < len(angels):
                angel = angels[k]
                k += 1
                if angel is not None:
                    choices["angel"] = angel
                result = evaluate(infos, choices, table)
                if result is None:
                    break  # this Island target is not a Flood or Flame here
                total, blanked = result
                if has_angel and "angel" not in fixed and angel == {"protects": None}:
                    targets = hand if every_angel else blanked
                    angels += [{"protects": c} for c in targets if c != "angel"]
                if best is None or total > best[0]:
                    best = (total, {n: dict(v) for n, v in choices.items()})
    assert best is not None
    return best


__all__ = ["CARDS", "SUITS", "SUIT_INDEX", "best_choices", "brute_force"]
