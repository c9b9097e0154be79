"""A game's rules in the terminal: its rules page (Markdown) drawn for the terminal by rich, whole
or one section of it, so that ``rules`` in a game opens at the part of the turn the player is in
and ``cyberdeck rules GAME SECTION`` at the heading asked for."""

from __future__ import annotations

import io
import re

from rich.console import Console
from rich.markdown import Markdown

from ..engine import CyberdeckError, Game
from ..engine.registry import rules_path

#: The widest the rules are laid out, however wide the window: longer lines are hard to read.
WIDEST = 100

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


class NoRules(CyberdeckError):
    """The rules, or the section asked for, are not there."""


def rules_markdown(game: Game) -> str:
    path = rules_path(game.id)
    if path is None:
        raise NoRules(f"The rules of {game.title} are not installed.")
    return path.read_text(encoding="utf-8")


def headings(markdown: str) -> list[str]:
    """The section headings of a rules page, in order (the page's title left out)."""
    return [title for _, _, title in _sections(markdown.split("\n"))]


def section(game: Game, markdown: str, wanted: str) -> str:
    """The section of ``markdown`` under the heading ``wanted`` (its case and any part of it
    will do: "paying", "hits"), down to the next heading of the same or a higher level."""
    key = wanted.strip().lower()
    lines = markdown.split("\n")
    found = _sections(lines)
    chosen = next((f for f in found if f[2].lower() == key), None)
    chosen = chosen or next((f for f in found if key and key in f[2].lower()), None)
    if chosen is None:
        known = "; ".join(title for _, _, title in found)
        raise NoRules(f"{game.title}'s rules have no section '{wanted}'; the sections: {known}.")
    start, level, _ = chosen
    end = next((i for i, lv, _ in found if i > start and lv <= level), len(lines))
    return "\n".join(lines[start:end]).strip() + "\n"


def draw(markdown: str, width: int, colour: bool) -> str:
    """Markdown drawn for a terminal ``width`` columns wide (``WIDEST`` at most): headings,
    lists and tables laid out, emphasis in colour when ``colour``, never the page's raw ``#``
    and ``|`` marks."""
    out = io.StringIO()
    console = Console(
        file=out,
        width=min(width, WIDEST),
        force_terminal=colour,
        no_color=not colour,
        color_system="standard" if colour else None,
        highlight=False,
        emoji=False,
    )
    console.print(Markdown(markdown, hyperlinks=False))
    return "\n".join(line.rstrip() for line in out.getvalue().rstrip("\n").split("\n"))


def _sections(lines: list[str]) -> list[tuple[int, int, str]]:
    """Each heading below the page's title: its line, its level and its text. A ``#`` inside
    a fenced code block is a comment, not a heading."""
    found = []
    inside = False
    for i, line in enumerate(lines):
        if line.lstrip().startswith("```"):
            inside = not inside
            continue
        match = None if inside else _HEADING.match(line)
        if match is not None and len(match.group(1)) > 1:
            found.append((i, len(match.group(1)), match.group(2)))
    return found
