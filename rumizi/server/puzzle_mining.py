"""Puzzles from the games played on this server: its finished tables, replayed and asked.

lichess finds its puzzles offline, in its players' games, and so does this: mining is search
(each position is proved by the engine), too slow to run in a web process on every finished
game. An operator runs ``rumizi puzzles mine GAME --from-db URL --out FILE`` now and then (a
cron job), and serves what it wrote with ``rumizi serve --puzzles FILE``; the shipped sets are
served as ever. Only finished tables are read: a game still being played is not given away.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from rumizi import puzzles
from rumizi.core.puzzles import Puzzle
from rumizi.server.hub import new_state
from rumizi.server.store import Store


def mine_finished(store: Store, game_id: str, limit: int | None = None) -> Iterator[Puzzle]:
    """The puzzles of ``game_id``'s finished tables in ``store`` (the newest ``limit`` of
    them, or all), each puzzle once, in the order found."""
    seen: set[str] = set()
    for table_id in store.finished_table_ids(game_id, limit):
        row = store.load_table(table_id, actions=True)
        if row is None:  # removed since the list was read
            continue
        moves = [action for _seat, action, _client, _at in row.actions]
        for puzzle in puzzles.mine_record(game_id, new_state(row), moves, f"table {row.id}"):
            if puzzle.id not in seen:
                seen.add(puzzle.id)
                yield puzzle


def served(files: Sequence[Path] = ()) -> Mapping[str, Puzzle]:
    """Every puzzle a server serves, by id: the shipped sets, then the puzzles of ``files``
    (``rumizi serve --puzzles``). A ``ValueError`` names a file that cannot be read, or a
    puzzle of a game without puzzles."""
    with_puzzles = puzzles.games_with_puzzles()
    found = {p.id: p for g in with_puzzles for p in puzzles.shipped(g)}
    for path in files:
        try:
            read = puzzles.read_file(Path(path))
        except OSError as err:
            raise ValueError(f"{path}: {err.strerror or err}") from None
        for p in read:
            if p.game not in with_puzzles:
                raise ValueError(f"{path}: puzzle {p.id} is of {p.game!r}, which has no puzzles")
            found.setdefault(p.id, p)
    return found
