"""The live matches: one ``Room`` per match in play, the connections watching it, and the rules
of online play around the engine (sequence numbers, message ids, turns, AI seats, presence,
claims). The engine decides what is legal; ``visibility`` decides what each seat is told.
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from ..agents import make_agent
from ..engine import (
    ENGINE_VERSION,
    Action,
    Agent,
    BadAction,
    BadDeck,
    CyberdeckError,
    Event,
    Game,
    IllegalAction,
    Match,
    Outcome,
    Record,
    Rng,
    State,
    load_game,
)
from ..engine.autoanswer import (
    Stops,
    Takeback,
    answer,
    answers_nothing,
    carry_out,
    gesture_note,
    log_event,
)
from ..engine.record import UNDO
from ..store import Finish, MatchData, NewAction, SeatData
from .collector import Pauses, tend
from .config import HOTSEAT, REALTIME, ServerConfig
from .database import Database
from .heartbeat import Counts, Heartbeat
from .levels import stored_level
from .limits import KeyedLocks
from .pacing import AiPace, Pace
from .players import Players
from .protocol import Accept, Claim, ErrorCode, GestureMsg, Look, Move, Resign, Undo
from .ratings import ai_name, rate_match
from .story import Story
from .thinking import NoAnswer, Thinkers, review
from .visibility import Seat, Views, events_for, look_for, speller, table_for
from .wire import encode

log = logging.getLogger("cyberdeck.server")


class Sender(Protocol):
    """A socket that takes text messages as UTF-8 (``wire.encode``'s JSON)."""

    def write_now(self, data: bytes) -> bool:
        """Write at once if the socket can take it now (open, its buffer not backed up)."""
        ...

    async def send_utf8(self, data: bytes) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


class Connection:
    """One websocket: its seats, its rate budget, and a backlog so a slow reader never holds a room.

    ``seats`` are the seats it may act for: none for a spectator, one for a player, several at a
    hot-seat table (one person playing every seat for a person). ``seat`` is the one it acts for
    and is shown now: at a hot-seat table, the seat to move whenever that is one of its own.

    A message goes out at once when the socket can take it (the common case: one write, no task
    switch); when it cannot — the client reads slowly, or the socket has no synchronous write —
    messages wait in order in the backlog and a writer task sends them as the socket drains.
    """

    def __init__(
        self, socket: Sender, seats: tuple[int, ...], user_id: int, config: ServerConfig
    ) -> None:
        self.socket = socket
        self.seats = seats
        self.seat: Seat = seats[0] if seats else None
        self.user_id = user_id
        self.backlog: deque[tuple[float | None, bytes] | None] = deque()
        self.writer: asyncio.Task[None] | None = None
        self.tokens = float(config.rate_burst)
        self.stamp = time.monotonic()
        self.config = config
        self.closed = False
        self.warned_at = 0.0
        #: A hint is being thought out for this connection (one at a time).
        self.hinting = False

    def allow(self) -> bool:
        """Token bucket: ``rate_per_second`` on average, ``rate_burst`` at once."""
        now = time.monotonic()
        self.tokens = min(
            float(self.config.rate_burst),
            self.tokens + (now - self.stamp) * self.config.rate_per_second,
        )
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def send(self, message: dict[str, Any] | bytes, at: float | None = None) -> None:
        """Send a message: a dict, or one already encoded (``wire.encode``); ``at`` (monotonic
        seconds), not before then (``pacing``). Messages go out in the order they are sent, so
        one sent after a message held for later waits behind it."""
        if self.closed:
            return
        text = message if isinstance(message, bytes) else encode(message)
        if at is not None and at <= time.monotonic():
            at = None
        if not self.backlog and at is None and self.socket.write_now(text):
            return
        if len(self.backlog) >= self.config.send_queue:
            self.stop()  # the client stopped reading; drop it (it reconnects and resyncs)
            return
        self.backlog.append((at, text))
        self._write_later()

    def _write_later(self) -> None:
        if self.writer is None:
            self.writer = asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        """Send the backlog in order, each message at its time; a socket that fails to take a
        message is done with."""
        try:
            while self.backlog:
                item = self.backlog.popleft()
                if item is None:
                    await self.socket.close(1013, "closing; reconnect to resync")
                    return
                at, text = item
                if at is not None and at > time.monotonic():
                    await asyncio.sleep(at - time.monotonic())
                await self.socket.send_utf8(text)
        except Exception:  # the peer went away mid-write: the reader sees the disconnect
            self.closed = True
        finally:
            self.writer = None

    def stop(self) -> None:
        """End the connection: what is still waiting is dropped and the socket is closed."""
        if self.closed:
            return
        self.closed = True
        self.backlog.clear()
        self.backlog.append(None)
        self._write_later()

    def forget(self) -> None:
        """The socket is gone: nothing more is written to it."""
        self.closed = True
        self.backlog.clear()
        writer, self.writer = self.writer, None  # a writer cancelled before it ran keeps no cycle
        if writer is not None:
            writer.cancel()


def error(
    code: ErrorCode, message: str, msg_id: str | None = None, seq: int | None = None
) -> dict[str, Any]:
    return {"type": "error", "code": code.value, "message": message, "id": msg_id, "seq": seq}


@dataclass(slots=True)
class Step:
    """One step of a match, for the updates that show it: the seat that made it (its own move,
    or the table's answer for it; ``None`` for an AI seat's), the position after it with its
    views, its events, and when the seats that did not make it are shown it (``pacing``)."""

    maker: int | None
    state: State
    views: Views
    events: list[Event]
    seq: int
    status: str
    outcome: dict[str, Any] | None
    at: float

    def keep(self) -> None:
        """The match moves on before this step is shown: keep its position as a copy (the
        views already built of it stay good)."""
        built = self.views.built
        self.state = self.state.clone()
        self.views = Views(self.state)
        self.views.built.update(built)


@dataclass
class Room:
    data: MatchData
    game: Game
    match: Match
    #: (seat, client message id) -> the sequence number after that message's move.
    handled: dict[tuple[int, str], int] = field(default_factory=dict)
    conns: list[Connection] = field(default_factory=list)
    #: Human seats without a connection, since when (monotonic seconds).
    away_since: dict[int, float] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    agents: dict[int, Agent] = field(default_factory=dict)
    ai_task: asyncio.Task[None] | None = None
    #: Each human seat's stops (its player's, read from the store on first need).
    stops: dict[int, Stops] = field(default_factory=dict)
    #: The game's review of the finished match (``Game.review``), once worked out.
    review: str | None = None
    #: The last turn, for a page that was not watching when it was played.
    story: Story = field(default_factory=Story)
    #: Which standing moves were the table's answers: an undo takes them back with the move.
    takeback: Takeback = field(default_factory=Takeback)
    #: When the seats that did not make a step are shown it (``pacing``).
    pace: Pace = field(default_factory=lambda: Pace(0.0))

    def play(self, action: Action | str, by_table: bool = False) -> list[Event]:
        events = self.match.play(action)
        self.takeback.played(by_table)
        return events

    @property
    def id(self) -> str:
        return self.data.id

    @property
    def seq(self) -> int:
        return len(self.match.record.actions)

    @property
    def status(self) -> str:
        return self.data.status

    @property
    def outcome(self) -> dict[str, Any] | None:
        return self.data.outcome

    def name(self, seat: int) -> str:
        info = self.data.seats[seat]
        if info.kind == "ai":
            return f"{(info.level or 'ai').capitalize()} AI"
        return info.user_name or f"Seat {seat + 1}"

    def invited(self, given: str | None) -> bool:
        return invite_matches(given, self.data.invite)

    def seats_of(self, user_id: int) -> tuple[int, ...]:
        return tuple(
            info.seat
            for info in self.data.seats
            if info.kind == "human" and info.user_id == user_id
        )

    def seat_of(self, user_id: int) -> int | None:
        own = self.seats_of(user_id)
        return own[0] if own else None

    def point(self, conn: Connection, state: State | None = None) -> Seat:
        """The seat ``conn`` acts for now (or as of ``state``, a step's position): the seat to
        move when it is one of its own."""
        to_move = (self.match.state if state is None else state).current_player
        if len(conn.seats) > 1 and to_move in conn.seats:
            conn.seat = to_move
        return conn.seat

    def connected(self, seat: int) -> bool:
        if self.data.seats[seat].kind == "ai":
            return True
        return any(seat in c.seats and not c.closed for c in self.conns)

    def deserted(self, now: float, grace: float) -> bool:
        """Every seated player has been away for the claim window or longer: nobody is playing
        it now (the lobby stops listing it as being played; its players still find it in their
        own matches, and it is listed again once one of them is back)."""
        seated = [i.seat for i in self.data.seats if i.kind == "human" and i.user_id is not None]
        return bool(seated) and all(
            not self.connected(s) and now - self.away_since.get(s, now) >= grace for s in seated
        )

    def seats_info(self) -> list[dict[str, Any]]:
        now = time.monotonic()
        out = []
        for info in self.data.seats:
            connected = self.connected(info.seat)
            away = self.away_since.get(info.seat)
            out.append(
                {
                    "seat": info.seat,
                    "kind": info.kind,
                    "name": self.name(info.seat) if info.kind == "ai" else info.user_name,
                    "level": info.level,
                    "connected": connected,
                    # Rounded down: a page never offers a claim before the server takes it.
                    "away_seconds": (
                        None if connected or away is None else math.floor((now - away) * 10) / 10
                    ),
                }
            )
        return out

    def agent(self, seat: int) -> Agent:
        if seat not in self.agents:
            level = stored_level(self.game, self.data.seats[seat].level)
            self.agents[seat] = make_agent(level, self.data.seed ^ (seat + 1) * 7919, self.game)
        return self.agents[seat]

    def stand_in(self, seat: int) -> str:
        """A move for an AI seat whose agent gave none (see ``thinking.NoAnswer``): a legal move
        drawn from the match's seed and step, so a rebuilt match would draw the same."""
        legal = self.match.state.legal_actions()
        return Rng(self.data.seed ^ (self.seq + 1) * 104729 ^ seat).choice(legal).text


def invite_matches(given: str | None, invite: str) -> bool:
    """``given`` is the invite (compared in constant time; any text at all may be given)."""
    if given is None:
        return False
    return secrets.compare_digest(given.encode("utf-8", "surrogatepass"), invite.encode())


def match_kind(seats: list[SeatData], maker: int) -> str:
    """A hot-seat match (its maker holds every seat for a person, two or more) or a real-time
    one (against people online, against the AI, or the AI alone): each kind costs the server
    differently and has its own cap (``ServerConfig.in_play``)."""
    held = sum(1 for s in seats if s.kind == "human" and s.user_id == maker)
    return HOTSEAT if held >= 2 else REALTIME


def admitted(data: MatchData, user_id: int | None, invite: str | None) -> bool:
    """Whether someone may see a match at all (its summary, its replay, its campaign): a
    public match anyone; a private one its players and whoever has its invite."""
    if data.public or invite_matches(invite, data.invite):
        return True
    return user_id is not None and any(s.user_id == user_id for s in data.seats)


#: Message ids remembered per match (a re-sent move older than that is refused as stale, which
#: changes nothing either); memory per match stays bounded however long the game.
HANDLED_KEEP = 512


def remember(room: Room, key: tuple[int, str], seq: int) -> None:
    room.handled[key] = seq
    if len(room.handled) > HANDLED_KEEP:
        del room.handled[next(iter(room.handled))]


def summary(data: MatchData, room: Room | None = None) -> dict[str, Any]:
    """What anyone may know of a match: never its seed, decks, record or invite."""
    game = load_game(data.game)
    seq = room.seq if room is not None else len(data.actions)
    to_move = (
        room.match.state.current_player if room is not None and data.status == "running" else None
    )
    return {
        "id": data.id,
        "game": data.game,
        "title": game.title,
        "options": data.options,
        "status": data.status,
        "public": data.public,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "level": s.level,
                "name": s.user_name if s.kind == "human" else ai_name(stored_level(game, s.level)),
                "taken": s.kind == "ai" or s.user_id is not None,
            }
            for s in data.seats
        ],
        # What the game's own texts call each seat, for the page to put names in their place.
        "seat_labels": [game.seat_label(s.seat) for s in data.seats],
        "moves": seq,
        "to_move": to_move,
        "outcome": data.outcome,
        "created_at": data.created_at.isoformat() if data.created_at else None,
        "finished_at": data.finished_at.isoformat() if data.finished_at else None,
        "series": data.series_id,
        "series_game": data.series_game,
    }


class Hub:
    def __init__(self, db: Database, config: ServerConfig) -> None:
        self.db = db
        self.config = config
        self.rooms: dict[str, Room] = {}
        #: The ids of the live rooms each user made (``keep``, ``drop``).
        self._made: dict[int, set[str]] = {}
        #: One load at a time per match id (a lock held only while one is under way).
        self.loading: KeyedLocks[str] = KeyedLocks()
        self._tasks: set[asyncio.Task[Any]] = set()
        #: Accepted moves, and how long recent moves took from arrival to acknowledgement (ms).
        self.moves = 0
        self.move_ms: deque[float] = deque(maxlen=20_000)
        #: The collector's pauses, which every move waits out (see ``collector``).
        self.pauses = Pauses()
        #: Rooms made live since the server started, and the loop's pulse each second.
        self.rooms_opened = 0
        self.heartbeat = Heartbeat(self.counts)
        self.thinkers = Thinkers(config.ai_workers, config.ai_move_seconds)
        #: Accounts and stops, read once and kept (``players``).
        self.players = Players(db)

    # --- building rooms --------------------------------------------------------------------------

    def build(self, data: MatchData) -> Room:
        """A room from stored data: the game rebuilt by replaying its record."""
        game = load_game(data.game)
        match = Match(game, data.options, data.seed, data.decks)
        room = Room(data, game, match, pace=Pace(self.config.step_gap))
        # The last turn told again, move by move (close to what the pages saw move by move).
        room.story.to_move = match.state.current_player
        for action in data.actions:
            before = len(match.log)
            if action.text == UNDO:
                match.undo()
                room.takeback.undone()
            else:
                # A move without a message of the player's is the table's (or an AI's) own.
                room.play(action.text, by_table=action.msg_id is None)
            keep = self.config.resync_log
            room.story.tell(match.log[before:], match.state.current_player, keep)
            if action.msg_id is not None:
                remember(room, (action.seat, action.msg_id), action.step + 1)
        now = time.monotonic()
        for info in data.seats:
            if info.kind == "human" and info.user_id is not None:
                room.away_since[info.seat] = now
        return room

    def adopt(self, guest_id: int, account_id: int, account_name: str) -> None:
        """A guest signed up or in (``store.adopt_guest``): the matches held in memory seat the
        account where they seated the guest, so its games in play go on under its name."""
        for room in self.rooms.values():
            for info in room.data.seats:
                if info.user_id == guest_id:
                    info.user_id, info.user_name = account_id, account_name
            if room.data.created_by == guest_id:
                room.data.created_by = account_id
        made = self._made.pop(guest_id, None)
        if made:
            self._made.setdefault(account_id, set()).update(made)

    def keep(self, room: Room) -> None:
        """A room is live: found by its id, and among its creator's."""
        self.rooms[room.id] = room
        self._made.setdefault(room.data.created_by, set()).add(room.id)
        self.rooms_opened += 1

    def drop(self, room: Room) -> None:
        """A room leaves memory (a finished match is loaded again if asked for)."""
        if self.rooms.pop(room.id, None) is None:
            return
        made = self._made.get(room.data.created_by)
        if made is not None:
            made.discard(room.id)
            if not made:
                del self._made[room.data.created_by]

    def in_play(self, user_id: int, kind: str) -> int:
        """How many matches of ``kind`` (``match_kind``) that ``user_id`` made are waiting for
        players or under way."""
        return sum(
            1
            for m in self._made.get(user_id, ())
            if self.rooms[m].status != "finished"
            and match_kind(self.rooms[m].data.seats, user_id) == kind
        )

    def waiting_matches(self, user_id: int) -> int:
        """How many matches ``user_id`` made that still wait for players: a look at that user's
        live rooms, not at every room (a thousand, each time a match is made)."""
        return sum(1 for m in self._made.get(user_id, ()) if self.rooms[m].status == "open")

    async def _expire_open_matches(self) -> None:
        """Drop the matches that have waited longer than ``open_match_hours`` for players."""
        age = self.config.open_match_hours * 3600
        while True:
            await asyncio.sleep(min(60.0, max(0.5, age / 4)))
            now = datetime.now(UTC)
            stale = [
                r
                for r in self.rooms.values()
                if r.status == "open"
                and r.data.created_at is not None
                and (now - r.data.created_at).total_seconds() >= age
            ]
            for room in stale:
                async with room.lock:
                    if room.status != "open":
                        continue
                    if not await self.db.write(self.db.store.drop_open_match, room.id):
                        continue
                    self.drop(room)
                    hours = self.config.open_match_hours
                    text = encode(
                        error(
                            ErrorCode.EXPIRED,
                            f"This match waited {hours:g} hours for players and was closed.",
                        )
                    )
                    for conn in room.conns:
                        conn.send(text)
                        conn.stop()

    async def start(self) -> None:
        """Rebuild every unfinished match (after a restart, a crash, a ``kill -9``)."""
        self.pauses.watch()
        self.spawn(self.heartbeat.run())
        if self.config.gc_freeze_seconds > 0:
            self.spawn(tend(self.config.gc_freeze_seconds, self.config.gc_sweep_seconds))
        self.spawn(self._expire_open_matches())
        for data in await self.db.read(self.db.store.live_matches):
            try:
                room = self.build(data)
            except CyberdeckError as err:
                log.error("match %s cannot be rebuilt: %s", data.id, err)
                continue
            self.keep(room)
            outcome = room.match.state.outcome
            if data.status == "running" and outcome is not None:
                await self._finish(room, outcome.to_json())
            self.schedule_ai(room)
        log.info("rebuilt %d live matches", len(self.rooms))

    async def room(self, match_id: str) -> Room | None:
        """The live room of a match, loading a finished one on demand (to watch its end)."""
        room = self.rooms.get(match_id)
        if room is not None:
            return room
        async with self.loading.hold(match_id):
            room = self.rooms.get(match_id)
            if room is None:
                data = await self.db.read(self.db.store.load_match, match_id)
                if data is None:
                    return None
                room = self.build(data)
                self.keep(room)
        return room

    async def create(self, data: MatchData) -> Room:
        """Check that the game can be set up (options, decks), store it, open its room."""
        room = self.build(data)  # BadDeck / BadOption surface here, before anything is stored
        await self.db.write(self.db.store.create_match, data)
        self.keep(room)
        self.schedule_ai(room)
        await self.answer_now(room)
        return room

    async def join(
        self, room: Room, user_id: int, user_name: str, deck: str | None = None
    ) -> int | None:
        """Seat the user at the first free human seat; ``None`` when there is none. ``deck``
        is the joiner's own choice (a deck list or a starter's name) for the seat they take:
        the game is set up again with it before anyone has moved, and a deck the game refuses
        (``BadDeck``) seats nobody."""
        async with room.lock:
            seat = room.seat_of(user_id)
            if seat is not None:
                if deck is not None:
                    raise CyberdeckError(
                        "You hold a seat in this match already; its deck was chosen when you "
                        "took it."
                    )
                return seat
            free = [s for s in room.data.seats if s.kind == "human" and s.user_id is None]
            if not free or room.status != "open":
                return None
            chosen = free[0]
            start = len(free) == 1
            decks, match = None, None
            if deck is not None:
                if not room.game.has_decks:
                    raise BadDeck(room.game.validate_deck([]))
                decks = list(room.data.decks or [None] * len(room.data.seats))
                decks[chosen.seat] = deck
                match = Match(room.game, room.data.options, room.data.seed, decks)
            if not await self.db.write(
                self.db.store.take_seat, room.id, chosen.seat, user_id, start, decks
            ):
                return None
            if match is not None:
                # An open match has no moves yet: the new deal replaces the old one whole.
                room.match, room.data.decks = match, decks
            chosen.user_id, chosen.user_name = user_id, user_name
            # Away time starts when a player is seated (an empty seat has nobody to be away).
            if not room.connected(chosen.seat):
                room.away_since[chosen.seat] = time.monotonic()
            if start:
                room.data.status = "running"
        self.broadcast_table(room, [])
        self.broadcast_presence(room)
        self.schedule_ai(room)
        await self.answer_now(room)
        return chosen.seat

    # --- connections -----------------------------------------------------------------------------

    def welcome(self, room: Room, conn: Connection) -> dict[str, Any]:
        seat = room.point(conn)
        state = room.match.state
        log_events = room.match.log
        table = table_for(state, seat, log_events, room.status == "running", conn.seats)
        table["events"] = table["events"][-self.config.resync_log :]
        table["story"] = {
            "actor": room.story.actor,
            "events": events_for(
                room.story.events, seat, conn.seats, speller(state, table["view"])
            ),
        }
        return {
            "type": "welcome",
            "match": summary(room.data, room),
            "you": seat,
            "yours": list(conn.seats),
            # A seated player may pass the invite on (a private match's link needs it).
            "invite": room.data.invite if conn.seats else None,
            "seq": room.seq,
            "status": room.status,
            "table": table,
            "seats": room.seats_info(),
            "grace_seconds": self.config.grace_seconds,
            "outcome": room.outcome,
        }

    async def connect(self, room: Room, conn: Connection) -> None:
        async with room.lock:
            room.conns.append(conn)
            for seat in conn.seats:
                room.away_since.pop(seat, None)
            # Not before the other seats see the last step (``pacing``): a page opened again
            # must not show a step before a page that stayed does.
            conn.send(self.welcome(room, conn), room.pace.shown)
            if room.review is not None:
                conn.send({"type": "review", "text": room.review})
        self.broadcast_presence(room)

    async def disconnect(self, room: Room, conn: Connection) -> None:
        conn.stop()
        if conn in room.conns:
            room.conns.remove(conn)
        for seat in conn.seats:
            if not room.connected(seat):
                room.away_since[seat] = time.monotonic()
        self.broadcast_presence(room)
        self.forget_if_idle(room)

    async def resync(self, room: Room, conn: Connection) -> None:
        async with room.lock:
            conn.send(self.welcome(room, conn))

    def broadcast_presence(self, room: Room) -> None:
        text = encode({"type": "presence", "seats": room.seats_info()})
        for conn in room.conns:
            conn.send(text)

    def broadcast_table(
        self,
        room: Room,
        events: list[Event],
        acked: tuple[Connection, str] | None = None,
        views: Views | None = None,
    ) -> None:
        """Each connection gets its own seat's table; each distinct message is encoded once. The
        connection whose move this was finds its acknowledgement in its update (``ack``: the
        message id), so a move costs one message per connection, not two for the mover. Only
        the seats someone watches get a view built, each once (``views``: the ones the table's
        answers already built for this position)."""
        updates: dict[tuple[Seat, tuple[int, ...]], dict[str, Any]] = {}
        texts: dict[tuple[Seat, tuple[int, ...]], bytes] = {}
        state = room.match.state
        room.story.tell(events, state.current_player, self.config.resync_log)
        if views is None or views.state is not state:
            views = Views(state)
        playing = room.status == "running"
        for conn in room.conns:
            seat = room.point(conn)
            key = (seat, conn.seats)
            update = updates.get(key)
            if update is None:
                update = updates[key] = {
                    "type": "update",
                    "seq": room.seq,
                    "status": room.status,
                    "table": table_for(state, seat, events, playing, conn.seats, views),
                    "outcome": room.outcome,
                    "ack": None,
                }
            if acked is not None and conn is acked[0]:
                conn.send(encode({**update, "ack": acked[1]}))
                continue
            text = texts.get(key)
            if text is None:
                text = texts[key] = encode(update)
            conn.send(text)

    def _step(self, room: Room, maker: int | None, events: list[Event]) -> Step:
        """The step just made (and stored), for the updates that show it (``Step.keep`` before
        the match moves on)."""
        state = room.match.state
        room.story.tell(events, state.current_player, self.config.resync_log)
        return Step(
            maker,
            state,
            Views(state),
            events,
            room.seq,
            room.status,
            room.outcome,
            room.pace.next(person=maker is not None),
        )

    def show(
        self, room: Room, steps: list[Step], acked: tuple[Connection, str] | None = None
    ) -> None:
        """Each connection is shown ``steps``: those of its own seats at once (several in a row
        as one update), every other step as an update of its own at the step's time
        (``pacing``), so what the other seats get of a step never says whether the player or
        the table made it. The connection whose move the first step is finds its
        acknowledgement (``ack``: the message id) on its last update of them: the move is
        committed, and so is what the table answered after it. Each distinct update is encoded
        once."""
        texts: dict[tuple[int, int, Seat, tuple[int, ...]], bytes] = {}

        def send(conn: Connection, run: list[Step], at: float | None, ack: str | None) -> None:
            last = run[-1]
            seat = room.point(conn, last.state)
            key = (id(run[0]), id(last), seat, conn.seats)
            text = texts.get(key)
            if text is None or ack is not None:
                events = [e for step in run for e in step.events]
                playing = last.status == "running"
                update = {
                    "type": "update",
                    "seq": last.seq,
                    "status": last.status,
                    "table": table_for(last.state, seat, events, playing, conn.seats, last.views),
                    "outcome": last.outcome,
                    "ack": ack,
                }
                text = encode(update)
                if ack is None:
                    texts[key] = text
            conn.send(text, at)

        for conn in room.conns:
            batches: list[tuple[list[Step], float | None]] = []
            own: list[Step] = []
            for step in steps:
                if step.maker is not None and step.maker in conn.seats:
                    own.append(step)
                    continue
                if own:
                    batches.append((own, None))
                    own = []
                batches.append(([step], step.at))
            if own:
                batches.append((own, None))
            ack = acked[1] if acked is not None and conn is acked[0] else None
            for n, (run, at) in enumerate(batches):
                send(conn, run, at, ack if n == len(batches) - 1 else None)

    # --- moves -----------------------------------------------------------------------------------

    async def move(
        self, room: Room, conn: Connection, msg: Move | Undo | Accept | GestureMsg
    ) -> None:
        """A move, (``Undo``) taking the last move back where the game allows it, (``Accept``)
        the moves of the table's proposal, or (``GestureMsg``) the moves of an offered gesture;
        then whatever the table answers for the players who left the next questions to it."""
        if not conn.seats:
            conn.send(error(ErrorCode.SPECTATOR, "Spectators watch; they cannot move.", msg.id))
            return
        async with room.lock:
            seat = room.point(conn)
            assert seat is not None
            # Any of the connection's seats: at a hot-seat table the seat that made the move
            # is no longer the one to move when it is sent again.
            done = next(
                (room.handled[(s, msg.id)] for s in conn.seats if (s, msg.id) in room.handled),
                None,
            )
            if done is not None:
                conn.send(
                    error(
                        ErrorCode.DUPLICATE,
                        f"Message '{msg.id}' was already handled; it made move {done}.",
                        msg.id,
                        room.seq,
                    )
                )
                return
            refusal = self._refusal(room, seat, msg.seq)
            if refusal is not None:
                code, sentence = refusal
                conn.send(error(code, sentence, msg.id, room.seq))
                return
            before = room.seq
            try:
                events = self._apply(room, seat, msg)
            except BadAction as err:
                conn.send(error(ErrorCode.BAD_ACTION, str(err), msg.id, room.seq))
                return
            except (IllegalAction, CyberdeckError) as err:
                conn.send(error(ErrorCode.ILLEGAL, str(err), msg.id, room.seq))
                return
            except Exception:
                # A fault in a game's code: the state may be half-changed, so rebuild it.
                log.exception("match %s: the engine failed on a move", room.id)
                await self._reload(room)
                conn.send(error(ErrorCode.SERVER, "The server could not play that move.", msg.id))
                return
            remember(room, (seat, msg.id), room.seq)
            if not await self._commit(room, seat, msg.id, room.seq - before):
                conn.send(
                    error(ErrorCode.SERVER, "The move could not be saved; try again.", msg.id)
                )
                return
            steps = [self._step(room, seat, events)]
            if not await self._answer_for(room, steps):
                return
            self.show(room, steps, (conn, msg.id))
        await self._after_move(room)

    def _refusal(self, room: Room, seat: int, seq: int) -> tuple[ErrorCode, str] | None:
        if room.status == "open":
            return ErrorCode.NOT_STARTED, "The game starts when every seat is taken."
        if room.status == "finished":
            return ErrorCode.FINISHED, "The game is over; no more moves can be made."
        if seq != room.seq:
            return (
                ErrorCode.STALE,
                f"That move was made at step {seq}, but the game is at step {room.seq}; "
                "look at the table again and choose anew.",
            )
        to_move = room.match.state.current_player
        if to_move != seat:
            who = room.name(to_move) if to_move is not None else "nobody"
            return ErrorCode.NOT_YOUR_TURN, f"It is {who}'s turn, not yours."
        return None

    def _apply(self, room: Room, seat: int, msg: Move | Undo | Accept | GestureMsg) -> list[Event]:
        if isinstance(msg, Undo):
            # The player's last move and the table's answers after it (the table would only
            # answer the same questions again).
            before = len(room.match.log)
            room.takeback.take_back(room.match)
            return room.match.log[before:]
        if isinstance(msg, Accept):
            return self._accept(room, seat)
        if isinstance(msg, GestureMsg):
            return self._gesture(room, seat, msg.actions)
        action = room.game.parse_action(msg.action)
        return room.play(action)

    def _accept(self, room: Room, seat: int) -> list[Event]:
        """Play the table's proposal for ``seat``, move by move, while the question stays with
        ``seat`` (a Cop answering a runner's payment hands it over, and the rest waits)."""
        state = room.match.state
        found = room.game.propose(state.view(seat), state.legal_actions())
        if found is None:
            raise IllegalAction("The table has nothing to propose now; choose a move.")
        events: list[Event] = []
        for n, action in enumerate(found.actions):
            state = room.match.state
            if state.current_player != seat or action not in state.legal_actions():
                break
            events += room.play(action, by_table=n > 0)
        return events

    def _gesture(self, room: Room, seat: int, actions: list[str]) -> list[Event]:
        """Play the gesture offered to ``seat`` whose moves are ``actions``: the first as the
        player's own move, each later one as the table's answer from the gesture, noted in the
        seat's log, for as long as the question stays with ``seat`` and the move is legal."""
        match = room.match
        found = next(
            (g for g in room.game.gestures(match.state) if [a.text for a in g.actions] == actions),
            None,
        )
        if found is None:
            raise IllegalAction(
                "The table offers no such gesture now; choose a move or one of the gestures listed."
            )
        events: list[Event] = []
        made: list[Action] = []

        def play(action: Action) -> None:
            events.extend(room.play(action, by_table=bool(made)))
            made.append(action)

        def note(action: Action) -> None:
            view = match.state.view(seat)
            describe = room.game.describe_action(action, view)
            line = gesture_note(seat, found, action, describe, room.game.seat_label(seat))
            match.log.append(line)
            events.append(line)

        carry_out(
            found, seat, lambda: match.state.current_player, match.state.legal_actions, play, note
        )
        return events

    async def _stops_of(self, room: Room, seat: int) -> Stops:
        stops = room.stops.get(seat)
        if stops is None:
            user_id = room.data.seats[seat].user_id
            stops = room.stops[seat] = (
                Stops.defaults(room.game)
                if user_id is None
                else await self.players.stops(user_id, room.game)
            )
        return stops

    async def _answer_for(self, room: Room, steps: list[Step]) -> bool:
        """Answer, for each human seat to move, the questions its player left to the table
        (``engine.autoanswer``), each stored like any move, noted in that seat's log and added
        to ``steps`` as a step of that seat's: the other seats see it as they would see the
        player's own move (``pacing``). ``False`` when a move could not be stored (the room was
        rebuilt)."""
        # The position's views, shared with the update that shows it.
        views = steps[-1].views if steps else Views(room.match.state)
        while room.status == "running":
            state = room.match.state
            seat = state.current_player
            if seat is None or room.data.seats[seat].kind != "human":
                break
            stops = await self._stops_of(room, seat)
            if answers_nothing(room.game, stops):
                break
            view = views.of(seat)
            found = answer(room.game, view, state.legal_actions(), stops)
            if found is None:
                break
            # The note goes before the move's own events: the log reads "why", then "what".
            describe = room.game.describe_action(found.action, view)
            note = log_event(seat, found, describe, room.game.seat_label(seat))
            if steps:
                steps[-1].keep()
            start = len(room.match.log)
            played = room.play(found.action, by_table=True)
            room.match.log.insert(start, note)
            if not await self._commit(room, seat, None):
                return False
            steps.append(self._step(room, seat, [note, *played]))
            views = steps[-1].views
        return True

    async def answer_now(self, room: Room) -> None:
        """Let the table answer what it may before anyone is asked (a match starting, stops
        changed while a question waits)."""
        async with room.lock:
            steps: list[Step] = []
            if not await self._answer_for(room, steps) or not steps:
                return
            self.show(room, steps)
        await self._after_move(room)

    async def stops_changed(self, user_id: int, game: str, stops: Stops) -> None:
        """A player changed their stops: their live matches of that game follow at once."""
        self.players.stops_changed(user_id, game, stops)
        for room in list(self.rooms.values()):
            if room.game.id != game:
                continue
            seats = room.seats_of(user_id)
            for seat in seats:
                room.stops[seat] = stops
            if seats:
                await self.answer_now(room)

    def look(self, room: Room, conn: Connection, msg: Look) -> None:
        """A close look at one part of the table, from the connection's own seat's view."""
        seat = room.point(conn)
        try:
            text = look_for(room.match.state, seat, msg.target)
        except Exception:
            # A game's look that fails is the game's fault, not the asker's: the asker hears a
            # sentence, and the server's log keeps what went wrong (a spectator repeating the
            # look repeats one line, never a traceback on the wire).
            log.warning("match %s: look %r failed", room.id, msg.target, exc_info=True)
            text = f"{room.game.title} could not show '{msg.target}' just now."
        conn.send({"type": "look", "target": msg.target, "text": text})

    def hint(self, room: Room, conn: Connection) -> None:
        """What the game's hint player would play for the connection's seat. It thinks in an AI
        worker, one hint at a time per connection, so asking again and again holds no worker."""
        seat = room.point(conn)
        state = room.match.state
        refusal = None
        agent = room.game.hint_agent(room.data.seed * 1009 + room.seq)
        if agent is None:
            refusal = f"{room.game.title} gives no hints."
        elif seat is None or state.current_player != seat or room.status != "running":
            refusal = "A hint is for the player whose move it is."
        elif conn.hinting:
            refusal = "A hint is already on its way."
        if refusal is not None or agent is None or seat is None:
            conn.send({"type": "hint", "seq": room.seq, "action": None, "text": refusal})
            return
        conn.hinting = True
        self.spawn(self._hint(room, conn, agent, seat))

    async def _hint(self, room: Room, conn: Connection, agent: Agent, seat: int) -> None:
        seq, state = room.seq, room.match.state.clone()
        try:
            text, _ = await self.thinkers.choose(conn.user_id, agent, state)
        except NoAnswer:
            answer = {"action": None, "text": "No hint came in time; ask again."}
        else:
            label = room.game.describe_action(room.game.parse_action(text), state.view(seat))
            answer = {"action": text, "text": f"Hint: {label}."}
        finally:
            conn.hinting = False
        conn.send({"type": "hint", "seq": seq, **answer})
        if answer["action"] is not None:
            # A helped game, like one with undo: its record and the player's statistics say so.
            room.match.record.note_hint(seat)
            room.data.seats[seat].hints += 1
            await self.db.write(self.db.store.note_hint, room.id, seat)

    async def _review(self, room: Room) -> None:
        """The game's review of the finished match, worked out in an AI worker and sent to
        everyone at the table (and kept for those who come back to it)."""
        record = Record.from_json(room.match.record.to_json())
        try:
            text = await self.thinkers.run(
                room.data.created_by, review, record, limit=3 * self.thinkers.limit
            )
        except NoAnswer as err:
            log.warning("match %s: no review (%s)", room.id, err)
            return
        if text:
            room.review = text
            message = encode({"type": "review", "text": text})
            for conn in room.conns:
                conn.send(message)

    async def _commit(self, room: Room, seat: int, msg_id: str | None, count: int = 1) -> bool:
        """Store the ``count`` moves just made (and the end, if they ended the game); undo them
        on failure. The message id goes with the last, which a re-sent message would repeat."""
        actions = room.match.record.actions
        items: list[NewAction | Finish] = [
            NewAction(room.id, step, seat, actions[step], msg_id if step == room.seq - 1 else None)
            for step in range(room.seq - count, room.seq)
        ]
        outcome = room.match.state.outcome
        if outcome is not None:
            items.append(Finish(room.id, outcome.to_json()))
        try:
            await self.db.commit(*items)
        except Exception:
            log.exception(
                "match %s: move %d not stored; rebuilding from the store", room.id, room.seq - 1
            )
            await self._reload(room)
            return False
        if outcome is not None:
            room.data.status = "finished"
            room.data.outcome = outcome.to_json()
            if room.game.reviews:  # a game played to its end (a resignation has no review)
                self.spawn(self._review(room))
        log_ = room.match.log
        if len(log_) > 2 * self.config.resync_log:  # a resync sends only the latest events
            del log_[: -self.config.resync_log]
        self.moves += count
        return True

    async def _reload(self, room: Room) -> None:
        data = await self.db.read(self.db.store.load_match, room.id)
        if data is None:
            return
        fresh = self.build(data)
        room.data, room.match, room.handled = fresh.data, fresh.match, fresh.handled
        self.broadcast_table(room, [])

    async def _after_move(self, room: Room) -> None:
        if room.status == "finished":
            self.spawn(self._rate(room))
            self.forget_if_idle(room)
        else:
            self.schedule_ai(room)

    def forget_if_idle(self, room: Room) -> None:
        """A finished match nobody watches leaves memory (it is loaded again if asked for)."""
        if room.status == "finished" and not room.conns:
            self.drop(room)

    # --- the end: by the rules, by a claim, by resigning -------------------------------------------

    def _refuse_ending(self, room: Room, conn: Connection, msg_id: str, verb: str) -> bool:
        """Tell ``conn`` why it cannot end the game now (a spectator, a game not in play)."""
        if room.point(conn) is None or not conn.seats:
            conn.send(error(ErrorCode.SPECTATOR, f"Spectators cannot {verb} a game.", msg_id))
            return True
        if room.status != "running":
            code = ErrorCode.FINISHED if room.status == "finished" else ErrorCode.NOT_STARTED
            conn.send(error(code, f"Only a game in play can be {verb}ed.", msg_id, room.seq))
            return True
        return False

    async def _forfeit(self, room: Room, losers: list[int], reason: str, kind: str) -> None:
        """End the game outside the rules: ``losers`` lose, every other seat wins."""
        seats = range(len(room.data.seats))
        outcome = Outcome(
            winners=tuple(s for s in seats if s not in losers),
            returns=tuple(-1.0 if s in losers else 1.0 for s in seats),
            reason=reason,
            kind=kind,
        )
        await self._finish(room, outcome.to_json())

    async def claim(self, room: Room, conn: Connection, msg: Claim) -> None:
        async with room.lock:
            if self._refuse_ending(room, conn, msg.id, "claim"):
                return
            seat = room.point(conn)
            assert seat is not None
            now = time.monotonic()
            grace = self.config.grace_seconds
            within = f"{grace:g} second{'' if grace == 1 else 's'}"
            gone = [
                s
                for s, since in room.away_since.items()
                if s not in conn.seats and not room.connected(s) and now - since >= grace
            ]
            if not gone:
                conn.send(
                    error(
                        ErrorCode.CANNOT_CLAIM,
                        f"You can claim the game only when an opponent has been away for {within}.",
                        msg.id,
                        room.seq,
                    )
                )
                return
            names = " and ".join(room.name(s) for s in gone)
            reason = (
                f"{names} left and did not come back within {within}; "
                f"{room.name(seat)} claimed the game"
            )
            await self._forfeit(room, gone, reason, "claim")
        self.spawn(self._rate(room))

    async def resign(self, room: Room, conn: Connection, msg: Resign) -> None:
        async with room.lock:
            if self._refuse_ending(room, conn, msg.id, "resign"):
                return
            seat = room.point(conn)
            assert seat is not None
            await self._forfeit(room, [seat], f"{room.name(seat)} resigned", "resign")
        self.spawn(self._rate(room))

    async def _finish(self, room: Room, outcome: dict[str, Any]) -> None:
        await self.db.commit(Finish(room.id, outcome))
        room.data.status = "finished"
        room.data.outcome = outcome
        text = encode({"type": "ended", "status": "finished", "outcome": outcome})
        for conn in room.conns:
            conn.send(text)

    async def _rate(self, room: Room) -> None:
        outcome = room.data.outcome
        if outcome is None:
            return
        players = []
        for info in room.data.seats:
            if info.kind == "ai":
                robot = await self.db.write(
                    self.db.store.robot, ai_name(stored_level(room.game, info.level)), "ai"
                )
                players.append(robot.id)
            elif info.user_id is not None:
                user = await self.players.user(info.user_id)
                if user is None or user.kind != "account":
                    return  # guests play unrated: a throwaway guest could feed anyone wins
                players.append(info.user_id)
            else:
                return
        try:
            await self.db.write(
                rate_match, self.db.store, room.data.game, players, outcome["returns"]
            )
        except Exception:
            log.exception("match %s: ratings not updated", room.id)

    # --- AI seats --------------------------------------------------------------------------------

    def schedule_ai(self, room: Room) -> None:
        if room.status != "running" or (room.ai_task is not None and not room.ai_task.done()):
            return
        seat = room.match.state.current_player
        if seat is None or room.data.seats[seat].kind != "ai":
            return
        room.ai_task = self.spawn(self._ai_moves(room))

    async def _ai_moves(self, room: Room) -> None:
        # A person's decision starts this run of AI moves: the waits before them start afresh.
        pace = AiPace(self.config.ai_delay, self.config.ai_turn_seconds)
        while room.status == "running":
            seat = room.match.state.current_player
            if seat is None or room.data.seats[seat].kind != "ai":
                return
            await asyncio.sleep(pace.wait(seat))
            seq = room.seq
            try:
                text, room.agents[seat] = await self.thinkers.choose(
                    room.data.created_by, room.agent(seat), room.match.state.clone()
                )
            except NoAnswer as err:
                log.warning("match %s: the AI of seat %d gave no move (%s)", room.id, seat, err)
                text = room.stand_in(seat)
            async with room.lock:
                if room.seq != seq or room.status != "running":
                    continue
                events = room.play(room.game.parse_action(text))
                if not await self._commit(room, seat, None):
                    return
                steps = [self._step(room, None, events)]
                if not await self._answer_for(room, steps):
                    return
                self.show(room, steps)
            if room.status == "finished":
                self.spawn(self._rate(room))
                self.forget_if_idle(room)

    # --- housekeeping ----------------------------------------------------------------------------

    def counts(self) -> Counts:
        """The running totals the heartbeat's seconds are made of."""
        db, pauses = self.db, self.pauses
        checkpoints = db.store.checkpoints
        return Counts(
            moves=self.moves,
            transactions=db.transactions,
            commit_ms=db.commit_seconds * 1000,
            collections=sum(pauses.count),
            collection_ms=sum(pauses.seconds) * 1000,
            rooms_opened=self.rooms_opened,
            restarts=checkpoints.restarts if checkpoints else 0,
        )

    def spawn(self, coroutine: Any) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    async def stop(self) -> None:
        self.pauses.unwatch()
        for task in list(self._tasks):
            task.cancel()
        for room in self.rooms.values():
            for conn in room.conns:
                conn.stop()
        self.thinkers.close()


def new_match_data(
    game: Game,
    options: dict[str, Any],
    seats: list[SeatData],
    decks: Any,
    public: bool,
    creator: int,
    seed: Callable[[], int] | None = None,
) -> MatchData:
    """A new match's data, not yet stored. ``seed`` draws its seed: the lobby's ``Dealer``
    (``secrets``, or a server's deal seed), a series' next game; none, ``secrets``."""
    open_seats = any(s.kind == "human" and s.user_id is None for s in seats)
    return MatchData(
        id=secrets.token_urlsafe(9),
        game=game.id,
        options=options,
        decks=decks,
        seed=seed() if seed else secrets.randbits(62),
        engine_version=ENGINE_VERSION,
        status="open" if open_seats else "running",
        public=public,
        invite=secrets.token_urlsafe(16),
        created_by=creator,
        seats=seats,
    )
