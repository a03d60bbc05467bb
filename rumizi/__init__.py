"""Rumizi (رومیزی): exact, fast card-game engines.

>>> import rumizi
>>> state = rumizi.game("star-realms").new(seed=7)
>>> state.to_act in (0, 1)
True
>>> {"do": "end"} in state.legal_actions()
True
"""

from rumizi.core.contract import Action, Document, Game, GameState, View
from rumizi.core.errors import IllegalAction
from rumizi.core.record import GameRecord
from rumizi.core.registry import game, game_ids

__all__ = [
    "Action",
    "Document",
    "Game",
    "GameRecord",
    "GameState",
    "IllegalAction",
    "View",
    "game",
    "game_ids",
]
__version__ = "0.1.0"
