"""The card set against the structure of spec §3, recomputed from the data file."""

from __future__ import annotations

from collections import Counter

from rumizi.games.splendor_duel.cards import CARDS, COLORS, IDS, ROYALS

GREY = ("joker", "none")


def test_levels_hold_30_24_13_cards() -> None:
    assert len(CARDS) == 67
    assert Counter(c.level for c in CARDS) == {1: 30, 2: 24, 3: 13}
    assert len(set(IDS)) == 67


def test_each_colour_has_11_cards_4_crowns_and_14_points() -> None:
    for color in COLORS:
        mine = [c for c in CARDS if c.color == color]
        assert len(mine) == 11
        assert Counter(c.level for c in mine) == {1: 5, 2: 4, 3: 2}
        assert sum(c.points for c in mine) == 14
        assert sum(c.crowns for c in mine) == 4


def test_twelve_grey_cards_hold_22_points_and_8_crowns() -> None:
    grey = [c for c in CARDS if c.color in GREY]
    assert len(grey) == 12
    assert Counter(c.level for c in grey) == {1: 5, 2: 4, 3: 3}
    assert sum(c.points for c in grey) == 22
    assert sum(c.crowns for c in grey) == 8
    assert all(c.bonus == 0 for c in grey if c.color == "none")


def test_totals_of_points_crowns_and_abilities() -> None:
    assert sum(c.points for c in CARDS) == 92
    assert sum(c.crowns for c in CARDS) == 28
    abilities = Counter(c.ability for c in CARDS if c.ability != "none")
    assert abilities == {"again": 6, "token": 5, "privilege": 5, "steal": 5}
    assert sum(c.color == "joker" for c in CARDS) == 9
    assert sum(c.bonus == 2 for c in CARDS) == 5  # one double bonus per colour


def test_pearls_in_costs() -> None:
    assert sum(c.cost.get("pearl", 0) == 1 for c in CARDS) == 29
    assert all(c.cost.get("pearl", 0) <= 1 for c in CARDS)
    assert all("gold" not in c.cost for c in CARDS)


def test_level_two_costs_total_seven_and_the_patterns_hold() -> None:
    for c in CARDS:
        total = sum(c.cost.values())
        if c.level == 2:
            assert total == 7, c.id
        if c.level == 3 and c.color in COLORS:
            assert total in (12, 10), c.id  # 3+5+3+pearl, 6+2+2
        if c.level == 3 and c.color in GREY:
            assert sorted(c.cost.values()) == [8], c.id


def test_every_colour_pays_and_is_paid_for_equally() -> None:
    # Gems each colour's cards cost, and gems of each colour the whole set asks for.
    spent = {color: 0 for color in COLORS}
    asked = {color: 0 for color in COLORS}
    for c in CARDS:
        for kind, n in c.cost.items():
            if kind in COLORS:
                asked[kind] += n
                if c.color in COLORS:
                    spent[c.color] += n
    assert len(set(spent.values())) == 1
    assert len(set(asked.values())) == 1

    # ... and the coloured cards are one pattern rotated: the gems a colour's cards ask of
    # the colour k steps further round are the same for every colour.
    def asks(color: str, step: int) -> int:
        other = COLORS[(COLORS.index(color) + step) % 5]
        return sum(c.cost.get(other, 0) for c in CARDS if c.color == color)

    for step in range(5):
        assert len({asks(color, step) for color in COLORS}) == 1


def test_royals() -> None:
    assert [(r.points, r.ability) for r in ROYALS] == [
        (3, "none"),
        (2, "again"),
        (2, "privilege"),
        (2, "steal"),
    ]
