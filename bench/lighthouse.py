"""Lighthouse (Google's page audit) on the arcade's home page and a table: its accessibility, best
practices and performance scores, with Debian's chromium. Not in CI: Lighthouse is an npm tool,
and the arcade itself needs no Node.

    npm install --prefix /tmp/lh lighthouse@12.2.3
    PYTHONPATH=src python bench/lighthouse.py --lighthouse /tmp/lh/node_modules/.bin/lighthouse \\
        --out bench/results/lighthouse.json

The table is the CCG's lesson (``/learn/cyberpunk-ccg``): a table a visitor reaches without
signing in (the page makes a guest). Performance is measured with Lighthouse's desktop preset
(``--preset desktop``) and its default mobile one, on whatever load the machine has: the
``provenance`` in the result records it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from provenance import write_result  # noqa: E402
from tests.web.arcade import CHROMIUM, Arcade  # noqa: E402

PAGES = {"home": "/", "table": "/learn/cyberpunk-ccg"}
CATEGORIES = ("accessibility", "best-practices", "performance")


def audit(lighthouse: str, url: str, preset: str) -> dict[str, Any]:
    """One Lighthouse run: each category's score out of 100, and the audits that lost points."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        command = [
            lighthouse,
            url,
            "--quiet",
            "--output=json",
            f"--output-path={report}",
            f"--only-categories={','.join(CATEGORIES)}",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
        ]
        if preset == "desktop":
            command.append("--preset=desktop")
        env = {**os.environ, "CHROME_PATH": str(CHROMIUM)}
        subprocess.run(command, check=True, env=env, timeout=300)
        data = json.loads(report.read_text())
    scores = {c: round(100 * (data["categories"][c]["score"] or 0)) for c in CATEGORIES}
    lost = sorted(
        a["id"]
        for c in CATEGORIES
        for ref in data["categories"][c]["auditRefs"]
        if ref["weight"]
        and (a := data["audits"][ref["id"]])["score"] is not None
        and a["score"] < 1
    )
    return {"scores": scores, "lost_points": lost}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lighthouse", default="lighthouse", help="the lighthouse command")
    parser.add_argument("--out", help="write the scores here (JSON, with provenance)")
    args = parser.parse_args()
    found: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as data:
        server = Arcade(Path(data)).start()
        try:
            for name, path in PAGES.items():
                for preset in ("desktop", "mobile"):
                    result = audit(args.lighthouse, server.base + path, preset)
                    found[f"{name}-{preset}"] = result
                    print(name, preset, result["scores"], "lost:", ", ".join(result["lost_points"]))
        finally:
            server.stop()
    if args.out:
        write_result(args.out, {"lighthouse": "12.2.3", "pages": PAGES, "results": found})


if __name__ == "__main__":
    main()
