"""Which Splendor Duel moves a search races (see :mod:`rumizi.bots.search`).

A turn may offer well over a hundred legal moves: every straight line of one to three tokens,
every card and deck to reserve with every gold, every purchase with every payment. Playing
each of them out is far beyond a second's budget, and almost all of them are plainly worse
than a few: lines that bring the same tokens differ only in what they leave on the board, a
reserve of a card the player has no plan for wastes a slot. So the search races only the
strong policy's favourites: the ``SHORTLIST`` mandatory moves it scores best
(:func:`.strategy.scored_moves`: the plan value each leaves), a replenish when one is legal,
and always the policy's own move (the search adds it). Open choices (royal, steal, discard,
the Token ability) have few options and are searched whole.

The policy's scores read only what the acting player knows, so the shortlist is the same in
every determinization of one view.

Measured (``bench/search_strength.py --game splendor-duel --match hard-vs-strong``, compiled
build, 500 playouts per decision — about what a second buys compiled): ``hard`` won 16 of 16
games against ``strong`` (8 deals, seats swapped; Wilson 95 % [0.81, 1.00]); racing every
move instead, 6 of 6 ([0.61, 1.00]). Small samples on a loaded machine: the 400-game run is
``--games 400 --iterations 500`` (or ``--budget 1``).

>>> from rumizi.games.splendor_duel import GAME
>>> state = GAME.new(seed=7)
>>> legal = state.legal_actions()
>>> picked = search_candidates(state, legal)
>>> len(legal), len(picked) <= SHORTLIST + 1
(143, True)
"""

from __future__ import annotations

import json

from rumizi.core.contract import Action, GameState
from rumizi.games.splendor_duel.engine import SplendorDuelState
from rumizi.games.splendor_duel.strategy import scored_moves

SHORTLIST = 5  # mandatory moves raced besides the policy's own


def _key(action: Action) -> str:
    return json.dumps(action, sort_keys=True)


def search_candidates(state: GameState, legal: list[Action]) -> list[int] | None:
    """Indexes into ``legal`` of the moves worth racing, or ``None`` for all of them."""
    if not isinstance(state, SplendorDuelState) or state.pending or state.over:
        return None
    scored = scored_moves(state)
    if not scored:
        return None
    index = {_key(a): i for i, a in enumerate(legal)}
    picked: list[int] = []
    for _, action in scored:
        i = index.get(_key(action))
        if i is not None and i not in picked:
            picked.append(i)
            if len(picked) == SHORTLIST:
                break
    replenish = index.get(_key({"do": "replenish"}))
    if replenish is not None:
        picked.append(replenish)
    return picked or None
