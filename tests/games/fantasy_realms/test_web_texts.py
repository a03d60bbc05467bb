"""Fantasy Realms on the web: the catalogue line, the table options, the cards, every event's
log line and every move's label in both languages, the result line and the replays' views."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from rumizi.core.addons import Audience
from rumizi.core.contract import record_events
from rumizi.core.i18n import to_ascii_digits
from rumizi.core.registry import game_module
from rumizi.games.fantasy_realms import GAME, rules, texts, web
from rumizi.games.fantasy_realms.cards import CARDS, ITEMS, REPRINTS
from rumizi.testing import tables

LANGS = ("fa", "en")
LATIN_DIGIT = re.compile(r"[0-9]")


def audience(lang: str, seat: int | None, players: int, names: tuple[str, ...] = ()) -> Audience:
    return Audience(lang, seat, names or ("",) * players, {"players": players})


def play(seed: int, players: int, **options: Any) -> tuple[Any, list[dict[str, Any]], list[Any]]:
    """A random game to the end: the state, its events and every (view, legal) position."""
    state = GAME.new(seed=seed, players=players, **options)
    opening = web.opening_events(state)
    recorded = record_events(state)
    positions = []
    r = random.Random(seed)
    while not state.over:
        legal = state.legal_actions()
        positions.append((state.view(state.to_act), state.to_act, legal))
        state.apply(r.choice(legal))
    return state, opening + recorded, positions


@pytest.fixture(scope="module")
def games() -> list[tuple[Any, list[dict[str, Any]], list[Any]]]:
    found = []
    for seed in range(24):
        players = 2 + seed % 5
        found.append(
            play(
                seed,
                players,
                items=seed % 2 == 0,
                suits=seed % 3 == 0,
                jester=True,
                phoenix="promo",
            )
        )
    return found


def test_the_platform_finds_the_web_module() -> None:
    assert game_module("fantasy-realms", "web") is web
    assert game_module("fantasy-realms", "rules") is rules


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_line(lang: str) -> None:
    entry = web.catalog(lang)
    assert entry["name"] == GAME.names[lang]
    assert entry["players"] == ("۲–۷" if lang == "fa" else "2–7")  # 7 only in chaos
    assert (entry["minutes"], entry["age"]) == (20, 14)
    assert entry["tagline"]
    assert web.CATALOGUE_RANK == 3


@pytest.mark.parametrize("lang", LANGS)
def test_options_are_the_variant_its_timer_the_modules_and_who_starts(lang: str) -> None:
    opts = {o["name"]: o for o in web.options(lang)}
    assert list(opts) == ["variant", "timer", "items", "suits", "jester", "phoenix", "first"]
    variant = {c["value"]: c for c in opts["variant"]["choices"]}
    assert variant["standard"]["players"] == [2, 3, 4, 5, 6]
    assert variant["chaos"]["players"] == [3, 4, 5, 6, 7]
    timer = opts["timer"]["choices"]
    assert [c["value"] for c in timer] == ["300", "120", "600"]  # five minutes by default
    assert "requires" not in timer[0]
    assert all(c["requires"] == {"variant": ["chaos"]} for c in timer[1:])
    assert ("۵ دقیقه" if lang == "fa" else "5 minutes") == timer[0]["label"]
    items = {c["value"]: c for c in opts["items"]["choices"]}
    assert items["true"]["requires"] == {"variant": ["standard"]}  # chaos has no turns
    assert [c["value"] for c in opts["phoenix"]["choices"]] == ["none", "promo", "deluxe"]
    first = opts["first"]["choices"]
    assert first[0]["value"] == "random" and first[0]["players"] == [2, 3, 4, 5, 6, 7]
    assert {c["value"]: c["players"] for c in first[1:]}["5"] == [6]
    assert "6" not in {c["value"] for c in first}  # nobody starts a chaos table of 7
    for option in opts.values():
        assert option["label"]
        assert all(c["label"] for c in option["choices"])


def test_every_option_choice_makes_a_table_and_the_contract_suite_sees_them() -> None:
    declared = {o["name"]: o["choices"] for o in web.options("en")}
    for name, choices in declared.items():
        for c in choices:
            chosen = {k: v[0] for k, v in c.get("requires", {}).items()}
            chosen[name] = c["value"]
            largest = 7 if chosen.get("variant") == "chaos" else 6
            players = min(max(c.get("players", [4])), largest)
            state = GAME.new(seed=1, players=players, **chosen)
            if name in ("items", "suits", "jester"):
                assert state.export()["options"][name] is (c["value"] == "true")
    with pytest.raises(ValueError, match="Cursed Items"):  # what items' requires says
        GAME.new(seed=1, players=4, variant="chaos", items="true")
    with pytest.raises(ValueError, match="2 to 6"):  # 7 only in chaos
        GAME.new(seed=1, players=7)
    assert GAME.new(seed=1, players=3, variant="chaos", timer="120").timer() == 120.0
    found = tables("fantasy-realms")
    assert len(found) < 150  # the suite's time: not the 600 of the whole product
    chaos = [t for t in found if t.options["variant"] == "chaos"]
    assert {t.players for t in chaos} == {3, 4, 5, 6, 7}
    assert {t.options["timer"] for t in chaos} == {"120", "300", "600"}
    assert not any(t.options["items"] == "true" for t in chaos)
    assert {t.players for t in found if t.options["variant"] == "standard"} == {2, 3, 4, 5, 6}
    for n in range(2, 7):  # every seat starts at every table size that has it
        assert {t.options["first"] for t in found if t.players == n} >= {
            "random",
            *map(str, range(n)),
        }
    for t in found:
        GAME.new(seed=1, players=t.players, **dict(t.options))
    with pytest.raises(ValueError, match="items"):
        GAME.new(seed=1, players=3, items="maybe")


@pytest.mark.parametrize("lang", LANGS)
def test_rules_sections_and_numbers(lang: str) -> None:
    sections = rules.rules(lang)
    assert len(sections) == len(rules.SECTION_IDS)
    text = " ".join(p for s in sections for p in s.paragraphs)
    numbers = (
        ("7", "8", "10", "12", "14", "9") if lang == "en" else ("۷", "۸", "۱۰", "۱۲", "۱۴", "۹")
    )
    for number in numbers:
        assert number in text
    if lang == "fa":
        assert not LATIN_DIGIT.search(text)
        assert "\u200c" in text  # the zero-width non-joiner (می‌کشد, کارت‌ها)
        assert "می کن" not in text and "می شو" not in text
    with pytest.raises(ValueError):
        rules.rules("de")


@pytest.mark.parametrize("lang", LANGS)
def test_cards_lists_every_card_and_item(lang: str) -> None:
    listed = web.cards(lang)
    assert {c["id"] for c in listed if c["kind"] == "card"} == set(CARDS)
    assert {c["id"] for c in listed if c["kind"] == "item"} == set(ITEMS)
    king = next(c for c in listed if c["id"] == "king")
    assert king["name"] == ("پادشاه" if lang == "fa" else "King") and king["suit"] == "leader"
    tower = next(c for c in listed if c["id"] == "bell-tower")
    assert tower["suit"] == "land" and tower["hoard"]["suit"] == "building"
    assert all("`" not in c["text"] for c in listed)
    # a card's text is its effect in the reader's language, the reprint's too
    assert king["text"] == CARDS["king"].effect(lang)
    assert tower["hoard"]["text"] == REPRINTS["bell-tower"].effect(lang)
    persian = [c for c in listed if c["kind"] == "card" and re.search("[\u0600-\u06ff]", c["text"])]
    assert len(persian) == (len(CARDS) if lang == "fa" else 0)


def test_every_event_kind_has_a_text_in_both_languages(games: list[Any]) -> None:
    seen = {e["event"] for _, events, _ in games for e in events}
    assert seen <= set(texts.EVENT_KINDS)
    assert {"start", "draw", "take", "discard", "end-turn", "end", "use"} <= seen
    for kind in texts.EVENT_KINDS:
        event: dict[str, Any] = {"event": kind, "player": 1, "card": "king", "item": "spyglass"}
        event |= {"winners": [0], "cards": ["king"], "target": 0, "to": "top", "took": True}
        for lang in LANGS:
            line = texts.event_text(event, lang, ["Ana", "Bo", "Cy"], you=0)
            assert line and "{" not in line and "event" not in line, (kind, line)


@pytest.mark.parametrize("lang", LANGS)
def test_log_lines_of_random_games_read_well(games: list[Any], lang: str) -> None:
    for state, events, _ in games:
        n = state.num_players
        for seat in (None, 0, n - 1):
            lines = web.log_lines(events, audience(lang, seat, n))
            assert len(lines) == len(events)
            for line in lines:
                assert "{" not in line and "None" not in line, line
                if lang == "fa":
                    assert not LATIN_DIGIT.search(line), line


@pytest.mark.parametrize("lang", LANGS)
def test_every_legal_move_has_a_distinct_label(games: list[Any], lang: str) -> None:
    kinds = set()
    for state, _, positions in games[:12]:
        n = state.num_players
        for view, seat, legal in positions:
            labels = [web.action_label(view, a, audience(lang, seat, n)) for a in legal]
            assert len(set(labels)) == len(labels), labels
            for label in labels:
                assert "{" not in label and "None" not in label, label
            kinds |= {a["do"] for a in legal}
    assert {"draw", "take", "discard"} <= kinds


def test_the_reader_is_you_and_unnamed_seats_are_numbered() -> None:
    draw = {"event": "draw", "player": 0}
    assert texts.event_text(draw, "en", you=0) == "You drew a card."
    assert texts.event_text(draw, "fa", you=0) == "شما یک کارت کشیدید."
    assert texts.event_text(draw, "fa", you=1) == "بازیکن ۱ یک کارت کشید."
    assert texts.event_text(draw, "en", ["Ana"], you=None) == "Ana drew a card."


def test_hidden_cards_are_named_only_to_who_saw_them() -> None:
    staff = {"event": "use", "player": 1, "item": "staff-of-transmutation"}
    staff["cards"] = ["king", "queen", "dragon"]
    assert "King" in texts.event_text(staff, "en", you=1)
    assert "King" not in texts.event_text(staff, "en", you=0)
    assert "3 hand cards" in texts.event_text(staff, "en", you=0)
    swap = {"event": "wagon-swap", "player": 0, "target": 2, "card": "king"}
    assert "King" in texts.event_text(swap, "en", you=2)
    assert "King" not in texts.event_text(swap, "en", you=1)
    offer = {"event": "offer", "player": 2, "cards": ["king"]}
    assert texts.event_text(offer, "en", you=0) == "Player 3 offered 1 card."


def test_an_item_used_on_a_player_keeps_its_actor() -> None:
    state = GAME.new(seed=4, players=3, items=True, first=0)
    state.up[0] = "spyglass"
    events = record_events(state)
    state.apply({"do": "use", "item": "spyglass", "player": 2})
    assert events[-1] == {"event": "use", "player": 0, "item": "spyglass", "target": 2}
    line = web.log_lines(events, audience("en", 1, 3, ("Ana", "Bo", "Cy")))[-1]
    assert line == "Ana used Spyglass on Cy."


@pytest.mark.parametrize("lang", LANGS)
def test_result_text_names_the_winner_and_every_total(games: list[Any], lang: str) -> None:
    for state, _, _ in games:
        n = state.num_players
        text = web.result_text(state.view(0), audience(lang, 0, n))
        totals = [r["total"] for r in state.results]
        assert str(max(totals)) in to_ascii_digits(text)
        assert text.count(":") == n
        if lang == "fa":
            assert "برنده" in text and not LATIN_DIGIT.search(text)
        else:
            assert "won" in text or "share the win" in text


def test_a_shared_win_names_both() -> None:
    view = {
        "results": [
            {"player": 0, "total": 90, "strength": 40},
            {"player": 1, "total": 90, "strength": 40},
            {"player": 2, "total": 10, "strength": 9},
        ],
        "winners": [0, 1],
    }
    assert web.result_text(view, audience("en", 2, 3, ("Ana", "Bo", ""))).startswith(
        "Ana and Bo share the win with 90 points."
    )
    assert "با هم برنده شدند" in web.result_text(view, audience("fa", 2, 3))


def test_revealed_view_shows_every_hand_and_face_down_item() -> None:
    mid = GAME.new(seed=5, players=4, items=True)
    view = web.revealed_view(mid, 0)
    assert all(isinstance(h, list) and len(h) == 7 for h in view["hands"])
    assert all(isinstance(d, list) for d in view["items"]["down"])
    plain = mid.view(0)
    assert isinstance(plain["hands"][1], int)  # the seat's own view keeps them hidden
    assert web.opening_events(mid) == [{"event": "start", "player": mid.current}]


# ---------------------------------------------------------------------- the chaos realms


def chaos_game(seed: int, players: int) -> tuple[list[dict[str, Any]], list[Any]]:
    """A random chaos game: random actors trade until everyone is done or the timer rings,
    a Necromancer in seat 1's hand; its events and every (view, seat, legal) position."""
    state = GAME.new(seed=seed, players=players, variant="chaos")
    doc = state.export()
    hands = doc["hands"]
    if "necromancer" not in hands[1]:
        holder = next((q for q, h in enumerate(hands) if "necromancer" in h), None)
        if holder is None:  # from the deck
            doc["deck"][doc["deck"].index("necromancer")] = hands[1][0]
        else:
            hands[holder][hands[holder].index("necromancer")] = hands[1][0]
        hands[1][0] = "necromancer"
    state = GAME.load(doc)
    events = record_events(state)
    positions = []
    r = random.Random(seed)
    steps = 0
    while not state.over:
        steps += 1
        if state.timer() is not None and steps > 40:
            state.apply({"do": "ring"})
            continue
        seat = r.choice(state.actors)
        legal = state.legal_actions_for(seat)
        positions.append((state.view(seat), seat, legal))
        state.apply(r.choice(legal))
    return events, positions


@pytest.fixture(scope="module")
def chaos_games() -> list[tuple[list[dict[str, Any]], list[Any]]]:
    return [chaos_game(seed, 3 + seed % 5) for seed in range(10)]


def test_every_chaos_event_has_a_text_in_both_languages(chaos_games: list[Any]) -> None:
    seen = {e["event"] for events, _ in chaos_games for e in events}
    assert seen <= set(texts.CHAOS_EVENT_KINDS) | set(texts.EVENT_KINDS)
    assert {"propose", "refuse", "withdraw", "swap", "done", "ring", "draw", "keep"} <= seen
    names = ["Ana", "Bo", "Cy"]
    cases = {
        "propose": {"event": "propose", "player": 1, "to": 0, "offer": 12},
        "refuse": {"event": "refuse", "player": 0, "offer": 12, "by": 1},
        "withdraw": {"event": "withdraw", "player": 1, "offer": 12, "by": 1},
        "swap": {"event": "swap", "players": [1, 2], "offer": 12},
        "done": {"event": "done", "player": 2},
        "ring": {"event": "ring"},
        "draw": {"event": "draw", "player": 1, "count": 3},
        "keep": {"event": "keep", "player": 1},
    }
    assert set(cases) == set(texts.CHAOS_EVENT_KINDS)
    said = {}
    for kind, event in cases.items():
        for lang in LANGS:
            for you in (None, 0, 1, 2):
                line = texts.event_text(event, lang, names, you)
                assert line and "{" not in line and "None" not in line, (kind, line)
                assert str(dict(event)) != line
                if lang == "fa":
                    assert not LATIN_DIGIT.search(line), line
                said[kind, lang, you] = line
    assert said["propose", "en", 2] == "Bo offered Ana a swap (offer 12)."
    assert said["propose", "fa", 0] == "Bo به شما پیشنهاد معاوضه داد (پیشنهاد ۱۲)."
    assert said["refuse", "en", 1] == "Ana refused your offer (offer 12)."
    assert said["swap", "en", 2] == "You swapped a card with Bo."
    assert said["swap", "fa", 0] == "Bo و Cy کارتی با هم معاوضه کردند."
    assert said["done", "fa", 2] == "شما معاوضه‌هایتان را تمام کردید."
    assert said["done", "en", 1] == "Cy is done trading."
    assert said["ring", "en", None] == "⏰ Time is up: the trading is over."
    assert "سه کارت" in said["draw", "fa", 0] and "three" in said["draw", "en", 0]
    state = GAME.new(seed=1, players=3, variant="chaos", timer=120)
    (opening,) = web.opening_events(state)
    assert texts.event_text(opening, "fa") == "معاوضه‌ها آغاز شد: همه با هم، ۲ دقیقه."
    assert texts.event_text(opening, "en") == "The trading begins: everybody at once, 2 minutes."
    # the Wishing Ring's event keeps its own sentence
    wish = texts.event_text({"event": "ring", "player": 1}, "en", names)
    assert wish == "Bo searched the deck and put a card on top."


@pytest.mark.parametrize("lang", LANGS)
def test_chaos_logs_and_moves_read_well_and_name_cards_only_to_their_seats(
    chaos_games: list[Any], lang: str
) -> None:
    kinds = set()
    for events, positions in chaos_games:
        n = max(len(v["hands"]) for v, _, _ in positions)
        for seat in (None, 0, n - 1):
            for line in web.log_lines(events, audience(lang, seat, n)):
                assert "{" not in line and "None" not in line, line
                if lang == "fa":
                    assert not LATIN_DIGIT.search(line), line
        for view, seat, legal in positions:
            labels = [web.action_label(view, a, audience(lang, seat, n)) for a in legal]
            assert len(set(labels)) == len(labels), labels
            for label in labels:
                assert "{" not in label and "None" not in label and "'do'" not in label, label
                if lang == "fa":
                    assert not LATIN_DIGIT.search(label), label
            kinds |= {a["do"] for a in legal}
    assert kinds == set(texts.CHAOS_MOVES)


def test_an_offer_s_label_names_both_cards() -> None:
    view = {"pending": {"offers": [{"id": 3, "by": 0, "to": 1, "card": "dragon"}]}}
    names = ["Ana", "Bo", "Cy"]
    accept = {"do": "accept", "by": 1, "offer": 3, "card": "candle"}
    assert texts.action_text(accept, "en", names, 1, view) == "Give Candle for Ana's Dragon"
    assert (
        texts.action_text(accept, "fa", names, 1, view)
        == "«شمع» را بدهید و «اژدها» را از Ana بگیرید"
    )
    refuse = {"do": "refuse", "by": 1, "offer": 3}
    assert texts.action_text(refuse, "en", names, 1, view) == "Refuse Ana's offer of Dragon"
    withdraw = {"do": "withdraw", "by": 0, "offer": 3}
    assert (
        texts.action_text(withdraw, "en", names, 0, view) == "Withdraw your offer of Dragon to Bo"
    )
    propose = {"do": "propose", "by": 0, "to": 2, "card": "dragon"}
    assert texts.action_text(propose, "fa", names, 0) == "«اژدها» را برای معاوضه به Cy پیشنهاد کنید"
