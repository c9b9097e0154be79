"""A Swiss tournament on a real server whose clock a test moves on: seven entrants (four people,
a bot playing through the bot API, and two AI levels) over three rounds of DUEL, with a bye each odd round, a player who drops, a
player who never comes and loses on time, and a ``kill -9`` mid-round. The standings the server
shows are checked against the ones the results the test itself made give (``swiss``)."""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from cyberdeck.server.swiss import Table, standings

from .harness import Client, ServerProcess, run, served
from .timetravel import TimeTravel

PASSWORD = "correct horse battery"
ONE_MINUTE = {"kind": "real-time", "minutes": 1, "increment": 0}

names = itertools.count()


@pytest.fixture(scope="module")
def travel(tmp_path_factory: pytest.TempPathFactory) -> TimeTravel:
    return TimeTravel(tmp_path_factory.mktemp("clock") / "offset")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, travel: TimeTravel) -> Iterator[ServerProcess]:
    with served(tmp_path_factory, "tournaments", "--ai-delay", "0", env=travel.env) as process:
        yield process


async def account(server: ServerProcess) -> Client:
    client = await Client(server).guest()
    made = await client.http.post(
        "/api/auth/signup", json={"name": f"entrant{next(names)}", "password": PASSWORD}
    )
    assert made.status_code == 201, made.text
    client.user = made.json()
    return client


async def look(client: Client, tournament_id: str) -> dict[str, Any]:
    response = await client.http.get(f"/api/tournaments/{tournament_id}")
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


async def until(client: Client, tournament_id: str, ready: Any) -> dict[str, Any]:
    """The tournament once ``ready`` says so (the director works between requests)."""
    for _ in range(600):
        data = await look(client, tournament_id)
        if ready(data):
            return data
        await asyncio.sleep(0.1)
    raise AssertionError(f"the tournament never got there: {data}")


def in_round(number: int) -> Any:
    """Ready once round ``number`` is paired and each of its games can be joined (a round is
    paired a moment before its matches are made)."""

    def ready(data: dict[str, Any]) -> bool:
        tables = [
            t
            for r in data["pairings"] + data["bracket"]
            if r["round"] == number
            for t in r["tables"]
        ]
        return data["round"] == number and all(
            t["match"] for t in tables if t["second"] is not None
        )

    return ready


class Person:
    """An entrant at the table through the arcade's websocket."""

    def __init__(self, client: Client) -> None:
        self.client = client

    async def resign(self, match_id: str) -> None:
        sock = await self.client.socket(match_id)
        await sock.expect("welcome")
        if sock.status == "running":
            await sock.send({"type": "resign", "id": "resign"})
            await sock.expect("ended")
        await sock.close()

    async def move_once(self, match_id: str) -> None:
        sock = await self.client.socket(match_id)
        await sock.expect("welcome")
        await sock.play(sock.table["legal_actions"][0], "only-move")
        await sock.close()


class Bot:
    """An entrant through the bot API alone: its stream, its moves, its resignation."""

    def __init__(self, server: ServerProcess, token: str) -> None:
        self.http = httpx.AsyncClient(
            base_url=server.base, headers={"Authorization": f"Bearer {token}"}, timeout=30
        )

    async def resign(self, match_id: str) -> None:
        done = await self.http.post(f"/api/bot/matches/{match_id}/resign")
        assert done.status_code == 200, done.text

    async def move_once(self, match_id: str) -> None:
        async with self.http.stream("GET", "/api/bot/stream") as lines:
            async for line in lines.aiter_lines():
                event = json.loads(line) if line.strip() else {}
                if event.get("type") == "turn" and event["match"] == match_id:
                    moved = await self.http.post(
                        f"/api/bot/matches/{match_id}/move",
                        json={"action": event["legal_actions"][0], "seq": event["seq"]},
                    )
                    assert moved.status_code == 200, moved.text
                    return


async def winner_of(client: Client, match_id: str) -> int | None:
    for _ in range(600):
        match = (await client.http.get(f"/api/matches/{match_id}")).json()
        if match["status"] == "finished":
            winners = match["outcome"]["winners"]
            return int(winners[0]) if len(winners) == 1 else None
        await asyncio.sleep(0.1)
    raise AssertionError(f"match {match_id} never ended")


def test_creation_is_checked_and_capped(server: ServerProcess) -> None:
    async def scenario() -> None:
        maker = await account(server)
        guest = await Client(server).guest()
        base = {"name": "Friday Swiss", "game": "duel", "clock": ONE_MINUTE}
        refused = [
            (guest, base, 403, "need an account"),
            (maker, {**base, "clock": {"kind": "none"}}, 400, "needs a clock"),
            (maker, {**base, "game": "no-such-game"}, 404, "no-such-game"),
            (maker, {**base, "name": " \u200b "}, 400, "name"),
            (maker, {**base, "decks": "any"}, 400, "not played with decks"),
            (maker, {**base, "rounds": 99}, 422, "rounds"),
        ]
        for who, body, status, said in refused:
            response = await who.http.post("/api/tournaments", json=body)
            assert response.status_code == status, response.text
            assert said in response.json()["detail"]
        for _ in range(3):
            made = await maker.http.post("/api/tournaments", json=base)
            assert made.status_code == 201, made.text
        over = await maker.http.post("/api/tournaments", json=base)
        assert over.status_code == 429 and "not yet finished" in over.json()["detail"]
        private = await (await account(server)).http.post(
            "/api/tournaments", json={**base, "public": False}
        )
        secret = private.json()
        assert secret["invite"]
        outsider = await account(server)
        seen = await outsider.http.get(f"/api/tournaments/{secret['id']}")
        assert seen.status_code == 403
        entered = await outsider.http.post(
            f"/api/tournaments/{secret['id']}/enter", json={"invite": secret["invite"]}
        )
        assert entered.status_code == 200, entered.text
        assert entered.json()["invite"] is None  # the invite is the creator's to share
        listed = (await outsider.http.get("/api/tournaments")).json()
        assert secret["id"] not in [t["id"] for t in listed]
        again = await outsider.http.post(
            f"/api/tournaments/{secret['id']}/enter", json={"invite": secret["invite"]}
        )
        assert again.status_code == 409 and "entered already" in again.json()["detail"]

    run(scenario())


def test_seven_entrants_three_rounds_a_bye_a_drop_a_no_show_and_a_restart(
    server: ServerProcess, travel: TimeTravel
) -> None:
    async def scenario() -> None:
        people = [await account(server) for _ in range(4)]
        host = people[0]
        token = (await host.http.post("/api/bots", json={"name": "swiss-bot"})).json()["token"]
        bot = Bot(server, token)
        made = await host.http.post(
            "/api/tournaments",
            json={
                "name": "Seven at the Net",
                "game": "duel",
                "rounds": 3,
                "clock": ONE_MINUTE,
                "allow_ai": True,
                "allow_bots": True,
            },
        )
        assert made.status_code == 201, made.text
        tid = made.json()["id"]
        for person in people:
            entered = await person.http.post(f"/api/tournaments/{tid}/enter", json={})
            assert entered.status_code == 200, entered.text
        entered = await bot.http.post(f"/api/tournaments/{tid}/enter", json={})
        assert entered.status_code == 200, entered.text
        assert entered.json()["entrants"][4]["name"] == "BOT swiss-bot"
        for level in ("random", "greedy"):
            entered = await host.http.post(f"/api/tournaments/{tid}/ai", json={"level": level})
            assert entered.status_code == 200, entered.text
        refused = await people[1].http.post(f"/api/tournaments/{tid}/ai", json={"level": "easy"})
        assert refused.status_code == 403
        # Entrants 1 to 4 are people, 5 the bot, 6 and 7 AI levels.
        by_entrant: dict[int, Person | Bot] = {n + 1: Person(p) for n, p in enumerate(people)}
        by_entrant[5] = bot
        no_show, leaver = 2, 4
        started = await host.http.post(f"/api/tournaments/{tid}/start")
        assert started.status_code == 200, started.text
        late = await (await account(server)).http.post(f"/api/tournaments/{tid}/enter", json={})
        assert late.status_code == 409 and "started" in late.json()["detail"]

        results: list[Table] = []
        for number in (1, 2, 3):
            data = await until(host, tid, in_round(number))
            tables = data["pairings"][number - 1]["tables"]
            if number == 3:
                assert leaver not in {t["first"] for t in tables} | {t["second"] for t in tables}
            byes = [t for t in tables if t["second"] is None]
            assert len(byes) == (1 if number < 3 else 0)
            waiting = None
            for i, t in enumerate(tables):
                first, second = t["first"], t["second"]
                if second is None:
                    results.append(Table(first, None, done=True))
                    continue
                match = t["match"]
                if number == 2 and no_show in (first, second):
                    waiting = t
                    continue
                seated = [by_entrant.get(first), by_entrant.get(second)]
                if seated[1] is not None:
                    await seated[1].resign(match)  # the second seat resigns
                elif seated[0] is not None:
                    await seated[0].resign(match)  # a player against an AI resigns
                seat = await winner_of(host, match)
                results.append(
                    Table(first, second, None if seat is None else (first, second)[seat], True)
                )
                if number == 2 and i == 0:
                    server.kill9()  # mid-round: one table done, the rest in play
                    server.start()
                    again = await look(host, tid)
                    assert again["round"] == 2
                    assert again["pairings"][1]["tables"] == [
                        {**x, "result": y["result"], "link": y["link"]}
                        for x, y in zip(tables, again["pairings"][1]["tables"], strict=True)
                    ]
                if number == 2 and i == 1:
                    left = await people[leaver - 1].http.post(f"/api/tournaments/{tid}/leave")
                    assert left.status_code == 200, left.text
            assert (waiting is not None) == (number == 2), "the no-show sat at no table"
            if waiting is not None:
                first, second = waiting["first"], waiting["second"]
                present = second if first == no_show else first
                if present == waiting["first"] and present in by_entrant:
                    await by_entrant[present].move_once(waiting["match"])
                travel.advance(120)  # the no-show's minute runs out; the tournament claims
                seat = await winner_of(host, waiting["match"])
                assert seat is not None and (first, second)[seat] == present
                match = (await host.http.get(f"/api/matches/{waiting['match']}")).json()
                assert "ran out of time; the tournament claimed" in match["outcome"]["reason"]
                results.append(Table(first, second, present, True))

        final = await until(host, tid, lambda d: d["status"] == "finished")
        met = [frozenset((r.first, r.second)) for r in results if r.second is not None]
        assert len(met) == len(set(met)), "a pairing repeated"
        expected = standings(list(range(1, 8)), results)
        shown = [
            (s["entrant"], s["points"], s["sos"], s["esos"], s["dropped"])
            for s in final["standings"]
        ]
        assert shown == [
            (
                s.entrant,
                s.points,
                round(s.sos, 3),
                round(s.esos, 3),
                2 if s.entrant == leaver else None,
            )
            for s in expected
        ]
        listed = (await host.http.get("/api/tournaments", params={"status": "finished"})).json()
        assert tid in [t["id"] for t in listed]
        for person in people:
            await person.close()
        await bot.http.aclose()

    try:
        run(scenario())
    except httpx.HTTPError:
        print(server.log.read_text()[-3000:])
        raise


def test_a_tournament_starts_by_itself_at_its_hour(
    server: ServerProcess, travel: TimeTravel
) -> None:
    async def scenario() -> None:
        host = await account(server)
        made = await host.http.post(
            "/api/tournaments",
            json={
                "name": "At the hour",
                "game": "duel",
                "clock": ONE_MINUTE,
                "allow_ai": True,
                "starts_at": travel.now() + 3600,
            },
        )
        assert made.status_code == 201, made.text
        tid = made.json()["id"]
        for level in ("random", "greedy"):
            entered = await host.http.post(f"/api/tournaments/{tid}/ai", json={"level": level})
            assert entered.status_code == 200, entered.text
        await asyncio.sleep(1.5)  # a director's tick or more: not due yet
        assert (await look(host, tid))["status"] == "open"
        travel.advance(3600)
        # Two AI levels play every round alone; rounds by entrants: three.
        final = await until(host, tid, lambda d: d["status"] == "finished")
        assert final["rounds"] == 3 and len(final["pairings"]) == 3
        await host.close()

    run(scenario())


def test_a_tournament_of_own_decks_takes_legal_lists_only_and_plays_them(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        host, other = await account(server), await account(server)
        made = await host.http.post(
            "/api/tournaments",
            json={
                "name": "Own decks",
                "game": "cyberpunk-ccg",
                "decks": "any",
                "clock": ONE_MINUTE,
            },
        )
        assert made.status_code == 201, made.text
        tid = made.json()["id"]
        starters = (await host.http.get("/api/games/cyberpunk-ccg/starter-decks")).json()
        bare = await host.http.post(f"/api/tournaments/{tid}/enter", json={})
        assert bare.status_code == 400 and "your own deck" in bare.json()["detail"]
        broken = await host.http.post(f"/api/tournaments/{tid}/enter", json={"deck": "9 Nothing"})
        assert broken.status_code == 400 and broken.json()["detail"]
        for person, deck in ((host, starters[0]), (other, starters[1])):
            entered = await person.http.post(
                f"/api/tournaments/{tid}/enter", json={"deck": deck["text"]}
            )
            assert entered.status_code == 200, entered.text
        started = await host.http.post(f"/api/tournaments/{tid}/start")
        assert started.status_code == 200, started.text
        table = started.json()["pairings"][0]["tables"][0]
        match = (await host.http.get(f"/api/matches/{table['match']}")).json()
        assert match["status"] == "running"
        for person in (host, other):
            await person.close()

    run(scenario())
