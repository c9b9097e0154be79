"""The HTTP side under attack: forged requests from other origins, bodies too large to parse,
input that used to raise (500), and the security headers."""

from __future__ import annotations

import httpx

from .harness import Client, ServerProcess, run

DECKS = "/api/games/cyberpunk-ccg/decks"


def test_a_state_changing_request_from_another_origin_is_refused(server: ServerProcess) -> None:
    async def scenario() -> None:
        victim = await Client(server).guest()
        created = await victim.create("duel")
        other = await Client(server).guest()
        evil = {"Origin": "http://127.0.0.1:1"}  # a page on another port of the same host
        for path in ("/api/matches", f"/api/matches/{created['match']['id']}/join"):
            forged = await other.http.post(path, json={"game": "duel"}, headers=evil)
            assert forged.status_code == 403 and "127.0.0.1:1" in forged.json()["detail"], path
        site = await other.http.post("/api/auth/signout", headers={"Sec-Fetch-Site": "same-site"})
        assert site.status_code == 403
        assert (await other.http.get("/api/auth/me")).status_code == 200, "still signed in"
        own = await victim.http.post(
            "/api/matches", json={"game": "duel"}, headers={"Origin": server.base}
        )
        assert own.status_code == 201, "the arcade's own page is served"
        for client in (victim, other):
            await client.close()

    run(scenario())


def test_a_body_past_its_limit_is_refused_before_it_is_read(server: ServerProcess) -> None:
    async def scenario() -> None:
        alice = await Client(server).guest()
        big = b'{"game": "duel", "options": {"x": "' + b"x" * (2 << 20) + b'"}}'
        refused = await alice.http.post(
            "/api/matches", content=big, headers={"Content-Type": "application/json"}
        )
        assert refused.status_code == 413 and "1 MiB" in refused.json()["detail"]

        async def chunks() -> object:  # no Content-Length: counted as it arrives
            for _ in range(40):
                yield b" " * 65536

        streamed = await alice.http.post(
            "/api/matches", content=chunks(), headers={"Content-Type": "application/json"}
        )
        assert streamed.status_code == 413
        deck = await alice.http.post(f"{DECKS}/validate", json={"text": "1x A\n" * 20_000})
        assert deck.status_code == 413 and "64 KiB" in deck.json()["detail"]
        assert (await alice.http.get("/api/auth/me")).status_code == 200, "the server is fine"
        await alice.close()

    run(scenario())


def test_odd_input_gets_a_sentence_never_a_500(server: ServerProcess) -> None:
    async def scenario() -> None:
        alice, bob = await Client(server).guest(), await Client(server).guest()
        created = await bob.create("duel", public=False)
        match_id = created["match"]["id"]
        answers = [
            await alice.http.get(f"{DECKS}/{10**30}"),
            await alice.http.get(f"{DECKS}/-1"),
            await alice.http.post(f"/api/matches/{match_id}/join", json={"invite": "ünïcødé"}),
            await alice.http.post(f"/api/matches/{match_id}/join?invite=%C3%BC"),
            await alice.http.post(
                "/api/auth/signup",
                content=b'{"name": "lone\\ud800", "password": "a fine long password"}',
                headers={"Content-Type": "application/json"},
            ),
            await alice.http.post(
                f"{DECKS}/validate",
                content=b'{"text": "2x \\udfff"}',
                headers={"Content-Type": "application/json"},
            ),
            await alice.http.post(
                "/api/matches",
                content=b'{"game": "duel\\ud800"}',
                headers={"Content-Type": "application/json"},
            ),
        ]
        for answer in answers:
            assert 400 <= answer.status_code < 500, (answer.request.url, answer.text)
            detail = answer.json()["detail"]
            assert isinstance(detail, str | list) and detail, answer.text
        for client in (alice, bob):
            await client.close()

    run(scenario())


def test_every_response_carries_the_security_headers(server: ServerProcess) -> None:
    for path in ("/", "/api/games", "/static/js/app.js", "/api/nowhere"):
        headers = httpx.get(f"{server.base}{path}").headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
        assert "script-src 'self'" in headers["content-security-policy"]
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "same-origin"
