"""Fixtures of the arena tests, and a tiny game for them.

The toy game has any number of seats, teams, draws and endless games. Each seat in turn
says 1, 2 or 3 for ``rounds`` rounds; the highest total wins (a tie for the top is a draw).
With ``teams=True`` seats 0, 2, ... play seats 1, 3, ... and the team with the higher total
wins. With ``endless=True`` the game never ends.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from rumizi.core import registry
from rumizi.core.contract import Action, Document, Game, GameState, View
from rumizi.core.errors import IllegalAction

MOVES: list[Action] = [{"do": "say", "n": n} for n in (1, 2, 3)]


class ToyState(GameState):
    game_id: ClassVar[str] = "toy"

    def __init__(self, players: int, rounds: int, teams: bool, endless: bool, seed: int) -> None:
        self.totals = [0] * players
        self.rounds = rounds
        self.turn = 1
        self.current = seed % players
        self.has_teams = teams
        self.endless = endless
        self.teams = [p % 2 for p in range(players)] if teams else list(range(players))
        self._over = False
        self._winner: int | None = None

    def legal_actions(self) -> list[Action]:
        return [] if self._over else MOVES

    def apply(self, action: Action) -> None:
        if self._over or action not in MOVES:
            raise IllegalAction(f"cannot {action!r}")
        self.totals[self.current] += action["n"]
        self.current = (self.current + 1) % len(self.totals)
        self.turn += 1
        if not self.endless and self.turn > self.rounds * len(self.totals):
            self._finish()

    def _finish(self) -> None:
        self._over = True
        score: dict[int, int] = {}
        for p, t in enumerate(self.totals):
            score[self.teams[p]] = score.get(self.teams[p], 0) + t
        best = max(score.values())
        top = [t for t, s in score.items() if s == best]
        self._winner = top[0] if len(top) == 1 else None

    def is_winner(self, player: int) -> bool:
        return self._winner is not None and self.teams[player] == self._winner

    @property
    def to_act(self) -> int | None:
        return None if self._over else self.current

    @property
    def over(self) -> bool:
        return self._over

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def num_players(self) -> int:
        return len(self.totals)

    def export(self) -> Document:
        return {"totals": list(self.totals), "turn": self.turn, "over": self._over}

    def view(self, player: int | None) -> View:
        return {"game": "toy", **self.export()}

    def clone(self) -> ToyState:
        raise NotImplementedError

    @classmethod
    def game(cls) -> Game:
        return TOY


class Toy(Game):
    id: ClassVar[str] = "toy"
    names: ClassVar[dict[str, str]] = {"en": "Toy"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4

    def new(self, seed: int = 0, players: int = 2, **options: Any) -> ToyState:
        return ToyState(
            players,
            rounds=options.get("rounds", 2),
            teams=options.get("teams", False),
            endless=options.get("endless", False),
            seed=seed,
        )

    def load(self, doc: Document) -> ToyState:
        raise NotImplementedError

    def sample(self, view: View, seed: int) -> ToyState:
        raise NotImplementedError


TOY = Toy()


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> str:
    """The toy game's id, registered for this test."""
    monkeypatch.setitem(registry._GAMES, "toy", TOY)
    return "toy"
