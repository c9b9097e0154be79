"""Fixtures of the server tests: a real server process on loopback, SQLite in a temporary folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cyberdeck.engine import games, registry

from .duel import DUEL
from .harness import ServerProcess
from .services import postgres_url, redis_server  # noqa: F401 - fixtures for every module


def every_game_id() -> list[str]:
    """Every registered game, and the tests' own DUEL (registered only while a test runs)."""
    return sorted({g.id for g in games()} | {DUEL.id})


@pytest.fixture(autouse=True)
def duel_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """DUEL joins the registry for the length of one server test, and leaves it after, so the
    rest of the suite (golden files, the conformance suite) never sees it."""
    games()  # discover the installed games first
    monkeypatch.setitem(registry._GAMES, DUEL.id, DUEL)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("server")
    process = ServerProcess(
        f"sqlite:///{folder / 'cyberdeck.sqlite3'}",
        folder,
        "--ai-delay",
        "0",
        "--grace",
        "1.0",
        "--rate",
        "1000",
        "--burst",
        "1000",
    ).start()
    yield process
    process.stop()
