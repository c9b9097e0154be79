"""A real arcade for the browser tests: ``cyberdeck serve`` in a subprocess on a free loopback
port, with its own data directory (SQLite) and AI seats that move without delay."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
from playwright.sync_api import Browser, BrowserContext

from tests.server.harness import free_port

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class Arcade:
    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = data_dir / "serve.log"

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Arcade:
        command = Path(sys.executable).with_name("cyberdeck")
        env = {**os.environ, "CYBERDECK_DATA_DIR": str(self.data_dir)}
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                [str(command), "serve", "--port", str(self.port), "--ai-delay", "0"],
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"cyberdeck serve exited: {self.log.read_text()[-3000:]}")
            try:
                if httpx.get(f"{self.base}/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"cyberdeck serve did not start: {self.log.read_text()[-3000:]}")

    def kill9(self) -> None:
        """The server dies at once (``start`` brings it back on the same port and data)."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


def open_person(browser: Browser, arcade: Arcade) -> BrowserContext:
    """A browser context at the arcade: one person, with cookies of their own."""
    context = browser.new_context(base_url=arcade.base, viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    return context
