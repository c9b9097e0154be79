"""The services the server's tests start for themselves: a throwaway PostgreSQL cluster and a
Redis server, made with Debian's binaries. Where they are not installed the tests that need
them are skipped with the reason, except in CI (``CI=true``, where the Makefile installs them):
there a missing service fails."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn, Self

import pytest

from .harness import free_port


def _binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    which = shutil.which("initdb")
    return Path(which).resolve().parent if which else None


def cannot(reason: str) -> NoReturn:
    """Skip a test whose service cannot run here; in CI, fail it: CI installs the services, and
    a test skipped there would hide the very failures it is for."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"These tests must run in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        cannot("the psycopg driver is not installed")
    bin_dir = _binaries()
    if bin_dir is None:
        cannot("PostgreSQL is not installed (Debian's postgresql package gives initdb)")
    prefix: list[str] = []
    folder = Path(tempfile.mkdtemp(prefix="cyberdeck-pg-"))
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        runuser = shutil.which("runuser")
        if runuser is None:
            shutil.rmtree(folder, ignore_errors=True)
            cannot("running as root without runuser: PostgreSQL cannot be started")
        prefix = [runuser, "-u", "nobody", "--"]
        shutil.chown(folder, "nobody")
    data, port = folder / "data", free_port()

    def pg(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*prefix, *args], capture_output=True, text=True, timeout=60, check=False
        )

    made = pg(
        str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync"
    )
    if made.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        cannot(f"initdb failed: {made.stderr.strip()[-300:]}")
    options = f"-k {folder} -h 127.0.0.1 -p {port} -F"
    started = pg(
        str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"),
        "-w", "-t", "30", "start",
    )  # fmt: skip
    if started.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        cannot(f"PostgreSQL did not start: {started.stderr.strip()[-300:]}")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        pg(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
        shutil.rmtree(folder, ignore_errors=True)


class RedisServer:
    """Debian's redis-server on a free port, nothing kept on disk; ``stop`` and ``start`` again
    on the same port (a lost bus, recovered)."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            cannot("Redis is not installed (Debian's redis-server package)")
        self.binary = str(binary)
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="cyberdeck-redis-"))
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> Self:
        self.proc = subprocess.Popen(
            [
                *(self.binary, "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no", "--dir", str(self.folder)),
                *("--protected-mode", "no"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    try:
        import redis  # noqa: F401
    except ImportError:
        cannot("the redis client is not installed")
    server = RedisServer().start()
    try:
        yield server
    finally:
        server.close()
