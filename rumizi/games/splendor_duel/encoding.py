"""Splendor Duel for learning code: a fixed action index and an observation vector.

Make it with ``make_encoding()`` or through :func:`rumizi.adapters.base.encoding`; the game is
always for two seats, and its one option (``first``: who starts) changes neither the actions
nor the views, so one encoding serves every table.

**The action index** is the engine's own table of canonical actions, in this order:

=================  ===========================================  =======
group              entries                                      count
=================  ===========================================  =======
privilege          every space                                  25
replenish          one                                          1
take               every line of 1–3 spaces                     145
reserve a card     every gold space × every card                1,675
reserve a deck     every gold space × levels 1–3                75
buy                every card                                   67
buy a joker as     every joker card × every colour              45
buy, paying        every card (× colour, for a joker) × every   6,935
otherwise          payment with gold some position allows
take-bonus         every space                                  25
steal              every gem and the pearl                      6
royal              every royal                                  4
discard            every token kind                             7
claim-stall, pass  one each                                     2
=================  ===========================================  =======

9,012 actions in all; every action the engine can ever list has exactly one index. The
payments other than the automatic one are the bulk of it: ``pay`` always holds 1 to 3 gold
(without gold a payment is the automatic one), and names the tokens handed back in full, so
it is finite: per card, each count up to what the card's cost asks, and gold covering the
rest once bonuses have lowered the cost.

**The observation** is a float32 vector built from a player's view alone (it cannot show a
card the viewer does not know): one-hots for the viewer, the player to act, the current
player and the winner; the turn number; the phase of the turn (start, replenished, resolving),
the open choice and the steps still queued; the turn's flags (extra turn earned, card bought,
stall counted); the board as a one-hot per space over the seven token kinds; the bag's
counts, the privileges in the supply, each deck's size; the pyramid (one flag per card id) and
the royals still available; whether a stall can be claimed; and per seat its tokens,
privileges, owned cards, the colour each joker took, royals, points, crowns, stall count,
bonuses and points per colour, and its reserve: card ids it knows, and how many unknown cards
of each level. :attr:`~SplendorDuelEncoding.layout` names each block.

>>> enc = make_encoding()
>>> len(enc.actions), enc.actions[enc.index({"do": "pass"})]
(9012, {'do': 'pass'})
>>> from rumizi.games.splendor_duel import GAME
>>> state = GAME.new(seed=5)
>>> vector = enc.observe(state.view(0))
>>> vector.shape == (enc.observation_size,), vector.dtype.name
(True, 'float32')
>>> sorted(enc.legal_indices(state.legal_actions())) == enc.legal_indices(state.legal_actions())
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rumizi.core.contract import Action, View
from rumizi.core.encoding import Blocks, FloatArray, LaidOut, action_key
from rumizi.games.splendor_duel.cards import (
    BY_ID,
    COLOR,
    COLORS,
    JOKER,
    N_CARDS,
    ROYAL_BY_ID,
    ROYAL_IDS,
    TOKEN_NAMES,
)
from rumizi.games.splendor_duel.engine import (
    BUY_ACTIONS,
    BUY_AS_ACTIONS,
    CELLS,
    CLAIM,
    DISCARD_ACTIONS,
    GAME_ID,
    PASS,
    PAY_ACTIONS,
    PENDING_NAMES,
    PHASE_NAMES,
    PRIVILEGE_ACTIONS,
    REPLENISH,
    RESERVE_ACTIONS,
    RESERVE_DECK_ACTIONS,
    ROYAL_ACTIONS,
    STEAL_ACTIONS,
    TAKE_ACTIONS,
    TAKE_BONUS_ACTIONS,
)

_JOKERS = tuple(c for c in range(N_CARDS) if COLOR[c] == JOKER)
_CHOICES = tuple(name for name in PENDING_NAMES if name is not None)
# The steps that may wait in the queue: steal, royal, and the Token ability of each colour.
_QUEUED = ("steal", "royal", *(f"token:{color}" for color in COLORS))
_BIG = 1000.0  # bound of counts and scores (never reached in a real game)
_TURN_BIG = 1e6


def _action_list() -> list[Action]:
    acts: list[Action] = [*PRIVILEGE_ACTIONS, REPLENISH, *TAKE_ACTIONS]
    acts += [action for row in RESERVE_ACTIONS for action in row]
    acts += [action for row in RESERVE_DECK_ACTIONS for action in row]
    acts += BUY_ACTIONS
    acts += [action for c in _JOKERS for action in BUY_AS_ACTIONS[c]]
    acts += PAY_ACTIONS.values()
    acts += [*TAKE_BONUS_ACTIONS, *STEAL_ACTIONS, *ROYAL_ACTIONS, *DISCARD_ACTIONS, CLAIM, PASS]
    return acts


class SplendorDuelEncoding(LaidOut):
    """The action index and observation encoder of Splendor Duel (module docs)."""

    game_id = GAME_ID
    num_players = 2
    #: Each seat plays alone.
    teams: tuple[int, ...] = (0, 1)

    def __init__(self) -> None:
        self.actions: tuple[Action, ...] = tuple(_action_list())
        self._index = {action_key(_hashable(a)): i for i, a in enumerate(self.actions)}
        self._build_layout()

    # ------------------------------------------------------------------ actions

    def index(self, action: Action) -> int:
        return self._index[action_key(_hashable(action))]

    def legal_indices(self, legal: Sequence[Action]) -> list[int]:
        found = self._index
        out = []
        for action in legal:
            i = found.get(action_key(_hashable(action)))
            if i is None:
                raise KeyError(f"action {action!r} has no index in the Splendor Duel encoding")
            out.append(i)
        out.sort()
        return out

    # ------------------------------------------------------------------ observations

    def _build_layout(self) -> None:
        blocks = Blocks(high=_BIG)
        add = blocks.add

        for name in ("viewer", "current", "to_act", "winner"):
            add(name, 2, high=1.0)
        add("over", 1, high=1.0)
        add("turn", 1, high=_TURN_BIG)
        add("phase", len(PHASE_NAMES), high=1.0)
        add("choice", len(_CHOICES), high=1.0)
        add("choice_count", 1)
        add("queue", len(_QUEUED))
        add("flags", 3, high=1.0)  # again, bought, held
        add("board", CELLS * len(TOKEN_NAMES), high=1.0)
        add("bag", len(TOKEN_NAMES))
        add("supply_privileges", 1)
        add("decks", 3)
        add("pyramid", N_CARDS, high=1.0)
        add("royals", len(ROYAL_IDS), high=1.0)
        add("claimable", 1, high=1.0)
        for p in range(2):
            key = f"p{p}."
            add(key + "tokens", len(TOKEN_NAMES))
            add(key + "privileges", 1)
            add(key + "cards", N_CARDS, high=1.0)
            add(key + "jokers", len(_JOKERS) * len(COLORS), high=1.0)
            add(key + "royals", len(ROYAL_IDS), high=1.0)
            add(key + "points", 1)
            add(key + "crowns", 1)
            add(key + "stall", 1)
            add(key + "bonuses", len(COLORS))
            add(key + "color_points", len(COLORS))
            add(key + "reserved", N_CARDS, high=1.0)
            add(key + "reserved_unknown", 3)

        self.lay_out(blocks)
        self._at = blocks.starts
        self._joker_slot = {c: i for i, c in enumerate(_JOKERS)}

    def observe(self, view: View) -> FloatArray:
        if view.get("game") != GAME_ID:
            raise ValueError(
                f"a view of {view.get('game')!r} does not fit the Splendor Duel encoding"
            )
        at = self._at
        out = self.start(2)
        hits, seat, numbers = out.hits, out.seat, out.numbers

        seat("viewer", view.get("viewer"))
        seat("current", view.get("current"))
        seat("to_act", view.get("to_act"))
        seat("winner", view.get("winner"))
        numbers("over", [1.0 if view.get("over") else 0.0])
        numbers("turn", [view["turn"]])
        hits.append(at["phase"] + PHASE_NAMES.index(view["phase"]))
        pending = view.get("pending")
        if pending is not None:
            hits.append(at["choice"] + _CHOICES.index(pending["choice"]))
            numbers("choice_count", [pending.get("count", 0)])
        hits.extend(at["queue"] + _QUEUED.index(step) for step in view["queue"])
        numbers("flags", [float(bool(view[f])) for f in ("again", "bought", "held")])
        board = at["board"]
        kinds = len(TOKEN_NAMES)
        letters = "WBGRKPY"
        for cell, letter in enumerate("".join(view["board"])):
            if letter != ".":
                hits.append(board + cell * kinds + letters.index(letter))
        numbers("bag", [view["bag"][t] for t in TOKEN_NAMES])
        numbers("supply_privileges", [view["privileges"]])
        numbers("decks", list(view["decks"]))
        hits.extend(at["pyramid"] + BY_ID[c] for row in view["pyramid"] for c in row if c)
        hits.extend(at["royals"] + ROYAL_BY_ID[r] for r in view["royals"])
        numbers("claimable", [1.0 if view.get("claimable") else 0.0])
        for p, pv in enumerate(view["players"]):
            key = f"p{p}."
            numbers(key + "tokens", [pv["tokens"][t] for t in TOKEN_NAMES])
            numbers(key + "privileges", [pv["privileges"]])
            hits.extend(at[key + "cards"] + BY_ID[c] for c in pv["cards"])
            jokers = at[key + "jokers"]
            for card, color in pv["jokers"].items():
                slot = self._joker_slot[BY_ID[card]]
                hits.append(jokers + slot * len(COLORS) + COLORS.index(color))
            hits.extend(at[key + "royals"] + ROYAL_BY_ID[r] for r in pv["royals"])
            numbers(key + "points", [pv["points"]])
            numbers(key + "crowns", [pv["crowns"]])
            numbers(key + "stall", [pv["stall"]])
            numbers(key + "bonuses", [pv["bonuses"][c] for c in COLORS])
            numbers(key + "color_points", [pv["color_points"][c] for c in COLORS])
            unknown = at[key + "reserved_unknown"]
            for entry in pv["reserved"]:
                if entry.get("card") is not None:
                    hits.append(at[key + "reserved"] + BY_ID[entry["card"]])
                else:
                    hits.append(unknown + entry["level"] - 1)
        return self.finish(out)

    def describe(self, view: View) -> str:
        """A few lines of text: whose turn, the board, the pyramid, then each seat."""
        if view.get("over"):
            winner = view.get("winner")
            status = "over, nobody won" if winner is None else f"over, winner player_{winner}"
        else:
            status = f"player_{view['to_act']} to act"
        lines = [f"Splendor Duel, turn {view['turn']}: {status}"]
        lines.append("board: " + " ".join(view["board"]))
        for level, row in zip((1, 2, 3), view["pyramid"], strict=True):
            lines.append(f"level {level}: " + " ".join(c or "-" for c in row))
        for p, pv in enumerate(view["players"]):
            tokens = " ".join(f"{t} {pv['tokens'][t]}" for t in TOKEN_NAMES if pv["tokens"][t])
            reserved = " ".join(e["card"] or f"?{e['level']}" for e in pv["reserved"])
            lines.append(
                f"player_{p}: points {pv['points']}, crowns {pv['crowns']}, "
                f"privileges {pv['privileges']}, tokens [{tokens}], "
                f"cards {len(pv['cards'])}, reserved [{reserved}]"
            )
        return "\n".join(lines)


def _hashable(action: Action) -> Action:
    """``action`` with its lists of spaces and its payment as tuples, so that
    :func:`action_key` can hash it."""
    return {k: _frozen(v) for k, v in action.items()}


def _frozen(value: Any) -> Any:
    if isinstance(value, dict):  # a payment: its tokens in a fixed order
        return tuple(sorted(value.items()))
    return tuple(_frozen(x) for x in value) if isinstance(value, list) else value


def make_encoding(players: int = 2, **game_options: Any) -> SplendorDuelEncoding:
    """The encoding of Splendor Duel (two seats; ``first`` changes nothing it encodes)."""
    if players != 2:
        raise ValueError(f"Splendor Duel is for 2 players, not {players!r}")
    unknown = set(game_options) - {"first"}
    if unknown:
        raise ValueError(f"unknown options for Splendor Duel: {', '.join(sorted(unknown))}")
    return SplendorDuelEncoding()
