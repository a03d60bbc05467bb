"""Shared set-up for the War of the Ring tests: hand-built positions loaded through ``GAME.load``.

``position(...)`` writes a canonical document with sensible defaults and loads it; only what a
test cares about needs saying. Seat 0 plays the Free Peoples and seat 1 the Shadow unless
``shadow=0``. Each player's fields (``hand``, ``graveyard``, ``shadow_row``, ``known``,
``activated``, ``passed``, ``took``, ``deck`` top card first) go in ``p0`` / ``p1``; zones are
``{"left": ([seat 0 cards], [seat 1 cards]), ...}``. Cards of a faction placed nowhere make its
deck, in file order, so every document conserves the cards.
"""

from __future__ import annotations

from typing import Any

from rumizi.games.war_of_the_ring import GAME, WarOfTheRingState
from rumizi.games.war_of_the_ring.cards import BY_ID, DECKS, FACTION, FREE, IDS, SHADOW
from rumizi.games.war_of_the_ring.engine import ZONES

Doc = dict[str, Any]


def build_doc(
    *,
    p0: Doc | None = None,
    p1: Doc | None = None,
    zones: dict[str, tuple[list[str], list[str]]] | None = None,
    shadow: int = 1,
    phase: str = "planning",
    current: int = 0,
    starter: int = 0,
    zone: int = 0,
    results: dict[str, Any] | None = None,
    **top: Any,
) -> Doc:
    factions = [SHADOW if shadow == 0 else FREE, SHADOW if shadow == 1 else FREE]
    raw = [dict(p0 or {}), dict(p1 or {})]
    zones = zones or {}
    zone_docs = []
    for name in ZONES:
        cards = zones.get(name, ([], []))
        seen_default = (results or {}).get(name) is not None
        zone_docs.append(
            {
                "cards": [list(cards[0]), list(cards[1])],
                "seen": [[seen_default] * len(cards[0]), [seen_default] * len(cards[1])],
                "boost": [0, 0],
                "result": (results or {}).get(name),
            }
        )
    players = []
    for seat in (0, 1):
        pd = raw[seat]
        f = factions[seat]
        used = list(pd.get("hand", [])) + list(pd.get("graveyard", []))
        used += list(raw[1 - seat].get("shadow_row", []))
        for zd in zone_docs:
            used += zd["cards"][seat]
        playing = top.get("playing")
        if playing and FACTION[BY_ID[playing["card"]]] == f:
            used.append(playing["card"])
        if "deck" in pd:
            used += pd["deck"]
        rest = [IDS[k] for k in DECKS[f]]
        for name in used:
            rest.remove(name)  # ValueError here: the test used a card its deck has no copy left of
        players.append(
            {
                "faction": "free" if f == FREE else "shadow",
                "hand": list(pd.get("hand", [])),
                "known": list(pd.get("known", [])),
                "deck": list(pd["deck"]) + rest if "deck" in pd else rest,
                "graveyard": list(pd.get("graveyard", [])),
                "shadow_row": list(pd.get("shadow_row", [])),
                "activated": pd.get("activated", 0),
                "passed": pd.get("passed", phase == "battle"),
                "took": pd.get("took", 0),
            }
        )
    doc: Doc = {
        "game": "war-of-the-ring",
        "round": 1,
        "phase": phase,
        "starter": starter,
        "current": current,
        "zone": zone,
        "pending": None,
        "playing": None,
        "effects": [],
        "winner": None,
        "end": None,
        "zones": zone_docs,
        "players": players,
        "seed": 12345,
    }
    doc.update(top)
    return doc


def position(**fields: Any) -> WarOfTheRingState:
    state = GAME.load(build_doc(**fields))
    state.events = []
    return state


def play(state: WarOfTheRingState, *actions: Doc) -> None:
    for action in actions:
        state.apply(action)


def place(card: str, zone: str) -> Doc:
    return {"do": "place", "card": card, "zone": zone}


PASS: Doc = {"do": "pass"}
