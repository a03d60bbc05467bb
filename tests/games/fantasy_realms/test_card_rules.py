"""Each card's rule (:mod:`rumizi.games.fantasy_realms.card_rules`): its bound holds against
its exact score, on every hand these tests build, and the tables read off the rules say what
the cards file says."""

from __future__ import annotations

import ast
import itertools
import math
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rumizi.games import fantasy_realms
from rumizi.games.fantasy_realms import Rulings, score_hand
from rumizi.games.fantasy_realms.card_rules import (
    BLANKERS,
    BONUS_CARDS,
    FIXED_PENALTIES,
    NAME_REFS,
    PENALTY_CARDS,
    PENALTY_RATES,
    RULES,
    SELF_UNLESS,
    SELF_WITH,
    SUIT_REFS,
    CardRule,
    ScoringContext,
)
from rumizi.games.fantasy_realms.cards import CARDS, ITEMS, base_deck, bit, card_info
from rumizi.games.fantasy_realms.optimize import _full_domains, fixed_bonuses
from rumizi.games.fantasy_realms.scoring import ACTION_CARDS, score_choices
from rumizi.games.fantasy_realms.universe import Card, Universe

OTHER_RULINGS = Rulings(
    blanking_cycles="blank-none",
    self_blanking=False,
    jester_counts_blanked=False,
    rainstorm_blanks_phoenix=False,
    great_flood_blanks_phoenix=False,
    wildfire_spares_outsiders=True,
    collector_every_suit=False,
    gem_every_run=False,
)

# The slowest hands of the optimiser's bench: all six ACTION cards and four others.
_SIX = "doppelganger mirage shapeshifter book-of-changes island angel"
SLOWEST = [
    f"{_SIX} blizzard world-tree elven-longbow warlord".split(),
    f"{_SIX} shield-of-keth phoenix-deluxe blizzard basilisk".split(),
    f"{_SIX} blizzard unicorn basilisk war-dirigible".split(),
]


def _deck(expansion: bool, phoenix: str = "phoenix") -> list[str]:
    return [*base_deck(expansion=expansion), "jester", phoenix]


def _context(options: dict[str, Any]) -> ScoringContext:
    return ScoringContext(
        expansion=bool(options.get("expansion", False)),
        discards=tuple(options.get("discards", ())),
        players=int(options.get("players", 4)),
        rulings=options.get("rulings", Rulings()),
    )


def built_hands() -> Iterator[tuple[list[str], dict[str, Any]]]:
    """The hands the scorer's tests and benches build: random hands of 7-9 cards (the Cursed
    Hoard or not, the promos, discards, table sizes, other rulings: the compiled probe's),
    hands with every ACTION card, and the optimiser's slowest hands."""
    rng = random.Random(7)
    for k in range(120):
        expansion = k % 2 == 1
        deck = _deck(expansion, rng.choice(["phoenix", "phoenix-deluxe"]))
        hand = rng.sample(deck, rng.randint(7, 9))
        rest = [c for c in deck if c not in hand]
        yield (
            hand,
            {
                "expansion": expansion,
                "discards": rng.sample(rest, rng.randint(0, 6)),
                "players": rng.randint(2, 6),
                "rulings": OTHER_RULINGS if k % 5 == 0 else Rulings(),
            },
        )
    for k in range(8):
        expansion = k % 2 == 0
        deck = _deck(expansion)
        actions = [c for c in ACTION_CARDS if c in deck]
        others = [c for c in deck if c not in ACTION_CARDS]
        yield [*actions, *rng.sample(others, 1 + k % 3)], {"expansion": expansion}
    for hand in SLOWEST:
        yield hand, {"expansion": True}


def rule_bounds(hand: list[str], ctx: ScoringContext) -> dict[str, int]:
    """Each card's bound, its rule's, in a universe of the hand's cards (with the bonuses
    that do not depend on the hand, as the optimiser gives them)."""
    infos = [card_info(c, expansion=ctx.expansion) for c in hand]
    cards = [Card(i.id, i.suits, i.strength) for i in infos]
    u = Universe(cards, len(cards), expansion=ctx.expansion, fixed_bonus=fixed_bonuses(infos, ctx))
    return {c.id: RULES[c.id].upper_bound(c, u) for c in cards}


def check_bounds(hand: list[str], options: dict[str, Any]) -> int:
    """Assert every card's bound against what it adds to the hand's best score and, on a
    hand with few choices, under every choice; answers how many lines were checked."""
    ctx = _context(options)
    bounds = rule_bounds(hand, ctx)
    checked = 0
    for line in score_hand(hand, **options).cards:
        assert line.total <= bounds[line.id], (hand, line)
        checked += 1
    infos = [card_info(c, expansion=ctx.expansion) for c in hand]
    domains = _full_domains(infos, ctx)
    if 1 < math.prod(len(options) for options in domains.values()) <= 300:
        for combo in itertools.product(*domains.values()):
            choices = dict(zip(domains, combo, strict=True))
            try:
                _total, lines = score_choices(infos, choices, ctx)
            except ValueError:
                continue  # an Island target that is no Flood or Flame under these choices
            for line in lines:
                assert line.total <= bounds[line.id], (hand, choices, line)
                checked += 1
    return checked


def test_every_rule_bounds_its_card_on_every_built_hand() -> None:
    assert sum(check_bounds(hand, options) for hand, options in built_hands()) > 1000


@st.composite
def hands(draw: Any) -> tuple[list[str], dict[str, Any]]:
    expansion = draw(st.booleans())
    deck = _deck(expansion, draw(st.sampled_from(["phoenix", "phoenix-deluxe"])))
    held = draw(st.lists(st.sampled_from(deck), min_size=1, max_size=9, unique=True))
    actions = draw(
        st.lists(st.sampled_from([a for a in ACTION_CARDS if a in deck]), max_size=2, unique=True)
    )
    hand = list(dict.fromkeys(actions + held))
    rest = [c for c in deck if c not in hand]
    options = {
        "expansion": expansion,
        "discards": draw(st.lists(st.sampled_from(rest), max_size=5, unique=True)),
        "players": draw(st.integers(2, 7)),
        "rulings": draw(st.sampled_from([Rulings(), OTHER_RULINGS])),
    }
    return hand, options


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_every_rule_bounds_its_card_on_random_hands(h: tuple[list[str], dict[str, Any]]) -> None:
    hand, options = h
    check_bounds(hand, options)


def test_every_card_has_its_rule() -> None:
    assert set(RULES) == set(CARDS)
    assert all(rule.card == card for card, rule in RULES.items())
    assert not set(ITEMS) & set(RULES)


def test_a_card_without_a_bonus_scores_none_and_is_bound_by_its_strength() -> None:
    king = card_info("king", expansion=False)
    u = Universe([Card("knights", 0, 20)], 7)
    for card, rule in RULES.items():
        if card not in BONUS_CARDS and card != "doppelganger":
            info = card_info(card, expansion=card not in base_deck(expansion=False))
            me = Card(info.id, info.suits, info.strength)
            assert rule.upper_bound(me, u) == max(0, info.strength), card
    assert RULES["king"].upper_bound(Card(king.id, king.suits, king.strength), u) > 0


@pytest.mark.parametrize(
    ("card", "names", "suits"),
    [
        ("mountain", ("smoke", "wildfire"), ("flood",)),
        ("garden", ("necromancer", "demon"), ("leader", "beast", "undead")),
        ("blizzard", (), ("flood", "army", "leader", "beast", "flame")),
        ("king", ("queen",), ("army",)),
    ],
)
def test_a_rule_names_what_its_text_looks_at(
    card: str, names: tuple[str, ...], suits: tuple[str, ...]
) -> None:
    assert NAME_REFS.get(card, ()) == names
    assert SUIT_REFS[card] == sum(bit(s) for s in suits)


def test_the_tables_read_off_the_rules() -> None:
    assert {"great-flood", "rainstorm", "blizzard", "wildfire", "basilisk", "crypt"} == BLANKERS
    assert {"smoke", "warship", "war-dirigible"} == SELF_UNLESS
    assert {"garden", "phoenix", "phoenix-deluxe", "war-dirigible"} == SELF_WITH
    assert set(PENALTY_RATES) == {
        "swamp",
        "blizzard",
        "light-cavalry",
        "dwarvish-infantry",
        "warlock-lord",
        "empress",
    }
    assert set(FIXED_PENALTIES) == {"knights", "dragon"}
    assert (
        BLANKERS | SELF_UNLESS | SELF_WITH | set(PENALTY_RATES) | set(FIXED_PENALTIES) | {"demon"}
        == PENALTY_CARDS
    )
    assert isinstance(RULES["protection-rune"], CardRule)
    assert not RULES["protection-rune"].has_bonus and not RULES["protection-rune"].has_penalty


SCORER_MODULES = ("universe", "card_rules", "scoring", "bounds", "optimize", "besthand")


def _imports(module: str) -> set[str]:
    """The scorer's modules that ``module`` imports, at its top or inside a function."""
    path = Path(fantasy_realms.__file__).parent / f"{module}.py"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            name = node.module.rsplit(".", 1)[-1]
            if node.module.startswith("rumizi.games.fantasy_realms.") and name in SCORER_MODULES:
                found.add(name)
    return found


def test_the_scorer_modules_import_each_other_without_a_cycle() -> None:
    # Each imports only modules before it: the rules below the scorer, the optimiser's
    # bounds below the optimiser, the best-hand search on top.
    for k, module in enumerate(SCORER_MODULES):
        assert _imports(module) <= set(SCORER_MODULES[:k]), module
