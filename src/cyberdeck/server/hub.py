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
from collections.abc import Awaitable, Callable
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
from ..store import ClockSave, Fence, Finish, MatchData, NewAction, SeatData
from ..store.leases import LeaseLost
from .bus import Bus
from .clocks import TURN_BASED, Clock, SystemClock, TimeControl, WallClock
from .collector import Pauses, tend
from .config import HOTSEAT, REALTIME, TURN_BASED_KIND, ServerConfig
from .database import Database
from .heartbeat import Counts, Heartbeat
from .labjobs import LabJobs
from .leases import Ownership, home_of
from .levels import stored_level
from .limits import KeyedLocks, Recent
from .pacing import AiPace, Pace
from .players import Players
from .protocol import Accept, Claim, ErrorCode, GestureMsg, Look, Move, Resign, Undo
from .ratings import ai_name, rate_match
from .story import Story
from .thinking import NoAnswer, Thinkers, review
from .visibility import Seat, Views, events_for, look_for, speller, table_for
from .wire import encode

log = logging.getLogger("cyberdeck.server")

#: Called after every committed move (and a match's start) with the match and the user ids
#: that must decide now: a notifier (an e-mail, a badge) hangs on ``Hub.on_turn``.
TurnListener = Callable[[MatchData, list[int]], Awaitable[None] | None]
#: The level that plays a seat whose time ran out in a game of three or four.
TAKEOVER_LEVEL = "normal"
#: The stored setting that says when the server was last alive (``Hub._keep_time``), and how
#: often it is written: time the server was down is not charged to anyone's clock.
ALIVE_AT = "clocks_alive_at"
ALIVE_EVERY = 2.0
#: Matches held by other workers kept as built from the database (``Hub.stored_rooms``).
STORED_ROOMS = 500


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
    #: The clocks as the step left them (``Clock.shown``; none without a time control).
    clock: dict[str, Any] | None = None

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
    #: The match's clocks (none without a time control), and the seat whose fall was told.
    clock: Clock | None = None
    fell: int | None = None

    def by_ai(self, seat: int) -> bool:
        """An AI plays ``seat``: an AI seat, or a seat whose time ran out in a game of three or
        four (``Hub.claim``)."""
        return self.data.seats[seat].kind == "ai" or (
            self.clock is not None and seat in self.clock.taken
        )

    def deciding(self) -> int | None:
        """The seat whose clock runs: the seat to decide while the game is in play, when a
        person plays it (an AI never runs out of time)."""
        seat = self.match.state.current_player
        if self.status != "running" or seat is None or self.by_ai(seat):
            return None
        return seat

    def to_decide(self) -> list[int]:
        """The user ids that must decide now (a notifier's question)."""
        seat = self.deciding()
        user = None if seat is None else self.data.seats[seat].user_id
        return [] if user is None else [user]

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
            info = self.data.seats[seat]
            level = stored_level(self.game, info.level if info.kind == "ai" else TAKEOVER_LEVEL)
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


def match_kind(seats: list[SeatData], maker: int, control: dict[str, Any] | None = None) -> str:
    """A hot-seat match (its maker holds every seat for a person, two or more), a turn-based
    one (days a move: a player holds many at once) or a real-time one (against people online,
    against the AI, or the AI alone): each kind costs the server and the player differently and
    has its own cap (``ServerConfig.in_play``)."""
    held = sum(1 for s in seats if s.kind == "human" and s.user_id == maker)
    return kind_of(held, control)


def kind_of(held: int, control: dict[str, Any] | None) -> str:
    """``match_kind`` of a match whose maker holds ``held`` seats for a person."""
    if held >= 2:
        return HOTSEAT
    return TURN_BASED_KIND if TimeControl.from_json(control).kind == TURN_BASED else REALTIME


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


def summary(data: MatchData, room: Room | None = None, moves: int | None = None) -> dict[str, Any]:
    """What anyone may know of a match: never its seed, decks, record or invite. ``moves``:
    how many its record holds, when neither ``room`` nor ``data`` has them."""
    game = load_game(data.game)
    stored = len(data.actions) if moves is None else moves
    seq = room.seq if room is not None else stored
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
        "rematch_of": data.rematch_of,
        "time_control": TimeControl.from_json(data.time_control).public(),
        "rated": data.rated,
        "edited": data.cards is not None,
    }


class Hub:
    def __init__(
        self,
        db: Database,
        config: ServerConfig,
        clock: WallClock | None = None,
        bus: Bus | None = None,
    ) -> None:
        self.db = db
        self.config = config
        #: News to and from the other workers of a cluster (``bus``; one process: its own).
        self.bus = bus or Bus()
        #: What every clock reads (tests give one they can move on by a week).
        self.wall: WallClock = clock or SystemClock()
        #: Called after every committed move and start (``TurnListener``), with the match and
        #: the players now to decide (none while an AI decides): the turn e-mails listen here.
        self.on_turn: list[TurnListener] = []
        #: Called (as a task of its own) with each match as it ends, however it ends: a
        #: tournament starts its next round from here.
        self.on_end: list[Callable[[Room], Awaitable[None]]] = []
        #: Called with each match this worker has just made and stored (nobody has moved or
        #: spoken at it yet): the chat knows its players' lines without reading the store.
        self.on_create: list[Callable[[Room], None]] = []
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
        self.lab = LabJobs(config.lab_workers, config.lab_game_seconds, 1, config.lab_jobs)
        #: Accounts and stops, read once and kept (``players``).
        self.players = Players(db)
        #: In a cluster, the matches this worker holds (``leases``); none in one process.
        self.ownership = (
            Ownership(db, config.worker, config.lease_seconds) if config.worker else None
        )
        #: Matches other workers of a cluster hold, as last read from the database, while
        #: their records stay as they were (``stored_rooms``).
        self._stored: Recent[str, Room] = Recent(STORED_ROOMS)
        self.bus.subscribe("stops", self._stops_heard, self._stops_forgotten)
        self.bus.subscribe("adopt", self._adopted)

    # --- building rooms --------------------------------------------------------------------------

    def build(self, data: MatchData, clock: dict[str, Any] | None = None) -> Room:
        """A room from stored data: the game rebuilt by replaying its record; ``clock``, the
        clocks as stored with its latest move (none: fresh clocks, not yet running)."""
        game = load_game(data.game)
        match = Match(game, data.options, data.seed, data.decks, cards=data.cards)
        room = Room(data, game, match, pace=Pace(self.config.step_gap))
        control = TimeControl.from_json(data.time_control)
        if control.timed:
            seats = len(data.seats)
            room.clock = (
                Clock.start(control, seats) if clock is None else Clock.from_json(control, clock)
            )
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
        """A guest signed up or in (``store.adopt_guest``): the matches held in memory, on
        every worker, seat the account where they seated the guest, so its games in play go on
        under its name."""
        self.bus.publish("adopt", {"guest": guest_id, "account": account_id, "name": account_name})

    def _adopted(self, notice: dict[str, Any]) -> None:
        guest_id, account_id = int(notice["guest"]), int(notice["account"])
        account_name = str(notice["name"])
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

    def drop(self, room: Room, held: bool = True) -> None:
        """A room leaves memory (a finished match is loaded again if asked for); in a cluster
        its lease goes with it (unless no longer ``held``)."""
        if self.rooms.pop(room.id, None) is None:
            return
        if self.ownership is not None:
            if held:
                self.ownership.let_go(room.id)
            else:
                self.ownership.tokens.pop(room.id, None)
        made = self._made.get(room.data.created_by)
        if made is not None:
            made.discard(room.id)
            if not made:
                del self._made[room.data.created_by]

    async def made_in_play(self, user_id: int, kind: str) -> int:
        """How many matches of ``kind`` (``match_kind``) that ``user_id`` made are waiting for
        players or under way: in a cluster, counted from the database (the rooms live on every
        worker); one process counts its own rooms."""
        if self.config.worker is None:
            return self.in_play(user_id, kind)
        rows = await self.db.read(self.db.store.made_in_play, user_id)
        return sum(1 for _, control, held in rows if kind_of(held, control) == kind)

    async def waiting(self, user_id: int) -> int:
        """How many matches ``user_id`` made still wait for players (``waiting_matches``; in a
        cluster, from the database)."""
        if self.config.worker is None:
            return self.waiting_matches(user_id)
        rows = await self.db.read(self.db.store.made_in_play, user_id)
        return sum(1 for status, _, _ in rows if status == "open")

    def in_play(self, user_id: int, kind: str) -> int:
        """How many matches of ``kind`` (``match_kind``) that ``user_id`` made are waiting for
        players or under way, among this process's rooms."""
        return sum(
            1
            for m in self._made.get(user_id, ())
            if self.rooms[m].status != "finished"
            and match_kind(self.rooms[m].data.seats, user_id, self.rooms[m].data.time_control)
            == kind
        )

    async def over_cap(
        self, user_id: int, seats: list[SeatData], control: dict[str, Any] | None = None
    ) -> str | None:
        """Why ``user_id`` may not make a match of these seats and time control now (they have
        as many of its kind in play as the server allows), or ``None``."""
        kind = match_kind(seats, user_id, control)
        cap = self.config.in_play(kind)
        if await self.made_in_play(user_id, kind) < cap:
            return None
        what = {HOTSEAT: "hot-seat matches", TURN_BASED_KIND: "turn-based matches"}.get(
            kind, "matches"
        )
        return f"You have {cap} {what} in play already; finish or resign one of them first."

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
        """Rebuild every unfinished match (after a restart, a crash, a ``kill -9``); in a
        cluster, hold this worker's life and take matches up as they are asked for."""
        self.pauses.watch()
        self.spawn(self.heartbeat.run())
        if self.config.gc_freeze_seconds > 0:
            self.spawn(tend(self.config.gc_freeze_seconds, self.config.gc_sweep_seconds))
        self.spawn(self._expire_open_matches())
        if self.ownership is not None:
            await self.ownership.begin()
            self.spawn(self.ownership.run(self._lost, self._hand_over, self._adopt))
            self.spawn(self._keep_time())
            log.info("worker %s serving as %s", self.config.worker, self.ownership.holder)
            return
        live = await self.db.read(self.db.store.live_matches)
        clocks = await self.db.read(self.db.store.clocks, [d.id for d in live])
        alive = await self.db.read(self.db.store.read_setting, ALIVE_AT)
        alive_at = None if alive is None else float(alive)
        now = self.wall.now()
        resumed: list[ClockSave] = []
        for data in live:
            try:
                room = self.build(data, clocks.get(data.id))
            except CyberdeckError as err:
                log.error("match %s cannot be rebuilt: %s", data.id, err)
                continue
            self.keep(room)
            outcome = room.match.state.outcome
            if data.status == "running" and outcome is not None:
                await self._finish(room, outcome.to_json())
            if room.clock is not None and room.status == "running":
                # Time the server was down is nobody's: the seat to decide is charged up to
                # when the server was last alive, and its time runs again from now.
                room.clock.resume(alive_at, now)
                room.clock.hand_to(room.deciding(), now)
                resumed.append(ClockSave(room.id, room.clock.to_json()))
            self.schedule_ai(room)
        if resumed:
            await self.db.commit(*resumed)
        self.spawn(self._keep_time())
        log.info("rebuilt %d live matches", len(self.rooms))

    async def room(self, match_id: str, wait: bool = True) -> Room | None:
        """The live room of a match, loading a finished one on demand (to watch its end). In a
        cluster, a match is loaded only once its lease is held (``Elsewhere`` if another worker
        keeps it; ``wait``: for as long as a dead worker's lease takes to expire)."""
        room = self.rooms.get(match_id)
        if room is not None:
            return room
        async with self.loading.hold(match_id):
            room = self.rooms.get(match_id)
            if room is None:
                down_for = None
                if self.ownership is not None:
                    down_for = await self.ownership.take(match_id, wait)
                data = await self.db.read(self.db.store.load_match, match_id)
                if data is None:
                    if self.ownership is not None:
                        self.ownership.let_go(match_id)
                    return None
                clocks = await self.db.read(self.db.store.clocks, [match_id])
                try:
                    room = self.build(data, clocks.get(match_id))
                except CyberdeckError:
                    if self.ownership is not None:
                        self.ownership.let_go(match_id)
                    raise
                self.keep(room)
                if self.ownership is not None:
                    await self._taken_up(room, down_for)
        return room

    async def _taken_up(self, room: Room, down_for: float | None) -> None:
        """A match this worker has just taken the lease of, and loaded: its clocks go on (the
        seconds it had no owner charged to nobody), and its AI seats and the table play."""
        if room.status != "running":
            return
        outcome = room.match.state.outcome
        if outcome is not None:
            await self._finish(room, outcome.to_json())
            return
        assert self.ownership is not None
        fence = self.ownership.fence(room.id)
        if room.clock is not None and down_for is not None and fence is not None:
            now = self.wall.now()
            room.clock.resume(now - down_for, now)
            room.clock.hand_to(room.deciding(), now)
            try:
                await self.db.commit(fence, ClockSave(room.id, room.clock.to_json()))
            except Exception:
                log.exception("match %s: its clocks after the takeover were not stored", room.id)
        self.schedule_ai(room)

    async def _lost(self, match_id: str) -> None:
        """Another worker holds this match now (this one stalled past its lease): it leaves
        memory, and its sockets are closed so that they reconnect to the new owner."""
        room = self.rooms.get(match_id)
        if room is None:
            return
        log.warning("match %s: its lease was lost; its sockets go to the new owner", match_id)
        self._leave(room, held=False)

    async def _hand_over(self, match_id: str) -> None:
        """Another worker (the match's home, back) asks for this match: between two moves, it
        leaves memory and its lease is released."""
        room = self.rooms.get(match_id)
        if room is None:
            assert self.ownership is not None
            self.ownership.let_go(match_id)
            return
        async with room.lock:
            self._leave(room, held=True)

    def _leave(self, room: Room, held: bool) -> None:
        if room.ai_task is not None:
            room.ai_task.cancel()
        self.drop(room, held)
        for conn in list(room.conns):
            conn.stop()

    async def _adopt(self, match_id: str) -> None:
        """An orphaned match (its owner died, nobody asked for it since): taken up here."""
        room = await self.room(match_id, wait=False)
        if room is not None:
            self.forget_if_idle(room)

    def new_id(self, match_id: str, home: str | None = None) -> str:
        """A new match's id as this server gives it: in a cluster, naming its home worker
        (``home``, else this one)."""
        return match_id if self.ownership is None else self.ownership.own_id(match_id, home)

    async def spread(self) -> str | None:
        """In a cluster, a living worker drawn at random: the home of a match made here for
        players who are not here (quick play's pairings, made on the one worker that queues)."""
        if self.ownership is None:
            return None
        return await self.ownership.any_worker()

    async def send_home(self, room: Room) -> None:
        """A match made here for another worker (``spread``) leaves, its lease released: its
        home takes it up when its players arrive."""
        if self.ownership is not None and home_of(room.id) != self.ownership.worker:
            async with room.lock:
                self._leave(room, held=True)

    async def stored_rooms(self, rows: list[MatchData]) -> dict[str, Room]:
        """Rooms of matches this process does not hold (another worker of a cluster does), as
        the database has them: built here, never kept live, and read again once their record
        has grown. What a list shows of them (the seat to decide, its clock) is then what the
        database says, however far the holding worker is."""
        if not rows:
            return {}
        counts = await self.db.read(self.db.store.action_counts, [d.id for d in rows])
        found: dict[str, Room] = {}
        for data in rows:
            known = self._stored.get(data.id)
            if (
                known is not None
                and known.seq == counts.get(data.id, 0)
                and known.status == data.status
            ):
                found[data.id] = known
                continue
            full = await self.db.read(self.db.store.load_match, data.id)
            if full is None:
                continue
            clocks = await self.db.read(self.db.store.clocks, [data.id])
            try:
                room = self.build(full, clocks.get(data.id))
            except CyberdeckError as err:
                log.error("match %s cannot be rebuilt: %s", data.id, err)
                continue
            found[data.id] = self._stored.put(data.id, room)
        return found

    async def create(self, data: MatchData, home: str | None = None) -> Room:
        """Check that the game can be set up (options, decks), store it, open its room. In a
        cluster, the match's id gains this worker's name (the balancer sends it here) and its
        lease is taken before it is stored."""
        room = self.build(data)  # BadDeck / BadOption surface here, before anything is stored
        if self.ownership is not None:
            data.id = self.new_id(data.id, home)
            await self.ownership.take(data.id, wait=False)
        await self.db.write(self.db.store.create_match, data)
        self.keep(room)
        for listener in self.on_create:
            listener(room)
        await self._started(room)
        return room

    async def _started(self, room: Room) -> None:
        """A match has every seat taken: its clock starts, its AI seats and the table play."""
        if room.status != "running":
            return
        save = self._clock_moved(room, self.wall.now())
        if save is not None:
            await self.db.commit(save)
            self.broadcast_clock(room)
        self._tell_turn(room)
        self.schedule_ai(room)
        await self.answer_now(room)

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
                match = Match(
                    room.game, room.data.options, room.data.seed, decks, cards=room.data.cards
                )
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
        await self._started(room)
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
            # With a clock, the clock says when a game may be claimed, not being away.
            "grace_seconds": None if room.clock is not None else self.config.grace_seconds,
            "outcome": room.outcome,
            "clock": self.clock_shown(room),
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
        clock = self.clock_shown(room)
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
                    "clock": clock,
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
            self.clock_shown(room),
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
                    "clock": last.clock,
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
        self,
        room: Room,
        conn: Connection,
        msg: Move | Undo | Accept | GestureMsg,
        received: float | None = None,
    ) -> None:
        """A move, (``Undo``) taking the last move back where the game allows it, (``Accept``)
        the moves of the table's proposal, or (``GestureMsg``) the moves of an offered gesture;
        then whatever the table answers for the players who left the next questions to it.
        ``received`` (the wall clock's time the message came in) is what the mover's clock is
        charged up to, however long the move waited for the table."""
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
            if not await self._commit(room, seat, msg.id, room.seq - before, received):
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
        if room.clock is not None and seat in room.clock.taken:
            return (
                ErrorCode.NOT_YOUR_TURN,
                f"Your time ran out; the {TAKEOVER_LEVEL} AI plays your seat to the end.",
            )
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
            if seat is None or room.by_ai(seat):
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
        """A player changed their stops (stored already): their live matches of that game
        follow at once, on every worker."""
        notice = {"user": user_id, "game": game, "stops": stops.to_json()}
        await self.bus.announce("stops", notice)

    async def _stops_heard(self, notice: dict[str, Any]) -> None:
        user_id, game = int(notice["user"]), str(notice["game"])
        stops = Stops.from_json(load_game(game), notice["stops"])
        self.players.stops_changed(user_id, game, stops)
        for room in list(self.rooms.values()):
            if room.game.id != game:
                continue
            seats = room.seats_of(user_id)
            for seat in seats:
                room.stops[seat] = stops
            if seats:
                await self.answer_now(room)

    def _stops_forgotten(self) -> None:
        """Stops changed while this worker heard nothing: read them again as they are needed."""
        self.players.forget_stops()
        for room in self.rooms.values():
            room.stops.clear()

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

    async def _commit(
        self,
        room: Room,
        seat: int,
        msg_id: str | None,
        count: int = 1,
        received: float | None = None,
    ) -> bool:
        """Store the ``count`` moves just made (and the end, if they ended the game), with the
        clocks as they stand after them (the mover charged up to ``received``, when its message
        came in); undo them on failure. The message id goes with the last, which a re-sent
        message would repeat."""
        actions = room.match.record.actions
        items: list[NewAction | Finish | ClockSave | Fence] = [
            NewAction(room.id, step, seat, actions[step], msg_id if step == room.seq - 1 else None)
            for step in range(room.seq - count, room.seq)
        ]
        outcome = room.match.state.outcome
        # A game at its end has nobody to decide: the clocks stop with it.
        save = self._clock_moved(room, self.wall.now() if received is None else received)
        if outcome is not None:
            items.append(Finish(room.id, outcome.to_json()))
        if save is not None:
            items.append(save)
        try:
            if self.ownership is not None:
                fence = self.ownership.fence(room.id)
                if fence is None:
                    raise LeaseLost(f"match {room.id} is held here no more")
                items.insert(0, fence)
            await self.db.commit(*items)
        except LeaseLost:
            # Another worker holds the match now: the move is not stored and not acknowledged;
            # the mover's page sends it again to the new owner as it reconnects.
            log.warning("match %s: lease lost; move %d not stored", room.id, room.seq - 1)
            self._leave(room, held=False)
            return False
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
            self._ended(room)
        room.fell = None
        log_ = room.match.log
        if len(log_) > 2 * self.config.resync_log:  # a resync sends only the latest events
            del log_[: -self.config.resync_log]
        self.moves += count
        return True

    def at_table(self, match_id: str, user_id: int) -> bool:
        """Whether ``user_id`` has a match of theirs open now (a socket on one of its seats)."""
        room = self.rooms.get(match_id)
        return room is not None and any(room.connected(s) for s in room.seats_of(user_id))

    def _clock_moved(self, room: Room, received: float) -> ClockSave | None:
        """The clocks follow the decision to the seat that has it now (the seat that had it is
        charged up to ``received``); what to store, if the match has clocks."""
        if room.clock is None:
            return None
        room.clock.hand_to(room.deciding(), min(received, self.wall.now()), self.wall.now())
        return ClockSave(room.id, room.clock.to_json())

    def clock_shown(self, room: Room) -> dict[str, Any] | None:
        return None if room.clock is None else room.clock.shown(self.wall.now())

    def broadcast_clock(self, room: Room) -> None:
        """Everyone at the table is told the clocks (a fall, a seat taken over, a start)."""
        shown = self.clock_shown(room)
        if shown is None:
            return
        text = encode({"type": "clock", "seq": room.seq, "clock": shown})
        for conn in room.conns:
            conn.send(text)

    def _tell_turn(self, room: Room) -> None:
        """Call the turn listeners (``on_turn``) with who must decide now."""
        if not self.on_turn or room.status != "running":
            return
        users = room.to_decide()
        for listener in self.on_turn:
            try:
                result = listener(room.data, users)
            except Exception:
                log.exception("match %s: a turn listener failed", room.id)
                continue
            if result is not None:
                self.spawn(result)

    async def _keep_time(self) -> None:
        """Until cancelled: tell each table when a clock falls (the opponents may claim from
        then), and store when the server was last alive (``ALIVE_AT``)."""
        written = 0.0
        while True:
            await asyncio.sleep(min(1.0, ALIVE_EVERY))
            now = self.wall.now()
            ticking = False
            for room in list(self.rooms.values()):
                if room.clock is None or room.status != "running":
                    continue
                ticking = ticking or room.clock.running is not None
                out = room.clock.out_of_time(now)
                if out is not None and room.fell != out:
                    room.fell = out
                    self.broadcast_clock(room)
            # Only while a clock runs: a restart charges nobody for time before a clock started.
            # (In a cluster each match's lease says when its owner was last alive.)
            if (
                ticking
                and self.ownership is None
                and (now - written >= ALIVE_EVERY or now < written)
            ):
                written = now
                try:
                    await self.db.write(self.db.store.put_setting, ALIVE_AT, repr(now))
                except Exception:
                    log.exception("the clocks' keep-alive was not stored")

    async def _reload(self, room: Room) -> None:
        data = await self.db.read(self.db.store.load_match, room.id)
        if data is None:
            return
        clocks = await self.db.read(self.db.store.clocks, [room.id])
        fresh = self.build(data, clocks.get(room.id))
        room.data, room.match, room.handled = fresh.data, fresh.match, fresh.handled
        room.clock = fresh.clock
        self.broadcast_table(room, [])

    async def _after_move(self, room: Room) -> None:
        self._tell_turn(room)
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

    async def claim(
        self, room: Room, conn: Connection, msg: Claim, received: float | None = None
    ) -> None:
        """Claim the game: with a clock, from a seat whose time ran out (judged at ``received``,
        when the claim came in); without one, from seats away longer than the grace period."""
        async with room.lock:
            if self._refuse_ending(room, conn, msg.id, "claim"):
                return
            seat = room.point(conn)
            assert seat is not None
            if room.clock is not None:
                at = self.wall.now() if received is None else min(received, self.wall.now())
                claimed = await self._claim_on_time(room, conn, msg, at)
            else:
                claimed = await self._claim_on_absence(room, conn, msg, seat)
            if not claimed:
                return
        if room.status == "finished":
            self.spawn(self._rate(room))
        else:
            self.schedule_ai(room)

    async def _claim_on_time(self, room: Room, conn: Connection, msg: Claim, at: float) -> bool:
        """A seat whose time ran out loses when an opponent claims (two players); in a game of
        three or four, the AI plays it from then to the end and the others play on."""
        assert room.clock is not None
        out = room.clock.out_of_time(at)
        if out is None or out in conn.seats:
            conn.send(
                error(
                    ErrorCode.CANNOT_CLAIM,
                    "You can claim the game only when an opponent's time has run out.",
                    msg.id,
                    room.seq,
                )
            )
            return False
        seat = room.point(conn)
        assert seat is not None
        if len(room.data.seats) == 2:
            reason = f"{room.name(out)} ran out of time; {room.name(seat)} claimed the game"
            await self._forfeit(room, [out], reason, "time")
            return True
        room.clock.taken.append(out)
        room.clock.hand_to(room.deciding(), at, self.wall.now())
        await self.db.commit(ClockSave(room.id, room.clock.to_json()))
        note = (
            f"{room.name(out)} ran out of time; {room.name(seat)} claimed, and the "
            f"{TAKEOVER_LEVEL} AI plays their seat to the end."
        )
        text = encode({"type": "claimed", "seat": out, "text": note})
        for other in room.conns:
            other.send(text)
        self.broadcast_clock(room)
        self.broadcast_presence(room)
        return True

    async def _claim_on_absence(self, room: Room, conn: Connection, msg: Claim, seat: int) -> bool:
        """Without a clock: the seats away for the grace period or longer lose."""
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
            return False
        names = " and ".join(room.name(s) for s in gone)
        reason = (
            f"{names} left and did not come back within {within}; "
            f"{room.name(seat)} claimed the game"
        )
        await self._forfeit(room, gone, reason, "claim")
        return True

    async def resign(self, room: Room, conn: Connection, msg: Resign) -> None:
        async with room.lock:
            if self._refuse_ending(room, conn, msg.id, "resign"):
                return
            seat = room.point(conn)
            assert seat is not None
            await self._forfeit(room, [seat], f"{room.name(seat)} resigned", "resign")
        self.spawn(self._rate(room))

    async def _finish(self, room: Room, outcome: dict[str, Any]) -> None:
        items: list[Finish | ClockSave] = [Finish(room.id, outcome)]
        if room.clock is not None:
            room.clock.hand_to(None, self.wall.now())
            items.append(ClockSave(room.id, room.clock.to_json()))
        await self.db.commit(*items)
        room.data.status = "finished"
        room.data.outcome = outcome
        ended = {"type": "ended", "status": "finished", "outcome": outcome}
        text = encode({**ended, "clock": self.clock_shown(room)})
        for conn in room.conns:
            conn.send(text)
        self._ended(room)

    def _ended(self, room: Room) -> None:
        """Tell the end listeners (``on_end``), each in a task of its own."""
        for listener in self.on_end:
            self.spawn(listener(room))

    async def claim_fallen(self, room: Room, referee: str) -> bool:
        """A claim made by the ``referee`` (a tournament) for a player who is not there to
        make it: in a game of two, the seat whose time has run out loses, exactly as if its
        opponent had claimed. ``False`` when no clock has fallen."""
        async with room.lock:
            if room.status != "running" or room.clock is None or len(room.data.seats) != 2:
                return False
            out = room.clock.out_of_time(self.wall.now())
            if out is None:
                return False
            reason = (
                f"{room.name(out)} ran out of time; {referee} claimed the game for "
                f"{room.name(1 - out)}"
            )
            await self._forfeit(room, [out], reason, "time")
        self.spawn(self._rate(room))
        return True

    async def _rate(self, room: Room) -> None:
        outcome = room.data.outcome
        if outcome is None or not room.data.rated or room.match.record.edited:
            return  # casual, or an edited card set: a designer's experiment, never rated
        players = []
        bots = 0
        for info in room.data.seats:
            if info.kind == "ai":
                robot = await self.db.write(
                    self.db.store.robot, ai_name(stored_level(room.game, info.level)), "ai"
                )
                players.append(robot.id)
            elif info.user_id is not None:
                user = await self.players.user(info.user_id)
                if user is None or user.kind not in ("account", "bot"):
                    return  # guests play unrated: a throwaway guest could feed anyone wins
                bots += user.kind == "bot"
                players.append(info.user_id)
            else:
                return
        people = sum(1 for info in room.data.seats if info.kind != "ai") - bots
        if bots and people:
            return  # a bot and a person: casual always
        ladder = bot_ladder(room.data.game) if bots else room.data.game
        returns = list(outcome["returns"])
        if room.clock is not None and room.clock.taken:
            # A seat whose time ran out is last, whatever the AI made of it since.
            last = min(returns) - 1
            for seat in room.clock.taken:
                returns[seat] = last
        try:
            await self.db.write(rate_match, self.db.store, ladder, players, returns)
        except Exception:
            log.exception("match %s: ratings not updated", room.id)

    # --- AI seats --------------------------------------------------------------------------------

    def schedule_ai(self, room: Room) -> None:
        if room.status != "running" or (room.ai_task is not None and not room.ai_task.done()):
            return
        seat = room.match.state.current_player
        if seat is None or not room.by_ai(seat):
            return
        room.ai_task = self.spawn(self._ai_moves(room))

    async def _ai_moves(self, room: Room) -> None:
        # A person's decision starts this run of AI moves: the waits before them start afresh.
        pace = AiPace(self.config.ai_delay, self.config.ai_turn_seconds)
        while room.status == "running":
            seat = room.match.state.current_player
            if seat is None or not room.by_ai(seat):
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
            self._tell_turn(room)
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
        if self.ownership is not None:
            # Stopped, not killed: its matches are free at once for the worker their clients
            # reconnect to, instead of after their leases expire.
            await self.ownership.close()
        for room in self.rooms.values():
            for conn in room.conns:
                conn.stop()
        self.thinkers.close()
        self.lab.close()


def bot_ladder(game: str) -> str:
    """The ratings key of ``game``'s bots' ladder (apart from people's, as lichess keeps it)."""
    return f"{game}@bots"


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
