"""Sampling a full War of the Ring state from one player's view (for search bots).

Everything visible is kept; the hidden parts are dealt at random. For each seat, the cards
of its deck that the view cannot place — not in a hand the viewer sees, not known to be in
the other hand, not in a graveyard, not face up in a zone, not the event being played — are
shuffled and dealt to the places the view shows only by size: the hidden part of that seat's
hand, its deck, the *other* seat's shadow row (which holds this seat's cards) and its
face-down zone cards. Because the input is the view, a bot that searches sampled states
cannot see what its player could not.

>>> from rumizi.games.war_of_the_ring import GAME
>>> state = GAME.new(seed=5)
>>> me = state.to_act
>>> guess = GAME.sample(state.view(me), seed=1)
>>> guess.view(me) == state.view(me)
True
>>> guess.export()["players"][1 - me]["hand"] == state.export()["players"][1 - me]["hand"]
False
"""

from __future__ import annotations

from typing import Any

from rumizi.core import rng
from rumizi.games.war_of_the_ring.cards import BY_ID, FACTION_NAMES, IDS, N_KINDS, OWNED
from rumizi.games.war_of_the_ring.document import load_document
from rumizi.games.war_of_the_ring.engine import WarOfTheRingState

# Fields of the view copied as they are into the document.
_SHARED = (
    "game",
    "round",
    "phase",
    "starter",
    "current",
    "zone",
    "pending",
    "playing",
    "effects",
    "battles",
    "winner",
    "end",
)
_PLAYER = ("faction", "known", "graveyard", "activated", "passed", "took")


def _kind(name: Any) -> int:
    k = BY_ID.get(name) if isinstance(name, str) else None
    if k is None:
        raise ValueError(f"view names an unknown card: {name!r}")
    return k


def sample_from_view(view: Any, seed: Any) -> WarOfTheRingState:  # Any: checked here
    """A state consistent with ``view``, hidden cards dealt from ``seed``."""
    state = rng.normalize_seed(seed)
    pviews = view["players"]
    zones = view["zones"]
    playing = view.get("playing")
    playing_kind = _kind(playing["card"]) if playing else -1
    docs: list[dict[str, Any]] = [{key: pv[key] for key in _PLAYER} for pv in pviews]
    zone_cards: list[list[list[Any]]] = [
        [list(zv["cards"][0]), list(zv["cards"][1])] for zv in zones
    ]
    for seat, pv in enumerate(pviews):
        other = pviews[1 - seat]
        faction = FACTION_NAMES.index(pv["faction"])
        counts = list(OWNED[faction])
        hand_seen = pv["hand"] if pv["hand"] is not None else pv["known"]
        visible = [*hand_seen, *pv["graveyard"]]
        for zc in zone_cards:
            visible += [c for c in zc[seat] if c is not None]
        for name in visible:
            counts[_kind(name)] -= 1
        if playing_kind >= 0 and OWNED[faction][playing_kind]:
            counts[playing_kind] -= 1
        if min(counts) < 0:
            raise ValueError(f"view players[{seat}]: more cards shown than the deck holds")
        pool = [k for k in range(N_KINDS) for _ in range(counts[k])]
        hidden_hand = pv["hand_size"] - len(hand_seen)
        hidden_zone = sum(c is None for zc in zone_cards for c in zc[seat])
        wanted = hidden_hand + pv["deck_size"] + other["shadow_size"] + hidden_zone
        if wanted != len(pool) or hidden_hand < 0:
            raise ValueError(
                f"view players[{seat}]: {len(pool)} cards are unaccounted for, but the hidden "
                f"hand, deck, shadow row and face-down cards hold {wanted}"
            )
        state = rng.shuffle(state, pool)
        names = [IDS[k] for k in pool]
        docs[seat]["hand"] = [*hand_seen, *names[:hidden_hand]]
        names = names[hidden_hand:]
        docs[seat]["deck"] = names[: pv["deck_size"]]
        names = names[pv["deck_size"] :]
        docs[1 - seat]["shadow_row"] = names[: other["shadow_size"]]
        names = names[other["shadow_size"] :]
        for zc in zone_cards:
            stack = zc[seat]
            for i, c in enumerate(stack):
                if c is None:
                    stack[i] = names.pop()
    state, new_seed = rng.next_value(state)
    doc: dict[str, Any] = {key: view[key] for key in _SHARED}
    doc["zones"] = [
        {"cards": zone_cards[z], "seen": zv["seen"], "boost": zv["boost"], "result": zv["result"]}
        for z, zv in enumerate(zones)
    ]
    doc["players"] = docs
    doc["seed"] = new_seed
    return load_document(doc)
