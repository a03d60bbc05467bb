"""The rules page and every sentence a player reads, in both languages, done right."""

from __future__ import annotations

import random
import re

import pytest

from rumizi.core.i18n import to_ascii_digits
from rumizi.games.war_of_the_ring import GAME, rules, texts
from rumizi.games.war_of_the_ring.cards import CARDS, DECKS, FREE, IDS
from rumizi.games.war_of_the_ring.engine import HAND_SIZE, PER_ZONE, SHADOW_WIN

ARABIC = re.compile("[يكى]")  # Arabic yeh, kaf and alef maksura: Persian uses ی and ک


def persian_ok(text: str) -> None:
    assert not ARABIC.search(text), text
    assert not re.search("[0-9]", text), text  # Persian digits where people read numbers


def test_the_rules_have_the_same_sections_in_both_languages() -> None:
    assert len(rules.rules("en")) == len(rules.rules("fa")) == len(rules.SECTION_IDS)
    for section in rules.rules("fa"):
        for paragraph in (section.title, *section.paragraphs):
            persian_ok(paragraph)
    assert "\u200c" in " ".join(p for s in rules.rules("fa") for p in s.paragraphs)
    persian_ok(rules.tagline("fa"))


def test_the_rules_state_the_engines_numbers() -> None:
    english = " ".join(p for s in rules.rules("en") for p in s.paragraphs)
    persian = to_ascii_digits(" ".join(p for s in rules.rules("fa") for p in s.paragraphs))
    for text in (english, persian):
        assert f"{HAND_SIZE} cards" in text or f"{HAND_SIZE} کارت" in text
        assert f"{PER_ZONE} " in text and f"{SHADOW_WIN} " in text
        assert f"{len(DECKS[FREE])}" in text


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_every_card_has_a_summary(lang: str) -> None:
    for card in CARDS:
        line = texts.card_summary(card.id, lang)
        assert card.names[lang] in line
        if lang == "fa":
            persian_ok(line)


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_every_event_and_action_of_real_games_reads_as_a_sentence(lang: str) -> None:
    kinds: set[str] = set()
    for seed in range(25):
        state = GAME.new(seed=seed)
        state.events = []
        rng = random.Random(seed)
        while not state.over:
            legal = state.legal_actions()
            for action in legal:
                line = texts.action_text(action, lang)
                assert line and isinstance(line, str)
                if lang == "fa":
                    persian_ok(line)
            view = state.view(state.to_act)
            choice = texts.choice_text(view, lang)
            assert (choice is None) == (view["pending"] is None)
            state.apply(legal[rng.randrange(len(legal))])
        for event in state.events:
            kinds.add(event["event"])
            for you in (None, 0):
                line = texts.event_text(event, lang, you=you)
                assert isinstance(line, str) and line.endswith(".")
                if lang == "fa":
                    persian_ok(line)
    assert kinds >= set(texts.EVENT_KINDS) - {"concede", "reshuffle"}
    assert kinds <= set(texts.EVENT_KINDS)


def test_sentences_agree_with_who_acts() -> None:
    event = {"event": "draw", "player": 1, "count": 2}
    assert texts.event_text(event, "fa", you=1) == "شما ۲ کارت کشیدید."
    assert texts.event_text(event, "fa") == "بازیکن ۱ ۲ کارت کشید."
    assert texts.event_text(event, "en", names=["Ana", "Bot"]) == "Bot drew 2 cards."
    assert texts.end_text(0, "sweep", "en", you=0) == "You win by winning all three zones."


def test_texts_return_plain_strings_for_every_card_id() -> None:
    for cid in IDS:
        assert isinstance(texts.quoted(cid, "fa"), str)
        assert isinstance(texts.card_name(cid, "en"), str)
