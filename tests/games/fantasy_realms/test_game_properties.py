"""Properties of Fantasy Realms over random games (hypothesis draws the table and the moves).

Round trips, replays, views that hide every hidden card, sampled states that give the same
view, and conserved cards and items, at every position of short random games; now and then a
seat still in concedes (never listed, so drawn on its own).
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rumizi.games.fantasy_realms import GAME
from rumizi.games.fantasy_realms.cards import conserved
from rumizi.games.fantasy_realms.engine import FantasyRealmsState

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])

tables = st.fixed_dictionaries(
    {
        "players": st.integers(2, 6),
        "suits": st.booleans(),
        "items": st.booleans(),
        "jester": st.booleans(),
        "phoenix": st.sampled_from(["none", "promo", "deluxe"]),
    }
)


def play(table: dict[str, Any], seed: int, steps: int) -> tuple[FantasyRealmsState, list[Any]]:
    opts = dict(table)
    players = opts.pop("players")
    s = GAME.new(seed=seed, players=players, **opts)
    r = random.Random(seed)
    quits = random.Random(seed + 1)  # its own stream: the moves drawn stay the same
    actions = []
    for _ in range(steps):
        if s.over:
            break
        a = move(s, r, quits)
        actions.append(json.loads(json.dumps(a)))
        s.apply(a)
    return s, actions


def move(s: FantasyRealmsState, r: random.Random, quits: random.Random) -> dict[str, Any]:
    """A legal move of ``r``'s choice, or (one time in forty) a seat still in concedes."""
    if quits.random() < 1 / 40:
        return {"do": "concede", "player": quits.choice(s.seats_in())}
    return dict(r.choice(s.legal_actions()))


def hidden_cards(s: FantasyRealmsState, seat: int | None) -> set[str]:
    """Cards the seat may not know where they are: the deck and the other hands."""
    found = set(s.deck)
    for q, h in enumerate(s.hands):
        if q != seat:
            found |= set(h)
    return found


@SETTINGS
@given(tables, st.integers(0, 2**32), st.integers(0, 120))
def test_documents_round_trip_and_replay(table: dict[str, Any], seed: int, steps: int) -> None:
    s, actions = play(table, seed, steps)
    doc = json.loads(json.dumps(s.export()))
    assert GAME.load(doc).export() == s.export()
    again, _ = play(table, seed, 0)
    for a in actions:
        again.apply(a)
    assert again.export() == s.export()


@SETTINGS
@given(tables, st.integers(0, 2**32), st.integers(0, 120))
def test_views_hide_what_they_must_and_samples_agree(
    table: dict[str, Any], seed: int, steps: int
) -> None:
    s, _ = play(table, seed, steps)
    for seat in [*range(s.num_players), None]:
        view = s.view(seat)
        text = json.dumps(view)
        if not s.over:
            for q, h in enumerate(view["hands"]):
                assert isinstance(h, list) == (q == seat)
            assert isinstance(view["deck"], int)
            # no hidden card shows up in the view, except what this seat was shown
            shown = json.dumps([view["seen"], view["revealed"], view.get("searching")])
            shown += json.dumps(view["pending"])
            # (the end's steps are named after the cards that act in them, as the phase is:
            # the Necromancer's step is public, the hands being shown by then)
            words = {k: v for k, v in view.items() if k not in ("options", "phase", "queue")}
            steps = [step[1:] for step in view.get("queue", [])]
            cards_text = json.dumps([words, steps])
            for c in hidden_cards(s, seat):
                if f'"{c}"' in cards_text:
                    assert f'"{c}"' in shown, (c, seat)
        if seat is not None:
            sampled = GAME.sample(json.loads(text), seed)
            assert sampled.view(seat) == view
            assert sampled.view(None) == s.view(None)


@SETTINGS
@given(tables, st.integers(0, 2**32))
def test_cards_and_items_are_conserved(table: dict[str, Any], seed: int) -> None:
    opts = dict(table)
    players = opts.pop("players")
    s = GAME.new(seed=seed, players=players, **opts)
    first = conserved(s.export())
    r = random.Random(seed)
    quits = random.Random(seed + 1)
    while not s.over:
        s.apply(move(s, r, quits))
        assert conserved(s.export()) == first
    assert s.winners and sum(s.returns()) == 1.0
    assert not set(s.winners) & set(s.out)
