"""Does a Lab page run stall the event loop? A spectator pings the server (``/api/health``,
answered on the event loop, like every move) every 20 ms: idle, then while one designer's
what-if plays (greedy CCG games, six starters, in the lab's worker process), then while two do
(the server's cap), in turn for ``--rounds`` rounds, so that a change in the machine's load
falls on all three alike. The ping's round trip, p50/p99/max, is reported for each window, with
the games the runs played meanwhile, and each measure's median over the rounds.

    PYTHONPATH=src python bench/lab_stall.py --seconds 10 --rounds 3 --out bench/results/lab-stall.json

The machine's load average is recorded beside the figures (the bench shares the machine with
whatever else runs).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from provenance import write_result
from server_stall import HOST, ROOT, free_port, pings, summary

CCG = "/api/games/cyberpunk-ccg"
DECKS = ("ncpd", "the-mob", "militech", "the-nomads", "friendly-gangs", "arasaka")


async def designer(base: str, name: str) -> tuple[httpx.AsyncClient, str]:
    """A guest with a saved set (Road Warrior's SR up): its run's address."""
    http = httpx.AsyncClient(base_url=base, timeout=60)
    assert (await http.post("/api/auth/guest")).status_code == 201
    document = (await http.get(f"{CCG}/card-set")).json()["cards"]
    for entry in document["cards"]:
        if entry["slug"] == "road-warrior":
            entry["sr"] += 10
    saved = (await http.post(f"{CCG}/card-sets", json={"name": name, "cards": document})).json()
    return http, f"{CCG}/card-sets/{saved['id']}/run"


async def window(
    ping: httpx.AsyncClient,
    people: list[tuple[httpx.AsyncClient, str]],
    running: int,
    seconds: float,
) -> dict[str, Any]:
    """The pings while ``running`` of the designers' runs play (none: idle)."""
    entries = [{"agent": "greedy", "deck": d} for d in DECKS]
    for http, run in people[:running]:
        started = await http.post(run, json={"entries": entries, "games": 20})
        assert started.status_code == 202, started.text
    for http, run in people[:running]:
        while (await http.get(run)).json()["done"] < 1:
            await asyncio.sleep(0.2)
    before = [(await h.get(r)).json()["done"] for h, r in people[:running]]
    times = await pings(ping, seconds)
    after = [(await h.get(r)).json()["done"] for h, r in people[:running]]
    for http, run in people[:running]:
        await http.delete(run)
    await asyncio.sleep(1.0)
    played = sum(a - b for a, b in zip(after, before, strict=True))
    return {**summary(times), "games_played_meanwhile": played}


async def measure(base: str, seconds: float, rounds: int) -> dict[str, Any]:
    windows: dict[str, list[dict[str, Any]]] = {"idle": [], "1 run": [], "2 runs": []}
    everyone = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as ping:
        for round_ in range(rounds):
            # Two designers a round: a player's runs are limited to a few at once.
            people = [await designer(base, f"Set {n}") for n in range(2)]
            everyone += people
            if round_ == 0:  # the lab's worker process starts with the first run: not measured
                await window(ping, people, 1, 0.5)
            for running, label in enumerate(windows):
                windows[label].append(await window(ping, people, running, seconds))
                print(label, windows[label][-1], flush=True)
    for http, _ in everyone:
        await http.aclose()
    medians = {
        label: {k: statistics.median(w[k] for w in found) for k in found[0]}
        for label, found in windows.items()
    }
    return {"windows": windows, "medians": medians}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per window")
    parser.add_argument("--rounds", type=int, default=3, help="idle, one run, two runs: times")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="cyberdeck-lab-stall-"))
    port = free_port()
    base = f"http://{HOST}:{port}"
    env = {**os.environ, "CYBERDECK_DATA_DIR": str(folder), "PYTHONPATH": str(ROOT / "src")}
    with open(folder / "server.log", "wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "cyberdeck.server", "--host", HOST, "--port", str(port),
             "--db", f"sqlite:///{folder / 'lab.sqlite3'}"],
            env=env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        load_before = os.getloadavg()
        results = asyncio.run(measure(base, args.seconds, args.rounds))
        report = {
            "bench": "lab_stall",
            "seconds_each": args.seconds,
            "rounds": args.rounds,
            "cpus": os.cpu_count(),
            "load_before": [round(x, 2) for x in load_before],
            "load_after": [round(x, 2) for x in os.getloadavg()],
            "results": results,
        }
    finally:
        server.terminate()
        server.wait(30)
    print(json.dumps(report, indent=2))
    if args.out is not None:
        write_result(args.out, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
