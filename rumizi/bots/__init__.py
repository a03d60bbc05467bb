"""Bots for every game: ``rumizi.bots.make("random")``, ``make("greedy")``.

Importing this package registers the built-in bots.
"""

from rumizi.bots import expert, greedy, levels, random_bot, search, strategies, strong
from rumizi.bots.base import Bot, make, names, options_of, register

__all__ = [
    "Bot",
    "expert",
    "greedy",
    "levels",
    "make",
    "names",
    "options_of",
    "random_bot",
    "register",
    "search",
    "strategies",
    "strong",
]
