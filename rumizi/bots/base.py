"""What every bot is: something that picks one of the legal actions from a player's view.

A bot sees only the acting player's :meth:`~rumizi.GameState.view` and the legal actions,
never the true state, so it cannot peek. Bots are deterministic for a given seed (an ``int``,
the rule of :func:`rumizi.core.rng.check_seed`); a search bot on a time budget also depends on
how fast the machine runs, so only one on a number of iterations replays exactly.

:func:`make` builds one by name and says what it takes: the options are the keyword arguments
of the bot's constructor (:func:`options_of`), and anything else is refused by name.

>>> make("greedy", budget=0.5)
Traceback (most recent call last):
...
TypeError: bot 'greedy' takes no options besides its seed; not budget
>>> options_of("random"), options_of("hard")[:3]
((), ('budget', 'iterations', 'horizon'))
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar

from rumizi.core import rng
from rumizi.core.contract import Action, View

# Where they used to live: bot names are words every layer uses, the module lookup is the
# registry's; both are still importable from here for code written against the old place.
from rumizi.core.i18n import bot_label
from rumizi.core.registry import game_module


class Bot(ABC):
    """A player that chooses actions from what its seat may see."""

    name: ClassVar[str]

    def __init__(self, seed: int = 0) -> None:
        self.seed = rng.check_seed(
            seed, f"bot {getattr(self, 'name', type(self).__name__)!r}: seed"
        )

    @abstractmethod
    def choose(self, view: View, legal: list[Action]) -> Action:
        """One of ``legal`` (never empty), chosen from ``view`` alone."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed}>"


BotFactory = Callable[..., Bot]
_BOTS: dict[str, type[Bot]] = {}


def register(name: str) -> Callable[[type[Bot]], type[Bot]]:
    """Class decorator: make a bot available by name (``rumizi.bots.make(name)``)."""

    def wrap(cls: type[Bot]) -> type[Bot]:
        _BOTS[name] = cls
        return cls

    return wrap


def _bot(name: str) -> type[Bot]:
    try:
        return _BOTS[name]
    except KeyError:
        raise KeyError(f"unknown bot {name!r}; known bots: {', '.join(sorted(_BOTS))}") from None


def options_of(name: str) -> tuple[str, ...]:
    """The options bot ``name`` takes besides its seed: its constructor's keyword arguments.

    A constructor that passes ``**options`` on to the class it extends takes that class's
    too, so the list is read along the class's ancestry, the most general options first.
    """
    groups: list[list[str]] = []
    for cls in _bot(name).__mro__:
        init = cls.__dict__.get("__init__")
        if init is None or cls is Bot:
            continue
        params = list(inspect.signature(init).parameters.values())[1:]  # without self
        named = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
        groups.append([p.name for p in params if p.kind in named and p.name != "seed"])
        if not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
            break
    return tuple(dict.fromkeys(name for group in reversed(groups) for name in group))


def make(name: str, seed: int = 0, **options: Any) -> Bot:
    """A new bot by name, e.g. ``make("random", seed=3)``; options go to its constructor.

    An unknown bot is a ``KeyError``, an option the bot does not take a ``TypeError`` naming
    the ones it does (:func:`options_of`), and a seed that is not an ``int`` a ``ValueError``.
    """
    cls = _bot(name)
    takes = options_of(name)
    unknown = [key for key in options if key not in takes]
    if unknown:
        given = ", ".join(unknown)
        if not takes:
            raise TypeError(f"bot {name!r} takes no options besides its seed; not {given}")
        raise TypeError(f"bot {name!r} takes the options {', '.join(takes)}; not {given}")
    rng.check_seed(seed, f"bot {name!r}: seed")
    return cls(seed, **options)


def names() -> list[str]:
    """Names of every registered bot."""
    return sorted(_BOTS)


__all__ = [
    "Bot",
    "BotFactory",
    "bot_label",
    "game_module",
    "make",
    "names",
    "options_of",
    "register",
]
