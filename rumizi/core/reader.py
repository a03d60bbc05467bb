"""Reading canonical documents: one reader for every game, naming the field it found wrong.

A game's ``load`` takes a document from anywhere (a file written by hand, an old export, a
client), so it trusts nothing and, when it refuses, says where: ``document.players[0]:
unknown field 'authorty' (did you mean 'authority'?)``. The shape of the document — which
fields an object has, which of them it must have, their types and ranges — is read here, the
same way for every game; each game's reader keeps only what is its own (card ids, and the
checks across fields: every card in exactly one place, a choice that fits the phase).

Every problem raises :class:`~rumizi.core.errors.DocumentError`, a :class:`ValueError`
whose ``path`` is the field at fault. Paths are written as in Python and JavaScript:
``document``, ``document.players``, ``document.players[0].hand`` (:func:`at`).

>>> TOP = Fields(required=("game", "seed"), optional=("authority",))
>>> doc = TOP.read({"game": "x", "seed": 1, "authorty": 5}, "document")
Traceback (most recent call last):
...
rumizi.core.errors.DocumentError: document: unknown field 'authorty' (did you mean 'authority'?)
>>> integer({"seed": "7"}, "seed", "document")
Traceback (most recent call last):
...
rumizi.core.errors.DocumentError: document.seed: expected an integer, got '7'

Unknown fields are refused rather than ignored: a misspelt field read as absent would load
a different position than its author meant (``"authorty": 5`` used to give the starting
authority) without a word.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from rumizi.core.errors import DocumentError

T = TypeVar("T")


def at(path: str, key: str | int) -> str:
    """The path of ``key`` inside the value at ``path``.

    >>> at(at("document", "players"), 0), at("document.players[0]", "hand")
    ('document.players[0]', 'document.players[0].hand')
    """
    return f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}"


def obj(value: Any, path: str) -> dict[str, Any]:
    """``value`` if it is a JSON object (a dict); :class:`DocumentError` otherwise."""
    if not isinstance(value, dict):
        raise DocumentError(path, f"expected an object, got {_short(value)}")
    return value


class Fields:
    """The fields of one kind of object in a document: those it must have, those it may.

    Made once (a module constant of the game's reader), so that reading an object is two set
    comparisons: loads are hot in search, where every state sampled from a view is loaded.

    >>> PLAYER = Fields(("hand", "deck"), ("authority",))
    >>> PLAYER.read({"hand": [], "deck": []}, "document.players[0]")
    {'hand': [], 'deck': []}
    >>> PLAYER.read({"hand": []}, "document.players[0]")
    Traceback (most recent call last):
    ...
    rumizi.core.errors.DocumentError: document.players[0]: missing 'deck'
    """

    __slots__ = ("_known", "_needed", "optional", "required")

    def __init__(self, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
        self.required = required
        self.optional = optional
        self._needed = frozenset(required)
        self._known = frozenset(required) | frozenset(optional)

    def read(self, value: Any, path: str) -> dict[str, Any]:
        """``value`` as an object with every required field and no field outside the two.

        The missing fields are named first (all of them), then an unknown one, with the known
        field it most resembles.
        """
        if not isinstance(value, dict):
            raise DocumentError(path, f"expected an object, got {_short(value)}")
        keys = value.keys()
        if keys >= self._needed and keys <= self._known:
            return value
        missing = [key for key in self.required if key not in value]
        if missing:
            raise DocumentError(path, "missing " + ", ".join(repr(key) for key in missing))
        unknown = next(key for key in value if key not in self._known)
        raise DocumentError(path, _unknown(unknown, [*self.required, *self.optional]))

    def __repr__(self) -> str:
        return f"Fields({self.required!r}, {self.optional!r})"


def _unknown(key: object, known: list[str]) -> str:
    close = difflib.get_close_matches(key, known, n=1) if isinstance(key, str) else []
    if close:
        return f"unknown field {key!r} (did you mean {close[0]!r}?)"
    return f"unknown field {key!r}; the fields here are {', '.join(known)}"


def integer(
    found: dict[str, Any],
    key: str,
    path: str,
    *,
    low: int | None = None,
    high: int | None = None,
    default: int | None = None,
) -> int:
    """The integer field ``key`` of the object at ``path``, within ``low``..``high``.

    Absent, it is ``default`` (an error when there is none). ``true`` is not an integer.
    """
    if key not in found:
        if default is None:
            raise DocumentError(path, f"missing {key!r}")
        return default
    return integer_value(found[key], at(path, key), low=low, high=high)


def integer_value(value: Any, path: str, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` (found at ``path``: a list's item, say) as an integer within ``low``..``high``.

    >>> integer_value(2, "document.bonus[1]", low=0, high=2)
    2
    >>> integer_value(3, "document.bonus[1]", low=0, high=2)
    Traceback (most recent call last):
    ...
    rumizi.core.errors.DocumentError: document.bonus[1]: expected an integer from 0 to 2, got 3
    """
    if (
        type(value) is not int
        or (low is not None and value < low)
        or (high is not None and value > high)
    ):
        bound = ""
        if low is not None:
            bound = f" from {low}" + (f" to {high}" if high is not None else "")
        elif high is not None:
            bound = f" up to {high}"
        raise DocumentError(path, f"expected an integer{bound}, got {_short(value)}")
    return value


def list_value(value: Any, path: str, *, length: int | None = None) -> list[Any]:
    """``value`` as a list, of ``length`` items when it is given (one per seat, say).

    >>> list_value([[], []], "document.hands", length=2)
    [[], []]
    >>> list_value([[]], "document.hands", length=2)
    Traceback (most recent call last):
    ...
    rumizi.core.errors.DocumentError: document.hands: expected a list of 2 items, got [[]]
    """
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = f" of {length} items" if length is not None else ""
        raise DocumentError(path, f"expected a list{size}, got {_short(value)}")
    return value


def boolean(found: dict[str, Any], key: str, path: str, *, default: bool | None = None) -> bool:
    """The ``true``/``false`` field ``key`` of the object at ``path`` (absent: ``default``)."""
    if key not in found:
        if default is None:
            raise DocumentError(path, f"missing {key!r}")
        return default
    value = found[key]
    if type(value) is not bool:
        raise DocumentError(at(path, key), f"expected true or false, got {_short(value)}")
    return value


def one_id(value: Any, table: Mapping[str, T], path: str, what: str) -> T:
    """What the id ``value`` names in ``table`` (a game's ids: cards, royals, ...).

    ``what`` names the kind of thing for the message; ``path`` is where ``value`` was found.

    >>> CARDS = {"scout": 0, "viper": 1}
    >>> one_id("viper", CARDS, "document.playing.card", "card")
    1
    >>> one_id("vipr", CARDS, "document.playing.card", "card")
    Traceback (most recent call last):
    ...
    rumizi.core.errors.DocumentError: document.playing.card: unknown card 'vipr'
    """
    found = table.get(value) if isinstance(value, str) else None
    if found is None:
        raise DocumentError(path, f"unknown {what} {value!r}")
    return found


def id_list(value: Any, table: Mapping[str, T], path: str, what: str) -> list[T]:
    """``value`` as a list of ids of ``what``, each read as :func:`one_id` reads it.

    An item that is no id is reported at the list's ``path``, naming the item (a hand is
    short, and the id says which card better than its place in the list).

    >>> CARDS = {"scout": 0, "viper": 1}
    >>> id_list(["viper", "scout", "viper"], CARDS, "document.players[0].hand", "card")
    [1, 0, 1]
    >>> id_list("viper", CARDS, "document.players[0].hand", "card")
    Traceback (most recent call last):
    ...
    rumizi.core.errors.DocumentError: document.players[0].hand: expected a list of card ids
    >>> id_list(["viper", None], CARDS, "document.players[0].hand", "card")
    Traceback (most recent call last):
    ...
    rumizi.core.errors.DocumentError: document.players[0].hand: unknown card None
    """
    if not isinstance(value, list):
        raise DocumentError(path, f"expected a list of {what} ids")
    out = []
    for item in value:
        found = table.get(item) if isinstance(item, str) else None
        if found is None:
            raise DocumentError(path, f"unknown {what} {item!r}")
        out.append(found)
    return out


def one_of(value: Any, names: Sequence[str], path: str) -> int:
    """The index of ``value`` among ``names`` (a phase, a reason a game ended, ...).

    >>> PHASES = ("planning", "battle", "over")
    >>> one_of("battle", PHASES, "document.phase")
    1
    >>> one_of("war", PHASES, "phase")
    Traceback (most recent call last):
    ...
    rumizi.core.errors.DocumentError: phase: expected one of planning, battle, over, got 'war'
    """
    if isinstance(value, str) and value in names:
        return names.index(value)
    raise DocumentError(path, f"expected one of {', '.join(names)}, got {value!r}")


def _short(value: Any) -> str:
    """``value`` for a message: its repr, cut short when it is long."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


__all__ = [
    "DocumentError",
    "Fields",
    "at",
    "boolean",
    "id_list",
    "integer",
    "integer_value",
    "list_value",
    "obj",
    "one_id",
    "one_of",
]
