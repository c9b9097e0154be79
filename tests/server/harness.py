"""A real server in a subprocess on loopback, and real clients: httpx for HTTP, websockets for
play. Tests drive them with ``asyncio.run``."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Self, TypeVar

import httpx
import pytest
import websockets
from websockets.asyncio.client import ClientConnection

ROOT = Path(__file__).resolve().parents[2]

T = TypeVar("T")

#: The operator's token every test server is started with (``/api/metrics``).
METRICS_TOKEN = "operator-token-for-tests"
OPERATOR = {"Authorization": f"Bearer {METRICS_TOKEN}"}


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` on a thread of its own: a browser test that ran earlier in the same test
    process leaves Playwright's event loop running on the main thread, where ``asyncio.run``
    refuses to start another."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    #: Seconds a stopped server has to end before it is killed.
    grace = 10.0

    def __init__(self, db_url: str, data_dir: Path, *args: str) -> None:
        self.db_url = db_url
        self.data_dir = data_dir
        self.args = list(args)
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = data_dir / f"server-{self.port}.log"
        #: More of the server's environment (a test's clock: ``timetravel``).
        self.env: dict[str, str] = {}

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        """The server's command line: the tests' launcher (the DUEL game registered too)."""
        return [
            sys.executable,
            "-m",
            "tests.server.launcher",
            "--port",
            str(self.port),
            "--db",
            self.db_url,
            # The tests make many guests and matches from one address; tests of the limits
            # give their own (the last of a flag counts).
            *("--newcomers-burst", "100000", "--open-matches", "1000"),
            *("--realtime-matches", "1000", "--hotseat-matches", "1000"),
            *("--metrics-token", METRICS_TOKEN),
            # Steps go out at once (a test of the pace gives its own).
            *("--step-gap", "0"),
            *self.args,
        ]

    def start(self) -> Self:
        """Launch the server and wait until it answers its health check."""
        self.launch()
        assert self.proc is not None
        # Generous: on a loaded 2-core machine the server's imports alone have taken 89 s.
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-3000:]}")
            try:
                if httpx.get(f"{self.base}/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"the server did not start: {self.log.read_text()[-3000:]}")

    def launch(self) -> None:
        """Start the server's process, its output going to ``log``; ``start`` waits for it."""
        # This checkout's sources first: the shared virtualenv's editable install may be another's.
        path = os.pathsep.join([str(ROOT / "src"), str(ROOT)])
        env = {
            **os.environ,
            "CYBERDECK_DATA_DIR": str(self.data_dir),
            "PYTHONPATH": path,
            **self.env,
        }
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                self.command(),
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )

    def kill9(self) -> None:
        """The server dies at once (``start`` brings it back on the same port and data)."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(self.grace)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


@contextmanager
def served(
    factory: pytest.TempPathFactory, name: str, *args: str, env: dict[str, str] | None = None
) -> Iterator[ServerProcess]:
    """A server of a test module's own, on SQLite in a fresh folder, with these flags (and
    ``env`` in its environment); stopped when the module is done with it."""
    folder = factory.mktemp(name)
    process = ServerProcess(f"sqlite:///{folder / 'cyberdeck.sqlite3'}", folder, *args)
    process.env = dict(env or {})
    process.start()
    try:
        yield process
    finally:
        process.stop()


class Client:
    """One person: an HTTP client with its session cookie, opening websockets as that person."""

    def __init__(self, server: ServerProcess) -> None:
        self.server = server
        self.http = httpx.AsyncClient(base_url=server.base, timeout=10)
        self.user: dict[str, Any] = {}

    async def guest(self) -> Client:
        response = await self.http.post("/api/auth/guest")
        assert response.status_code == 201, response.text
        self.user = response.json()
        return self

    async def create(self, game: str, **body: Any) -> dict[str, Any]:
        response = await self.http.post("/api/matches", json={"game": game, **body})
        assert response.status_code == 201, response.text
        data: dict[str, Any] = response.json()
        return data

    async def join(self, match_id: str, invite: str | None = None) -> dict[str, Any]:
        response = await self.http.post(
            f"/api/matches/{match_id}/join", json={"invite": invite} if invite else None
        )
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data

    def cookie(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())

    async def socket(self, match_id: str, origin: str | None = "same", **params: Any) -> Socket:
        query = "&".join(f"{k}={v}" for k, v in params.items())
        url = f"ws://127.0.0.1:{self.server.port}/ws/matches/{match_id}" + (
            f"?{query}" if query else ""
        )
        headers = {"Cookie": self.cookie()}
        connection = await websockets.connect(
            url,
            additional_headers=headers,
            origin=None if origin is None else self.server.base if origin == "same" else origin,  # type: ignore[arg-type]
            max_size=1 << 22,
        )
        return Socket(connection)

    async def close(self) -> None:
        await self.http.aclose()


class Socket:
    """A websocket that keeps every message it received (tests look for leaks in them)."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.received: list[dict[str, Any]] = []
        self.seq = 0
        self.table: dict[str, Any] = {}
        self.status = ""
        self.outcome: dict[str, Any] | None = None

    async def recv(self, timeout: float = 10) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.connection.recv(), timeout)
        message: dict[str, Any] = json.loads(raw)
        self.received.append(message)
        if message["type"] in ("welcome", "update"):
            self.seq, self.table, self.status = message["seq"], message["table"], message["status"]
            self.outcome = message["outcome"]
        elif message["type"] == "ended":
            self.status, self.outcome = "finished", message["outcome"]
        return message

    async def expect(self, kind: str, timeout: float = 10) -> dict[str, Any]:
        """The next message of this type (others on the way are kept and skipped)."""
        while True:
            message = await self.recv(timeout)
            if message["type"] == kind:
                return message

    async def acked(self, msg_id: str, timeout: float = 10) -> dict[str, Any]:
        """The update that acknowledges this socket's move ``msg_id`` (others are kept, skipped)."""
        while True:
            message = await self.recv(timeout)
            if message["type"] == "update" and message.get("ack") == msg_id:
                return message

    async def play(self, action: str, msg_id: str) -> dict[str, Any]:
        """Move and wait for its acknowledgement. The server takes at most 20 messages a second
        from a socket and ignores the rest, saying so at most once a second; a scripted player
        on a quiet machine is faster than that, so a move it ignored is sent again after a
        second's pause."""
        return await self.insist({"type": "move", "id": msg_id, "action": action})

    async def gesture(self, actions: list[str], msg_id: str) -> dict[str, Any]:
        """Make an offered gesture (several moves as one message) and wait for its
        acknowledgement, sent again as ``play`` does when the rate limit ignored it."""
        return await self.insist({"type": "gesture", "id": msg_id, "actions": actions})

    async def insist(self, out: dict[str, Any]) -> dict[str, Any]:
        """Send ``out`` at the current sequence number until the server acknowledges it."""
        msg_id = out["id"]
        while True:
            await self.send({**out, "seq": self.seq})
            while True:
                message = await self.recv(10)
                if message["type"] == "update" and message.get("ack") == msg_id:
                    return message
                if message["type"] == "error" and message.get("code") == "rate-limited":
                    break
            await asyncio.sleep(1.0)

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.connection.send(message if isinstance(message, str) else json.dumps(message))

    async def move(self, action: str, msg_id: str, seq: int | None = None) -> None:
        await self.send(
            {
                "type": "move",
                "id": msg_id,
                "seq": self.seq if seq is None else seq,
                "action": action,
            }
        )

    async def close(self) -> None:
        await self.connection.close()
