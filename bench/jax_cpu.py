"""Keep XLA to one thread before JAX loads: this machine's two cores are shared by five people,
and a bench's figures are per CPU second of one process. Import it first in a JAX bench."""

from __future__ import annotations

import os

os.environ.setdefault(
    "XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
)
os.environ.setdefault("JAX_PLATFORMS", "cpu")
