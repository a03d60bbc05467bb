"""The contract's simultaneous phases (actors, legal_actions_for, "by", the timer's ring):
the defaults every one-player-at-a-time game gets, and the suite catching planted bugs in a
toy game where three players pick a number at once."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest

import rumizi
from rumizi import Action, Document, Game, GameState, IllegalAction, View
from rumizi.core.contract import RING
from rumizi.testing import ContractReport, check_game


@pytest.mark.parametrize("game_id", rumizi.game_ids())
def test_every_game_has_one_actor_by_default_or_lists_every_actor(game_id: str) -> None:
    state = rumizi.game(game_id).new(seed=1, players=rumizi.game(game_id).min_players)
    actors = state.actors
    assert actors and actors[0] == state.to_act
    lists = [state.legal_actions_for(p) for p in range(state.num_players)]
    assert [a for p in actors for a in lists[p]] == state.legal_actions()
    assert all(not lists[p] for p in range(state.num_players) if p not in actors)
    assert state.timer() is None


class PickState(GameState):
    """A toy: three players pick 1, 2 or 3 at once, hidden; the ring picks 1 for the late.
    The seat ``sum % 3`` wins. ``bug`` plants one bug where the code tests it."""

    __slots__ = ("picks",)
    game_id: ClassVar[str] = "toy-pick"
    bug: ClassVar[str] = ""

    def __init__(self, picks: list[int | None]) -> None:
        self.picks = picks

    @property
    def over(self) -> bool:
        return None not in self.picks

    @property
    def actors(self) -> tuple[int, ...]:
        return tuple(p for p in range(3) if self.picks[p] is None)

    @property
    def to_act(self) -> int | None:
        actors = self.actors
        if not actors:
            return None
        return actors[-1] if self.bug == "last-first" else actors[0]

    def legal_actions_for(self, seat: int) -> list[Action]:
        if self.picks[seat] is not None:
            return []
        named = (seat + 1) % 3 if self.bug == "foreign" else seat
        acts: list[Action] = [{"do": "pick", "by": named, "n": n} for n in (1, 2, 3)]
        if self.bug == "unnamed":
            acts = [{"do": "pick", "n": a["n"]} if seat == 0 else a for a in acts]
        return acts

    def legal_actions(self) -> list[Action]:
        found = [a for p in self.actors for a in self.legal_actions_for(p)]
        return found[1:] if self.bug == "partial" and found else found

    def timer(self) -> float | None:
        return None if self.over else 60.0

    @property
    def winner(self) -> int | None:
        return None if not self.over else sum(p or 0 for p in self.picks) % 3

    @property
    def num_players(self) -> int:
        return 3

    def apply(self, action: Action) -> None:
        if action == RING and not self.over and self.bug != "no-ring":
            self.picks = [1 if p is None else p for p in self.picks]
            return
        by = action.get("by", 0) if isinstance(action, dict) else None
        if not isinstance(by, int) or not 0 <= by < 3:
            raise IllegalAction(f"no seat named: {action!r}")
        if self.bug == "any-seat" and action.get("n") in (1, 2, 3):
            self.picks[by] = action["n"]
            return
        if action not in self.legal_actions_for(by) and action not in self.legal_actions():
            raise IllegalAction(f"not a move here: {action!r}")
        self.picks[by] = int(action["n"])

    def export(self) -> Document:
        return {"game": "toy-pick", "picks": list(self.picks)}

    def view(self, player: int | None) -> View:
        shown = [
            p if self.over or q == player else (None if p is None else 0)
            for q, p in enumerate(self.picks)
        ]
        return {"game": "toy-pick", "picks": shown, "you": player}

    def clone(self) -> PickState:
        return type(self)(list(self.picks))

    @classmethod
    def game(cls) -> Game:
        return Pick(cls)


class Pick(Game):
    id: ClassVar[str] = "toy-pick"
    names: ClassVar[dict[str, str]] = {"en": "Pick", "fa": "انتخاب"}
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 3

    def __init__(self, state_class: type[PickState] = PickState) -> None:
        self.state_class = state_class

    def new(self, seed: int = 0, players: int = 3, **options: Any) -> PickState:
        return self.state_class([None, None, None])

    def load(self, doc: Document) -> PickState:
        return self.state_class(list(doc["picks"]))

    def sample(self, view: View, seed: int) -> PickState:
        rng = random.Random(seed)
        return self.state_class([rng.randint(1, 3) if p == 0 else p for p in view["picks"]])


def check_pick(bug: str = "") -> ContractReport:
    state_class = type("Buggy", (PickState,), {"bug": bug, "__slots__": ()})
    return check_game(Pick(state_class), seed=2, games=20)


def test_a_sound_simultaneous_toy_passes() -> None:
    report = check_pick()
    assert (report.games, report.finished) == (20, 20)
    assert report.refused > 0


@pytest.mark.parametrize(
    ("bug", "message"),
    [
        ("any-seat", r"was accepted"),
        ("foreign", r"names another seat"),
        ("unnamed", r"a simultaneous move names its seat"),
        ("partial", r"do not make up legal_actions\(\)"),
        ("last-first", r"to_act is not the first actor"),
        ("no-ring", r"refused the ring"),
    ],
)
def test_the_suite_catches_a_planted_simultaneous_bug(bug: str, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        check_pick(bug)
