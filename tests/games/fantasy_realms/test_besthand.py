"""The best-hand search: its bound is admissible and it agrees with brute force on small pools."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rumizi.games.fantasy_realms import besthand, score_hand
from rumizi.games.fantasy_realms.cards import SUITS, CardInfo, base_deck, bit
from rumizi.games.fantasy_realms.scoring import ScoringContext

DECK = list(base_deck(expansion=False))


def test_the_bound_is_never_below_the_exact_score() -> None:
    rng = random.Random(7)
    for _ in range(60):
        hand = rng.sample(DECK, rng.choice([7, 8]))
        bound, score = besthand.check_bound(hand)
        assert bound >= score, hand


def test_the_bound_is_tight_on_the_best_known_hand() -> None:
    hand = [
        "bell-tower",
        "candle",
        "necromancer",
        "warhorse",
        "sword-of-keth",
        "shield-of-keth",
        "gem-of-order",
        "book-of-changes",
    ]
    assert besthand.check_bound(hand) == (397, 397)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_search_matches_brute_force_on_a_small_pool(seed: int) -> None:
    rng = random.Random(seed)
    pool = [
        "necromancer",
        "book-of-changes",
        *rng.sample([c for c in DECK if c not in ("necromancer", "book-of-changes")], 8),
    ]
    top = besthand.search(pool, top=3).best
    assert top == besthand.brute_best(pool, top=3)


def test_a_bar_above_the_best_finds_nothing_and_one_below_finds_it() -> None:
    pool = [
        "king",
        "queen",
        "knights",
        "rangers",
        "warlord",
        "elven-archers",
        "sword-of-keth",
        "shield-of-keth",
        "princess",
        "collector",
    ]
    assert besthand.search(pool, floor=266).best == []
    assert besthand.search(pool, floor=250).best[0][0] == 265


def test_only_necromancer_makes_an_eighth_card() -> None:
    assert besthand.valid(DECK[:7])
    assert not besthand.valid(DECK[:8])
    assert besthand.valid(["necromancer", "king", *DECK[:6]])


EXPANSION = list(base_deck(expansion=True))


def test_with_the_cursed_hoard_a_hand_is_eight_cards_and_each_giver_adds_one() -> None:
    plain = [c for c in EXPANSION if c not in besthand.GIVERS]
    assert besthand.valid(plain[:8], expansion=True)
    assert not besthand.valid(plain[:7], expansion=True)
    assert not besthand.valid(plain[:9], expansion=True)
    assert besthand.valid(["genie", *plain[:8]], expansion=True)
    assert besthand.valid(["genie", "leprechaun", *plain[:8]], expansion=True)
    assert not besthand.valid(["genie", "leprechaun", *plain[:9]], expansion=True)
    # Necromancer alone takes an Army, Leader, Wizard, Beast or Undead (here: none of them).
    lands = ["mountain", "cavern", "forest", "earth-elemental", "garden", "swamp", "island"]
    assert not besthand.valid(["necromancer", *lands, "water-elemental"], expansion=True)
    assert besthand.valid(["necromancer", *lands, "lich"], expansion=True)
    # In the base game only Necromancer brings an extra card.
    assert not besthand.valid(["genie", *DECK[:7]])


def test_the_bound_holds_with_the_cursed_hoard() -> None:
    rng = random.Random(11)
    for _ in range(40):
        hand = rng.sample(EXPANSION, rng.choice([8, 9, 10]))
        bound, score = besthand.check_bound(hand, expansion=True)
        assert bound >= score, hand


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_cursed_hoard_search_matches_brute_force_on_a_small_pool(seed: int) -> None:
    rng = random.Random(seed)
    pool = [
        *besthand.GIVERS,
        *rng.sample([c for c in EXPANSION if c not in besthand.GIVERS], 8),
    ]
    found = besthand.search(pool, top=3, expansion=True).best
    # The same scores (hands of equal score may be listed in another order).
    assert [s for s, _ in found] == [s for s, _ in besthand.brute_best(pool, 3, expansion=True)]
    for score, hand in found:
        assert besthand.valid(hand, expansion=True)
        assert besthand.exact(hand, ScoringContext(expansion=True)) == score


def test_gem_of_order_counts_only_the_runs_the_places_left_can_make() -> None:
    # Picked: Gem of Order (5) and King (8); may join: 4, 6, 7 and 9.
    picked = besthand.bounded(["gem-of-order", "king"])
    rest = besthand.bounded(["fire-elemental", "queen", "collector", "beastmaster"])
    gem = picked[0]

    def bonus(places: int) -> int:
        u = besthand.Universe(picked + rest, 2 + places, held=2, places=places)
        return besthand.upper_bound(gem, u) - gem.strength

    # One more card joins 5 or 8 to a neighbour at most: no run of three (every value in
    # play would make the run 4-9).
    assert bonus(1) == 0
    assert bonus(2) == 30  # 5, 6, 7, 8
    assert bonus(4) == 100  # 4 to 9


def test_collectors_sets_share_the_places_left() -> None:
    # Picked: Collector, two Leaders and two Armies; may join: two more of each.
    picked = besthand.bounded(["collector", "king", "queen", "knights", "elven-archers"])
    rest = besthand.bounded(["rangers", "light-cavalry", "warlord", "empress"])
    collector = picked[0]
    u = besthand.Universe(picked + rest, 7, held=5, places=2)
    # Two places make four Armies (+40) or three of each (+20), not four of each.
    assert besthand.upper_bound(collector, u) - collector.strength == 40
    hand = ["collector", "king", "queen", "knights", "elven-archers", "rangers", "light-cavalry"]
    assert score_hand(hand).cards[0].bonus == 40


def test_dungeons_suits_share_the_places_left() -> None:
    # Picked: Dungeon and an Undead; may join: two more Undead and two Beasts.
    picked = besthand.bounded(["dungeon", "ghoul"], expansion=True)
    rest = besthand.bounded(["specter", "death-knight", "basilisk", "dragon"], expansion=True)
    dungeon = picked[0]
    u = besthand.Universe(picked + rest, 3, expansion=True, held=2, places=1)
    # One place: a first Beast (+10) beside the Undead's +10, not a second Undead too.
    assert besthand.upper_bound(dungeon, u) - dungeon.strength == 20
    hand = ["dungeon", "ghoul", "basilisk"]
    assert score_hand(hand, expansion=True).cards[0].bonus == 20


def test_judge_counts_the_penalties_the_places_left_can_bring() -> None:
    # Picked: Judge, King and Queen (no penalty); may join: two cards with one, and Rangers.
    picked = besthand.bounded(["judge", "king", "queen"], expansion=True)
    rest = besthand.bounded(["knights", "light-cavalry", "rangers"], expansion=True)
    judge = picked[0]
    u = besthand.Universe(picked + rest, 5, expansion=True, held=3, places=2)
    assert besthand.upper_bound(judge, u) - judge.strength == 20  # not 10 for each other card
    hand = ["judge", "king", "queen", "knights", "light-cavalry"]
    assert score_hand(hand, expansion=True).cards[0].bonus == 20


def test_castles_suits_and_buildings_share_the_places_left() -> None:
    # Picked: Castle and a Leader; may join: an Army, a Land and two Buildings.
    picked = besthand.bounded(["castle", "king"], expansion=True)
    rest = besthand.bounded(["knights", "mountain", "chapel", "dungeon"], expansion=True)
    castle = picked[0]
    u = besthand.Universe(picked + rest, 3, expansion=True, held=2, places=1)
    # One place brings one of the Army, the Land or a first Building (+10), not all three.
    assert besthand.upper_bound(castle, u) - castle.strength == 20
    assert score_hand(["castle", "king", "knights"], expansion=True).cards[0].bonus == 20


CURSED_HOARD_HANDS = [
    # The best hands found, and hands built on the bounds that share the places left.
    [
        "collector",
        "doppelganger",
        "gem-of-order",
        "king",
        "knights",
        "leprechaun",
        "necromancer",
        "princess",
        "queen",
        "warlord",
    ],
    [
        "bell-tower",
        "book-of-changes",
        "candle",
        "collector",
        "gem-of-order",
        "queen",
        "shield-of-keth",
        "sword-of-keth",
    ],
    ["castle", "chapel", "dungeon", "crypt", "king", "knights", "mountain", "garden"],
    [
        "dungeon",
        "ghoul",
        "specter",
        "death-knight",
        "lich",
        "basilisk",
        "dragon",
        "necromancer",
        "magic-wand",
    ],
    [
        "judge",
        "knights",
        "light-cavalry",
        "dwarvish-infantry",
        "swamp",
        "empress",
        "warship",
        "doppelganger",
        "genie",
    ],
    [
        "gem-of-order",
        "fountain-of-life",
        "candle",
        "book-of-changes",
        "air-elemental",
        "enchantress",
        "collector",
        "mirage",
    ],
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.sampled_from([8, 9, 10]))
def test_each_node_bounds_random_cursed_hoard_hands(rng: random.Random, size: int) -> None:
    # Eight cards, or more with the cards that bring one (their extras among the others).
    hand = rng.sample(besthand.GIVERS[: size - 8], size - 8)
    hand += rng.sample([c for c in EXPANSION if c not in hand], 8)
    if not besthand.valid(hand, expansion=True):
        hand.remove(next(c for c in besthand.GIVERS if c in hand))
    score = besthand.exact(hand, ScoringContext(expansion=True))
    assert min(besthand.node_bounds(hand, expansion=True)) >= score, (hand, score)


def test_a_bonus_that_needs_other_cards_needs_places_for_them() -> None:
    # Picked: Candle and a Wizard; Book of Changes and Bell Tower may join.
    picked = besthand.bounded(["candle", "enchantress"])
    rest = besthand.bounded(["book-of-changes", "bell-tower"])
    candle = picked[0]

    def bonus(places: int) -> int:
        u = besthand.Universe(picked + rest, 2 + places, held=2, places=places)
        return besthand.upper_bound(candle, u) - candle.strength

    assert bonus(1) == 0  # one place holds one of the two
    assert bonus(2) == 100
    # A picked Mirage may be the Bell Tower.
    picked = besthand.bounded(["candle", "enchantress", "mirage"], expansion=True)
    u = besthand.Universe(picked + rest, 4, expansion=True, held=3, places=1)
    assert besthand.upper_bound(picked[0], u) - candle.strength == 100


def test_kings_queen_takes_a_place_an_army_could_have() -> None:
    picked = besthand.bounded(["king", "knights"])
    rest = besthand.bounded(["queen", "light-cavalry", "dwarvish-infantry"])
    king = picked[0]
    u = besthand.Universe(picked + rest, 3, held=2, places=1)
    # One place: the Queen (+20 for the Knights) or a second Army (+5 each), not both.
    assert besthand.upper_bound(king, u) - king.strength == 20
    assert score_hand(["king", "knights", "queen"]).cards[0].bonus == 20


def test_a_copy_below_a_search_node_is_of_a_card_that_fits_beside_it() -> None:
    # Picked: King (8). May join: Doppelganger, Fountain of Life and Wildfire (40).
    picked = besthand.bounded(["king"])
    rest = besthand.bounded(["doppelganger", "fountain-of-life", "wildfire"])
    doppel, fountain = rest[0], rest[1]
    # With one place, the card that takes it copies (or adds) the King, not the Wildfire.
    u = besthand.Universe(picked + rest, 2, held=1, places=1)
    assert besthand.upper_bound(doppel, u) == 8
    assert besthand.upper_bound(fountain, u) == fountain.strength + 8
    u = besthand.Universe(picked + rest, 3, held=1, places=2)
    assert besthand.upper_bound(doppel, u) == 40


# --- Genie: -50 and +10 for each other player, so -20 at the searched table of four, unless
# something blanks it (Wildfire, or Book of Changes giving it a suit another card blanks).

GENIE_HANDS = [
    # Nothing can blank the Genie: it costs its 20.
    ["genie", "king", "queen", "knights", "rangers", "elven-archers", "princess", "warlord"],
    # Wildfire blanks the Genie (an Outsider is not among the suits it spares).
    ["genie", "wildfire", "king", "queen", "knights", "smoke", "fire-elemental", "lightning"],
    # Book of Changes makes the Genie a Land, which the Great Flood then blanks.
    [
        "genie",
        "book-of-changes",
        "great-flood",
        "water-elemental",
        "fountain-of-life",
        "lightning",
        "smoke",
        "air-elemental",
    ],
]


@pytest.mark.parametrize("hand", CURSED_HOARD_HANDS + GENIE_HANDS)
def test_each_node_bounds_a_cursed_hoard_hand_from_above(hand: list[str]) -> None:
    assert besthand.valid(hand, expansion=True)
    score = besthand.exact(hand, ScoringContext(expansion=True))
    assert min(besthand.node_bounds(hand, expansion=True)) >= score, score
    bound, _ = besthand.check_bound(hand, expansion=True)
    assert bound >= score


def test_a_genie_that_nothing_can_blank_costs_its_twenty() -> None:
    table = ScoringContext(expansion=True)
    hand = GENIE_HANDS[0]
    assert besthand.exact(hand, table) == besthand.exact(hand[1:], table) - 20
    assert besthand.genie_debt(hand, besthand.GENIE_BONUS) == -20
    # With a card that could blank it, the search may not count the debt.
    assert besthand.genie_debt(GENIE_HANDS[1], besthand.GENIE_BONUS) == 0
    assert besthand.genie_debt(GENIE_HANDS[2], besthand.GENIE_BONUS) == 0


def test_a_genie_that_something_blanks_costs_less() -> None:
    table = ScoringContext(expansion=True)
    wildfire, book = GENIE_HANDS[1], GENIE_HANDS[2]
    # Blanked by Wildfire, the Genie adds nothing (and counts for nothing else).
    assert besthand.exact(wildfire, table) == besthand.exact(wildfire[1:], table)
    # Book of Changes is worth most here spent on the Genie, which the Great Flood blanks.
    best = score_hand(book, expansion=True)
    assert best.choices["book-of-changes"]["target"] == "genie"
    assert [c.blanked for c in best.cards if c.id == "genie"] == [True]
    assert best.total > besthand.exact(book[1:], table) - 20


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["king", "queen", "wildfire", "book-of-changes"]), st.integers(0, 60)
        ),
        max_size=6,
    ),
    st.integers(1, 5),
)
def test_the_completion_bound_is_the_best_completion(
    rest: list[tuple[str, int]], places: int
) -> None:
    # Every completion of at most ``places`` cards, paying the debt unless it holds a blanker.
    cards = besthand.bounded([c for c, _ in rest], expansion=True)
    bounds = [b for _, b in rest]
    best = max(
        sum(bounds[j] for j in pick)
        + (0 if any(rest[j][0] in besthand.GENIE_BLANKERS for j in pick) else -20)
        for size in range(places + 1)
        for pick in itertools.combinations(range(len(rest)), min(size, len(rest)))
    )
    assert besthand.completion_bound(["genie"], cards, bounds, places, -20) == best
    assert besthand.completion_bound(["genie", "wildfire"], cards, bounds, places, -20) == sum(
        sorted(bounds, reverse=True)[:places]
    )


@pytest.mark.parametrize("blanker", [None, "wildfire", "book-of-changes"])
def test_the_search_with_a_genie_matches_brute_force(blanker: str | None) -> None:
    rng = random.Random(5)
    plain = [c for c in EXPANSION if c not in besthand.GIVERS and c not in besthand.GENIE_BLANKERS]
    pool = ["genie", *rng.sample(plain, 9), *([blanker] if blanker else [])]
    found = besthand.search(pool, top=3, expansion=True).best
    assert [s for s, _ in found] == [s for s, _ in besthand.brute_best(pool, 3, expansion=True)]


def test_the_genie_debt_prunes_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(6)
    plain = [c for c in EXPANSION if c not in besthand.GIVERS and c not in besthand.GENIE_BLANKERS]
    pool = ["genie", *rng.sample(plain, 14)]
    with_debt = besthand.search(pool, top=1, expansion=True)
    monkeypatch.setattr(besthand, "genie_debt", lambda hand, bonus: 0)
    without = besthand.search(pool, top=1, expansion=True)
    assert with_debt.best == without.best
    assert with_debt.nodes < without.nodes


# --- The bounds of the search's nodes: the cards picked, and at most the places left of the rest.

BEST_KNOWN = [
    "bell-tower",
    "book-of-changes",
    "candle",
    "gem-of-order",
    "necromancer",
    "shield-of-keth",
    "sword-of-keth",
    "warhorse",
]


def test_every_node_on_the_way_to_the_best_known_hand_bounds_it_exactly() -> None:
    # Tight: one point less anywhere on the way and the search would lose the 397.
    assert besthand.node_bounds(BEST_KNOWN) == [397] * 7


@pytest.mark.parametrize(
    "hand",
    [
        # High hands, where a count limited by the places left is what keeps the bound down.
        ["king", "queen", "knights", "light-cavalry", "princess", "warlord", "doppelganger"],
        [
            "bell-tower",
            "book-of-changes",
            "candle",
            "gem-of-order",
            "queen",
            "shield-of-keth",
            "sword-of-keth",
        ],
        [
            "collector",
            "fountain-of-life",
            "great-flood",
            "hydra",
            "island",
            "swamp",
            "water-elemental",
        ],
        [
            "air-elemental",
            "blizzard",
            "book-of-changes",
            "collector",
            "doppelganger",
            "rainstorm",
            "whirlwind",
        ],
        [
            "necromancer",
            "king",
            "queen",
            "knights",
            "light-cavalry",
            "dwarvish-infantry",
            "empress",
            "elven-archers",
        ],
        [
            "necromancer",
            "warlord",
            "knights",
            "light-cavalry",
            "dwarvish-infantry",
            "elven-archers",
            "rangers",
            "princess",
        ],
        ["earth-elemental", "mountain", "cavern", "forest", "rangers", "smoke", "wildfire"],
        [
            "gem-of-order",
            "collector",
            "rainstorm",
            "water-elemental",
            "swamp",
            "great-flood",
            "island",
        ],
    ],
)
def test_each_node_bounds_a_strong_hand_from_above(hand: list[str]) -> None:
    score = besthand.exact(hand, ScoringContext())
    assert min(besthand.node_bounds(hand)) >= score


# Hands built around one theme, so that one suit fills more of the hand than the places left.
THEMES = {
    "armies": [
        "king",
        "queen",
        "empress",
        "warlord",
        "princess",
        "knights",
        "light-cavalry",
        "dwarvish-infantry",
        "rangers",
        "doppelganger",
        "necromancer",
        "book-of-changes",
        "shapeshifter",
        "mirage",
    ],
    "elements": [
        "rainstorm",
        "great-flood",
        "swamp",
        "island",
        "water-elemental",
        "blizzard",
        "whirlwind",
        "air-elemental",
        "smoke",
        "lightning",
        "wildfire",
        "candle",
        "fire-elemental",
        "forge",
        "mirage",
        "enchantress",
    ],
    "lands": [
        "mountain",
        "cavern",
        "forest",
        "earth-elemental",
        "bell-tower",
        "rangers",
        "enchantress",
        "smoke",
        "wildfire",
        "dragon",
        "dwarvish-infantry",
        "elven-archers",
        "unicorn",
        "warhorse",
        "beastmaster",
        "collector",
    ],
    "runs": [
        "gem-of-order",
        "collector",
        "book-of-changes",
        "sword-of-keth",
        "shield-of-keth",
        "magic-wand",
        "elven-longbow",
        "warship",
        "world-tree",
        "protection-rune",
        "fountain-of-life",
        "candle",
        "bell-tower",
        "shapeshifter",
    ],
}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    theme=st.sampled_from(sorted(THEMES)),
    seed=st.integers(0, 2**32 - 1),
    eighth=st.booleans(),
)
def test_node_bounds_hold_on_themed_hands(theme: str, seed: int, eighth: bool) -> None:
    rng = random.Random(seed)
    pool = [c for c in THEMES[theme] if c in DECK]
    hand = rng.sample(pool, 7)
    if eighth and "necromancer" not in hand:
        # Necromancer's eighth card: an Army, Leader, Wizard or Beast of the pool if any.
        extra = [c for c in pool if c not in hand and besthand.valid(["necromancer", *hand[:6], c])]
        hand = ["necromancer", *hand[:6], *extra[:1]]
    score = besthand.exact(hand, ScoringContext())
    assert min(besthand.node_bounds(hand)) >= score, (hand, score)


def test_the_search_matches_brute_force_where_one_suit_outnumbers_the_places() -> None:
    pool = [
        "king",
        "queen",
        "empress",
        "warlord",
        "knights",
        "light-cavalry",
        "dwarvish-infantry",
        "elven-archers",
        "rangers",
        "princess",
        "necromancer",
    ]
    assert besthand.search(pool, top=4).best == besthand.brute_best(pool, top=4)


WILDS = {"doppelganger", "mirage", "shapeshifter"}


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_a_node_never_counts_fewer_cards_than_a_hand_below_it_holds(data: st.DataObject) -> None:
    # Any hand below a node: the picked cards and at most ``places`` of the allowed ones.
    cards = data.draw(st.permutations(DECK))
    held = data.draw(st.integers(1, 6))
    allowed = data.draw(st.integers(0, 20))
    places = data.draw(st.integers(0, 8 - held))
    picked, rest = list(cards[:held]), list(cards[held : held + allowed])
    joined = data.draw(st.integers(0, min(places, len(rest))))
    hand = picked + rest[:joined]
    infos = besthand.bounded(picked + rest)
    u = besthand.Universe(infos, held + places, held=held, places=places)
    by_id = {c.id: c for c in infos}
    for me in hand:
        card = by_id[me]
        others = [by_id[c] for c in hand if c != me]
        wilds = sum(1 for c in others if c.id in WILDS)

        plain = [c for c in others if c.id not in WILDS and c.id != "book-of-changes"]

        def book(mask: int, plain: list[CardInfo] = plain) -> int:
            # Book of Changes may turn one more card of the others (a picked one too) into
            # the suit, when there is one it could change.
            can = "book-of-changes" in hand and any(not c.suits & mask for c in plain)
            return 1 if can else 0

        for suit in SUITS:
            if suit == "wild":
                continue  # the wilds' printed suit: what they become is counted instead
            natural = sum(1 for c in others if c.suits & bit(suit))
            assert u.fixed(card, suit) >= natural, (me, suit)
            assert u.others(card, suit) >= natural + wilds + book(bit(suit)), (me, suit)
        pair = bit("army") | bit("wizard")
        natural = sum(1 for c in others if c.suits & pair)
        assert u.many(card, ("army", "wizard")) >= natural + wilds + book(pair), me
    for suit in SUITS:
        strengths = sorted(by_id[c].strength for c in hand if by_id[c].suits & bit(suit))
        offered = sorted(u.strongest(suit), reverse=True)
        assert sum(offered[: len(strengths)]) >= sum(strengths), suit


@pytest.mark.parametrize("expansion", [False, True])
def test_the_work_units_cover_every_hand_once(expansion: bool) -> None:
    rng = random.Random(3)
    deck = EXPANSION if expansion else DECK
    givers = [g for g in besthand.GIVERS if g in deck]
    pool = [*givers, *rng.sample([c for c in deck if c not in givers], 8)]
    units = besthand.work_units(pool, expansion=expansion)
    # The branches of the cards that bring an extra card are split by their second card.
    order = besthand.search_order(pool, expansion)
    assert [u for u in units if len(u) == 2] and all(
        order[u[0]] in givers for u in units if len(u) == 2
    )
    # ... and by their third where the second brings one too (Leprechaun with Genie).
    thirds = [u for u in units if len(u) == 3]
    assert bool(thirds) == expansion
    assert all(order[u[0]] in givers and order[u[1]] in givers for u in thirds)
    pieces = [besthand.search(pool, top=50, first=[u], expansion=expansion).best for u in units]
    merged = sorted((h for piece in pieces for h in piece), key=lambda x: (-x[0], x[1]))
    assert len({h for _, h in merged}) == len(merged)  # no hand found twice
    expected = besthand.brute_best(pool, top=10**6, expansion=expansion)
    assert [s for s, _ in merged[:50]] == [s for s, _ in expected[:50]]


def test_the_local_search_keeps_its_hands_valid_when_a_giver_is_swapped_away() -> None:
    # Once Necromancer, Genie or Leprechaun has brought a ninth or tenth card, a swap that
    # drops one of them would leave a hand too large for what is left to bring.
    pool = [
        "necromancer", "genie", "leprechaun", "book-of-changes", "collector", "empress",
        "forge", "gem-of-order", "magic-wand", "shield-of-keth", "sword-of-keth", "warhorse",
        "world-tree", "queen", "king", "knights", "rangers",
    ]  # fmt: skip
    found = besthand.seed_hands(pool, restarts=1, seed=10, expansion=True)
    assert found
    for score, hand in found:
        assert besthand.valid(hand, expansion=True), hand
        assert score == besthand.exact(hand, ScoringContext(expansion=True))
