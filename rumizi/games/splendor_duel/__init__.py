"""Splendor Duel (کهربا دوئل), the platform's version (spec ``splendor-duel.md``)."""

from rumizi.games.splendor_duel.engine import GAME, SplendorDuel, SplendorDuelState

__all__ = ["GAME", "SplendorDuel", "SplendorDuelState"]
