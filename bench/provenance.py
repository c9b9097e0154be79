"""Where a result came from, written into the result itself: the command that made it, the
commit it ran on, when and on what machine. `scripts/bench_index.py` reads it back to index
`bench/results/`, so every benchmark writes its JSON through `write_result`.

    from provenance import write_result          # bench/ is on the path of a bench script
    write_result(args.out, {"rows": rows})
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def commit() -> str:
    """The checkout's commit, with ``+changes`` when its tracked files differ from it (a figure
    measured on uncommitted code names the commit it started from, and says so)."""

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, check=False
        ).stdout.strip()

    head = git("rev-parse", "--short=12", "HEAD")
    if not head:
        return "unknown"
    return head + ("+changes" if git("status", "--porcelain", "--untracked-files=no") else "")


def _autogroup() -> bool | None:
    try:
        return Path("/proc/sys/kernel/sched_autogroup_enabled").read_text().strip() == "1"
    except OSError:
        return None


def provenance() -> dict[str, Any]:
    """The command as it was typed from the repository's root, the commit, the UTC time, and the
    machine's processor, core count and load (figures on a loaded machine read differently)."""
    script = Path(sys.argv[0]).resolve()
    shown = script.relative_to(ROOT) if script.is_relative_to(ROOT) else script
    return {
        "command": shlex.join(["python", str(shown), *sys.argv[1:]]),
        "commit": commit(),
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": {
            "processor": platform.processor() or platform.machine(),
            "cores": os.cpu_count(),
            "load_average": [round(x, 2) for x in os.getloadavg()],
            # The priority the bench ran at, and whether the kernel groups processes by
            # terminal: server figures measured at nice -20 with autogroup off read otherwise.
            "niceness": os.nice(0),
            "sched_autogroup": _autogroup(),
            "python": platform.python_version(),
        },
    }


def write_result(path: Path | str, result: dict[str, Any], **dumps: Any) -> None:
    """Write ``result`` as JSON to ``path`` with its provenance under ``"provenance"``."""
    stamped = {"provenance": provenance(), **result}
    Path(path).write_text(json.dumps(stamped, indent=1, **dumps) + "\n", encoding="utf-8")
