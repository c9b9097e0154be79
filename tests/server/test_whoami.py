"""Who is signed in, as the pages ask it on every load: a visitor gets ``null`` (no 4xx, so a
first visit logs no console error), a signed-in player themself, a signed-out cookie ``null``;
``/api/auth/me`` keeps answering 401 to anyone not signed in."""

from __future__ import annotations

from .harness import Client, ServerProcess, run


def test_whoami_answers_null_for_a_visitor_and_the_player_once_signed_in(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        visitor = Client(server)
        answer = await visitor.http.get("/api/auth/whoami")
        assert answer.status_code == 200 and answer.json() is None
        assert (await visitor.http.get("/api/auth/me")).status_code == 401
        await visitor.guest()
        answer = await visitor.http.get("/api/auth/whoami")
        assert answer.status_code == 200
        assert answer.json() == (await visitor.http.get("/api/auth/me")).json()
        assert answer.json()["name"] == visitor.user["name"] and answer.json()["kind"] == "guest"
        assert (await visitor.http.post("/api/auth/signout")).status_code == 204
        answer = await visitor.http.get("/api/auth/whoami")
        assert answer.status_code == 200 and answer.json() is None
        await visitor.close()

    run(scenario())
