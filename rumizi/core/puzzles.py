"""A puzzle: a position from a real game, a question about it, and the answer the engine proves.

A game that has puzzles gives a ``puzzles`` add-on (:class:`rumizi.core.addons.PuzzlesAddOn`):
its own kinds of question, a way to find them in a position, and a checker that proves a
puzzle's stated answer is its only one. :mod:`rumizi.puzzles` mines, ships and checks them
for every such game. This module is only the record, the same for every game.

The position is the game's whole document (:meth:`GameState.export`), so a checker can prove
the answer from it; a player is shown only the seat's view of it. The id is made from what
the puzzle asks, so the same question found twice is one puzzle.

>>> p = Puzzle(game="fantasy-realms", kind="best-discard", position={"seed": 1}, seat=0,
...            solution=({"do": "discard", "card": "king"},), value=112)
>>> p.id
'fantasy-realms-30d48b3465'
>>> Puzzle.read(p.as_dict()) == p
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rumizi.core.contract import Action, Document


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class Puzzle:
    """One question about one position, with its proven answer.

    ``solution`` is the moves that answer it, in order (one move for most kinds); ``value``
    is what the answer is worth in the kind's own measure (a hand's score, turns to win);
    ``source`` says where the position came from (a self-play seed, a finished table).
    """

    game: str
    kind: str
    position: Document
    seat: int
    solution: tuple[Action, ...]
    value: int = 0
    source: str = ""
    id: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not self.id:
            asked = _canonical([self.game, self.kind, self.position, self.seat])
            digest = hashlib.sha256(asked.encode()).hexdigest()[:10]
            object.__setattr__(self, "id", f"{self.game}-{digest}")

    def as_dict(self) -> dict[str, Any]:
        """The puzzle as JSON-ready data (one line of a puzzle file)."""
        return {
            "id": self.id,
            "game": self.game,
            "kind": self.kind,
            "seat": self.seat,
            "solution": [dict(a) for a in self.solution],
            "value": self.value,
            "source": self.source,
            "position": self.position,
        }

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Puzzle:
        """A puzzle from :meth:`as_dict`'s data; a ``ValueError`` says what is missing or
        of the wrong type, and an id that does not match the question is refused."""
        if not isinstance(data, Mapping):
            raise ValueError("a puzzle is an object")
        wanted = {"game": str, "kind": str, "seat": int, "solution": list, "position": dict}
        for key, kind in wanted.items():
            if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
                raise ValueError(f"a puzzle's {key!r} is missing or not a {kind.__name__}")
        if not all(isinstance(a, dict) for a in data["solution"]) or not data["solution"]:
            raise ValueError("a puzzle's 'solution' is a list of one or more moves")
        puzzle = cls(
            game=data["game"],
            kind=data["kind"],
            position=data["position"],
            seat=data["seat"],
            solution=tuple(data["solution"]),
            value=int(data.get("value", 0)),
            source=str(data.get("source", "")),
        )
        if "id" in data and data["id"] != puzzle.id:
            raise ValueError(f"puzzle {data['id']!r}: its id does not match its question")
        return puzzle
