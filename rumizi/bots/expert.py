"""``expert``: ``hard``'s search, its playouts cut short and judged by a learned value network.

``hard`` plays every playout to the end of the game. ``expert`` stops each one after
``horizon`` turns (:data:`EXPERT_HORIZON`) and scores it with the game's value network
(:mod:`rumizi.learn`), trained by self-play to predict a seat's result from that seat's view.
Shorter playouts leave time for more worlds a decision, judged by a network that has seen
thousands of games. Everything else is ``hard``'s race (:class:`FlatMCBot`): the same worlds
for every candidate, the policy's own move kept unless clearly beaten. Measured so far (see
:data:`EXPERT_HORIZON` and the README's bots section), Star Realms' ``expert`` plays level
with ``hard`` in less time a decision, not yet above it.

The network reads only a seat's view, and is asked only about states the search dealt from
the bot's own view, so ``expert`` cannot peek either. It plays the games whose network the
package ships (:func:`rumizi.learn.shipped`), or any table with ``weights=`` (a ``.npz``
written by ``rumizi learn``); elsewhere it says which games it knows. It needs numpy (the
``rl`` extra; the server has it).

>>> import rumizi
>>> from rumizi.bots import make
>>> state = rumizi.game("star-realms").new(seed=4)
>>> bot = make("expert", seed=1, iterations=16)
>>> bot.choose(state.view(state.to_act), state.legal_actions()) in state.legal_actions()
True
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from rumizi.bots.base import register
from rumizi.bots.search import FlatMCBot
from rumizi.bots.strategies import Strategy, strategy_for
from rumizi.core.contract import Action, GameState, View
from rumizi.core.extras import require
from rumizi.core.registry import game as registered_game

if TYPE_CHECKING:
    from rumizi.learn.net import ValueNet

#: Turns a playout runs before the network scores it (a change of the player to act ends a
#: turn). Measured against ``hard`` in ``bench/expert_strength.py`` (Star Realms, 0.25 s a
#: decision): cut after 2 turns the search lost 70 of 100 games, after 6 it played even; the
#: network judges positions better than the hand-written evaluation, but a cut playout still
#: loses what the turns after it would have shown.
EXPERT_HORIZON = 6


class NoNetwork(LookupError):
    """The expert bot has no value network for this game and table."""


def expert_games() -> list[str]:
    """The ids of the games (at two seats or more) whose network the package ships."""
    from importlib import resources

    # From rumizi, not rumizi.learn: that package needs numpy, and this list does not.
    folder = resources.files("rumizi").joinpath("learn", "weights")
    return sorted(
        {item.name.rsplit("-", 1)[0] for item in folder.iterdir() if item.name.endswith(".npz")}
    )


def value_strategy(base: Strategy, net: ValueNet, game_id: str, players: int) -> Strategy:
    """``base`` with its evaluation replaced by ``net`` reading each seat's encoded view."""
    from rumizi.adapters.base import encoding

    try:
        enc = encoding(game_id, players, **dict(net.info.get("options", {})))
    except KeyError as missing:
        raise NoNetwork(f"{game_id} has no encoding for a value network to read") from missing
    value, observe = net.value, enc.observe

    def evaluate(state: GameState, player: int) -> float:
        if state.over:
            return float(state.returns()[player])
        return value(observe(state.view(player)))

    return dataclasses.replace(base, evaluate=evaluate)


@register("expert")
class ExpertBot(FlatMCBot):
    """Flat Monte Carlo with playouts of ``horizon`` turns scored by a value network.

    ``weights``: a network file to use instead of the shipped one. Other options as ``hard``
    (``budget=`` seconds a decision, 1 by default; ``iterations=`` for reproducible play).
    """

    name = "expert"

    def __init__(self, seed: int = 0, weights: str | None = None, **options: Any) -> None:
        options.setdefault("horizon", EXPERT_HORIZON)
        super().__init__(seed, **options)
        self.weights = weights
        self._tables: dict[tuple[str, int], Strategy] = {}

    def _net(self, game_id: str, players: int) -> ValueNet:
        require("learn", "numpy", needed_for="bot 'expert'")
        from rumizi.learn.net import ValueNet, shipped

        net = ValueNet.load(self.weights) if self.weights is not None else shipped(game_id, players)
        if net is None:
            known = ", ".join(expert_games()) or "none"
            raise NoNetwork(
                f"bot 'expert' has no value network for {game_id} at {players} seats "
                f"(it plays: {known}); train one with `rumizi learn {game_id}`"
            )
        if net.info.get("game") != game_id or net.info.get("players") != players:
            raise NoNetwork(
                f"the network {self.weights} is for {net.info.get('game')} at "
                f"{net.info.get('players')} seats, not {game_id} at {players}"
            )
        return net

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) > 1:
            game_id, players = view["game"], len(view["players"])
            strategy = self._tables.get((game_id, players))
            if strategy is None:
                net = self._net(game_id, players)
                base = strategy_for(registered_game(game_id))
                strategy = value_strategy(base, net, game_id, players)
                self._tables[(game_id, players)] = strategy
            self._strategy = strategy
        return super().choose(view, legal)


__all__ = ["EXPERT_HORIZON", "ExpertBot", "NoNetwork", "expert_games", "value_strategy"]
