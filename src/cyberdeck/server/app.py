"""The match server: the FastAPI app factory and ``serve`` (uvicorn)."""

from __future__ import annotations

import fcntl
import gc
import logging
import secrets
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import IO, Any

import uvicorn
from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.engine import make_url

from ..engine import CyberdeckError
from ..store import Store, sqlite_url
from . import (
    accounts,
    bots,
    botsocket,
    cardsets,
    chains,
    decks,
    lobby,
    mailings,
    pages,
    quickplay,
    series,
    stops,
    tournaments,
    turns,
    tutorials,
)
from .auth import Sessions
from .bus import make_bus
from .clocks import WallClock
from .config import ServerConfig
from .context import Context
from .database import Database
from .guard import Guard
from .hub import Hub
from .leases import Elsewhere
from .mailer import BadMailSetting, Post
from .sockets import MatchSockets
from .turnmail import TurnMails
from .websocket import WebSocketProtocol

log = logging.getLogger("cyberdeck.server")


def database_url(config: ServerConfig) -> str:
    if config.db_url:
        return config.db_url
    from ..userdata import data_dir

    return sqlite_url(data_dir() / "server.sqlite3")


def create_app(config: ServerConfig | None = None, clock: WallClock | None = None) -> MatchSockets:
    """The whole server as one ASGI app: match websockets (``sockets.MatchSockets``) in front of
    the FastAPI app that serves everything else. ``clock``: what the match clocks read (the
    machine's time unless a test gives its own)."""
    config = config or ServerConfig()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(database_url(config), checkpoints_apart=True)
        store.migrate()
        secret = store.setting("session_secret", lambda: secrets.token_urlsafe(32))
        db = Database(store)
        # The workers' news: Redis in a cluster, else this process's own (one code path).
        bus = make_bus(config.redis_url, config.worker)
        hub = Hub(db, config, clock, bus)
        post = Post(config.smtp_url, config.public_url, secret) if config.smtp_url else None
        mails = TurnMails(post, db, hub.at_table) if post is not None else None
        ctx = app.state.ctx = Context(
            config,
            db,
            hub,
            Sessions(secret, config.session_days * 86400),
            post=post,
            turn_mails=mails,
        )
        if mails is not None:
            hub.on_turn.append(mails.your_turn)
        await hub.start()
        await bus.start()
        hub.spawn(quickplay.tend_queues(ctx))
        hub.spawn(ctx.director.run())
        # Everything built so far (modules, the rebuilt matches) lives as long as the server:
        # the collector need not walk it again (see ``serve``).
        gc.freeze()
        try:
            yield
        finally:
            await bus.stop()
            await hub.stop()
            await db.close()

    app = FastAPI(
        title="cyberdeck match server",
        version="1",
        summary="Authoritative online play of every cyberdeck game: accounts, lobby, "
        "live matches over websockets (/ws/matches/{id}; message schema at /api/ws-schema), "
        "bots (an event stream, moves, and their own websocket: /ws/bot), "
        "replays, ratings, and deck building (card catalogues, deck checks, saved decks).",
        lifespan=lifespan,
    )

    @app.exception_handler(CyberdeckError)
    async def readable(_: Request, err: CyberdeckError) -> JSONResponse:
        return JSONResponse({"detail": str(err)}, status_code=400)

    @app.exception_handler(Elsewhere)
    async def elsewhere(_: Request, err: Elsewhere) -> JSONResponse:
        """A cluster's other worker has the match for now: the client tries again shortly."""
        return JSONResponse({"detail": str(err)}, status_code=503, headers={"Retry-After": "1"})

    @app.exception_handler(RequestValidationError)
    async def unreadable(_: Request, err: RequestValidationError) -> JSONResponse:
        """A request whose fields do not read: a sentence, like every other refusal (the
        fields' own list stays beside it for programs)."""
        errors = err.errors()
        # Each field's place, message and kind; never its input (a 20 KB deck list, echoed and
        # encoded back to every client that sent one too long, was tens of milliseconds).
        fields = [{k: e.get(k) for k in ("loc", "msg", "type")} for e in errors[:20]]
        return JSONResponse(
            {"detail": validation_sentence(errors), "fields": jsonable_encoder(fields)},
            status_code=422,
        )

    app.include_router(accounts.router)
    app.include_router(lobby.router)
    app.include_router(decks.router)
    app.include_router(cardsets.router)
    app.include_router(series.router)
    app.include_router(chains.router)
    app.include_router(stops.router)
    app.include_router(quickplay.router)
    app.include_router(mailings.router)
    app.include_router(mailings.links)
    app.include_router(tutorials.router)
    app.include_router(tournaments.router)
    app.include_router(bots.router)
    app.include_router(botsocket.router)
    botsocket.document(app)
    app.include_router(turns.router)
    if config.worker is not None:
        worker = config.worker

        @app.middleware("http")
        async def named(request: Request, call_next: Any) -> Any:
            """Each answer says which worker of the cluster gave it (for operators and tests)."""
            response = await call_next(request)
            response.headers["X-Cyberdeck-Worker"] = worker
            return response

    pages.mount(app)
    return MatchSockets(app, Guard(app, config), {botsocket.BOT_PATH: botsocket.bot_socket})


def validation_sentence(errors: Sequence[Any]) -> str:
    """The first few fields that did not read, each with what was wrong, as one sentence."""
    said = []
    for error in errors[:3]:
        where = ".".join(str(p) for p in error.get("loc", ())[1:]) or "the request"
        said.append(f"{where}: {str(error.get('msg', 'not readable')).rstrip('.')}")
    more = f" (and {len(errors) - 3} more)" if len(errors) > 3 else ""
    return "The request does not read: " + "; ".join(said) + more + "."


class AlreadyServed(Exception):
    """Another server process is using this SQLite file."""


def hold_database(url: str) -> IO[bytes] | None:
    """Lock a SQLite file for this process (the lock goes when the process does, however it
    ends). A second server on the same file would make the event loop wait on SQLite's write
    lock; it refuses to start instead. Other databases take several processes."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    path = Path(str(parsed.database)).resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(f"{path}.lock", "wb")  # noqa: SIM115 - held open for the process's life
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise AlreadyServed(
            f"Another cyberdeck server is already using {path}; stop it first, or give this "
            "one another database (--db)."
        ) from None
    return handle


def serve(config: ServerConfig, host: str = "127.0.0.1", port: int = 8765) -> None:
    """Run the server until interrupted."""
    try:
        if config.smtp_url:  # said before the server starts, not in its log
            Post(config.smtp_url, config.public_url, "")
        held = hold_database(database_url(config))
    except (AlreadyServed, BadMailSetting) as err:
        print(err, file=sys.stderr)
        raise SystemExit(1) from None
    # The database thread (queries; with PostgreSQL every write and commit too) needs the
    # interpreter lock around each statement; with the default 5 ms switch interval it waits
    # behind a busy event loop, and whatever waits on it (with PostgreSQL, every move) waits
    # with it. A shorter interval hands the lock over sooner.
    sys.setswitchinterval(config.switch_interval)
    # A full collection walks every live object (half a million with a thousand matches and two
    # thousand sockets) and holds every move meanwhile: with the default thresholds it ran every
    # few seconds under load, for up to 800 ms, and set the slowest percentile of move latency.
    # The youngest generation keeps its default size (a larger one made every collection of it
    # slower: the pause grows with it). The middle one is collected after three of those
    # instead of ten: it then holds what survived a third as many, and its pauses were less
    # than half as long (13.5 ms on average to 5–6.6 ms under a thousand matches), for about the same
    # work in all.
    # A full collection waits for a thousand middle ones (minutes under load); the freezes of
    # ``collector.tend`` keep what it walks short, and cyclic garbage is still freed often
    # enough for memory to stay flat.
    gc.set_threshold(*config.gc_thresholds)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    uvicorn.run(
        create_app(config),
        host=host,
        port=port,
        ws_max_size=1 << 20,
        # Compression needs permessage-deflate, which only uvicorn's own protocol speaks.
        ws="websockets-sansio" if config.ws_compression else WebSocketProtocol,
        ws_per_message_deflate=config.ws_compression,
        log_level="warning",
        access_log=False,
        # Forwarded headers are believed only when a proxy is said to be in front: otherwise
        # any client on the loopback could name any address (and dodge the per-address limits).
        proxy_headers=config.behind_proxy,
    )
    if held is not None:
        held.close()
