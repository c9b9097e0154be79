"""Sign up, sign in, guests, sign out."""

from __future__ import annotations

import asyncio
import secrets
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Response
from pydantic import BaseModel, Field

from ..store import NameTaken, UserData
from .auth import COOKIE, BadCredentials, check_name, check_password, hash_password, verify_password
from .context import Context, context, require_user

router = APIRouter(prefix="/api/auth", tags=["accounts"])


class Credentials(BaseModel):
    name: str = Field(max_length=64)
    password: str = Field(max_length=200)


class UserOut(BaseModel):
    id: int
    name: str
    kind: str


def _signed_in(ctx: Context, response: Response, user: UserData) -> UserOut:
    ctx.users.put(user)
    response.set_cookie(
        COOKIE,
        ctx.sessions.cookie_for(user.id),
        max_age=ctx.sessions.max_age,
        httponly=True,
        samesite="lax",
        secure=ctx.config.secure_cookies,
    )
    return UserOut(id=user.id, name=user.name, kind=user.kind)


@router.post("/signup", response_model=UserOut, status_code=201)
async def sign_up(
    body: Credentials, response: Response, ctx: Annotated[Context, Depends(context)]
) -> UserOut:
    """Make an account (argon2-hashed password) and sign in."""
    try:
        name, password = check_name(body.name), check_password(body.password)
    except BadCredentials as err:
        raise HTTPException(400, str(err)) from None
    hashed = await asyncio.to_thread(hash_password, password)
    try:
        user = await ctx.db.write(ctx.db.store.create_user, name, "account", hashed)
    except NameTaken as err:
        raise HTTPException(409, str(err)) from None
    return _signed_in(ctx, response, user)


@router.post("/signin", response_model=UserOut)
async def sign_in(
    body: Credentials, response: Response, ctx: Annotated[Context, Depends(context)]
) -> UserOut:
    user = await ctx.db.read(ctx.db.store.user_by_name, body.name.strip())
    stored = user.password_hash if user is not None else None
    if user is None or not await asyncio.to_thread(verify_password, stored, body.password):
        raise HTTPException(401, "That name and password do not match an account.")
    return _signed_in(ctx, response, user)


@router.post("/guest", response_model=UserOut, status_code=201)
async def guest(response: Response, ctx: Annotated[Context, Depends(context)]) -> UserOut:
    """Play without an account: a guest name, a session cookie, no password."""
    for _ in range(5):
        try:
            user = await ctx.db.write(
                ctx.db.store.create_user, f"guest-{secrets.token_hex(4)}", "guest", None
            )
        except NameTaken:
            continue
        return _signed_in(ctx, response, user)
    raise HTTPException(503, "No guest name could be found; try again.")


@router.post("/signout", status_code=204)
async def sign_out(response: Response) -> None:
    response.delete_cookie(COOKIE)


@router.get("/me", response_model=UserOut)
async def me(user: Annotated[UserData, Depends(require_user)]) -> UserOut:
    return UserOut(id=user.id, name=user.name, kind=user.kind)
