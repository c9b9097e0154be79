"""Fixtures of the server tests: a real server process on loopback, SQLite in a temporary folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cyberdeck.engine import games, register

from .duel import DUEL
from .harness import ServerProcess

register(DUEL)


def every_game_id() -> list[str]:
    return [g.id for g in games()]


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
