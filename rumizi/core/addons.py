"""What each of a game's optional modules (its *add-ons*) provides, as typing protocols.

A game is its engine (:mod:`rumizi.core.contract`) and, beside it in the same package, any of
these modules; :func:`rumizi.core.registry.game_module` finds them. Every add-on is optional:
the platform has a fallback for each (the server's ``DefaultWeb``, the command line's
``PlainTerminal``, random playouts for search), so a game with none of them still plays
everywhere.

===============  ===========================  ==============================================
module           protocol                     used by
===============  ===========================  ==============================================
``web``          :class:`WebAddOn`            the web platform (and the plain terminal)
``rules``        :class:`RulesAddOn`          the rules page
``texts``        :class:`TextsAddOn`          the game's own ``web`` and ``tui``
``tui``          ``TuiAddOn``                 ``rumizi play`` / ``replay``
                 (:mod:`rumizi.core.terminal_kit`)
``encoding``     ``EncodingAddOn``            research adapters
                 (:mod:`rumizi.core.encoding`)
``heuristics``   :class:`HeuristicsAddOn`     the greedy and easy bots, fallback playouts
``strategy``     :class:`StrategyAddOn`       the strong, medium and search bots
``search_hints`` :data:`SearchHintsAddOn`     search (moves it need not think about, or
                                              the few worth racing)
``planning``     :class:`PlanningAddOn`       the ``hard`` level (a game's own search, where
                                              whole-table playouts are too few)
``cards``        :class:`CardsAddOn`          the contract suite (:mod:`rumizi.testing`)
``puzzles``      :class:`PuzzlesAddOn`        :mod:`rumizi.puzzles` (mining, checking)
``favourites``   :class:`FavouritesAddOn`     the profile's favourites (factions bought,
                                              suits of winning hands, sides played)
===============  ===========================  ==============================================

A module implements a protocol by defining its functions at module level (mypy checks a
module against a protocol like any object). Each game states its add-ons' conformance once,
in its package ``__init__`` under ``if TYPE_CHECKING:``, e.g. ``_web: WebAddOn = web``, so
``mypy --strict`` checks every game's add-ons without importing them at run time.

Texts depend on who reads them (“You bought…” / “Ali bought…”), so they take an
:class:`Audience`. A log comes as :class:`LogLine` items: a plain sentence with its tone and
the cards it names as data, which the terminal styles and the web sends as they are.

This module imports nothing heavier than the contract: the web and the engine may use it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias, TypeVar

from rumizi.core.contract import Action, Event, GameState, View
from rumizi.core.i18n import Section
from rumizi.core.puzzles import Puzzle

#: The state type a game's playout functions accept (its own state class).
S_contra = TypeVar("S_contra", bound=GameState, contravariant=True)


@dataclass(frozen=True)
class Audience:
    """Who reads a text: language, own seat (``None``: a spectator), seat names, options.

    ``names`` has one entry per seat (an empty string where the game should use its own
    “Player N”); ``options`` are the table's options, ``players`` included.
    """

    lang: str
    seat: int | None
    names: tuple[str, ...]
    options: Mapping[str, Any]


#: The tones of a log line, which the terminal turns into styles (the web ignores them).
TONES = ("", "heading", "alert", "attack", "quiet")


@dataclass(frozen=True, slots=True)
class LogLine:
    """One sentence of a game's log, with how it should look as data.

    ``tone`` is one of :data:`TONES`: ``"heading"`` (a turn begins), ``"alert"`` (the game
    ends, a player is out), ``"attack"``, ``"quiet"`` (another player's routine), or ``""``.
    ``cards`` are the ids of the cards the sentence names, in case the reader wants them
    picked out (the terminal colours them by faction).
    """

    text: str
    tone: str = ""
    cards: tuple[str, ...] = ()


class WebAddOn(Protocol):
    """A game's ``web`` module: what the web platform shows of it.

    Each member is optional for a module (the platform falls back, member by member, to
    its defaults); a module that defines them all conforms to this protocol.
    """

    #: Where the game stands in the catalogue (smaller first; games without one come last).
    CATALOGUE_RANK: int
    #: The options (names among :meth:`options`) that make a table another format of the
    #: game, not just another seating: a profile counts games per format and seat count.
    FORMAT_OPTIONS: tuple[str, ...]

    def catalog(self, lang: str) -> dict[str, Any]:
        """The catalogue entry: ``name``, ``tagline``, ``players`` (text), ``minutes``, ``age``."""
        ...

    def options(self, lang: str) -> list[dict[str, Any]]:
        """The options of a new table: ``name``, ``label``, ``choices`` (value, label, players)."""
        ...

    def cards(self, lang: str) -> list[dict[str, Any]]:
        """Every distinct card with what the page's renderer needs to draw it."""
        ...

    def action_label(self, view: View, action: Action, audience: Audience) -> str:
        """A legal move as a sentence for its reader (“Buy Gnat for 1 trade”)."""
        ...

    def log_lines(self, events: Sequence[Mapping[str, Any]], audience: Audience) -> list[str]:
        """The engine's ``events`` as sentences for the reader (public information only)."""
        ...

    def result_text(self, view: View, audience: Audience) -> str:
        """The line that ends a finished game: who won."""
        ...

    def opening_events(self, state: GameState) -> list[Event]:
        """Events of the deal, which happen inside ``new()`` before anyone records them."""
        ...

    def revealed_view(self, state: GameState, seat: int | None) -> View:
        """A finished game's view from ``seat`` with every card shown (for replays)."""
        ...


class RulesAddOn(Protocol):
    """A game's ``rules`` module: its rules page, in sections."""

    def rules(self, lang: str) -> Sequence[Section]:
        """The sections of the rules in ``lang``."""
        ...


class TextsAddOn(Protocol):
    """A game's ``texts`` module: its words, shared by its ``web`` and its ``tui``.

    The platform never calls it; it is where a game keeps its sentences so that the page and
    the terminal say the same thing, and neither needs the other.
    """

    def card_name(self, card_id: str, lang: str) -> str:
        """A card's name in ``lang``."""
        ...

    def log_entries(self, events: Sequence[Mapping[str, Any]], audience: Audience) -> list[LogLine]:
        """The engine's ``events`` as log lines for the reader (plain sentences, tones, cards)."""
        ...


class HeuristicsAddOn(Protocol):
    """A game's ``heuristics`` module: a one-turn player that reads only a view."""

    def choose(self, view: View, legal: list[Action], rng: random.Random | None = None) -> Action:
        """One of ``legal``, chosen from ``view`` (``rng`` breaks ties)."""
        ...


class StrategyAddOn(Protocol[S_contra]):
    """A game's ``strategy`` module: a fast policy on full states, and an evaluator.

    Both read only what the acting (or named) player knows, so that playing them on a state
    sampled from a view cannot peek.
    """

    def playout_action(self, state: S_contra, rng: random.Random) -> Action:
        """The move of the player to act."""
        ...

    def evaluate(self, state: S_contra, player: int) -> float:
        """How likely ``player`` is to win from here, in ``[0, 1]``."""
        ...


class ObviousActionHint(Protocol[S_contra]):
    """A ``search_hints`` (or ``strategy``) module's ``obvious_action``."""

    def obvious_action(self, state: S_contra) -> Action | None:
        """A move the player to act can make at once, without searching, or ``None``."""
        ...


class SearchCandidatesHint(Protocol[S_contra]):
    """A ``search_hints`` (or ``strategy``) module's ``search_candidates``."""

    def search_candidates(self, state: S_contra, legal: list[Action]) -> list[int] | None:
        """Indexes into ``legal`` of the moves a search should race (the policy's own move is
        added by the search), or ``None`` for all of them; read only from what the player
        to act knows, so that every state sampled from one view gets the same shortlist."""
        ...


#: A game's ``search_hints`` module: moves safe to make without searching
#: (:class:`ObviousActionHint`), the few moves worth searching when a turn offers more than a
#: search can play out (:class:`SearchCandidatesHint`), or both. Search reads each hint on
#: its own (:func:`rumizi.bots.strategies.strategy_for`), so a module gives either or both.
SearchHintsAddOn: TypeAlias = ObviousActionHint[S_contra] | SearchCandidatesHint[S_contra]


class PlanningAddOn(Protocol[S_contra]):
    """A game's ``planning`` module: its own search for a decision, which the ``hard`` level
    makes before (and instead of) flat Monte Carlo over whole-table playouts."""

    def plan(
        self,
        state: S_contra,
        legal: list[Action],
        rng: random.Random,
        worlds: int | None,
        deadline: float | None,
    ) -> Action | None:
        """The move of the player to act in ``state`` (sampled from its view; only what that
        player knows is read), playing at most ``worlds`` samples (``None``: the planner's
        own number) and stopping at ``deadline`` (``time.perf_counter()``), or ``None``
        where the game has no plan."""
        ...


class CardsAddOn(Protocol):
    """A game's ``cards`` module, as far as the platform reads it: the contract suite
    (:func:`rumizi.testing.check_game`) checks that every position of a game conserves it."""

    def conserved(self, doc: Mapping[str, Any]) -> Mapping[str, int]:
        """What no move creates or destroys in the document ``doc``: counts by name (card
        ids with their copies, tokens...)."""
        ...


class PuzzlesAddOn(Protocol[S_contra]):
    """A game's ``puzzles`` module: its kinds of question (:class:`rumizi.core.puzzles.Puzzle`),
    found in positions of real games and proved by the engine."""

    #: The kinds this game asks, by id (``"best-discard"``...).
    KINDS: tuple[str, ...]
    #: The tables self-play games are mined at, in turn (options for ``Game.new``).
    MINING: tuple[Mapping[str, object], ...]

    def find(self, state: S_contra, source: str) -> list[Puzzle]:
        """The puzzles the position ``state`` holds for the seat to act: each with one proven
        answer and worth asking (none where the answer is ambiguous or obvious)."""
        ...

    def solutions(self, puzzle: Puzzle) -> list[tuple[Action, ...]]:
        """Every answer to ``puzzle``, proved again from its position (a ``ValueError`` for
        a position or kind this game cannot read)."""
        ...

    def offered(self, puzzle: Puzzle, state: S_contra) -> list[Action]:
        """The moves a solver is offered in ``state``, the position after the moves made so
        far (for a one-move kind, those of the answer's kind: the discards...)."""
        ...

    def finished(self, puzzle: Puzzle, state: S_contra, moves: Sequence[Action]) -> bool:
        """Whether a try is over after ``moves`` (``state`` is the position they lead to):
        after one move for a one-move kind, when the seat's turn ends for a turn's kind."""
        ...

    def solves(self, puzzle: Puzzle, moves: Sequence[Action]) -> bool:
        """Whether ``moves``, played from the puzzle's position, answer it: the stated
        solution for a one-move kind; any sequence that reaches the goal for a turn's kind
        (a win this turn is a win whatever the order of the plays)."""
        ...

    def question(self, puzzle: Puzzle, lang: str) -> str:
        """What ``puzzle`` asks, in ``lang``."""
        ...

    def explain(self, puzzle: Puzzle, lang: str) -> list[str]:
        """Why the answer is right, in ``lang``: a few sentences for after the try."""
        ...


@dataclass(frozen=True)
class Favourite:
    """One thing a player favours in a game (a faction, a suit, a side), as a profile shows it.

    ``count``: how many times the player's finished games counted it (cards bought, cards in
    winning hands, games played on that side); ``won``: where it makes sense (a side), in how
    many of those games the player won, else ``None``.
    """

    key: str
    label: str
    count: int
    won: int | None = None


@dataclass(frozen=True)
class Favourites:
    """A game's line of a profile's favourites: what is counted (``title``), most first."""

    title: str
    items: tuple[Favourite, ...]


class FavouritesAddOn(Protocol):
    """A game's ``favourites`` module: what a player's finished games say they favour.

    The server replays each finished table once (the moves that stand, taken-back ones left
    out), keeps :meth:`tally`'s counts with the table, and adds a player's seats up for their
    profile; :meth:`favourites` says the sums in a reader's language.
    """

    #: Raised when :meth:`tally` changes: tables counted by an older one are counted again.
    TALLY_VERSION: int

    def tally(self, state: GameState, events: Sequence[Event]) -> list[dict[str, int]]:
        """Per seat of the finished game ``state``, what it counts toward the seat's
        favourites (``{key: count}``, only counts above zero); ``events`` are the events of
        every move that stands, in order."""
        ...

    def favourites(self, totals: Mapping[str, int], lang: str) -> Favourites:
        """One player's summed tallies said in ``lang``, most first (empty ``items`` when
        nothing was counted)."""
        ...


def tally_events(
    seats: int, events: Sequence[Event], kind: str, key: Callable[[Event], str | None]
) -> list[dict[str, int]]:
    """Per seat, how many of the ``kind`` events its ``player`` made count toward each
    ``key`` (``None``: the event says nothing of a taste and is left out) — the common
    shape of a ``favourites`` add-on's ``tally``.

    >>> bought = [{"event": "buy", "player": 1, "card": "x"}, {"event": "draw", "player": 0}]
    >>> tally_events(2, bought, "buy", lambda e: str(e["card"]))
    [{}, {'x': 1}]
    """
    found: list[dict[str, int]] = [{} for _ in range(seats)]
    for event in events:
        seat = event.get("player")
        if event.get("event") != kind or not isinstance(seat, int) or not 0 <= seat < seats:
            continue
        counted = key(event)
        if counted is not None:
            found[seat][counted] = found[seat].get(counted, 0) + 1
    return found


def ranked_favourites(
    title: str,
    counts: Mapping[str, int],
    label: Callable[[str], str],
    won: Mapping[str, int] | None = None,
) -> Favourites:
    """``counts`` as :class:`Favourites`, the most counted first (then by key), each named by
    ``label``; with ``won``, each item also says how many of its games were won.

    >>> ranked_favourites("Sides", {"a": 1, "b": 3}, str.upper, {"b": 2}).items[0]
    Favourite(key='b', label='B', count=3, won=2)
    """
    order = sorted((k for k, n in counts.items() if n > 0), key=lambda k: (-counts[k], k))
    return Favourites(
        title,
        tuple(
            Favourite(k, label(k), counts[k], None if won is None else won.get(k, 0)) for k in order
        ),
    )
