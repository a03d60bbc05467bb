"""Bots at the table think in worker processes, never on the server's event loop.

The pool has one worker per core by default. Tables share it fairly without a scheduler of
their own: a table asks for one decision at a time (the hub waits for a bot's move before it
asks for the next), and the pool answers requests in the order they came, so with ``n`` tables
waiting each gets every ``n``-th turn of a worker. When more decisions wait than there are
workers, the hard bot's budget shrinks in proportion (never below :data:`MIN_BUDGET`), so the
people at the tables wait about as long as with one table, and the bot plays a little weaker.

A worker ends when the server does, however it ends: it watches its parent process and exits
when the parent is gone (a SIGKILL gives the parent no chance to stop it).
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Protocol, TypeVar

from rumizi import bots
from rumizi.bots import expert
from rumizi.core.contract import Action, View
from rumizi.core.i18n import bot_label, number
from rumizi.core.registry import game as registered_game
from rumizi.server.auth import shown_name
from rumizi.server.plugins import plugin

LEVELS = ("easy", "medium", "hard", "expert")
#: The levels that search for their budget's time (a busy pool shortens it).
SEARCHING = ("hard", "expert")
T = TypeVar("T")


class SeatLike(Protocol):
    seat: int
    kind: str
    level: str | None
    name: str | None


def seat_names(seats: Sequence[SeatLike], lang: str) -> tuple[str, ...]:
    """How each seat is called in ``lang``: a person by their name, a bot by its level.

    Bots of the same level get their seat's number, counted from one as the page and the
    terminal count seats (“Easy bot 2” sits in seat 2, index 1). A person's name is isolated
    (U+2068 … U+2069) so a Latin name keeps its place inside a Persian sentence and the other
    way round; a guest is named in ``lang``'s words (``guest-56`` is «مهمان ۵۶» or "Guest 56",
    :func:`~rumizi.server.auth.shown_name`); a bot account's (``bot_account``, played by a
    program through its token: rumizi.server.bot_accounts) is titled ``BOT`` in every
    language, as lichess titles one; an empty seat is "" (the game's texts then name it by
    its number).

    >>> from types import SimpleNamespace as S
    >>> seat_names([S(seat=0, kind="human", level=None, name="ali"),
    ...             S(seat=1, kind="bot", level="easy", name=None),
    ...             S(seat=2, kind="bot", level="easy", name=None)], "en")
    ('\u2068ali\u2069', 'Easy bot 2', 'Easy bot 3')
    >>> seat_names([S(seat=0, kind="human", level=None, name="guest-56")], "fa")
    ('\u2068مهمان ۵۶\u2069',)
    >>> seat_names([S(seat=0, kind="human", level=None, name="labbot", bot_account=True)], "fa")
    ('\u2068BOT labbot\u2069',)
    """
    levels = Counter(s.level for s in seats if s.kind == "bot")
    names = []
    for s in seats:
        if s.kind == "bot":
            label = bot_label(s.level or "easy", lang)
            if levels[s.level] > 1:
                label = f"{label} {number(s.seat + 1, lang)}"  # the page's "Seat 2"
            names.append(label)
        elif s.name and getattr(s, "bot_account", False):
            # A bot account carries the title lichess gives one, in every language.
            names.append(f"\u2068BOT {s.name}\u2069")
        else:
            names.append(f"\u2068{shown_name(s.name, lang)}\u2069" if s.name else "")
    return tuple(names)


def level_plays(level: str, view: View) -> bool:
    """Whether a bot of ``level`` plays at the table ``view`` shows: ``expert`` only where the
    package ships a network for its game, seats and set-up.

    >>> import rumizi
    >>> star_realms = rumizi.game("star-realms")
    >>> duel, hunter = star_realms.new(seed=1), star_realms.new(1, 3, format="hunter")
    >>> level_plays("expert", duel.view(0)), level_plays("expert", hunter.view(0))
    (True, False)
    >>> level_plays("hard", hunter.view(0))
    True
    """
    return level != "expert" or expert.plays(view)


def level_refusal(level: str) -> str:
    """Why a table refuses a bot of ``level`` (one :func:`level_plays` turned away)."""
    return f"the {level} bot has no network for this table (it plays {expert.known_tables()})"


@functools.cache
def expert_where(game_id: str) -> tuple[list[int], dict[str, list[Any]]] | None:
    """Where the ``expert`` level plays ``game_id``, as the new-table form asks: the seat
    counts, and for each option whose choices are not all playable, the playable ones
    (``None``: nowhere).

    >>> expert_where("star-realms")
    ([2], {'format': ['duel']})
    >>> expert_where("splendor-duel")
    ([2], {})
    >>> expert_where("fantasy-realms") is None
    True
    """
    counts = [n for g, n in expert.expert_tables() if g == game_id]
    playable: dict[str, list[Any]] = {}
    options = plugin(game_id).options("en")
    seats: list[int] = []
    for n in counts:
        try:
            if not expert.plays(registered_game(game_id).new(seed=0, players=n).view(0)):
                continue
        except (TypeError, ValueError):
            continue
        seats.append(n)
        for option in options:
            for choice in option["choices"]:
                if n not in choice.get("players", [n]):
                    continue
                try:
                    state = registered_game(game_id).new(
                        seed=0, players=n, **{option["name"]: choice["value"]}
                    )
                except (TypeError, ValueError):
                    continue
                if expert.plays(state.view(0)):
                    playable.setdefault(option["name"], []).append(choice["value"])
    if not seats:
        return None
    requires = {
        option["name"]: chosen
        for option in options
        if len(chosen := playable.get(option["name"], [])) < len(option["choices"])
    }
    return seats, requires


def think(level: str, seed: int, view: View, legal: list[Action], budget: float | None) -> Action:
    """One bot decision (runs in a worker process: everything it gets is plain data)."""
    options: dict[str, Any] = {"budget": budget} if level in SEARCHING and budget else {}
    return bots.make(level, seed=seed, **options).choose(view, legal)


HARD_BUDGET = 1.0  # seconds: hard's and expert's own budget (rumizi.bots.search's default)
MIN_BUDGET = 0.05  # seconds: the least a hard decision gets, however busy the pool is
PARENT_POLL = 0.5  # seconds between a worker's looks at its parent


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def watch_parent(parent: int) -> None:
    """In a worker: exit as soon as ``parent`` (the server) is no longer this process's parent.

    Polling works whatever ended the parent, SIGKILL included; on Linux a process whose
    parent died is handed to another one, so ``os.getppid()`` changes.
    """

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL)
        os._exit(0)

    threading.Thread(target=watch, name="rumizi-parent-watch", daemon=True).start()


def _ready() -> int:
    return os.getpid()


def shared_budget(base: float, waiting: int, workers: int) -> float:
    """A hard decision's budget when ``waiting`` decisions (this one too) share ``workers``.

    >>> shared_budget(1.0, 2, 4), shared_budget(1.0, 8, 2), shared_budget(1.0, 1000, 1)
    (1.0, 0.25, 0.05)
    """
    load = waiting / max(1, workers)
    return base if load <= 1 else max(MIN_BUDGET, base / load)


class BotPool:
    """Runs :func:`think` in ``workers`` processes (``None``: one per core; 0: a thread)."""

    def __init__(self, workers: int | None = None, hard_budget: float | None = None) -> None:
        self.workers = available_cores() if workers is None else workers
        self.hard_budget = hard_budget
        self.waiting = 0  # decisions asked for and not answered yet
        self._executor: Executor
        if self.workers <= 0:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rumizi-bot")
        else:
            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=context,
                initializer=watch_parent,
                initargs=(os.getpid(),),
            )
            # Started now, not at the first bot move: the first move does not wait for them.
            for _ in range(self.workers):
                self._executor.submit(_ready)

    def budget(self) -> float | None:
        """The hard bot's budget for a decision asked for now (``None``: the level's own)."""
        base = self.hard_budget or HARD_BUDGET
        shared = shared_budget(base, self.waiting, max(1, self.workers))
        return self.hard_budget if shared == base else shared

    async def choose(self, level: str, seed: int, view: View, legal: list[Action]) -> Action:
        loop = asyncio.get_running_loop()
        self.waiting += 1
        try:
            budget = self.budget()
            return await loop.run_in_executor(
                self._executor, think, level, seed, view, legal, budget
            )
        finally:
            self.waiting -= 1

    async def run(self, job: Callable[..., T], *args: Any) -> T:
        """Another job of plain data in the same workers (a chunk of a game's analysis)."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, job, *args)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
