"""Search bots: legal, reproducible with an iteration budget, blind to hidden cards, generic."""

from __future__ import annotations

import json
import random
from typing import Any, ClassVar

import pytest

from rumizi.bots import make, names
from rumizi.bots.base import Bot
from rumizi.bots.levels import EasyBot, HardBot, MediumBot
from rumizi.bots.search import (
    MIN_SWITCH,
    FlatMCBot,
    ISMCTSBot,
    SearchBot,
    Strategy,
    action_key,
    random_action,
    strategy_for,
)
from rumizi.core.contract import Action, Document, Game, GameState, View
from rumizi.games.star_realms import GAME, StarRealmsState
from rumizi.games.star_realms.search_hints import obvious_action

SEARCHERS: list[type[SearchBot]] = [FlatMCBot, ISMCTSBot]


def quick(state: GameState, player: int) -> float:
    """A cheap stand-in evaluator (authority share) so that Star Realms tests stay fast."""
    assert isinstance(state, StarRealmsState)
    mine = max(state.players[player].authority, 0)
    other = max(state.players[1 - player].authority, 0)
    return (mine + 1) / (mine + other + 2)


FAST_SR = Strategy(random_action, quick, obvious_action, "test")


def sr_bot(cls: type[SearchBot], seed: int, iterations: int = 16) -> SearchBot:
    return cls(seed, iterations=iterations, horizon=1, strategy=FAST_SR)


def positions(seed: int, count: int) -> list[StarRealmsState]:
    """Positions from one greedy-vs-greedy game: the first ``count`` with a real decision."""
    state = GAME.new(seed=seed)
    bots = [make("greedy"), make("greedy")]
    found: list[StarRealmsState] = []
    while not state.over and len(found) < count:
        me = state.to_act
        assert me is not None
        legal = state.legal_actions()
        if len(legal) > 1 and obvious_action(state) is None:
            found.append(state.clone())
        state.apply(bots[me].choose(state.view(me), legal))
    return found


# ---------------------------------------------------------------------- Star Realms


def test_the_search_bots_are_registered() -> None:
    assert {"flat-mc", "ismcts", "easy", "medium", "hard"} <= set(names())
    assert isinstance(make("flat-mc", seed=1, iterations=3), FlatMCBot)
    hard = make("hard", seed=1, budget=0.5)
    assert isinstance(hard, HardBot) and isinstance(hard, FlatMCBot)
    assert hard.budget == 0.5 and hard.iterations is None
    default = make("hard")
    assert isinstance(default, HardBot) and default.budget == 1.0
    reproducible = make("hard", iterations=5)
    assert isinstance(reproducible, SearchBot) and reproducible.budget is None
    assert isinstance(make("easy"), EasyBot) and isinstance(make("medium"), MediumBot)
    with pytest.raises(ValueError, match="budget"):
        FlatMCBot(budget=None)
    with pytest.raises(ValueError, match="iterations"):
        ISMCTSBot(iterations=0)


@pytest.mark.parametrize("cls", SEARCHERS)
def test_search_plays_only_legal_actions(cls: type[SearchBot]) -> None:
    state = GAME.new(seed=2)
    bots = [sr_bot(cls, 3, iterations=6), make("greedy")]
    searched = 0
    while not state.over and state.turn <= 16:
        me = state.to_act
        assert me is not None
        legal = state.legal_actions()
        view = state.view(me)
        action = bots[me].choose(view, legal)
        assert action in legal
        bot = bots[me]
        if isinstance(bot, SearchBot) and bot.stats.searched:
            searched += 1
            assert bot.stats.iterations == 6
        state.apply(action)
    assert searched >= 5


@pytest.mark.parametrize("cls", SEARCHERS)
def test_search_is_deterministic_for_a_seed_and_an_iteration_budget(
    cls: type[SearchBot],
) -> None:
    found = positions(6, 6)

    def decisions(seed: int) -> list[Action]:
        bot = sr_bot(cls, seed)
        return [bot.choose(s.view(s.to_act), s.legal_actions()) for s in found]

    first = decisions(11)
    assert decisions(11) == first
    assert any(decisions(s) != first for s in (12, 13, 14, 15))  # the seed matters


def hidden_twin(state: StarRealmsState) -> StarRealmsState:
    """The same position with every hidden thing changed: a fact the acting player cannot see.

    Export, then re-deal the opponent's hand and deck (keeping the cards known to be in hand),
    reverse the trade deck and the acting player's own deck order, and change the seed.
    """
    doc = state.export()
    me = doc["current"]
    opp = doc["players"][1 - me]
    pool = opp["hand"] + opp["deck"]
    for card in opp.get("known_hand", []):
        pool.remove(card)
    random.Random(len(pool)).shuffle(pool)
    pool.sort(reverse=True)  # a deterministic, different deal
    need = len(opp["hand"]) - len(opp.get("known_hand", []))
    opp["hand"] = opp.get("known_hand", []) + pool[:need]
    opp["deck"] = pool[need:]
    doc["players"][me]["deck"].reverse()
    doc["trade_deck"].reverse()
    doc["seed"] = doc["seed"] ^ 0x5DEECE66D
    twin = GAME.load(doc)
    assert twin.export() != state.export()
    return twin


@pytest.mark.parametrize("cls", SEARCHERS)
def test_search_never_peeks(cls: type[SearchBot]) -> None:
    differ = 0
    for state in positions(9, 8):
        me = state.to_act
        assert me is not None
        view = state.view(me)
        for other in (hidden_twin(state), GAME.sample(view, seed=77)):
            assert other.view(me) == view
            assert other.legal_actions() == state.legal_actions()
            theirs = 1 - me
            differ += other.players[theirs].hand != state.players[theirs].hand
            a = sr_bot(cls, 5).choose(view, state.legal_actions())
            b = sr_bot(cls, 5).choose(other.view(me), other.legal_actions())
            assert a == b
    assert differ >= 4  # the opponent's hand really was different


def test_hard_never_peeks_with_the_game_own_strategy() -> None:
    for state in positions(12, 4):
        me = state.to_act
        assert me is not None
        twin = hidden_twin(state)
        assert twin.view(me) == state.view(me)
        a = make("hard", seed=3, iterations=8).choose(state.view(me), state.legal_actions())
        b = make("hard", seed=3, iterations=8).choose(twin.view(me), twin.legal_actions())
        assert a == b


def test_one_legal_action_needs_no_search() -> None:
    class NoSampling(Game):
        id = "star-realms"
        names: ClassVar[dict[str, str]] = {}
        min_players = max_players = 2

        def new(self, seed: int = 0, players: int = 2, **options: Any) -> GameState:
            raise AssertionError

        def load(self, doc: Document) -> GameState:
            raise AssertionError

        def sample(self, view: View, seed: int) -> GameState:
            raise AssertionError("a forced move was searched")

    only = [{"do": "end"}]
    for cls in SEARCHERS:
        bot = cls(1, budget=10.0, game=NoSampling(), strategy=FAST_SR)
        assert bot.choose({"game": "star-realms"}, only) is only[0]
        assert not bot.stats.searched
    for name in ("easy", "medium", "hard"):
        assert make(name).choose({"game": "star-realms"}, only) is only[0]


def test_obvious_moves_are_made_without_search() -> None:
    state = GAME.new(seed=4)
    me = state.to_act
    assert me is not None
    bot = ISMCTSBot(1, iterations=50, strategy=FAST_SR)
    action = bot.choose(state.view(me), state.legal_actions())
    assert action == {"do": "play", "card": "lookout"}
    assert not bot.stats.searched


def test_the_levels_play_star_realms() -> None:
    for state in positions(3, 3):
        me = state.to_act
        assert me is not None
        legal = state.legal_actions()
        for bot in (make("easy"), make("medium", seed=2)):
            assert bot.choose(state.view(me), legal) in legal


def test_the_default_strategy_is_found_per_game() -> None:
    strategy = strategy_for(GAME)
    assert strategy.obvious_action is not None
    assert strategy.source in ("strategy", "heuristics")
    state = positions(5, 1)[0]
    me = state.to_act
    assert me is not None
    bot = FlatMCBot(2, iterations=3, horizon=2)
    assert bot.choose(state.view(me), state.legal_actions()) in state.legal_actions()
    assert bot.stats.searched and bot.stats.playout_steps > 0


def test_action_keys_are_canonical() -> None:
    assert action_key({"do": "attack", "player": 1, "base": "lance"}) == action_key(
        {"base": "lance", "player": 1, "do": "attack"}
    )
    assert action_key({"do": "x", "cards": ["a", "b"]}) != action_key({"do": "x", "cards": ["b"]})


# ---------------------------------------------------------------------- a game of our own


class PileState(GameState):
    """Take 1-3 stones; whoever takes the last stone wins. Everyone holds a secret number."""

    game_id: ClassVar[str] = "pile"
    __slots__ = ("current", "pile", "players", "secrets")

    def __init__(self, pile: int, players: int, secrets: list[int], current: int = 0) -> None:
        self.pile = pile
        self.players = players
        self.secrets = secrets
        self.current = current

    @classmethod
    def game(cls) -> Game:
        return PILE

    def legal_actions(self) -> list[Action]:
        return [{"do": "take", "n": n} for n in (1, 2, 3) if n <= self.pile]

    def apply(self, action: Action) -> None:
        assert action in self.legal_actions(), action
        self.pile -= action["n"]
        if self.pile:
            self.current = (self.current + 1) % self.players

    @property
    def to_act(self) -> int | None:
        return None if self.over else self.current

    @property
    def over(self) -> bool:
        return self.pile == 0

    @property
    def winner(self) -> int | None:
        return self.current if self.over else None

    @property
    def num_players(self) -> int:
        return self.players

    def export(self) -> Document:
        return {"game": "pile", "pile": self.pile, "secrets": self.secrets, "current": self.current}

    def view(self, player: int | None) -> View:
        return {
            "game": "pile",
            "pile": self.pile,
            "players": self.players,
            "current": self.current,
            "viewer": player,
            "secret": None if player is None else self.secrets[player],
        }

    def clone(self) -> PileState:
        return PileState(self.pile, self.players, self.secrets[:], self.current)


class Pile(Game):
    id = "pile"
    names: ClassVar[dict[str, str]] = {"en": "Pile"}
    min_players = 2
    max_players = 4

    def new(self, seed: int = 0, players: int = 2, **options: Any) -> PileState:
        rng = random.Random(seed)
        return PileState(options.get("pile", 10), players, [rng.randrange(100) for _ in "ab"])

    def load(self, doc: Document) -> PileState:
        return PileState(doc["pile"], len(doc["secrets"]), doc["secrets"], doc["current"])

    def sample(self, view: View, seed: int) -> PileState:
        rng = random.Random(seed)
        secrets = [rng.randrange(100) for _ in range(view["players"])]
        if view["viewer"] is not None:
            secrets[view["viewer"]] = view["secret"]
        return PileState(view["pile"], view["players"], secrets, view["current"])


PILE = Pile()


@pytest.mark.parametrize("cls", SEARCHERS)
def test_search_works_through_the_contract_alone(cls: type[SearchBot]) -> None:
    # Five stones: taking one leaves the opponent a lost position (a multiple of four).
    state = PileState(5, 2, [7, 8])
    view = state.view(0)
    bot = cls(3, iterations=400, game=PILE)
    assert bot.choose(view, state.legal_actions()) == {"do": "take", "n": 1}
    # Hidden secrets do not matter to the bot.
    twin = PileState(5, 2, [7, 93])
    assert twin.view(0) == view
    assert cls(3, iterations=60, game=PILE).choose(view, state.legal_actions()) == cls(
        3, iterations=60, game=PILE
    ).choose(twin.view(0), twin.legal_actions())
    assert strategy_for(PILE).source == "random"


def test_ismcts_handles_more_than_two_players() -> None:
    state = PileState(9, 3, [1, 2, 3])
    bots: list[Bot] = [ISMCTSBot(s, iterations=300, game=PILE) for s in range(3)]
    while not state.over:
        me = state.to_act
        assert me is not None
        action = bots[me].choose(state.view(me), state.legal_actions())
        assert action in state.legal_actions()
        state.apply(action)
    # With 1-3 stones and three players, a player facing 1-3 stones takes them all.
    assert PileState(3, 3, [0, 0, 0]).legal_actions()[-1] == {"do": "take", "n": 3}
    assert ISMCTSBot(0, iterations=200, game=PILE).choose(
        PileState(3, 3, [0, 0, 0]).view(0), PileState(3, 3, [0, 0, 0]).legal_actions()
    ) == {"do": "take", "n": 3}


def take_most(state: GameState, rng: random.Random) -> Action:
    """A poor but deterministic playout policy for the pile game: always take all you may."""
    return state.legal_actions()[-1]


@pytest.mark.parametrize("cls", SEARCHERS)
def test_search_keeps_the_policy_move_unless_another_is_clearly_better(
    cls: type[SearchBot],
) -> None:
    greedy_pile = Strategy(take_most, source="test")
    if cls is FlatMCBot:  # (ISMCTS searches the opponent's replies too, not just the policy's)
        # Four stones: every move loses against this policy, so the policy's move stands.
        four = PileState(4, 2, [0, 0])
        flat = cls(1, iterations=60, game=PILE, strategy=greedy_pile)
        assert flat.choose(four.view(0), four.legal_actions()) == {"do": "take", "n": 3}
    # Five stones: taking one wins in every world, taking three loses in every world.
    five = PileState(5, 2, [0, 0])
    bot = cls(1, iterations=60, game=PILE, strategy=greedy_pile)
    assert bot.choose(five.view(0), five.legal_actions()) == {"do": "take", "n": 1}


def test_flat_search_stops_early_on_a_clear_decision() -> None:
    greedy_pile = Strategy(take_most, source="test")
    # Four stones: every move loses in every world, so no challenger can beat the policy's
    # move and the race ends after the minimum number of worlds, long before the budget.
    four = PileState(4, 2, [0, 0])
    bot = FlatMCBot(1, iterations=3000, game=PILE, strategy=greedy_pile, min_worlds=10)
    assert bot.choose(four.view(0), four.legal_actions()) == {"do": "take", "n": 3}
    assert bot.stats.searched and bot.stats.iterations == 10 * 3
    # The same with a time budget: it does not wait for the deadline.
    timed = FlatMCBot(1, budget=30.0, game=PILE, strategy=greedy_pile)
    assert timed.choose(four.view(0), four.legal_actions()) == {"do": "take", "n": 3}
    assert timed.stats.seconds < 5.0
    # Five stones: taking one wins in every world and the policy's move loses in every one;
    # the race ends as soon as that is plain.
    five = PileState(5, 2, [0, 0])
    bot = FlatMCBot(1, iterations=3000, game=PILE, strategy=greedy_pile, min_worlds=10)
    assert bot.choose(five.view(0), five.legal_actions()) == {"do": "take", "n": 1}
    assert bot.stats.iterations == 10 * 3


def test_flat_search_races_only_the_candidates_that_may_beat_the_policy() -> None:
    # Six stones, random play after the first move: the policy's take-three leaves a lost
    # position half of the time, taking two (four left) wins 2 in 3, taking one 4 in 9.
    def three_then_random(state: GameState, rng: random.Random) -> Action:
        legal = state.legal_actions()
        return legal[-1] if state.pile == 6 else legal[rng.randrange(len(legal))]

    six = PileState(6, 2, [0, 0])
    strategy = Strategy(three_then_random, source="test")
    bot = FlatMCBot(2, iterations=6000, game=PILE, strategy=strategy, stop_z=None)
    assert bot.choose(six.view(0), six.legal_actions()) == {"do": "take", "n": 2}
    raced = bot.stats.values
    # Taking one left the race early; taking two stayed to the end, against the policy's move.
    assert set(raced) == {json.dumps({"do": "take", "n": n}, sort_keys=True) for n in (2, 3)}
    assert bot.stats.iterations > 4000
    # Without the race, no candidate leaves: every one is played in every world.
    bot = FlatMCBot(2, iterations=6000, game=PILE, strategy=strategy, stop_z=None, race_z=99)
    assert bot.choose(six.view(0), six.legal_actions()) == {"do": "take", "n": 2}
    assert len(bot.stats.values) == 3


def test_hard_races_reproducibly_and_stops_on_clear_decisions() -> None:
    found = positions(8, 6)

    def decisions(seed: int) -> list[tuple[Action, int]]:
        bot = make("hard", seed=seed, iterations=400)
        assert isinstance(bot, SearchBot)
        out = []
        for s in found:
            out.append((bot.choose(s.view(s.to_act), s.legal_actions()), bot.stats.iterations))
            assert bot.stats.searched and bot.stats.iterations <= 400
        return out

    first = decisions(4)
    assert decisions(4) == first
    # Some decisions are clear long before the budget is spent.
    assert any(used < 300 for _, used in first)


def test_flat_search_races_only_the_games_shortlist_and_the_policys_move() -> None:
    # Five stones against the take-all policy: taking one wins in every world. A shortlist
    # that names only "take one" leaves "take two" out of the race; the policy's own move
    # (take three) always races.
    def only_one(state: GameState, legal: list[Action]) -> list[int] | None:
        return [0]

    five = PileState(5, 2, [0, 0])
    strategy = Strategy(take_most, source="test", candidates=only_one)
    bot = FlatMCBot(1, iterations=600, game=PILE, strategy=strategy, stop_z=None)
    assert bot.choose(five.view(0), five.legal_actions()) == {"do": "take", "n": 1}
    assert set(bot.stats.values) <= {
        json.dumps({"do": "take", "n": n}, sort_keys=True) for n in (1, 3)
    }
    assert bot.stats.iterations == 600  # two moves per world, to the budget
    # A shortlist of nothing (or None) races every move.
    every = Strategy(take_most, source="test", candidates=lambda state, legal: None)
    bot = FlatMCBot(1, iterations=600, game=PILE, strategy=every, stop_z=None, min_worlds=999)
    assert bot.choose(five.view(0), five.legal_actions()) == {"do": "take", "n": 1}
    assert len(bot.stats.values) == 3


def test_flat_search_keeps_the_policy_move_until_enough_worlds_are_in() -> None:
    # Five stones against the take-all policy: taking one wins in every world. Five worlds
    # (fewer than MIN_SWITCH) are not enough to leave the policy's move; ten are.
    five = PileState(5, 2, [0, 0])
    greedy_pile = Strategy(take_most, source="test")
    few = FlatMCBot(1, iterations=5 * 3, game=PILE, strategy=greedy_pile, stop_z=None)
    assert few.choose(five.view(0), five.legal_actions()) == {"do": "take", "n": 3}
    assert few.stats.iterations == 5 * 3 < MIN_SWITCH * 3
    enough = FlatMCBot(1, iterations=10 * 3, game=PILE, strategy=greedy_pile, stop_z=None)
    assert enough.choose(five.view(0), five.legal_actions()) == {"do": "take", "n": 1}


def test_search_plays_out_with_the_games_rollout_and_stops_at_its_horizon() -> None:
    # Nine stones. The policy (take all) names the move to beat; the playouts are the
    # rollout's (take one), cut after one turn and scored by a made-up evaluator that likes
    # six stones left. Only it can pick take-two: the policy takes three, and playouts to
    # the end would find take-one and take-three both winning.
    calls = {"policy": 0, "rollout": 0, "evaluate": 0}

    def policy(state: GameState, rng: random.Random) -> Action:
        calls["policy"] += 1
        return state.legal_actions()[-1]

    def rollout(state: GameState, rng: random.Random) -> Action:
        calls["rollout"] += 1
        return state.legal_actions()[0]

    def likes_six(state: GameState, player: int) -> float:
        calls["evaluate"] += 1
        assert isinstance(state, PileState) and not state.over
        return 0.9 if state.pile == 6 else 0.1

    strategy = Strategy(policy, likes_six, source="test", rollout=rollout, rollout_horizon=1)
    nine = PileState(9, 2, [0, 0])
    bot = FlatMCBot(1, iterations=60, game=PILE, strategy=strategy, stop_z=None)
    assert bot.choose(nine.view(0), nine.legal_actions()) == {"do": "take", "n": 2}
    assert calls["policy"] == 1  # the move to beat, once per decision
    assert calls["rollout"] == bot.stats.iterations  # the rival's one move in each playout
    assert calls["evaluate"] == 2 * bot.stats.iterations  # both seats, at the horizon
    assert strategy.for_playouts().playout_action is rollout
    assert Strategy(policy, source="test").for_playouts().playout_action is policy


def test_a_games_search_outcome_replaces_the_result_of_a_finished_playout() -> None:
    # Five stones: taking one wins in every world. An outcome that pays the loser turns the
    # search around: the policy's take-three (a loss) is now the move to keep.
    def upside_down(state: GameState) -> list[float]:
        return [1.0 - r for r in state.returns()]

    five = PileState(5, 2, [0, 0])
    plain = FlatMCBot(1, iterations=60, game=PILE, strategy=Strategy(take_most, source="t"))
    assert plain.choose(five.view(0), five.legal_actions()) == {"do": "take", "n": 1}
    turned = Strategy(take_most, source="test", outcome=upside_down)
    bot = FlatMCBot(1, iterations=60, game=PILE, strategy=turned)
    assert bot.choose(five.view(0), five.legal_actions()) == {"do": "take", "n": 3}


def test_hard_asks_the_games_planner_first_and_searches_where_it_has_no_plan() -> None:
    # Five stones: the search finds take-one (it wins in every world). A planner that says
    # take-two is obeyed by hard (given the sampled world, the legal moves, hard's own
    # iterations and deadline); flat-mc, the search for research, ignores it. A planner that
    # has no plan (None) hands the decision to hard's race.
    asked: list[tuple[int, int | None, float | None]] = []

    def take_two(
        state: GameState,
        legal: list[Action],
        rng: random.Random,
        worlds: int | None,
        deadline: float | None,
    ) -> Action | None:
        assert isinstance(state, PileState)
        asked.append((state.pile, worlds, deadline))
        return {"do": "take", "n": 2}

    five = PileState(5, 2, [0, 0])
    planned = Strategy(take_most, source="test", plan=take_two)
    hard = HardBot(1, iterations=60, game=PILE, strategy=planned)
    assert hard.choose(five.view(0), five.legal_actions()) == {"do": "take", "n": 2}
    assert asked == [(5, 60, None)]
    timed = HardBot(1, budget=0.5, game=PILE, strategy=planned)
    timed.choose(five.view(0), five.legal_actions())
    assert asked[-1][1] is None and asked[-1][2] is not None  # the planner's own worlds
    flat = FlatMCBot(1, iterations=60, game=PILE, strategy=planned)
    assert flat.choose(five.view(0), five.legal_actions()) == {"do": "take", "n": 1}
    assert len(asked) == 2

    no_plan = Strategy(take_most, source="test", plan=lambda *args: None)
    hard = HardBot(1, iterations=60, game=PILE, strategy=no_plan)
    assert hard.choose(five.view(0), five.legal_actions()) == {"do": "take", "n": 1}
    assert hard.stats.iterations > 0
