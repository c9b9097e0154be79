"""What a bot account is told, one JSON message an event: a person challenges it to a match, a
match it sits in has started, it is its turn (with exactly its seat's view and legal actions,
from ``visibility``, the one place the server decides what a seat may see), a match
has ended. The same messages go to every feed a bot reads, however it reads them: lines of an
NDJSON stream (``bots``) or text messages of its websocket (``botsocket``); their shapes are
``botprotocol``'s. A bot answers with moves over HTTP or on its socket, so it needs no
cyberdeck code at all.

Each bot has a few feeds open at most, streams and sockets together, each with a bounded
backlog: a bot that stops reading has its feed closed rather than held in memory (it opens
another and is told again what it must decide: a new feed starts with every turn that waits
for it).

In a cluster a bot's feeds may be on another worker than its match: the match's worker
publishes each turn, start, end and challenge on the bus, and the worker holding the feeds
tells them, reading a match it does not hold from the database. A worker that may have missed
notices (or opens a feed) reads its bots' running matches from the database again; which
workers hold a bot's feeds is told on the bus too (a bot can be challenged if any does).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from ..store import MatchData
from .hub import Hub, Room
from .limits import Recent
from .visibility import legal_for, view_for
from .wire import encode

#: Feeds (streams and sockets) one bot may hold open at once, and the messages each may have
#: waiting.
STREAMS_PER_BOT = 4
BACKLOG = 256
#: What closes a feed (its reader fell too far behind).
CLOSED = b""


class Feed:
    """One reader's events (a stream's or a socket's), waiting to be read: at most ``BACKLOG``,
    and each turn once (a turn is told when the feed opens and after each move; a feed that
    opens while a move is being stored would otherwise hear that move's next turn twice)."""

    __slots__ = ("queue", "turns")

    def __init__(self) -> None:
        self.queue: asyncio.Queue[bytes] = asyncio.Queue(BACKLOG)
        #: The ``seq`` of the last turn told on this feed, by match (until the match ends).
        self.turns: dict[str, int] = {}

    async def get(self) -> bytes:
        """The next event (``CLOSED``: the feed fell behind and is done)."""
        return await self.queue.get()


class BotLines:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.bus = hub.bus
        self.streams: dict[int, set[Feed]] = {}
        #: The (match, bot) starts already told, so a start is told once however the table
        #: goes on (the recent ones only: an old start told twice is harmless).
        self.started: Recent[tuple[str, int], bool] = Recent(50_000)
        #: This worker's name, and the other workers holding each bot's feeds (a cluster's).
        self.here = hub.config.worker or ""
        self.elsewhere: dict[int, set[str]] = {}
        hub.on_turn.append(self.turn)
        hub.on_end.append(self.ended)
        self.bus.subscribe("turn", self._turn_heard, self._caught_up)
        self.bus.subscribe("end", self._end_heard)
        self.bus.subscribe("bot-challenge", self._challenge_heard)
        self.bus.subscribe("bot-feeds", self._feeds_heard)
        self.bus.subscribe("bot-feeds-asked", self._feeds_asked)

    def open(self, bot_id: int) -> Feed | None:
        """A new feed for ``bot_id`` (``None``: it has too many), told first of every match
        it sits in and every turn waiting for it (in a cluster, those of the matches held by
        other workers as soon as the database is read)."""
        held = self.streams.setdefault(bot_id, set())
        if len(held) >= STREAMS_PER_BOT:
            return None
        feed = Feed()
        held.add(feed)
        if len(held) == 1:
            self._say_feeds(bot_id, True)
        for room in list(self.hub.rooms.values()):
            if room.status == "running" and room.seat_of(bot_id) is not None:
                self._tell_room(feed, room, bot_id)
        if self.hub.config.worker is not None:
            self.hub.spawn(self._tell_stored(bot_id, [feed]))
        return feed

    def close(self, bot_id: int, feed: Feed) -> None:
        held = self.streams.get(bot_id)
        if held is not None:
            held.discard(feed)
            if not held:
                del self.streams[bot_id]
                self._say_feeds(bot_id, False)

    def online(self, bot_id: int) -> bool:
        """Whether ``bot_id`` reads a feed now, on this worker or another."""
        return bot_id in self.streams or bool(self.elsewhere.get(bot_id))

    def turn(self, data: MatchData, users: list[int]) -> None:
        """``Hub.on_turn``: a match started or moved on; tell its bots, wherever their feeds
        are."""
        seats = [info.user_id for info in data.seats]
        if any(self._may_be_bot(user) for user in seats):
            self.bus.publish("turn", {"match": data.id, "seats": seats, "users": users})

    def _may_be_bot(self, user_id: int | None) -> bool:
        """Whether ``user_id`` may be a bot's: a person's account as last read is not (a
        match of people only tells no one; the others are told)."""
        if user_id is None:
            return False
        known = self.hub.players.users.get(user_id)
        return known is None or known.kind == "bot"

    def _turn_heard(self, notice: dict[str, Any]) -> Awaitable[None] | None:
        if not self.streams:
            return None
        match_id, users = str(notice["match"]), notice["users"]
        bots = {b for b in notice["seats"] if b is not None and b in self.streams}
        # A bot's match is read (from memory, else the database) only for a start not yet
        # told or a turn that is the bot's.
        wanted = {b for b in bots if b in users or self.started.get((match_id, b)) is None}
        if not wanted:
            return None
        room = self.hub.rooms.get(match_id)
        if room is not None:
            self._told(room, wanted, users)
            return None
        return self._told_stored(match_id, wanted, users)

    async def _told_stored(self, match_id: str, bots: set[int], users: list[int]) -> None:
        room = await self._stored_room(match_id)
        if room is not None:
            self._told(room, bots, users)

    def _told(self, room: Room, bots: set[int], users: list[int]) -> None:
        for info in room.data.seats:
            bot = info.user_id
            if bot is None or bot not in bots or bot not in self.streams:
                continue
            if self.started.get((room.id, bot)) is None:
                self.started.put((room.id, bot), True)
                self._tell(bot, start_line(room, bot))
            if bot in users and room.deciding() == info.seat:
                for feed in list(self.streams.get(bot, ())):
                    self._turn(feed, room, info.seat)

    async def _stored_room(self, match_id: str) -> Room | None:
        """A match another worker holds, as the database has it (built here, not kept)."""
        db = self.hub.db
        data = await db.read(db.store.load_match, match_id)
        if data is None or data.status != "running":
            return None
        clocks = await db.read(db.store.clocks, [match_id])
        return self.hub.build(data, clocks.get(match_id))

    async def _tell_stored(self, bot_id: int, feeds: list[Feed]) -> None:
        """Tell ``feeds`` of every running match of ``bot_id``'s, read from the database:
        those other workers hold, which no notice may have told here."""
        db = self.hub.db
        rows = await db.read(db.store.user_matches, bot_id, ["running"], None, 500)
        for data in rows:
            room = self.hub.rooms.get(data.id) or await self._stored_room(data.id)
            if room is None:
                continue
            for feed in feeds:
                if feed in self.streams.get(bot_id, ()):
                    self._tell_room(feed, room, bot_id)

    async def _caught_up(self) -> None:
        """Notices may have been missed: every bot with a feed here is told again what waits
        for it (each turn once), and the workers say again which bots' feeds they hold."""
        self.elsewhere.clear()
        if self.here:
            self.bus.publish("bot-feeds-asked", {"worker": self.here})
        for bot_id in list(self.streams):
            self._say_feeds(bot_id, True)
            await self._tell_stored(bot_id, list(self.streams.get(bot_id, ())))

    def _tell_room(self, feed: Feed, room: Room, bot_id: int) -> None:
        """Tell one feed of the match its bot sits in, and of its turn if it is the bot's."""
        self.started.put((room.id, bot_id), True)
        self._put(feed, start_line(room, bot_id))
        seat = room.deciding()
        if seat is not None and room.data.seats[seat].user_id == bot_id:
            self._turn(feed, room, seat)

    async def ended(self, room: Room) -> None:
        """``Hub.on_end``: tell each bot at the table how it ended."""
        seats = [info.user_id for info in room.data.seats]
        self.bus.publish("end", {"match": room.id, "seats": seats, "outcome": room.outcome})

    def _end_heard(self, notice: dict[str, Any]) -> None:
        match_id = str(notice["match"])
        for bot in notice["seats"]:
            if bot is not None and bot in self.streams:
                line = {"type": "end", "match": match_id, "outcome": notice["outcome"]}
                for feed in self.streams[bot]:
                    feed.turns.pop(match_id, None)
                self._tell(bot, encode(line))

    def _say_feeds(self, bot_id: int, held: bool) -> None:
        if self.here:
            self.bus.publish("bot-feeds", {"bot": bot_id, "worker": self.here, "held": held})

    def _feeds_heard(self, notice: dict[str, Any]) -> None:
        worker, bot = str(notice["worker"]), int(notice["bot"])
        if worker == self.here:
            return
        if notice["held"]:
            self.elsewhere.setdefault(bot, set()).add(worker)
        else:
            workers = self.elsewhere.get(bot)
            if workers is not None:
                workers.discard(worker)
                if not workers:
                    del self.elsewhere[bot]

    def _feeds_asked(self, notice: dict[str, Any]) -> None:
        if str(notice["worker"]) != self.here:
            for bot_id in list(self.streams):
                self._say_feeds(bot_id, True)

    def challenge(self, bot: int, room: Room, by: str) -> bool:
        """Tell ``bot`` that ``by`` invites it to ``room``'s free seat: ``False`` when it has no
        feed open on any worker (it would never hear of it)."""
        if not self.online(bot):
            return False
        line = {
            "type": "challenge",
            "match": room.id,
            "game": room.data.game,
            "options": room.data.options,
            "clock": room.data.time_control,
            "rated": room.data.rated,
            "by": by,
            "invite": room.data.invite,
        }
        self.bus.publish("bot-challenge", {"bot": bot, "line": line})
        return True

    def _challenge_heard(self, notice: dict[str, Any]) -> None:
        bot = int(notice["bot"])
        if bot in self.streams:
            self._tell(bot, encode(notice["line"]))

    def _tell(self, bot: int, line: bytes) -> None:
        for feed in list(self.streams.get(bot, ())):
            self._put(feed, line)

    def _turn(self, feed: Feed, room: Room, seat: int) -> None:
        """Tell ``feed`` that ``seat`` decides now, unless it was told this turn already."""
        if feed.turns.get(room.id) == room.seq:
            return
        feed.turns[room.id] = room.seq
        self._put(feed, turn_line(room, seat, self.hub.wall.now()))

    def _put(self, feed: Feed, line: bytes) -> None:
        queue = feed.queue
        if queue.full():
            # Too far behind: the feed ends (its reader sees it close and opens another).
            while not queue.empty():
                queue.get_nowait()
            queue.put_nowait(CLOSED)
            return
        queue.put_nowait(line)


def start_line(room: Room, bot: int) -> bytes:
    return encode(
        {
            "type": "start",
            "match": room.id,
            "game": room.data.game,
            "seat": room.seat_of(bot),
            "seats": room.seats_info(),
            "clock": room.data.time_control,
            "rated": room.data.rated,
        }
    )


def turn_line(room: Room, seat: int, now: float) -> bytes:
    """The seat's turn: its view and legal actions only (never another seat's; what a
    person's table shows that seat, without the menus a page draws), and the seconds its clock
    has left."""
    state = room.match.state
    left = None
    if room.clock is not None:
        left = round(max(0.0, room.clock.remaining(seat, now)), 1)
    return encode(
        {
            "type": "turn",
            "match": room.id,
            "seq": room.seq,
            "seat": seat,
            "view": view_for(state, seat),
            "legal_actions": legal_for(state, seat),
            "seconds_left": left,
        }
    )
