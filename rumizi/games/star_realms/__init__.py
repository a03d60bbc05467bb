"""Star Realms, the platform's own card version (spec ``star-realms.md``)."""

from typing import TYPE_CHECKING

from rumizi.games.star_realms.engine import StarRealmsState
from rumizi.games.star_realms.game import GAME, StarRealms

__all__ = ["GAME", "StarRealms", "StarRealmsState"]

if TYPE_CHECKING:  # mypy checks every add-on against its protocol; nothing runs here
    from rumizi.core.addons import (
        CardsAddOn,
        FavouritesAddOn,
        HeuristicsAddOn,
        PuzzlesAddOn,
        RulesAddOn,
        SearchHintsAddOn,
        StrategyAddOn,
        TextsAddOn,
        WebAddOn,
    )
    from rumizi.core.encoding import EncodingAddOn
    from rumizi.core.terminal_kit import TuiAddOn
    from rumizi.games.star_realms import (
        cards,
        encoding,
        favourites,
        heuristics,
        puzzles,
        rules,
        search_hints,
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
    _strategy: StrategyAddOn[StarRealmsState] = strategy
    _search_hints: SearchHintsAddOn[StarRealmsState] = search_hints
    _cards: CardsAddOn = cards
    _puzzles: PuzzlesAddOn[StarRealmsState] = puzzles
    _favourites: FavouritesAddOn = favourites
