"""What a bot and the server say to each other, as types: the events a bot is told (the same
messages on the NDJSON stream and on the bot's websocket, built by ``botstream``), the messages a
bot sends on its websocket, and the server's answers there. The models are the bot API's written
schema (components of the OpenAPI document: ``botsocket.document``); the tests check the real
messages against them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .protocol import ErrorCode, MessageId, Ping, Pong, SeatInfo


class ChallengeEvent(BaseModel):
    """A person invites the bot to their match's free seat; the bot accepts by joining
    (``POST /api/matches/{match}/join`` with ``invite``) and declines by doing nothing."""

    type: Literal["challenge"]
    match: str
    game: str
    options: dict[str, Any]
    #: The match's time control (a bot's match always has one).
    clock: dict[str, Any] | None
    rated: bool
    #: The name of the person who challenges.
    by: str
    invite: str


class StartEvent(BaseModel):
    """A match the bot sits in is in play (told once per match, and again on a new stream)."""

    type: Literal["start"]
    match: str
    game: str
    #: The bot's seat, 0 first.
    seat: int
    seats: list[SeatInfo]
    clock: dict[str, Any] | None
    rated: bool


class TurnEvent(BaseModel):
    """The bot's seat must decide: exactly that seat's view and its legal actions (texts), at
    position ``seq``; a move answers with one of ``legal_actions`` and this ``seq``."""

    type: Literal["turn"]
    match: str
    seq: int
    seat: int
    view: dict[str, Any]
    legal_actions: list[str]
    #: The seat's clock, in seconds, when the turn was told.
    seconds_left: float | None


class EndEvent(BaseModel):
    """A match the bot sits in is over: ``outcome`` has ``winners``, ``returns``, ``reason``."""

    type: Literal["end"]
    match: str
    outcome: dict[str, Any] | None


BotEvent = Annotated[
    ChallengeEvent | StartEvent | TurnEvent | EndEvent, Field(discriminator="type")
]
bot_events: TypeAdapter[Any] = TypeAdapter(BotEvent)
#: The event types, in the order the documentation lists them.
EVENT_TYPES = ("challenge", "start", "turn", "end")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SocketMove(_Strict):
    """On the bot's websocket: play ``action`` (one of the turn's ``legal_actions``) in
    ``match`` at the turn's ``seq``. ``id`` is the bot's own for the move (a move sent twice
    with one id is played once), echoed in the answer."""

    type: Literal["move"]
    match: str = Field(min_length=1, max_length=64)
    seq: int = Field(ge=0)
    action: str = Field(min_length=1, max_length=200)
    id: MessageId | None = None


class SocketResign(_Strict):
    """On the bot's websocket: resign ``match``."""

    type: Literal["resign"]
    match: str = Field(min_length=1, max_length=64)
    id: MessageId | None = None


BotSocketIn = Annotated[SocketMove | SocketResign | Ping, Field(discriminator="type")]
socket_messages: TypeAdapter[Any] = TypeAdapter(BotSocketIn)
#: What a bot may send on its socket, for the sentence that names them.
SOCKET_KINDS = "move, resign or ping"


class Played(BaseModel):
    """A move or resignation was played: the match, its ``seq`` after it, its status
    (``running`` or ``finished``) and the bot's ``id`` for it (empty when it gave none)."""

    type: Literal["played"] = "played"
    match: str
    seq: int
    status: str
    id: str = ""


class Refusal(BaseModel):
    """A message of the bot's was not played, with the sentence a person would read: ``code``
    as on the match websocket (``illegal``, ``stale``, ``not-your-turn``, ``malformed``,
    ``rate-limited``, ...), the match and the bot's ``id`` when the message named them, the
    match's ``seq`` when the position is known, and (``rate-limited``) the whole seconds to
    wait before sending the message again."""

    type: Literal["error"]
    code: ErrorCode
    message: str
    match: str | None = None
    id: str | None = None
    seq: int | None = None
    retry: int | None = None


BotSocketOut = Annotated[
    ChallengeEvent | StartEvent | TurnEvent | EndEvent | Played | Refusal | Pong,
    Field(discriminator="type"),
]
socket_answers: TypeAdapter[Any] = TypeAdapter(BotSocketOut)
