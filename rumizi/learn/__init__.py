"""Bots that learn: value networks trained by self-play, for the ``expert`` level.

A value network (:class:`ValueNet`) reads one seat's view, encoded by the game's ``encoding``
add-on, and predicts that seat's result. The ``expert`` bot (:mod:`rumizi.bots.expert`) is
``hard``'s search with its playouts cut after a few turns and scored by the network.

:func:`learn` is the loop behind ``rumizi learn``: play games with the arena (here or on a Ray
cluster), turn their records into positions (:mod:`rumizi.learn.data`), fit a network
(:mod:`rumizi.learn.train`, scikit-learn), and again: from the second round on the games are
played by ``expert`` with the newest network, and every round's positions are kept. Playing
with a network needs only numpy; training needs the ``learn`` extra.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from rumizi.learn.data import Positions, positions, reader, seat_orders
from rumizi.learn.net import FORMAT_VERSION, ValueNet, shipped, shipped_path, weights_name
from rumizi.learn.train import EPOCHS, HIDDEN, L2, Epoch, fit

#: Decisions' worth of search per move when ``expert`` plays the later rounds' games: a fixed
#: number of worlds (not seconds), so that the games do not depend on the machine's load.
SELF_PLAY_ITERATIONS = 96
#: Round 1's ``strong`` self-play: the chance that each of a bot's first ``opening``
#: decisions is a random move, so that the games, and the positions, differ (see StrongBot).
EXPLORE = 0.25
#: Those first decisions, by default (``rumizi learn --opening``). The shipped networks were
#: trained so; in a short game the random moves then reach far into it (a two-seat Fantasy
#: Realms game gives each strong player some 24 decisions), and the results the network
#: learns are those of bots that blunder a fifth of the time, not of strong play.
OPENING = 20


@dataclass(frozen=True)
class Round:
    """What one round of :func:`learn` did."""

    number: int
    bot: str
    games: int
    positions: int
    play_seconds: float
    fit_seconds: float
    epochs: list[Epoch]

    @property
    def best(self) -> Epoch:
        return min(self.epochs, key=lambda e: e.validation)


Report = Callable[[str], None]


def learn(
    game_id: str,
    workdir: str | Path,
    *,
    games: int,
    epochs: int = EPOCHS,
    rounds: int = 1,
    players: int = 2,
    options: Mapping[str, Any] | None = None,
    hidden: Sequence[int] = HIDDEN,
    l2: float = L2,
    horizon: int | None = None,
    opening: int = OPENING,
    seed: int = 0,
    jobs: int | None = None,
    cluster: str | None = None,
    report: Report | None = None,
) -> tuple[ValueNet, list[Round]]:
    """Self-play and fitting, ``rounds`` times; the last network and each round's figures.

    Round 1's games are played by ``strong`` against itself; each later round's by ``expert``
    with the network before it (at :data:`SELF_PLAY_ITERATIONS` worlds a decision). Records
    and each round's network are written to ``workdir``. ``horizon`` is the turns ``expert``
    plays out before asking the network (``EXPERT_HORIZON`` by default), written in its file.
    ``opening``: the decisions of each round-1 game in which a bot may move at random
    (:data:`EXPLORE`).
    """
    from rumizi.adapters.base import encoding
    from rumizi.arena.runner import read_records, run_arena
    from rumizi.bots.expert import EXPERT_HORIZON, table_of
    from rumizi.core.registry import game

    say = report or (lambda line: None)
    options = dict(options or {})
    enc = encoding(game_id, players, **options)
    # Each seat's view read as though it sat first, where the encoding can renumber seats.
    rotated = seat_orders(enc) is not None
    # The set-up as a view shows it, so that expert can refuse a table of other modules.
    table = table_of(game(game_id).new(0, players, **options).view(0))
    folder = Path(workdir)
    folder.mkdir(parents=True, exist_ok=True)
    net: ValueNet | None = None
    kept: list[Positions] = []
    done: list[Round] = []
    began = time.perf_counter()
    for number in range(1, rounds + 1):
        bot = "strong" if net is None else "expert"
        bot_options: dict[str, Any] = {"explore": EXPLORE, "opening": opening}
        if net is not None:
            bot_options = {"weights": str(folder / f"round-{number - 1}.npz")}
            bot_options["iterations"] = SELF_PLAY_ITERATIONS
        records = folder / f"round-{number}.jsonl"
        say(f"round {number}: {games} games of {bot} against itself → {records}")
        clock = time.perf_counter()

        def played(result: Any, count: int, total: int) -> None:
            if count % max(1, total // 10) == 0 or count == total:
                say(f"  played {count}/{total}")

        run_arena(
            game_id,
            [bot] * players,
            games,
            seed=seed + number,
            jobs=jobs,
            cluster=cluster,
            players=players,
            options=options,
            bot_options=bot_options,
            records=records,
            progress=played,
        )
        play_seconds = time.perf_counter() - clock
        fresh = positions(read_records(records), enc, rotated)
        kept.append(_renumbered(fresh, sum(int(p.games.max(initial=-1)) + 1 for p in kept)))
        found = _joined(kept)
        say(f"  {len(fresh)} new positions ({fresh.turns} turn starts), {len(found)} in all")
        clock = time.perf_counter()

        def tell(epoch: Epoch) -> None:
            say(
                f"  epoch {epoch.number}/{epochs}: training loss {epoch.training:.4f}, "
                f"validation loss {epoch.validation:.4f}"
            )

        info = {
            "game": game_id,
            "players": players,
            "options": options,
            "table": table,
            "hidden": list(hidden),
            "l2": l2,
            "horizon": horizon or EXPERT_HORIZON,
            "rotated": rotated,
            "opening": opening,
        }
        net, figures = fit(
            found,
            hidden=hidden,
            epochs=epochs,
            l2=l2,
            seed=seed + number,
            info=info,
            progress=tell,
        )
        fit_seconds = time.perf_counter() - clock
        done.append(Round(number, bot, games, len(fresh), play_seconds, fit_seconds, figures))
        net = ValueNet(
            net.layers,
            net.mean,
            net.scale,
            {**info, "training": _training(done, time.perf_counter() - began)},
        )
        written = folder / f"round-{number}.npz"
        net.save(written)
        say(f"  best validation loss {done[-1].best.validation:.4f} → {written}")
    assert net is not None
    return net, done


def _training(rounds: list[Round], seconds: float) -> dict[str, Any]:
    """The figures a network file keeps of how it was made."""
    return {
        "rounds": [
            {
                "bot": r.bot,
                "games": r.games,
                "positions": r.positions,
                "epochs": len(r.epochs),
                "best_epoch": r.best.number,
                "training_loss": round(r.best.training, 5),
                "validation_loss": round(r.best.validation, 5),
                "play_seconds": round(r.play_seconds, 1),
                "fit_seconds": round(r.fit_seconds, 1),
            }
            for r in rounds
        ],
        "hours": round(seconds / 3600, 3),
    }


def _renumbered(found: Positions, offset: int) -> Positions:
    return Positions(found.observations, found.results, found.games + offset, found.turns)


def _joined(parts: list[Positions]) -> Positions:
    if len(parts) == 1:
        return parts[0]  # one round: no copy of what may be gigabytes of rows
    return Positions(
        np.concatenate([p.observations for p in parts]),
        np.concatenate([p.results for p in parts]),
        np.concatenate([p.games for p in parts]),
        sum(p.turns for p in parts),
    )


__all__ = [
    "FORMAT_VERSION",
    "L2",
    "OPENING",
    "Epoch",
    "Positions",
    "Round",
    "ValueNet",
    "fit",
    "learn",
    "positions",
    "reader",
    "seat_orders",
    "shipped",
    "shipped_path",
    "weights_name",
]
