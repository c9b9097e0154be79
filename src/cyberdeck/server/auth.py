"""Accounts and sessions: argon2 password hashes, a signed cookie that carries the user id."""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Callable

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, TimestampSigner

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


def check_password(password: str, name: str = "") -> str:
    """At least 8 characters, not all alike or blank, and not the name: the weakest passwords a
    guessing attacker tries first are refused."""
    if not 8 <= len(password) <= 200:
        raise BadCredentials("A password is 8 to 200 characters long.")
    if not password.strip() or len(set(password)) < 5:
        raise BadCredentials("A password needs at least five different characters, not all spaces.")
    if name and name.lower() in password.lower():
        raise BadCredentials("A password may not contain the account's name.")
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


class Throttle:
    """At most ``limit`` events per key in ``window`` seconds (failed sign-ins per account and
    per address, guests made per address). The keys are a client's to choose (any name may be
    tried), so memory is bounded: at most ``keep`` keys, in the order of their latest event, and
    each new key first drops the keys at the front whose events have all aged out (and, when
    still full, the oldest live one): a few keys a call, never a scan of them all. Asking
    (``wait``) stores nothing."""

    def __init__(
        self,
        limit: int,
        window: float,
        keep: int = 50_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit = limit
        self.window = window
        self.keep = keep
        self.clock = clock
        self._events: OrderedDict[str, deque[float]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._events)

    def _prune(self, now: float) -> None:
        events = self._events
        while events:
            latest = next(iter(events.values()))
            if len(events) < self.keep and latest and now - latest[-1] < self.window:
                return
            events.popitem(last=False)

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may act again (0: now)."""
        events = self._events.get(key)
        if events is None:
            return 0.0
        now = self.clock()
        while events and now - events[0] >= self.window:
            events.popleft()
        if len(events) < self.limit:
            return 0.0
        return max(0.0, self.window - (now - events[0]))

    def note(self, key: str) -> None:
        now = self.clock()
        events = self._events.get(key)
        if events is None:
            self._prune(now)
            events = self._events[key] = deque(maxlen=max(1, self.limit))
        else:
            self._events.move_to_end(key)
        events.append(now)

    def forget(self, key: str) -> None:
        self._events.pop(key, None)
