"""Bots at the table think in worker processes, never on the server's event loop."""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from rumizi import bots
from rumizi.core.contract import Action, View

LEVELS = ("easy", "medium", "hard")
LEVEL_NAMES = {
    "easy": {"en": "Easy bot", "fa": "ربات آسان"},
    "medium": {"en": "Medium bot", "fa": "ربات متوسط"},
    "hard": {"en": "Hard bot", "fa": "ربات سخت"},
}


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

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
