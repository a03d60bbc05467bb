"""Fingerprints of everything the games do, to show that a change of shape changes nothing.

One line per part: every game's random play (legal lists, refusals of wrong moves, exports,
loads, clones, views, samples), its strong play (the heuristic's moves and evaluations) and its
refusals of broken documents and options (``probe_kit``); each Star Realms format on its own;
Fantasy Realms' scores, best hands and proofs' node counts (its ``compiled_probe``); and every
game's observations and action indices as the research adapters encode them. Run it on two
revisions and compare::

    git worktree add /tmp/before <base>
    (cd /tmp/before && PYTHONPATH=$PWD python -m tests.games.fingerprints) > before.txt
    PYTHONPATH=$PWD python -m tests.games.fingerprints > after.txt
    diff before.txt after.txt

``python -m tests.games.fingerprints PART`` prints only the parts whose names start with PART.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from collections.abc import Callable, Iterator
from typing import Any

from rumizi.core.contract import GameState
from rumizi.core.registry import game, game_ids, game_module
from tests.games.probe_kit import Digest, Probe, random_play, refusals, strong_play


def _war_of_the_ring_probe() -> Probe:
    from rumizi.games.war_of_the_ring import engine, strategy

    def wrong_moves(rng: random.Random, state: GameState) -> list[Any]:
        return [
            {"do": "play", "card": rng.randrange(200)},
            {"do": "pass"},
            {"do": "nonsense"},
            None,
            "play",
        ]

    return Probe(
        game=game("war-of-the-ring"),
        engine=engine,
        strategy=strategy,
        setups=[{}, {"first": 1}],
        games_per_setup=4,
        wrong_moves=wrong_moves,
        bad_documents=[None, [], {"game": "war-of-the-ring"}, {"game": "war-of-the-ring", "x": 1}],
        bad_options=[{"players": 3}, {"first": 5}, {"shadow": "x"}],
        seeds=(31, 32),
        wrong_every=5,
        look_every=9,
        evaluate_every=6,
    )


def probes() -> Iterator[tuple[str, Probe]]:
    from tests.games.splendor_duel.compiled_probe import PROBE as SPLENDOR
    from tests.games.star_realms.compiled_probe import PROBE as STAR

    yield "star-realms", STAR
    yield "splendor-duel", SPLENDOR
    yield "war-of-the-ring", _war_of_the_ring_probe()


def star_realms_formats() -> Iterator[tuple[str, str]]:
    from tests.games.star_realms.compiled_probe import PROBE

    for setup in PROBE.setups:
        one = dataclasses.replace(PROBE, setups=[setup], games_per_setup=2)
        yield f"star-realms {setup['format']} {setup['players']}", random_play(one)


def observations(game_id: str, players: int, seed: int) -> str:
    """Every seat's encoded observation and the legal indices along two random games."""
    encoding = game_module(game_id, "encoding").make_encoding(players)
    digest = Digest()
    digest.add([encoding.observation_size, len(encoding.actions)])
    rng = random.Random(seed)
    for _ in range(2):
        state = game(game_id).new(seed=rng.randrange(2**32), players=players)
        step = 0
        while not state.over and step < 600:
            legal = state.legal_actions()
            digest.add(encoding.legal_indices(legal))
            if step % 3 == 0:
                for seat in range(players):
                    digest.add(encoding.observe(state.view(seat)).tobytes().hex())
            state.apply(legal[rng.randrange(len(legal))])
            step += 1
    return digest.hex()


def parts() -> Iterator[tuple[str, Callable[[], Any]]]:
    for name, probe in probes():
        yield f"{name} random", lambda p=probe: random_play(p)
        yield f"{name} strong", lambda p=probe: strong_play(p)
        yield f"{name} refusals", lambda p=probe: refusals(p)
    yield "star-realms formats", lambda: dict(star_realms_formats())

    def fantasy_realms() -> Any:
        from tests.games.fantasy_realms.compiled_probe import fingerprints

        found = fingerprints()
        found.pop("compiled")
        return found

    yield "fantasy-realms", fantasy_realms
    for game_id in game_ids():
        for players in (2, 3) if game_id == "fantasy-realms" else (2,):
            yield (
                f"observations {game_id} {players}",
                lambda g=game_id, n=players: observations(g, n, 7),
            )


if __name__ == "__main__":
    wanted = sys.argv[1] if len(sys.argv) > 1 else ""
    for name, run in parts():
        if name.startswith(wanted):
            print(f"{name}: {run()}", flush=True)
