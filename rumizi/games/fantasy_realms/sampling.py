"""Sampling a full Fantasy Realms state from one seat's view (for the search bots).

What the view shows is kept; the cards it cannot place (the deck, the other hands, drawn
cards it was not shown) are shuffled and dealt again, and so are the Cursed Items it cannot
see (the item deck, the others' face-down items). A search in progress (Genie, Wishing Ring)
shows its seat the deck's cards: those stay the deck. Built from the view alone, so a bot
cannot peek.

>>> from rumizi.games.fantasy_realms import GAME
>>> s = GAME.new(seed=4, players=4, items=True)
>>> guess = GAME.sample(s.view(1), seed=9)
>>> guess.view(1) == s.view(1), guess.export()["hands"][2] == s.export()["hands"][2]
(True, False)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rumizi.core import rng
from rumizi.core.contract import View
from rumizi.games.fantasy_realms.cards import ITEMS
from rumizi.games.fantasy_realms.document import load_document
from rumizi.games.fantasy_realms.engine import FantasyRealmsState, Options, copy_data


def sample_from_view(view: Any, seed: Any) -> FantasyRealmsState:  # Any: checked here
    """A state consistent with ``view``; the hidden parts dealt from ``seed``."""
    state = rng.normalize_seed(seed)
    doc: dict[str, Any] = {k: v for k, v in view.items() if k not in ("you", "searching")}
    doc = copy_data(doc)
    opts = Options(view["players"], **view["options"])
    hands = doc["hands"]
    known = Counter(doc["area"])
    for h in hands:
        if isinstance(h, list):
            known.update(h)
    searching = view.get("searching")
    unseen = list((Counter(opts.cards()) - known).elements())
    if searching is not None:
        unseen = list((Counter(unseen) - Counter(searching)).elements())
    pins = _pinned(view, hands, unseen)
    unseen = list((Counter(unseen) - Counter(list(pins))).elements())
    state = rng.shuffle(state, unseen)
    for q, h in enumerate(hands):
        if isinstance(h, int):
            mine = sorted(c for c, owner in pins.items() if owner == q)
            hands[q] = mine + [unseen.pop() for _ in range(h - len(mine))]
    pend = doc["pending"]
    if doc["phase"] == "trade":  # an offer's card the view hides is one of its offerer's
        for offer in pend["offers"]:
            if offer["card"] is None:
                hand = sorted(hands[offer["by"]])
                state, k = rng.below(state, len(hand))
                offer["card"] = hand[k]
    if isinstance(pend.get("drawn"), int):  # cards drawn this turn, shown only to the drawer
        pend["drawn"] = hands[doc["current"]][-pend["drawn"] :]
    if searching is not None:
        deck = list(searching)
        state = rng.shuffle(state, deck)
        if len(deck) != view["deck"]:
            raise ValueError("view: the searched deck does not match the deck's size")
    else:
        deck = unseen
        if len(deck) != view["deck"]:
            raise ValueError(f"view: the deck holds {view['deck']} cards, {len(deck)} unplaced")
    doc["deck"] = deck
    it = doc["items"]
    placed = Counter(it["pile"]) + Counter(x for x in it["up"] if x is not None)
    for d in it["down"]:
        if isinstance(d, list):
            placed.update(d)
    for a in it["aside"]:
        placed.update(a)
    if doc["phase"] == "borrowed" and not pend.get("copy"):
        placed[pend["item"]] += 1
    hidden = list(((Counter(list(ITEMS)) if opts.items else Counter()) - placed).elements())
    state = rng.shuffle(state, hidden)
    for q, d in enumerate(it["down"]):
        if isinstance(d, int):
            it["down"][q] = [hidden.pop() for _ in range(d)]
    it["deck"] = hidden
    doc["seen"] = [s if s is not None else [] for s in doc["seen"]]
    state, doc["seed"] = rng.next_value(state)
    return load_document(doc)


def _pinned(view: View, hands: list[Any], unseen: list[str]) -> dict[str, int]:
    """Chaos: hidden cards the viewer knows the place of (shown in an offer to it, or given
    away in a swap by the viewer to a player who has not swapped with anyone else since)."""
    you = view.get("you")
    if view["phase"] != "trade" or you is None:
        return {}
    free = Counter(unseen)
    pins: dict[str, int] = {}
    for offer in view["pending"]["offers"]:
        if offer["to"] == you and offer["card"] in free:
            pins[offer["card"]] = offer["by"]
    swaps = [r for r in view["revealed"] if "swap" in r]
    mine = [r for r in view["seen"][you] if "swap" in r]
    for record in mine:
        card, q, k = record["gave"], record["with"], record["swap"]
        if card not in free or card in pins or not isinstance(hands[q], int):
            continue
        back = any(r["got"] == card and r["swap"] > k for r in mine)
        later = [r["players"] for r in swaps if r["swap"] > k]
        if not back and all(q not in pair or you in pair for pair in later):
            pins[card] = q
    return pins
