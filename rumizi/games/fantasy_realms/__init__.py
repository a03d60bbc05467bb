"""Fantasy Realms (قلمرو افسانه‌ای) and the Cursed Hoard (گنج نفرین‌شده): the scorer.

This package is the game (``GAME``, the turns are in :mod:`.engine`) and its scorer, which
is a library of its own.

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

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rumizi.games.fantasy_realms.cards import CARDS, ITEMS, card_info
from rumizi.games.fantasy_realms.optimize import best_choices, brute_force
from rumizi.games.fantasy_realms.scoring import (
    DEFAULT_RULINGS,
    CardScore,
    Rulings,
    Score,
    ScoringError,
    Table,
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
    table = Table(expansion=expansion, discards=tuple(discards), players=players, rulings=rulings)
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


# The engine scores hands with score_hand, so it is imported once score_hand exists.
from rumizi.games.fantasy_realms.engine import GAME  # noqa: E402

__all__ = [
    "CARDS",
    "GAME",
    "ITEMS",
    "CardScore",
    "Rulings",
    "Score",
    "ScoringError",
    "best_choices",
    "brute_force",
    "card_info",
    "score_hand",
]

if TYPE_CHECKING:  # each add-on conforms to its protocol (mypy --strict checks it)
    from rumizi.core.addons import RulesAddOn, TextsAddOn, WebAddOn
    from rumizi.games.fantasy_realms import rules, texts, web

    _web: WebAddOn = web
    _rules: RulesAddOn = rules
    _texts: TextsAddOn = texts
