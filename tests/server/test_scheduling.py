"""The scheduler without a hub: a bot's move, a clock's end and what a table waits for, asked
of a stand-in host through the narrow interface (rumizi.server.scheduling.Host) alone."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, cast

import pytest

from rumizi.core.contract import GameState
from rumizi.core.registry import game
from rumizi.server import jobs, phases
from rumizi.server.bots import BotPool
from rumizi.server.metrics import Recorder
from rumizi.server.refusals import ActionError
from rumizi.server.scheduling import Clock, Scheduler, Timers, jobs_after, jobs_for
from rumizi.server.store import SeatRow, TableRow
from tests.server.kit import in_own_loop


@dataclass(eq=False)
class Table:
    """The least a table must have for the scheduler (rumizi.server.scheduling.ScheduledTable)."""

    row: TableRow
    state: GameState
    clock: Clock | None = None
    phase: phases.PhaseTimer = field(default_factory=phases.PhaseTimer)
    timers: Timers = field(default_factory=Timers)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def version(self) -> int:
        return self.row.version


@dataclass
class Host:
    """Records what the scheduler asks; ``refuse``: every move is refused as stale."""

    closing: bool = False
    refuse: bool = False
    moves: list[tuple[int | None, Any, int, str]] = field(default_factory=list)
    scheduled: list[Table] = field(default_factory=list)
    metrics: Recorder = field(default_factory=Recorder)

    async def submit(
        self, table: Table, seat: int | None, action: Any, version: Any, client_id: Any
    ) -> int:
        if self.refuse:
            raise ActionError("stale", "the table moved on")
        self.moves.append((seat, action, version, client_id))
        table.state.apply(action)
        table.row.version += 1
        return table.row.version

    def schedule(self, table: Table) -> None:
        self.scheduled.append(table)


class FirstMove:
    """A bot pool whose bots play their first legal move at once."""

    async def choose(self, level: str, seed: int, view: Any, legal: list[Any]) -> Any:
        return legal[0]


def table(kinds: tuple[str, str], clock: Clock | None = None) -> Table:
    seats = [
        SeatRow(i, kind, "easy" if kind == "bot" else None, None, None)
        for i, kind in enumerate(kinds)
    ]
    at = datetime.now(UTC)
    row = TableRow(
        id="t1",
        game="star-realms",
        options={"players": 2},
        players=2,
        seed=7,
        status="playing",
        version=0,
        clock={},
        rated=False,
        invite="",
        created=at,
        started=at,
        finished=None,
        result=None,
        seats=seats,
    )
    return Table(row, game("star-realms").new(seed=7, players=2), clock)


def scheduler(host: Host) -> Scheduler[Table]:
    return Scheduler(host, cast(BotPool, FirstMove()))


def test_a_bot_to_act_is_moved_once_per_version() -> None:
    host = Host()
    bot_first = table(("bot", "human"))
    assert bot_first.state.to_act == 0

    async def run() -> None:
        scheduling = scheduler(host)
        scheduling.schedule(bot_first)
        scheduling.schedule(bot_first)  # asked twice on one version: one move
        task = bot_first.timers.bot
        assert task is not None
        await task
        assert not bot_first.timers.bot_thinking()

    in_own_loop(run)
    assert [(seat, version, client_id) for seat, _, version, client_id in host.moves] == [
        (0, 0, "bot-0")
    ]


def test_a_bot_does_not_move_on_a_table_that_moved_on_or_while_closing() -> None:
    host = Host()
    bot_first = table(("bot", "human"))
    in_own_loop(lambda: scheduler(host).bot_move(bot_first, 0, version=3))  # table at 0
    host.closing = True
    in_own_loop(lambda: scheduler(host).bot_move(bot_first, 0, version=0))
    assert host.moves == []


def test_a_refused_bot_move_is_logged_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    host = Host(refuse=True)
    in_own_loop(lambda: scheduler(host).bot_move(table(("bot", "human")), 0, version=0))
    assert "bot move on table t1 refused: stale" in caplog.text


def test_a_clock_that_ran_out_concedes_for_its_seat() -> None:
    clock = Clock.make({"kind": "realtime", "initial": 1, "increment": 0}, 2)
    assert clock is not None
    clock.start(0, time.time() - 5)  # seat 0's minute is long gone
    host = Host()
    in_own_loop(lambda: scheduler(host).time_out(table(("human", "human"), clock), 0))
    assert host.moves == [(None, {"do": "concede", "player": 0}, 0, "clock-0")]


def test_a_clock_with_time_left_is_scheduled_again() -> None:
    clock = Clock.make({"kind": "realtime", "initial": 60, "increment": 0}, 2)
    assert clock is not None
    clock.start(0, time.time())
    host = Host()
    duel = table(("human", "human"), clock)
    in_own_loop(lambda: scheduler(host).time_out(duel, 0))
    assert host.moves == [] and host.scheduled == [duel]


def test_what_a_table_waits_for_after_a_move_is_what_it_then_waits_for() -> None:
    clock = Clock.make({"kind": "turn", "per_move": 30}, 2)
    assert clock is not None
    clock.start(0, 1000.0)
    duel = table(("human", "bot"), clock)
    assert jobs_for(duel, duel.state, duel.clock, duel.phase, 0, 1000.0) == [
        jobs.Job("t1", 0, jobs.CLOCK, 0, 1030.0)
    ]
    # Seat 0 ends its turn: the bot is to move, its clock running from the move's time.
    trial = duel.state.clone()
    trial.apply({"do": "end"})
    assert trial.to_act == 1
    at = datetime.fromtimestamp(1010.0, UTC)
    assert jobs_after(duel, trial, at) == [
        jobs.Job("t1", 1, jobs.BOT, 1, 1010.0),
        jobs.Job("t1", 1, jobs.CLOCK, 1, 1040.0),
    ]
    assert duel.clock is clock and clock.owner == 0  # the table's own clock is untouched


def test_a_table_not_under_way_waits_for_nothing_and_has_nothing_set_off() -> None:
    host = Host()
    waiting = table(("bot", "human"))
    waiting.row.status = "waiting"
    assert jobs_for(waiting, waiting.state, None, waiting.phase, 0, 0.0) == []

    async def run() -> None:
        scheduler(host).schedule(waiting)

    in_own_loop(run)
    assert waiting.timers.bot is None and waiting.timers.clock is None
