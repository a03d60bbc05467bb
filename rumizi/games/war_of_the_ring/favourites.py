"""War of the Ring's favourites on a profile: the side a player played, and won with.

A finished game counts ``side`` once for each seat (``"free"`` or ``"shadow"``), and
``won:side`` once more for the seat that won.

>>> [(f.label, f.count, f.won) for f in favourites({"shadow": 3, "won:shadow": 1}, "en").items]
[('Shadow', 3, 1)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rumizi.core.addons import Favourites, ranked_favourites
from rumizi.core.contract import Event, GameState
from rumizi.games.war_of_the_ring.cards import FREE
from rumizi.games.war_of_the_ring.engine import WarOfTheRingState

TALLY_VERSION = 1
WON = "won:"
SIDES = {"free": ("Free Peoples", "مردمان آزاد"), "shadow": ("Shadow", "نیروهای تاریک")}


def tally(state: GameState, events: Sequence[Event]) -> list[dict[str, int]]:
    """Per seat, its side (``{side: 1}``) and, for the winner, ``{"won:" + side: 1}``."""
    returns = state.returns()
    if not isinstance(state, WarOfTheRingState):
        return [{} for _ in returns]
    found: list[dict[str, int]] = []
    for seat, player in enumerate(state.players):
        side = "free" if player.faction == FREE else "shadow"
        line = {side: 1}
        if seat < len(returns) and returns[seat] > 0.5 and len(set(returns)) > 1:
            line[WON + side] = 1
        found.append(line)
    return found


def favourites(totals: Mapping[str, int], lang: str) -> Favourites:
    """The sides played, the most first, each with its wins."""
    title = "طرفِ بازی (و بُردها)" if lang == "fa" else "Side played (and won with)"
    played = {k: n for k, n in totals.items() if k in SIDES}
    won = {k: totals.get(WON + k, 0) for k in played}
    return ranked_favourites(title, played, lambda k: SIDES[k][1 if lang == "fa" else 0], won)
