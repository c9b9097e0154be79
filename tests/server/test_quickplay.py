"""Quick play through the server's API: two players paired, by rating, an offer accepted,
declined or left unanswered, the AI offered after the chosen wait, and the refusals (a guest
asking for a rated game, a solitaire, a made-up time control, asking too often)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from cyberdeck.store import RatingData, Store

from .harness import OPERATOR, Client, ServerProcess, run, served

PASSWORD = "correct horse battery"
GAME = "cipher-run"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    # A second to answer a pairing (20 by default): the test of an unanswered offer waits it out.
    with served(tmp_path_factory, "quickplay", "--quickplay-answer", "1") as process:
        yield process


async def account(server: ServerProcess, name: str) -> Client:
    client = Client(server)
    made = await client.http.post("/api/auth/signup", json={"name": name, "password": PASSWORD})
    assert made.status_code == 201, made.text
    client.user = made.json()
    return client


async def seek(client: Client, **body: Any) -> dict[str, Any]:
    response = await client.http.post("/api/quickplay", json={"game": GAME, **body})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


async def status(client: Client) -> dict[str, Any]:
    response = await client.http.get("/api/quickplay")
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


async def until(client: Client, found: Any, tries: int = 100) -> dict[str, Any]:
    """The player's quick-play status once ``found(status)`` holds (asked every 0.1 s)."""
    for _ in range(tries):
        now = await status(client)
        if found(now):
            return now
        await asyncio.sleep(0.1)
    raise AssertionError(f"never came: {now}")


async def offered(client: Client) -> dict[str, Any]:
    offer: dict[str, Any] = (await until(client, lambda s: s["offer"]))["offer"]
    return offer


async def answer(client: Client, offer: dict[str, Any], accept: bool) -> dict[str, Any]:
    response = await client.http.post(
        f"/api/quickplay/offers/{offer['id']}", json={"accept": accept}
    )
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def test_two_guests_are_paired_and_both_accepting_starts_their_match(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        ann, bob = await Client(server).guest(), await Client(server).guest()
        waiting = await seek(ann, time_control="5+3")
        assert waiting["queues"][0]["waiting"] == 1 and waiting["offer"] is None
        anyone = Client(server)
        assert (await anyone.http.get("/api/quickplay/pools")).json() == [
            {"game": GAME, "players": 2, "time_control": "5+3", "rated": False, "waiting": 1}
        ]
        await anyone.close()
        await seek(bob, time_control="5+3")
        offer = await offered(ann)
        assert offer["opponents"] == [{"name": bob.user["name"], "rating": 1500}]
        assert offer["time_control"] == "5+3" and not offer["rated"]
        assert (await offered(bob))["id"] == offer["id"]
        after = await answer(ann, offer, True)
        assert after["offer"]["accepted"] and after["offer"]["answered"] == 1
        done = await answer(bob, offer, True)
        assert done["note"]["kind"] == "matched" and done["queues"] == []
        match_id = done["note"]["match"]
        seen = await status(ann)
        assert seen["note"]["match"] == match_id and seen["queues"] == []
        match = (await ann.http.get(f"/api/matches/{match_id}")).json()
        assert match["status"] == "running"
        assert {s["name"] for s in match["seats"]} == {ann.user["name"], bob.user["name"]}
        for client in (ann, bob):
            await client.close()

    run(scenario())


def test_players_are_paired_with_the_closest_rating(server: ServerProcess) -> None:
    async def scenario() -> None:
        low, high, near = [await account(server, f"qp-{n}") for n in ("low", "high", "near")]
        store = Store(server.db_url)
        try:
            store.save_ratings(
                GAME,
                [
                    RatingData(low.user["id"], "", "", 25.0, 3.0, 20, 10),
                    RatingData(high.user["id"], "", "", 40.0, 3.0, 20, 18),
                    RatingData(near.user["id"], "", "", 25.5, 3.0, 20, 11),
                ],
            )
        finally:
            store.close()
        await seek(low, rated=True)
        await seek(high, rated=True)
        assert (await status(low))["offer"] is None
        await seek(near, rated=True)
        offer = await offered(low)
        assert [o["name"] for o in offer["opponents"]] == ["qp-near"]
        assert offer["rated"] and (await status(high))["offer"] is None
        for client in (low, high, near):
            await client.http.delete("/api/quickplay")
            await client.close()

    run(scenario())


def test_an_unanswered_offer_returns_the_one_who_accepted_and_drops_the_other(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        ann, bob = await Client(server).guest(), await Client(server).guest()
        await seek(ann, time_control="10+5")
        await seek(bob, time_control="10+5")
        offer = await offered(ann)
        await answer(ann, offer, True)
        back = await until(ann, lambda s: s["note"])
        assert back["note"]["kind"] == "dropped" and "back in the queue" in back["note"]["text"]
        assert len(back["queues"]) == 1 and back["offer"] is None
        gone = await status(bob)
        assert gone["queues"] == [] and "did not answer" in gone["note"]["text"]
        late = await bob.http.post(f"/api/quickplay/offers/{offer['id']}", json={"accept": True})
        assert late.status_code == 409 and "no longer on offer" in late.json()["detail"]
        await ann.http.delete("/api/quickplay")
        for client in (ann, bob):
            await client.close()

    run(scenario())


def test_a_decline_leaves_the_queue_and_the_other_waits_on(server: ServerProcess) -> None:
    async def scenario() -> None:
        ann, bob = await Client(server).guest(), await Client(server).guest()
        await seek(ann, time_control="15+10")
        await seek(bob, time_control="15+10")
        offer = await offered(bob)
        said = await answer(bob, offer, False)
        assert said["queues"] == [] and said["offer"] is None
        still = await status(ann)
        assert still["note"]["kind"] == "declined" and len(still["queues"]) == 1
        await ann.http.delete("/api/quickplay")
        assert (await status(ann))["queues"] == []
        kept = (await ann.http.get("/api/metrics", headers=OPERATOR)).json()["kept"]
        assert kept["quickplay_seekers"] == 0 and kept["quickplay_offers"] == 0
        for client in (ann, bob):
            await client.close()

    run(scenario())


def test_nobody_came_so_the_ai_is_offered_and_one_click_starts_it(server: ServerProcess) -> None:
    async def scenario() -> None:
        ann = await Client(server).guest()
        early = await ann.http.post("/api/quickplay/ai", json={"game": "hack-me"})
        assert early.status_code == 409 and "waited the time you chose" in early.json()["detail"]
        first = await seek(ann, game="hack-me", ai_after=1)
        assert first["queues"][0]["ai_after"] == 1
        await until(ann, lambda s: s["queues"][0]["ai_offer"])
        made = await ann.http.post("/api/quickplay/ai", json={"game": "hack-me"})
        assert made.status_code == 201, made.text
        seats = made.json()["match"]["seats"]
        assert [s["kind"] for s in seats] == ["human", "ai"] and seats[1]["level"] == "normal"
        assert seats[0]["name"] == ann.user["name"]
        assert (await status(ann))["queues"] == []
        await ann.close()

    run(scenario())


def test_what_quick_play_refuses_is_said_in_a_sentence(server: ServerProcess) -> None:
    async def scenario() -> None:
        guest = await Client(server).guest()
        refusals: list[tuple[dict[str, Any], int, str]] = [
            ({"rated": True}, 403, "Rated quick play needs an account"),
            ({"time_control": "1d"}, 403, "turn-based game needs an account"),
            ({"time_control": "90+0"}, 400, "not a time control"),
            ({"game": "matrix-overload"}, 400, "played alone"),
            ({"game": "cypher", "players": 9}, 400, "played by 2 to 4"),
            ({"game": "chess"}, 404, "chess"),
        ]
        for body, code, words in refusals:
            response = await guest.http.post("/api/quickplay", json={"game": GAME, **body})
            assert response.status_code == code, (body, response.text)
            assert words in response.json()["detail"]
        assert (await status(guest))["queues"] == []
        for query, words in [
            ("game=cipher-run&players=99", "played by 2 players"),
            ("game=cipher-run&time_control=forever", "not a time control"),
        ]:
            left = await guest.http.delete(f"/api/quickplay?{query}")
            assert left.status_code == 400 and words in left.json()["detail"]
        nobody = Client(server)
        assert (await nobody.http.get("/api/quickplay")).status_code == 401
        await guest.close()
        await nobody.close()

    run(scenario())


def test_asking_too_often_is_refused_with_how_long_to_wait(server: ServerProcess) -> None:
    async def scenario() -> None:
        guest = await Client(server).guest()
        codes: list[int] = []
        while 429 not in codes and len(codes) < 400:
            codes.append((await guest.http.get("/api/quickplay")).status_code)
        assert codes[0] == 200 and codes[-1] == 429 and len(codes) > 60
        refused = await guest.http.get("/api/quickplay")
        assert "too often" in refused.json()["detail"] and refused.headers["retry-after"]
        joins: list[int] = []
        while 429 not in joins and len(joins) < 100:
            joins.append((await guest.http.post("/api/quickplay", json={"game": GAME})).status_code)
        assert joins[0] == 201 and joins[-1] == 429 and len(joins) > 30
        await guest.close()

    run(scenario())
