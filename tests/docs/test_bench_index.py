"""bench/results/README.md is the index `scripts/bench_index.py` writes, and it lists exactly the
files the folder holds: a result added, renamed or removed without rerunning the script fails."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def bench_index() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_index", ROOT / "scripts/bench_index.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_index_lists_every_result_file_and_no_other() -> None:
    script = bench_index()
    assert script.listed(script.INDEX.read_text()) == script.files()


def test_every_result_file_is_said_to_be_something() -> None:
    script = bench_index()
    assert all(script.kind(name) for name in script.files())


def test_a_result_records_its_command_and_commit(tmp_path: Path) -> None:
    script = bench_index()
    stamped = tmp_path / "x.json"
    stamped.write_text('{"provenance": {"command": "python bench/envs.py", "commit": "abc"}}')
    assert script.recorded(stamped) == ("python bench/envs.py", "abc")
    (tmp_path / "y.json").write_text('{"command": "cyberdeck arena cypher", "rows": []}')
    assert script.recorded(tmp_path / "y.json") == ("cyberdeck arena cypher", "")
    (tmp_path / "z.log").write_text("a log")
    assert script.recorded(tmp_path / "z.log") == ("", "")
