"""The one contract suite (:func:`rumizi.testing.check_game`) over every registered game.

Every game plays short games at every table it declares, longer games to the end with
patient players, and property-based games from hypothesis' seeds. The suite itself is
tested on a toy game with one planted bug at a time: each must be caught, and named.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rumizi
from rumizi import Action, Document, Game, GameState, IllegalAction, View
from rumizi.testing import ContractReport, TableSetup, check_game, tables

GAME_IDS = rumizi.game_ids()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_table_keeps_the_contract(game_id: str) -> None:
    report = check_game(game_id, seed=11, max_steps=40)
    assert report.games == len(tables(game_id))
    assert report.positions > report.games
    assert report.refused > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_patient_games_end_and_keep_the_contract_to_the_end(game_id: str) -> None:
    report = check_game(game_id, seed=3, patient=True, max_steps=4000, every=25)
    assert report.finished == report.games == len(tables(game_id))


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), data=st.data())
def test_random_games_keep_the_contract(game_id: str, seed: int, data: st.DataObject) -> None:
    table = data.draw(st.sampled_from(tables(game_id)), label="table")
    check_game(game_id, seed=seed, tables=[table], max_steps=150, every=3)


def test_every_game_declares_its_tables() -> None:
    assert [str(t) for t in tables("splendor-duel")] == [
        "2 players, first='random'",
        "2 players, first=0",
        "2 players, first=1",
    ]
    star = tables("star-realms")
    assert TableSetup(2, {"format": "duel"}) in star
    assert TableSetup(6, {"format": "emperor"}) in star
    assert TableSetup(5, {"format": "hydra"}) not in star  # Hydra is 2 against 2 or 3 against 3
    assert len(star) == 16
    realms = tables("fantasy-realms")  # the small options' product, each choice at every count
    assert 60 < len(realms) < 150
    assert TableSetup(7, {**realms[0].options, "variant": "chaos"}) in realms
    assert not any(t.options["variant"] == "chaos" and t.options["items"] == "true" for t in realms)
    assert len({tuple(sorted(t.options.items())) for t in realms}) > 30
    # The chaos timer only refines the variant: its other lengths are tried alone, not
    # multiplied by every module.
    timed = [t for t in realms if t.options["timer"] != "300"]
    assert {t.options["timer"] for t in timed} == {"120", "600"}
    assert all(t.options["variant"] == "chaos" and t.options["suits"] == "false" for t in timed)


# ---------------------------------------------------------------------- the suite catches bugs

CARDS = [f"c{n}" for n in range(1, 9)]


class SwapState(GameState):
    """A toy: each of two players holds one hidden card, and on each of its two turns keeps
    it or swaps it (face up onto the discard) for the deck's top card; the higher card wins.
    ``bug`` plants one bug where the code tests it."""

    __slots__ = ("deck", "discard", "hands", "turn")
    game_id: ClassVar[str] = "toy-swap"
    bug: ClassVar[str] = ""

    def __init__(
        self, hands: list[list[str]], deck: list[str], discard: list[str], turn: int
    ) -> None:
        self.hands, self.deck, self.discard, self.turn = hands, deck, discard, turn

    @property
    def over(self) -> bool:
        return self.turn >= 4

    @property
    def to_act(self) -> int | None:
        return None if self.over else self.turn % 2

    @property
    def winner(self) -> int | None:
        if not self.over:
            return None
        return max((0, 1), key=lambda p: int(self.hands[p][0][1:]))

    @property
    def num_players(self) -> int:
        return 2

    def legal_actions(self) -> list[Action]:
        return [] if self.over else [{"do": "keep"}, {"do": "swap"}]

    def apply(self, action: Action) -> None:
        if self.bug == "dirty-refusal":
            self.turn += 0 if action in self.legal_actions() else 1
        legal = self.legal_actions() or ([{"do": "keep"}] if self.bug == "late-moves" else [])
        # "lax" takes any dict for a move; "crashes" reads anything else as one, and fails.
        lax = self.bug == ("lax" if isinstance(action, dict) else "crashes")
        if action not in legal and not lax:
            raise IllegalAction(f"not a move here: {action!r}")
        if action.get("do") == "swap":
            me = self.turn % 2
            if self.bug != "loses-cards":
                self.discard.append(self.hands[me][0])
            self.hands[me] = [self.deck.pop()]
        self.turn += 1

    def export(self) -> Document:
        return {
            "game": "toy-swap",
            "turn": self.turn,
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "discard": list(self.discard),
        }

    def view(self, player: int | None) -> View:
        shown = [0, 1] if self.over else [] if player is None else [player]
        leak = {"top": self.deck[-1]} if self.bug == "leaky" else {}
        return {
            **leak,
            "turn": self.turn,
            "hands": [list(self.hands[p]) if p in shown else None for p in (0, 1)],
            "deck": len(self.deck),
            "discard": list(self.discard),
        }

    def clone(self) -> SwapState:
        discard = self.discard if self.bug == "shared-clone" else list(self.discard)
        return type(self)([list(h) for h in self.hands], list(self.deck), discard, self.turn)

    @classmethod
    def game(cls) -> Game:
        return Swap(cls)


class Swap(Game):
    id: ClassVar[str] = "toy-swap"
    names: ClassVar[dict[str, str]] = {"en": "Swap", "fa": "جابه‌جایی"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    def __init__(self, state_class: type[SwapState] = SwapState) -> None:
        self.state_class = state_class

    def new(self, seed: int = 0, players: int = 2, **options: Any) -> SwapState:
        deck = list(CARDS)
        random.Random(seed if self.state_class.bug != "unseeded" else None).shuffle(deck)
        return self.state_class([[deck.pop()], [deck.pop()]], deck, [], 0)

    def load(self, doc: Document) -> SwapState:
        discard = [] if self.state_class.bug == "forgetful" else list(doc["discard"])
        hands = [list(h) for h in doc["hands"]]
        return self.state_class(hands, list(doc["deck"]), discard, doc["turn"])

    def sample(self, view: View, seed: int) -> SwapState:
        known = [c for h in view["hands"] if h for c in h] + view["discard"]
        unknown = [c for c in CARDS if c not in known]
        random.Random(seed).shuffle(unknown)
        hands = [list(h) if h else [unknown.pop()] for h in view["hands"]]
        return self.state_class(hands, unknown, list(view["discard"]), view["turn"])


def swap_cards(doc: Document) -> Counter[str]:
    return Counter([*doc["deck"], *doc["discard"], *(c for h in doc["hands"] for c in h)])


def check_swap(bug: str = "") -> ContractReport:
    state_class = type("Buggy", (SwapState,), {"bug": bug, "__slots__": ()})
    return check_game(Swap(state_class), seed=1, games=20, counts=swap_cards)


def test_a_sound_toy_game_passes() -> None:
    report = check_swap()
    assert (report.games, report.finished) == (20, 20)
    assert report.positions == 20 * 5


@pytest.mark.parametrize(
    ("bug", "message"),
    [
        ("lax", r"step 0: the unlisted move .* was accepted"),
        ("crashes", r"step 0: .* raised AttributeError .*, not IllegalAction"),
        ("dirty-refusal", r"refusing .* changed the state"),
        ("late-moves", r"a finished game accepted \{'do': 'keep'\}"),
        ("shared-clone", r"on a clone changed the original"),
        ("loses-cards", r"conserved counts changed"),
        ("leaky", r"sampled from seat \d's view shows that seat another view"),
        ("forgetful", r"export -> JSON -> load -> export changed it"),
        ("unseeded", r"new\(\) with one seed deals two games"),
    ],
)
def test_the_suite_catches_and_names_a_planted_bug(bug: str, message: str) -> None:
    with pytest.raises(AssertionError, match=message) as caught:
        check_swap(bug)
    assert re.match(r"toy-swap \(2 players\), seed \d+, step \d", str(caught.value))
