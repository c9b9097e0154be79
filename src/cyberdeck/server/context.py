"""What every route shares: the settings, the database, the live matches and the sessions."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

from fastapi import HTTPException, Request

from ..store import UserData
from .auth import COOKIE, Sessions
from .config import ServerConfig
from .database import Database
from .hub import Hub


class RecentUsers:
    """The users seen most recently, at most ``keep`` of them: a signed-in player's every
    request and connection needs its user, and a server that runs for months meets more
    players than it should hold."""

    def __init__(self, keep: int = 10_000) -> None:
        self.keep = keep
        self._users: OrderedDict[int, UserData] = OrderedDict()

    def get(self, user_id: int) -> UserData | None:
        user = self._users.get(user_id)
        if user is not None:
            self._users.move_to_end(user_id)
        return user

    def put(self, user: UserData) -> None:
        self._users[user.id] = user
        self._users.move_to_end(user.id)
        if len(self._users) > self.keep:
            self._users.popitem(last=False)

    def __len__(self) -> int:
        return len(self._users)


@dataclass
class Context:
    config: ServerConfig
    db: Database
    hub: Hub
    sessions: Sessions
    users: RecentUsers = field(default_factory=RecentUsers)

    async def user(self, cookie: str | None) -> UserData | None:
        user_id = self.sessions.user_id(cookie)
        if user_id is None:
            return None
        user = self.users.get(user_id)
        if user is None:
            user = await self.db.read(self.db.store.user_by_id, user_id)
            if user is not None:
                self.users.put(user)
        return user


def context(request: Request) -> Context:
    ctx: Context = request.app.state.ctx
    return ctx


async def optional_user(request: Request) -> UserData | None:
    return await context(request).user(request.cookies.get(COOKIE))


async def require_user(request: Request) -> UserData:
    user = await optional_user(request)
    if user is None:
        raise HTTPException(401, "Sign in, or play as a guest, first.")
    return user
