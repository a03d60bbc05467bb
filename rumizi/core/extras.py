"""The optional extras, and one clear sentence when a part of Rumizi needs one that is missing.

``pip install rumizi`` is the engines, the bots, the arena and the terminal. The rest comes
in extras (``pyproject.toml``), and what needs one checks for it where the option that needs it
is given, never at import time of something that does not:

* ``server``: the web platform (``rumizi serve``): FastAPI, uvicorn, SQLAlchemy, Alembic, …;
* ``redis``: several instances (``rumizi serve --redis``) or the sign-in counters in Redis;
* ``postgres``: PostgreSQL instead of the embedded SQLite database;
* ``rl``: the research adapters; ``cluster``: the arena on Ray;
* ``learn``: training value networks (``rumizi learn``), and numpy for the ``expert`` bot.

>>> require("server", "json", needed_for="this")   # present: nothing happens
>>> try:
...     require("redis", "no_such_module_here", needed_for="rumizi serve --redis")
... except MissingExtra as err:
...     print(err)
rumizi serve --redis needs the redis extra: pip install 'rumizi[redis]'
"""

from __future__ import annotations

from importlib.util import find_spec

#: The top-level modules each extra brings that Rumizi imports (checked by the tests against
#: pyproject.toml's lists).
SERVER_MODULES = (
    "fastapi",
    "fastapi_offline",
    "uvicorn",
    "sqlalchemy",
    "alembic",
    "argon2",
    "openskill",
    "platformdirs",
    "confusable_homoglyphs",
    "limits",
    "prometheus_client",
    "pythonjsonlogger",
    "caissify_pairings",
    "networkx",
    "numpy",
)


class MissingExtra(ImportError):
    """An optional part of Rumizi was asked for without the extra that brings its packages."""

    def __init__(self, extra: str, needed_for: str) -> None:
        self.extra = extra
        self.needed_for = needed_for
        super().__init__(f"{needed_for} needs the {extra} extra: {install_hint(extra)}")

    def __reduce__(self) -> tuple[type[MissingExtra], tuple[str, str]]:
        # Made again from both arguments: an arena's worker process sends it back pickled,
        # and a copy that cannot be unpickled would leave the pool waiting for ever.
        return (type(self), (self.extra, self.needed_for))


def install_hint(extra: str) -> str:
    """The command that installs ``extra``."""
    return f"pip install 'rumizi[{extra}]'"


def missing(*modules: str) -> list[str]:
    """The top-level ``modules`` that cannot be imported here."""
    return [name for name in modules if not _importable(name)]


def _importable(name: str) -> bool:
    try:
        return find_spec(name) is not None
    except (ImportError, ValueError):  # a finder refused it, or it was blocked in sys.modules
        return False


def require(extra: str, *modules: str, needed_for: str) -> None:
    """Raise :class:`MissingExtra` unless every one of ``modules`` can be imported."""
    if missing(*modules):
        raise MissingExtra(extra, needed_for)


def require_server(
    *, db_url: str | None = None, redis_url: str | None = None, limiter_storage: str = ""
) -> None:
    """What ``rumizi serve`` needs with these options: the server extra, and Redis's client
    for ``--redis`` or a Redis limiter, PostgreSQL's driver for a ``postgresql://`` database."""
    require("server", *SERVER_MODULES, needed_for="rumizi serve")
    if redis_url is not None:
        require("redis", "redis", needed_for="rumizi serve --redis")
    if limiter_storage.startswith(("redis", "async+redis")):
        require("redis", "redis", needed_for="a Redis --limiter-storage")
    if db_url is not None and db_url.startswith(("postgresql", "postgres:")):
        require("postgres", "psycopg", needed_for="a PostgreSQL database")
