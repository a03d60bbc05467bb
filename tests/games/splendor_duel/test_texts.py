"""Texts: a sentence for every action and every event, in English and Persian."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rumizi.games.splendor_duel import GAME, strategy, texts
from rumizi.games.splendor_duel.cards import IDS, ROYAL_IDS

PERSIAN_DIGITS = set("۰۱۲۳۴۵۶۷۸۹")


Event = dict[str, Any]
Menu = list[tuple[dict[str, Any], dict[str, Any]]]


def games_with_events(count: int) -> list[tuple[list[Event], Menu]]:
    """Events of a few games, and (action, view) pairs of their decisions."""
    out = []
    for seed in range(count):
        state = GAME.new(seed=seed)
        state.events = []
        rng = random.Random(seed)
        menus: Menu = []
        while not state.over:
            view = state.view(state.to_act)
            legal = state.legal_actions()
            menus += [(a, view) for a in legal[:: max(1, len(legal) // 6)]]
            if seed % 2:
                state.apply(strategy.playout_action(state, rng))
            else:
                state.apply(legal[rng.randrange(len(legal))])
        out.append((list(state.events), menus))
    return out


GAMES = games_with_events(6)


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_every_event_has_a_sentence(lang: str) -> None:
    kinds = set()
    for events, _ in GAMES:
        for event in events:
            kinds.add(event["event"])
            line = texts.event_text(event, lang, names=["Ana", "Bot"], you=0)
            assert line and not line.startswith(f"{event['event']}:")
            if lang == "fa":
                assert not any(ch.isdigit() and ch not in PERSIAN_DIGITS for ch in line)
    assert kinds <= set(texts.EVENT_KINDS)
    assert {"turn", "take", "buy", "game-over"} <= kinds


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_every_menu_action_has_a_sentence(lang: str) -> None:
    kinds = set()
    for _, menus in GAMES:
        for action, view in menus:
            kinds.add(action["do"])
            line = texts.action_text(action, view, lang, you=view["to_act"])
            assert line and "{" not in line
    assert {"take", "buy", "reserve"} <= kinds


def test_names_of_every_card_and_royal() -> None:
    for card in (*IDS, *ROYAL_IDS):
        for lang in ("en", "fa"):
            assert texts.card_name(card, lang) != card
            assert texts.card_summary(card, lang)
    assert texts.card_name("1-white-a", "en") == "White 1a"
    assert texts.quoted("1-white-a", "fa") == "«سفید ۱-الف»"


def test_sentences_agree_with_who_acts() -> None:
    event = {"event": "steal", "player": 0, "from": 1, "token": "pearl"}
    assert texts.event_text(event, "en", you=0) == "You stole a pearl from Player 2."
    assert texts.event_text(event, "fa", you=0) == "شما یک توکن مروارید از بازیکن ۲ دزدیدید."
    assert texts.event_text(event, "fa", you=1) == "بازیکن ۱ یک توکن مروارید از شما دزدید."
    over = {"event": "game-over", "winner": 0, "reason": "color"}
    assert texts.event_text(over, "en", you=0) == "You won with 10 or more points in one colour."


def test_a_blind_reserve_is_logged_without_its_card() -> None:
    event = {"event": "reserve", "player": 1, "gold": [2, 3], "deck": 3}
    assert texts.event_text(event, "en") == (
        "Player 2 took the gold at (2, 3) and reserved the top card of the level-3 deck."
    )


def test_choice_texts() -> None:
    for choice in ("take-bonus", "steal", "royal", "discard"):
        view = {"to_act": 1, "pending": {"choice": choice, "color": "red", "count": 1}}
        assert texts.choice_text(view, "en")
        assert texts.choice_text(view, "fa", you=1).endswith(".")
    assert texts.choice_text({"to_act": 0, "pending": None}, "en") == ""
