"""The Fantasy Realms engine: turns, the Cursed Items, the end and the scores.

The scorer (:func:`rumizi.games.fantasy_realms.score_hand`) decides what a hand is worth;
this module decides how hands come to be. Cards and Cursed Items are named by their ids
(``"great-flood"``, ``"spyglass"``).

Tables
------
``GAME.new(seed, players, **options)`` with

* ``players``: 3 to 6, or 2 for the two-player variant (the draft, see below);
* ``suits``: the Cursed Hoard suits (Building, Outsider, Undead, Garden and the reprints;
  the base Bell Tower leaves, its Building reprint comes in): hands of 8, the end at 12;
* ``items``: the Cursed Items, a separate deck, one face-up item in front of each player;
* ``jester``: the Jester promo; ``phoenix``: ``"none"``, ``"promo"`` or ``"deluxe"`` — one
  Phoenix text at a table, never both;
* ``first``: a seat, or ``"random"`` (the default, drawn from the seed as Splendor Duel's).

Play goes clockwise (seat 0, 1, 2, …). The deck and the other piles are exported bottom
first: the last card of ``deck`` is its top.

Actions
-------
A normal turn: ``{"do": "draw"}`` (the top card) or ``{"do": "take", "card": id}`` (any card
of the discard area; never on the game's first turn), then ``{"do": "discard", "card": id}``;
while an any-time Cursed Item can still be used after that discard, the turn stays open until
``{"do": "end-turn"}`` (phase ``after``).
The two-player draft: ``{"do": "draw-two"}`` then ``discard`` one of the two drawn, or
``take``. With Cursed Items: ``{"do": "drop-item"}`` (discard the face-up item at the end of
the turn and draw another) and ``{"do": "use", "item": id, …}`` with what the item needs (see
:data:`USES`). At the end: ``{"do": "genie", "card": id | None}``,
``{"do": "necromancer", "card": id | None}`` and ``{"do": "shed", "card": id}`` (down to the
hand limit). An item taken to be used at once (Larcenous Gloves, Junkyard Map, Repair Kit) may
also be left unused: ``{"do": "forgo"}`` (it still turns face down). At any moment:
``{"do": "concede", "player": p}`` (by default the seat to act), accepted but not listed (see
*Conceding* below). The legal list is exact; anything else raises
:class:`rumizi.IllegalAction` and changes nothing, saying what is wrong: the move that does
not fit the moment (with the moves that do), the card that is not where the move needs it,
the item that is not the one in front of you. An action no position takes (an unknown kind
or card, a field too many) raises its kind :class:`~rumizi.core.errors.MalformedAction`.

Bad input: ``apply``, ``view``, the table's :class:`Options`, ``load`` and ``sample`` check
what they are given themselves and explain what is wrong, so they take it typed ``Any``: in
the build compiled with mypyc (``setup.py``) a narrower annotation would turn a wrong type
into a bare ``TypeError`` before the check could run.

>>> from rumizi.games.fantasy_realms import GAME
>>> s = GAME.new(seed=3, players=3, first=0)
>>> s.legal_actions()                      # the first turn must draw
[{'do': 'draw'}]
>>> s.apply({"do": "draw"}); len(s.hands[0])
8
>>> s.apply({"do": "discard", "card": s.hands[0][0]}); s.to_act, len(s.area)
(1, 1)
>>> s  # doctest: +ELLIPSIS
<FantasyRealmsState 3 players, turn 2, take, player 1 to act; hands [7, 7, 7], deck 31, ...>
>>> s.apply({"do": "discard", "card": "king"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
rumizi.core.errors.IllegalAction: cannot discard now (...); the moves now: draw, take

Decisions where the rules leave room
------------------------------------
* **The end** comes the moment the discard area holds 10 (12; with two players, once both
  hands are full too), whatever put the card there: Winged Boots before the draw, the first
  of Fishhook's or Rake's two discards, Blindfold's discard before its draw. The turn stops
  there and the hands are scored as they are (the hand limit below still applies).
* **An empty deck** (items can move cards out of it) ends the game when the next turn would
  start without a card to draw (two in the draft): otherwise takes and discards could go on
  for ever. Without Cursed Items the end always comes first.
* **Any-time items** are used at any moment of the turn: before drawing or taking, between
  the draw and the discard, or after the discard (the seed: «قبل از کشیدنِ کارت از دک یا
  برداشتنِ کارت از مکس یا بعد از این که یه کارت سوزوندین»). A discard that leaves such an
  item usable keeps the turn open (phase ``after``: the item's uses, ``drop-item`` and
  ``end-turn``); when nothing is usable the discard ends the turn as before, with no extra
  step, and so does the last thing done in the open turn. Portal needs the discard it skips,
  so it is used between the draw and the discard only. **Instead-of-turn** items only before
  drawing, and not on the game's first turn (which must draw).
* **Nine cards at most** (the seed: «شما به هیچ وجه نمی‌تونین بیش از 9 تا کارت در دستتون
  داشته باشین! این، شاملِ کارت دروازه … هم میشه»): a hand of more than nine discards at once,
  so a draw or a take to ten leaves the discard as the only move (no item first: Portal, or a
  Repair Kit repeating it, could otherwise keep ten). An item's own steps (Rake's two takes,
  Fishhook's and the Cauldron's draws) run to their discards as one move.
* **End-of-game extras** resolve in the seed's order, Leprechaun (automatic: the top card),
  Genie (a card of the deck, chosen, or none), Necromancer (an Army, Leader, Wizard or Beast —
  with the suits also an Undead — of the discard area, or none). A hand over the limit (9 with
  the suits, else 8) sheds at once into the discard area, never the cards that added cards.
* **Scoring** runs the scorer with the best choices for every hand; the final view shows each
  total, its choices and per-card lines. Highest total wins; a tie goes to the lower sum of
  base strengths the scorer found (a blanked card has none, the seed's «نه قدرت پایه‌ای»; a
  Doppelganger has the one it copies); a remaining tie is shared (``returns`` splits the win).
* **Backpack**'s three items are taken in the order they were drawn.
* **Conceding** (the platform's Concede button, and a seat whose clock runs out) is accepted
  at any moment of a game not over, for any seat still in, in turn or not, in every phase;
  it is never in the legal list. The seat is out (``out``: the seats out, in the order they
  left); its hand stays as it is (nothing moves, not even a card too many drawn mid-turn)
  and is no longer played. When one player is left in, the game ends at once and that
  player alone wins, whatever the scores; the hands are still scored as they stand. Else
  play goes on without the seat: a turn of its (mid-turn too) ends at once and the next
  turn is the next seat still in (out seats are skipped; an Hourglass turn is lost, a
  borrowed item turns face down as if forgone, its face-up item stays and is not replaced);
  it no longer offers for a Market Wagon and its offer is withdrawn; its end-of-game steps
  are dropped (no Leprechaun, Genie, Necromancer or shedding for an out seat) and the end
  goes on; in the chaos trading it is no longer an actor, its open offers are withdrawn and
  the offers made to it disappear (and its Necromancer draws nothing). Its Sealed Vault no
  longer keeps cards from the others. At the end the winners are chosen among the seats
  still in; each result says whether its seat ``conceded`` (conceded seats rank below every
  seat still in). A concede of an unknown seat, of a seat already out, or in a game over
  is refused and changes nothing.

The chaos variant
-----------------
``variant="chaos"`` (3 to 7 players; ``timer``: the trading's seconds, 300 by default; no
Cursed Items, which need turns): hands of 7 (8), then the trading phase, in which every seat
may act at once (:attr:`~FantasyRealmsState.actors`; the actions name their seat,
``"by"``; see :mod:`.trading`). It ends when everybody is done or when the server plays the
timer's ``{"do": "ring"}``. Then the Necromancer's holder may, instead of the card's text,
draw three cards and keep one (``{"do": "draw-three"}`` or ``{"do": "pass"}``, then
``{"do": "keep", "card": id}``; the other two go to the bottom of the deck, seen only by
them), and the hands are scored as at the normal end (Leprechaun and Genie included).
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, TypedDict, cast, get_args

import rumizi.games.fantasy_realms.trading as trading
from rumizi.core import registry, rng
from rumizi.core.contract import RING, Action, Document, Game, GameState, View, check_viewer
from rumizi.core.errors import IllegalAction, MalformedAction
from rumizi.games.fantasy_realms.cards import (
    CARDS,
    ITEMS,
    base_deck,
    bit,
    card_info,
    suits_in_play,
)
from rumizi.games.fantasy_realms.scorer import score_hand

GAME_ID: Final = "fantasy-realms"

# The items that replace a turn; the rest are used at any point of the turn (Hourglass after
# it, Repair Kit at the copied item's timing).
INSTEAD: Final = frozenset(
    {
        "sarcophagus",
        "blindfold",
        "market-wagon",
        "staff-of-transmutation",
        "rake",
        "fishhook",
        "cauldron",
        "lantern",
    }
)
NOT_REPAIRED: Final = frozenset({"backpack", "sarcophagus", "blindfold", "treasure-chest"})
NECRO_SUITS: Final = frozenset({"army", "leader", "wizard", "beast"})
HAND_CAP: Final = 9  # the seed: never more than nine cards in a hand, Portal included
#: The moments of a game, each asking for its own moves (``pending`` holds what the moment
#: still needs: drawn cards, counts, the borrowed item, the trading's offers).
Phase = Literal[
    "take",
    "discard",
    "after",  # the discard is made; an any-time item may still be used, or the turn ended
    "draft-discard",
    "rake",
    "cauldron",
    "offer",
    "wagon",
    "ring",
    "borrowed",
    "genie",
    "necromancer",
    "shed",
    "trade",
    "summon",
    "keep",
    "over",
]
PHASES: Final[tuple[Phase, ...]] = get_args(Phase)
#: The end-of-game steps, in the seed's order; ``limit`` checks a hand against the hand limit,
#: ``shed`` is a hand over it.
EndKind = Literal["leprechaun", "genie", "necromancer", "limit", "shed"]
END_KINDS: Final[tuple[EndKind, ...]] = get_args(EndKind)
VARIANTS: Final = ("standard", "two-player", "chaos")
CHAOS_TIMER: Final = 300  # seconds: the seed's five minutes for experienced players

#: What each item's ``use`` action carries besides ``item`` (documentation and checks).
USES: Final = {
    "spyglass": "player: another seat; you see that hand",
    "sarcophagus": "the top card goes to the discard area; the turn ends",
    "blindfold": "discard first, then draw the top card",
    "book-of-prophecy": "you see the bottom seven cards of the deck",
    "crystal-ball": "suit: every other player shows that suit",
    "market-wagon": "card: shown; others offer; then wagon-swap / wagon-keep / wagon-discard",
    "backpack": "three items aside; your next three item draws come from them",
    "shovel": "card: a discard-area card to the bottom of the deck",
    "sealed-vault": "cards: two discard-area cards only you may take",
    "crystal-lens": "you see the top card of the deck",
    "larcenous-gloves": "player: take their face-up item and use it now",
    "junkyard-map": "take: one of the top three used items, used now",
    "winged-boots": "the top card goes to the discard area",
    "staff-of-transmutation": "cards: 3 to 8 hand cards to the bottom, as many drawn",
    "rake": "take two discard-area cards, then discard two",
    "treasure-chest": "no effect now; +25 at the end with three other used items",
    "fishhook": "draw two, then discard two",
    "repair-kit": "copy: a used item repeated (None: no item to copy, draw another)",
    "hourglass": "an extra turn after this one",
    "gold-mirror": "cards: three discard-area cards to the bottom, three new from the deck",
    "cauldron": "draw three, return two (top or bottom), then discard",
    "lantern": "suit: draw until one of that suit (ten at most), keep it, discard another",
    "portal": "skip this discard: the hand is one card larger from now on",
    "wishing-ring": "search the deck, put a card on top (ring); shuffled at the turn's end",
}


#: What a phase still needs, by key; each moment writes only its own keys and clears the rest
#: when it ends (a Wishing Ring's ``shuffle`` lasts to the end of the turn). Documents write
#: it as it is (``"pending"``), so the keys are the document's.
Pending = TypedDict(
    "Pending",
    {
        "drawn": list[str],  # the cards drawn this turn (the draft, the Cauldron, chaos' keep)
        "discards": int,  # discards still to make this turn (Fishhook, Rake: two)
        "locked": bool,  # no item may be used for the rest of the turn
        "not": str,  # the card the Lantern found, which this turn's discard may not be
        "then": Literal["draw"],  # Blindfold: the draw comes after the discard
        "left": int,  # the Rake's takes still to make
        "card": str,  # the Market Wagon's card shown
        "offerers": list[int],  # the seats still to offer for it, in turn
        # the offers made: for the Market Wagon, {seat: cards}; in the chaos trading,
        # [{id, by, to, card}] (:mod:`.trading`)
        "offers": Any,
        "item": str,  # the item borrowed (Larcenous Gloves, Junkyard Map) or copied
        "copy": bool,  # the borrowed item is a Repair Kit's copy, not an item in hand
        "back": Phase,  # the phase to return to once the item is used or forgone
        "shuffle": bool,  # a Wishing Ring was used: the deck is shuffled at the turn's end
        "done": list[int],  # chaos: the seats done trading
        "next": int,  # chaos: the next offer's id
    },
    total=False,
)


def _past_the_phase(pending: Pending) -> Pending:
    """What of ``pending`` outlives its phase: a Wishing Ring's shuffle, due at the turn's end."""
    return {"shuffle": pending["shuffle"]} if "shuffle" in pending else {}


@dataclass(frozen=True, slots=True)
class EndStep:
    """One end-of-game step still to resolve, for ``seat``.

    A ``shed`` step (a hand over the limit) has ``left``: the cards still to shed, and
    ``kept``: the cards that added cards (Leprechaun, Genie, Necromancer), never shed. A
    document writes a step as ``[kind, seat, kept, left]``.

    >>> step = EndStep.read(["shed", 2, ["genie"], 1])
    >>> step.kind, step.seat, step.as_list()
    ('shed', 2, ['shed', 2, ['genie'], 1])
    """

    kind: EndKind
    seat: int
    kept: list[str]
    left: int

    @classmethod
    def read(cls, data: Any) -> EndStep:
        """The step a document writes as ``data``; ValueError unless it is one."""
        if (
            not isinstance(data, list | tuple)
            or len(data) != 4
            or data[0] not in END_KINDS
            or type(data[1]) is not int
            or not isinstance(data[2], list)
            or type(data[3]) is not int
        ):
            shown = list(data) if isinstance(data, list | tuple) else data
            raise ValueError(f"queue: [kind, seat, cards, count] steps, not {shown!r}")
        return cls(data[0], data[1], data[2], data[3])

    def as_list(self) -> list[Any]:
        return [self.kind, self.seat, self.kept, self.left]


class Options:
    """A table's modules, read once and checked."""

    __slots__ = ("first", "items", "jester", "phoenix", "players", "suits", "timer", "variant")

    players: int
    suits: bool
    items: bool
    jester: bool
    phoenix: str
    first: int | None
    variant: str
    timer: int

    # Any: every value is checked here, from the web's options, a document or a view (see
    # "Bad input" in the module docstring).
    def __init__(
        self,
        players: Any,
        suits: Any = False,
        items: Any = False,
        jester: Any = False,
        phoenix: Any = "none",
        first: Any = "random",
        variant: Any = "standard",
        timer: Any = CHAOS_TIMER,
    ) -> None:
        if variant not in VARIANTS:
            raise ValueError(f"variant: 'standard', 'two-player' or 'chaos', not {variant!r}")
        chaos = variant == "chaos"
        if chaos:
            if type(players) is not int or not 3 <= players <= 7:
                raise ValueError(f"chaos realms are for 3 to 7 players, not {players!r}")
            if items:
                raise ValueError("chaos realms have no Cursed Items: there are no turns")
            if type(timer) is not int or not 1 <= timer <= 3600:
                raise ValueError(f"timer: whole seconds 1 to 3600, not {timer!r}")
        elif type(players) is not int or not 2 <= players <= 6:
            raise ValueError(f"Fantasy Realms is for 2 to 6 players, not {players!r}")
        if variant == "two-player" and players != 2:
            raise ValueError(f"the two-player variant is for 2 players, not {players!r}")
        for name, flag in (("suits", suits), ("items", items), ("jester", jester)):
            if type(flag) is not bool:
                raise ValueError(f"{name}: true or false, not {flag!r}")
        if phoenix not in ("none", "promo", "deluxe"):
            raise ValueError(f"phoenix: 'none', 'promo' or 'deluxe', not {phoenix!r}")
        if first not in ("random", None) and (type(first) is not int or not 0 <= first < players):
            raise ValueError(f"first: a seat 0 to {players - 1} or 'random', not {first!r}")
        self.players = players
        self.suits = suits
        self.items = items
        self.jester = jester
        self.phoenix = phoenix
        self.first = None if first in ("random", None) else int(first)
        self.variant = variant if chaos else "standard"
        self.timer = int(timer) if chaos else CHAOS_TIMER

    @property
    def chaos(self) -> bool:
        return self.variant == "chaos"

    def as_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "suits": self.suits,
            "items": self.items,
            "jester": self.jester,
            "phoenix": self.phoenix,
        }
        if self.chaos:  # other tables' documents stay as they were
            found.update(variant="chaos", timer=self.timer)
        return found

    def cards(self) -> list[str]:
        """The main deck of this table, in file order."""
        deck = list(base_deck(expansion=self.suits))
        if self.jester:
            deck.append("jester")
        if self.phoenix != "none":
            deck.append("phoenix" if self.phoenix == "promo" else "phoenix-deluxe")
        return deck

    @property
    def hand_size(self) -> int:
        return 8 if self.suits else 7

    @property
    def end_at(self) -> int:
        if self.players == 2:
            return 14 if self.suits else 12
        return 12 if self.suits else 10

    @property
    def limit(self) -> int:
        """The most cards a hand may end with (the seed's 9, or 8 without the suits)."""
        return 9 if self.suits else 8


def printed_suits(card: str, suits: bool) -> int:
    """The card's printed suits as a mask (the Phoenixes are Beast, Flame and Weather)."""
    return card_info(card, expansion=suits).suits


class FantasyRealmsState(GameState):
    """One position of a Fantasy Realms game (mutable; ``clone`` copies it)."""

    __slots__ = (
        "area",
        "aside",
        "bonus",
        "current",
        "deck",
        "down",
        "dropped",
        "events",
        "extra_turn",
        "hands",
        "item_deck",
        "item_pile",
        "opts",
        "out",
        "pending",
        "phase",
        "queue",
        "results",
        "revealed",
        "sealed",
        "seed",
        "seen",
        "turn",
        "up",
        "used",
        "winners",
    )

    opts: Options
    deck: list[str]
    area: list[str]
    hands: list[list[str]]
    current: int
    turn: int  # turns started, the first is 1
    phase: Phase
    pending: Pending  # what the phase still needs (drawn cards, counts, the borrowed item)
    queue: list[EndStep]  # end-of-game steps still to resolve, the next first
    item_deck: list[str]
    item_pile: list[str]
    up: list[str | None]  # each seat's face-up item
    down: list[list[str]]  # each seat's used (face-down) items
    aside: list[list[str]]  # Backpack's items laid aside, per seat
    bonus: list[int]  # Portal: extra hand size, per seat
    sealed: list[list[Any]]  # Sealed Vault: [card, owner]
    used: bool  # an item was used this turn
    dropped: bool  # the face-up item is discarded at the end of this turn
    extra_turn: int  # Hourglass: 1 the seat plays again after this turn, 2 in that turn
    seen: list[list[dict[str, Any]]]  # what each seat was shown, privately
    revealed: list[dict[str, Any]]  # what everybody was shown
    results: list[dict[str, Any]]
    winners: list[int]
    out: list[int]  # the seats that conceded, in the order they did
    seed: int

    @classmethod
    def game(cls) -> Game:
        return registry.game(GAME_ID)  # the factory sits above the engine (.game)

    def __repr__(self) -> str:
        if self.phase == "over":
            status = f"over, won by {' and '.join(f'player {q}' for q in self.winners)}"
            totals = f"scores {[r['total'] for r in self.results]}"
        else:
            acting = self.actors
            who = "players" if len(acting) > 1 else "player"
            status = f"{self.phase}, {who} {', '.join(map(str, acting))} to act"
            totals = f"deck {len(self.deck)}, discard area {len(self.area)}"
        gone = f"; out {self.out}" if self.out else ""
        return (
            f"<FantasyRealmsState {self.opts.players} players, turn {self.turn}, {status}; "
            f"hands {[len(h) for h in self.hands]}, {totals}{gone}>"
        )

    @property
    def to_act(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase in ("genie", "necromancer", "shed"):
            return self.queue[0].seat
        if self.phase == "offer":
            return int(self.pending["offerers"][0])
        if self.phase == "trade":
            return trading.actors(self)[0]
        return self.current

    @property
    def actors(self) -> tuple[int, ...]:
        if self.phase == "trade":
            return trading.actors(self)
        seat = self.to_act
        return () if seat is None else (seat,)

    def legal_actions_for(self, seat: int) -> list[Action]:
        if self.phase == "trade":
            return trading.legal_for(self, seat)
        return self.legal_actions() if seat == self.to_act else []

    def timer(self) -> float | None:
        """The chaos trading's seconds (the table's ``timer``); no other phase has a timer."""
        return float(self.opts.timer) if self.phase == "trade" else None

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def winner(self) -> int | None:
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def num_players(self) -> int:
        return self.opts.players

    def is_winner(self, player: int) -> bool:
        return player in self.winners

    def returns(self) -> list[float]:
        """1 to the winner; a shared win is split between the tied players."""
        n = self.num_players
        if not self.over:
            return [0.5] * n
        share = 1.0 / len(self.winners)
        return [share if p in self.winners else 0.0 for p in range(n)]

    def undoable(self, action: Action, after: GameState) -> bool:
        """Undo, by the rules' turn (draw one, then discard one): a card taken from the
        discard area, face up for everyone, may be taken back before the discard. A draw from
        the deck shows a hidden card and is a barrier; so is every item used (some search or
        shuffle the deck, deal an item or show a hand), which Board Game Arena would not undo
        either, and every end-of-game power."""
        if not isinstance(after, FantasyRealmsState) or action.get("do") != "take":
            return False
        return (
            after.seed == self.seed
            and len(after.deck) == len(self.deck)
            and len(after.item_deck) == len(self.item_deck)
            and after.seen == self.seen
        )

    def clone(self) -> FantasyRealmsState:
        c = FantasyRealmsState.__new__(FantasyRealmsState)
        c.events = None
        c.opts = self.opts
        c.deck = list(self.deck)
        c.area = list(self.area)
        c.hands = [list(h) for h in self.hands]
        c.current = self.current
        c.turn = self.turn
        c.phase = self.phase
        c.pending = copy_data(self.pending)
        c.queue = list(self.queue)  # steps are never changed, only replaced
        c.item_deck = list(self.item_deck)
        c.item_pile = list(self.item_pile)
        c.up = list(self.up)
        c.down = [list(d) for d in self.down]
        c.aside = [list(a) for a in self.aside]
        c.bonus = list(self.bonus)
        c.sealed = [list(x) for x in self.sealed]
        c.used = self.used
        c.dropped = self.dropped
        c.extra_turn = self.extra_turn
        c.seen = [list(s) for s in self.seen]  # records are never changed once written
        c.revealed = list(self.revealed)
        c.results = self.results
        c.winners = list(self.winners)
        c.out = list(self.out)
        c.seed = self.seed
        return c

    # -- the rules ---------------------------------------------------------------------

    def hand_target(self, p: int) -> int:
        return self.opts.hand_size + self.bonus[p]

    def drafting(self, p: int) -> bool:
        return self.opts.players == 2 and len(self.hands[p]) < self.opts.hand_size

    def _takeable(self, p: int) -> list[str]:
        blocked = {c for c, owner in self.sealed if owner != p}
        return sorted(c for c in set(self.area) if c not in blocked)

    def _free_area(self) -> list[str]:
        covered = {c for c, _ in self.sealed}
        return sorted(c for c in set(self.area) if c not in covered)

    def legal_actions(self) -> list[Action]:
        ph = self.phase
        p = self.to_act
        if p is None:
            return []
        acts: list[Action] = []
        if ph == "trade":
            return trading.legal_union(self)
        if ph == "summon":
            return [{"do": "draw-three"}, {"do": "pass"}]
        if ph == "keep":
            return [{"do": "keep", "card": c} for c in sorted(self.pending["drawn"])]
        if ph == "take":
            if self.drafting(p):
                if len(self.deck) >= 2:
                    acts.append({"do": "draw-two"})
            elif self.deck:
                acts.append({"do": "draw"})
            if self.turn > 1:
                acts += [{"do": "take", "card": c} for c in self._takeable(p)]
            self._item_actions(p, acts, when="take")
        elif ph == "discard":
            acts += [{"do": "discard", "card": c} for c in self._discardable(p)]
            if len(self.hands[p]) <= HAND_CAP:  # over the cap the discard comes at once
                self._item_actions(p, acts, when="discard")
        elif ph == "after":
            acts.append({"do": "end-turn"})
            self._item_actions(p, acts, when="after")
        elif ph == "draft-discard":
            acts += [{"do": "discard", "card": c} for c in sorted(self.pending["drawn"])]
        elif ph == "rake":
            acts += [{"do": "take", "card": c} for c in self._takeable(p)]
        elif ph == "cauldron":
            for c in sorted(self.pending["drawn"]):
                acts += [{"do": "return", "card": c, "to": w} for w in ("top", "bottom")]
        elif ph == "offer":
            hand = sorted(self.hands[p])
            for k in range(4):
                acts += [{"do": "offer", "cards": list(x)} for x in itertools.combinations(hand, k)]
        elif ph == "wagon":
            acts.append({"do": "wagon-keep"})
            if self.deck:
                acts.append({"do": "wagon-discard"})
            for q, cards in sorted(self.pending["offers"].items(), key=lambda kv: int(kv[0])):
                acts += [{"do": "wagon-swap", "player": int(q), "card": c} for c in cards]
        elif ph == "ring":
            acts += [{"do": "ring", "card": c} for c in sorted(set(self.deck))]
        elif ph == "borrowed":
            acts += self._uses(p, self.pending["item"], str(self.pending["back"]))
            acts.append({"do": "forgo"})  # the item is turned face down unused
        elif ph == "genie":
            acts.append({"do": "genie", "card": None})
            acts += [{"do": "genie", "card": c} for c in sorted(set(self.deck))]
        elif ph == "necromancer":
            acts.append({"do": "necromancer", "card": None})
            acts += [{"do": "necromancer", "card": c} for c in self._necro_targets(p)]
        elif ph == "shed":
            keep = {"leprechaun", "genie", "necromancer"} & set(self.queue[0].kept)
            acts += [{"do": "shed", "card": c} for c in sorted(self.hands[p]) if c not in keep]
        return acts

    def _discardable(self, p: int) -> list[str]:
        banned = self.pending.get("not")
        return sorted(c for c in self.hands[p] if c != banned)

    def _necro_targets(self, p: int) -> list[str]:
        allowed = NECRO_SUITS | ({"undead"} if self.opts.suits else set())
        return [
            c for c in self._takeable(p) if card_info(c, expansion=self.opts.suits).suit in allowed
        ]

    def _item_actions(self, p: int, acts: list[Action], *, when: str) -> None:
        """``drop-item`` and the face-up item's uses at the moment ``when`` of the turn:
        ``"take"`` (before drawing or taking), ``"discard"`` (before the discard) or
        ``"after"`` (after it)."""
        if not self.opts.items or self.used or self.pending.get("locked"):
            return
        item = self.up[p]
        if item is None:
            return
        if not self.dropped:
            acts.append({"do": "drop-item"})
            acts += self._uses(p, item, when)

    def _uses(self, p: int, item: str, when: str) -> list[Action]:
        """The ``use`` actions of ``item`` for seat ``p`` at the moment ``when`` of the turn
        (see :meth:`_item_actions`; none when it cannot be used)."""
        base: Action = {"do": "use", "item": item}
        n = self.opts.players
        if item in INSTEAD:
            if when != "take" or self.turn == 1 or self.drafting(p):
                return []
            if item == "sarcophagus":
                return [base] if self.deck else []
            if item in ("blindfold", "fishhook", "cauldron", "lantern"):
                need = {"blindfold": 1, "fishhook": 2, "cauldron": 3, "lantern": 1}[item]
                if len(self.deck) < need:
                    return []
                if item == "lantern":
                    suits = [s for s in suits_in_play(expansion=self.opts.suits) if s != "wild"]
                    return [{**base, "suit": s} for s in suits]
                return [base]
            if item == "market-wagon":
                return [{**base, "card": c} for c in sorted(self.hands[p])]
            if item == "rake":
                return [base] if len(self._takeable(p)) >= 2 else []
            if item == "staff-of-transmutation":
                hand = sorted(self.hands[p])
                out = []
                for k in range(3, min(8, len(hand), len(self.deck)) + 1):
                    out += [{**base, "cards": list(x)} for x in itertools.combinations(hand, k)]
                return out
            return []
        if item == "spyglass":
            return [{**base, "player": q} for q in range(n) if q != p]
        if item == "crystal-ball":
            return [{**base, "suit": s} for s in suits_in_play(expansion=self.opts.suits)]
        if item == "shovel":
            return [{**base, "card": c} for c in self._free_area()]
        if item == "sealed-vault":
            free = self._free_area()
            return [{**base, "cards": list(x)} for x in itertools.combinations(free, 2)]
        if item in ("winged-boots", "crystal-lens"):
            return [base] if self.deck else []
        if item == "book-of-prophecy":
            return [base] if self.deck else []
        if item == "gold-mirror":
            free = self._free_area()
            if len(self.deck) < 3:
                return []
            return [{**base, "cards": list(x)} for x in itertools.combinations(free, 3)]
        if item == "portal":  # it skips the discard: after the draw, before the discard
            return [base] if when == "discard" else []
        if item == "wishing-ring":
            return [base] if self.deck else []
        if item in ("treasure-chest", "backpack", "hourglass"):
            if item == "hourglass" and self.extra_turn:
                return []
            if item == "backpack" and (self.aside[p] or not self.item_deck):
                return []
            return [base]
        if item == "larcenous-gloves":
            out = []
            for q in range(n):
                other = self.up[q]
                if q != p and other is not None and self._uses(p, other, when):
                    out.append({**base, "player": q})
            return out
        if item == "junkyard-map":
            seen_top: list[str] = []
            for x in reversed(self.item_pile[-3:]):
                if x not in seen_top and self._uses(p, x, when):
                    seen_top.append(x)
            return [{**base, "take": x} for x in sorted(seen_top)]
        if item == "repair-kit":
            copies = [x for x in self.down[p] if x not in NOT_REPAIRED and x != "repair-kit"]
            if not copies:
                return [{**base, "copy": None}] if self.item_deck or self.item_pile else []
            return [{**base, "copy": x} for x in sorted(set(copies)) if self._uses(p, x, when)]
        return []

    def apply(self, action: Any) -> None:  # Any: see "Bad input" in the module docstring
        if isinstance(action, dict) and action.get("do") == "concede":
            self._concede(action)
            return
        if self.phase == "trade":
            if action == RING:  # the server's: the timer ran out
                self._log({"event": "ring"})
                self._after_trade()
                return
            try:
                listed = trading.checked(self, action)
            except IllegalAction:
                raise self._refusal(action) from None
            if trading.play(self, listed):
                self._after_trade()
            return
        legal = self.legal_actions()
        if not isinstance(action, dict) or action not in legal:
            raise self._refusal(action)
        # the listed copy, so that a caller's dict is never kept or changed
        self._do(legal[legal.index(action)])
        if self.phase == "after" and not self._open_after(self.current):
            self._end_turn()  # nothing is left to use after the discard: no extra step

    # -- refusals: what is wrong with an action that is not listed -------------------------

    def _refusal(self, action: Any) -> IllegalAction:
        """The error for ``action``, which the legal list does not hold, saying what is wrong.

        First the shape (:class:`MalformedAction`: not an action of this game at all), then the
        moment (a kind of move the phase does not take, with the kinds it does), then what the
        move names (a card not where the move needs it, an item not the one in front of you).
        """
        if self.phase == "over":
            return IllegalAction("the game is over")
        malformed = _malformed(action)
        if malformed:
            return MalformedAction(malformed)
        kind = action["do"]
        seat = self.to_act
        if self.phase == "trade":
            by = action.get("by")
            if by is None:
                return MalformedAction(f"{kind}: in the trading every action names its seat, 'by'")
            if not 0 <= by < self.num_players:
                return IllegalAction(f"{kind}: no seat {by} at this table")
            seat = by
        if seat is None:  # pragma: no cover - only a finished game has no seat to act
            return IllegalAction("the game is over")
        if seat in self.out:
            return IllegalAction(f"{kind}: player {seat} conceded and is out of the game")
        legal = self.legal_actions_for(seat)
        now = list(dict.fromkeys(a["do"] for a in legal))
        if kind == "take" and self.phase == "take" and self.turn == 1:
            return IllegalAction("take: the game's first turn draws; nothing is taken before it")
        if kind not in now and kind in _NAMED.get(self.phase, ()):
            # The phase takes this kind of move; what it names is what rules it out.
            why = self._why_not(kind, action, seat)
            if why:
                return IllegalAction(why)
        if kind not in now:
            wants = _WANTS.get(self.phase, f"the phase is {self.phase!r}")
            if not now:
                return IllegalAction(
                    f"cannot {kind} now: player {seat} has nothing to do ({wants})"
                )
            return IllegalAction(f"cannot {kind} now ({wants}); the moves now: {', '.join(now)}")
        why = self._why_not(kind, action, seat)
        if why:
            return IllegalAction(why)
        ways = [a for a in legal if a["do"] == kind]
        return IllegalAction(
            f"{kind}: not one of the {len(ways)} open now ({action!r}); for example {ways[0]!r}"
        )

    def _why_not(self, kind: str, action: Action, p: int) -> str | None:
        """What the well-formed ``action``, a kind of move the moment takes, gets wrong."""
        card = action.get("card")
        hand = self.hands[p]
        pend = self.pending
        if kind == "discard":
            if self.phase == "draft-discard" and card not in pend["drawn"]:
                return f"discard one of the two cards you drew ({', '.join(pend['drawn'])})"
            if card not in hand:
                return f"cannot discard {card!r}: it is not in your hand"
            if card == pend.get("not"):
                return f"cannot discard {card!r}: the Lantern found it, and it stays this turn"
        elif kind in ("take", "necromancer") and card is not None:
            owners = {c: owner for c, owner in self.sealed}
            if card not in self.area:
                return f"cannot take {card!r}: it is not in the discard area"
            if owners.get(card, p) != p:
                return f"cannot take {card!r}: player {owners[card]}'s Sealed Vault keeps it"
            if kind == "necromancer":
                suits = "an Army, Leader, Wizard or Beast" + (
                    ", or an Undead" if self.opts.suits else ""
                )
                return f"necromancer: {card!r} is not {suits}"
        elif kind in ("genie", "ring") and card not in self.deck:
            return f"{kind}: {card!r} is not in the deck"
        elif kind in ("keep", "return") and card not in pend.get("drawn", ()):
            return f"{kind}: {card!r} is not one of the cards you drew ({', '.join(pend['drawn'])})"
        elif kind == "shed":
            if card not in hand:
                return f"cannot shed {card!r}: it is not in your hand"
            return f"cannot shed {card!r}: it brought cards to your hand, and it stays"
        elif kind == "offer":
            cards = action["cards"]
            if len(cards) > 3:
                return "offer: at most three cards"
            missing = [c for c in cards if c not in hand]
            if missing:
                return f"offer: {missing[0]!r} is not in your hand"
            if len(set(cards)) != len(cards) or cards != sorted(cards):
                return f"offer: name each card once, in order: {sorted(set(cards))}"
        elif kind == "wagon-swap":
            q = action["player"]
            offers: dict[str, list[str]] = pend.get("offers", {})
            offered = offers.get(str(q))
            if not offered:
                return f"wagon-swap: player {q} offered no card"
            return f"wagon-swap: player {q} offered {', '.join(offered)}, not {card!r}"
        elif kind == "use":
            item = action["item"]
            held = pend["item"] if self.phase == "borrowed" else self.up[p]
            if item != held:
                now = "you have no item to use" if held is None else f"yours now is {held!r}"
                return f"cannot use {item!r}: {now}"
            if self.phase != "borrowed" and self.used:
                return f"cannot use {item!r}: one item a turn, and this turn's is used"
            if self.phase != "borrowed" and self.dropped:
                return f"cannot use {item!r}: you are dropping it at the end of this turn"
            if item in INSTEAD and (self.phase != "take" or self.turn == 1):
                return (
                    f"cannot use {item!r} now: it replaces a turn, before the draw (not the first)"
                )
            return f"cannot use {item!r} like that now ({USES.get(item, item)})"
        elif self.phase == "trade":
            return _trading_refusal(self, kind, action, p)
        return None

    def _after_trade(self) -> None:
        """The trading is over: the Necromancer's draw, if its holder can, else the end."""
        self.pending = {}
        holder = next(
            (q for q, h in enumerate(self.hands) if "necromancer" in h and q not in self.out),
            None,
        )
        if holder is not None and self.deck:
            self.current = holder
            self.phase = "summon"
        else:
            self._start_end()

    def _log(self, event: dict[str, Any]) -> None:
        if self.events is not None:
            self.events.append(event)

    def _do(self, a: Action) -> None:
        p = self.to_act
        assert p is not None
        kind = a["do"]
        ph = self.phase
        if kind in ("draw-three", "pass", "keep"):
            self._summon(p, a)
        elif kind == "draw":
            self.hands[p].append(self.deck.pop())
            self._log({"event": "draw", "player": p})
            self.phase = "discard"
        elif kind == "draw-two":
            drawn = [self.deck.pop(), self.deck.pop()]
            self.hands[p] += drawn
            self.pending = {"drawn": drawn}
            self._log({"event": "draw", "player": p, "count": 2})
            self.phase = "draft-discard"
        elif kind == "take":
            card = a["card"]
            draft = ph == "take" and self.drafting(p)
            self.area.remove(card)
            self.sealed = [x for x in self.sealed if x[0] != card]
            self.hands[p].append(card)
            self._log({"event": "take", "player": p, "card": card})
            if ph == "rake":
                self.pending["left"] -= 1
                if self.pending["left"] == 0:
                    self.phase = "discard"
                    self.pending = {"discards": 2, "locked": True}
            elif draft:
                self._end_turn()  # the draft: a taken card is the whole turn
            else:
                self.phase = "discard"
        elif kind == "discard":
            card = a["card"]
            self.hands[p].remove(card)
            self.area.append(card)
            self._log({"event": "discard", "player": p, "card": card})
            if ph == "draft-discard" or self._area_full():
                self._end_turn()  # the end comes the moment the area fills, mid-turn too
                return
            left = int(self.pending.get("discards", 1)) - 1
            if left > 0:
                self.pending["discards"] = left
                self.pending.pop("not", None)
                return
            if self.pending.get("then") == "draw":  # Blindfold: the draw comes after
                self.pending = {}
                if self.deck:
                    self.hands[p].append(self.deck.pop())
                    self._log({"event": "draw", "player": p})
            self._close_turn(p)
        elif kind == "end-turn":
            self._end_turn()
        elif kind == "drop-item":
            self.dropped = True
            self._log({"event": "drop-item", "player": p, "item": self.up[p]})
        elif kind == "use":
            self._use(p, a)
        elif kind == "forgo":
            if not self.pending.get("copy"):
                self.down[p].append(self.pending["item"])
            self._log({"event": "forgo", "player": p, "item": self.pending["item"]})
            self.phase = _phase(self.pending["back"])
            self.pending = _past_the_phase(self.pending)
        elif kind == "return":
            card = a["card"]
            self.pending["drawn"].remove(card)
            self.hands[p].remove(card)
            if a["to"] == "top":
                self.deck.append(card)
            else:
                self.deck.insert(0, card)
            self._log({"event": "return", "player": p, "to": a["to"]})
            if len(self.pending["drawn"]) == 1:
                self.phase = "discard"
                self.pending = {"locked": True}
        elif kind == "offer":
            self.pending["offers"][str(p)] = list(a["cards"])
            self.pending["offerers"].pop(0)
            self._log({"event": "offer", "player": p, "cards": list(a["cards"])})
            if not self.pending["offerers"]:
                self.phase = "wagon"
        elif kind in ("wagon-keep", "wagon-discard", "wagon-swap"):
            shown = self.pending["card"]
            if kind == "wagon-swap":
                q, got = int(a["player"]), a["card"]
                self.hands[q].remove(got)
                self.hands[q].append(shown)
                self.hands[p].remove(shown)
                self.hands[p].append(got)
                for seat in (p, q):
                    self.seen[seat].append({"swap": [p, q], "cards": [shown, got]})
            elif kind == "wagon-discard":
                self.hands[p].remove(shown)
                self.area.append(shown)
                self.hands[p].append(self.deck.pop())
            self._log({"event": kind, "player": p, **_fields(a)})
            self.pending = {}
            self._end_turn()
        elif kind == "ring":
            self.deck.remove(a["card"])
            self.deck.append(a["card"])
            self.phase = self.pending.pop("back")
            self.pending["shuffle"] = True
            self._log({"event": "ring", "player": p})
        elif kind == "genie":
            if a["card"] is not None:
                self.deck.remove(a["card"])
                self.hands[p].append(a["card"])
            self._log({"event": "genie", "player": p, "took": a["card"] is not None})
            self._after_extra(p)
        elif kind == "necromancer":
            if a["card"] is not None:
                self.area.remove(a["card"])
                self.sealed = [x for x in self.sealed if x[0] != a["card"]]
                self.hands[p].append(a["card"])
            self._log({"event": "necromancer", "player": p, "card": a["card"]})
            self._after_extra(p)
        elif kind == "shed":
            self.hands[p].remove(a["card"])
            self.area.append(a["card"])
            self._log({"event": "shed", "player": p, "card": a["card"]})
            step = self.queue[0]
            if step.left > 1:
                self.queue[0] = EndStep(step.kind, step.seat, step.kept, step.left - 1)
            else:
                self.queue.pop(0)
            self._resolve_end()

    def _summon(self, p: int, a: Action) -> None:
        """Chaos: the Necromancer's holder draws three (fewer if the deck is short), keeps one."""
        kind = a["do"]
        if kind == "draw-three":
            drawn = [self.deck.pop() for _ in range(min(3, len(self.deck)))]
            self.hands[p] += drawn
            self.pending = {"drawn": drawn}
            self.phase = "keep"
            self._log({"event": "draw", "player": p, "count": len(drawn)})
            return
        if kind == "keep":
            back = [c for c in self.pending["drawn"] if c != a["card"]]
            for c in back:
                self.hands[p].remove(c)
            self.deck[:0] = back
            self.seen[p].append({"necromancer": a["card"], "returned": sorted(back)})
            self._log({"event": "keep", "player": p})
        self.pending = {}
        self._start_end()

    # -- Cursed Items -----------------------------------------------------------------

    def _use(self, p: int, a: Action) -> None:
        item = a["item"]
        borrowed = self.phase == "borrowed"
        back = _phase(self.pending.get("back")) if borrowed else self.phase
        if borrowed:
            copy = self.pending.get("copy", False)
            self.pending = _past_the_phase(self.pending)
            self.phase = _phase(back)
            if not copy:
                self.down[p].append(item)
        else:
            self.used = True
            self.up[p] = None
            self.down[p].append(item)
        self._log({"event": "use", "player": p, **_fields(a)})
        if item == "spyglass":
            q = int(a["player"])
            self.seen[p].append({"item": item, "player": q, "cards": sorted(self.hands[q])})
        elif item == "book-of-prophecy":
            self.seen[p].append({"item": item, "cards": list(self.deck[:7])})
        elif item == "crystal-lens":
            self.seen[p].append({"item": item, "cards": [self.deck[-1]]})
        elif item == "crystal-ball":
            mask = bit(a["suit"])
            shown = {
                str(q): sorted(c for c in self.hands[q] if printed_suits(c, self.opts.suits) & mask)
                for q in range(self.num_players)
                if q != p
            }
            self.revealed.append({"item": item, "by": p, "suit": a["suit"], "cards": shown})
        elif item == "sarcophagus":
            self.area.append(self.deck.pop())
            self._end_turn()
        elif item == "winged-boots":
            self.area.append(self.deck.pop())
            if self._area_full():
                self._end_turn()  # the game ends here, before the draw if it came first
        elif item == "blindfold":
            self.phase = "discard"
            self.pending = {"then": "draw", "locked": True}
        elif item == "fishhook":
            self.hands[p] += [self.deck.pop(), self.deck.pop()]
            self.phase = "discard"
            self.pending = {"discards": 2, "locked": True}
        elif item == "cauldron":
            drawn = [self.deck.pop() for _ in range(3)]
            self.hands[p] += drawn
            self.phase = "cauldron"
            self.pending = {"drawn": drawn}
        elif item == "rake":
            self.phase = "rake"
            self.pending = {"left": 2}
        elif item == "market-wagon":
            offerers = [(p + k) % self.num_players for k in range(1, self.num_players)]
            offerers = [q for q in offerers if q not in self.out]
            self.phase = "offer"
            self.pending = {"card": a["card"], "offerers": offerers, "offers": {}}
            for q in range(self.num_players):
                self.seen[q].append({"item": item, "player": p, "cards": [a["card"]]})
        elif item == "staff-of-transmutation":
            cards = list(a["cards"])
            for c in cards:
                self.hands[p].remove(c)
            drawn = [self.deck.pop() for _ in cards]
            self.deck[:0] = cards
            self.hands[p] += drawn
            self._end_turn()
        elif item == "lantern":
            mask = bit(a["suit"])
            looked: list[str] = []
            match = None
            while self.deck and len(looked) < 10:
                c = self.deck.pop()
                if printed_suits(c, self.opts.suits) & mask and CARDS[c].suit != "wild":
                    match = c
                    break
                looked.append(c)
            self.revealed.append({"item": item, "by": p, "suit": a["suit"], "cards": looked})
            self.deck += looked
            self.seed = rng.shuffle(self.seed, self.deck)
            if match is None:
                self._end_turn()
            else:
                self.hands[p].append(match)
                self.revealed[-1]["kept"] = match
                self.phase = "discard"
                self.pending = {"not": match, "locked": True}
        elif item == "shovel":
            self.area.remove(a["card"])
            self.deck.insert(0, a["card"])
        elif item == "sealed-vault":
            self.sealed += [[c, p] for c in a["cards"]]
        elif item == "gold-mirror":
            for c in a["cards"]:
                self.area.remove(c)
            self.deck[:0] = list(a["cards"])
            self.area += [self.deck.pop() for _ in range(3)]
        elif item == "portal":
            self.bonus[p] += 1
            self._end_turn()
        elif item == "wishing-ring":
            self.pending["back"] = back
            self.phase = "ring"
        elif item == "backpack":
            for _ in range(3):
                if self.item_deck:
                    self.aside[p].append(self.item_deck.pop())
        elif item == "hourglass":
            self.extra_turn = 1
        elif item in ("larcenous-gloves", "junkyard-map"):
            if item == "larcenous-gloves":
                q = int(a["player"])
                got = self.up[q]
                assert got is not None
                self.up[q] = self._draw_item(q)
            else:
                got = a["take"]
                idx = len(self.item_pile) - 1 - self.item_pile[::-1].index(got)
                self.item_pile.pop(idx)
            keep = _past_the_phase(self.pending)
            self.pending = {**keep, "item": got, "back": back}
            self.phase = "borrowed"
        elif item == "repair-kit":
            if a["copy"] is None:
                self.down[p].remove("repair-kit")
                self.item_pile.append("repair-kit")
                self.up[p] = self._draw_item(p)
                self.used = False
            else:
                keep = _past_the_phase(self.pending)
                self.pending = {**keep, "item": a["copy"], "back": back, "copy": True}
                self.phase = "borrowed"

    def _draw_item(self, p: int) -> str | None:
        if self.aside[p]:
            return self.aside[p].pop(0)
        if not self.item_deck and self.item_pile:
            self.item_deck = self.item_pile
            self.item_pile = []
            self.seed = rng.shuffle(self.seed, self.item_deck)
            self._log({"event": "reshuffle-items"})
        return self.item_deck.pop() if self.item_deck else None

    # -- turns and the end --------------------------------------------------------------

    def _open_after(self, p: int) -> bool:
        """Whether seat ``p``'s item can still be used now that its discard is made."""
        acts: list[Action] = []
        self._item_actions(p, acts, when="after")
        return any(a["do"] == "use" for a in acts)

    def _close_turn(self, p: int) -> None:
        """The turn's discard is made: the turn stays open while an any-time item can still be
        used (phase ``after``), else it ends here."""
        if self._open_after(p):
            self.phase = "after"
            self.pending = _past_the_phase(self.pending)
        else:
            self._end_turn()

    def _area_full(self) -> bool:
        """Whether the discard area holds enough to end the game (with two players, once
        both hands are full)."""
        full = all(len(h) >= self.opts.hand_size for h in self.hands)
        return len(self.area) >= self.opts.end_at and (self.opts.players > 2 or full)

    def _end_turn(self) -> None:
        p = self.current
        if self.pending.get("shuffle"):
            self.seed = rng.shuffle(self.seed, self.deck)
        self.pending = {}
        gone = p in self.out  # a seat that conceded: its turn ends, nothing is replaced
        again = self.extra_turn == 1 and not gone
        # Hourglass: the replacement item waits until after the extra turn
        if self.opts.items and not again and not gone:
            if self.dropped and self.up[p] is not None:
                self.item_pile.append(str(self.up[p]))
                self.up[p] = None
            if self.up[p] is None and not self.drafting(p):
                self.up[p] = self._draw_item(p)
        self.used = self.dropped = False
        self._log({"event": "end-turn", "player": p})
        if self._area_full():
            self._start_end()
            return
        if again:
            self.extra_turn = 2
        else:
            self.extra_turn = 0
            self.current = self._next_in(p)
        self.turn += 1
        self.phase = "take"
        q = self.current
        if len(self.deck) < (2 if self.drafting(q) else 1):
            self._start_end()  # the deck ran out (items moved cards): the game ends here

    def _start_end(self) -> None:
        self.extra_turn = 0
        self.used = False
        self.queue = []
        holders = {c: q for q, h in enumerate(self.hands) if q not in self.out for c in h}
        extras: list[EndKind] = ["leprechaun", "genie"]
        if not self.opts.chaos:  # chaos: the Necromancer drew after the trading instead
            extras.append("necromancer")
        for card in extras:
            if card in holders:
                self.queue.append(EndStep(card, holders[card], [], 0))
        for q in self.seats_in():
            self.queue.append(EndStep("limit", q, [], 0))
        self._resolve_end()

    def _resolve_end(self) -> None:
        while self.queue:
            kind, q = self.queue[0].kind, self.queue[0].seat
            if kind == "shed":
                self.phase = "shed"
                return
            if kind == "leprechaun":
                self.queue.pop(0)
                if self.deck:
                    self.hands[q].append(self.deck.pop())
                    self._log({"event": "leprechaun", "player": q})
                self._check_limit(q)
                continue
            if kind == "genie" or kind == "necromancer":
                if kind == "genie" and not self.deck:
                    self.queue.pop(0)
                    continue
                self.phase = kind
                return
            self.queue.pop(0)  # limit
            self._check_limit(q)
        self._finish()

    def _check_limit(self, q: int) -> None:
        extra = len(self.hands[q]) - self.opts.limit
        if extra > 0:
            held = self.hands[q]
            adders: list[str] = [c for c in ("leprechaun", "genie", "necromancer") if c in held]
            self.queue.insert(0, EndStep("shed", q, adders, extra))

    def _after_extra(self, p: int) -> None:
        self.queue.pop(0)
        self._check_limit(p)
        self._resolve_end()

    def _finish(self) -> None:
        self.phase = "over"
        self.results, self.winners = decide(self)
        self._log({"event": "end", "winners": list(self.winners)})

    # -- conceding ---------------------------------------------------------------------

    def seats_in(self) -> list[int]:
        """The seats that have not conceded, in seat order."""
        return [q for q in range(self.num_players) if q not in self.out]

    def _next_in(self, p: int) -> int:
        """The first seat after ``p``, clockwise, still in the game."""
        n = self.num_players
        return next((p + k) % n for k in range(1, n + 1) if (p + k) % n not in self.out)

    def _concede(self, action: Action) -> None:
        """Seat ``player`` (by default the seat to act) leaves the game (see the module's
        *Decisions*): refused, changing nothing, in a game over or for a seat not in."""
        if self.phase == "over":
            raise IllegalAction("concede: the game is over")
        malformed = _malformed(action)
        if malformed:
            raise MalformedAction(malformed)
        n = self.num_players
        p = action.get("player", self.to_act)
        if type(p) is not int or not 0 <= p < n:
            raise IllegalAction(f"concede: no player {p!r} at this table (seats 0 to {n - 1})")
        if p in self.out:
            raise IllegalAction(f"concede: player {p} has already conceded")
        self.out.append(p)
        self._log({"event": "concede", "player": p})
        self.sealed = [x for x in self.sealed if x[1] != p]  # its Sealed Vault is open
        ph = self.phase
        if len(self.seats_in()) == 1:
            self._drop_borrowed(self.current)  # a borrowed item in use goes face down
            self.pending = {}
            self.queue = []
            self.used = self.dropped = False
            self.extra_turn = 0
            self._finish()
        elif ph == "trade":
            if trading.leave(self, p):
                self._after_trade()
        elif ph in ("genie", "necromancer", "shed"):
            self.queue = [step for step in self.queue if step.seat != p]
            self._resolve_end()
        elif p == self.current:  # its turn (or its Necromancer's draw) ends here
            self._drop_borrowed(p)
            if ph in ("summon", "keep"):
                self.pending = {}
                self._start_end()
            else:
                self._end_turn()
        elif ph == "offer":
            self.pending["offerers"] = [q for q in self.pending["offerers"] if q != p]
            if not self.pending["offerers"]:
                self.phase = "wagon"
        elif ph == "wagon":
            self.pending["offers"].pop(str(p), None)

    def _drop_borrowed(self, p: int) -> None:
        """A borrowed item (Larcenous Gloves, Junkyard Map) turns face down, as if forgone."""
        if self.phase == "borrowed" and not self.pending.get("copy"):
            self.down[p].append(self.pending["item"])

    # -- documents and views -------------------------------------------------------------

    def export(self) -> Document:
        return {
            "game": GAME_ID,
            "options": self.opts.as_dict(),
            "players": self.opts.players,
            "turn": self.turn,
            "current": self.current,
            "phase": self.phase,
            "pending": copy_data(self.pending),
            "queue": [q.as_list() for q in self.queue],
            "deck": list(self.deck),
            "area": list(self.area),
            "sealed": [list(x) for x in self.sealed],
            "hands": [list(h) for h in self.hands],
            "bonus": list(self.bonus),
            "items": {
                "deck": list(self.item_deck),
                "pile": list(self.item_pile),
                "up": list(self.up),
                "down": [list(d) for d in self.down],
                "aside": [list(a) for a in self.aside],
                "used": self.used,
                "dropped": self.dropped,
                "extra_turn": self.extra_turn,
            },
            "seen": [list(s) for s in self.seen],
            "revealed": list(self.revealed),
            "results": copy_data(self.results),
            "winners": list(self.winners),
            "out": list(self.out),
            "seed": self.seed,
        }

    def view(self, player: Any) -> View:  # Any: see "Bad input" in the module docstring
        """What ``player`` may see (``None``: a spectator; another seat: ``ValueError``)."""
        check_viewer(player, self.opts.players)
        doc = self.export()
        del doc["seed"]
        doc["deck"] = len(self.deck)
        doc["hands"] = [
            list(h) if q == player or self.over else len(h) for q, h in enumerate(self.hands)
        ]
        items = doc["items"]
        items["deck"] = len(self.item_deck)
        items["down"] = [
            list(d) if q == player or self.over else len(d) for q, d in enumerate(self.down)
        ]
        doc["seen"] = [s if q == player else None for q, s in enumerate(doc["seen"])]
        doc["you"] = player
        # a search shows the deck (as a set) to the seat searching it
        if self.phase in ("genie", "ring") and self.to_act == player and player is not None:
            doc["searching"] = sorted(self.deck)
        pend = doc["pending"]
        if self.phase in ("cauldron", "draft-discard", "keep") and self.current != player:
            pend["drawn"] = len(pend["drawn"])
        if self.phase == "trade":
            trading.hide(pend, player)
        return doc


# What each phase asks for, for a refusal of a move it does not take.
_WANTS: Final = {
    "take": "the turn begins: draw a card, or take one from the discard area",
    "discard": "discard a card",
    "after": "the discard is made: use an item, or end the turn",
    "draft-discard": "discard one of the two cards you drew",
    "rake": "take the Rake's cards from the discard area",
    "cauldron": "put the Cauldron's cards back on the deck",
    "offer": "offer cards for the Market Wagon",
    "wagon": "answer the Market Wagon's offers",
    "ring": "choose the card the Wishing Ring puts on top of the deck",
    "borrowed": "use the borrowed item, or forgo it",
    "genie": "choose the Genie's card from the deck, or none",
    "necromancer": "choose the Necromancer's card from the discard area, or none",
    "shed": "shed cards down to the hand limit",
    "trade": "the trading: propose, answer, withdraw, or say you are done",
    "summon": "the Necromancer's holder draws three cards, or passes",
    "keep": "keep one of the cards drawn",
}
# The fields of every kind of action besides "do" (``use`` adds what the item needs, below).
_SHAPES: Final[dict[str, tuple[frozenset[str], ...]]] = {
    "draw": (frozenset(),),
    "draw-two": (frozenset(),),
    "take": (frozenset({"card"}),),
    "discard": (frozenset({"card"}),),
    "end-turn": (frozenset(),),
    "drop-item": (frozenset(),),
    "use": tuple(
        frozenset({"item", *extra})
        for extra in ((), ("player",), ("suit",), ("card",), ("cards",), ("take",), ("copy",))
    ),
    "forgo": (frozenset(),),
    "return": (frozenset({"card", "to"}),),
    "offer": (frozenset({"cards"}),),
    "wagon-keep": (frozenset(),),
    "wagon-discard": (frozenset(),),
    "wagon-swap": (frozenset({"player", "card"}),),
    "ring": (frozenset({"card"}), frozenset()),  # the Wishing Ring's, and the timer's
    "genie": (frozenset({"card"}),),
    "necromancer": (frozenset({"card"}),),
    "shed": (frozenset({"card"}),),
    "draw-three": (frozenset(),),
    "pass": (frozenset(),),
    "keep": (frozenset({"card"}),),
    "concede": (frozenset(), frozenset({"player"})),  # never listed (see *Conceding*)
    "propose": (frozenset({"by", "to", "card"}),),
    "accept": (frozenset({"by", "offer", "card"}),),
    "refuse": (frozenset({"by", "offer"}),),
    "withdraw": (frozenset({"by", "offer"}),),
    "done": (frozenset({"by"}),),
}
# The kinds of move a phase takes that may all be ruled out by what they name (a sealed card,
# an offer no longer open): a refusal then says that, rather than that the phase takes none.
_NAMED: Final = {
    "take": ("take", "use"),
    "discard": ("use",),
    "after": ("use",),
    "trade": ("propose", "accept", "refuse", "withdraw"),
}
# Fields that are whole numbers: seats, and an offer's id ("to" is a seat in the trading
# only: a Cauldron's card returns "to" the "top" or the "bottom").
_NUMBERS: Final = ("player", "by", "offer")
_NO_CARD: Final = ("genie", "necromancer")  # "card": null is choosing none


def _malformed(action: Any) -> str | None:
    """What makes ``action`` no action of Fantasy Realms at all, if anything."""
    if not isinstance(action, dict) or not isinstance(action.get("do"), str):
        return f"malformed action {action!r}: expected an object such as {{'do': 'draw'}}"
    kind = action["do"]
    shapes = _SHAPES.get(kind)
    if shapes is None:
        return f"unknown action {kind!r}; expected one of: {', '.join(_SHAPES)}"
    fields = frozenset(action) - {"do"}
    if fields not in shapes:
        wanted = " or ".join(", ".join(sorted(s)) or "nothing" for s in shapes)
        return f"malformed {kind!r} action {action!r}: its fields are {wanted}"
    for key in (*_NUMBERS, "to") if kind == "propose" else _NUMBERS:
        value = action.get(key, 0)
        if type(value) is not int:
            return f"{kind}: {key!r} is a whole number, not {value!r}"
    card = action.get("card")
    if "card" in action and not _known(card, CARDS) and not (card is None and kind in _NO_CARD):
        return f"{kind}: unknown card {card!r}"
    cards = action.get("cards", [])
    if not isinstance(cards, list) or not all(_known(c, CARDS) for c in cards):
        return f"{kind}: 'cards' is a list of card ids, not {cards!r}"
    for key in ("item", "take", "copy"):
        item = action.get(key, "portal")
        if not _known(item, ITEMS) and not (key == "copy" and item is None):
            return f"{kind}: unknown item {item!r}"
    if kind == "return" and action["to"] not in ("top", "bottom"):
        return f"return: 'to' is 'top' or 'bottom', not {action['to']!r}"
    if not _known(action.get("suit", "wild"), suits_in_play(expansion=True)):
        return f"{kind}: unknown suit {action['suit']!r}"
    return None


def _phase(value: Any) -> Phase:
    """The phase a borrowed item's use returns to (``pending["back"]``, written as a phase)."""
    return cast(Phase, str(value))


def _known(value: Any, ids: Collection[str]) -> bool:
    """Whether ``value`` is one of ``ids`` (whatever it is: a list is no id, and no error)."""
    return isinstance(value, str) and value in ids


def _trading_refusal(s: FantasyRealmsState, kind: str, action: Action, p: int) -> str | None:
    """What a well-formed trading action of seat ``p`` gets wrong (chaos realms)."""
    offers = {o["id"]: o for o in s.pending["offers"]}
    card = action.get("card")
    if kind == "propose":
        q = action["to"]
        if q == p or not 0 <= q < s.num_players:
            return f"propose: player {q} is not another seat at this table"
        if q in s.out:
            return f"propose: player {q} conceded and is out of the game"
        if card not in s.hands[p]:
            return f"propose: {card!r} is not in your hand"
        if any(o["by"] == p and o["to"] == q for o in offers.values()):
            return f"propose: your offer to player {q} is still open; withdraw it first"
        return None
    offer = offers.get(action["offer"])
    if offer is None:
        return f"{kind}: no offer {action['offer']} is open"
    if kind == "withdraw" and offer["by"] != p:
        return f"withdraw: offer {offer['id']} is player {offer['by']}'s, not yours"
    if kind in ("accept", "refuse") and offer["to"] != p:
        return f"{kind}: offer {offer['id']} is made to player {offer['to']}, not to you"
    if kind == "accept" and card not in s.hands[p]:
        return f"accept: {card!r} is not in your hand"
    return None


def _fields(action: Action) -> dict[str, Any]:
    """An action's fields for its event: a seat it names is the ``target``."""
    return {("target" if k == "player" else k): v for k, v in action.items() if k != "do"}


def copy_data(data: Any) -> Any:
    """A copy of JSON-like data: every dict and list in it copied, a dict's keys as strings
    (as JSON writes them). ``pending``, ``results`` and documents are such data.

    >>> pending = {"offers": {1: ["king"]}}
    >>> copied = copy_data(pending)
    >>> copied, copied["offers"]["1"] is pending["offers"][1]
    ({'offers': {'1': ['king']}}, False)
    """
    if isinstance(data, dict):
        return {str(k): copy_data(v) for k, v in data.items()}
    if isinstance(data, list):
        return [copy_data(v) for v in data]
    return data


def final_scores(s: FantasyRealmsState) -> list[dict[str, Any]]:
    """Every hand scored with its best choices, as JSON-ready data."""
    out = []
    for q, hand in enumerate(s.hands):
        score = score_hand(
            hand,
            discards=s.area,
            expansion=s.opts.suits,
            items=s.down[q],
            players=s.opts.players,
        )
        # the tie-break's base strengths: a blanked card has none (the seed's «نه قدرت پایه‌ای»)
        strength = sum(line.base for line in score.cards if not line.blanked)
        out.append({"player": q, "strength": strength, **score.as_dict(), "conceded": q in s.out})
    return out


def decide(s: FantasyRealmsState) -> tuple[list[dict[str, Any]], list[int]]:
    """The results of a finished game and its winners, chosen among the seats still in (the
    last seat in wins alone, whatever the scores)."""
    results = final_scores(s)
    left = [r for r in results if not r["conceded"]]
    if len(left) == 1:
        return results, [int(left[0]["player"])]
    return results, winners_of(left)


def winners_of(results: Sequence[dict[str, Any]]) -> list[int]:
    """Highest total; then the lower sum of base strengths; a remaining tie is shared."""
    best = max(r["total"] for r in results)
    tied = [r for r in results if r["total"] == best]
    low = min(r["strength"] for r in tied)
    return [int(r["player"]) for r in tied if r["strength"] == low]


def new_state(seed: int, opts: Options) -> FantasyRealmsState:
    """A new game: the deck shuffled, hands dealt (none with two players), items dealt."""
    state = rng.normalize_seed(rng.check_seed(seed))
    s = FantasyRealmsState.__new__(FantasyRealmsState)
    s.events = None
    s.opts = opts
    n = opts.players
    state, drawn = rng.below(state, n)  # drawn even when agreed, so the deal stays the same
    s.current = drawn if opts.first is None else opts.first
    s.deck = opts.cards()
    state = rng.shuffle(state, s.deck)
    deal = 0 if n == 2 else opts.hand_size
    s.hands = [[s.deck.pop() for _ in range(deal)] for _ in range(n)]
    s.area = []
    s.turn = 1
    s.phase = "trade" if opts.chaos else "take"
    s.pending = trading.fresh() if opts.chaos else {}
    s.queue = []
    s.item_deck = list(ITEMS) if opts.items else []
    state = rng.shuffle(state, s.item_deck)
    s.item_pile = []
    s.up = [None] * n
    if opts.items and n > 2:
        s.up = [s.item_deck.pop() for _ in range(n)]
    s.down = [[] for _ in range(n)]
    s.aside = [[] for _ in range(n)]
    s.bonus = [0] * n
    s.sealed = []
    s.used = s.dropped = False
    s.extra_turn = 0
    s.seen = [[] for _ in range(n)]
    s.revealed = []
    s.results = []
    s.winners = []
    s.out = []
    s.seed = state
    return s
