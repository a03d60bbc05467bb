"""What every bot is: something that picks one of the legal actions from a player's view.

A bot sees only the acting player's :meth:`~rumizi.GameState.view` and the legal actions,
never the true state, so it cannot peek. Bots are deterministic for a given seed.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar

from rumizi.core.contract import Action, View

# Where they used to live: bot names are words every layer uses, the module lookup is the
# registry's; both are still importable from here for code written against the old place.
from rumizi.core.i18n import bot_label
from rumizi.core.registry import game_module


class Bot(ABC):
    """A player that chooses actions from what its seat may see."""

    name: ClassVar[str]

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    @abstractmethod
    def choose(self, view: View, legal: list[Action]) -> Action:
        """One of ``legal`` (never empty), chosen from ``view`` alone."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed}>"


BotFactory = Callable[..., Bot]
_BOTS: dict[str, BotFactory] = {}


def register(name: str) -> Callable[[type[Bot]], type[Bot]]:
    """Class decorator: make a bot available by name (``rumizi.bots.make(name)``)."""

    def wrap(cls: type[Bot]) -> type[Bot]:
        _BOTS[name] = cls
        return cls

    return wrap


def make(name: str, seed: int = 0, **options: Any) -> Bot:
    """A new bot by name, e.g. ``make("random", seed=3)``; options go to its constructor."""
    try:
        factory = _BOTS[name]
    except KeyError:
        raise KeyError(f"unknown bot {name!r}; known bots: {', '.join(sorted(_BOTS))}") from None
    return factory(seed, **options)


def names() -> list[str]:
    """Names of every registered bot."""
    return sorted(_BOTS)


__all__ = ["Bot", "BotFactory", "bot_label", "game_module", "make", "names", "register"]
