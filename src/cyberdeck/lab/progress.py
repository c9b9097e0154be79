"""Progress on long work: a bar with the count, the rate and the time left.

On a terminal it is a live bar on stderr (rich's); elsewhere (a log, CI) a plain line at every
tenth, so a long run's output stays short and readable.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

#: ``advance(done, note)``: ``done`` units so far, and a short note to show beside the bar.
Advance = Callable[[int, str], None]


@contextmanager
def progress_bar(total: int, unit: str) -> Iterator[Advance]:
    if not sys.stderr.isatty():
        step = max(1, total // 10)
        shown = [0]

        def line(done: int, note: str) -> None:
            if done >= shown[0] + step or (done == total and shown[0] != total):
                shown[0] = done
                sys.stderr.write(f"{done}/{total} {unit}{', ' + note if note else ''}\n")

        yield line
        return
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(unit),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        TextColumn("{task.fields[note]}"),
    )
    with Progress(*columns, console=Console(stderr=True), transient=False) as bar:
        task = bar.add_task("", total=total, note="")

        def advance(done: int, note: str) -> None:
            bar.update(task, completed=done, note=note)

        yield advance
