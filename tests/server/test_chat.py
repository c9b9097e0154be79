"""The chat beside a table, against a real server: the players' lines reach the players only
(a player who opens the table as a spectator too), the spectators' lines the spectators only;
lines are plain text with their spacing folded, at most 500 characters, a few at a time; a table
without another person has no players' chat; the players' lines are kept with the match and
shown in its replay to its players only, the spectators' are kept nowhere."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import httpx
import pytest

from cyberdeck.server.auth import Sessions
from cyberdeck.server.chat import Chat
from cyberdeck.server.config import ServerConfig
from cyberdeck.server.context import Context
from cyberdeck.server.database import Database
from cyberdeck.server.hub import Hub, Room
from cyberdeck.server.protocol import server_messages
from cyberdeck.server.text import shown
from cyberdeck.store import Store

from .drive import drain
from .harness import Client, ServerProcess, Socket, run, served


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with served(tmp_path_factory, "chat", "--ai-delay", "0") as process:
        yield process


async def say(sock: Socket, text: str) -> dict[str, Any]:
    """Say ``text`` and wait for the line to come back (or the refusal); other lines on the
    way are kept and skipped."""
    await sock.send({"type": "chat", "text": text})
    while True:
        message = await sock.recv()
        if message["type"] == "error":
            return message
        if message["type"] == "chat" and message["lines"][-1]["text"] == shown(text):
            return message


def said(sock: Socket) -> list[str]:
    return [line["text"] for m in sock.received if m["type"] == "chat" for line in m["lines"]]


async def connected(client: Client, match_id: str, **params: Any) -> tuple[Socket, dict[str, Any]]:
    """A socket on the match, and the chat it was greeted with."""
    sock = await client.socket(match_id, **params)
    await sock.expect("welcome")
    greeting = await sock.expect("chat")
    await drain(sock)
    return sock, greeting


async def two_chats(server: ServerProcess) -> None:
    alice, bob, carol = [await Client(server).guest() for _ in range(3)]
    match_id = (await alice.create("duel"))["match"]["id"]
    await bob.join(match_id)
    a, greeting = await connected(alice, match_id)
    assert greeting["channel"] == "players" and greeting["open"] and greeting["lines"] == []
    b, _ = await connected(bob, match_id)
    c, greeting = await connected(carol, match_id)  # not seated: a spectator
    assert greeting["channel"] == "spectators" and greeting["open"]
    # Alice also watches her own table as a spectator would: she still hears only the players.
    a_watching, greeting = await connected(alice, match_id, watch="true")
    assert greeting["channel"] == "players"

    line = await say(a, "gl hf  <b>bold</b>\n\u202ehttps://example.com")
    assert line == {
        "type": "chat",
        "channel": "players",
        "lines": [
            {
                "seat": 0,
                "name": alice.user["name"],
                "text": "gl hf <b>bold</b> https://example.com",
                "step": 0,
            }
        ],
        "history": False,
        "open": True,
    }
    assert (await b.expect("chat"))["lines"] == line["lines"]
    assert (await a_watching.expect("chat"))["lines"] == line["lines"]
    spectators = await say(c, "who wins?")
    assert spectators["channel"] == "spectators" and spectators["lines"][0]["seat"] is None
    assert spectators["lines"][0]["name"] == carol.user["name"]
    await say(a, "second")
    await say(c, "third")
    # Each chat reached only its own people.
    assert said(c) == ["who wins?", "third"]
    for sock in (a, a_watching):
        await drain(sock)
        assert said(sock) == ["gl hf <b>bold</b> https://example.com", "second"]

    # A newcomer is shown the chat's recent lines.
    newcomer = await Client(server).guest()
    d, greeting = await connected(newcomer, match_id)
    assert [x["text"] for x in greeting["lines"]] == ["who wins?", "third"]
    b_again, greeting = await connected(bob, match_id)
    assert [x["text"] for x in greeting["lines"]] == [
        "gl hf <b>bold</b> https://example.com",
        "second",
    ]

    await a.play(a.table["legal_actions"][0], "m1")  # what is said from here on is at step 1
    # Refusals: empty, too long, too fast; each a sentence, nothing said.
    refused = await say(b, " \t ")
    assert refused["code"] == "malformed" and refused["message"] == "A chat line needs some text."
    refused = await say(b, "x" * 501)
    assert refused["code"] == "too-large" and "at most 500 characters" in refused["message"]
    assert (await say(b, "y" * 500))["lines"][0]["text"] == "y" * 500
    for n in range(6):  # all at once: the sixth is one past the burst
        await b.send({"type": "chat", "text": f"spam {n}"})
    refused = await b.expect("error")
    assert refused["code"] == "rate-limited" and "chatting too fast" in refused["message"]
    assert [x for x in said(b) if x.startswith("spam")] == [f"spam {n}" for n in range(5)]

    # The game ends; its replay shows the players' lines to its players only.
    await a.send({"type": "resign", "id": "r1"})
    await a.expect("ended")
    replay = (await alice.http.get(f"/api/matches/{match_id}/replay", params={"step": 1})).json()
    assert [x["text"] for x in replay["chat"]] == [
        "gl hf <b>bold</b> https://example.com",
        "second",
        "y" * 500,
        *(f"spam {n}" for n in range(5)),
    ]
    assert [x["seat"] for x in replay["chat"]] == [0, 0, *[1] * 6]
    early = (await bob.http.get(f"/api/matches/{match_id}/replay", params={"step": 0})).json()
    assert [x["text"] for x in early["chat"]] == [
        "gl hf <b>bold</b> https://example.com",
        "second",
    ]
    outsider = (await carol.http.get(f"/api/matches/{match_id}/replay", params={"step": 1})).json()
    assert outsider["chat"] == []
    async with httpx.AsyncClient(base_url=server.base) as anonymous:
        nobody = (await anonymous.get(f"/api/matches/{match_id}/replay?step=1")).json()
        assert nobody["chat"] == []

    # Only the players' lines were stored.
    store = Store(server.db_url)
    try:
        kept = [x.text for x in store.chat_lines(match_id)]
    finally:
        store.close()
    assert "who wins?" not in kept and "third" not in kept and "second" in kept
    for sock in (a, b, c, a_watching):  # every message as docs/websocket.md writes it
        for message in sock.received:
            server_messages.validate_python(message)
    for sock in (a, b, c, d, a_watching, b_again):
        await sock.close()
    for client in (alice, bob, carol, newcomer):
        await client.close()


def test_players_and_spectators_each_have_their_own_chat_kept_for_the_players_replay(
    server: ServerProcess,
) -> None:
    run(two_chats(server))


async def nobody_to_talk_to(server: ServerProcess) -> None:
    me = await Client(server).guest()
    created = await me.create("duel", seats=[{"kind": "human"}, {"kind": "ai", "level": "easy"}])
    sock, greeting = await connected(me, created["match"]["id"])
    assert greeting == {
        "type": "chat",
        "channel": "players",
        "lines": [],
        "history": True,
        "open": False,
    }
    refused = await say(sock, "hello AI")
    assert refused["code"] == "no-chat" and "nobody at this table" in refused["message"]
    # A hot-seat table is one person's: no players' chat either.
    hotseat = await me.create("duel", hotseat=True)
    at_hotseat, greeting = await connected(me, hotseat["match"]["id"])
    assert greeting["channel"] == "players" and not greeting["open"]
    for each in (sock, at_hotseat):
        await each.close()
    await me.close()


def test_a_table_against_the_ai_or_at_hot_seat_has_no_players_chat(server: ServerProcess) -> None:
    run(nobody_to_talk_to(server))


class Shelf:
    """A store whose only lines are those of the match ``kept``, counting its reads."""

    def __init__(self) -> None:
        self.reads: list[str] = []
        self.store = self

    def chat_lines(self, match_id: str, limit: int | None = None) -> list[Any]:
        line = SimpleNamespace(seat=0, name="Ann", text="gg", step=3)
        return [line] if match_id == "kept" else []

    async def read(self, what: Any, match_id: str, limit: int) -> list[Any]:
        self.reads.append(match_id)
        return cast(list[Any], what(match_id, limit))


def test_a_match_just_made_has_its_players_lines_without_a_read_of_the_store() -> None:
    """The hub tells the chat of every match it makes (``Hub.on_create``): nobody has spoken
    there yet, so greeting its players reads nothing. A match the chat was not told of (one
    rebuilt after a restart, or made by another worker) has its lines read once."""
    chat, shelf = Chat(), Shelf()
    ctx = cast(Context, SimpleNamespace(db=shelf))
    made, kept = SimpleNamespace(id="made"), SimpleNamespace(id="kept")
    chat.begin(cast(Room, made))
    assert list(asyncio.run(chat._players_lines(ctx, cast(Room, made)))) == []
    assert shelf.reads == []
    for _ in range(2):
        lines = asyncio.run(chat._players_lines(ctx, cast(Room, kept)))
        assert list(lines) == [{"seat": 0, "name": "Ann", "text": "gg", "step": 3}]
    assert shelf.reads == ["kept"]


def test_the_hub_tells_the_chat_of_every_match_it_makes(tmp_path: Path) -> None:
    """The server's context hangs the chat on the hub's ``on_create``, so the saving above
    happens in the server and not only in a test of the chat."""
    store = Store(f"sqlite:///{tmp_path / 'chat.sqlite3'}")
    store.migrate()
    config = ServerConfig()
    hub = Hub(Database(store), config)
    ctx = Context(config, hub.db, hub, Sessions("secret", 86400))
    made = cast(Room, SimpleNamespace(id="made"))
    for listener in hub.on_create:  # as ``Hub.create`` calls them once the match is stored
        listener(made)
    assert ctx.chat.players.get("made") is not None
    store.close()
