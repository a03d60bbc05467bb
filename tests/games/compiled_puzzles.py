"""What the puzzles' checkers answer, as fingerprints, on the compiled build or pure Python
(``test_compiled_puzzles.py``): the server's puzzles run on the compiled engines that
``scripts/serve`` serves, so every game's checker must prove the same there."""

from __future__ import annotations

import json
import sys
from typing import Any

from rumizi import puzzles
from tests.games.probe_kit import Digest

#: Every this many shipped puzzles of a game is checked (a sample of each kind).
EVERY = 23


def fingerprints() -> dict[str, Any]:
    import rumizi.games.fantasy_realms.engine as fr_engine
    import rumizi.games.fantasy_realms.scoring as fr_scoring
    import rumizi.games.splendor_duel.engine as sd_engine
    import rumizi.games.star_realms.engine as sr_engine
    import rumizi.games.war_of_the_ring.engine as wotr_engine

    engines = (sr_engine, sd_engine, fr_scoring, fr_engine, wotr_engine)
    found: dict[str, Any] = {"compiled": [not str(m.__file__).endswith(".py") for m in engines]}
    for game_id in puzzles.games_with_puzzles():
        digest = Digest()
        for p in puzzles.shipped(game_id)[::EVERY]:
            digest.add([p.id, puzzles.verify(p), puzzles.is_answer(p, p.solution)])
            digest.add(puzzles.solutions(p))
            state = puzzles.play(p, p.solution[:-1])
            digest.add(state.view(p.seat))
            digest.add(puzzles.finished(p, state, p.solution[:-1]))
        found[game_id] = digest.hex()
    return found


if __name__ == "__main__":
    json.dump(fingerprints(), sys.stdout)
