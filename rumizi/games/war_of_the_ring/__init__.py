"""War of the Ring: the Card Game, the seed's version (spec ``war-of-the-ring.md``)."""

from typing import TYPE_CHECKING

from rumizi.games.war_of_the_ring.engine import GAME, WarOfTheRing, WarOfTheRingState

__all__ = ["GAME", "WarOfTheRing", "WarOfTheRingState"]

if TYPE_CHECKING:  # mypy checks every add-on against its protocol; nothing runs here
    from rumizi.core.addons import HeuristicsAddOn, RulesAddOn, StrategyAddOn
    from rumizi.games.war_of_the_ring import heuristics, rules, strategy

    _rules: RulesAddOn = rules
    _heuristics: HeuristicsAddOn = heuristics
    _strategy: StrategyAddOn[WarOfTheRingState] = strategy
