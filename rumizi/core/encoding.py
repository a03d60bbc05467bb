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
