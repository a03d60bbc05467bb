"""The first-game guide's words (rumizi/web/static/guides/*.js), checked without a browser:
every game has a guide, every kind of move a guided game meets is explained in both
languages, and no guide explains a kind its game does not have."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import rumizi
from rumizi.core.registry import game_ids

STATIC = Path(rumizi.__file__).parent / "web" / "static"
GUIDES = STATIC / "guides"


def package_of(game_id: str) -> Path:
    """The folder of the game's engine."""
    module = type(rumizi.game(game_id).new(players=2)).__module__
    return Path(__import__(module, fromlist=["_"]).__file__ or "").parent


# The platform's own games (a test may register a tiny game of its own, which has no guide).
GAMES = sorted(g for g in game_ids() if type(rumizi.game(g)).__module__.startswith("rumizi.games."))
KIND = re.compile(r'^\s*do: "([a-z-]+)",$', re.M)


def guide_text(game_id: str) -> str:
    path = GUIDES / f"{game_id}.js"
    assert path.exists(), f"{game_id} has no first-game guide ({path})"
    return path.read_text(encoding="utf-8")


def kinds_met(game_id: str, seeds: int = 3, moves: int = 300) -> set[str]:
    """The `do` of every legal action in a few random two-player games with default options."""
    met: set[str] = set()
    for seed in range(seeds):
        state = rumizi.game(game_id).new(seed=seed, players=2)
        rng = random.Random(seed)
        for _ in range(moves):
            if state.over:
                break
            legal = state.legal_actions()
            met.update(str(a["do"]) for a in legal)
            state.apply(rng.choice(legal))
    return met


@pytest.mark.parametrize("game_id", GAMES)
def test_every_kind_of_move_of_a_guided_game_is_explained(game_id: str) -> None:
    text = guide_text(game_id)
    explained = KIND.findall(text)
    assert len(explained) == len(set(explained)), f"a kind explained twice: {explained}"
    missing = kinds_met(game_id) - set(explained)
    assert not missing, f"{game_id}: no guide step for {sorted(missing)}"


@pytest.mark.parametrize("game_id", GAMES)
def test_each_step_speaks_both_languages_and_names_a_real_kind(game_id: str) -> None:
    text = guide_text(game_id)
    explained = KIND.findall(text)
    # The intro and every kind carry a Persian and an English text.
    assert text.count("fa: ") == len(explained) + 1
    assert text.count("en: ") == len(explained) + 1
    # Persian texts are Persian (not English left in the fa slot).
    for fa in re.findall(r'fa: (?:\{ title: |\{\s*title: )?"([^"]+)"', text):
        assert re.search("[\u0600-\u06ff]", fa), fa
    engine = "".join(p.read_text(encoding="utf-8") for p in package_of(game_id).glob("*.py"))
    for kind in explained:
        assert f'"{kind}"' in engine, f"{game_id}: the guide explains {kind!r}, no such move"
