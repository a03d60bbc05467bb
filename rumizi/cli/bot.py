"""``rumizi bot connect``: run a bot on a Rumizi server with a bot account's token."""

from __future__ import annotations

import asyncio
import logging

import click

from rumizi import bots
from rumizi.core.registry import game_ids


@click.group()
def bot() -> None:
    """Bring your own bot: play on a server with a bot account's token."""


@bot.command("connect")
@click.option("--server", required=True, help="The server's address, e.g. https://rumizi.example")
@click.option("--token", required=True, envvar="RUMIZI_TOKEN", help="A token with bot:play.")
@click.option("--bot", "level", default="hard", show_default=True, help="The bot that plays.")
@click.option(
    "--accept",
    default="",
    help="The games it plays, comma-separated (default: all), e.g. star-realms,splendor-duel.",
)
@click.option("--seed", default=0, show_default=True, help="The bot's seed.")
def connect(server: str, token: str, level: str, accept: str, seed: int) -> None:
    """Play every game the bot account is seated at, reconnecting after failures (Ctrl+C
    stops); each game is logged when it starts and ends."""
    from rumizi.client import BotClient, Refused

    games = [g.strip() for g in accept.split(",") if g.strip()] or None
    unknown = sorted(set(games or ()) - set(game_ids()))
    if unknown:
        raise click.BadParameter(f"no such game: {', '.join(unknown)}", param_hint="--accept")
    try:
        player = bots.make(level, seed=seed)
    except KeyError:
        raise click.BadParameter(
            f"no bot {level!r}; bots: {', '.join(bots.names())}", param_hint="--bot"
        ) from None
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    client = BotClient(server, token, player, games=games)
    try:
        asyncio.run(client.run())
    except Refused as err:
        raise click.ClickException(str(err)) from None
    except KeyboardInterrupt:
        pass
