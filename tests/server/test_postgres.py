"""The same ``kill -9`` test on PostgreSQL, on a throwaway cluster made with Debian's binaries
when they are installed (skipped, with the reason, when they are not)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from .harness import free_port
from .test_restart import kill_9_scenario


def _binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    which = shutil.which("initdb")
    return Path(which).resolve().parent if which else None


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    pytest.importorskip("psycopg", reason="the psycopg driver is not installed")
    bin_dir = _binaries()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed (Debian's postgresql package gives initdb)")
    prefix: list[str] = []
    folder = Path(tempfile.mkdtemp(prefix="cyberdeck-pg-"))
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        runuser = shutil.which("runuser")
        if runuser is None:
            shutil.rmtree(folder, ignore_errors=True)
            pytest.skip("running as root without runuser: PostgreSQL cannot be started")
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
        pytest.skip(f"initdb failed: {made.stderr.strip()[-300:]}")
    options = f"-k {folder} -h 127.0.0.1 -p {port} -F"
    started = pg(
        str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"),
        "-w", "-t", "30", "start",
    )  # fmt: skip
    if started.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        pytest.skip(f"PostgreSQL did not start: {started.stderr.strip()[-300:]}")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        pg(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
        shutil.rmtree(folder, ignore_errors=True)


def test_kill_9_mid_game_loses_nothing_on_postgresql(postgres_url: str, tmp_path: Path) -> None:
    assert kill_9_scenario(postgres_url, tmp_path) > 0
