"""Star Realms' favourites on a profile: the factions of the cards a player bought.

Every ``buy`` event counts its card's faction for the seat that bought it (in Hydra the
team's member who paid; the card may go to a teammate). Unaligned cards (the Explorer) say
nothing of a taste and are left out.

>>> favourites({"monsters": 2, "empire": 5}, "en").items[0].label
'Empire'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rumizi.core.addons import Favourites, ranked_favourites, tally_events
from rumizi.core.contract import Event, GameState
from rumizi.games.star_realms.cards import BY_ID, CARDS, FACTION_NAMES

TALLY_VERSION = 1


def _faction(event: Event) -> str | None:
    card = BY_ID.get(str(event.get("card")))
    faction = None if card is None else CARDS[card].faction
    return None if faction == "none" else faction


def tally(state: GameState, events: Sequence[Event]) -> list[dict[str, int]]:
    """Per seat, the factions of the cards it bought (``{faction: cards}``)."""
    return tally_events(len(state.returns()), events, "buy", _faction)


def favourites(totals: Mapping[str, int], lang: str) -> Favourites:
    """The factions bought, the most first."""
    title = "جناح‌های خریده‌شده" if lang == "fa" else "Factions bought"
    known = {k: n for k, n in totals.items() if k in FACTION_NAMES}
    said = "fa" if lang == "fa" else "en"
    return ranked_favourites(title, known, lambda k: FACTION_NAMES[k][said])
