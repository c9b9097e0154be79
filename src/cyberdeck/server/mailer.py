"""E-mail: the SMTP server the operator names (``--smtp``), the signed links a mail carries
(verify an address, unsubscribe), and the letters themselves.

The standard library's ``smtplib`` sends, on a thread (a few at a time), so a slow mail server
never holds the event loop. A mail says only what its reader may know: a letter is built from
a game's title, players' names and a link, never from a table.

Links are signed with the server's own key (the one that signs session cookies, under salts
of their own): a verification link names the account and the address and expires after
``VERIFY_DAYS``; an unsubscribe link names them too and never expires, so it works from an
old mail without signing in.
"""

from __future__ import annotations

import asyncio
import re
import smtplib
import ssl
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import make_msgid
from typing import Any, Literal
from urllib.parse import parse_qs, unquote, urlsplit

from itsdangerous import BadSignature, URLSafeSerializer, URLSafeTimedSerializer

from ..engine import CyberdeckError

#: How long a verification link works.
VERIFY_DAYS = 2
#: An address a mail can go to: no spaces, angle brackets, commas or line breaks (a header
#: must stay one header), one @, a dot in the domain; at most 254 characters (RFC 5321).
ADDRESS = re.compile(
    r"^[^@\s<>,;:\"()\[\]\\]{1,64}@[^@\s<>,;:\"()\[\]\\]+\.[^@\s<>,;:\"()\[\]\\]+$"
)
#: Mails sent at once (each on a thread of its own).
AT_ONCE = 4

Security = Literal["plain", "starttls", "tls"]
SCHEMES: dict[str, tuple[Security, int]] = {
    "smtp": ("plain", 25),
    "smtp+starttls": ("starttls", 587),
    "smtps": ("tls", 465),
}


class BadMailSetting(CyberdeckError):
    """An ``--smtp`` or ``--public-url`` the server cannot use (said before it starts)."""


def check_address(address: str) -> str:
    """``address`` trimmed, or a sentence saying why no mail can go to it."""
    address = address.strip()
    if len(address) > 254 or not ADDRESS.match(address):
        raise BadMailSetting(
            "That is not an e-mail address a mail can go to (like name@example.org)."
        )
    return address


@dataclass(frozen=True, slots=True)
class Smtp:
    """Where and how mail is sent: ``smtp://user:password@host:port`` (plain),
    ``smtp+starttls://…`` (STARTTLS, port 587 by default) or ``smtps://…`` (TLS from the
    start, 465); ``?from=arcade@example.org`` names the sender."""

    host: str
    port: int
    security: Security
    user: str | None
    password: str | None
    sender: str | None

    @classmethod
    def parse(cls, url: str) -> Smtp:
        parts = urlsplit(url)
        if parts.scheme not in SCHEMES or not parts.hostname:
            raise BadMailSetting(
                "--smtp is a URL like smtp://user:password@host:port (or smtp+starttls:// "
                "or smtps://)."
            )
        security, port = SCHEMES[parts.scheme]
        sender = parse_qs(parts.query).get("from", [None])[0]
        return cls(
            host=parts.hostname,
            port=parts.port or port,
            security=security,
            user=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
            sender=check_address(sender) if sender else None,
        )


class Mailer:
    """Sends one message per SMTP connection, on a thread, a few at a time."""

    def __init__(self, smtp: Smtp, timeout: float = 20.0) -> None:
        self.smtp = smtp
        self.timeout = timeout
        self._at_once = asyncio.Semaphore(AT_ONCE)

    async def send(self, message: EmailMessage) -> None:
        """Raises ``OSError`` (``smtplib.SMTPException`` among them) when it was not sent."""
        async with self._at_once:
            await asyncio.to_thread(self._send, message)

    def _send(self, message: EmailMessage) -> None:
        smtp = self.smtp
        context = ssl.create_default_context()
        client: smtplib.SMTP
        if smtp.security == "tls":
            client = smtplib.SMTP_SSL(smtp.host, smtp.port, timeout=self.timeout, context=context)
        else:
            client = smtplib.SMTP(smtp.host, smtp.port, timeout=self.timeout)
        with client:
            if smtp.security == "starttls":
                client.starttls(context=context)
            if smtp.user is not None:
                client.login(smtp.user, smtp.password or "")
            client.send_message(message)


def _named(load: Callable[[], Any]) -> tuple[int, str] | None:
    """The account id and address a signed link carries, or ``None`` for anything else."""
    try:
        user_id, address = load()
        if not isinstance(user_id, int) or not isinstance(address, str):
            return None
    except (BadSignature, ValueError, TypeError):
        return None
    return user_id, address


class Post:
    """Everything that writes to players: the mailer, the links' signatures, the server's
    public address the links start with, and the letters."""

    def __init__(self, smtp_url: str, public_url: str | None, secret: str) -> None:
        if not public_url:
            raise BadMailSetting(
                "E-mails carry links to the arcade: give its address too (--public-url "
                "https://arcade.example.org)."
            )
        if urlsplit(public_url).scheme not in ("http", "https"):
            raise BadMailSetting("--public-url is the arcade's address, like https://host/.")
        self.smtp = Smtp.parse(smtp_url)
        self.mailer = Mailer(self.smtp)
        self.public_url = public_url.rstrip("/")
        host = urlsplit(self.public_url).hostname or "localhost"
        self.sender = self.smtp.sender or f"cyberdeck@{host}"
        self._verify = URLSafeTimedSerializer(secret, salt="cyberdeck-mail-verify")
        self._unsubscribe = URLSafeSerializer(secret, salt="cyberdeck-mail-unsubscribe")

    # --- links ---------------------------------------------------------------------------

    def link(self, path: str) -> str:
        return f"{self.public_url}{path}"

    def verify_link(self, user_id: int, address: str) -> str:
        return self.link(f"/mail/verify/{self._verify.dumps([user_id, address])}")

    def unsubscribe_link(self, user_id: int, address: str) -> str:
        return self.link(f"/mail/unsubscribe/{self._unsubscribe.dumps([user_id, address])}")

    def read_verify(self, token: str) -> tuple[int, str] | None:
        """The account and address a verification link names (``None``: forged or expired)."""
        return _named(lambda: self._verify.loads(token, max_age=VERIFY_DAYS * 86400))

    def read_unsubscribe(self, token: str) -> tuple[int, str] | None:
        return _named(lambda: self._unsubscribe.loads(token))

    # --- letters -------------------------------------------------------------------------

    def letter(self, user_id: int, to: str, subject: str, lines: list[str]) -> EmailMessage:
        """A plain-text mail to ``to`` that ends with its one-click unsubscribe link (also in
        the ``List-Unsubscribe`` headers, which mail programs show as a button: RFC 8058)."""
        unsubscribe = self.unsubscribe_link(user_id, to)
        message = EmailMessage()
        message["From"] = f"cyberdeck arcade <{self.sender}>"
        message["To"] = to
        message["Subject"] = subject
        message["Message-ID"] = make_msgid(domain=self.sender.partition("@")[2])
        message["List-Unsubscribe"] = f"<{unsubscribe}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        message["Auto-Submitted"] = "auto-generated"
        body = [*lines, "", "--", f"No more e-mails from the arcade: {unsubscribe}"]
        message.set_content("\n".join(body) + "\n")
        return message

    def verification(self, user_id: int, name: str, to: str) -> EmailMessage:
        return self.letter(
            user_id,
            to,
            "Verify your e-mail address for the cyberdeck arcade",
            [
                f"Hello {name},",
                "",
                "Follow this link to verify this address for your cyberdeck account:",
                self.verify_link(user_id, to),
                "",
                f"The link works for {VERIFY_DAYS} days. If you did not ask for it, ignore "
                "this mail (or unsubscribe below): nothing is sent to an address that is not "
                "verified.",
            ],
        )

    def your_turn(
        self, user_id: int, name: str, to: str, title: str, opponents: list[str], match_id: str
    ) -> EmailMessage:
        against = ", ".join(opponents) or "your opponent"
        return self.letter(
            user_id,
            to,
            f"Your turn: {title} against {against}",
            [
                f"Hello {name},",
                "",
                f"It is your turn in {title} against {against}.",
                f"Play it here: {self.link(f'/play/{match_id}')}",
                "",
                "You get one mail a game until you have moved. Turn these mails off on your "
                f"account page ({self.link('/account')}) or with the link below.",
            ],
        )
