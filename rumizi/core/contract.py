"""The engine contract every Rumizi game implements.

A game is a :class:`Game` (a factory registered under an id) that makes :class:`GameState`
objects. States are mutable for speed — :meth:`GameState.apply` changes the state in place —
and :meth:`GameState.clone` is cheap, so search can copy freely. Everything that crosses a
boundary (documents, actions, views) is plain JSON-ready data.

Actions are small dicts such as ``{"do": "play", "card": "gnat"}``. For speed an engine may
hand out the same action object in every list that holds it, so those are read-only
(:func:`frozen`): changing one raises :class:`TypeError`, and a caller's change can never reach
the engine or a later list. They are still dicts (equal to the plain dict of the same fields,
written by :mod:`json` as one); ``dict(action)`` is a copy of one's own. Actions an engine
builds afresh for each list may be plain dicts: they are the caller's already.

A seat is an ``int`` from 0 to ``num_players - 1``; :meth:`GameState.view` takes one (or
``None`` for a spectator) and refuses anything else (:func:`check_viewer`).

Simultaneous phases
-------------------
Most games have one player to act. Where several seats may act at once (Fantasy Realms'
chaos trading), :attr:`GameState.actors` names them all and :meth:`GameState.legal_actions_for`
gives each its own list. Every action of such a phase names its seat, ``"by": seat``, so a
stored action replays without knowing who sent it and :meth:`GameState.apply` keeps its one
argument. :meth:`GameState.legal_actions` is then the union of the actors' lists and
:attr:`GameState.to_act` one representative actor (the first), so code written for one player
to act keeps working; code that lets several act uses ``actors``.

A phase that the clock ends has a :meth:`GameState.timer`: its length in seconds, counted from
the moment the phase began (the first state whose ``timer()`` is not ``None``). When it runs
out the server plays :data:`RING`, ``{"do": "ring"}``, itself (no seat sends it, it is in no
seat's list); a game may end the phase earlier by its own rules (everybody declared done).
Games without simultaneous or timed phases need none of this: the defaults below fit them.

Taking a move back
------------------
:meth:`GameState.undoable` is the game's one rule for undo (Board Game Arena's: within one's
own turn, back past no card drawn, nothing revealed, nothing random); the records and the
rebuild that honour it are :mod:`rumizi.core.undo`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, NoReturn, TypeAlias, cast

Action: TypeAlias = dict[str, Any]
Document: TypeAlias = dict[str, Any]
View: TypeAlias = dict[str, Any]
Event: TypeAlias = dict[str, Any]

_READ_ONLY = "read-only: an engine shares this action between its lists; change a copy, dict(a)"


class FrozenDict(dict[str, Any]):
    """A dict that refuses every change: what an engine hands out to every caller alike.

    A subclass of :class:`dict` rather than a mapping of its own, so that it stays what the
    contract promises (equal to the plain dict of the same fields, written by :mod:`json` and
    read by every ``dict`` annotation, compiled ones included) and reading it costs what
    reading a dict does. A copy (``dict(a)``, ``a.copy()``, ``{**a}``) is a plain dict.
    """

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError(_READ_ONLY)

    __setitem__ = __delitem__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def __reduce__(self) -> tuple[type[FrozenDict], tuple[dict[str, Any]]]:
        # Pickle and copy rebuild it through the constructor (not item by item, refused).
        return FrozenDict, (dict(self),)


class FrozenList(list[Any]):
    """A list that refuses every change: a field of a shared action (Splendor Duel's spaces).

    Equal to the plain list of the same items and written by :mod:`json` as one; ``list(x)``
    is a copy of one's own.
    """

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError(_READ_ONLY)

    __setitem__ = __delitem__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse
    __iadd__ = __imul__ = _refuse

    def __reduce__(self) -> tuple[type[FrozenList], tuple[list[Any]]]:
        return FrozenList, (list(self),)


def frozen(action: Action) -> Action:
    """A read-only copy of ``action``, its lists and objects too, for sharing between lists.

    >>> import json
    >>> a = frozen({"do": "take", "spaces": [[3, 3]]})
    >>> a == {"do": "take", "spaces": [[3, 3]]}, json.dumps(a)
    (True, '{"do": "take", "spaces": [[3, 3]]}')
    >>> a["spaces"][0].append(4)
    Traceback (most recent call last):
    ...
    TypeError: read-only: an engine shares this action between its lists; change a copy, dict(a)
    """
    return FrozenDict({key: _frozen_value(value) for key, value in action.items()})


def _frozen_value(value: Any) -> Any:
    if isinstance(value, dict):
        return frozen(value)
    if isinstance(value, list | tuple):
        return FrozenList(_frozen_value(item) for item in value)
    return value


def check_viewer(player: object, players: int) -> None:
    """Refuse a viewer that is neither a seat of a table of ``players`` nor ``None``.

    The one rule of :meth:`GameState.view`: a seat is an ``int`` (not ``True``) in
    ``range(players)``; ``None`` is a spectator. A wrong one raises :class:`ValueError` rather
    than showing some other seat's cards or a spectator's view by accident.

    >>> check_viewer(2, 2)
    Traceback (most recent call last):
    ...
    ValueError: view: no seat 2 at this table; seats are 0 to 1, or None for a spectator
    """
    if player is None or (
        isinstance(player, int) and not isinstance(player, bool) and 0 <= player < players
    ):
        return
    raise ValueError(
        f"view: no seat {player!r} at this table; seats are 0 to {players - 1}, "
        "or None for a spectator"
    )


#: The action the server plays when a phase's :meth:`GameState.timer` runs out.
RING: Action = frozen({"do": "ring"})


class GameState(ABC):
    """One position of a game, with the rules to move on from it."""

    __slots__ = ()

    game_id: ClassVar[str]

    #: The log being recorded: ``None`` (the default), or a list that :meth:`apply` appends
    #: an :data:`Event` to for every effect, public information only. Start recording with
    #: :func:`record_events`. A game whose states have ``__slots__`` must include
    #: ``"events"``; a game that never appends simply has no log.
    events: list[Event] | None = None

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Exactly the legal actions of the player to act (empty when the game is over).

        In a simultaneous phase: every actor's, in the order of :attr:`actors`.
        """

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Play ``action``; raise :class:`rumizi.IllegalAction` and change nothing if illegal."""

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """Index of the player who must act next, ``None`` once the game is over."""

    @property
    def actors(self) -> tuple[int, ...]:
        """The seats that may act now: ``(to_act,)`` by default, ``()`` once the game is over.

        A simultaneous phase lists several (``to_act`` is then the first of them).
        """
        seat = self.to_act
        return () if seat is None or self.over else (seat,)

    def legal_actions_for(self, seat: int) -> list[Action]:
        """Exactly the legal actions of ``seat`` now (empty when it is not an actor)."""
        return self.legal_actions() if seat == self.to_act and not self.over else []

    def timer(self) -> float | None:
        """Seconds the current phase lasts from its start, or ``None`` when no timer runs.

        While it is not ``None`` the phase accepts :data:`RING`, which ends it; the server
        plays it once the time is up (see the module's *Simultaneous phases*).
        """
        return None

    def undoable(self, action: Action, after: GameState) -> bool:
        """Whether ``action``, played from this state (which ``after`` is now), may be taken back.

        ``True`` only when the step showed no one anything that was hidden from them (a card
        drawn, a deck's top seen) and left nothing to chance (a shuffle, a refill from a deck,
        a draw from a bag). The platform asks only when one seat acted and the same seat alone
        acts after it (:func:`rumizi.core.undo.undoable`). ``False`` by default: no undo.
        """
        return False

    @property
    @abstractmethod
    def over(self) -> bool:
        """Whether the game has ended."""

    @property
    @abstractmethod
    def winner(self) -> int | None:
        """The winning player (or team) once the game is over, else ``None``."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats at the table."""

    @abstractmethod
    def export(self) -> Document:
        """The full state as a canonical JSON document (hidden cards included)."""

    @abstractmethod
    def view(self, player: int | None) -> View:
        """What ``player`` may see (``None``: a spectator). Never contains hidden cards.

        A seat that is not at the table raises :class:`ValueError` (:func:`check_viewer`).
        """

    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy."""

    def returns(self) -> list[float]:
        """Final payoff per player: 1 for a winner, 0 for a loser (0.5 each if unfinished)."""
        n = self.num_players
        if not self.over:
            return [0.5] * n
        return [1.0 if self.is_winner(p) else 0.0 for p in range(n)]

    def is_winner(self, player: int) -> bool:
        """Whether ``player`` is among the winners (override for team games)."""
        return self.winner == player

    def sample(self, player: int, seed: int) -> GameState:
        """A full state consistent with what ``player`` knows, hidden cards re-dealt at random.

        Built only from :meth:`view`, so a bot that searches sampled states cannot peek.
        """
        return self.game().sample(self.view(player), seed)

    @classmethod
    @abstractmethod
    def game(cls) -> Game:
        """The :class:`Game` this state belongs to."""


class Game(ABC):
    """A registered game: makes new states and reads canonical documents."""

    id: ClassVar[str]
    names: ClassVar[dict[str, str]]  # language code -> display name
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    @abstractmethod
    def new(self, seed: int = 0, players: int = 2, **options: Any) -> GameState:
        """A new game, fully determined by ``seed`` and the options."""

    @abstractmethod
    def load(self, doc: Document) -> GameState:
        """A state from a canonical document; ``ValueError`` names what is wrong with it."""

    @abstractmethod
    def sample(self, view: View, seed: int) -> GameState:
        """A full state consistent with ``view`` (hidden parts dealt at random from ``seed``)."""

    def __repr__(self) -> str:
        return f"<rumizi game {self.id!r}>"


def record_events(state: GameState, events: list[Event] | None = None) -> list[Event]:
    """Have ``state`` log its events into ``events`` (a new list by default), returned.

    >>> import rumizi
    >>> state = rumizi.game("star-realms").new(seed=7)
    >>> log = record_events(state)
    >>> state.apply({"do": "end"}); log[0]["event"]
    'end'
    >>> stop_recording(state); state.events is None
    True
    """
    found: list[Event] = [] if events is None else events
    # GameState's own __slots__ are empty (so that subclasses stay slotted); each game's
    # state class has the slot, which the type checker cannot see through the base.
    cast(Any, state).events = found
    return found


def stop_recording(state: GameState) -> None:
    """Stop logging ``state``'s events."""
    cast(Any, state).events = None
