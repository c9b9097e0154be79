"""What the server keeps in memory of its players between requests: their accounts and their
stops, each read from the store once and kept while they are seen.

Under load the store's thread is shared by every read the routes and matches make, and a read
there takes the interpreter lock back and forth with the event loop that serves every move. A
finished match rated its players by reading each one's account, and every new match read each
seat's stops: two reads a seat per match, about eighty a second at a thousand matches under way,
for data that changes only when its player changes it, through this server.
"""

from __future__ import annotations

from ..engine import Game
from ..engine.autoanswer import Stops
from ..store import UserData
from .database import Database
from .limits import Recent


class Players:
    """Accounts by id and stops by player and game, read from the store on first need."""

    def __init__(self, db: Database, keep: int = 10_000) -> None:
        self.db = db
        self.users: Recent[int, UserData] = Recent(keep)
        self._stops: Recent[tuple[int, str], Stops] = Recent(keep)

    async def user(self, user_id: int) -> UserData | None:
        """The account ``user_id`` (``None`` when there is none)."""
        found = self.users.get(user_id)
        if found is None:
            found = await self.db.read(self.db.store.user_by_id, user_id)
            if found is not None:
                self.users.put(user_id, found)
        return found

    async def stops(self, user_id: int, game: Game) -> Stops:
        """A player's stops in ``game`` (the defaults until they change them). A change made
        while the store was being read wins over what the read found."""
        key = (user_id, game.id)
        found = self._stops.get(key)
        if found is None:
            data = await self.db.read(self.db.store.stops, user_id, game.id)
            changed = self._stops.get(key)  # kept by ``stops_changed`` while the read ran
            found = changed if changed is not None else Stops.from_json(game, data)
            self._stops.put(key, found)
        return found

    def forget_stops(self) -> None:
        """Read every player's stops from the store again (some may have changed unheard)."""
        self._stops = Recent(self._stops.keep)

    def stops_changed(self, user_id: int, game: str, stops: Stops) -> None:
        """A player's new stops, kept once the store has them (``Hub.stops_changed``)."""
        self._stops.put((user_id, game), stops)
