"""Training positions from game records: each seat's observation at each turn's start, and
the result that seat went on to get.

A search scores its playouts where a turn begins (its horizon counts the changes of the player
to act), so those are the positions a value network is asked about and the ones it learns
from. Each record is replayed from its seed; at the start of every turn, every seat's
:meth:`~rumizi.GameState.view` is encoded (the network sees what that seat sees, nothing more)
and labelled with that seat's final result (:meth:`~rumizi.GameState.returns`). A game that
did not finish (an arena's cap) teaches nothing and is left out.

>>> import rumizi
>>> from rumizi.adapters.base import encoding
>>> record = rumizi.GameRecord("star-realms", seed=2)
>>> state = record.start()
>>> while not state.over:
...     action = state.legal_actions()[0]
...     state.apply(action)
...     record.actions.append(action)
>>> found = positions([record], encoding("star-realms"))
>>> found.observations.shape[0] == found.results.shape[0] == 2 * found.turns
True
>>> sorted(set(found.results.tolist())) == [0.0, 1.0]
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from rumizi.core.contract import GameState, View
from rumizi.core.encoding import FloatArray, GameEncoding
from rumizi.core.record import GameRecord

Read = TypeVar("Read")

#: Rows joined into one block while the records are read (about 140 MB of Star Realms').
BLOCK = 65_536


@dataclass(frozen=True)
class Positions:
    """``observations[i]`` (one seat's view, encoded) went on to ``results[i]``; ``games[i]``
    numbers the deal it came from (so that a validation set holds whole deals: the arena plays
    each deal from every seat, and two such games can share their first turns or more)."""

    observations: FloatArray
    results: FloatArray
    games: npt.NDArray[np.int32]
    turns: int  # turn starts seen (each gives one row per seat)

    def __len__(self) -> int:
        return int(self.results.shape[0])


def replay_turns(
    record: GameRecord, read: Callable[[GameState], Read]
) -> tuple[list[Read], GameState]:
    """Replay ``record``; what ``read`` makes of the live game wherever a turn begins (the
    player to act has changed, the game still on), and the position the record ends in.

    ``read`` looks at the state (a view, an evaluation) or clones it: the same object moves
    on afterwards.

    >>> import rumizi
    >>> record = rumizi.GameRecord("star-realms", seed=2)
    >>> state = record.start()
    >>> while not state.over:
    ...     record.actions.append(state.legal_actions()[0])
    ...     state.apply(record.actions[-1])
    >>> players, end = replay_turns(record, lambda start: start.to_act)
    >>> end.over, players[:4] == [players[0], 1 - players[0]] * 2  # the seats take turns
    (True, True)
    """
    state = record.start()
    found: list[Read] = []
    last = None
    for action in record.actions:
        if state.to_act != last:
            last = state.to_act
            found.append(read(state))
        state.apply(action)
    if not state.over and state.to_act != last:
        found.append(read(state))  # the record stops where a turn begins
    return found, state


def seat_orders(enc: GameEncoding) -> list[npt.NDArray[np.intp]] | None:
    """Per viewer, the indexes that renumber its observation's seats from its own (the
    encoding's ``seat_order``), where the encoding offers them for its table; else ``None``.

    >>> from rumizi.adapters.base import encoding
    >>> [order[:2].tolist() for order in seat_orders(encoding("star-realms"))]
    [[0, 1], [1, 0]]
    """
    order = getattr(enc, "seat_order", None)
    if order is None:
        return None
    found = [order(seat) for seat in range(enc.num_players)]
    if any(each is None for each in found):
        return None
    return [np.asarray(each, dtype=np.intp) for each in found]


def reader(enc: GameEncoding, rotated: bool = False) -> Callable[[View], FloatArray]:
    """How a value network reads a view: the encoding's observation, its seats renumbered
    from the viewer's where ``rotated`` (a network trained so, :func:`seat_orders`, learns
    one seat's game rather than each seat's apart: the same position from either chair is
    the same input).

    >>> import rumizi
    >>> from rumizi.adapters.base import encoding
    >>> state = rumizi.game("star-realms").new(seed=3)
    >>> read = reader(encoding("star-realms"), rotated=True)
    >>> (read(state.view(0)) == encoding("star-realms").observe(state.view(0))).all()
    np.True_
    """
    observe = enc.observe
    if not rotated:
        return observe
    orders = seat_orders(enc)
    if orders is None:
        raise ValueError(f"the {enc.game_id} encoding cannot renumber this table's seats")
    turned = [None if (o == np.arange(len(o))).all() else o for o in orders]

    def read(view: View) -> FloatArray:
        seen = observe(view)
        order = turned[view["viewer"]]
        return seen if order is None else seen[order]

    return read


def positions(records: Iterable[GameRecord], enc: GameEncoding, rotated: bool = False) -> Positions:
    """Every seat's encoded view at every turn's start of each finished game in ``records``
    (read as :func:`reader` reads them)."""
    read = reader(enc, rotated)

    def every_seat(state: GameState) -> list[FloatArray]:
        if state.num_players != enc.num_players:
            raise ValueError(
                f"a game of {state.num_players} seats in records for {enc.num_players}"
            )
        return [read(state.view(seat)) for seat in range(state.num_players)]

    # The rows are held once, not in pieces and again joined (the 3 million rows of 60,000
    # Star Realms games are 7 GB): a few thousand games' rows are joined into one block at
    # a time, and each block is freed as it is copied into place at the end.
    blocks: list[FloatArray] = []
    pending: list[FloatArray] = []
    waiting = 0  # rows in pending
    results: list[float] = []
    games: list[int] = []
    deals: dict[int, int] = {}
    turns = 0
    for record in records:
        number = deals.setdefault(record.seed, len(deals))
        seen, end = replay_turns(record, every_seat)
        if not end.over or not seen:
            continue  # capped: no result to learn
        returns = end.returns()
        players = end.num_players
        turns += len(seen)
        pending.append(np.asarray([row for views in seen for row in views], dtype=np.float32))
        waiting += len(pending[-1])
        if waiting >= BLOCK:
            blocks.append(np.concatenate(pending))
            pending.clear()
            waiting = 0
        results.extend(returns[seat] for _ in seen for seat in range(players))
        games.extend([number] * (len(seen) * players))
    if pending:
        blocks.append(np.concatenate(pending))
        pending.clear()
    observations = np.empty((sum(len(b) for b in blocks), enc.observation_size), np.float32)
    at = 0
    blocks.reverse()
    while blocks:
        block = blocks.pop()
        observations[at : at + len(block)] = block
        at += len(block)
    return Positions(
        observations,
        np.asarray(results, dtype=np.float32),
        np.asarray(games, dtype=np.int32),
        turns,
    )
