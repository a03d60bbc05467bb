"""Bots for every game: ``rumizi.bots.make("random")``, ``make("greedy")``.

Importing this package registers the built-in bots.
"""

from rumizi.bots import random_bot
from rumizi.bots.base import Bot, make, names, register

__all__ = ["Bot", "make", "names", "random_bot", "register"]
