"""Splendor Duel's favourites on a profile: the colours of the cards a player bought.

Every ``buy`` event counts its card's bonus colour for the seat that bought it (a joker the
colour it took); a card with no bonus says nothing of a taste and is left out.

>>> favourites({"red": 2, "blue": 5}, "fa").items[0].label
'آبی'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from rumizi.core.addons import Favourites, ranked_favourites
from rumizi.core.contract import Event, GameState
from rumizi.games.splendor_duel.cards import BY_ID, CARDS, COLORS
from rumizi.games.splendor_duel.texts import color_name

TALLY_VERSION = 1


def tally(state: GameState, events: Sequence[Event]) -> list[dict[str, int]]:
    """Per seat, the colours of the cards it bought (``{colour: cards}``)."""
    seats = len(state.returns())
    found: list[Counter[str]] = [Counter() for _ in range(seats)]
    for event in events:
        if event.get("event") != "buy":
            continue
        seat, card = event.get("player"), BY_ID.get(str(event.get("card")))
        if not isinstance(seat, int) or not 0 <= seat < seats or card is None:
            continue
        color = str(event.get("color") or CARDS[card].color)
        if color in COLORS:
            found[seat][color] += 1
    return [dict(c) for c in found]


def favourites(totals: Mapping[str, int], lang: str) -> Favourites:
    """The colours bought, the most first."""
    title = "رنگ‌های خریده‌شده" if lang == "fa" else "Colours bought"
    known = {k: n for k, n in totals.items() if k in COLORS}
    # A name alone in a list starts with a capital in English ("Blue 5").
    return ranked_favourites(title, known, lambda k: color_name(k, lang).capitalize())
