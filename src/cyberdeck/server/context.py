"""What every route shares: the settings, the database, the live matches and the sessions."""

from __future__ import annotations

import hashlib
import math
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import HTTPException, Request

from ..store import SessionData, UserData
from .auth import COOKIE, Sessions
from .botstream import BotLines
from .bus import Bus
from .chat import Chat
from .config import ServerConfig
from .database import Database
from .dealer import Dealer
from .director import Director
from .hub import Hub
from .lessons import Lessons
from .limits import Backoff, Bucket, Recent, Throttle
from .mailer import Post
from .pairing import Queues
from .rematch import Rematches
from .replays import Replays
from .turnmail import TurnMails

#: A page's badge asks for the "Your turn" list every half minute; a few tabs and reloads
#: fit in the burst.
TURN_LISTS_BURST, TURN_LISTS_PER_HOUR = 30, 600.0


@dataclass
class Context:
    config: ServerConfig
    db: Database
    hub: Hub
    sessions: Sessions
    replays: Replays = field(default_factory=Replays)
    #: Tutorials in progress, one per player and game (``cyberdeck learn`` in the browser).
    lessons: Lessons = field(default_factory=Lessons)
    #: Live sessions by token hash (most recent last); a revoked one is dropped at once, on
    #: every worker (the bus's ``sessions`` notices).
    live: OrderedDict[str, SessionData] = field(default_factory=OrderedDict)
    #: The sessions ended lately and when this worker heard it, lest a read of the database
    #: that raced the notice bring one back.
    ended: Recent[int, datetime] = field(default_factory=lambda: Recent(10_000))
    #: News to and from the other workers (the hub's bus).
    bus: Bus = field(init=False)
    #: Failed sign-ins: per account and address (each failure there waits longer, up to a
    #: refusal for minutes: only that address is refused), per account from everywhere (a
    #: delay of a few seconds at most: the owner is slowed, never locked out) and per address.
    failed_pairs: Backoff[tuple[str, str]] = field(init=False)
    failed_accounts: Backoff[str] = field(init=False)
    failed_by_address: Throttle = field(init=False)
    #: New players per address, guests and accounts alike (one policy: ``newcomer_wait``).
    newcomers: Bucket = field(init=False)
    #: Deck checks per address (lists not checked before; ``decks.validate``).
    deck_checks: Bucket = field(init=False)
    #: The Lab page: card-set checks per address (one as a designer types, a pause apart),
    #: card sets saved and what-ifs started per user.
    card_checks: Bucket = field(init=False)
    card_set_writes: Bucket = field(init=False)
    lab_starts: Bucket = field(init=False)
    #: Looks at one's own "Your turn" list per user (every page's badge asks now and then).
    turn_lists: Bucket = field(init=False)
    #: ``/api/metrics`` as last worked out (when, and the encoded answer), with and without
    #: the seconds.
    metrics: dict[bool, tuple[float, bytes]] = field(default_factory=dict)
    #: The seeds of new matches and campaigns (``config.deal_seed``).
    dealer: Dealer = field(init=False)
    #: The chats beside the tables, and the rematches offered at them.
    chat: Chat = field(default_factory=Chat)
    rematches: Rematches = field(default_factory=Rematches)
    #: Quick play's queues (``pairing``), and what each player may ask of them: joins,
    #: leaves and answers; and looks (the page asks every couple of seconds while it waits).
    queues: Queues = field(init=False)
    queue_acts: Bucket = field(init=False)
    queue_looks: Bucket = field(init=False)
    #: The arcade's mail (``None``: the operator set no ``--smtp``), and the verification mails
    #: each account and each address may be sent.
    post: Post | None = None
    turn_mails: TurnMails | None = None
    mail_sends: Bucket = field(init=False)
    #: The tournament director (``director``), the tournaments each player may make, and
    #: their entries, leaves and starts.
    director: Director = field(init=False)
    #: Bots' event streams (``botstream``); the bots each account may make, the streams each
    #: bot may open, and the moves each bot may send (a person's websocket rate).
    bot_lines: BotLines = field(init=False)
    bot_makes: Bucket = field(init=False)
    bot_streams: Bucket = field(init=False)
    bot_moves: Bucket = field(init=False)
    bot_challenges: Bucket = field(init=False)
    #: Bot accounts by their token's hash, as last read.
    bots: Recent[str, UserData] = field(default_factory=lambda: Recent(10_000))
    tournament_writes: Bucket = field(init=False)
    tournament_acts: Bucket = field(init=False)
    #: Live tournament pages opened, per address (``tournaments.live``).
    tournament_looks: Bucket = field(init=False)

    def __post_init__(self) -> None:
        config = self.config
        self.bus = self.hub.bus
        self.hub.on_create.append(self.chat.begin)
        self.bus.subscribe("sessions", self._sessions_ended, self.live.clear)
        self.bus.subscribe("sign-in-failed", self._sign_in_failed)
        self.dealer = Dealer(config.deal_seed)
        self.failed_pairs = Backoff(config.sign_in_failures, 60.0, 900.0)
        self.failed_accounts = Backoff(config.sign_in_failures, 0.5, config.sign_in_delay_cap)
        self.failed_by_address = Throttle(config.sign_in_failures_per_address, 900)
        self.newcomers = Bucket(config.newcomers_burst, config.newcomers_per_hour)
        self.deck_checks = Bucket(60, 3600)
        self.card_checks = Bucket(60, 3600)
        self.card_set_writes = Bucket(30, 300)
        self.lab_starts = Bucket(5, 30)
        self.queues = Queues(config.quickplay_answer_seconds)
        self.queue_acts = Bucket(30, 600)
        self.queue_looks = Bucket(60, 3600)
        self.mail_sends = Bucket(3, 6)
        self.turn_lists = Bucket(TURN_LISTS_BURST, TURN_LISTS_PER_HOUR)
        self.director = Director(self.db, self.hub)
        self.bot_lines = BotLines(self.hub)
        self.bot_makes = Bucket(3, 12)
        self.bot_streams = Bucket(30, 600)
        self.bot_moves = Bucket(config.rate_burst, config.rate_per_second * 3600)
        self.bot_challenges = Bucket(20, 200)
        self.tournament_writes = Bucket(5, 20)
        self.tournament_acts = Bucket(60, 600)
        self.tournament_looks = Bucket(60, 600)

    async def session(self, cookie: str | None) -> SessionData | None:
        """The live session a cookie names (none once it is ended, revoked or expired)."""
        token = self.sessions.token(cookie)
        if token is None:
            return None
        key = self.sessions.token_hash(token)
        # Without the bus (Redis away) a session ended on another worker would go unheard:
        # every session is read from the database until it is back.
        found = self.live.get(key) if self.bus.connected else None
        if found is None:
            found = await self.db.read(self.db.store.session_by_token, key)
            if found is None or self._ended(found):
                return None
            self.live[key] = found
            if len(self.live) > self.hub.players.users.keep:
                self.live.popitem(last=False)
        else:
            self.live.move_to_end(key)
        if found.expires_at <= datetime.now(UTC):
            self.live.pop(key, None)
            return None
        return found

    async def bot(self, token: str) -> UserData | None:
        """The bot account whose token this is."""
        key = hashlib.sha256(token.encode()).hexdigest()
        found = self.bots.get(key)
        if found is None:
            found = await self.db.read(self.db.store.bot_by_token, key)
            if found is not None:
                self.bots.put(key, found)
        return found

    async def user(self, cookie: str | None) -> UserData | None:
        found = await self.session(cookie)
        if found is None:
            return None
        return await self.hub.players.user(found.user_id)

    async def open_session(self, user: UserData, agent: str, address: str) -> str:
        """A new session for ``user``: the cookie to hand back."""
        token = self.sessions.new_token()
        expires = datetime.now(UTC) + timedelta(seconds=self.sessions.max_age)
        key = self.sessions.token_hash(token)
        made = await self.db.write(
            self.db.store.create_session, key, user.id, expires, agent, address
        )
        self.live[key] = made
        self.hub.players.users.put(user.id, user)
        ended = await self.db.write(
            self.db.store.trim_sessions, user.id, self.config.sessions_per_user
        )
        if ended:
            self.bus.publish("sessions", {"ids": ended})
        return self.sessions.cookie_for(token)

    async def end_session(self, user_id: int, session_id: int) -> bool:
        """End one of ``user_id``'s sessions: gone from the store, then from every worker's
        memory."""
        gone: bool = await self.db.write(self.db.store.end_session, user_id, session_id)
        if gone:
            self.bus.publish("sessions", {"ids": [session_id]})
        return gone

    def _sign_in_failed(self, notice: dict[str, Any]) -> None:
        """A failed sign-in to an account, on any worker: each slows the next tries of it (a
        guesser spread over many addresses, so over every worker, is slowed as on one)."""
        self.failed_accounts.fail(str(notice["name"]))

    def _ended(self, found: SessionData) -> bool:
        """Whether ``found`` was ended while it was being read (a later session may have been
        given the same id: it was made after the notice)."""
        when = self.ended.get(found.id)
        return when is not None and found.created_at <= when

    def _sessions_ended(self, notice: dict[str, Any]) -> None:
        gone = {int(i) for i in notice["ids"]}
        now = datetime.now(UTC)
        for session_id in gone:
            self.ended.put(session_id, now)
        for key in [k for k, v in self.live.items() if v.id in gone]:
            del self.live[key]


# A dependency is a coroutine, however little it does: FastAPI runs a plain function on its
# thread pool, and under load (a thousand matches) that hop on every request was a fiftieth of
# the server's time, each one waiting for the interpreter lock behind the event loop.


async def context(request: Request) -> Context:
    ctx: Context = request.app.state.ctx
    return ctx


def address(request: Request) -> str:
    """The client's address (the proxy's view of it with ``--behind-proxy``)."""
    return request.client.host if request.client is not None else ""


async def optional_user(request: Request) -> UserData | None:
    """The player asking: a bot by its token (``Authorization: Bearer``), else the session's
    cookie."""
    ctx = await context(request)
    token = bearer(request.headers.get("authorization", ""))
    if token is not None:
        return await ctx.bot(token)
    return await ctx.user(request.cookies.get(COOKIE))


def bearer(authorization: str) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header (a bot's, on a request or on the
    bots' websocket), if that is what it holds."""
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer":
        return None
    return token.strip() or None


def ration(bucket: Bucket, key: str, sentence: str) -> None:
    """Take one from ``key``'s share of ``bucket``, or refuse (429) with ``sentence`` and how
    long to wait: the one way a route limits how often a player may ask."""
    wait = bucket.wait(key)
    if wait > 0:
        seconds = 3600 if math.isinf(wait) else math.ceil(wait)
        raise HTTPException(
            429, f"{sentence} Try again in {seconds} s.", headers={"Retry-After": str(seconds)}
        )
    bucket.take(key)


async def require_user(request: Request) -> UserData:
    user = await optional_user(request)
    if user is None:
        raise HTTPException(401, "Sign in, or play as a guest, first.")
    return user
