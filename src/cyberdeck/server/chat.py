"""The chat beside a table: one for its players, another for its spectators.

The two never meet while the game is on: a player's word to a spectator, or a spectator's
advice to a player, would be a way round the hidden information the table keeps. So who hears a
line is decided by who holds a seat, not by how they connected: a player who opens the table as
a spectator still hears only the players. A chat carries only what people typed (no line of the
server's own could say something about the cards), as text: the pages show it as text, never as
markup, and its spacing is folded and its invisible formatting dropped (``text.shown``) as with
every name others see.

The players' lines are kept with the match (its replay shows them to its players, and nobody
else); the spectators' are not kept anywhere but in memory, the last few per table, for a
spectator who comes in during the game. A table where only one person plays (against the AI, a
hot-seat table, a solitaire) has no players' chat: there is nobody to talk to.
"""

from __future__ import annotations

import math
import time
from collections import deque
from typing import TYPE_CHECKING, Any

from .hub import Connection, Room, error
from .limits import Bucket, Clock, Recent
from .protocol import ErrorCode, Say
from .text import shown
from .wire import encode

if TYPE_CHECKING:
    from .context import Context

#: The longest line (characters, once its spacing is folded).
LONGEST = 500
#: Lines a newcomer to a table is shown (and the spectators' lines kept per table).
RECENT = 50
#: A burst of lines at once, then this many an hour (one every four seconds), per person.
BURST, PER_HOUR = 6, 900
#: Tables whose recent lines are kept in memory (the least recently used go first).
TABLES = 2000

Line = dict[str, Any]


def channel_of(room: Room, user_id: int) -> str:
    """Whose chat a person takes part in at this table: the players' if they hold a seat."""
    return "players" if room.seats_of(user_id) else "spectators"


def players_talk(room: Room) -> bool:
    """Whether the table's players have anyone to talk to: two people at least, seated or
    still to come (an AI seat is nobody to chat with; a hot-seat table is one person's)."""
    people = {s.user_id for s in room.data.seats if s.kind == "human"}
    return len(people) >= 2


class Chat:
    """The chats of every table: the rate each person may speak at, and the recent lines."""

    def __init__(self, clock: Clock = time.monotonic) -> None:
        self.rate = Bucket(BURST, PER_HOUR, clock=clock)
        self.spectators: Recent[str, deque[Line]] = Recent(TABLES)
        #: The players' recent lines, read from the store once per table and kept up to date.
        self.players: Recent[str, deque[Line]] = Recent(TABLES)

    def begin(self, room: Room) -> None:
        """``Hub.on_create``: a match just made has no lines yet, so nobody's greeting at it
        reads the store for them."""
        self.players.put(room.id, deque(maxlen=RECENT))

    async def _players_lines(self, ctx: Context, room: Room) -> deque[Line]:
        lines = self.players.get(room.id)
        if lines is None:
            stored = await ctx.db.read(ctx.db.store.chat_lines, room.id, RECENT)
            lines = deque(
                ({"seat": c.seat, "name": c.name, "text": c.text, "step": c.step} for c in stored),
                maxlen=RECENT,
            )
            self.players.put(room.id, lines)
        return lines

    async def greet(self, ctx: Context, room: Room, conn: Connection) -> None:
        """A connection has just been welcomed: the chat it takes part in, with recent lines."""
        channel = channel_of(room, conn.user_id)
        if channel == "players":
            opened = players_talk(room)
            lines = list(await self._players_lines(ctx, room)) if opened else []
        else:
            opened = True
            lines = list(self.spectators.get(room.id) or ())
        conn.send(
            {"type": "chat", "channel": channel, "lines": lines, "history": True, "open": opened}
        )

    async def say(self, ctx: Context, room: Room, conn: Connection, msg: Say) -> None:
        """A line from ``conn``'s person, to the others of their chat; a sentence if refused."""
        text = shown(msg.text)
        refusal = None
        wait = self.rate.wait(str(conn.user_id))
        channel = channel_of(room, conn.user_id)
        if not text:
            refusal = ErrorCode.MALFORMED, "A chat line needs some text."
        elif len(text) > LONGEST:
            refusal = (
                ErrorCode.TOO_LARGE,
                f"A chat line is at most {LONGEST} characters; this one has {len(text)}.",
            )
        elif wait > 0:
            refusal = (
                ErrorCode.RATE_LIMITED,
                f"You are chatting too fast; wait {math.ceil(wait)} seconds.",
            )
        elif channel == "players" and not players_talk(room):
            refusal = ErrorCode.NO_CHAT, "There is nobody at this table to chat with."
        if refusal is not None:
            conn.send(error(*refusal))
            return
        self.rate.take(str(conn.user_id))
        if channel == "players":
            seat = room.seats_of(conn.user_id)[0]
            line: Line = {"seat": seat, "name": room.name(seat), "text": text, "step": room.seq}
            await ctx.db.write(
                ctx.db.store.add_chat_line, room.id, room.seq, seat, conn.user_id, text
            )
            (await self._players_lines(ctx, room)).append(line)
        else:
            user = await ctx.hub.players.user(conn.user_id)
            name = user.name if user is not None else None
            line = {"seat": None, "name": name, "text": text, "step": room.seq}
            kept = self.spectators.get(room.id)
            if kept is None:
                kept = self.spectators.put(room.id, deque(maxlen=RECENT))
            kept.append(line)
        out = encode(
            {"type": "chat", "channel": channel, "lines": [line], "history": False, "open": True}
        )
        for other in room.conns:
            if channel_of(room, other.user_id) == channel:
                other.send(out)
