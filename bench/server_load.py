"""Load benchmark of the match server: many concurrent matches driven by scripted websocket
clients, one move per second per match, against one server process on loopback.

    python bench/server_load.py --matches 1000 --seconds 600 --game cipher-run
    python bench/server_load.py --matches 50 --seconds 20 --ramp 5   # a quick run

Every match has two guests (or as many as the game's default seats); whoever is to move sends a
random legal move once a second. The matches start moving one by one over the first --ramp
seconds, and the measurement covers the --seconds after that. It measures the move latency (from
sending a move to its acknowledgement, which comes after the move is committed to the database),
over the run and each minute apart, and the time until the opponent sees the new table, counts
every error, and samples the server's resident memory. A finished match is replaced by a new one
so the count stays constant. Loopback only; the run stops by itself after --seconds. Prints a JSON summary (and writes it with --out).

With --abuse one more client attacks, at a steady pace for the measured time whatever the
server's answers take: 8 MiB request bodies (with a length and streamed without one), sockets
opened past the per-match limit, and a flood of oversized messages; the summary counts what it
sent and what it was answered, and the attempts it started each second (``abuse``). The attacker
is a process of its own (``--attacker process``), as another person's client would be: in the
players' process (``--attacker inline``, how the earlier abuse runs measured) its uploads and floods
held up the loop that times the players' acknowledgements. Either way the summary gives that
loop's own lag (``client_loop_lag_ms``): a late tick of the players' loop is latency the server
did not cause.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import json
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import uvloop
from provenance import write_result
from wire_client import WireSocket

HOST = "127.0.0.1"
#: The operator's token the bench starts its server with, to read ``/api/metrics``.
TOKEN = secrets.token_urlsafe(16)
OPERATOR = {"Authorization": f"Bearer {TOKEN}"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> tuple[float, float]:
    """User and system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def stolen_seconds() -> float:
    """The CPU time the machine's hypervisor gave to others while this machine's processes
    were ready to run (``steal`` in ``/proc/stat``, all cores), in seconds since boot."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    return int(fields[8]) / os.sysconf("SC_CLK_TCK") if len(fields) > 8 else 0.0


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@dataclass
class Stats:
    ack_ms: list[float] = field(default_factory=list)
    #: When each acknowledged move was sent (seconds into the measurement), beside ``ack_ms``.
    ack_at: list[float] = field(default_factory=list)
    begin: float = 0.0
    seen_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    finished: int = 0
    measuring: bool = False
    #: How late each tick of the players' own loop came (ms), and when (seconds in).
    lag_ms: list[float] = field(default_factory=list)
    lag_at: list[float] = field(default_factory=list)
    #: The canary's readings: when (seconds in) and the CPU milliseconds its fixed work took.
    canary: list[tuple[float, float]] = field(default_factory=list)
    #: The machine's stolen CPU seconds (``stolen_seconds``) at each memory sample, and when.
    steal: list[tuple[float, float]] = field(default_factory=list)


class Seat:
    def __init__(self, cookie: str) -> None:
        self.cookie = cookie
        self.ws: WireSocket | None = None
        self.seq = 0
        self.legal: list[str] = []
        self.status = "running"
        self.sent_at: float | None = None


class Table:
    """One match: its seats' sockets, and what each seat last heard."""

    def __init__(self, base: str, seats: list[Seat], stats: Stats) -> None:
        self.base = base
        self.seats = seats
        self.stats = stats
        self.moved_at: float | None = None
        self.target = 0

    async def open(self, match_id: str) -> None:
        url = f"ws://{self.base.removeprefix('http://')}/ws/matches/{match_id}"
        for seat in self.seats:
            seat.status = "running"
            seat.ws = await WireSocket.connect(
                url,
                lambda raw, seat=seat: self.heard(seat, raw),  # type: ignore[misc]
                {"Cookie": seat.cookie, "Origin": self.base},
            )

    def heard(self, seat: Seat, raw: bytes) -> None:
        """One message from the server, read as soon as its frame is complete."""
        now = time.perf_counter()
        stats = self.stats
        message = orjson.loads(raw)
        kind = message["type"]
        if kind == "update" and message.get("ack") is not None:
            if seat.sent_at is not None and stats.measuring:
                stats.ack_ms.append((now - seat.sent_at) * 1000)
                stats.ack_at.append(seat.sent_at - stats.begin)
            seat.sent_at = None
        if kind in ("welcome", "update"):
            seat.seq = message["seq"]
            seat.legal = message["table"]["legal_actions"]
            seat.status = message["status"]
            if (
                kind == "update"
                and message.get("ack") is None
                and self.moved_at is not None
                and seat.sent_at is None
                and seat.seq == self.target
                and stats.measuring
            ):
                stats.seen_ms.append((now - self.moved_at) * 1000)
        elif kind == "ended":
            seat.status = "finished"
        elif kind == "error":
            stats.errors.append(f"{message['code']}: {message['message']}")
            seat.sent_at = None

    async def close(self) -> None:
        await asyncio.gather(*(s.ws.close() for s in self.seats if s.ws is not None))


async def post(http: httpx.AsyncClient, url: str, **kwargs: Any) -> httpx.Response:
    """A POST, tried again when a kept-alive connection was closed under it."""
    for attempt in range(3):
        try:
            return await http.post(url, **kwargs)
        except httpx.TransportError:
            if attempt == 2:
                raise
            await asyncio.sleep(0.1)
    raise AssertionError("unreachable")


async def make_guest(http: httpx.AsyncClient) -> Seat:
    response = await post(http, "/api/auth/guest", cookies={})
    response.raise_for_status()
    cookie = response.cookies.get("cyberdeck_session")
    return Seat(f"cyberdeck_session={cookie}")


async def new_match(http: httpx.AsyncClient, game: str, seats: list[Seat]) -> str:
    made = await post(
        http, "/api/matches", json={"game": game}, headers={"Cookie": seats[0].cookie}
    )
    made.raise_for_status()
    match_id: str = made.json()["match"]["id"]
    for seat in seats[1:]:
        joined = await post(http, f"/api/matches/{match_id}/join", headers={"Cookie": seat.cookie})
        joined.raise_for_status()
    return match_id


async def drive(
    table: Table, http: httpx.AsyncClient, game: str, ramp: float, stop: float, rng: random.Random
) -> None:
    """One move a second, from a random moment of the ramp on; a finished match is replaced by
    a new one."""
    await asyncio.sleep(rng.random() * max(ramp, 1.0))
    tick = time.perf_counter()
    while True:
        tick += 1.0
        await asyncio.sleep(max(0.0, tick - time.perf_counter()))
        if time.perf_counter() >= stop:
            return
        if any(s.status == "finished" for s in table.seats):
            table.stats.finished += 1
            await table.close()
            try:
                await table.open(await new_match(http, game, table.seats))
            except (httpx.HTTPError, OSError) as err:
                table.stats.errors.append(f"replacing a finished match: {err!r}")
                return
            continue
        mover = next((s for s in table.seats if s.legal and s.sent_at is None), None)
        if mover is None or mover.ws is None:
            continue
        action = rng.choice(mover.legal)
        mover.legal = []
        table.target = mover.seq + 1
        mover.sent_at = table.moved_at = time.perf_counter()
        mover.ws.send(
            orjson.dumps(
                {"type": "move", "id": f"m{mover.seq}", "seq": mover.seq, "action": action}
            )
        )


@dataclass
class Attack:
    """What the attacker of ``--abuse`` did and heard back."""

    big_bodies: int = 0
    bodies_refused: int = 0
    #: Bodies past the limit that the server took (there must be none).
    bodies_accepted: int = 0
    sockets_opened: int = 0
    sockets_refused: int = 0
    #: Socket attempts that got no answer in time (the server was too slow, or refused the TCP
    #: connection): the attack goes on regardless.
    sockets_unanswered: int = 0
    oversized_sent: int = 0
    #: Times the flood's socket was closed by the server and opened again.
    flood_reconnects: int = 0
    #: Attempts started in each second of the attack (the pressure, kept up whatever the
    #: server's answers take): bodies, sockets, oversized messages.
    per_second: dict[str, list[int]] = field(default_factory=dict)
    heard: dict[str, int] = field(default_factory=dict)

    def hear(self, raw: bytes) -> None:
        message = orjson.loads(raw)
        key = message.get("code") or message["type"]
        self.heard[key] = self.heard.get(key, 0) + 1
        if key == "too-many":
            self.sockets_refused += 1

    def started(self, kind: str, second: int) -> None:
        counts = self.per_second.setdefault(kind, [])
        counts.extend([0] * (second + 1 - len(counts)))
        counts[second] += 1

    def pressure(self) -> dict[str, dict[str, int]]:
        """Attempts a second, the fewest and the most over the attack's whole seconds."""
        out = {}
        for kind, counts in self.per_second.items():
            whole = counts[:-1] or counts  # the last second is cut short by the stop
            out[kind] = {"min": min(whole), "max": max(whole), "seconds": len(whole)}
        return out

    def report(self) -> dict[str, Any]:
        """What the attack did, as the bench's JSON has it."""
        return {**vars(self), "per_second": self.pressure()}


async def paced(stop: float, every: float, cap: int, attempt: Any) -> None:
    """Start ``attempt()`` every ``every`` seconds until ``stop``, each on a task of its own
    (at most ``cap`` under way): the pressure does not wait for the server's answers, which
    are slowest just when the attack matters most."""
    running: set[asyncio.Task[None]] = set()
    tick = time.perf_counter()
    while tick < stop:
        if len(running) < cap:
            task = asyncio.create_task(attempt())
            running.add(task)
            task.add_done_callback(running.discard)
        # A tick missed (this process had no CPU) is skipped, not made up in a burst.
        tick = max(tick + every, time.perf_counter())
        await asyncio.sleep(max(0.0, tick - time.perf_counter()))
    if running:
        await asyncio.wait(running, timeout=15)
        for task in running:
            task.cancel()


async def abuse(base: str, game: str, stop: float, attack: Attack) -> None:
    """One client attacking while the matches are played, at a steady pace for the whole
    measured time: 8 MiB request bodies (with a length, and streamed without one) four a
    second, sockets opened past the per-match limit forty a second (held a moment, then
    dropped), and a flood of 64 KiB messages on a socket it keeps (opened again when the server
    closes it) as fast as the server reads them. Bounded by ``stop``."""
    begin = time.perf_counter()

    def second() -> int:
        return int(time.perf_counter() - begin)

    async with httpx.AsyncClient(
        base_url=base, timeout=30, limits=httpx.Limits(max_connections=16)
    ) as http:
        cookie = (await make_guest(http)).cookie
        made = await post(http, "/api/matches", json={"game": game}, headers={"Cookie": cookie})
        made.raise_for_status()
        url = f"ws://{base.removeprefix('http://')}/ws/matches/{made.json()['match']['id']}"
        headers = {"Cookie": cookie, "Origin": base}
        big = b"[" + b"1," * (4 << 20) + b"1]"

        async def streamed() -> Any:
            for _ in range(128):
                yield b" " * 65536

        async def body() -> None:
            attack.started("bodies", second())
            attack.big_bodies += 1
            content: Any = big if attack.big_bodies % 2 else streamed()
            try:
                answer = await http.post(
                    "/api/matches",
                    content=content,
                    headers={"Cookie": cookie, "Content-Type": "application/json"},
                )
                attack.bodies_refused += answer.status_code == 413
                attack.bodies_accepted += answer.status_code < 400
            except httpx.HTTPError:  # the server answered and closed mid-upload
                attack.bodies_refused += 1

        async def one_socket() -> None:
            attack.started("sockets", second())
            try:
                ws = await asyncio.wait_for(WireSocket.connect(url, attack.hear, headers), 10)
            except (TimeoutError, OSError):
                attack.sockets_unanswered += 1
                return
            attack.sockets_opened += 1
            await asyncio.sleep(0.2)
            if ws.transport is not None:
                ws.transport.abort()  # gone without a goodbye: nothing waits on the server

        async def flood() -> None:
            message = orjson.dumps({"type": "ping", "pad": "x" * 65536})
            ws: WireSocket | None = None
            while time.perf_counter() < stop:
                if ws is None or ws.closed.is_set():
                    if ws is not None:
                        attack.flood_reconnects += 1
                    try:
                        ws = await asyncio.wait_for(
                            WireSocket.connect(url, attack.hear, headers), 10
                        )
                    except (TimeoutError, OSError):
                        ws = None
                        await asyncio.sleep(0.5)
                        continue
                transport = ws.transport
                # As fast as the server reads: a kernel buffer that stays full is pressure
                # enough, and the attacker's own memory stays bounded.
                if transport is not None and transport.get_write_buffer_size() < 1 << 20:
                    for _ in range(10):
                        ws.send(message)
                        attack.oversized_sent += 1
                        attack.started("oversized", second())
                await asyncio.sleep(0.05)
            if ws is not None and ws.transport is not None:
                ws.transport.abort()

        await asyncio.gather(
            paced(stop, 0.25, 16, body), paced(stop, 0.025, 256, one_socket), flood()
        )


async def attack_apart(base: str, game: str, seconds: float) -> dict[str, Any]:
    """``abuse`` for ``seconds`` in a process of its own (``--attacker process``): run it as
    ``server_load.py --attack BASE``, which prints what it did as JSON."""
    child = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--attack", base, "--game", game, "--seconds", str(seconds),
        stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, _ = await child.communicate()
    if child.returncode != 0:
        raise SystemExit(f"the attacker's process failed ({child.returncode})")
    report: dict[str, Any] = json.loads(out)
    return report


async def attack_inline(base: str, game: str, stop: float) -> dict[str, Any]:
    """``abuse`` in the players' own process (``--attacker inline``) until ``stop``."""
    attack = Attack()
    await abuse(base, game, stop, attack)
    return attack.report()


async def attack_only(base: str, game: str, seconds: float) -> dict[str, Any]:
    """The attacker's process: ``abuse`` until ``seconds`` from now, then its report (with the
    CPU it took, a share of one core)."""
    attack = Attack()
    began, cpu = time.perf_counter(), time.process_time()
    await abuse(base, game, began + seconds, attack)
    share = (time.process_time() - cpu) / (time.perf_counter() - began)
    return {**attack.report(), "cpu_share_of_one_core": round(share, 2)}


#: The canary's process: every quarter second the same few milliseconds of pure Python work,
#: timed in CPU time (``thread_time``), so that waiting for a core does not count and only a
#: slower core does (a busy neighbour on the host, a lower clock); prints its readings as JSON.
CANARY = """
import json, sys, time
readings, began = [], time.perf_counter()
while (at := time.perf_counter() - began) < float(sys.argv[1]):
    spent = time.thread_time()
    total = 0
    for i in range(50_000):
        total += i * i
    readings.append((round(at, 3), round((time.thread_time() - spent) * 1000, 3)))
    time.sleep(0.25)
print(json.dumps(readings))
"""


async def canary(seconds: float) -> list[tuple[float, float]]:
    """The canary's readings over ``seconds`` (seconds in, milliseconds of CPU per reading)."""
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-c", CANARY, str(seconds), stdout=asyncio.subprocess.PIPE
    )
    out, _ = await child.communicate()
    return [(at, ms) for at, ms in json.loads(out)]


async def watch_loop(stats: Stats, stop: float, every: float = 0.005) -> None:
    """Tick the players' loop every ``every`` seconds and keep how late each tick came: while
    this loop is held up, acknowledgements that have arrived wait unread and count as slow."""
    while (then := time.perf_counter()) < stop:
        await asyncio.sleep(every)
        if stats.measuring:
            now = time.perf_counter()
            stats.lag_ms.append((now - then - every) * 1000)
            stats.lag_at.append(now - stats.begin)


def collector(before: dict[str, list[float]], after: dict[str, list[float]]) -> dict[str, Any]:
    """The server's garbage collections over the measured time, per generation (0, 1, 2): how
    many, the cyclic garbage they freed (objects), their milliseconds in all, and the longest
    one since the server started."""
    pairs = zip(after["collections"], before["collections"], strict=True)
    times = zip(after["total_ms"], before["total_ms"], strict=True)
    freed = zip(after["freed"], before["freed"], strict=True)
    return {
        "collections": [a - b for a, b in pairs],
        "freed": [a - b for a, b in freed],
        "total_ms": [round(a - b, 1) for a, b in times],
        "longest_ms_since_start": after["longest_ms"],
        "frozen_at_end": after["frozen"],
    }


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def by_minute(stats: Stats) -> list[dict[str, float | None]]:
    """The acknowledgement times of each minute of the measurement apart, beside how late the
    players' own loop ticked that minute: a drift shows, and so does a slow minute that was the
    clients' own."""
    minutes: dict[int, list[float]] = {}
    for at, ms in zip(stats.ack_at, stats.ack_ms, strict=True):
        minutes.setdefault(max(0, int(at // 60)), []).append(ms)  # sent just before: minute 1
    lags: dict[int, list[float]] = {}
    for at, ms in zip(stats.lag_at, stats.lag_ms, strict=True):
        lags.setdefault(max(0, int(at // 60)), []).append(ms)
    stolen: dict[int, float] = {}
    for (_, before), (at, after) in itertools.pairwise(stats.steal):
        minute = max(0, int(at // 60))
        stolen[minute] = stolen.get(minute, 0.0) + after - before
    canary: dict[int, list[float]] = {}
    for at, ms in stats.canary:
        canary.setdefault(max(0, int(at // 60)), []).append(ms)
    return [
        {
            "minute": m + 1,
            "moves": len(v),
            "p50": round(percentile(v, 50), 2),
            "p99": round(percentile(v, 99), 2),
            "max": round(max(v), 2),
            "loop_lag_p99": round(percentile(lags.get(m, []), 99), 2),
            "loop_lag_max": round(max(lags.get(m, [float("nan")])), 2),
            # CPU seconds the hypervisor gave to other machines (both cores together).
            "stolen_s": round(stolen.get(m, 0.0), 2),
            # The canary's fixed work that minute (CPU ms, median): a slower core shows here.
            "canary_ms": round(statistics.median(canary[m]), 3) if m in canary else None,
        }
        for m, v in sorted(minutes.items())
    ]


def slow_seconds(stats: Stats, pulse: list[dict[str, Any]], elapsed: float) -> dict[str, Any]:
    """The measured seconds lined up with the server's own (``/api/metrics?seconds=true``, the
    last record being the second that closed just before the end) and with the canary's: the 20
    seconds whose acknowledgements had the highest p99, each with what the server did in it and
    how long the canary's fixed work took, and for each figure its mean over the slowest 5% of
    seconds beside its mean over all."""
    acks: dict[int, list[float]] = {}
    for at, ms in zip(stats.ack_at, stats.ack_ms, strict=True):
        acks.setdefault(int(at), []).append(ms)
    last = int(elapsed) - 1
    server = {last - i: record for i, record in enumerate(reversed(pulse))}
    canary: dict[int, list[float]] = {}
    for at, ms in stats.canary:
        canary.setdefault(int(at), []).append(ms)
    rows = [
        {
            "second": s,
            "acks": len(v),
            "ack_p99": round(percentile(v, 99), 2),
            "canary_ms": round(statistics.fmean(canary[s]), 3),
            **server[s],
        }
        for s, v in sorted(acks.items())
        if s in server and s in canary
    ]
    rows.sort(key=lambda row: row["ack_p99"], reverse=True)
    fields = (
        *("late_max_ms", "late_mean_ms", "moves", "transactions", "commit_ms"),
        *("collections", "collection_ms", "rooms_opened", "restarts", "canary_ms"),
    )
    worst = rows[: max(1, len(rows) // 20)]

    def mean(group: list[dict[str, Any]], key: str) -> float:
        return round(statistics.fmean(r[key] for r in group), 3) if group else float("nan")

    return {
        "slowest": rows[:20],
        "slowest_5pct_against_all": {k: [mean(worst, k), mean(rows, k)] for k in fields},
    }


def lag_summary(stats: Stats) -> dict[str, float]:
    """How late the players' loop ticked (ms), and the share of the measured time it was held
    up past 10 ms at a stretch."""
    lags = stats.lag_ms
    return {
        "p50": round(percentile(lags, 50), 2),
        "p99": round(percentile(lags, 99), 2),
        "max": round(max(lags, default=float("nan")), 2),
        "seconds_over_10ms": round(sum(ms for ms in lags if ms > 10) / 1000, 2),
    }


async def run(args: argparse.Namespace, base: str, pid: int) -> dict[str, Any]:
    stats = Stats()
    limits = httpx.Limits(max_connections=64)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        game = (await http.get("/api/games")).json()
        info = next((g for g in game if g["id"] == args.game), None)
        if info is None:
            raise SystemExit(f"{args.game} is not registered here: {[g['id'] for g in game]}")
        seats_per = info["min_players"]
        gate = asyncio.Semaphore(32)

        async def setup(i: int) -> Table:
            async with gate:
                seats = [await make_guest(http) for _ in range(seats_per)]
                table = Table(base, seats, stats)
                await table.open(await new_match(http, args.game, seats))
                return table

        started = time.perf_counter()
        tables = await asyncio.gather(*(setup(i) for i in range(args.matches)))
        setup_s = time.perf_counter() - started
        memory: list[tuple[float, float]] = []
        # Two thousand sockets and their tasks live for the whole run: the collector need not
        # walk them again and again (its pauses would count as the server's latency).
        gc.collect()
        gc.freeze()
        # Matches start one by one over the ramp, as people would arrive: started together, they
        # would also end together, and a thousand replacements in a few seconds is a stampede,
        # not the steady load this measures. Measuring starts when the ramp is over.
        rng = random.Random(args.seed)
        launched = time.perf_counter()
        stop = launched + args.ramp + args.seconds

        async def sample() -> None:
            while time.perf_counter() < stop:
                memory.append((round(time.perf_counter() - begin, 1), round(rss_mib(pid), 1)))
                stats.steal.append((time.perf_counter() - begin, stolen_seconds()))
                await asyncio.sleep(args.sample)

        drivers = asyncio.gather(
            *(
                drive(t, http, args.game, args.ramp, stop, random.Random(rng.random()))
                for t in tables
            )
        )
        watcher = asyncio.create_task(watch_loop(stats, stop))
        await asyncio.sleep(args.ramp)
        attacker: asyncio.Task[Any] | None = None
        if args.abuse and args.attacker == "process":
            attacker = asyncio.create_task(attack_apart(base, args.game, args.seconds))
        elif args.abuse:
            attacker = asyncio.create_task(attack_inline(base, args.game, stop))
        metrics_before = (await http.get("/api/metrics", headers=OPERATOR)).json()
        gc_before, commits_before = metrics_before["gc"], metrics_before["commits"]
        cpu_before = cpu_seconds(pid)
        client_cpu = time.process_time()
        begin = stats.begin = time.perf_counter()
        stats.measuring = True
        sampler = asyncio.create_task(sample())
        canary_task = asyncio.create_task(canary(args.seconds))
        await drivers
        await sampler
        stats.canary = await canary_task
        await watcher
        attacked = await attacker if attacker is not None else None
        elapsed = time.perf_counter() - begin
        server_side = (
            await http.get("/api/metrics", params={"seconds": "true"}, headers=OPERATOR)
        ).json()
        user, system = (a - b for a, b in zip(cpu_seconds(pid), cpu_before, strict=True))
        server_cpu = user + system
        client_cpu = time.process_time() - client_cpu
        await asyncio.gather(*(t.close() for t in tables))
    warm = [m for t, m in memory if t >= min(60.0, args.seconds / 5)]
    return {
        "game": args.game,
        "matches": args.matches,
        "seconds": round(elapsed, 1),
        "setup_seconds": round(setup_s, 1),
        "ramp_seconds": args.ramp,
        "moves": len(stats.ack_ms),
        "moves_per_second": round(len(stats.ack_ms) / elapsed, 1),
        "matches_finished_and_replaced": stats.finished,
        "ack_ms": {
            "p50": round(percentile(stats.ack_ms, 50), 2),
            "p90": round(percentile(stats.ack_ms, 90), 2),
            "p99": round(percentile(stats.ack_ms, 99), 2),
            "max": round(max(stats.ack_ms, default=float("nan")), 2),
            "mean": round(statistics.fmean(stats.ack_ms), 2) if stats.ack_ms else None,
        },
        "ack_ms_by_minute": by_minute(stats),
        "opponent_sees_ms": {
            "p50": round(percentile(stats.seen_ms, 50), 2),
            "p99": round(percentile(stats.seen_ms, 99), 2),
        },
        "server_side_move_ms_latest": server_side["move_ms"],
        # The measured seconds beside the server's own loop and counts in each (see docstring).
        "server_seconds": slow_seconds(stats, server_side["seconds"], elapsed),
        "server_gc": collector(gc_before, server_side["gc"]),
        # Moves per transaction over the measured time (group commit).
        "server_moves_per_commit": round(
            (server_side["commits"]["moves"] - commits_before["moves"])
            / max(1, server_side["commits"]["transactions"] - commits_before["transactions"]),
            2,
        ),
        # The moves' transactions over the measured time: with SQLite they are written on the
        # event loop, so their time (checkpoints above all) holds every move.
        "server_commits": {
            "ms": round(server_side["commits"]["ms"] - commits_before["ms"], 1),
            "over_5ms": server_side["commits"]["over_5ms"] - commits_before["over_5ms"],
            "longest_ms_since_start": server_side["commits"]["longest_ms"],
            # Batches put back while the checkpoint thread restarted SQLite's log, and that
            # thread's figures since the server started.
            "busy_retries": server_side["commits"]["busy_retries"] - commits_before["busy_retries"],
            "checkpoints": server_side["commits"]["checkpoints"],
        },
        "server_cpu_share_of_one_core": round(server_cpu / elapsed, 2),
        # The server's CPU (user and system, the attack's share included) per move acknowledged:
        # steadier than latency on a machine that others share.
        "server_cpu_ms_per_move": round(server_cpu / max(1, len(stats.ack_ms)) * 1000, 3),
        # The kernel's part (sockets on loopback, the database's writes) beside the Python's.
        "server_system_cpu_ms_per_move": round(system / max(1, len(stats.ack_ms)) * 1000, 3),
        # The players' process (and the attacker's, with --attacker inline).
        "client_cpu_share_of_one_core": round(client_cpu / elapsed, 2),
        "client_loop_lag_ms": lag_summary(stats),
        "canary_ms": {
            "p50": round(percentile([ms for _, ms in stats.canary], 50), 3),
            "p99": round(percentile([ms for _, ms in stats.canary], 99), 3),
        },
        # This machine is a virtual one: CPU time its host gave elsewhere, over the measurement.
        "machine_stolen_s": round(stats.steal[-1][1] - stats.steal[0][1], 2)
        if stats.steal
        else None,
        "attacker": args.attacker if args.abuse else None,
        "load_average_at_end": os.getloadavg(),
        "errors": len(stats.errors),
        "first_errors": stats.errors[:5],
        "server_rss_mib": {
            "first": memory[0][1] if memory else None,
            "after_warmup": warm[0] if warm else None,
            "last": memory[-1][1] if memory else None,
            "max": max((m for _, m in memory), default=None),
        },
        "memory_samples": memory,
        "abuse": attacked,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=600, help="measured, after the ramp")
    parser.add_argument(
        "--ramp", type=float, default=60, help="seconds over which the matches start moving"
    )
    parser.add_argument("--game", default="cipher-run")
    parser.add_argument("--db", default=None, help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--sample", type=float, default=10.0, help="seconds between RSS samples")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument(
        "--abuse",
        action="store_true",
        help="one client attacks meanwhile: big bodies, sockets past the limit, oversized floods",
    )
    parser.add_argument(
        "--attacker",
        choices=("process", "inline"),
        default="process",
        help="the --abuse attacker in a process of its own (default) or in the players' process",
    )
    parser.add_argument("--attack", metavar="BASE", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--profile", type=Path, default=None, help="cProfile the server into FILE")
    parser.add_argument(
        "--server-module",
        default="cyberdeck.server",
        help="module that runs the server (one that registers extra games first, say)",
    )
    parser.add_argument(
        "--gc-freeze",
        type=float,
        default=None,
        help="the server's --gc-freeze (seconds between freezes; 0: never; default: the server's)",
    )
    parser.add_argument(
        "--step-gap",
        type=float,
        default=None,
        help="the server's --step-gap (least seconds between a player's steps as the others see "
        "them; 0: at once; default: the server's)",
    )
    args = parser.parse_args()
    if args.attack is not None:  # the attacker's own process (see ``attack_apart``)
        print(json.dumps(uvloop.run(attack_only(args.attack, args.game, args.seconds))))
        return 0
    folder = Path(tempfile.mkdtemp(prefix="cyberdeck-load-"))
    db = args.db or f"sqlite:///{folder / 'load.sqlite3'}"
    port = free_port()
    base = f"http://{HOST}:{port}"
    env = {**os.environ, "CYBERDECK_DATA_DIR": str(folder), "CYBERDECK_METRICS_TOKEN": TOKEN}
    log = open(folder / "server.log", "wb")  # noqa: SIM115
    server = subprocess.Popen(
        [sys.executable, *(["-m", "cProfile", "-o", str(args.profile)] if args.profile else []),
         "-m", args.server_module, "--host", HOST, "--port", str(port),
         "--db", db, "--rate", "20", "--burst", "40",
         # Every player here is a guest from the same address: the per-address limits are for
         # the attacker of --abuse, not for the load.
         "--newcomers-burst", "1000000",
         *(["--gc-freeze", str(args.gc_freeze)] if args.gc_freeze is not None else []),
         *(["--step-gap", str(args.step_gap)] if args.step_gap is not None else [])],
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
        # The clients share the machine with the server: they run on uvloop, like the server,
        # and keep their collector out of the measurements (see ``run``).
        gc.set_threshold(700, 10, 1000)
        result = uvloop.run(run(args, base, server.pid))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
    result["server_log_tail"] = (folder / "server.log").read_text()[-500:]
    text = json.dumps(result, indent=1)
    print(text)
    if args.out:
        write_result(args.out, result)
    return 0 if result["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
