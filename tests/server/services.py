"""The services the server's tests start for themselves: a throwaway PostgreSQL cluster and a
Redis server (``cyberdeck.server.throwaway``, made with Debian's binaries). Where they are not
installed the tests that need them are skipped with the reason, except in CI (``CI=true``, where
the Makefile installs them): there a missing service fails."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import NoReturn

import pytest

from cyberdeck.server.throwaway import Postgres, RedisServer, Unavailable

__all__ = ["RedisServer", "cannot", "postgres_url", "redis_server"]


def cannot(reason: str) -> NoReturn:
    """Skip a test whose service cannot run here; in CI, fail it: CI installs the services, and
    a test skipped there would hide the very failures it is for."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"These tests must run in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        cannot("the psycopg driver is not installed")
    try:
        server = Postgres().start()
    except Unavailable as err:
        cannot(str(err))
    try:
        yield server.url
    finally:
        server.close()


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    try:
        import redis  # noqa: F401
    except ImportError:
        cannot("the redis client is not installed")
    try:
        server = RedisServer().start()
    except Unavailable as err:
        cannot(str(err))
    try:
        yield server
    finally:
        server.close()
