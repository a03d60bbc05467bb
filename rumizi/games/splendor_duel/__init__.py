"""Splendor Duel (کهربا دوئل), the platform's version (spec ``splendor-duel.md``)."""

from typing import TYPE_CHECKING

from rumizi.games.splendor_duel.engine import SplendorDuelState
from rumizi.games.splendor_duel.game import GAME, SplendorDuel

__all__ = ["GAME", "SplendorDuel", "SplendorDuelState"]

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
    from rumizi.games.splendor_duel import (
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
    _strategy: StrategyAddOn[SplendorDuelState] = strategy
    _cards: CardsAddOn = cards
    _search_hints: SearchHintsAddOn[SplendorDuelState] = search_hints
    _puzzles: PuzzlesAddOn[SplendorDuelState] = puzzles
    _favourites: FavouritesAddOn = favourites
