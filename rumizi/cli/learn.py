"""``rumizi learn GAME``: train the value network the ``expert`` bot plays with.

The work is in :mod:`rumizi.learn`; this module reads the options, prints the progress (games
played, each epoch's training and validation loss) and writes the network.
"""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console

from rumizi.cli.arena import cluster_option, key_values
from rumizi.core.extras import MissingExtra, require


@click.command()
@click.argument("game_id", metavar="GAME")
@click.option("--games", type=click.IntRange(1), default=2000, show_default=True,
              help="Self-play games a round.")  # fmt: skip
@click.option("--epochs", type=click.IntRange(1), default=12, show_default=True,
              help="Passes over the positions a round (the best one is kept).")  # fmt: skip
@click.option("--rounds", type=click.IntRange(1), default=1, show_default=True,
              help="Rounds of self-play and fitting; from the second on, the expert bot "
              "plays with the newest network.")  # fmt: skip
@click.option("--players", type=click.IntRange(2), default=2, show_default=True,
              help="Seats at the table.")  # fmt: skip
@click.option("--format", "fmt", default=None, help="The game's format (its option).")
@click.option("--option", "game_options", multiple=True, metavar="KEY=VALUE",
              help="A game option (repeatable), e.g. suits=true; VALUE is JSON when it "
              "parses.")  # fmt: skip
@click.option("--hidden", default="128,64", show_default=True,
              help="Sizes of the network's hidden layers.")  # fmt: skip
@click.option("--l2", type=click.FloatRange(0), default=None,
              help="The weights' penalty (default: rumizi.learn.train.L2); more holds the "
              "network to what generalises across deals.")  # fmt: skip
@click.option("--horizon", type=click.IntRange(1), default=None,
              help="Turns the expert bot plays out before asking this network (default: "
              "rumizi.bots.expert.EXPERT_HORIZON).")  # fmt: skip
@click.option("--opening", type=click.IntRange(0), default=None,
              help="Round 1's self-play: the decisions at the start of each game in which a "
              "bot may move at random (default: rumizi.learn.OPENING); fewer leave the "
              "results to its own play.")  # fmt: skip
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--jobs", type=click.IntRange(1), default=None,
              help="Processes playing games at once (default: one per core).")  # fmt: skip
@cluster_option
@click.option("--workdir", type=click.Path(file_okay=False, path_type=Path),
              default=Path("learn-work"), show_default=True,
              help="Where each round's records and network go.")  # fmt: skip
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the last network here too (the package ships "
              "rumizi/learn/weights/GAME-Np.npz, N the seats).")  # fmt: skip
@click.option("--average-with", "partners", multiple=True, metavar="FILE",
              type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Networks of the same table trained on other games (repeatable): the one "
              "written is the mean of theirs and the new one's (ValueNet.averaged).")  # fmt: skip
def learn(
    game_id: str,
    games: int,
    epochs: int,
    rounds: int,
    players: int,
    fmt: str | None,
    game_options: tuple[str, ...],
    hidden: str,
    l2: float | None,
    horizon: int | None,
    opening: int | None,
    seed: int,
    jobs: int | None,
    cluster: str | None,
    workdir: Path,
    out: Path | None,
    partners: tuple[Path, ...],
) -> None:
    """Train GAME's value network by self-play, for the expert bot (needs rumizi[learn])."""
    console = Console(stderr=True)
    try:
        require("learn", "numpy", "sklearn", needed_for="rumizi learn")
    except MissingExtra as err:
        raise click.ClickException(str(err)) from None
    from rumizi import learn as library

    options = key_values(game_options, "--option")
    if fmt:
        options["format"] = fmt

    try:
        sizes = tuple(int(part) for part in hidden.split(","))
        if not sizes or min(sizes) < 1:
            raise ValueError
    except ValueError:
        raise click.BadParameter(
            f"{hidden!r} is not sizes like 128,64", param_hint="--hidden"
        ) from None
    if partners and out is None:
        raise click.UsageError("--average-with writes its average to --out FILE; give one")
    try:
        # Read before the hours of training: a broken file or another table's network is
        # refused at once.
        others = [library.ValueNet.load(path) for path in partners]
        for path, other in zip(partners, others, strict=True):
            wrong = other.other_table(game_id, players)
            if wrong is not None:
                raise ValueError(f"the network {path} {wrong}")
        net, done = library.learn(
            game_id,
            workdir,
            games=games,
            epochs=epochs,
            rounds=rounds,
            players=players,
            options=options or None,
            hidden=sizes,
            l2=library.L2 if l2 is None else l2,
            horizon=horizon,
            opening=library.OPENING if opening is None else opening,
            seed=seed,
            jobs=jobs,
            cluster=cluster,
            report=console.print,
        )
        written = library.ValueNet.averaged([net, *others]) if others else net
        if others:
            console.print(f"averaged with {', '.join(map(str, partners))}")
    except (KeyError, ValueError) as err:
        raise click.ClickException(str(err).strip('"')) from None
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        written.save(out)
        console.print(f"network written to {out}")
    last = done[-1]
    click.echo(
        f"{game_id}: {sum(r.games for r in done)} games, {len(done)} rounds, "
        f"validation loss {last.best.validation:.4f} (epoch {last.best.number}), "
        f"{net.info['training']['hours']} h"
    )
