"""docs/star-realms-document.md stays true: its example loads and every field it names is real."""

from __future__ import annotations

import json
import re
from pathlib import Path

import rumizi

DOC = Path(__file__).resolve().parents[3] / "docs" / "star-realms-document.md"


def _example() -> dict[str, object]:
    found = re.search(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert found is not None, "the document page lost its JSON example"
    doc: dict[str, object] = json.loads(found.group(1))
    return doc


def test_the_documented_example_loads_as_the_start_of_the_first_turn() -> None:
    state = rumizi.game("star-realms").load(_example())
    assert state.to_act == 0
    assert {"do": "play", "card": "viper"} in state.legal_actions()


def test_every_field_an_exported_document_has_is_documented() -> None:
    game = rumizi.game("star-realms")
    text = DOC.read_text(encoding="utf-8")
    for fmt, players in [("duel", 2), ("hydra", 4), ("raid", 4), ("emperor", 6)]:
        doc = game.new(seed=3, players=players, format=fmt).export()
        fields = set(doc) | {key for player in doc["players"] for key in player}
        missing = sorted(
            f for f in fields if f"`{f}`" not in text and f"`players[i].{f}`" not in text
        )
        assert not missing, f"{fmt}: undocumented fields {missing}"
