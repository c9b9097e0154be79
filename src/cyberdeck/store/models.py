"""The tables of the match server. A match is its record: the options, decks and seed it began
with, and one row per accepted action. Nothing else about a game's state is stored, so a server
that restarts rebuilds every game by replaying its record."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    func,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class User(Base):
    """A player: an account, a guest, an AI level (``ai:normal``) or a game's house (solitaires
    are rated against it)."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    kind: Mapped[str] = mapped_column(String(16))  # account | guest | ai | house
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class MatchRow(Base):
    __tablename__ = "matches"
    #: A player's matches in play, by who made them (the caps on matches in play, counted from
    #: the database by every worker of a cluster alike); a campaign's Nth game made once, however
    #: many workers are asked for it at once.
    __table_args__ = (
        Index("ix_matches_maker_status", "created_by", "status"),
        Index("uq_matches_series_game", "series_id", "series_game", unique=True),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), index=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    decks: Mapped[Any] = mapped_column(JSON, nullable=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    engine_version: Mapped[str] = mapped_column(String(16))
    #: open (waiting for players) | running | finished
    status: Mapped[str] = mapped_column(String(16), index=True)
    public: Mapped[bool] = mapped_column(Boolean, default=True)
    invite: Mapped[str] = mapped_column(String(64))
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    #: The outcome as ``Outcome.to_json()``; a claimed game has one the engine did not make.
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: The series (campaign) this match is a game of, and which game (1 first); else null.
    series_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    series_game: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: The match this one is a rematch of (a match has at most one rematch), and the first
    #: match of that chain of rematches (its own id's chain starts with it); else null.
    rematch_of: Mapped[str | None] = mapped_column(
        String(32), nullable=True, index=True, unique=True
    )
    chain: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    #: The time control chosen at creation (``server.clocks.TimeControl.to_json``); null: none.
    time_control: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: Rated (the result moves the players' ratings) or casual, chosen at creation.
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=true())
    #: The clocks as of the latest move (``server.clocks.Clock.to_json``), stored with it.
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: An edited card set the match is played with (``Game.new_state(cards=...)``); null: the
    #: game's shipped cards. Such a match is never rated.
    cards: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class SeriesRow(Base):
    """A campaign: what its games share (options, setup, the seed each game's seed derives from,
    the points that win). Its score is not stored: it is counted from its finished matches, so it
    can never disagree with them."""

    __tablename__ = "series"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    setup: Mapped[Any] = mapped_column(JSON, nullable=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    target: Mapped[int] = mapped_column(Integer)
    public: Mapped[bool] = mapped_column(Boolean, default=True)
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class SeatRow(Base):
    __tablename__ = "seats"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))  # human | ai
    level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    #: Hints this seat was shown (a helped game: statistics do not rank it).
    hints: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class ActionRow(Base):
    """One accepted action. ``step`` is the sequence number the move was made at (0 for the
    first); ``msg_id`` is the client's message id, kept so that a move re-sent after a restart is
    recognised as a duplicate."""

    __tablename__ = "actions"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    step: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    msg_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class ChatLine(Base):
    """A line the players of a match said to each other, kept with the match for its replay
    (shown to its players only). ``step`` is the match's sequence number when it was said.
    Spectators' lines are never stored."""

    __tablename__ = "chat_lines"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    step: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class Rating(Base):
    """An openskill rating of one player in one game."""

    __tablename__ = "ratings"

    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)


class DeckRow(Base):
    """A player's saved deck for one game: a name and its deck-list text (as the game writes it,
    so it always reads back). Names are unique per player and game."""

    __tablename__ = "decks"
    __table_args__ = (UniqueConstraint("user_id", "game", "name", name="uq_decks_user_game_name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class CardSetRow(Base):
    """A player's saved card set for one game: a name, the card-set document (an edited copy of
    the game's shipped cards, which stay as they are) and the latest what-if run on it. Names
    are unique per player and game."""

    __tablename__ = "card_sets"
    __table_args__ = (
        UniqueConstraint("user_id", "game", "name", name="uq_card_sets_user_game_name"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(64))
    cards: Mapped[dict[str, Any]] = mapped_column(JSON)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class StopsRow(Base):
    """A player's stops in one game (where the table must ask them rather than pass for them),
    as the engine writes them (``autoanswer.Stops.to_json``)."""

    __tablename__ = "stops"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    data: Mapped[Any] = mapped_column(JSON)


class Mailbox(Base):
    """An account's e-mail address, kept apart from ``users`` so that nothing that lists players
    can carry it. Nothing is mailed to it before a mailed link has ``verified`` it, and turn
    e-mails only while ``turn_mails`` is on (an unsubscribe link turns it off)."""

    __tablename__ = "mailboxes"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    address: Mapped[str] = mapped_column(String(254))
    verified: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    turn_mails: Mapped[bool] = mapped_column(Boolean, default=True, server_default="1")


class Setting(Base):
    """Server-wide values that must survive a restart (the key that signs session cookies)."""

    __tablename__ = "settings"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class SessionRow(Base):
    """A signed-in browser or script. The cookie carries a random token; only its SHA-256 is
    kept, so the table read by someone else signs nobody in. Signing out deletes the row, so a
    copied cookie stops working at once."""

    __tablename__ = "sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: What the player is shown to tell their sessions apart (the browser, the address).
    agent: Mapped[str] = mapped_column(String(200), default="")
    address: Mapped[str] = mapped_column(String(64), default="")


class Pairing(Base):
    """How many rated results two players have had against each other in one game (``low`` is
    the smaller user id): a pairing's repeated results count less, so two accounts cannot farm
    a rating from each other."""

    __tablename__ = "pairings"

    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    low: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    high: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    games: Mapped[int] = mapped_column(Integer, default=0)


class TournamentRow(Base):
    """A Swiss tournament: what its games share and how it runs. Its standings are not stored:
    they are counted from its tables' matches, so they can never disagree with the games.
    ``round`` is the last round paired (0 before the first), the cut's rounds numbered on from
    the Swiss ones; pairing a round and raising it are one transaction, so a round is never
    paired twice."""

    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: starters (every seat plays its game's starter decks) | any (each entrant's own legal
    #: deck) | list (each entrant picks one of ``deck_lists``)
    decks: Mapped[str] = mapped_column(String(16))
    #: The decks allowed under the rule ``list``: ``[{"name": ..., "text": ...}]`` (else empty).
    deck_lists: Mapped[list[dict[str, str]]] = mapped_column(
        JSON, default=list, server_default="[]"
    )
    #: The top cut after the Swiss rounds: 0 (none), 2, 4 or 8 (single elimination).
    cut: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    rounds: Mapped[int] = mapped_column(Integer)
    time_control: Mapped[dict[str, Any]] = mapped_column(JSON)
    rated: Mapped[bool] = mapped_column(Boolean, default=True)
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    public: Mapped[bool] = mapped_column(Boolean, default=True)
    invite: Mapped[str] = mapped_column(String(64))
    allow_ai: Mapped[bool] = mapped_column(Boolean, default=False)
    allow_bots: Mapped[bool] = mapped_column(Boolean, default=False)
    seed: Mapped[int] = mapped_column(BigInteger)
    #: open (taking entries) | running | finished
    status: Mapped[str] = mapped_column(String(16), index=True)
    round: Mapped[int] = mapped_column(Integer, default=0)
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class EntrantRow(Base):
    """One entrant of a tournament, numbered in order of entry (the last tie-break): a player
    (``user_id``) or an AI level. ``dropped``: the round after which they left (null: in)."""

    __tablename__ = "tournament_entrants"
    __table_args__ = (UniqueConstraint("tournament_id", "user_id", name="uq_entrants_user"),)

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    entrant: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    deck: Mapped[str | None] = mapped_column(Text, nullable=True)
    dropped: Mapped[int | None] = mapped_column(Integer, nullable=True)


class TournamentTableRow(Base):
    """One table of one round: two entrants and their match, or one entrant's bye (no match)."""

    __tablename__ = "tournament_tables"

    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    table: Mapped[int] = mapped_column(Integer, primary_key=True)
    first: Mapped[int] = mapped_column(Integer)
    second: Mapped[int | None] = mapped_column(Integer, nullable=True)
    match_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)


class BotToken(Base):
    """A bot account's secret (``users.kind`` is ``bot``), made by the account that owns it. The
    token is shown once when it is made; only its SHA-256 is kept, as with session cookies."""

    __tablename__ = "bot_tokens"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)


class Lease(Base):
    """Who holds a match (or a worker's life, or the tournament director) in a cluster of
    workers, until when (``store.leases``). Seconds are the database's own clock."""

    __tablename__ = "leases"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    holder: Mapped[str] = mapped_column(String(64), index=True)
    #: One more at every change of holder: a move is stored only with its holder's token.
    token: Mapped[int] = mapped_column(BigInteger)
    renewed_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float, index=True)
    #: A worker asking the holder to hand the lease over (null: nobody).
    wanted_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
