"""Seeded randomness whose whole state is one integer.

Every game keeps its random state as a single 64-bit integer (the ``seed`` of its canonical
document), so a position exported mid-game carries everything needed to continue it exactly.
The generator is SplitMix64, written out here rather than taken from :mod:`random` so that a
stored game replays identically on every Python version.

>>> seed, deck = shuffled(7, list(range(5)))
>>> sorted(deck)
[0, 1, 2, 3, 4]
>>> shuffled(7, list(range(5))) == (seed, deck)
True
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def check_seed(seed: object, what: str = "seed") -> int:
    """``seed`` if it is an ``int``; otherwise a :class:`ValueError` naming ``what`` it was for.

    The one rule for every seed a caller gives (a game's, a sample's, a bot's, a record's):
    any Python ``int``, negative or beyond 64 bits included (:func:`normalize_seed` maps it).
    Nothing else is quietly turned into one: ``True``, ``1.5``, ``"7"`` and ``None`` are
    mistakes, and two different mistakes must not play the same game.

    >>> check_seed(7), check_seed(-1)
    (7, -1)
    >>> check_seed("7")
    Traceback (most recent call last):
    ...
    ValueError: seed: expected an int, not '7' (str)
    """
    if isinstance(seed, int) and not isinstance(seed, bool):
        return int(seed)
    raise ValueError(f"{what}: expected an int, not {seed!r} ({type(seed).__name__})")


def normalize_seed(seed: int) -> int:
    """Map any Python integer onto the generator's 64-bit state space."""
    return int(seed) & MASK64


def next_value(state: int) -> tuple[int, int]:
    """One SplitMix64 step: return ``(new_state, 64-bit output)``."""
    state = (state + _GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return ``(new_state, k)`` with ``k`` uniform-enough in ``range(n)`` (multiply-shift)."""
    state, z = next_value(state)
    return state, (z * n) >> 64


def shuffle(state: int, items: list[T]) -> int:
    """Shuffle ``items`` in place (Fisher–Yates) and return the new generator state.

    One 64-bit output serves several swaps: it is read as digits in a mixed radix (the
    factorial number system), and a fresh output is drawn only when fewer than 2**24 values
    remain — so each swap index is uniform to within one part in sixteen million, at a
    fraction of the cost of one generator step per card.
    """
    m = MASK64
    i = len(items) - 1
    z = span = 0
    while i > 0:
        k = i + 1
        if span < k << 24:
            state = (state + _GOLDEN) & m
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & m
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & m
            z ^= z >> 31
            span = m
        z, j = divmod(z, k)
        span //= k
        items[i], items[j] = items[j], items[i]
        i -= 1
    # Advance once more so that shuffling an empty or one-card list still moves the stream.
    return (state + _GOLDEN) & m


def shuffled(state: int, items: list[T]) -> tuple[int, list[T]]:
    """Return ``(new_state, shuffled copy of items)``."""
    out = list(items)
    return shuffle(normalize_seed(state), out), out
