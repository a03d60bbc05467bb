"""The library's corners, the same in every game: seeds, seats, documents and listed actions.

What a Python programmer meets first (issue 31): a seed is an ``int`` and nothing else, a view
is of a seat at the table, a document with an unknown or missing field is refused by name, a
malformed action is told apart from an illegal one, and the actions an engine lists cannot be
changed behind its back.
"""

from __future__ import annotations

import contextlib
import copy
import json
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

import rumizi
from rumizi.core.contract import FrozenDict, FrozenList, check_viewer, frozen
from rumizi.core.errors import DocumentError, IllegalAction, MalformedAction
from rumizi.core.rng import check_seed

# The package's own games (a test may have registered a toy game of its own, as tests/tiny).
GAMES = [
    g for g in rumizi.game_ids() if type(rumizi.game(g)).__module__.startswith("rumizi.games.")
]
BAD_SEEDS: list[Any] = [1.5, True, "7", None, [7]]


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
@pytest.mark.parametrize("game_id", GAMES)
def test_a_seed_that_is_not_an_int_is_a_clear_value_error(game_id: str, seed: Any) -> None:
    game = rumizi.game(game_id)
    with pytest.raises(ValueError, match=r"seed: expected an int, not "):
        game.new(seed=seed)
    view = game.new(seed=1).view(0)
    with pytest.raises(ValueError, match=r"seed: expected an int, not "):
        game.sample(view, seed)


@pytest.mark.parametrize("game_id", GAMES)
def test_any_int_is_a_seed_taken_modulo_two_to_the_64(game_id: str) -> None:
    game = rumizi.game(game_id)
    assert game.new(seed=-1).export() == game.new(seed=2**64 - 1).export()
    assert game.new(seed=2**64 + 5).export() == game.new(seed=5).export()
    assert game.new(seed=5).export() != game.new(seed=6).export()


def test_the_seed_rule_lives_in_one_place() -> None:
    assert check_seed(3) == 3
    for bad in BAD_SEEDS:
        with pytest.raises(ValueError, match="record 'seed': expected an int"):
            check_seed(bad, "record 'seed'")
    with pytest.raises(ValueError, match="record 'seed'"):
        rumizi.GameRecord.from_json({"rumizi_record": 1, "game": "star-realms", "seed": 1.5})


@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_is_of_a_seat_at_the_table_or_a_spectator(game_id: str) -> None:
    state = rumizi.game(game_id).new(seed=2)
    n = state.num_players
    assert state.view(None)
    assert all(state.view(seat) for seat in range(n))
    for seat in (n, -1, True, "0", 0.0):
        with pytest.raises(ValueError, match=rf"view: no seat {seat!r} at this table"):
            state.view(seat)


def test_check_viewer_names_the_seats_there_are() -> None:
    check_viewer(None, 3)
    check_viewer(2, 3)
    with pytest.raises(ValueError, match="seats are 0 to 2, or None for a spectator"):
        check_viewer(3, 3)


# ----------------------------------------------------------------------- documents

# A nested object of each game's document, where a misspelt field must be named too.
NESTED: dict[str, Callable[[dict[str, Any]], tuple[dict[str, Any], str]]] = {
    "star-realms": lambda d: (d["players"][1], "document.players[1]"),
    "splendor-duel": lambda d: (d["players"][1], "document.players[1]"),
    "war-of-the-ring": lambda d: (d["zones"][2], "document.zones[2]"),
    "fantasy-realms": lambda d: (d["items"], "document.items"),
}


@pytest.mark.parametrize("game_id", GAMES)
def test_a_document_with_an_unknown_field_is_refused_by_name(game_id: str) -> None:
    game = rumizi.game(game_id)
    doc = game.new(seed=4).export()
    doc["colour"] = "blue"
    with pytest.raises(DocumentError) as info:
        game.load(doc)
    assert (info.value.path, info.value.problem.split(";")[0]) == (
        "document",
        "unknown field 'colour'",
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_a_misspelt_field_is_refused_with_the_field_meant(game_id: str) -> None:
    game = rumizi.game(game_id)
    doc = game.new(seed=4).export()
    nested, path = NESTED[game_id](doc)
    key = next(iter(nested))
    nested[key[:-1] + key[-1] * 2] = nested.pop(key)
    with pytest.raises(DocumentError) as info:
        game.load(doc)
    assert info.value.path == path
    assert f"missing {key!r}" in str(info.value) or f"did you mean {key!r}" in str(info.value)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_document_without_its_seed_is_refused_rather_than_seeded_zero(game_id: str) -> None:
    game = rumizi.game(game_id)
    doc = game.new(seed=4).export()
    del doc["seed"]
    with pytest.raises(DocumentError, match=r"^document: missing .*'seed'"):
        game.load(doc)


def test_a_document_error_is_a_value_error_that_pickles() -> None:
    error = DocumentError("document.players[0]", "missing 'hand'")
    assert isinstance(error, ValueError)
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.path) == ("document.players[0]: missing 'hand'", error.path)


# ----------------------------------------------------------------------- actions


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("action", ["end", None, {"do": "fly"}, {"card": "x"}], ids=repr)
def test_an_action_no_position_takes_is_malformed(game_id: str, action: Any) -> None:
    state = rumizi.game(game_id).new(seed=3)
    before = state.export()
    with pytest.raises(MalformedAction):
        state.apply(action)
    assert state.export() == before
    assert issubclass(MalformedAction, IllegalAction)


def legal_lists(game_id: str, seed: int, *, meddle: bool) -> list[str]:
    """The legal lists of a seeded random game (as JSON), trying to change each action first."""
    state = rumizi.game(game_id).new(seed=seed)
    chooser = random.Random(seed)
    seen = []
    for _ in range(400):
        if state.over:
            break
        legal = state.legal_actions()
        seen.append(json.dumps(legal))
        chosen = copy.deepcopy(legal[chooser.randrange(len(legal))])
        if meddle:
            for action in legal:
                _meddle_with(action)
            legal.append({"do": "hacked"})  # the list is the caller's own too
            legal.reverse()
        state.apply(chosen)
    return seen


def _meddle_with(action: dict[str, Any]) -> None:
    """Every change a caller might make: each is refused (shared) or harmless (fresh)."""
    parts: list[Any] = [action]  # the action, its lists and objects, and lists inside those
    for value in action.values():
        if isinstance(value, dict | list):
            parts.append(value)
        if isinstance(value, list):
            parts += [item for item in value if isinstance(item, list)]
    for part in parts:
        if isinstance(part, dict):
            changes: list[Callable[[], Any]] = [
                lambda p=part: p.__setitem__("do", "hacked"),
                lambda p=part: p.update(card="hacked"),
                lambda p=part: p.setdefault("extra", 1),
                lambda p=part: p.popitem(),
                lambda p=part: p.clear(),
            ]
        else:
            changes = [
                lambda p=part: p.append(9),
                lambda p=part: p.__setitem__(0, 9),
                lambda p=part: p.sort(reverse=True),
                lambda p=part: p.clear(),
            ]
        for change in changes:
            with contextlib.suppress(TypeError, IndexError):
                change()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_callers_change_to_a_listed_action_never_reaches_the_engine(game_id: str) -> None:
    """Played twice from one seed: meddling with every listed action changes no later list."""
    assert legal_lists(game_id, 11, meddle=True) == legal_lists(game_id, 11, meddle=False)


def test_a_frozen_action_is_a_dict_in_everything_but_change() -> None:
    plain = {"do": "take", "spaces": [[3, 3], [3, 4]], "pay": {"gold": 1}}
    action = frozen(plain)
    assert action == plain and isinstance(action, dict)
    assert json.dumps(action) == json.dumps(plain)
    assert isinstance(action["spaces"], FrozenList) and isinstance(action["pay"], FrozenDict)
    for copied in (pickle.loads(pickle.dumps(action)), copy.copy(action), copy.deepcopy(action)):
        assert copied == plain
    mine = dict(action)
    mine["do"] = "privilege"
    assert action["do"] == "take"
    with pytest.raises(TypeError, match="read-only"):
        action["do"] = "privilege"
    with pytest.raises(TypeError, match="read-only"):
        action |= {"do": "privilege"}
    with pytest.raises(TypeError, match="read-only"):
        action["spaces"] += [[1, 1]]
    with pytest.raises(TypeError, match="read-only"):
        del action["spaces"][0]
    assert action == plain
