"""The websocket messages, as types: what clients send, what the server answers.

The models double as the written schema (``message_schema()``, served at ``/api/ws-schema`` and
described in docs/websocket.md); the tests check real messages against them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from .text import body_refusal
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
    EXPIRED = "expired"  # the match waited too long for players and was dropped
    NO_MATCH = "no-match"
    TOO_MANY = "too-many"  # too many sockets of yours on this match already (a bot: feeds)
    UNAUTHORISED = "unauthorised"  # the bots' socket: no bot's token, or not a bot's
    NO_REMATCH = "no-rematch"  # no rematch can be offered, accepted or declined now
    NO_CHAT = "no-chat"  # this table has no chat for you (nobody to talk to)
    ELSEWHERE = "elsewhere"  # a cluster's other worker has the match now: reconnect
    SERVER = "server-error"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


#: A client's message id: 1-64 printable ASCII characters (no spaces, no control characters). It
#: is stored with the move, and a NUL byte in it made PostgreSQL refuse a whole group commit.
MessageId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[!-~]+$")]


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
    """Claim the game: an opponent's time has run out (a match with a clock; in a game of three
    or four the AI plays that seat from then on), or (without a clock) an opponent has been away
    longer than the grace period."""

    type: Literal["claim"]
    id: MessageId


class Resign(_Strict):
    type: Literal["resign"]
    id: MessageId


class Undo(_Strict):
    """Take back the last move, at sequence number ``seq``: only in games that allow it (the
    solitaires). The record keeps the undo; ``seq`` counts it as a step."""

    type: Literal["undo"]
    id: MessageId
    seq: int = Field(ge=0)


class Accept(_Strict):
    """Take the table's proposal (a payment from several sources) at sequence number ``seq``:
    the server works the moves out again from the game, so a client can only accept, never
    write, what is played."""

    type: Literal["accept"]
    id: MessageId
    seq: int = Field(ge=0)


#: The most moves one gesture stands for (a draw plan of a whole setup, a payment from many sources).
GESTURE_MOVES = 16


class GestureMsg(_Strict):
    """Make a gesture the table offers (``table.gestures``) at sequence number ``seq``: its moves,
    as listed. The server works the offered gestures out again and plays only one of them, so a
    client can choose a gesture, never write one."""

    type: Literal["gesture"]
    id: MessageId
    seq: int = Field(ge=0)
    actions: list[Annotated[str, Field(min_length=1, max_length=200)]] = Field(
        min_length=1, max_length=GESTURE_MOVES
    )


class Look(_Strict):
    """A close look at one part of the table (``b2``, ``vault1``), as far as your seat may see."""

    type: Literal["look"]
    target: str = Field(min_length=1, max_length=40)


class Hint(_Strict):
    """What the game's hint player would play for your seat now (MATR1X: its normal level)."""

    type: Literal["hint"]


class Ping(_Strict):
    type: Literal["ping"]


class RematchAnswer(_Strict):
    """After the game: offer a rematch, or accept the one on offer (``accept`` true), or decline
    it (false; the one who offered it withdraws it so)."""

    type: Literal["rematch"]
    accept: bool = True


class Say(_Strict):
    """A line of chat: a player's to the other players, a spectator's to the other spectators.
    Plain text, at most ``chat.LONGEST`` characters once its spacing is folded."""

    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=4000)


AnyClientMessage = (
    Move
    | Undo
    | Accept
    | GestureMsg
    | Look
    | Hint
    | Resync
    | Claim
    | Resign
    | Ping
    | RematchAnswer
    | Say
)
ClientMessage = Annotated[AnyClientMessage, Field(discriminator="type")]
_client = TypeAdapter(ClientMessage)
KINDS = "move, undo, accept, gesture, look, hint, resync, claim, resign, ping, rematch or chat"


class BadMessage(Exception):
    """A client message that cannot be read; ``str`` is a sentence for the sender."""


def read_client_message(text: str | bytes) -> AnyClientMessage:
    found: AnyClientMessage = read_message(text, _client, KINDS)
    return found


def read_message(text: str | bytes, kinds: TypeAdapter[Any], names: str) -> Any:
    """``text`` read as one of the messages ``kinds`` takes (by their ``type``, named in
    ``names`` for the sentence), or ``BadMessage`` saying what is wrong."""
    refused = body_refusal(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)
    if refused is not None:
        raise BadMessage(refused.replace("The request", "The message", 1))
    try:
        data = decode(text)
    except (ValueError, UnicodeDecodeError):
        raise BadMessage("The message is not JSON.") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BadMessage(f"A message is a JSON object with a 'type' ({names}).")
    try:
        return kinds.validate_python(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or "message"
        kind = data.get("type")
        if first["type"] == "union_tag_invalid":
            raise BadMessage(f"'{kind}' is not a message type; use {names}.") from None
        if first["type"] == "string_pattern_mismatch" and where == "id":
            raise BadMessage(
                f"The {kind} message has a bad field 'id': a message id is 1 to 64 printable "
                "characters without spaces."
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


class MenuMove(BaseModel):
    """One legal move as a menu entry: the text to send, the game's phrase, that phrase in words
    (the move's name for screen readers: "Seed six of spades on your Vault 1"), its heading."""

    action: str
    label: str
    words: str
    group: str


class MenuGesture(BaseModel):
    """One gesture on offer: the sentence, the heading it is listed under, and its moves in order
    (sent back as they are in a ``gesture`` message)."""

    text: str
    #: ``text`` in words, as ``MenuMove.words``.
    words: str
    group: str
    actions: list[str]


class Table(BaseModel):
    """One seat's (or the spectator's) picture of the game, from the filter in visibility.py.
    ``seat`` is whose view it is (a hot-seat connection is shown the seat to move)."""

    seat: int | None
    view: dict[str, Any]
    legal_actions: list[str]
    moves: list[MenuMove]
    to_move: int | None
    #: Each event as ``{kind, text, words, data, seats}``: ``words`` is its text with the game's
    #: codes spelled out from this seat's view, the log line's name for screen readers.
    events: list[dict[str, Any]]
    #: For the seat to move: what the table offers to play in one go (``accept``), if anything.
    proposal: dict[str, Any] | None = None
    #: For the seat to move: several moves it may make with one click (``gesture``).
    gestures: list[MenuGesture] = []


class Clocks(BaseModel):
    """The clocks of a match with a time control, as of the message: each seat's seconds left
    (the running seat's counts down from when the message is received), the seat whose time
    runs (null: none), the seats out of time, and those the AI plays since their time ran out."""

    control: dict[str, Any]
    left: list[float]
    running: int | None
    out: list[int]
    taken: list[int]


class Welcome(BaseModel):
    type: Literal["welcome"]
    match: dict[str, Any]
    you: int | None
    #: Every seat this connection may act for (several at a hot-seat table).
    yours: list[int]
    #: The match's invite token, for a seated player to share (null for spectators).
    invite: str | None = None
    seq: int
    status: Literal["open", "running", "finished"]
    table: Table
    seats: list[SeatInfo]
    #: Seconds away before an opponent may claim; null with a clock (the clock says instead).
    grace_seconds: float | None
    outcome: dict[str, Any] | None
    clock: Clocks | None = None


class Update(BaseModel):
    type: Literal["update"]
    seq: int
    status: Literal["open", "running", "finished"]
    table: Table
    outcome: dict[str, Any] | None
    #: On the update sent to the connection that made the move: that move's message id (the move
    #: is committed). ``None`` on every other update.
    ack: str | None = None
    clock: Clocks | None = None


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
    clock: Clocks | None = None


class ClockMessage(BaseModel):
    """The clocks changed between moves: a clock fell (an opponent may claim from now), a seat
    was taken over by the AI, the match started."""

    type: Literal["clock"]
    seq: int
    clock: Clocks


class Claimed(BaseModel):
    """In a game of three or four: a seat's time ran out, another seat claimed, and the AI plays
    the seat from now on (``text`` says so)."""

    type: Literal["claimed"]
    seat: int
    text: str


class Pong(BaseModel):
    type: Literal["pong"]


class LookAnswer(BaseModel):
    """The answer to ``look``: ``text`` is null when the table has no such part."""

    type: Literal["look"]
    target: str
    text: str | None


class HintAnswer(BaseModel):
    """The answer to ``hint``: the move (null when there is none to give, and ``text`` says why)
    for the position at ``seq``; a hint that arrives after a move is stale."""

    type: Literal["hint"]
    seq: int
    action: str | None
    text: str


class Review(BaseModel):
    """Sent once a game the game has something to say about is over (MATR1X: a lost game)."""

    type: Literal["review"]
    text: str


class RematchOffer(BaseModel):
    """A rematch on offer: the seat that offered it, the seats that have accepted (the offerer
    among them) and the seats still to answer."""

    by: int
    accepted: list[int]
    waiting: list[int]


class RematchState(BaseModel):
    """The rematch of a finished match, to everyone at its table: the offer (null when there is
    none), the rematch's match id once every seat has accepted (``next``: the pages go there),
    and a sentence saying what just changed (an offer declined, withdrawn, or cancelled because a
    player left), if anything."""

    type: Literal["rematch"]
    offer: RematchOffer | None
    next: str | None
    text: str | None = None


class ChatLineOut(BaseModel):
    """One line of chat: the speaker's seat (null for a spectator), name and text, and the
    match's step when it was said."""

    seat: int | None
    name: str | None
    text: str
    step: int


class ChatLines(BaseModel):
    """Lines of one chat: ``players`` (the players' own) or ``spectators``. On connecting, the
    chat this connection takes part in with its recent lines (``history``: true), and whether
    it is open to this connection at all (a table without another person has no players' chat);
    after that, each new line as it is said."""

    type: Literal["chat"]
    channel: Literal["players", "spectators"]
    lines: list[ChatLineOut]
    history: bool = False
    open: bool = True


ServerMessage = Annotated[
    Welcome
    | Update
    | ErrorMessage
    | Presence
    | Ended
    | Pong
    | LookAnswer
    | HintAnswer
    | Review
    | RematchState
    | ChatLines
    | ClockMessage
    | Claimed,
    Field(discriminator="type"),
]
server_messages: TypeAdapter[Any] = TypeAdapter(ServerMessage)


def message_schema() -> dict[str, Any]:
    return {
        "client": _client.json_schema(),
        "server": server_messages.json_schema(),
    }
