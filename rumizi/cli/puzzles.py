"""``rumizi puzzles mine GAME`` and ``rumizi puzzles verify``: puzzles from self-play, checked.

The work is in :mod:`rumizi.puzzles`; this module reads the options and reports.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import click

from rumizi import puzzles as library


@click.group()
def puzzles() -> None:
    """Puzzles from real games, with answers the engine proves."""


@puzzles.command()
@click.argument("game_id", metavar="GAME")
@click.option("--games", type=click.IntRange(1), default=50, show_default=True,
              help="Self-play games to mine.")  # fmt: skip
@click.option("--seed", type=int, default=0, show_default=True,
              help="The same seed finds the same puzzles.")  # fmt: skip
@click.option("--bot", default="greedy", show_default=True, help="The bot at every seat.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Puzzle file to write (.jsonl, or .jsonl.gz compressed).")  # fmt: skip
def mine(game_id: str, games: int, seed: int, bot: str, out: Path) -> None:
    """Mine GAME's self-play games for puzzles and write them to --out."""
    try:
        found = list(library.mine(game_id, games, seed=seed, bot=bot))
    except (KeyError, ValueError) as err:
        raise click.ClickException(str(err).strip("'\"")) from None
    library.write_file(out, found)
    kinds = Counter(p.kind for p in found)
    said = ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items())) or "none"
    click.echo(f"{len(found)} puzzles from {games} games ({said}) -> {out}")


@puzzles.command()
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False, path_type=Path))
def verify(files: tuple[Path, ...]) -> None:
    """Prove every puzzle of FILES again (the shipped sets without FILES): each stated
    answer must be its puzzle's only one. Exits 1 if any is not."""
    sets: list[tuple[str, list[library.Puzzle]]] = []
    try:
        for path in files:
            sets.append((str(path), library.read_file(path)))
    except ValueError as err:
        raise click.ClickException(str(err)) from None
    if not files:
        sets = [(f"shipped {g}", library.shipped(g)) for g in library.games_with_puzzles()]
    failed = 0
    for name, found in sets:
        wrong = [p.id for p in found if not library.verify(p)]
        failed += len(wrong)
        click.echo(f"{name}: {len(found) - len(wrong)} of {len(found)} verified")
        for puzzle_id in wrong:
            click.echo(f"  not proved: {puzzle_id}")
    if failed:
        raise SystemExit(1)
