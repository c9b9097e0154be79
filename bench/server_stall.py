"""Does any anonymous request stall the event loop? A spectator pings the server (``/api/health``,
answered on the event loop) every 20 ms while 8 clients (another process) hammer one anonymous
route at a time; the ping's round trip, p50/p99/max, is reported per route, and idle first.

Every game on the server waits whenever the event loop does, so the ping is what a player's
move would wait for. The target: p99 under 25 ms with any route hammered.

    PYTHONPATH=src python bench/server_stall.py --seconds 10 --out bench/results/server-stall.json
    PYTHONPATH=src python bench/server_stall.py --src /work/main/src ...   # another checkout
    PYTHONPATH=src python bench/server_stall.py --routes "deck check" --watch stalls.json

``--src`` picks the sources the server runs from (this checkout's by default): run it on the
code before a change and after, in one sitting, on the same machine. The machine's load average
is recorded beside the figures (the bench shares the machine with whatever else runs).
``--routes`` hammers only the routes named (idle is always measured first); ``--watch FILE``
runs the server under ``loop_watch.py`` and writes there the stacks that held its loop.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from provenance import write_result

HOST = "127.0.0.1"
ROOT = Path(__file__).resolve().parents[1]
CLIENTS = 8


def _deck(n: int) -> str:
    """A long deck list no one sent before (a check the server cannot have remembered)."""
    lines = [f"{1 + (i % 3)} nosuch-card-{n}-{i}" for i in range(600)]
    return "\n".join(lines)


#: The anonymous routes, each hammered in turn: (label, method, path, body maker).
ROUTES: list[tuple[str, str, str, Any]] = [
    ("metrics", "GET", "/api/metrics?seconds=true", None),
    ("deck check", "POST", "/api/games/cipher-run/decks/validate", lambda n: {"text": _deck(n)}),
    ("rules page", "GET", "/api/games/cyberpunk-ccg/rules", None),
    ("ws schema", "GET", "/api/ws-schema", None),
    ("ccg cards", "GET", "/api/games/cyberpunk-ccg/cards", None),
    ("games", "GET", "/api/games", None),
    ("leaderboard", "GET", "/api/leaderboard/cipher-run", None),
    ("matches", "GET", "/api/matches", None),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


async def hammer(base: str, label: str, seconds: float) -> dict[str, Any]:
    """``CLIENTS`` clients asking ``label``'s route back to back for ``seconds``."""
    _, method, path, body = next(r for r in ROUTES if r[0] == label)
    statuses: Counter[int] = Counter()
    stop = time.monotonic() + seconds
    count = 0

    async def client(http: httpx.AsyncClient) -> None:
        nonlocal count
        while time.monotonic() < stop:
            count += 1
            sent = body(count * 100 + secrets.randbelow(100)) if body else None
            answer = await http.request(method, path, json=sent)
            statuses[answer.status_code] += 1

    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        await asyncio.gather(*(client(http) for _ in range(CLIENTS)))
    return {"requests": sum(statuses.values()), "statuses": dict(statuses)}


async def pings(http: httpx.AsyncClient, seconds: float) -> list[float]:
    """Round trips of ``/api/health`` (answered on the event loop, like every move) every
    20 ms, in milliseconds, over one kept-alive connection."""
    out: list[float] = []
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        began = time.perf_counter()
        assert (await http.get("/api/health")).status_code == 200
        out.append((time.perf_counter() - began) * 1000)
        await asyncio.sleep(0.02)
    return out


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "pings": len(ordered),
        "p50_ms": round(statistics.median(ordered), 2),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 2),
        "max_ms": round(ordered[-1], 2),
    }


async def measure(base: str, seconds: float, routes: list[str]) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        # Warm: one deck check starts whatever works them out (the AI workers, where they
        # do), so that starting processes is not measured as a stall of any route.
        await http.post("/api/games/cipher-run/decks/validate", json={"text": _deck(0)})
        await asyncio.sleep(5)
        results: dict[str, Any] = {"idle": summary(await pings(http, seconds))}
        for label in routes:
            attacker = subprocess.Popen(
                [sys.executable, __file__, "--hammer", label, "--base", base,
                 "--seconds", str(seconds)],
                stdout=subprocess.PIPE,
            )  # fmt: skip
            await asyncio.sleep(0.5)  # the hammering process is up and asking
            times = await pings(http, seconds - 1.0)
            out, _ = attacker.communicate(timeout=120)
            results[label] = {**summary(times), **json.loads(out)}
            print(label, results[label], flush=True)
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per route")
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="the server's sources")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument(
        "--routes", default=",".join(r[0] for r in ROUTES), help="the routes to hammer, by label"
    )
    parser.add_argument("--watch", type=Path, default=None, help="stacks that held the loop")
    parser.add_argument("--hammer", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--base", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.hammer is not None:
        print(json.dumps(asyncio.run(hammer(args.base, args.hammer, args.seconds))))
        return 0
    folder = Path(tempfile.mkdtemp(prefix="cyberdeck-stall-"))
    port = free_port()
    base = f"http://{HOST}:{port}"
    routes = [label.strip() for label in args.routes.split(",") if label.strip()]
    unknown = set(routes) - {r[0] for r in ROUTES}
    if unknown:
        parser.error(f"no route {', '.join(sorted(unknown))}; the routes: {[r[0] for r in ROUTES]}")
    env = {**os.environ, "CYBERDECK_DATA_DIR": str(folder), "PYTHONPATH": str(args.src)}
    module = "cyberdeck.server"
    if args.watch is not None:
        env["PYTHONPATH"] += os.pathsep + str(ROOT / "bench")
        env["CYBERDECK_LOOP_WATCH"] = str(args.watch.resolve())
        module = "loop_watch"
    with open(folder / "server.log", "wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", module, "--host", HOST, "--port", str(port),
             "--db", f"sqlite:///{folder / 'stall.sqlite3'}"],
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
        results = asyncio.run(measure(base, args.seconds, routes))
        report = {
            "bench": "server_stall",
            "src": str(args.src),
            "seconds_per_route": args.seconds,
            "clients": CLIENTS,
            "cpus": os.cpu_count(),
            "load_before": [round(x, 2) for x in load_before],
            "load_after": [round(x, 2) for x in os.getloadavg()],
            "routes": results,
        }
    finally:
        server.terminate()
        server.wait(30)
    if args.watch is not None:
        # What held the server's loop, in brief (the file keeps every stack).
        watched = json.loads(args.watch.read_text())
        report["loop_watch"] = {
            "file": str(args.watch),
            **{k: watched[k] for k in ("lag_ms", "late_ms", "held_ms")},
            "by_own_frame": watched["by_own_frame"][:8],
        }
    print(json.dumps(report, indent=2))
    if args.out is not None:
        write_result(args.out, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
