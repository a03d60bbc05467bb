"""Splendor Duel's web texts (``web.py``, ``rules.py``): every hook gives sensible text.

Random games are played to the end; at every position each legal action gets a label and each
event a log line, in both languages, for both seats and a spectator. Persian text has Persian
digits only and clean zero-width non-joiners, and no line shown to a player names a card the
opponent reserved blind before it is bought.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from rumizi.core.i18n import LANGS, to_ascii_digits
from rumizi.games.splendor_duel import GAME, texts, web
from rumizi.games.splendor_duel.cards import CARDS, LEVEL_CARDS, PYRAMID_SLOTS, ROYALS
from rumizi.games.splendor_duel.engine import (
    CROWN_THRESHOLDS,
    MAX_RESERVED,
    MAX_TOKENS,
    PRIVILEGES,
    STALL_TURNS,
    WIN_COLOR,
    WIN_CROWNS,
    WIN_POINTS,
)
from rumizi.games.splendor_duel.rules import RULES, SECTION_IDS, rules, tagline
from rumizi.server.plugins import Audience, plugin

NAMES = {"en": ("\u2068ali\u2069", "Easy bot"), "fa": ("\u2068ali\u2069", "ربات آسان")}
SEEDS = (1, 2, 3, 4, 5, 6, 7, 8)


def audience(lang: str, seat: int | None, names: tuple[str, ...] | None = None) -> Audience:
    return Audience(lang, seat, NAMES[lang] if names is None else names, {"players": 2})


def check_text(text: str, lang: str) -> None:
    """A line fit to show: non-empty, no JSON or placeholders, clean Persian."""
    assert isinstance(text, str) and text.strip(), "empty text"
    assert not text.lstrip().startswith("{"), text
    assert "{" not in text and "None" not in text and "—  " not in text, text
    if lang == "fa":
        assert not re.search(r"[0-9]", text), f"ASCII digits in Persian: {text!r}"
        assert not re.search("[يك]", text), f"Arabic yeh/kaf: {text!r}"
        assert "\u200c " not in text and " \u200c" not in text, f"ZWNJ beside a space: {text!r}"
        assert re.search(r"[\u0600-\u06ff]", text), text
    else:
        assert not re.search(r"[\u0600-\u06ff]", text), f"Persian in English: {text!r}"


def numbers(*parts: str) -> Counter[int]:
    return Counter(int(n) for part in parts for n in re.findall(r"[0-9]+", to_ascii_digits(part)))


# ---------------------------------------------------------------------- page texts


def test_the_platform_finds_the_web_module() -> None:
    assert plugin("splendor-duel").catalog("en")["name"] == "Splendor Duel"


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_line(lang: str) -> None:
    line = web.catalog(lang)
    assert line["name"] == GAME.names[lang]
    assert line["minutes"] == 30 and line["age"] == 10
    assert to_ascii_digits(line["players"]) == "2"
    check_text(line["tagline"], lang)
    (first,) = web.options(lang)
    assert first["name"] == "first"
    # Every choice the form offers starts a game with that player first (or a drawn one).
    for choice in first["choices"]:
        assert "players" not in choice  # the form keeps its two seats
        check_text(choice["label"], lang)
        state = GAME.new(seed=3, first=choice["value"])
        assert choice["value"] == "random" or state.current == choice["value"]


def test_persian_name_is_the_engines() -> None:
    assert web.catalog("fa")["name"] == "کهربا دوئل"


@pytest.mark.parametrize("lang", LANGS)
def test_rules_sections(lang: str) -> None:
    sections = plugin("splendor-duel").rules(lang)  # what the game page serves
    assert len(sections) == len(SECTION_IDS) == len(rules(lang))
    for section in sections:
        check_text(section["title"], lang)
        assert section["paragraphs"]
        for paragraph in section["paragraphs"]:
            check_text(paragraph, lang)
    check_text(tagline(lang), lang)


def test_rules_state_the_same_numbers_in_both_languages() -> None:
    for en, fa in zip(RULES["en"], RULES["fa"], strict=True):
        assert len(en.paragraphs) == len(fa.paragraphs), en.title
        assert numbers(*en.paragraphs) == numbers(*fa.paragraphs), en.title
    assert numbers(tagline("en")) == numbers(tagline("fa"))


def _section(sid: str) -> Counter[int]:
    found = RULES["en"][SECTION_IDS.index(sid)]
    return numbers(found.title, *found.paragraphs)


def test_rules_numbers_are_the_engines() -> None:
    assert {WIN_POINTS, WIN_CROWNS, WIN_COLOR} <= set(_section("overview"))
    assert {WIN_POINTS, WIN_CROWNS, WIN_COLOR} <= set(_section("end"))
    components = _section("components")
    assert {25, 4, 2, 3, PRIVILEGES, len(ROYALS), len(CARDS)} <= set(components)
    assert [components[n] > 0 for n in (len(c) for c in LEVEL_CARDS)] == [True] * 3
    assert set(PYRAMID_SLOTS) <= set(_section("setup"))
    assert set(CROWN_THRESHOLDS) <= set(_section("royals"))
    assert {royal.points for royal in ROYALS} <= set(_section("royals"))
    assert MAX_TOKENS in _section("limit")
    assert MAX_RESERVED in _section("reserve")
    assert STALL_TURNS in _section("stalling")
    assert PRIVILEGES in _section("privileges")


@pytest.mark.parametrize("lang", LANGS)
def test_cards(lang: str) -> None:
    found = web.cards(lang)
    assert len(found) == len(CARDS) + len(ROYALS)
    assert len({c["id"] for c in found}) == len(found)
    by_id = {c["id"]: c for c in found}
    for card in CARDS:
        entry = by_id[card.id]
        assert entry["kind"] == "jewel"
        assert (entry["level"], entry["color"], entry["bonus"]) == (
            card.level,
            card.color,
            card.bonus,
        )
        assert (entry["points"], entry["crowns"], entry["ability"]) == (
            card.points,
            card.crowns,
            card.ability,
        )
        assert entry["cost"] == {k: n for k, n in card.cost.items() if n}
        check_text(entry["name"], lang)
        check_text(entry["text"], lang)
    for royal in ROYALS:
        entry = by_id[royal.id]
        assert entry["kind"] == "royal" and entry["points"] == royal.points
        check_text(entry["name"], lang)
        check_text(entry["text"], lang)


# ---------------------------------------------------------------------- random games


def _play(seed: int) -> dict[str, Any]:
    """A random game to the end; checks every label and log line on the way."""
    state = GAME.new(seed=seed)
    rng = random.Random(seed)
    kinds: Counter[str] = Counter()
    do_kinds: Counter[str] = Counter()
    # Cards reserved blind and not bought yet, per owner: the opponent must never read them.
    hidden: dict[int, set[str]] = {0: set(), 1: set()}
    steps = 0
    while not state.over:
        actor = state.to_act
        assert actor is not None
        view = state.view(actor)
        legal = state.legal_actions()
        for lang in LANGS:
            labels = [web.action_label(view, a, audience(lang, actor)) for a in legal]
            for label in labels:
                check_text(label, lang)
                for card in hidden[1 - actor]:
                    assert texts.card_name(card, lang) not in label
            repeated = [x for x, n in Counter(labels).items() if n > 1]
            assert not repeated, f"two moves share a label: {repeated}"
        action = rng.choice(legal)
        do_kinds[str(action["do"])] += 1
        state.events = []
        state.apply(action)
        events = list(state.events)
        state.events = None
        for event in events:
            kinds[str(event["event"])] += 1
            if event["event"] == "reserve" and "deck" in event:
                mine = state.export()["players"][event["player"]]["reserved"][-1]
                assert mine["blind"]
                hidden[event["player"]].add(mine["card"])
            if event["event"] == "buy":
                hidden[event["player"]].discard(event["card"])
        for lang in LANGS:
            for reader in (0, 1, None):
                lines = web.log_lines(events, audience(lang, reader))
                assert len(lines) == len(events)
                for line in lines:
                    check_text(line, lang)
                secret = set().union(*(hidden[p] for p in (0, 1) if p != reader))
                for card in secret:
                    name = texts.card_name(card, lang)
                    assert all(name not in line for line in lines), (name, lines)
        steps += 1
        assert steps < 3000
    return {"state": state, "kinds": kinds, "do": do_kinds}


@pytest.fixture(scope="module")
def games() -> list[dict[str, Any]]:
    return [_play(seed) for seed in SEEDS]


def test_random_games_cover_the_events(games: list[dict[str, Any]]) -> None:
    kinds: Counter[str] = sum((g["kinds"] for g in games), Counter())
    wanted = set(texts.EVENT_KINDS) - {"pass", "claim-stall", "concede"}
    assert wanted <= set(kinds), wanted - set(kinds)
    actions: Counter[str] = sum((g["do"] for g in games), Counter())
    assert {"take", "reserve", "buy", "replenish", "privilege", "discard"} <= set(actions)
    assert {"steal", "royal", "take-bonus"} <= set(actions)


@pytest.mark.parametrize("lang", LANGS)
def test_rare_events_and_actions(lang: str) -> None:
    events = [
        {"event": "pass", "player": 1},
        {"event": "claim-stall", "player": 0},
        {"event": "concede", "player": 1},
        {"event": "game-over", "winner": 0, "reason": "stall"},
        {"event": "game-over", "winner": 0, "reason": "concede"},
        {"event": "privilege", "player": 0, "from": "opponent", "reason": "take"},
        {"event": "privilege", "player": 1, "from": "none", "reason": "replenish"},
        {"event": "reserve", "player": 1, "gold": [2, 2], "deck": 3},
    ]
    for reader in (0, 1, None):
        lines = web.log_lines(events, audience(lang, reader))
        assert len(lines) == len(events)
        for line in lines:
            check_text(line, lang)
    view = GAME.new(seed=1).view(0)
    view["to_act"] = 0
    for action in ({"do": "pass"}, {"do": "claim-stall"}, {"do": "replenish"}):
        check_text(web.action_label(view, action, audience(lang, 0)), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_result_text(games: list[dict[str, Any]], lang: str) -> None:
    for game in games:
        state = game["state"]
        winner = state.winner
        for reader in (0, 1, None):
            text = web.result_text(state.view(reader), audience(lang, reader))
            check_text(text, lang)
            you = "شما" if lang == "fa" else "You"
            if reader == winner:
                assert text.startswith(you), text
            else:
                assert text.startswith(NAMES[lang][winner]), text


def test_result_reasons() -> None:
    view = GAME.new(seed=1).view(0)
    view["winner"] = 1
    view["players"][1].update(points=7, crowns=11)
    view["players"][1]["color_points"]["green"] = 12
    for reason, en in (
        ("points", "Easy bot won with 7 prestige points."),
        ("crowns", "Easy bot won with 11 crowns."),
        ("color", "Easy bot won with 12 points on green cards."),
        ("stall", "Easy bot won because the opponent stalled."),
        ("concede", "Easy bot won because the opponent conceded."),
    ):
        view["end"] = reason
        assert web.result_text(view, audience("en", 0)).startswith(en)
        check_text(web.result_text(view, audience("fa", 0)), "fa")
    view["end"] = "crowns"
    assert web.result_text(view, audience("fa", 1)).startswith("شما با ۱۱ تاج برنده شدید.")


def test_unnamed_seats_are_numbered_and_the_reader_is_you() -> None:
    event = {"event": "take", "player": 1, "spaces": [[3, 1], [3, 2]], "tokens": ["red", "red"]}
    assert web.log_lines([event], audience("en", 0, ("", ""))) == [
        "Player 2 took 2 red (row 3, columns 1–2)."
    ]
    assert web.log_lines([event], audience("fa", 1, ("", ""))) == [
        "شما ۲ قرمز برداشتید (ردیف ۳، ستون‌های ۱ تا ۲)."
    ]


def test_take_labels_count_the_tokens_and_name_the_line() -> None:
    state = GAME.new(seed=7)  # board rows: BKBKW WGKBG YKYRW PPYRR GBWRG
    view = state.view(0)
    en, fa = audience("en", 0), audience("fa", 0)
    pearls = {"do": "take", "spaces": [[4, 1], [4, 2]]}
    assert web.action_label(view, pearls, en) == (
        "Take 2 pearl (row 4, columns 1–2) — Easy bot gains a privilege"
    )
    assert web.action_label(view, pearls, fa) == (
        "۲ مروارید بردارید (ردیف ۴، ستون‌های ۱ تا ۲) — ربات آسان یک طومار می‌گیرد"
    )
    column = {"do": "take", "spaces": [[1, 1], [2, 1]]}
    assert web.action_label(view, column, en) == "Take 1 white and 1 blue (column 1, rows 1–2)"
    diagonal = {"do": "take", "spaces": [[1, 1], [2, 2], [3, 3]]}
    assert web.action_label(view, diagonal, en).endswith("(diagonal (1, 1)–(3, 3))")


def test_a_blind_reserve_shows_its_card_only_to_its_owner() -> None:
    event = {"event": "reserve", "player": 0, "gold": [1, 3], "deck": 2, "card": "2-red-b"}
    for lang in LANGS:
        name = texts.card_name("2-red-b", lang)
        assert name in web.log_lines([event], audience(lang, 0))[0]
        assert name not in web.log_lines([event], audience(lang, 1))[0]
        assert name not in web.log_lines([event], audience(lang, None))[0]


def test_revealed_view_shows_every_reserved_card() -> None:
    state = GAME.new(seed=7)
    gold = next(
        [r + 1, c + 1]
        for r, row in enumerate(state.view(None)["board"])
        for c, x in enumerate(row)
        if x == "Y"
    )
    state.apply({"do": "reserve", "gold": gold, "deck": 1})
    secret = state.export()["players"][0]["reserved"][0]["card"]
    assert state.view(1)["players"][0]["reserved"][0]["card"] is None
    for seat in (0, 1, None):
        shown = web.revealed_view(state, seat)["players"][0]["reserved"]
        assert shown[0]["card"] == secret
