"""War of the Ring: the Card Game (وار آو د رینگ), the seed's version (spec ``war-of-the-ring``)."""

from rumizi.games.war_of_the_ring.engine import GAME, WarOfTheRing, WarOfTheRingState

__all__ = ["GAME", "WarOfTheRing", "WarOfTheRingState"]
