"""The server against a red team: weak passwords, private matches and campaigns read by id,
metrics read by anyone, ids by the thousand, a guesser locking the owner out, new players by
the hundred from one address."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Iterator

import httpx
import pytest
import websockets

from cyberdeck.server.decks import ANSWER_KEPT

from .harness import OPERATOR, Client, ServerProcess, run, served


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server behind a (pretend) proxy: each request names its client's address in
    ``X-Forwarded-For``, so one test can be many addresses."""
    with served(
        tmp_path_factory,
        "proxied",
        *("--behind-proxy", "--sign-in-failures", "3"),
        *("--newcomers-burst", "4", "--newcomers-per-hour", "2"),
        *("--hotseat-matches", "2", "--realtime-matches", "2"),
    ) as process:
        yield process


def at(server: ServerProcess, where: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=server.base, timeout=30, headers={"X-Forwarded-For": where})


def test_a_common_password_is_refused_with_a_sentence(server: ServerProcess) -> None:
    async def scenario() -> None:
        async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
            for weak in ("12345678", "password1", "qwertyuiop"):
                answer = await http.post(
                    "/api/auth/signup", json={"name": f"weak-{weak[:4]}", "password": weak}
                )
                assert answer.status_code == 400, (weak, answer.text)
                assert "first a guesser would try" in answer.json()["detail"]

    run(scenario())


def test_a_private_match_and_its_campaign_are_read_only_with_the_invite(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        owner, stranger = await Client(server).guest(), await Client(server).guest()
        made = await owner.create("cypher", public=False, campaign=True)
        match_id, invite = made["match"]["id"], made["invite"]
        series_id = made["match"]["series"]
        assert series_id is not None
        for path in (f"/api/matches/{match_id}", f"/api/series/{series_id}"):
            assert (await stranger.http.get(path)).status_code == 403, path
            refused = await httpx.AsyncClient(base_url=server.base).get(path)
            assert refused.status_code == 403 and "invite" in refused.json()["detail"]
            wrong = await stranger.http.get(path, params={"invite": "x" * 22})
            assert wrong.status_code == 403
            assert (await stranger.http.get(path, params={"invite": invite})).status_code == 200
            assert (await owner.http.get(path)).status_code == 200, "its player reads it"
        for client in (owner, stranger):
            await client.close()

    run(scenario())


def test_metrics_are_for_the_operator(server: ServerProcess) -> None:
    async def scenario() -> None:
        async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
            anonymous = await http.get("/api/metrics")
            assert anonymous.status_code == 401 and "operator" in anonymous.json()["detail"]
            wrong = await http.get("/api/metrics", headers={"Authorization": "Bearer guess"})
            assert wrong.status_code == 401
            assert (await http.get("/api/metrics", headers=OPERATOR)).status_code == 200

    run(scenario())


def test_thousands_of_series_ids_leave_nothing_behind(server: ServerProcess) -> None:
    """Each id asked about kept a lock for ever (4,000 requests: +32.7 MiB); now a lock lives
    while a request holds it. The structures' sizes are read from the operator's metrics."""

    async def scenario() -> None:
        player = await Client(server).guest()

        async def kept() -> dict[str, int]:
            answer = await player.http.get("/api/metrics", headers=OPERATOR)
            held: dict[str, int] = answer.json()["kept"]
            return held

        before = await kept()
        for batch in range(30):
            asked = [
                player.http.post(f"/api/series/{secrets.token_urlsafe(9)}/next") for _ in range(100)
            ]
            answers = await asyncio.gather(*asked)
            assert {a.status_code for a in answers} == {404}, batch
        after = await kept()
        assert after["series_locks"] == before["series_locks"] == 0
        assert after["match_loads"] == 0
        await player.close()

    run(scenario())


def test_a_guesser_slows_an_account_but_never_locks_its_owner_out(
    proxied: ServerProcess,
) -> None:
    """Five wrong passwords from one address locked the owner out from everywhere for 15
    minutes. Now the guesser's own address waits longer after each failure; the owner, from
    another address, signs in (slowed by a few seconds at most)."""

    async def scenario() -> None:
        body = {"name": "niobe", "password": "logos-hovercraft-captain"}
        async with at(proxied, "10.0.0.1") as owner, at(proxied, "10.6.6.6") as guesser:
            assert (await owner.post("/api/auth/signup", json=body)).status_code == 201
            for n in range(3):
                wrong = await guesser.post(
                    "/api/auth/signin", json={**body, "password": f"guess-{n}-nope"}
                )
                assert wrong.status_code == 401
            refused = await guesser.post("/api/auth/signin", json=body)
            assert refused.status_code == 429 and "minute" in refused.json()["detail"]
            signed = await owner.post("/api/auth/signin", json=body)
            assert signed.status_code == 200, "the owner, from their own address"
            async with at(proxied, "10.7.7.7") as elsewhere:
                wrong = await elsewhere.post(
                    "/api/auth/signin", json={**body, "password": "another-guess"}
                )
                assert wrong.status_code == 401, "another address is slowed, not refused"

    run(scenario())


def test_new_players_from_one_address_share_one_limit_with_a_way_on(
    proxied: ServerProcess,
) -> None:
    """Guests and sign-ups are one policy per address: a burst at once (a class behind one
    address), then a few an hour; past it a sentence says when, and that signing in works."""

    async def scenario() -> None:
        async with at(proxied, "10.1.1.1") as cafe, at(proxied, "10.2.2.2") as home:
            made = [(await cafe.post("/api/auth/guest")).status_code for _ in range(3)]
            signed_up = await cafe.post(
                "/api/auth/signup", json={"name": "seraph", "password": "oracle-guardian-gate"}
            )
            assert made == [201, 201, 201] and signed_up.status_code == 201
            for refused in (
                await cafe.post("/api/auth/guest"),
                await cafe.post(
                    "/api/auth/signup", json={"name": "ghost", "password": "kung-fu-teacup-zen"}
                ),
            ):
                assert refused.status_code == 429
                detail = refused.json()["detail"]
                assert "from your address" in detail and "sign in" in detail
                assert "minutes" in detail and "retry-after" in refused.headers
            again = await cafe.post(
                "/api/auth/signin", json={"name": "seraph", "password": "oracle-guardian-gate"}
            )
            assert again.status_code == 200, "signing in is never counted"
            assert (await home.post("/api/auth/guest")).status_code == 201, "another address"

    run(scenario())


def test_matches_in_play_are_capped_per_user_and_kind(proxied: ServerProcess) -> None:
    """One guest started 179 hot-seat matches in five seconds. Now each user has a cap per
    kind of match made and not finished (hot-seat, real-time); a finished one frees its place."""

    async def scenario() -> None:
        async with at(proxied, "10.3.3.3") as player:
            assert (await player.post("/api/auth/guest")).status_code == 201

            async def make(**body: object) -> httpx.Response:
                return await player.post("/api/matches", json={"game": "duel", **body})

            assert [(await make(hotseat=True)).status_code for _ in range(2)] == [201, 201]
            refused = await make(hotseat=True)
            assert refused.status_code == 429 and "2 hot-seat matches" in refused.json()["detail"]
            against_ai = {"seats": [{"kind": "human"}, {"kind": "ai", "level": "easy"}]}
            first = await make(**against_ai)
            assert first.status_code == 201 and (await make(**against_ai)).status_code == 201
            assert (await make(**against_ai)).status_code == 429, "real-time ones have their own"
            match_id = first.json()["match"]["id"]
            cookie = "; ".join(f"{k}={v}" for k, v in player.cookies.items())
            async with websockets.connect(
                f"ws://127.0.0.1:{proxied.port}/ws/matches/{match_id}",
                additional_headers={"Cookie": cookie, "X-Forwarded-For": "10.3.3.3"},
                origin=proxied.base,  # type: ignore[arg-type]
            ) as socket:
                await socket.send(json.dumps({"type": "resign", "id": "bye"}))
                while json.loads(await asyncio.wait_for(socket.recv(), 30))["type"] != "ended":
                    pass
            assert (await make(**against_ai)).status_code == 201, "a finished match frees its place"

    run(scenario())


def test_deck_checks_are_remembered_and_new_ones_limited_per_address(
    proxied: ServerProcess,
) -> None:
    """A long deck check was a tenth of a second of the event loop, for anyone to ask again
    and again: now a list checked before is answered from memory, and new lists from one
    address are a burst of 60 and then one a second (the check itself runs in a worker)."""

    async def scenario() -> None:
        async with at(proxied, "10.4.4.4") as builder, at(proxied, "10.5.5.5") as other:
            path = "/api/games/cipher-run/decks/validate"
            asked = [builder.post(path, json={"text": f"1 no-such-card-{n}"}) for n in range(80)]
            answers = [a.status_code for a in await asyncio.gather(*asked)]
            # 60 at once, and one a second after: a few more while the 80 arrive.
            assert 60 <= answers.count(200) <= 64 and answers.count(429) == 80 - answers.count(200)
            again = await builder.post(path, json={"text": "1 no-such-card-7"})
            assert again.status_code == 200, "a list checked before costs nothing"
            assert "no-such-card-7" in " ".join(again.json()["problems"])
            assert (await other.post(path, json={"text": "1 no-such-card-61"})).status_code == 200

    run(scenario())


def test_a_long_answer_is_not_kept_and_its_list_is_limited_as_a_new_one(
    proxied: ServerProcess,
) -> None:
    """A list's answer is kept as sent, so asking again costs a hash; an answer past
    ``ANSWER_KEPT`` bytes (hundreds of problems) is not kept, and its list, asked again, is
    limited like a new one rather than rebuilt for free as often as anyone likes."""

    async def scenario() -> None:
        async with at(proxied, "10.6.6.6") as builder:
            path = "/api/games/cipher-run/decks/validate"
            long = "\n".join(f"1 no-such-card-{n}" for n in range(200))
            first = await builder.post(path, json={"text": long})
            assert first.status_code == 200 and len(first.content) > ANSWER_KEPT
            assert len(first.json()["problems"]) >= 200
            short = await builder.post(path, json={"text": "1 7H"})
            assert short.status_code == 200
            for turn in range(5):  # a token may come back meanwhile: spend them all again
                texts = [f"1 spent-{turn}-{n}" for n in range(70)]
                asked = [builder.post(path, json={"text": text}) for text in texts]
                assert 429 in [a.status_code for a in await asyncio.gather(*asked)]
                if (await builder.post(path, json={"text": long})).status_code == 429:
                    break
            else:
                pytest.fail("the long list was never limited")
            again = await builder.post(path, json={"text": "1 7H"})
            assert again.status_code == 200 and again.content == short.content

    run(scenario())
