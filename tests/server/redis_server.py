"""A throwaway Redis server for the tests of the workers' bus: Debian's ``redis-server`` on a
free loopback port, nothing saved. Where it is not installed the tests are skipped with the
reason, except in CI (``CI=true``): there a missing Redis fails, as a missing PostgreSQL does."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from typing import NoReturn

import pytest

from .harness import free_port


def _cannot(reason: str) -> NoReturn:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"Redis tests must run in CI: {reason}")
    pytest.skip(reason)


class RedisServer:
    """One ``redis-server`` process, which a test may stop and start again on the same port."""

    def __init__(self, binary: str) -> None:
        self.binary = binary
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--protected-mode",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                _cannot(f"redis-server exited at once (status {self.proc.returncode})")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        self.stop()
        _cannot("redis-server did not start listening within 10 s")

    def stop(self) -> None:
        """Terminate the server (its clients see their connections close)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    try:
        import redis  # noqa: F401
    except ImportError:
        _cannot("the redis client is not installed")
    binary = shutil.which("redis-server") or (
        "/usr/bin/redis-server" if os.path.exists("/usr/bin/redis-server") else None
    )
    if binary is None:
        _cannot("redis-server is not installed (Debian's redis-server package gives it)")
    server = RedisServer(binary)
    server.start()
    try:
        yield server
    finally:
        server.stop()
