"""A broken Fantasy Realms document is refused naming the field at fault, as every game's
loader does through the core reader (``document.hands[1]: unknown card 'kingg'``)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from rumizi.core.errors import DocumentError
from rumizi.games.fantasy_realms import GAME

Doc = dict[str, Any]


def good() -> Doc:
    return GAME.new(seed=5, players=3, items=True, suits=True).export()


def set_in(*keys: str | int, to: Any) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        place: Any = doc
        for key in keys[:-1]:
            place = place[key]
        place[keys[-1]] = to

    return change


BROKEN: list[tuple[Callable[[Doc], None], str]] = [
    (set_in("turn", to=0), "document.turn: expected an integer from 1 to 1000000, got 0"),
    (set_in("current", to=3), "document.current: expected an integer from 0 to 2, got 3"),
    (set_in("phase", to="nap"), "document.phase: expected one of"),
    (set_in("pending", to=[]), "document.pending: expected an object, got []"),
    (set_in("queue", to={}), "document.queue: expected a list, got {}"),
    (set_in("deck", 0, to="kingg"), "document.deck: unknown card 'kingg'"),
    (set_in("hands", 1, 0, to="kingg"), "document.hands[1]: unknown card 'kingg'"),
    (lambda d: d["hands"].pop(), "document.hands: expected a list of 3 items"),
    (set_in("bonus", 2, to=3), "document.bonus[2]: expected an integer from 0 to 2, got 3"),
    (set_in("items", "deck", 0, to="sword"), "document.items.deck: unknown item 'sword'"),
    (set_in("items", "up", 1, to="sword"), "document.items.up[1]: unknown item 'sword'"),
    (set_in("items", "down", to=[]), "document.items.down: expected a list of 3 items, got []"),
    (set_in("items", "used", to="no"), "document.items.used: expected true or false, got 'no'"),
    (set_in("items", "extra_turn", to=-1), "document.items.extra_turn: expected an integer"),
    (set_in("seen", 0, to=None), "document.seen[0]: expected a list, got None"),
    (set_in("seed", to=-1), "document.seed: expected an integer from 0 to"),
    (set_in("hands", 0, to="king"), "document.hands[0]: expected a list of card ids"),
]


@pytest.mark.parametrize(("change", "message"), BROKEN, ids=[m.split(":")[0] for _, m in BROKEN])
def test_a_broken_field_is_refused_by_its_path(change: Callable[[Doc], None], message: str) -> None:
    doc = good()
    change(doc)
    before = copy.deepcopy(doc)
    with pytest.raises(DocumentError) as refused:
        GAME.load(doc)
    assert str(refused.value).startswith(message)
    assert doc == before  # the reader changed nothing it was given


def test_the_good_document_loads_and_a_card_of_another_table_is_still_a_conservation_error() -> (
    None
):
    doc = good()
    assert GAME.load(doc).export() == doc
    base = GAME.new(seed=5, players=3).export()
    base["deck"][0] = "dark-queen"  # a Cursed Hoard card, not in a base table
    with pytest.raises(ValueError, match="every card of the table exactly once"):
        GAME.load(base)
