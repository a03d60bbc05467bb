"""Decisions the Fantasy Realms bots must get right, and what they must not read.

Each position is written so that a wrong bot fails: the greedy player's exact choice where
the hand leaves no doubt, the strong player's where only what it saw (a Spyglass look) or the
end of the game tells the right card from the other, and the same move whatever the cards
it cannot see are.
"""

from __future__ import annotations

import random
import time

import pytest

from rumizi.bots import make
from rumizi.bots.strategies import forget_strategy
from rumizi.core.contract import Action
from rumizi.games.fantasy_realms import GAME, heuristics, strategy
from rumizi.games.fantasy_realms.engine import FantasyRealmsState

from .conftest import bonus_to_take, position

ARMY = ["king", "queen", "knights", "light-cavalry", "elven-archers", "dwarvish-infantry"]
# The next player holds Smoke and Wildfire: Mountain would give them +50.
NEXT = ["smoke", "wildfire", "candle", "rangers", "collector", "unicorn", "hydra"]
THIRD = ["cavern", "swamp", "island", "rainstorm", "blizzard", "dragon", "lightning"]


def needy_position(spied: bool) -> FantasyRealmsState:
    """Seat 0 must discard Mountain or Forge, both nearly dead in its hand (244 and 242)."""
    s = position(
        3, hands=[[*ARMY, "mountain", "forge"], NEXT, THIRD], area=["beastmaster", "warhorse"]
    )
    s.phase = "discard"
    if spied:
        s.seen[0].append({"item": "spyglass", "player": 1, "cards": sorted(NEXT)})
    return s


def test_greedy_discards_the_card_worth_least_to_itself() -> None:
    s = needy_position(spied=True)
    choice = heuristics.choose(s.view(0), s.legal_actions(), random.Random(0))
    assert choice == {"do": "discard", "card": "mountain"}  # 244 kept against 242


def test_strong_does_not_discard_what_the_next_player_visibly_needs() -> None:
    s = needy_position(spied=True)
    for k in range(4):
        choice = strategy.playout_action(s, random.Random(k))
        assert choice == {"do": "discard", "card": "forge"}, k


def test_strong_without_the_look_keeps_the_card_worth_more() -> None:
    # The same hand, nothing seen: Mountain is just the cheaper card most of the time.
    s = needy_position(spied=False)
    picks = [strategy.playout_action(s, random.Random(k))["card"] for k in range(6)]
    assert picks.count("mountain") > picks.count("forge")


def test_strong_takes_the_card_that_completes_a_bonus() -> None:
    s = bonus_to_take()
    for k in range(3):
        assert strategy.playout_action(s, random.Random(k)) == {
            "do": "take",
            "card": "dwarvish-infantry",
        }


def test_strong_plays_for_the_score_when_its_discard_ends_the_game() -> None:
    # Nine cards in the area: this discard is the tenth, the game ends and the hand is final.
    # Everything is worth its score now; potential (Smoke waiting for Mountain) is worth 0.
    hand = [*ARMY, "smoke", "forge"]
    area = ["cavern", "swamp", "island", "rainstorm", "blizzard", "dragon", "lightning"]
    area += ["beastmaster", "warhorse"]
    second = ["candle", "rangers", "collector", "unicorn", "hydra", "shield-of-keth"]
    third = ["princess", "warlord", "empress", "basilisk", "world-tree", "magic-wand"]
    hands = [hand, [*second, "gem-of-order"], [*third, "elven-longbow"]]
    s = position(3, hands=hands, area=area)
    s.phase = "discard"
    m = strategy.Mind(s, 0)
    best = max(m.exact([c for c in hand if c != d]) for d in hand)
    choice = strategy.playout_action(s, random.Random(0))
    assert m.exact([c for c in hand if c != choice["card"]]) == best
    assert m.turns_left(len(area) + 1) == 0.0


def _positions() -> list[FantasyRealmsState]:
    out = []
    for seed, options in ((3, {}), (5, {"suits": True}), (8, {"items": True, "suits": True})):
        s = GAME.new(seed=seed, players=4, **options)
        rng = random.Random(seed)
        for _ in range(13):
            s.apply(rng.choice(s.legal_actions()))
        out.append(s)
        drew = s.clone()
        if {"do": "draw"} in drew.legal_actions():
            drew.apply({"do": "draw"})
            out.append(drew)
    return out


@pytest.mark.parametrize("index", range(6))
def test_the_strong_policy_never_reads_hidden_cards(index: int) -> None:
    positions = _positions()
    s = positions[index % len(positions)]
    p = s.to_act
    assert p is not None
    view = s.view(p)
    moves: list[Action] = []
    for seed in (1, 2, 3):  # the hidden cards (deck, other hands, items) dealt again
        world = GAME.sample(view, seed)
        assert world.view(p) == view
        moves.append(strategy.playout_action(world, random.Random(7)))
    assert moves[0] == moves[1] == moves[2]
    assert moves[0] in s.legal_actions()


def test_the_strong_bot_decides_the_same_on_re_dealt_hidden_cards() -> None:
    s = _positions()[1]
    p = s.to_act
    assert p is not None
    other = GAME.sample(s.view(p), 99)  # the same view, other hidden cards
    assert other.export()["hands"] != s.export()["hands"]
    a = make("strong", seed=4).choose(s.view(p), s.legal_actions())
    b = make("strong", seed=4).choose(other.view(p), other.legal_actions())
    assert a == b


@pytest.fixture
def bots_know_the_game(registered: None) -> object:
    forget_strategy(GAME.id)
    yield
    forget_strategy(GAME.id)


@pytest.mark.usefixtures("bots_know_the_game")
@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("easy", {}),
        ("medium", {}),
        ("hard", {"budget": 0.3}),
        ("flat-mc", {"budget": 0.3}),
        ("ismcts", {"budget": 0.3}),
    ],
)
def test_each_level_plays_a_legal_game_to_the_end(name: str, options: dict[str, float]) -> None:
    s = GAME.new(seed=11, players=3)
    seats = [make(name, seed=1, **options), make("greedy", seed=2), make("greedy", seed=3)]
    slowest = 0.0
    while not s.over:
        p = s.to_act
        assert p is not None
        legal = s.legal_actions()
        start = time.perf_counter()
        action = seats[p].choose(s.view(p), legal)
        slowest = max(slowest, time.perf_counter() - start) if p == 0 else slowest
        assert action in legal
        s.apply(action)
    assert s.results and len(s.winners) >= 1
    # a generous bound (the machine may be busy): the budget, plus one policy decision
    assert slowest < 10.0


# The rulebook's 260 hand (Mirage as Rainstorm completes Whirlwind): few draws improve it.
FINISHED = ["mountain", "great-flood", "smoke", "whirlwind", "air-elemental", "wildfire", "mirage"]
LOOSE = ["candle", "rangers", "princess", "magic-wand", "world-tree", "fire-elemental", "cavern"]


def item_position(hand: list[str], item: str) -> FantasyRealmsState:
    area = ["elven-longbow", "warhorse"]
    held = set(hand) | set(area)
    rest = [c for c in GAME.new(seed=0, players=3).export()["deck"] if c not in held]
    hands = [hand, rest[:7], rest[7:14]]
    return position(3, hands=hands, area=area, options={"items": True}, up=[item, None, None])


def test_strong_spends_a_turn_on_sarcophagus_only_with_a_finished_hand() -> None:
    use = {"do": "use", "item": "sarcophagus"}
    finished = item_position(FINISHED, "sarcophagus")
    assert use in finished.legal_actions()
    assert all(strategy.playout_action(finished, random.Random(k)) == use for k in range(3))
    assert heuristics.choose(finished.view(0), finished.legal_actions(), random.Random(0)) != use
    loose = item_position(LOOSE, "sarcophagus")
    assert all(strategy.playout_action(loose, random.Random(k)) != use for k in range(3))


def test_strong_values_the_necromancers_eighth_card() -> None:
    # The scorer sees a 3-strength Wizard; at the end it brings Dwarvish Infantry back from
    # the discard area as an eighth card (+15 and the Armies' bonuses). Greedy takes the
    # Infantry itself; strong takes the Necromancer, which will fetch it (or better) anyway.
    hand = ["king", "queen", "knights", "light-cavalry", "elven-archers", "forest", "candle"]
    area = ["dwarvish-infantry", "warhorse", "necromancer"]
    held = set(hand) | set(area)
    rest = [c for c in GAME.new(seed=0, players=3).export()["deck"] if c not in held]
    s = position(3, hands=[hand, rest[:7], rest[7:14]], area=area)
    take = {"do": "take", "card": "necromancer"}
    assert heuristics.choose(s.view(0), s.legal_actions(), random.Random(0)) != take
    assert all(strategy.playout_action(s, random.Random(k)) == take for k in range(3))
    # holding it, strong lets go of another card
    s = position(3, hands=[[*hand, "necromancer"], rest[:7], rest[7:14]], area=area[:2])
    s.phase = "discard"
    assert all(
        strategy.playout_action(s, random.Random(k))["card"] != "necromancer" for k in range(3)
    )


def test_strong_ends_the_game_with_a_hand_ahead_rather_than_take_a_few_points() -> None:
    # Nine cards in the area: a draw ends the game. The Army hand scores 255, far above what
    # a rival holds this late; Cavern would add 9, but taking it lets every rival play on.
    # Greedy (and the strong player before it weighed its chance to win) takes the points.
    hand = [*ARMY, "warhorse"]
    area = ["cavern", "swamp", "island", "rainstorm", "blizzard", "dragon", "lightning"]
    area += ["beastmaster", "fountain-of-life"]
    held = set(hand) | set(area)
    rest = [c for c in GAME.new(seed=0, players=4).export()["deck"] if c not in held]
    s = position(4, hands=[hand, rest[:7], rest[7:14], rest[14:21]], area=area)
    m = strategy.Mind(s, 0)
    assert m.exact(hand) == 255 and m.exact([*ARMY, "cavern"]) == 264
    for k in range(4):
        assert strategy.playout_action(s, random.Random(k)) == {"do": "draw"}, k


def test_strong_keeps_the_card_that_an_area_card_would_complete() -> None:
    # King lies in the discard area: with the Queen it is worth a take on a later turn, so
    # strong lets the Beastmaster go and keeps the Queen; with Candle in the King's place it
    # lets the Queen go. (Valuing only the cards it may draw, it let the Queen go both ways.)
    hand = ["queen", "protection-rune", "warhorse", "great-flood", "beastmaster"]
    hand += ["light-cavalry", "cavern", "mirage"]
    for king, drop in (("king", "beastmaster"), ("candle", "queen")):
        area = [king, "warlord", "rainstorm", "rangers"]
        held = set(hand) | set(area)
        rest = [c for c in GAME.new(seed=0, players=3).export()["deck"] if c not in held]
        s = position(3, hands=[hand, rest[:7], rest[7:14]], area=area)
        s.phase = "discard"
        for k in range(4):
            assert strategy.playout_action(s, random.Random(k)) == {"do": "discard", "card": drop}
