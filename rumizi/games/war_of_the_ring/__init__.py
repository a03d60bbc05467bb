"""War of the Ring: the Card Game, the seed's version (spec ``war-of-the-ring.md``)."""

from typing import TYPE_CHECKING

from rumizi.games.war_of_the_ring.engine import WarOfTheRingState
from rumizi.games.war_of_the_ring.game import GAME, WarOfTheRing

__all__ = ["GAME", "WarOfTheRing", "WarOfTheRingState"]

if TYPE_CHECKING:  # mypy checks every add-on against its protocol; nothing runs here
    from rumizi.core.addons import (
        CardsAddOn,
        FavouritesAddOn,
        HeuristicsAddOn,
        PuzzlesAddOn,
        RulesAddOn,
        StrategyAddOn,
        TextsAddOn,
        WebAddOn,
    )
    from rumizi.core.encoding import EncodingAddOn
    from rumizi.core.terminal_kit import TuiAddOn
    from rumizi.games.war_of_the_ring import (
        cards,
        encoding,
        favourites,
        heuristics,
        puzzles,
        rules,
        strategy,
        texts,
        tui,
        web,
    )

    _web: WebAddOn = web
    _rules: RulesAddOn = rules
    _texts: TextsAddOn = texts
    _tui: TuiAddOn = tui
    _encoding: EncodingAddOn = encoding
    _heuristics: HeuristicsAddOn = heuristics
    _strategy: StrategyAddOn[WarOfTheRingState] = strategy
    _cards: CardsAddOn = cards
    _puzzles: PuzzlesAddOn[WarOfTheRingState] = puzzles
    _favourites: FavouritesAddOn = favourites
