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
from typing import Any

from rumizi.core.errors import DocumentError


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
    value = found[key]
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
        raise DocumentError(at(path, key), f"expected an integer{bound}, got {_short(value)}")
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


def _short(value: Any) -> str:
    """``value`` for a message: its repr, cut short when it is long."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


__all__ = ["DocumentError", "Fields", "at", "boolean", "integer", "obj"]
