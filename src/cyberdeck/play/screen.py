"""The terminal's window: its size, and text made to fit it.

A move's screen is what the player reads before typing: the log since their last move, the
table, the moves. In a small window (80×24, the size a terminal opens at) those do not all fit,
so the table stays whole and the rest gives way: the log keeps its newest lines, the menu lists
whole groups of moves while there is room and names the rest by their number ranges. Long texts
(``help``, ``moves``, ``log``, the rules) go through a pager, a window at a time. Every line is
wrapped at word boundaries, since a terminal breaks an overlong line mid-word.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len

#: The window assumed where the terminal does not say (a pipe, a test): a new terminal's size.
DEFAULT = (80, 24)
#: The least width and height we lay out for; a smaller window gets this and wraps.
SMALLEST = (40, 10)
#: The size of a "window" that is no terminal: nothing is wrapped or folded.
UNBOUNDED = 1_000_000
#: The lines a tall terminal holds: what a hot-seat handover scrolls away where the window's own
#: height is not known.
TALL_TERMINAL = 60
#: The log's newest lines kept on a crowded screen before the menu is folded (what the opponent
#: just did matters more than seeing every move written out: the numbers still work).
LOG_KEPT = 4

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
#: Where a wrapped line's continuation starts: under the text after a bullet ("  · ") or a
#: menu number ("  12. ", "  g2. "), else under the line's own indentation.
_HANGING = re.compile(r"^(\s*(?:·|\d+\.|g\d+\.|-)\s+|\s*)")


def visible(text: str) -> int:
    """The columns ``text`` takes on screen (colour codes take none; wide characters two)."""
    return cell_len(_ANSI.sub("", text))


@dataclass(frozen=True, slots=True)
class Screen:
    """A window of ``width`` columns and ``height`` lines."""

    width: int = DEFAULT[0]
    height: int = DEFAULT[1]

    @classmethod
    def of_terminal(cls) -> Screen:
        """The terminal's size now (``COLUMNS`` and ``LINES`` override it, as in any shell).
        Output that goes to no terminal (a pipe, a file) and is given no size is not folded: a
        program reading it wants every line whole."""
        forced = "COLUMNS" in os.environ or "LINES" in os.environ
        if not forced and not sys.stdout.isatty():
            return cls(UNBOUNDED, UNBOUNDED)
        size = shutil.get_terminal_size(DEFAULT)
        return cls(max(size.columns, SMALLEST[0]), max(size.lines, SMALLEST[1]))

    def blank(self) -> str:
        """Blank lines enough to scroll the window's text out of sight, where there is no
        clearing it (no ANSI); for output that is no terminal, as many as a tall one has."""
        return "\n" * (self.height if self.height < UNBOUNDED else TALL_TERMINAL)

    def fit(self, text: str) -> str:
        """``text`` wrapped to the window (``wrap``), as one string to print."""
        return "\n".join(self.wrap(text))

    def wrap(self, text: str) -> list[str]:
        """``text``'s lines, each broken at word boundaries to the width; a continuation is
        indented under the text of its line (after a bullet or a menu number). A word wider
        than the window (a long file name) keeps a line of its own, whole, so it can be copied."""
        out: list[str] = []
        for line in text.split("\n"):
            out.extend(self._wrap_line(line))
        return out

    def _wrap_line(self, line: str) -> list[str]:
        if visible(line) <= self.width:
            return [line]
        hang = _HANGING.match(_ANSI.sub("", line))
        indent = " " * min(len(hang.group(1)) if hang else 0, self.width // 2)
        lead = len(line) - len(line.lstrip(" "))
        words = line[lead:].split(" ")
        lines: list[str] = []
        current, used = line[:lead], lead
        for word in words:
            size = visible(word)
            if used + size > self.width and current.strip():
                lines.append(current.rstrip())
                current, used = indent, len(indent)
            current += word + " "
            used += size + 1
        if current.strip():
            lines.append(current.rstrip())
        return lines


def reflowed(text: str) -> str:
    """``text`` with its paragraphs' line breaks taken out (a blank line still parts two), so
    that a text written to some width (a tutorial's step) wraps to the window's instead."""
    return "\n\n".join(" ".join(p.split()) for p in re.split(r"\n\s*\n", text.strip()))


def fold_log(lines: Sequence[str], room: int) -> list[str]:
    """The log's newest lines that fit in ``room`` lines, the first saying how many are left
    out (``log`` shows them all)."""
    if len(lines) <= room:
        return list(lines)
    if room <= 0:
        return []
    kept = list(lines[len(lines) - room + 1 :])
    left = len(lines) - len(kept)
    return [f"  · ({left} earlier line{'s' if left != 1 else ''}: 'log' shows them)", *kept]


@dataclass(frozen=True, slots=True)
class MenuGroup:
    """A heading of the menu, the numbers its entries are chosen by ("8–19", "g1–g4"), and
    its entries, each a line."""

    heading: str
    numbers: str
    entries: tuple[str, ...]


def listed(groups: Sequence[MenuGroup]) -> str:
    """The whole menu, each group's heading and then every entry on its line."""
    return "\n".join(line for g in groups for line in (g.heading + ":", *g.entries))


def fold_menu(screen: Screen, groups: Sequence[MenuGroup], room: int) -> list[str]:
    """The menu in ``room`` lines if it fits: whole groups in order while there is room, the
    rest named by their numbers in a sentence ("Also: 8–19 Run a program, ..."); the numbers
    work whether or not their moves are on screen, and ``moves`` lists them all."""
    wrapped_full = screen.wrap(listed(groups))
    if len(wrapped_full) <= room:
        return wrapped_full
    shown: list[str] = []
    for index, group in enumerate(groups):
        rest = groups[index + 1 :]
        lines = screen.wrap("\n".join((group.heading + ":", *group.entries)))
        tail = _rest_sentence(screen, rest)
        if len(shown) + len(lines) + len(tail) <= room:
            shown += lines
            continue
        return shown + _rest_sentence(screen, groups[index:], first=not shown)
    return shown


def _rest_sentence(screen: Screen, groups: Sequence[MenuGroup], first: bool = False) -> list[str]:
    if not groups:
        return []
    named = ", ".join(f"{g.numbers} {g.heading}" for g in groups)
    lead = "Moves" if first else "Also"
    return screen.wrap(f"{lead}: {named} ('moves' lists them).")


def page(screen: Screen, text: str, say: Callable[[str], None], ask: Callable[[str], str]) -> None:
    """``text`` a window at a time: Enter shows the next, ``q`` stops (so does the end of input)."""
    lines = screen.wrap(text)
    size = max(screen.height - 1, 1)
    for start in range(0, len(lines), size):
        say("\n".join(lines[start : start + size]))
        if start + size >= len(lines):
            return
        try:
            answer = ask(f"-- {start + size} of {len(lines)} lines: Enter for more, q to stop -- ")
        except EOFError:
            return
        if answer.strip().lower() in ("q", "quit"):
            return
