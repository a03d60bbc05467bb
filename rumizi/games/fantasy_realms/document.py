"""Reading a Fantasy Realms document back into a state, with a ValueError naming what is wrong.

A document is what :meth:`FantasyRealmsState.export` writes. Every card of the table must be
in exactly one place (the deck, the discard area, a hand, a drawn-card list is part of the
hand), every Cursed Item of an items table likewise (deck, pile, face up, face down, aside,
or being used), and the fields must have their types.

>>> from rumizi.games.fantasy_realms.engine import GAME
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

from rumizi.core import reader
from rumizi.core.contract import Document
from rumizi.games.fantasy_realms import trading
from rumizi.games.fantasy_realms.cards import ITEMS
from rumizi.games.fantasy_realms.engine import (
    PHASES,
    FantasyRealmsState,
    Options,
    final_scores,
    winners_of,
)


def _list(value: Any, what: str, n: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (n is not None and len(value) != n):
        size = f" of {n}" if n is not None else ""
        raise ValueError(f"{what}: a list{size}, not {value!r}")
    return value


def _strs(value: Any, what: str) -> list[str]:
    items = _list(value, what)
    if not all(isinstance(x, str) for x in items):
        raise ValueError(f"{what}: card or item ids, not {value!r}")
    return list(items)


def _int(value: Any, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{what}: a whole number {low} to {high}, not {value!r}")
    return value


def _bool(value: Any, what: str) -> bool:
    if type(value) is not bool:
        raise ValueError(f"{what}: true or false, not {value!r}")
    return value


def conserved(doc: Document) -> Counter[str]:
    """What no move creates or destroys: every card and every Cursed Item, counted once.

    >>> from rumizi.games.fantasy_realms.engine import GAME
    >>> c = conserved(GAME.new(seed=1, players=3, items=True).export())
    >>> c["card:king"], c["item:spyglass"], sum(c.values())
    (1, 1, 77)
    """
    found: Counter[str] = Counter()
    for c in doc["deck"] + doc["area"] + [c for h in doc["hands"] for c in h]:
        found[f"card:{c}"] += 1
    it = doc["items"]
    pool = it["deck"] + it["pile"] + [x for x in it["up"] if x is not None]
    pool += [x for d in it["down"] for x in d] + [x for a in it["aside"] for x in a]
    pend = doc["pending"]
    if doc["phase"] == "borrowed" and not pend.get("copy"):
        pool.append(pend["item"])
    for x in pool:
        found[f"item:{x}"] += 1
    return found


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
    )
)
_OPTIONS = reader.Fields(("suits", "items", "jester", "phoenix"), ("variant", "timer"))
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
    s.turn = _int(doc["turn"], "turn", 1, 10**6)
    s.current = _int(doc["current"], "current", 0, n - 1)
    if doc["phase"] not in PHASES:
        raise ValueError(f"phase: one of {', '.join(PHASES)}, not {doc['phase']!r}")
    s.phase = doc["phase"]
    chaos_only = ("trade", "summon", "keep")
    if (s.phase in chaos_only and not opts.chaos) or (
        opts.chaos and s.phase not in (*chaos_only, "genie", "shed", "over")
    ):
        raise ValueError(f"phase {s.phase!r} does not belong to this table's variant")
    if not isinstance(doc["pending"], dict):
        raise ValueError("pending: a JSON object")
    s.pending = _copy(doc["pending"])
    s.queue = [list(q) for q in _list(doc["queue"], "queue")]
    for q in s.queue:
        if (
            len(q) != 4
            or q[0] not in ("leprechaun", "genie", "necromancer", "limit", "shed")
            or type(q[1]) is not int
            or not 0 <= q[1] < n
        ):
            raise ValueError(f"queue: [kind, seat, cards, count] steps, not {q!r}")
    s.deck = _strs(doc["deck"], "deck")
    s.area = _strs(doc["area"], "area")
    s.hands = [_strs(h, f"hands[{i}]") for i, h in enumerate(_list(doc["hands"], "hands", n))]
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
        trading.check(s.pending, s.hands, n)
    s.sealed = [list(x) for x in _list(doc["sealed"], "sealed")]
    for x in s.sealed:
        if len(x) != 2 or x[0] not in s.area or type(x[1]) is not int or not 0 <= x[1] < n:
            raise ValueError(f"sealed: [card in the discard area, owner], not {x!r}")
    # Portal, and a Repair Kit repeating it: at most two more cards
    s.bonus = [_int(b, "bonus", 0, 2) for b in _list(doc["bonus"], "bonus", n)]
    it = _ITEMS.read(doc["items"], "document.items")
    s.item_deck = _strs(it.get("deck"), "items.deck")
    s.item_pile = _strs(it.get("pile"), "items.pile")
    up = _list(it.get("up"), "items.up", n)
    if not all(x is None or isinstance(x, str) for x in up):
        raise ValueError(f"items.up: an item id or null per seat, not {up!r}")
    s.up = list(up)
    s.down = [_strs(d, "items.down") for d in _list(it.get("down"), "items.down", n)]
    s.aside = [_strs(a, "items.aside") for a in _list(it.get("aside"), "items.aside", n)]
    s.used = _bool(it.get("used"), "items.used")
    s.dropped = _bool(it.get("dropped"), "items.dropped")
    s.extra_turn = _int(it.get("extra_turn"), "items.extra_turn", 0, 2)
    seen = _list(doc["seen"], "seen", n)
    s.seen = [list(_list(x, "seen")) for x in seen]
    s.revealed = list(_list(doc["revealed"], "revealed"))
    s.seed = _int(doc["seed"], "seed", 0, 2**64 - 1)
    s.results = []
    s.winners = []
    items = conserved(doc)
    items_only = Counter({k[5:]: v for k, v in items.items() if k.startswith("item:")})
    expected = Counter(list(ITEMS)) if opts.items else Counter()
    if items_only != expected:
        raise ValueError("items: every Cursed Item of the table exactly once")
    if s.phase == "over":
        s.results = final_scores(s)
        s.winners = winners_of(s.results)
    try:
        s.legal_actions()
    except (KeyError, TypeError, IndexError, ValueError, AttributeError) as err:
        raise ValueError(f"pending/queue do not fit the phase {s.phase!r}: {err!r}") from err
    return s


def _copy(data: Any) -> Any:
    if isinstance(data, dict):
        return {str(k): _copy(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_copy(v) for v in data]
    return data
