"""Accounts and sessions: argon2 password hashes, a signed cookie that carries the user id."""

from __future__ import annotations

import re

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, TimestampSigner

from ..engine import CyberdeckError

COOKIE = "cyberdeck_session"
NAME = re.compile(r"^[A-Za-z0-9_.-]{3,32}$")
_hasher = PasswordHasher()


class BadCredentials(CyberdeckError):
    pass


def check_name(name: str) -> str:
    name = name.strip()
    if not NAME.match(name) or name.lower().startswith(("guest-", "ai-", "ai:", "house:")):
        raise BadCredentials(
            "A name is 3 to 32 letters, digits, dots, dashes or underscores, and may not start "
            "with 'guest-', 'ai' or 'house'."
        )
    return name


def check_password(password: str) -> str:
    if not 8 <= len(password) <= 200:
        raise BadCredentials("A password is 8 to 200 characters long.")
    return password


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(stored: str | None, password: str) -> bool:
    if stored is None:
        return False
    try:
        return _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


class Sessions:
    """Signs and reads session cookies with the server's key (kept in the database)."""

    def __init__(self, secret: str, max_age_seconds: int) -> None:
        self._signer = TimestampSigner(secret, salt="cyberdeck-session")
        self.max_age = max_age_seconds

    def cookie_for(self, user_id: int) -> str:
        return self._signer.sign(str(user_id)).decode()

    def user_id(self, cookie: str | None) -> int | None:
        if not cookie:
            return None
        try:
            value = self._signer.unsign(cookie, max_age=self.max_age)
        except BadSignature:
            return None
        try:
            return int(value)
        except ValueError:
            return None
