"""Every dependency of every route is a coroutine: FastAPI runs a plain function on its thread
pool, a hop per request that waits for the interpreter lock behind the event loop (under the
load benchmark it was a fiftieth of the server's time). A new plain dependency fails here."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import Any

from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute

from cyberdeck.server import accounts, decks, lobby, series, stops, tutorials


def calls(dependant: Dependant) -> Iterator[Any]:
    for sub in dependant.dependencies:
        yield sub.call
        yield from calls(sub)


def test_no_route_depends_on_a_plain_function() -> None:
    modules = (accounts, decks, lobby, series, stops, tutorials)
    routes = [r for m in modules for r in m.router.routes if isinstance(r, APIRoute)]
    assert len(routes) > 20
    plain = {
        f"{route.path}: {call.__qualname__}"
        for route in routes
        for call in calls(route.dependant)
        if call is not None and not inspect.iscoroutinefunction(call)
    }
    assert not plain, sorted(plain)
