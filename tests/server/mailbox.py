"""A real SMTP server for the tests (aiosmtpd, on a loopback port of its own): every mail the
arcade sends lands in ``Inbox.mails``, parsed."""

from __future__ import annotations

import asyncio
import email
import email.policy
import re
import time
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller

from .harness import free_port

LINK = re.compile(r"https?://\S+?(/mail/(?:verify|unsubscribe)/[A-Za-z0-9_.\-]+)")


class Inbox:
    def __init__(self) -> None:
        self.mails: list[EmailMessage] = []
        self.port = free_port()
        self._controller = Controller(self, hostname="127.0.0.1", port=self.port)

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}?from=arcade@example.org"

    def start(self) -> Inbox:
        self._controller.start()
        return self

    def stop(self) -> None:
        self._controller.stop()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        self.mails.append(message)
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.mails if m["To"] == address]

    async def wait_for(self, address: str, count: int, seconds: float = 20.0) -> list[EmailMessage]:
        """The mails to ``address`` once there are ``count`` of them (mail goes out after the
        request that caused it has been answered)."""
        deadline = time.monotonic() + seconds
        while len(self.to(address)) < count and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        found = self.to(address)
        assert len(found) >= count, f"{len(found)} mails to {address}, not {count}"
        return found


def body(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


def path_of(message: EmailMessage, kind: str) -> str:
    """The path of the mail's ``verify`` or ``unsubscribe`` link."""
    for path in LINK.findall(body(message)):
        if f"/mail/{kind}/" in path:
            return str(path)
    raise AssertionError(f"no {kind} link in {body(message)!r}")
