"""Regenerate the golden playthroughs in tests/golden/ (run `make golden`, then review the diff)."""

from pathlib import Path

from cyberdeck.lab.golden import write_goldens

if __name__ == "__main__":
    folder = Path(__file__).resolve().parents[1] / "tests" / "golden"
    for path in write_goldens(folder):
        print(f"wrote {path.relative_to(folder.parents[1])}")
