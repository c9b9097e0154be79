"""A cluster of the tests' server (``--workers``) on a throwaway PostgreSQL and Redis, behind
HAProxy: started and stopped like ``ServerProcess``, with its workers reachable one by one."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Self

import httpx

from cyberdeck.server.cluster import haproxy_binary
from cyberdeck.server.throwaway import free_ports

from .harness import ServerProcess
from .services import cannot


class ClusterProcess(ServerProcess):
    """``--workers N`` of the tests' server: the balancer on ``port``, worker K on
    ``worker_port + K - 1``."""

    #: The supervisor stops the balancer, then each worker (15 s each before it is killed).
    grace = 60.0

    def __init__(
        self, db_url: str, data_dir: Path, redis_url: str, workers: int, *args: str
    ) -> None:
        if haproxy_binary() is None:
            cannot("HAProxy is not installed (Debian's haproxy package)")
        super().__init__(db_url, data_dir, *args)
        self.workers = workers
        self.worker_port = free_ports(workers)
        self.redis_url = redis_url

    def command(self) -> list[str]:
        return [
            *super().command(),
            *("--workers", str(self.workers), "--worker-port", str(self.worker_port)),
            *("--redis", self.redis_url),
        ]

    def worker_base(self, name: str) -> str:
        return f"http://127.0.0.1:{self.worker_port + int(name[1:]) - 1}"

    def health(self, name: str) -> dict[str, Any] | None:
        """The worker's own health answer (``None``: it does not answer)."""
        try:
            answer = httpx.get(f"{self.worker_base(name)}/api/health", timeout=1)
        except httpx.HTTPError:
            return None
        return dict(answer.json()) if answer.status_code == 200 else None

    def start(self) -> Self:
        super().start()
        names = [f"w{k}" for k in range(1, self.workers + 1)]
        self.wait_healthy(*names)
        for name in names:
            self.wait_routed(name)
        return self

    def wait_routed(self, name: str, within: float = 60) -> None:
        """Wait until the balancer sends the matches ``name`` made to ``name`` (it counts a
        worker up after its health checks)."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            try:
                answer = httpx.get(f"{self.base}/api/matches/probe.{name}", timeout=2)
                if answer.headers.get("x-cyberdeck-worker") == name:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"the balancer does not send {name}'s matches to it")

    def wait_healthy(self, *names: str, within: float = 120) -> None:
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            if all(self.health(n) is not None for n in names):
                return
            time.sleep(0.1)
        raise RuntimeError(f"workers {names} not healthy: {self.log.read_text()[-3000:]}")

    def kill_worker(self, name: str) -> None:
        """``kill -9`` one worker (the supervisor starts it again)."""
        found = self.health(name)
        assert found is not None, f"{name} is not up"
        os.kill(int(found["pid"]), signal.SIGKILL)


@contextlib.contextmanager
def two_workers(
    postgres_url: str, redis_url: str, folder: Path, restart_after: float
) -> Iterator[ClusterProcess]:
    """Two workers of the tests' server on one PostgreSQL and Redis, AI seats moving at once,
    each dead worker started again after ``restart_after`` seconds; stopped afterwards."""
    process = ClusterProcess(
        postgres_url,
        folder,
        redis_url,
        2,
        *("--ai-delay", "0", "--rate", "1000", "--burst", "1000"),
        *("--restart-after", str(restart_after)),
    )
    try:  # a cluster that fails to start is stopped too: nothing it started is left running
        yield process.start()
    finally:
        process.stop()
