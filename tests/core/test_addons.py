"""The add-ons' shared pieces: logs as plain lines with their look as data, and the web
fallback member by member."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest
from rich.text import Text

import rumizi
from rumizi.core.addons import TONES, Audience, LogLine
from rumizi.core.contract import record_events
from rumizi.core.registry import game_module
from rumizi.core.terminal_kit import TONE_STYLES, styled_line
from rumizi.server.plugins import DefaultWeb, GameWeb
from tests.tiny.ten import GAME as TEN


def a_log(game_id: str, seed: int, moves: int = 40) -> list[dict[str, Any]]:
    state = rumizi.game(game_id).new(seed=seed)
    log = record_events(state)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return log


@pytest.mark.parametrize("game_id", ["star-realms", "splendor-duel"])
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_texts_give_plain_lines_that_the_web_sends_as_they_are(game_id: str, lang: str) -> None:
    texts = game_module(game_id, "texts")
    web = game_module(game_id, "web")
    audience = Audience(lang, 0, ("", ""), {"players": 2})
    log = a_log(game_id, seed=3)
    lines = texts.log_entries(log, audience)
    assert lines and all(isinstance(line, LogLine) for line in lines)
    assert all(line.tone in TONES and line.text for line in lines)
    assert web.log_lines(log, audience) == [line.text for line in lines]
    assert "heading" in {line.tone for line in lines}  # a turn began
    named = {card for line in lines for card in line.cards}
    for card in named:  # card ids are data; the sentence says the card's name
        assert any(texts.card_name(card, lang) in line.text for line in lines if card in line.cards)


def test_the_terminal_styles_a_line_by_its_tone_and_cards() -> None:
    line = LogLine("You played Viper.", "heading", ("viper",))
    text = styled_line(line, {"Viper": "bold red"})
    assert isinstance(text, Text) and text.plain == line.text
    assert str(text.style) == TONE_STYLES["heading"]
    assert [(s.start, s.end, s.style) for s in text.spans] == [(11, 16, "bold red")]
    assert set(TONE_STYLES) == set(TONES)


def test_a_game_without_a_web_add_on_gets_every_default() -> None:
    web = GameWeb("ten")
    default = DefaultWeb(TEN)
    assert web.catalog("en") == default.catalog("en")
    assert web.CATALOGUE_RANK == DefaultWeb.CATALOGUE_RANK
    assert web.rules("fa") == []  # no rules add-on either
    state = TEN.new(seed=1)
    audience = Audience("en", 0, ("You", "Bot"), {"players": 2})
    assert web.action_label(state.view(0), {"do": "play"}, audience) == '{"do": "play"}'


def test_a_partial_web_add_on_overrides_only_what_it_defines() -> None:
    def action_label(view: Any, action: Any, audience: Audience) -> str:
        return "Play your card" if action["do"] == "play" else f"Add {action['n']}"

    try:
        rumizi.register(TEN, add_ons={"web": SimpleNamespace(action_label=action_label)})
        web = GameWeb("ten")
        state = TEN.new(seed=1)
        audience = Audience("en", 0, ("You", "Bot"), {"players": 2})
        assert web.action_label(state.view(0), {"do": "play"}, audience) == "Play your card"
        assert web.catalog("en")["name"] == "Ten"  # still the default's
    finally:
        rumizi.register(TEN)
