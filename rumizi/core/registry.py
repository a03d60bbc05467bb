"""The registry: which games exist, and where each game's add-on modules are.

A game is a package under :mod:`rumizi.games` whose ``__init__`` defines ``GAME`` (a
:class:`~rumizi.core.contract.Game`). Nobody lists games by hand: the registry finds them
with :mod:`pkgutil` the first time it is asked, and a package without ``GAME`` (a game still
being written, say one that has only its scorer so far) is simply not a game yet. A game
defined anywhere else (a test's tiny game, a game in another distribution) joins with
:func:`register`.

A game's *add-ons* are the optional modules beside its engine: ``web``, ``tui``, ``texts``,
``rules``, ``encoding``, ``heuristics``, ``strategy``, ``search_hints``. What each one provides
is a :class:`typing.Protocol` in :mod:`rumizi.core.addons`; :func:`game_module` finds one (or
says the game has none), so bots, the arena, adapters, the server and the command line reach
a game's modules only through here, and a new game needs no change anywhere else.

>>> import rumizi
>>> rumizi.game("star-realms")
<rumizi game 'star-realms'>
>>> game_module("star-realms", "heuristics").__name__
'rumizi.games.star_realms.heuristics'
>>> game_module("star-realms", "no-such-add-on") is None
True
"""

from __future__ import annotations

import pkgutil
import sys
from collections.abc import Mapping
from importlib import import_module
from typing import Any

from rumizi.core.contract import Game

#: Add-on module names a game may have beside its engine (see :mod:`rumizi.core.addons`).
ADD_ONS = (
    "web", "tui", "texts", "rules", "encoding", "heuristics", "strategy", "search_hints",
    "planning", "puzzles",
)  # fmt: skip

_GAMES: dict[str, Game] = {}
# Add-ons given to register() by hand; they win over the modules beside the engine.
_GIVEN: dict[str, dict[str, Any]] = {}
_FOUND: dict[tuple[str, str], Any] = {}
_discovered = False


def register(game_obj: Game, add_ons: Mapping[str, Any] | None = None) -> Game:
    """Make ``game_obj`` known by its id, with ``add_ons`` (name -> module or object).

    Add-ons not given are looked up beside the module that defines the game's class, as for
    the games of :mod:`rumizi.games`. Registering another game under a taken id is an error;
    registering the same game again replaces its add-ons. Returns the game.
    """
    known = _GAMES.get(game_obj.id)
    if known is not None and known is not game_obj:
        raise ValueError(f"a different game is already registered as {game_obj.id!r}")
    unknown = sorted(set(add_ons or ()) - set(ADD_ONS))
    if unknown:
        raise ValueError(f"unknown add-ons {unknown}; a game's add-ons are: {', '.join(ADD_ONS)}")
    _GAMES[game_obj.id] = game_obj
    _GIVEN[game_obj.id] = dict(add_ons or {})
    for key in [k for k in _FOUND if k[0] == game_obj.id]:
        del _FOUND[key]
    return game_obj


def _register_package(name: str) -> None:
    """Register the ``GAME`` of the package ``name``, if it has one."""
    found = getattr(import_module(name), "GAME", None)
    if isinstance(found, Game) and found.id not in _GAMES:
        register(found)


def _discover() -> None:
    """Find every game package under :mod:`rumizi.games` (once)."""
    global _discovered
    if _discovered:
        return
    import rumizi.games

    for info in pkgutil.iter_modules(rumizi.games.__path__, "rumizi.games."):
        if info.ispkg:
            _register_package(info.name)
    _discovered = True


def game(game_id: str) -> Game:
    """The game registered under ``game_id``.

    The package named after the id (``star-realms`` -> ``rumizi.games.star_realms``) is tried
    first, so asking for one game imports only that game.

    >>> game("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    KeyError: "unknown game 'chess'; known games: fantasy-realms, splendor-duel, star-realms..."
    """
    found = _GAMES.get(game_id)
    if found is not None:
        return found
    if game_id.replace("-", "").isalnum():
        try:
            _register_package(f"rumizi.games.{game_id.replace('-', '_')}")
        except ModuleNotFoundError as err:
            if not (err.name or "").startswith("rumizi.games."):
                raise
        found = _GAMES.get(game_id)
        if found is not None:
            return found
    _discover()
    found = _GAMES.get(game_id)
    if found is None:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(game_ids())}")
    return found


def game_ids() -> list[str]:
    """Ids of every registered game, sorted."""
    _discover()
    return sorted(_GAMES)


def game_module(game_id: str | Game, name: str) -> Any:
    """The add-on ``name`` of a game (a module, or what :func:`register` was given), or ``None``.

    ``game_id`` may also be a :class:`Game` that was never registered: its add-ons are then
    looked up beside its class. A module that exists but fails to import is an error, not a
    missing add-on.
    """
    game_obj = game_id if isinstance(game_id, Game) else game(game_id)
    key = (game_obj.id, name)
    if key in _FOUND:
        return _FOUND[key]
    given = _GIVEN.get(game_obj.id, {}) if _GAMES.get(game_obj.id) is game_obj else {}
    found = given[name] if name in given else _beside(game_obj, name)
    if _GAMES.get(game_obj.id) is game_obj:
        _FOUND[key] = found
    return found


def _beside(game_obj: Game, name: str) -> Any:
    """The module ``name`` in the package of the module that defines ``game_obj``'s class."""
    engine_module = type(game_obj).__module__
    module = sys.modules.get(engine_module)
    package = (module.__package__ if module else None) or engine_module.rpartition(".")[0]
    if not package:
        return None
    wanted = f"{package}.{name}"
    try:
        return import_module(wanted)
    except ModuleNotFoundError as err:
        if err.name is None or not (wanted + ".").startswith(err.name + "."):
            raise  # the module exists but something it imports does not
        return None
