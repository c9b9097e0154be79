"""Persistence: SQLAlchemy models, Alembic migrations shipped in the package, and the repository the
server talks to. SQLite (WAL, foreign keys on) by default, PostgreSQL by URL."""

from .repository import (
    ActionData,
    ChatLineData,
    ClockSave,
    DeckData,
    Finish,
    MailboxData,
    MatchData,
    NameTaken,
    NewAction,
    RatingData,
    SeatData,
    SeriesData,
    SessionData,
    SoloResult,
    Store,
    StoreBusy,
    UserData,
    sqlite_url,
)

__all__ = [
    "ActionData",
    "ChatLineData",
    "ClockSave",
    "DeckData",
    "Finish",
    "MailboxData",
    "MatchData",
    "NameTaken",
    "NewAction",
    "RatingData",
    "SeatData",
    "SeriesData",
    "SessionData",
    "SoloResult",
    "Store",
    "StoreBusy",
    "UserData",
    "sqlite_url",
]
