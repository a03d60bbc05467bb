"""A PettingZoo AEC environment for any Rumizi game that has an encoding.

Agents are ``player_0`` … ``player_{N-1}`` for ``players=N`` (seat order). Each observation is
a dict with ``"observation"`` (the game encoding's float32 vector, built from that player's
view only) and ``"action_mask"`` (int8 over the fixed action index; all zeros for a player who
is not to act). An action is an index into ``env.encoding.actions``. The agent selected is
always the game's player to act, who is not always the player whose turn it is (in Star
Realms an eliminated raider or admiral may hand a card on during another player's turn).

Game options such as Star Realms' ``format`` go to the game and to its encoding, so
``rumizi.env("star-realms", players=4, format="hydra")`` plays 2 against 2; ``env.teams``
gives each seat's team. ``encoding_options`` go to the encoding alone (e.g. ``attack_cap``).

Rewards come only at the end, from the game's ``returns()``, so a team's win rewards every
member, eliminated ones included: +1 for a winner and −1 for a loser (``zero_sum=True``, the
default; the sum is zero when two equal teams meet, as in the duel, hydra and emperor, but not
in free-for-all, hunter or raid), or the game's own 1/0 (``zero_sum=False``); a win
shared by every seat is a draw (0 each with ``zero_sum``). Every agent
stays in ``env.agents`` until the game ends, since an eliminated player's team may still win.
``max_turns`` truncates the game (every agent ``truncated``, reward 0) once that many turns
have been played; a turn is a stretch of moves by one player, ending when another player is
to act.

**Wrapped as PettingZoo's own environments are.** :func:`env` (and :func:`rumizi.env`) returns
the environment inside PettingZoo's ``OrderEnforcingWrapper``, which refuses ``step``,
``observe`` or ``render`` before ``reset`` and warns of a step after the game ended; the bare
environment is ``env.unwrapped``, and the wrapper passes on its public attributes
(``env.game_state``, ``env.encoding``, ``env.teams`` …). PettingZoo's classic games also stack
``AssertOutOfBoundsWrapper`` and ``TerminateIllegalWrapper``; neither fits here. The first
checks the action space with an ``assert`` (gone under ``python -O``, and it takes ``True`` for
action 1); :meth:`RumiziEnv.step` refuses anything but an integer index itself. The second
ends the game with a penalty for an illegal move; a Rumizi game refuses the move and stays as
it was, as everywhere else in Rumizi.

**Actions** are integers: a Python ``int`` or a numpy integer, within the index. Anything
else — ``1.7``, ``2.0``, ``True``, a numpy float or bool, a string — raises
:class:`rumizi.IllegalAction` and changes nothing; no number is rounded to a move.

>>> import rumizi
>>> env = rumizi.env("star-realms", max_turns=50)
>>> env.reset(seed=7)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), obs["action_mask"].dtype.name, reward, terminated
(['action_mask', 'observation'], 'int8', 0.0, False)
>>> action = int(obs["action_mask"].nonzero()[0][0])
>>> env.step(action)
>>> hydra = rumizi.env("star-realms", players=4, format="hydra")
>>> hydra.possible_agents, hydra.teams
(['player_0', 'player_1', 'player_2', 'player_3'], (0, 1, 0, 1))
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from rumizi.adapters.base import FloatArray, GameEncoding, MaskArray, action_mask, encoding
from rumizi.core.contract import GameState, View
from rumizi.core.errors import IllegalAction
from rumizi.core.registry import game as find_game

Observation = dict[str, FloatArray | MaskArray]
RENDER_MODES = ("human", "ansi")


def game_seed_for(
    seeds: np.random.Generator | None, seed: int | None
) -> tuple[np.random.Generator, int]:
    """A reset's deal: ``seed`` itself, which also restarts the environment's own stream of
    seeds, if given; else the stream's next (started unseeded on first use). Both PettingZoo
    environments reset so."""
    if seed is not None:
        return np.random.default_rng(seed), int(seed)
    stream = seeds if seeds is not None else np.random.default_rng()
    return stream, int(stream.integers(2**62))


def render_public(
    render_mode: str | None, describe: Callable[[View], str], state: GameState
) -> str | None:
    """The table as everyone sees it (nobody's hidden cards), as text: returned for
    ``"ansi"``, printed for ``"human"`` (both PettingZoo environments render so)."""
    if render_mode is None:
        gymnasium.logger.warn("render() called without a render_mode; nothing to render")
        return None
    text = describe(state.view(None))
    if render_mode == "human":
        print(text)
        return None
    return text


class RumiziEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """An AEC environment playing one Rumizi game (see the module docs)."""

    metadata: dict[str, Any]  # set per environment: its name names the game

    def __init__(
        self,
        game_id: str = "star-realms",
        players: int = 2,
        *,
        max_turns: int | None = None,
        zero_sum: bool = True,
        render_mode: str | None = None,
        encoding_options: dict[str, Any] | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": f"rumizi_{game_id.replace('-', '_')}_v0",
            "is_parallelizable": False,
        }
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"unknown render_mode {render_mode!r}; use 'human' or 'ansi'")
        if max_turns is not None and max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, not {max_turns}")
        self.game = find_game(game_id)
        self.encoding: GameEncoding = encoding(
            game_id, players, **options, **(encoding_options or {})
        )
        self.num_players = players
        #: The team of each seat (seats that play alone have teams of their own).
        self.teams = tuple(self.encoding.teams)
        self.options = options
        self.max_turns = max_turns
        self.zero_sum = zero_sum
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self.agents = self.possible_agents[:]
        n_actions = len(self.encoding.actions)
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: observation_space(self.encoding) for a in self.possible_agents
        }
        self._seeds: np.random.Generator | None = None
        self.game_state: GameState | None = None
        self.seed_used: int | None = None
        self.turns = 0

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the AEC loop

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: dealt from ``seed`` itself if given, else from the env's own stream."""
        self._seeds, game_seed = game_seed_for(self._seeds, seed)
        self.seed_used = game_seed
        self.game_state = self.game.new(game_seed, self.num_players, **self.options)
        self.turns = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        to_act = self.game_state.to_act
        self.agent_selection = self.possible_agents[to_act if to_act is not None else 0]

    def _state(self) -> GameState:
        if self.game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game_state

    def observe(self, agent: str) -> Observation:
        state = self._state()
        seat = self.possible_agents.index(agent)
        vector = self.encoding.observe(state.view(seat))
        if state.over or state.to_act != seat or self.truncations.get(agent, False):
            mask: MaskArray = np.zeros(len(self.encoding.actions), dtype=np.int8)
        else:
            mask = action_mask(self.encoding, state)
        return {"observation": vector, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        chosen = self.encoding.actions[self._index(action)]
        before = state.to_act
        state.apply(chosen)  # raises IllegalAction (and changes nothing) if not legal now
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if state.over:
            self.rewards = self._final_rewards(state)
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            if state.to_act != before:
                self.turns += 1
            if self.max_turns is not None and self.turns >= self.max_turns:
                self.truncations = dict.fromkeys(self.agents, True)
        if state.to_act is not None:
            self.agent_selection = self.possible_agents[state.to_act]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _index(self, action: Any) -> int:
        """``action`` as an index into the encoding's actions (:func:`action_index`)."""
        index = action_index(self.encoding, action)
        if index is None:
            size = len(self.encoding.actions)
            raise IllegalAction(f"action must be an integer from 0 to {size - 1}, not {action!r}")
        return index

    def _final_rewards(self, state: GameState) -> dict[str, float]:
        returns = state.returns()
        return {a: reward(returns, p, self.zero_sum) for p, a in enumerate(self.possible_agents)}

    # ------------------------------------------------------------------ output

    def render(self) -> str | None:
        """The public table as text (nobody's hidden cards): printed for ``"human"``."""
        return render_public(self.render_mode, self.encoding.describe, self._state())

    def close(self) -> None:
        """Nothing to release: the environment holds no window or process."""


def observation_space(enc: GameEncoding) -> spaces.Dict:
    """A seat's observation: the encoding's vector and the action mask over its index."""
    size = len(enc.actions)
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=enc.observation_low, high=enc.observation_high, dtype=np.float32
            ),
            "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
        }
    )


def action_index(enc: GameEncoding, action: Any) -> int | None:
    """``action`` as an index into ``enc.actions``: an integer (a Python ``int``, a numpy
    integer, a 0-d integer array) within the index; ``None`` for anything else, never rounded.

    >>> enc = encoding("star-realms")
    >>> action_index(enc, np.int64(3)), action_index(enc, 3.0), action_index(enc, True)
    (3, None, None)
    """
    if isinstance(action, bool | np.bool_):  # bools are ints to Python: True is no move
        return None
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action.item()
    try:
        index = operator.index(action)  # ints and numpy integers; no floats, no strings
    except TypeError:
        return None
    return index if 0 <= index < len(enc.actions) else None


def reward(returns: Sequence[float], seat: int, zero_sum: bool) -> float:
    """A seat's reward at the end from the game's ``returns()``: +1 won and −1 lost with
    ``zero_sum`` (0 for a win every seat shares), else the seat's own return.

    >>> reward([1.0, 0.0], 1, True), reward([1.0, 1.0], 0, True), reward([0.5, 0.5], 0, False)
    (-1.0, 0.0, 0.5)
    """
    if len(set(returns)) == 1:  # everybody shares the win: a draw
        return 0.0 if zero_sum else float(returns[seat])
    if zero_sum:
        return 1.0 if returns[seat] > 0.5 else -1.0
    return float(returns[seat])


def env(game_id: str = "star-realms", **options: Any) -> AECEnv:
    """A PettingZoo AEC environment for ``game_id`` (options: see :class:`RumiziEnv`), inside
    PettingZoo's ``OrderEnforcingWrapper`` as its own environments are (see the module docs).

    >>> wrapped = env("war-of-the-ring")
    >>> wrapped.step(0)
    Traceback (most recent call last):
    ...
    AssertionError: reset() needs to be called before step.
    >>> isinstance(wrapped.unwrapped, RumiziEnv)
    True
    """
    return OrderEnforcingWrapper(RumiziEnv(game_id, **options))
