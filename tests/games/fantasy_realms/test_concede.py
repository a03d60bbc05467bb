"""Conceding (the engine's *Conceding* decision): accepted at any moment, for any seat still
in, never listed; the last seat in wins at once; else play goes on without the seat."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rumizi.core.errors import IllegalAction, MalformedAction
from rumizi.games.fantasy_realms import GAME
from rumizi.games.fantasy_realms import texts as T
from rumizi.games.fantasy_realms.cards import conserved
from rumizi.games.fantasy_realms.engine import FantasyRealmsState
from tests.games.fantasy_realms.conftest import position


def concede(s: FantasyRealmsState, player: int | None = None) -> list[dict[str, Any]]:
    """Concede for ``player`` (None: the seat to act); the events logged."""
    s.events = []
    s.apply({"do": "concede"} if player is None else {"do": "concede", "player": player})
    events = list(s.events)
    s.events = None
    return events


def test_never_listed_and_two_players_the_other_wins_at_once() -> None:
    s = GAME.new(seed=1, players=2, first=0)
    assert all(a["do"] != "concede" for a in s.legal_actions())
    before = conserved(s.export())
    events = concede(s)  # the seat to act, 0
    assert events == [{"event": "concede", "player": 0}, {"event": "end", "winners": [1]}]
    assert s.over and s.winners == [1] and s.out == [0] and s.returns() == [0.0, 1.0]
    assert [r["conceded"] for r in s.results] == [True, False]
    assert conserved(s.export()) == before


def test_the_last_seat_in_wins_whatever_the_scores() -> None:
    s = position(3, hands=[["king", "queen", "princess"], ["fountain-of-life"], ["dragon"]])
    concede(s, 1)
    assert not s.over and s.out == [1]
    concede(s, 0)  # the best hand concedes: player 2 wins with a worse one
    assert s.over and s.winners == [2] and s.out == [1, 0]
    totals = {r["player"]: r["total"] for r in s.results}
    assert totals[0] > totals[2]
    assert {r["player"]: r["conceded"] for r in s.results} == {0: True, 1: True, 2: False}


def test_an_out_seat_is_skipped_and_scored_but_not_among_the_winners() -> None:
    s = GAME.new(seed=4, players=4, first=0)
    concede(s, 2)  # out of turn
    assert s.to_act == 0 and s.out == [2]
    r = random.Random(0)
    seen = set()
    while not s.over:
        assert s.to_act != 2
        seen.add(s.to_act)
        s.apply(r.choice(s.legal_actions()))
    assert seen == {0, 1, 3}
    assert 2 not in s.winners and len(s.results) == 4
    assert [r["conceded"] for r in s.results] == [False, False, True, False]


def test_a_concede_mid_turn_passes_the_turn_and_keeps_the_card_too_many() -> None:
    s = GAME.new(seed=3, players=3, first=0)
    s.apply({"do": "draw"})
    assert s.phase == "discard" and len(s.hands[0]) == 8
    turn = s.turn
    events = concede(s)
    assert events[0] == {"event": "concede", "player": 0}
    assert s.phase == "take" and s.to_act == 1 and s.turn == turn + 1
    assert len(s.hands[0]) == 8  # nothing moves
    s.apply(s.legal_actions()[0])
    s.apply({"do": "discard", "card": s.hands[1][0]})
    assert s.to_act == 2
    s.apply(s.legal_actions()[0])
    s.apply({"do": "discard", "card": s.hands[2][0]})
    assert s.to_act == 1  # seat 0 is skipped


def test_a_concede_when_the_next_seat_is_out_skips_it() -> None:
    s = GAME.new(seed=5, players=4, first=0)
    concede(s, 1)
    concede(s, 0)  # the seat to act: the turn goes past 1 to 2
    assert s.to_act == 2 and s.out == [1, 0]


def test_concede_during_the_end_steps_drops_the_seats_steps() -> None:
    s = position(
        3,
        hands=[["genie", "king"], ["necromancer", "queen"], ["dragon"]],
        area=["swamp", "unicorn", "basilisk", "warhorse", "rangers"],
        options={"suits": True},
        phase="genie",
        queue=[["genie", 0, [], 0], ["necromancer", 1, [], 0], ["limit", 2, [], 0]],
    )
    assert s.to_act == 0
    concede(s, 0)  # the Genie's holder: no Genie for it
    assert s.phase == "necromancer" and s.to_act == 1
    concede(s, 2)  # the last but one: the game ends, the Necromancer is not resolved
    assert s.over and s.winners == [1]
    assert s.hands == [["genie", "king"], ["necromancer", "queen"], ["dragon"]]


def test_extras_of_an_out_seat_are_not_resolved_at_the_end() -> None:
    s = position(
        3,
        hands=[["leprechaun", "king"], ["queen"], ["dragon"]],
        area=[
            *("swamp", "unicorn", "basilisk", "warhorse", "rangers"),
            *("forest", "cavern", "smoke", "island", "blizzard"),
        ],
        deck_top=["candle", "mountain"],
        options={"suits": True},
        current=1,
    )
    concede(s, 0)
    assert s.to_act == 1
    s.apply({"do": "draw"})
    s.apply({"do": "discard", "card": "queen"})
    s.apply({"do": "draw"})
    s.apply({"do": "discard", "card": "dragon"})
    assert s.over
    assert s.hands[0] == ["leprechaun", "king"]  # the Leprechaun drew nothing
    assert 0 not in s.winners


def test_concede_in_the_chaos_trading() -> None:
    s = GAME.new(seed=2, players=4, variant="chaos")
    assert s.phase == "trade"
    s.apply({"do": "propose", "by": 0, "to": 1, "card": s.hands[0][0]})
    s.apply({"do": "propose", "by": 1, "to": 2, "card": s.hands[1][0]})
    s.apply({"do": "propose", "by": 3, "to": 2, "card": s.hands[3][0]})
    concede(s, 1)
    offers = s.pending["offers"]
    assert [(o["by"], o["to"]) for o in offers] == [(3, 2)]  # 0→1 and 1→2 are gone
    assert 1 not in s.actors and s.legal_actions_for(1) == []
    assert all(a.get("to") != 1 for a in s.legal_actions_for(0))
    with pytest.raises(IllegalAction, match="conceded"):
        s.apply({"do": "done", "by": 1})
    s.apply({"do": "refuse", "by": 2, "offer": offers[0]["id"]})
    for q in (0, 2, 3):
        s.apply({"do": "done", "by": q})
    assert s.phase != "trade"  # every seat still in is done: the trading is over
    while not s.over:
        s.apply(s.legal_actions()[0])
    assert 1 not in s.winners and s.results[1]["conceded"]


def test_chaos_trading_ends_when_the_last_open_seat_concedes() -> None:
    s = GAME.new(seed=2, players=3, variant="chaos")
    s.apply({"do": "done", "by": 0})
    s.apply({"do": "done", "by": 1})
    concede(s, 2)
    assert s.phase != "trade"


def test_market_wagon_offerers_skip_and_lose_an_out_seat() -> None:
    s = position(
        4,
        hands=[["king"], ["queen"], ["dragon"], ["unicorn"]],
        area=["swamp"],
        options={"items": True},
        up=["market-wagon", None, None, None],
    )
    concede(s, 2)
    s.apply({"do": "use", "item": "market-wagon", "card": "king"})
    assert s.phase == "offer" and s.pending["offerers"] == [1, 3]
    s.apply({"do": "offer", "cards": ["queen"]})
    concede(s, 3)  # the last offerer: the answers open
    assert s.phase == "wagon" and s.to_act == 0
    concede(s, 1)  # the only one left in wins
    assert s.over and s.winners == [0]


def test_a_borrowed_item_turns_face_down_when_its_user_concedes() -> None:
    s = position(
        3,
        hands=[["king"], ["queen"], ["dragon"]],
        area=["swamp"],
        options={"items": True},
        up=["larcenous-gloves", "spyglass", None],
    )
    s.apply({"do": "use", "item": "larcenous-gloves", "player": 1})
    assert s.phase == "borrowed"
    before = conserved(s.export())
    concede(s, 0)
    assert s.to_act == 1 and s.phase == "take"
    assert "spyglass" in s.down[0] and conserved(s.export()) == before


@pytest.mark.parametrize(
    ("action", "error", "says"),
    [
        ({"do": "concede", "player": 7}, IllegalAction, "no player 7"),
        ({"do": "concede", "player": -1}, IllegalAction, "no player -1"),
        ({"do": "concede", "player": 1}, IllegalAction, "already conceded"),
        ({"do": "concede", "player": "1"}, MalformedAction, "whole number"),
        ({"do": "concede", "player": True}, MalformedAction, "whole number"),
        ({"do": "concede", "player": 0, "card": "king"}, MalformedAction, "fields"),
    ],
)
def test_refusals_change_nothing(action: dict[str, Any], error: type, says: str) -> None:
    s = GAME.new(seed=6, players=3, first=0)
    concede(s, 1)
    before = s.export()
    with pytest.raises(error, match=says):
        s.apply(action)
    assert s.export() == before


def test_no_concede_in_a_game_over() -> None:
    s = GAME.new(seed=6, players=2, first=0)
    concede(s, 1)
    before = s.export()
    with pytest.raises(IllegalAction, match="over"):
        s.apply({"do": "concede", "player": 0})
    assert s.export() == before


def test_documents_views_clones_and_replays_carry_who_is_out() -> None:
    s = GAME.new(seed=8, players=4, first=0, items=True)
    actions: list[dict[str, Any]] = []
    r = random.Random(8)
    for k in range(40):
        a = {"do": "concede", "player": 3} if k == 5 else r.choice(s.legal_actions())
        actions.append(json.loads(json.dumps(a)))
        s.apply(a)
    doc = json.loads(json.dumps(s.export()))
    assert doc["out"] == [3]
    assert GAME.load(doc).export() == s.export()
    assert s.clone().export() == s.export() and s.clone().out is not s.out
    assert s.view(None)["out"] == [3] and s.view(0)["out"] == [3]
    assert GAME.sample(s.view(1), seed=2).view(1) == s.view(1)
    again = GAME.new(seed=8, players=4, first=0, items=True)
    for a in actions:
        again.apply(a)
    assert again.export() == s.export()
    assert "out [3]" in repr(s)
    assert not s.undoable({"do": "concede", "player": 0}, s)


def test_a_finished_document_reads_back_with_its_concession() -> None:
    s = position(3, hands=[["king", "queen", "princess"], ["fountain-of-life"], ["dragon"]])
    concede(s, 1)
    concede(s, 0)
    loaded = GAME.load(json.loads(json.dumps(s.export())))
    assert loaded.winners == [2] and loaded.export() == s.export()


def test_old_documents_without_out_still_load() -> None:
    doc = GAME.new(seed=8, players=3).export()
    del doc["out"]
    assert GAME.load(doc).out == []


@pytest.mark.parametrize(
    ("out", "says"),
    [([0, 0], "each seat once"), ([5], "document.out"), ([0, 1], "too few"), ("0", "list")],
)
def test_bad_out_lists_are_refused(out: Any, says: str) -> None:
    doc = GAME.new(seed=8, players=3, first=2).export()
    doc["out"] = out
    with pytest.raises(ValueError, match=says):
        GAME.load(doc)


def test_the_seat_to_act_cannot_be_out_in_a_turn() -> None:
    doc = GAME.new(seed=8, players=3, first=0).export()
    doc["out"] = [0]
    with pytest.raises(ValueError, match="conceded"):
        GAME.load(doc)


def test_cards_and_items_are_conserved_through_concessions() -> None:
    for seed in range(6):
        s = GAME.new(seed=seed, players=5, items=True, suits=True)
        first = conserved(s.export())
        r = random.Random(seed)
        while not s.over:
            if r.random() < 0.05:
                s.apply({"do": "concede", "player": r.choice(s.seats_in())})
            else:
                s.apply(r.choice(s.legal_actions()))
            assert conserved(s.export()) == first
        assert s.winners and not set(s.winners) & set(s.out)


def test_the_log_line_in_both_languages() -> None:
    event = {"event": "concede", "player": 1}
    assert T.event_text(event, "en", ["Ana", "Bo"]) == "Bo conceded."
    assert T.event_text(event, "en", ["Ana", "Bo"], you=1) == "You conceded."
    assert T.event_text(event, "fa", ["Ana", "Bo"]) == "Bo انصراف داد."
    assert T.event_text(event, "fa", ["Ana", "Bo"], you=1) == "شما انصراف دادید."
    assert "concede" in T.EVENT_KINDS
