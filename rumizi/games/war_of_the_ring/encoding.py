"""War of the Ring for learning code: a fixed action index and an observation vector.

Make it with ``make_encoding()`` or through :func:`rumizi.adapters.base.encoding`; the game is
always for two seats, and its options (``first``: who starts, ``shadow``: the Shadow's seat)
change neither the actions nor the shape of a view, so one encoding serves every table.

**The action index** is the engine's own table of pre-built canonical actions, in this order:

==============  ==========================================  =====
group           entries                                     count
==============  ==========================================  =====
place           every card kind × left, centre, right       90
event           every card kind                             30
pay             every card kind                             30
recover         every card kind                             30
boost, peek     every zone, each                            6
move            every (from, to) pair of zones              9
pass, activate, decline                                     3
==============  ==========================================  =====

198 actions in all; every action the engine can ever list has exactly one index (a move from
a zone to itself is never legal, but keeping the 3 × 3 table keeps the index simple).

**The observation** is a float32 vector built from a player's view alone (it cannot show a
card the viewer does not know): one-hots for the viewer, the seat to act, the current seat,
the round's starter and the winner; the round number, the phase, the next zone to fight, the
open choice (and what a payment still owes), the event being played and how, its steps
still queued, the way the game ended; per zone and seat the cards the viewer can see (counts
per kind), how many are face down and unknown, the boost, and the zone's result; per seat its
faction, its hand as far as the viewer knows it (all of it for the viewer's own seat, the
``known`` cards for the other), hand, deck and shadow-row sizes, graveyard (counts per kind),
shadow cards activated, whether it passed, and the combat it committed this round.
:attr:`~WarOfTheRingEncoding.layout` names each block.

>>> enc = make_encoding()
>>> len(enc.actions), enc.actions[enc.index({"do": "pass"})]
(198, {'do': 'pass'})
>>> from rumizi.games.war_of_the_ring import GAME
>>> state = GAME.new(seed=5)
>>> vector = enc.observe(state.view(0))
>>> vector.shape == (enc.observation_size,), vector.dtype.name
(True, 'float32')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rumizi.core.contract import Action, View
from rumizi.core.encoding import Blocks, FloatArray, LaidOut, action_key
from rumizi.games.war_of_the_ring.cards import BY_ID, EFFECT_NAMES, FACTION_NAMES, N_KINDS
from rumizi.games.war_of_the_ring.engine import (
    ACTIVATE,
    BOOST_ACTIONS,
    DECLINE,
    END_REASONS,
    EVENT_ACTIONS,
    GAME_ID,
    HOW_NAMES,
    MOVE_ACTIONS,
    PASS,
    PAY_ACTIONS,
    PEEK_ACTIONS,
    PENDING_NAMES,
    PHASE_NAMES,
    PLACE_ACTIONS,
    RECOVER_ACTIONS,
    ZONES,
)

_CHOICES = tuple(name for name in PENDING_NAMES if name is not None)
_RESULTS = ("0", "1", "tie", "empty")
_BIG = 1000.0  # bound of counts (never reached in a real game)
_ROUND_BIG = 1e6


def _action_list() -> list[Action]:
    acts: list[Action] = [a for row in PLACE_ACTIONS for a in row]
    acts += [*EVENT_ACTIONS, *PAY_ACTIONS, *RECOVER_ACTIONS, *BOOST_ACTIONS, *PEEK_ACTIONS]
    acts += [a for row in MOVE_ACTIONS for a in row]
    acts += [PASS, ACTIVATE, DECLINE]
    return acts


class WarOfTheRingEncoding(LaidOut):
    """The action index and observation encoder of War of the Ring (module docs)."""

    game_id = GAME_ID
    num_players = 2
    #: Each seat plays alone.
    teams: tuple[int, ...] = (0, 1)

    def __init__(self) -> None:
        self.actions: tuple[Action, ...] = tuple(_action_list())
        self._index = {action_key(a): i for i, a in enumerate(self.actions)}
        # The engine's shared dicts, found by identity first (the common case, and fast).
        self._by_id = {id(a): i for i, a in enumerate(self.actions)}
        self._build_layout()

    # ------------------------------------------------------------------ actions

    def index(self, action: Action) -> int:
        found = self._by_id.get(id(action))
        return found if found is not None else self._index[action_key(action)]

    def legal_indices(self, legal: Sequence[Action]) -> list[int]:
        out = []
        for action in legal:
            i = self._by_id.get(id(action))
            if i is None:
                i = self._index.get(action_key(action))
            if i is None:
                raise KeyError(f"action {action!r} has no index in the War of the Ring encoding")
            out.append(i)
        out.sort()
        return out

    # ------------------------------------------------------------------ observations

    def _build_layout(self) -> None:
        blocks = Blocks(high=_BIG)
        add = blocks.add

        for name in ("viewer", "current", "to_act", "starter", "winner"):
            add(name, 2, high=1.0)
        add("over", 1, high=1.0)
        add("round", 1, high=_ROUND_BIG)
        add("phase", len(PHASE_NAMES), high=1.0)
        add("zone", 1, high=3.0)
        add("choice", len(_CHOICES), high=1.0)
        add("owed", 1)
        add("playing", N_KINDS, high=1.0)
        add("how", len(HOW_NAMES), high=1.0)
        add("effects", len(EFFECT_NAMES))
        add("end", len(END_REASONS), high=1.0)
        for z in ZONES:
            for s in range(2):
                key = f"{z}.p{s}."
                add(key + "cards", N_KINDS)
                add(key + "hidden", 1)
                add(key + "boost", 1)
            add(f"{z}.result", len(_RESULTS), high=1.0)
        for p in range(2):
            key = f"p{p}."
            add(key + "faction", len(FACTION_NAMES), high=1.0)
            add(key + "hand", N_KINDS)
            add(key + "hand_size", 1)
            add(key + "deck_size", 1)
            add(key + "shadow_size", 1)
            add(key + "graveyard", N_KINDS)
            add(key + "activated", 1)
            add(key + "passed", 1, high=1.0)
            add(key + "took", 1)

        self.lay_out(blocks)
        self._at = blocks.starts

    def observe(self, view: View) -> FloatArray:
        if view.get("game") != GAME_ID:
            raise ValueError(
                f"a view of {view.get('game')!r} does not fit the War of the Ring encoding"
            )
        at = self._at
        out = self.start(2)
        hits, seat, numbers = out.hits, out.seat, out.numbers

        def kinds(block: str, cards: Sequence[Any]) -> None:
            start = at[block]
            hits.extend(start + BY_ID[c] for c in cards if c is not None)

        for block in ("viewer", "current", "to_act", "starter", "winner"):
            seat(block, view.get(block))
        numbers("over", [1.0 if view.get("over") else 0.0])
        numbers("round", [view["round"]])
        hits.append(at["phase"] + PHASE_NAMES.index(view["phase"]))
        numbers("zone", [view["zone"]])
        pending = view.get("pending")
        if pending is not None:
            hits.append(at["choice"] + _CHOICES.index(pending["choice"]))
            numbers("owed", [pending.get("owed", 0)])
        playing = view.get("playing")
        if playing is not None:
            hits.append(at["playing"] + BY_ID[playing["card"]])
            hits.append(at["how"] + HOW_NAMES.index(playing["how"]))
        for effect, n in view.get("effects") or ():
            # a step's number, summed per effect (a queue holds each effect at most once or twice)
            hits.extend([at["effects"] + EFFECT_NAMES.index(effect)] * max(1, int(n)))
        if view.get("end") is not None:
            hits.append(at["end"] + END_REASONS.index(view["end"]))
        for z, zone in zip(ZONES, view["zones"], strict=True):
            for s in range(2):
                key = f"{z}.p{s}."
                cards = zone["cards"][s]
                kinds(key + "cards", cards)
                numbers(key + "hidden", [sum(c is None for c in cards)])
                numbers(key + "boost", [zone["boost"][s]])
            result = zone.get("result")
            if result is not None:
                hits.append(at[f"{z}.result"] + _RESULTS.index(str(result)))
        for p, pv in enumerate(view["players"]):
            key = f"p{p}."
            hits.append(at[key + "faction"] + FACTION_NAMES.index(pv["faction"]))
            hand = pv.get("hand")
            kinds(key + "hand", hand if hand is not None else pv.get("known") or ())
            numbers(key + "hand_size", [pv["hand_size"]])
            numbers(key + "deck_size", [pv["deck_size"]])
            numbers(key + "shadow_size", [pv["shadow_size"]])
            kinds(key + "graveyard", pv["graveyard"])
            numbers(key + "activated", [pv["activated"]])
            numbers(key + "passed", [1.0 if pv["passed"] else 0.0])
            numbers(key + "took", [pv["took"]])
        return self.finish(out)

    def describe(self, view: View) -> str:
        """A few lines of text: the round and who acts, each zone, then each seat."""
        if view.get("over"):
            winner = view.get("winner")
            status = "over, nobody won" if winner is None else f"over, winner player_{winner}"
        else:
            status = f"player_{view['to_act']} to act"
        lines = [f"War of the Ring, round {view['round']} ({view['phase']}): {status}"]
        for z, zone in zip(ZONES, view["zones"], strict=True):
            sides = [" ".join(c or "?" for c in cards) or "-" for cards in zone["cards"]]
            result = zone.get("result")
            tail = "" if result is None else f" [{result}]"
            lines.append(f"{z}: {sides[0]} | {sides[1]}{tail}")
        for p, pv in enumerate(view["players"]):
            hand = pv.get("hand")
            shown = " ".join(hand) if hand is not None else f"{pv['hand_size']} cards"
            lines.append(
                f"player_{p} ({pv['faction']}): hand [{shown}], deck {pv['deck_size']}, "
                f"graveyard {len(pv['graveyard'])}, shadow row {pv['shadow_size']}, "
                f"activated {pv['activated']}"
            )
        return "\n".join(lines)


def make_encoding(players: int = 2, **game_options: Any) -> WarOfTheRingEncoding:
    """The encoding of War of the Ring (two seats; ``first`` and ``shadow`` change nothing
    it encodes)."""
    if players != 2:
        raise ValueError(f"War of the Ring is for 2 players, not {players!r}")
    unknown = set(game_options) - {"first", "shadow"}
    if unknown:
        raise ValueError(f"unknown options for War of the Ring: {', '.join(sorted(unknown))}")
    return WarOfTheRingEncoding()
