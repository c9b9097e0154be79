"""The compiled build: the engine, the games' rules and the agents compiled with mypyc.

The code is ``mypy --strict`` clean, so mypyc compiles it as it stands; the compiled modules play
exactly the games the pure ones do (``bench/lean.py`` compares fingerprints), 1.69 times faster on
average (1.3-2.6 times; docs/speed.md). Only the hot modules are compiled: views, rendering, explanations and card data
stay interpreted (compiling the card tables made a 57 MB C file for no speed).

`python scripts/build_mypyc.py` builds the extension modules next to the sources in ``src/``
(Python imports an extension module before a ``.py`` of the same name), so the test suite runs
against them (`make test-compiled`); `--clean` removes them again. The package build
(``hatch_build.py``) calls ``build`` for a wheel when a C compiler is present and stays pure Python
otherwise. Nothing here runs when the package is imported.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import sysconfig
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
#: Modules that stay interpreted: what people read (views, rendering, explanations, menus), card
#: data, setup and the game classes (plugins and tests subclass the contract's classes there).
INTERPRETED = {
    "__init__", "campaign", "cardset", "cardtext", "decks", "encoding", "explain", "game",
    "gestures", "layout", "position", "prompts", "render", "review", "table",
}  # fmt: skip
ENGINE = ("actions", "errors", "events", "game", "playback", "record", "rng")


def modules(src: Path = SRC) -> list[str]:
    """The compiled modules' paths, relative to ``src``."""
    pkg = src / "cyberdeck"
    paths = [pkg / "engine" / f"{name}.py" for name in ENGINE]
    # The learned players are numpy's matrix products and travel to workers by pickle: interpreted.
    learned = {"__init__", "policy", "expert"}
    paths += [p for p in sorted((pkg / "agents").glob("*.py")) if p.stem not in learned]
    paths += [p for p in sorted((pkg / "games").glob("*/*.py")) if p.stem not in INTERPRETED]
    return [str(p.relative_to(src)) for p in paths]


def compiler_present() -> bool:
    """A C compiler and Python's headers: what building an extension module needs."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    include = sysconfig.get_paths()["include"]
    return shutil.which(cc) is not None and (Path(include) / "Python.h").exists()


def build(src: Path = SRC, build_lib: Path | None = None) -> list[Path]:
    """Compile ``modules(src)``: in place, or into ``build_lib``. Returns the extension files."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    here = Path.cwd()
    os.chdir(src)  # mypyc names the modules by their path from here
    try:
        extensions = mypycify(modules(src), opt_level="3", separate=True)
        dist = Distribution({"name": "cyberdeck", "ext_modules": extensions})
        command = dist.get_command_obj("build_ext")
        if build_lib is None:
            command.inplace = True
        else:
            command.build_lib = str(build_lib)
        dist.run_command("build_ext")
        outputs = [Path(p) for p in command.get_outputs()]
    finally:
        os.chdir(here)
    return [p if p.is_absolute() else src / p for p in outputs]


def clean(src: Path = SRC) -> int:
    """Remove every extension module under ``src`` (this build's only); how many."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    found = [p for p in (src / "cyberdeck").rglob(f"*{suffix}")]
    found += [p for p in src.glob(f"*__mypyc{suffix}")]
    for path in found:
        path.unlink()
    shutil.rmtree(src / "build", ignore_errors=True)
    return len(found)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    args = parser.parse_args()
    if args.clean:
        print(f"removed {clean()} compiled modules")
        return 0
    if not compiler_present():
        print("No C compiler (or no Python headers): the package stays pure Python.")
        return 0
    built = build()
    print(f"compiled {len(modules())} modules ({len(built)} extension files) in {SRC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
