"""Splendor Duel, the game itself: new games, loaded documents and states sampled from a view.

This is the package's factory, the one module that brings the others together: the rules
(:mod:`.engine`), the document reader (:mod:`.document`) and the sampler (:mod:`.sampling`).
Imports run one way — cards, engine, document and sampling, then this module — so none of
them imports another that imports it back; a state finds its game through
:mod:`rumizi.core.registry` instead.

>>> from rumizi.games.splendor_duel import GAME
>>> state = GAME.new(seed=4)
>>> GAME.load(state.export()).export() == state.export()
True
>>> state.game() is GAME
True
"""

from __future__ import annotations

from typing import Any, ClassVar

from rumizi.core import rng
from rumizi.core.contract import Game
from rumizi.games.splendor_duel.document import load_document
from rumizi.games.splendor_duel.engine import GAME_ID, SplendorDuelState, new_state
from rumizi.games.splendor_duel.sampling import sample_from_view


class SplendorDuel(Game):
    """Splendor Duel (کهربا دوئل), the platform's version: 2 players."""

    id: ClassVar[str] = GAME_ID
    names: ClassVar[dict[str, str]] = {"en": "Splendor Duel", "fa": "کهربا دوئل"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    def new(self, seed: Any = 0, players: Any = 2, **options: Any) -> SplendorDuelState:
        """A new game; ``first=0`` or ``first=1`` names the first player ("random" or none: drawn).

        >>> GAME.new(seed=5, first=1).current, GAME.new(seed=5, first="0").current
        (1, 0)
        """
        first = options.pop("first", "random")
        rng.check_seed(seed)
        if options:
            raise ValueError(f"unknown options for Splendor Duel: {', '.join(sorted(options))}")
        if type(players) is not int or players != 2:
            raise ValueError(f"Splendor Duel is for 2 players, not {players!r}")
        if first == "random" or first is None:
            return new_state(seed)
        if first in (0, 1, "0", "1") and type(first) in (int, str):  # not True, not 1.0
            return new_state(seed, int(first))
        raise ValueError(f"first: 0, 1 or 'random', not {first!r}")

    def load(self, doc: Any) -> SplendorDuelState:
        return load_document(doc)

    def sample(self, view: Any, seed: Any) -> SplendorDuelState:
        return sample_from_view(view, rng.check_seed(seed))


GAME = SplendorDuel()
