"""The scorer's front door: :func:`score_hand`, one hand's score from card ids.

The rules of scoring are in :mod:`.scoring` (one hand with fixed choices) and
:mod:`.optimize` (the best choices for a hand's ACTION cards); this module checks what a
caller gives, lets the optimiser choose what was left open, and adds the Cursed Items.
The engine scores every hand at the end with it, and the package re-exports it
(``from rumizi.games.fantasy_realms import score_hand``).

>>> score_hand(["wildfire", "blizzard", "great-flood"]).total
65
>>> score_hand(["mirage", "blizzard"], choices={"mirage": {"copies": "rainstorm"}}).total
30
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rumizi.games.fantasy_realms.optimize import best_choices
from rumizi.games.fantasy_realms.scoring import (
    DEFAULT_RULINGS,
    Rulings,
    Score,
    ScoringContext,
    ScoringError,
    action_cards,
    check_choices,
    check_hand,
    item_points,
    score_choices,
)


def score_hand(
    hand: Sequence[str],
    *,
    discards: Sequence[str] = (),
    expansion: bool = False,
    items: Sequence[str] = (),
    players: int = 4,
    choices: Mapping[str, Mapping[str, Any]] | None = None,
    rulings: Rulings = DEFAULT_RULINGS,
) -> Score:
    """Score one hand: the best choices for its ACTION cards unless ``choices`` fixes them.

    ``hand`` and ``discards`` are card ids; ``expansion`` selects the Cursed Hoard suits and
    texts; ``items`` are the player's used Cursed Items; ``players`` is the table size (Genie,
    Spyglass). Raises ValueError on bad input.
    """
    if isinstance(hand, str):
        raise ScoringError(
            "hand must be a list of card ids, not one string",
            "دست باید فهرستی از شناسه‌های کارت باشد، نه یک رشته",
        )
    table = ScoringContext(
        expansion=expansion, discards=tuple(discards), players=players, rulings=rulings
    )
    infos = check_hand(list(hand), table)
    fixed = check_choices(choices or {}, list(hand), table)
    item_lines = item_points(list(items), players)
    if len(fixed) == len(action_cards(hand)):
        chosen = fixed
    else:
        _, chosen = best_choices(infos, table, fixed)
    total, lines = score_choices(infos, chosen, table)
    return Score(
        total=total + sum(p for _, p in item_lines),
        choices={c: dict(v) for c, v in chosen.items()},
        cards=lines,
        items=item_lines,
    )
