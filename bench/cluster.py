"""The match server as a cluster (``serve --workers N``) under load: one worker beside two, twenty
``kill -9``s of a worker, and the Redis server lost and started again, all on a throwaway
PostgreSQL and Redis started here.

    python bench/cluster.py                # the defaults: about ten minutes on two cores
    python bench/cluster.py --quick        # 50 matches, 20 s a side, 4 kills

The load is ``server_load.py``'s (guests playing a random legal move a second in each match, a
finished match replaced by a new one), its matches made on each worker in turn (on the worker's
own port, as a balancer spreading many addresses would) and played through HAProxy on the
cluster's one port. These players reconnect as the web client does (``connection.js``): on any
close or refusal they come back after a jittered backoff, read the welcome, and send their
unacknowledged move again with the same message id (the server plays it at most once).

1. **1 vs 2 workers**: the same load against ``--workers 1`` and then ``--workers 2`` (each on a
   database of its own in the same PostgreSQL): moves, moves a second, acknowledgement times,
   errors, and each process's share of a core (workers, HAProxy, PostgreSQL, the players).
2. **kill -9s**: on the two workers, with the load running, a random worker ``kill -9``ed every
   ``--kill-every`` seconds (the supervisor starts it again after ``--restart-after``). For each
   kill, the takeover: from the kill to the first welcome of each match whose sockets the kill
   closed (the matches the dead worker held); the matches named after it but held by the other
   worker at the time are counted apart. At the end the database says whether any acknowledged
   move was lost, or any message id stored twice in a match (both must be 0).
3. **Redis lost**: redis-server ``kill -9``ed for ``--redis-down`` seconds and started again on
   its port; the acknowledgement times before, during and after, and the errors.

A benchmark, not a test: nothing here asserts on time. Writes its JSON through ``write_result``
(``--out``) and a progress line per phase on stderr.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import uvloop
from provenance import write_result
from server_load import HOST, Seat, cpu_seconds, make_guest, new_match, percentile
from wire_client import HandshakeFailed, WireSocket

from cyberdeck.server.throwaway import Postgres, RedisServer, free_port, free_ports
from cyberdeck.store import Store

#: What the side-by-side of phase 1 can and cannot say on this machine.
TWO_CORES = (
    "The players' process, PostgreSQL, HAProxy and every worker share this machine's cores (two "
    "on the development machine, shared with other work). A second worker adds a process to "
    "schedule, not a core: the side by side shows what the split costs (HAProxy's hop, a "
    "second pool of database connections, the leases' renewals) at a load one worker carries, "
    "not the scaling a machine with a core per worker would give. The cpu shares (of one core) "
    "add up to what the machine had; near the core count, every figure is bounded by it."
)


def say(line: str) -> None:
    print(f"[cluster] {time.strftime('%H:%M:%S')} {line}", file=sys.stderr, flush=True)


def summary(values: list[float]) -> dict[str, float]:
    return {
        "p50": round(percentile(values, 50), 2),
        "p90": round(percentile(values, 90), 2),
        "p99": round(percentile(values, 99), 2),
        "max": round(max(values, default=float("nan")), 2),
    }


# --- the cluster's processes ---------------------------------------------------------------------


class ClusterRun:
    """``python -m cyberdeck.server --workers N`` on ``db`` and ``redis``: HAProxy on ``port``,
    worker K on ``worker_port + K - 1``."""

    def __init__(self, workers: int, db: str, redis: str, restart_after: float) -> None:
        self.names = [f"w{k}" for k in range(1, workers + 1)]
        self.db = db
        self.port = free_port()
        self.worker_port = free_ports(workers)
        self.folder = Path(tempfile.mkdtemp(prefix="cyberdeck-cluster-bench-"))
        self.base = f"http://{HOST}:{self.port}"
        self.log = open(self.folder / "cluster.log", "wb")  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cyberdeck.server", "--host", HOST, "--port", str(self.port),
             "--db", db, "--redis", redis, "--workers", str(workers),
             "--worker-port", str(self.worker_port), "--restart-after", str(restart_after),
             "--rate", "20", "--burst", "40", "--newcomers-burst", "1000000"],
            env={**os.environ, "CYBERDECK_DATA_DIR": str(self.folder)},
            stdout=self.log, stderr=subprocess.STDOUT,
        )  # fmt: skip

    def worker_base(self, name: str) -> str:
        return f"http://{HOST}:{self.worker_port + int(name[1:]) - 1}"

    async def health(self, http: httpx.AsyncClient, name: str) -> dict[str, Any] | None:
        """The worker's own ``/api/health`` (``None``: it does not answer)."""
        try:
            answer = await http.get(f"{self.worker_base(name)}/api/health", timeout=1)
        except httpx.HTTPError:
            return None
        return dict(answer.json()) if answer.status_code == 200 else None

    async def all_up(self, http: httpx.AsyncClient, within: float = 180) -> dict[str, Any]:
        """Every worker's health, once each answers (and the balancer does)."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"the cluster ended; see {self.folder / 'cluster.log'}")
            found = {n: await self.health(http, n) for n in self.names}
            try:
                balanced = (await http.get(f"{self.base}/api/health", timeout=1)).status_code
            except httpx.HTTPError:
                balanced = 0
            if balanced == 200 and all(found.values()):
                return found
            await asyncio.sleep(0.2)
        raise SystemExit(f"the workers did not come up; see {self.folder / 'cluster.log'}")

    def haproxy_pid(self) -> int | None:
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    stat = (entry / "stat").read_text()
                except OSError:
                    continue
                name, rest = stat.split("(", 1)[1].rsplit(")", 1)
                if name == "haproxy" and int(rest.split()[1]) == self.process.pid:
                    return int(entry.name)
        return None

    def stop(self) -> dict[str, Any]:
        """Stop the cluster; what its log said of moves not stored and of faults."""
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
        self.log.close()
        text = (self.folder / "cluster.log").read_text(errors="replace")
        shutil.rmtree(self.folder, ignore_errors=True)
        said = {
            "lease lost, move not stored": text.count("lease lost; move"),
            "move not stored, rebuilt from the store": text.count("not stored; rebuilding"),
            "tracebacks": text.count("Traceback"),
        }
        first = text.find("Traceback")
        return {**said, "first_traceback": text[first : first + 1500] if first >= 0 else None}


def machine_busy() -> float:
    """CPU seconds every process of the machine has had since boot (all cores, ``/proc/stat``)."""
    fields = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle and waiting for the disk
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def process_cpu(pid: int) -> float:
    """User and system CPU seconds of ``pid`` (0 once it is gone)."""
    try:
        return sum(cpu_seconds(pid))
    except (OSError, IndexError):
        return 0.0


def postgres_cpu(postmaster: int | None) -> float:
    """CPU seconds of PostgreSQL: its main process, its children now, and its children gone."""
    if postmaster is None:
        return 0.0
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(entry.name)
        if pid == postmaster:
            total += sum(int(f) for f in fields[11:15]) / tick  # its own and its reaped children
        elif int(fields[1]) == postmaster:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


# --- the players ---------------------------------------------------------------------------------


@dataclass
class Event:
    at: float
    code: str


@dataclass
class Load:
    """What every player heard, with when (``time.perf_counter``)."""

    cluster: ClusterRun
    game: str
    #: (acknowledged at, milliseconds from the move's first sending).
    acks: list[tuple[float, float]] = field(default_factory=list)
    #: (match, the sequence number the move was made at, its message id) of each acknowledged move.
    acked: list[tuple[str, int, str]] = field(default_factory=list)
    #: Moves answered ``duplicate`` (made before, their acknowledgement lost with a socket).
    answered_duplicate: list[tuple[str, int, str, str]] = field(default_factory=list)
    #: Moves refused (an error naming the move's id, other than ``duplicate``).
    refused: list[Event] = field(default_factory=list)
    #: Errors naming no move (``elsewhere`` above all: the socket is sent on).
    told: list[Event] = field(default_factory=list)
    #: Answers to a move already settled (``duplicate`` to a move sent again while its
    #: acknowledgement was on its way).
    late: list[Event] = field(default_factory=list)
    #: Sockets that could not be opened (``503``: HAProxy had no worker; refused…).
    unopened: list[Event] = field(default_factory=list)
    #: A move sent again after a reconnection, one sent again on the same socket after two
    #: seconds unanswered, and one given up because the game moved on.
    resent: int = 0
    insisted: int = 0
    overtaken: int = 0
    finished: int = 0
    matches: list[Match] = field(default_factory=list)
    made: int = 0
    stopping: bool = False

    def errors(self, begin: float, end: float) -> dict[str, int]:
        counts = Counter(e.code for e in self.refused if begin <= e.at < end)
        counts.update(f"told {e.code}" for e in self.told if begin <= e.at < end)
        counts.update(f"late {e.code}" for e in self.late if begin <= e.at < end)
        counts.update(f"socket {e.code}" for e in self.unopened if begin <= e.at < end)
        return dict(counts.most_common())

    def window(self, begin: float, end: float) -> dict[str, Any]:
        """The acknowledgements and errors between ``begin`` and ``end``."""
        ms = [m for at, m in self.acks if begin <= at < end]
        return {
            "seconds": round(end - begin, 1),
            "moves": len(ms),
            "moves_per_second": round(len(ms) / max(end - begin, 1e-9), 1),
            "ack_ms": summary(ms),
            "errors": self.errors(begin, end),
        }

    async def make(self, http: httpx.AsyncClient, seats: list[Seat]) -> str:
        """A new match of these seats on the next worker in turn (another if that one is down)."""
        names = self.cluster.names
        turn, self.made = self.made, self.made + 1
        for attempt in range(len(names) * 20):
            name = names[(turn + attempt) % len(names)]
            try:
                async with httpx.AsyncClient(
                    base_url=self.cluster.worker_base(name), timeout=10
                ) as own:
                    return await new_match(own, self.game, seats)
            except httpx.HTTPError:
                await asyncio.sleep(0.25)
        raise RuntimeError("no worker made a match")


def refusal(err: BaseException) -> str:
    """What kept a socket from opening: the balancer's or the server's HTTP status, or the
    error's kind (a refused connection, a timeout)."""
    if isinstance(err, HandshakeFailed) and "HTTP/1.1 " in str(err):
        return str(err).split("HTTP/1.1 ", 1)[1][:3]
    return type(err).__name__


class Player(Seat):
    """One seat's socket through the balancer, kept open as the web client keeps it."""

    def __init__(self, seat: Seat, match: Match, index: int) -> None:
        super().__init__(seat.cookie)
        self.match = match
        self.index = index
        self.pending: dict[str, Any] | None = None
        self.retries = 0
        self.live = False
        self.count = 0
        self.resync = False
        self.last_sent = 0.0
        self.keeper: asyncio.Task[None] | None = None

    def url(self) -> str:
        return f"ws://{self.match.load.cluster.base.removeprefix('http://')}/ws/matches/{self.match.id}"

    async def keep(self) -> None:
        """Open the socket, and again whenever it closes, after ``connection.js``'s backoff."""
        load = self.match.load
        headers = {"Cookie": self.cookie, "Origin": load.cluster.base}
        while not (load.stopping or self.match.retired):
            try:
                ws = await asyncio.wait_for(WireSocket.connect(self.url(), self.heard, headers), 10)
            except (OSError, TimeoutError) as err:
                load.unopened.append(Event(time.perf_counter(), refusal(err)))
                await self.backoff()
                continue
            self.ws, self.retries = ws, 0
            await ws.closed.wait()
            self.ws, self.live = None, False
            if load.stopping or self.match.retired:
                return
            if not self.resync:
                self.match.drops.append(time.perf_counter())
            self.resync = False
            await self.backoff()

    async def backoff(self) -> None:
        self.retries += 1
        wait = min(5.0, 0.25 * 2 ** min(self.retries, 5)) * (0.5 + random.random())
        await asyncio.sleep(wait)

    def heard(self, raw: bytes) -> None:
        now = time.perf_counter()
        load = self.match.load
        message = orjson.loads(raw)
        kind = message["type"]
        if kind in ("welcome", "update"):
            self.seq = message["seq"]
            self.legal = message["table"]["legal_actions"]
            self.status = message["status"]
        if kind == "welcome":
            self.live = True
            self.match.welcomes.append(now)
            if self.pending is not None:
                if self.pending["seq"] == self.seq:
                    self.send()
                    load.resent += 1
                else:  # made before the drop, or the game moved on without it
                    self.pending = None
                    load.overtaken += 1
        elif kind == "update":
            pending = self.pending
            if pending is not None and message.get("ack") == pending["id"]:
                load.acks.append((now, (now - (self.sent_at or now)) * 1000))
                load.acked.append((self.match.id, pending["seq"], pending["id"]))
                self.pending = None
        elif kind == "ended":
            self.status = "finished"
        elif kind == "error":
            pending = self.pending
            if pending is not None and message.get("id") == pending["id"]:
                self.pending = None
                if message["code"] == "duplicate":
                    load.answered_duplicate.append(
                        (self.match.id, pending["seq"], pending["id"], message["message"])
                    )
                else:
                    load.refused.append(Event(now, message["code"]))
                    self.reopen()  # read the table afresh
            elif message.get("id") is not None:
                load.late.append(Event(now, message["code"]))
            else:
                load.told.append(Event(now, message["code"]))

    def reopen(self) -> None:
        if self.ws is not None and self.ws.transport is not None:
            self.resync = True
            self.ws.transport.close()

    def move(self, rng: random.Random) -> None:
        """A random legal move, with a message id of its own: sent now if the socket is open,
        else on the welcome after the reconnection (as the web client does)."""
        self.count += 1
        self.pending = {
            "type": "move",
            "id": f"s{self.index}m{self.count}",
            "seq": self.seq,
            "action": rng.choice(self.legal),
        }
        self.legal = []
        self.sent_at = time.perf_counter()
        if self.live:
            self.send()

    def send(self) -> None:
        if self.ws is not None and self.pending is not None:
            self.last_sent = time.perf_counter()
            self.ws.send(orjson.dumps(self.pending))

    def insist(self) -> None:
        """The pending move again on the same socket after two seconds unanswered (a message
        the rate limit dropped is answered by no id), as the web client's ``insist``."""
        if self.live and self.pending is not None and time.perf_counter() - self.last_sent >= 2:
            self.match.load.insisted += 1
            self.send()


class Match:
    """One match's players, and when its sockets closed and were welcomed again."""

    def __init__(self, load: Load, match_id: str, seats: list[Seat]) -> None:
        self.load = load
        self.id = match_id
        self.made_at = time.perf_counter()
        self.retired: float | None = None
        self.drops: list[float] = []
        self.welcomes: list[float] = []
        self.players = [Player(s, self, i) for i, s in enumerate(seats)]
        load.matches.append(self)

    def open(self) -> None:
        for player in self.players:
            player.keeper = asyncio.create_task(player.keep())

    async def close(self) -> None:
        self.retired = time.perf_counter()
        for player in self.players:
            if player.ws is not None:
                await player.ws.close()
        for player in self.players:
            if player.keeper is not None:
                player.keeper.cancel()


async def drive(
    load: Load, http: httpx.AsyncClient, match: Match, ramp: float, seed: float
) -> None:
    """A move a second from a random moment of the ramp on, the pending move re-sent on every
    reconnection; a finished match is replaced by a new one of the same guests."""
    rng = random.Random(seed)
    await asyncio.sleep(rng.random() * max(ramp, 1.0))
    tick = time.perf_counter()
    while not load.stopping:
        tick = max(tick + 1.0, time.perf_counter() - 1.0)
        await asyncio.sleep(max(0.0, tick - time.perf_counter()))
        if load.stopping:
            return
        if any(p.status == "finished" for p in match.players):
            load.finished += 1
            await match.close()
            seats = [Seat(p.cookie) for p in match.players]
            try:
                match = Match(load, await load.make(http, seats), seats)
            except (RuntimeError, httpx.HTTPError, OSError):
                return
            match.open()
            continue
        for player in match.players:
            player.insist()
        mover = next((p for p in match.players if p.legal and p.pending is None), None)
        if mover is not None:
            mover.move(rng)


async def start_load(
    cluster: ClusterRun, http: httpx.AsyncClient, game: str, matches: int, ramp: float, seed: int
) -> tuple[Load, asyncio.Future[list[None]]]:
    """``matches`` matches made and their sockets opened; their drivers started."""
    load = Load(cluster, game)
    info = next(g for g in (await http.get("/api/games")).json() if g["id"] == game)
    gate = asyncio.Semaphore(16)

    async def setup() -> Match:
        async with gate:
            seats = [await make_guest(http) for _ in range(info["min_players"])]
            match = Match(load, await load.make(http, seats), seats)
            match.open()
            return match

    made = await asyncio.gather(*(setup() for _ in range(matches)))
    gc.collect()
    gc.freeze()
    rng = random.Random(seed)
    drivers = asyncio.gather(*(drive(load, http, m, ramp, rng.random()) for m in made))
    return load, drivers


async def stop_load(load: Load, drivers: asyncio.Future[list[None]]) -> None:
    await asyncio.sleep(2)  # the last moves' acknowledgements
    load.stopping = True
    await drivers
    await asyncio.gather(*(m.close() for m in load.matches if m.retired is None))


# --- the phases ----------------------------------------------------------------------------------


class Shares:
    """Each process's CPU over a stretch of time, as a share of one core."""

    def __init__(self, pids: dict[str, int], postmaster: int | None) -> None:
        self.pids, self.postmaster = pids, postmaster
        self.began = time.perf_counter()
        self.before = self.read()

    def read(self) -> dict[str, float]:
        found = {name: process_cpu(pid) for name, pid in self.pids.items()}
        found["postgresql"] = postgres_cpu(self.postmaster)
        found["players"] = time.process_time()
        found["machine"] = machine_busy()
        return found

    def shares(self) -> dict[str, float]:
        after, spent = self.read(), time.perf_counter() - self.began
        shares = {k: round((after[k] - self.before[k]) / spent, 3) for k in after}
        machine = shares.pop("machine")
        shares["all"] = round(sum(shares.values()), 3)
        # Every process of the machine, these and others (another job on a shared machine).
        shares["machine_all_processes"] = machine
        return shares


async def side(
    args: argparse.Namespace, http: httpx.AsyncClient, cluster: ClusterRun, load: Load, pg: Postgres
) -> dict[str, Any]:
    """One side of phase 1: ``--seconds`` of the running load, with the processes' CPU."""
    healths = await cluster.all_up(http)
    pids = {name: int(h["pid"]) for name, h in healths.items()}
    if (haproxy := cluster.haproxy_pid()) is not None:
        pids["haproxy"] = haproxy
    pids["supervisor"] = cluster.process.pid
    shares = Shares(pids, pg.postmaster_pid())
    begin = time.perf_counter()
    await asyncio.sleep(args.seconds)
    end = time.perf_counter()
    held = {
        n: (h or {}).get("matches_held")
        for n, h in zip(
            cluster.names, [await cluster.health(http, n) for n in cluster.names], strict=True
        )
    }
    return {
        "workers": len(cluster.names),
        **load.window(begin, end),
        "cpu_share_of_one_core": shares.shares(),
        "matches_held_at_end": held,
        "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
    }


async def one_worker(args: argparse.Namespace, pg: Postgres, redis: RedisServer) -> dict[str, Any]:
    cluster = ClusterRun(1, pg.create_database("one_worker"), redis.url, args.restart_after)
    try:
        async with httpx.AsyncClient(
            base_url=cluster.base, timeout=30, limits=httpx.Limits(max_connections=32)
        ) as http:
            await cluster.all_up(http)
            load, drivers = await start_load(
                cluster, http, args.game, args.matches, args.ramp, args.seed
            )
            say(
                f"1 worker: {args.matches} matches made; ramp {args.ramp:g} s, then {args.seconds:g} s"
            )
            await asyncio.sleep(args.ramp)
            result = await side(args, http, cluster, load, pg)
            await stop_load(load, drivers)
    finally:
        said = cluster.stop()
    say(f"1 worker: {result['moves']} moves, ack p99 {result['ack_ms']['p99']} ms")
    return {**result, "cluster_log": said}


@dataclass
class Kill:
    worker: str
    at: float
    held: int | None
    restarted_s: float | None = None


async def restarted(cluster: ClusterRun, http: httpx.AsyncClient, kill: Kill, pid: int) -> None:
    """When the killed worker answers again, under a new pid."""
    while True:
        found = await cluster.health(http, kill.worker)
        if found is not None and found["pid"] != pid:
            kill.restarted_s = round(time.perf_counter() - kill.at, 2)
            return
        await asyncio.sleep(0.1)


def takeovers(load: Load, kill: Kill, next_at: float) -> dict[str, Any]:
    """The matches a kill closed (a socket dropped within half a second of it: the dead
    worker's) and the seconds from the kill to each one's first welcome again."""
    dropped = [m for m in load.matches if any(kill.at <= d <= kill.at + 0.5 for d in m.drops)]
    named = [
        m
        for m in load.matches
        if m.id.endswith(f".{kill.worker}")
        and m.made_at < kill.at
        and m not in dropped
        and (m.retired is None or m.retired > kill.at)
    ]
    times, late = [], 0
    for match in dropped:
        back = next((w for w in match.welcomes if w > kill.at), None)
        if back is None:
            late += 1
        else:
            times.append(back - kill.at)
            late += back > next_at
    return {
        "worker": kill.worker,
        "matches_held": kill.held,
        "matches_closed": len(dropped),
        "named_after_it_held_elsewhere": len(named),
        "takeover_s": {
            "p50": round(percentile(times, 50), 2),
            "p95": round(percentile(times, 95), 2),
            "max": round(max(times, default=float("nan")), 2),
        },
        "not_back_before_the_next_kill": late,
        "restarted_s": kill.restarted_s,
        "times": times,
    }


async def kills(
    args: argparse.Namespace, http: httpx.AsyncClient, cluster: ClusterRun, load: Load
) -> dict[str, Any]:
    """Phase 2: a random worker ``kill -9``ed every ``--kill-every`` seconds (once every worker
    answers again)."""
    rng = random.Random(args.seed + 1)
    done: list[Kill] = []
    watchers = []
    begin = time.perf_counter()
    for number in range(args.kills):
        await asyncio.sleep(args.kill_every)
        healths = await cluster.all_up(http, within=120)
        name = rng.choice(cluster.names)
        pid = int(healths[name]["pid"])
        kill = Kill(name, time.perf_counter(), healths[name].get("matches_held"))
        os.kill(pid, signal.SIGKILL)
        done.append(kill)
        watchers.append(asyncio.create_task(restarted(cluster, http, kill, pid)))
        say(f"kill {number + 1}/{args.kills}: {name} (pid {pid}, {kill.held} matches held)")
    await asyncio.sleep(args.settle)
    await cluster.all_up(http, within=120)
    await asyncio.wait(watchers, timeout=30)
    end = time.perf_counter()
    rows = [
        takeovers(load, k, done[i + 1].at if i + 1 < len(done) else end) for i, k in enumerate(done)
    ]
    every = [t for row in rows for t in row.pop("times")]
    window = load.window(begin, end)
    return {
        "kills": len(done),
        # Kills of a worker that held no match then (the other had them all): random kills,
        # and a restarted worker takes a match back only when a client asks it for the match
        # (a socket opened again), while sockets open on the other worker stay there.
        "kills_of_a_worker_holding_none": sum(1 for k in done if not k.held),
        "kill_every_s": args.kill_every,
        "restart_after_s": args.restart_after,
        "takeover_s": {
            "p50": round(percentile(every, 50), 2),
            "p95": round(percentile(every, 95), 2),
            "max": round(max(every, default=float("nan")), 2),
            "matches": len(every),
        },
        **window,
        "per_kill": rows,
    }


async def redis_lost(args: argparse.Namespace, redis: RedisServer, load: Load) -> dict[str, Any]:
    """Phase 3: Redis ``kill -9``ed for ``--redis-down`` seconds and started on its port again."""
    info = redis.ask(b"INFO clients").decode(errors="replace")
    clients = next(
        (
            int(line.split(":")[1])
            for line in info.splitlines()
            if line.startswith("connected_clients:")
        ),
        None,
    )
    t0 = time.perf_counter()
    await asyncio.sleep(args.redis_window)
    t1 = time.perf_counter()
    redis.stop()
    say(f"redis-server killed ({clients} clients were connected); down {args.redis_down:g} s")
    await asyncio.sleep(args.redis_down)
    t2 = time.perf_counter()
    redis.start()
    t3 = time.perf_counter()
    say("redis-server started again on its port")
    await asyncio.sleep(args.redis_window)
    t4 = time.perf_counter()
    info = redis.ask(b"INFO clients").decode(errors="replace")
    again = next(
        (
            int(line.split(":")[1])
            for line in info.splitlines()
            if line.startswith("connected_clients:")
        ),
        None,
    )
    return {
        # Connections to Redis besides this probe's own, just before the kill and a window
        # after the restart: the workers' bus (none while the workers do not use it).
        "redis_clients_before": None if clients is None else clients - 1,
        "redis_clients_after": None if again is None else again - 1,
        "down_s": round(t2 - t1, 1),
        "before": load.window(t0, t1),
        "during": load.window(t1, t3),
        "after": load.window(t3, t4),
        "play_went_on": load.window(t1, t4)["moves"] > 0,
    }


def database_check(db: str, load: Load) -> dict[str, Any]:
    """Every acknowledged move in the database (at the step it was made at), and no message id
    stored twice in a match (the players' ids are unique within a match)."""
    store = Store(db)
    try:
        ids = {m for m, _, _ in load.acked} | {m for m, *_ in load.answered_duplicate}
        stored = {i: store.load_match(i) for i in sorted(ids)}
    finally:
        store.close()
    steps: dict[str, dict[str, list[int]]] = {}
    for match_id, data in stored.items():
        found = steps[match_id] = {}
        for action in data.actions if data is not None else []:
            if action.msg_id is not None:
                found.setdefault(action.msg_id, []).append(action.step)
    twice = [f"{m} {i}" for m, found in steps.items() for i, at in found.items() if len(at) > 1]
    lost = [f"{m} {i}" for m, _, i in load.acked if i not in steps[m]]
    unstored = [
        {"match": m, "seq": seq, "id": i, "answer": text, "steps_stored": len(stored[m].actions)}
        for m, seq, i, text in load.answered_duplicate
        if i not in steps[m] and stored[m] is not None
    ]
    moved = sum(1 for m, seq, i in load.acked if i in steps[m] and seq not in steps[m][i])
    return {
        "acknowledged_moves": len(load.acked),
        "acknowledged_moves_lost": len(lost),
        "first_lost": lost[:5],
        "message_ids_stored_twice": len(twice),
        "first_stored_twice": twice[:5],
        # Acknowledged, and stored at a step other than the one the move was made at.
        "acknowledged_at_another_step": moved,
        # Re-sent moves answered ``duplicate`` (made before their socket closed), and of them
        # any the database does not have.
        "answered_duplicate": len(load.answered_duplicate),
        "answered_duplicate_not_stored": len(unstored),
        # Each with the server's sentence and the steps the match has in the database.
        "first_answered_duplicate_not_stored": unstored[:5],
        "matches_checked": len(stored),
    }


async def two_workers(args: argparse.Namespace, pg: Postgres, redis: RedisServer) -> dict[str, Any]:
    db = pg.create_database("two_workers")
    cluster = ClusterRun(2, db, redis.url, args.restart_after)
    out: dict[str, Any] = {}
    try:
        async with httpx.AsyncClient(
            base_url=cluster.base, timeout=30, limits=httpx.Limits(max_connections=32)
        ) as http:
            await cluster.all_up(http)
            load, drivers = await start_load(
                cluster, http, args.game, args.matches, args.ramp, args.seed
            )
            say(
                f"2 workers: {args.matches} matches made; ramp {args.ramp:g} s, then {args.seconds:g} s"
            )
            await asyncio.sleep(args.ramp)
            out["side"] = await side(args, http, cluster, load, pg)
            say(
                f"2 workers: {out['side']['moves']} moves, ack p99 {out['side']['ack_ms']['p99']} ms"
            )
            say(f"{args.kills} kills, one every {args.kill_every:g} s")
            out["kills"] = await kills(args, http, cluster, load)
            say(f"kills: takeover {out['kills']['takeover_s']}")
            out["redis"] = await redis_lost(args, redis, load)
            say(
                f"redis: ack p99 before/during/after {[out['redis'][k]['ack_ms']['p99'] for k in ('before', 'during', 'after')]} ms"
            )
            await stop_load(load, drivers)
            out["players"] = {
                "moves_sent_again_after_a_reconnection": load.resent,
                "moves_sent_again_unanswered_after_2s": load.insisted,
                "moves_given_up_as_the_game_moved_on": load.overtaken,
                "sockets_closed": sum(len(m.drops) for m in load.matches),
                "matches_finished_and_replaced": load.finished,
                "refused_moves": dict(Counter(e.code for e in load.refused)),
                "told": dict(Counter(e.code for e in load.told)),
                "answers_to_moves_already_settled": dict(Counter(e.code for e in load.late)),
                "sockets_not_opened": dict(Counter(e.code for e in load.unopened)),
            }
    finally:
        out["cluster_log"] = cluster.stop()
    out["database"] = database_check(db, load)
    say(f"database: {out['database']}")
    return out


async def run(args: argparse.Namespace) -> dict[str, Any]:
    pg = Postgres().start()
    redis = RedisServer().start()
    say(f"PostgreSQL on {pg.port}, Redis on {redis.port}")
    try:
        one = await one_worker(args, pg, redis)
        two = await two_workers(args, pg, redis)
    finally:
        redis.close()
        pg.close()
    return {
        "load": {
            "game": args.game,
            "matches": args.matches,
            "move_every_s": 1.0,
            "ramp_s": args.ramp,
            "seconds_a_side": args.seconds,
        },
        "what_two_cores_limit": TWO_CORES,
        "one_worker": one,
        "two_workers": two.pop("side"),
        **two,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=60, help="measured a side, after the ramp")
    parser.add_argument("--ramp", type=float, default=20, help="seconds the matches start over")
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--kill-every", type=float, default=6)
    parser.add_argument("--restart-after", type=float, default=1)
    parser.add_argument("--settle", type=float, default=10, help="seconds after the last kill")
    parser.add_argument("--redis-down", type=float, default=5)
    parser.add_argument("--redis-window", type=float, default=15, help="seconds before and after")
    parser.add_argument("--game", default="cipher-run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="50 matches, 20 s a side, 4 kills")
    parser.add_argument(
        "--out", type=Path, default=Path(__file__).parent / "results" / "cluster.json"
    )
    args = parser.parse_args()
    if args.quick:
        args.matches, args.seconds, args.kills, args.ramp = 50, 20, 4, 5
        args.settle, args.redis_window = 6, 8
    result = uvloop.run(run(args))
    write_result(args.out, result)
    say(f"written to {args.out}")
    check = result["database"]
    return 0 if check["acknowledged_moves_lost"] == check["message_ids_stored_twice"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
