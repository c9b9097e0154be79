"""The HTTP side's front door, before the web framework sees a request: text no field takes
(``text``: NUL, control characters, half a surrogate pair, an address past its length) is
refused with a sentence before any route or database sees it; a state-changing request
from another origin is refused (cross-site request forgery: ``SameSite=Lax`` alone let a page on
another port of the same host act for a signed-in player), a body past its limit is refused
before any of it is parsed (one 60 MB body held every game for a second), and every response
carries the security headers the arcade needs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from . import text
from .config import ServerConfig
from .sockets import ASGIApp, Message, Receive, Scope, Send, origin_allowed

#: Requests that change nothing; every other method must come from the server's own pages.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: Deck lists and card sets are a few kilobytes; their routes take far less than the rest of
#: the API.
DECK_PATH = re.compile(r"/api/games/[^/]+/(decks|card-sets)(/.*)?")
#: The arcade loads only its own scripts, styles and sockets, and no one may frame it.
POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
#: The API's browsable docs load their page from a CDN: they get every header but the policy.
DOCS = ("/docs", "/redoc")
HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
]


def body_limit(path: str, config: ServerConfig) -> int:
    return config.max_deck_body if DECK_PATH.fullmatch(path) else config.max_body


class Guard:
    """ASGI middleware over the web framework's app (HTTP only; websockets pass through)."""

    def __init__(self, app: ASGIApp, config: ServerConfig) -> None:
        self.app = app
        self.config = config

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        refused = text.refusal(scope["path"], "The address") or text.query_refusal(
            scope.get("query_string", b"")
        )
        if refused is not None:
            await _answer(send, 400, refused)
            return
        if scope["method"] not in SAFE_METHODS:
            refusal = self._forgery(headers)
            if refusal is not None:
                await _answer(send, 403, refusal)
                return
        limit = body_limit(scope["path"], self.config)
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            await _answer(send, 413, _too_large(limit))
            return
        body = bytearray()
        more = scope["method"] not in SAFE_METHODS or declared not in ("", "0")
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > limit:
                await _answer(send, 413, _too_large(limit))
                return
            more = message.get("more_body", False)
        refused = text.body_refusal(bytes(body))
        if refused is not None:
            await _answer(send, 400, refused)
            return
        await self.app(scope, _replay(bytes(body), receive), _with_headers(scope, send))

    def _forgery(self, headers: Mapping[str, str]) -> str | None:
        origin = headers.get("origin")
        if origin is None:
            # No Origin: not a browser's request (a script with its own cookie), unless the
            # browser says where it came from.
            site = headers.get("sec-fetch-site")
            if site in ("cross-site", "same-site"):
                return "This request came from another site's page; it was refused."
            return None
        if not origin_allowed(origin, headers.get("host", ""), self.config):
            return f"Requests from pages at {origin} are not accepted; use the arcade's own page."
        return None


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}


def _too_large(limit: int) -> str:
    size = f"{limit // 1024} KiB" if limit < 1 << 20 else f"{limit / (1 << 20):g} MiB"
    return f"The request body is too large: this address takes at most {size}."


def _replay(body: bytes, receive: Receive) -> Receive:
    """The body, read already, handed on as one message; after it, the client's own messages
    (a disconnect)."""
    sent = False

    async def again() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again


def _with_headers(scope: Scope, send: Send) -> Send:
    policy = not scope["path"].startswith(DOCS)

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            extra = list(HEADERS)
            if policy:
                extra.append((b"content-security-policy", POLICY.encode()))
            message["headers"] = [*message.get("headers", []), *extra]
        await send(message)

    return sending


async def _answer(send: Send, status: int, detail: str) -> None:
    body = json.dumps({"detail": detail}).encode()
    headers: list[Any] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *HEADERS,
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
