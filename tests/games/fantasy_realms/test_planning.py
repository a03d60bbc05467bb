"""Fantasy Realms' planner (``hard``'s own search): what it picks, what it reads, what it leaves."""

from __future__ import annotations

import random
from typing import Any

from rumizi.bots.strategies import strategy_for
from rumizi.games.fantasy_realms import GAME, planning, strategy
from rumizi.games.fantasy_realms.planning import BATCH, PLAN_WORLDS, plan

from .conftest import bonus_to_take, combination_to_keep, position
from .test_game_bots import mid_game


class CountingRandom(random.Random):
    """Counts the sequences of draws the planner deals (one ``sample`` each)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.samples = 0

    def sample(self, population: Any, k: int, **kwargs: Any) -> list[Any]:
        self.samples += 1
        return super().sample(population, k, **kwargs)


def test_the_planner_takes_the_card_that_makes_a_bonus() -> None:
    s = bonus_to_take()
    for seed in range(3):
        picked = plan(s, s.legal_actions(), random.Random(seed), worlds=32)
        assert picked == {"do": "take", "card": "dwarvish-infantry"}


def test_the_planner_keeps_the_combination() -> None:
    s = combination_to_keep()
    for seed in range(3):
        picked = plan(s, s.legal_actions(), random.Random(seed), worlds=32)
        assert picked is not None and picked["do"] == "discard"
        assert picked["card"] not in ("mountain", "smoke", "wildfire")


def test_the_planner_reads_only_the_players_view() -> None:
    # Worlds dealt from one view differ in every hidden card; the move does not.
    s = mid_game()
    p = s.to_act
    assert p is not None
    legal = s.legal_actions()
    moves = [
        plan(GAME.sample(s.view(p), seed), legal, random.Random(7), worlds=16) for seed in (1, 2, 3)
    ]
    assert moves[0] in legal and moves.count(moves[0]) == 3


def test_the_planner_plays_the_last_card_as_the_strong_player_reckons_it() -> None:
    late = ["gem-of-order", "world-tree", "book-of-changes", "protection-rune", "mirage"]
    s = bonus_to_take(*late, "shapeshifter", "doppelganger")
    assert s.opts.end_at - len(s.area) == 1  # a draw now ends the game
    legal = s.legal_actions()
    assert plan(s, legal, random.Random(5)) == strategy.playout_action(s, random.Random(5))


def test_the_planner_leaves_items_two_players_and_one_move_to_the_search() -> None:
    s = bonus_to_take()
    legal = s.legal_actions()
    with_item = [*legal, {"do": "use", "item": "sarcophagus"}]
    assert plan(s, with_item, random.Random(0)) is None
    two = position(2, hands=[s.hands[0], s.hands[1]], area=list(s.area))
    assert plan(two, two.legal_actions(), random.Random(0)) is None
    assert plan(s, legal[:1], random.Random(0)) is None


def test_the_planner_plays_its_worlds_or_stops_at_the_deadline() -> None:
    s = combination_to_keep()
    legal = s.legal_actions()
    rng = CountingRandom(0)
    plan(s, legal, rng, worlds=24)
    assert rng.samples == 24  # one sequence of draws a world, shared by every candidate
    rng = CountingRandom(0)
    plan(s, legal, rng)
    assert rng.samples == PLAN_WORLDS
    rng = CountingRandom(0)
    plan(s, legal, rng, deadline=0.0)  # long past: one batch, then the best so far
    assert rng.samples == BATCH


def test_hard_plays_the_planner_and_the_game_names_it() -> None:
    assert strategy_for(GAME).plan is planning.plan
    assert strategy_for("star-realms").plan is None
