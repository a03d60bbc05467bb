"""Game records: seed + options + actions, enough to rebuild every position.

>>> import rumizi
>>> record = rumizi.GameRecord("star-realms", seed=3)
>>> state = record.start()
>>> action = state.legal_actions()[0]
>>> state.apply(action)
>>> record.actions.append(action)
>>> record.final_state().export() == state.export()
True
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rumizi.core import rng
from rumizi.core.contract import Action, GameState
from rumizi.core.errors import IllegalAction
from rumizi.core.registry import game

FORMAT_VERSION = 1


@dataclass
class GameRecord:
    """A whole game as data: which game, its seed and options, and every action in order."""

    game: str
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    def start(self) -> GameState:
        """The position before the first action."""
        return game(self.game).new(seed=self.seed, **self.options)

    def states(self) -> Iterator[GameState]:
        """Every position in order: the start, then one after each action (independent copies)."""
        state = self.start()
        yield state.clone()
        for number, action in enumerate(self.actions, 1):
            try:
                state.apply(action)
            except IllegalAction as err:
                raise ValueError(f"record action {number} ({action!r}) is illegal: {err}") from err
            yield state.clone()

    def final_state(self) -> GameState:
        """The position after the last action."""
        state = self.start()
        for number, action in enumerate(self.actions, 1):
            try:
                state.apply(action)
            except IllegalAction as err:
                raise ValueError(f"record action {number} ({action!r}) is illegal: {err}") from err
        return state

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict."""
        return {
            "rumizi_record": FORMAT_VERSION,
            "game": self.game,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [dict(a) for a in self.actions],
            "meta": dict(self.meta),
        }

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Read a record written by :meth:`to_json`; ``ValueError`` says what is wrong."""
        if not isinstance(data, dict) or data.get("rumizi_record") != FORMAT_VERSION:
            raise ValueError("not a Rumizi game record (missing 'rumizi_record': 1)")
        game_id = data.get("game")
        if not isinstance(game_id, str):
            raise ValueError("record 'game' must be a game id string")
        seed = rng.check_seed(data.get("seed", 0), "record 'seed'")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise ValueError("record 'options' must be an object")
        actions = data.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
            raise ValueError("record 'actions' must be a list of action objects")
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise ValueError("record 'meta' must be an object")
        try:
            game(game_id)
        except KeyError as err:
            raise ValueError(str(err.args[0])) from err
        return cls(game_id, seed, dict(options), [dict(a) for a in actions], dict(meta))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the record as JSON, atomically (a crash never leaves half a file)."""
        target = Path(path)
        text = json.dumps(self.to_json(), ensure_ascii=False, indent=1)
        fd, tmp = tempfile.mkstemp(dir=target.parent or Path("."), suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text + "\n")
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> GameRecord:
        """Read a record file; ``ValueError`` for a broken file."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except json.JSONDecodeError as err:
            raise ValueError(f"{path}: not valid JSON ({err})") from err
        return cls.from_json(data)
