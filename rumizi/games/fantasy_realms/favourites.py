"""Fantasy Realms' favourites on a profile: the suits of a player's winning hands.

A finished game counts, for each seat that won it, the printed suit of every card of its
final hand (as the table's modules print it: a Cursed Hoard reprint its own); a lost hand
counts nothing.

>>> favourites({"army": 2, "wizard": 5}, "en").items[0].label
'Wizard'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from rumizi.core.addons import Favourites, ranked_favourites
from rumizi.core.contract import Event, GameState
from rumizi.games.fantasy_realms.cards import SUIT_NAMES, card_info
from rumizi.games.fantasy_realms.engine import FantasyRealmsState
from rumizi.games.fantasy_realms.texts import suit_name

TALLY_VERSION = 1


def tally(state: GameState, events: Sequence[Event]) -> list[dict[str, int]]:
    """Per seat, the suits of its final hand if it won (``{suit: cards}``), else nothing."""
    returns = state.returns()
    found: list[Counter[str]] = [Counter() for _ in returns]
    if not isinstance(state, FantasyRealmsState) or len(set(returns)) == 1:
        return [dict(c) for c in found]  # (a game everyone shares has no winning hand)
    for seat, hand in enumerate(state.hands):
        if seat < len(returns) and returns[seat] > 0.5:
            for card in hand:
                try:
                    found[seat][card_info(card, expansion=state.opts.suits).suit] += 1
                except KeyError:  # a card this version no longer knows: not counted
                    continue
    return [dict(c) for c in found]


def favourites(totals: Mapping[str, int], lang: str) -> Favourites:
    """The suits of the winning hands, the most first."""
    title = "دسته‌های کارتِ دست‌های برنده" if lang == "fa" else "Suits in winning hands"
    known = {k: n for k, n in totals.items() if k in SUIT_NAMES}
    return ranked_favourites(title, known, lambda k: suit_name(k, lang))
