"""The server's log: one JSON object a line for a log shipper, or readable lines on a terminal.

``rumizi serve --log-format json|text|auto`` (``auto``: text when standard error is a terminal,
JSON otherwise, as under systemd or in a container). Every line carries the time, the level,
the logger, the message and the instance's name; an event adds its fields:

========== ============================================================================
``event``  its fields
========== ============================================================================
request    ``method``, ``route`` (the template), ``path`` (no query: an invite's code
           stays out), ``status``, ``ms``, ``client`` (not the probes, nor the page's
           files unless one fails)
socket     ``table_id``, ``user_id``, ``seat`` (``null``: watching), ``opened``/``closed``
action     ``table_id``, ``version``, ``seat``, ``user_id`` (the sender's; ``null`` for the
           server's own moves), ``game`` — nothing of the move itself
bot-move   ``table_id``, ``version``, ``seat``, ``level``, ``ms``
job        ``table_id``, ``kind``, ``lag_ms`` (several instances)
========== ============================================================================

and an error its ``exc_info``. What a log line never holds: a move or any part of a position
(even a move's verb can name a hidden card), a password, a session, an invite's code, a token —
``tests/server/test_logs.py`` plays whole games and looks for each of them in the log.
"""

from __future__ import annotations

import logging
import sys
from typing import Any, Literal, TextIO

from pythonjsonlogger.json import JsonFormatter

LogFormat = Literal["auto", "json", "text"]
FORMATS: tuple[LogFormat, ...] = ("auto", "json", "text")
#: The fields an event may add to its line, in the order the text form shows them.
FIELDS = (
    "event",
    "table_id",
    "user_id",
    "seat",
    "version",
    "game",
    "level",
    "kind",
    "method",
    "route",
    "path",
    "status",
    "ms",
    "lag_ms",
    "client",
    "opened",
)


class InstanceFilter(logging.Filter):
    """Stamps each record with the instance's name (several instances share one log store)."""

    def __init__(self, instance: str) -> None:
        super().__init__()
        self.instance = instance

    def filter(self, record: logging.LogRecord) -> bool:
        record.instance = self.instance
        return True


class TextFormatter(logging.Formatter):
    """``12:03:04 INFO rumizi.server: action stored  table_id=ab12 version=7 seat=0``."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s", "%H:%M:%S")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        fields = [
            f"{name}={getattr(record, name)}"
            for name in FIELDS
            if name != "event" and getattr(record, name, None) is not None
        ]
        if not fields:
            return line
        head, newline, rest = line.partition("\n")  # a traceback stays below the fields
        return f"{head}  {' '.join(fields)}{newline}{rest}"


def json_formatter() -> logging.Formatter:
    """One JSON object a line: ``time``, ``level``, ``logger``, ``message``, ``instance`` and
    the event's own fields."""
    return JsonFormatter(
        ["levelname", "name", "message"],
        rename_fields={"levelname": "level", "name": "logger"},
        timestamp="time",  # ISO 8601 in UTC, to the microsecond
        json_ensure_ascii=False,
    )


def handler(fmt: LogFormat, instance: str, stream: TextIO | None = None) -> logging.Handler:
    """A handler writing to ``stream`` (standard error) as JSON or text (``auto``: text on a
    terminal), each record stamped with ``instance``."""
    out = stream if stream is not None else sys.stderr
    readable = fmt == "text" or (fmt == "auto" and out.isatty())
    found = logging.StreamHandler(out)
    found.setFormatter(TextFormatter() if readable else json_formatter())
    found.addFilter(InstanceFilter(instance))
    return found


def configure(fmt: LogFormat, instance: str, stream: TextIO | None = None) -> logging.Handler:
    """Send every logger's records at INFO and above (the server's, uvicorn's, Alembic's) to
    :func:`handler` alone; returns it."""
    found = handler(fmt, instance, stream)
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(found)
    root.setLevel(logging.INFO)
    quiet_libraries()
    return found


#: Loggers whose INFO lines hold a whole address, its query string (an invite's code) too:
#: uvicorn's access log (the server writes its own line per request, with the route's
#: template) and the HTTP clients'.
QUIET_LOGGERS = ("uvicorn.access", "httpx", "httpcore")


def quiet_libraries() -> None:
    """Only warnings and errors from :data:`QUIET_LOGGERS`."""
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(logging.WARNING)


def event(logger: logging.Logger, message: str, name: str, **fields: Any) -> None:
    """Log ``message`` at INFO as the event ``name`` with ``fields`` (see the table above)."""
    if logger.isEnabledFor(logging.INFO):
        logger.info(message, extra={"event": name, **fields})
