"""What a game's ``encoding`` add-on provides: a fixed action index and an observation.

Learning code wants numbers where Rumizi speaks in dicts. A :class:`GameEncoding` fixes, for
one game and table size, a numbered list of every canonical action that can ever be legal
(so a policy has a fixed-size output and a mask over it) and turns a player's
:meth:`~rumizi.GameState.view` into a fixed-length ``float32`` vector. A game supplies one
with an ``encoding`` module beside its engine (:class:`EncodingAddOn`); the research adapters
(:mod:`rumizi.adapters`) find it through the registry.

This module needs numpy (the ``rl`` extra); only encodings and the adapters import it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeAlias, runtime_checkable

import numpy as np
import numpy.typing as npt

from rumizi.core.contract import Action, View

FloatArray: TypeAlias = npt.NDArray[np.float32]
MaskArray: TypeAlias = npt.NDArray[np.int8]


@runtime_checkable
class GameEncoding(Protocol):
    """A game's fixed action index and observation encoder, for one table."""

    # Read-only members (properties), so that an encoding may keep them as tuples.
    @property
    def game_id(self) -> str:
        """The game's id."""
        ...

    @property
    def num_players(self) -> int:
        """Seats at the table."""
        ...

    @property
    def teams(self) -> Sequence[int]:
        """The team of each seat; seats that play alone have teams of their own."""
        ...

    @property
    def actions(self) -> Sequence[Action]:
        """Every canonical action that can ever be legal; an action's index is its position."""
        ...

    @property
    def observation_size(self) -> int:
        """Length of :meth:`observe`'s vectors."""
        ...

    @property
    def observation_low(self) -> FloatArray:
        """Elementwise lower bounds of :meth:`observe`'s vectors."""
        ...

    @property
    def observation_high(self) -> FloatArray:
        """Elementwise upper bounds of :meth:`observe`'s vectors."""
        ...

    def index(self, action: Action) -> int:
        """The index of ``action`` in :attr:`actions`; ``KeyError`` if it has none."""
        ...

    def legal_indices(self, legal: Sequence[Action]) -> list[int]:
        """The indices of the legal actions ``legal``, ascending.

        Exactly one per legal action, unless the encoding documents a deliberate cut (such
        as attack amounts above a cap); anything else without an index is a ``KeyError``.
        """
        ...

    def observe(self, view: View) -> FloatArray:
        """The view as a vector of :attr:`observation_size` float32 numbers within bounds."""
        ...

    def describe(self, view: View) -> str:
        """A short plain-text picture of the view (for ``render``)."""
        ...


class EncodingAddOn(Protocol):
    """A game's ``encoding`` module: ``make_encoding(players=2, **options)``, the encoding of a
    table of ``players`` seats with the game's options (and any of the encoding's own)."""

    @property
    def make_encoding(self) -> Callable[..., GameEncoding]:
        """The function that makes an encoding for one table."""
        ...


def action_key(action: Action) -> tuple[tuple[str, Any], ...]:
    """A hashable key for an action dict, independent of the order of its fields."""
    return tuple(sorted(action.items()))


class Blocks:
    """The named blocks of an observation vector, laid out in the order they are added.

    An encoding adds its blocks once per table; :attr:`layout` maps each name to its
    ``(start, size)`` and the bounds follow. ``high`` is the upper bound of a block that names
    none.

    >>> blocks = Blocks(high=99.0)
    >>> blocks.add("seat", 2, high=1.0)
    >>> blocks.add("points", 1)
    >>> blocks.layout, blocks.size, blocks.high().tolist()
    ({'seat': (0, 2), 'points': (2, 1)}, 3, [1.0, 1.0, 99.0])
    """

    def __init__(self, high: float = 1.0) -> None:
        self.default_high = high
        #: Block name -> (start, size) in the observation vector.
        self.layout: dict[str, tuple[int, int]] = {}
        self.starts: dict[str, int] = {}
        self._low: list[float] = []
        self._high: list[float] = []

    def add(self, name: str, size: int, *, high: float | None = None, low: float = 0.0) -> None:
        """A block of ``size`` numbers, each within ``[low, high]``."""
        if name in self.layout:
            raise ValueError(f"the observation has a block {name!r} already")
        self.layout[name] = (len(self._high), size)
        self.starts[name] = len(self._high)
        self._low += [low] * size
        self._high += [self.default_high if high is None else high] * size

    @property
    def size(self) -> int:
        return len(self._high)

    def low(self) -> FloatArray:
        return np.array(self._low, dtype=np.float32)

    def high(self) -> FloatArray:
        return np.array(self._high, dtype=np.float32)


class Observation:
    """One view being written into a vector laid out by :class:`Blocks`.

    Positions in :attr:`hits` count one each (a card's copies, a one-hot flag); positions in
    :attr:`pos` hold the plain numbers in :attr:`val`. :meth:`vector` adds them up and keeps
    every entry within its block's bounds.

    >>> blocks = Blocks(high=99.0)
    >>> blocks.add("seat", 2, high=1.0)
    >>> blocks.add("cards", 3)
    >>> blocks.add("points", 1)
    >>> out = Observation(blocks, seats=2)
    >>> out.seat("seat", 1)
    >>> out.hits.extend([blocks.starts["cards"] + 2] * 2)  # two copies of card 2
    >>> out.numbers("points", [150])
    >>> out.vector(blocks.low(), blocks.high()).tolist()
    [0.0, 1.0, 0.0, 0.0, 2.0, 99.0]
    """

    __slots__ = ("hits", "pos", "seats", "size", "starts", "val")

    def __init__(self, blocks: Blocks, seats: int) -> None:
        self.starts = blocks.starts
        self.size = blocks.size
        self.seats = seats
        self.hits: list[int] = []
        self.pos: list[int] = []
        self.val: list[float] = []

    def seat(self, block: str, who: Any) -> None:
        """Mark seat ``who`` in a block of one entry per seat (nothing if it is no seat)."""
        if type(who) is int and 0 <= who < self.seats:
            self.hits.append(self.starts[block] + who)

    def numbers(self, block: str, values: Sequence[float]) -> None:
        """Write ``values`` from the start of ``block``."""
        start = self.starts[block]
        self.pos.extend(range(start, start + len(values)))
        self.val.extend(values)

    def vector(self, low: FloatArray, high: FloatArray) -> FloatArray:
        v = np.bincount(self.hits, minlength=self.size).astype(np.float32)
        v[self.pos] = self.val  # each plain number has a position of its own
        np.minimum(v, high, out=v)
        np.maximum(v, low, out=v)
        return v


class LaidOut:
    """What an encoding whose observation :class:`Blocks` lay out holds (a base class).

    :meth:`lay_out` keeps the blocks and sets the members :class:`GameEncoding` reads;
    :meth:`start` writes an :class:`Observation` over them.
    """

    #: Block name -> (start, size) in the observation vector.
    layout: dict[str, tuple[int, int]]
    observation_size: int
    observation_low: FloatArray
    observation_high: FloatArray

    def lay_out(self, blocks: Blocks) -> None:
        self._blocks = blocks
        self.layout = blocks.layout
        self.observation_size = blocks.size
        self.observation_low = blocks.low()
        self.observation_high = blocks.high()

    def start(self, seats: int) -> Observation:
        return Observation(self._blocks, seats)

    def finish(self, out: Observation) -> FloatArray:
        return out.vector(self.observation_low, self.observation_high)

    def rotation(self, viewer: int, seats: int, one_hots: Sequence[str]) -> list[int]:
        """The indexes that renumber an observation's seats from ``viewer``: ``obs[order]``
        reads as though the viewer sat in seat 0, the next seat in 1, and so on round the
        table. Blocks named ``p{seat}.…`` move with their seat; each block in ``one_hots``
        (one entry per seat) turns with the seats; every other entry stays.

        >>> blocks = Blocks(high=9.0)
        >>> for name, size in (("viewer", 2), ("p0.cards", 2), ("p1.cards", 2), ("turn", 1)):
        ...     blocks.add(name, size)
        >>> laid = LaidOut()
        >>> laid.lay_out(blocks)
        >>> laid.rotation(1, 2, ["viewer"])
        [1, 0, 4, 5, 2, 3, 6]
        """
        order = list(range(self.observation_size))
        for name in one_hots:
            start, size = self.layout[name]
            assert size == seats, f"{name} is not a block of one entry per seat"
            for seat in range(seats):
                order[start + seat] = start + (seat + viewer) % seats
        for name, (start, size) in self.layout.items():
            head, dot, rest = name.partition(".")
            if not dot or head[:1] != "p" or not head[1:].isdigit():
                continue
            source, _ = self.layout[f"p{(int(head[1:]) + viewer) % seats}.{rest}"]
            order[start : start + size] = range(source, source + size)
        return order
