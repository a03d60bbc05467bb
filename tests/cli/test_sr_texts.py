"""Star Realms player-facing texts: complete in both languages, Persian written properly."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from rumizi.cli import terminal
from rumizi.core.i18n import ZWNJ, to_ascii_digits, to_persian_digits
from rumizi.games.star_realms import GAME
from rumizi.games.star_realms import texts as T
from rumizi.games.star_realms.cards import CARDS
from rumizi.games.star_realms.engine import StarRealmsState
from tests.cli.persian import persian_problems

PERSIAN = re.compile(r"[\u0600-\u06ff]")


def random_states(seeds: range, moves: int = 300) -> Iterator[StarRealmsState]:
    """Positions along random games, events switched on."""
    for seed in seeds:
        state = GAME.new(seed=seed)
        state.events = []
        chooser = random.Random(seed)
        for _ in range(moves):
            if state.over:
                break
            yield state
            legal = state.legal_actions()
            state.apply(legal[0] if chooser.random() < 0.4 else chooser.choice(legal))
        yield state


def seats(lang: str, you: int | None = 0) -> list[T.Who]:
    return T.seats_for(lang, you=you, names={1: T.bot_label("random", lang)})


def test_digit_helpers() -> None:
    assert to_persian_digits("0123456789") == "۰۱۲۳۴۵۶۷۸۹"
    assert to_ascii_digits("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩") == "01234567890123456789"
    assert to_persian_digits("abc") == "abc"


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.id)
def test_every_card_has_effect_text_in_both_languages(card: Any) -> None:
    for lang in ("en", "fa"):
        summary = T.card_summary(card.id, lang)
        assert summary
        for effects in (card.primary, card.ally, card.scrap):
            assert T.effects_text(effects, lang)
        details = dict(T.card_details(card.id, lang))
        assert len(details) >= 5
    fa = T.card_summary(card.id, "fa") + " ".join(v for _, v in T.card_details(card.id, "fa"))
    assert not persian_problems(fa.replace(card.en, ""))


def test_effect_lines() -> None:
    caravan = CARDS[[c.id for c in CARDS].index("caravan-ship")]
    assert T.effects_text(caravan.primary, "en") == "2 trade, 4 authority"
    assert T.effects_text(caravan.primary, "fa") == "۲ تجارت، ۴ اقتدار"
    assert T.effects_text((), "en") == "no effect"
    assert T.card_summary("battle-station", "fa") == "بدون اثر · ♻ ۵ حمله"


SAMPLE_EVENTS: list[dict[str, Any]] = [
    {"event": "turn", "player": 1, "turn": 12},
    {"event": "pass", "player": 0, "to": 2},
    {"event": "play", "player": 0, "card": "gnat"},
    {"event": "trade", "player": 0, "amount": 2, "card": "trade-pod"},
    {"event": "trade", "player": 0, "amount": 2, "card": None},
    {"event": "combat", "player": 1, "amount": 3, "card": "gnat"},
    {"event": "authority", "player": 0, "amount": 4, "card": "merchant-skiff"},
    {"event": "ally", "player": 0, "card": "gnat"},
    {"event": "draw", "player": 0, "count": 1},
    {"event": "draw", "player": 1, "count": 5},
    {"event": "draw", "player": 1, "count": 0},
    {"event": "shuffle", "player": 1},
    {"event": "buy", "player": 0, "card": "flagship"},
    {"event": "refill", "slot": 2, "card": "lance"},
    {"event": "refill", "slot": 4, "card": None},
    {"event": "scrap", "player": 0, "card": "explorer"},
    {"event": "scrap-card", "player": 0, "card": "viper", "from": "hand"},
    {"event": "scrap-card", "player": 1, "card": "lookout", "from": "discard"},
    {"event": "clear-row", "player": 0, "card": "cruiser"},
    {"event": "opp-discard", "player": 0, "target": 1, "amount": 1, "card": "cruiser"},
    {"event": "opp-discard", "player": 1, "target": 0, "amount": 2, "card": None},
    {"event": "discard", "player": 1, "card": "viper"},
    {"event": "destroy", "player": 0, "target": 1, "card": "trading-post"},
    {"event": "attack", "player": 1, "target": 0, "amount": 12, "authority": 38},
    {"event": "skip", "player": 0},
    {"event": "end", "player": 0},
    {"event": "concede", "player": 1},
    {"event": "eliminated", "player": 1},
    {"event": "game-over", "winner": 0},
    {"event": "game-over", "winner": None},
    {"event": "transfer", "player": 0, "to": 1, "card": "gnat"},
    {"event": "bequeath", "player": 1, "to": 0, "card": "viper"},
    {"event": "damage", "player": 0, "target": 1, "card": "trading-post", "amount": 2, "left": 2},
    {"event": "damage", "player": 1, "target": 0, "card": "barter-world", "amount": 4, "left": 0},
]


def test_samples_cover_every_event_kind() -> None:
    assert {e["event"] for e in SAMPLE_EVENTS} == set(T.EVENT_KINDS)


@pytest.mark.parametrize("event", SAMPLE_EVENTS, ids=lambda e: str(e["event"]))
@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("you", [0, 1, None])
def test_every_event_renders(event: dict[str, Any], lang: str, you: int | None) -> None:
    text = T.event_text(event, lang, seats(lang, you))
    assert text and "{" not in text and "=" not in text
    if lang == "fa":
        assert not persian_problems(text), persian_problems(text)
        assert PERSIAN.search(text)
    else:
        assert not PERSIAN.search(text)


def test_event_sentences_agree_with_the_player() -> None:
    attack = {"event": "attack", "player": 1, "target": 0, "amount": 5, "authority": 45}
    assert T.event_text(attack, "en", seats("en")) == (
        "Random bot hit you for 5; your authority is now 45."
    )
    assert T.event_text(attack, "fa", seats("fa")) == (
        "ربات تصادفی با ۵ حمله به شما ضربه زد؛ اقتدار شما اکنون ۴۵ است."
    )
    play0 = {"event": "play", "player": 0, "card": "stinger"}
    assert T.event_text(play0, "fa", seats("fa")) == "شما «نیش‌زن» را بازی کردید."
    assert T.event_text({**play0, "player": 1}, "fa", seats("fa")) == (
        "ربات تصادفی «نیش‌زن» را بازی کرد."
    )
    draw = {"event": "draw", "player": 1, "count": 2}
    assert T.event_text(draw, "en", seats("en")) == "Random bot drew 2 cards."
    assert T.event_text({**draw, "count": 1}, "en", seats("en")) == "Random bot drew a card."


def test_real_events_are_all_known_kinds_and_render() -> None:
    seen: set[str] = set()
    for state in random_states(range(12), moves=600):
        if state.over and state.events is not None:
            for event in state.events:
                seen.add(event["event"])
                for lang in ("en", "fa"):
                    text = T.event_text(event, lang, seats(lang))
                    assert not text.startswith(f"{event['event']}:"), text
                    if lang == "fa":
                        assert not persian_problems(text)
    assert seen <= set(T.EVENT_KINDS)
    assert {"play", "buy", "attack", "end", "turn", "draw", "game-over"} <= seen


def test_every_legal_action_has_a_menu_line() -> None:
    kinds: set[str] = set()
    for state in random_states(range(6)):
        if state.over:
            continue
        me = state.to_act
        assert me is not None
        view = state.view(me)
        for action in state.legal_actions():
            kinds.add(action["do"])
            for lang in ("en", "fa"):
                line = T.action_text(action, view, T.seats_for(lang, you=me))
                assert line and "{" not in line, line
                if lang == "fa":
                    assert not persian_problems(line), persian_problems(line)
    assert {"play", "buy", "attack", "choose", "end"} <= kinds


def test_menu_lines() -> None:
    state = GAME.new(seed=3)
    view = state.view(0)
    en, fa = T.seats_for("en", you=0), T.seats_for("fa", you=0)
    assert T.action_text({"do": "buy", "card": "gnat"}, view, en) == (
        "Buy Gnat for 1 trade — 3 combat · ally: draw a card"
    )
    assert T.action_text({"do": "play", "card": "lookout"}, view, fa) == (
        "«دیده‌بان» را بازی کنید — ۱ تجارت"
    )
    assert T.action_text({"do": "attack", "player": 1, "base": "trading-post"}, view, en) == (
        "Destroy Player 2's Trading Post (outpost, defense 4)"
    )
    assert T.action_text({"do": "concede"}, view, en) == "Concede"


def test_choices_in_both_languages() -> None:
    for choice in ("scrap-card", "clear-row", "discard", "opp-discard"):
        pending = {"choice": choice, "card": "supply-bot", "optional": True}
        for lang in ("en", "fa"):
            for who in T.seats_for(lang, you=0):
                text = T.choice_text(pending, who)
                assert text.startswith("«ربات تدارکات»: " if lang == "fa" else "Supply Bot: ")
                if lang == "fa":
                    assert not persian_problems(text)
    you = T.seats_for("fa", you=0)[0]
    assert "می‌توانید" in T.choice_text({"choice": "scrap-card", "card": None}, you)


def test_labels_messages_and_help_are_good_persian() -> None:
    texts: list[str] = [T.label(key, "fa") for key in T._LABELS]
    texts += list(T.rules_help("fa"))
    for replay in (False, True):
        texts += [meaning for _, meaning in terminal.keys_help("fa", replay, T.attack_keys("fa"))]
    for key in T._MESSAGES:
        texts.append(
            T.message(
                key,
                "fa",
                n=12,
                k=3,
                text="x",
                path="p",
                seed=42,
                seat=0,
                bot="b",
                other=1,
                first="f",
                who="w",
                game="g",
                error="e",
                names="n",
                bots="b",
            )
        )
    for text in texts:
        assert not persian_problems(text), persian_problems(text)
    everything = "\n".join(texts)
    for word in ("کارت_ها", "می_کشد", "اسقاط_شده", "پایگاه_ها", "پاسگاه_ها", "حرکت_ها"):
        assert word.replace("_", ZWNJ) in everything, word


def test_english_texts_have_no_persian() -> None:
    for key in T._LABELS:
        if key != "game":
            assert not PERSIAN.search(T.label(key, "en"))
    for line in T.rules_help("en"):
        assert not PERSIAN.search(line)


def test_find_cards() -> None:
    assert T.find_cards("Gnat") == ["gnat"]
    assert T.find_cards("پشه") == ["gnat"]
    assert T.find_cards("نیش زن") == ["stinger"]  # ZWNJ or space: both found
    assert T.find_cards("ناوچه امپراتوری") == ["imperial-frigate"]
    assert T.find_cards("جنگنده") == ["imperial-fighter"]
    assert T.find_cards("") == []
    assert T.find_cards("nothing-like-it") == []
    assert len(T.find_cards("ship")) > 3


def test_the_persian_check_catches_slips() -> None:
    assert persian_problems("کارتها")
    assert persian_problems("می کشد")
    assert persian_problems("میکشد")
    assert persian_problems("۱2")
    assert persian_problems("كارت")
    assert not persian_problems(f"کارت{ZWNJ}ها را می{ZWNJ}کشد، روی میز")
