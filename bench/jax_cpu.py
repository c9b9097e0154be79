"""Ask XLA for one thread before JAX loads: this machine's two cores were shared by five people,
and a bench's figures are per CPU second of its process. Import it first in a JAX bench.

XLA's CPU runtime still spreads a large step over the cores it finds (measured on 2026-11-29: the
MATR1X fleet loop made 476,000 decisions a wall-clock second pinned to one core with
``taskset -c 0`` and up to 687,000 unpinned), so a CPU second here is the sum of both threads'.
For one core, pin the process; for the whole machine, ``bench/jax_machine.py``."""

from __future__ import annotations

import os

os.environ.setdefault(
    "XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
)
os.environ.setdefault("JAX_PLATFORMS", "cpu")
