"""``rumizi serve``: the web platform on one machine."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING

import click

from rumizi.core.extras import MissingExtra, require_server

if TYPE_CHECKING:
    from rumizi.server.logs import LogFormat


def default_data_dir() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("rumizi", appauthor=False))


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@click.option(
    "--db",
    "db_url",
    default=None,
    help="Database URL, e.g. postgresql://user@host/rumizi (default: SQLite in --data-dir).",
)
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Where the SQLite database lives (default: the user's data directory).",
)
@click.option(
    "--bot-workers",
    default=None,
    type=int,
    help="Processes in which bots think (default: one per core; 0: a thread of the server).",
)
@click.option(
    "--limiter-storage",
    default="memory://",
    show_default=True,
    help="Where failed sign-ins are counted: memory://, or redis://host:port/db for several"
    " instances.",
)
@click.option(
    "--redis",
    "redis_url",
    default=None,
    help="Redis URL (redis://host:port/db): run as one of several instances sharing --db"
    " (PostgreSQL) and this Redis, behind a load balancer (docs/deploying.md).",
)
@click.option(
    "--instance",
    default=None,
    help="This instance's name in the log, the metrics and, with --redis, the job queue"
    " (default: host, process id and a random tag).",
)
@click.option(
    "--job-lease",
    default=None,
    type=float,
    help="With --redis: seconds an instance holds a bot's or a clock's job before another may"
    " take it over (default 10).",
)
@click.option(
    "--hard-budget",
    default=None,
    type=float,
    help="Seconds the hard bot thinks per decision (default: the level's own, 1 s).",
)
@click.option(
    "--metrics",
    is_flag=True,
    help="Serve /metrics in Prometheus' format, to loopback addresses and to requests with"
    " the --metrics-token bearer token (docs/deploying.md).",
)
@click.option(
    "--metrics-token",
    envvar="RUMIZI_METRICS_TOKEN",
    default=None,
    help="With --metrics: a bearer token that lets a scraper on another machine read /metrics"
    " (or set RUMIZI_METRICS_TOKEN, which keeps it out of the process list).",
)
@click.option(
    "--puzzles",
    "puzzle_files",
    multiple=True,
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A puzzle file to serve besides the shipped puzzles, e.g. one that `rumizi puzzles"
    " mine GAME --from-db` made from this server's own games (repeatable).",
)
@click.option(
    "--smtp",
    "smtp_url",
    envvar="RUMIZI_SMTP",
    default=None,
    help="Send e-mail (your turn, challenges, tournaments) through this SMTP server:"
    " smtp://user:pass@host:port, smtp+starttls://... or smtps://... (or set RUMIZI_SMTP,"
    " which keeps the password out of the process list). Without it no e-mail is sent.",
)
@click.option(
    "--smtp-from",
    envvar="RUMIZI_SMTP_FROM",
    default=None,
    help="The e-mails' sender address (default: rumizi@ the SMTP server's host).",
)
@click.option(
    "--site-url",
    envvar="RUMIZI_SITE_URL",
    default=None,
    help="The site's public address for links in e-mails, e.g. https://rumizi.example"
    " (default: the address each player reached the site by).",
)
@click.option(
    "--mail-away",
    default=60.0,
    show_default=True,
    type=float,
    help="Minutes a player must have been away before a your-turn e-mail of a day-a-move game"
    " (a turn clock of an hour or more a move) goes out.",
)
@click.option(
    "--log-format",
    type=click.Choice(["auto", "json", "text"]),
    default="auto",
    show_default=True,
    help="The log on standard error: one JSON object a line, readable text, or text on a"
    " terminal and JSON otherwise (docs/deploying.md).",
)
def serve(
    host: str,
    port: int,
    db_url: str | None,
    data_dir: Path | None,
    bot_workers: int | None,
    hard_budget: float | None,
    limiter_storage: str,
    redis_url: str | None,
    instance: str | None,
    job_lease: float | None,
    metrics: bool,
    metrics_token: str | None,
    puzzle_files: tuple[Path, ...],
    smtp_url: str | None,
    smtp_from: str | None,
    site_url: str | None,
    mail_away: float,
    log_format: LogFormat,
) -> None:
    """Start the web platform: play in the browser at http://HOST:PORT/."""
    try:
        require_server(db_url=db_url, redis_url=redis_url, limiter_storage=limiter_storage)
    except MissingExtra as err:
        raise click.ClickException(str(err)) from None
    import uvicorn

    from rumizi.server.app import Settings, create_app
    from rumizi.server.cluster import instance_name
    from rumizi.server.db import sqlite_url
    from rumizi.server.edges import uvicorn_settings
    from rumizi.server.logs import configure
    from rumizi.server.mail import MailPolicy, parse_smtp

    if smtp_url:
        try:
            parse_smtp(smtp_url, smtp_from)
        except ValueError as err:
            raise click.BadParameter(str(err), param_hint="--smtp") from None
    instance = instance or instance_name()
    configure(log_format, instance)
    if db_url is None:
        db_url = sqlite_url(data_dir or default_data_dir())
    settings = Settings(
        db_url=db_url,
        bot_workers=bot_workers,
        hard_budget=hard_budget,
        limiter_storage=limiter_storage,
        redis_url=redis_url,
        instance=instance,
        metrics=metrics,
        metrics_token=metrics_token or None,
        puzzle_files=puzzle_files,
        smtp_url=smtp_url or None,
        smtp_from=smtp_from or None,
        site_url=site_url or None,
        mail_policy=MailPolicy(away=mail_away * 60),
    )
    if job_lease is not None:
        settings = dataclasses.replace(settings, job_lease=job_lease)
    app = create_app(settings)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    click.echo(f"Rumizi is ready: open http://{shown}:{port}/ in a browser (Ctrl+C stops it).")
    click.echo(f"Database: {db_url.split('@')[-1]}")
    if metrics:
        click.echo(f"Metrics: http://{shown}:{port}/metrics (loopback, or the bearer token)")
    if smtp_url:
        click.echo(f"E-mail: through {smtp_url.split('@')[-1]}")
    if redis_url is not None:
        click.echo(f"One of several instances, through Redis at {redis_url.split('@')[-1]}")
    # The connection's limits and timeouts (rumizi.server.edges.uvicorn_settings). Messages are
    # a few kilobytes: compressing them costs more CPU than it saves on a LAN or a phone line
    # (it was a fifth of the server's time under load), so there is no per-message deflate.
    # log_config=None: uvicorn's own lines go through the handler configured above.
    uvicorn.run(
        app, host=host, port=port, log_config=None, log_level="warning", **uvicorn_settings()
    )
