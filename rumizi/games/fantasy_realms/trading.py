"""Chaos realms: the trading phase, in which every player may act at once.

The engine (:mod:`.engine`) calls these for the ``trade`` phase of a ``variant="chaos"``
table. The rules (the seed's *قلمروهای آشوب‌زده*): every player holds 7 cards (8 with the
suits); until the timer rings any player may swap with any other, strictly one card for one,
both agreeing. Online that is an offer and an answer:

* ``{"do": "propose", "by": p, "to": q, "card": c}``: ``p`` offers its card ``c`` to ``q``.
  Hands are hidden, so an offer names only what it gives: ``p`` cannot know what ``q``
  holds, and ``q`` chooses what it hands back. One open offer from ``p`` to ``q`` at a time
  (withdraw it to offer another card).
* ``{"do": "accept", "by": q, "offer": id, "card": d}``: the swap happens at once, ``c`` for
  ``d`` (``d`` any card of ``q``'s hand); ``{"do": "refuse", "by": q, "offer": id}``.
* ``{"do": "withdraw", "by": p, "offer": id}``: ``p`` takes an open offer back.
* ``{"do": "done", "by": p}``: ``p`` is content to stop. It offers nothing more and can no
  longer withdraw (its open offers stand until answered), but it still answers the offers made
  to it; a done seat with nothing to answer is not an actor. The trading ends when every seat
  is done and no offer is open (bots and the arena have no clock), or when the server plays
  the timer's ``{"do": "ring"}`` (``rumizi.core.contract.RING``).

A seat that concedes (:mod:`.engine`) is no longer an actor: its open offers are withdrawn,
the offers made to it disappear, and nobody may offer to it; the trading ends when every seat
still in is done.

An offer made stale by another swap (its card left the offerer's hand) disappears. Who
offers to whom, and who swapped with whom, is public; the card offered is seen only by the
two players, and what each gave and got stays in their own ``seen`` records
(``{"swap": id, "by": offerer, "with": q, "gave": c, "got": d}``); an offerer is told of a
refusal (``{"refused": id, "to": q, "card": c}``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rumizi.core.contract import Action
from rumizi.core.errors import IllegalAction

if TYPE_CHECKING:
    from rumizi.games.fantasy_realms.engine import FantasyRealmsState, Pending

TRADE_ACTIONS = frozenset({"propose", "accept", "refuse", "withdraw", "done"})


def fresh() -> Pending:
    """The ``pending`` of a trading phase just begun."""
    return {"offers": [], "done": [], "next": 1}


def actors(s: FantasyRealmsState) -> tuple[int, ...]:
    """Seats not done yet, and done seats that still have an offer to answer (never a seat
    that conceded)."""
    done = set(s.pending["done"])
    asked = {int(o["to"]) for o in s.pending["offers"]}
    return tuple(p for p in s.seats_in() if p not in done or p in asked)


def legal_for(s: FantasyRealmsState, p: int) -> list[Action]:
    """Seat ``p``'s exact list: proposals, withdrawals, answers, then ``done``."""
    if p not in actors(s):
        return []
    offers = s.pending["offers"]
    done = p in s.pending["done"]
    acts: list[Action] = []
    if not done:
        busy = {int(o["to"]) for o in offers if o["by"] == p}
        hand = sorted(set(s.hands[p]))
        for q in s.seats_in():
            if q != p and q not in busy:
                acts += [{"do": "propose", "by": p, "to": q, "card": c} for c in hand]
        acts += [{"do": "withdraw", "by": p, "offer": o["id"]} for o in offers if o["by"] == p]
    mine = [o for o in offers if o["to"] == p]
    own = sorted(set(s.hands[p]))
    for o in mine:
        acts += [{"do": "accept", "by": p, "offer": o["id"], "card": d} for d in own]
    acts += [{"do": "refuse", "by": p, "offer": o["id"]} for o in mine]
    if not done:
        acts.append({"do": "done", "by": p})
    return acts


def legal_union(s: FantasyRealmsState) -> list[Action]:
    return [a for p in actors(s) for a in legal_for(s, p)]


def checked(s: FantasyRealmsState, action: Any) -> Action:
    """The listed copy of ``action`` for the seat it names; IllegalAction otherwise."""
    by = action.get("by") if isinstance(action, dict) else None
    if type(by) is not int or not 0 <= by < s.num_players:
        raise IllegalAction(f"not a legal action now (name your seat as 'by'): {action!r}")
    legal = legal_for(s, by)
    if action not in legal:
        raise IllegalAction(f"not a legal action now: {action!r}")
    return legal[legal.index(action)]


def play(s: FantasyRealmsState, a: Action) -> bool:
    """Play a listed trading action; whether the trading is over (everybody done)."""
    kind, p = a["do"], int(a["by"])
    pend = s.pending
    offers: list[dict[str, Any]] = pend["offers"]
    if kind == "propose":
        oid = int(pend["next"])
        pend["next"] = oid + 1
        offers.append({"id": oid, "by": p, "to": a["to"], "card": a["card"]})
        s._log({"event": "propose", "player": p, "to": a["to"], "offer": oid})
    elif kind in ("withdraw", "refuse"):
        offer = _offer(offers, a["offer"])
        offers.remove(offer)
        if kind == "refuse":
            record = {"refused": offer["id"], "to": p, "card": offer["card"]}
            s.seen[int(offer["by"])].append(record)
        s._log({"event": kind, "player": p, "offer": offer["id"], "by": offer["by"]})
    elif kind == "accept":
        offer = _offer(offers, a["offer"])
        offers.remove(offer)
        giver, given, got = int(offer["by"]), offer["card"], a["card"]
        s.hands[giver].remove(given)
        s.hands[p].remove(got)
        s.hands[giver].append(got)
        s.hands[p].append(given)
        oid = offer["id"]
        s.seen[giver].append({"swap": oid, "by": giver, "with": p, "gave": given, "got": got})
        s.seen[p].append({"swap": oid, "by": giver, "with": giver, "gave": got, "got": given})
        s.revealed.append({"swap": oid, "players": [giver, p]})
        # offers whose card has left its offerer's hand are stale
        pend["offers"] = [o for o in offers if o["card"] in s.hands[int(o["by"])]]
        s._log({"event": "swap", "players": [giver, p], "offer": oid})
    elif kind == "done":
        pend["done"] = sorted({*pend["done"], p})
        s._log({"event": "done", "player": p})
    return over(s)


def over(s: FantasyRealmsState) -> bool:
    """Whether the trading is over: every seat still in is done, and no offer is open."""
    done = set(s.pending["done"])
    return all(q in done for q in s.seats_in()) and not s.pending["offers"]


def leave(s: FantasyRealmsState, p: int) -> bool:
    """Seat ``p`` has conceded: its offers and the offers made to it are gone (no event:
    the concede says it); whether the trading is over."""
    s.pending["offers"] = [o for o in s.pending["offers"] if p not in (o["by"], o["to"])]
    return over(s)


def _offer(offers: list[dict[str, Any]], oid: Any) -> dict[str, Any]:
    return next(o for o in offers if o["id"] == oid)


def hide(pending: dict[str, Any], player: int | None) -> None:
    """A view's ``pending``: an offer's card only for its two players."""
    for o in pending["offers"]:
        if player not in (o["by"], o["to"]):
            o["card"] = None


def check(pending: Any, hands: list[list[str]], n: int, out: Sequence[int] = ()) -> None:
    """ValueError unless ``pending`` is a trading phase's (used by the document reader);
    ``out``: the seats that conceded."""
    if not isinstance(pending, dict) or set(pending) != {"offers", "done", "next"}:
        raise ValueError(f"pending: offers, done and next in the trading phase, not {pending!r}")
    nxt = pending["next"]
    if type(nxt) is not int or nxt < 1:
        raise ValueError(f"pending.next: a whole number from 1, not {nxt!r}")
    done = pending["done"]
    if not isinstance(done, list) or done != sorted(set(done)):
        raise ValueError(f"pending.done: seats in order, each once, not {done!r}")
    if any(type(p) is not int or not 0 <= p < n for p in done):
        raise ValueError(f"pending.done: seats 0 to {n - 1}, not {done!r}")
    pairs = set()
    ids = set()
    for o in pending["offers"] if isinstance(pending["offers"], list) else [None]:
        if not isinstance(o, dict) or set(o) != {"id", "by", "to", "card"}:
            raise ValueError(f"pending.offers: {{id, by, to, card}} objects, not {o!r}")
        by, to, oid = o["by"], o["to"], o["id"]
        seats_ok = type(by) is int and type(to) is int and 0 <= by < n and 0 <= to < n
        if not seats_ok or by == to:
            raise ValueError(f"pending.offers: from one seat to another, not {o!r}")
        if type(oid) is not int or not 1 <= oid < nxt or oid in ids or (by, to) in pairs:
            raise ValueError(f"pending.offers: ids below next, one offer per pair, not {o!r}")
        if by in out or to in out:
            raise ValueError(f"pending.offers: no offer from or to a seat out, not {o!r}")
        if o["card"] not in hands[by]:
            raise ValueError(f"pending.offers: the card must be in the offerer's hand: {o!r}")
        ids.add(oid)
        pairs.add((by, to))
    if all(q in done or q in out for q in range(n)) and not pending["offers"]:
        raise ValueError("pending: everybody is done and nothing is open: the trading is over")
