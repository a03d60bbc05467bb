"""Every card of spec §2, every effect it has, checked against the spec's own table.

The table below restates spec §2 independently of ``cards.toml``: the data test compares the
engine's card data with it, and the behaviour tests play each card in a hand-built position
and check that exactly the spec's effects happen (pools, authority, cards drawn, choices).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from rumizi.games.star_realms import GAME, StarRealmsState
from rumizi.games.star_realms.cards import CARDS, EFFECTS, TRADE_DECK

Doc = dict[str, Any]
Me = Callable[[StarRealmsState], Doc]
Position = Callable[..., StarRealmsState]

ZWNJ = "\u200c"

# id, Persian, English, faction, cost (None: not for sale), copies in the trade deck,
# type, defense, primary, ally, scrap — spec §2, row by row.
SPEC: list[tuple[str, str, str, str, int | None, int, str, int, str, str, str]] = [
    ("lookout", f"دیده{ZWNJ}بان", "Lookout", "none", None, 0, "ship", 0, "trade 1", "", ""),
    ("viper", "افعی", "Viper", "none", None, 0, "ship", 0, "combat 1", "", ""),
    ("explorer", "کاوشگر", "Explorer", "none", 2, 0, "ship", 0, "trade 2", "", "combat 2"),
    # Federation
    ("merchant-skiff", "بلم بازرگانی", "Merchant Skiff", "federation", 1, 3, "ship", 0,
     "trade 2", "authority 4", ""),
    ("caravan-ship", "ناو کاروان", "Caravan Ship", "federation", 2, 3, "ship", 0,
     "trade 2, authority 4", "combat 4", ""),
    ("envoy-ship", "کشتی سفیر", "Envoy Ship", "federation", 3, 2, "ship", 0,
     "trade 2, authority 3, draw 1", "", ""),
    ("star-freighter", f"باربر ستاره{ZWNJ}ای", "Star Freighter", "federation", 4, 2, "ship", 0,
     "trade 4", "authority 3", ""),
    ("flagship", "ناو پرچم", "Flagship", "federation", 6, 1, "ship", 0,
     "combat 5, draw 1", "authority 5", ""),
    ("command-ship", "ناو فرماندهی", "Command Ship", "federation", 8, 1, "ship", 0,
     "authority 4, combat 5, draw 2", "", ""),
    ("trading-post", "ایستگاه تجاری", "Trading Post", "federation", 3, 2, "outpost", 4,
     "trade 1, authority 1", "", "combat 3"),
    ("barter-world", "دنیای داد و ستد", "Barter World", "federation", 4, 2, "base", 4,
     "trade 2, authority 2", "", "combat 5"),
    ("central-port", "بندر مرکزی", "Central Port", "federation", 6, 1, "outpost", 6,
     "trade 3", "", "draw 1"),
    # Monsters
    ("gnat", "پشه", "Gnat", "monsters", 1, 3, "ship", 0, "combat 3", "draw 1", ""),
    ("trade-pod", "غلاف تجاری", "Trade Pod", "monsters", 2, 3, "ship", 0,
     "trade 3", "combat 2", ""),
    ("stinger", f"نیش{ZWNJ}زن", "Stinger", "monsters", 2, 2, "ship", 0,
     "combat 4, clear-row 1", "combat 2", ""),
    ("pounder", "کوبنده", "Pounder", "monsters", 3, 2, "ship", 0,
     "combat 5", "combat 2", "trade 3"),
    ("destroyer", "نابودگر", "Destroyer", "monsters", 4, 2, "ship", 0,
     "combat 6", "clear-row 1", ""),
    ("mothership", "ناو مادر", "Mothership", "monsters", 7, 1, "ship", 0,
     "combat 6, draw 1", "draw 1", ""),
    ("monster-wheel", "چرخ هیولا", "Monster Wheel", "monsters", 3, 3, "base", 5,
     "combat 1", "", "trade 3"),
    ("monster-world", "دنیای هیولا", "Monster World", "monsters", 8, 1, "base", 7,
     "combat 5", "", ""),
    # Machine Cult
    ("trade-bot", "ربات تجاری", "Trade Bot", "machine-cult", 1, 3, "ship", 0,
     "trade 1, scrap-card 1", "combat 2", ""),
    ("battle-bot", f"رزم{ZWNJ}ربات", "Battle Bot", "machine-cult", 2, 3, "ship", 0,
     "combat 2, scrap-card 1", "combat 2", ""),
    ("supply-bot", "ربات تدارکات", "Supply Bot", "machine-cult", 3, 3, "ship", 0,
     "trade 2, scrap-card 1", "combat 2", ""),
    ("mech-patrol", "گشت مکانیکی", "Mech Patrol", "machine-cult", 4, 2, "ship", 0,
     "combat 5", "scrap-card 1", ""),
    ("missile-machine", "ماشین موشکی", "Missile Machine", "machine-cult", 6, 1, "ship", 0,
     "combat 6, draw 1", "draw 1", ""),
    ("battle-station", "ایستگاه نبرد", "Battle Station", "machine-cult", 3, 2, "outpost", 5,
     "", "", "combat 5"),
    ("machine-base", "پایگاه ماشین", "Machine Base", "machine-cult", 7, 1, "outpost", 6,
     "draw 1, scrap-card 1", "", ""),
    # Empire
    ("imperial-fighter", "جنگندهٔ امپراتوری", "Imperial Fighter", "empire", 1, 3, "ship", 0,
     "combat 2, opp-discard 1", "combat 2", ""),
    ("lance", "نیزه", "Lance", "empire", 2, 2, "ship", 0, "combat 1, draw 1", "combat 2", ""),
    ("imperial-frigate", "ناوچهٔ امپراتوری", "Imperial Frigate", "empire", 3, 3, "ship", 0,
     "combat 4, opp-discard 1", "combat 2", "draw 1"),
    ("survey-ship", f"ناو نقشه{ZWNJ}بردار", "Survey Ship", "empire", 3, 3, "ship", 0,
     "trade 1, draw 1", "", "opp-discard 1"),
    ("cruiser", "رزمناو", "Cruiser", "empire", 6, 1, "ship", 0,
     "combat 5, draw 1", "opp-discard 1", ""),
    ("dread-ship", "ناو هیبت", "Dread Ship", "empire", 7, 1, "ship", 0,
     "combat 7, draw 1", "", "combat 5"),
    ("space-station", "ایستگاه فضایی", "Space Station", "empire", 4, 2, "outpost", 4,
     "combat 2", "combat 2", "trade 4"),
    ("royal-fortress", "دژ سلطنتی", "Royal Fortress", "empire", 6, 1, "outpost", 6,
     "combat 3", "opp-discard 1", ""),
]  # fmt: skip

BY_ID = {row[0]: row for row in SPEC}
FACTION = {row[0]: row[3] for row in SPEC}
IS_BASE = {row[0]: row[6] != "ship" for row in SPEC}
PRIMARY = {row[0]: row[8] for row in SPEC}
ALLY = {row[0]: row[9] for row in SPEC}
SCRAP = {row[0]: row[10] for row in SPEC}

# A same-faction card already played this turn, so that a card played next has its ally.
# Partners that have an ally of their own are marked as already allied, so theirs stays quiet.
PARTNER = {
    "federation": "envoy-ship",
    "monsters": "trade-pod",
    "machine-cult": "trade-bot",
    "empire": "survey-ship",
}

# Distinct cards so that every draw is visible; the discard pile gives scrap-card a choice.
DECK = ["cruiser", "gnat", "lance", "pounder", "stinger"]
DISCARD = ["viper", "lookout", "explorer"]


def parse(text: str) -> list[tuple[str, int]]:
    out = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, amount = part.rsplit(" ", 1)
        out.append((name, int(amount)))
    return out


def total(effects: list[tuple[str, int]], name: str) -> int:
    return sum(n for e, n in effects if e == name)


# ----------------------------------------------------------------------------- card data


def test_card_table_matches_spec() -> None:
    assert len(CARDS) == 35
    assert len({c.id for c in CARDS}) == 35
    assert {c.id for c in CARDS} == set(BY_ID)
    for card in CARDS:
        _, fa, en, faction, cost, copies, kind, defense, primary, ally, scrap = BY_ID[card.id]
        assert card.fa == fa, card.id
        assert card.en == en, card.id
        assert card.faction == faction, card.id
        if cost is not None:
            assert card.cost == cost, card.id
        assert card.copies == copies, card.id
        assert card.type == kind, card.id
        assert card.defense == defense, card.id
        for got, want in ((card.primary, primary), (card.ally, ally), (card.scrap, scrap)):
            assert [(EFFECTS[code], n) for code, n in got] == parse(want), card.id


def test_trade_deck_is_65_cards_with_spec_faction_counts() -> None:
    deck = Counter(CARDS[i].id for i in TRADE_DECK)
    assert sum(deck.values()) == 65
    assert deck == Counter({row[0]: row[5] for row in SPEC if row[5]})
    per_faction = Counter(FACTION[cid] for cid in deck.elements())
    assert per_faction == {"federation": 17, "monsters": 17, "machine-cult": 15, "empire": 16}
    assert "explorer" not in deck and "lookout" not in deck and "viper" not in deck


def test_persian_names_use_zero_width_non_joiners_exactly_where_the_spec_does() -> None:
    with_zwnj = {c.id for c in CARDS if ZWNJ in c.fa}
    assert with_zwnj == {"lookout", "star-freighter", "stinger", "battle-bot", "survey-ship"}
    for card in CARDS:
        # No stray spaces or joiners standing in for the non-joiner.
        assert card.fa == card.fa.strip()
        assert "\u200d" not in card.fa and "  " not in card.fa


def test_a_new_game_uses_the_full_trade_deck() -> None:
    doc = GAME.new(seed=3).export()
    cards = [c for c in doc["trade_row"] if c] + doc["trade_deck"]
    assert Counter(cards) == Counter({row[0]: row[5] for row in SPEC if row[5]})


# ------------------------------------------------------------------- playing the effects


def resolve_and_check(
    state: StarRealmsState,
    me: Me,
    before: Doc,
    effects: list[tuple[str, int]],
    source: str,
    hand_after_trigger: list[str],
) -> list[str]:
    """Answer every choice the effects open and check the whole outcome against them.

    ``before`` is the export taken before the trigger; ``hand_after_trigger`` is the hand
    once the card has left it (play) or as it was (scrap). Returns the cards the choices
    removed from the game, in order.
    """
    victims: list[str] = []
    mine_before = before["players"][before["current"]]
    theirs_before = before["players"][1 - before["current"]]
    # Choices open in the order the effects list them, one per unit, each optional.
    for name, n in effects:
        if name not in ("scrap-card", "clear-row"):
            continue
        for _ in range(n):
            p = me(state)
            assert p["pending"] == {"choice": name, "card": source, "optional": True}
            assert {"do": "skip"} in state.legal_actions()
            assert {"do": "end"} not in state.legal_actions()
            doc = state.export()
            if name == "scrap-card":
                victim = p["discard"][0]
                victims.append(victim)
                state.apply({"do": "choose", "card": victim, "from": "discard"})
                after = state.export()
                assert me(state)["discard"] == p["discard"][1:]
                if victim == "explorer":
                    assert after["scrap_heap"] == doc["scrap_heap"]
                else:
                    assert after["scrap_heap"] == [*doc["scrap_heap"], victim]
            else:
                slot = 2
                victim = doc["trade_row"][slot]
                victims.append(victim)
                state.apply({"do": "choose", "card": victim, "from": "trade_row"})
                after = state.export()
                assert after["scrap_heap"] == [*doc["scrap_heap"], victim]
                assert after["trade_row"][slot] == doc["trade_deck"][0]
                assert after["trade_row"][:slot] == doc["trade_row"][:slot]
                assert after["trade_row"][slot + 1 :] == doc["trade_row"][slot + 1 :]
                assert after["trade_deck"] == doc["trade_deck"][1:]
    p = me(state)
    assert p["pending"] is None
    assert p["trade"] - mine_before.get("trade", 0) == total(effects, "trade")
    assert p["combat"] - mine_before.get("combat", 0) == total(effects, "combat")
    assert p["authority"] - mine_before["authority"] == total(effects, "authority")
    drawn = total(effects, "draw")
    assert p["hand"] == hand_after_trigger + mine_before["deck"][:drawn]
    assert p["deck"] == mine_before["deck"][drawn:]
    theirs = state.export()["players"][1 - before["current"]]
    expected_discards = theirs_before["pending_discards"] + total(effects, "opp-discard")
    assert theirs["pending_discards"] == expected_discards
    assert theirs["hand"] == theirs_before["hand"]
    assert theirs["authority"] == theirs_before["authority"]
    if expected_discards:
        check_forced_discards_next_turn(state, me, expected_discards)
    return victims


def check_forced_discards_next_turn(state: StarRealmsState, me: Me, n: int) -> None:
    """End the turn: the opponent must open theirs by discarding ``n`` cards, no skipping."""
    state = state.clone()
    theirs = state.export()["players"][1 - state.export()["current"]]
    hand_size = len(theirs["hand"])
    assert hand_size >= n
    state.apply({"do": "end"})
    for _ in range(n):
        p = me(state)
        assert p["pending"] == {"choice": "discard", "card": None, "optional": False}
        assert {"do": "skip"} not in state.legal_actions()
        state.apply({"do": "choose", "card": p["hand"][0], "from": "hand"})
    p = me(state)
    assert p["pending"] is None and p["pending_discards"] == 0
    assert len(p["hand"]) == hand_size - n and len(p["discard"]) == n


def mid_turn(**player: Any) -> dict[str, Any]:
    """Fields that make a document resume mid-turn with empty pools."""
    return {"trade": 0, "combat": 0, "in_play": [], "played": [], **player}


def partner_fields(card: str) -> dict[str, Any]:
    partner = PARTNER[FACTION[card]]
    allied = [partner] if ALLY[partner] else []
    return {"in_play": [partner], "played": [partner], "allied": allied}


@pytest.mark.parametrize("card", [row[0] for row in SPEC])
def test_primary_effect(card: str, position: Position, me: Me) -> None:
    state = position(me=mid_turn(hand=[card, "viper"], deck=DECK, discard=DISCARD))
    before = state.export()
    state.apply({"do": "play", "card": card})
    effects = parse(PRIMARY[card])
    victims = resolve_and_check(state, me, before, effects, card, ["viper"])
    assert state.export()["scrap_heap"] == [v for v in victims if v != "explorer"]
    p = me(state)
    if IS_BASE[card]:
        assert p["bases"] == [card] and p["in_play"] == []
    else:
        assert p["in_play"] == [card] and p["bases"] == []
    assert p["played"] == [card]
    assert p["allied"] == []  # no same-faction partner: no ally


ALLY_CARDS = [row[0] for row in SPEC if row[9]]


@pytest.mark.parametrize("card", ALLY_CARDS)
def test_ally_effect_fires_with_a_same_faction_partner(
    card: str, position: Position, me: Me
) -> None:
    state = position(me=mid_turn(hand=[card], deck=DECK, discard=DISCARD, **partner_fields(card)))
    before = state.export()
    state.apply({"do": "play", "card": card})
    # The card's own effects first, then its ally (spec §1, Rulings).
    effects = parse(PRIMARY[card]) + parse(ALLY[card])
    victims = resolve_and_check(state, me, before, effects, card, [])
    assert state.export()["scrap_heap"] == [v for v in victims if v != "explorer"]
    assert card in me(state)["allied"]


@pytest.mark.parametrize("card", [row[0] for row in SPEC if row[3] != "none" and not row[9]])
def test_card_without_an_ally_does_nothing_more_with_a_partner(
    card: str, position: Position, me: Me
) -> None:
    state = position(me=mid_turn(hand=[card], deck=DECK, discard=DISCARD, **partner_fields(card)))
    before = state.export()
    state.apply({"do": "play", "card": card})
    resolve_and_check(state, me, before, parse(PRIMARY[card]), card, [])
    assert card not in me(state)["allied"]


@pytest.mark.parametrize("card", ALLY_CARDS)
def test_ally_effect_needs_a_same_faction_partner(card: str, position: Position, me: Me) -> None:
    # Another faction's card in play, and an unaligned one, are no partners.
    other = next(f for f in PARTNER if f != FACTION[card])
    state = position(
        me=mid_turn(
            hand=[card, "viper"],
            deck=DECK,
            discard=DISCARD,
            in_play=[PARTNER[other], "explorer"],
            played=[PARTNER[other], "explorer"],
            allied=[PARTNER[other]] if ALLY[PARTNER[other]] else [],
        )
    )
    before = state.export()
    state.apply({"do": "play", "card": card})
    resolve_and_check(state, me, before, parse(PRIMARY[card]), card, ["viper"])
    assert card not in me(state)["allied"]
    # Playing a second card of another faction still does not wake it up.
    state.apply({"do": "play", "card": "viper"})
    assert card not in me(state)["allied"]


@pytest.mark.parametrize("card", [row[0] for row in SPEC if row[10]])
def test_scrap_effect(card: str, position: Position, me: Me) -> None:
    # A base from an earlier turn or a ship played this turn, in a position resumed mid-turn.
    in_play = {"bases": [card]} if IS_BASE[card] else {"in_play": [card], "played": [card]}
    fields = mid_turn(**in_play)
    state = position(me={**fields, "hand": ["viper"], "deck": DECK, "discard": DISCARD})
    before = state.export()
    assert {"do": "scrap", "card": card} in state.legal_actions()
    state.apply({"do": "scrap", "card": card})
    victims = resolve_and_check(state, me, before, parse(SCRAP[card]), card, ["viper"])
    assert victims == []  # no scrap ability opens a choice
    p = me(state)
    assert card not in p["in_play"] and card not in p["bases"]
    # The card leaves the game for good; an Explorer goes back to the supply instead.
    assert state.export()["scrap_heap"] == ([] if card == "explorer" else [card])
    assert p["discard"] == DISCARD
    # The scrapped card leaves the game: no scrap action for it is left.
    assert {"do": "scrap", "card": card} not in state.legal_actions()


@pytest.mark.parametrize("card", [row[0] for row in SPEC if IS_BASE[row[0]]])
def test_base_primary_repeats_at_the_start_of_each_turn(
    card: str, position: Position, me: Me
) -> None:
    # Start-of-turn position: loading it runs the base's primary effect.
    state = position(me={"bases": [card], "hand": ["viper"], "deck": DECK, "discard": DISCARD})
    # What was loaded, before the turn began: the same position resumed with empty pools.
    loaded = position(me=mid_turn(bases=[card], hand=["viper"], deck=DECK, discard=DISCARD))
    before = loaded.export()
    resolve_and_check(state, me, before, parse(PRIMARY[card]), card, ["viper"])
    assert me(state)["bases"] == [card]


# ------------------------------------------------------------------- effect vocabulary


def test_scrap_card_may_take_a_card_from_the_hand(position: Position, me: Me) -> None:
    state = position(me=mid_turn(hand=["trade-bot", "viper", "lookout"], discard=["lookout"]))
    state.apply({"do": "play", "card": "trade-bot"})
    acts = state.legal_actions()
    assert sorted(map(str, acts)) == sorted(
        map(
            str,
            [
                {"do": "choose", "card": "viper", "from": "hand"},
                {"do": "choose", "card": "lookout", "from": "hand"},
                {"do": "choose", "card": "lookout", "from": "discard"},
                {"do": "skip"},
            ],
        )
    )
    state.apply({"do": "choose", "card": "viper", "from": "hand"})
    p = me(state)
    assert p["hand"] == ["lookout"] and p["discard"] == ["lookout"]
    assert state.export()["scrap_heap"] == ["viper"]


@pytest.mark.parametrize("where", ["hand", "discard"])
def test_an_explorer_scrapped_by_scrap_card_returns_to_the_supply(
    where: str, position: Position, me: Me
) -> None:
    piles = {"hand": ["battle-bot"], "discard": []}
    piles[where].append("explorer")
    state = position(me=mid_turn(**piles))
    state.apply({"do": "play", "card": "battle-bot"})
    state.apply({"do": "choose", "card": "explorer", "from": where})
    p = me(state)
    assert "explorer" not in p["hand"] + p["discard"]
    assert state.export()["scrap_heap"] == []
    assert p["combat"] == 2


def test_scrap_card_may_be_declined(position: Position, me: Me) -> None:
    state = position(me=mid_turn(hand=["supply-bot", "viper"], discard=["lookout"]))
    state.apply({"do": "play", "card": "supply-bot"})
    state.apply({"do": "skip"})
    p = me(state)
    assert p["pending"] is None and p["hand"] == ["viper"] and p["discard"] == ["lookout"]
    assert p["trade"] == 2
    assert state.export()["scrap_heap"] == []


def test_scrap_card_with_nothing_to_scrap_opens_no_choice(position: Position, me: Me) -> None:
    state = position(me=mid_turn(hand=["trade-bot"]))
    state.apply({"do": "play", "card": "trade-bot"})
    p = me(state)
    assert p["pending"] is None and p["trade"] == 1
    assert {"do": "end"} in state.legal_actions()


def test_clear_row_with_an_empty_trade_deck_leaves_the_slot_empty(
    position: Position, me: Me
) -> None:
    state = position(me=mid_turn(hand=["stinger"]), trade_deck=[])
    state.apply({"do": "play", "card": "stinger"})
    row = state.export()["trade_row"]
    state.apply({"do": "choose", "card": row[0], "from": "trade_row"})
    doc = state.export()
    assert doc["trade_row"] == [None, *row[1:]]
    assert doc["scrap_heap"] == [row[0]]
    assert me(state)["combat"] == 4


def test_clear_row_may_be_declined(position: Position, me: Me) -> None:
    state = position(me=mid_turn(hand=["stinger"]))
    before = state.export()
    state.apply({"do": "play", "card": "stinger"})
    assert me(state)["pending"] == {"choice": "clear-row", "card": "stinger", "optional": True}
    state.apply({"do": "skip"})
    doc = state.export()
    assert doc["trade_row"] == before["trade_row"] and doc["scrap_heap"] == []


def test_opp_discard_is_forced_at_the_start_of_the_opponents_next_turn(
    position: Position, me: Me
) -> None:
    state = position(
        me=mid_turn(hand=["imperial-fighter"], deck=["viper"] * 5),
        opp={"hand": ["lookout", "viper", "lookout", "lookout", "lookout"]},
    )
    state.apply({"do": "play", "card": "imperial-fighter"})
    assert state.export()["players"][1]["pending_discards"] == 1
    # Nothing is discarded yet: the opponent's hand is untouched until their turn starts.
    assert state.export()["players"][1]["hand"] == [
        "lookout",
        "viper",
        "lookout",
        "lookout",
        "lookout",
    ]
    state.apply({"do": "end"})
    assert state.to_act == 1
    p = me(state)
    assert p["pending"] == {"choice": "discard", "card": None, "optional": False}
    assert p["pending_discards"] == 0
    assert sorted(map(str, state.legal_actions())) == sorted(
        map(
            str,
            [
                {"do": "choose", "card": "lookout", "from": "hand"},
                {"do": "choose", "card": "viper", "from": "hand"},
            ],
        )
    )
    state.apply({"do": "choose", "card": "viper", "from": "hand"})
    p = me(state)
    assert p["hand"] == ["lookout"] * 4 and p["discard"] == ["viper"]
    assert p["pending"] is None
