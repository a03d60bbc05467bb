"""Information states made of what each seat saw: its views, step by step, and its own moves.

Search over hidden information (OpenSpiel's information-set MCTS, counterfactual regret)
keys its tables by a player's *information state*: it must be the same for every history the
player cannot tell apart, and differ between any two it can. The list of raw actions fails
the first half: a card placed face down, an item that draws in secret, names its card in the
action. So a seat's information state here is built only from what the platform shows it —
:meth:`~rumizi.GameState.view`, which never holds a hidden card — plus the moves it made
itself, which it knows:

* its view when the trail starts, in full (canonical JSON);
* after each step, what changed in its view (nothing is written when nothing changed, since
  a step it cannot see is one it cannot count);
* after each of its own moves, the move.

Two histories give a seat the same trail exactly when they showed it the same views and it
made the same moves, and :meth:`Recall.string` is that trail, one entry a line. The
spectator's trail (seat ``None``) is the public information state.

A :class:`Recall` is immutable: :meth:`Recall.step` returns the next one and shares the trails
so far (each trail is a linked list), so a search that clones positions copies nothing.

**A re-dealt world.** :meth:`Recall.resampled` puts a state re-dealt from one seat's view
(:meth:`rumizi.GameState.sample`) in place: that seat keeps its trail (its information state
is unchanged, as it must be), while every other seat's past in the new world is unknown, so
its trail starts over, marked so, at its view of the re-dealt state.

This module needs nothing beyond the package (no ``rl`` extra), so the contract suite
(:func:`rumizi.testing.check_game`) checks every game's information states with it, and the
OpenSpiel adapter (:mod:`rumizi.adapters.openspiel_game`) serves them.

>>> import rumizi
>>> state = rumizi.game("war-of-the-ring").new(seed=3, first=0)
>>> recall = Recall.start(state)
>>> hand = state.export()["players"][0]["hand"]
>>> worlds = []
>>> for card in hand[:2]:  # two placements, face down, in the same zone
...     after = state.clone()
...     move = {"do": "place", "card": card, "zone": "left"}
...     after.apply(move)
...     worlds.append(recall.step(0, move, after))
>>> worlds[0].string(1) == worlds[1].string(1)  # the Shadow cannot tell them apart
True
>>> worlds[0].string(0) == worlds[1].string(0)  # the Free Peoples placed different cards
False
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeAlias

from rumizi.core.contract import RING, Action, GameState

__all__ = ["Recall", "changes", "seat_of"]

Path: TypeAlias = list[str | int]
#: One change of a view: ``[path, value]`` (set), or ``[path]`` (the key is gone).
Change: TypeAlias = list[Any]

VIEW = "view "  # a full view: the first of a trail
SEEN = "seen "  # what changed in the view since the entry before
MOVE = "move "  # a move the seat made itself
UNKNOWN = "(earlier views unknown)"  # a re-dealt world: this seat's past there is not known


def _json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _number(text: str) -> tuple[str, str]:
    return ("number", text)


def _exact(text: str) -> Any:
    """JSON text read back with every number a tagged pair, so that ``==`` tells ``1``,
    ``1.0`` and ``True`` apart (Python's own data says they are equal) while it still compares
    whole subtrees at C speed. JSON itself has no pairs: its arrays read back as lists."""
    return json.loads(text, parse_int=_number, parse_float=_number)


def changes(old: Any, new: Any) -> list[Change]:
    """What turns JSON data ``old`` into ``new``: ``[path, value]`` for each part set, ``[path]``
    for each key removed, walking into dicts and into lists that kept their length.

    Given ``old``, the list determines ``new`` exactly (``1``, ``1.0`` and ``True`` are told
    apart; equal ``new`` give equal lists, keys in sorted order), so a trail of changes tells
    views apart exactly as the views themselves do.

    >>> changes({"a": 1, "b": [1, 2], "c": 0}, {"a": 1, "b": [1, 3], "d": None})
    [[['b', 1], 3], [['c']], [['d'], None]]
    >>> changes([1, 2], [1, 2, 3]), changes({"on": 1}, {"on": True})
    ([[[], [1, 2, 3]]], [[['on'], True]])
    """
    return _changes(_exact(_json(old)), _exact(_json(new)), new, [])


def _changes(old: Any, new: Any, shown: Any, path: Path) -> list[Change]:
    """:func:`changes` between the exact readings ``old`` and ``new``; the values written are
    taken from ``shown``, the plain data that ``new`` reads."""
    if old == new:
        return []
    if isinstance(old, dict) and isinstance(new, dict):
        found: list[Change] = []
        for key in sorted(old.keys() | new.keys()):
            if key not in new:
                found.append([[*path, key]])
            elif key not in old:
                found.append([[*path, key], shown[key]])
            elif old[key] != new[key]:  # (tested here: most parts are equal, calls cost)
                found += _changes(old[key], new[key], shown[key], [*path, key])
        return found
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        found = []
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            if a != b:
                found += _changes(a, b, shown[i], [*path, i])
        return found
    return [[path, shown]]


def seat_of(state: GameState, action: Action) -> int | None:
    """The seat that plays ``action`` now: the seat it names (a simultaneous phase), else the
    seat to act; ``None`` for the server's own moves (a timer's ring)."""
    named = action.get("by")
    if isinstance(named, int) and not isinstance(named, bool):
        return named
    if action == RING:
        return None
    return state.to_act


@dataclass(frozen=True, slots=True)
class _Entry:
    """One line of a trail, linked to the line before it (trails share their pasts)."""

    text: str
    before: _Entry | None


@dataclass(frozen=True, slots=True)
class _Trail:
    """One seat's trail: its last line, and the view it last saw (its canonical text, and
    that text's exact reading for :func:`_changes`)."""

    last: _Entry
    text: str
    exact: Any


def _begin(state: GameState, seat: int | None, past: _Entry | None) -> _Trail:
    text = _json(state.view(seat))
    return _Trail(_Entry(VIEW + text, past), text, _exact(text))


class Recall:
    """What every seat (and the spectator) has seen since a starting position.

    Seats are ``0 … n-1``; ``None`` is the spectator. See the module docs. A caller that reads
    only a few seats' information states may follow only those (``seats``), since each seat
    followed costs a view at every step.
    """

    __slots__ = ("_players", "_strings", "_trails")

    def __init__(self, players: int, trails: dict[int | None, _Trail]) -> None:
        self._players = players
        self._trails = trails
        self._strings: dict[int | None, str] = {}  # the text of a trail, built once when asked

    @staticmethod
    def _seats(state: GameState, seats: Iterable[int | None] | None) -> list[int | None]:
        every: list[int | None] = [*range(state.num_players), None]
        if seats is None:
            return every
        chosen = list(dict.fromkeys(seats))
        for seat in chosen:
            if seat not in every:
                raise ValueError(f"no seat {seat}: seats are 0 to {state.num_players - 1}")
        return chosen

    @classmethod
    def start(cls, state: GameState, seats: Iterable[int | None] | None = None) -> Recall:
        """The trails of a game that starts at ``state``: each seat's view of it (every seat
        and the spectator, or just ``seats``)."""
        return cls(state.num_players, {s: _begin(state, s, None) for s in cls._seats(state, seats)})

    @classmethod
    def unknown_past(cls, state: GameState, seats: Iterable[int | None] | None = None) -> Recall:
        """Trails that start at ``state`` with every seat's earlier views marked unknown (a
        position put in place from elsewhere, whose history nobody here saw)."""
        marker = _Entry(UNKNOWN, None)
        chosen = cls._seats(state, seats)
        return cls(state.num_players, {s: _begin(state, s, marker) for s in chosen})

    def _trail(self, seat: int | None) -> _Trail:
        found = self._trails.get(seat)
        if found is None:
            raise KeyError(f"seat {seat!r} is not followed (seats 0 to {self._players - 1})")
        return found

    def step(self, seat: int | None, action: Action, after: GameState) -> Recall:
        """The trails once ``seat`` (``None``: the server) played ``action``, which left the
        game at ``after``: the mover records its move, every seat what it saw change."""
        trails: dict[int | None, _Trail] = {}
        for i, trail in self._trails.items():
            last = trail.last
            if i == seat and seat is not None:
                last = _Entry(MOVE + _json(action), last)
            view = after.view(i)
            text = _json(view)
            if text == trail.text:  # nothing it sees changed
                trails[i] = _Trail(last, text, trail.exact)
                continue
            exact = _exact(text)
            seen = _changes(trail.exact, exact, view, [])
            trails[i] = _Trail(_Entry(SEEN + _json(seen), last), text, exact)
        return Recall(self._players, trails)

    def resampled(self, seat: int, state: GameState) -> Recall:
        """The trails in ``state``, a world re-dealt from ``seat``'s view: ``seat`` keeps its
        trail; every other seat followed (and the spectator) starts over, its past unknown.

        ``ValueError`` if ``state`` shows ``seat`` another view than its trail ends with.
        """
        mine = self._trail(seat)
        if _json(state.view(seat)) != mine.text:
            raise ValueError(f"the re-dealt state shows seat {seat} another view")
        others = [s for s in self._trails if s != seat]
        fresh = Recall.unknown_past(state, others)._trails
        return Recall(self._players, {**fresh, seat: mine})

    def string(self, seat: int | None) -> str:
        """The seat's information state: its trail, one entry a line (``None``: the public one)."""
        found = self._strings.get(seat)
        if found is None:
            lines: list[str] = []
            entry: _Entry | None = self._trail(seat).last
            while entry is not None:
                lines.append(entry.text)
                entry = entry.before
            found = "\n".join(reversed(lines))
            self._strings[seat] = found
        return found
