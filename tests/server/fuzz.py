"""Bad text through every door of a running server: NUL, lone surrogates, control characters,
direction overrides and over-long strings in ids, queries, bodies and websocket messages. The
answers are counted: a 5xx, or a websocket closed as a server error, is a failure."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import websockets
from websockets.exceptions import ConnectionClosed, InvalidStatus

from .harness import Client, ServerProcess, Socket

#: What a red team types: text a field should refuse or keep harmless (the JSON escapes of a
#: lone surrogate go in raw bodies, since a ``str`` with one cannot be encoded).
BAD = ["\x00", "id\x00", "\x1b[31mred", "\u202eevil", "\x7f", "\x85", "x" * 5000, "\t\n", "é"]
SURROGATE = "\\ud800"


def _bodies(word: str) -> Iterator[tuple[str, str, Any]]:
    yield "POST", "/api/auth/signin", {"name": word, "password": word}
    yield "POST", "/api/auth/signup", {"name": word, "password": word}
    yield "POST", "/api/matches", {"game": word, "options": {word: word}}
    yield "POST", "/api/matches", {"game": "duel", "seats": [{"kind": "ai", "level": word}]}
    yield "POST", "/api/games/cyberpunk-ccg/decks", {"name": word, "text": word}
    yield "POST", "/api/games/cipher-run/decks/validate", {"text": word}
    yield "PUT", "/api/games/cipher-run/stops", {"on": [word]}
    yield "POST", "/api/quickplay", {"game": word, "time_control": word}
    yield "POST", "/api/quickplay", {"game": "duel", "time_control": word}
    yield "POST", "/api/quickplay/ai", {"game": word}
    yield "POST", "/api/quickplay/offers/x", {"accept": word}
    yield "PUT", "/api/me/mail", {"address": word}
    clock = {"kind": "real-time", "minutes": 5}
    yield "POST", "/api/tournaments", {"name": word, "game": word, "clock": clock}
    yield (
        "POST",
        "/api/tournaments",
        {"name": "x", "game": "duel", "clock": clock, "options": {word: word}},
    )
    yield (
        "POST",
        "/api/tournaments",
        {
            "name": "x",
            "game": "cyberpunk-ccg",
            "clock": clock,
            "decks": "list",
            "deck_lists": [{"name": word, "text": word}],
        },
    )
    yield "POST", "/api/tournaments/x/enter", {"deck": word, "invite": word}
    yield "POST", "/api/tournaments/x/enter", {"pick": word}
    yield "POST", "/api/bots", {"name": word}


def _paths(text: str) -> Iterator[tuple[str, str, dict[str, str]]]:
    word = quote(text, safe="")
    for path in (
        f"/api/matches/{word}",
        f"/api/matches/{word}/replay",
        f"/api/series/{word}",
        f"/api/games/{word}/rules",
        f"/api/games/{word}/cards",
        f"/api/leaderboard/{word}",
        f"/api/games/cipher-run/decks/{word}",
        f"/mail/verify/{word}",
        f"/mail/unsubscribe/{word}",
        f"/api/tournaments/{word}",
        f"/api/tournaments/{word}/live",
    ):
        yield "GET", path, {}
    yield "POST", f"/api/quickplay/offers/{word}", {}
    yield "DELETE", "/api/quickplay", {"game": text, "time_control": text}
    yield "DELETE", "/api/quickplay", {"game": "duel", "players": text, "time_control": text}
    yield "POST", f"/api/matches/{word}/join", {}
    yield "POST", f"/api/series/{word}/next", {}
    yield "POST", f"/api/tournaments/{word}/enter", {}
    yield "POST", f"/api/bot/matches/{word}/move", {}
    yield "GET", "/api/tournaments", {"status": text}
    yield "GET", "/api/matches/x", {"invite": text}
    yield "GET", "/api/matches", {"status": text}


async def http_fuzz(server: ServerProcess) -> list[tuple[str, str, int]]:
    """Every (method, path, status) that was a server error."""
    player = await Client(server).guest()
    failures: list[tuple[str, str, int]] = []
    http = player.http
    for word in BAD:
        for method, path, params in _paths(word):
            answer = await http.request(method, path, params=params)
            if answer.status_code >= 500:
                failures.append((method, path[:60], answer.status_code))
        for method, path, body in _bodies(word):
            answer = await http.request(method, path, json=body)
            if answer.status_code >= 500:
                failures.append((method, path, answer.status_code))
    for method, path, body in _bodies("x"):
        raw = json.dumps(body).replace('"x"', f'"{SURROGATE}"').encode()
        answer = await http.request(
            method, path, content=raw, headers={"content-type": "application/json"}
        )
        if answer.status_code >= 500:
            failures.append((method, path, answer.status_code))
    await player.close()
    return failures


async def _answer(sock: Socket) -> dict[str, Any]:
    """The answer to the message just sent (updates of the AI's moves on the way skipped)."""
    while True:
        message = await sock.recv()
        if message["type"] in ("error", "look"):
            return message


async def websocket_fuzz(server: ServerProcess) -> list[str]:
    """Every websocket that failed as a server failure (a 5xx, a close 1011, a dropped
    connection)."""
    player = await Client(server).guest()
    made = await player.create("duel", seats=[{"kind": "human"}, {"kind": "ai", "level": "easy"}])
    match_id = made["match"]["id"]
    failures: list[str] = []
    base = f"ws://127.0.0.1:{server.port}/ws/matches/"
    headers = {"Cookie": player.cookie()}
    for word in [*BAD, "%00", "%ED%A0%80"]:
        for url in (base + quote(word, safe="%"), f"{base}{match_id}?invite={quote(word)}"):
            try:
                async with websockets.connect(
                    url,
                    additional_headers=headers,
                    origin=server.base,  # type: ignore[arg-type]
                ) as socket:
                    await asyncio.wait_for(socket.recv(), 10)
            except InvalidStatus as err:
                if err.response.status_code >= 500:
                    failures.append(f"{url[:60]}: HTTP {err.response.status_code}")
            except ConnectionClosed as err:
                if err.rcvd is None or err.rcvd.code in (1006, 1011):
                    failures.append(f"{url[:60]}: closed {err.rcvd}")
            except (ValueError, UnicodeError):
                pass  # the client itself will not send it
    sock = await player.socket(match_id)
    await sock.expect("welcome")
    for word in BAD:
        for message in (
            {"type": "move", "id": word, "seq": 0, "action": word},
            {"type": "look", "target": word[:40]},
            {"type": word},
        ):
            await sock.connection.send(json.dumps(message))
            answer = await _answer(sock)
            if answer.get("code") == "server-error":
                failures.append(f"message {message}: {answer}")
    await sock.connection.send('{"type": "move", "id": "' + SURROGATE + '", "seq": 0}')
    answer = await _answer(sock)
    if answer.get("code") == "server-error":
        failures.append(f"a lone surrogate: {answer}")
    await sock.connection.close()
    await player.close()
    return failures
