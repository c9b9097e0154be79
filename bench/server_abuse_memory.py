"""Does anything in the match server grow with an attacker's requests? Counted, not timed.

    python bench/server_abuse_memory.py                  # every attack, the default counts
    python bench/server_abuse_memory.py --rounds 6 --out abuse-memory.json

The load benchmark's ``--abuse`` run shows the server's memory over time, beside a thousand
matches whose states grow as they are played: on a busy machine that growth and an attacker's
cannot be told apart. Here one server on loopback gets nothing but one attack at a time, a fixed
number of requests per round, and its resident memory is read after a warm-up round and after
every round: a table that keeps something per request (refused sockets, oversized messages,
sign-in failures under made-up names, guests past the limit, bodies past the limit) shows as
memory that rises round after round, whatever the machine's speed. Prints a JSON summary: per
attack, the requests sent, the memory after each round, and the bytes per request from the
first round to the last.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import orjson
from provenance import write_result
from server_load import HOST, free_port, make_guest, rss_mib
from wire_client import WireSocket

Attack = Callable[[int], Awaitable[None]]


async def attacks(base: str, heard: dict[str, int]) -> dict[str, tuple[Attack, int]]:
    """Each attack, with its requests per round."""
    http = httpx.AsyncClient(base_url=base, timeout=60)
    cookie = (await make_guest(http)).cookie
    made = await http.post("/api/matches", json={"game": "cipher-run"}, headers={"Cookie": cookie})
    made.raise_for_status()
    url = f"ws://{base.removeprefix('http://')}/ws/matches/{made.json()['match']['id']}"
    headers = {"Cookie": cookie, "Origin": base}

    def hear(raw: bytes) -> None:
        key = orjson.loads(raw).get("code") or "other"
        heard[key] = heard.get(key, 0) + 1

    held = [await WireSocket.connect(url, hear, headers) for _ in range(4)]  # the limit
    big = b"[" + b"1," * (4 << 20) + b"1]"
    oversized = orjson.dumps({"type": "ping", "pad": "x" * 65536})

    async def sockets(n: int) -> None:  # each past the limit: refused, closed by the server
        for _ in range(n):
            ws = await WireSocket.connect(url, hear, headers)
            await asyncio.wait_for(ws.closed.wait(), 10)

    async def bodies(n: int) -> None:
        for _ in range(n):
            with contextlib.suppress(httpx.HTTPError):  # answered and closed mid-upload
                await http.post(
                    "/api/matches",
                    content=big,
                    headers={"Cookie": cookie, "Content-Type": "application/json"},
                )

    async def messages(n: int) -> None:  # oversized, past the rate too
        for i in range(n):
            held[0].send(oversized)
            if i % 20 == 19:
                await asyncio.sleep(0.05)

    async def sign_ins(n: int) -> None:  # a new made-up name each time
        for _ in range(n):
            await http.post(
                "/api/auth/signin",
                json={"name": f"n{secrets.token_hex(8)}", "password": "not-the-password"},
            )

    async def guests(n: int) -> None:  # past the per-address limit
        for _ in range(n):
            await http.post("/api/auth/guest", cookies={})

    return {
        "refused sockets": (sockets, 300),
        "8 MiB bodies": (bodies, 40),
        "64 KiB messages": (messages, 5000),
        "sign-in failures": (sign_ins, 300),
        "guests past the limit": (guests, 300),
    }


async def run(base: str, pid: int, rounds: int, scale: float) -> dict[str, Any]:
    heard: dict[str, int] = {}
    out: dict[str, Any] = {}
    for name, (attack, full) in (await attacks(base, heard)).items():
        count = max(1, round(full * scale))
        await attack(count)  # warm-up: caches, buffers, the allocator's arenas
        await asyncio.sleep(1)
        memory = [round(rss_mib(pid), 2)]
        for _ in range(rounds):
            await attack(count)
            await asyncio.sleep(1)
            memory.append(round(rss_mib(pid), 2))
        sent = rounds * count
        out[name] = {
            "requests": sent,
            "rss_mib_after_each_round": memory,
            "bytes_per_request": round((memory[-1] - memory[0]) * 2**20 / sent),
        }
        print(name, out[name], file=sys.stderr, flush=True)
    out["heard"] = heard
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=4, help="measured rounds of each attack")
    parser.add_argument("--scale", type=float, default=1.0, help="of each round's requests")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="cyberdeck-abuse-memory-"))
    port = free_port()
    base = f"http://{HOST}:{port}"
    env = {**os.environ, "CYBERDECK_DATA_DIR": str(folder)}
    log = open(folder / "server.log", "wb")  # noqa: SIM115
    server = subprocess.Popen(
        [sys.executable, "-m", "cyberdeck.server", "--host", HOST, "--port", str(port),
         "--db", f"sqlite:///{folder / 'abuse.sqlite3'}", "--newcomers-burst", "5", "--newcomers-per-hour", "5"],
        env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 180  # a busy machine starts it slowly
        while True:
            try:
                if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the server did not start; see {folder / 'server.log'}")
            time.sleep(0.2)
        result = asyncio.run(run(base, server.pid, args.rounds, args.scale))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
    text = json.dumps(result, indent=1)
    print(text)
    if args.out:
        write_result(args.out, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
