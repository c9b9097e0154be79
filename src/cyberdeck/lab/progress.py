"""Progress on long work: a bar with the count, the rate and the time left.

On a terminal it is a live bar on stderr (rich's); elsewhere (a log, CI) a plain line at every
tenth, so a long run's output stays short and readable. One bar serves every long command (the
fuzz, the arena, the lab's runs); work done in several runs (the deck search's generations) gets
a bar per run.
"""

from __future__ import annotations

import sys
from types import TracebackType

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


class ProgressBar:
    """``with ProgressBar("games") as bar:`` then ``bar.update(done, total, note)``; the bar is
    also a lab ``Progress`` callback (``bar(done, total, elapsed)``)."""

    def __init__(self, unit: str) -> None:
        self.unit = unit
        self._live: Progress | None = None
        self._task: TaskID | None = None
        self._total = 0
        self._done = 0
        self._shown = -1

    def __enter__(self) -> ProgressBar:
        if sys.stderr.isatty():
            self._live = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn(self.unit),
                TimeElapsedColumn(),
                TextColumn("left"),
                TimeRemainingColumn(),
                TextColumn("{task.fields[note]}"),
                console=Console(stderr=True),
            )
            self._live.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        err: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._live is not None:
            self._live.stop()

    def __call__(self, done: int, total: int, elapsed: float = 0.0) -> None:
        self.update(done, total)

    def update(self, done: int, total: int, note: str = "") -> None:
        new_run = total != self._total or done < self._done
        self._total, self._done = total, done
        if self._live is not None:
            if new_run or self._task is None:
                self._task = self._live.add_task("", total=total, note="")
            self._live.update(self._task, completed=done, note=note)
            return
        if new_run:
            self._shown = -1
        tenth = 10 * done // max(1, total)
        if tenth > self._shown:
            self._shown = tenth
            sys.stderr.write(f"{done}/{total} {self.unit}{', ' + note if note else ''}\n")
