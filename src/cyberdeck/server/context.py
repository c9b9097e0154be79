"""What every route shares: the settings, the database, the live matches and the sessions."""

from __future__ import annotations

from dataclasses import dataclass, field

from fastapi import HTTPException, Request

from ..store import UserData
from .auth import COOKIE, Sessions
from .config import ServerConfig
from .database import Database
from .hub import Hub


@dataclass
class Context:
    config: ServerConfig
    db: Database
    hub: Hub
    sessions: Sessions
    users: dict[int, UserData] = field(default_factory=dict)

    async def user(self, cookie: str | None) -> UserData | None:
        user_id = self.sessions.user_id(cookie)
        if user_id is None:
            return None
        user = self.users.get(user_id)
        if user is None:
            user = await self.db.read(self.db.store.user_by_id, user_id)
            if user is not None:
                self.users[user_id] = user
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
