"""Write bench/results/README.md: one row per result file, saying what it is, the command that
made it and the commit it was made on.

    python scripts/bench_index.py            # rewrite the index after adding or renaming results

The command and the commit come from the file itself where it records them (`bench/provenance.py`
stamps every result a benchmark writes; older files name a `command`); otherwise the commit is
the one that added the file, followed through renames. What a file is comes from the benchmark
that writes files of its name (`KINDS` below); the index is generated, never edited by hand.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
INDEX = RESULTS / "README.md"

#: What a result file is, by the start of its path under bench/results/: the first that matches.
KINDS: list[tuple[str, str]] = [
    ("hard-vs-greedy/", "a chunk of the `hard` against `greedy` arena (`cyberdeck arena`)"),
    ("spiel-ismcts/", "our level against OpenSpiel's IS-MCTS bot (`bench/spiel_strength.py`)"),
    ("ccg-balance-search", "the balance search on a planted imbalance (`bench/balance_search.py`)"),
    ("ccg-starters-balance", "the CCG starters' round robin, its targets (`bench/ccg_balance.py`)"),
    ("ccg-screen-", "a CCG card set screened and not shipped as such (`bench/ccg_balance.py`)"),
    ("ccg-diagnose-", "where each CCG starter's games are won and lost (`bench/ccg_diagnose.py`)"),
    ("ccg-goal-reach-", "how far a CCG sponsor's own condition gets (`bench/ccg_goal_reach.py`)"),
    ("ccg-strike-", "how often Militech's strike is possible (`bench/ccg_strike.py`)"),
    ("ccg-fortress-", "why Arasaka's fortress stood (`bench/ccg_fortress.py`, since removed)"),
    ("ccg-clicks", "clicks a person makes in a CCG game (`bench/ccg_clicks.py`, its twin)"),
    ("ccg-speed-fingerprints", "two source trees play the CCG alike (`bench/ccg_speed.py same`)"),
    ("ccg-speed", "the CCG engine's speed, two source trees (`bench/ccg_speed.py`)"),
    ("ccg-normal-vs-greedy", "`normal` against `greedy` in the CCG (`bench/ccg_eval_arena.py`)"),
    ("ccg-hard-vs-normal", "`hard` against `normal` in the CCG (`bench/ccg_eval_arena.py`)"),
    ("ccg-greedy-vs-old", "greedy against the evaluation before (`bench/ccg_eval_arena.py`)"),
    ("server-load-", "the match server under load (`bench/server_load.py`)"),
    ("cluster", "the server as a cluster: 1 vs 2 workers, kill -9s (`bench/cluster.py`)"),
    ("server-move-", "the server's own Python per move (`bench/server_move.py`)"),
    ("server-stall-", "a ping's round trip, anonymous routes hammered (`bench/server_stall.py`)"),
    ("envs-floor", "what a PettingZoo step leaves for an observation (`bench/envs_floor.py`)"),
    ("envs_parts", "the parts of an observation's cost (`bench/envs_parts.py`, since removed)"),
    ("envs-adapters", "old and new adapters in turns (`bench/envs_compare.py`, since removed)"),
    ("envs-encoders", "old and new encoders in turns (`bench/envs_compare.py`, since removed)"),
    ("envs", "decisions per second through each environment adapter (`bench/envs.py`)"),
    ("views-same", "views the same before and after a change (`bench/views_same.py`, removed)"),
    ("jax-envs", "the JAX twins' speed in CPU seconds (`bench/jax_envs*.py`)"),
    ("jax-machine", "the JAX twins on the machine's whole CPU (`bench/jax_machine.py`)"),
    ("jax-verify", "a JAX twin against its engine, move for move (`bench/jax_verify*.py`)"),
    ("lean-fingerprints", "the lean path plays every game as `apply` does (`bench/lean*.py`)"),
    ("lean", "every game's speed for machines, source trees side by side (`bench/lean.py`)"),
    ("peers", "our engines beside OpenSpiel's and RLCard's (`bench/peers.py`)"),
    ("lab-stall", "a ping's round trip while the Lab page's runs play (`bench/lab_stall.py`)"),
    ("lab", "the lab's games per minute per core and its scaling (`bench/lab.py`)"),
    ("matrix-normal", "MATR1X 0VERL0AD's `normal` over 1,000 deals (`bench/matrix_levels.py`)"),
    ("matrix-hard", "MATR1X 0VERL0AD's `hard` over 1,000 deals (`bench/matrix_levels.py`)"),
    (
        "matrix-expert",
        "MATR1X 0VERL0AD's `expert` on the deals `hard` lost and part of those it won "
        "(`bench/matrix_levels.py`)",
    ),
    (
        "matrix-hindsight-12-160",
        "MATR1X 0VERL0AD's hindsight player at `expert`'s budget, ranking by the evaluation "
        "(`bench/matrix_levels.py`)",
    ),
    (
        "expert-think",
        "the expert's CPU a decision, its observation from the view or the state (`bench/ai.py`)",
    ),
    ("mctx-matrix", "a search with mctx on MATR1X's twin (`examples/mctx_matrix.py`)"),
    ("maskable-ppo", "MaskablePPO's learning curve (`examples/train_maskable_ppo.py`)"),
    ("pettingzoo-bot", "the example bot's policy against random (`bench/pettingzoo_bot.py`)"),
    *(
        (f"learned/{game}-ppo-vs-greedy{suffix}", what)
        for game in ("cypher", "hack-me")
        for suffix, what in (
            (".npz", "a baseline: MaskablePPO trained ~10 CPU min against `greedy` (`lab train`)"),
            ("", "the baseline's learning curve against `greedy` (`cyberdeck lab train`)"),
        )
    ),
    *(
        (
            f"learned/{game}-apprentice",
            "an apprentice, not shipped: its fit's curve (`lab imitate`)",
        )
        for game in ("matrix-overload", "hack-me", "cypher")
    ),
    (
        "learned/cyberpunk-ccg-apprentice-120",
        "an apprentice of the first 120 games, not shipped: its fit's curve (`lab imitate`)",
    ),
    (
        "learned/cyberpunk-ccg-apprentice-100",
        "an apprentice of 100 other games, 64 or 256 wide, not shipped: its fit's curve "
        "(`lab imitate`)",
    ),
    (
        "learned/cyberpunk-ccg-teacher-agreement",
        "how often the apprentice and a second `hard` make `hard`'s move, by seat "
        "(`bench/teacher_agreement.py`)",
    ),
    *(
        (
            f"learned/{game}-apprentice",
            "an apprentice, shipped or a round before it: its fit's curve (`lab imitate`)",
        )
        for game in ("cipher-run", "cyberpunk-ccg")
    ),
    *(
        (
            f"learned/{game}-pool",
            "a policy trained against a pool, not shipped: its curve (`lab train --opponent`)",
        )
        for game in ("cypher", "hack-me")
    ),
    ("learned/", "a shipped policy's learning curve (`cyberdeck lab train`)"),
    ("ladder/", "a ladder of agents: Bradley–Terry ratings (`cyberdeck lab ladder`)"),
    (
        "head-to-head/",
        "one agent against another: its share and its CPU a decision (`bench/head_to_head.py`)",
    ),
    ("fuzz-", "rules bugs looked for over seeded games (`cyberdeck fuzz`)"),
    ("arcade-fit", "the arcade's fit on a laptop and a phone (`bench/arcade_fit.py`)"),
    ("lighthouse", "Lighthouse on the home page and a table (`bench/lighthouse.py`)"),
    ("cypher-round-cap", "Cypher games that reach the round limit (`cyberdeck arena`)"),
    ("", "an arena's summary (`cyberdeck arena --json`)"),
]


def kind(name: str) -> str:
    return next(what for start, what in KINDS if name.startswith(start))


def added() -> dict[str, str]:
    """The commit that added each file of the folder, followed through renames (one `git log`)."""
    out = subprocess.run(
        ["git", "log", "--reverse", "-M", "--diff-filter=AR", "--name-status",
         "--format=@%h %ad", "--date=short", "--", "bench/results"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    origin: dict[str, str] = {}
    commit = ""
    for line in out.splitlines():
        if line.startswith("@"):
            commit = line[1:]
        elif line.startswith("A\t"):
            origin[line[2:]] = commit
        elif line.startswith("R"):
            _, old, new = line.split("\t")
            origin[new] = origin.pop(old, commit)
    return origin


def recorded(path: Path) -> tuple[str, str]:
    """The command and commit a JSON result records about itself, where it does."""
    if path.suffix != ".json":
        return "", ""
    try:
        data: Any = json.loads(path.read_text())
    except ValueError:
        return "", ""
    if not isinstance(data, dict):
        return "", ""
    stamp = data.get("provenance") or {}
    command = stamp.get("command") or data.get("command") or ""
    return (command if isinstance(command, str) else ""), stamp.get("commit", "")


def cell(text: str) -> str:
    """Text fit for a Markdown table cell."""
    return re.sub(r"\s+", " ", text).replace("|", "\\|").strip()


def index() -> str:
    names = files()
    origin = added()
    rows = []
    for name in names:
        command, commit = recorded(RESULTS / name)
        commit = commit or origin.get(f"bench/results/{name}", "not yet committed")
        shown = f"`{cell(command)}`" if command else "not recorded"
        rows.append(f"| [{name}]({name}) | {kind(name)} | {shown} | {commit} |")
    head = [
        "# Benchmark results",
        "",
        "Every result file in this folder: what it is, the command that made it (where the file",
        "records it) and the commit it was made on (the one it records, or else the one that added",
        "it). Generated by `python scripts/bench_index.py`; the benchmarks themselves are described",
        "in [bench/README.md](../README.md), and the docs quote these files with their dates.",
        "",
        f"{len(names)} files.",
        "",
        "| file | what it is | command | commit |",
        "|---|---|---|---|",
    ]
    return "\n".join([*head, *rows]) + "\n"


def listed(text: str) -> list[str]:
    """The files an index lists, in its order."""
    return re.findall(r"^\| \[([^\]]+)\]\(", text, flags=re.M)


def files() -> list[str]:
    """The result files the folder holds, as the index names them."""
    return [
        p.relative_to(RESULTS).as_posix()
        for p in sorted(RESULTS.rglob("*"))
        if p.is_file() and p != INDEX
    ]


def main() -> int:
    argparse.ArgumentParser(description=__doc__).parse_args()
    INDEX.write_text(index())
    return 0


if __name__ == "__main__":
    sys.exit(main())
