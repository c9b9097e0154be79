"""Bots over their websocket (``/ws/bot``): a bot written with nothing but ``websockets`` hears
its events and plays a rated game on the same socket; what it may not send is answered with a
sentence and the socket stays open; ``cyberdeck bot --transport websocket`` plays an agent so;
and every bot route, event and socket message is in the OpenAPI document."""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
import websockets
from typer.testing import CliRunner
from websockets.asyncio.client import ClientConnection

from cyberdeck.cli import app
from cyberdeck.remote.bot import chooser
from cyberdeck.remote.botsocket import play_socket
from cyberdeck.server.botprotocol import EVENT_TYPES, socket_answers

from .harness import Client, ServerProcess, run, served

PASSWORD = "correct horse battery"
CLOCK = {"kind": "real-time", "minutes": 5, "increment": 0}

names = itertools.count()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with served(tmp_path_factory, "botsocket", "--ai-delay", "0") as process:
        yield process


async def play_over_socket(url: str, token: str, match_id: str) -> list[dict[str, Any]]:
    """A complete bot, as a reader of docs/bots.md would write it with ``websockets`` alone:
    for each turn, the first legal action, on the same socket; it returns every message it was
    sent, up to the end of ``match_id``."""
    heard = []
    headers = {"Authorization": f"Bearer {token}"}
    async with websockets.connect(url, additional_headers=headers) as socket:
        async for text in socket:
            message = json.loads(text)
            heard.append(message)
            if message["type"] == "turn":
                move = {"type": "move", "match": message["match"], "seq": message["seq"]}
                await socket.send(json.dumps({**move, "action": message["legal_actions"][0]}))
            elif message["type"] == "end" and message["match"] == match_id:
                return heard
    raise AssertionError("the socket closed before the match ended")


async def owner(server: ServerProcess) -> Client:
    client = await Client(server).guest()
    made = await client.http.post(
        "/api/auth/signup", json={"name": f"sockowner{next(names)}", "password": PASSWORD}
    )
    assert made.status_code == 201, made.text
    return client


async def new_bots(person: Client, count: int) -> list[str]:
    tokens = []
    for _ in range(count):
        made = await person.http.post("/api/bots", json={"name": f"sock{next(names)}"})
        assert made.status_code == 201, made.text
        tokens.append(made.json()["token"])
    return tokens


def http_as(server: ServerProcess, token: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(
        base_url=server.base, headers={"Authorization": f"Bearer {token}"}, timeout=30
    )


def socket_url(server: ServerProcess) -> str:
    return f"ws://127.0.0.1:{server.port}/ws/bot"


async def connect(server: ServerProcess, token: str | None) -> ClientConnection:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    return await websockets.connect(socket_url(server), additional_headers=headers)


async def next_of(socket: ClientConnection, *kinds: str) -> dict[str, Any]:
    """The next message of one of ``kinds`` (events on the way are skipped), checked against
    the documented shapes."""
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(socket.recv(), 10))
        socket_answers.validate_python(message)
        if message["type"] in kinds:
            return message


def test_two_bots_play_a_rated_game_over_their_sockets(server: ServerProcess) -> None:
    async def scenario() -> None:
        person = await owner(server)
        tokens = await new_bots(person, 2)
        first, second = (http_as(server, t) for t in tokens)
        created = await first.post(
            "/api/matches", json={"game": "duel", "clock": CLOCK, "rated": True}
        )
        assert created.status_code == 201, created.text
        match_id = created.json()["match"]["id"]
        players = [
            asyncio.create_task(play_over_socket(socket_url(server), t, match_id)) for t in tokens
        ]
        await asyncio.sleep(0.2)  # the sockets open; the join starts the match
        joined = await second.post(f"/api/matches/{match_id}/join", json={})
        assert joined.status_code == 200, joined.text
        heard = await asyncio.wait_for(asyncio.gather(*players), 60)
        for messages in heard:
            for message in messages:
                socket_answers.validate_python(message)
            kinds = [m["type"] for m in messages]
            assert kinds[0] == "start" and kinds[-1] == "end" and "turn" in kinds, kinds
            # Every turn it answered was played (a turn told before the other seat's move
            # landed may meet a newer table: a sentence, nothing lost).
            refused = [m for m in messages if m["type"] == "error"]
            assert all(m["code"] in ("stale", "finished") for m in refused), refused
            assert any(m["type"] == "played" for m in messages)
        ends = [messages[-1]["outcome"] for messages in heard]
        assert ends[0] == ends[1] and ends[0]["reason"]
        for _ in range(100):  # the rating is written just after the end
            ladder = (
                await person.http.get("/api/leaderboard/duel", params={"bots": "true"})
            ).json()
            if len(ladder) == 2:
                break
            await asyncio.sleep(0.1)
        assert sorted(r["kind"] for r in ladder) == ["bot", "bot"]
        for client in (first, second):
            await client.aclose()
        await person.close()

    run(scenario())


def test_what_a_bot_may_not_send_is_answered_and_the_socket_stays(server: ServerProcess) -> None:
    async def scenario() -> None:
        for token, said in ((None, "Authorization: Bearer"), ("cdb_nothing", "no bot's")):
            socket = await connect(server, token)
            refused = await next_of(socket, "error")
            assert refused["code"] == "unauthorised" and said in refused["message"]
            await socket.wait_closed()
            assert socket.close_code == 4401
        person = await owner(server)
        tokens = await new_bots(person, 2)
        first, second = (http_as(server, t) for t in tokens)
        match_id = (await first.post("/api/matches", json={"game": "duel", "clock": CLOCK})).json()[
            "match"
        ]["id"]
        assert (await second.post(f"/api/matches/{match_id}/join", json={})).status_code == 200
        socket = await connect(server, tokens[0])
        start = await next_of(socket, "start")
        assert start["match"] == match_id and start["seat"] == 0
        turn = await next_of(socket, "turn")
        assert turn["seq"] == 0 and turn["legal_actions"]

        async def answer_to(message: Any) -> dict[str, Any]:
            await socket.send(message if isinstance(message, str) else json.dumps(message))
            return await next_of(socket, "error", "played", "pong")

        garbage = await answer_to("{not json")
        assert garbage["code"] == "malformed" and "not JSON" in garbage["message"]
        unknown = await answer_to({"type": "dance"})
        assert unknown["code"] == "malformed" and "move, resign or ping" in unknown["message"]
        move = {"type": "move", "match": match_id, "seq": 0}
        not_held = [a for a in (f"play chip{n:02d}" for n in range(1, 13))]
        not_held = [a for a in not_held if a not in turn["legal_actions"]]
        illegal = await answer_to({**move, "action": not_held[0], "id": "m1"})
        assert illegal["code"] == "illegal" and illegal["id"] == "m1" and illegal["message"]
        assert illegal["match"] == match_id and illegal["seq"] == 0
        unreadable = await answer_to({**move, "action": "dance wildly"})
        assert unreadable["code"] in ("illegal", "bad-action") and unreadable["message"]
        elsewhere = await answer_to({**move, "match": "no-such-match", "action": "play chip01"})
        assert elsewhere["code"] == "no-match" and "no seat" in elsewhere["message"]
        stale = await answer_to({**move, "seq": 5, "action": turn["legal_actions"][0]})
        assert stale["code"] == "stale" and stale["seq"] == 0
        too_big = await answer_to({"type": "ping", "pad": "x" * 5000})
        assert too_big["code"] == "too-large"
        assert (await answer_to({"type": "ping"}))["type"] == "pong"  # the socket lives on
        played = await answer_to({**move, "action": turn["legal_actions"][0], "id": "m2"})
        assert played["seq"] >= 1 and {**played, "seq": 1} == {
            "type": "played",
            "match": match_id,
            "seq": 1,
            "status": "running",
            "id": "m2",
        }
        again = await answer_to({**move, "action": turn["legal_actions"][0], "id": "m2"})
        assert again["code"] == "duplicate"
        resigned = await answer_to({"type": "resign", "match": match_id})
        assert resigned["type"] == "played" and resigned["status"] == "finished"
        end = await next_of(socket, "end")
        assert end["match"] == match_id and "resigned" in end["outcome"]["reason"]
        over = await answer_to({"type": "resign", "match": match_id})
        assert over["code"] == "finished"
        # A bot holds four feeds at most, its streams and sockets together.
        more = [await connect(server, tokens[0]) for _ in range(3)]
        crowded = await connect(server, tokens[0])
        refused = await next_of(crowded, "error")
        assert refused["code"] == "too-many"
        await crowded.wait_closed()
        assert crowded.close_code == 4429
        stream = await first.get("/api/bot/stream")
        assert stream.status_code == 429 and "close one" in stream.json()["detail"]
        for held in (socket, *more):
            await held.close()
        for client in (first, second):
            await client.aclose()
        await person.close()

    run(scenario())


def test_cyberdeck_bot_plays_over_the_websocket(server: ServerProcess) -> None:
    async def two_bots() -> tuple[str, list[str]]:
        person = await owner(server)
        tokens = await new_bots(person, 2)
        first, second = (http_as(server, t) for t in tokens)
        created = await first.post("/api/matches", json={"game": "duel", "clock": CLOCK})
        match_id = created.json()["match"]["id"]
        joined = await second.post(f"/api/matches/{match_id}/join", json={})
        assert joined.status_code == 200, joined.text
        for client in (first, second):
            await client.aclose()
        await person.close()
        return match_id, tokens

    match_id, tokens = run(two_bots())
    said: list[list[str]] = [[], []]
    with ThreadPoolExecutor(2) as pool:
        done = [
            pool.submit(play_socket, server.base, t, chooser("random", i), 1, said[i].append)
            for i, t in enumerate(tokens)
        ]
        assert [d.result(timeout=60) for d in done] == [1, 1]
    for lines in said:
        assert lines[0].startswith(f"{match_id}: duel, seat")
        assert lines[-1].startswith(f"{match_id}: over (")
        refused = [line for line in lines if "refused" in line]
        benign = ("look at the table again", "The game is over")
        assert all(any(b in line for b in benign) for line in refused), refused


def test_every_bot_route_event_and_socket_message_is_in_the_openapi_document(
    server: ServerProcess,
) -> None:
    document = httpx.get(f"{server.base}/openapi.json").json()
    paths = document["paths"]
    schemas = document["components"]["schemas"]
    routes = {
        ("/api/bots", "post"),
        ("/api/bots", "get"),
        ("/api/bot/stream", "get"),
        ("/api/bot/matches/{match_id}/move", "post"),
        ("/api/bot/matches/{match_id}/resign", "post"),
        ("/api/matches/{match_id}/challenge", "post"),
        ("/ws/bot", "get"),
    }
    for path, method in routes:
        operation = paths[path][method]
        assert "bots" in operation["tags"] and operation["description"], (path, method)
    lines = paths["/api/bot/stream"]["get"]["responses"]["200"]["content"]
    assert lines["application/x-ndjson"]["schema"]["$ref"].endswith("/BotEvent")
    socket = paths["/ws/bot"]["get"]
    assert socket["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/BotSocketIn"
    )
    told = socket["responses"]["101"]["content"]["application/json"]["schema"]["$ref"]
    assert told.endswith("/BotSocketOut")
    events = schemas["BotEvent"]["discriminator"]["mapping"]
    assert set(events) == set(EVENT_TYPES)
    for name in events.values():
        found = schemas[name.rsplit("/", 1)[1]]
        assert found["description"] and "type" in found["required"]
    assert set(schemas["BotSocketIn"]["discriminator"]["mapping"]) == {"move", "resign", "ping"}
    assert set(schemas["BotSocketOut"]["discriminator"]["mapping"]) == {
        *EVENT_TYPES,
        "played",
        "error",
        "pong",
    }
    assert {"action", "seq", "match"} <= set(schemas["SocketMove"]["properties"])
    # A plain request to the socket's address is told what it is.
    plain = httpx.get(f"{server.base}/ws/bot")
    assert plain.status_code == 426 and "websocket" in plain.json()["detail"]


def test_cyberdeck_bot_says_why_the_socket_was_refused(server: ServerProcess) -> None:
    result = CliRunner().invoke(
        app,
        ["bot", "--server", server.base, "--token", "cdb_nothing", "--transport", "websocket"],
    )
    assert result.exit_code == 2 and "no bot's" in result.output
