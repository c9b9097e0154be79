"""Sign up, sign in, guests, sign out, and a player's sessions.

Sign-in is throttled per account and address, per account and per address (see ``sign_in``),
and answers an unknown name exactly as
it answers a wrong password (the same sentence, after the same argon2 work), so it tells a
guesser neither which names exist nor lets it guess fast. Sessions live on the server: signing
out ends one (a copied cookie stops working), a player can list theirs and end any, and each
expires after ``session_days``.
"""

from __future__ import annotations

import asyncio
import math
import secrets
from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from pydantic import BaseModel, Field

from ..store import NameTaken, UserData
from .auth import COOKIE, BadCredentials, check_name, check_password, hash_password, verify_password
from .context import Context, address, context, optional_user, require_user

router = APIRouter(prefix="/api/auth", tags=["accounts"])


class Credentials(BaseModel):
    name: str = Field(max_length=64)
    password: str = Field(max_length=200)


class UserOut(BaseModel):
    id: int
    name: str
    kind: str
    #: Signing up or in from a guest session: the guest whose games the account now keeps, and
    #: how many of its seats (its matches, and with them its statistics) moved.
    kept_from: str | None = None
    kept_seats: int = 0


class SessionOut(BaseModel):
    id: int
    created_at: datetime
    expires_at: datetime
    #: The browser or program that signed in, and from where.
    agent: str
    address: str
    #: This is the session of the request asking.
    current: bool


async def _adopt_guest(ctx: Context, request: Request, account: UserData) -> tuple[str | None, int]:
    """A guest who signs up or in keeps what they did as a guest: their matches (those in play
    too), saved decks, stops and statistics become the account's, and the guest's session ends.
    The guest's name and how many seats moved (``None``: the request came from no guest)."""
    if account.kind == "guest":
        return None, 0  # a new guest adopts no one: a guest's games go only to an account
    cookie = request.cookies.get(COOKIE)
    guest = await ctx.user(cookie)
    if guest is None or guest.kind != "guest" or guest.id == account.id:
        return None, 0
    seats = await ctx.db.write(ctx.db.store.adopt_guest, guest.id, account.id)
    ctx.hub.adopt(guest.id, account.id, account.name)
    ctx.queues.leave(guest.id)  # the account asks again as itself (a rated queue, say)
    session = await ctx.session(cookie)
    if session is not None:
        await ctx.end_session(guest.id, session.id)
    return guest.name, seats


async def _signed_in(ctx: Context, request: Request, response: Response, user: UserData) -> UserOut:
    kept_from, kept_seats = await _adopt_guest(ctx, request, user)
    cookie = await ctx.open_session(user, request.headers.get("user-agent", ""), address(request))
    response.set_cookie(
        COOKIE,
        cookie,
        max_age=ctx.sessions.max_age,
        httponly=True,
        samesite="lax",
        # Behind HTTPS (directly, or a proxy that says so with --behind-proxy) the cookie is
        # never sent in the clear.
        secure=ctx.config.secure_cookies or request.url.scheme == "https",
    )
    return UserOut(
        id=user.id, name=user.name, kind=user.kind, kept_from=kept_from, kept_seats=kept_seats
    )


def _minutes(seconds: float) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return f"{minutes} minute{'s' if minutes > 1 else ''}"


def _too_many(seconds: float, sentence: str) -> HTTPException:
    retry = "3600" if math.isinf(seconds) else str(int(seconds) + 1)
    return HTTPException(429, sentence, headers={"Retry-After": retry})


def newcomer_wait(ctx: Context, request: Request) -> str:
    """The one policy for new players, guests and accounts alike: an address may bring a
    burst of them at once (a class, a café) and then a steady few an hour (``Bucket``). Past
    it the person hears how long to wait and what works meanwhile; signing in to an account
    they have is never counted. Returns the address, to be charged once the player is made."""
    where = address(request)
    wait = ctx.newcomers.wait(where)
    if wait > 0:
        when = "later" if math.isinf(wait) else f"in {_minutes(wait)}"
        raise _too_many(
            wait,
            "Many new players have joined from your address (a shared connection: a class, a "
            f"café?); the next can join {when}. Anyone with an account can sign in meanwhile, "
            "and the server's operator can raise the limit (--newcomers-per-hour).",
        )
    return where


@router.post("/signup", response_model=UserOut, status_code=201)
async def sign_up(
    body: Credentials,
    request: Request,
    response: Response,
    ctx: Annotated[Context, Depends(context)],
) -> UserOut:
    """Make an account (argon2-hashed password) and sign in. Names are unique whatever their
    case, and may not pose as a guest, an AI or the house; a password a guesser would try
    early is refused (``auth.check_password``)."""
    where = newcomer_wait(ctx, request)
    try:
        name = check_name(body.name)
        password = await asyncio.to_thread(check_password, body.password, name)
    except BadCredentials as err:
        raise HTTPException(400, str(err)) from None
    hashed = await asyncio.to_thread(hash_password, password)
    try:
        user = await ctx.db.write(ctx.db.store.create_user, name, "account", hashed)
    except NameTaken as err:
        raise HTTPException(409, str(err)) from None
    ctx.newcomers.take(where)
    return await _signed_in(ctx, request, response, user)


@router.post("/signin", response_model=UserOut)
async def sign_in(
    body: Credentials,
    request: Request,
    response: Response,
    ctx: Annotated[Context, Depends(context)],
) -> UserOut:
    """Failures from one address to one account wait longer each time (only that address
    is refused); failures to one account from everywhere slow every try of it by a few
    seconds at most, so a guesser spread over many addresses is slowed and the owner is never
    locked out; one address failing at many accounts is refused for a while."""
    name, where = body.name.strip().lower(), address(request)
    wait = max(ctx.failed_pairs.wait((name, where)), ctx.failed_by_address.wait(where))
    if wait > 0:
        raise _too_many(wait, f"Too many failed sign-ins; try again in {_minutes(wait)}.")
    slowed = ctx.failed_accounts.wait(name)
    if slowed > 0:
        await asyncio.sleep(slowed)
    user = await ctx.db.read(ctx.db.store.user_by_name, name)
    # An unknown name is checked against a decoy hash: the answer takes as long as a real one.
    stored = user.password_hash if user is not None else None
    if not await asyncio.to_thread(verify_password, stored, body.password) or user is None:
        ctx.failed_pairs.fail((name, where))
        ctx.bus.publish("sign-in-failed", {"name": name})  # slows the account on every worker
        ctx.failed_by_address.note(where)
        raise HTTPException(401, "That name and password do not match an account.")
    ctx.failed_pairs.forget((name, where))
    return await _signed_in(ctx, request, response, user)


@router.post("/guest", response_model=UserOut, status_code=201)
async def guest(
    request: Request, response: Response, ctx: Annotated[Context, Depends(context)]
) -> UserOut:
    """Play without an account: a guest name, a session cookie, no password (new players
    from one address are limited as sign-ups are: ``newcomer_wait``)."""
    where = newcomer_wait(ctx, request)
    for _ in range(5):
        try:
            user = await ctx.db.write(
                ctx.db.store.create_user, f"guest-{secrets.token_hex(4)}", "guest", None
            )
        except NameTaken:
            continue
        ctx.newcomers.take(where)
        return await _signed_in(ctx, request, response, user)
    raise HTTPException(503, "No guest name could be found; try again.")


@router.post("/signout", status_code=204)
async def sign_out(
    request: Request, response: Response, ctx: Annotated[Context, Depends(context)]
) -> None:
    """End this session on the server (its cookie no longer signs anyone in) and drop it."""
    found = await ctx.session(request.cookies.get(COOKIE))
    if found is not None:
        await ctx.end_session(found.user_id, found.id)
    response.delete_cookie(COOKIE)


@router.get("/me", response_model=UserOut)
async def me(user: Annotated[UserData, Depends(require_user)]) -> UserOut:
    """The signed-in user; 401 for anyone else (a program's check that its session works)."""
    return UserOut(id=user.id, name=user.name, kind=user.kind)


@router.get("/whoami", response_model=UserOut | None)
async def who_am_i(user: Annotated[UserData | None, Depends(optional_user)]) -> UserOut | None:
    """The signed-in user, or ``null`` for a visitor: every page asks on load, and a visitor who
    has not signed in is no error (a 401 would be a console error on every first visit)."""
    return None if user is None else UserOut(id=user.id, name=user.name, kind=user.kind)


@router.get("/sessions", response_model=list[SessionOut])
async def my_sessions(
    request: Request,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> list[SessionOut]:
    """Where you are signed in, newest first."""
    current = await ctx.session(request.cookies.get(COOKIE))
    rows = await ctx.db.read(ctx.db.store.user_sessions, user.id)
    return [
        SessionOut(
            id=r.id,
            created_at=r.created_at,
            expires_at=r.expires_at,
            agent=r.agent,
            address=r.address,
            current=current is not None and r.id == current.id,
        )
        for r in rows
    ]


@router.delete("/sessions/{session_id}", status_code=204)
async def end_session(
    session_id: int,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> Response:
    """Sign one of your sessions out (a lost phone, a shared computer)."""
    if not 1 <= session_id < 1 << 63 or not await ctx.end_session(user.id, session_id):
        raise HTTPException(404, f"You have no session {session_id}.")
    return Response(status_code=204)
