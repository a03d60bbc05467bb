"""What ``rumizi serve --metrics`` costs a move, against the same server without it, in one run.

Two servers (``bench/web_load.py``'s, one with ``--metrics``) take turns: each round, scripted
guests play ``--games`` tables at once for ``--seconds`` with no pause between moves
(saturation: the most moves a second the server takes), first on one server, then on the
other, the order swapped every round; meanwhile the metered server is scraped once a second,
as a Prometheus would. Prints each round's moves per second and the median move
acknowledgement (sent → acknowledged) for both, and the ratios of the rounds' medians.

    .venv/bin/python bench/metrics_overhead.py --games 20 --seconds 10 --rounds 3
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.web_load import run, running_server


async def scraped(port: int, seconds: float) -> int:
    """Read /metrics once a second for ``seconds``; how many answers came back."""
    answers = 0
    async with httpx.AsyncClient() as client:
        for _ in range(int(seconds)):
            found = await client.get(f"http://127.0.0.1:{port}/metrics")
            found.raise_for_status()
            answers += 1
            await asyncio.sleep(1.0)
    return answers


async def round_on(
    port: int, games: int, seconds: float, seed: int, scrape: bool
) -> dict[str, float]:
    if not scrape:
        return await run(games, seconds, port, seed, 0.0)
    figures, _ = await asyncio.gather(run(games, seconds, port, seed, 0.0), scraped(port, seconds))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    found: dict[str, list[dict[str, float]]] = {"off": [], "on": []}
    with (
        running_server("rumizi-plain-") as (plain, _),
        running_server("rumizi-metered-", ["--metrics"]) as (metered, _),
    ):
        for i in range(args.rounds):
            order = [("off", plain), ("on", metered)]
            for label, port in order if i % 2 == 0 else order[::-1]:
                seed = args.seed + i
                figures = asyncio.run(round_on(port, args.games, args.seconds, seed, label == "on"))
                found[label].append(figures)
                print(
                    f"round {i + 1} metrics {label:>3}: {figures['moves_per_s']:7.1f} moves/s, "
                    f"ack p50 {figures['p50_ms']:6.2f} ms ({figures['errors']} errors)"
                )
        sample = httpx.get(f"http://127.0.0.1:{metered}/metrics").text
    rate = {k: statistics.median(f["moves_per_s"] for f in v) for k, v in found.items()}
    p50 = {k: statistics.median(f["p50_ms"] for f in v) for k, v in found.items()}
    print(f"moves/s with metrics / without: {rate['on'] / rate['off']:.3f}")
    print(f"ack p50 with metrics / without: {p50['on'] / p50['off']:.3f}")
    print(f"/metrics answer: {len(sample)} bytes, {sample.count(chr(10))} lines")


if __name__ == "__main__":
    main()
