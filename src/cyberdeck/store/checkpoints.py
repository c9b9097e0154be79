"""SQLite's checkpoints on a thread of their own, so that no commit of a move waits for one.

In WAL mode a commit appends to the log; a checkpoint copies the log back into the database file
and syncs it. Left to SQLite, the checkpoint runs inside whichever commit takes the log past a
thousand pages, and the match server commits its moves on the event loop: under a thousand
matches that was two commits a second over 5 ms and some over 80 ms, during which no match moved
(docs/server.md).

Here every connection of the store is opened with ``wal_autocheckpoint=0`` and this thread does
the copying on a connection of its own. ``PASSIVE`` copies what it can without taking any lock:
the bulk of the work, off the event loop (the driver releases the interpreter lock for it).
Copying alone never lets the log start over, though: with moves committed while it copies, the
log is never wholly copied at the moment the next writer begins, and it would grow for ever.
So once the log holds ``restart_frames`` pages, a ``RESTART`` checkpoint holds the writers off
for as long as it takes to copy the few pages added since the last pass and sync, so that the
next writer starts the log from the beginning. A writer that finds the lock taken meanwhile is
told at once (``Store.commit`` raises ``StoreBusy``) and tries again a moment later, without
blocking the loop.
"""

from __future__ import annotations

import sqlite3
import threading
import time

#: Seconds between passes, and the log's size (in pages, 4 KiB each) past which it is restarted.
EVERY = 0.1
RESTART_FRAMES = 1000


class Checkpoints:
    """A daemon thread checkpointing the SQLite file at ``path`` until ``stop``."""

    def __init__(
        self, path: str, every: float = EVERY, restart_frames: int = RESTART_FRAMES
    ) -> None:
        self.path = path
        self.every = every
        self.restart_frames = restart_frames
        #: Passes made, restarts among them, the longest restart in seconds (the time writers
        #: were held off), and the log's length in pages after the latest pass.
        self.passes = 0
        self.restarts = 0
        self.longest_restart = 0.0
        self.log_pages = 0
        #: The last failure of a pass (the thread goes on; the next pass tries again).
        self.failure: str | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cyberdeck-checkpoints", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """End the thread after one last pass."""
        if self._thread.is_alive():
            self._stop.set()
            self._thread.join()

    def _run(self) -> None:
        connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            connection.execute("PRAGMA busy_timeout=5000")
            while not self._stop.wait(self.every):
                self.run_once(connection)
            self.run_once(connection)
        finally:
            connection.close()

    def run_once(self, connection: sqlite3.Connection) -> None:
        """One pass: copy what can be copied; restart the log once it has grown long."""
        try:
            _, log, _ = connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            self.passes += 1
            if log >= self.restart_frames:
                began = time.perf_counter()
                _, log, _ = connection.execute("PRAGMA wal_checkpoint(RESTART)").fetchone()
                self.longest_restart = max(self.longest_restart, time.perf_counter() - began)
                self.restarts += 1
            self.log_pages = log
        except sqlite3.Error as err:
            self.failure = str(err)

    def report(self) -> dict[str, float | int | str | None]:
        return {
            "passes": self.passes,
            "restarts": self.restarts,
            "longest_restart_ms": round(self.longest_restart * 1000, 1),
            "log_pages": self.log_pages,
            "failure": self.failure,
        }
