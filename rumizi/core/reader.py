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

>>> doc = fields({"game": "x", "seed": 1, "authorty": 5}, "document",
...              required=("game", "seed"), optional=("authority",))
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
from collections.abc import Collection
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


def fields(
    value: Any,
    path: str,
    required: Collection[str] = (),
    optional: Collection[str] = (),
) -> dict[str, Any]:
    """``value`` as an object with every ``required`` field and no field outside the two.

    The missing fields are named first (all of them), then an unknown one, with the known
    field it most resembles.
    """
    found = obj(value, path)
    missing = [key for key in required if key not in found]
    if missing:
        raise DocumentError(path, "missing " + ", ".join(repr(key) for key in missing))
    if len(found) > len(required) or optional:
        known = [*required, *optional]
        for key in found:
            if key not in required and key not in optional:
                raise DocumentError(path, _unknown(key, known))
    return found


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


def seq(value: Any, path: str, size: int | None = None) -> list[Any]:
    """``value`` if it is a JSON array (of ``size`` items, when given)."""
    if not isinstance(value, list) or (size is not None and len(value) != size):
        what = "an array" if size is None else f"an array of {size}"
        raise DocumentError(path, f"expected {what}, got {_short(value)}")
    return value


def _short(value: Any) -> str:
    """``value`` for a message: its repr, cut short when it is long."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


__all__ = ["DocumentError", "at", "boolean", "fields", "integer", "obj", "seq"]
