"""Rumizi (رومیزی): exact, fast card-game engines.

>>> import rumizi
>>> state = rumizi.game("star-realms").new(seed=7)
>>> state.to_act in (0, 1)
True
>>> {"do": "end"} in state.legal_actions()
True
"""

from typing import TYPE_CHECKING, Any

from rumizi.core.contract import Action, Document, Game, GameState, View
from rumizi.core.errors import DocumentError, IllegalAction, MalformedAction
from rumizi.core.record import GameRecord
from rumizi.core.registry import game, game_ids, register

if TYPE_CHECKING:
    from pettingzoo import AECEnv

    from rumizi.adapters.gym_env import RumiziGymEnv
    from rumizi.adapters.parallel_env import RumiziParallelEnv

__all__ = [
    "Action",
    "Document",
    "DocumentError",
    "Game",
    "GameRecord",
    "GameState",
    "IllegalAction",
    "MalformedAction",
    "View",
    "env",
    "game",
    "game_ids",
    "gym_env",
    "parallel_env",
    "register",
]
__version__ = "0.1.0"


def env(game_id: str, **options: Any) -> "AECEnv":
    """A PettingZoo AEC environment for ``game_id`` (needs the ``rl`` extra), wrapped in
    PettingZoo's order-enforcing wrapper (``.unwrapped`` is the bare environment).

    Options: ``players``, ``max_turns``, ``zero_sum``, ``render_mode``, and the game's own
    options; see :class:`rumizi.adapters.pettingzoo_env.RumiziEnv`.
    """
    from rumizi.adapters.pettingzoo_env import env as make_env

    return make_env(game_id, **options)


def gym_env(game_id: str, **options: Any) -> "RumiziGymEnv":
    """A single-agent Gymnasium environment for one seat of ``game_id`` (needs the ``rl``
    extra), the other seats played by ``opponents`` (bot levels, bots or functions).

    Options: ``opponents``, ``seat``, ``players``, ``max_turns``, ``zero_sum``,
    ``illegal_reward``, ``render_mode``, and the game's own options; see
    :class:`rumizi.adapters.gym_env.RumiziGymEnv`.
    """
    from rumizi.adapters.gym_env import gym_env as make_gym_env

    return make_gym_env(game_id, **options)


def parallel_env(game_id: str, **options: Any) -> "RumiziParallelEnv":
    """A PettingZoo parallel environment for a game with a phase every seat plays at once
    (Fantasy Realms' chaos realms: ``parallel_env("fantasy-realms", players=5,
    variant="chaos")``; needs the ``rl`` extra).

    Options: ``players``, ``order``, ``timer_steps``, ``max_steps``, ``zero_sum``,
    ``render_mode``, and the game's own options; see
    :class:`rumizi.adapters.parallel_env.RumiziParallelEnv`.
    """
    from rumizi.adapters.parallel_env import parallel_env as make_parallel_env

    return make_parallel_env(game_id, **options)
