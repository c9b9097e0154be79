"""Where a twin's batch step goes: XLA's operations by time, from JAX's own profiler, for the
``Fleet`` loop that ``bench/jax_envs.py`` times (random legal actions drawn inside ``jit`` by
``bits.random_legal``, a finished game taking the next of the reserve), for either twin.

Each operation's time is the median of its runs over ``--rounds`` profiled calls, times how often
it runs a call, so that a run the machine's other users interrupt does not count; the profiler's
own cost makes small operations look dearer than they are. Each of the top operations is named
with the lines of the twin it was compiled from (the HLO's stack frames), and what kinds of HLO
it holds: a gather, a transpose or a long list of selects inside a fusion at batch 1,024 is
where to look.

    nice -n 5 python bench/jax_profile.py [--twin matrix-overload|cipher-run] [--batch 1024]

Prints a table; writes nothing. Numbers are measured, never asserted.
"""

from __future__ import annotations

import jax_cpu  # noqa: F401  (before JAX: XLA's threads)

# isort: split

import argparse
import collections
import re
import statistics
import tempfile
from pathlib import Path
from typing import Any

import jax
import jax_envs

from cyberdeck.envs.jax import make
from cyberdeck.envs.jax.cipher_run import CipherRun


def op_times(compiled: Any, args: Any, rounds: int) -> dict[str, tuple[float, int]]:
    """Per operation: seconds a call (median run times runs a call) and runs a call."""
    jax.block_until_ready(compiled(*args))
    runs: dict[str, list[int]] = collections.defaultdict(list)
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as folder:
            with jax.profiler.trace(folder):
                jax.block_until_ready(compiled(*args))
            (trace,) = Path(folder).rglob("*.xplane.pb")
            profile = jax.profiler.ProfileData.from_file(str(trace))
        for plane in profile.planes:
            for line in plane.lines:
                for event in line.events:
                    xla = plane.name == "/host:CPU" and line.name.startswith("tf_XLA")
                    if xla and not event.name.startswith("ThunkExecutor"):
                        runs[event.name].append(event.duration_ns)
    return {
        name: (statistics.median(ns) * (len(ns) // rounds) / 1e9, len(ns) // rounds)
        for name, ns in runs.items()
    }


def sources(hlo: str) -> dict[str, str]:
    """Stack frame id -> the innermost line of ``cyberdeck`` it was traced from."""
    section = hlo.split("FunctionNames")[0]
    files = dict(re.findall(r'^(\d+) "(.*)"$', section, re.M))
    locations = {
        m[0]: (files[m[1]], m[2])
        for m in re.findall(
            r"^(\d+) \{file_name_id=(\d+) function_name_id=\d+ line=(\d+)",
            hlo.split("FileLocations")[1].split("StackFrames")[0],
            re.M,
        )
    }
    frames = dict(
        re.findall(
            r"^(\d+) \{file_location_id=(\d+) parent_frame_id=\d+",
            hlo.split("StackFrames")[1],
            re.M,
        )
    )
    named = {}
    for frame, location in frames.items():
        path, line = locations[location]
        if "cyberdeck" in path:
            named[frame] = f"{path.split('cyberdeck/')[-1]}:{line}"
    return named


def describe(hlo: str, name: str, named: dict[str, str]) -> str:
    """The shape an operation makes, the kinds of HLO inside it, and the lines it came from."""
    found = re.search(r"%" + re.escape(name) + r" = (\S+)[^\n]*", hlo)
    if not found:
        return ""
    line = found.group(0)
    called = re.search(r"calls=%([\w.]+)", line)
    fused = (
        re.search(r"^%" + re.escape(called.group(1)) + r" .*?^}", hlo, re.M | re.S)
        if called
        else None
    )
    body = fused.group(0) if fused else line
    kinds = collections.Counter(re.findall(r"= \S+ (\w[\w-]*)\(", body))
    notable = [
        k for k in ("gather", "scatter", "transpose", "dot", "concatenate", "reduce") if kinds[k]
    ]
    lines = sorted({named[f] for f in re.findall(r"stack_frame_id=(\d+)", body) if f in named})
    return (
        f"{found.group(1)[:34]}  {sum(kinds.values())} ops {' '.join(notable)}  "
        f"{', '.join(lines[:4])}{' ...' if len(lines) > 4 else ''}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--twin", default="matrix-overload")
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--no-observation", action="store_true")
    args = parser.parse_args()
    if args.twin == "cipher-run":
        env = CipherRun()  # not yet in ``make``
    else:
        env = make(args.twin, **({"observations": False} if args.no_observation else {}))
    run, convoy, keys = jax_envs.fleet_loop(env, args.batch, args.steps)
    call = (convoy, keys)
    compiled = jax.jit(run).lower(*call).compile()
    times = op_times(compiled, call, args.rounds)
    hlo = compiled.as_text()
    named = sources(hlo)
    total = sum(seconds for seconds, _ in times.values())
    print(f"{args.twin} fleet, batch {args.batch}: {total / args.steps * 1e3:.2f} ms a step in all")
    ranked = sorted(times.items(), key=lambda item: -item[1][0])[: args.top]
    for name, (seconds, count) in ranked:
        per_step = seconds / args.steps * 1e3
        print(f"{per_step:7.3f} ms {count:5d}x  {name:28s} {describe(hlo, name, named)}")


if __name__ == "__main__":
    main()
