"""The uniform random bot: every legal action equally likely."""

from __future__ import annotations

import random

from rumizi.bots.base import Bot, register
from rumizi.core.contract import Action, View


@register("random")
class RandomBot(Bot):
    """Picks uniformly among the legal actions.

    >>> import rumizi
    >>> state = rumizi.game("star-realms").new(seed=2)
    >>> bot = RandomBot(seed=1)
    >>> bot.choose(state.view(state.to_act), state.legal_actions()) in state.legal_actions()
    True
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._rng = random.Random(seed)

    def choose(self, view: View, legal: list[Action]) -> Action:
        return legal[self._rng.randrange(len(legal))]
