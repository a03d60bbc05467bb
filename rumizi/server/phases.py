"""Simultaneous and timed phases at a live table: who may send what, and the phase timer.

The contract (:mod:`rumizi.core.contract`, *Simultaneous phases*) lets several seats act at
once (``actors``, ``legal_actions_for``, every action naming its seat as ``"by"``) and gives a
phase a ``timer()``. Here the hub learns

* :func:`check_sender`: an action from a seat is taken only if that seat is an actor and
  the action is not another seat's (``"by"``); the server itself (no seat) sends only a
  concede (the clock) and the timer's ring;
* :func:`seat_legal`, :func:`actors`: each seat's moves and the ``to_act`` list of the state
  message (every actor);
* :func:`bot_to_move`: which bot the server moves at a version (every bot actor in turn);
* :class:`PhaseTimer`: when the timed phase began. The timer counts from the game's start if
  the phase is there from the deal, else from the action that began it, so after a restart
  it is rebuilt from the stored action times (:func:`phase_start`) and rings on time. The
  ring is played once (``client_id`` ``ring-<version>``): by the hub's timer on one
  instance, by a ``ring`` job of the shared queue on several (rumizi.server.jobs). Unlike a
  player's clock, it runs on while the server is down: it is the table's, not a seat's.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from rumizi.core.contract import RING, Action, GameState

RING_RETRY = 0.05  # seconds: a ring that met a newer version is tried again this soon
RING_TRIES = 100  # ... at most this many times in a row (players racing it for 5 s)


class SenderError(Exception):
    """Why a sender may not play an action now: ``code`` is the page's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def check_sender(state: GameState, seat: int | None, action: dict[str, Any]) -> None:
    """Raise :class:`SenderError` unless ``seat`` (``None``: the server) may send ``action``."""
    if seat is None:
        if action == RING and state.timer() is not None:
            return
        raise SenderError("not-your-turn", "only the phase's timer moves for nobody")
    if action == RING:
        raise SenderError("illegal", "the timer's ring is the server's to play")
    if seat not in state.actors:
        raise SenderError("not-your-turn", "it is not your turn")
    if "by" in action and action["by"] != seat:
        raise SenderError("not-your-turn", "you can only act for your own seat")


def actors(state: GameState) -> list[int]:
    return [] if state.over else list(state.actors)


def seat_legal(state: GameState, seat: int) -> list[Action]:
    return [] if state.over or seat not in state.actors else state.legal_actions_for(seat)


def bot_to_move(state: GameState, kinds: Sequence[str], version: int) -> int | None:
    """The seat whose bot the server moves at ``version`` (``kinds``: each seat's kind).

    One bot at a time, so that a bot thinks on a position that is still there when it is
    done: several bot actors (a simultaneous phase) take turns as the versions go by, and
    every instance of a cluster picks the same one.

    >>> from rumizi.core.registry import game
    >>> chaos = game("fantasy-realms").new(seed=1, players=3, variant="chaos")
    >>> (chaos.to_act, list(chaos.actors))
    (0, [0, 1, 2])
    >>> [bot_to_move(chaos, ["human", "bot", "bot"], v) for v in range(3)]
    [1, 2, 1]
    """
    bots = [seat for seat in actors(state) if kinds[seat] == "bot"]
    return bots[version % len(bots)] if bots else None


def phase_start(
    first: GameState, started: datetime | None, actions: Sequence[tuple[Any, ...]]
) -> float | None:
    """When the timed phase the game is in began (epoch seconds), from the stored actions.

    ``first`` is the state after the deal; ``actions`` the stored ``(seat, action, client_id,
    at)`` rows; ``None`` when no timer runs at the end, or the game has not started.
    """
    if started is None:
        return None
    state = first.clone()
    since = started.timestamp() if state.timer() is not None else None
    for _seat, action, _client_id, at in actions:
        before = state.timer()
        state.apply(action)
        if state.timer() is None:
            since = None
        elif before is None:
            since = at.timestamp()
    return since


@dataclass
class PhaseTimer:
    """The running phase timer of one table (``since``: its start, ``None``: none runs)."""

    since: float | None = None
    handle: Any = None  # the loop's call_later handle for the ring

    def observe(self, before: float | None, state: GameState, at: float) -> None:
        """After an action at ``at``: the timer starts with a timed phase, stops after it."""
        if state.over or state.timer() is None:
            self.since = None
        elif before is None or self.since is None:
            self.since = at

    def deadline(self, state: GameState) -> float | None:
        seconds = None if state.over else state.timer()
        if seconds is None or self.since is None:
            return None
        return self.since + seconds

    def message(self, state: GameState) -> dict[str, Any] | None:
        """What the page shows: the phase's length and when it rings (ms since the epoch)."""
        end = self.deadline(state)
        seconds = state.timer()
        if end is None or seconds is None:
            return None
        return {"seconds": seconds, "ends_at": round(end * 1000), "at": round(time.time() * 1000)}

    def cancel(self) -> None:
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None
