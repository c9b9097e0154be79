"""A real arcade for the browser tests: ``cyberdeck serve`` in a subprocess on a free loopback
port, with its own data directory (SQLite), AI seats that move without delay and the server's
grace period for a player who left (90 s unless a test needs it shorter)."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext

from tests.server.harness import ServerProcess

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class Arcade(ServerProcess):
    """``cyberdeck serve`` itself, as a player starts it, with AI seats that move at once."""

    def __init__(self, data_dir: Path, grace_seconds: float = 90.0) -> None:
        super().__init__("", data_dir)
        self.grace_seconds = grace_seconds
        self.log = data_dir / "serve.log"

    def command(self) -> list[str]:
        cyberdeck = Path(sys.executable).with_name("cyberdeck")
        return [
            str(cyberdeck),
            "serve",
            "--port",
            str(self.port),
            "--ai-delay",
            "0",
            "--grace",
            f"{self.grace_seconds:g}",
            # Every test is a fresh guest from one address: more than a real address makes.
            "--guests-per-hour",
            "100000",
        ]


def open_person(browser: Browser, arcade: Arcade) -> BrowserContext:
    """A browser context at the arcade: one person, with cookies of their own."""
    context = browser.new_context(base_url=arcade.base, viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    # The AI's moves shown as they come (the page's default paces them for people to follow):
    # a test that looks at the pace chooses one itself.
    context.add_init_script(
        "try { if (!localStorage.getItem('cyberdeck.pace')) localStorage.setItem('cyberdeck.pace', 'instant'); } catch {}"
    )
    return context
