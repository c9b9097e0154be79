"""The websocket messages, as types: what clients send, what the server answers.

The models double as the written schema (``message_schema()``, served at ``/api/ws-schema`` and
described in docs/server.md); the tests check real messages against them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from .wire import decode


class ErrorCode(StrEnum):
    MALFORMED = "malformed"  # not JSON, or not one of the messages below
    TOO_LARGE = "too-large"  # over the size limit
    RATE_LIMITED = "rate-limited"  # too many messages too fast
    STALE = "stale"  # the move was made at an older sequence number
    DUPLICATE = "duplicate"  # this message id was already handled
    NOT_YOUR_TURN = "not-your-turn"
    ILLEGAL = "illegal"  # the rules refuse it (the message says why)
    BAD_ACTION = "bad-action"  # text that does not read as a move
    SPECTATOR = "spectator"  # spectators cannot act
    NOT_YOUR_SEAT = "not-your-seat"
    NOT_STARTED = "not-started"  # waiting for players
    FINISHED = "finished"
    CANNOT_CLAIM = "cannot-claim"
    NO_MATCH = "no-match"
    SERVER = "server-error"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


MessageId = Annotated[str, Field(min_length=1, max_length=64)]


class Move(_Strict):
    """Make a move: ``action`` in the game's text form, at sequence number ``seq``."""

    type: Literal["move"]
    id: MessageId
    seq: int = Field(ge=0)
    action: str = Field(min_length=1, max_length=200)


class Resync(_Strict):
    """Ask for the whole table again (a welcome message)."""

    type: Literal["resync"]


class Claim(_Strict):
    """Claim the game: an opponent has been away longer than the grace period."""

    type: Literal["claim"]
    id: MessageId


class Resign(_Strict):
    type: Literal["resign"]
    id: MessageId


class Ping(_Strict):
    type: Literal["ping"]


ClientMessage = Annotated[Move | Resync | Claim | Resign | Ping, Field(discriminator="type")]
_client = TypeAdapter(ClientMessage)


class BadMessage(Exception):
    """A client message that cannot be read; ``str`` is a sentence for the sender."""


def read_client_message(text: str | bytes) -> Move | Resync | Claim | Resign | Ping:
    try:
        data = decode(text)
    except (ValueError, UnicodeDecodeError):
        raise BadMessage("The message is not JSON.") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BadMessage(
            "A message is a JSON object with a 'type' (move, resync, claim, resign, ping)."
        )
    try:
        return _client.validate_python(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or "message"
        kind = data.get("type")
        if first["type"] == "union_tag_invalid":
            raise BadMessage(
                f"'{kind}' is not a message type; use move, resync, claim, resign or ping."
            ) from None
        raise BadMessage(f"The {kind} message has a bad field '{where}': {first['msg']}.") from None


# --- what the server sends (documentation and tests) ------------------------------------------


class SeatInfo(BaseModel):
    seat: int
    kind: Literal["human", "ai"]
    name: str | None
    level: str | None = None
    connected: bool
    away_seconds: float | None = None


class Table(BaseModel):
    """One seat's (or the spectator's) picture of the game, from the filter in visibility.py."""

    view: dict[str, Any]
    legal_actions: list[str]
    to_move: int | None
    events: list[dict[str, Any]]


class Welcome(BaseModel):
    type: Literal["welcome"]
    match: dict[str, Any]
    you: int | None
    seq: int
    status: Literal["open", "running", "finished"]
    table: Table
    seats: list[SeatInfo]
    grace_seconds: float
    outcome: dict[str, Any] | None


class Update(BaseModel):
    type: Literal["update"]
    seq: int
    status: Literal["open", "running", "finished"]
    table: Table
    outcome: dict[str, Any] | None
    #: On the update sent to the connection that made the move: that move's message id (the move
    #: is committed). ``None`` on every other update.
    ack: str | None = None


class ErrorMessage(BaseModel):
    type: Literal["error"]
    code: ErrorCode
    message: str
    id: str | None = None
    seq: int | None = None


class Presence(BaseModel):
    type: Literal["presence"]
    seats: list[SeatInfo]


class Ended(BaseModel):
    type: Literal["ended"]
    status: Literal["finished"]
    outcome: dict[str, Any]


class Pong(BaseModel):
    type: Literal["pong"]


ServerMessage = Annotated[
    Welcome | Update | ErrorMessage | Presence | Ended | Pong, Field(discriminator="type")
]
server_messages: TypeAdapter[Any] = TypeAdapter(ServerMessage)


def message_schema() -> dict[str, Any]:
    return {
        "client": _client.json_schema(),
        "server": server_messages.json_schema(),
    }
