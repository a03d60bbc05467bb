"""The shape of the Fantasy Realms package: rules flow one way, and the end-of-game steps
are typed records that documents still write as lists."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from rumizi.games.fantasy_realms import GAME, FantasyRealms
from rumizi.games.fantasy_realms.engine import PHASES, EndStep, FantasyRealmsState

from .conftest import position

PACKAGE = Path(__file__).resolve().parents[3] / "rumizi" / "games" / "fantasy_realms"
NAME = "rumizi.games.fantasy_realms"


def imported(module: str) -> set[str]:
    """The modules of this game that ``module`` imports when it runs (inside functions too;
    not under ``if TYPE_CHECKING:``); ``from package import x`` counts as the package."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING")
        for inner in ast.walk(node)
    }
    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return {name.removeprefix(NAME).lstrip(".") or "__init__" for name in found if NAME in name}


@pytest.mark.parametrize(
    ("module", "below"),
    [
        ("cards", set()),
        ("trading", set()),
        ("scorer", {"optimize", "scoring"}),
        ("engine", {"cards", "scorer", "trading"}),
        ("document", {"cards", "engine", "trading"}),
        ("sampling", {"cards", "document", "engine"}),
        ("game", {"document", "engine", "sampling"}),
        ("hand_values", {"scorer", "scoring"}),
        ("chaos", {"engine", "hand_values"}),
    ],
)
def test_each_module_imports_only_what_is_below_it(module: str, below: set[str]) -> None:
    assert imported(module) == below


def test_the_package_only_gathers_names() -> None:
    assert imported("__init__") == {"cards", "game", "optimize", "scorer", "scoring"}
    assert isinstance(GAME, FantasyRealms)


def test_a_state_finds_its_game_through_the_registry() -> None:
    assert GAME.new(seed=1, players=3).game() is GAME
    assert FantasyRealmsState.game() is GAME


def test_every_phase_is_one_a_document_may_name() -> None:
    assert len(PHASES) == len(set(PHASES)) == 17
    assert PHASES[0] == "take" and PHASES[-1] == "over"


HANDS = [  # the suits: hands of eight, nine at most at the end
    [
        "genie",
        "mountain",
        "cavern",
        "forest",
        "king",
        "queen",
        "unicorn",
        "dragon",
        "hydra",
        "lich",
    ],
    ["great-flood", "island", "rainstorm", "blizzard", "smoke", "whirlwind", "swamp"],
    ["wildfire", "candle", "forge", "lightning", "knights", "elven-archers", "light-cavalry"],
]


SUITS = {"suits": True}


def shedding() -> FantasyRealmsState:
    """Seat 0 holds ten cards at the end, one over the limit of nine."""
    return position(3, hands=HANDS, options=SUITS, phase="shed", queue=[["shed", 0, ["genie"], 1]])


def test_an_end_step_is_a_record_that_documents_write_as_a_list() -> None:
    s = shedding()
    assert s.queue == [EndStep("shed", 0, ["genie"], 1)]
    doc = s.export()
    assert doc["queue"] == [["shed", 0, ["genie"], 1]]
    assert json.dumps(GAME.load(doc).export()) == json.dumps(doc)
    assert {a["card"] for a in s.legal_actions()} == set(HANDS[0]) - {"genie"}


def test_shedding_replaces_the_step_and_a_clone_keeps_its_own() -> None:
    s = position(3, hands=HANDS, options=SUITS, phase="shed", queue=[["shed", 0, ["genie"], 2]])
    s.hands[0].append("ghoul")  # ten cards: two to shed
    s.deck.remove("ghoul")
    twin = s.clone()
    s.apply({"do": "shed", "card": "hydra"})
    assert s.export()["queue"] == [["shed", 0, ["genie"], 1]]
    assert twin.export()["queue"] == [["shed", 0, ["genie"], 2]]
    s.apply({"do": "shed", "card": "dragon"})
    assert s.over and s.queue == []


@pytest.mark.parametrize(
    "step",
    [
        ["bury", 0, [], 0],
        ["shed", 3, [], 1],
        ["shed", 0, "genie", 1],
        ["shed", 0, [], "1"],
        ["shed", 0, []],
        "shed",
    ],
)
def test_a_document_with_a_step_that_is_none_is_refused(step: object) -> None:
    doc = shedding().export()
    doc["queue"] = [step]
    with pytest.raises(ValueError, match=r"queue: \[kind, seat, cards, count\] steps"):
        GAME.load(doc)
