"""``bench/head_to_head.py`` runs: it plays a level at a budget it is given, writes that budget
into its result, resumes from its games file, and refuses a budget it cannot read in a sentence.
No assertion on time or strength: those are for bench/."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "bench" / "head_to_head.py"), *args],
        capture_output=True, text=True, timeout=600, check=False, cwd=ROOT,
    )  # fmt: skip


def test_a_level_plays_at_the_budget_given_and_the_run_resumes(tmp_path: Path) -> None:
    out = tmp_path / "result.json"
    common = ["cypher", "hard", "greedy", "--budget", "hard=4:1:1:0.5", "--seed", "5"]
    done = bench(*common, "--games", "2", "--folder", str(tmp_path))
    assert done.returncode == 0, done.stderr[-2000:]
    done = bench(*common, "--games", "3", "--folder", str(tmp_path), "--out", str(out))
    assert done.returncode == 0, done.stderr[-2000:]
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    assert [json.loads(line)["seed"] for line in lines] == [5, 6, 7]  # two kept, one played
    result = json.loads(out.read_text())
    assert result["games"] == 3 and result["agent"] == "hard"
    assert result["budgets"] == {
        "hard": {
            "iterations": 4,
            "seconds": 1.0,
            "rollout_depth": 1,
            "rollout_epsilon": 0.5,
            "evaluation": 0.0,
        }
    }


def test_a_budget_it_cannot_read_is_refused_in_a_sentence(tmp_path: Path) -> None:
    for wrong in ("easy=5:1", "expert=5:1:0:1:1.5"):
        done = bench("cypher", "hard", "normal", "--budget", wrong, "--folder", str(tmp_path))
        assert done.returncode == 2
        assert "write LEVEL=ITERATIONS:SECONDS" in done.stderr and "Traceback" not in done.stderr
        assert not (tmp_path / "games.jsonl").exists()


def test_open_cards_searches_the_true_deal_or_says_why_it_cannot(tmp_path: Path) -> None:
    """An upper bound for measuring, never a way to play: where the state class is compiled
    (the compiled build), its ``determinize`` cannot be replaced, and the bench says so."""
    from cyberdeck.games.cypher.state import CypherState

    compiled = not inspect.isfunction(CypherState.determinize)
    out = tmp_path / "result.json"
    done = bench(
        "cypher", "hard", "greedy", "--budget", "hard=4:1", "--games", "2", "--open-cards",
        "--folder", str(tmp_path), "--out", str(out),
    )  # fmt: skip
    assert "Traceback" not in done.stderr
    if compiled:
        assert done.returncode == 1 and "run it without the compiled build" in done.stderr
        assert not out.exists()
    else:
        assert done.returncode == 0, done.stderr[-2000:]
        assert json.loads(out.read_text())["open_cards"] is True
