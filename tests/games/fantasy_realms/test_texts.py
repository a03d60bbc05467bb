"""The texts people read: every card's effect in Persian and English, the scorer's
refusals in both languages (English as ``str()``), and a log sentence for every kind of event."""

from __future__ import annotations

import re
from typing import Any

import pytest

from rumizi.core.i18n import to_persian_digits
from rumizi.games.fantasy_realms import CARDS, ScoringError, score_hand, texts, web
from rumizi.games.fantasy_realms.cards import ITEMS, REPRINTS
from tests.cli.persian import persian_problems

PERSIAN = re.compile("[\u0600-\u06ff]")
TEXTS = [(f"card:{c}", i) for c, i in CARDS.items()] + [
    (f"reprint:{c}", i) for c, i in REPRINTS.items()
]


@pytest.mark.parametrize(("key", "info"), TEXTS, ids=[k for k, _ in TEXTS])
def test_every_card_tells_its_effect_in_both_languages(key: str, info: Any) -> None:
    assert info.effect("en") == info.effect_en and info.effect("fa") == info.effect_fa
    assert info.effect_en and not PERSIAN.search(info.effect_en)
    assert PERSIAN.search(info.effect_fa)
    assert persian_problems(info.effect_fa) == []
    # Both say the same numbers (in the same order), the Persian in Persian digits.
    numbers = re.findall(r"\d+", info.effect_en)
    assert re.findall("[۰-۹]+", info.effect_fa) == [to_persian_digits(n) for n in numbers]


@pytest.mark.parametrize("item", sorted(ITEMS))
def test_every_cursed_item_tells_what_it_does_and_when_in_both_languages(item: str) -> None:
    info = ITEMS[item]
    assert info.effect("en") == info.text and info.effect("fa") == info.text_fa
    assert info.when("en") == info.timing and info.when("fa") == info.timing_fa
    for text in (info.text, info.timing):
        assert text and not PERSIAN.search(text)
    for text in (info.text_fa, info.timing_fa):
        assert PERSIAN.search(text) and persian_problems(text) == []
    numbers = re.findall(r"\d+", info.text)
    assert re.findall("[۰-۹]+", info.text_fa) == [to_persian_digits(n) for n in numbers]
    # An item named in another's text is named as the game names it.
    for other in ITEMS.values():
        if other.en in info.text:
            assert f"«{other.fa}»" in info.text_fa, other.en


def test_the_cards_route_sends_items_in_the_readers_language() -> None:
    fa = {entry["id"]: entry for entry in web.cards("fa") if entry["kind"] == "item"}
    en = {entry["id"]: entry for entry in web.cards("en") if entry["kind"] == "item"}
    assert fa["portal"]["text"] == ITEMS["portal"].text_fa
    assert fa["portal"]["timing"] == "هر زمان"
    assert en["portal"]["text"] == ITEMS["portal"].text and en["portal"]["timing"] == "any time"


def test_a_reprint_tells_its_own_effect() -> None:
    assert "+70" in REPRINTS["world-tree"].effect_en and "+50" in CARDS["world-tree"].effect_en
    assert "Building" in REPRINTS["great-flood"].effect_en
    assert "Building" not in CARDS["great-flood"].effect_en


BAD = [
    ({"hand": ["king", "kingx"]}, "unknown card id 'kingx'", "کارت ناشناخته: 'kingx'"),
    ({"hand": ["king", "king"]}, "in the hand twice", "کارت «پادشاه» دو بار در دست است"),
    ({"hand": ["chapel"]}, "without the Cursed Hoard", "«نمازخانه» بدون"),
    ({"hand": ["phoenix", "phoenix-deluxe"]}, "one Phoenix", "ققنوس"),
    ({"hand": ["king"], "discards": ["nope"]}, "in the discard area", "دورریخته"),
    ({"hand": ["king"], "discards": ["king"]}, "both in the hand", "«پادشاه» هم در دست"),
    ({"hand": ["king"], "discards": ["queen", "queen"]}, "discard area twice", "دو بار"),
    ({"hand": ["king"], "players": 9}, "players must be 1 to 7, not 9", "۱ تا ۷ باشد، نه ۹"),
    ({"hand": ["king"], "choices": {"king": {}}}, "makes no choice", "«پادشاه» هنگام"),
    ({"hand": ["king"], "choices": {"island": {}}}, "not in the hand", "«جزیره»، که در دست نیست"),
    ({"hand": ["island"], "choices": {"island": {"x": 1}}}, "unknown keys", "کلیدهای ناشناخته"),
    ({"hand": ["mirage"], "choices": {"mirage": {"copies": "king"}}}, "cannot copy", "کپی کند"),
    (
        {"hand": ["doppelganger", "king"], "choices": {"doppelganger": {"copies": "queen"}}},
        "which is not in the hand",
        "«بدل» کارت «ملکه» را نام می‌برد",
    ),
    (
        {"hand": ["book-of-changes", "king"], "choices": {"book-of-changes": {"target": "king"}}},
        "both a target",
        "کتاب تبدیلات هم هدف",
    ),
    (
        {
            "hand": ["book-of-changes", "king"],
            "choices": {"book-of-changes": {"target": "king", "new_suit": "pink"}},
        },
        "'pink' is not a suit",
        "'pink' گونه‌ای از این بازی نیست",
    ),
    (
        {"hand": ["island", "king"], "choices": {"island": {"clears": "king"}}},
        "island can only clear",
        "نه «پادشاه»",
    ),
    ({"hand": ["king"], "items": ["nothing"]}, "unknown Cursed Item", "ناشناخته"),
    ("king", "not one string", "نه یک رشته"),
]


@pytest.mark.parametrize(("kw", "en", "fa"), BAD, ids=[b[1] for b in BAD])
def test_bad_input_is_refused_in_both_languages(kw: Any, en: str, fa: str) -> None:
    with pytest.raises(ScoringError) as caught:
        if isinstance(kw, str):
            score_hand(kw)
        else:
            kw = dict(kw)
            score_hand(kw.pop("hand"), **kw)
    err = caught.value
    assert isinstance(err, ValueError)
    assert str(err) == err.en == err.text("en") and en in err.en
    assert err.text("fa") == err.fa and fa in err.fa
    assert PERSIAN.search(err.fa) and not PERSIAN.search(err.en)
    assert not re.search("[0-9]", err.fa.replace("'kingx'", ""))


def test_the_cards_with_a_bonus_in_points_are_those_whose_text_gives_one() -> None:
    # The scorer answers 0 at once for a card outside BONUS_CARDS: every card whose effect
    # gives points ("+N", or "adds" strengths) must be in it, and no other.
    from rumizi.games.fantasy_realms.scoring import BONUS_CARDS

    for card, info in [*CARDS.items(), *REPRINTS.items()]:
        gives = "+" in info.effect_en or info.effect_en.startswith("Adds")
        assert gives == (card in BONUS_CARDS), card


# One event of each kind the log tells, with what its sentence reads.
EVENTS: dict[str, dict[str, Any]] = {
    "start": {"event": "start", "player": 1},
    "draw": {"event": "draw", "player": 1, "count": 2},
    "take": {"event": "take", "player": 1, "card": "dragon"},
    "discard": {"event": "discard", "player": 1, "card": "king"},
    "drop-item": {"event": "drop-item", "player": 1, "item": "book-of-changes"},
    "use": {"event": "use", "player": 1, "item": "book-of-changes", "card": "king"},
    "forgo": {"event": "forgo", "player": 1, "item": "book-of-changes"},
    "return": {"event": "return", "player": 1, "to": "top"},
    "offer": {"event": "offer", "player": 1, "cards": ["king"]},
    "wagon-keep": {"event": "wagon-keep", "player": 1},
    "wagon-discard": {"event": "wagon-discard", "player": 1},
    "wagon-swap": {"event": "wagon-swap", "player": 1, "target": 0, "card": "king"},
    "ring": {"event": "ring", "player": 1},
    "reshuffle-items": {"event": "reshuffle-items"},
    "end-turn": {"event": "end-turn", "player": 1},
    "leprechaun": {"event": "leprechaun", "player": 1},
    "genie": {"event": "genie", "player": 1, "took": True},
    "necromancer": {"event": "necromancer", "player": 1, "card": "dragon"},
    "shed": {"event": "shed", "player": 1, "card": "king"},
    "concede": {"event": "concede", "player": 1},
    "end": {"event": "end", "winners": [1]},
    "propose": {"event": "propose", "player": 1, "to": 2, "offer": 3},
    "refuse": {"event": "refuse", "player": 1, "by": 2, "offer": 3},
    "withdraw": {"event": "withdraw", "player": 1, "offer": 3},
    "swap": {"event": "swap", "players": [1, 2]},
    "done": {"event": "done", "player": 1},
    "keep": {"event": "keep", "player": 1},
}


@pytest.mark.parametrize("kind", sorted(set(texts.EVENT_KINDS) | set(texts.CHAOS_EVENT_KINDS)))
@pytest.mark.parametrize("lang", ["fa", "en"])
def test_every_kind_of_event_is_told_to_every_reader(kind: str, lang: str) -> None:
    event = EVENTS[kind]
    for you in (None, 0, 1, 2):
        text = texts.event_text(event, lang, ["Ana", "Bo", "Cy"], you)
        assert text != str(event) and "~" not in text and "^" not in text
        assert bool(PERSIAN.search(text)) == (lang == "fa"), text
        if lang == "fa":
            assert persian_problems(text) == [], text
        if you == 1 and kind not in ("reshuffle-items", "end-turn", "swap"):
            # the reader acts, and is called “you” («شما»)
            assert ("شما" in text) if lang == "fa" else ("you" in text.lower()), text


def test_an_event_of_no_known_kind_is_shown_as_it_is() -> None:
    assert texts.event_text({"event": "nonsense", "player": 0}, "en") == (
        "{'event': 'nonsense', 'player': 0}"
    )
    assert texts.event_text({"event": None}, "fa") == "{'event': None}"
