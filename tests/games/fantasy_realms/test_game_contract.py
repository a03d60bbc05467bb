"""The contract suite over every kind of Fantasy Realms table, and the conserved counts."""

from __future__ import annotations

import pytest

from rumizi.games.fantasy_realms.document import conserved
from rumizi.games.fantasy_realms.engine import GAME
from rumizi.testing import Table, check_game

TABLES = [
    Table(3),
    Table(4, {"items": True}),
    Table(5, {"suits": True, "phoenix": "deluxe"}),
    Table(6, {"suits": True, "items": True, "jester": True, "phoenix": "promo"}),
    Table(2),
    Table(2, {"suits": True, "items": True}),
]


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize("table", TABLES, ids=str)
def test_every_table_keeps_the_contract(table: Table) -> None:
    report = check_game(GAME, seed=3, tables=[table], counts=conserved, every=5, probes=12)
    assert report.games == 1
