"""The contract suite over every kind of Fantasy Realms table, and the conserved counts."""

from __future__ import annotations

import pytest

from rumizi.games.fantasy_realms import GAME
from rumizi.games.fantasy_realms.cards import conserved
from rumizi.testing import TableSetup, check_game

TABLES = [
    TableSetup(3),
    TableSetup(4, {"items": True}),
    TableSetup(5, {"suits": True, "phoenix": "deluxe"}),
    TableSetup(6, {"suits": True, "items": True, "jester": True, "phoenix": "promo"}),
    TableSetup(2),
    TableSetup(2, {"suits": True, "items": True}),
]


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize("table", TABLES, ids=str)
def test_every_table_keeps_the_contract(table: TableSetup) -> None:
    report = check_game(GAME, seed=3, tables=[table], counts=conserved, every=5, probes=12)
    assert report.games == 1
