"""Chaos realms for learning code: one action index per seat, and an observation.

The trading of ``variant="chaos"`` (:mod:`.trading`) is played by every seat at once, so
its actions name their seat (``"by"``) and its offers are numbered as they are made. A
policy wants neither: :class:`ChaosEncoding` gives every seat the same fixed list of moves,
the seat being the one that plays it, and names an offer by the two seats it joins (one
open offer per pair, so the pair is enough). The research adapters' parallel environment
(:mod:`rumizi.adapters.parallel_env`) finds it through this game's ``encoding`` add-on
(``make_simultaneous_encoding``).

==================  ==============================================================
block               entries (``n`` seats, ``m`` cards of the table's deck)
==================  ==============================================================
wait                one: the seat has nothing to do this step (and only then)
propose             to each seat × each card (``{"do": "propose", "to", "card"}``)
withdraw            each seat: the open offer made to it
accept              from each seat × each card handed back (the offer from that seat)
refuse              each seat: the offer from it
done                one
draw-three, pass    one each (the Necromancer's holder, after the trading)
keep                each card (one of the three drawn)
genie               none, or each card (Genie's holder, at the end)
shed                each card (a hand over the limit, at the end)
==================  ==============================================================

An index means one move only together with the view it was chosen from
(:meth:`ChaosEncoding.decode`): ``accept`` from seat 2 is the offer seat 2 has open to the
seat that plays it. The observation is built from one seat's view alone, like every Rumizi
encoding's, so it never holds a card the seat may not see.

>>> from rumizi.games.fantasy_realms import GAME
>>> enc = make_simultaneous_encoding(3)
>>> s = GAME.new(seed=3, players=3, variant="chaos")
>>> card = s.hands[0][0]
>>> i = enc.index({"do": "propose", "by": 0, "to": 1, "card": card}, s.view(0))
>>> enc.decode(i, s.view(0), 0) == {"do": "propose", "by": 0, "to": 1, "card": card}
True
>>> s.apply(enc.decode(i, s.view(0), 0))
>>> accept = {"do": "accept", "by": 1, "offer": 1, "card": s.hands[1][0]}
>>> enc.decode(enc.index(accept, s.view(1)), s.view(1), 1) == accept
True
>>> enc.observe(s.view(2)).shape == (enc.observation_size,)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rumizi.core.contract import Action, View
from rumizi.core.encoding import Blocks, FloatArray, LaidOut
from rumizi.games.fantasy_realms.engine import GAME_ID, Options

#: The phases of a chaos table, in the order they come.
CHAOS_PHASES: Final = ("trade", "summon", "keep", "genie", "shed", "over")
WAIT: Final[Action] = {"do": "wait"}
_BIG: Final = 1000.0


class ChaosEncoding(LaidOut):
    """The per-seat action index and the observation encoder of one chaos table."""

    game_id = GAME_ID

    def __init__(self, opts: Options) -> None:
        if not opts.chaos:
            raise ValueError("the simultaneous encoding is for chaos realms (variant='chaos')")
        self.opts = opts
        self.num_players = n = opts.players
        #: Each seat plays alone.
        self.teams: tuple[int, ...] = tuple(range(n))
        self.cards: tuple[str, ...] = tuple(sorted(set(opts.cards())))
        self.card_at = {c: k for k, c in enumerate(self.cards)}
        m = len(self.cards)
        sizes = {
            "wait": 1,
            "propose": n * m,
            "withdraw": n,
            "accept": n * m,
            "refuse": n,
            "done": 1,
            "draw-three": 1,
            "pass": 1,
            "keep": m,
            "genie": 1 + m,
            "shed": m,
        }
        #: Each block's first index.
        self.starts: dict[str, int] = {}
        at = 0
        for name, size in sizes.items():
            self.starts[name] = at
            at += size
        self.size = at
        self._build_layout()

    # ------------------------------------------------------------------ actions

    def index(self, action: Action, view: View) -> int:
        """The index of a seat's engine ``action`` (listed for it now; ``view``: a view of the
        same moment, for the offers' seats); ``KeyError`` if it has none."""
        kind, m, at = action.get("do"), len(self.cards), self.starts
        card = action.get("card")
        if kind in ("wait", "done", "draw-three", "pass"):
            return at[str(kind)]
        if kind == "propose":
            return at["propose"] + int(action["to"]) * m + self._card(card)
        if kind in ("withdraw", "accept", "refuse"):
            offer = next(o for o in view["pending"]["offers"] if o["id"] == action["offer"])
            if kind == "withdraw":
                return at["withdraw"] + int(offer["to"])
            if kind == "refuse":
                return at["refuse"] + int(offer["by"])
            return at["accept"] + int(offer["by"]) * m + self._card(card)
        if kind in ("keep", "shed"):
            return at[kind] + self._card(card)
        if kind == "genie":
            return at["genie"] + (0 if card is None else 1 + self._card(card))
        raise KeyError(f"action {action!r} has no index in the chaos encoding")

    def _card(self, card: Any) -> int:
        if card not in self.card_at:
            raise KeyError(f"card {card!r} is not in this table's deck")
        return self.card_at[card]

    def legal_indices(self, legal: Sequence[Action], view: View) -> list[int]:
        """The indices of a seat's legal list ``legal`` (``view``: of the same moment),
        ascending; just the ``wait`` when the list is empty."""
        if not legal:
            return [self.starts["wait"]]
        return sorted(self.index(a, view) for a in legal)

    def decode(self, index: int, view: View, seat: int) -> Action:
        """The engine action that ``index`` means for ``seat`` in ``view``'s moment (``WAIT``
        for the wait). It may not be legal: the offer it names may be gone, say."""
        if not 0 <= index < self.size:
            raise IndexError(f"action index {index} is outside 0 to {self.size - 1}")
        block = max((s, name) for name, s in self.starts.items() if s <= index)[1]
        offset = index - self.starts[block]
        m = len(self.cards)
        if block == "wait":
            return dict(WAIT)
        if block in ("done", "draw-three", "pass"):
            return {"do": block, "by": seat} if block == "done" else {"do": block}
        if block == "propose":
            return {"do": "propose", "by": seat, "to": offset // m, "card": self.cards[offset % m]}
        if block in ("keep", "shed"):
            return {"do": block, "card": self.cards[offset]}
        if block == "genie":
            return {"do": "genie", "card": None if offset == 0 else self.cards[offset - 1]}
        other = offset // m if block == "accept" else offset
        mine, theirs = ("by", "to") if block == "withdraw" else ("to", "by")
        offer = next(
            (
                o
                for o in view["pending"].get("offers", [])
                if o[mine] == seat and o[theirs] == other
            ),
            None,
        )
        oid = None if offer is None else offer["id"]
        if block == "accept":
            return {"do": "accept", "by": seat, "offer": oid, "card": self.cards[offset % m]}
        return {"do": block, "by": seat, "offer": oid}

    # ------------------------------------------------------------------ observations

    def _build_layout(self) -> None:
        n, m = self.num_players, len(self.cards)
        blocks = Blocks(high=1.0)
        add = blocks.add
        add("modules", 3)  # suits, jester, phoenix (promo or deluxe)
        for name in ("viewer", "to_act", "actors", "done", "out", "winners"):
            add(name, n)
        add("phase", len(CHAOS_PHASES))
        add("deck", 1, high=_BIG)
        add("area", m)
        add("hand_sizes", n, high=_BIG)
        add("hands", n * m)  # the viewer's own; every hand once the game is over
        add("offers", n * n)  # open offers, from a seat (row) to a seat: public
        add("offered_out", n * m)  # the card the viewer offers each seat
        add("offered_in", n * m)  # the card each seat offers the viewer
        add("refused", n * m)  # cards each seat refused from the viewer
        add("given", n * m)  # cards the viewer handed to each seat in a swap
        add("swaps", n * n, high=_BIG)  # public: swaps made between each pair
        add("drawn", m)  # the Necromancer's three, for its holder
        add("returned", m)  # the two it put under the deck (its holder knows them)
        add("searching", m)  # the deck, while the viewer searches it (Genie)
        add("shed_left", 1, high=_BIG)
        add("totals", n, high=_BIG, low=-_BIG)
        add("strengths", n, high=_BIG)
        self.lay_out(blocks)
        self._at = blocks.starts

    def observe(self, view: View) -> FloatArray:
        """A seat's view as a vector (see :attr:`layout` for the blocks)."""
        if view.get("game") != GAME_ID or view.get("options") != self.opts.as_dict():
            raise ValueError("a view of another game or table does not fit this encoding")
        if view.get("players") != self.num_players:
            raise ValueError(f"a view of {view.get('players')} seats, not {self.num_players}")
        at, n, m, card_at = self._at, self.num_players, len(self.cards), self.card_at
        out = self.start(n)
        hits, seat, numbers = out.hits, out.seat, out.numbers

        def cards(block: str, ids: Any, row: int = 0) -> None:
            if isinstance(ids, list):
                hits.extend(at[block] + row * m + card_at[c] for c in ids if c in card_at)

        opts = view["options"]
        numbers(
            "modules",
            [float(opts["suits"]), float(opts["jester"]), float(opts["phoenix"] != "none")],
        )
        me = view.get("you")
        phase = view["phase"]
        pending = view.get("pending") or {}
        seat("viewer", me)
        for name, seats in (
            ("actors", chaos_actors(view)),
            ("done", pending.get("done") or []),
            ("out", view.get("out") or []),
            ("winners", view.get("winners") or []),
        ):
            for q in seats:
                seat(name, q)
        if phase in ("summon", "keep"):
            seat("to_act", view.get("current"))
        elif phase in ("genie", "shed"):
            seat("to_act", view["queue"][0][1])
        if phase in CHAOS_PHASES:
            hits.append(at["phase"] + CHAOS_PHASES.index(phase))
        numbers("deck", [view["deck"]])
        cards("area", view["area"])
        hands = view["hands"]
        numbers("hand_sizes", [len(h) if isinstance(h, list) else h for h in hands])
        for q, h in enumerate(hands):
            cards("hands", h, q)
        if phase == "trade":
            for o in pending["offers"]:
                by, to = int(o["by"]), int(o["to"])
                hits.append(at["offers"] + by * n + to)
                if by == me:
                    cards("offered_out", [o["card"]], to)
                elif to == me:
                    cards("offered_in", [o["card"]], by)
        records = view["seen"][me] if isinstance(me, int) and 0 <= me < n else None
        for r in records or []:
            if "refused" in r:
                cards("refused", [r["card"]], int(r["to"]))
            elif "swap" in r:
                cards("given", [r["gave"]], int(r["with"] if r["by"] == me else r["by"]))
            elif "returned" in r:
                cards("returned", r["returned"])
        for r in view.get("revealed") or []:
            if "swap" in r:
                p, q = r["players"]
                hits.append(at["swaps"] + int(p) * n + int(q))
        if phase == "keep" and isinstance(pending.get("drawn"), list):
            cards("drawn", pending["drawn"])
        cards("searching", view.get("searching"))
        if phase == "shed":
            numbers("shed_left", [view["queue"][0][3]])
        for r in view.get("results") or []:
            q = int(r["player"])
            out.pos.extend((at["totals"] + q, at["strengths"] + q))
            out.val.extend((float(r["total"]), float(r["strength"])))
        return self.finish(out)

    def describe(self, view: View) -> str:
        """A few lines of text: the phase, who may act, the open offers, then each seat."""
        phase = view["phase"]
        if phase == "over":
            status = "over, won by " + ", ".join(f"player_{w}" for w in view["winners"])
        else:
            acting = ", ".join(f"player_{q}" for q in chaos_actors(view))
            status = f"{phase}; to act: {acting or '-'}"
        lines = [f"Fantasy Realms, chaos realms: {status}"]
        lines.append(f"deck {view['deck']}; discard area: " + (" ".join(view["area"]) or "-"))
        pending = view.get("pending") or {}
        if phase == "trade":
            offers = [f"player_{o['by']}->player_{o['to']}" for o in pending["offers"]]
            lines.append("open offers: " + (", ".join(offers) or "-"))
        totals = {int(r["player"]): r["total"] for r in view.get("results") or []}
        for q, h in enumerate(view["hands"]):
            line = f"player_{q}: " + (" ".join(h) if isinstance(h, list) else f"{h} cards")
            if q in (pending.get("done") or []):
                line += "; done"
            if q in totals:
                line += f"; total {totals[q]}"
            lines.append(line)
        return "\n".join(lines)


def chaos_actors(view: View) -> list[int]:
    """The seats with a move in a chaos view's moment, as the engine finds them."""
    phase = view["phase"]
    if phase == "over":
        return []
    if phase in ("summon", "keep"):
        return [int(view["current"])]
    if phase in ("genie", "shed"):
        return [int(view["queue"][0][1])]
    out = set(view.get("out") or [])
    pending = view["pending"]
    done = set(pending["done"])
    asked = {int(o["to"]) for o in pending["offers"]}
    return [
        q for q in range(int(view["players"])) if q not in out and (q not in done or q in asked)
    ]


def make_simultaneous_encoding(players: int = 4, **game_options: Any) -> ChaosEncoding:
    """The per-seat encoding of a chaos table (``players`` 3 to 7, the game's options;
    ``variant`` is ``"chaos"`` whether given or not)."""
    game_options = {**game_options, "variant": "chaos"}
    return ChaosEncoding(Options(players, **game_options))


__all__ = ["CHAOS_PHASES", "WAIT", "ChaosEncoding", "chaos_actors", "make_simultaneous_encoding"]
