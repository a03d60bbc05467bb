"""A PettingZoo ``ParallelEnv`` for games with a phase that every seat plays at once.

Fantasy Realms' chaos realms (``variant="chaos"``) open with a trading phase in which every
player may offer, answer, withdraw and declare itself done at the same time
(:mod:`rumizi.games.fantasy_realms.trading`). The AEC environment (:mod:`.pettingzoo_env`)
serialises a game into one agent at a time; this one gives every seat its move in each
:meth:`~RumiziParallelEnv.step`:

>>> from rumizi.adapters.parallel_env import fantasy_realms_chaos_parallel_env
>>> env = fantasy_realms_chaos_parallel_env(players=3)
>>> observations, infos = env.reset(seed=7)
>>> sorted(observations["player_0"]), env.agents
(['action_mask', 'observation'], ['player_0', 'player_1', 'player_2'])
>>> actions = {a: env.done_index for a in env.agents}  # everybody is content at once
>>> observations, rewards, terminations, truncations, infos = env.step(actions)
>>> env.game_state.phase in ("summon", "over")
True

**Agents and actions.** Agents are ``player_0`` … ``player_{N-1}`` (less the seats of
``opponents``, below); each has the same
``Discrete`` action space, the game's per-seat index (for chaos realms
:class:`rumizi.games.fantasy_realms.chaos_encoding.ChaosEncoding`: propose a card to a seat,
withdraw the offer to a seat, accept the offer from a seat handing back a card, refuse it,
done, …; the seat is always the agent's own). Index ``0`` is **wait**, legal exactly when the
seat has nothing to do.

**The rule for the two kinds of phase.** Every step takes a dict of actions, one per agent
in ``env.agents`` (an agent whose only legal move is wait may be left out). In the
simultaneous phase every seat the engine lists as an actor
(:attr:`rumizi.GameState.actors`) has real moves and must play one; a done seat with no
offer to answer waits. Outside it (chaos realms: the Necromancer's draw, Genie, a hand over
the limit) the engine has one seat to act: that agent's mask holds its moves and every other
agent's mask holds only wait. So a step is always the actors' moves, one each, and no step
is empty: play moves on.

**How moves made at once are applied.** As the server applies moves that arrive together:
one after another, each checked by the engine against the state the ones before it left.
Every move is chosen from the state at the start of the step, so a later one may no longer
fit (an offer withdrawn by the seat that made it while its target accepts it, a card
offered to two seats that both accept, a swap that took the card of an offer): the engine
refuses it and it changes nothing, as a late click on the server. The order is drawn at
random each step from the environment's seeded stream (``order="random"``, the default:
nobody is always first, as nobody is always quickest at a table), or is seat order
(``order="seats"``). ``infos[agent]`` says what happened to the agent's move: ``"played"``
(the engine action, ``None`` for a wait), ``"position"`` (its place in the step's order)
and, for a move the engine refused, ``"refused"`` (the engine's message). The moves as
played are also in :attr:`RumiziParallelEnv.last_step`.

**The timer.** Chaos trading ends when every seat is done (with no offer open) or when the
table's timer rings. ``timer_steps=k`` rings it (the server's ``{"do": "ring"}``,
:data:`rumizi.core.contract.RING`) after ``k`` rounds of the phase: a round is a step's
moves, or a round the environment plays alone (see *Opponents*). While it runs,
``infos[agent]["timer_left"]`` counts the rounds left. The default ``None`` has no timer,
as bots and the arena play. ``max_steps`` truncates the game (every agent ``truncated``,
reward 0) after that many steps.

**Opponents.** ``opponents={seat: who}`` has the environment play those seats: ``who`` is a
bot level's name (``"greedy"``, ``"strong"``…, made afresh with a seed drawn from the
episode's seed at each reset), a :class:`rumizi.bots.Bot` or any ``choose(view, legal)``
function; each sees only its own seat's view and chooses from its own list. Their seats
are not agents (``possible_agents`` holds the others). Their moves join each step's moves
and take their places in its order like anyone's; while no agent has a move (a bot holds
the Necromancer, or every agent is done while bots still trade) the environment plays
rounds of the opponents' moves alone before it answers, so a step never asks the agents
for nothing but waits after a reset or a step. ``last_step`` lists those rounds too, and
the timer counts rounds.

**Observations** are dicts, ``"observation"`` (the encoding's float32 vector built from the
agent's own view, so never a card it may not see) and ``"action_mask"`` (int8 over the
index). **Rewards** come at the end from the game's ``returns()``, as in the AEC
environment: +1 for a winner and −1 for a loser (``zero_sum=True``, the default; a win
every seat shares is 0 each), or the game's own share of the win (``zero_sum=False``). At
the end every agent is terminated and ``env.agents`` empties, as PettingZoo's parallel
environments do. ``reset(seed=s)`` deals from ``s`` and seeds the order of moves from it, so
the same seed and actions give the same episode.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from rumizi.adapters.pettingzoo_env import RENDER_MODES, game_seed_for, render_public, reward
from rumizi.bots import Bot, make
from rumizi.core.contract import RING, Action, GameState, View
from rumizi.core.encoding import FloatArray, MaskArray
from rumizi.core.errors import IllegalAction
from rumizi.core.registry import game as find_game
from rumizi.core.registry import game_module

Observation = dict[str, FloatArray | MaskArray]
ORDERS = ("random", "seats")
#: A seat the environment plays: a bot level's name, a bot, or ``choose(view, legal)``.
Opponent = str | Bot | Callable[[View, list[Action]], Action]


class SimultaneousEncoding(Protocol):
    """What a game's ``encoding`` add-on returns from ``make_simultaneous_encoding(players,
    **options)``: one action index for every seat, read against a view of the moment."""

    @property
    def size(self) -> int:
        """Entries in each seat's index; entry 0 is the wait."""
        ...

    @property
    def observation_size(self) -> int:
        """Length of :meth:`observe`'s vectors."""
        ...

    @property
    def observation_low(self) -> FloatArray:
        """Elementwise lower bounds of :meth:`observe`'s vectors."""
        ...

    @property
    def observation_high(self) -> FloatArray:
        """Elementwise upper bounds of :meth:`observe`'s vectors."""
        ...

    def legal_indices(self, legal: Sequence[Action], view: View) -> list[int]:
        """A seat's legal list as indices (just the wait for an empty list)."""
        ...

    def decode(self, index: int, view: View, seat: int) -> Action:
        """What ``index`` means for ``seat`` in ``view``'s moment (``{"do": "wait"}``)."""
        ...

    def observe(self, view: View) -> FloatArray:
        """A seat's view as a vector of :attr:`observation_size` float32 numbers."""
        ...

    def describe(self, view: View) -> str:
        """A short plain-text picture of the view (for ``render``)."""
        ...


WAIT_INDEX = 0


def simultaneous_encoding(game_id: str, players: int, **options: Any) -> SimultaneousEncoding:
    """The per-seat encoding of ``game_id`` (from its ``encoding`` add-on); ``KeyError`` for a
    game with none."""
    module = game_module(game_id, "encoding")
    factory = getattr(module, "make_simultaneous_encoding", None)
    if factory is None:
        raise KeyError(f"game {game_id!r} has no simultaneous encoding")
    found: SimultaneousEncoding = factory(players, **options)
    return found


class RumiziParallelEnv(ParallelEnv):  # type: ignore[misc]  # PettingZoo ships no types
    """A parallel environment playing one Rumizi game (see the module docs)."""

    metadata: dict[str, Any]

    def __init__(
        self,
        game_id: str = "fantasy-realms",
        players: int = 4,
        *,
        order: str = "random",
        opponents: Mapping[int, Opponent] | None = None,
        timer_steps: int | None = None,
        max_steps: int | None = None,
        zero_sum: bool = True,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"unknown render_mode {render_mode!r}; use 'human' or 'ansi'")
        if order not in ORDERS:
            raise ValueError(f"order is 'random' or 'seats', not {order!r}")
        for name, value in (("timer_steps", timer_steps), ("max_steps", max_steps)):
            if value is not None and (type(value) is not int or value < 1):
                raise ValueError(f"{name} must be a whole number from 1, not {value!r}")
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": f"rumizi_{game_id.replace('-', '_')}_parallel_v0",
        }
        self.game = find_game(game_id)
        self.encoding = simultaneous_encoding(game_id, players, **options)
        self.num_players = players
        self.options = options
        self.order = order
        self.timer_steps = timer_steps
        self.max_steps = max_steps
        self.zero_sum = zero_sum
        self.render_mode = render_mode
        opponents = dict(opponents or {})
        bad = sorted(q for q in opponents if type(q) is not int or not 0 <= q < players)
        if bad or len(opponents) >= players:
            raise ValueError(
                f"opponents: seats 0 to {players - 1} played by the environment, at least one "
                f"seat left to the agents; not {sorted(opponents, key=str)}"
            )
        for opponent in opponents.values():
            if not isinstance(opponent, str | Bot) and not callable(opponent):
                raise TypeError(f"an opponent is a bot level, a Bot or a function: {opponent!r}")
        #: The seats the environment plays, and who plays them.
        self.opponents: dict[int, Opponent] = opponents
        self._opponents: dict[int, Callable[[View, list[Action]], Action]] = {}
        self._seats = {f"player_{q}": q for q in range(players)}
        self.possible_agents = [f"player_{q}" for q in range(players) if q not in opponents]
        self.agents: list[str] = []
        size = self.encoding.size
        self._action_space = spaces.Discrete(size)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=self.encoding.observation_low,
                    high=self.encoding.observation_high,
                    dtype=np.float32,
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
            }
        )
        self._seeds: np.random.Generator | None = None
        self._order_rng = np.random.default_rng()
        self.game_state: GameState | None = None
        self.seed_used: int | None = None
        self.steps = 0
        self.phase_steps = 0
        #: The moves of the last step (and of the rounds the environment played alone after
        #: it), in the order played: ``(seat's agent name, engine action, refusal or None)``;
        #: an opponent's seat is named as an agent would be.
        self.last_step: list[tuple[str, Action, str | None]] = []

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """Every agent's: one object, the same at every call (as the API test wants)."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """Every agent's ``Discrete`` index: one object, the same at every call."""
        return self._action_space

    @property
    def wait_index(self) -> int:
        """The index of the wait (legal exactly when the seat has nothing to do)."""
        return WAIT_INDEX

    @property
    def done_index(self) -> int:
        """The index of ``done`` in the trading (the agent's own seat)."""
        starts: dict[str, int] | None = getattr(self.encoding, "starts", None)
        if starts is None or "done" not in starts:
            raise AttributeError("this game's encoding has no 'done'")
        return starts["done"]

    # ------------------------------------------------------------------ the loop

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """A new game, dealt from ``seed`` (which also seeds the order of moves) if given,
        else from the environment's own stream."""
        self._seeds, game_seed = game_seed_for(self._seeds, seed)
        self.seed_used = game_seed
        self._order_rng = np.random.default_rng([game_seed, 1])
        self.game_state = self.game.new(game_seed, self.num_players, **self.options)
        draw = np.random.default_rng([game_seed, 2])
        self._opponents = {
            q: chooser(opponent, int(draw.integers(2**31)))
            for q, opponent in sorted(self.opponents.items())
        }
        self.steps = 0
        self.phase_steps = 0
        self.last_step = []
        self.agents = self.possible_agents[:]
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        state = self.game_state
        while self._opponents and not state.over and not self._agents_have_moves():
            self._play_round(self._opponent_moves(), infos)
        observations = {a: self.observe(a) for a in self.agents}
        if self.timer_steps is not None and state.timer() is not None:
            for info in infos.values():
                info["timer_left"] = self.timer_steps - self.phase_steps
        return observations, infos

    def _state(self) -> GameState:
        if self.game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game_state

    def _legal_indices(self, seat: int) -> list[int]:
        state = self._state()
        if state.over:
            return [WAIT_INDEX]
        return self.encoding.legal_indices(state.legal_actions_for(seat), state.view(seat))

    def observe(self, agent: str) -> Observation:
        """The agent's observation: its own view's vector and its action mask."""
        state = self._state()
        seat = self._seats[agent]
        mask: MaskArray = np.zeros(self.encoding.size, dtype=np.int8)
        mask[self._legal_indices(seat)] = 1
        return {"observation": self.encoding.observe(state.view(seat)), "action_mask": mask}

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Every agent's move at once (see the module docs for the rule and the order).

        A move that is not an index, is not legal for its agent now, or is missing for an
        agent with something to do raises :class:`rumizi.IllegalAction` and nothing is played.
        """
        state = self._state()
        if not self.agents:
            raise RuntimeError("the game is over: call reset() to play again")
        unknown = sorted(set(actions) - set(self.agents))
        if unknown:
            raise IllegalAction(f"no such agents in play: {', '.join(map(str, unknown))}")
        chosen: dict[str, Action] = {}
        for agent in self.agents:
            seat = self._seats[agent]
            legal = self._legal_indices(seat)
            if agent not in actions:
                if legal != [WAIT_INDEX]:
                    raise IllegalAction(f"{agent} has moves to make: give it an action")
                continue
            index = action_index_of(self.encoding.size, actions[agent])
            if index is None or index not in legal:
                raise IllegalAction(f"{agent}: {actions[agent]!r} is not one of its legal moves")
            if index != WAIT_INDEX:
                chosen[agent] = self.encoding.decode(index, state.view(seat), seat)
        infos: dict[str, dict[str, Any]] = {
            a: {"played": None, "position": None} for a in self.agents
        }
        self.last_step = []
        self._play_round({**chosen, **self._opponent_moves()}, infos)
        self.steps += 1
        # the opponents play on while no agent has a move (and the game goes on)
        while self._opponents and not state.over and not self._agents_have_moves():
            self._play_round(self._opponent_moves(), infos)
        if self.timer_steps is not None and state.timer() is not None:
            for info in infos.values():
                info["timer_left"] = self.timer_steps - self.phase_steps
        live = self.agents
        observations = {a: self.observe(a) for a in live}
        rewards = dict.fromkeys(live, 0.0)
        terminations = dict.fromkeys(live, False)
        truncations = dict.fromkeys(live, False)
        if state.over:
            returns = state.returns()
            rewards = {a: reward(returns, self._seats[a], self.zero_sum) for a in live}
            terminations = dict.fromkeys(live, True)
            self.agents = []
        elif self.max_steps is not None and self.steps >= self.max_steps:
            truncations = dict.fromkeys(live, True)
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _play_round(self, chosen: dict[str, Action], infos: dict[str, dict[str, Any]]) -> None:
        """One round: ``chosen`` (agent name -> engine move, all chosen from the state as it
        is now) applied one after another in the round's order, then the timer."""
        state = self._state()
        movers = list(chosen)
        if self.order == "random":
            movers = [movers[k] for k in self._order_rng.permutation(len(movers))]
        else:
            movers.sort(key=self._seats.__getitem__)
        timed = state.timer() is not None
        applied = False
        for position, agent in enumerate(movers):
            refusal: str | None = None
            try:
                state.apply(chosen[agent])
                applied = True
            except IllegalAction as err:  # a late move: the engine changed nothing
                refusal = str(err)
            if agent in infos:
                infos[agent].update(played=chosen[agent], position=position)
                if refusal is not None:
                    infos[agent]["refused"] = refusal
            self.last_step.append((agent, chosen[agent], refusal))
        if movers and not applied:  # only an opponent's bad move can refuse them all
            raise IllegalAction(f"every move of the round was refused: {self.last_step[-1]}")
        self.phase_steps = self.phase_steps + 1 if timed else 0
        if (
            self.timer_steps is not None
            and not state.over
            and state.timer() is not None
            and self.phase_steps >= self.timer_steps
        ):
            state.apply(RING)
            self.phase_steps = 0
            for info in infos.values():
                info["rang"] = True

    def _opponent_moves(self) -> dict[str, Action]:
        """The opponents' moves, each from its own seat's view and list."""
        state = self._state()
        moves: dict[str, Action] = {}
        for seat, choose in self._opponents.items():
            legal = state.legal_actions_for(seat)
            if legal and not state.over:
                moves[f"player_{seat}"] = choose(state.view(seat), legal)
        return moves

    def _agents_have_moves(self) -> bool:
        return any(self._legal_indices(self._seats[a]) != [WAIT_INDEX] for a in self.agents)

    # ------------------------------------------------------------------ output

    def render(self) -> str | None:
        """The public table as text (nobody's hidden cards): printed for ``"human"``."""
        return render_public(self.render_mode, self.encoding.describe, self._state())

    def state(self) -> FloatArray:
        """Not offered: a global state would hold every hidden card."""
        raise NotImplementedError("no global state: each agent observes its own view only")

    def close(self) -> None:
        """Nothing to release."""


def chooser(opponent: Opponent, seed: int) -> Callable[[View, list[Action]], Action]:
    """An opponent's ``choose(view, legal)``: a bot level made with ``seed``, a bot's own, or
    the function given."""
    if isinstance(opponent, str):
        return make(opponent, seed=seed).choose
    if isinstance(opponent, Bot):
        return opponent.choose
    return opponent


def action_index_of(size: int, action: Any) -> int | None:
    """``action`` as an index below ``size``: an integer (a Python ``int``, a numpy integer, a
    0-d integer array); ``None`` for anything else (a float, a bool, a string), never rounded.

    >>> action_index_of(5, np.int64(3)), action_index_of(5, 3.0), action_index_of(5, True)
    (3, None, None)
    """
    if isinstance(action, bool | np.bool_):  # bools are ints to Python: True is no move
        return None
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action.item()
    try:
        index = operator.index(action)
    except TypeError:
        return None
    return index if 0 <= index < size else None


def parallel_env(game_id: str = "fantasy-realms", **options: Any) -> RumiziParallelEnv:
    """A parallel environment for ``game_id`` (options: see :class:`RumiziParallelEnv`)."""
    return RumiziParallelEnv(game_id, **options)


def fantasy_realms_chaos_parallel_env(players: int = 4, **options: Any) -> RumiziParallelEnv:
    """Fantasy Realms' chaos realms as a parallel environment: ``players`` 3 to 7; options as
    :class:`RumiziParallelEnv`'s, and the game's (``suits``, ``jester``, ``phoenix``)."""
    return RumiziParallelEnv("fantasy-realms", players, variant="chaos", **options)
