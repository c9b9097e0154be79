"""The package build's hook: a wheel carries the compiled engine when a C compiler is present.

``scripts/build_mypyc.py`` compiles the engine, the games' rules and the agents with mypyc; without
a compiler (or with ``CYBERDECK_PURE=1``, or for an editable install, which serves the sources
themselves) the wheel stays pure Python and plays the same games, only slower.
"""

from __future__ import annotations

import importlib.util
import os
import sysconfig
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ROOT = Path(__file__).resolve().parent


class CompiledBuild(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable" or os.environ.get("CYBERDECK_PURE"):
            return
        spec = importlib.util.spec_from_file_location(
            "build_mypyc", ROOT / "scripts/build_mypyc.py"
        )
        assert spec is not None and spec.loader is not None
        script = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(script)
        if not script.compiler_present():
            self.app.display_warning("No C compiler: building a pure-Python wheel.")
            return
        out = Path(self.directory) / "mypyc"
        for path in script.build(ROOT / "src", out):
            build_data["force_include"][str(path)] = str(path.relative_to(out))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self.app.display_info(f"Compiled with mypyc ({sysconfig.get_config_var('EXT_SUFFIX')}).")
