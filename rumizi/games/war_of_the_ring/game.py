"""War of the Ring, the game itself: new games, loaded documents and states sampled from a view.

This is the package's factory, the one module that brings the others together: the rules
(:mod:`.engine`), the document reader (:mod:`.document`) and the sampler (:mod:`.sampling`).
Imports run one way — cards, engine, document and sampling, then this module — so none of
them imports another that imports it back; a state finds its game through
:mod:`rumizi.core.registry` instead.

>>> from rumizi.games.war_of_the_ring import GAME
>>> state = GAME.new(seed=4)
>>> GAME.load(state.export()).export() == state.export()
True
>>> state.game() is GAME
True
"""

from __future__ import annotations

from typing import Any, ClassVar

from rumizi.core import rng
from rumizi.core.contract import Document, Game, View
from rumizi.games.war_of_the_ring.document import load_document
from rumizi.games.war_of_the_ring.engine import GAME_ID, WarOfTheRingState, new_state
from rumizi.games.war_of_the_ring.sampling import sample_from_view


class WarOfTheRing(Game):
    """War of the Ring: the Card Game (وار آو د رینگ), the seed's version: 2 players."""

    id: ClassVar[str] = GAME_ID
    names: ClassVar[dict[str, str]] = {
        "en": "War of the Ring: the Card Game",
        "fa": "وار آو د رینگ: بازی کارتی",
    }
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    def new(self, seed: int = 0, players: int = 2, **options: Any) -> WarOfTheRingState:
        """A new game; ``first`` = 0, 1 or "random"; ``shadow`` = the Shadow's seat (default 1).

        >>> GAME.new(seed=5, first=1).current, GAME.new(seed=5, shadow=0).players[0].faction
        (1, 1)
        """
        first = options.pop("first", "random")
        shadow = options.pop("shadow", 1)
        if options:
            raise ValueError(f"unknown options for War of the Ring: {', '.join(sorted(options))}")
        if type(players) is not int or players != 2:
            raise ValueError(f"War of the Ring is for 2 players, not {players!r}")
        if shadow not in (0, 1, "0", "1") or type(shadow) not in (int, str):
            raise ValueError(f"shadow: the Shadow's seat is 0 or 1, not {shadow!r}")
        if first == "random" or first is None:
            return new_state(seed, None, int(shadow))
        if first in (0, 1, "0", "1") and type(first) in (int, str):  # not True, not 1.0
            return new_state(seed, int(first), int(shadow))
        raise ValueError(f"first: 0, 1 or 'random', not {first!r}")

    def load(self, doc: Document) -> WarOfTheRingState:
        return load_document(doc)

    def sample(self, view: View, seed: int) -> WarOfTheRingState:
        return sample_from_view(view, rng.check_seed(seed))


GAME = WarOfTheRing()
