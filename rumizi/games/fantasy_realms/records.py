"""Fantasy Realms records written before the turn stayed open after its discard.

Until issue 31 every discard ended its turn at once. Now a discard that leaves an any-time
Cursed Item usable opens the phase ``after`` (the seed lets such an item be used after the
discard), which only ``{"do": "end-turn"}`` or a use closes. A record of the older engine
goes straight on with the next player's move there, which the engine now refuses.

:func:`upgrade_actions` gives such a record the ``end-turn`` moves it lacks, and nothing
else: the old engine never left a turn open, so wherever the new one does, the old record's
player had ended the turn. The other corners of issue 31 change what may happen, not how a
move is written; a record that ran into one of them (a Winged Boots that filled the discard
area before the draw, a Repair Kit that repeated a Portal into a tenth card) stops replaying
there, and :func:`upgrade_actions` says at which move.

A record written by the new engine must not go through it: its own ``end-turn`` moves, or a
use after the discard, would be read as the next turn's.
"""

from __future__ import annotations

from collections.abc import Sequence

from rumizi.core.contract import Action
from rumizi.core.errors import IllegalAction
from rumizi.games.fantasy_realms.engine import FantasyRealmsState

END_TURN: Action = {"do": "end-turn"}


def upgrade_actions(start: FantasyRealmsState, actions: Sequence[Action]) -> list[Action]:
    """``actions`` of an older record played from ``start``, with an ``end-turn`` wherever the
    turn now stays open after its discard; ``ValueError`` names a move the rules now refuse.

    ``start`` is not changed (a copy is played)."""
    state = start.clone()
    out: list[Action] = []
    for number, action in enumerate(actions, 1):
        if state.phase == "after":
            state.apply(dict(END_TURN))
            out.append(dict(END_TURN))
        try:
            state.apply(action)
        except IllegalAction as err:
            raise ValueError(
                f"record action {number} ({action!r}) is illegal under today's rules: {err}"
            ) from err
        out.append(action)
    if state.phase == "after":  # the record ends inside an open turn: it was over
        out.append(dict(END_TURN))
    return out


__all__ = ["upgrade_actions"]
