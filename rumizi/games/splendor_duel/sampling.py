"""Sampling a full Splendor Duel state from one player's view (for search bots).

Everything visible is kept; the hidden parts are dealt at random: the cards the other player
reserved unseen (from the top of a deck, so only their levels are known), the order of each
deck, and the random state that drives future replenishes. The cards a viewer cannot place
are those of no pyramid slot, no purchase and no reserve they can see; each level's unseen
cards are shuffled and dealt first to the hidden reserves of that level, the rest making the
deck. Because the input is the view, a bot that searches sampled states cannot see what its
player could not.

>>> from rumizi.games.splendor_duel import GAME
>>> state = GAME.new(seed=5)
>>> me = state.to_act
>>> guess = GAME.sample(state.view(me), seed=1)
>>> guess.view(me) == state.view(me)
True
>>> guess.export()["decks"] == state.export()["decks"]
False
"""

from __future__ import annotations

from typing import Any

from rumizi.core import rng
from rumizi.games.splendor_duel.cards import BY_ID, IDS, LEVEL, N_CARDS
from rumizi.games.splendor_duel.document import load_document
from rumizi.games.splendor_duel.engine import SplendorDuelState

# Fields of the view copied as they are into the document.
_SHARED = (
    "game",
    "turn",
    "current",
    "phase",
    "pending",
    "queue",
    "again",
    "bought",
    "held",
    "board",
    "bag",
    "pyramid",
    "royals",
    "privileges",
    "winner",
    "end",
)
_PLAYER = ("tokens", "privileges", "cards", "jokers", "royals", "points", "crowns", "stall")


def _id(name: Any) -> int:
    card = BY_ID.get(name) if isinstance(name, str) else None
    if card is None:
        raise ValueError(f"view names an unknown card: {name!r}")
    return card


def sample_from_view(view: Any, seed: Any) -> SplendorDuelState:  # Any: checked here
    """A state consistent with ``view``, hidden cards dealt from ``seed``."""
    state = rng.normalize_seed(seed)
    placed = [False] * N_CARDS
    for row in view["pyramid"]:
        for name in row:
            if name is not None:
                placed[_id(name)] = True
    for pv in view["players"]:
        for name in pv["cards"]:
            placed[_id(name)] = True
        for entry in pv["reserved"]:
            if entry["card"] is not None:
                placed[_id(entry["card"])] = True
    unseen: list[list[int]] = [[], [], []]
    for c in range(N_CARDS):
        if not placed[c]:
            unseen[LEVEL[c] - 1].append(c)
    for pool in unseen:
        state = rng.shuffle(state, pool)
    players = []
    for i, pv in enumerate(view["players"]):
        doc: dict[str, Any] = {key: pv[key] for key in _PLAYER}
        reserved = []
        for entry in pv["reserved"]:
            name = entry["card"]
            if name is None:
                pool = unseen[int(entry["level"]) - 1]
                if not pool:
                    raise ValueError(f"view players[{i}]: no unseen card left for a hidden reserve")
                name = IDS[pool.pop()]
            reserved.append({"card": name, "blind": bool(entry["blind"])})
        doc["reserved"] = reserved
        players.append(doc)
    decks = []
    for lv, pool in enumerate(unseen):
        if len(pool) != view["decks"][lv]:
            raise ValueError(
                f"view: the level-{lv + 1} deck holds {view['decks'][lv]} cards but "
                f"{len(pool)} are unaccounted for"
            )
        decks.append([IDS[c] for c in pool])
    state, new_seed = rng.next_value(state)
    doc_state: dict[str, Any] = {key: view[key] for key in _SHARED}
    doc_state["decks"] = decks
    doc_state["players"] = players
    doc_state["seed"] = new_seed
    return load_document(doc_state)
