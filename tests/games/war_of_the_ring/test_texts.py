"""The rules page and every sentence a player reads, in both languages, done right."""

from __future__ import annotations

import random
import re

import pytest

from rumizi.core.i18n import number, to_ascii_digits
from rumizi.games.war_of_the_ring import GAME, rules, texts, web
from rumizi.games.war_of_the_ring.cards import (
    BY_ID,
    CARDS,
    COMBAT,
    COST,
    DECKS,
    EFFECT_NAMES,
    EVENT,
    FREE,
    IDS,
    UNIT,
    UNIT_N,
    UNIT_NAMES,
)
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


# The ability and effect kinds whose number a card's text states; the others' number is 0
# and says nothing (a guard guards, a peek looks).
NUMBERED_ABILITIES = {"aura": "+", "fear": "−", "horde": "+", "stand": "+"}
NUMBERED_EFFECTS = {"draw", "recover", "discard", "boost", "shadow"}


def numbers(text: str) -> list[int]:
    """Every number written in ``text``, in order (Persian digits read as numbers too)."""
    return [int(n) for n in re.findall(r"\d+", to_ascii_digits(text))]


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_every_number_in_every_cards_text_is_the_number_the_engine_plays(lang: str) -> None:
    event_word = "رویداد:" if lang == "fa" else "Event:"
    by_id = {card["id"]: card for card in web.cards(lang)}
    for card in CARDS:
        line = by_id[card.id]["text"]  # what the card gallery and the table show
        assert line == texts.card_line(card.id, lang)
        unit_part, found, event_part = line.partition(event_word)
        assert found, line
        k = BY_ID[card.id]
        ability = UNIT_NAMES[UNIT[k]]
        if ability in NUMBERED_ABILITIES:
            assert numbers(unit_part) == [UNIT_N[k]], line
            sign = NUMBERED_ABILITIES[ability]
            assert f"{sign}{number(UNIT_N[k], lang)}" in unit_part, line
        else:
            assert numbers(unit_part) == [] and UNIT_N[k] == 0, line
        steps = [(EFFECT_NAMES[e], n) for e, n in EVENT[k]]
        assert numbers(event_part) == [n for e, n in steps if e in NUMBERED_EFFECTS], line
        assert all(n == 0 for e, n in steps if e not in NUMBERED_EFFECTS), card.id
        if lang == "fa":
            persian_ok(line)


def test_the_horde_units_say_the_bonus_they_get() -> None:
    # The tuning raised the Orc Warband's and the Uruk-hai's horde to +2; the card says so.
    for card_id in ("sh-orcs", "sh-uruk-hai"):
        assert UNIT_N[BY_ID[card_id]] == 2
        assert "+2 when outnumbering" in texts.card_line(card_id, "en")
        assert "پرشمارتر باشید +۲" in texts.card_line(card_id, "fa")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_every_number_in_every_cards_summary_is_its_data(lang: str) -> None:
    for card in CARDS:
        k = BY_ID[card.id]
        expected = [COMBAT[k]]
        if UNIT_NAMES[UNIT[k]] in NUMBERED_ABILITIES:
            expected.append(UNIT_N[k])
        expected.append(COST[k])
        expected += [n for e, n in EVENT[k] if EFFECT_NAMES[e] in NUMBERED_EFFECTS]
        summary = texts.card_summary(card.id, lang)
        assert numbers(summary.removeprefix(card.names[lang])) == expected, summary


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
    assert texts.event_text(event, "fa") == "بازیکن ۲ ۲ کارت کشید."
    assert texts.event_text(event, "en", names=["Ana", "Bot"]) == "Bot drew 2 cards."
    assert texts.end_text(0, "sweep", "en", you=0) == "You win by winning all three zones."


def test_who_starts_a_round_agrees_with_the_reader() -> None:
    begins = {"event": "round", "round": 2, "starter": 0}
    assert texts.event_text(begins, "en", you=0) == "Round 2 begins; you start."
    assert texts.event_text(begins, "en", names=["Ana", "Bot"], you=1) == (
        "Round 2 begins; Ana starts."
    )
    assert texts.event_text(begins, "fa", you=0) == "دور ۲ آغاز شد؛ شما شروع می‌کنید."
    assert texts.event_text(begins, "fa", you=1) == "دور ۲ آغاز شد؛ بازیکن ۱ شروع می‌کند."
    cleanup = {"event": "cleanup", "next": 1}
    assert texts.event_text(cleanup, "en", you=1) == "Cleanup; you start the next round."
    assert texts.event_text(cleanup, "fa", you=1) == "پاک‌سازی؛ دور بعد را شما آغاز می‌کنید."
    assert texts.event_text(cleanup, "en", you=0) == "Cleanup; Player 2 starts the next round."


def test_texts_return_plain_strings_for_every_card_id() -> None:
    for cid in IDS:
        assert isinstance(texts.quoted(cid, "fa"), str)
        assert isinstance(texts.card_name(cid, "en"), str)
