"""What a person gets from a fresh clone: `make play` installs only what playing needs (the
README's links are checked with the docs', in tests/docs/test_links.py)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Packages only the test, lab, research and benchmark extras bring (numpy is for play too: the
#: learned players run on it; training's PyTorch and the JAX twins are not).
NOT_FOR_PLAY = [
    "scipy",
    "pandas",
    "pyarrow",
    "duckdb",
    "dask",
    "distributed",
    "ribs",
    "choix",
    "matplotlib",
    "gymnasium",
    "pettingzoo",
    "pyspiel",
    "open_spiel",
    "rlcard",
    "pygame",
    "torch",
    "sb3_contrib",
    "stable_baselines3",
    "jax",
    "jaxlib",
    "pytest",
    "hypothesis",
    "playwright",
]

PLAY_WITHOUT_EXTRAS = f"""
import importlib.abc, sys

class Absent(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in {NOT_FOR_PLAY!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}} (not installed for play)")

sys.meta_path.insert(0, Absent())
from cyberdeck.server import ServerConfig
from cyberdeck.server.app import create_app
create_app(ServerConfig())  # SQLite in the data directory
from cyberdeck.cli import main
sys.argv = ["cyberdeck", "play", "matrix-overload", "--seed", "5", "--plain"]
main()
"""


def make_target(name: str) -> tuple[list[str], list[str]]:
    """A Makefile target's prerequisites and recipe lines."""
    text = (ROOT / "Makefile").read_text()
    head = re.search(rf"^{re.escape(name)}:(.*)$", text, re.M)
    assert head, name
    recipe = []
    for line in text[head.end() + 1 :].splitlines():
        if not line.startswith("\t"):
            break
        recipe.append(line.strip())
    return head.group(1).split(), recipe


def test_make_play_installs_only_the_web_extra():
    text = (ROOT / "Makefile").read_text()
    variables = dict(re.findall(r"^(\w+) :?= (.*)$", text, re.M))
    for target in ("play", "terminal"):
        needs, _ = make_target(target)
        stamps = [variables[n[2:-1]] for n in needs if n.startswith("$(")]
        assert stamps == ["$(VENV)/.installed-play"], (target, needs)
    _, recipe = make_target("$(PLAY_STAMP)")
    installs = [line for line in recipe if "pip install" in line and "-e" in line]
    assert installs and all(line.endswith("-e '.[web]'") for line in installs), installs


def test_the_arcade_and_the_terminal_run_without_the_other_extras(tmp_path: Path):
    result = subprocess.run(
        [sys.executable, "-c", PLAY_WITHOUT_EXTRAS],
        input="quit\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "src"), "CYBERDECK_DATA_DIR": str(tmp_path)},
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Game abandoned." in result.stdout
