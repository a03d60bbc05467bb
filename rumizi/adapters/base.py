"""What every research adapter needs from a game: a fixed action index and an observation.

Learning code wants numbers where Rumizi speaks in dicts. A :class:`GameEncoding` fixes, for
one game and table size, a numbered list of every canonical action that can ever be legal
(so a policy has a fixed-size output and a mask over it) and turns a player's
:meth:`~rumizi.GameState.view` into a fixed-length ``float32`` vector. Because the vector is
built from the view alone, it can never leak a hidden card.

Each game supplies its encoding in an ``encoding`` add-on beside its engine, with a
``make_encoding(players, **options)`` function (:mod:`rumizi.core.encoding`); :func:`encoding`
finds it through the registry and caches it. An
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
from typing import Any

import numpy as np

from rumizi.core.contract import GameState
from rumizi.core.encoding import (
    EncodingAddOn,
    FloatArray,
    GameEncoding,
    MaskArray,
    action_key,
)
from rumizi.core.registry import game_ids, game_module

__all__ = [
    "FloatArray",
    "GameEncoding",
    "MaskArray",
    "action_key",
    "action_mask",
    "encoded_game_ids",
    "encoding",
    "is_zero_sum",
]
_CACHE: dict[tuple[str, int, tuple[tuple[str, Any], ...]], GameEncoding] = {}


def encoding(game_id: str, players: int = 2, **options: Any) -> GameEncoding:
    """The encoding of ``game_id`` for ``players`` seats (cached; options as for the game).

    >>> encoding("star-realms") is encoding("star-realms", players=2)
    True
    >>> encoding("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    KeyError: "no encoding for game 'chess'; encoded games: ...star-realms..."
    """
    key = (game_id, players, tuple(sorted(options.items())))
    found = _CACHE.get(key)
    if found is not None:
        return found
    module: EncodingAddOn | None = (
        game_module(game_id, "encoding") if game_id in game_ids() else None
    )
    if module is None:
        known = ", ".join(encoded_game_ids())
        raise KeyError(f"no encoding for game {game_id!r}; encoded games: {known}")
    made = module.make_encoding(players, **options)
    _CACHE[key] = made
    return made


def encoded_game_ids() -> list[str]:
    """Ids of every game that has an encoding."""
    return [g for g in game_ids() if game_module(g, "encoding") is not None]


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
