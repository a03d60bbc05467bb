import json
import random
from pathlib import Path

import pytest

import rumizi
from rumizi import GameRecord


def _play(record: GameRecord, moves: int, seed: int) -> rumizi.GameState:
    state = record.start()
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.over:
            break
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        record.actions.append(dict(action))
    return state


def test_save_load_replay_rebuilds_identical_state(tmp_path: Path) -> None:
    record = GameRecord("star-realms", seed=11)
    state = _play(record, 300, seed=4)
    path = tmp_path / "game.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded == record
    assert loaded.final_state().export() == state.export()
    states = list(loaded.states())
    assert len(states) == len(record.actions) + 1
    assert states[-1].export() == state.export()
    assert states[0].export() == record.start().export()


def test_same_seed_same_game_different_seed_different_game() -> None:
    a = GameRecord("star-realms", seed=3).start().export()
    b = GameRecord("star-realms", seed=3).start().export()
    c = GameRecord("star-realms", seed=4).start().export()
    assert a == b
    assert a != c


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "not valid JSON"),
        ("[]", "not a Rumizi game record"),
        ('{"rumizi_record": 1, "game": "chess"}', "unknown game"),
        ('{"rumizi_record": 1, "game": "star-realms", "seed": "x"}', "seed"),
        ('{"rumizi_record": 1, "game": "star-realms", "actions": [1]}', "actions"),
    ],
)
def test_broken_files_give_clear_errors(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "broken.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        GameRecord.load(path)


def test_an_illegal_recorded_action_is_reported_with_its_number() -> None:
    record = GameRecord("star-realms", seed=1, actions=[{"do": "end"}, {"do": "fly"}])
    with pytest.raises(ValueError, match="record action 2"):
        record.final_state()


def test_save_is_atomic_and_utf8(tmp_path: Path) -> None:
    record = GameRecord("star-realms", seed=1, meta={"players": ["رضا", "bot"]})
    path = tmp_path / "g.json"
    record.save(path)
    assert "رضا" in path.read_text(encoding="utf-8")
    assert json.loads(path.read_text(encoding="utf-8"))["meta"]["players"][0] == "رضا"
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]
