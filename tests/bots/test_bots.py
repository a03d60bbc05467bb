"""The bots: legal, deterministic for a seed, and greedy far stronger than random."""

from __future__ import annotations

import contextlib
import copy
from dataclasses import replace
from typing import Any

import pytest

import rumizi
from rumizi import bots
from rumizi.bots import greedy, make, names, strategies
from rumizi.bots.base import Bot
from rumizi.games.star_realms import GAME, StarRealmsState
from rumizi.games.star_realms.heuristics import choose as greedy_choose

Doc = dict[str, Any]


def play_game(
    seed: int, bots: list[Bot], max_turns: int = 300
) -> tuple[StarRealmsState, list[dict[str, Any]]]:
    """Play one game between ``bots`` (seat order), checking every choice is listed."""
    state = GAME.new(seed=seed)
    actions = []
    while not state.over and state.turn <= max_turns:
        me = state.to_act
        assert me is not None
        legal = state.legal_actions()
        view = state.view(me)
        before = copy.deepcopy(view)
        action = bots[me].choose(view, legal)
        assert action in legal
        assert view == before, "a bot changed the view it was given"
        actions.append(dict(action))
        state.apply(action)
    return state, actions


def test_both_bots_are_registered() -> None:
    assert {"random", "greedy"} <= set(names())
    assert type(make("greedy", seed=4)).__name__ == "GreedyBot"
    with pytest.raises(KeyError, match="unknown bot"):
        make("no-such-bot")


@pytest.mark.parametrize("pair", [("random", "random"), ("greedy", "random"), ("greedy", "greedy")])
def test_bots_choose_only_listed_actions(pair: tuple[str, str]) -> None:
    for seed in range(3):
        bots = [make(name, seed=seed * 10 + i) for i, name in enumerate(pair)]
        play_game(seed, bots, max_turns=120)


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_bots_are_deterministic_for_a_seed(name: str) -> None:
    def run(bot_seed: int) -> list[dict[str, Any]]:
        bots = [make(name, seed=bot_seed), make(name, seed=bot_seed + 1)]
        return play_game(21, bots, max_turns=60)[1]

    assert run(5) == run(5)
    if name == "random":
        assert run(5) != run(6)


def test_greedy_beats_random() -> None:
    wins = 0
    for seed in range(20):
        greedy_seat = seed % 2
        bots = [make("random", seed=seed), make("random", seed=seed)]
        bots[greedy_seat] = make("greedy", seed=seed)
        state, _ = play_game(seed, bots, max_turns=300)
        assert state.over, "greedy did not finish the game"
        wins += state.winner == greedy_seat
    assert wins >= 18


def test_greedy_dispatches_on_the_game_id() -> None:
    assert greedy.heuristic_for("star-realms") is greedy_choose
    with pytest.raises(KeyError):
        greedy.heuristic_for("no-such-game")
    calls = []

    def always_end(view: Doc, legal: list[Doc], rng: Any) -> Doc:
        calls.append(view["game"])
        return legal[-1]

    saved = strategies.strategy_for("star-realms")
    try:
        strategies.register_strategy("star-realms", replace(saved, choose=always_end))
        state = GAME.new(seed=1)
        me = state.to_act
        assert me is not None
        assert make("greedy").choose(state.view(me), state.legal_actions()) == {"do": "end"}
        assert calls == ["star-realms"]
    finally:
        strategies.register_strategy("star-realms", saved)


# ---------------------------------------------------------------------- greedy, move by move


def position(me: Doc, opp: Doc | None = None, **top: Any) -> StarRealmsState:
    """Player 0 to act, mid-turn (nothing played yet unless ``me`` says so)."""
    mine: Doc = {
        "authority": 50,
        "hand": [],
        "deck": ["lookout"] * 5,
        "discard": [],
        "bases": [],
        "pending_discards": 0,
        "in_play": [],
        "trade": 0,
        "combat": 0,
    }
    mine.update(me)
    theirs: Doc = {
        "authority": 50,
        "hand": ["lookout"] * 5,
        "deck": ["lookout"] * 3 + ["viper"] * 2,
        "discard": [],
        "bases": [],
        "pending_discards": 0,
    }
    theirs.update(opp or {})
    doc: Doc = {
        "game": "star-realms",
        "format": "duel",
        "turn": 9,
        "current": 0,
        "players": [mine, theirs],
        "trade_row": ["merchant-skiff", "lance", "supply-bot", "star-freighter", "flagship"],
        "trade_deck": ["gnat", "pounder", "cruiser"],
        "scrap_heap": [],
        "seed": 99,
    }
    doc.update(top)
    return GAME.load(doc)


def greedy_move(state: StarRealmsState) -> dict[str, Any]:
    me = state.to_act
    assert me is not None
    action = make("greedy").choose(state.view(me), state.legal_actions())
    return dict(action)


def greedy_turn(state: StarRealmsState) -> list[dict[str, Any]]:
    """Greedy's actions until its turn ends (or the game does)."""
    me = state.to_act
    moves = []
    while not state.over and state.to_act == me:
        action = greedy_move(state)
        moves.append(action)
        state.apply(action)
        if action["do"] == "end":
            break
    return moves


def test_greedy_plays_its_hand_drawing_cards_first_then_buys_then_attacks() -> None:
    state = position({"hand": ["viper", "lookout", "envoy-ship", "lookout"]})
    moves = greedy_turn(state)
    assert moves[0] == {"do": "play", "card": "envoy-ship"}
    first_buy = next(i for i, m in enumerate(moves) if m["do"] == "buy")
    assert all(m["do"] == "play" for m in moves[:first_buy])
    assert {"do": "attack", "player": 1} in moves
    assert moves[-1] == {"do": "end"}
    assert state.to_act == 1


def test_greedy_buys_the_best_card_it_can_afford() -> None:
    state = position({"in_play": ["star-freighter", "lookout", "lookout"], "trade": 6})
    assert greedy_move(state) == {"do": "buy", "card": "flagship"}


def test_greedy_scraps_a_weak_card_from_the_discard_pile() -> None:
    state = position(
        {
            "hand": ["trade-bot"],
            "deck": ["lookout"] * 4 + ["gnat", "flagship", "viper"],
            "discard": ["viper", "supply-bot", "lookout"],
        },
        turn=3,
    )
    state.apply({"do": "play", "card": "trade-bot"})
    move = greedy_move(state)
    assert move["do"] == "choose"
    assert move["from"] == "discard"
    assert move["card"] in ("viper", "lookout")


def test_greedy_keeps_a_small_deck_whole() -> None:
    state = position({"hand": ["trade-bot"], "deck": ["lookout"], "discard": ["viper", "lookout"]})
    state.apply({"do": "play", "card": "trade-bot"})
    assert greedy_move(state) == {"do": "skip"}


def test_greedy_discards_its_weakest_card() -> None:
    doc = position({}).export()
    doc["players"][0] = {
        "authority": 50,
        "hand": ["flagship", "lookout", "viper", "battle-station", "gnat"],
        "deck": ["lookout"] * 5,
        "discard": [],
        "bases": [],
        "pending_discards": 1,
    }
    state = GAME.load(doc)  # the turn starts: one card must go first
    move = greedy_move(state)
    assert move["do"] == "choose"
    assert move["card"] in ("lookout", "viper")


def test_greedy_clears_a_strong_card_from_the_row_and_skips_junk() -> None:
    row = ["merchant-skiff", "trade-bot", "command-ship", "gnat", "lance"]
    state = position({"hand": ["stinger"]}, trade_row=row)
    state.apply({"do": "play", "card": "stinger"})
    assert greedy_move(state) == {"do": "choose", "card": "command-ship", "from": "trade_row"}
    junk = ["merchant-skiff", "trade-bot", "gnat", "gnat", "lance"]
    state = position({"hand": ["stinger"]}, trade_row=junk)
    state.apply({"do": "play", "card": "stinger"})
    assert greedy_move(state) == {"do": "skip"}


def test_greedy_scraps_for_the_kill_through_an_outpost() -> None:
    state = position(
        {"in_play": ["explorer", "viper"], "combat": 7},
        {"authority": 4, "bases": ["trading-post"]},
    )
    moves = greedy_turn(state)
    assert moves[0] == {"do": "scrap", "card": "explorer"}
    assert {"do": "attack", "player": 1, "base": "trading-post"} in moves
    assert moves[-1] == {"do": "attack", "player": 1}
    assert state.over and state.winner == 0


def test_greedy_attacks_outposts_first_and_keeps_a_weak_base_standing() -> None:
    state = position(
        {"in_play": ["pounder"], "combat": 10},
        {"bases": ["battle-station", "monster-wheel"]},
    )
    assert greedy_move(state) == {"do": "attack", "player": 1, "base": "battle-station"}
    state = position({"in_play": ["pounder"], "combat": 5}, {"bases": ["monster-wheel"]})
    assert greedy_move(state) == {"do": "attack", "player": 1}


def test_greedy_never_looks_past_its_view() -> None:
    """Two positions that differ only in hidden cards get the same greedy move."""
    state = GAME.new(seed=8)
    bots = [make("greedy"), make("greedy")]
    for _ in range(60):
        me = state.to_act
        assert me is not None
        view = state.view(me)
        other = GAME.sample(view, seed=len(view["players"][me]["discard"]))
        move = bots[me].choose(view, state.legal_actions())
        assert move == bots[me].choose(other.view(me), other.legal_actions())
        state.apply(move)
        if state.over:
            break


def test_records_of_bot_games_replay() -> None:
    state, actions = play_game(4, [make("greedy"), make("random", seed=4)])
    record = rumizi.GameRecord("star-realms", seed=4, actions=actions)
    assert record.final_state().export() == state.export()


# ----------------------------------------------------------------------- making bots by name


@pytest.mark.parametrize("name", ["random", "greedy", "easy"])
def test_a_bot_without_options_says_so_when_given_one(name: str) -> None:
    with pytest.raises(
        TypeError, match=f"bot '{name}' takes no options besides its seed; not budget"
    ):
        make(name, budget=0.5)


def test_strong_explores_only_its_opening_and_only_when_asked() -> None:
    """``explore``: the chance of a random move in each of the first ``opening`` decisions
    (self-play for learning); by default none, and then the policy's move every time."""
    state = rumizi.game("star-realms").new(seed=11)
    plain, explorer = make("strong", seed=4), make("strong", seed=4, explore=1.0, opening=6)
    differ = 0
    for number in range(40):
        me = state.to_act
        assert me is not None
        view, legal = state.view(me), state.legal_actions()
        mine = explorer.choose(view, legal)
        policy = make("strong", seed=4).choose(view, legal)
        assert plain.choose(view, legal) == policy
        if len(legal) > 1 and number >= 6 * 2:  # past both openings (at most 6 each)
            assert mine == policy
        differ += mine != policy
        state.apply(policy)
    assert differ > 0
    with pytest.raises(ValueError, match="explore must be a chance from 0 to 1"):
        make("strong", explore=1.5)


def test_a_misspelt_option_is_refused_with_the_options_the_bot_takes() -> None:
    with pytest.raises(TypeError) as info:
        make("hard", seed=1, budgt=0.5)
    message = str(info.value)
    assert message.startswith("bot 'hard' takes the options budget, iterations, horizon")
    assert message.endswith("; not budgt")


def test_the_options_listed_are_the_constructors_keywords_along_its_ancestry() -> None:
    assert bots.options_of("medium") == ("budget",)
    assert bots.options_of("random") == ()
    hard = bots.options_of("hard")
    assert hard[:3] == ("budget", "iterations", "horizon")  # the search bot's, then flat MC's
    assert {"race_z", "stop_z"} <= set(hard) and "seed" not in hard
    assert "race_z" not in bots.options_of("ismcts")
    for name in names():
        for option in bots.options_of(name):
            # The constructor takes each one listed: no TypeError (None may be a bad value).
            with contextlib.suppress(ValueError):
                make(name, seed=1, **{option: None})


@pytest.mark.parametrize("seed", ["x", 1.5, True, None])
@pytest.mark.parametrize("name", ["random", "hard"])
def test_a_bot_seed_is_an_int(name: str, seed: Any) -> None:
    with pytest.raises(ValueError, match=f"bot '{name}': seed: expected an int"):
        make(name, seed=seed)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"budget": "fast"}, "budget must be positive seconds, not 'fast'"),
        ({"budget": 0}, "budget must be positive seconds, not 0"),
        ({"budget": None, "iterations": 2.5}, "iterations must be a whole number"),
        ({"iterations": 8, "horizon": True}, "horizon must be a number of turns"),
        ({"budget": None}, "needs a time budget or an iteration budget"),
    ],
)
def test_a_search_bot_refuses_a_budget_it_cannot_use(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=f"bot 'hard'.*{message}"):
        make("hard", seed=1, **options)


def test_the_readme_bot_snippet_options_are_taken() -> None:
    bot = make("hard", seed=1, budget=0.5)
    assert (bot.seed, bot.budget) == (1, 0.5)
