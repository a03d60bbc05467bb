"""The strong Star Realms heuristic and the ``strong`` bot: legal, deterministic, blind to
hidden cards, stronger than greedy, and right in the situations its rules are made for."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rumizi.bots import make
from rumizi.bots.base import Bot
from rumizi.core.contract import Action
from rumizi.games.star_realms import GAME, StarRealmsState
from rumizi.games.star_realms.strategy import Params, Policy, evaluate, playout_action

Doc = dict[str, Any]
STARTERS = ["lookout"] * 5 + ["viper"] * 2


# ---------------------------------------------------------------------- helpers


def player(**fields: Any) -> Doc:
    doc: Doc = {
        "authority": 50,
        "hand": [],
        "deck": list(STARTERS),
        "discard": [],
        "bases": [],
        "pending_discards": 0,
    }
    doc.update(fields)
    return doc


def position(me: Doc, opp: Doc | None = None, turn: int = 5, **top: Any) -> StarRealmsState:
    """Player 0 to act; a mid-turn field in ``me`` (``in_play``, ``trade``...) resumes mid-turn."""
    doc: Doc = {
        "game": "star-realms",
        "format": "duel",
        "turn": turn,
        "current": 0,
        "players": [player(**me), player(**(opp or {"hand": ["lookout"] * 5}))],
        "trade_row": ["merchant-skiff", "lance", "supply-bot", "star-freighter", "flagship"],
        "trade_deck": ["mothership", "dread-ship", "command-ship", "monster-world"],
        "scrap_heap": [],
        "seed": 1,
    }
    doc.update(top)
    return GAME.load(doc)


def rest_of_turn(state: StarRealmsState) -> list[Action]:
    """Play the acting player's turn out with the heuristic; the actions taken."""
    me = state.current
    actions = []
    while not state.over and state.current == me:
        action = playout_action(state, random.Random(0))
        assert action in state.legal_actions()
        actions.append(action)
        state.apply(action)
    return actions


def play_bots(
    seed: int, bots: list[Bot], max_turns: int = 300
) -> tuple[StarRealmsState, list[Action]]:
    state = GAME.new(seed=seed)
    actions = []
    while not state.over and state.turn <= max_turns:
        me = state.current
        legal = state.legal_actions()
        action = bots[me].choose(state.view(me), legal)
        assert action in legal
        actions.append(action)
        state.apply(action)
    return state, actions


def hidden_variant(state: StarRealmsState, seed: int) -> StarRealmsState:
    """The same position for the player to act, with everything hidden from them re-dealt:
    the opponent's unknown hand cards and deck swapped around, every deck reordered, the
    trade deck reshuffled and a new seed for future shuffles."""
    rng = random.Random(seed)
    doc = state.export()
    me = doc["current"]
    mine = doc["players"][me]
    rng.shuffle(mine["deck"])
    theirs = doc["players"][1 - me]
    known = Counter(theirs.get("known_hand", []))
    unknown = list((Counter(theirs["hand"]) - known).elements())
    pool = unknown + theirs["deck"]
    rng.shuffle(pool)
    theirs["hand"] = list(known.elements()) + pool[: len(unknown)]
    theirs["deck"] = pool[len(unknown) :]
    rng.shuffle(doc["trade_deck"])
    doc["seed"] = rng.getrandbits(63)
    return GAME.load(doc)


# ---------------------------------------------------------------------- legality, determinism


@pytest.mark.parametrize("opponent", ["random", "greedy", "strong"])
def test_strong_bot_chooses_only_listed_actions(opponent: str) -> None:
    for seed in range(2):
        state, _ = play_bots(seed, [make("strong", seed=seed), make(opponent, seed=seed + 7)])
        assert state.over


def test_playout_action_is_legal_through_whole_games() -> None:
    rng = random.Random(3)
    for seed in range(12):
        state = GAME.new(seed=seed)
        while not state.over:
            action = playout_action(state, rng)
            assert action in state.legal_actions(), (action, state.export())
            state.apply(action)
        assert state.winner in (0, 1)


def test_playout_action_refuses_a_finished_game() -> None:
    state = position(me={"in_play": ["dread-ship"], "combat": 7}, opp={"authority": 5})
    rest_of_turn(state)
    assert state.over
    with pytest.raises(ValueError, match="over"):
        playout_action(state, random.Random(0))


def test_strong_bot_is_deterministic_for_a_seed() -> None:
    def run(bot_seed: int) -> list[Action]:
        bots = [make("strong", seed=bot_seed), make("strong", seed=bot_seed + 1)]
        return play_bots(11, bots, max_turns=40)[1]

    assert run(4) == run(4)


def test_the_bot_is_registered() -> None:
    assert type(make("strong", seed=1)).__name__ == "StrongBot"


# ---------------------------------------------------------------------- never peeks


def test_playout_action_ignores_hidden_cards() -> None:
    """On two states that differ only in what the acting player cannot see, same move."""
    rng = random.Random(0)
    checked = 0
    for seed in range(4):
        state = GAME.new(seed=100 + seed)
        while not state.over:
            variant = hidden_variant(state, seed=checked)
            me = state.current
            assert variant.view(me) == state.view(me)
            assert variant.export() != state.export()
            action = playout_action(state, random.Random(5))
            # Fresh policies too: their caches of valued decks cannot hide a difference.
            assert Policy().act(variant, random.Random(5)) == action
            assert Policy().act(state, random.Random(5)) == action
            checked += 1
            state.apply(playout_action(state, rng))
    assert checked > 300


def test_strong_bot_decides_from_the_view_alone() -> None:
    """The bot plays on a sampled state, yet picks what the heuristic picks on the true one."""
    for seed in range(3):
        state = GAME.new(seed=200 + seed)
        bot = make("strong", seed=seed)
        twin = make("strong", seed=seed)
        while not state.over and state.turn <= 30:
            me = state.current
            variant = hidden_variant(state, seed=state.turn)
            legal = state.legal_actions()
            action = bot.choose(state.view(me), legal)
            assert twin.choose(variant.view(me), variant.legal_actions()) == action
            assert action == playout_action(state, random.Random(0))
            state.apply(action)


# ---------------------------------------------------------------------- strength


def test_strong_beats_greedy_and_random() -> None:
    wins = 0
    games = 24
    for i in range(games):
        seat = i % 2
        strong, greedy = make("strong", seed=i), make("greedy", seed=i)
        bots = [strong, greedy] if seat == 0 else [greedy, strong]
        state, _ = play_bots(1000 + i, bots)
        wins += state.winner == seat
    assert wins >= 16, f"strong won only {wins} of {games} against greedy"
    for i in range(4):
        seat = i % 2
        strong, rnd = make("strong", seed=i), make("random", seed=i)
        state, _ = play_bots(2000 + i, [strong, rnd] if seat == 0 else [rnd, strong])
        assert state.winner == seat


# ---------------------------------------------------------------------- its rules


def test_it_kills_when_it_can_scrapping_for_the_last_points() -> None:
    # 12 combat; the kill needs 4 (the outpost) + 10: the Explorer's scrap makes up the rest.
    state = position(
        me={"in_play": ["pounder", "explorer"], "combat": 12, "trade": 2},
        opp={"authority": 10, "hand": ["lookout"] * 5, "bases": ["trading-post"]},
        turn=9,
    )
    actions = rest_of_turn(state)
    assert actions == [
        {"do": "scrap", "card": "explorer"},
        {"do": "attack", "player": 1, "base": "trading-post"},
        {"do": "attack", "player": 1},
    ]
    assert state.over and state.winner == 0


def test_it_kills_rather_than_buying_or_hitting_bases() -> None:
    state = position(
        me={"in_play": ["dread-ship"], "combat": 7, "trade": 6},
        opp={"authority": 7, "hand": ["lookout"] * 5, "bases": ["barter-world"]},
    )
    assert playout_action(state, random.Random(0)) == {"do": "attack", "player": 1}


def test_it_destroys_a_base_that_feeds_the_opponent_before_hitting_them() -> None:
    state = position(
        me={"in_play": ["pounder"], "combat": 7},
        opp={"authority": 40, "hand": ["lookout"] * 5, "bases": ["barter-world"]},
        turn=9,
    )
    assert rest_of_turn(state) == [
        {"do": "attack", "player": 1, "base": "barter-world"},
        {"do": "attack", "player": 1},
        {"do": "end"},
    ]


def test_it_opens_outposts_when_the_player_is_out_of_reach_otherwise() -> None:
    state = position(
        me={"in_play": ["pounder"], "combat": 5},
        opp={"authority": 40, "hand": ["lookout"] * 5, "bases": ["battle-station"]},
        turn=9,
    )
    assert playout_action(state, random.Random(0)) == {
        "do": "attack",
        "player": 1,
        "base": "battle-station",
    }


@pytest.mark.parametrize("turn", [3, 15])
def test_it_scraps_starting_cards_with_scrap_card_effects(turn: int) -> None:
    state = position(
        me={"hand": ["trade-bot"], "discard": ["gnat", "viper", "cruiser", "lookout", "viper"]},
        turn=turn,
    )
    actions = rest_of_turn(state)
    assert actions[0] == {"do": "play", "card": "trade-bot"}
    assert actions[1]["do"] == "choose" and actions[1]["from"] == "discard"
    assert actions[1]["card"] in ("viper", "lookout")


def test_it_thins_from_the_hand_when_the_discard_pile_has_nothing_to_scrap() -> None:
    state = position(
        me={"hand": ["lookout", "viper", "battle-bot"], "discard": ["gnat", "cruiser"]}, turn=3
    )
    actions = rest_of_turn(state)
    assert actions[0] == {"do": "play", "card": "battle-bot"}
    assert actions[1] == {"do": "choose", "card": "viper", "from": "hand"}


@pytest.mark.parametrize(
    ("owned", "wanted"),
    [
        (["lance", "lance", "imperial-fighter", "imperial-fighter", "cruiser"], "imperial-frigate"),
        (["gnat", "gnat", "trade-pod", "trade-pod", "destroyer"], "pounder"),
    ],
)
def test_it_buys_for_faction_synergy(owned: list[str], wanted: str) -> None:
    state = position(
        me={"hand": ["lookout"] * 3, "discard": owned},
        trade_row=["imperial-frigate", "pounder", "gnat", "flagship", "command-ship"],
        turn=7,
    )
    buys = [a for a in rest_of_turn(state) if a["do"] == "buy"]
    assert buys == [{"do": "buy", "card": wanted}]


def test_it_plays_card_drawing_cards_first() -> None:
    state = position(me={"hand": ["lookout", "viper", "gnat", "envoy-ship"]})
    assert playout_action(state, random.Random(0)) == {"do": "play", "card": "envoy-ship"}


def test_it_discards_its_weakest_card_when_forced() -> None:
    state = position(
        me={"hand": ["cruiser", "viper", "gnat", "explorer", "lookout"], "pending_discards": 1}
    )
    action = playout_action(state, random.Random(0))
    assert action["do"] == "choose" and action["card"] in ("viper", "lookout")


def test_it_does_not_dilute_a_strong_deck_with_explorers_late() -> None:
    strong_deck = ["dread-ship", "mothership", "command-ship", "missile-machine", "flagship"] * 2
    state = position(
        me={"in_play": ["star-freighter"], "trade": 4, "deck": strong_deck},
        trade_row=["merchant-skiff", "imperial-fighter", "gnat", "flagship", "command-ship"],
        turn=24,
    )
    assert playout_action(state, random.Random(0)) == {"do": "end"}


def test_params_change_the_policy() -> None:
    # The default buys with 5 trade; a policy that counts every purchase as diluting the
    # deck heavily buys nothing.
    state = position(me={"in_play": ["lookout"] * 5, "trade": 5})
    assert playout_action(state, random.Random(0))["do"] == "buy"
    assert Policy(Params(dilution=50.0)).act(state) == {"do": "end"}


# ---------------------------------------------------------------------- evaluate


def test_evaluate_is_a_probability_that_favours_the_healthier_player() -> None:
    even = GAME.new(seed=5)
    for p in (0, 1):
        assert 0.0 < evaluate(even, p) < 1.0
    ahead = position(me={"hand": ["lookout"] * 5, "authority": 45}, opp={"authority": 12})
    assert evaluate(ahead, 0) > 0.8 > 0.2 > evaluate(ahead, 1)
    state = position(me={"in_play": ["dread-ship"], "combat": 7}, opp={"authority": 5})
    rest_of_turn(state)
    assert evaluate(state, 0) == 1.0 and evaluate(state, 1) == 0.0
