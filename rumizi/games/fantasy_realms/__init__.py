"""Fantasy Realms (قلمرو افسانه‌ای) and the Cursed Hoard (گنج نفرین‌شده): the scorer.

This package is the game (``GAME``, made in :mod:`.game`; the turns are in :mod:`.engine`) and
its scorer (:func:`score_hand`, in :mod:`.scorer`), which is a library of its own. This module
only gathers the public names; the rules run one way beneath it: the cards, the scorer, the
engine, then its readers (:mod:`.document`, :mod:`.sampling`), then the factory.

>>> from rumizi.games.fantasy_realms import score_hand
>>> s = score_hand(["wildfire", "blizzard", "great-flood"])
>>> s.total
65
>>> [(c.id, c.total, c.reason_en) for c in s.cards]
[('wildfire', 40, ''), ('blizzard', 25, ''), ('great-flood', 0, 'blanked by Blizzard')]

ACTION cards choose at scoring time. The rulebook's example (the seed's): Mirage names
Blizzard, so Air Elemental counts three other Weather cards; Mountain clears Great Flood, so
Wildfire keeps burning. ``choices=None`` finds the best instead (Mirage as Rainstorm, which
completes Whirlwind's +40):

>>> hand = ["mountain", "great-flood", "smoke", "whirlwind", "air-elemental", "wildfire", "mirage"]
>>> score_hand(hand, choices={"mirage": {"copies": "blizzard"}}).total
220
>>> best = score_hand(hand)
>>> best.total, best.choices
(260, {'mirage': {'copies': 'rainstorm'}})

Bad input says what is wrong, in English and in Persian (a ``ValueError``):

>>> try:
...     score_hand(["king", "king"])
... except ValueError as err:
...     print(err)
...     print(err.fa)
card 'king' is in the hand twice
کارت «پادشاه» دو بار در دست است
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rumizi.games.fantasy_realms.cards import CARDS, ITEMS, card_info
from rumizi.games.fantasy_realms.game import GAME, FantasyRealms
from rumizi.games.fantasy_realms.optimize import best_choices, brute_force
from rumizi.games.fantasy_realms.scorer import score_hand
from rumizi.games.fantasy_realms.scoring import CardScore, Rulings, Score, ScoringError

__all__ = [
    "CARDS",
    "GAME",
    "ITEMS",
    "CardScore",
    "FantasyRealms",
    "Rulings",
    "Score",
    "ScoringError",
    "best_choices",
    "brute_force",
    "card_info",
    "score_hand",
]

if TYPE_CHECKING:  # mypy checks every add-on against its protocol; nothing runs here
    from rumizi.core.addons import (
        CardsAddOn,
        FavouritesAddOn,
        HeuristicsAddOn,
        PlanningAddOn,
        PuzzlesAddOn,
        RulesAddOn,
        StrategyAddOn,
        TextsAddOn,
        WebAddOn,
    )
    from rumizi.core.encoding import EncodingAddOn
    from rumizi.core.terminal_kit import TuiAddOn
    from rumizi.games.fantasy_realms import (
        cards,
        encoding,
        favourites,
        heuristics,
        planning,
        puzzles,
        rules,
        strategy,
        texts,
        tui,
        web,
    )
    from rumizi.games.fantasy_realms.engine import FantasyRealmsState

    _web: WebAddOn = web
    _rules: RulesAddOn = rules
    _texts: TextsAddOn = texts
    _tui: TuiAddOn = tui
    _encoding: EncodingAddOn = encoding
    _heuristics: HeuristicsAddOn = heuristics
    _strategy: StrategyAddOn[FantasyRealmsState] = strategy
    _planning: PlanningAddOn[FantasyRealmsState] = planning
    _cards: CardsAddOn = cards
    _puzzles: PuzzlesAddOn[FantasyRealmsState] = puzzles
    _favourites: FavouritesAddOn = favourites
