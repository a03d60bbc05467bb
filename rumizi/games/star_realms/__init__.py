"""Star Realms, the platform's own card version (spec ``star-realms.md``)."""

from rumizi.games.star_realms.engine import GAME, StarRealms, StarRealmsState

__all__ = ["GAME", "StarRealms", "StarRealmsState"]
