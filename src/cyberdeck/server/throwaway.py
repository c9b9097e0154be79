"""A throwaway PostgreSQL cluster and Redis server, made with Debian's binaries on free ports of
loopback, nothing kept: what the server's tests and the cluster benchmark (``bench/cluster.py``)
run a cluster of workers on. Each raises ``Unavailable`` with the reason when it cannot start."""

from __future__ import annotations

import contextlib
import glob
import os
import random
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Self


class Unavailable(RuntimeError):
    """The service cannot run here (the sentence says why)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def free_ports(count: int) -> int:
    """The first of ``count`` consecutive ports free now on loopback, below the range the
    system hands out to outgoing connections (one of which would otherwise take a port before
    the worker meant for it binds)."""
    rng = random.Random()
    while True:
        first = rng.randrange(20_000, 30_000 - count)
        try:
            with contextlib.ExitStack() as held:
                for port in range(first, first + count):
                    s = held.enter_context(socket.socket())
                    s.bind(("127.0.0.1", port))
        except OSError:
            continue
        return first


def postgres_binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl`` (Debian's newest, else the one on the path)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    which = shutil.which("initdb")
    return Path(which).resolve().parent if which else None


class Postgres:
    """A PostgreSQL cluster in a temporary folder, trusting local connections as ``postgres``,
    without fsync. As root it runs as ``nobody`` (PostgreSQL refuses to run as root)."""

    def __init__(self) -> None:
        self.folder: Path | None = None
        self.port = 0
        self.bin_dir: Path | None = None
        self.prefix: list[str] = []

    @property
    def url(self) -> str:
        return self.database_url("postgres")

    def database_url(self, name: str) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"

    def _pg(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*self.prefix, *args], capture_output=True, text=True, timeout=60, check=False
        )

    def start(self) -> Self:
        bin_dir = postgres_binaries()
        if bin_dir is None:
            raise Unavailable(
                "PostgreSQL is not installed (Debian's postgresql package gives initdb)"
            )
        folder = Path(tempfile.mkdtemp(prefix="cyberdeck-pg-"))
        if os.geteuid() == 0:
            runuser = shutil.which("runuser")
            if runuser is None:
                shutil.rmtree(folder, ignore_errors=True)
                raise Unavailable("running as root without runuser: PostgreSQL cannot be started")
            self.prefix = [runuser, "-u", "nobody", "--"]
            shutil.chown(folder, "nobody")
        self.folder, self.bin_dir, self.port = folder, bin_dir, free_port()
        data = folder / "data"
        made = self._pg(
            str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync"
        )
        if made.returncode != 0:
            self.close()
            raise Unavailable(f"initdb failed: {made.stderr.strip()[-300:]}")
        options = f"-k {folder} -h 127.0.0.1 -p {self.port} -F"
        started = self._pg(
            str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"),
            "-w", "-t", "30", "start",
        )  # fmt: skip
        if started.returncode != 0:
            self.close()
            raise Unavailable(f"PostgreSQL did not start: {started.stderr.strip()[-300:]}")
        return self

    def create_database(self, name: str) -> str:
        """A new, empty database in the cluster; its URL."""
        import psycopg

        with psycopg.connect(
            f"postgresql://postgres@127.0.0.1:{self.port}/postgres", autocommit=True
        ) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.database_url(name)

    def postmaster_pid(self) -> int | None:
        """The server's main process (its backends are its children)."""
        if self.folder is None:
            return None
        try:
            return int((self.folder / "data" / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def close(self) -> None:
        """Stop the cluster at once and remove its folder."""
        if self.folder is None:
            return
        if self.bin_dir is not None and (self.folder / "data" / "postmaster.pid").exists():
            self._pg(str(self.bin_dir / "pg_ctl"), "-D", str(self.folder / "data"), "-m",
                     "immediate", "stop")  # fmt: skip
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None


class RedisServer:
    """Debian's redis-server on a free port, nothing kept on disk; ``stop`` and ``start`` again
    on the same port (a lost bus, recovered)."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise Unavailable("Redis is not installed (Debian's redis-server package)")
        self.binary = str(binary)
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="cyberdeck-redis-"))
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def ask(self, command: bytes) -> bytes:
        """One inline command's raw answer (``PING``, ``INFO clients``…)."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
            s.sendall(command + b"\r\n")
            return s.recv(65536)

    def start(self) -> Self:
        self.proc = subprocess.Popen(
            [
                *(self.binary, "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no", "--dir", str(self.folder)),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if self.ask(b"PING").startswith(b"+PONG"):
                    return self
            except OSError:
                time.sleep(0.05)
        raise Unavailable("redis-server did not start")

    def stop(self) -> None:
        """``kill -9`` the server."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
