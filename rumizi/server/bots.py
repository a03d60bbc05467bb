"""Bots at the table think in worker processes, never on the server's event loop."""

from __future__ import annotations

import asyncio
import multiprocessing
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Protocol, TypeVar

from rumizi import bots
from rumizi.core.contract import Action, View
from rumizi.core.i18n import bot_label, number

LEVELS = ("easy", "medium", "hard")
T = TypeVar("T")


class SeatLike(Protocol):
    seat: int
    kind: str
    level: str | None
    name: str | None


def seat_names(seats: Sequence[SeatLike], lang: str) -> tuple[str, ...]:
    """How each seat is called in ``lang``: a person by their name, a bot by its level.

    Bots of the same level get their seat number (“Easy bot 2”). A person's name is isolated
    (U+2068 … U+2069) so a Latin name keeps its place inside a Persian sentence and the other
    way round; an empty seat is "" (the game's texts then name it by its number).

    >>> from types import SimpleNamespace as S
    >>> seat_names([S(seat=0, kind="human", level=None, name="ali"),
    ...             S(seat=1, kind="bot", level="easy", name=None),
    ...             S(seat=2, kind="bot", level="easy", name=None)], "en")
    ('\u2068ali\u2069', 'Easy bot 1', 'Easy bot 2')
    """
    levels = Counter(s.level for s in seats if s.kind == "bot")
    names = []
    for s in seats:
        if s.kind == "bot":
            label = bot_label(s.level or "easy", lang)
            if levels[s.level] > 1:
                label = f"{label} {number(s.seat, lang)}"
            names.append(label)
        else:
            names.append(f"\u2068{s.name}\u2069" if s.name else "")
    return tuple(names)


def think(level: str, seed: int, view: View, legal: list[Action], budget: float | None) -> Action:
    """One bot decision (runs in a worker process: everything it gets is plain data)."""
    options: dict[str, Any] = {"budget": budget} if level == "hard" and budget else {}
    return bots.make(level, seed=seed, **options).choose(view, legal)


class BotPool:
    """Runs :func:`think` in ``workers`` processes (0: a thread, for tests and tiny hosts)."""

    def __init__(self, workers: int = 1, hard_budget: float | None = None) -> None:
        self.hard_budget = hard_budget
        self._executor: Executor
        if workers <= 0:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rumizi-bot")
        else:
            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(max_workers=workers, mp_context=context)

    async def choose(self, level: str, seed: int, view: View, legal: list[Action]) -> Action:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._executor, think, level, seed, view, legal, self.hard_budget
        )

    async def run(self, job: Callable[..., T], *args: Any) -> T:
        """Another job of plain data in the same workers (a chunk of a game's analysis)."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, job, *args)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
