"""The web add-on and the log: every event and move of real games reads well in both languages."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from rumizi.core.addons import TONES, Audience
from rumizi.core.contract import record_events
from rumizi.games.war_of_the_ring import GAME, texts, web
from rumizi.games.war_of_the_ring.cards import CARDS

ARABIC = re.compile("[يكى]")
ZWNJ = "\u200c"


def persian_ok(text: str) -> None:
    assert not ARABIC.search(text), text
    assert not re.search("[0-9]", text), text


def played(seed: int) -> tuple[Any, list[dict[str, Any]], list[list[dict[str, Any]]]]:
    """A random game's final state, its events, and the legal actions of every step."""
    state = GAME.new(seed=seed)
    events: list[dict[str, Any]] = list(web.opening_events(state))
    record_events(state)
    rng = random.Random(seed)
    menus = []
    while not state.over:
        legal = state.legal_actions()
        menus.append([state.view(state.current), legal])
        state.apply(rng.choice(legal))
    assert state.events is not None
    return state, events + list(state.events), menus


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_every_event_and_move_reads_as_a_sentence_for_each_reader(lang: str) -> None:
    kinds: set[str] = set()
    doing: set[str] = set()
    persian = ""
    for seed in range(12):
        state, events, menus = played(seed)
        kinds.update(e["event"] for e in events)
        for seat in (0, 1, None):
            audience = Audience(lang, seat, ("", "Bot"), {})
            lines = texts.log_entries(events, audience)
            assert len(lines) == len(events) == len(web.log_lines(events, audience))
            for line in lines:
                assert line.text.endswith("."), line.text
                assert line.tone in TONES, line.tone
                if lang == "fa":
                    persian_ok(line.text.replace("Bot", ""))
                    persian += line.text
            result = web.result_text(state.view(seat), audience)
            assert result and (lang == "en" or not ARABIC.search(result))
            if lang == "fa":
                persian_ok(result.replace("Bot", ""))
        for view, legal in menus[::5]:
            audience = Audience(lang, view["viewer"], ("", ""), {})
            for action in legal:
                label = web.action_label(view, action, audience)
                doing.add(action["do"])
                assert label
                if lang == "fa":
                    persian_ok(label)
                    persian += label
    assert set(texts.EVENT_KINDS) - {"concede"} <= kinds | {"reshuffle", "recover", "peek", "move"}
    assert {"place", "event", "pay", "pass", "activate", "decline"} <= doing
    if lang == "fa":
        assert ZWNJ in persian


def test_log_lines_carry_tones_and_the_cards_they_name() -> None:
    audience = Audience("en", 0, ("", "Bot"), {})
    events = [
        {"event": "round", "round": 1, "starter": 1},
        {"event": "place", "player": 1, "zone": "left"},
        {"event": "reveal", "zone": "left", "cards": [["fp-aragorn"], ["sh-orcs"]]},
        {"event": "slay", "zone": "left", "player": 0, "card": "fp-aragorn", "victim": "sh-orcs"},
        {"event": "game-over", "winner": 0, "reason": "sweep"},
    ]
    lines = texts.log_entries(events, audience)
    assert [line.tone for line in lines] == ["heading", "quiet", "attack", "attack", "alert"]
    assert lines[2].cards == ("fp-aragorn", "sh-orcs")
    assert lines[3].cards == ("fp-aragorn", "sh-orcs")
    assert lines[1].text == "Bot placed a card face down in the left flank."
    assert lines[4].text == "You win by winning all three zones."


def test_catalogue_options_and_cards() -> None:
    for lang in ("en", "fa"):
        line = web.catalog(lang)
        assert line["name"] == GAME.names[lang] and line["minutes"] == 30 and line["age"] == 13
        names = [o["name"] for o in web.options(lang)]
        assert names == ["first", "shadow"]
        for option in web.options(lang):
            for choice in option["choices"]:
                assert "players" not in choice  # the form keeps its 2 seats
                if lang == "fa":
                    persian_ok(choice["label"] + option["label"])
                GAME.new(seed=1, **{option["name"]: choice["value"]})  # every choice is accepted
        gallery = web.cards(lang)
        assert [c["id"] for c in gallery] == [c.id for c in CARDS]
        assert {c["faction"] for c in gallery} == {"free", "shadow"}
        for card in gallery:
            assert card["name"] and card["event_text"] and card["summary"]
            if lang == "fa":
                persian_ok(card["event_text"] + card["faction_name"] + card["ability_text"])
    assert web.CATALOGUE_RANK == 4


def test_a_finished_games_revealed_view_shows_every_card() -> None:
    state, _, _ = played(3)
    view = web.revealed_view(state, 0)
    doc = state.export()
    for seen, truth in zip(view["players"], doc["players"], strict=True):
        assert seen["hand"] == truth["hand"] and seen["shadow_row"] == truth["shadow_row"]
    assert [z["cards"] for z in view["zones"]] == [z["cards"] for z in doc["zones"]]
    assert state.view(1)["players"][0]["hand"] is None  # the plain view still hides them


def test_labels_say_what_an_event_costs_or_that_it_is_free() -> None:
    state = GAME.new(seed=4, first=0)
    view = state.view(0)
    audience = Audience("en", 0, ("", ""), {})
    events = [a for a in state.legal_actions() if a["do"] == "event"]
    assert events
    for action in events:
        label = web.action_label(view, action, audience)
        assert label.startswith("Play the event of")
    free = dict(view, pending={"choice": "centre"})
    assert web.action_label(free, events[0], audience).endswith("— free")


def test_the_view_keeps_the_latest_battle_as_the_events_told_it() -> None:
    """Each fought zone's record (cards, slays, totals, result) matches the battle's events and
    stays in every view until the next battle begins, so a page can show it after cleanup."""
    checked = 0
    for seed in range(10):
        state = GAME.new(seed=seed)
        record_events(state)
        rng = random.Random(seed)
        while not state.over:
            state.apply(rng.choice(state.legal_actions()))
            assert state.events is not None
            reveal = next((e for e in state.events if e["event"] == "reveal"), None)
            for event in state.events:
                if event["event"] not in ("reveal", "slay", "totals", "battle"):
                    continue
                z = ["left", "centre", "right"].index(event["zone"])
                for seat in (0, 1, None):
                    fought = state.view(seat)["battles"][z]
                    assert fought is not None
                    if event["event"] == "reveal":
                        assert fought["cards"] == event["cards"]
                    elif event["event"] == "slay":
                        assert [event["player"], event["card"], event["victim"]] in fought["slain"]
                    elif event["event"] == "totals":
                        assert fought["totals"] == event["totals"]
                    else:
                        result = event["result"]
                        assert fought["result"] == (event["winner"] if result == "win" else result)
                checked += 1
            if reveal is not None and not state.over:
                assert GAME.load(state.export()).export() == state.export()
            if any(e["event"] == "cleanup" for e in state.events) and not state.over:
                # the next round's planning still shows all three zones of that battle
                view = state.view(state.current)
                assert view["phase"] == "planning" and all(view["battles"])
            state.events.clear()
    assert checked > 100
