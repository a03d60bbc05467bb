"""What every research adapter needs from a game: a fixed action index and an observation.

Learning code wants numbers where Rumizi speaks in dicts. A :class:`GameEncoding` fixes, for
one game and table size, a numbered list of every canonical action that can ever be legal
(so a policy has a fixed-size output and a mask over it) and turns a player's
:meth:`~rumizi.GameState.view` into a fixed-length ``float32`` vector. Because the vector is
built from the view alone, it can never leak a hidden card.

Each game supplies its encoding in a module of its own with a ``make_encoding(players,
**options)`` function, listed in :data:`ENCODINGS`; :func:`encoding` finds and caches it. An
encoding is made for one table: a number of seats and the game's options (such as a format),
since both change which actions exist and what a view holds. It also tells the seats' teams,
so that adapters can say whether win/loss payoffs sum to zero (:func:`is_zero_sum`).

>>> import rumizi
>>> enc = encoding("star-realms")
>>> enc.index({"do": "end"}) < len(enc.actions)
True
>>> state = rumizi.game("star-realms").new(seed=3)
>>> mask = action_mask(enc, state)
>>> int(mask.sum()) == len(state.legal_actions())
True
>>> enc.observe(state.view(state.to_act)).shape == (enc.observation_size,)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from typing import Any, Protocol, TypeAlias, runtime_checkable

import numpy as np
import numpy.typing as npt

from rumizi.core.contract import Action, GameState, View

FloatArray: TypeAlias = npt.NDArray[np.float32]
MaskArray: TypeAlias = npt.NDArray[np.int8]

# Game id -> module with ``make_encoding(players, **options)``; imported on first use.
ENCODINGS: dict[str, str] = {
    "star-realms": "rumizi.games.star_realms.encoding",
    "splendor-duel": "rumizi.games.splendor_duel.encoding",
}

_CACHE: dict[tuple[str, int, tuple[tuple[str, Any], ...]], GameEncoding] = {}


@runtime_checkable
class GameEncoding(Protocol):
    """A game's fixed action index and observation encoder, for one table."""

    game_id: str
    num_players: int
    #: The team of each seat; seats that play alone have teams of their own.
    teams: Sequence[int]
    #: Every canonical action that can ever be legal; an action's index is its position here.
    actions: Sequence[Action]
    #: Length of :meth:`observe`'s vectors, and their elementwise bounds.
    observation_size: int
    observation_low: FloatArray
    observation_high: FloatArray

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


def encoding(game_id: str, players: int = 2, **options: Any) -> GameEncoding:
    """The encoding of ``game_id`` for ``players`` seats (cached; options as for the game).

    >>> encoding("star-realms") is encoding("star-realms", players=2)
    True
    >>> encoding("chess")
    Traceback (most recent call last):
    ...
    KeyError: "no encoding for game 'chess'; encoded games: splendor-duel, star-realms"
    """
    key = (game_id, players, tuple(sorted(options.items())))
    found = _CACHE.get(key)
    if found is not None:
        return found
    if game_id not in ENCODINGS:
        known = ", ".join(sorted(ENCODINGS))
        raise KeyError(f"no encoding for game {game_id!r}; encoded games: {known}")
    module = import_module(ENCODINGS[game_id])
    made: GameEncoding = module.make_encoding(players, **options)
    _CACHE[key] = made
    return made


def encoded_game_ids() -> list[str]:
    """Ids of every game that has an encoding."""
    return sorted(ENCODINGS)


def action_mask(enc: GameEncoding, state: GameState) -> MaskArray:
    """A 0/1 ``int8`` vector over ``enc.actions``: 1 exactly where the action is legal now."""
    mask = np.zeros(len(enc.actions), dtype=np.int8)
    mask[enc.legal_indices(state.legal_actions())] = 1
    return mask


def is_zero_sum(teams: Sequence[int]) -> bool:
    """Whether +1 per winner and −1 per loser always sums to zero: two teams of equal size.

    >>> is_zero_sum([0, 1]), is_zero_sum([0, 1, 0, 1])
    (True, True)
    >>> is_zero_sum([0, 1, 2]), is_zero_sum([0, 1, 1])
    (False, False)
    """
    sizes = [list(teams).count(t) for t in set(teams)]
    return len(sizes) == 2 and sizes[0] == sizes[1]


def action_key(action: Action) -> tuple[tuple[str, Any], ...]:
    """A hashable key for an action dict, independent of the order of its fields."""
    return tuple(sorted(action.items()))
