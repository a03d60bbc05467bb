"""Star Realms for learning code: a fixed action index and an observation vector.

The **action index** lists every canonical action that can ever be legal, grouped by kind,
each group in card order (the row order of :data:`~.cards.CARDS`), seats in seat order:

====================  =========================================================
group                 entries
====================  =========================================================
play                  every card id
buy                   every card that can be bought (trade-deck cards, explorer)
scrap                 every card with a scrap ability
choose from hand      every card id
choose from discard   every card id
choose from row       every trade-deck card
attack player         every seat
attack base           every seat x every base or outpost id
skip, end             one each
choose player         every seat (an opp-discard target; several opponents only)
attack amount         every seat x amounts 1..cap (several opponents only)
====================  =========================================================

The duel (2 players) has 203 actions and a 565-number observation. With several opponents an
attack on a player names an amount; the index holds amounts up to ``attack_cap`` and the mask
leaves larger ones out, which costs nothing: unspent combat stays in the pool, so two smaller
attacks do the same.

The **observation** is a float32 vector made from a player's view only (so it cannot leak a
hidden card): one-hots for the viewer, the player to act, the current player and the winner;
turn number; trade deck size; counts per card id of the trade row and the scrap heap; per
seat (in seat order) authority, hand/deck/discard sizes, pending discards, elimination, and
counts per card id of discard pile, bases, known hand cards and unseen cards (hand and deck
less what is known); the viewer's own hand; and the current player's turn: trade, combat,
counts of ships in play, cards played and allies fired, the open choice (kind, source card,
optional) and the resolution queue (total amount per effect). :attr:`layout` names each
block. Numbers are raw (authority 50 is 50.0), clipped to generous bounds.

>>> enc = make_encoding(2)
>>> len(enc.actions), enc.actions[enc.index({"do": "end"})]
(203, {'do': 'end'})
>>> enc.actions[enc.index({"base": "trading-post", "player": 1, "do": "attack"})]
{'do': 'attack', 'player': 1, 'base': 'trading-post'}
>>> from rumizi.games.star_realms import GAME
>>> state = GAME.new(seed=5)
>>> vector = enc.observe(state.view(0))
>>> vector.shape, vector.dtype.name
((565,), 'float32')
>>> float(vector[enc.layout["p0.authority"][0]])
50.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from rumizi.adapters.base import FloatArray, action_key
from rumizi.core.contract import Action, View
from rumizi.games.star_realms.cards import (
    BY_ID,
    EFFECTS,
    EXPLORER,
    HAS_SCRAP,
    IS_BASE,
    NAMES,
    TRADE_COUNTS,
)

GAME_ID = "star-realms"
CHOICES: tuple[str, ...] = ("scrap-card", "clear-row", "discard", "opp-discard")
_CARDS = len(NAMES)
_BIG = 1000.0  # bound of counts, sizes and pools (never reached in a real game)
_TURN_BIG = 1e6


def _action_list(players: int, attack_cap: int) -> list[Action]:
    buyable = [n for c, n in enumerate(NAMES) if TRADE_COUNTS[c] or c == EXPLORER]
    in_row = [n for c, n in enumerate(NAMES) if TRADE_COUNTS[c]]
    acts: list[Action] = []
    acts += [{"do": "play", "card": n} for n in NAMES]
    acts += [{"do": "buy", "card": n} for n in buyable]
    acts += [{"do": "scrap", "card": n} for c, n in enumerate(NAMES) if HAS_SCRAP[c]]
    acts += [{"do": "choose", "card": n, "from": "hand"} for n in NAMES]
    acts += [{"do": "choose", "card": n, "from": "discard"} for n in NAMES]
    acts += [{"do": "choose", "card": n, "from": "trade_row"} for n in in_row]
    acts += [{"do": "attack", "player": q} for q in range(players)]
    acts += [
        {"do": "attack", "player": q, "base": n}
        for q in range(players)
        for c, n in enumerate(NAMES)
        if IS_BASE[c]
    ]
    acts += [{"do": "skip"}, {"do": "end"}]
    if players > 2:
        acts += [{"do": "choose", "player": q} for q in range(players)]
        acts += [
            {"do": "attack", "player": q, "amount": a}
            for q in range(players)
            for a in range(1, attack_cap + 1)
        ]
    return acts


class StarRealmsEncoding:
    """The action index and observation encoder of Star Realms for ``players`` seats."""

    game_id = GAME_ID

    def __init__(self, players: int = 2, attack_cap: int = 20) -> None:
        if players < 2:
            raise ValueError(f"Star Realms needs at least 2 players, not {players}")
        if attack_cap < 1:
            raise ValueError(f"attack_cap must be at least 1, not {attack_cap}")
        self.num_players = players
        self.attack_cap = attack_cap
        self.actions: tuple[Action, ...] = tuple(_action_list(players, attack_cap))
        self._index = {action_key(a): i for i, a in enumerate(self.actions)}
        self._build_layout()

    # ------------------------------------------------------------------ actions

    def index(self, action: Action) -> int:
        return self._index[action_key(action)]

    def legal_indices(self, legal: Sequence[Action]) -> list[int]:
        found = self._index
        out = []
        for action in legal:
            i = found.get(action_key(action))
            if i is None:
                if "amount" in action and action.get("do") == "attack":
                    continue  # above the cap: smaller attacks do the same (module docs)
                raise KeyError(f"action {action!r} has no index in the Star Realms encoding")
            out.append(i)
        out.sort()
        return out

    # ------------------------------------------------------------------ observations

    def _build_layout(self) -> None:
        blocks: list[tuple[str, int, float, float]] = []
        n = self.num_players

        def add(name: str, size: int, low: float = 0.0, high: float = _BIG) -> None:
            blocks.append((name, size, low, high))

        add("viewer", n, high=1.0)
        add("current", n, high=1.0)
        add("to_act", n, high=1.0)
        add("over", 1, high=1.0)
        add("winner", n, high=1.0)
        add("turn", 1, high=_TURN_BIG)
        add("trade_deck_size", 1)
        add("trade_row", _CARDS)
        add("trade_row_empty", 1)
        add("scrap_heap", _CARDS)
        for p in range(n):
            add(f"p{p}.authority", 1, low=-_BIG)
            add(f"p{p}.hand_size", 1)
            add(f"p{p}.deck_size", 1)
            add(f"p{p}.discard_size", 1)
            add(f"p{p}.pending_discards", 1)
            add(f"p{p}.eliminated", 1, high=1.0)
            for zone in ("discard", "bases", "known_hand", "unseen"):
                add(f"p{p}.{zone}", _CARDS)
        add("hand", _CARDS)
        add("trade", 1)
        add("combat", 1)
        add("in_play", _CARDS)
        add("played", _CARDS)
        add("allied", _CARDS)
        add("choice", len(CHOICES), high=1.0)
        add("choice_card", _CARDS, high=1.0)
        add("choice_optional", 1, high=1.0)
        add("queue", len(EFFECTS))

        layout: dict[str, tuple[int, int]] = {}
        low: list[float] = []
        high: list[float] = []
        for name, size, lo, hi in blocks:
            layout[name] = (len(low), size)
            low += [lo] * size
            high += [hi] * size
        #: Block name -> (start, size) in the observation vector.
        self.layout = layout
        self.observation_size = len(low)
        self.observation_low: FloatArray = np.array(low, dtype=np.float32)
        self.observation_high: FloatArray = np.array(high, dtype=np.float32)
        self._at = {name: start for name, (start, _) in layout.items()}
        self._choice = {name: i for i, name in enumerate(CHOICES)}
        self._effect = {name: i for i, name in enumerate(EFFECTS)}

    def observe(self, view: View) -> FloatArray:
        at = self._at
        n = self.num_players
        ids = BY_ID
        hits: list[int] = []  # positions that count one each (card copies, one-hot flags)
        pos: list[int] = []  # positions of plain numbers...
        val: list[float] = []  # ...and their values

        def seat(block: str, who: Any) -> None:
            if type(who) is int and 0 <= who < n:
                hits.append(at[block] + who)

        def count(block: str, cards: Sequence[str | None]) -> None:
            start = at[block]
            hits.extend(start + ids[name] for name in cards if name is not None)

        def put(block: str, value: float) -> None:
            pos.append(at[block])
            val.append(value)

        seat("viewer", view.get("viewer"))
        seat("current", view.get("current"))
        seat("to_act", view.get("to_act"))
        seat("winner", view.get("winner"))
        put("over", 1.0 if view.get("over") else 0.0)
        put("turn", view["turn"])
        put("trade_deck_size", view["trade_deck_size"])
        row = view["trade_row"]
        count("trade_row", row)
        put("trade_row_empty", sum(1 for c in row if c is None))
        count("scrap_heap", view["scrap_heap"])
        turn: dict[str, Any] | None = None
        for p, pv in enumerate(view["players"]):
            key = f"p{p}."
            put(key + "authority", pv["authority"])
            put(key + "hand_size", pv["hand_size"])
            put(key + "deck_size", pv["deck_size"])
            put(key + "discard_size", len(pv["discard"]))
            put(key + "pending_discards", pv["pending_discards"])
            put(key + "eliminated", 1.0 if pv.get("eliminated") else 0.0)
            count(key + "discard", pv["discard"])
            count(key + "bases", pv["bases"])
            count(key + "known_hand", pv["known_hand"])
            count(key + "unseen", pv["unseen"])
            if "hand" in pv:
                count("hand", pv["hand"])
            if "in_play" in pv:
                turn = pv
        if turn is not None:
            put("trade", turn["trade"])
            put("combat", turn["combat"])
            count("in_play", turn["in_play"])
            count("played", turn["played"])
            count("allied", turn["allied"])
            pending = turn.get("pending")
            if pending is not None:
                hits.append(at["choice"] + self._choice[pending["choice"]])
                if pending.get("card") is not None:
                    hits.append(at["choice_card"] + ids[pending["card"]])
                put("choice_optional", 1.0 if pending.get("optional") else 0.0)
            totals = [0.0] * len(EFFECTS)
            for effect, amount, _source in turn.get("queue", ()):
                totals[self._effect[effect]] += amount
            queue = at["queue"]
            pos.extend(range(queue, queue + len(totals)))
            val.extend(totals)
        v = np.bincount(hits, minlength=self.observation_size).astype(np.float32)
        v[pos] = val  # each plain number has a position of its own
        np.minimum(v, self.observation_high, out=v)
        np.maximum(v, self.observation_low, out=v)
        return v

    def describe(self, view: View) -> str:
        """A few lines of text: turn, then each seat's public state, then the trade row."""
        lines = [
            f"Star Realms, turn {view['turn']}: "
            + (
                f"over, winner player_{view['winner']}"
                if view.get("over")
                else f"player_{view['to_act']} to act"
            )
        ]
        for p, pv in enumerate(view["players"]):
            parts = [
                f"player_{p}: authority {pv['authority']}",
                f"hand {pv['hand_size']}",
                f"deck {pv['deck_size']}",
                f"discard {len(pv['discard'])}",
            ]
            if pv["bases"]:
                parts.append("bases " + " ".join(pv["bases"]))
            if "in_play" in pv:
                parts.append(f"trade {pv['trade']}, combat {pv['combat']}")
                if pv["in_play"]:
                    parts.append("in play " + " ".join(pv["in_play"]))
                if pv.get("pending"):
                    parts.append(f"choosing: {pv['pending']['choice']}")
            if "hand" in pv:
                parts.append("hand " + " ".join(pv["hand"]))
            lines.append(", ".join(parts))
        row = " ".join(c or "-" for c in view["trade_row"])
        lines.append(f"trade row: {row} (trade deck {view['trade_deck_size']})")
        return "\n".join(lines)


def make_encoding(
    players: int = 2, attack_cap: int = 20, **game_options: Any
) -> StarRealmsEncoding:
    """The encoding for ``players`` seats; ``game_options`` (e.g. ``format``) change nothing."""
    return StarRealmsEncoding(players, attack_cap)
