"""The red team's fuzz on SQLite (``test_postgres`` runs it on PostgreSQL): bad text in every
id, query, body and websocket message is a 4xx sentence, never a server error."""

from __future__ import annotations

import httpx

from .fuzz import http_fuzz, websocket_fuzz
from .harness import Client, ServerProcess, run


def test_no_bad_text_is_a_server_error_on_sqlite(server: ServerProcess) -> None:
    assert run(http_fuzz(server)) == []
    assert run(websocket_fuzz(server)) == []


def test_bad_text_is_refused_with_a_sentence_before_any_route(server: ServerProcess) -> None:
    async def scenario() -> None:
        player = await Client(server).guest()
        http = player.http
        nul = await http.get("/api/matches/a%00b")
        assert nul.status_code == 400 and "control character" in nul.json()["detail"]
        escaped = await http.post("/api/auth/signin", json={"name": "a\x00", "password": "x"})
        assert escaped.status_code == 400 and "NUL" in escaped.json()["detail"]
        long = await http.get("/api/series/" + "x" * 3000)
        assert long.status_code == 400 and "too long" in long.json()["detail"]
        unreadable = await http.get("/api/matches", params={"limit": "many"})
        assert unreadable.status_code == 422
        assert unreadable.json()["detail"].startswith("The request does not read: limit:")
        literal = await http.post(
            "/api/games/cipher-run/decks/validate", json={"text": "\\u0000 is a name"}
        )
        assert literal.status_code == 200, "an escaped backslash before u0000 is text"
        await player.close()

    run(scenario())


def test_a_deck_name_loses_its_direction_overrides_and_refuses_escapes(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        player = await Client(server).guest()
        starter = (await player.http.get("/api/games/cipher-run/starter-decks")).json()[0]
        saved = await player.http.post(
            "/api/games/cipher-run/decks",
            json={"name": "\u202eevil\u200b  deck", "text": starter["text"]},
        )
        assert saved.status_code == 201 and saved.json()["name"] == "evil deck"
        escape = await player.http.post(
            "/api/games/cipher-run/decks", json={"name": "\x1b[31mred", "text": starter["text"]}
        )
        assert escape.status_code == 400 and "control character" in escape.json()["detail"]
        blank = await player.http.post(
            "/api/games/cipher-run/decks", json={"name": "\u202e\u2066", "text": starter["text"]}
        )
        assert blank.status_code == 400 and "Give the deck a name." in blank.json()["detail"]
        async with httpx.AsyncClient(base_url=server.base) as anyone:
            assert (await anyone.get("/api/health")).status_code == 200
        await player.close()

    run(scenario())
