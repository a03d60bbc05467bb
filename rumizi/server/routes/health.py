"""Health checks for load balancers and monitoring: ``/healthz`` and ``/readyz``.

``/healthz`` says the process answers and touches nothing else: a load balancer or systemd
watchdog that restarts on its failure must not restart an instance because the database is
slow. ``/readyz`` says whether the instance can serve: the database answers a trivial query,
its Alembic revision is the head of the package's migrations, and, when the server runs with
``--redis`` (several instances), Redis answers ``PING``. Each check gives up after
:data:`CHECK_TIMEOUT` seconds, so a hung database makes the probe fail, not hang.

Neither needs a session, neither is rate-limited (the edges' limits are on bodies and
sockets), and uvicorn's access log leaves them out (:class:`QuietProbes`): a balancer asks
every few seconds.
"""

from __future__ import annotations

import asyncio
import logging
from functools import cache
from pathlib import Path
from typing import Literal

from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy import text
from sqlalchemy.engine import Engine

from rumizi.core.extras import require

router = APIRouter(tags=["health"])

HEALTH_PATH = "/healthz"
READY_PATH = "/readyz"
PROBE_PATHS = (HEALTH_PATH, READY_PATH)
CHECK_TIMEOUT = 2.0  # seconds each check may take: a balancer's probe usually waits 5
OK = "ok"


class Health(BaseModel):
    """The process answers."""

    status: Literal["ok"]


class Readiness(BaseModel):
    """Whether this instance can serve, and each check's outcome (``ok`` or what failed).

    ``checks`` names ``database``, ``migrations`` and, with Redis, ``redis``; a failed check
    says why, e.g. ``behind: at 0006, head 0007`` or ``no answer within 2.0 s``.
    """

    status: Literal["ready", "not-ready"]
    checks: dict[str, str] = Field(examples=[{"database": "ok", "migrations": "ok"}])


@cache
def _migrations() -> ScriptDirectory:
    """The package's migrations (read once: they do not change while the server runs)."""
    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parents[1] / "migrations"))
    return ScriptDirectory.from_config(config)


def migrations_head() -> str:
    """The head revision of the package's migrations."""
    head = _migrations().get_current_head()
    if head is None:
        raise RuntimeError("the package's migrations have no single head")
    return head


def migrations_check(current: str | None) -> str:
    """``ok`` when the database's revision ``current`` is the head, else how it differs.

    A revision this package does not know was written by a newer release (its instance
    upgraded the schema): this one is then the one behind, and says so differently.
    """
    head = migrations_head()
    if current == head:
        return OK
    known = {script.revision for script in _migrations().walk_revisions()}
    if current is None or current in known:
        return f"behind: at {current or 'nothing'}, head {head}"
    return f"unknown revision {current} (a newer release's?), head {head}"


def _database_checks(engine: Engine) -> dict[str, str]:
    """The database's checks: it answers ``SELECT 1``, and its revision is the head."""
    with engine.connect() as connection:
        connection.execute(text("SELECT 1"))
        checks = {"database": OK}
        current = MigrationContext.configure(connection).get_current_revision()
    checks["migrations"] = migrations_check(current)
    return checks


async def database_checks(engine: Engine, timeout: float = CHECK_TIMEOUT) -> dict[str, str]:
    """:func:`_database_checks` in a thread, given up after ``timeout`` seconds.

    A hung query keeps its thread until the driver gives up, but the probe answers at once.
    """
    try:
        return await asyncio.wait_for(asyncio.to_thread(_database_checks, engine), timeout)
    except TimeoutError:
        return {"database": f"no answer within {timeout} s", "migrations": "unknown"}
    except Exception as err:  # any driver's error: the probe reports it, it does not fail
        return {"database": f"unreachable: {type(err).__name__}", "migrations": "unknown"}


async def redis_check(url: str, timeout: float = CHECK_TIMEOUT) -> str:
    """``ok`` when the Redis at ``url`` answers ``PING`` within ``timeout`` seconds, else why."""
    require("redis", "redis", needed_for="several instances (--redis)")
    import redis.asyncio as aioredis

    client = aioredis.from_url(url, socket_connect_timeout=timeout, socket_timeout=timeout)
    try:
        await asyncio.wait_for(client.ping(), timeout)
    except TimeoutError:
        return f"no answer within {timeout} s"
    except Exception as err:  # refused, reset, wrong password: all say Redis is not usable
        return f"unreachable: {type(err).__name__}"
    finally:
        await client.aclose()
    return OK


@router.get(HEALTH_PATH)
async def healthz() -> Health:
    """The process answers (nothing else is looked at): for liveness probes."""
    return Health(status="ok")


@router.get(READY_PATH)
async def readyz(request: Request, response: Response) -> Readiness:
    """Whether this instance can serve: 200 when every check is ``ok``, else 503.

    The database answers, its migrations are at the package's head, and Redis (with
    ``--redis``) answers ``PING``; the 503's body is this same model, naming the failed check.
    """
    engine: Engine = request.app.state.store.engine
    redis_url: str | None = request.app.state.settings.redis_url
    if redis_url is None:
        checks = await database_checks(engine)
    else:
        found, redis = await asyncio.gather(database_checks(engine), redis_check(redis_url))
        checks = {**found, "redis": redis}
    ready = all(outcome == OK for outcome in checks.values())
    if not ready:
        response.status_code = 503
    return Readiness(status="ready" if ready else "not-ready", checks=checks)


class QuietProbes(logging.Filter):
    """Leaves the probes' requests out of uvicorn's access log (a balancer asks every few s)."""

    def filter(self, record: logging.LogRecord) -> bool:
        # uvicorn's access record: (client, method, path, http version, status).
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str):
            return args[2].split("?", 1)[0] not in PROBE_PATHS
        return True


def quiet_probes_in_access_log() -> None:
    """Install :class:`QuietProbes` on uvicorn's access logger, once."""
    access = logging.getLogger("uvicorn.access")
    if not any(isinstance(found, QuietProbes) for found in access.filters):
        access.addFilter(QuietProbes())
