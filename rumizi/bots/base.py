"""What every bot is: something that picks one of the legal actions from a player's view.

A bot sees only the acting player's :meth:`~rumizi.GameState.view` and the legal actions,
never the true state, so it cannot peek. Bots are deterministic for a given seed.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable
from importlib import import_module
from types import ModuleType
from typing import Any, ClassVar

from rumizi.core.contract import Action, View
from rumizi.core.registry import game


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


# How bots are called, in English and Persian (the levels are what players meet).
_BOT_NAMES: dict[str, tuple[str, str]] = {
    "random": ("Random bot", "ربات تصادفی"),
    "greedy": ("Greedy bot", "ربات حریص"),
    "easy": ("Easy bot", "ربات آسان"),
    "medium": ("Medium bot", "ربات متوسط"),
    "hard": ("Hard bot", "ربات سخت"),
    "strong": ("Strong bot", "ربات قوی"),
}


def bot_label(name: str, lang: str) -> str:
    """How a bot is called: ``bot_label("greedy", "fa") == "ربات حریص"``."""
    known = _BOT_NAMES.get(name)
    if known is not None:
        return known[1] if lang == "fa" else known[0]
    return f"ربات {name}" if lang == "fa" else f"Bot “{name}”"


def game_module(game_id: str, name: str) -> ModuleType | None:
    """The module ``name`` beside a game's engine (e.g. its ``heuristics``), or ``None``.

    Bots find a game's own heuristics this way, so a new game brings its players along
    without any change here.
    """
    engine_module = type(game(game_id)).__module__
    package = sys.modules[engine_module].__package__ or engine_module.rpartition(".")[0]
    try:
        return import_module(f"{package}.{name}")
    except ModuleNotFoundError as err:
        if err.name != f"{package}.{name}":
            raise
        return None
