"""A player's e-mail address and what the arcade may mail them: set on the account page,
verified by a mailed link, turn e-mails on or off, and the unsubscribe link every mail ends
with, which works without signing in.

The address is the account's alone: only ``/api/me/mail`` (its owner, signed in) ever answers
with it; no list, match, profile or log names it (logs name the account's id). Sending is
limited per account and per address (a stranger cannot bury someone's mailbox in verification
mails, however many accounts they make).
"""

from __future__ import annotations

import html
import logging
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Response
from fastapi.responses import HTMLResponse, RedirectResponse
from pydantic import BaseModel, Field

from ..store import UserData
from .context import Context, context, ration, require_user
from .mailer import BadMailSetting, Post, check_address

log = logging.getLogger("cyberdeck.server")
router = APIRouter(prefix="/api/me/mail", tags=["accounts"])
links = APIRouter(prefix="/mail", include_in_schema=False)


class MailOut(BaseModel):
    #: The server sends e-mail (its operator set ``--smtp``).
    available: bool
    address: str | None = None
    verified: bool = False
    #: A mail when it is your turn in a turn-based game (verified addresses only).
    turn_mails: bool = True


class AddressIn(BaseModel):
    address: str = Field(max_length=254)


class SettingsIn(BaseModel):
    turn_mails: bool


def _post(ctx: Context) -> Post:
    if ctx.post is None:
        raise HTTPException(
            409, "This arcade sends no e-mail: its operator has not set up a mail server."
        )
    return ctx.post


def _account(user: UserData) -> None:
    if user.kind != "account":
        raise HTTPException(
            403,
            "An e-mail address is for accounts: sign up first (your guest games come with you).",
        )


async def _mine(ctx: Context, user: UserData) -> MailOut:
    box = await ctx.db.read(ctx.db.store.mailbox, user.id)
    if box is None:
        return MailOut(available=ctx.post is not None)
    return MailOut(
        available=ctx.post is not None,
        address=box.address,
        verified=box.verified,
        turn_mails=box.turn_mails,
    )


def _ration_mail(ctx: Context, user: UserData, address: str) -> Post:
    """The mail server, once this account and this address may be sent one more mail."""
    post = _post(ctx)
    ration(ctx.mail_sends, str(user.id), "You asked for many verification mails already.")
    ration(ctx.mail_sends, address.lower(), "Many verification mails went to that address already.")
    return post


async def _send_verification(post: Post, user: UserData, address: str) -> None:
    try:
        await post.mailer.send(post.verification(user.id, user.name, address))
    except OSError as err:
        log.warning(
            "account %d: the verification mail was not sent (%s)", user.id, type(err).__name__
        )
        raise HTTPException(
            502, "The mail server did not take the mail; try again in a few minutes."
        ) from None


@router.get("", response_model=MailOut)
async def my_mail(
    user: Annotated[UserData, Depends(require_user)], ctx: Annotated[Context, Depends(context)]
) -> MailOut:
    """Your address (only you ever see it), whether it is verified, and your mail settings."""
    return await _mine(ctx, user)


@router.put("", response_model=MailOut)
async def set_address(
    body: AddressIn,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> MailOut:
    """Set your address and mail it a verification link; nothing else is mailed to it before
    the link is followed. The same verified address again changes nothing."""
    _account(user)
    _post(ctx)
    try:
        address = check_address(body.address)
    except BadMailSetting as err:
        raise HTTPException(400, str(err)) from None
    before = await ctx.db.read(ctx.db.store.mailbox, user.id)
    if before is not None and before.verified and before.address.lower() == address.lower():
        return await _mine(ctx, user)
    post = _ration_mail(ctx, user, address)
    await ctx.db.write(ctx.db.store.set_mail_address, user.id, address)
    await _send_verification(post, user, address)
    return await _mine(ctx, user)


@router.post("/verification", response_model=MailOut)
async def resend(
    user: Annotated[UserData, Depends(require_user)], ctx: Annotated[Context, Depends(context)]
) -> MailOut:
    """Mail the verification link again (a lost mail, an expired link)."""
    _account(user)
    box = await ctx.db.read(ctx.db.store.mailbox, user.id)
    if box is None:
        raise HTTPException(409, "You have no e-mail address here; set one first.")
    if box.verified:
        raise HTTPException(409, "Your address is verified already.")
    await _send_verification(_ration_mail(ctx, user, box.address), user, box.address)
    return await _mine(ctx, user)


@router.put("/settings", response_model=MailOut)
async def settings(
    body: SettingsIn,
    user: Annotated[UserData, Depends(require_user)],
    ctx: Annotated[Context, Depends(context)],
) -> MailOut:
    """Turn e-mails about your turn on or off."""
    _account(user)
    if not await ctx.db.write(ctx.db.store.set_turn_mails, user.id, body.turn_mails):
        raise HTTPException(409, "You have no e-mail address here; set one first.")
    return await _mine(ctx, user)


@router.delete("", status_code=204)
async def forget_address(
    user: Annotated[UserData, Depends(require_user)], ctx: Annotated[Context, Depends(context)]
) -> Response:
    """Remove your address: the arcade forgets it and mails you nothing."""
    await ctx.db.write(ctx.db.store.drop_mailbox, user.id)
    return Response(status_code=204)


@links.get("/verify/{token}")
async def verify(token: str, ctx: Annotated[Context, Depends(context)]) -> Response:
    """The link in a verification mail: the address is verified and the account page says
    so (or says the link is too old or no longer the address, and offers a new one)."""
    post = _post(ctx)
    named = post.read_verify(token)
    done = named is not None and await ctx.db.write(ctx.db.store.verify_mail, *named)
    return RedirectResponse(f"/account?mail={'verified' if done else 'stale'}", status_code=303)


async def _unsubscribe(ctx: Context, token: str) -> bool:
    named = _post(ctx).read_unsubscribe(token)
    if named is None:
        return False
    user_id, address = named
    box = await ctx.db.read(ctx.db.store.mailbox, user_id)
    if box is not None and box.address.lower() == address.lower():
        if box.verified:
            await ctx.db.write(ctx.db.store.set_turn_mails, user_id, False)
        else:  # whoever reads this address never asked for it: it is forgotten
            await ctx.db.write(ctx.db.store.drop_mailbox, user_id)
    return True


@links.get("/unsubscribe/{token}", response_class=HTMLResponse)
async def unsubscribe_page(token: str, ctx: Annotated[Context, Depends(context)]) -> HTMLResponse:
    """The link at the end of every mail: one click, no sign-in, no more mails."""
    if not await _unsubscribe(ctx, token):
        return _page("This link is not one the arcade sent; nothing changed.", 400)
    return _page(
        "Done: the arcade sends no more e-mails to this address. You can turn them on again "
        "on your account page."
    )


@links.post("/unsubscribe/{token}")
async def unsubscribe_one_click(token: str, ctx: Annotated[Context, Depends(context)]) -> Response:
    """The same, as a mail program's unsubscribe button asks for it (RFC 8058)."""
    if not await _unsubscribe(ctx, token):
        raise HTTPException(400, "This link is not one the arcade sent; nothing changed.")
    return Response(status_code=204)


def _page(sentence: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(
        "<!doctype html><html lang=en><meta charset=utf-8><title>cyberdeck arcade</title>"
        f"<p>{html.escape(sentence)}</p><p><a href=/account>Your account</a> · "
        "<a href=/>The arcade</a></p></html>",
        status_code=status,
    )
