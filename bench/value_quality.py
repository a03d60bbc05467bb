"""How well a value network predicts results, beside the game's hand-written evaluation.

Fresh ``strong``-against-``strong`` games (seeds the training never saw: ``--seed``) are
replayed; at every turn's start each seat's predicted result is compared with the result it
got. Printed per predictor: the mean squared error (the Brier score) and how often its guess
fell on the right side of the fair share (one over the seats: above it for the seats that
won), over all positions and by stage of the game, beside the Brier score of always guessing
the fair share. Example:

    .venv/bin/python bench/value_quality.py --game star-realms --games 300
    .venv/bin/python bench/value_quality.py --game fantasy-realms --players 4 --games 300
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import numpy as np

import rumizi
from rumizi.adapters.base import encoding
from rumizi.arena.runner import read_records, run_arena
from rumizi.bots.strategies import strategy_for
from rumizi.learn import ValueNet, shipped
from rumizi.learn.data import reader, replay_turns


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="star-realms")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--weights", default=None)
    parser.add_argument("--seed", type=int, default=777)
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args(argv)

    seats = args.players
    net = ValueNet.load(args.weights) if args.weights else shipped(args.game, seats)
    assert net is not None, f"no network for {args.game} at {seats} seats"
    enc = encoding(args.game, seats, **net.info.get("options", {}))
    read = reader(enc, bool(net.info.get("rotated", False)))
    evaluate = strategy_for(rumizi.game(args.game)).evaluate
    share = 1 / seats
    with tempfile.TemporaryDirectory() as folder:
        records = Path(folder) / "games.jsonl"
        run_arena(args.game, ["strong"] * seats, args.games, seed=args.seed, jobs=args.jobs,
                  players=seats, records=records)  # fmt: skip
        # Per position and seat: the network, the network read from every seat (this seat's
        # share of all the seats' values), the hand-written evaluation, the result, the stage.
        rows: list[tuple[float, float, float | None, float, float]] = []
        for record in read_records(records):
            starts, end = replay_turns(record, lambda start: start.clone())
            if not end.over:
                continue
            result = end.returns()
            for number, start in enumerate(starts):
                stage = number / max(len(starts) - 1, 1)
                values = [net.value(read(start.view(seat))) for seat in range(seats)]
                total = sum(values)
                for seat in range(seats):
                    hand = evaluate(start, seat) if evaluate is not None else None
                    shared = values[seat] / total if total > 0 else share
                    rows.append((values[seat], shared, hand, result[seat], stage))
    table = np.array([(v, a, h if h is not None else np.nan, r, s) for v, a, h, r, s in rows])
    print(f"{args.game}: {len(table)} positions from {args.games} fresh strong-vs-strong games")
    print(f"  {'fair share':>12}: Brier {np.mean((share - table[:, 3]) ** 2):.4f}")
    for label, column in (("network", 0), ("all seats", 1), ("hand-written", 2)):
        if np.isnan(table[:, column]).all():
            continue
        line = [f"  {label:>12}: Brier {np.mean((table[:, column] - table[:, 3]) ** 2):.4f}"]
        for lo, hi in ((0, 1 / 3), (1 / 3, 2 / 3), (2 / 3, 1.01)):
            part = table[(table[:, 4] >= lo) & (table[:, 4] < hi)]
            brier = np.mean((part[:, column] - part[:, 3]) ** 2)
            right = np.mean((part[:, column] > share) == (part[:, 3] > share))
            line.append(f"stage {lo:.2f}-{min(hi, 1):.2f}: Brier {brier:.4f}, right {right:.3f}")
        print("; ".join(line))


if __name__ == "__main__":
    main()
