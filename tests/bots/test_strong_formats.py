"""The strong and greedy Star Realms players at multiplayer tables (spec §3): legal in every
format, deliberate about whom they hurt, and blind to what their player cannot see."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from rumizi.bots import make
from rumizi.core.contract import Action
from rumizi.games.star_realms import GAME, StarRealmsState
from rumizi.games.star_realms.engine import seat_team
from rumizi.games.star_realms.heuristics import choose as greedy_choose
from rumizi.games.star_realms.strategy import Policy, evaluate, playout_action

Doc = dict[str, Any]
Decide = Callable[[StarRealmsState], Action]
STARTERS = ["lookout"] * 5 + ["viper"] * 2
ROW = ["merchant-skiff", "lance", "supply-bot", "star-freighter", "flagship"]
FORMATS = [
    ("free-for-all", 3),
    ("free-for-all", 5),
    ("hunter", 4),
    ("hydra", 4),
    ("hydra", 6),
    ("emperor", 6),
    ("raid", 3),
    ("raid", 5),
]


# ---------------------------------------------------------------------- helpers


def seat(**fields: Any) -> Doc:
    doc: Doc = {
        "authority": 50,
        "hand": ["lookout"] * 5,
        "deck": list(STARTERS),
        "discard": [],
        "bases": [],
        "pending_discards": 0,
    }
    doc.update(copy.deepcopy(fields))
    return doc


def table(fmt: str, seats: list[Doc], current: int = 0, **top: Any) -> StarRealmsState:
    """A position at the table; mid-turn fields (``in_play``, ``combat``...) resume mid-turn."""
    doc: Doc = {
        "game": "star-realms",
        "format": fmt,
        "turn": 9,
        "current": current,
        "players": seats,
        "trade_row": list(ROW),
        "trade_deck": ["mothership", "dread-ship", "cruiser"],
        "scrap_heap": [],
        "seed": 17,
    }
    doc.update(top)
    return GAME.load(doc)


def strong(state: StarRealmsState) -> Action:
    return playout_action(state, random.Random(0))


def greedy(state: StarRealmsState) -> Action:
    me = state.to_act
    assert me is not None
    return greedy_choose(state.view(me), state.legal_actions())


def rest_of_turn(state: StarRealmsState, decide: Decide) -> list[Action]:
    """Play the current player's turn out (answering any bequest on the way)."""
    me = state.current
    actions = []
    while not state.over and state.current == me:
        action = decide(state)
        assert action in state.legal_actions(), (action, state.export())
        actions.append(action)
        state.apply(action)
    return actions


def play_bots(fmt: str, players: int, seed: int, names: list[str]) -> StarRealmsState:
    """A whole game between bots deciding from their views; every move checked."""
    state = GAME.new(seed=seed, players=players, format=fmt)
    bots = [make(names[i % len(names)], seed=seed + i) for i in range(players)]
    while not state.over and state.turn <= 500:
        me = state.to_act
        assert me is not None
        legal = state.legal_actions()
        action = bots[me].choose(state.view(me), legal)
        assert action in legal, (fmt, action)
        state.apply(action)
    return state


# ---------------------------------------------------------------------- whole games


@pytest.mark.parametrize(("fmt", "players"), FORMATS)
def test_strong_and_greedy_play_every_format_to_the_end(fmt: str, players: int) -> None:
    state = play_bots(fmt, players, seed=3, names=["strong", "greedy"])
    assert state.over and state.winner is not None


@pytest.mark.parametrize(("fmt", "players"), FORMATS)
def test_playout_action_is_legal_at_every_table(fmt: str, players: int) -> None:
    for seed in range(2):
        state = GAME.new(seed=seed, players=players, format=fmt)
        while not state.over and state.turn <= 500:
            action = strong(state)
            assert action in state.legal_actions(), (action, state.export())
            state.apply(action)
        assert state.over


def test_strong_beats_greedy_in_a_free_for_all_and_in_hydra() -> None:
    wins = 0
    games = 45  # 15 deals, strong in each seat of each
    for g in range(games):
        mine = g % 3
        state = GAME.new(seed=700 + g // 3, players=3, format="free-for-all")
        while not state.over:
            state.apply(strong(state) if state.to_act == mine else greedy(state))
        wins += state.winner == mine
    assert wins >= 22, f"strong won {wins} of {games} three-player free-for-alls (fair: 15)"
    wins = 0
    for g in range(16):
        side = g % 2
        state = GAME.new(seed=800 + g, players=4, format="hydra")
        while not state.over:
            team = seat_team("hydra", 4, state.to_act or 0)
            state.apply(strong(state) if team == side else greedy(state))
        wins += state.winner == side
    assert wins >= 11, f"a strong hydra team won {wins} of 16 against greedy"


# ---------------------------------------------------------------------- whom to hurt


@pytest.mark.parametrize("decide", [strong, greedy])
def test_free_for_all_it_finishes_a_player_it_can_reach(decide: Decide) -> None:
    seats = [
        seat(hand=[], in_play=["dread-ship"], combat=7),
        seat(authority=40),
        seat(authority=3, bases=["trading-post"]),  # 4 + 3 = 7: just within reach
        seat(authority=30),
    ]
    state = table("free-for-all", seats)
    actions = rest_of_turn(state, decide)
    assert actions[:2] == [
        {"do": "attack", "player": 2, "base": "trading-post"},
        {"do": "attack", "player": 2, "amount": 3},
    ]
    assert state.players[2].eliminated


def test_free_for_all_with_no_kill_it_hits_the_leader_with_everything() -> None:
    seats = [
        seat(hand=[], in_play=["pounder"], combat=5),
        seat(authority=25),
        seat(authority=48),
        seat(authority=31),
    ]
    state = table("free-for-all", seats)
    assert strong(state) == {"do": "attack", "player": 2, "amount": 5}
    assert greedy(state) == {"do": "attack", "player": 2, "amount": 5}


@pytest.mark.parametrize("decide", [strong, greedy])
def test_hunter_it_attacks_the_left_neighbour(decide: Decide) -> None:
    # The right neighbour (seat 3) is nearly dead, but only seat 1 may be hit.
    seats = [
        seat(hand=[], in_play=["dread-ship"], combat=7),
        seat(authority=40),
        seat(authority=20),
        seat(authority=2),
    ]
    state = table("hunter", seats)
    actions = rest_of_turn(state, decide)
    hits = [a for a in actions if a["do"] == "attack"]
    assert hits == [{"do": "attack", "player": 1, "amount": 7}]  # the whole pool
    assert state.players[1].authority == 33 and state.players[3].authority == 2


@pytest.mark.parametrize("decide", [strong, greedy])
def test_hunter_a_kill_leaves_the_rest_for_the_next_target(decide: Decide) -> None:
    seats = [
        seat(hand=[], in_play=["dread-ship"], combat=7),
        seat(authority=3),
        seat(authority=40),
        seat(authority=40),
    ]
    state = table("hunter", seats)
    actions = rest_of_turn(state, decide)
    hits = [a for a in actions if a["do"] == "attack"]
    assert hits == [
        {"do": "attack", "player": 1, "amount": 3},
        {"do": "attack", "player": 2, "amount": 4},
    ]
    assert state.players[1].eliminated and state.players[2].authority == 36


def test_hunter_it_breaks_the_bases_that_feed_its_attacker() -> None:
    # The right neighbour attacks us; their combat base is worth more to break than 4
    # damage to the left neighbour.
    seats = [
        seat(hand=[], in_play=["imperial-fighter", "imperial-fighter"], combat=4),
        seat(authority=40),
        seat(authority=40),
        seat(authority=40, bases=["space-station"]),
    ]
    state = table("hunter", seats)
    assert strong(state) == {"do": "attack", "player": 3, "base": "space-station"}


@pytest.mark.parametrize("decide", [strong, greedy])
def test_raid_it_finishes_a_damaged_boss_base(decide: Decide) -> None:
    boss = seat(authority=70, bases=["monster-wheel", "barter-world"])
    # Monster Wheel has 1 defense left; Barter World 4, more than the 3 combat.
    seats = [{**boss, "damage": [4, 0]}, seat(hand=[], in_play=["gnat"], combat=3), seat()]
    state = table("raid", seats, current=1)
    actions = rest_of_turn(state, decide)
    assert actions[0] == {"do": "attack", "player": 0, "base": "monster-wheel", "amount": 1}
    assert state.players[0].field == [state.players[0].field[0]]  # only barter-world left


@pytest.mark.parametrize("decide", [strong, greedy])
def test_raid_it_wears_down_an_outpost_that_keeps_the_boss_out_of_reach(decide: Decide) -> None:
    boss = seat(authority=70, bases=["battle-station"])  # an outpost, defense 5
    seats = [boss, seat(hand=[], in_play=["gnat"], combat=3), seat(), seat()]
    state = table("raid", seats, current=1)
    assert decide(state) == {"do": "attack", "player": 0, "base": "battle-station", "amount": 3}


def test_raid_the_boss_picks_off_the_weakest_raider() -> None:
    seats = [seat(authority=70, hand=[], in_play=["pounder"], combat=5)]
    seats += [seat(authority=30), seat(authority=12), seat(authority=44)]
    state = table("raid", seats)
    assert strong(state) == {"do": "attack", "player": 2, "amount": 5}
    assert greedy(state) == {"do": "attack", "player": 2, "amount": 5}


def test_hydra_the_last_member_buys_with_the_pooled_trade() -> None:
    # Seat 0 played first and left 4 trade; seat 2 has 3 of their own: 7 buys a 6- or 7-cost.
    seats = [
        seat(hand=[], in_play=["star-freighter"], trade=4),
        seat(authority=75),
        seat(authority=75, hand=[], in_play=["trade-pod"], trade=3),
        seat(authority=75),
    ]
    for s in seats[::2]:
        s["authority"] = 75
    row = ["dread-ship", "command-ship", "mothership", "flagship", "cruiser"]
    state = table("hydra", seats, current=2, trade_row=row)
    action = strong(state)
    assert action["do"] == "buy" and action["card"] in ("dread-ship", "mothership", "flagship")
    state.apply(action)
    assert state.players[0].trade < 4  # the teammate's trade paid for part of it


def test_hydra_a_member_with_teammates_to_come_leaves_them_the_change() -> None:
    seats = [
        seat(authority=75, hand=[], in_play=["lookout", "lookout"], trade=2),
        seat(authority=75),
        seat(authority=75),
        seat(authority=75),
    ]
    row = ["dread-ship", "command-ship", "mothership", "flagship", "cruiser"]
    early = table("hydra", seats, turn=3, trade_row=row)
    assert {"do": "buy", "card": "explorer", "member": 0} in early.legal_actions()
    # Seat 2 has yet to play: the last member spends the team's whole pool.
    assert strong(early) == {"do": "end"}


def test_hydra_the_last_member_buys_for_the_member_whose_deck_the_card_helps_most() -> None:
    # Seat 2 ends the team's turn with 4 trade. A Pounder helps seat 0's deck of Trade Pods
    # (Monsters that make trade, wanting combat and an ally) more than seat 2's starting deck.
    seats = [
        seat(authority=75, hand=[], deck=["trade-pod"] * 4 + ["lookout"] * 6),
        seat(authority=75),
        seat(authority=75, hand=[], in_play=["lookout"] * 4, trade=4),
        seat(authority=75),
    ]
    row = ["pounder", "lance", "lance", "lance", "lance"]
    state = table("hydra", seats, current=2, trade_row=row, turn=4)
    actions = rest_of_turn(state, strong)
    assert actions[0] == {"do": "buy", "card": "pounder", "member": 0}
    assert state.export()["players"][0]["discard"] == ["pounder"]


def test_hydra_combat_is_one_team_pool() -> None:
    # Seat 0 left 3 combat; seat 2 adds 2: 5 breaks the enemy's outpost, guarding their team.
    seats = [
        seat(authority=75, hand=[], in_play=["gnat"], combat=3),
        seat(authority=75),
        seat(authority=75, hand=[], in_play=["viper", "viper"], combat=2),
        seat(authority=75, bases=["battle-station"]),
    ]
    state = table("hydra", seats, current=2)
    actions = rest_of_turn(state, strong)
    assert actions[0] == {"do": "attack", "player": 3, "base": "battle-station"}
    assert state.players[1].authority == 75  # nothing of seat 2's own combat was left


@pytest.mark.parametrize("decide", [strong, greedy])
def test_emperor_a_fallen_admiral_bequeaths_its_best_card_to_the_emperor(decide: Decide) -> None:
    seats = [seat() for _ in range(6)]
    seats[1]["authority"] = seats[4]["authority"] = 60
    # Admiral 3 faces admiral 2, who is about to fall with a Command Ship in the discard pile.
    seats[3] = seat(hand=[], in_play=["dread-ship"], combat=7)
    seats[2] = seat(authority=6, hand=["lookout", "viper"], discard=["command-ship", "viper"])
    state = table("emperor", seats, current=3)
    assert decide(state) == {"do": "attack", "player": 2, "amount": 6}
    state.apply({"do": "attack", "player": 2, "amount": 6})
    assert state.to_act == 2 and state.bequests == [(2, 1)]
    assert decide(state) == {"do": "choose", "card": "command-ship", "from": "discard"}
    state.apply(decide(state))
    # The combat left goes on against the enemy emperor.
    assert decide(state) == {"do": "attack", "player": 1, "amount": 1}


def test_emperor_an_emperor_takes_the_winning_kill_first() -> None:
    seats = [seat() for _ in range(6)]
    seats[1] = seat(authority=60, hand=[], in_play=["dread-ship"], combat=7)
    seats[4]["authority"] = 7
    seats[3]["authority"] = 2
    state = table("emperor", seats, current=1)
    assert strong(state) == {"do": "attack", "player": 4, "amount": 7}
    assert greedy(state) == {"do": "attack", "player": 4, "amount": 7}


def test_emperor_an_admiral_about_to_fall_hands_good_cards_to_its_emperor() -> None:
    seats = [seat() for _ in range(6)]
    seats[1]["authority"] = seats[4]["authority"] = 60
    seats[0] = seat(authority=4, hand=[], in_play=["lookout"], trade=1, discard=["mothership"])
    seats[5] = seat(discard=["dread-ship", "pounder", "gnat"])  # the admiral opposite
    row = ["dread-ship", "command-ship", "mothership", "flagship", "cruiser"]  # nothing for 1
    state = table("emperor", seats, current=0, trade_row=row)
    assert strong(state) == {"do": "transfer", "card": "mothership", "player": 1}
    # Healthy, it keeps its cards (and its trade).
    seats[0]["authority"] = 50
    assert strong(table("emperor", seats, current=0, trade_row=row)) == {"do": "end"}


def test_opp_discard_goes_to_the_opponent_with_the_strongest_deck() -> None:
    seats = [
        seat(hand=["imperial-fighter"]),
        seat(),
        seat(discard=["dread-ship", "mothership", "command-ship"]),
        seat(),
    ]
    state = table("free-for-all", seats)
    state.apply({"do": "play", "card": "imperial-fighter"})
    assert strong(state) == {"do": "choose", "player": 2}


# ---------------------------------------------------------------------- never peeks


@pytest.mark.parametrize(("fmt", "players"), [("free-for-all", 4), ("raid", 4), ("hydra", 4)])
def test_it_decides_the_same_whatever_the_hidden_cards(fmt: str, players: int) -> None:
    """Two states that differ only in what the acting player cannot see (other hands, every
    deck's order, the trade deck, the seed) give the same move."""
    rng = random.Random(1)
    differ = 0
    for seed in range(2):
        state = GAME.new(seed=40 + seed, players=players, format=fmt)
        steps = 0
        while not state.over and steps < 250:
            me = state.to_act
            assert me is not None
            twin = GAME.sample(state.view(me), seed=rng.getrandbits(32))
            assert twin.view(me) == state.view(me)
            differ += twin.export() != state.export()
            action = Policy().act(state)
            assert Policy().act(twin) == action
            state.apply(playout_action(state, rng))
            steps += 1
    assert differ > 300


# ---------------------------------------------------------------------- evaluate


@pytest.mark.parametrize(("fmt", "players"), FORMATS)
def test_evaluate_is_a_probability_in_every_format(fmt: str, players: int) -> None:
    state = GAME.new(seed=9, players=players, format=fmt)
    rng = random.Random(2)
    while not state.over:
        values = [evaluate(state, p) for p in range(players)]
        assert all(0.0 <= v <= 1.0 for v in values)
        if fmt in ("free-for-all", "hunter"):
            assert sum(values) == pytest.approx(1.0)
        else:
            teams = [q.team for q in state.players]
            for p in range(players):  # one chance per team
                assert values[p] == values[teams.index(teams[p])]
        state.apply(playout_action(state, rng))
    assert [evaluate(state, p) for p in range(players)] == [
        1.0 if state.is_winner(p) else 0.0 for p in range(players)
    ]


def test_evaluate_favours_the_healthier_side() -> None:
    ffa = table("free-for-all", [seat(authority=45), seat(authority=10), seat(authority=30)])
    assert evaluate(ffa, 0) > evaluate(ffa, 2) > evaluate(ffa, 1)
    hydra = table("hydra", [seat(authority=a) for a in (70, 20, 70, 20)], current=1)
    assert evaluate(hydra, 0) > 0.7 > 0.3 > evaluate(hydra, 1)
    assert evaluate(hydra, 0) + evaluate(hydra, 1) == pytest.approx(1.0)
    raid = table("raid", [seat(authority=10)] + [seat(authority=45) for _ in range(3)])
    assert evaluate(raid, 1) > 0.8 > 0.2 > evaluate(raid, 0)
    emperor = [seat() for _ in range(6)]
    emperor[1]["authority"], emperor[4]["authority"] = 60, 8
    assert evaluate(table("emperor", emperor), 0) > 0.7
