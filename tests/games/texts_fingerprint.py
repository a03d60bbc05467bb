"""Fingerprints of every game's sentences, to show that a change to the texts changes no word.

Random games of every registered game, in each of its setups below, are played to the end;
along the way every legal move is labelled (``web.action_label``) and, at the end, the whole
log is written (``texts.log_entries``: sentence, tone and cards) and the result said
(``web.result_text``), for every reader — each seat and a spectator, named and unnamed, in
Persian and English. One hash per game comes out; run it before and after a change::

    python -m tests.games.texts_fingerprint > before.txt   # on the old revision
    python -m tests.games.texts_fingerprint > after.txt
    diff before.txt after.txt

``python -m tests.games.texts_fingerprint PREFIX`` prints only the games whose ids start with
PREFIX. :func:`sentences` is also what ``test_texts_everywhere`` reads.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from typing import Any

from rumizi.core.addons import Audience
from rumizi.core.contract import GameState, record_events
from rumizi.core.i18n import LANGS
from rumizi.core.registry import game, game_ids, game_module
from tests.games.probe_kit import Digest

#: The tables each game is played at (the registry's defaults when a game is not named).
SETUPS: dict[str, list[dict[str, Any]]] = {
    "star-realms": [
        {"format": "duel", "players": 2},
        {"format": "free-for-all", "players": 3},
        {"format": "hunter", "players": 4},
        {"format": "hydra", "players": 4},
        {"format": "raid", "players": 4},
        {"format": "emperor", "players": 6},
    ],
    "fantasy-realms": [
        {"players": 2},
        {"players": 2, "items": True, "suits": True},
        {"players": 3, "items": True, "suits": True},
        {"players": 4, "items": True},
        {"players": 5, "suits": True},
        {"players": 6, "items": True, "suits": True},
        {"players": 3, "variant": "chaos"},
        {"players": 4, "variant": "chaos"},
    ],
    "war-of-the-ring": [{}, {"first": 1}],
}

GAMES_PER_SETUP = 2
MAX_STEPS = 2500


def _audiences(state: GameState) -> list[Audience]:
    """Every kind of reader: each seat and a spectator, unnamed and named, in each language."""
    n = state.num_players
    options = {**state.export().get("options", {}), "players": n}
    named = tuple(f"Seat{i}" for i in range(n))
    return [
        Audience(lang, seat, names, options)
        for lang in LANGS
        for seat in [*range(n), None]
        for names in (("",) * n, named)
    ]


def _play(state: GameState, rng: random.Random) -> Iterator[tuple[int, Any]]:
    """The (seat, move) pairs of a random game, each seat's legal moves offered in turn."""
    steps = 0
    while not state.over and steps < MAX_STEPS:
        seats = state.actors or ((state.to_act,) if state.to_act is not None else ())
        if not seats:
            return
        seat = seats[rng.randrange(len(seats))]
        legal = state.legal_actions_for(seat)
        if not legal:
            return
        for action in legal:
            yield seat, action
        action = legal[rng.randrange(len(legal))]
        state.apply(action)
        steps += 1


def sentences(game_id: str, seed: int = 1) -> Iterator[Any]:
    """Every sentence the game's texts write along its random games, in a fixed order."""
    rng = random.Random(seed)
    web = game_module(game_id, "web")
    texts = game_module(game_id, "texts")
    for options in SETUPS.get(game_id, [{}]):
        for _ in range(GAMES_PER_SETUP):
            state = game(game_id).new(seed=rng.randrange(2**31), **options)
            events = list(web.opening_events(state))
            record_events(state, events)
            audiences = _audiences(state)
            mover = random.Random(rng.randrange(2**31))
            for seat, action in _play(state, mover):
                view = state.view(seat)
                for audience in audiences:
                    if audience.seat == seat:
                        yield web.action_label(view, action, audience)
            for audience in audiences:
                for line in texts.log_entries(events, audience):
                    yield [line.text, line.tone, list(line.cards)]
                if state.over:
                    yield web.result_text(state.view(audience.seat), audience)


def fingerprint(game_id: str) -> str:
    """One hash of :func:`sentences`."""
    digest = Digest()
    for sentence in sentences(game_id):
        digest.add(sentence)
    return digest.hex()


def main() -> None:
    prefix = sys.argv[1] if len(sys.argv) > 1 else ""
    for game_id in game_ids():
        if game_id.startswith(prefix) and game_module(game_id, "texts") is not None:
            print(f"texts {game_id}: {fingerprint(game_id)}", flush=True)


if __name__ == "__main__":
    main()
