"""docs/adding-a-game.md, followed: a game in a package of its own (tests/fixtures/toy_game/,
High Card), made known by one entry-point line and nothing else, is held to the contract's
invariants, listed, played and explained by the command line, and served by the match server,
whose browser front end draws it as the generic table.

The entry point is real: the game's distribution is a ``.dist-info`` folder with its
``entry_points.txt`` on the path of a fresh process, as ``pip install`` would leave it, so no code
of cyberdeck is told about the game."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.harness import free_port

ROOT = Path(__file__).resolve().parents[1]

#: The one line a new game adds to pyproject.toml, under [project.entry-points."cyberdeck.games"].
ENTRY_POINT = 'high-card = "toy_game:GAME"'


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """A process environment in which High Card is installed by its entry point alone."""
    dist = tmp_path / "site" / "toy_game-0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-game\nVersion: 0\n")
    # The pyproject line, in the entry_points.txt form pip writes it in (no quotes).
    line = ENTRY_POINT.replace('"', "")
    (dist / "entry_points.txt").write_text(f"[cyberdeck.games]\n{line}\n")
    path = [ROOT / "src", tmp_path / "site", ROOT / "tests" / "fixtures"]
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(map(str, path)),
        "CYBERDECK_DATA_DIR": str(tmp_path / "data"),
    }


def cyberdeck(env: dict[str, str], *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from cyberdeck.cli import main; main()", *args],
        input=stdin, capture_output=True, text=True, env=env, cwd=ROOT, timeout=300,
    )  # fmt: skip


def test_the_cli_lists_it_and_prints_its_rules(env: dict[str, str]) -> None:
    listed = cyberdeck(env, "games")
    assert listed.returncode == 0 and "high-card" in listed.stdout
    assert "High Card" in listed.stdout and "2 players" in listed.stdout
    rules = cyberdeck(env, "rules", "high-card")
    assert rules.returncode == 0 and "The player whose played cards add up" in rules.stdout


def test_the_contracts_invariants_hold_over_seeded_games(env: dict[str, str]) -> None:
    fuzzed = cyberdeck(env, "fuzz", "high-card", "--games", "200", "--deep", "1")
    assert fuzzed.returncode == 0, fuzzed.stdout[-2000:] + fuzzed.stderr[-2000:]
    assert "200 games" in fuzzed.stdout and "0 failed" in fuzzed.stdout


def test_it_is_played_in_the_terminal_and_by_the_agents(env: dict[str, str]) -> None:
    # The person plays the first card listed, three times; the easy AI answers.
    played = cyberdeck(env, "play", "high-card", "--seed", "1", "--plain", "--ai", "easy",
                       stdin="1\n" * 3)  # fmt: skip
    assert played.returncode == 0, played.stdout[-2000:] + played.stderr[-2000:]
    assert "Record saved" in played.stdout
    arena = cyberdeck(env, "arena", "high-card", "--agents", "normal,random", "--games", "4")
    assert arena.returncode == 0, arena.stdout[-2000:] + arena.stderr[-2000:]


@pytest.fixture
def server(env: dict[str, str], tmp_path: Path) -> Iterator[str]:
    port = free_port()
    log = (tmp_path / "server.log").open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-c", "from cyberdeck.cli import main; main()",
         "serve", "--port", str(port)],
        env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180  # a loaded machine has taken 89 s to import it all
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        assert proc.poll() is None, (tmp_path / "server.log").read_text()[-3000:]
        yield base
    finally:
        proc.terminate()
        proc.wait(20)
        log.close()


def test_the_server_serves_it_at_the_generic_table(server: str) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        listed = {g["id"]: g for g in client.get("/api/games").json()}
        assert listed["high-card"]["title"] == "High Card"
        assert "The player whose played cards" in client.get("/api/games/high-card/rules").text
        assert client.post("/api/auth/guest").is_success
        seats = [{"kind": "human"}, {"kind": "ai", "level": "easy"}]
        made = client.post("/api/matches", json={"game": "high-card", "seats": seats})
        assert made.is_success, made.text
        # No table module of its own: the page's loader falls back to the generic table.
        assert client.get("/static/js/games/high-card.js").status_code == 404
        assert client.get("/static/js/games/generic.js").status_code == 200
