"""The arena report: rich tables for the terminal, and JSON or CSV files.

The JSON file holds the run's settings, the summary (per entrant, per pair, per seat, the
first mover, per team) and one line of data per game; the CSV file holds the summary as flat
rows, one per entrant, pair, seat, ..., told apart by the ``kind`` column.
"""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from rumizi.arena.runner import ArenaResult
from rumizi.arena.stats import Rate, Summary

FORMATS = ("json", "csv")


def _r(x: float | None, digits: int) -> float | None:
    return None if x is None else round(x, digits)


def duration(seconds: float | None) -> str:
    """A short duration: ``85 µs``, ``1.2 ms``, ``950 ms``, ``2.50 s``.

    >>> duration(0.0000853), duration(0.0012), duration(0.95), duration(2.5), duration(None)
    ('85 µs', '1.2 ms', '950 ms', '2.50 s', '–')
    """
    if seconds is None:
        return "–"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1.0:
        return f"{seconds * 1e3:.2g} ms" if seconds < 0.01 else f"{seconds * 1e3:.0f} ms"
    return f"{seconds:.2f} s" if seconds < 10 else f"{seconds:.0f} s"


def rate_text(rate: Rate) -> str:
    """``62.5% [51–73]`` (with the 95% Wilson interval), or ``–`` with no games.

    >>> rate_text(Rate(5, 10)), rate_text(Rate())
    ('50.0% [24–76]', '–')
    """
    value, ci = rate.value, rate.interval
    if value is None or ci is None:
        return "–"
    return f"{100 * value:.1f}% [{100 * ci[0]:.0f}–{100 * ci[1]:.0f}]"


def _mean(x: float | None) -> str:
    return "–" if x is None else f"{x:.1f}"


def tables(summary: Summary) -> list[RenderableType]:
    """The report as rich renderables: entrants, pairs, seats, then notes."""
    config = summary.config
    out: list[RenderableType] = []
    title = (
        f"{config['game']} arena — {config['games']} games, {config['games_per_table']} per "
        f"{'pair' if config['players'] == 2 else 'table'}, seed {config['seed']}"
    )
    bots = Table(title=title, title_style="bold", header_style="bold")
    bots.add_column("#", justify="right")
    bots.add_column("bot", style="bold", no_wrap=True)
    bots.add_column("Elo", justify="right")
    bots.add_column("win % [95% CI]", justify="right")
    bots.add_column("W–D–L", justify="right")
    bots.add_column("games", justify="right")
    bots.add_column("capped", justify="right")
    bots.add_column("time/move", justify="right")
    ranked = sorted(summary.bots, key=lambda b: -b.rating)
    for rank, b in enumerate(ranked, 1):
        bots.add_row(
            str(rank),
            b.label,
            f"{b.rating:.0f}",
            rate_text(b.rate),
            f"{b.wins}–{b.draws}–{b.losses}",
            str(b.games),
            str(b.capped),
            duration(b.seconds_per_decision),
        )
    out.append(bots)

    pairs = Table(
        title="pairs",
        title_style="bold",
        header_style="bold",
        caption="W–D–L and win % from A's side; turns and moves: means over finished games",
    )
    pairs.add_column("A vs B", style="bold", no_wrap=True)
    pairs.add_column("win % [95% CI]", justify="right")
    pairs.add_column("W–D–L", justify="right")
    pairs.add_column("games", justify="right")
    pairs.add_column("capped", justify="right")
    pairs.add_column("turns", justify="right")
    pairs.add_column("moves", justify="right")
    for p in summary.pairs:
        pairs.add_row(
            f"{p.a} vs {p.b}",
            rate_text(p.rate),
            f"{p.a_wins}–{p.draws}–{p.b_wins}",
            str(p.games),
            str(p.capped),
            _mean(p.lengths.mean_turns),
            _mean(p.lengths.mean_decisions),
        )
    out.append(pairs)

    seats = Table(title="seats", title_style="bold", header_style="bold")
    seats.add_column("seat", style="bold")
    seats.add_column("win % [95% CI]", justify="right")
    seats.add_column("finished", justify="right")
    for s, rate in enumerate(summary.seats):
        seats.add_row(f"seat {s}", rate_text(rate), str(rate.n))
    seats.add_row("first to act", rate_text(summary.first), str(summary.first.n))
    for t, rate in sorted((summary.teams or {}).items()):
        seats.add_row(f"team {t}", rate_text(rate), str(rate.n))
    out.append(seats)

    finished = summary.games - summary.capped
    lengths = summary.lengths
    notes = [
        f"{finished} finished, {summary.capped} capped (cap: {config['max_turns']} turns or "
        f"{config['max_decisions']} decisions); mean length {_mean(lengths.mean_turns)} turns, "
        f"{_mean(lengths.mean_decisions)} decisions (moves).",
        "Capped games count neither as a win nor a loss: they are left out of win rates, Elo "
        "and mean lengths. A draw counts as half a win.",
        f"Elo: Bradley–Terry maximum likelihood over all games, anchored at "
        f"{summary.anchor_text}; 400 points = 10:1 odds.",
        f"{config['jobs']} job(s), {config['elapsed_s']:.1f} s.",
    ]
    out.append(Text("\n".join(notes), style="dim"))
    return out


def render(summary: Summary, console: Console) -> None:
    """Print the report."""
    console.print(Group(*tables(summary)))


def to_json(summary: Summary, arena: ArenaResult | None = None) -> dict[str, Any]:
    """The report as JSON-ready data; with ``arena``, one entry per game too."""
    data = summary.to_json()
    if arena is not None:
        data["game_results"] = [g.summary() for g in arena.games]
    return data


def flat(summary: Summary) -> list[dict[str, Any]]:
    """The summary as flat rows (one per entrant, pair, seat, ...), e.g. for CSV."""
    rows: list[dict[str, Any]] = []

    def rate_cells(rate: Rate) -> dict[str, Any]:
        data = rate.to_json()
        return {
            "finished": data["n"],
            "score": data["score"],
            "win_rate": data["rate"],
            "ci_low": data["ci_low"],
            "ci_high": data["ci_high"],
        }

    for b in summary.bots:
        rows.append(
            {
                "kind": "bot",
                "name": b.label,
                "games": b.games,
                "capped": b.capped,
                "wins": b.wins,
                "draws": b.draws,
                "losses": b.losses,
                **rate_cells(b.rate),
                "elo": round(b.rating, 1),
                "seconds_per_decision": _r(b.seconds_per_decision, 9),
            }
        )
    for p in summary.pairs:
        rows.append(
            {
                "kind": "pair",
                "name": p.a,
                "opponent": p.b,
                "games": p.games,
                "capped": p.capped,
                "wins": p.a_wins,
                "draws": p.draws,
                "losses": p.b_wins,
                **rate_cells(p.rate),
                "mean_turns": _r(p.lengths.mean_turns, 3),
                "mean_decisions": _r(p.lengths.mean_decisions, 3),
            }
        )
    for s, rate in enumerate(summary.seats):
        rows.append({"kind": "seat", "name": f"seat {s}", **rate_cells(rate)})
    rows.append({"kind": "first", "name": "first to act", **rate_cells(summary.first)})
    for t, rate in sorted((summary.teams or {}).items()):
        rows.append({"kind": "team", "name": f"team {t}", **rate_cells(rate)})
    rows.append(
        {
            "kind": "all",
            "name": "all games",
            "games": summary.games,
            "finished": summary.games - summary.capped,
            "capped": summary.capped,
            "mean_turns": _r(summary.lengths.mean_turns, 3),
            "mean_decisions": _r(summary.lengths.mean_decisions, 3),
        }
    )
    return rows


CSV_COLUMNS = [
    "kind",
    "name",
    "opponent",
    "games",
    "finished",
    "capped",
    "wins",
    "draws",
    "losses",
    "score",
    "win_rate",
    "ci_low",
    "ci_high",
    "elo",
    "seconds_per_decision",
    "mean_turns",
    "mean_decisions",
]


def format_of(path: str | os.PathLike[str]) -> str:
    """``json`` or ``csv``, from the file's extension; ``ValueError`` for anything else."""
    ext = Path(path).suffix.lower().lstrip(".")
    if ext not in FORMATS:
        raise ValueError(f"{path}: the output must end in .json or .csv")
    return ext


def write(summary: Summary, path: str | os.PathLike[str], arena: ArenaResult | None = None) -> None:
    """Write the report as JSON or CSV, chosen by the extension of ``path``."""
    kind = format_of(path)
    target = Path(path)
    if kind == "json":
        text = json.dumps(to_json(summary, arena), ensure_ascii=False, indent=1)
        target.write_text(text + "\n", encoding="utf-8")
        return
    with target.open("w", encoding="utf-8", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, restval="")
        writer.writeheader()
        for row in flat(summary):
            writer.writerow({k: "" if v is None else v for k, v in row.items()})
