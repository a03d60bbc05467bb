"""Sampling a full Star Realms state from one player's view (for search bots).

Everything visible is kept; the hidden parts are dealt at random: each other player's hand
(less the cards publicly known to be in it) and deck from the cards that player holds unseen,
the viewer's own deck order, the trade deck from the trade cards not seen anywhere, and the
seed that drives future shuffles. Because the input is the view, a bot that searches sampled
states cannot see what its player could not.

>>> from rumizi.games.star_realms import GAME
>>> state = GAME.new(seed=5)
>>> me = state.to_act
>>> guess = GAME.sample(state.view(me), seed=1)
>>> guess.view(me) == state.view(me)
True
"""

from __future__ import annotations

from typing import Any

from rumizi.core import rng
from rumizi.core.contract import View
from rumizi.games.star_realms.cards import BY_ID, NAMES, TRADE_COUNTS
from rumizi.games.star_realms.document import load_document
from rumizi.games.star_realms.engine import StarRealmsState

_TURN_FIELDS = (
    "in_play",
    "played",
    "allied",
    "trade",
    "combat",
    "pending",
    "queue",
    "main_phase",
    "handed_play",
)


def _ids(names: list[str]) -> list[int]:
    try:
        return [BY_ID[n] for n in names]
    except (KeyError, TypeError) as err:
        raise ValueError(f"view names an unknown card: {err}") from None


def sample_from_view(view: View, seed: int) -> StarRealmsState:
    """A state consistent with ``view``, hidden cards dealt from ``seed``."""
    state = rng.normalize_seed(seed)
    counts = list(TRADE_COUNTS)
    players: list[dict[str, Any]] = []
    for i, pv in enumerate(view["players"]):
        unseen = _ids(pv["unseen"])
        state = rng.shuffle(state, unseen)
        if "hand" in pv:
            hand = _ids(pv["hand"])
            deck = unseen
        else:
            hand = _ids(pv["known_hand"])
            need = pv["hand_size"] - len(hand)
            if need < 0 or need > len(unseen):
                raise ValueError(f"view players[{i}]: hand size does not fit the unseen cards")
            hand += unseen[:need]
            deck = unseen[need:]
        doc: dict[str, Any] = {
            "authority": pv["authority"],
            "hand": [NAMES[c] for c in hand],
            "deck": [NAMES[c] for c in deck],
            "discard": pv["discard"],
            "bases": pv["bases"],
            "pending_discards": pv["pending_discards"],
        }
        if pv["known_hand"]:
            doc["known_hand"] = pv["known_hand"]
        if pv.get("eliminated"):
            doc["eliminated"] = True
        if "damage" in pv:
            doc["damage"] = pv["damage"]
        for key in _TURN_FIELDS:
            if key in pv:
                doc[key] = pv[key]
        for name in (
            *doc["hand"],
            *doc["deck"],
            *pv["discard"],
            *pv["bases"],
            *pv.get("in_play", ()),
        ):
            counts[BY_ID[name]] -= 1
        players.append(doc)
    for name in (*view["trade_row"], *view["scrap_heap"]):
        if name is not None:
            counts[BY_ID[name]] -= 1
    trade_deck: list[int] = []
    for c, n in enumerate(counts):
        if TRADE_COUNTS[c]:
            if n < 0:
                raise ValueError(f"view shows more {NAMES[c]!r} than the game has")
            trade_deck.extend([c] * n)
    if len(trade_deck) != view["trade_deck_size"]:
        raise ValueError("view: the trade deck size does not match the cards unaccounted for")
    state = rng.shuffle(state, trade_deck)
    state, new_seed = rng.next_value(state)
    doc_state = {
        "game": view["game"],
        "format": view["format"],
        "turn": view["turn"],
        "current": view["current"],
        "players": players,
        "trade_row": view["trade_row"],
        "trade_deck": [NAMES[c] for c in trade_deck],
        "scrap_heap": view["scrap_heap"],
        "seed": new_seed,
    }
    if "bequests" in view:
        doc_state["bequests"] = view["bequests"]
    return load_document(doc_state)
