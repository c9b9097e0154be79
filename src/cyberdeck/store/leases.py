"""Leases: which worker of a cluster holds what, for how long, kept in the database they share.

A lease is a name (``match:ID`` for a match, ``worker:NAME`` for a worker's own life,
``director`` for the one tournament director) held by one *holder* (a worker process, named by
its worker name, process id and a random tag, so a restarted worker is a new holder) until it
expires unless renewed. Times are the database's own clock, so the workers' clocks need not
agree. Each change of holder adds one to the lease's *token*; a holder writes a match's moves
only while the lease still has its holder and token (``fence``, in the moves' own transaction),
so a worker that lost a match while it stalled can never store a move after the new owner
loaded it. ``wanted_by`` is another worker asking for the lease: the holder hands it over at
its next renewal.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, Engine, delete, func, insert, literal_column, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql.elements import ColumnElement

from .models import Lease

#: The name prefixes of the leases of matches and of workers' lives.
MATCH, WORKER = "match:", "worker:"


class LeaseLost(Exception):
    """A move's transaction found its match's lease held by another worker now."""


@dataclass(frozen=True, slots=True)
class Held:
    """A lease just taken: its fencing token, and the seconds since its previous holder last
    renewed it (``None``: nobody held it before, or this holder did)."""

    token: int
    down_for: float | None


@dataclass(frozen=True, slots=True)
class Kept:
    """A lease another holder keeps (unexpired; ``""``: one that took it a moment ago), and
    the seconds until it expires unless renewed."""

    holder: str
    expires_in: float


@dataclass(frozen=True, slots=True)
class Renewal:
    """What a holder still holds after renewing, and which of those other workers ask for."""

    held: frozenset[str]
    wanted: frozenset[str]


def now_seconds(engine: Engine | Connection) -> ColumnElement[float]:
    """The database's clock in seconds since the epoch (the time every lease is judged by)."""
    if engine.dialect.name == "postgresql":
        return literal_column("extract(epoch from clock_timestamp())::float8")
    return literal_column("((julianday('now') - 2440587.5) * 86400.0)")


def _now(connection: Connection) -> float:
    return float(connection.execute(select(now_seconds(connection))).scalar_one())


def acquire(engine: Engine, name: str, holder: str, seconds: float, ask: bool) -> Held | Kept:
    """Take ``name`` for ``seconds`` if nobody holds it, its holder let it expire, or ``holder``
    holds it already (then only renewed). Otherwise who keeps it, and with ``ask`` that holder
    is asked to hand it over (``wanted_by``)."""
    try:
        with engine.begin() as connection:
            now = _now(connection)
            row = connection.execute(
                select(Lease.holder, Lease.token, Lease.renewed_at, Lease.expires_at)
                .where(Lease.name == name)
                .with_for_update()
            ).one_or_none()
            if row is None:
                connection.execute(
                    insert(Lease).values(
                        name=name, holder=holder, token=1, renewed_at=now, expires_at=now + seconds
                    )
                )
                return Held(1, None)
            if row.holder == holder:
                connection.execute(
                    update(Lease)
                    .where(Lease.name == name)
                    .values(renewed_at=now, expires_at=now + seconds)
                )
                return Held(row.token, None)
            if row.expires_at > now:
                if ask:
                    connection.execute(
                        update(Lease).where(Lease.name == name).values(wanted_by=holder)
                    )
                return Kept(row.holder, row.expires_at - now)
            connection.execute(
                update(Lease)
                .where(Lease.name == name)
                .values(
                    holder=holder,
                    token=row.token + 1,
                    renewed_at=now,
                    expires_at=now + seconds,
                    wanted_by=None,
                )
            )
            return Held(row.token + 1, max(0.0, now - row.renewed_at))
    except IntegrityError:  # another worker inserted it first
        return Kept("", 0.0)


def renew(engine: Engine, holder: str, seconds: float) -> Renewal:
    """Renew everything ``holder`` holds; what it still holds, and what others ask for."""
    with engine.begin() as connection:
        now = _now(connection)
        rows = connection.execute(
            update(Lease)
            .where(Lease.holder == holder)
            .values(renewed_at=now, expires_at=now + seconds)
            .returning(Lease.name, Lease.wanted_by)
        ).all()
    return Renewal(frozenset(r.name for r in rows), frozenset(r.name for r in rows if r.wanted_by))


def release(engine: Engine, name: str, holder: str) -> None:
    """Let go of ``name`` (only if ``holder`` holds it): anyone may take it at once."""
    with engine.begin() as connection:
        connection.execute(delete(Lease).where(Lease.name == name, Lease.holder == holder))


def fence(connection: Connection, name: str, holder: str, token: int, seconds: float) -> None:
    """In a move's transaction: raise ``LeaseLost`` unless ``holder`` still holds ``name`` with
    ``token`` (the row stays locked until the transaction ends, so no worker takes the match
    over between this check and the commit). Renews the lease on the way."""
    done = connection.execute(
        update(Lease)
        .where(Lease.name == name, Lease.holder == holder, Lease.token == token)
        .values(renewed_at=now_seconds(connection), expires_at=now_seconds(connection) + seconds)
    )
    if done.rowcount != 1:
        raise LeaseLost(f"{name} is held by another worker now")


def expired(engine: Engine, prefix: str, limit: int) -> list[str]:
    """Names under ``prefix`` whose holder let them expire (the oldest first)."""
    with engine.connect() as connection:
        return list(
            connection.execute(
                select(Lease.name)
                .where(Lease.name.startswith(prefix), Lease.expires_at < now_seconds(connection))
                .order_by(Lease.expires_at)
                .limit(limit)
            ).scalars()
        )


def alive(engine: Engine, prefix: str) -> dict[str, str]:
    """Unexpired leases under ``prefix``: each name without the prefix, with its holder."""
    with engine.connect() as connection:
        rows = connection.execute(
            select(Lease.name, Lease.holder).where(
                Lease.name.startswith(prefix), Lease.expires_at >= now_seconds(connection)
            )
        ).all()
    return {r.name[len(prefix) :]: r.holder for r in rows}


def holders(engine: Engine) -> int:
    """How many leases are held (for the metrics)."""
    with engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(Lease)).scalar_one())
