"""The repository: every query the server makes, as plain functions over plain data.

Calls are synchronous. The server makes its writes from one place at a time (with SQLite its
event loop, elsewhere its database thread) and its queries on its database thread, and it groups
the actions of many matches into one transaction (``commit``) so that each move is on disk before
it is acknowledged without one commit per move.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from operator import attrgetter
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Connection,
    Engine,
    and_,
    create_engine,
    delete,
    event,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool
from sqlalchemy.sql.elements import ColumnElement

from ..engine import CyberdeckError
from ..engine.record import UNDO
from .checkpoints import Checkpoints
from .leases import MATCH, fence
from .models import (
    ActionRow,
    BotToken,
    CardSetRow,
    ChatLine,
    DeckRow,
    EntrantRow,
    Mailbox,
    MatchRow,
    Pairing,
    Rating,
    SeatRow,
    SeriesRow,
    SessionRow,
    Setting,
    StopsRow,
    TournamentRow,
    TournamentTableRow,
    User,
)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


class NameTaken(CyberdeckError):
    """A sign-up with a name someone already has, or a second deck of one name in one game."""


def seat_name(name: str, kind: str) -> str:
    """A player's name where players are shown (tables, tournaments, leaderboards): a bot is
    marked as one, as lichess marks them."""
    return f"BOT {name}" if kind == "bot" else name


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


@dataclass(frozen=True, slots=True)
class UserData:
    id: int
    name: str
    kind: str
    password_hash: str | None = None


@dataclass(slots=True)
class SeatData:
    seat: int
    kind: str  # human | ai
    level: str | None = None
    user_id: int | None = None
    user_name: str | None = None
    #: Hints shown to this seat.
    hints: int = 0


@dataclass(frozen=True, slots=True)
class ActionData:
    step: int
    seat: int
    text: str
    msg_id: str | None


@dataclass(slots=True)
class MatchData:
    id: str
    game: str
    options: dict[str, Any]
    decks: Any
    seed: int
    engine_version: str
    status: str
    public: bool
    invite: str
    created_by: int
    seats: list[SeatData]
    actions: list[ActionData] = field(default_factory=list)
    outcome: dict[str, Any] | None = None
    created_at: datetime | None = None
    finished_at: datetime | None = None
    #: The series (campaign) this match is a game of, and which game (1 first).
    series_id: str | None = None
    series_game: int | None = None
    #: The match this one is a rematch of, and the first match of that chain of rematches.
    rematch_of: str | None = None
    chain: str | None = None
    #: The time control (``server.clocks.TimeControl.to_json``; null: none) and whether the
    #: match is rated: creation settings, like the options.
    time_control: dict[str, Any] | None = None
    rated: bool = False
    #: An edited card set the match is played with (null: the shipped cards); never rated.
    cards: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class ChatLineData:
    """A line a player said at their match's table (``step``: the match's sequence number
    then); ``name`` is the seat's player as the match names them now."""

    step: int
    seat: int
    name: str | None
    text: str


@dataclass(frozen=True, slots=True)
class SeriesData:
    id: str
    game: str
    options: dict[str, Any]
    setup: Any
    seed: int
    target: int
    public: bool
    created_by: int


@dataclass(frozen=True, slots=True)
class TournamentData:
    """A tournament's settings and where it stands (``models.TournamentRow``)."""

    id: str
    name: str
    game: str
    options: dict[str, Any]
    decks: str
    rounds: int
    time_control: dict[str, Any]
    rated: bool
    starts_at: datetime
    public: bool
    invite: str
    allow_ai: bool
    seed: int
    created_by: int
    status: str = "open"
    allow_bots: bool = False
    round: int = 0
    created_by_name: str = ""
    #: The top cut (0: none, 2, 4 or 8) played after ``rounds`` of Swiss.
    cut: int = 0
    #: The rule ``list``'s decks: (name, deck list) pairs.
    deck_lists: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class EntrantData:
    entrant: int
    user_id: int | None
    name: str
    level: str | None = None
    deck: str | None = None
    dropped: int | None = None


@dataclass(frozen=True, slots=True)
class TableData:
    round: int
    table: int
    first: int
    second: int | None
    match_id: str | None


@dataclass(frozen=True, slots=True)
class NewAction:
    match_id: str
    step: int
    seat: int
    text: str
    msg_id: str | None


@dataclass(frozen=True, slots=True)
class Finish:
    match_id: str
    outcome: dict[str, Any]


@dataclass(frozen=True, slots=True)
class ClockSave:
    """A match's clocks as of its latest move, stored in the move's own transaction."""

    match_id: str
    clock: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Fence:
    """In a cluster: the match's moves are stored only while this worker (``holder``) still
    holds its lease with ``token`` (``leases.fence``); the lease is renewed for ``seconds``."""

    match_id: str
    holder: str
    token: int
    seconds: float


@dataclass(frozen=True, slots=True)
class RatingData:
    user_id: int
    name: str
    kind: str
    mu: float
    sigma: float
    games: int
    wins: int
    #: Distinct players met in rated games (read by the leaderboard only).
    opponents: int = 0


@dataclass(frozen=True, slots=True)
class SoloResult:
    """One finished solitaire game of an account: its outcome, and whether it was helped (moves
    taken back, hints shown), which a personal record does not count as the player's own."""

    user_id: int
    name: str
    outcome: dict[str, Any]
    undos: int
    hints: int


@dataclass(frozen=True, slots=True)
class DeckData:
    id: int
    user_id: int
    game: str
    name: str
    text: str
    created_at: datetime | None = None
    updated_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class CardSetData:
    id: int
    user_id: int
    game: str
    name: str
    cards: dict[str, Any]
    #: The latest what-if run on the set (``server.labjobs``), or null.
    result: dict[str, Any] | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class SessionData:
    id: int
    user_id: int
    created_at: datetime
    expires_at: datetime
    agent: str
    address: str


@dataclass(frozen=True, slots=True)
class MailboxData:
    """An account's e-mail address and what may be mailed to it (never shown to others)."""

    user_id: int
    address: str
    verified: bool
    turn_mails: bool


def _mailbox_data(row: Mailbox) -> MailboxData:
    return MailboxData(row.user_id, row.address, bool(row.verified), bool(row.turn_mails))


def _session_data(row: SessionRow) -> SessionData:
    created, expires = _utc(row.created_at), _utc(row.expires_at)
    assert created is not None and expires is not None
    return SessionData(row.id, row.user_id, created, expires, row.agent, row.address)


def _deck_data(row: DeckRow) -> DeckData:
    return DeckData(
        row.id, row.user_id, row.game, row.name, row.text, row.created_at, row.updated_at
    )


def _card_set_data(row: CardSetRow) -> CardSetData:
    return CardSetData(
        row.id, row.user_id, row.game, row.name, dict(row.cards),
        None if row.result is None else dict(row.result), row.created_at, row.updated_at,
    )  # fmt: skip


class StoreBusy(CyberdeckError):
    """``commit`` found the database's write lock taken (SQLite's checkpoint restarting its
    log); nothing was written, and the same items may be committed again a moment later."""


def _sqlite_pragmas(dbapi_connection: Any, _record: Any, checkpoints_apart: bool) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # WAL with synchronous=NORMAL loses nothing when the process is killed (the log is in the
    # operating system's cache); only a power cut could drop the last transactions.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    if checkpoints_apart:
        cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


def _busy(err: OperationalError) -> bool:
    code = getattr(err.orig, "sqlite_errorcode", None)
    return code is not None and code & 0xFF == sqlite3.SQLITE_BUSY


#: The advisory lock the workers of a cluster take in turn to migrate (any fixed number).
MIGRATION_LOCK = 0x637962657264


class Store:
    def __init__(self, url: str, *, checkpoints_apart: bool = False) -> None:
        """``checkpoints_apart`` (SQLite in a file): no commit checkpoints the log; a thread
        of the store's does (``checkpoints.Checkpoints``), and ``commit`` raises ``StoreBusy``
        rather than wait while that thread restarts the log. The match server asks for it, since
        it commits its moves on the event loop; other users of the store need not."""
        self.url = url
        self.engine: Engine
        sqlite = url.startswith("sqlite")
        #: A commit only appends to a log in the operating system's cache (SQLite in a file):
        #: cheap enough to make anywhere, the event loop included.
        self.writes_without_waiting = sqlite and ":memory:" not in url
        self.checkpoints: Checkpoints | None = None
        if sqlite:
            self.engine = create_engine(
                url,
                connect_args={"check_same_thread": False},
                poolclass=StaticPool if ":memory:" in url else None,
            )
            apart = checkpoints_apart and self.writes_without_waiting
            event.listen(self.engine, "connect", partial(_sqlite_pragmas, checkpoints_apart=apart))
            if apart and self.engine.url.database:
                self.checkpoints = Checkpoints(self.engine.url.database)
                self.checkpoints.start()
        else:
            self.engine = create_engine(url, pool_pre_ping=True)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        #: The connection ``commit`` keeps open for the moves (opened on first use).
        self._journal: Connection | None = None
        self._insert_actions = ""
        #: One action as the prepared ``INSERT`` takes its parameters.
        self._row: Callable[[NewAction], Any] = attrgetter(*self._ACTION_COLUMNS)
        self._prepare_journal()

    def migrate(self) -> None:
        """Bring the schema to the newest migration (the server does this at startup). On
        PostgreSQL the workers of a cluster may start together: one migrates at a time (a
        transaction-scoped advisory lock), and the others find the schema new already."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def close(self) -> None:
        if self._journal is not None:
            self._journal.close()
            self._journal = None
        if self.checkpoints is not None:
            self.checkpoints.stop()
        self.engine.dispose()

    # --- settings -------------------------------------------------------------------------------

    def setting(self, name: str, make: Callable[[], str]) -> str:
        """The stored value of ``name``, made and stored on first use. Where processes that
        share the database make it at once (a cluster's workers starting together), the first
        one stored wins and every process gets that one."""
        try:
            with self.sessions.begin() as session:
                row = session.get(Setting, name)
                if row is not None:
                    return row.value
                value = make()
                session.add(Setting(name=name, value=value))
        except IntegrityError:  # another process stored it between the read and the write
            stored = self.read_setting(name)
            assert stored is not None
            return stored
        return value

    # --- users ----------------------------------------------------------------------------------

    def create_user(self, name: str, kind: str, password_hash: str | None = None) -> UserData:
        """A new player; names are unique without regard to case (``Neo`` is ``neo``)."""
        try:
            with self.sessions.begin() as session:
                same = select(User.id).where(func.lower(User.name) == name.lower())
                if session.scalars(same).first() is not None:
                    raise IntegrityError("name", None, ValueError(name))
                user = User(name=name, kind=kind, password_hash=password_hash)
                session.add(user)
                session.flush()
                return UserData(user.id, user.name, user.kind, user.password_hash)
        except IntegrityError:
            raise NameTaken(f"The name '{name}' is taken; choose another.") from None

    def create_bot(self, owner_id: int, name: str, token_hash: str) -> UserData:
        """A bot account of ``owner_id``'s, with the hash of its token (``NameTaken`` as for
        any account)."""
        try:
            with self.sessions.begin() as session:
                same = select(User.id).where(func.lower(User.name) == name.lower())
                if session.scalars(same).first() is not None:
                    raise IntegrityError("name", None, ValueError(name))
                user = User(name=name, kind="bot")
                session.add(user)
                session.flush()
                session.add(BotToken(user_id=user.id, owner_id=owner_id, token_hash=token_hash))
                return UserData(user.id, user.name, user.kind)
        except IntegrityError:
            raise NameTaken(f"The name '{name}' is taken; choose another.") from None

    def bot_by_token(self, token_hash: str) -> UserData | None:
        with self.sessions() as session:
            user = session.scalars(
                select(User)
                .join(BotToken, BotToken.user_id == User.id)
                .where(BotToken.token_hash == token_hash)
            ).first()
            return None if user is None else UserData(user.id, user.name, user.kind)

    def bots_of(self, owner_id: int) -> list[UserData]:
        with self.sessions() as session:
            users = session.scalars(
                select(User)
                .join(BotToken, BotToken.user_id == User.id)
                .where(BotToken.owner_id == owner_id)
                .order_by(User.id)
            ).all()
            return [UserData(u.id, u.name, u.kind) for u in users]

    def user_by_name(self, name: str) -> UserData | None:
        with self.sessions() as session:
            user = session.scalars(
                select(User).where(func.lower(User.name) == name.lower()).order_by(User.id)
            ).first()
            return (
                None
                if user is None
                else UserData(user.id, user.name, user.kind, user.password_hash)
            )

    def user_by_id(self, user_id: int) -> UserData | None:
        with self.sessions() as session:
            user = session.get(User, user_id)
            return (
                None
                if user is None
                else UserData(user.id, user.name, user.kind, user.password_hash)
            )

    def robot(self, name: str, kind: str) -> UserData:
        """The player behind an AI level or a solitaire's house, made on first use."""
        found = self.user_by_name(name)
        if found is not None:
            return found
        try:
            return self.create_user(name, kind)
        except NameTaken:
            again = self.user_by_name(name)
            assert again is not None
            return again

    # --- sessions -------------------------------------------------------------------------------

    def create_session(
        self, token_hash: str, user_id: int, expires_at: datetime, agent: str, address: str
    ) -> SessionData:
        with self.sessions.begin() as session:
            row = SessionRow(
                token_hash=token_hash,
                user_id=user_id,
                created_at=datetime.now(UTC),
                expires_at=expires_at,
                agent=agent[:200],
                address=address[:64],
            )
            session.add(row)
            session.flush()
            return _session_data(row)

    def trim_sessions(self, user_id: int, keep: int) -> list[int]:
        """End this player's expired sessions and all but their ``keep`` newest; the ids of
        the sessions ended."""
        with self.sessions.begin() as session:
            rows = session.execute(
                select(SessionRow.id, SessionRow.expires_at)
                .where(SessionRow.user_id == user_id)
                .order_by(SessionRow.id.desc())
            ).all()
            now = datetime.now(UTC)
            ended = []
            for n, row in enumerate(rows):
                expires = _utc(row.expires_at)
                if n >= keep or expires is None or expires <= now:
                    ended.append(row.id)
            if ended:
                session.execute(delete(SessionRow).where(SessionRow.id.in_(ended)))
            return ended

    def session_by_token(self, token_hash: str) -> SessionData | None:
        """The session of a cookie's token, while it has not expired."""
        with self.sessions() as session:
            row = session.scalars(
                select(SessionRow).where(SessionRow.token_hash == token_hash)
            ).first()
            if row is None:
                return None
            data = _session_data(row)
            return data if data.expires_at > datetime.now(UTC) else None

    def user_sessions(self, user_id: int) -> list[SessionData]:
        """A player's sessions that have not expired, newest first."""
        with self.sessions() as session:
            rows = session.scalars(
                select(SessionRow)
                .where(SessionRow.user_id == user_id, SessionRow.expires_at > datetime.now(UTC))
                .order_by(SessionRow.id.desc())
            ).all()
            return [_session_data(r) for r in rows]

    def end_session(self, user_id: int, session_id: int) -> bool:
        """Delete one of this player's sessions (and every expired one, while at it)."""
        with self.sessions.begin() as session:
            session.execute(delete(SessionRow).where(SessionRow.expires_at <= datetime.now(UTC)))
            gone = session.execute(
                delete(SessionRow).where(SessionRow.id == session_id, SessionRow.user_id == user_id)
            )
            return getattr(gone, "rowcount", 0) == 1

    # --- matches --------------------------------------------------------------------------------

    def create_match(self, match: MatchData) -> None:
        """Store a new match; ``match.created_at`` is set to the time stored.

        This and ``take_seat`` run for every match made and joined (about twenty a second
        each in the load benchmark, on the event loop with SQLite), so they send their
        statements as SQLAlchemy Core on one connection: the ORM's unit of work made each
        cost about twice as much."""
        match.created_at = datetime.now(UTC)
        with self.engine.begin() as connection:
            connection.execute(
                insert(MatchRow),
                {
                    "created_at": match.created_at,
                    "id": match.id,
                    "game": match.game,
                    "options": match.options,
                    "decks": match.decks,
                    "seed": match.seed,
                    "engine_version": match.engine_version,
                    "status": match.status,
                    "public": match.public,
                    "invite": match.invite,
                    "created_by": match.created_by,
                    "series_id": match.series_id,
                    "series_game": match.series_game,
                    "rematch_of": match.rematch_of,
                    "chain": match.chain,
                    "time_control": match.time_control,
                    "rated": match.rated,
                    "cards": match.cards,
                },
            )
            connection.execute(
                insert(SeatRow),
                [
                    {
                        "match_id": match.id,
                        "seat": seat.seat,
                        "kind": seat.kind,
                        "level": seat.level,
                        "user_id": seat.user_id,
                    }
                    for seat in match.seats
                ],
            )

    def take_seat(
        self, match_id: str, seat: int, user_id: int, start: bool, decks: Any = None
    ) -> bool:
        """Seat ``user_id`` if the seat is still free; ``start`` marks the match running.
        ``decks``, when given, replaces the match's decks: the joiner chose their own."""
        with self.engine.begin() as connection:
            taken = connection.execute(
                update(SeatRow)
                .where(
                    SeatRow.match_id == match_id,
                    SeatRow.seat == seat,
                    SeatRow.user_id.is_(None),
                )
                .values(user_id=user_id)
            )
            if taken.rowcount != 1:
                return False  # nothing changed: the transaction ends empty
            changes: dict[str, Any] = {}
            if start:
                changes["status"] = "running"
            if decks is not None:
                changes["decks"] = decks
            if changes:
                connection.execute(update(MatchRow).where(MatchRow.id == match_id).values(changes))
        return True

    def make_casual(self, match_id: str) -> None:
        """A match waiting for players becomes casual (a bot sits down with a person)."""
        with self.sessions.begin() as session:
            session.execute(
                update(MatchRow)
                .where(MatchRow.id == match_id, MatchRow.status == "open")
                .values(rated=False)
            )

    def drop_open_match(self, match_id: str) -> bool:
        """Delete a match still waiting for players (its seats go with it); ``False`` when it
        has started meanwhile."""
        with self.sessions.begin() as session:
            gone = session.execute(
                delete(MatchRow).where(MatchRow.id == match_id, MatchRow.status == "open")
            )
            return getattr(gone, "rowcount", 0) == 1

    def load_match(self, match_id: str) -> MatchData | None:
        with self.sessions() as session:
            row = session.get(MatchRow, match_id)
            if row is None:
                return None
            return self._match_data(session, [row])[0]

    def live_matches(self) -> list[MatchData]:
        """Every match not yet finished, with its actions, to rebuild at startup."""
        with self.sessions() as session:
            rows = session.scalars(
                select(MatchRow).where(MatchRow.status.in_(("open", "running")))
            ).all()
            return self._match_data(session, rows)

    def list_matches(self, statuses: Sequence[str], limit: int = 100) -> list[MatchData]:
        """Public matches in these statuses, newest first, without their actions."""
        with self.sessions() as session:
            rows = session.scalars(
                select(MatchRow)
                .where(MatchRow.status.in_(tuple(statuses)), MatchRow.public.is_(True))
                .order_by(MatchRow.created_at.desc(), MatchRow.id)
                .limit(limit)
            ).all()
            return self._match_data(session, rows, with_actions=False)

    def made_in_play(self, user_id: int) -> list[tuple[str, dict[str, Any] | None, int]]:
        """The matches ``user_id`` made that wait for players or are under way: each one's
        status, time control and the seats that user holds for a person (one query, on the
        matches' index by maker)."""
        held = (
            select(func.count())
            .where(
                SeatRow.match_id == MatchRow.id,
                SeatRow.kind == "human",
                SeatRow.user_id == user_id,
            )
            .scalar_subquery()
        )
        with self.sessions() as session:
            rows = session.execute(
                select(MatchRow.status, MatchRow.time_control, held).where(
                    MatchRow.created_by == user_id, MatchRow.status.in_(("open", "running"))
                )
            ).all()
            return [(status, control, count) for status, control, count in rows]

    def action_counts(self, match_ids: Sequence[str]) -> dict[str, int]:
        """How many actions each match's record holds (its ``seq``)."""
        if not match_ids:
            return {}
        with self.sessions() as session:
            rows = session.execute(
                select(ActionRow.match_id, func.count())
                .where(ActionRow.match_id.in_(tuple(match_ids)))
                .group_by(ActionRow.match_id)
            ).all()
            return {match_id: count for match_id, count in rows}

    def user_matches(
        self,
        user_id: int,
        statuses: Sequence[str],
        game: str | None = None,
        limit: int = 100,
        with_actions: bool = False,
    ) -> list[MatchData]:
        """Matches in which the user holds a seat (public or not), newest first."""
        with self.sessions() as session:
            query = (
                select(MatchRow)
                .where(
                    MatchRow.status.in_(tuple(statuses)),
                    MatchRow.id.in_(select(SeatRow.match_id).where(SeatRow.user_id == user_id)),
                )
                .order_by(MatchRow.created_at.desc(), MatchRow.id)
                .limit(limit)
            )
            if game is not None:
                query = query.where(MatchRow.game == game)
            rows = session.scalars(query).all()
            return self._match_data(session, rows, with_actions=with_actions)

    def _match_data(
        self, session: Session, rows: Sequence[MatchRow], with_actions: bool = True
    ) -> list[MatchData]:
        ids = [r.id for r in rows]
        if not ids:
            return []
        seats: dict[str, list[SeatData]] = {i: [] for i in ids}
        for seat, name, kind in session.execute(
            select(SeatRow, User.name, User.kind)
            .outerjoin(User, User.id == SeatRow.user_id)
            .where(SeatRow.match_id.in_(ids))
            .order_by(SeatRow.match_id, SeatRow.seat)
        ):
            seats[seat.match_id].append(
                SeatData(
                    seat.seat,
                    seat.kind,
                    seat.level,
                    seat.user_id,
                    None if name is None else seat_name(name, kind),
                    seat.hints,
                )
            )
        actions: dict[str, list[ActionData]] = {i: [] for i in ids}
        if with_actions:
            for action in session.scalars(
                select(ActionRow)
                .where(ActionRow.match_id.in_(ids))
                .order_by(ActionRow.match_id, ActionRow.step)
            ):
                actions[action.match_id].append(
                    ActionData(action.step, action.seat, action.text, action.msg_id)
                )
        return [
            MatchData(
                id=r.id,
                game=r.game,
                options=dict(r.options),
                decks=r.decks,
                seed=r.seed,
                engine_version=r.engine_version,
                status=r.status,
                public=r.public,
                invite=r.invite,
                created_by=r.created_by,
                seats=seats[r.id],
                actions=actions[r.id],
                outcome=r.outcome,
                created_at=_utc(r.created_at),
                finished_at=_utc(r.finished_at),
                series_id=r.series_id,
                series_game=r.series_game,
                rematch_of=r.rematch_of,
                chain=r.chain,
                time_control=r.time_control,
                rated=bool(r.rated),
                cards=r.cards,
            )
            for r in rows
        ]

    # --- series (campaigns) ---------------------------------------------------------------------

    def create_series(self, series: SeriesData) -> None:
        with self.sessions.begin() as session:
            session.add(
                SeriesRow(
                    id=series.id,
                    game=series.game,
                    options=series.options,
                    setup=series.setup,
                    seed=series.seed,
                    target=series.target,
                    public=series.public,
                    created_by=series.created_by,
                )
            )

    def load_series(self, series_id: str) -> SeriesData | None:
        with self.sessions() as session:
            r = session.get(SeriesRow, series_id)
            if r is None:
                return None
            return SeriesData(
                r.id, r.game, dict(r.options), r.setup, r.seed, r.target, r.public, r.created_by
            )

    def series_matches(self, series_id: str) -> list[MatchData]:
        """The games of a series, first first, without their actions."""
        with self.sessions() as session:
            rows = session.scalars(
                select(MatchRow)
                .where(MatchRow.series_id == series_id)
                .order_by(MatchRow.series_game)
            ).all()
            return self._match_data(session, rows, with_actions=False)

    def matches_by_ids(self, match_ids: Sequence[str]) -> list[MatchData]:
        """The matches named, without their actions (any order)."""
        with self.sessions() as session:
            rows = session.scalars(select(MatchRow).where(MatchRow.id.in_(list(match_ids)))).all()
            return self._match_data(session, rows, with_actions=False)

    # --- tournaments ----------------------------------------------------------------------------

    def create_tournament(self, t: TournamentData) -> None:
        with self.sessions.begin() as session:
            session.add(
                TournamentRow(
                    id=t.id,
                    name=t.name,
                    game=t.game,
                    options=t.options,
                    decks=t.decks,
                    rounds=t.rounds,
                    time_control=t.time_control,
                    rated=t.rated,
                    starts_at=t.starts_at,
                    public=t.public,
                    invite=t.invite,
                    allow_ai=t.allow_ai,
                    allow_bots=t.allow_bots,
                    seed=t.seed,
                    status=t.status,
                    round=t.round,
                    created_by=t.created_by,
                    cut=t.cut,
                    deck_lists=[{"name": n, "text": text} for n, text in t.deck_lists],
                )
            )

    def _tournaments(self, session: Session, where: Any, limit: int) -> list[TournamentData]:
        rows = session.execute(
            select(TournamentRow, User.name)
            .join(User, User.id == TournamentRow.created_by)
            .where(where)
            .order_by(TournamentRow.starts_at.desc(), TournamentRow.id)
            .limit(limit)
        ).all()
        return [
            TournamentData(
                r.id,
                r.name,
                r.game,
                dict(r.options),
                r.decks,
                r.rounds,
                dict(r.time_control),
                bool(r.rated),
                _utc(r.starts_at) or r.starts_at,
                bool(r.public),
                r.invite,
                bool(r.allow_ai),
                r.seed,
                r.created_by,
                r.status,
                bool(r.allow_bots),
                r.round,
                name,
                r.cut,
                tuple((d["name"], d["text"]) for d in r.deck_lists or ()),
            )
            for r, name in rows
        ]

    def load_tournament(self, tournament_id: str) -> TournamentData | None:
        with self.sessions() as session:
            found = self._tournaments(session, TournamentRow.id == tournament_id, 1)
            return found[0] if found else None

    def list_tournaments(
        self, statuses: Sequence[str], limit: int = 100, public_only: bool = False
    ) -> list[TournamentData]:
        where: ColumnElement[bool] = TournamentRow.status.in_(list(statuses))
        if public_only:
            where = and_(where, TournamentRow.public.is_(True))
        with self.sessions() as session:
            return self._tournaments(session, where, limit)

    def due_tournaments(self, now: datetime) -> list[str]:
        """The open tournaments whose start time has come."""
        with self.sessions() as session:
            return list(
                session.scalars(
                    select(TournamentRow.id).where(
                        TournamentRow.status == "open", TournamentRow.starts_at <= now
                    )
                ).all()
            )

    def tournaments_made(self, user_id: int, statuses: Sequence[str]) -> int:
        """How many of ``user_id``'s tournaments are in one of ``statuses`` (the cap)."""
        with self.sessions() as session:
            return int(
                session.scalar(
                    select(func.count())
                    .select_from(TournamentRow)
                    .where(
                        TournamentRow.created_by == user_id,
                        TournamentRow.status.in_(list(statuses)),
                    )
                )
                or 0
            )

    def entrants(self, tournament_id: str) -> list[EntrantData]:
        with self.sessions() as session:
            rows = session.execute(
                select(EntrantRow, User.name, User.kind)
                .outerjoin(User, User.id == EntrantRow.user_id)
                .where(EntrantRow.tournament_id == tournament_id)
                .order_by(EntrantRow.entrant)
            ).all()
            return [
                EntrantData(
                    r.entrant,
                    r.user_id,
                    seat_name(name, kind) if name else f"{str(r.level).capitalize()} AI",
                    r.level,
                    r.deck,
                    r.dropped,
                )
                for r, name, kind in rows
            ]

    def add_entrant(
        self,
        tournament_id: str,
        user_id: int | None,
        level: str | None,
        deck: str | None,
        most: int,
    ) -> int | None:
        """Enter a player or an AI level while the tournament is open and has fewer than
        ``most`` entrants: its entrant number, or ``None`` (full, started, or entered already)."""
        try:
            with self.sessions.begin() as session:
                status = session.scalar(
                    select(TournamentRow.status)
                    .where(TournamentRow.id == tournament_id)
                    .with_for_update()
                )
                if status != "open":
                    return None
                count, last = session.execute(
                    select(func.count(), func.max(EntrantRow.entrant)).where(
                        EntrantRow.tournament_id == tournament_id
                    )
                ).one()
                if count >= most:
                    return None
                number = int(last or 0) + 1
                session.add(
                    EntrantRow(
                        tournament_id=tournament_id,
                        entrant=number,
                        user_id=user_id,
                        level=level,
                        deck=deck,
                    )
                )
        except IntegrityError:
            return None
        return number

    def withdraw(self, tournament_id: str, entrant: int) -> bool:
        """Leave a tournament that has not started (the entry is gone)."""
        with self.sessions.begin() as session:
            gone = session.execute(
                delete(EntrantRow).where(
                    EntrantRow.tournament_id == tournament_id,
                    EntrantRow.entrant == entrant,
                    EntrantRow.tournament_id.in_(
                        select(TournamentRow.id).where(TournamentRow.status == "open")
                    ),
                )
            )
            return getattr(gone, "rowcount", 0) == 1

    def drop_entrant(self, tournament_id: str, entrant: int, after: int) -> bool:
        """An entrant leaves a tournament in play: paired no more after round ``after``."""
        with self.sessions.begin() as session:
            done = session.execute(
                update(EntrantRow)
                .where(
                    EntrantRow.tournament_id == tournament_id,
                    EntrantRow.entrant == entrant,
                    EntrantRow.dropped.is_(None),
                )
                .values(dropped=after)
            )
            return getattr(done, "rowcount", 0) == 1

    def tournament_tables(self, tournament_id: str) -> list[TableData]:
        with self.sessions() as session:
            rows = session.scalars(
                select(TournamentTableRow)
                .where(TournamentTableRow.tournament_id == tournament_id)
                .order_by(TournamentTableRow.round, TournamentTableRow.table)
            ).all()
            return [TableData(r.round, r.table, r.first, r.second, r.match_id) for r in rows]

    def pair_round(self, tournament_id: str, tables: Sequence[TableData]) -> bool:
        """Store a round's tables and make it the tournament's round, in one transaction:
        ``False`` (and nothing stored) when that round was paired already."""
        number = tables[0].round
        try:
            with self.sessions.begin() as session:
                moved = session.execute(
                    update(TournamentRow)
                    .where(TournamentRow.id == tournament_id, TournamentRow.round == number - 1)
                    .values(round=number, status="running")
                )
                if getattr(moved, "rowcount", 0) != 1:
                    return False
                for t in tables:
                    session.add(
                        TournamentTableRow(
                            tournament_id=tournament_id,
                            round=t.round,
                            table=t.table,
                            first=t.first,
                            second=t.second,
                            match_id=t.match_id,
                        )
                    )
        except IntegrityError:
            return False
        return True

    def set_tournament_rounds(self, tournament_id: str, rounds: int) -> None:
        with self.sessions.begin() as session:
            session.execute(
                update(TournamentRow).where(TournamentRow.id == tournament_id).values(rounds=rounds)
            )

    def set_tournament_status(self, tournament_id: str, status: str, was: str) -> bool:
        with self.sessions.begin() as session:
            done = session.execute(
                update(TournamentRow)
                .where(TournamentRow.id == tournament_id, TournamentRow.status == was)
                .values(status=status)
            )
            return getattr(done, "rowcount", 0) == 1

    # --- rematches ------------------------------------------------------------------------------

    def rematch_after(self, match_id: str) -> str | None:
        """The id of the rematch of ``match_id``, if one was made."""
        with self.sessions() as session:
            found: str | None = session.scalars(
                select(MatchRow.id).where(MatchRow.rematch_of == match_id)
            ).first()
            return found

    def chain_matches(self, chain: str) -> list[MatchData]:
        """Every match of a chain of rematches (the first one and its rematches), without their
        actions, in the order they were played (each one after the match it is a rematch of)."""
        with self.sessions() as session:
            rows = session.scalars(
                select(MatchRow).where(or_(MatchRow.id == chain, MatchRow.chain == chain))
            ).all()
            found = self._match_data(session, rows, with_actions=False)
        after = {m.rematch_of: m for m in found if m.rematch_of is not None}
        ordered = [m for m in found if m.id == chain]
        while ordered and ordered[-1].id in after:
            ordered.append(after[ordered[-1].id])
        return ordered

    # --- the players' chat ----------------------------------------------------------------------

    def add_chat_line(self, match_id: str, step: int, seat: int, user_id: int, text: str) -> None:
        with self.sessions.begin() as session:
            session.add(
                ChatLine(match_id=match_id, step=step, seat=seat, user_id=user_id, text=text)
            )

    def chat_lines(self, match_id: str, limit: int | None = None) -> list[ChatLineData]:
        """The players' lines of a match, oldest first (the last ``limit`` of them)."""
        with self.sessions() as session:
            query = (
                select(ChatLine, User.name)
                .outerjoin(User, User.id == ChatLine.user_id)
                .where(ChatLine.match_id == match_id)
                .order_by(ChatLine.id.desc())
            )
            if limit is not None:
                query = query.limit(limit)
            rows = session.execute(query).all()
            return [ChatLineData(r.step, r.seat, name, r.text) for r, name in reversed(rows)]

    def clocks(self, match_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
        """The stored clocks of these matches (those that have one)."""
        if not match_ids:
            return {}
        with self.sessions() as session:
            rows = session.execute(
                select(MatchRow.id, MatchRow.clock).where(
                    MatchRow.id.in_(tuple(match_ids)), MatchRow.clock.is_not(None)
                )
            ).all()
            return {r.id: dict(r.clock) for r in rows if r.clock}

    def put_setting(self, name: str, value: str) -> None:
        """Store ``value`` as ``name``, replacing what was there."""
        with self.sessions.begin() as session:
            row = session.get(Setting, name)
            if row is None:
                session.add(Setting(name=name, value=value))
            else:
                row.value = value

    def read_setting(self, name: str) -> str | None:
        with self.sessions() as session:
            row = session.get(Setting, name)
            return None if row is None else row.value

    def commit(self, items: Iterable[NewAction | Finish | ClockSave | Fence]) -> None:
        """Accepted actions and finished matches, of any number of matches, in one transaction
        (actions first, in order, so a finish never lands before the move that ended a game;
        in a cluster, each match's lease checked before anything: ``Fence``).

        Every move of every match comes through here, so this is the store's hot path: it keeps
        one connection open for it and sends the actions as one prepared ``INSERT`` (the SQL
        compiled once for the database's dialect; the database stamps each row's time) instead
        of building and compiling a statement per call — a quarter of the cost per commit. A
        failure drops the connection; the next commit opens a fresh one.
        """
        items = list(items)
        rows = [self._row(i) for i in items if isinstance(i, NewAction)]
        connection = self._journal
        if connection is None:
            connection = self._journal = self.engine.connect()
            if self.checkpoints is not None:
                # Told at once that the checkpoint holds the lock, rather than waiting for it
                # on the event loop.
                connection.exec_driver_sql("PRAGMA busy_timeout=0")
                connection.commit()
        try:
            with connection.begin():
                for item in items:
                    if isinstance(item, Fence):
                        fence(
                            connection, MATCH + item.match_id, item.holder, item.token, item.seconds
                        )
                if rows:
                    connection.exec_driver_sql(self._insert_actions, rows)
                for item in items:
                    if isinstance(item, ClockSave):
                        connection.execute(
                            update(MatchRow)
                            .where(MatchRow.id == item.match_id)
                            .values(clock=item.clock)
                        )
                    elif isinstance(item, Finish):
                        connection.execute(
                            update(MatchRow)
                            .where(MatchRow.id == item.match_id)
                            .values(
                                status="finished",
                                outcome=item.outcome,
                                finished_at=datetime.now(UTC),
                            )
                        )
        except OperationalError as err:
            if self.checkpoints is not None and _busy(err):
                raise StoreBusy("The database is busy; try again in a moment.") from err
            self._drop_journal(connection)
            raise
        except Exception:
            self._drop_journal(connection)
            raise

    def _drop_journal(self, connection: Connection) -> None:
        self._journal = None
        connection.invalidate()
        connection.close()

    _ACTION_COLUMNS = ("match_id", "step", "seat", "text", "msg_id")  # NewAction's fields

    def _prepare_journal(self) -> None:
        compiled = insert(ActionRow).compile(
            dialect=self.engine.dialect, column_keys=list(self._ACTION_COLUMNS)
        )
        self._insert_actions = str(compiled)
        order = compiled.positiontup
        if order is None:  # named parameters (PostgreSQL's drivers): one mapping per row
            self._row = lambda action: {
                name: getattr(action, name) for name in self._ACTION_COLUMNS
            }
        else:  # positional (SQLite): a tuple in the statement's order
            self._row = attrgetter(*order)

    # --- a guest who signs up or in ---------------------------------------------------------------

    def adopt_guest(self, guest_id: int, account_id: int) -> int:
        """Give ``account_id`` everything guest ``guest_id`` had: the seats of its matches (and
        with them its statistics, which are counted from matches), the matches and campaigns it
        made, its saved decks and card sets (one whose name the account already uses gets " (guest)" added)
        and its stops where the account has none. Returns how many matches moved. One
        transaction: all of it moves, or nothing does."""
        with self.sessions.begin() as session:
            guest = session.get(User, guest_id)
            if guest is None or guest.kind != "guest" or guest_id == account_id:
                return 0
            moved = session.execute(
                update(SeatRow).where(SeatRow.user_id == guest_id).values(user_id=account_id)
            )
            session.execute(
                update(MatchRow)
                .where(MatchRow.created_by == guest_id)
                .values(created_by=account_id)
            )
            session.execute(
                update(SeriesRow)
                .where(SeriesRow.created_by == guest_id)
                .values(created_by=account_id)
            )
            session.execute(
                update(ChatLine).where(ChatLine.user_id == guest_id).values(user_id=account_id)
            )
            _adopt_named(session, DeckRow, guest_id, account_id)
            _adopt_named(session, CardSetRow, guest_id, account_id)
            for stops in session.scalars(
                select(StopsRow).where(StopsRow.user_id == guest_id)
            ).all():
                if session.get(StopsRow, (account_id, stops.game)) is None:
                    session.add(StopsRow(user_id=account_id, game=stops.game, data=stops.data))
            return int(getattr(moved, "rowcount", 0) or 0)

    # --- mailboxes ------------------------------------------------------------------------------

    def mailbox(self, user_id: int) -> MailboxData | None:
        with self.sessions() as session:
            row = session.get(Mailbox, user_id)
            return None if row is None else _mailbox_data(row)

    def mailboxes(self, user_ids: Sequence[int]) -> dict[int, MailboxData]:
        """The verified addresses of these players that take turn e-mails."""
        with self.sessions() as session:
            rows = session.scalars(
                select(Mailbox).where(
                    Mailbox.user_id.in_(tuple(user_ids)),
                    Mailbox.verified.is_(True),
                    Mailbox.turn_mails.is_(True),
                )
            ).all()
            return {r.user_id: _mailbox_data(r) for r in rows}

    def set_mail_address(self, user_id: int, address: str) -> MailboxData:
        """A new address, unverified until its link is followed (the same address again keeps
        what it had)."""
        with self.sessions.begin() as session:
            row = session.get(Mailbox, user_id)
            if row is None:
                row = Mailbox(user_id=user_id, address=address, verified=False, turn_mails=True)
                session.add(row)
            elif row.address.lower() != address.lower():
                row.address, row.verified = address, False
            session.flush()
            return _mailbox_data(row)

    def verify_mail(self, user_id: int, address: str) -> bool:
        """The link mailed to ``address`` was followed: verified, if it is still the address."""
        with self.sessions.begin() as session:
            row = session.get(Mailbox, user_id)
            if row is None or row.address.lower() != address.lower():
                return False
            row.verified = True
            return True

    def set_turn_mails(self, user_id: int, on: bool) -> bool:
        with self.sessions.begin() as session:
            row = session.get(Mailbox, user_id)
            if row is None:
                return False
            row.turn_mails = on
            return True

    def drop_mailbox(self, user_id: int) -> bool:
        with self.sessions.begin() as session:
            done = session.execute(delete(Mailbox).where(Mailbox.user_id == user_id))
            return bool(getattr(done, "rowcount", 0))

    # --- stops ----------------------------------------------------------------------------------

    def stops(self, user_id: int, game: str) -> Any:
        """A player's saved stops in one game (``None`` when they never changed them)."""
        with self.sessions() as session:
            row = session.get(StopsRow, (user_id, game))
            return None if row is None else row.data

    def note_hint(self, match_id: str, seat: int) -> None:
        """One more hint shown to ``seat`` of a match."""
        with self.sessions.begin() as session:
            session.execute(
                update(SeatRow)
                .where(SeatRow.match_id == match_id, SeatRow.seat == seat)
                .values(hints=SeatRow.hints + 1)
            )

    def save_stops(self, user_id: int, game: str, data: Any) -> None:
        with self.sessions.begin() as session:
            row = session.get(StopsRow, (user_id, game))
            if row is None:
                session.add(StopsRow(user_id=user_id, game=game, data=data))
            else:
                row.data = data

    # --- saved decks ----------------------------------------------------------------------------

    def decks(self, user_id: int, game: str) -> list[DeckData]:
        """A player's saved decks of one game, by name."""
        with self.sessions() as session:
            rows = session.scalars(
                select(DeckRow)
                .where(DeckRow.user_id == user_id, DeckRow.game == game)
                .order_by(DeckRow.name, DeckRow.id)
            ).all()
            return [_deck_data(r) for r in rows]

    def deck(self, user_id: int, deck_id: int) -> DeckData | None:
        """One saved deck, only if it is this player's."""
        with self.sessions() as session:
            row = session.get(DeckRow, deck_id)
            return None if row is None or row.user_id != user_id else _deck_data(row)

    def create_deck(self, user_id: int, game: str, name: str, text: str) -> DeckData:
        try:
            with self.sessions.begin() as session:
                row = DeckRow(user_id=user_id, game=game, name=name, text=text)
                session.add(row)
                session.flush()
                session.refresh(row)
                return _deck_data(row)
        except IntegrityError:
            raise _deck_name_taken(name) from None

    def update_deck(self, user_id: int, deck_id: int, name: str, text: str) -> DeckData | None:
        """Rename and rewrite one of this player's decks; ``None`` when they have no such deck."""
        try:
            with self.sessions.begin() as session:
                row = session.get(DeckRow, deck_id)
                if row is None or row.user_id != user_id:
                    return None
                row.name, row.text, row.updated_at = name, text, datetime.now(UTC)
                session.flush()
                return _deck_data(row)
        except IntegrityError:
            raise _deck_name_taken(name) from None

    def delete_deck(self, user_id: int, deck_id: int) -> bool:
        with self.sessions.begin() as session:
            gone = session.execute(
                delete(DeckRow).where(DeckRow.id == deck_id, DeckRow.user_id == user_id)
            )
            return getattr(gone, "rowcount", 0) == 1

    # --- saved card sets ------------------------------------------------------------------------

    def card_sets(self, user_id: int, game: str) -> list[CardSetData]:
        """A player's saved card sets of one game, by name."""
        with self.sessions() as session:
            rows = session.scalars(
                select(CardSetRow)
                .where(CardSetRow.user_id == user_id, CardSetRow.game == game)
                .order_by(CardSetRow.name, CardSetRow.id)
            ).all()
            return [_card_set_data(r) for r in rows]

    def card_set(self, user_id: int, set_id: int) -> CardSetData | None:
        """One saved card set, only if it is this player's."""
        with self.sessions() as session:
            row = session.get(CardSetRow, set_id)
            return None if row is None or row.user_id != user_id else _card_set_data(row)

    def create_card_set(
        self, user_id: int, game: str, name: str, cards: dict[str, Any]
    ) -> CardSetData:
        try:
            with self.sessions.begin() as session:
                row = CardSetRow(user_id=user_id, game=game, name=name, cards=cards)
                session.add(row)
                session.flush()
                session.refresh(row)
                return _card_set_data(row)
        except IntegrityError:
            raise _card_set_name_taken(name) from None

    def update_card_set(
        self, user_id: int, set_id: int, name: str, cards: dict[str, Any]
    ) -> CardSetData | None:
        """Rename and rewrite one of this player's card sets (its what-if, run on the cards as
        they were, is dropped when the cards change); ``None`` when they have no such set."""
        try:
            with self.sessions.begin() as session:
                row = session.get(CardSetRow, set_id)
                if row is None or row.user_id != user_id:
                    return None
                if row.cards != cards:
                    row.result = None
                row.name, row.cards, row.updated_at = name, cards, datetime.now(UTC)
                session.flush()
                return _card_set_data(row)
        except IntegrityError:
            raise _card_set_name_taken(name) from None

    def keep_card_set_result(
        self, user_id: int, set_id: int, cards: dict[str, Any], result: dict[str, Any]
    ) -> bool:
        """Keep a what-if's result with the set, if the set still has the cards it was run on."""
        with self.sessions.begin() as session:
            row = session.get(CardSetRow, set_id)
            if row is None or row.user_id != user_id or row.cards != cards:
                return False
            row.result = result
            return True

    def delete_card_set(self, user_id: int, set_id: int) -> bool:
        with self.sessions.begin() as session:
            gone = session.execute(
                delete(CardSetRow).where(CardSetRow.id == set_id, CardSetRow.user_id == user_id)
            )
            return getattr(gone, "rowcount", 0) == 1

    # --- ratings --------------------------------------------------------------------------------

    def ratings(self, game: str, user_ids: Sequence[int]) -> dict[int, RatingData]:
        with self.sessions() as session:
            out: dict[int, RatingData] = {}
            for rating, user in session.execute(
                select(Rating, User)
                .join(User, User.id == Rating.user_id)
                .where(Rating.game == game, Rating.user_id.in_(tuple(user_ids)))
            ):
                out[user.id] = RatingData(
                    user.id,
                    user.name,
                    user.kind,
                    rating.mu,
                    rating.sigma,
                    rating.games,
                    rating.wins,
                )
            return out

    def save_ratings(self, game: str, rows: Sequence[RatingData]) -> None:
        with self.sessions.begin() as session:
            for row in rows:
                rating = session.get(Rating, (game, row.user_id))
                if rating is None:
                    rating = Rating(game=game, user_id=row.user_id)
                    session.add(rating)
                rating.mu, rating.sigma = row.mu, row.sigma
                rating.games, rating.wins = row.games, row.wins

    def pairing_games(self, game: str, players: Sequence[int]) -> dict[tuple[int, int], int]:
        """Rated results so far of each pair of ``players`` in ``game`` (smaller id first)."""
        with self.sessions() as session:
            rows = session.scalars(
                select(Pairing).where(
                    Pairing.game == game,
                    Pairing.low.in_(tuple(players)),
                    Pairing.high.in_(tuple(players)),
                )
            ).all()
            return {(r.low, r.high): r.games for r in rows}

    def count_pairings(self, game: str, players: Sequence[int]) -> None:
        """One more rated result for every pair of ``players``."""
        with self.sessions.begin() as session:
            ids = sorted(set(players))
            for i, low in enumerate(ids):
                for high in ids[i + 1 :]:
                    row = session.get(Pairing, (game, low, high))
                    if row is None:
                        row = Pairing(game=game, low=low, high=high, games=0)
                        session.add(row)
                    row.games += 1

    def leaderboard(
        self, game: str, limit: int = 100, games: int = 0, opponents: int = 0
    ) -> list[RatingData]:
        """Players of ``game`` by conservative skill (mu - 3 sigma), best first; guests left
        out, and accounts with fewer than ``games`` rated games or ``opponents`` distinct
        opponents (a rating still provisional: a farmer's sock puppets are each one opponent)."""
        met = (
            select(func.count())
            .select_from(Pairing)
            .where(
                Pairing.game == game,
                or_(Pairing.low == Rating.user_id, Pairing.high == Rating.user_id),
            )
            .correlate(Rating)
            .scalar_subquery()
        )
        query = select(Rating, User, met).join(User, User.id == Rating.user_id)
        query = query.where(Rating.game == game, User.kind != "guest")
        if games or opponents:
            query = query.where(
                or_(User.kind != "account", and_(Rating.games >= games, met >= opponents))
            )
        with self.sessions() as session:
            rows = session.execute(
                query.order_by((Rating.mu - 3 * Rating.sigma).desc(), User.name).limit(limit)
            ).all()
            return [
                RatingData(u.id, u.name, u.kind, r.mu, r.sigma, r.games, r.wins, n)
                for r, u, n in rows
            ]

    def solitaire_results(self, game: str) -> list[SoloResult]:
        """Every finished match of the solitaire ``game`` played by an account (guests play
        unranked, as on the rating boards), oldest first (streaks are counted in order), with
        the moves taken back in each (counted here, so the actions never leave the database)."""
        with self.sessions() as session:
            undos = (
                select(ActionRow.match_id, func.count().label("undos"))
                .where(ActionRow.text == UNDO)
                .group_by(ActionRow.match_id)
                .subquery()
            )
            rows = session.execute(
                select(
                    User.id,
                    User.name,
                    MatchRow.outcome,
                    func.coalesce(undos.c.undos, 0),
                    SeatRow.hints,
                )
                .join(SeatRow, SeatRow.match_id == MatchRow.id)
                .join(User, User.id == SeatRow.user_id)
                .outerjoin(undos, undos.c.match_id == MatchRow.id)
                .where(
                    MatchRow.game == game,
                    MatchRow.status == "finished",
                    User.kind == "account",
                )
                .order_by(MatchRow.finished_at, MatchRow.id)
            ).all()
            return [
                SoloResult(user_id, name, outcome, int(undone), int(hints or 0))
                for user_id, name, outcome, undone, hints in rows
                if outcome
            ]


def _utc(moment: datetime | None) -> datetime | None:
    """A stored time as UTC (SQLite keeps no time zone; every time stored is UTC)."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


Named = TypeVar("Named", DeckRow, CardSetRow)


def _adopt_named(session: Session, table: type[Named], guest_id: int, account_id: int) -> None:
    """The guest's named things (saved decks, card sets) given to the account; one whose name
    the account already uses for that game gets " (guest)" added."""
    taken = {
        (row.game, row.name.lower())
        for row in session.scalars(select(table).where(table.user_id == account_id))
    }
    for kept in session.scalars(select(table).where(table.user_id == guest_id)).all():
        name, extra = kept.name, 1
        while (kept.game, name.lower()) in taken:
            name = f"{kept.name} (guest)" if extra == 1 else f"{kept.name} (guest {extra})"
            extra += 1
        taken.add((kept.game, name.lower()))
        kept.user_id, kept.name = account_id, name[:64]


def _card_set_name_taken(name: str) -> NameTaken:
    return NameTaken(
        f"You already have a card set named '{name}' for this game; choose another name."
    )


def _deck_name_taken(name: str) -> NameTaken:
    return NameTaken(f"You already have a deck named '{name}' for this game; choose another name.")
