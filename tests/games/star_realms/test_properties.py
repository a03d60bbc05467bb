"""Properties particular to Star Realms over many random games (hypothesis).

What every game must do — documents, replays, clones, sampled views, exact legal lists, the
end — is :func:`rumizi.testing.check_game`'s (``tests/core/test_contract.py``); here it runs
once more with every move Star Realms knows as candidates. The rest is Star Realms' own.

Each example is a game from a random seed, played with a second random seed for the
choices, up to a turn cap (two uniform-random players can go on for ever: both may scrap
their whole decks). Choices are uniform among the listed actions, or — so that bases,
outposts and deaths come up often — uniform among all but ``end`` (``patient``), or mostly
the greedy bot's (``mixed``); see :func:`positions`. At every position the properties below
must hold. A failure shows the seeds and the policy: ``playout(seed, choices, cap, policy)``
rebuilds that game.

* cards are counted right: 65 trade cards, 10 starting cards a player, and the Explorers
  bought less those returned to the supply (counted from the actions, and again from the
  events); a player is eliminated exactly when out of authority;
* views show nothing hidden: re-dealing what a player cannot see (every deck, the trade
  deck, the seed, the others' hands) leaves its view unchanged, and the view has no such
  field;
* no move outside the listed ones is accepted, of every kind over every card and player;
* a concession ends a player's part and is refused once the game is over;
* games between the random and the greedy bot end.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rumizi
from rumizi.bots import make
from rumizi.games.star_realms import GAME, StarRealmsState
from rumizi.games.star_realms.cards import CARDS, TRADE_COUNTS, conserved, held
from rumizi.games.star_realms.engine import FORMATS
from rumizi.testing import TableSetup, check_game, tables

Doc = dict[str, Any]
Action = dict[str, Any]

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
CHOICES = st.integers(min_value=0, max_value=2**32 - 1)
CARD_IDS = [card.id for card in CARDS]
TRADE_CARDS = {card.id: TRADE_COUNTS[card.index] for card in CARDS if TRADE_COUNTS[card.index]}
EXPLORER = "explorer"


def key(action: Action) -> str:
    return json.dumps(action, sort_keys=True)


def candidate_actions(players: int = 2) -> list[Action]:
    """Every play/buy/scrap/choose/attack/skip/end over all cards and players, and a few
    malformed actions. ``concede`` is left out: it is always accepted and never listed."""
    acts: list[Action] = []
    for card in CARD_IDS:
        acts.append({"do": "play", "card": card})
        acts.append({"do": "buy", "card": card})
        acts.append({"do": "scrap", "card": card})
        for source in ("hand", "discard", "trade_row"):
            acts.append({"do": "choose", "card": card, "from": source})
    for p in range(players):
        acts.append({"do": "attack", "player": p})
        acts.append({"do": "attack", "player": p, "amount": 1})
        acts.append({"do": "choose", "player": p})
        for card in CARD_IDS:
            acts.append({"do": "attack", "player": p, "base": card})
    acts += [
        {"do": "skip"},
        {"do": "end"},
        {"do": "play", "card": "no-such-card"},
        {"do": "play"},
        {"do": "end", "card": "lookout"},
        {"do": "fly"},
        {},
    ]
    return acts


UNIVERSE = candidate_actions()
UNIVERSE_KEYS = {key(a) for a in UNIVERSE}
assert len(UNIVERSE_KEYS) == len(UNIVERSE)

# ---------------------------------------------------------------------- driving random games


POLICIES = ("uniform", "patient", "mixed")


def positions(
    seed: int, choices: int, max_turns: int, policy: str = "uniform"
) -> Iterator[tuple[StarRealmsState, Action | None]]:
    """Walk a random game: yield ``(state, action)`` before each action (``state`` is the live
    game; ``action`` is applied to it once the caller resumes the iterator), then
    ``(state, None)`` for the last position (the game over, or the turn cap reached).

    ``uniform`` chooses uniformly among the listed actions. Such a player mostly ends its
    turns early, so its games rarely see bases under attack or a player dying; to reach
    those positions too, ``patient`` chooses uniformly among the actions other than ``end``
    nineteen times in twenty, and ``mixed`` plays the greedy bot's choice two times in three
    and a uniform one otherwise.
    """
    state = GAME.new(seed=seed)
    rng = random.Random(choices)
    greedy = make("greedy", seed=choices)
    while not state.over and state.turn <= max_turns:
        legal = state.legal_actions()
        if policy == "mixed" and rng.random() < 2 / 3:
            me = state.to_act
            assert me is not None
            action = greedy.choose(state.view(me), legal)
        else:
            if policy == "patient" and len(legal) > 1 and rng.random() < 0.95:
                legal = [a for a in legal if a["do"] != "end"]
            action = legal[rng.randrange(len(legal))]
        yield state, action
        state.apply(action)
    yield state, None


def playout(
    seed: int, choices: int, max_turns: int, policy: str = "uniform"
) -> tuple[StarRealmsState, list[Action]]:
    """The last position and the actions of one game (to rebuild a failing example)."""
    state = GAME.new(seed=seed)
    actions: list[Action] = []
    for state, action in positions(seed, choices, max_turns, policy):  # noqa: B007
        if action is not None:
            actions.append(dict(action))
    return state, actions


# ---------------------------------------------------------------------- conservation


def check_conservation(doc: Doc, explorers: int) -> None:
    counts = held(doc)
    for card, copies in TRADE_CARDS.items():
        assert counts[card] == copies, f"{card}: {counts[card]} in the game, expected {copies}"
    assert counts["lookout"] == 16
    assert counts["viper"] == 4
    assert counts[EXPLORER] == explorers
    assert EXPLORER not in doc["scrap_heap"]
    assert sum(counts.values()) == 65 + 20 + explorers


def explorer_change(doc: Doc, action: Action) -> int:
    """How ``action`` changes the number of Explorers in the game, from the rules alone."""
    if action.get("card") != EXPLORER:
        return 0
    if action["do"] == "buy":
        return 1
    if action["do"] == "scrap":
        return -1
    pending = doc["players"][doc["current"]].get("pending")
    if action["do"] == "choose" and pending and pending["choice"] == "scrap-card":
        return -1
    return 0


def explorers_from_events(events: list[dict[str, Any]]) -> int:
    net = 0
    for ev in events:
        if ev.get("card") != EXPLORER:
            continue
        if ev["event"] == "buy":
            net += 1
        elif ev["event"] in ("scrap", "scrap-card"):
            net -= 1
    return net


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, choices=CHOICES, policy=st.sampled_from(POLICIES))
def test_cards_are_conserved(seed: int, choices: int, policy: str) -> None:
    explorers = 0  # bought less returned to the supply, counted from the actions alone
    for state, action in positions(seed, choices, max_turns=200, policy=policy):
        if state.events is None:
            state.events = []
        doc = state.export()
        # Every listed move is one of the candidates the legal-list test tries, so that
        # test misses no kind of move; a player can always end the turn, but for a choice.
        legal = state.legal_actions()
        assert {key(a) for a in legal} <= UNIVERSE_KEYS, f"moves outside the universe: {legal}"
        assert state.over or {"do": "end"} in legal or doc["players"][state.current]["pending"]
        check_conservation(doc, explorers)
        assert explorers_from_events(state.events) == explorers
        for p in doc["players"]:
            assert (p["authority"] > 0) != p.get("eliminated", False)
        if action is not None:
            explorers += explorer_change(doc, action)


# ---------------------------------------------------------------------- hidden information


def redeal(doc: Doc, viewer: int | None, rng: random.Random) -> Doc:
    """A document that differs from ``doc`` only in what ``viewer`` cannot see: every deck
    and the trade deck reordered, the seed changed, and each other player's hand and deck
    dealt afresh (keeping the cards known to be in the hand, and the hand size)."""
    out = copy.deepcopy(doc)
    out["seed"] = rng.randrange(2**64)
    rng.shuffle(out["trade_deck"])
    for i, p in enumerate(out["players"]):
        if i == viewer:
            rng.shuffle(p["deck"])
            continue
        known = list(p.get("known_hand", []))
        pool = p["hand"] + p["deck"]
        for card in known:
            pool.remove(card)
        rng.shuffle(pool)
        size = len(p["hand"])
        hand = known + pool[: size - len(known)]
        rng.shuffle(hand)
        p["hand"] = hand
        p["deck"] = pool[size - len(known) :]
    return out


def check_view_is_closed(state: StarRealmsState, viewer: int | None, rng: random.Random) -> None:
    view = state.view(viewer)
    assert json.loads(json.dumps(view)) == view
    assert "seed" not in view
    assert "trade_deck" not in view
    for i, p in enumerate(view["players"]):
        assert "deck" not in p
        assert ("hand" in p) == (i == viewer)
    other = GAME.load(redeal(state.export(), viewer, rng))
    assert other.view(viewer) == view


@settings(max_examples=20, deadline=None)
@given(seed=SEEDS, choices=CHOICES, policy=st.sampled_from(POLICIES))
def test_views_show_no_hidden_cards(seed: int, choices: int, policy: str) -> None:
    rng = random.Random(seed ^ choices)
    for state, _ in positions(seed, choices, 120, policy):
        for viewer in (0, 1, None):
            check_view_is_closed(state, viewer, rng)


# ---------------------------------------------------------------------- legal actions


@pytest.mark.parametrize("table", tables("star-realms"), ids=str)
def test_no_unlisted_move_of_any_kind_is_accepted(table: TableSetup) -> None:
    players = table.players
    check_game(
        "star-realms",
        seed=players,
        tables=[table],
        max_steps=60,
        every=4,
        extra=candidate_actions(players),
    )


def test_a_concession_is_refused_once_the_game_is_over() -> None:
    state = GAME.new(seed=5)
    while not state.over:
        state.apply({"do": "concede"})
    assert state.legal_actions() == []
    with pytest.raises(rumizi.IllegalAction):
        state.apply({"do": "concede"})


def test_a_mid_turn_concession_keeps_every_card() -> None:
    state = GAME.new(seed=1, players=3, format="free-for-all")
    before = conserved(state.export())
    conceder = state.current
    state.apply(next(a for a in state.legal_actions() if a["do"] == "play"))
    played = state.export()["players"][conceder]["in_play"]
    hand = state.export()["players"][conceder]["hand"]
    state.apply({"do": "concede"})
    assert not state.over
    doc = state.export()
    assert conserved(doc) == before
    # The ships played go to the conceder's discard pile; the hand stays where it was.
    assert doc["players"][conceder]["discard"] == played
    assert doc["players"][conceder]["hand"] == hand
    assert GAME.load(json.loads(json.dumps(doc))).export() == doc


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, choices=CHOICES, fmt=st.sampled_from(sorted(FORMATS)))
def test_every_export_after_a_concession_conserves_the_cards(
    seed: int, choices: int, fmt: str
) -> None:
    fewest, _ = FORMATS[fmt]
    players = 4 if fmt == "hydra" else 6 if fmt == "emperor" else fewest
    state = GAME.new(seed=seed, players=players, format=fmt)
    before = conserved(state.export())
    rng = random.Random(choices)
    for _ in range(rng.randrange(1, 60)):
        if state.over:
            break
        state.apply(rng.choice(state.legal_actions()))
    if state.over:
        return
    state.apply({"do": "concede", "player": rng.choice([state.current, rng.randrange(players)])})
    assert conserved(state.export()) == before
    for _ in range(200):  # play on a while
        if state.over:
            break
        state.apply(rng.choice(state.legal_actions()))
        assert conserved(state.export()) == before


# ---------------------------------------------------------------------- bots end games


def bot_game(seed: int, names: tuple[str, str], max_turns: int) -> StarRealmsState:
    state = GAME.new(seed=seed)
    bots = [make(name, seed=seed + i) for i, name in enumerate(names)]
    while not state.over and state.turn <= max_turns:
        me = state.to_act
        assert me is not None
        state.apply(bots[me].choose(state.view(me), state.legal_actions()))
    return state


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS, greedy_first=st.booleans())
def test_random_against_greedy_ends(seed: int, greedy_first: bool) -> None:
    names: tuple[str, str] = ("greedy", "random") if greedy_first else ("random", "greedy")
    state = bot_game(seed, names, max_turns=150)
    assert state.over


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_greedy_against_greedy_ends(seed: int) -> None:
    assert bot_game(seed, ("greedy", "greedy"), max_turns=150).over
