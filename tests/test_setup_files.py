"""What a person gets from a fresh clone: `make play` installs only what playing needs (the
README's links are checked with the docs', in tests/docs/test_links.py)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

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

#: Packages only the arcade (the web extra) brings: terminal play runs without them.
WEB_ONLY = [
    "fastapi",
    "starlette",
    "uvicorn",
    "websockets",
    "sqlalchemy",
    "alembic",
    "argon2",
    "itsdangerous",
    "openskill",
    "orjson",
    "httpx",
    "psycopg",
    "zxcvbn",
]


def without(packages: list[str], code: str) -> str:
    """A script that runs ``code`` with ``packages`` made impossible to import."""
    return f"""
import importlib.abc, sys

class Absent(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in {packages!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}} (not installed)")

sys.meta_path.insert(0, Absent())
{code}
"""


PLAY_WITHOUT_EXTRAS = without(
    NOT_FOR_PLAY,
    """
from cyberdeck.server import ServerConfig
from cyberdeck.server.app import create_app
create_app(ServerConfig())  # SQLite in the data directory
from cyberdeck.cli import main
sys.argv = ["cyberdeck", "play", "matrix-overload", "--seed", "5", "--plain"]
main()
""",
)

TERMINAL_WITHOUT_WEB = without(
    NOT_FOR_PLAY + WEB_ONLY,
    """
from cyberdeck.cli import main
sys.argv = ["cyberdeck", "play", "cyberpunk-ccg", "--seed", "5"]
main()
""",
)


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


@pytest.mark.parametrize(
    ("target", "stamp", "spec"),
    [
        ("play", "$(VENV)/.installed-play", "-e '.[web]'"),
        # The terminal needs none of the web stack: the package and its three dependencies.
        ("terminal", "$(VENV)/.installed-terminal", "-e ."),
    ],
)
def test_make_play_and_make_terminal_install_only_what_they_need(target, stamp, spec):
    text = (ROOT / "Makefile").read_text()
    variables = dict(re.findall(r"^(\w+) :?= (.*)$", text, re.M))
    needs, _ = make_target(target)
    stamps = [variables[n[2:-1]] for n in needs if n.startswith("$(")]
    assert stamps == [stamp], (target, needs)
    name = next(n for n, value in variables.items() if value == stamp)
    _, recipe = make_target(f"$({name})")
    installs = [line for line in recipe if "pip install" in line and "-e" in line]
    assert installs and all(line.endswith(spec) for line in installs), installs


@pytest.mark.parametrize("script", [PLAY_WITHOUT_EXTRAS, TERMINAL_WITHOUT_WEB])
def test_the_arcade_and_the_terminal_run_without_the_other_extras(tmp_path: Path, script: str):
    result = subprocess.run(
        [sys.executable, "-c", script],
        input="quit\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "src"), "CYBERDECK_DATA_DIR": str(tmp_path)},
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Game abandoned." in result.stdout
