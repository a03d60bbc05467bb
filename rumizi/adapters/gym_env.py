"""A single-agent Gymnasium environment: one seat of a Rumizi game, the others played for it.

Where the PettingZoo environment (:mod:`rumizi.adapters.pettingzoo_env`) hands every seat to
the caller, this one hands over one, the *learner's* (``seat``, or a seat drawn at each reset
with ``seat=None``), and plays the others itself: each opponent is a bot level's name
(``"random"``, ``"greedy"``, ``"strong"``, ``"hard"``…, made afresh with a seed at each
reset), a :class:`rumizi.bots.Bot`, or any callable ``choose(view, legal) -> action``; one for
every other seat, or one for them all. An opponent sees only its own seat's view, as every
bot does.

The observation is the one the PettingZoo environment gives a seat: a dict of the game
encoding's float32 ``"observation"`` (built from the learner's view alone) and the int8
``"action_mask"`` over the fixed action index; :meth:`RumiziGymEnv.action_masks` gives the
mask too, as the masked-policy libraries (``sb3-contrib``'s ``MaskablePPO``) ask for it.

The reward is 0 until the end, then the learner's result: +1 won and −1 lost with
``zero_sum=True`` (0 for a win every seat shares), or the game's own ``returns()``.
``max_turns`` truncates a game once that many turns have been played.

**An illegal action changes nothing.** Stepping with an index the mask forbids (or that is no
index: ``1.5``, ``True``) leaves the game as it was and answers the same observation with
reward ``illegal_reward`` (default 0) and ``info["illegal"]`` true; nothing is guessed or
rounded. A learner that wants an illegal move to end its episode can end it itself.

:func:`rumizi.gym_env` makes one; so does ``gymnasium.make("rumizi/<game>-v0", …)`` once this
module is imported (inside Gymnasium's usual wrappers). ``gymnasium.utils.env_checker.check_env``
passes for every game (``tests/adapters/test_gym_env.py``).

>>> import rumizi
>>> env = rumizi.gym_env("splendor-duel", opponents="greedy")
>>> obs, info = env.reset(seed=3)
>>> sorted(obs), info["seat"], int(obs["action_mask"].sum()) == len(info["legal"])
(['action_mask', 'observation'], 0, True)
>>> first = int(obs["action_mask"].nonzero()[0][0])
>>> obs, reward, terminated, truncated, info = env.step(first)
>>> reward, terminated, info["illegal"]
(0.0, False, False)
>>> forbidden = int((obs["action_mask"] == 0).nonzero()[0][0])
>>> env.step(forbidden)[4]["illegal"]
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

import gymnasium
import numpy as np
from gymnasium import spaces

from rumizi.adapters.base import (
    FloatArray,
    GameEncoding,
    MaskArray,
    action_mask,
    encoded_game_ids,
    encoding,
)
from rumizi.adapters.pettingzoo_env import action_index, observation_space, reward
from rumizi.bots import Bot, make
from rumizi.core.contract import Action, GameState, View
from rumizi.core.registry import game as find_game

Observation = dict[str, FloatArray | MaskArray]
#: An opponent: a bot level's name, a bot, or a function of the seat's view and legal moves.
Opponent = str | Bot | Callable[[View, list[Action]], Action]


class RumiziGymEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a Rumizi game against opponents the environment plays (see the module)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012  # Gymnasium's own

    def __init__(
        self,
        game_id: str = "star-realms",
        opponents: Opponent | Sequence[Opponent] = "random",
        *,
        seat: int | None = 0,
        players: int = 2,
        max_turns: int | None = None,
        zero_sum: bool = True,
        illegal_reward: float = 0.0,
        render_mode: str | None = None,
        encoding_options: dict[str, Any] | None = None,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render_mode {render_mode!r}; use 'ansi'")
        if seat is not None and not 0 <= seat < players:
            raise ValueError(f"seat must be from 0 to {players - 1}, or None, not {seat}")
        if max_turns is not None and max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, not {max_turns}")
        self.game = find_game(game_id)
        self.encoding: GameEncoding = encoding(
            game_id, players, **options, **(encoding_options or {})
        )
        self.num_players = players
        self.options = options
        self.fixed_seat = seat
        self.max_turns = max_turns
        self.zero_sum = zero_sum
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        listed = (
            list(opponents)
            if isinstance(opponents, Sequence) and not isinstance(opponents, str)
            else [opponents] * (players - 1)
        )
        if len(listed) != players - 1:
            raise ValueError(
                f"{players - 1} opponents wanted (one per other seat), not {len(listed)}"
            )
        self.opponents: list[Opponent] = listed
        self.action_space = spaces.Discrete(len(self.encoding.actions))
        self.observation_space = observation_space(self.encoding)  # type: ignore[assignment]
        self.game_state: GameState | None = None
        self.seat = seat if seat is not None else 0
        self.turns = 0
        self._players: dict[int, Callable[[View, list[Action]], Action]] = {}

    # ------------------------------------------------------------------ the episode

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game, dealt (and the opponents seeded, and the seat drawn) from ``seed`` if
        given, else from the environment's own stream; the opponents play up to the
        learner's first move."""
        super().reset(seed=seed)
        draw = self.np_random
        game_seed = int(draw.integers(2**62))
        self.seat = (
            self.fixed_seat if self.fixed_seat is not None else int(draw.integers(self.num_players))
        )
        others = [q for q in range(self.num_players) if q != self.seat]
        self._players = {
            q: self._chooser(opponent, int(draw.integers(2**31)))
            for q, opponent in zip(others, self.opponents, strict=True)
        }
        self.game_state = self.game.new(game_seed, self.num_players, **self.options)
        self.turns = 0
        self._others_play()
        return self._observe(), self._info(False)

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """The learner's ``action`` (an index into the encoding's actions), then the opponents'
        moves up to the learner's next one or the end."""
        state = self._state()
        if state.over or self._truncated():
            raise RuntimeError("the episode is over: call reset()")
        index = action_index(self.encoding, action)
        legal = self.encoding.legal_indices(state.legal_actions())
        if index is None or index not in legal:
            return self._observe(), self.illegal_reward, False, False, self._info(True)
        self._apply(self.encoding.actions[index])
        self._others_play()
        return self._observe(), self._reward(), state.over, self._truncated(), self._info(False)

    def action_masks(self) -> MaskArray:
        """The learner's legal actions now, as a 0/1 vector (``MaskablePPO`` reads this)."""
        return cast(MaskArray, self._observe()["action_mask"])

    # ------------------------------------------------------------------ inside

    def _chooser(self, opponent: Opponent, seed: int) -> Callable[[View, list[Action]], Action]:
        if isinstance(opponent, str):
            return make(opponent, seed=seed).choose
        if isinstance(opponent, Bot):
            return opponent.choose
        if callable(opponent):
            return opponent
        raise TypeError(f"an opponent is a bot level, a Bot or a function, not {opponent!r}")

    def _state(self) -> GameState:
        if self.game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game_state

    def _apply(self, action: Action) -> None:
        state = self._state()
        before = state.to_act
        state.apply(action)
        if state.to_act != before:
            self.turns += 1

    def _others_play(self) -> None:
        """The opponents' moves until the learner is to act, the game ends or is cut short."""
        state = self._state()
        while not state.over and not self._truncated() and state.to_act != self.seat:
            seat = state.to_act
            if seat is None:
                raise NotImplementedError(
                    "a phase where several seats act at once (Fantasy Realms' chaos trading) "
                    "is not played by this environment"
                )
            self._apply(self._players[seat](state.view(seat), state.legal_actions_for(seat)))

    def _truncated(self) -> bool:
        return (
            self.max_turns is not None and self.turns >= self.max_turns and not self._state().over
        )

    def _observe(self) -> Observation:
        state = self._state()
        vector = self.encoding.observe(state.view(self.seat))
        if state.over or state.to_act != self.seat or self._truncated():
            mask: MaskArray = np.zeros(len(self.encoding.actions), dtype=np.int8)
        else:
            mask = action_mask(self.encoding, state)
        return {"observation": vector, "action_mask": mask}

    def _reward(self) -> float:
        state = self._state()
        return reward(state.returns(), self.seat, self.zero_sum) if state.over else 0.0

    def _info(self, illegal: bool) -> dict[str, Any]:
        state = self._state()
        mine = not state.over and state.to_act == self.seat
        return {
            "seat": self.seat,
            "illegal": illegal,
            "legal": state.legal_actions_for(self.seat) if mine else [],
            "turns": self.turns,
        }

    # ------------------------------------------------------------------ output

    def render(self) -> str | None:
        """The table as the learner's seat sees it, as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; nothing to render")
            return None
        return self.encoding.describe(self._state().view(self.seat))


def gym_env(game_id: str = "star-realms", **options: Any) -> RumiziGymEnv:
    """A single-agent Gymnasium environment for ``game_id`` (options: see
    :class:`RumiziGymEnv`)."""
    return RumiziGymEnv(game_id, **options)


def register_all() -> list[str]:
    """Register ``rumizi/<game>-v0`` with Gymnasium for every game with an encoding (once):
    the ids registered."""
    ids = []
    for game_id in encoded_game_ids():
        env_id = f"rumizi/{game_id}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="rumizi.adapters.gym_env:RumiziGymEnv",
                kwargs={"game_id": game_id},
            )
        ids.append(env_id)
    return ids


register_all()
