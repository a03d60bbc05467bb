"""Puzzles from real games, with answers the engines prove: mined, shipped and checked.

Each game that has puzzles gives a ``puzzles`` add-on (its kinds, a finder, a checker; see
:class:`rumizi.core.addons.PuzzlesAddOn`). This package works for any of them: it mines
self-play games for positions worth asking (:func:`mine`, ``rumizi puzzles mine``), reads
and writes puzzle files, lists the set shipped in the package (:func:`shipped`) and checks a
puzzle's answer again (:func:`verify`, :func:`is_answer`).

>>> from rumizi import puzzles
>>> p = puzzles.shipped("fantasy-realms")[0]
>>> p.kind, puzzles.verify(p)
('best-discard', True)
>>> puzzles.is_answer(p, p.solution), puzzles.is_answer(p, [{"do": "discard", "card": "?"}])
(True, False)
"""

from __future__ import annotations

import functools
import gzip
import json
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from rumizi.arena.cluster import Executor
from rumizi.bots import make
from rumizi.core import rng, undo
from rumizi.core.contract import Action, GameState
from rumizi.core.puzzles import Puzzle
from rumizi.core.registry import game, game_ids, game_module

__all__ = [
    "Puzzle",
    "finished",
    "games_with_puzzles",
    "is_answer",
    "mine",
    "mine_one",
    "mine_record",
    "offered",
    "play",
    "read_file",
    "shipped",
    "solutions",
    "verify",
    "write_file",
]

#: A self-play game longer than this many moves is cut short (no game of ours is near it).
MAX_MOVES = 2_000


def _add_on(game_id: str) -> Any:
    found = game_module(game(game_id), "puzzles")
    if found is None:
        raise ValueError(f"{game_id} has no puzzles yet")
    return found


def games_with_puzzles() -> list[str]:
    """The ids of the games that have puzzles."""
    return [g for g in game_ids() if game_module(g, "puzzles") is not None]


def _moves(moves: Sequence[Action]) -> list[dict[str, Any]]:
    return [dict(a) for a in moves]


def solutions(puzzle: Puzzle) -> list[list[dict[str, Any]]]:
    """Every answer to ``puzzle``, proved again by its game from its position."""
    return [_moves(s) for s in _add_on(puzzle.game).solutions(puzzle)]


def verify(puzzle: Puzzle) -> bool:
    """Whether the puzzle's stated solution is its only one (a broken position: false)."""
    try:
        found = solutions(puzzle)
    except (ValueError, KeyError, TypeError):
        return False
    return found == [_moves(puzzle.solution)]


def is_answer(puzzle: Puzzle, moves: Sequence[Action]) -> bool:
    """Whether ``moves`` answer ``puzzle``, as its game judges: the stated solution of a
    one-move kind (for a shipped puzzle, which the tests verify, the only one); any way to
    the goal for a turn's kind ("win this turn" whatever the order of the plays)."""
    try:
        return bool(_add_on(puzzle.game).solves(puzzle, list(moves)))
    except (ValueError, KeyError, TypeError):
        return False  # moves the position cannot take answer nothing


def play(puzzle: Puzzle, moves: Sequence[Action]) -> GameState:
    """The puzzle's position after the solver's ``moves``; a ``ValueError`` for a move that
    is not offered there (not legal, or not what the puzzle asks among) or one made after
    the try is over."""
    add_on = _add_on(puzzle.game)
    state = game(puzzle.game).load(puzzle.position)
    for n, move in enumerate(moves):
        if add_on.finished(puzzle, state, moves[:n]):
            raise ValueError(f"move {n + 1} comes after the try is over")
        if dict(move) not in [dict(a) for a in add_on.offered(puzzle, state)]:
            raise ValueError(f"move {n + 1} is not one the puzzle offers here: {dict(move)}")
        state.apply(move)
    return state


def offered(puzzle: Puzzle, state: GameState) -> list[Action]:
    """The moves the solver is offered in ``state`` (the position after the moves so far)."""
    return list(_add_on(puzzle.game).offered(puzzle, state))


def finished(puzzle: Puzzle, state: GameState, moves: Sequence[Action]) -> bool:
    """Whether a try is over after ``moves``, which led to ``state``."""
    return bool(_add_on(puzzle.game).finished(puzzle, state, list(moves)))


def mine(
    game_id: str,
    games: int,
    seed: int = 0,
    bot: str = "greedy",
    runs_on: Executor | None = None,
) -> Iterator[Puzzle]:
    """Puzzles from ``games`` self-play games of ``bot`` (every seat), each once, in the
    order found; the same arguments find the same puzzles. Game ``i`` is played at the
    game's ``MINING`` table ``i`` (in turn) from a seed derived from ``seed`` and ``i``.
    ``runs_on`` plays the games elsewhere (:mod:`rumizi.arena.cluster`: worker processes or
    a Ray cluster); the puzzles are the same, in the same order."""
    add_on = _add_on(game_id)  # a game without puzzles says so before any work is shared out
    before = getattr(add_on, "before_mining", None)
    if callable(before):  # a game whose bots remember across games starts afresh
        before()
    seen: set[str] = set()
    one = functools.partial(mine_one, game_id, seed, bot=bot)
    found = runs_on.map(one, range(games)) if runs_on is not None else map(one, range(games))
    for puzzles_of_game in found:
        yield from _unseen(puzzles_of_game, seen)


def mine_one(game_id: str, seed: int, i: int, bot: str = "greedy") -> list[Puzzle]:
    """The puzzles of self-play game ``i`` of :func:`mine` (a unit of work on its own, so a
    cluster can share the games out)."""
    add_on = _add_on(game_id)
    tables = add_on.MINING
    options = dict(tables[i % len(tables)])
    game_seed = rng.normalize_seed(seed * 1_000_003 + i)
    state = game(game_id).new(seed=game_seed, **options)
    bots = [make(bot, seed=rng.normalize_seed(game_seed + q)) for q in range(state.num_players)]
    found: list[Puzzle] = []
    for move in range(MAX_MOVES):
        if state.over:
            break
        found += add_on.find(state, f"self-play {seed}/{i}, move {move}")
        seat = state.to_act
        assert seat is not None, "mining plays games with one player to act"
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions_for(seat)))
    return found


def mine_record(
    game_id: str, state: GameState, moves: Iterable[Action], source: str
) -> Iterator[Puzzle]:
    """Puzzles from one game as it was played (a finished table): ``state`` at its start and
    its stored moves in order, undo records (:mod:`rumizi.core.undo`) included, each
    position asked as the game reached it; ``source`` names the game. A position where
    several seats act at once (chaos trading) asks nothing."""
    add_on = _add_on(game_id)
    trail = undo.Trail()
    for version, move in enumerate(moves, 1):
        if state.over:
            break
        if state.to_act is not None:
            yield from add_on.find(state, f"{source}, move {version - 1}")
        state, _ = trail.play(state, version, move)


def _unseen(found: Iterable[Puzzle], seen: set[str]) -> Iterator[Puzzle]:
    for puzzle in found:
        if puzzle.id not in seen:
            seen.add(puzzle.id)
            yield puzzle


def write_file(path: Path, puzzles: Sequence[Puzzle]) -> None:
    """``puzzles`` to ``path``, one JSON object a line (gzip-compressed for a ``.gz`` name)."""
    text = "".join(json.dumps(p.as_dict(), ensure_ascii=False) + "\n" for p in puzzles)
    data = text.encode()
    path.write_bytes(gzip.compress(data, mtime=0) if path.suffix == ".gz" else data)


def read_file(path: Path) -> list[Puzzle]:
    """The puzzles of a file :func:`write_file` wrote; a ``ValueError`` names the line of a
    broken one."""
    data = path.read_bytes()
    return _read_lines(gzip.decompress(data) if path.suffix == ".gz" else data, str(path))


def _read_lines(data: bytes, where: str) -> list[Puzzle]:
    out = []
    for n, line in enumerate(data.decode().splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append(Puzzle.read(json.loads(line)))
        except ValueError as err:  # json's own errors are ValueErrors too
            raise ValueError(f"{where}, line {n}: {err}") from None
    return out


@cache
def _shipped(game_id: str) -> tuple[Puzzle, ...]:
    name = f"{game_id}.jsonl.gz"
    found = resources.files(__package__).joinpath("data", name)
    if not found.is_file():
        return ()
    return tuple(_read_lines(gzip.decompress(found.read_bytes()), name))


def shipped(game_id: str) -> list[Puzzle]:
    """The puzzles shipped in the package for ``game_id`` (none for a game without a set)."""
    game(game_id)  # an unknown game is a KeyError, as everywhere
    return list(_shipped(game_id))
