"""Can one player's AI matches slow another player's AI? The server's AI workers (2, as by
default) are asked by a hoarder's 10 matches at once, each a ``hard`` CCG move after another,
while a visitor asks its own ``normal`` moves one at a time; the visitor's answer time is
reported alone, loaded with the questions queued first come first served (how the server
asked before), and loaded with the turns shared (``thinking.FairShare``, how it asks now).
The target: the visitor's answers at most 2x slower than alone.

    PYTHONPATH=src python bench/ai_fair_share.py --asks 8 --out bench/results/ai-fair-share.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from cyberdeck.agents import make_agent
from cyberdeck.engine import load_game
from cyberdeck.server.thinking import Thinkers, _think

GAME = "cyberpunk-ccg"


async def visitor(thinkers: Thinkers, asks: int, shared: bool) -> list[float]:
    game = load_game(GAME)
    state = game.new_state({}, 7)
    agent = make_agent("normal", 7, game)
    times = []
    for _ in range(asks):
        began = time.perf_counter()
        if shared:
            await thinkers.run("visitor", _think, agent, state.clone())
        else:
            await thinkers._run(_think, (agent, state.clone()), 60.0)
        times.append(time.perf_counter() - began)
    return times


async def hoarder(thinkers: Thinkers, stop: asyncio.Event, shared: bool, match: int) -> None:
    game = load_game(GAME)
    state = game.new_state({}, 100 + match)
    agent = make_agent("hard", match, game)
    while not stop.is_set():
        if shared:
            await thinkers.run("hoarder", _think, agent, state.clone())
        else:
            await thinkers._run(_think, (agent, state.clone()), 60.0)


async def phase(asks: int, load: bool, shared: bool) -> dict[str, Any]:
    thinkers = Thinkers(2, 60.0)
    await thinkers._run(len, ((),), 60.0)  # the workers started before anything is timed
    stop = asyncio.Event()
    hoard = [asyncio.create_task(hoarder(thinkers, stop, shared, m)) for m in range(10 * load)]
    await asyncio.sleep(1.0 if load else 0)
    times = await visitor(thinkers, asks, shared)
    stop.set()
    await asyncio.gather(*hoard)
    thinkers.close()
    return {"median_s": round(statistics.median(times), 3), "max_s": round(max(times), 3)}


async def measure(asks: int) -> dict[str, Any]:
    alone = await phase(asks, load=False, shared=True)
    fifo = await phase(asks, load=True, shared=False)
    fair = await phase(asks, load=True, shared=True)
    return {
        "alone": alone,
        "loaded, first come first served": fifo,
        "loaded, turns shared": fair,
        "slowdown_fifo": round(fifo["median_s"] / alone["median_s"], 2),
        "slowdown_shared": round(fair["median_s"] / alone["median_s"], 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--asks", type=int, default=8, help="the visitor's questions per phase")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    load_before = os.getloadavg()
    results = asyncio.run(measure(args.asks))
    report = {
        "bench": "ai_fair_share",
        "game": GAME,
        "workers": 2,
        "hoarder_matches": 10,
        "cpus": os.cpu_count(),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        **results,
    }
    print(json.dumps(report, indent=2))
    if args.out is not None:
        args.out.write_text(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
