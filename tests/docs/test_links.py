"""Every relative link in README.md, bench/README.md and docs/ points at a file of the clone, and at a heading of
that file where the link names one: pages move and headings change, and a reader following a dead
link learns nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted([ROOT / "README.md", ROOT / "bench" / "README.md", *(ROOT / "docs").rglob("*.md")])

#: A Markdown link's target: ``[text](target)``, the target without a title.
LINK = re.compile(r"\]\(([^)\s]+)\)")
#: A path in backticks that names one of the repository's files (``bench/ai.py``).
QUOTED = re.compile(r"`((?:docs|bench|scripts|examples|tests|src)/[\w./-]+)`")
#: Placeholders in quoted paths that stand for any game, file or folder: not one path.
PLACEHOLDER = re.compile(r"GAME|FILE|FOLDER|OUT|<|\*|\{")


def anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to dashes."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    return {anchor(h) for h in re.findall(r"^#+ (.+)$", text, flags=re.M)}


def links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    return LINK.findall(text)


def broken(page: Path, root: Path = ROOT) -> list[str]:
    """Each link of ``page`` that does not lead to a file under ``root``, or to a heading of it that
    the link names, as the link was written."""
    found = []
    for link in links(page):
        if "://" in link or link.startswith("mailto:"):
            continue
        path, _, fragment = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        missing = not target.is_relative_to(root) or not target.exists()
        if missing or (fragment and target.suffix == ".md" and fragment not in anchors(target)):
            found.append(link)
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_leads_somewhere(page: Path) -> None:
    assert broken(page) == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_quoted_path_is_in_the_clone(page: Path) -> None:
    quoted = QUOTED.findall(page.read_text())
    missing = [q for q in quoted if not PLACEHOLDER.search(q) and not (ROOT / q).exists()]
    assert missing == []


def test_a_dead_link_and_a_missing_heading_are_found(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    (tmp_path / "other.md").write_text("# Other page\n\n## Its part\n")
    page.write_text(
        "[ok](other.md) [ok](other.md#its-part) [dead](gone.md) [no heading](other.md#nowhere)\n"
        "[here](#a-heading)\n\n## A heading\n"
    )
    assert broken(page, root=tmp_path) == ["gone.md", "other.md#nowhere"]
