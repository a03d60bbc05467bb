"""One contract suite for every game: :func:`check_game` plays random games and checks them.

OpenSpiel tests every game with the same random simulation (``random_sim_test``); this is
Rumizi's. :func:`check_game` plays seeded random games of one registered game through the
engine contract alone (:mod:`rumizi.core.contract`) and checks at every position that

* the document survives ``export`` -> JSON -> ``load``: the loaded state exports the same
  document, lists the same moves, has the same views and goes on exactly like the original;
* views are JSON data, and they do not depend on hidden cards: for every seat, a state
  sampled from its view (hidden parts re-dealt at random) gives that seat the same view, the
  spectator the same view, and — for the seat to act — the same legal moves;
* the legal list is exact: no duplicates, every listed action applies, and every other
  candidate (moves listed elsewhere in the game, listed moves with a field changed, dropped
  or added, and things that are not moves at all) raises :class:`rumizi.IllegalAction` and
  changes nothing;
* a clone is independent: playing it on leaves the original as it was;
* the whole game replays: a new game from the same seed and options, given JSON copies of
  the actions, ends in the same document, and so does the game's :class:`rumizi.GameRecord`;
* the seats that may act (``actors``) each get their exact list (``legal_actions_for``):
  the lists of all actors make up ``legal_actions()``, a seat that is not an actor gets
  nothing, ``to_act`` is the first actor, and where several act at once every action names
  its seat (``"by"``) and the same action for a seat that may not play it is refused; a
  phase with a ``timer()`` accepts the server's ``{"do": "ring"}``, and no other phase does
  (games without simultaneous phases keep the defaults, and these checks hold for them too);
* a step the game lets be taken back (:meth:`GameState.undoable`, :mod:`rumizi.core.undo`)
  is one its player made alone and still acts after; replayed with an undo record after it,
  the game is back exactly where it was before the step; and nothing hidden or random lay in
  it: played on states re-dealt from its player's view, it shows that player and the
  spectators exactly what it showed them;
* information states (:mod:`rumizi.adapters.information`, what the research adapters give
  OpenSpiel's search) come from what a seat saw: of two moves the player to act might make,
  another seat gets one information state from both exactly when it is shown one view after
  both, and a state re-dealt from a seat's view keeps that seat's information state; where
  the ``rl`` extra is installed and the game's encoding takes the table, equal views give
  equal observation tensors too (without the extra these tensor checks are skipped);
* a finished game lists nothing, accepts nothing, has nobody to act, and pays its winners
  more than its losers;
* what the game conserves stays the same in every exported document (see ``counts`` below).

It covers every table the game declares (:func:`tables`): each player count from
``min_players`` to ``max_players``, and each choice of every option the game's ``web``
module offers. The first failure raises :class:`AssertionError` naming the game, the
table, the seed, the step and the action, so it can be rebuilt.

>>> from rumizi.testing import check_game
>>> report = check_game("splendor-duel", seed=1, max_steps=30)
>>> report.games, report.positions > 30
(3, True)

A new game's author runs it in a test over every registered game::

    @pytest.mark.parametrize("game_id", rumizi.game_ids())
    def test_the_game_keeps_the_contract(game_id):
        check_game(game_id)

The same module holds :class:`Positions`, which builds hand-written positions of a game from
a default document, for the tests that are particular to a game.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from rumizi.adapters.information import Recall, seat_of
from rumizi.core import undo
from rumizi.core.addons import CardsAddOn
from rumizi.core.contract import RING, Action, Document, Game, GameState, View
from rumizi.core.errors import IllegalAction
from rumizi.core.record import GameRecord
from rumizi.core.registry import game, game_ids, game_module

__all__ = [
    "ContractReport",
    "Positions",
    "TableSetup",
    "check_game",
    "tables",
]

Counts = Callable[[Document], Mapping[str, int]]
Observe = Callable[[View], Any]  # a view -> its observation tensor (a numpy vector)
S = TypeVar("S", bound=GameState)

# Values that no well-formed field of a move takes: the mutations put them in real moves.
JUNK: tuple[Any, ...] = (None, -1, 10**6, "no-such-thing", [], {}, True, 1.5)
# Things that are not moves at all.
NOT_MOVES: tuple[Any, ...] = (None, "end", 0, [], {}, {"do": "no-such-move"})


@dataclass(frozen=True)
class TableSetup:
    """One way to sit down to a game: the number of seats and the options of ``new``."""

    players: int
    options: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"{self.players} players" + (f", {shown}" if shown else "")


@dataclass
class ContractReport:
    """What one :func:`check_game` run checked (so a test can see it did real work)."""

    game_id: str
    games: int = 0  # games played
    positions: int = 0  # positions checked
    finished: int = 0  # games that ended before the step cap
    refused: int = 0  # unlisted candidate moves seen refused
    undoable: int = 0  # steps the game let be taken back (each checked)
    barriers: int = 0  # steps of a game with undo that a player could not take back
    alike: int = 0  # pairs of moves another seat could not tell apart: one information state
    tensors: int = 0  # views whose observation tensors were compared


def tables(game_id: str) -> list[TableSetup]:
    """The tables of ``game_id`` the suite plays, from the options its ``web`` module offers
    (``options(lang)``); without a ``web`` module or options, one table per player count.

    * every combination of the options with at most three choices (the others at their
      first choice, their default), each at one of the player counts it allows, in turn —
      except a setting that refines another option (every choice but its default
      ``requires`` something, as a chaos table's timer does): it changes nothing elsewhere,
      so it is not multiplied by every module but tried choice by choice in the next step;
    * then every choice of every option at each player count that choice allows, the other
      options at their defaults.

    A choice's ``players`` lists the counts it allows; its ``requires`` (``{option:
    [values]}``) the values other options must take with it: a combination that breaks one
    is no table, and a single choice takes the first value it requires.

    >>> [str(t) for t in tables("splendor-duel")]
    ["2 players, first='random'", '2 players, first=0', '2 players, first=1']
    """
    g = game(game_id)
    everyone = list(range(g.min_players, g.max_players + 1))
    web = game_module(game_id, "web")
    declared: list[dict[str, Any]] = []
    if web is not None and hasattr(web, "options"):
        declared = [o for o in web.options("en") if o["name"] != "players"]
    if not declared:
        return [TableSetup(n) for n in everyone]
    defaults = {o["name"]: o["choices"][0] for o in declared}
    found: list[TableSetup] = []

    def add(combination: Mapping[str, Mapping[str, Any]], turn: int | None) -> None:
        counts = set(everyone)
        for choice in combination.values():
            counts &= set(choice.get("players", everyone))
            for other, values in choice.get("requires", {}).items():
                if combination[other]["value"] not in values:
                    return
        chosen = {name: c["value"] for name, c in combination.items()}
        allowed = sorted(counts)
        if allowed and turn is not None:
            allowed = [allowed[turn % len(allowed)]]
        found.extend(t for t in (TableSetup(n, chosen) for n in allowed) if t not in found)

    small = [o for o in declared if len(o["choices"]) <= 3 and not _refines(o)]
    for turn, picked in enumerate(itertools.product(*(o["choices"] for o in small))):
        combination = dict(defaults)
        combination.update((o["name"], c) for o, c in zip(small, picked, strict=True))
        add(combination, turn)
    for option in declared:
        for choice in option["choices"]:
            combination = {**defaults, option["name"]: choice}
            for other, values in choice.get("requires", {}).items():
                if combination[other]["value"] not in values:
                    wanted = next(c for c in _choices(declared, other) if c["value"] == values[0])
                    combination[other] = wanted
            add(combination, None)
    return found


def _refines(option: Mapping[str, Any]) -> bool:
    """Whether ``option`` only refines another one: each choice but its default requires one."""
    others = option["choices"][1:]
    return bool(others) and all(choice.get("requires") for choice in others)


def _choices(declared: Sequence[Mapping[str, Any]], name: str) -> list[Mapping[str, Any]]:
    return list(next(o for o in declared if o["name"] == name)["choices"])


def check_game(
    game_id: str | Game,
    *,
    seed: int = 0,
    games: int = 1,
    tables: Sequence[TableSetup] | None = None,
    max_steps: int = 200,
    counts: Counts | None = None,
    probes: int = 40,
    every: int = 1,
    patient: bool | None = None,
    extra: Sequence[Any] = (),
) -> ContractReport:
    """Play ``games`` random games of ``game_id`` at each table and check the contract.

    ``game_id`` may also be a :class:`~rumizi.core.contract.Game` that is not registered
    (then only ``tables`` and ``counts`` say what its add-ons would).

    ``seed`` fixes everything (the deals and the choices). Games stop after ``max_steps``
    moves if they have not ended. ``tables`` defaults to every declared table
    (:func:`tables`). ``counts`` maps a document to what no move creates or destroys (card
    ids with their copies, tokens...); by default it is the ``conserved`` function of the
    game's ``cards`` module when it has one, and conservation is not checked otherwise.
    ``probes`` is how many unlisted candidate moves are tried at each position; ``extra``
    are more candidates tried at every checked position (a game's tests may pass every move
    the game knows, so that no unlisted one is accepted anywhere).

    Every position is checked against its document and its replay; the costlier checks
    (views, sampling, the exact legal list) run at every ``every``-th position and the last.
    A patient player picks, nine times in ten, among the moves after which it still acts,
    so turns are long and games end (a uniform player of a deck-builder ends its turns at
    once); ``patient`` says whether the players are patient, and by default half the games
    (drawn from the seed) have patient players.

    Raises :class:`AssertionError` at the first violation; returns what was checked.
    """
    if isinstance(game_id, Game):  # an unregistered game (a test's toy): no add-ons to read
        g = game_id
        counter = counts
        everyone = range(g.min_players, g.max_players + 1)
        chosen = list(tables) if tables is not None else [TableSetup(n) for n in everyone]
    else:
        g = game(game_id)
        counter = counts if counts is not None else _declared_counts(game_id)
        chosen = list(tables) if tables is not None else _tables(game_id)
    report = ContractReport(g.id)
    rng = random.Random(seed)
    for table in chosen:
        for _ in range(games):
            game_seed = rng.randrange(2**63)
            patience = rng.random() < 0.5 if patient is None else patient
            checker = _Checker(g, table, game_seed, counter, probes, list(extra), report)
            checker.play(rng, max_steps, every, patience)
    return report


_tables = tables  # check_game's keyword hides the function inside it
MOVES_COMPARED = 3  # moves of an actor played side by side at a checked position
SEATS_COMPARED = 2  # other seats whose information states are compared (and the spectator's)
UNDO_CHECKS = 6  # undoable steps per game checked on re-dealt states
UNDO_REPLAYS = 3  # of which the first few also replay the game so far with an undo record


def _declared_counts(game_id: str) -> Counts | None:
    """The ``conserved`` of the game's ``cards`` module (:class:`~rumizi.core.addons.CardsAddOn`),
    or ``None`` where the game has no such module."""
    cards: CardsAddOn | None = game_module(game_id, "cards")
    return None if cards is None else cards.conserved


def _key(action: Any) -> str:
    return json.dumps(action, sort_keys=True)


def _observer(g: Game, table: TableSetup) -> Observe | None:
    """The observation tensor of ``table``'s views, from the game's encoding; ``None`` where
    the ``rl`` extra (numpy) is missing, the game has no encoding, or it does not take the
    table's options."""
    if g.id not in game_ids():
        return None
    try:  # optional: the rl extra. Imported here so that the suite runs without it.
        from rumizi.adapters.base import encoding

        return encoding(g.id, table.players, **table.options).observe
    except ImportError:
        return None
    except (KeyError, TypeError, ValueError):  # no encoding, or not one for this table
        return None


def _json_copy(data: Any) -> Any:
    return json.loads(json.dumps(data))


class _Checker:
    """One game under test; ``where`` says which, for the failure messages."""

    def __init__(
        self,
        g: Game,
        table: TableSetup,
        seed: int,
        counts: Counts | None,
        probes: int,
        extra: list[Any],
        report: ContractReport,
    ) -> None:
        self.game = g
        self.table = table
        self.seed = seed
        self.counts = counts
        self.probes = probes
        self.extra = extra
        self.report = report
        self.step = 0
        self.seen: dict[str, Action] = {}  # every move listed so far, by its JSON
        self.where = ""
        self.observe = _observer(g, table)
        # The information checks draw from a stream of their own, so that adding them left
        # every game the suite plays (and so every seed's coverage) as it was.
        self.drawn = random.Random(seed)

    def fail(self, message: str) -> AssertionError:
        """The failure, saying where: game, table, seed, step and the move being played."""
        where = f"{self.game.id} ({self.table}), seed {self.seed}, step {self.step}{self.where}"
        return AssertionError(f"{where}: {message}")

    def check(self, condition: bool, message: str) -> None:
        if not condition:
            raise self.fail(message)

    def new(self) -> GameState:
        return self.game.new(self.seed, self.table.players, **copy.deepcopy(self.table.options))

    def play(self, rng: random.Random, max_steps: int, every: int, patient: bool) -> None:
        state = self.new()
        self.check(state.export() == self.new().export(), "new() with one seed deals two games")
        self.check(state.num_players == self.table.players, "the wrong number of seats")
        conserved = self.counted(state)
        actions: list[Action] = []
        twin: GameState | None = None  # loaded one step earlier, played along
        undone = 0  # undoable steps checked in depth so far
        while True:
            doc = state.export()
            text = self.json_text(doc, "the document")
            if twin is not None:
                self.check(twin.export() == doc, "a loaded state went on unlike the original")
            loaded = self.load(json.loads(text), "the exported document")
            self.check(loaded.export() == doc, "export -> JSON -> load -> export changed it")
            legal = state.legal_actions()
            self.check(
                state.over == (not legal), "moves are listed if and only if the game goes on"
            )
            if conserved is not None:
                self.check(self.counted(state) == conserved, "conserved counts changed")
            last = state.over or self.step >= max_steps
            if last or self.step % every == 0:
                self.check_position(state, loaded, doc, legal, rng)
                self.report.positions += 1
            if last:
                break
            action = self.choose(state, legal, rng, patient)
            self.where = f", playing {action!r}"
            actions.append(_json_copy(action))
            twin = loaded
            twin.apply(_json_copy(action))
            if self.step % 7 == 3:
                self.check_clone(state, doc, legal, rng)
            kept = state.clone() if undo.has_undo(state) and len(state.actors) == 1 else None
            state.apply(action)
            if kept is not None:
                if undo.undoable(kept, action, state):
                    self.report.undoable += 1
                    if self.step % every == 0 and undone < UNDO_CHECKS:
                        undone += 1
                        replay = undone <= UNDO_REPLAYS
                        self.check_undo(kept, action, state, actions if replay else None, rng)
                else:
                    self.report.barriers += 1
            self.step += 1
            self.where = f", after {action!r}"
        self.where = ""
        if state.over:
            self.report.finished += 1
            self.check_finished(state)
        self.check_replay(state, actions)
        self.report.games += 1

    def json_text(self, data: Any, what: str) -> str:
        """``data`` as JSON text, checking that it reads back the same."""
        try:
            text = json.dumps(data, ensure_ascii=False)
        except (TypeError, ValueError) as err:
            raise self.fail(f"{what} is not JSON data: {err}") from err
        self.check(json.loads(text) == data, f"{what} does not read back from JSON the same")
        return text

    def load(self, doc: Document, what: str) -> GameState:
        try:
            return self.game.load(doc)
        except ValueError as err:
            raise self.fail(f"{what} won't load: {err}") from err

    def refuses(self, state: GameState, candidate: Any) -> bool:
        """Whether ``state`` refuses ``candidate`` the way the contract says: IllegalAction."""
        try:
            state.apply(copy.deepcopy(candidate))
        except IllegalAction:
            return True
        except Exception as err:
            name = type(err).__name__
            raise self.fail(f"{candidate!r} raised {name} ({err}), not IllegalAction") from err
        return False

    def counted(self, state: GameState) -> Counter[str] | None:
        return None if self.counts is None else Counter(self.counts(state.export()))

    def choose(
        self, state: GameState, legal: list[Action], rng: random.Random, patient: bool
    ) -> Action:
        if state.timer() is not None and rng.random() < 0.05:
            return dict(RING)  # the server's timer runs out now and then
        if patient and rng.random() < 0.9:
            me = state.to_act
            keeping = []
            for action in legal:
                after = state.clone()
                after.apply(action)
                if after.to_act == me:
                    keeping.append(action)
            if keeping:
                return keeping[rng.randrange(len(keeping))]
        return legal[rng.randrange(len(legal))]

    # ------------------------------------------------------------------ one position

    def check_position(
        self,
        state: GameState,
        loaded: GameState,
        doc: Document,
        legal: list[Action],
        rng: random.Random,
    ) -> None:
        n = state.num_players
        self.check(loaded.legal_actions() == legal, "a loaded state lists other moves")
        self.check(
            (loaded.to_act, loaded.over, loaded.winner) == (state.to_act, state.over, state.winner),
            "a loaded state has another player to act, or another result",
        )
        self.check(loaded.actors == state.actors, "a loaded state has other actors")
        if not state.over:
            self.check(state.to_act in range(n), f"to_act is {state.to_act!r}")
            self.check(state.winner is None, "a winner before the end")
        seats: list[int | None] = [*range(n), None]
        for seat in seats:
            view = state.view(seat)
            self.json_text(view, f"the view of seat {seat}")
            self.check(loaded.view(seat) == view, f"a loaded state shows seat {seat} otherwise")
        self.check_hidden(state, legal, rng)
        self.check_information(state)
        self.check_legal_list(state, doc, legal, rng)
        self.check_actors(state, doc, legal)

    def check_actors(self, state: GameState, doc: Document, legal: list[Action]) -> None:
        """Who may act, each seat's own list, and the timer's ring (see the module's list)."""
        n = state.num_players
        actors = state.actors
        self.check(isinstance(actors, tuple), f"actors is {actors!r}, not a tuple")
        self.check(len(set(actors)) == len(actors), f"an actor is named twice: {actors}")
        self.check(all(p in range(n) for p in actors), f"actors {actors} are not seats")
        if state.over:
            self.check(actors == (), f"a finished game has actors {actors}")
        else:
            self.check(bool(actors) and actors[0] == state.to_act, "to_act is not the first actor")
        keys = {_key(a) for a in legal}
        union: list[str] = []
        for seat in range(n):
            own = state.legal_actions_for(seat)
            self.check(seat in actors or not own, f"seat {seat} is not an actor but has moves")
            self.check(seat not in actors or bool(own), f"actor {seat} has no moves")
            union += [_key(a) for a in own]
            for action in own:
                named = action.get("by", seat) if isinstance(action, dict) else seat
                self.check(named == seat, f"seat {seat}'s move {action!r} names another seat")
                if len(actors) > 1:
                    self.check("by" in action, f"{action!r}: a simultaneous move names its seat")
        self.check(
            sorted(union) == sorted(keys), "the actors' lists do not make up legal_actions()"
        )
        probe = state.clone()
        if len(actors) > 1:  # a seat's move, named for a seat that may not play it
            for seat in actors:
                own = state.legal_actions_for(seat)
                for other in range(n):
                    moved = {**own[0], "by": other}
                    if other != seat and moved not in state.legal_actions_for(other):
                        self.check(self.refuses(probe, moved), f"{moved!r} was accepted")
        self.check(probe.export() == doc, "refusing moves of other seats changed the state")
        seconds = state.timer()
        if seconds is None:
            self.check(self.refuses(probe, dict(RING)), "a phase without a timer took a ring")
            self.check(probe.export() == doc, "refusing the ring changed the state")
        else:
            self.check(seconds > 0, f"timer() is {seconds!r}")
            self.check(all(a != RING for a in legal), "the server's ring is in a seat's list")
            rung = state.clone()
            try:
                rung.apply(dict(RING))
            except IllegalAction as err:
                raise self.fail(f"a timed phase refused the ring: {err}") from err

    def check_hidden(self, state: GameState, legal: list[Action], rng: random.Random) -> None:
        spectator = state.view(None)
        # The seat to act (whose legal moves must not depend on what it cannot see) and one
        # seat drawn at random: every seat at every position costs too much at six seats.
        seats = {rng.randrange(state.num_players)}
        if state.to_act is not None:
            seats.add(state.to_act)
        if len(state.actors) > 1:
            seats.add(state.actors[rng.randrange(len(state.actors))])
        for seat in sorted(seats):
            view = state.view(seat)
            given, sample_seed = _json_copy(view), rng.randrange(2**32)
            sampled = self.game.sample(given, sample_seed)
            where = f"a state sampled from seat {seat}'s view"
            self.check(given == view, f"sampling changed the view it was given ({where})")
            self.check(
                self.game.sample(given, sample_seed).export() == sampled.export(),
                f"{where} is another with the same seed",
            )
            self.check(sampled.view(seat) == view, f"{where} shows that seat another view")
            self.check(sampled.view(None) == spectator, f"{where} shows spectators another view")
            self.check(
                (sampled.to_act, sampled.over) == (state.to_act, state.over),
                f"{where} has another player to act",
            )
            if seat == state.to_act and len(state.actors) == 1:  # else others' moves are hidden
                self.check(sampled.legal_actions() == legal, f"{where} lists other moves")
            self.check(sampled.actors == state.actors, f"{where} has other actors")
            self.check(
                sampled.legal_actions_for(seat) == state.legal_actions_for(seat),
                f"{where} lists that seat other moves",
            )
            again = sampled.export()
            self.check(self.load(_json_copy(again), where).export() == again, f"{where} changes")
            # Information states from here on: a trail's past is shared by every world it
            # leads to, so starting one here checks as much as following the whole game.
            recall = Recall.start(state, [seat])
            self.check(
                recall.resampled(seat, sampled).string(seat) == recall.string(seat),
                f"{where} gives that seat another information state",
            )
            self.check_tensors(view, sampled.view(seat), f"{where} has another observation tensor")

    def check_tensors(self, view: View, other: View, message: str) -> None:
        """Two equal views have equal observation tensors (where the encoding is at hand)."""
        if self.observe is None:
            return
        self.report.tensors += 1
        self.check(bool((self.observe(view) == self.observe(other)).all()), message)

    def check_information(self, state: GameState) -> None:
        """Of a few moves one actor might make, another seat (a few drawn, and the spectator)
        gets one information state from two exactly when it sees one view after both."""
        if state.over:
            return
        drawn = self.drawn
        seat = state.actors[drawn.randrange(len(state.actors))]
        own = state.legal_actions_for(seat)
        worlds: dict[int | None, dict[str, tuple[str, Action, View]]] = {}
        seats = [p for p in range(state.num_players) if p != seat]
        others: list[int | None] = [*drawn.sample(seats, min(len(seats), SEATS_COMPARED)), None]
        recall = Recall.start(state, others)  # (see check_hidden)
        for action in drawn.sample(own, min(len(own), MOVES_COMPARED)):
            after = state.clone()
            after.apply(_json_copy(action))
            told = recall.step(seat_of(state, action), action, after)
            for other in others:
                view = after.view(other)
                text = json.dumps(view, sort_keys=True)  # exact: 1, 1.0 and True differ
                info = told.string(other)
                seen = worlds.setdefault(other, {})
                if text in seen:
                    first_info, first, first_view = seen[text]
                    self.check(
                        info == first_info,
                        f"seat {other} sees one view after {first!r} and after {action!r}, "
                        "but gets two information states",
                    )
                    self.check_tensors(
                        view, first_view, f"seat {other}: one view, two observation tensors"
                    )
                    self.report.alike += 1
                else:
                    for other_info, earlier, _ in seen.values():
                        self.check(
                            info != other_info,
                            f"seat {other} sees other views after {earlier!r} and {action!r}, "
                            "but gets one information state",
                        )
                    seen[text] = (info, action, view)

    def check_legal_list(
        self, state: GameState, doc: Document, legal: list[Action], rng: random.Random
    ) -> None:
        keys = [_key(a) for a in legal]
        self.check(len(set(keys)) == len(keys), f"a move is listed twice: {legal}")
        for action, k in zip(legal, keys, strict=True):
            self.json_text(action, f"the move {action!r}")
            self.seen.setdefault(k, action)
            after = state.clone()
            try:
                after.apply(_json_copy(action))
            except IllegalAction as err:
                raise self.fail(f"listed {action!r} is refused: {err}") from err
            self.check(state.export() == doc, f"playing {action!r} on a clone changed the original")
        probe = state.clone()
        tried: list[Any] = []
        for candidate in self.candidates(legal, rng):
            if isinstance(candidate, dict) and candidate in legal:
                continue
            tried.append(candidate)
            if self.refuses(probe, candidate):
                self.report.refused += 1
                continue
            if state.over:
                raise self.fail(f"a finished game accepted {candidate!r}")
            raise self.fail(f"the unlisted move {candidate!r} was accepted")
        if probe.export() != doc or probe.legal_actions() != legal:
            for candidate in tried:  # find the refusal that changed something
                one = state.clone()
                self.refuses(one, candidate)
                self.check(one.export() == doc, f"refusing {candidate!r} changed the state")
            raise self.fail("a run of refused moves changed the state")
        self.check(state.export() == doc, "checking the moves changed the state")

    def candidates(self, legal: list[Action], rng: random.Random) -> Iterator[Any]:
        """Unlisted moves to try: listed ones with one field changed, dropped or added,
        moves listed elsewhere in the game, and things that are not moves."""
        made: list[Any] = list(NOT_MOVES)
        for action in rng.sample(legal, min(len(legal), 8)):
            made.append({**action, "junk": 1})
            for name in action:
                rest = {k: v for k, v in action.items() if k != name}
                made.append(rest)
                made += [{**action, name: junk} for junk in rng.sample(JUNK, 3)]
        pool = list(self.seen.values())
        made += rng.sample(pool, min(len(pool), self.probes))
        rng.shuffle(made)
        yield from made[: self.probes * 2]
        yield from self.extra

    # ------------------------------------------------------------------ clones, the end, replay

    def check_clone(
        self, state: GameState, doc: Document, legal: list[Action], rng: random.Random
    ) -> None:
        twin = state.clone()
        self.check(twin.legal_actions() == legal, "a clone lists other moves")
        for _ in range(10):
            moves = twin.legal_actions()
            if not moves:
                break
            twin.apply(moves[rng.randrange(len(moves))])
        self.check(state.export() == doc, "playing on a clone changed the original")
        self.check(twin.clone().export() == twin.export(), "a clone exports another document")

    def check_finished(self, state: GameState) -> None:
        n = state.num_players
        self.check(state.to_act is None, "a finished game has a player to act")
        self.check(state.actors == (), "a finished game has actors")
        for seat in range(n):
            self.check(not state.legal_actions_for(seat), f"a finished game lists seat {seat}")
        returns = state.returns()
        self.check(len(returns) == n, f"returns {returns} for {n} seats")
        winners = [p for p in range(n) if state.is_winner(p)]
        if state.winner is not None:
            self.check(bool(winners), f"winner {state.winner} but no seat is_winner")
        for p, q in itertools.product(winners, range(n)):
            if q not in winners:
                self.check(returns[p] > returns[q], f"winner {p} is paid no more than {q}")
        doc = state.export()
        every = [*self.seen.values(), *NOT_MOVES, dict(RING)]
        for candidate in every:
            if not self.refuses(state, candidate):
                raise self.fail(f"a finished game accepted {candidate!r}")
        self.check(state.export() == doc, "refusing moves changed a finished game")

    def check_undo(
        self,
        before: GameState,
        action: Action,
        after: GameState,
        actions: list[Action] | None,
        rng: random.Random,
    ) -> None:
        """A step the game lets be taken back: taking it back rebuilds the position before it
        (``actions``: the game so far, replayed with an undo record after it; ``None``: the
        step alone), and nothing hidden or random lay in it (played on states re-dealt from
        its player's view, it shows that player and the spectators just what it showed them)."""
        seat = before.actors[0]
        trail = undo.Trail()
        if actions is None:
            rebuilt, _ = trail.play(before.clone(), 1, _json_copy(action))
            played = 1
        else:
            rebuilt, played = self.new(), len(actions)
            for version, done in enumerate(actions, start=1):
                rebuilt, _ = trail.play(rebuilt, version, _json_copy(done))
        self.check(rebuilt.export() == after.export(), "the trail replays the moves elsewhere")
        self.check(trail.can_take_back(seat) == "ok", "an undoable step is not on the trail")
        rebuilt, _ = trail.play(rebuilt, played + 1, undo.undo_record(played))
        self.check(rebuilt.export() == before.export(), "taking the step back lands elsewhere")
        rebuilt.apply(_json_copy(action))
        self.check(rebuilt.export() == after.export(), "the step played again lands elsewhere")
        given = _json_copy(before.view(seat))
        for _ in range(2):
            sampled = self.game.sample(given, rng.randrange(2**32))
            try:
                sampled.apply(_json_copy(action))
            except IllegalAction as err:
                raise self.fail(f"an undoable step is illegal in a re-dealt state: {err}") from err
            self.check(
                sampled.view(seat) == after.view(seat) and sampled.view(None) == after.view(None),
                "an undoable step showed something hidden or random (a re-dealt state shows "
                "its player or the spectators another view after it)",
            )

    def check_replay(self, state: GameState, actions: list[Action]) -> None:
        again = self.new()
        for action in actions:
            again.apply(_json_copy(action))
        self.check(again.export() == state.export(), "replaying the moves ends elsewhere")
        if self.game.id not in game_ids():
            return  # a record names its game by id: only a registered game has one
        options = {"players": self.table.players, **self.table.options}
        record = GameRecord(self.game.id, seed=self.seed, options=options, actions=actions)
        record = GameRecord.from_json(_json_copy(record.to_json()))
        self.check(record.final_state().export() == state.export(), "the record ends elsewhere")


# ---------------------------------------------------------------------- hand-built positions


class Positions(Generic[S]):
    """Hand-built positions of one game: a default document, changed only where a test says.

    ``load`` is the game's ``load``; ``top`` the document's default top level; ``player``
    the default player and ``opponent`` (default: the same) the other player's. The player
    to act (``current``, default 0) gets the test's ``me`` fields over the default player,
    the other one its ``opp`` fields (two-player documents); any other keyword replaces a
    top-level field. ``complete`` (optional) finishes the document once the test's fields
    are in, told which top-level fields the test set itself (so it can, say, put every card
    not placed anywhere into the decks unless the test gave the decks).

    >>> import rumizi
    >>> star = rumizi.game("star-realms")
    >>> duel = Positions(star.load, top=star.new(seed=1).export(),
    ...                  player={"authority": 50, "hand": [], "deck": [], "discard": [],
    ...                          "bases": [], "pending_discards": 0})
    >>> state = duel.load(me={"hand": ["viper"]}, opp={"hand": ["lookout"] * 5}, current=1)
    >>> duel.mover(state)["hand"], state.to_act
    (['viper'], 1)
    """

    def __init__(
        self,
        load: Callable[[Document], S],
        *,
        top: Document,
        player: Document,
        opponent: Document | None = None,
        complete: Callable[[Document, set[str]], None] | None = None,
    ) -> None:
        self._load = load
        self.top = copy.deepcopy(top)
        self.player = copy.deepcopy(player)
        self.opponent = copy.deepcopy(opponent if opponent is not None else player)
        self.complete = complete

    def doc(
        self,
        *,
        me: Document | None = None,
        opp: Document | None = None,
        current: int = 0,
        **top: Any,
    ) -> Document:
        """The default document with the test's fields (a fresh copy each time)."""
        mine = {**copy.deepcopy(self.player), **copy.deepcopy(me or {})}
        theirs = {**copy.deepcopy(self.opponent), **copy.deepcopy(opp or {})}
        doc = copy.deepcopy(self.top)
        doc["current"] = current
        doc["players"] = [mine, theirs] if current == 0 else [theirs, mine]
        doc.update(copy.deepcopy(top))
        if self.complete is not None:
            self.complete(doc, set(top))
        return doc

    def load(self, **fields: Any) -> S:
        """The position :meth:`doc` describes, loaded by the game."""
        return self._load(self.doc(**fields))

    @staticmethod
    def mover(state: GameState) -> Document:
        """The exported player to act (the document's ``current``)."""
        doc = state.export()
        found: Document = doc["players"][doc["current"]]
        return found

    @staticmethod
    def waiting(state: GameState) -> Document:
        """The exported other player of a two-player game."""
        doc = state.export()
        found: Document = doc["players"][1 - doc["current"]]
        return found
