"""No file of the project speaks of how its work was organised (a session or an issue by its
number): such words mean nothing to a reader of the product, in a comment, a doc, a bench or a
result file's name. The product's own sessions (guest sessions, ``SessionRow``, the session cookie) are never
numbered like that, so the pattern needs no list of exceptions."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: A session or an issue by number, in any case, with a space, hyphen, underscore, "#" or nothing between.
ORGANISED = re.compile(r"\b(session|issue)s?[ _-]?#?\d+", re.IGNORECASE)


def tracked() -> list[str]:
    """The repository's files as git knows them, deleted ones left out."""
    out = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    return [name for name in out.split("\0") if name and (ROOT / name).is_file()]


def mentions(name: str, text: str) -> list[str]:
    """Each place in a file's name or text that names a session or an issue by number."""
    found = [f"{name}: its name" for _ in ORGANISED.finditer(name)]
    for number, line in enumerate(text.splitlines(), start=1):
        found += [f"{name}:{number}: {m.group(0)}" for m in ORGANISED.finditer(line)]
    return found


def test_no_file_names_a_session_or_an_issue() -> None:
    found = []
    for name in tracked():
        data = (ROOT / name).read_bytes()
        text = "" if b"\0" in data else data.decode("utf-8", errors="replace")
        found += mentions(name, text)
    assert found == []


def test_the_scan_finds_the_words_and_leaves_the_product_alone() -> None:
    # Built from parts, so that this file does not name one itself.
    session, issue = "Session", "issue"
    assert mentions(f"bench/results/load-{session.lower()}16-a.json", "") != []
    assert mentions("bench/x.py", f"measured in {session} 18: the\nas {issue} #24 asks") == [
        f"bench/x.py:1: {session} 18",
        f"bench/x.py:2: {issue} #24",
    ]
    product = "a guest session, SessionRow, the session cookie, 20 sessions per user (session_days)"
    assert mentions("src/cyberdeck/server/sessions.py", product) == []
