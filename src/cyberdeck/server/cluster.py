"""``serve --workers N``: the match server as a cluster. N worker processes (each the whole
server, ``--worker wK``) share one PostgreSQL database and one Redis server, and a balancer
(Debian's HAProxy, configured and started here) takes every client on the one public port.

The balancer sends every request naming a match (``/api/matches/ID…``, ``/ws/matches/ID``,
``/api/bot/matches/ID…``) to the worker the id names while that worker is up, and otherwise by a
consistent hash of the id (the same living worker for the same match); quick play goes to one
worker (its queues live there); everything else by a hash of the client's address, so that
one address meets one worker's limits. A worker that stops answering ``/api/health`` is out
within a second; the supervisor starts a dead worker again (it takes its matches back as their
clients ask for them, see ``leases``).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from http import HTTPStatus
from multiprocessing.process import BaseProcess
from pathlib import Path

from .config import ServerConfig

log = logging.getLogger("cyberdeck.cluster")

#: Milliseconds between the balancer's health checks of each worker, and the failed checks
#: that take one out: a worker busy taking a dead one's matches over must not look dead too
#: (a dead worker's connections are refused at once and sent elsewhere anyway).
CHECK_EVERY_MS = 1000
CHECKS_TO_FALL = 3
#: A worker that dies is started again after this many seconds, doubling while it keeps dying
#: within a minute of its start, up to ``MOST_BACKOFF``.
FIRST_BACKOFF = 0.5
MOST_BACKOFF = 10.0


#: The most seconds the balancer waits for every worker to answer before it starts.
STARTUP_SECONDS = 120.0


def _answers(port: int) -> bool:
    """Whether a worker on ``port`` answers its health check."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1) as answer:
            return bool(answer.status == HTTPStatus.OK)
    except (OSError, ValueError):
        return False


#: Where HAProxy is when it is not on the path.
SBIN_HAPROXY = ("/usr/sbin/haproxy", "/usr/local/sbin/haproxy")


def haproxy_binary() -> str | None:
    """HAProxy's program: on the path, or where Debian puts it (``/usr/sbin``, which a user's
    path may lack)."""
    found = shutil.which("haproxy")
    if found is not None:
        return found
    return next((p for p in SBIN_HAPROXY if os.access(p, os.X_OK)), None)


class ClusterRefused(Exception):
    """The cluster cannot run as asked (the sentence says why and what to do)."""


def worker_names(count: int) -> list[str]:
    return [f"w{k}" for k in range(1, count + 1)]


def balancer_config(host: str, port: int, workers: dict[str, int], worker_host: str) -> str:
    """HAProxy's configuration for ``workers`` (name → port on ``worker_host``) behind
    ``host:port``: what ``serve --workers`` runs, and what an operator's own HAProxy takes.
    Its connections are as many as this machine lets one process open (two descriptors each:
    the client's and the worker's)."""
    files = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    most = 1 << 20 if files == resource.RLIM_INFINITY else files
    connections = max(256, min(100_000, (most - 64) // 2))
    chooses = "\n".join(
        f"    use-server {name} if {{ var(txn.match) -m end .{name} }}" for name in workers
    )
    servers = "\n".join(
        f"    server {name} {worker_host}:{p} check inter {CHECK_EVERY_MS} "
        f"fall {CHECKS_TO_FALL} rise 2"
        for name, p in workers.items()
    )
    return f"""# cyberdeck: a cluster of match-server workers behind one port.
global
    maxconn {connections}

defaults
    mode http
    timeout connect 2s
    timeout client 1h
    timeout server 1h
    timeout tunnel 1h
    timeout http-request 10s
    timeout http-keep-alive 10s
    # A refused or dead worker's requests go to another one at every retry (the match moves
    # with them).
    option redispatch 1
    retries 3

frontend arcade
    bind {host}:{port}
    option forwardfor
    http-request del-header X-Cyberdeck-Route
    # The match a request names: its id is the path's fourth field (fifth for bots' moves).
    http-request set-var(txn.match) path,field(4,/) if {{ path_beg /api/matches/ /ws/matches/ }}
    http-request set-var(txn.match) path,field(5,/) if {{ path_beg /api/bot/matches/ }}
    http-request set-header X-Cyberdeck-Route %[var(txn.match)] if {{ var(txn.match) -m found }}
    http-request set-header X-Cyberdeck-Route quickplay if {{ path_beg /api/quickplay }}
    http-request set-header X-Cyberdeck-Route %[src] unless {{ req.hdr(X-Cyberdeck-Route) -m found }}
    default_backend workers

backend workers
    balance hdr(X-Cyberdeck-Route)
    hash-type consistent
    option httpchk GET /api/health
    http-check expect status 200
{chooses}
{servers}
"""


@dataclass
class Worker:
    name: str
    port: int
    process: BaseProcess | None = None
    started: float = 0.0
    backoff: float = FIRST_BACKOFF
    due: float = 0.0
    #: Times this worker was started again after dying.
    restarts: int = 0


@dataclass
class Cluster:
    """The supervisor: starts the workers and the balancer, starts dead workers again, and
    stops everything on SIGINT or SIGTERM."""

    config: ServerConfig
    host: str
    port: int
    count: int
    first_worker_port: int
    balancer: bool = True
    #: Seconds before a dead worker is started again (doubling while it keeps dying).
    restart_after: float = FIRST_BACKOFF
    #: Runs one worker (``app.serve``); the tests' launcher gives its own.
    run: Callable[[ServerConfig, str, int], None] | None = None
    workers: list[Worker] = field(default_factory=list)
    stopping: bool = False

    def check(self) -> None:
        """Refuse, with a sentence, what cannot work."""
        url = self.config.db_url or ""
        if not url.startswith("postgresql"):
            raise ClusterRefused(
                "--workers needs the PostgreSQL database the workers share (--db "
                "postgresql+psycopg://user@host/db); SQLite is one process's database."
            )
        if not self.config.redis_url:
            raise ClusterRefused(
                "--workers needs the Redis server the workers tell each other news through "
                "(--redis redis://host:6379/0)."
            )
        if self.count < 1:
            raise ClusterRefused("--workers is how many worker processes to run: at least 1.")
        if self.balancer and haproxy_binary() is None:
            raise ClusterRefused(
                "--workers runs HAProxy in front of the workers, and it is not installed "
                "(Debian: apt-get install haproxy). With your own balancer, add --no-balancer "
                "and give it the configuration --balancer-config prints."
            )

    def names(self) -> dict[str, int]:
        return {n: self.first_worker_port + i for i, n in enumerate(worker_names(self.count))}

    def _start(self, worker: Worker) -> None:
        from .app import serve

        run = self.run or serve
        config = replace(self.config, worker=worker.name, behind_proxy=True)
        context = multiprocessing.get_context("fork")
        process = context.Process(
            target=_worker_main,
            args=(run, config, "127.0.0.1", worker.port),
            name=f"cyberdeck-{worker.name}",
            daemon=False,
        )
        process.start()
        worker.process, worker.started = process, time.monotonic()
        log.info("worker %s started (pid %s, port %d)", worker.name, process.pid, worker.port)

    def _tend(self) -> None:
        """Start again each worker that died (after its backoff)."""
        now = time.monotonic()
        for worker in self.workers:
            process = worker.process
            if process is not None and process.is_alive():
                continue
            if process is not None:
                log.warning("worker %s ended (exit %s)", worker.name, process.exitcode)
                process.join(0)
                worker.process = None
                quick = now - worker.started < 60
                worker.backoff = (
                    min(max(MOST_BACKOFF, self.restart_after), worker.backoff * 2)
                    if quick
                    else self.restart_after
                )
                worker.due = now + worker.backoff
            if now >= worker.due and not self.stopping:
                worker.restarts += 1
                self._start(worker)

    def _wait_for_workers(self, within: float) -> None:
        deadline = time.monotonic() + within
        waiting = list(self.workers)
        while waiting and time.monotonic() < deadline and not self.stopping:
            waiting = [w for w in waiting if not _answers(w.port)]
            self._tend()
            time.sleep(0.1)
        for worker in waiting:
            log.warning("worker %s does not answer yet; the balancer starts anyway", worker.name)

    def serve(self) -> None:
        """Run until SIGINT or SIGTERM. Either stops everything it started, the balancer and
        every worker, whenever it comes: while the workers are still starting too."""
        self.check()

        def stop(*_: object) -> None:
            self.stopping = True

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        self.workers = [
            Worker(n, p, backoff=self.restart_after / 2) for n, p in self.names().items()
        ]
        haproxy: subprocess.Popen[bytes] | None = None
        folder = tempfile.TemporaryDirectory(prefix="cyberdeck-cluster-")
        try:
            for worker in self.workers:
                self._start(worker)
            if self.balancer:
                # The balancer starts once every worker answers, so that it counts them all up
                # from its first check instead of waiting for two good ones.
                self._wait_for_workers(STARTUP_SECONDS)
                if not self.stopping:
                    path = Path(folder.name) / "haproxy.cfg"
                    path.write_text(
                        balancer_config(self.host, self.port, self.names(), "127.0.0.1")
                    )
                    binary = haproxy_binary()
                    assert binary is not None  # ``check``
                    haproxy = subprocess.Popen([binary, "-db", "-f", str(path)])
            while not self.stopping:
                time.sleep(0.2)
                self._tend()
                if haproxy is not None and haproxy.poll() is not None:
                    log.error("the balancer ended (exit %s); stopping", haproxy.returncode)
                    break
        finally:
            if haproxy is not None and haproxy.poll() is None:
                haproxy.terminate()
                haproxy.wait(10)
            for worker in self.workers:
                if worker.process is not None and worker.process.is_alive():
                    worker.process.terminate()
            for worker in self.workers:
                if worker.process is not None:
                    worker.process.join(15)
                    if worker.process.is_alive():
                        worker.process.kill()
            folder.cleanup()


def _worker_main(
    run: Callable[[ServerConfig, str, int], None], config: ServerConfig, host: str, port: int
) -> None:
    # The supervisor's own handlers are not the worker's: uvicorn installs its own.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        run(config, host, port)
    except KeyboardInterrupt:
        sys.exit(0)
