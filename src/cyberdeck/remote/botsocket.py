"""``cyberdeck bot --transport websocket``: the same bot over the bots' websocket (``/ws/bot``),
one connection for its events and its moves, with the documented messages only."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from ..engine import BadOption
from .bot import RESIGN, RETRIES, Chooser, Games

#: Codes of a refusal that ends the bot's socket (its token, its feeds): said, never retried.
FATAL = {"unauthorised", "too-many"}


def socket_url(server: str) -> str:
    """The bots' websocket of the server at ``server`` (``http`` -> ``ws``, ``https`` -> ``wss``)."""
    base = server.rstrip("/")
    for plain, secure in (("http://", "ws://"), ("https://", "wss://")):
        if base.startswith(plain):
            base = secure + base[len(plain) :]
    return base + "/ws/bot"


def play_socket(
    server: str,
    token: str,
    choose: Chooser,
    games: int | None = None,
    say: Callable[[str], None] = print,
) -> int:
    """Hear the bot's events on its socket and answer every turn there, until ``games``
    matches have ended (none: until interrupted); how many ended."""
    told = Games(choose, games, say)
    #: The moves sent and not yet answered, by their id (a refusal names its move's id), and
    #: how many times each was sent.
    sent: dict[str, tuple[dict[str, Any], int]] = {}
    headers = {"Authorization": f"Bearer {token}"}
    try:
        with connect(socket_url(server), additional_headers=headers) as socket:
            for text in socket:
                message: dict[str, Any] = json.loads(text)
                kind = message["type"]
                if kind == "error":
                    if message["code"] in FATAL:
                        raise BadOption(str(message["message"]))
                    move, tries = sent.pop(str(message.get("id")), ({}, RETRIES))
                    retry = message.get("retry")
                    if message["code"] == "rate-limited" and retry and tries < RETRIES:
                        time.sleep(int(retry))  # the server asked to wait: then send it again
                        sent[move["id"]] = (move, tries + 1)
                        socket.send(json.dumps(move))
                        continue
                    what = move.get("action", "a message")
                    told.refused(str(message.get("match")), what, str(message["message"]))
                elif kind == "played":
                    sent.pop(str(message["id"]), None)
                else:
                    action = told.hear(message)
                    if action is RESIGN:
                        socket.send(json.dumps({"type": "resign", "match": message["match"]}))
                    elif action is not None:
                        move_id = f"{message['match']}.{message['seq']}"
                        move = {"type": "move", "match": message["match"], "id": move_id}
                        move |= {"seq": message["seq"], "action": action}
                        sent[move_id] = (move, 1)
                        socket.send(json.dumps(move))
                if told.done:
                    break
    except InvalidStatus as err:
        raise BadOption(f"The server refused the bot's websocket ({err}).") from None
    except ConnectionClosed as err:
        if not told.done:
            raise BadOption(f"The server closed the bot's websocket ({err}).") from None
    return told.ended
