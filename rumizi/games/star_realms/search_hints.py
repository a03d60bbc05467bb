"""Moves a Star Realms search can make without thinking (see :mod:`rumizi.bots.search`).

A Star Realms turn is many small decisions. Most of them are not real choices: a card in hand
whose effects open no choice (trade, combat, authority, drawing, making the opponent discard)
is always worth playing, and playing it early only gives the player more to decide with. And
while the opponent has no base, combat has no use but hitting the opponent. Search makes
these moves at once, so its iterations go to the decisions that matter: what to buy, which
cards to scrap, which bases to destroy, when to use a scrap ability.

Exceptions, left to search: a card that draws while the deck is empty (buying first would
shuffle the new card in); any card whose primary effect opens a choice (scrap-card,
clear-row), because when to play it is part of the decision; the starting cards and
Explorers while a scrap-card card is in hand (scrapping one from the hand may be best); and
every open choice.

Only the acting player's knowledge is read — their own hand and deck size, the pools, the
opponent's bases — so the hint is the same in every determinization of one view.

>>> from rumizi.games.star_realms import GAME
>>> state = GAME.new(seed=4)
>>> obvious_action(state)
{'do': 'play', 'card': 'lookout'}
"""

from __future__ import annotations

from rumizi.core.contract import Action, GameState
from rumizi.games.star_realms.cards import (
    CLEAR_ROW,
    DRAW,
    EXPLORER,
    IS_BASE,
    LOOKOUT,
    OPP_DISCARD,
    PRIMARY,
    SCRAP_CARD,
    VIPER,
)
from rumizi.games.star_realms.engine import ATTACK_PLAYER, PLAY, StarRealmsState

_CHOICE = (SCRAP_CARD, CLEAR_ROW)
_OPENS_CHOICE = tuple(any(code in _CHOICE for code, _ in fx) for fx in PRIMARY)
_DRAWS = tuple(any(code == DRAW for code, _ in fx) for fx in PRIMARY)
_SCRAPS = tuple(any(code == SCRAP_CARD for code, _ in fx) for fx in PRIMARY)
_WEAK = frozenset({LOOKOUT, VIPER, EXPLORER})
_TARGETS = tuple(any(code == OPP_DISCARD for code, _ in fx) for fx in PRIMARY)


def obvious_action(state: GameState) -> Action | None:
    """A move that needs no search for the player to act, or ``None``."""
    if not isinstance(state, StarRealmsState) or state.over or state.pending is not None:
        return None
    me = state.current
    p = state.players[me]
    opponents = state.opponents(me)
    duel = len(opponents) == 1
    hand = p.hand
    # With a scrap-card effect to come, a weak card may be better scrapped from the hand.
    keep_weak = any(_SCRAPS[c] for c in hand)
    later = None
    for c in hand:
        if _OPENS_CHOICE[c] or (_TARGETS[c] and not duel) or (keep_weak and c in _WEAK):
            continue
        if _DRAWS[c]:
            if not p.deck and p.discard:
                continue
            return PLAY[c]  # draw first: the new cards join the decision
        if later is None:
            later = PLAY[c]
    if later is not None:
        return later
    if (
        p.combat > 0
        and duel
        and not state.names_amount(me)  # a hunter or an admiral: the rest may go on later
        and not any(IS_BASE[c] for c in state.players[opponents[0]].field)
    ):
        return ATTACK_PLAYER[opponents[0]]
    return None


__all__ = ["obvious_action"]
