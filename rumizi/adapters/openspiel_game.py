"""Rumizi games as OpenSpiel Python games, registered as ``python_rumizi_<id>``.

Importing this module registers every game with an encoding (see :mod:`.base`), so that
``pyspiel.load_game("python_rumizi_star_realms")`` works and OpenSpiel's algorithms (its
``MCTSBot`` among them) can play it. Actions are the game encoding's fixed indices.

**Chance.** A Rumizi game is fully determined by its seed: the deal and every later shuffle
come from it. The adapter models this as one chance node at the very start whose outcome
``k`` (uniform over ``deals`` outcomes) is the seed, so deal ``k`` is exactly
``rumizi.game(id).new(seed=k, players=..., format=...)`` with the game's parameters;
everything after it is a player's move. Later shuffles are
therefore not separate chance nodes: they follow from the chosen deal, which no player
observes. With the ``seed`` parameter set (≥ 0) the game starts already dealt from that
seed, with no chance node. This is what OpenSpiel's MCTS needs: it searches by cloning the
true state, so a stochastic engine would give it a different future on every clone. Like any
perfect-information search on a hidden-information game, MCTS then knows the deal (and so the
order of every shuffle); a fair bot searches over ``rumizi_state.sample(player, seed)``.

**Parameters.** ``players`` (2), ``format`` (for games with formats, such as Star Realms:
the game's first format, ``duel``; e.g. ``{"players": 4, "format": "hydra"}``), the game
options its encoding module lists in ``ADAPTER_OPTIONS`` with their defaults (Fantasy
Realms' modules: ``{"players": 4, "items": True}``), ``seed`` (−1:
a chance node deals), ``deals`` (65536 chance outcomes), ``max_turns`` (1000; a turn is a
stretch of moves by one player). A game cut off by ``max_turns`` — or by the move budget of
100 moves a turn — ends with returns of 0 for everyone; otherwise every winner gets +1 and
every loser −1, team by team where the format has teams (a team's win counts for its
eliminated members too); a win shared by every seat is a draw, 0 for everyone. The game
is declared ``ZERO_SUM`` when that always sums to zero — two teams of equal size, as in the
duel, hydra and emperor — and ``GENERAL_SUM`` otherwise (free-for-all, hunter, raid). The
player to act is the game's: in Star Realms an eliminated player handing a card on acts
during another player's turn.

**Observations** come from the player's Rumizi view, never from hidden cards: the observation
string is the view as canonical JSON and the observation tensor is the encoding's vector.
The **information state** is what the player saw: its first view, what changed in its view
after each step, and its own moves (:mod:`rumizi.adapters.information`) — never the raw list
of actions, which names the card of a face-down placement (War of the Ring) or of an item's
secret draw (Fantasy Realms' Cauldron, Wishing Ring, Market Wagon). Two histories give a player
the same information-state string exactly when they showed it the same views and it made the
same moves. There is no information-state tensor (the trail has no fixed length): the game
type says so, and asking for one is a ``SpielError``. The trails are built only when a string
is asked for, by replaying the moves made since this state (or the one it was cloned from)
was last asked, so a random rollout pays nothing; a search that asks at each node of its tree
(as ISMCTS does) replays a move or two each time.

**Re-dealt worlds.** ``resample_from_infostate(player, sampler)`` returns a state dealt from
the player's view with the game's own ``sample`` (its seed drawn from ``sampler``): the
player's information state is unchanged, every hidden card is re-dealt, and the other players'
trails start over there (their past in that world is unknown). Its ``history()`` is empty,
since the true one would name the hidden cards; such a state cannot be serialized. This is
what OpenSpiel's information-set MCTS (``ISMCTSBot``) needs, so it plays every game.

**Refusals.** An action number outside the game's index, or one the game refuses now, raises
:class:`IllegalSpielAction`, which is both OpenSpiel's ``SpielError`` and Rumizi's
``IllegalAction``; the state is unchanged.

>>> import pyspiel
>>> game = pyspiel.load_game("python_rumizi_star_realms", {"max_turns": 10})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 65536)
>>> state.apply_action(7)
>>> state.current_player() == rumizi.game("star-realms").new(seed=7).to_act
True
>>> hydra = pyspiel.load_game("python_rumizi_star_realms", {"players": 4, "format": "hydra"})
>>> hydra.num_players(), hydra.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
(4, True)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

import rumizi
from rumizi.adapters.base import (
    FloatArray,
    GameEncoding,
    encoded_game_ids,
    encoding,
    is_zero_sum,
)
from rumizi.adapters.information import Recall, seat_of
from rumizi.core.contract import Action, Game, GameState, View
from rumizi.core.errors import IllegalAction
from rumizi.core.registry import game_module

PREFIX = "python_rumizi_"
DEFAULTS: dict[str, int] = {"players": 2, "seed": -1, "deals": 1 << 16, "max_turns": 1000}
FORMAT = "format"  # the parameter of games that have formats (``Game.formats``)
MOVES_PER_TURN = 100  # the move budget of a turn, for OpenSpiel's max_game_length


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a Rumizi game: ``star-realms`` → ``python_rumizi_star_realms``."""
    return PREFIX + game_id.replace("-", "_")


def _json(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _formats(game: Game) -> tuple[str, ...]:
    """The formats a game offers (its first is the default); none for most games."""
    return tuple(getattr(game, "formats", ()))


def adapter_options(game_id: str) -> dict[str, bool | int | str]:
    """The game options a game's encoding lets adapters set, with their defaults."""
    module = game_module(game_id, "encoding")
    return dict(getattr(module, "ADAPTER_OPTIONS", {}) or {})


def parameters(game_id: str) -> dict[str, bool | int | str]:
    """The OpenSpiel parameters of a game and their defaults."""
    params: dict[str, bool | int | str] = dict(DEFAULTS)
    formats = _formats(rumizi.game(game_id))
    if formats:
        params[FORMAT] = formats[0]
    params.update(adapter_options(game_id))
    return params


def game_type(game_id: str, zero_sum: bool = True) -> Any:
    """The ``pyspiel.GameType`` of a Rumizi game (``GENERAL_SUM`` unless ``zero_sum``)."""
    g = rumizi.game(game_id)
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Rumizi {g.names.get('en', game_id)}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=g.max_players,
        min_num_players=g.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(game_id),
    )


class _Settings:
    """What every state of one loaded game shares (never copied when a state is cloned)."""

    def __init__(self, game_id: str, params: dict[str, Any]) -> None:
        self.game_id = game_id
        self.rumizi: Game = rumizi.game(game_id)
        self.players = int(params["players"])
        self.seed = int(params["seed"])
        self.deals = int(params["deals"])
        self.max_turns = int(params["max_turns"])
        #: Options for ``Game.new`` and the encoding: the format, for games that have formats.
        self.options: dict[str, Any] = {}
        if _formats(self.rumizi):
            self.options[FORMAT] = str(params[FORMAT])
        for key in adapter_options(game_id):
            self.options[key] = params[key]
        if not self.rumizi.min_players <= self.players <= self.rumizi.max_players:
            raise ValueError(f"{game_id}: {self.players} players is not supported")
        if self.deals < 1 or self.max_turns < 1:
            raise ValueError("deals and max_turns must be at least 1")
        self.max_moves = self.max_turns * MOVES_PER_TURN
        # Raises ValueError for a format the game does not play with this many players.
        self.encoding: GameEncoding = encoding(game_id, self.players, **self.options)
        self.zero_sum = is_zero_sum(self.encoding.teams)
        self.outcomes = [(k, 1.0 / self.deals) for k in range(self.deals)]


class IllegalSpielAction(pyspiel.SpielError, IllegalAction):  # type: ignore[misc]  # untyped
    """An action number the game refuses: outside its index, or not legal now.

    OpenSpiel's code catches ``pyspiel.SpielError``, Rumizi's ``IllegalAction``; this is both.
    """


class _Play:
    """The mutable part of a state; cloned cheaply (OpenSpiel deep-copies state attributes).

    ``recall`` is what every seat had seen at ``cursor``, a position never changed in place
    (clones share both); ``pending`` the moves played since, with their seats. The trails
    catch up only when an information state is asked for (:meth:`recall_now`).
    """

    __slots__ = ("cursor", "moves", "pending", "recall", "settings", "state", "truncated", "turns")

    def __init__(self, settings: _Settings) -> None:
        self.settings = settings
        self.state: GameState | None = None
        self.turns = 0
        self.moves = 0
        self.truncated = False
        self.recall: Recall | None = None
        self.cursor: GameState | None = None
        self.pending: list[tuple[int | None, Action]] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        other = _Play.__new__(_Play)
        other.settings = self.settings
        other.state = None if self.state is None else self.state.clone()
        other.turns = self.turns
        other.moves = self.moves
        other.truncated = self.truncated
        other.recall = self.recall
        other.cursor = self.cursor
        other.pending = list(self.pending)
        return other

    def dealt(self) -> GameState | None:
        """The Rumizi state, dealing it now if the game has a fixed seed."""
        if self.state is None and self.settings.seed >= 0:
            self.deal(self.settings.seed)
        return self.state

    def deal(self, seed: int) -> None:
        s = self.settings
        self.put(s.rumizi.new(seed, s.players, **s.options), None)

    def put(self, state: GameState, recall: Recall | None) -> None:
        """``state`` in place, with what every seat has seen (``None``: a game starting)."""
        self.state = state
        self.cursor = state.clone()
        self.recall = Recall.start(state) if recall is None else recall
        self.pending = []

    def recall_now(self) -> Recall | None:
        """What every seat has seen up to now (``None`` before the deal)."""
        if self.pending and self.cursor is not None and self.recall is not None:
            cursor = self.cursor.clone()  # the shared one stays as it was
            recall = self.recall
            for seat, action in self.pending:
                cursor.apply(action)
                recall = recall.step(seat, action, cursor)
            self.cursor, self.recall, self.pending = cursor, recall, []
        return self.recall


class RumiziSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """A Rumizi game seen by OpenSpiel (see the module docs); one subclass per game id."""

    game_id: str = "star-realms"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.game_id
        full = {**parameters(game_id), **(params or {})}
        settings = _Settings(game_id, full)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(settings.encoding.actions),
            max_chance_outcomes=settings.deals,
            num_players=settings.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if settings.zero_sum else None,
            max_game_length=settings.max_moves,
        )
        super().__init__(game_type(game_id, settings.zero_sum), info, full)
        self.settings = settings

    def new_initial_state(self) -> RumiziSpielState:
        return RumiziSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RumiziObserver:
        return RumiziObserver(self.settings, iig_obs_type, params)


class RumiziSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """One position; the Rumizi state inside is reached through :attr:`rumizi_state`."""

    def __init__(self, game: RumiziSpielGame) -> None:
        super().__init__(game)
        self.play = _Play(game.settings)

    @property
    def rumizi_state(self) -> GameState | None:
        """The Rumizi state (``None`` before the chance node deals)."""
        return self.play.dealt()

    def replace_rumizi_state(self, state: GameState) -> None:
        """Put another Rumizi state in place; how it came about is unknown, so every seat's
        information state starts over at it (:meth:`resample_from_infostate` keeps one's)."""
        self.play.put(state, Recall.unknown_past(state))

    def information(self, player: int | None) -> str:
        """The information state of ``player`` (``None``: the public one) as a string."""
        recall = self.play.recall_now()
        return "(not dealt)" if recall is None else recall.string(player)

    def view(self, player: int | None) -> View | None:
        """The Rumizi view of ``player`` (``None``: a spectator), or ``None`` before the deal."""
        state = self.play.dealt()
        return None if state is None else state.view(player)

    # ------------------------------------------------------------------ OpenSpiel API

    def current_player(self) -> int:
        state = self.play.dealt()
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.over or self.play.truncated:
            return int(pyspiel.PlayerId.TERMINAL)
        to_act = state.to_act
        assert to_act is not None
        return to_act

    def is_terminal(self) -> bool:
        state = self.play.dealt()
        return state is not None and (state.over or self.play.truncated)

    def _legal_actions(self, player: int) -> list[int]:
        state = self.play.dealt()
        if state is None or state.over or self.play.truncated or player != state.to_act:
            return []
        return self.play.settings.encoding.legal_indices(state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.play.dealt() is not None:
            return []
        return self.play.settings.outcomes

    def _action(self, action: int) -> Action:
        """The Rumizi action of an index; :class:`IllegalSpielAction` if there is none."""
        actions = self.play.settings.encoding.actions
        if not 0 <= action < len(actions):
            raise IllegalSpielAction(f"no action {action}: actions are 0 to {len(actions) - 1}")
        return actions[action]

    def _apply_action(self, action: int) -> None:
        play = self.play
        state = play.dealt()
        if state is None:
            if not 0 <= action < play.settings.deals:
                raise IllegalSpielAction(
                    f"no deal {action}: deals are 0 to {play.settings.deals - 1}"
                )
            play.deal(int(action))
            return
        chosen = self._action(action)
        before = state.to_act
        seat = seat_of(state, chosen)
        try:
            state.apply(chosen)
        except IllegalAction as err:
            raise IllegalSpielAction(f"action {action} ({_json(chosen)}): {err}") from err
        play.pending.append((seat, chosen))
        play.moves += 1
        if state.to_act != before:
            play.turns += 1
        if not state.over and (
            play.turns >= play.settings.max_turns or play.moves >= play.settings.max_moves
        ):
            play.truncated = True

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if not 0 <= action < self.play.settings.deals:
                raise IllegalSpielAction(f"no deal {action}")
            return f"deal {action}"
        return _json(self._action(action))

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> RumiziSpielState:
        """A world ``player_id`` cannot tell from this one: every hidden card re-dealt from
        its view by the game's ``sample``, with a seed drawn from ``probability_sampler``
        (uniform on [0, 1), as OpenSpiel passes). See the module docs."""
        state = self.play.dealt()
        recall = self.play.recall_now()
        if state is None or recall is None:  # nothing dealt, nothing hidden
            found: RumiziSpielState = self.clone()
            return found
        seed = int(probability_sampler() * 2.0**53)
        world = state.sample(player_id, seed)
        other = RumiziSpielState(self.get_game())
        play = other.play
        play.turns, play.moves = self.play.turns, self.play.moves
        play.truncated = self.play.truncated
        play.put(world, recall.resampled(player_id, world))
        return other

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """Refused: the information state is a trail of views with no fixed length."""
        raise pyspiel.SpielError(
            "Rumizi games have no information-state tensor (the game type says so); use "
            "information_state_string, or observation_tensor for the current view"
        )

    def returns(self) -> list[float]:
        state = self.play.dealt()
        n = self.play.settings.players
        if state is None or not state.over:
            return [0.0] * n
        won = state.returns()
        if len(set(won)) == 1:  # everybody shares the win: a draw
            return [0.0] * n
        return [1.0 if won[p] > 0.5 else -1.0 for p in range(n)]

    def __str__(self) -> str:
        state = self.play.dealt()
        return "(not dealt)" if state is None else _json(state.export())


class RumiziObserver:
    """OpenSpiel's Python observer interface, fed from Rumizi views only."""

    def __init__(self, settings: _Settings, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("Rumizi observers never show every player's hidden cards")
        self.settings = settings
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.own_cards = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.tensor: FloatArray | None = None
        self.dict: dict[str, FloatArray] = {}
        if not self.perfect_recall:
            self.tensor = np.zeros(settings.encoding.observation_size, dtype=np.float32)
            self.dict = {"observation": self.tensor}

    def _view(self, state: RumiziSpielState, player: int) -> View | None:
        return state.view(player if self.own_cards else None)

    def set_from(self, state: RumiziSpielState, player: int) -> None:
        if self.tensor is None:
            return
        view = self._view(state, player)
        if view is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.settings.encoding.observe(view)

    def string_from(self, state: RumiziSpielState, player: int) -> str:
        if self.perfect_recall:
            return state.information(player if self.own_cards else None)
        view = self._view(state, player)
        return "(not dealt)" if view is None else _json(view)


#: Short name -> the game class registered with OpenSpiel. The classes must outlive the
#: interpreter's shutdown (OpenSpiel's registry holds them until after it), so they live here.
GAME_CLASSES: dict[str, type[RumiziSpielGame]] = {}


def _register() -> None:
    known = set(pyspiel.registered_names())
    for game_id in encoded_game_ids():
        name = short_name(game_id)
        if name in known:
            continue
        cls: type[RumiziSpielGame] = type(
            f"RumiziSpielGame_{game_id.replace('-', '_')}", (RumiziSpielGame,), {"game_id": game_id}
        )
        GAME_CLASSES[name] = cls
        pyspiel.register_game(game_type(game_id), cls)


_register()

__all__ = [
    "DEFAULTS",
    "IllegalSpielAction",
    "RumiziObserver",
    "RumiziSpielGame",
    "RumiziSpielState",
    "game_type",
    "parameters",
    "short_name",
]
