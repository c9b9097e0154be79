"""Where the games of a run are played: this process, local worker processes, or a Dask cluster.

Games go out in batches sized so that a task runs for at least ``MIN_TASK_S`` (``DASK_MIN_TASK_S``
on Dask; the first game is timed for that), yet every worker still gets several tasks to balance
the load. Rows come back in
whatever order tasks finish and are sorted by game number, so the executor never shows in the
results. Ctrl-C, SIGTERM and SIGHUP (a closed terminal, a scheduler's stop) stop the run cleanly:
the games already finished are kept (handed to ``on_rows`` as each batch finishes, which is how a
run's folder keeps them even through ``kill -9``), the rest dropped. Worker processes give up
the game in hand at its next decision and hand back the games they finished; they are never
killed, since a worker killed while it sends a result leaves half a message in the pipe, which
the pool then waits on forever. A signal the process was started to ignore (SIGHUP under
``nohup``) stays ignored.
"""

from __future__ import annotations

import ctypes
import math
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ..engine import BadOption
from .playing import Planned, Setup, play_batch, play_game

MIN_TASK_S = 0.1
#: Tasks sent to Dask are longer: its scheduler and client spend a few milliseconds of CPU on each
#: task, which on 0.1 s tasks came to a tenth of the run (measured in bench/lab.py).
DASK_MIN_TASK_S = 1.0
SCHEMES = ("tcp://", "tls://", "ucx://", "inproc://")
CONNECT_S = 30
TASKS_PER_WORKER = 4

Progress = Callable[[int, int, float], None]
Rows = Callable[[list[dict[str, Any]]], None]
#: The signals that stop a run as Ctrl-C does: a polite kill, and the terminal going away.
STOPS = (signal.SIGTERM, signal.SIGHUP)
#: How often the run, waiting on its worker processes, looks whether it was asked to stop.
POLL_S = 0.1


@dataclass
class Played:
    """The rows of a run, and whether it was stopped before the end."""

    rows: list[dict[str, Any]]
    interrupted: bool = False


def run_games(
    setup: Setup,
    plan: list[Planned],
    workers: int | None = None,
    dask: str | None = None,
    progress: Progress | None = None,
    on_rows: Rows | None = None,
) -> Played:
    """Play every planned game; ``dask`` is ``local`` (a LocalCluster of ``workers`` processes) or
    a scheduler address (``tcp://host:8786``); otherwise ``workers`` local processes (1: here)."""
    check_executor(workers, dask)
    workers = workers or os.cpu_count() or 1
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()

    def keep(done: list[dict[str, Any]]) -> None:
        rows.extend(done)
        if on_rows is not None:
            on_rows(done)
        if progress is not None:
            progress(len(rows), len(plan), time.perf_counter() - started)

    interrupted = False
    try:
        with signals_stop() as stop:
            _play_all(setup, plan, workers, dask, keep, stop)
    except KeyboardInterrupt:
        interrupted = True
    rows.sort(key=lambda r: r["number"])
    return Played(rows, interrupted)


class Stop:
    """A stop signal's handler: it raises ``KeyboardInterrupt`` at once, except while ``held``,
    when it is only noted and ``check`` raises it at a safe point. The run holds it while it works
    with its worker processes: raised inside ``concurrent.futures``' own code (between the locks
    ``wait`` takes one by one, say), it could leave a future's lock taken, and the shutdown that
    follows would wait for that lock forever."""

    def __init__(self) -> None:
        self.asked = False
        self.held = False

    def __call__(self, signum: int, frame: Any) -> None:
        self.asked = True
        if not self.held:
            raise KeyboardInterrupt

    @contextmanager
    def holding(self) -> Iterator[None]:
        self.held = True
        try:
            yield
        finally:
            self.held = False

    def check(self) -> None:
        if self.asked:
            raise KeyboardInterrupt


@contextmanager
def signals_stop() -> Iterator[Stop]:
    """Ctrl-C, SIGTERM and SIGHUP stop the run while it plays (``Stop``); a signal set to be
    ignored stays ignored, and only the main thread may set handlers (elsewhere the defaults stay,
    and the ``Stop`` is never asked)."""
    stop = Stop()
    try:
        before = {
            s: signal.signal(s, stop)
            for s in (signal.SIGINT, *STOPS)
            if signal.getsignal(s) is not signal.SIG_IGN
        }
    except ValueError:
        yield stop
        return
    try:
        yield stop
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)


def _play_all(
    setup: Setup,
    plan: list[Planned],
    workers: int,
    dask: str | None,
    keep: Callable[[list[dict[str, Any]]], None],
    stop: Stop,
) -> None:
    if not plan:
        return
    first = time.perf_counter()
    keep([play_game(setup, plan[0])])
    rest = plan[1:]
    least = MIN_TASK_S if dask is None else DASK_MIN_TASK_S
    size = batch_size(time.perf_counter() - first, len(rest), workers, least)
    batches = [rest[i : i + size] for i in range(0, len(rest), size)]
    if dask is not None:
        _on_dask(setup, batches, dask, workers, keep)
    elif workers == 1:
        for batch in batches:
            keep(play_batch(setup, batch))
    else:
        _on_processes(setup, batches, workers, keep, stop)


def batch_size(game_s: float, games: int, workers: int, least: float = MIN_TASK_S) -> int:
    """Games per task: enough for ``least`` seconds of work, few enough for every worker to get
    ``TASKS_PER_WORKER`` tasks when there are games for it."""
    enough = math.ceil(least / max(game_s, 1e-6))
    spread = max(1, games // (workers * TASKS_PER_WORKER))
    return max(1, min(enough, spread) if games >= workers * TASKS_PER_WORKER else enough)


def check_executor(workers: int | None, dask: str | None) -> None:
    """A sentence for an executor that cannot play, before a folder is claimed or a game played."""
    if workers is not None and workers < 1:
        raise BadOption(f"Play on at least one worker (--workers {workers} asks for none).")
    if dask is not None:
        check_dask(dask)


def check_dask(where: str) -> None:
    """A clear sentence, before any game is played, for a missing Dask or a bad address."""
    try:
        import distributed  # noqa: F401
    except ImportError as err:
        raise BadOption(
            f"Dask needs the lab extra (pip install 'cyberdeck[lab]'): {err}."
        ) from None
    if where != "local" and not where.startswith(SCHEMES):
        raise BadOption(
            f"--dask takes 'local' or a scheduler address such as tcp://host:8786, not '{where}'."
        )


#: In a worker process: set by the run when it stops (``_on_processes``).
_HALT: Any = None


def _worker(halt: Any) -> None:
    """Workers leave Ctrl-C to the designer's process, which stops the run and keeps its rows;
    the stop signals take back their default (a forked worker inherits the run's handler, which
    would turn a signal meant for the worker into a task error the worker outlives). ``halt`` is
    the run's shared flag: set, the worker's games end at their next decision."""
    global _HALT
    _HALT = halt
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for stop in STOPS:
        signal.signal(stop, signal.SIG_DFL)


def _halted() -> bool:
    return bool(_HALT.value)


def _play_batch(setup: Setup, batch: list[Planned]) -> list[dict[str, Any]]:
    return play_batch(setup, batch, _halted)


def _on_processes(
    setup: Setup,
    batches: list[list[Planned]],
    workers: int,
    keep: Callable[[list[dict[str, Any]]], None],
    stop: Stop,
) -> None:
    halt = multiprocessing.RawValue(ctypes.c_bool, False)
    pool = ProcessPoolExecutor(workers, initializer=_worker, initargs=(halt,))
    with stop.holding():
        pending: set[Future[list[dict[str, Any]]]] = {
            pool.submit(_play_batch, setup, batch) for batch in batches
        }
        try:
            while pending and not stop.asked:
                done, pending = wait(pending, POLL_S, return_when=FIRST_COMPLETED)
                for future in done:
                    keep(future.result())
        finally:
            # Stopped, or a game failed: the batches not begun are dropped, the workers give up
            # the games in hand at their next decision, and the games they finished are kept.
            halt.value = True
            pool.shutdown(wait=True, cancel_futures=True)
            for future in pending:
                if not future.cancelled() and future.exception() is None:
                    keep(future.result())
    stop.check()


#: Dask settings for the lab's workers. The worker's own profiler samples the running task's stack
#: every 10 ms: on game playing (deep pure-Python stacks) that sampling alone cost more CPU than
#: every other Dask overhead together, and the lab never reads those profiles.
WORKER_CONFIG = {"distributed.worker.profile.enabled": False}


def local_cluster(workers: int) -> Any:
    """A ``LocalCluster`` of ``workers`` single-threaded processes set up as the lab wants them
    (``WORKER_CONFIG``); a long-lived cluster's workers take the same settings from the
    environment (docs/lab.md)."""
    import dask
    from distributed import LocalCluster

    with dask.config.set(WORKER_CONFIG):
        return LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )


def _on_dask(
    setup: Setup,
    batches: list[list[Planned]],
    where: str,
    workers: int,
    keep: Callable[[list[dict[str, Any]]], None],
) -> None:
    try:
        from distributed import Client, as_completed
    except ImportError as err:
        raise BadOption(
            f"Dask needs the lab extra (pip install 'cyberdeck[lab]'): {err}."
        ) from None
    cluster = None
    if where == "local":
        cluster = local_cluster(workers)
        client = Client(cluster)
    else:
        try:
            client = Client(where, timeout=CONNECT_S)
        except OSError as err:
            raise BadOption(f"Cannot reach the Dask scheduler at {where}: {err}.") from None
    try:
        futures = [client.submit(play_batch, setup, batch, pure=False) for batch in batches]
        try:
            for future in as_completed(futures):
                keep(future.result())
        except KeyboardInterrupt:
            client.cancel(futures)
            raise
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
