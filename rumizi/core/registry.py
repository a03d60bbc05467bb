"""The registry of games by id."""

from __future__ import annotations

from importlib import import_module

from rumizi.core.contract import Game

# Game id -> module that defines it; modules are imported on first use.
_MODULES = {
    "star-realms": "rumizi.games.star_realms",
    "splendor-duel": "rumizi.games.splendor_duel",
    "war-of-the-ring": "rumizi.games.war_of_the_ring",
}
_LOADED: dict[str, Game] = {}


def game(game_id: str) -> Game:
    """The game registered under ``game_id``.

    >>> import rumizi
    >>> rumizi.game("star-realms")
    <rumizi game 'star-realms'>
    """
    found = _LOADED.get(game_id)
    if found is not None:
        return found
    if game_id not in _MODULES:
        known = ", ".join(sorted(_MODULES))
        raise KeyError(f"unknown game {game_id!r}; known games: {known}")
    module = import_module(_MODULES[game_id])
    instance: Game = module.GAME
    _LOADED[game_id] = instance
    return instance


def game_ids() -> list[str]:
    """Ids of every registered game."""
    return sorted(_MODULES)
