"""``expert``: ``hard``'s search, its playouts cut short and judged by a learned value network.

``hard`` plays every playout to the end of the game. ``expert`` stops each one after
``horizon`` turns (:data:`EXPERT_HORIZON`) and scores it with the game's value network
(:mod:`rumizi.learn`), trained by self-play to predict a seat's result from that seat's view.
At a table of two, a cut playout reads both seats' views of its world and scores each seat by
its share of the two readings (:func:`value_strategy`). Shorter playouts leave time for more
worlds a decision, judged by a network that has seen thousands of games. Everything else is
``hard``'s (:class:`~rumizi.bots.levels.HardBot`): the game's own planner first where it has
one (Fantasy Realms), then the race over the same worlds for every candidate, the policy's own
move kept unless clearly beaten. Measured (see :data:`EXPERT_HORIZON` and the README's bots
section) at the same time a decision, War of the Ring's ``expert`` beats ``hard`` (281 of 400
games at 0.1 s), Splendor Duel's too (262 of 400), and Star Realms' (536 of 800).

The network reads only a seat's view, and is asked only about states the search dealt from
the bot's own view, so ``expert`` cannot peek either. It plays the games whose network the
package ships (:func:`rumizi.learn.shipped`: one table of each game, :func:`expert_tables`),
or any table with ``weights=`` (a ``.npz`` written by ``rumizi learn``); at another table (other
seats, other modules than the network was trained on) it says which tables it knows. It needs
numpy (the ``learn`` extra; the server has it).

>>> import rumizi
>>> from rumizi.bots import make
>>> state = rumizi.game("star-realms").new(seed=4)
>>> bot = make("expert", seed=1, iterations=16)
>>> bot.choose(state.view(state.to_act), state.legal_actions()) in state.legal_actions()
True
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import TYPE_CHECKING, Any

from rumizi.bots.base import register
from rumizi.bots.levels import HardBot
from rumizi.bots.strategies import Strategy, strategy_for
from rumizi.core.contract import Action, GameState, View
from rumizi.core.extras import require
from rumizi.core.registry import game as registered_game

if TYPE_CHECKING:
    from rumizi.learn.net import ValueNet

#: Turns a playout runs before the network scores it (a change of the player to act ends a
#: turn), where the network's file names none (``rumizi learn --horizon``). Measured against
#: ``hard`` in ``bench/expert_strength.py`` (Star Realms, 0.25 s a decision): cut after 2 turns
#: the search lost 70 of 100 games, after 6 it played even (48 of 100), after 10 it won 59 of
#: 100 (after 16, 223 of 400 at 0.1 s: no better, with that 20,000-game network; the 60,000-game
#: one won 240 of those 400 after 10, the 120,000-game one shipped now 252, and 266 once its
#: subnormal weights were cleared and it searched more worlds a decision); the network judges
#: positions better than the hand-written evaluation, but a cut playout still loses what the
#: turns after it would have shown. So the shipped networks are asked later: Star Realms' and
#: War of the Ring's after 10 turns, Splendor Duel's after 12.
EXPERT_HORIZON = 6


class NoNetwork(LookupError):
    """The expert bot has no value network for this game and table."""


#: A shipped network's file name (rumizi.learn.net.weights_name): ``GAME-Np.npz``.
WEIGHTS_FILE = re.compile(r"(?P<game>[a-z0-9-]+)-(?P<seats>[0-9]+)p\.npz")


def expert_tables() -> list[tuple[str, int]]:
    """The tables (game id, seats) whose network the package ships.

    >>> ("star-realms", 2) in expert_tables()
    True
    """
    return list(_shipped_tables())


@functools.cache
def _shipped_tables() -> tuple[tuple[str, int], ...]:
    """The weights folder, read once: the package's files do not change while it runs."""
    from importlib import resources

    # From rumizi, not rumizi.learn: that package needs numpy, and this list does not.
    folder = resources.files("rumizi").joinpath("learn", "weights")
    named = (WEIGHTS_FILE.fullmatch(item.name) for item in folder.iterdir())
    return tuple(sorted((m["game"], int(m["seats"])) for m in named if m is not None))


def known_tables() -> str:
    """The shipped tables in words, for the messages that refuse another table.

    >>> "star-realms at 2 seats" in known_tables()
    True
    """
    return ", ".join(f"{g} at {n} seats" for g, n in _shipped_tables()) or "none"


def expert_games() -> list[str]:
    """The ids of the games whose network (for one table size or more) the package ships."""
    return sorted({game_id for game_id, _ in expert_tables()})


#: The view's keys that :func:`table_of` reads.
TABLE_KEYS = ("format", "options")


def table_of(view: View) -> dict[str, Any]:
    """What of a table's set-up a network depends on, as its view shows it: the format and
    the game's options (the modules of Fantasy Realms), where the view has them."""
    return {key: view[key] for key in TABLE_KEYS if key in view}


def seats_of(view: View) -> int:
    """The number of seats at the view's table (a view lists its players, or counts them)."""
    players = view["players"]
    return players if isinstance(players, int) else len(players)


def plays(view: View) -> bool:
    """Whether a shipped network covers the view's table: its game, seats and set-up.

    Without numpy (the ``learn`` extra) no network can be read, and none does.

    >>> import rumizi
    >>> plays(rumizi.game("star-realms").new(seed=1).view(0))
    True
    >>> plays(rumizi.game("star-realms").new(seed=1, players=3, format="hunter").view(0))
    False
    """
    game_id, players = view["game"], seats_of(view)
    if (game_id, players) not in expert_tables():
        return False
    try:
        from rumizi.learn.net import shipped
    except ImportError:
        return False
    net = shipped(game_id, players)
    return net is not None and trained_for(net, view)


def trained_for(net: ValueNet, view: View) -> bool:
    """Whether ``net`` was trained on the view's set-up (a file that records none: any)."""
    trained = net.info.get("table")
    return trained is None or trained == table_of(view)


def value_strategy(base: Strategy, net: ValueNet, game_id: str, players: int) -> Strategy:
    """``base`` with its evaluation replaced by ``net`` reading each seat's encoded view (as
    :func:`rumizi.learn.data.reader` reads it: turned where the network was trained so); at a
    table of two, ``evaluate_seats`` scores both seats by their share of the two readings."""
    import numpy as np

    from rumizi.adapters.base import encoding
    from rumizi.learn.data import reader

    try:
        enc = encoding(game_id, players, **dict(net.info.get("options", {})))
    except KeyError as missing:
        raise NoNetwork(f"{game_id} has no encoding for a value network to read") from missing
    value, read = net.value, reader(enc, bool(net.info.get("rotated", False)))

    def evaluate(state: GameState, player: int) -> float:
        if state.over:
            return float(state.returns()[player])
        return value(read(state.view(player)))

    if players != 2:
        return dataclasses.replace(base, evaluate=evaluate, evaluate_seats=None)

    def both_seats(state: GameState) -> list[float]:
        # Each seat's reading is a guess; where one wins as the other loses, the two guesses
        # are of one thing, and their share (v0 / (v0 + v1)) errs less than either alone: the
        # Brier score of Star Realms' shipped network over 600 fresh games fell from 0.154 to 0.151.
        if state.over:
            return [float(r) for r in state.returns()]
        # One pass of the network for both (half the numpy calls of two).
        first, second = net.values(np.stack((read(state.view(0)), read(state.view(1))))).tolist()
        total = first + second
        share = first / total if total > 0.0 else 0.5
        return [share, 1.0 - share]

    return dataclasses.replace(base, evaluate=evaluate, evaluate_seats=both_seats)


@register("expert")
class ExpertBot(HardBot):
    """``hard`` with playouts of ``horizon`` turns scored by a value network.

    ``weights``: a network file to use instead of the shipped one. ``horizon``: by default the
    one the network was trained for (its file's ``horizon``, else :data:`EXPERT_HORIZON`).
    Other options as ``hard`` (``budget=`` seconds a decision, 1 by default; ``iterations=``
    for reproducible play).
    """

    name = "expert"

    def __init__(self, seed: int = 0, weights: str | None = None, **options: Any) -> None:
        self._chosen_horizon = options.get("horizon")
        options.setdefault("horizon", EXPERT_HORIZON)
        super().__init__(seed, **options)
        self.weights = weights
        # Per table (game, seats, set-up): the strategy that scores with its network, and the
        # horizon the playouts stop at.
        self._tables: dict[tuple[str, int, str], tuple[Strategy, int]] = {}

    def _net(self, game_id: str, players: int) -> ValueNet:
        require("learn", "numpy", needed_for="bot 'expert'")
        from rumizi.learn.net import ValueNet, shipped

        net = ValueNet.load(self.weights) if self.weights is not None else shipped(game_id, players)
        if net is None:
            raise NoNetwork(
                f"bot 'expert' has no value network for {game_id} at {players} seats "
                f"(it plays: {known_tables()}); train one with `rumizi learn {game_id}`"
            )
        wrong = net.other_table(game_id, players)
        if wrong is not None:
            raise NoNetwork(f"the network {self.weights} {wrong}")
        return net

    def _table(self, view: View) -> tuple[Strategy, int]:
        """For this view's table: the game's strategy with the network's evaluation, and the
        horizon to play out to."""
        game_id, players = view["game"], seats_of(view)
        table = table_of(view)
        key = (game_id, players, repr(sorted(table.items())))
        found = self._tables.get(key)
        if found is None:
            net = self._net(game_id, players)
            if not trained_for(net, view):
                raise NoNetwork(
                    f"the expert bot's network for {game_id} was trained on the table "
                    f"{net.info['table']}, not {table}; train one with `rumizi learn {game_id}`"
                )
            base = strategy_for(registered_game(game_id))
            horizon = self._chosen_horizon or int(net.info.get("horizon", EXPERT_HORIZON))
            found = value_strategy(base, net, game_id, players), horizon
            self._tables[key] = found
        return found

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) > 1:
            self._strategy, self.horizon = self._table(view)
        return super().choose(view, legal)


__all__ = [
    "EXPERT_HORIZON",
    "ExpertBot",
    "NoNetwork",
    "expert_games",
    "expert_tables",
    "known_tables",
    "plays",
    "table_of",
    "trained_for",
    "value_strategy",
]
