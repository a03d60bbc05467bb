"""Taking a move back within one's own turn, as Board Game Arena allows it.

A step may be taken back while its player still acts alone and nothing came to light or to
chance since: each game says which of its steps qualify with :meth:`GameState.undoable`
(:mod:`rumizi.core.contract`; ``False`` by default), and :func:`undoable` adds what holds for
every game (one seat acted, the same seat alone acts after it, the game goes on).

A game with undo is stored as it happened: the moves, and between them the *undo records*
``{"do": "undo", "of": V}``, each taking back the move stored at version ``V`` (the latest
one still standing). A rebuild plays the records through a :class:`Trail`, which keeps the
positions before the steps that may still be taken back, so the state after an undo record is
exactly the state before the move it names, and nothing acknowledged is ever dropped: the
log and the replay still show the move, marked taken back.

>>> import rumizi
>>> state = rumizi.game("star-realms").new(seed=3)
>>> trail = Trail()
>>> play = next(a for a in state.legal_actions() if a["do"] == "play")
>>> state, _ = trail.play(state, 1, play)
>>> trail.can_take_back(state.to_act)
'ok'
>>> state, events = trail.play(state, 2, undo_record(1))
>>> events[0]["event"], trail.undone
('undo', {1})
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rumizi.core.contract import Action, Event, GameState, record_events, stop_recording
from rumizi.core.errors import IllegalAction

UNDO = "undo"  # the "do" of an undo record; no game may use it for a move of its own

# Why nothing can be taken back (the answers of Trail.can_take_back besides "ok").
NOTHING = "nothing"  # no move of the seat's own since the turn began
BARRIER = "barrier"  # the last step drew, shuffled, revealed a card or ended the turn
OTHER = "other"  # another player (or the clock) acted since


def undo_record(version: int) -> Action:
    """The record that takes back the move stored at ``version``."""
    return {"do": UNDO, "of": version}


def is_undo(action: Action) -> bool:
    """Whether a stored action is an undo record rather than a move of the game."""
    return action.get("do") == UNDO and isinstance(action.get("of"), int)


def undoable(before: GameState, action: Action, after: GameState) -> bool:
    """Whether ``action``, which turned ``before`` into ``after``, may be taken back.

    The same single seat acts before and after, the game is not over, and the game's own
    rule (:meth:`GameState.undoable`) says the step revealed nothing and left nothing to chance.
    """
    acting = before.actors
    if len(acting) != 1 or after.over or after.actors != acting:
        return False
    return before.undoable(action, after)


def has_undo(state: GameState) -> bool:
    """Whether the game has an undo rule at all (a game without one keeps no positions)."""
    return type(state).undoable is not GameState.undoable


def counted(actions: Sequence[Any], key: Any = None) -> list[Any]:
    """The stored actions that count, in order: without undo records or the moves they took
    back. ``key`` finds the action in an element (the elements are the actions by default).

    >>> counted([{"do": "a"}, {"do": "b"}, undo_record(2), {"do": "c"}])
    [{'do': 'a'}, {'do': 'c'}]
    """
    standing: list[int] = []  # indices of the elements still standing
    for index, element in enumerate(actions):
        action = element if key is None else key(element)
        if is_undo(action):
            of = action["of"] - 1
            if of in standing:
                standing.remove(of)
        else:
            standing.append(index)
    return [actions[i] for i in standing]


@dataclass
class Step:
    """A move that may still be taken back: its version, its seat and the position before it."""

    version: int
    seat: int
    before: GameState
    last_seat: int | None  # who had made the last move standing before this one
    moved: bool  # whether any move stood before this one


@dataclass
class Trail:
    """The steps of the current turn that may be taken back, newest last, and what was undone."""

    steps: list[Step] = field(default_factory=list)
    last_seat: int | None = None  # who made the last move standing (None: the server)
    moved: bool = False  # whether any move stands
    undone: set[int] = field(default_factory=set)  # versions taken back

    def play(self, state: GameState, version: int, action: Action) -> tuple[GameState, list[Event]]:
        """Play the stored record ``version`` on ``state``: the position after it and its events.

        A move is applied to ``state`` in place (and the position before it kept when it may be
        taken back); an undo record returns the kept position. ``IllegalAction`` as ``apply``.
        """
        if is_undo(action):
            return self.take_back(action["of"])
        before = state.clone() if has_undo(state) and len(state.actors) == 1 else None
        events = record_events(state)
        try:
            state.apply(action)
        finally:
            stop_recording(state)
        self.moved_on(version, action, before, state)
        return state, events

    def moved_on(
        self, version: int, action: Action, before: GameState | None, after: GameState
    ) -> None:
        """``action`` (stored at ``version``) turned ``before`` into ``after``; ``before`` may
        be ``None`` when no step could be taken back anyway. ``before`` becomes the trail's."""
        seat = before.actors[0] if before is not None and before.actors else _named(action)
        if before is not None and seat is not None and undoable(before, action, after):
            self.steps.append(Step(version, seat, before, self.last_seat, self.moved))
        else:
            self.steps.clear()
        self.last_seat, self.moved = seat, True

    def can_take_back(self, seat: int | None) -> str:
        """``"ok"``, or why ``seat`` may not take a step back now (NOTHING, BARRIER, OTHER)."""
        if self.steps and self.steps[-1].seat == seat:
            return "ok"
        if not self.moved:
            return NOTHING
        return BARRIER if not self.steps and self.last_seat == seat else OTHER

    def latest(self) -> Step | None:
        """The step an undo would take back now, if any."""
        return self.steps[-1] if self.steps else None

    def take_back(self, version: int) -> tuple[GameState, list[Event]]:
        """Undo the step stored at ``version`` (the latest standing): the position before it."""
        if not self.steps or self.steps[-1].version != version:
            raise IllegalAction(f"the move at version {version} cannot be taken back")
        step = self.steps.pop()
        self.last_seat, self.moved = step.last_seat, step.moved
        self.undone.add(version)
        # Popped, the position is nobody else's: the caller plays on from it.
        return step.before, [{"event": UNDO, "seat": step.seat, "of": version}]


def _named(action: Action) -> int | None:
    """The seat named by a move made when several could act (``"by"``), if any."""
    by = action.get("by")
    return by if isinstance(by, int) else None
