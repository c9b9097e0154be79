"""Marks for the compiled build (``scripts/build_mypyc.py``), which the engine needs nothing
installed for: mypyc reads them while it compiles, and in pure Python they do nothing.

``allow_interpreted_subclasses`` goes on the contract's classes: the games' ``Game`` classes,
the tests' and plugins' games and the server's errors subclass them from modules that stay
interpreted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

try:
    from mypy_extensions import mypyc_attr as mypyc_attr
except ImportError:  # pure Python without mypy's runtime marks

    def mypyc_attr(*attrs: str, **kwattrs: Any) -> Callable[[T], T]:  # type: ignore[misc]
        return lambda cls: cls
