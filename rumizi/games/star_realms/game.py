"""Star Realms, the game itself: new games, loaded documents and states sampled from a view.

This is the package's factory, the one module that brings the others together: the rules
(:mod:`.engine`), the document reader (:mod:`.document`) and the sampler (:mod:`.sampling`).
Imports run one way — cards, engine, document and sampling, then this module — so none of
them imports another that imports it back; a state finds its game through
:mod:`rumizi.core.registry` instead.

>>> from rumizi.games.star_realms import GAME
>>> state = GAME.new(seed=4, players=3, format="free-for-all")
>>> GAME.load(state.export()).export() == state.export()
True
>>> state.game() is GAME
True
"""

from __future__ import annotations

from typing import Any, ClassVar

from rumizi.core import rng
from rumizi.core.contract import Game, View
from rumizi.games.star_realms.document import load_document
from rumizi.games.star_realms.engine import FORMATS, GAME_ID, StarRealmsState, new_state
from rumizi.games.star_realms.sampling import sample_from_view


class StarRealms(Game):
    """Star Realms (the platform's own card version): the duel and every format of spec §3."""

    id: ClassVar[str] = GAME_ID
    names: ClassVar[dict[str, str]] = {"en": "Star Realms", "fa": "استار رلمز"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    formats: ClassVar[tuple[str, ...]] = tuple(FORMATS)

    def new(self, seed: Any = 0, players: Any = 2, **options: Any) -> StarRealmsState:
        rng.check_seed(seed)
        fmt = options.pop("format", "duel")
        if options:
            raise ValueError(f"unknown options for Star Realms: {', '.join(sorted(options))}")
        return new_state(seed=seed, players=players, format=fmt)

    def load(self, doc: Any) -> StarRealmsState:
        return load_document(doc)

    def sample(self, view: View, seed: Any) -> StarRealmsState:
        return sample_from_view(view, rng.check_seed(seed))


GAME = StarRealms()
