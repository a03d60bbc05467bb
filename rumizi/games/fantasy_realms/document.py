"""Reading a Fantasy Realms document back into a state, with a ValueError naming what is wrong.

A document is what :meth:`FantasyRealmsState.export` writes. Every card of the table must be
in exactly one place (the deck, the discard area, a hand, a drawn-card list is part of the
hand), every Cursed Item of an items table likewise (deck, pile, face up, face down, aside,
or being used), and the fields must have their types. The fields' shapes are read with
:mod:`rumizi.core.reader`, as every game's are, so a refusal names the field at fault
(``document.hands[1]: unknown card 'kingg'``); this module keeps only what is its own: the
cards and items each in one place, a phase that fits the variant, what is pending.

>>> from rumizi.games.fantasy_realms import GAME
>>> s = GAME.new(seed=2, players=4)
>>> GAME.load(s.export()).export() == s.export()
True
>>> doc = s.export(); doc["hands"][0][0] = doc["hands"][1][0]
>>> GAME.load(doc)
Traceback (most recent call last):
...
ValueError: cards: every card of the table exactly once (twice: ...; missing: ...)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import rumizi.games.fantasy_realms.trading as trading
from rumizi.core import reader
from rumizi.games.fantasy_realms.cards import CARDS, ITEMS, conserved
from rumizi.games.fantasy_realms.engine import (
    PHASES,
    EndStep,
    FantasyRealmsState,
    Options,
    copy_data,
    decide,
)

# Every field of a document, and of its ``items``, is needed; ``options`` has a chaos
# table's ``variant`` and ``timer`` besides (rumizi.core.reader reads them).
_TOP = reader.Fields(
    (
        "game",
        "options",
        "players",
        "turn",
        "current",
        "phase",
        "pending",
        "queue",
        "deck",
        "area",
        "sealed",
        "hands",
        "bonus",
        "items",
        "seen",
        "revealed",
        "results",
        "winners",
        "seed",
    ),
    ("out",),  # the seats that conceded; documents written before conceding lack it
)
_OPTIONS = reader.Fields(("suits", "items", "jester", "phoenix"), ("variant", "timer"))
#: Ids as the core reader reads them (id -> id): every card and every Cursed Item there is;
#: whether the table holds them is the loader's own check.
_CARD_IDS = {card: card for card in CARDS}
_ITEM_IDS = {item: item for item in ITEMS}
_ITEMS = reader.Fields(("deck", "pile", "up", "down", "aside", "used", "dropped", "extra_turn"))


def load_document(doc: Any) -> FantasyRealmsState:
    """The state ``doc`` describes; ``ValueError`` if it is not a valid document."""
    if not isinstance(doc, dict):
        raise ValueError(f"a Fantasy Realms document is a JSON object, not {type(doc).__name__}")
    if doc.get("game") != "fantasy-realms":
        raise ValueError(f"game: 'fantasy-realms', not {doc.get('game')!r}")
    _TOP.read(doc, "document")
    raw = _OPTIONS.read(doc["options"], "document.options")
    if ("variant" in raw) != ("timer" in raw):
        raise ValueError("document.options: a chaos table writes both 'variant' and 'timer'")
    if "variant" in raw and raw["variant"] != "chaos":
        raise ValueError(f"options.variant: only a chaos table writes it, not {raw['variant']!r}")
    opts = Options(doc["players"], **raw)
    n = opts.players
    s = FantasyRealmsState.__new__(FantasyRealmsState)
    s.events = None
    s.opts = opts
    s.turn = reader.integer(doc, "turn", "document", low=1, high=10**6)
    s.current = reader.integer(doc, "current", "document", low=0, high=n - 1)
    s.phase = PHASES[reader.one_of(doc["phase"], PHASES, "document.phase")]
    s.out = _read_out(doc.get("out", []), n, s.phase)
    chaos_only = ("trade", "summon", "keep")
    chaos_phases = (*chaos_only, "genie", "shed", "over")  # named: mypyc fails on `in (*x, y)`
    if (s.phase in chaos_only and not opts.chaos) or (opts.chaos and s.phase not in chaos_phases):
        raise ValueError(f"phase {s.phase!r} does not belong to this table's variant")
    s.pending = copy_data(reader.obj(doc["pending"], "document.pending"))
    s.queue = [EndStep.read(q) for q in reader.list_value(doc["queue"], "document.queue")]
    for step in s.queue:
        if not 0 <= step.seat < n:
            raise ValueError(f"queue: [kind, seat, cards, count] steps, not {step.as_list()!r}")
        if step.seat in s.out:
            raise ValueError(f"queue: player {step.seat} conceded and has no step left")
    turns = ("genie", "necromancer", "shed", "trade", "over")
    if s.current in s.out and s.phase not in turns:
        raise ValueError(f"current: player {s.current} conceded and plays no turn")
    s.deck = reader.id_list(doc["deck"], _CARD_IDS, "document.deck", "card")
    s.area = reader.id_list(doc["area"], _CARD_IDS, "document.area", "card")
    hands = reader.list_value(doc["hands"], "document.hands", length=n)
    s.hands = [
        reader.id_list(h, _CARD_IDS, reader.at("document.hands", i), "card")
        for i, h in enumerate(hands)
    ]
    table = Counter(opts.cards())
    held = Counter(s.deck + s.area + [c for h in s.hands for c in h])
    if held != table:
        twice = sorted((held - table).elements())
        lost = sorted((table - held).elements())
        raise ValueError(
            f"cards: every card of the table exactly once (twice: {twice}; missing: {lost})"
            if twice or lost
            else "cards: every card of the table exactly once"
        )
    if s.phase == "trade":
        trading.check(s.pending, s.hands, n, s.out)
    s.sealed = [list(x) for x in reader.list_value(doc["sealed"], "document.sealed")]
    for x in s.sealed:
        if len(x) != 2 or x[0] not in s.area or type(x[1]) is not int or not 0 <= x[1] < n:
            raise ValueError(f"sealed: [card in the discard area, owner], not {x!r}")
    # Portal, and a Repair Kit repeating it: at most two more cards
    bonus = reader.list_value(doc["bonus"], "document.bonus", length=n)
    s.bonus = [
        reader.integer_value(b, f"document.bonus[{i}]", low=0, high=2) for i, b in enumerate(bonus)
    ]
    _read_items(s, _ITEMS.read(doc["items"], "document.items"), n)
    seen = reader.list_value(doc["seen"], "document.seen", length=n)
    s.seen = [list(reader.list_value(x, f"document.seen[{i}]")) for i, x in enumerate(seen)]
    s.revealed = list(reader.list_value(doc["revealed"], "document.revealed"))
    s.seed = reader.integer(doc, "seed", "document", low=0, high=2**64 - 1)
    s.results = []
    s.winners = []
    items = conserved(doc)
    items_only = Counter({k[5:]: v for k, v in items.items() if k.startswith("item:")})
    expected = Counter(list(ITEMS)) if opts.items else Counter()
    if items_only != expected:
        raise ValueError("items: every Cursed Item of the table exactly once")
    if s.phase == "over":
        s.results, s.winners = decide(s)
    try:
        s.legal_actions()
    except (KeyError, TypeError, IndexError, ValueError, AttributeError) as err:
        raise ValueError(f"pending/queue do not fit the phase {s.phase!r}: {err!r}") from err
    return s


def _read_out(value: Any, n: int, phase: str) -> list[int]:
    """The seats that conceded (``document.out``), in the order they did: each once, and at
    least two seats still in while the game goes on (one, once it is over)."""
    out = list(reader.list_value(value, "document.out"))
    for i, q in enumerate(out):
        reader.integer_value(q, f"document.out[{i}]", low=0, high=n - 1)
    if len(set(out)) != len(out):
        raise ValueError(f"document.out: each seat once, not {out!r}")
    if n - len(out) < (1 if phase == "over" else 2):
        raise ValueError(f"document.out: {out!r} leaves too few players in for phase {phase!r}")
    return out


def _read_items(s: FantasyRealmsState, items: dict[str, Any], n: int) -> None:
    """The Cursed Items' places (``document.items``): the deck, the pile, and each seat's."""
    path = "document.items"
    s.item_deck = reader.id_list(items["deck"], _ITEM_IDS, f"{path}.deck", "item")
    s.item_pile = reader.id_list(items["pile"], _ITEM_IDS, f"{path}.pile", "item")
    up = reader.list_value(items["up"], f"{path}.up", length=n)
    s.up = [
        None if x is None else reader.one_id(x, _ITEM_IDS, f"{path}.up[{i}]", "item")
        for i, x in enumerate(up)
    ]
    s.down = [
        reader.id_list(d, _ITEM_IDS, f"{path}.down[{i}]", "item")
        for i, d in enumerate(reader.list_value(items["down"], f"{path}.down", length=n))
    ]
    s.aside = [
        reader.id_list(a, _ITEM_IDS, f"{path}.aside[{i}]", "item")
        for i, a in enumerate(reader.list_value(items["aside"], f"{path}.aside", length=n))
    ]
    s.used = reader.boolean(items, "used", path)
    s.dropped = reader.boolean(items, "dropped", path)
    s.extra_turn = reader.integer(items, "extra_turn", path, low=0, high=2)
