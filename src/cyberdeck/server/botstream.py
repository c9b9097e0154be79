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
"""

from __future__ import annotations

import asyncio

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
        self.streams: dict[int, set[Feed]] = {}
        #: The (match, bot) starts already told, so a start is told once however the table
        #: goes on (the recent ones only: an old start told twice is harmless).
        self.started: Recent[tuple[str, int], bool] = Recent(50_000)
        hub.on_turn.append(self.turn)
        hub.on_end.append(self.ended)

    def open(self, bot_id: int) -> Feed | None:
        """A new feed for ``bot_id`` (``None``: it has too many), told first of every match
        it sits in and every turn waiting for it."""
        held = self.streams.setdefault(bot_id, set())
        if len(held) >= STREAMS_PER_BOT:
            return None
        feed = Feed()
        held.add(feed)
        for room in list(self.hub.rooms.values()):
            if room.status == "running" and room.seat_of(bot_id) is not None:
                self.started.put((room.id, bot_id), True)
                self._put(feed, start_line(room, bot_id))
                seat = room.deciding()
                if seat is not None and room.data.seats[seat].user_id == bot_id:
                    self._turn(feed, room, seat)
        return feed

    def close(self, bot_id: int, feed: Feed) -> None:
        held = self.streams.get(bot_id)
        if held is not None:
            held.discard(feed)
            if not held:
                del self.streams[bot_id]

    def turn(self, data: MatchData, users: list[int]) -> None:
        """``Hub.on_turn``: a match started or moved on; tell its bots."""
        room = self.hub.rooms.get(data.id)
        if room is None or not self.streams:
            return
        for info in data.seats:
            bot = info.user_id
            if bot is None or bot not in self.streams:
                continue
            if self.started.get((data.id, bot)) is None:
                self.started.put((data.id, bot), True)
                self._tell(bot, start_line(room, bot))
            if bot in users and room.deciding() == info.seat:
                for feed in list(self.streams.get(bot, ())):
                    self._turn(feed, room, info.seat)

    async def ended(self, room: Room) -> None:
        """``Hub.on_end``: tell each bot at the table how it ended."""
        for info in room.data.seats:
            if info.user_id is not None and info.user_id in self.streams:
                line = {"type": "end", "match": room.id, "outcome": room.outcome}
                for feed in self.streams[info.user_id]:
                    feed.turns.pop(room.id, None)
                self._tell(info.user_id, encode(line))

    def challenge(self, bot: int, room: Room, by: str) -> bool:
        """Tell ``bot`` that ``by`` invites it to ``room``'s free seat: ``False`` when it has no
        feed open (it would never hear of it)."""
        if bot not in self.streams:
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
        self._tell(bot, encode(line))
        return True

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
