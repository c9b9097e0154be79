"""JAX twins of our games: Pgx-compatible environments that ``jit`` and ``vmap``.

``make(name)`` builds one by the game's id; ``TWINS`` lists them. A twin is a ``pgx.Env`` over the
game's fixed action space with the research environments' observation (``envs/observe.py``, the
game's ``encoding.py``), checked move for move against the Python engine (``verify.py``,
``bench/jax_verify.py``). This package needs the ``jax`` extra (``pip install cyberdeck[jax]``);
nothing outside it imports JAX.

``Fleet`` plays a batch of games of any ``pgx.Env`` (a twin or Pgx's own), each finished game
dealt anew from a reserve dealt ahead (``fleet.py``). A new twin registers here: a name and a
factory taking the game's options as keywords.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .core import TwinEnv
from .fleet import Convoy, Fleet
from .matrix_overload import MatrixOverload

#: Every twin by the id of the game it twins; the factory takes the game's options as keywords.
TWINS: dict[str, Callable[..., TwinEnv]] = {
    "matrix-overload": MatrixOverload,
}


def make(name: str, **options: Any) -> TwinEnv:
    """The twin of game ``name`` (``make("matrix-overload", variant="classic")``)."""
    try:
        factory = TWINS[name]
    except KeyError:
        raise ValueError(
            f"No JAX twin of '{name}'; there are twins of {', '.join(sorted(TWINS))}."
        ) from None
    return factory(**options)


__all__ = ["TWINS", "Convoy", "Fleet", "TwinEnv", "make"]
