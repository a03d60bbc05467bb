"""Fantasy Realms for learning code: a fixed action index and an observation vector.

Make it with ``make_encoding(players, **options)`` or through
:func:`rumizi.adapters.base.encoding` (``encoding("fantasy-realms", 4, items=True)``). The
options are the game's (``suits``, ``items``, ``jester``, ``phoenix``, ``first``); ``first``
changes nothing encoded. ``players=2`` is the two-player draft.

**The action index** is made for one table: its cards (the deck of the chosen modules, in
alphabetical order of their ids), its seats and whether the Cursed Items are in. It is a
list of blocks, each a fixed shape of action with its fields running over fixed ranges:

==============================  =============================================  ==============
block                           entries                                        with items only
==============================  =============================================  ==============
draw, draw-two                  one each (draw-two: two players)
take, discard, shed             every card
genie, necromancer              none, or every card it may pick (if dealt)
drop-item, forgo, wagon-keep,   one each                                       yes
wagon-discard
return                          every card × top / bottom                      yes
offer                           every set of 0 to 3 cards                      yes
wagon-swap                      every seat × every card                        yes
ring                            every card                                     yes
use                             each item's own fields: a seat, a suit, a      yes
                                card, two or three cards, an item
end-turn                        one (the turn left open after its discard)     yes
==============================  =============================================  ==============

Sets of cards (``offer``, Sealed Vault, Gold Mirror, Staff of Transmutation) are ordered by
size, then by the combinatorial number system over the cards' positions, so an index is
computed, never looked up, and the table (``actions``) is a lazy sequence: 181 actions
for four players with the base deck's 53 cards, 156,122 for six with the Cursed Items and
the suits (the 3-card sets of its 68 cards are most of it). ``end-turn`` came last (issue
31), so the indices of the blocks before it are those of the tables made before it.

*The one deliberate cut:* Staff of Transmutation may send 3 to 8 cards, but only its 3-card
uses have an index (the 8-card sets of 70 cards alone would be ten billion entries).
Whenever the Staff can be used, a 3-card use is legal, so the cut never removes the item;
:meth:`~FantasyRealmsEncoding.legal_indices` leaves the larger uses out, and only them.

**The observation** is a float32 vector built from one seat's view alone: the modules; one-hots
for the viewer, the current player, the player to act and the winners; the turn and phase; the
deck's size; the discard area and who sealed which of its cards; every hand's size and Portal
bonus, and its cards where the view shows them (the viewer's own, every hand at the end); the
seats that conceded; what the phase still needs (discards left, the card that may not be
discarded, the drawn cards, Market Wagon's card and offers, a borrowed item, the steps of the
end); the deck's cards while the viewer searches it; the cards the viewer was shown and where
they were last seen (Spyglass, Crystal Ball, Market Wagon, a swap, Book of Prophecy, Crystal
Lens, Lantern); with the Cursed Items each seat's face-up item, its face-down ones (counts for
others), the item pile, Backpack's items aside, the item deck's size and the turn's item flags;
at the end every total and sum of strengths; and what the viewer's own cards score as they
stand (the best choices for its ACTION cards, no items).
:attr:`~FantasyRealmsEncoding.layout` names each block.

>>> enc = make_encoding(4)
>>> len(enc.actions), enc.actions[enc.index({"do": "take", "card": "king"})]
(181, {'do': 'take', 'card': 'king'})
>>> from rumizi.games.fantasy_realms import GAME
>>> state = GAME.new(seed=5, players=4)
>>> vector = enc.observe(state.view(0))
>>> vector.shape == (enc.observation_size,), vector.dtype.name
(True, 'float32')
>>> big = make_encoding(6, suits=True, items=True)
>>> len(big.actions)
156122
>>> staff = {"do": "use", "item": "staff-of-transmutation", "cards": ["king", "queen", "unicorn"]}
>>> big.actions[big.index(staff)] == staff
True
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any, Final, overload

from rumizi.core.contract import Action, View
from rumizi.core.encoding import Blocks, FloatArray, LaidOut
from rumizi.games.fantasy_realms import chaos_encoding
from rumizi.games.fantasy_realms.cards import ITEMS, card_info, suits_in_play
from rumizi.games.fantasy_realms.chaos_encoding import ChaosEncoding
from rumizi.games.fantasy_realms.engine import (
    GAME_ID,
    NECRO_SUITS,
    NOT_REPAIRED,
    PHASES,
    Options,
)
from rumizi.games.fantasy_realms.hand_values import hand_value

#: The game options an adapter may set, with their defaults (OpenSpiel's parameters).
ADAPTER_OPTIONS: Final[dict[str, bool | str]] = {
    "suits": False,
    "items": False,
    "jester": False,
    "phoenix": "none",
}

ITEM_IDS: Final = tuple(ITEMS)
# Items whose use carries nothing besides the item.
_PLAIN_USES: Final = (
    "sarcophagus",
    "blindfold",
    "book-of-prophecy",
    "backpack",
    "crystal-lens",
    "winged-boots",
    "rake",
    "treasure-chest",
    "fishhook",
    "hourglass",
    "cauldron",
    "portal",
    "wishing-ring",
)
STAFF: Final = "staff-of-transmutation"
STAFF_CUT: Final = 3  # the only Staff size with an index
_QUEUE_KINDS: Final = ("leprechaun", "genie", "necromancer", "limit", "shed")
_BIG: Final = 1000.0
_TURN_BIG: Final = 1e6


# ---------------------------------------------------------------------- blocks of actions


class _Block:
    """One shape of action: ``base`` plus fields running over fixed ranges."""

    size: int
    base: Action

    def decode(self, offset: int) -> Action:
        raise NotImplementedError

    def encode(self, action: Action) -> int | None:
        raise NotImplementedError


class _One(_Block):
    def __init__(self, base: Action) -> None:
        self.base = base
        self.size = 1

    def decode(self, offset: int) -> Action:
        return dict(self.base)

    def encode(self, action: Action) -> int | None:
        return 0 if len(action) == len(self.base) else None


class _Field(_Block):
    """``base`` with ``field`` set to each of ``values``."""

    def __init__(self, base: Action, field: str, values: Sequence[Any]) -> None:
        self.base = base
        self.field = field
        self.values = tuple(values)
        self.where = {v: k for k, v in enumerate(self.values)}
        self.size = len(self.values)

    def decode(self, offset: int) -> Action:
        return {**self.base, self.field: self.values[offset]}

    def encode(self, action: Action) -> int | None:
        if len(action) != len(self.base) + 1 or self.field not in action:
            return None
        value = action[self.field]
        if isinstance(value, list | dict):
            return None
        return self.where.get(value)


class _Pair(_Block):
    """``base`` with two fields, every pair of their values (the first varies slowest)."""

    def __init__(
        self, base: Action, first: tuple[str, Sequence[Any]], second: tuple[str, Sequence[Any]]
    ) -> None:
        self.base = base
        self.a = _Field({}, first[0], first[1])
        self.b = _Field({}, second[0], second[1])
        self.size = self.a.size * self.b.size

    def decode(self, offset: int) -> Action:
        i, j = divmod(offset, self.b.size)
        return {**self.base, **self.a.decode(i), **self.b.decode(j)}

    def encode(self, action: Action) -> int | None:
        if len(action) != len(self.base) + 2:
            return None
        i = self.a.encode({self.a.field: action.get(self.a.field)})
        j = self.b.encode({self.b.field: action.get(self.b.field)})
        if i is None or j is None:
            return None
        return i * self.b.size + j


class _Sets(_Block):
    """``base`` with ``field`` a sorted list of distinct cards, of each size in ``sizes``.

    Sets come by size, then by colex rank of their cards' positions (``sum comb(c_i, i)``)."""

    def __init__(self, base: Action, field: str, cards: Sequence[str], sizes: range) -> None:
        self.base = base
        self.field = field
        self.cards = tuple(cards)
        self.where = {c: k for k, c in enumerate(self.cards)}
        m = len(self.cards)
        self.sizes = sizes
        self.starts: dict[int, int] = {}
        total = 0
        for k in sizes:
            self.starts[k] = total
            total += math.comb(m, k)
        self.size = total

    def decode(self, offset: int) -> Action:
        k = max(s for s in self.sizes if self.starts[s] <= offset)
        rank = offset - self.starts[k]
        picked: list[int] = []
        top = len(self.cards)
        for i in range(k, 0, -1):
            c = i - 1
            while c + 1 < top and math.comb(c + 1, i) <= rank:
                c += 1
            picked.append(c)
            rank -= math.comb(c, i)
            top = c
        return {**self.base, self.field: [self.cards[c] for c in reversed(picked)]}

    def encode(self, action: Action) -> int | None:
        cards = action.get(self.field)
        if len(action) != len(self.base) + 1 or not isinstance(cards, list):
            return None
        if len(cards) not in self.starts:
            return None
        positions: list[int] = []
        for c in cards:
            k = self.where.get(c) if isinstance(c, str) else None
            if k is None or (positions and k <= positions[-1]):
                return None  # unknown, repeated or out of order: not a canonical action
            positions.append(k)
        rank = sum(math.comb(c, i) for i, c in enumerate(positions, 1))
        return self.starts[len(cards)] + rank


def _key(action: Action) -> tuple[Any, Any]:
    return action.get("do"), action.get("item")


class ActionTable(Sequence[Action]):
    """The fixed, numbered list of a table's actions, computed on demand (a fresh dict each)."""

    def __init__(self, blocks: Sequence[_Block]) -> None:
        self.blocks = tuple(blocks)
        self.starts: list[int] = []
        total = 0
        for b in self.blocks:
            self.starts.append(total)
            total += b.size
        self.total = total
        self.by_key: dict[tuple[Any, Any], list[tuple[int, _Block]]] = {}
        for start, b in zip(self.starts, self.blocks, strict=True):
            self.by_key.setdefault(_key(b.base), []).append((start, b))

    def __len__(self) -> int:
        return self.total

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.total))]
        i = int(index)
        if i < 0:
            i += self.total
        if not 0 <= i < self.total:
            raise IndexError(f"no action {index}: the index holds 0 to {self.total - 1}")
        lo, hi = 0, len(self.starts) - 1
        while lo < hi:  # the last block starting at or before i
            mid = (lo + hi + 1) // 2
            if self.starts[mid] <= i:
                lo = mid
            else:
                hi = mid - 1
        return self.blocks[lo].decode(i - self.starts[lo])

    def __iter__(self) -> Iterator[Action]:
        for b in self.blocks:
            for k in range(b.size):
                yield b.decode(k)

    def find(self, action: Action) -> int | None:
        """The index of ``action``, or None."""
        if not isinstance(action, dict):
            return None
        for start, b in self.by_key.get(_key(action), ()):
            if any(action.get(k) != v for k, v in b.base.items()):
                continue
            off = b.encode(action)
            if off is not None:
                return start + off
        return None


def _blocks(opts: Options) -> list[_Block]:
    cards = sorted(opts.cards())
    seats = list(range(opts.players))
    out: list[_Block] = [_One({"do": "draw"})]
    if opts.players == 2:
        out.append(_One({"do": "draw-two"}))
    out += [
        _Field({"do": "take"}, "card", cards),
        _Field({"do": "discard"}, "card", cards),
        _Field({"do": "shed"}, "card", cards),
    ]
    if "genie" in cards:
        out.append(_Field({"do": "genie"}, "card", [None, *cards]))
    if "necromancer" in cards:
        allowed = NECRO_SUITS | ({"undead"} if opts.suits else set())
        raised = [c for c in cards if card_info(c, expansion=opts.suits).suit in allowed]
        out.append(_Field({"do": "necromancer"}, "card", [None, *raised]))
    if not opts.items:
        return out
    out += [_One({"do": d}) for d in ("drop-item", "forgo", "wagon-keep", "wagon-discard")]
    out += [
        _Pair({"do": "return"}, ("card", cards), ("to", ("top", "bottom"))),
        _Sets({"do": "offer"}, "cards", cards, range(4)),
        _Pair({"do": "wagon-swap"}, ("player", seats), ("card", cards)),
        _Field({"do": "ring"}, "card", cards),
    ]
    suits = suits_in_play(expansion=opts.suits)
    copies = [None, *(x for x in ITEM_IDS if x not in NOT_REPAIRED and x != "repair-kit")]
    for item in ITEM_IDS:
        use: Action = {"do": "use", "item": item}
        if item in _PLAIN_USES:
            out.append(_One(use))
        elif item in ("spyglass", "larcenous-gloves"):
            out.append(_Field(use, "player", seats))
        elif item == "crystal-ball":
            out.append(_Field(use, "suit", suits))
        elif item == "lantern":
            out.append(_Field(use, "suit", [s for s in suits if s != "wild"]))
        elif item in ("market-wagon", "shovel"):
            out.append(_Field(use, "card", cards))
        elif item == "sealed-vault":
            out.append(_Sets(use, "cards", cards, range(2, 3)))
        elif item == "gold-mirror":
            out.append(_Sets(use, "cards", cards, range(3, 4)))
        elif item == STAFF:
            out.append(_Sets(use, "cards", cards, range(STAFF_CUT, STAFF_CUT + 1)))
        elif item == "junkyard-map":
            out.append(_Field(use, "take", ITEM_IDS))
        elif item == "repair-kit":
            out.append(_Field(use, "copy", copies))
        else:  # pragma: no cover - a new item needs its block here
            raise AssertionError(f"no action block for the item {item!r}")
    out.append(_One({"do": "end-turn"}))  # last, so that the earlier indices stay as they were
    return out


def _is_cut(action: Action) -> bool:
    """A Staff of Transmutation use the index leaves out (more than three cards)."""
    cards = action.get("cards")
    return (
        action.get("do") == "use"
        and action.get("item") == STAFF
        and isinstance(cards, list)
        and len(cards) > STAFF_CUT
    )


# ---------------------------------------------------------------------- the encoding


class FantasyRealmsEncoding(LaidOut):
    """The action index and observation encoder of one Fantasy Realms table (module docs)."""

    game_id = GAME_ID

    def __init__(self, opts: Options) -> None:
        self.opts = opts
        self.num_players = opts.players
        #: Each seat plays alone.
        self.teams: tuple[int, ...] = tuple(range(opts.players))
        self.cards: tuple[str, ...] = tuple(sorted(opts.cards()))
        self.card_at = {c: k for k, c in enumerate(self.cards)}
        self.item_at = {x: k for k, x in enumerate(ITEM_IDS)}
        self.actions: ActionTable = ActionTable(_blocks(opts))
        self._build_layout()

    # ------------------------------------------------------------------ actions

    def index(self, action: Action) -> int:
        found = self.actions.find(action)
        if found is None:
            raise KeyError(f"action {action!r} has no index in this Fantasy Realms encoding")
        return found

    def legal_indices(self, legal: Sequence[Action]) -> list[int]:
        """The indices of ``legal``, ascending; Staff uses of 4 to 8 cards are cut (module
        docs), any other action without an index is a ``KeyError``."""
        out = []
        find = self.actions.find
        for action in legal:
            i = find(action)
            if i is None:
                if _is_cut(action):
                    continue
                raise KeyError(f"action {action!r} has no index in this Fantasy Realms encoding")
            out.append(i)
        out.sort()
        return out

    # ------------------------------------------------------------------ observations

    def _build_layout(self) -> None:
        n, m, k = self.num_players, len(self.cards), len(ITEM_IDS)
        phases = len(PHASES)
        blocks = Blocks(high=1.0)
        add = blocks.add

        add("modules", 5)  # suits, items, jester, phoenix promo, phoenix deluxe
        for name in ("viewer", "current", "to_act", "winners"):
            add(name, n)
        add("over", 1)
        add("turn", 1, high=_TURN_BIG)
        add("phase", phases)
        add("deck", 1, high=_BIG)
        add("area", m)
        add("sealed_mine", m)
        add("sealed_other", m)
        add("hand_sizes", n, high=_BIG)
        add("bonus", n, high=_BIG)
        add("hands", n * m)
        add("discards_left", 1, high=_BIG)
        add("take_left", 1, high=_BIG)
        add("locked", 1)
        add("draw_after", 1)
        add("not_discard", m)
        add("drawn", m)
        add("drawn_count", 1, high=_BIG)
        add("wagon_card", m)
        add("offers", n * m)
        add("offered", n)
        add("offerers", n)
        add("borrowed", k)
        add("back", phases)
        add("copy", 1)
        add("shuffle", 1)
        add("queue_head", len(_QUEUE_KINDS))
        add("queue_length", 1, high=_BIG)
        add("shed_left", 1, high=_BIG)
        add("searching", m)
        add("shown", n * m)
        add("deck_known", m)
        if self.opts.items:
            add("item_up", n * k)
            add("item_down_count", n, high=_BIG)
            add("item_down", n * k)
            add("item_pile", k)
            add("item_aside", n * k)
            add("item_deck", 1, high=_BIG)
            add("item_flags", 2)  # used, dropped
            add("extra_turn", 3)
        add("totals", n, high=_BIG, low=-_BIG)
        add("strengths", n, high=_BIG)
        add("out", n)  # the seats that conceded (last, so the blocks before keep their places)
        # What the viewer's cards score as they stand: the sum that decides the game, which a
        # small network reading the cards one by one cannot add up for itself.
        add("hand_score", 1, high=_BIG, low=-_BIG)

        self.lay_out(blocks)
        self._at = blocks.starts

    def observe(self, view: View) -> FloatArray:
        if view.get("game") != GAME_ID:
            raise ValueError(
                f"a view of {view.get('game')!r} does not fit the Fantasy Realms encoding"
            )
        if view.get("players") != self.num_players or view.get("options") != self.opts.as_dict():
            raise ValueError(
                f"a view of a table of {view.get('players')} with {view.get('options')} does "
                f"not fit this encoding ({self.num_players} seats, {self.opts.as_dict()})"
            )
        at, n, m = self._at, self.num_players, len(self.cards)
        card_at, item_at = self.card_at, self.item_at
        out = self.start(n)
        hits, pos, val = out.hits, out.pos, out.val
        seat, numbers = out.seat, out.numbers

        def cards(block: str, ids: Any, row: int = 0) -> None:
            if isinstance(ids, list):
                base = at[block] + row * m
                hits.extend(base + card_at[c] for c in ids if c in card_at)

        def items(block: str, ids: Any, row: int = 0) -> None:
            if isinstance(ids, list):
                base = at[block] + row * len(ITEM_IDS)
                hits.extend(base + item_at[x] for x in ids if x in item_at)

        opts = view["options"]
        numbers(
            "modules",
            [
                float(opts["suits"]),
                float(opts["items"]),
                float(opts["jester"]),
                float(opts["phoenix"] == "promo"),
                float(opts["phoenix"] == "deluxe"),
            ],
        )
        phase = view["phase"]
        pending = view.get("pending") or {}
        queue = view.get("queue") or []
        seat("viewer", view.get("you"))
        seat("current", view.get("current"))
        seat("to_act", to_act_of(view))
        for w in view.get("winners") or []:
            seat("winners", w)
        numbers("over", [float(phase == "over")])
        numbers("turn", [view["turn"]])
        hits.append(at["phase"] + PHASES.index(phase))
        numbers("deck", [view["deck"]])
        cards("area", view["area"])
        me = view.get("you")
        for card, owner in view.get("sealed") or []:
            if card in card_at:
                hits.append(at["sealed_mine" if owner == me else "sealed_other"] + card_at[card])
        hands = view["hands"]
        numbers("hand_sizes", [len(h) if isinstance(h, list) else h for h in hands])
        numbers("bonus", list(view.get("bonus") or [0] * n))
        for q, h in enumerate(hands):
            cards("hands", h, q)
        numbers("discards_left", [pending.get("discards", 1 if phase == "discard" else 0)])
        numbers("take_left", [pending.get("left", 0)])
        numbers("locked", [float(bool(pending.get("locked")))])
        numbers("draw_after", [float(pending.get("then") == "draw")])
        if isinstance(pending.get("not"), str):
            cards("not_discard", [pending["not"]])
        drawn = pending.get("drawn")
        if isinstance(drawn, list):
            cards("drawn", drawn)
            numbers("drawn_count", [len(drawn)])
        elif isinstance(drawn, int):
            numbers("drawn_count", [drawn])
        if phase in ("offer", "wagon") and isinstance(pending.get("card"), str):
            cards("wagon_card", [pending["card"]])
        for q, offered in (pending.get("offers") or {}).items():
            cards("offers", offered, int(q))
            seat("offered", int(q))
        for q in pending.get("offerers") or []:
            seat("offerers", q)
        if isinstance(pending.get("item"), str):
            items("borrowed", [pending["item"]])
        if pending.get("back") in PHASES:
            hits.append(at["back"] + PHASES.index(pending["back"]))
        numbers("copy", [float(bool(pending.get("copy")))])
        numbers("shuffle", [float(bool(pending.get("shuffle")))])
        if queue:
            hits.append(at["queue_head"] + _QUEUE_KINDS.index(queue[0][0]))
            if queue[0][0] == "shed":
                numbers("shed_left", [queue[0][3]])
        numbers("queue_length", [len(queue)])
        cards("searching", view.get("searching"))
        shown, in_deck = _last_seen(view, n)
        for q in range(n):
            cards("shown", sorted(shown[q]), q)
        cards("deck_known", sorted(in_deck))
        if self.opts.items:
            it = view["items"]
            for q, up in enumerate(it["up"]):
                items("item_up", [up] if up else [], q)
            down = it["down"]
            numbers("item_down_count", [len(d) if isinstance(d, list) else d for d in down])
            for q, d in enumerate(down):
                items("item_down", d, q)
            items("item_pile", it["pile"])
            for q, aside in enumerate(it.get("aside") or []):
                items("item_aside", aside, q)
            numbers("item_deck", [it["deck"]])
            numbers("item_flags", [float(bool(it["used"])), float(bool(it["dropped"]))])
            hits.append(at["extra_turn"] + int(it.get("extra_turn", 0)))
        for r in view.get("results") or []:
            q = int(r["player"])
            pos.extend((at["totals"] + q, at["strengths"] + q))
            val.extend((float(r["total"]), float(r["strength"])))
        for q in view.get("out") or []:
            seat("out", q)
        mine = hands[me] if isinstance(me, int) and 0 <= me < len(hands) else None
        if isinstance(mine, list) and mine:
            numbers("hand_score", [float(hand_value(mine, view["area"], self.opts.suits, n))])
        return self.finish(out)

    def describe(self, view: View) -> str:
        """A few lines of text: whose turn, the discard area, then each seat."""
        if view["phase"] == "over":
            won = view.get("winners") or []
            status = "over, won by " + ", ".join(f"player_{w}" for w in won)
        else:
            status = f"player_{to_act_of(view)} to act ({view['phase']})"
        lines = [f"Fantasy Realms, turn {view['turn']}: {status}"]
        lines.append(f"deck {view['deck']}; discard area: " + (" ".join(view["area"]) or "-"))
        totals = {int(r["player"]): r["total"] for r in view.get("results") or []}
        for q, h in enumerate(view["hands"]):
            hand = " ".join(h) if isinstance(h, list) else f"{h} cards"
            line = f"player_{q}: {hand}"
            if view["options"]["items"]:
                up = view["items"]["up"][q]
                down = view["items"]["down"][q]
                count = len(down) if isinstance(down, list) else down
                line += f"; item {up or '-'}, {count} used"
            if q in totals:
                line += f"; total {totals[q]}"
            if q in (view.get("out") or []):
                line += "; conceded"
            lines.append(line)
        return "\n".join(lines)


def to_act_of(view: View) -> int | None:
    """The seat to act in a view, found as the engine finds it."""
    phase = view["phase"]
    if phase == "over":
        return None
    if phase in ("genie", "necromancer", "shed"):
        return int(view["queue"][0][1])
    if phase == "offer":
        return int(view["pending"]["offerers"][0])
    return int(view["current"])


def _last_seen(view: View, n: int) -> tuple[list[set[str]], set[str]]:
    """Where the viewer last saw each card it was shown: in a seat's hand, or in the deck.

    Public reveals come first, then the viewer's own records; cards visible now (the discard
    area, the viewer's hand, every hand at the end) are dropped from both."""
    shown: list[set[str]] = [set() for _ in range(n)]
    in_deck: set[str] = set()

    def place(card: str, seat: int | None) -> None:
        for s in shown:
            s.discard(card)
        in_deck.discard(card)
        if seat is None:
            in_deck.add(card)
        elif 0 <= seat < n:
            shown[seat].add(card)

    for r in view.get("revealed") or []:
        if r.get("item") == "crystal-ball":
            for q, found in r["cards"].items():
                for c in found:
                    place(c, int(q))
        elif r.get("item") == "lantern":
            for c in r["cards"]:
                place(c, None)
            if "kept" in r:
                place(r["kept"], int(r["by"]))
    me = view.get("you")
    records = view["seen"][me] if isinstance(me, int) and 0 <= me < n else None
    for r in records or []:
        if "swap" in r:
            p, q = r["swap"]
            shown_card, got = r["cards"]
            place(shown_card, int(q))
            place(got, int(p))
        elif r.get("item") in ("spyglass", "market-wagon"):
            for c in r["cards"]:
                place(c, int(r["player"]))
        elif r.get("item") in ("book-of-prophecy", "crystal-lens"):
            for c in r["cards"]:
                place(c, None)
    visible = set(view["area"])
    for h in view["hands"]:
        if isinstance(h, list):
            visible.update(h)
    for s in shown:
        s -= visible
    in_deck -= visible
    return shown, in_deck


def make_simultaneous_encoding(players: int = 4, **game_options: Any) -> ChaosEncoding:
    """The per-seat encoding of a chaos-realms table, whose trading every seat plays at once
    (:mod:`.chaos_encoding`; the parallel environment's, :mod:`rumizi.adapters.parallel_env`).
    """
    return chaos_encoding.make_simultaneous_encoding(players, **game_options)


def make_encoding(players: int = 2, **game_options: Any) -> FantasyRealmsEncoding:
    """The encoding of one Fantasy Realms table (``players`` 2 to 6, the game's options)."""
    unknown = set(game_options) - {*ADAPTER_OPTIONS, "first"}
    if unknown:
        raise ValueError(f"unknown options for Fantasy Realms: {', '.join(sorted(unknown))}")
    opts = Options(players, **game_options)
    return FantasyRealmsEncoding(opts)


__all__ = [
    "ADAPTER_OPTIONS",
    "FantasyRealmsEncoding",
    "make_encoding",
    "make_simultaneous_encoding",
    "to_act_of",
]
