"""Splendor Duel's favourites on a profile: the colours of the cards a player bought.

Every ``buy`` event counts its card's bonus colour for the seat that bought it (a joker the
colour it took); a card with no bonus says nothing of a taste and is left out.

>>> favourites({"red": 2, "blue": 5}, "fa").items[0].label
'آبی'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rumizi.core.addons import Favourites, ranked_favourites, tally_events
from rumizi.core.contract import Event, GameState
from rumizi.games.splendor_duel.cards import BY_ID, CARDS, COLORS
from rumizi.games.splendor_duel.texts import color_name

TALLY_VERSION = 1


def _colour(event: Event) -> str | None:
    card = BY_ID.get(str(event.get("card")))
    if card is None:
        return None
    color = str(event.get("color") or CARDS[card].color)  # a joker: the colour it took
    return color if color in COLORS else None


def tally(state: GameState, events: Sequence[Event]) -> list[dict[str, int]]:
    """Per seat, the colours of the cards it bought (``{colour: cards}``)."""
    return tally_events(len(state.returns()), events, "buy", _colour)


def favourites(totals: Mapping[str, int], lang: str) -> Favourites:
    """The colours bought, the most first."""
    title = "رنگ‌های خریده‌شده" if lang == "fa" else "Colours bought"
    known = {k: n for k, n in totals.items() if k in COLORS}
    # A name alone in a list starts with a capital in English ("Blue 5").
    return ranked_favourites(title, known, lambda k: color_name(k, lang).capitalize())
