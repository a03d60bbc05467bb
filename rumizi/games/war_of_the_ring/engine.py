"""The War of the Ring card game engine: state, legal actions, rules (spec ``war-of-the-ring``).

The seed's version, not the published game: two asymmetric decks of the platform's own design
(:mod:`.cards`), three battle zones — ``"left"``, ``"centre"``, ``"right"`` — and rounds of
planning, battle and cleanup. Seats are 0 and 1; each seat plays one faction (``"free"`` or
``"shadow"``, by default seat 1 plays the Shadow). Cards are named by their ids in
``cards.toml`` (``"fp-aragorn"``, ``"sh-orcs"``).

Actions
-------
Every action is a small JSON object with a ``"do"`` key; :meth:`WarOfTheRingState.legal_actions`
lists exactly the legal ones, in this canonical form.

Planning (the players alternate single steps, the round's starting player first):

* ``{"do": "place", "card": "<id>", "zone": "left"|"centre"|"right"}`` — put a card from hand
  face down into a zone (at most 3 of yours per zone);
* ``{"do": "event", "card": "<id>"}`` — play an event from hand; its cost is then paid with
  ``{"do": "pay", "card": "<id>"}``, one other card of the hand at a time, to the graveyard
  (listed only while the rest of the hand covers the cost);
* ``{"do": "pass"}`` — take no more steps this planning phase.

Choices an effect or a reward opens, answered by the player it belongs to:

* ``{"do": "recover", "card": "<id>"}`` — the card taken back from your graveyard;
* ``{"do": "boost", "zone": z}``, ``{"do": "peek", "zone": z}`` — the zone of a boost or a peek;
* ``{"do": "move", "from": z, "to": z2}`` — which of your stacks gives up its top card;
* after winning the centre: ``{"do": "event", "card": "<id>"}`` (free) or ``{"do": "decline"}``;
* after winning a flank: ``{"do": "activate"}`` (the oldest card of your shadow row) or
  ``{"do": "decline"}``.

At any time: ``{"do": "concede", "player": p}`` (by default the player to act), accepted but
never listed.

The document
------------
:meth:`~WarOfTheRingState.export` writes the whole state as canonical JSON (and
:func:`.document.load_document` reads it back, refusing with a ``ValueError`` that names the
field any document no game could reach: a card lost or doubled, a fourth card in a stack, a
resolved zone still holding the loser's cards, a battle stopped with no choice open, …):

* ``game`` (``"war-of-the-ring"``), ``round`` (from 1), ``phase`` (``"planning"``,
  ``"battle"``, ``"over"``), ``starter`` (the round's starting seat), ``current`` (the seat to
  act), ``zone`` (the next zone to fight, 0–3; 0 in planning);
* ``pending``: ``null`` in a plain planning step, else ``{"choice": "pay"|"recover"|"boost"|
  "peek"|"move"|"centre"|"flank"}`` (``"pay"`` also carries ``"owed"``); ``playing``: the event
  being resolved, ``{"card": id, "how": "paid"|"free"|"shadow"}`` or ``null``; ``effects``: its
  steps still to resolve, ``[[effect, n], ...]``, the one a choice waits on first;
* ``zones``: three objects (left, centre, right), each with ``cards`` (per seat, in placement
  order), ``seen`` (per seat, per card: known to the other seat), ``boost`` (per seat) and
  ``result`` (``null`` before the battle, then the winning seat, ``"tie"`` or ``"empty"``);
* ``players``: per seat its ``faction``, ``hand`` (sorted), ``known`` (the cards of the hand
  the opponent knows of), ``deck`` (top card first), ``graveyard`` (oldest first),
  ``shadow_row`` (the opponent's cards, oldest first), ``activated``, ``passed`` and ``took``
  (printed combat of its cards revealed in battles this round);
* ``battles``: the zones of the latest battle phase as they were fought, kept until the next
  battle begins (so that a player sees the round's battles after the cleanup emptied the
  zones): per zone ``null`` (not fought yet) or ``{"cards": [[ids], [ids]]`` (each side's
  cards as revealed, before slaying), ``"slain": [[seat, card, victim], ...]``, ``"totals":
  [a, b]``, ``"result"``: the winning seat, ``"tie"`` or ``"empty"``} — public, as a
  battle reveals every card in it;
* ``winner`` and ``end`` (``"sweep"``, ``"shadows"``, ``"exhaustion"``, ``"concede"``) once
  over, and ``seed``, the random state (for reshuffles and random discards).

The view
--------
:meth:`~WarOfTheRingState.view` keeps the public fields and replaces what is hidden: each
player's ``hand`` is ``null`` except the viewer's (``hand_size`` and ``known`` are public);
decks and shadow rows become ``deck_size`` and ``shadow_size``; a zone card the viewer may not
see is ``null`` (see :meth:`~WarOfTheRingState.view`); ``seed`` is left out; ``viewer``,
``to_act`` and ``over`` are added.

Decisions where the spec leaves room
------------------------------------
* **Factions and seats.** Option ``shadow`` (0 or 1, default 1) says which seat plays the
  Shadow; option ``first`` (0, 1 or ``"random"``) is the coin toss of the first round.
* **Paying** an event is one step of choices: the event card is set aside, then each paid
  card is chosen with ``pay``. Once chosen, an event is played (its cost was checked).
* **Shadow rows are face down to everyone**: the card came from the top of a deck nobody saw.
  Activating one reveals it; its event is applied for the player who activates it (effects
  always speak of "you" and "the opponent"), and it goes to its owner's graveyard. Which card
  of a row is activated is no choice (nobody knows them): the oldest one.
* **Taking a shadow card** from an empty deck reshuffles that deck's graveyard first, as a
  draw does; with both empty nothing is taken. Every draw (rewards and events included)
  follows the same rule.
* **Before comparison**, in order: every *slay* (the round's starting player's cards first,
  each side in the order its cards were placed; a card slain before its turn does nothing; a
  *guard* in the zone protects its side), then the totals: each unit's combat value, plus its
  side's *auras*, less the other side's *fear* (never below 0), plus *horde* / *stand*
  bonuses (judged by the number of units left after slaying), plus the side's *boosts* on
  that zone. A side whose every unit was slain has no cards there: the other side wins
  automatically; if both sides lost every unit, the zone is a tie.
* **Combat value that took part** (for the next starting player): the printed combat values of
  every card revealed in a battle, slain ones included.
* **Targets**: a boost, peek or move chooses among zones not yet resolved this round; an
  effect with no possible target does nothing. A move takes the most recently placed card of
  the chosen stack (face-down cards stay face down). The centre's free event is one whose cost
  the rest of the hand could have paid.
* **Random discards** ("the opponent discards at random") are drawn from the game's seed.
* **Order in cleanup**: zone cards to graveyards; each player (the starting player first)
  takes a shadow card; the next starting player; each draws up to 7 (a larger hand is kept);
  the shadow victory; then the next round starts and exhaustion is checked.
* **What the opponent knows of a hand**: a card taken back from a graveyard (graveyards are
  public) is known to be in the hand until it leaves it publicly, or until its owner places
  any card face down (after which the opponent cannot tell which one was placed).
* **Hands are sorted** (by card kind), so documents are canonical.

The state is built for speed: cards are small integers, piles are plain lists, the legal
actions are pre-built dicts shared between calls (read-only, :func:`rumizi.core.contract.frozen`,
so that no caller's change reaches the engine), and a battle is resolved inside the ``apply``
that ends planning. An action no position takes (an unknown card or zone, a field missing)
raises :class:`~rumizi.core.errors.MalformedAction`, one the position does not allow
:class:`~rumizi.IllegalAction` (of which the first is a kind).

Bad input: ``apply``, ``load``, ``new``, ``view`` and ``sample`` check what they are given
themselves and explain what is wrong, so they take it typed ``Any``: in the build compiled
with mypyc (``setup.py``) a narrower annotation would turn a wrong type into a bare
``TypeError`` before the check could run.

>>> from rumizi.games.war_of_the_ring import GAME
>>> state = GAME.new(seed=3, first=0)
>>> state.current, len(state.players[0].hand), state.view(1)["players"][0]["hand"]
(0, 7, None)
>>> state.apply({"do": "place", "card": state.export()["players"][0]["hand"][0], "zone": "left"})
>>> state.view(1)["zones"][0]["cards"][0]
[None]
>>> state.current
1
>>> state.apply({"do": "place", "card": "fp-aragorn", "zone": "middle"})
Traceback (most recent call last):
...
rumizi.core.errors.MalformedAction: place: unknown zone 'middle'; zones: left, centre, right
"""

from __future__ import annotations

import bisect
from typing import Any, ClassVar, Final, TypeAlias

from rumizi.core import registry, rng
from rumizi.core.contract import Action, Document, Game, GameState, View, check_viewer, frozen
from rumizi.core.errors import IllegalAction, MalformedAction
from rumizi.games.war_of_the_ring.cards import (
    AURA,
    BOOST,
    BY_ID,
    COMBAT,
    COST,
    DECKS,
    DISCARD,
    DRAW,
    EFFECT_NAMES,
    EVENT,
    FACTION,
    FACTION_NAMES,
    FEAR,
    FREE,
    GUARD,
    HORDE,
    IDS,
    N_KINDS,
    PEEK,
    RECOVER,
    SHADOW,
    SHADOW_TAKE,
    SLAY,
    STAND,
    UNIT,
    UNIT_N,
)

GAME_ID: Final = "war-of-the-ring"
# One zone of the latest battle phase: each side's cards as revealed (before slaying), the
# slays as (seat, card, victim), both totals and the result (a seat, TIE or EMPTY).
Fought: TypeAlias = tuple[
    tuple[int, ...], tuple[int, ...], tuple[tuple[int, int, int], ...], int, int, int
]
HAND_SIZE: Final = 7
PER_ZONE: Final = 3
SHADOW_WIN: Final = 5
ZONES: Final = ("left", "centre", "right")
ZONE_BY_NAME: Final = {name: z for z, name in enumerate(ZONES)}
LEFT, CENTRE, RIGHT = 0, 1, 2

# Phases, and the choice that is open.
PLANNING, BATTLE, OVER = range(3)
PHASE_NAMES: Final = ("planning", "battle", "over")
P_NONE, P_PAY, P_RECOVER, P_BOOST, P_PEEK, P_MOVE, P_CENTRE, P_FLANK = range(8)
PENDING_NAMES: Final = (None, "pay", "recover", "boost", "peek", "move", "centre", "flank")
# A zone's result once resolved (UNRESOLVED before): the winner's seat, a tie or empty.
UNRESOLVED, TIE, EMPTY = -1, 2, 3
END_REASONS: Final = ("sweep", "shadows", "exhaustion", "concede")
# How an event came to be played (for the log and the document).
HOW_NAMES: Final = ("paid", "free", "shadow")
HOW_PAID, HOW_FREE, HOW_SHADOW = range(3)

# Kinds of action, as apply() reads them: (kind, a, b).
(
    A_PLACE,
    A_EVENT,
    A_PAY,
    A_PASS,
    A_RECOVER,
    A_BOOST,
    A_PEEK,
    A_MOVE,
    A_ACTIVATE,
    A_DECLINE,
    A_CONCEDE,
) = range(11)

# Pre-built canonical actions, shared by every legal_actions() call: read-only (frozen), so
# that a caller's change cannot reach the engine or a later list.
PLACE_ACTIONS: Final = tuple(
    tuple(frozen({"do": "place", "card": IDS[k], "zone": ZONES[z]}) for z in range(3))
    for k in range(N_KINDS)
)
# Per kind and per mask of zones with room (bit z set: zone z), its place actions, in zone order.
PLACE_BY_ROOM: Final = tuple(
    tuple(tuple(row[z] for z in range(3) if mask >> z & 1) for mask in range(8))
    for row in PLACE_ACTIONS
)
EVENT_ACTIONS: Final = tuple(frozen({"do": "event", "card": IDS[k]}) for k in range(N_KINDS))
PAY_ACTIONS: Final = tuple(frozen({"do": "pay", "card": IDS[k]}) for k in range(N_KINDS))
RECOVER_ACTIONS: Final = tuple(frozen({"do": "recover", "card": IDS[k]}) for k in range(N_KINDS))
BOOST_ACTIONS: Final = tuple(frozen({"do": "boost", "zone": ZONES[z]}) for z in range(3))
PEEK_ACTIONS: Final = tuple(frozen({"do": "peek", "zone": ZONES[z]}) for z in range(3))
MOVE_ACTIONS: Final = tuple(
    tuple(frozen({"do": "move", "from": ZONES[a], "to": ZONES[b]}) for b in range(3))
    for a in range(3)
)
PASS: Final[Action] = frozen({"do": "pass"})
ACTIVATE: Final[Action] = frozen({"do": "activate"})
DECLINE: Final[Action] = frozen({"do": "decline"})

_FAST: dict[int, tuple[int, int, int]] = {}
for _k in range(N_KINDS):
    for _z in range(3):
        _FAST[id(PLACE_ACTIONS[_k][_z])] = (A_PLACE, _k, _z)
    _FAST[id(EVENT_ACTIONS[_k])] = (A_EVENT, _k, 0)
    _FAST[id(PAY_ACTIONS[_k])] = (A_PAY, _k, 0)
    _FAST[id(RECOVER_ACTIONS[_k])] = (A_RECOVER, _k, 0)
for _z in range(3):
    _FAST[id(BOOST_ACTIONS[_z])] = (A_BOOST, _z, 0)
    _FAST[id(PEEK_ACTIONS[_z])] = (A_PEEK, _z, 0)
    for _t in range(3):
        _FAST[id(MOVE_ACTIONS[_z][_t])] = (A_MOVE, _z, _t)
_FAST[id(PASS)] = (A_PASS, 0, 0)
_FAST[id(ACTIVATE)] = (A_ACTIVATE, 0, 0)
_FAST[id(DECLINE)] = (A_DECLINE, 0, 0)

_FIELDS: Final[dict[str, tuple[frozenset[str], ...]]] = {
    "place": (frozenset({"do", "card", "zone"}),),
    "event": (frozenset({"do", "card"}),),
    "pay": (frozenset({"do", "card"}),),
    "pass": (frozenset({"do"}),),
    "recover": (frozenset({"do", "card"}),),
    "boost": (frozenset({"do", "zone"}),),
    "peek": (frozenset({"do", "zone"}),),
    "move": (frozenset({"do", "from", "to"}),),
    "activate": (frozenset({"do"}),),
    "decline": (frozenset({"do"}),),
    "concede": (frozenset({"do"}), frozenset({"do", "player"})),
}
_SIMPLE: Final = {"pass": A_PASS, "activate": A_ACTIVATE, "decline": A_DECLINE}
# The action that answers each open choice.
_ANSWER: Final = {
    P_PAY: (A_PAY,),
    P_RECOVER: (A_RECOVER,),
    P_BOOST: (A_BOOST,),
    P_PEEK: (A_PEEK,),
    P_MOVE: (A_MOVE,),
    P_CENTRE: (A_EVENT, A_DECLINE),
    P_FLANK: (A_ACTIVATE, A_DECLINE),
}
_ANSWER_TEXT: Final = {
    P_PAY: "pay",
    P_RECOVER: "recover",
    P_BOOST: "boost",
    P_PEEK: "peek",
    P_MOVE: "move",
    P_CENTRE: "event (free) or decline",
    P_FLANK: "activate or decline",
}


class Player:
    """One seat: its faction, hand, deck, graveyard, shadow row and round counters."""

    __slots__ = ("activated", "deck", "faction", "grave", "hand", "known", "passed", "row", "took")

    faction: int
    hand: list[int]  # sorted by kind
    known: list[int]  # sorted: cards of the hand the opponent knows are there
    deck: list[int]  # top card *last*
    grave: list[int]  # in the order the cards arrived (public)
    row: list[int]  # the shadow row: cards of the opponent's deck, oldest first
    activated: int  # shadow cards activated this game
    passed: bool  # passed in this planning phase
    took: int  # printed combat of this player's cards revealed in battles this round

    def __init__(self, faction: int) -> None:
        self.faction = faction
        self.hand = []
        self.known = []
        self.deck = []
        self.grave = []
        self.row = []
        self.activated = 0
        self.passed = False
        self.took = 0

    def copy(self) -> Player:
        # Not Player.__new__(Player): compiled by mypyc, that runs __init__, which needs faction.
        q = Player(self.faction)
        q.hand = self.hand[:]
        q.known = self.known[:]
        q.deck = self.deck[:]
        q.grave = self.grave[:]
        q.row = self.row[:]
        q.activated = self.activated
        q.passed = self.passed
        q.took = self.took
        return q

    def forget(self, card: int) -> None:
        """``card`` left the hand publicly: the opponent no longer counts it as known there."""
        known = self.known
        if known and card in known:
            known.remove(card)


class WarOfTheRingState(GameState):
    """A War of the Ring position. Make one with ``rumizi.game("war-of-the-ring").new(...)``."""

    game_id: ClassVar[str] = GAME_ID

    __slots__ = (
        "_winner",
        "battles",
        "boost",
        "current",
        "effects",
        "end",
        "events",
        "how",
        "owed",
        "pending",
        "phase",
        "players",
        "playing",
        "result",
        "round",
        "seed",
        "seen",
        "starter",
        "zone_next",
        "zones",
    )

    players: list[Player]
    zones: list[list[list[int]]]  # zones[z][seat]: that seat's cards there, in placement order
    seen: list[list[list[bool]]]  # parallel to zones: the card is known to the other seat
    boost: list[list[int]]  # boost[z][seat]: added to that seat's total there this round
    result: list[int]  # per zone: UNRESOLVED, a seat, TIE or EMPTY
    zone_next: int  # the next zone to resolve (3 once all are)
    # The latest battle phase, per zone (None: not fought yet), kept until the next one.
    battles: list[Fought | None]
    round: int
    starter: int
    current: int
    phase: int
    pending: int
    owed: int  # cards still to pay (P_PAY)
    playing: int  # the event being resolved, or -1
    how: int  # how it is played: HOW_PAID, HOW_FREE or HOW_SHADOW
    effects: list[tuple[int, int]]  # the event's steps still to resolve, next first
    seed: int
    end: str | None
    events: list[dict[str, Any]] | None
    _winner: int | None

    # ------------------------------------------------------------------ contract

    @classmethod
    def game(cls) -> Game:
        # Through the registry: the game (game.py) imports this module, not the other way.
        return registry.game(GAME_ID)

    @property
    def to_act(self) -> int | None:
        return None if self.phase == OVER else self.current

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def num_players(self) -> int:
        return 2

    def undoable(self, action: Action, after: GameState) -> bool:
        """Undo, by the rules' turns: a step that drew no card (nor took a shadow card from a
        deck), reshuffled nothing, showed no face-down card (a peek, a battle) and kept the
        same player acting may be taken back: a card placed face down while a choice of the
        same player follows, a payment, a boost chosen."""
        if not isinstance(after, WarOfTheRingState):
            return False
        return (
            action.get("do") != "peek"
            and after.seed == self.seed
            and after.seen == self.seen
            and after.battles == self.battles
            and all(
                (len(a.deck), len(a.row), len(a.grave)) == (len(b.deck), len(b.row), len(b.grave))
                for a, b in zip(self.players, after.players, strict=True)
            )
        )

    def clone(self) -> WarOfTheRingState:
        s = WarOfTheRingState.__new__(WarOfTheRingState)
        s.players = [self.players[0].copy(), self.players[1].copy()]
        s.zones = [[z[0][:], z[1][:]] for z in self.zones]
        s.seen = [[z[0][:], z[1][:]] for z in self.seen]
        s.boost = [b[:] for b in self.boost]
        s.result = self.result[:]
        s.zone_next = self.zone_next
        s.battles = self.battles[:]  # entries are immutable tuples
        s.round = self.round
        s.starter = self.starter
        s.current = self.current
        s.phase = self.phase
        s.pending = self.pending
        s.owed = self.owed
        s.playing = self.playing
        s.how = self.how
        s.effects = self.effects[:]
        s.seed = self.seed
        s.end = self.end
        s.events = None
        s._winner = self._winner
        return s

    def __repr__(self) -> str:
        status = f"over ({self.end})" if self.phase == OVER else f"player {self.current} to act"
        return (
            f"<WarOfTheRingState round {self.round}, {PHASE_NAMES[self.phase]}, {status}; "
            f"activated {[p.activated for p in self.players]}>"
        )

    @property
    def pending_name(self) -> str | None:
        """The open choice by name (``"pay"``, ``"centre"``, ...), ``None`` in a planning step."""
        return PENDING_NAMES[self.pending]

    def seat_of(self, faction: int) -> int:
        """The seat that plays ``faction`` (``FREE`` or ``SHADOW``)."""
        return 0 if self.players[0].faction == faction else 1

    # ------------------------------------------------------------------ targets

    def _open_zones(self) -> range:
        """Zones not yet resolved this round."""
        return range(self.zone_next if self.phase == BATTLE else 0, 3)

    def peek_targets(self, p: int) -> list[int]:
        """Zones where the opponent has face-down cards ``p`` has not seen."""
        q = 1 - p
        return [z for z in self._open_zones() if not all(self.seen[z][q])]

    def move_targets(self, p: int) -> list[tuple[int, int]]:
        zones = self.zones
        open_zones = self._open_zones()
        return [
            (a, b)
            for a in open_zones
            if zones[a][p]
            for b in open_zones
            if b != a and len(zones[b][p]) < PER_ZONE
        ]

    def free_events(self, p: int) -> list[int]:
        """Kinds in ``p``'s hand that could be played as an event now (cost ≤ rest of hand)."""
        hand = self.players[p].hand
        rest = len(hand) - 1
        out: list[int] = []
        last = -1
        for k in hand:
            if k != last and COST[k] <= rest:
                out.append(k)
            last = k
        return out

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER:
            return []
        cur = self.current
        p = self.players[cur]
        pending = self.pending
        if pending == P_NONE:  # a planning step
            acts: list[Action] = []
            hand = p.hand
            rest = len(hand) - 1
            zones = self.zones
            room = (
                (len(zones[0][cur]) < PER_ZONE)
                | (len(zones[1][cur]) < PER_ZONE) << 1
                | (len(zones[2][cur]) < PER_ZONE) << 2
            )
            last = -1
            events: list[Action] = []
            for k in hand:
                if k != last:
                    acts += PLACE_BY_ROOM[k][room]
                    if COST[k] <= rest:
                        events.append(EVENT_ACTIONS[k])
                    last = k
            acts += events
            acts.append(PASS)
            return acts
        if pending == P_PAY:
            return _distinct(p.hand, PAY_ACTIONS)
        if pending == P_RECOVER:
            return _distinct(sorted(p.grave), RECOVER_ACTIONS)
        if pending == P_BOOST:
            return [BOOST_ACTIONS[z] for z in self._open_zones()]
        if pending == P_PEEK:
            return [PEEK_ACTIONS[z] for z in self.peek_targets(cur)]
        if pending == P_MOVE:
            return [MOVE_ACTIONS[a][b] for a, b in self.move_targets(cur)]
        if pending == P_CENTRE:
            return [*(EVENT_ACTIONS[k] for k in self.free_events(cur)), DECLINE]
        return [ACTIVATE, DECLINE]  # P_FLANK

    # ------------------------------------------------------------------ apply

    def apply(self, action: Any) -> None:  # Any: see "Bad input" in the module docstring
        parsed = _FAST.get(id(action))
        if parsed is None:
            parsed = _parse(action)
        kind, a, b = parsed
        if kind == A_PLACE and self.pending == P_NONE and self.phase == PLANNING:
            # The commonest step, checked and done here without the general dispatch.
            cur = self.current
            p = self.players[cur]
            if a in p.hand and len(self.zones[b][cur]) < PER_ZONE:
                p.hand.remove(a)
                if p.known:
                    p.known.clear()  # the opponent can no longer tell which card left the hand
                self.zones[b][cur].append(a)
                self.seen[b][cur].append(False)
                if self.events is not None:
                    self.events.append({"event": "place", "player": cur, "zone": ZONES[b]})
                self._next_step()
                return
        if kind == A_CONCEDE and a == -2:
            a = self.current
        self._check(kind, a, b)
        self._do(kind, a, b)

    def _check(self, kind: int, a: int, b: int) -> None:
        """Raise :class:`IllegalAction` unless the parsed action is legal now."""
        if self.phase == OVER:
            raise IllegalAction("the game is over")
        if kind == A_CONCEDE:
            if not 0 <= a < 2:
                raise IllegalAction(f"concede: no player {a!r} (players are 0 and 1)")
            return
        cur = self.current
        p = self.players[cur]
        pending = self.pending
        name = _KIND_NAMES[kind]
        if pending == P_NONE:
            if kind not in (A_PLACE, A_EVENT, A_PASS):
                raise IllegalAction(
                    f"{name}: there is no open choice; in planning, place a card, play an "
                    "event or pass"
                )
            if kind == A_PASS:
                return
            if a not in p.hand:
                raise IllegalAction(f"{name}: {IDS[a]!r} is not in your hand")
            if kind == A_PLACE:
                if len(self.zones[b][cur]) >= PER_ZONE:
                    raise IllegalAction(
                        f"place: you already have {PER_ZONE} cards in the {ZONES[b]} zone"
                    )
            elif COST[a] > len(p.hand) - 1:
                raise IllegalAction(
                    f"event: {IDS[a]!r} costs {COST[a]} and the rest of your hand holds "
                    f"{len(p.hand) - 1} cards"
                )
            return
        if kind not in _ANSWER[pending]:
            raise IllegalAction(f"{name}: a choice is open: answer it with {_ANSWER_TEXT[pending]}")
        if kind in (A_DECLINE, A_ACTIVATE):
            return
        if kind == A_PAY:
            if a not in p.hand:
                raise IllegalAction(f"pay: {IDS[a]!r} is not in your hand")
        elif kind == A_EVENT:  # the centre's free event
            if a not in p.hand:
                raise IllegalAction(f"event: {IDS[a]!r} is not in your hand")
            if COST[a] > len(p.hand) - 1:
                raise IllegalAction(
                    f"event: the free event must be one you could have paid for; {IDS[a]!r} "
                    f"costs {COST[a]} and the rest of your hand holds {len(p.hand) - 1}"
                )
        elif kind == A_RECOVER:
            if a not in p.grave:
                raise IllegalAction(f"recover: {IDS[a]!r} is not in your graveyard")
        elif kind == A_BOOST:
            if a not in self._open_zones():
                raise IllegalAction(f"boost: the {ZONES[a]} zone was already resolved")
        elif kind == A_PEEK:
            if a not in self.peek_targets(cur):
                raise IllegalAction(
                    f"peek: the {ZONES[a]} zone holds no enemy card you have not seen, or "
                    "was already resolved"
                )
        elif (a, b) not in self.move_targets(cur):
            raise IllegalAction(
                f"move: cannot move from {ZONES[a]} to {ZONES[b]} (you need a card in the "
                f"first, room for it in the second, and both unresolved)"
            )

    def _do(self, kind: int, a: int, b: int) -> None:
        cur = self.current
        ev = self.events
        if kind == A_PLACE:
            p = self.players[cur]
            p.hand.remove(a)
            p.known.clear()  # the opponent can no longer tell which card left the hand
            self.zones[b][cur].append(a)
            self.seen[b][cur].append(False)
            if ev is not None:
                ev.append({"event": "place", "player": cur, "zone": ZONES[b]})
            self._next_step()
        elif kind == A_EVENT:
            p = self.players[cur]
            p.hand.remove(a)
            p.forget(a)
            free = self.pending == P_CENTRE
            self.pending = P_NONE
            self._start_event(a, HOW_FREE if free else HOW_PAID)
        elif kind == A_PAY:
            p = self.players[cur]
            p.hand.remove(a)
            p.forget(a)
            p.grave.append(a)
            if ev is not None:
                ev.append({"event": "pay", "player": cur, "card": IDS[a]})
            self.owed -= 1
            if not self.owed:
                self.pending = P_NONE
                self._run_effects()
        elif kind == A_PASS:
            self.players[cur].passed = True
            if ev is not None:
                ev.append({"event": "pass", "player": cur})
            self._next_step()
        elif kind == A_RECOVER:
            p = self.players[cur]
            p.grave.remove(a)
            bisect.insort(p.hand, a)
            bisect.insort(p.known, a)
            if ev is not None:
                ev.append({"event": "recover", "player": cur, "card": IDS[a]})
            self._answered()
        elif kind == A_BOOST:
            self.boost[a][cur] += self._amount
            if ev is not None:
                ev.append(
                    {"event": "boost", "player": cur, "zone": ZONES[a], "amount": self._amount}
                )
            self._answered()
        elif kind == A_PEEK:
            seen = self.seen[a][1 - cur]
            for i in range(len(seen)):
                seen[i] = True
            if ev is not None:
                ev.append({"event": "peek", "player": cur, "zone": ZONES[a]})
            self._answered()
        elif kind == A_MOVE:
            card = self.zones[a][cur].pop()
            flag = self.seen[a][cur].pop()
            self.zones[b][cur].append(card)
            self.seen[b][cur].append(flag)
            if ev is not None:
                ev.append({"event": "move", "player": cur, "from": ZONES[a], "to": ZONES[b]})
            self._answered()
        elif kind == A_ACTIVATE:
            p = self.players[cur]
            card = p.row.pop(0)
            p.activated += 1
            self.pending = P_NONE
            self._start_event(card, HOW_SHADOW)
        elif kind == A_DECLINE:
            if ev is not None:
                ev.append(
                    {"event": "decline", "player": cur, "reward": PENDING_NAMES[self.pending]}
                )
            self.pending = P_NONE
            self._battle()
        else:  # A_CONCEDE
            if ev is not None:
                ev.append({"event": "concede", "player": a})
            self._finish(1 - a, "concede")

    # ------------------------------------------------------------------ events

    @property
    def _amount(self) -> int:
        """The number of the effect step whose choice is open (kept as the queue's head)."""
        return self.effects[0][1] if self.effects else 0

    def _answered(self) -> None:
        """The choice of the head step was answered: drop it (a recover of n leaves n - 1)."""
        e, n = self.effects.pop(0)
        if e == RECOVER and n > 1:
            self.effects.insert(0, (RECOVER, n - 1))
        self.pending = P_NONE
        self._run_effects()

    def _start_event(self, card: int, how: int) -> None:
        cur = self.current
        self.playing = card
        self.how = how
        self.effects = list(EVENT[card])
        if self.events is not None:
            self.events.append(
                {"event": "event", "player": cur, "card": IDS[card], "how": HOW_NAMES[how]}
            )
        if how == HOW_PAID and COST[card]:
            self.owed = COST[card]
            self.pending = P_PAY
            return
        self._run_effects()

    def _run_effects(self) -> None:
        """Resolve the playing event's steps until one needs a choice; then carry on the round.

        A step that opens a choice stays at the head of ``effects`` (its number is read from
        there) and is removed once answered.
        """
        cur = self.current
        effects = self.effects
        ev = self.events
        while effects:
            e, n = effects[0]
            if e == DRAW:
                effects.pop(0)
                self._draw(cur, n)
            elif e == DISCARD:
                effects.pop(0)
                self._discard_random(1 - cur, n)
            elif e == SHADOW_TAKE:
                effects.pop(0)
                taken = 0
                for _ in range(n):
                    taken += self._take_shadow(cur)
                if ev is not None:
                    ev.append({"event": "shadow-take", "player": cur, "count": taken})
            elif e == RECOVER:
                if self.players[cur].grave:
                    self.pending = P_RECOVER
                    return
                effects.pop(0)
            elif e == BOOST:
                if self.phase != BATTLE or self.zone_next < 3:
                    self.pending = P_BOOST
                    return
                effects.pop(0)
            elif e == PEEK:
                if self.peek_targets(cur):
                    self.pending = P_PEEK
                    return
                effects.pop(0)
            else:  # MOVE
                if self.move_targets(cur):
                    self.pending = P_MOVE
                    return
                effects.pop(0)
        card = self.playing
        self.playing = -1
        owner = cur if FACTION[card] == self.players[cur].faction else 1 - cur
        self.players[owner].grave.append(card)
        if self.phase == PLANNING:
            self._next_step()
        else:
            self._battle()

    def _draw(self, seat: int, n: int) -> int:
        p = self.players[seat]
        drawn = 0
        for _ in range(n):
            if not p.deck:
                if not p.grave:
                    break
                self._reshuffle(seat)
            bisect.insort(p.hand, p.deck.pop())
            drawn += 1
        if self.events is not None and drawn:
            self.events.append({"event": "draw", "player": seat, "count": drawn})
        return drawn

    def _reshuffle(self, seat: int) -> None:
        p = self.players[seat]
        p.deck = p.grave
        p.grave = []
        self.seed = rng.shuffle(self.seed, p.deck)
        if self.events is not None:
            self.events.append({"event": "reshuffle", "player": seat, "count": len(p.deck)})

    def _take_shadow(self, seat: int) -> int:
        """``seat`` takes the top card of the opponent's deck into its shadow row (1 if taken)."""
        other = 1 - seat
        deck = self.players[other].deck
        if not deck:
            if not self.players[other].grave:
                return 0
            self._reshuffle(other)
            deck = self.players[other].deck
        self.players[seat].row.append(deck.pop())
        return 1

    def _discard_random(self, seat: int, n: int) -> None:
        p = self.players[seat]
        for _ in range(n):
            if not p.hand:
                return
            self.seed, i = rng.below(self.seed, len(p.hand))
            card = p.hand.pop(i)
            p.forget(card)
            p.grave.append(card)
            if self.events is not None:
                self.events.append({"event": "discard", "player": seat, "card": IDS[card]})

    # ------------------------------------------------------------------ planning

    def _next_step(self) -> None:
        cur = self.current
        players = self.players
        if not players[1 - cur].passed:
            self.current = 1 - cur
        elif not players[cur].passed:
            pass  # the opponent passed: this player keeps stepping
        else:
            self.phase = BATTLE
            self.zone_next = 0
            self.battles = [None, None, None]
            self._battle()

    # ------------------------------------------------------------------ battle

    def _battle(self) -> None:
        """Resolve zones in order until a reward asks for a choice; then clean up."""
        while self.zone_next < 3:
            z = self.zone_next
            self.zone_next = z + 1
            self._resolve(z)
            if self.phase == OVER or self.pending != P_NONE:
                return
        self._cleanup()

    def totals(self, z: int) -> tuple[int, int]:
        """Both sides' totals in zone ``z`` as the cards stand (auras, fear, horde, stand)."""
        zone = self.zones[z]
        out = [0, 0]
        counts = (len(zone[0]), len(zone[1]))
        for s in (0, 1):
            mine = zone[s]
            if not mine:
                continue
            aura = 0
            fear = 0
            for k in mine:
                if UNIT[k] == AURA:
                    aura += UNIT_N[k]
            for k in zone[1 - s]:
                if UNIT[k] == FEAR:
                    fear += UNIT_N[k]
            total = self.boost[z][s]
            more = counts[s] > counts[1 - s]
            fewer = counts[s] < counts[1 - s]
            for k in mine:
                ability = UNIT[k]
                v = COMBAT[k] + aura - fear
                if ability == AURA:
                    v -= UNIT_N[k]  # an aura lifts the *other* units
                elif ability == HORDE:
                    if more:
                        v += UNIT_N[k]
                elif ability == STAND and fewer:
                    v += UNIT_N[k]
                if v > 0:
                    total += v
            out[s] = total
        return out[0], out[1]

    def _resolve(self, z: int) -> None:
        zone = self.zones[z]
        ev = self.events
        if not zone[0] and not zone[1]:
            self.result[z] = EMPTY
            self.battles[z] = ((), (), (), 0, 0, EMPTY)
            if ev is not None:
                ev.append({"event": "battle", "zone": ZONES[z], "result": "empty"})
            return
        seen = self.seen[z]
        seen[0] = [True] * len(zone[0])
        seen[1] = [True] * len(zone[1])
        has_slay = False
        for s in (0, 1):
            t = 0
            for k in zone[s]:
                t += COMBAT[k]
                if UNIT[k] == SLAY:
                    has_slay = True
            self.players[s].took += t
        if ev is not None:
            ev.append(
                {
                    "event": "reveal",
                    "zone": ZONES[z],
                    "cards": [[IDS[k] for k in zone[0]], [IDS[k] for k in zone[1]]],
                }
            )
        revealed = (tuple(zone[0]), tuple(zone[1]))
        # Slays, the starter's cards first, each side in placement order.
        slain = self._slays(z) if has_slay else ()
        a, b = self.totals(z)
        if ev is not None:
            ev.append({"event": "totals", "zone": ZONES[z], "totals": [a, b]})
        if zone[0] and not zone[1]:
            win = 0
        elif zone[1] and not zone[0]:
            win = 1
        elif a == b:
            win = TIE
        else:
            win = 0 if a > b else 1
        self.result[z] = win
        self.battles[z] = (revealed[0], revealed[1], slain, a, b, win)
        if win == TIE:
            for s in (0, 1):
                self.players[s].grave += zone[s]
                zone[s] = []
                seen[s] = []
            if ev is not None:
                ev.append({"event": "battle", "zone": ZONES[z], "result": "tie"})
            return
        lose = 1 - win
        self.players[lose].grave += zone[lose]
        zone[lose] = []
        seen[lose] = []
        if ev is not None:
            ev.append({"event": "battle", "zone": ZONES[z], "result": "win", "winner": win})
        # Rewards, at once.
        self._draw(win, 1)
        if self.result[0] == win and self.result[1] == win and self.result[2] == win:
            self._finish(win, "sweep")
            return
        self.current = win
        if z == CENTRE:
            if self.free_events(win):
                self.pending = P_CENTRE
        elif self.players[win].row:
            self.pending = P_FLANK

    def _slays(self, z: int) -> tuple[tuple[int, int, int], ...]:
        """Every slay of zone ``z``, in order; returns them as (seat, card, victim) triples."""
        zone = self.zones[z]
        done: list[tuple[int, int, int]] = []
        alive = [[True] * len(zone[0]), [True] * len(zone[1])]
        order = (self.starter, 1 - self.starter)
        ev = self.events
        for s in order:
            o = 1 - s
            for i, k in enumerate(zone[s]):
                if UNIT[k] != SLAY or not alive[s][i]:
                    continue
                theirs = zone[o]
                guarded = False
                target = -1
                for j, t in enumerate(theirs):
                    if alive[o][j]:
                        if UNIT[t] == GUARD:
                            guarded = True
                        if target < 0 or COMBAT[t] < COMBAT[theirs[target]]:
                            target = j
                if guarded or target < 0:
                    continue
                alive[o][target] = False
                victim = theirs[target]
                done.append((s, k, victim))
                self.players[o].grave.append(victim)
                if ev is not None:
                    ev.append(
                        {
                            "event": "slay",
                            "zone": ZONES[z],
                            "player": s,
                            "card": IDS[k],
                            "victim": IDS[victim],
                        }
                    )
        for s in (0, 1):
            if not all(alive[s]):
                zone[s] = [k for k, live in zip(zone[s], alive[s], strict=True) if live]
                self.seen[z][s] = [True] * len(zone[s])
        return tuple(done)

    # ------------------------------------------------------------------ cleanup

    def _cleanup(self) -> None:
        ev = self.events
        players = self.players
        for z in range(3):
            for s in (0, 1):
                if self.zones[z][s]:
                    players[s].grave += self.zones[z][s]
                    self.zones[z][s] = []
                    self.seen[z][s] = []
        first = self.starter
        for s in (first, 1 - first):
            taken = self._take_shadow(s)
            if ev is not None and taken:
                ev.append({"event": "shadow-take", "player": s, "count": taken})
        a, b = players[0].took, players[1].took
        nxt = first if a == b else (0 if a > b else 1)
        for s in (first, 1 - first):
            missing = HAND_SIZE - len(players[s].hand)
            if missing > 0:
                self._draw(s, missing)
        if ev is not None:
            ev.append({"event": "cleanup", "took": [a, b], "next": nxt})
        five = [players[s].activated >= SHADOW_WIN for s in (0, 1)]
        if five[0] or five[1]:
            self._finish(first if five[0] and five[1] else (0 if five[0] else 1), "shadows")
            return
        self._begin_round(nxt)

    def _begin_round(self, starter: int) -> None:
        self.round += 1
        self.starter = starter
        self.current = starter
        self.phase = PLANNING
        self.pending = P_NONE
        self.zone_next = 0
        self.result = [UNRESOLVED] * 3
        self.boost = [[0, 0], [0, 0], [0, 0]]
        for p in self.players:
            p.passed = False
            p.took = 0
        if self.events is not None:
            self.events.append({"event": "round", "round": self.round, "starter": starter})
        out = [not (p.hand or p.deck or p.grave) for p in self.players]
        if out[0] or out[1]:
            self._finish(starter if out[0] and out[1] else (1 if out[0] else 0), "exhaustion")

    def _finish(self, winner: int, reason: str) -> None:
        self.phase = OVER
        self._winner = winner
        self.end = reason
        self.pending = P_NONE
        if self.events is not None:
            self.events.append({"event": "game-over", "winner": winner, "reason": reason})

    # ------------------------------------------------------------------ documents

    def _pending_doc(self) -> dict[str, Any] | None:
        if self.pending == P_NONE:
            return None
        doc: dict[str, Any] = {"choice": PENDING_NAMES[self.pending]}
        if self.pending == P_PAY:
            doc["owed"] = self.owed
        return doc

    def _shared(self) -> dict[str, Any]:
        return {
            "game": GAME_ID,
            "round": self.round,
            "phase": PHASE_NAMES[self.phase],
            "starter": self.starter,
            "current": self.current,
            "zone": self.zone_next,
            "pending": self._pending_doc(),
            "playing": None
            if self.playing < 0
            else {"card": IDS[self.playing], "how": HOW_NAMES[self.how]},
            "effects": [[EFFECT_NAMES[e], n] for e, n in self.effects],
            "battles": [_battle_doc(b) for b in self.battles],
            "winner": self._winner,
            "end": self.end,
        }

    def _player_doc(self, p: Player) -> dict[str, Any]:
        return {
            "faction": FACTION_NAMES[p.faction],
            "known": [IDS[k] for k in p.known],
            "graveyard": [IDS[k] for k in p.grave],
            "activated": p.activated,
            "passed": p.passed,
            "took": p.took,
        }

    def _zone_result(self, z: int) -> int | str | None:
        r = self.result[z]
        if r == UNRESOLVED:
            return None
        if r == TIE:
            return "tie"
        if r == EMPTY:
            return "empty"
        return r

    def export(self) -> Document:
        players = []
        for p in self.players:
            doc = self._player_doc(p)
            doc["hand"] = [IDS[k] for k in p.hand]
            doc["deck"] = [IDS[k] for k in reversed(p.deck)]
            doc["shadow_row"] = [IDS[k] for k in p.row]
            players.append(doc)
        zones = [
            {
                "cards": [[IDS[k] for k in self.zones[z][s]] for s in (0, 1)],
                "seen": [self.seen[z][s][:] for s in (0, 1)],
                "boost": self.boost[z][:],
                "result": self._zone_result(z),
            }
            for z in range(3)
        ]
        return {**self._shared(), "zones": zones, "players": players, "seed": self.seed}

    def view(self, player: Any) -> View:  # Any: see "Bad input" in the module docstring
        """What ``player`` may see; ``None`` for a spectator.

        Hidden: the other player's hand (its size is shown, and the cards of it the viewer
        knows — those taken back from a graveyard — under ``known``), the order and contents
        of both decks (sizes only), both shadow rows (sizes only: nobody has seen them), the
        other player's face-down zone cards (``null``) until a battle reveals them or a peek
        shows them to the viewer, and the random state. A spectator sees only what battles
        revealed. Graveyards and played events are public, and so is which zone cards were
        peeked at (``seen``: the other seat knows that card), as every peek is announced.
        Another seat than 0, 1 or ``None`` raises ``ValueError``.
        """
        check_viewer(player, 2)
        players = []
        for i, p in enumerate(self.players):
            doc = self._player_doc(p)
            doc["hand"] = [IDS[k] for k in p.hand] if i == player else None
            doc["hand_size"] = len(p.hand)
            doc["deck_size"] = len(p.deck)
            doc["shadow_size"] = len(p.row)
            players.append(doc)
        zones = []
        for z in range(3):
            revealed = self.result[z] != UNRESOLVED
            cards = []
            for s in (0, 1):
                mine = s == player
                other = player is not None and not mine
                cards.append(
                    [
                        IDS[k] if mine or revealed or (other and seen) else None
                        for k, seen in zip(self.zones[z][s], self.seen[z][s], strict=True)
                    ]
                )
            zones.append(
                {
                    "cards": cards,
                    "seen": [self.seen[z][0][:], self.seen[z][1][:]],
                    "boost": self.boost[z][:],
                    "result": self._zone_result(z),
                }
            )
        return {
            **self._shared(),
            "viewer": player,
            "to_act": self.to_act,
            "over": self.phase == OVER,
            "zones": zones,
            "players": players,
        }


def _battle_doc(b: Fought | None) -> dict[str, Any] | None:
    if b is None:
        return None
    c0, c1, slain, a, t, r = b
    return {
        "cards": [[IDS[k] for k in c0], [IDS[k] for k in c1]],
        "slain": [[seat, IDS[k], IDS[v]] for seat, k, v in slain],
        "totals": [a, t],
        "result": "tie" if r == TIE else "empty" if r == EMPTY else r,
    }


_KIND_NAMES: Final = (
    "place",
    "event",
    "pay",
    "pass",
    "recover",
    "boost",
    "peek",
    "move",
    "activate",
    "decline",
    "concede",
)


def _distinct(sorted_cards: list[int], table: tuple[Action, ...]) -> list[Action]:
    out: list[Action] = []
    last = -1
    for k in sorted_cards:
        if k != last:
            out.append(table[k])
            last = k
    return out


# ---------------------------------------------------------------------- parsing actions


def _card_arg(value: Any, what: str) -> int:
    k = BY_ID.get(value) if isinstance(value, str) else None
    if k is None:
        raise MalformedAction(f"{what}: unknown card {value!r}")
    return k


def _zone_arg(value: Any, what: str) -> int:
    z = ZONE_BY_NAME.get(value) if isinstance(value, str) else None
    if z is None:
        raise MalformedAction(f"{what}: unknown zone {value!r}; zones: {', '.join(ZONES)}")
    return z


def _parse(action: Any) -> tuple[int, int, int]:
    """An action object as ``(kind, a, b)``; :class:`IllegalAction` if it is malformed."""
    if not isinstance(action, dict) or "do" not in action:
        raise MalformedAction(
            f"malformed action {action!r}: expected an object such as "
            '{"do": "place", "card": "fp-aragorn", "zone": "left"}'
        )
    do = action["do"]
    shapes = _FIELDS.get(do) if isinstance(do, str) else None
    if shapes is None:
        raise MalformedAction(f"unknown action {do!r}; expected one of: {', '.join(_FIELDS)}")
    if action.keys() not in shapes:
        raise MalformedAction(f"malformed {do!r} action {action!r}: unexpected or missing fields")
    if do == "place":
        return A_PLACE, _card_arg(action["card"], do), _zone_arg(action["zone"], do)
    if do in ("event", "pay", "recover"):
        kind = {"event": A_EVENT, "pay": A_PAY, "recover": A_RECOVER}[do]
        return kind, _card_arg(action["card"], do), 0
    if do in ("boost", "peek"):
        return (A_BOOST if do == "boost" else A_PEEK), _zone_arg(action["zone"], do), 0
    if do == "move":
        return A_MOVE, _zone_arg(action["from"], do), _zone_arg(action["to"], do)
    if do == "concede":
        who = action.get("player")
        if who is None:
            return A_CONCEDE, -2, 0
        if type(who) is not int:
            raise MalformedAction(f"concede: player must be 0 or 1, not {who!r}")
        return A_CONCEDE, who, 0
    return _SIMPLE[do], 0, 0


def new_state(seed: Any = 0, first: int | None = None, shadow: int = 1) -> WarOfTheRingState:
    """A new game: both decks shuffled, 7 cards each, one shadow card each, the coin toss.

    ``first`` (0 or 1) is the coin toss agreed in advance; left out, it is drawn from the seed
    (drawn anyway, so the deal is the same either way). ``shadow`` is the Shadow's seat.
    """
    state = rng.normalize_seed(rng.check_seed(seed))
    state, coin = rng.below(state, 2)
    s = WarOfTheRingState.__new__(WarOfTheRingState)
    s.events = None
    s.players = [Player(SHADOW if shadow == 0 else FREE), Player(SHADOW if shadow == 1 else FREE)]
    for p in s.players:
        p.deck = list(DECKS[p.faction])
        state = rng.shuffle(state, p.deck)
    s.seed = state
    s.zones = [[[], []] for _ in range(3)]
    s.seen = [[[], []] for _ in range(3)]
    s.battles = [None, None, None]
    s.effects = []
    s.playing = -1
    s.how = HOW_PAID
    s.owed = 0
    s._winner = None
    s.end = None
    s.round = 0
    for seat in (0, 1):
        s._draw(seat, HAND_SIZE)
    for seat in (0, 1):
        s._take_shadow(seat)
    s._begin_round(coin if first is None else first)
    return s
