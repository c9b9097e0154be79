"""Accounts and sessions: argon2 password hashes, a signed cookie that carries the user id."""

from __future__ import annotations

import hashlib
import re
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, TimestampSigner
from zxcvbn import zxcvbn

from ..engine import CyberdeckError

COOKIE = "cyberdeck_session"
NAME = re.compile(r"^[A-Za-z0-9_.-]{3,32}$")
#: Names that pose as the server's own players: a guest, an AI level, a game's house.
POSING = re.compile(
    r"^(guest|house|ai|bot|server|admin)([._-]|$)|^(easy|normal|hard|random|greedy)[._-]?ai$"
    r"|[._-]ai$",
    re.IGNORECASE,
)
_hasher = PasswordHasher()


class BadCredentials(CyberdeckError):
    pass


def check_name(name: str) -> str:
    name = name.strip()
    if not NAME.match(name) or POSING.search(name):
        raise BadCredentials(
            "A name is 3 to 32 letters, digits, dots, dashes or underscores, and may not pose "
            "as a guest, an AI or the house (no 'guest-', 'ai-', 'house-' or '-ai')."
        )
    return name


#: zxcvbn's guessability score a password must reach (0 to 4; 2: over a million guesses even
#: for an attacker who tries the common passwords, words and patterns first).
STRONG_ENOUGH = 2


def check_password(password: str, name: str = "") -> str:
    """8 to 200 characters, not the name, and not among the first a guesser tries: zxcvbn
    (Dropbox's estimator, with its lists of common passwords, words and keyboard patterns)
    scores it, and a weak one is refused with its own advice. It takes milliseconds: a route
    asks it off the event loop."""
    if not 8 <= len(password) <= 200:
        raise BadCredentials("A password is 8 to 200 characters long.")
    if name and name.lower() in password.lower():
        raise BadCredentials("A password may not contain the account's name.")
    judged = zxcvbn(password, user_inputs=[name] if name else [], max_length=200)
    if judged["score"] < STRONG_ENOUGH:
        feedback = judged["feedback"]
        advice = [feedback.get("warning") or "", *feedback.get("suggestions", [])]
        said = " ".join(a.strip() for a in advice if a and a.strip())
        raise BadCredentials(
            "That password is among the first a guesser would try"
            + (f": {said}" if said else ".")
            + (" " if said.endswith(".") else ". ")
            + "Try a few unrelated words together."
        )
    return password


#: Computed once: checking a password against it costs what checking a real one does, so an
#: unknown name takes as long to refuse as a wrong password.
_DECOY = _hasher.hash(secrets.token_urlsafe(16))


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(stored: str | None, password: str) -> bool:
    try:
        if stored is None:
            _hasher.verify(_DECOY, password)
            return False
        return _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


class Sessions:
    """Signs and reads session cookies with the server's key (kept in the database). A cookie
    carries a random token, signed; the server keeps the token's hash with the session, so a
    session ends when its row goes (sign-out, revoked, expired), whatever the cookie says."""

    def __init__(self, secret: str, max_age_seconds: int) -> None:
        self._signer = TimestampSigner(secret, salt="cyberdeck-session")
        self.max_age = max_age_seconds

    @staticmethod
    def new_token() -> str:
        return secrets.token_urlsafe(32)

    @staticmethod
    def token_hash(token: str) -> str:
        return hashlib.sha256(token.encode()).hexdigest()

    def cookie_for(self, token: str) -> str:
        return self._signer.sign(token).decode()

    def token(self, cookie: str | None) -> str | None:
        """The token a cookie carries, if the server signed it within ``max_age``."""
        if not cookie:
            return None
        try:
            return self._signer.unsign(cookie, max_age=self.max_age).decode()
        except (BadSignature, UnicodeError):
            return None
