"""The top cut, the list of decks and the live page on a real server whose clock a test moves
on: six entrants (four people, two AI levels) over two Swiss rounds of DUEL and a top 4, with a
player who drops before the cut, a ``kill -9`` in the middle of the semi-finals and a no-show in
the other semi-final; a CCG tournament whose entrants pick from a list of decks; and the live page's
stream of notices."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from cyberdeck.server.cut import advancing, first_round, placings, seeds
from cyberdeck.server.noticeboard import STREAMS_PER_ADDRESS
from cyberdeck.server.swiss import Table, standings
from cyberdeck.store import Store

from .harness import Client, ServerProcess, run, served
from .test_tournaments import ONE_MINUTE, Person, account, in_round, look, until, winner_of
from .timetravel import TimeTravel


@pytest.fixture(scope="module")
def travel(tmp_path_factory: pytest.TempPathFactory) -> TimeTravel:
    return TimeTravel(tmp_path_factory.mktemp("clock") / "offset")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, travel: TimeTravel) -> Iterator[ServerProcess]:
    with served(tmp_path_factory, "cut", "--ai-delay", "0", env=travel.env) as process:
        yield process


async def settle(host: Client, people: dict[int, Person], table: dict[str, Any]) -> Table:
    """Play a table out the quick way: between two people the higher entrant number resigns;
    a person against an AI resigns; two AI levels play it alone. Its result, as it ended."""
    first, second = table["first"], table["second"]
    if second is None:
        return Table(first, None, done=True)
    if first in people and second in people:
        await people[max(first, second)].resign(table["match"])
    elif first in people or second in people:
        await people[first if first in people else second].resign(table["match"])
    seat = await winner_of(host, table["match"])
    return Table(first, second, None if seat is None else (first, second)[seat], True)


def entrants_of(tables: list[dict[str, Any]]) -> list[tuple[int, int | None]]:
    return [(t["first"], t["second"]) for t in tables]


def test_a_top_4_after_two_swiss_rounds_with_a_drop_a_restart_and_a_no_show(
    server: ServerProcess, travel: TimeTravel
) -> None:
    async def scenario() -> None:
        clients = [await account(server) for _ in range(4)]
        host = clients[0]
        made = await host.http.post(
            "/api/tournaments",
            json={
                "name": "Top four",
                "game": "duel",
                "rounds": 2,
                "cut": 4,
                "clock": ONE_MINUTE,
                "allow_ai": True,
            },
        )
        assert made.status_code == 201, made.text
        tid = made.json()["id"]
        assert made.json()["cut"] == 4
        for client in clients:
            entered = await client.http.post(f"/api/tournaments/{tid}/enter", json={})
            assert entered.status_code == 200, entered.text
        for level in ("random", "greedy"):
            entered = await host.http.post(f"/api/tournaments/{tid}/ai", json={"level": level})
            assert entered.status_code == 200, entered.text
        people = {n + 1: Person(c) for n, c in enumerate(clients)}  # 5 and 6: AI levels
        leaver = 3
        started = await host.http.post(f"/api/tournaments/{tid}/start")
        assert started.status_code == 200, started.text

        results: list[Table] = []
        for number in (1, 2):
            data = await until(host, tid, in_round(number))
            assert data["bracket"] == []
            for table in data["pairings"][number - 1]["tables"]:
                results.append(await settle(host, people, table))
            if number == 1:
                left = await clients[leaver - 1].http.post(f"/api/tournaments/{tid}/leave")
                assert left.status_code == 200, left.text

        # The Swiss is over: the top 4 of those still in, 1 v 4 and 2 v 3, the higher seed
        # first; the player who dropped is not among them whatever their rank.
        data = await until(host, tid, in_round(3))
        ranked = standings(list(range(1, 7)), results)
        seeded = seeds(ranked, {1, 2, 4, 5, 6}, 4)
        assert leaver not in seeded and len(seeded) == 4
        assert [s["entrant"] for s in data["standings"]] == [s.entrant for s in ranked]
        semis = data["bracket"][0]
        assert (semis["name"], semis["round"]) == ("Semi-finals", 3)
        assert entrants_of(semis["tables"]) == [(t.first, t.second) for t in first_round(seeded)]
        rank = {s.entrant: s.rank for s in ranked}
        assert [(t["first_seed"], t["second_seed"]) for t in semis["tables"]] == [
            (rank[t.first], rank.get(t.second or 0)) for t in first_round(seeded)
        ]

        # One semi-final played out, then the server is killed with the other, where a person
        # sits (two AI levels take two seats of the four at most), still in play.
        waiting = next(t for t in semis["tables"] if t["first"] in people or t["second"] in people)
        played = next(t for t in semis["tables"] if t is not waiting)
        cut = {played["table"]: await settle(host, people, played)}
        before = await look(host, tid)
        assert before["round"] == 3
        assert [t["result"] for t in before["bracket"][0]["tables"]].count("in play") == 1
        server.kill9()
        server.start()
        after = await look(host, tid)
        assert after["round"] == 3
        assert after["bracket"] == before["bracket"]

        # Nobody comes to it: whoever's clock runs falls, and the tournament claims the game
        # for the other (an AI level at the table plays its moves at once).
        pair = (waiting["first"], waiting["second"])
        travel.advance(120)
        seat = await winner_of(host, waiting["match"])
        assert seat is not None
        match = (await host.http.get(f"/api/matches/{waiting['match']}")).json()
        assert "the tournament claimed" in match["outcome"]["reason"]
        cut[waiting["table"]] = Table(*pair, pair[seat], True)
        semi_results = [cut[1], cut[2]]

        data = await until(host, tid, in_round(4))
        assert [r["name"] for r in data["bracket"]] == ["Semi-finals", "Final"]
        going = [t["advances"] for t in data["bracket"][0]["tables"]]
        assert going == [advancing(t, rank) for t in semi_results]
        final = data["bracket"][1]["tables"]
        higher, lower = sorted(going, key=lambda e: rank[e])
        assert entrants_of(final) == [(higher, lower)]
        decided = await settle(host, people, final[0])
        champion = decided.winner or higher

        done = await until(host, tid, lambda d: d["status"] == "finished")
        assert len(done["pairings"]) == 2 and len(done["bracket"]) == 2
        placed = placings(ranked, [semi_results, [decided]], rank)
        assert [p["entrant"] for p in done["placings"]] == placed
        assert placed[0] == champion == done["bracket"][1]["tables"][0]["advances"]
        assert [p["how"] for p in done["placings"]] == ["champion", "runner-up"] + ["top 4"] * 2 + [
            "Swiss"
        ] * 2
        every = [t["match"] for r in done["pairings"] + done["bracket"] for t in r["tables"]]
        every = [m for m in every if m is not None]
        assert len(every) == len(set(every)), "a table was made twice"
        listed = (await host.http.get("/api/tournaments", params={"status": "finished"})).json()
        assert [(t["cut"], t["round"], t["rounds"]) for t in listed if t["id"] == tid] == [
            (4, 4, 2)
        ]
        for client in clients:
            await client.close()

    try:
        run(scenario())
    except httpx.HTTPError:
        print(server.log.read_text()[-3000:])
        raise


def test_a_semi_final_winner_who_drops_leaves_the_final_to_the_other_unplayed(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        clients = [await account(server) for _ in range(4)]
        host = clients[0]
        made = await host.http.post(
            "/api/tournaments",
            json={"name": "Walkover", "game": "duel", "rounds": 1, "cut": 4, "clock": ONE_MINUTE},
        )
        tid = made.json()["id"]
        for client in clients:
            entered = await client.http.post(f"/api/tournaments/{tid}/enter", json={})
            assert entered.status_code == 200, entered.text
        people = {n + 1: Person(c) for n, c in enumerate(clients)}
        started = await host.http.post(f"/api/tournaments/{tid}/start")
        assert started.status_code == 200, started.text
        for table in started.json()["pairings"][0]["tables"]:
            await settle(host, people, table)
        semis = (await until(host, tid, in_round(2)))["bracket"][0]["tables"]
        first = await settle(host, people, semis[0])
        assert first.winner is not None
        left = await people[first.winner].client.http.post(f"/api/tournaments/{tid}/leave")
        assert left.status_code == 200, left.text
        second = await settle(host, people, semis[1])
        assert second.winner is not None
        done = await until(host, tid, lambda d: d["status"] == "finished")
        final = done["bracket"][1]["tables"]
        assert [(t["first"], t["second"], t["result"], t["advances"]) for t in final] == [
            (second.winner, None, "bye", second.winner)
        ]
        assert [(p["entrant"], p["how"]) for p in done["placings"][:2]] == [
            (second.winner, "champion"),
            (first.winner, "runner-up"),
        ]
        dropped = {s["entrant"]: s["dropped"] for s in done["standings"]}
        assert dropped[first.winner] == 2
        for client in clients:
            await client.close()

    run(scenario())


def test_entrants_pick_from_a_list_of_decks_and_the_tables_play_them(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        host, other = await account(server), await account(server)
        for person in (host, other):  # the first deck checks start the server's AI workers
            person.http.timeout = httpx.Timeout(60)
        starters = (await host.http.get("/api/games/cyberpunk-ccg/starter-decks")).json()
        listed = [{"name": s["name"], "text": s["text"]} for s in starters[:2]]
        base = {"name": "Pick one", "game": "cyberpunk-ccg", "clock": ONE_MINUTE}
        refused = [
            ({**base, "decks": "list"}, "Give the list of decks"),
            ({**base, "decks": "starters", "deck_lists": listed}, "goes with the deck rule 'list'"),
            ({**base, "game": "duel", "decks": "list", "deck_lists": listed}, "not played with"),
            (
                {
                    **base,
                    "decks": "list",
                    "deck_lists": [listed[0], {**listed[1], "name": listed[0]["name"]}],
                },
                "Two decks of the list are named",
            ),
            (
                {
                    **base,
                    "decks": "list",
                    "deck_lists": [listed[0], {"name": "Junk", "text": "9 Nothing"}],
                },
                "'Junk': ",
            ),
            (
                {**base, "decks": "list", "deck_lists": [{"name": " ", "text": listed[0]["text"]}]},
                "no name",
            ),
        ]
        for body, said in refused:  # each its own maker: a refused list counts as a write
            maker = await account(server)
            response = await maker.http.post("/api/tournaments", json=body, timeout=60)
            assert response.status_code == 400, response.text
            assert said in response.json()["detail"]
        made = await host.http.post(
            "/api/tournaments", json={**base, "decks": "list", "deck_lists": listed}
        )
        assert made.status_code == 201, made.text
        tid = made.json()["id"]
        assert [d["name"] for d in made.json()["deck_lists"]] == [d["name"] for d in listed]
        url = f"/api/tournaments/{tid}/enter"
        for body, said in [
            ({}, "pick one of"),
            ({"pick": "No such deck"}, "'No such deck' is not one of this tournament's decks"),
            ({"deck": listed[0]["text"]}, "pick one by its name"),
        ]:
            response = await host.http.post(url, json=body)
            assert response.status_code == 400, response.text
            assert said in response.json()["detail"]
        entered = await host.http.post(url, json={"pick": listed[1]["name"]})
        assert entered.status_code == 200, entered.text
        mine = [e["deck"] for e in entered.json()["entrants"]]
        assert mine == [listed[1]["name"]]
        entered = await other.http.post(url, json={"pick": listed[0]["name"]})
        assert [e["deck"] for e in entered.json()["entrants"]] == [None, listed[0]["name"]]
        started = await host.http.post(f"/api/tournaments/{tid}/start")
        assert started.status_code == 200, started.text
        table = started.json()["pairings"][0]["tables"][0]
        store = Store(server.db_url)
        try:
            match = store.load_match(table["match"])
        finally:
            store.close()
        assert match is not None and match.status == "running"
        picked = {1: listed[1]["text"], 2: listed[0]["text"]}
        assert match.decks == [picked[table["first"]], picked[table["second"]]]
        for person in (host, other):
            await person.close()

    run(scenario())


async def notices(response: httpx.Response) -> Any:
    """The ``changed`` notices of a live page's stream, as they come; ``ready`` first, once the
    server has the stream on its noticeboard (its first line)."""
    async for line in response.aiter_lines():
        if line.startswith("retry: "):
            yield "ready"
        if line.startswith("data: "):
            yield json.loads(line[len("data: ") :])["status"]


def test_the_live_page_is_told_of_each_change_until_the_end(server: ServerProcess) -> None:
    async def scenario() -> None:
        host, watcher = await account(server), await Client(server).guest()
        made = await host.http.post(
            "/api/tournaments",
            json={
                "name": "Watched",
                "game": "duel",
                "rounds": 1,
                "cut": 2,
                "clock": ONE_MINUTE,
                "allow_ai": True,
            },
        )
        tid = made.json()["id"]
        async with watcher.http.stream("GET", f"/api/tournaments/{tid}/live") as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            told = notices(stream)
            assert await anext(told) == "ready"
            entered = await host.http.post(f"/api/tournaments/{tid}/ai", json={"level": "random"})
            assert entered.status_code == 200, entered.text
            assert await anext(told) == "open"
            await host.http.post(f"/api/tournaments/{tid}/ai", json={"level": "greedy"})
            await host.http.post(f"/api/tournaments/{tid}/start")
            seen = [status async for status in told]  # the stream ends once it is finished
            assert seen[-1] == "finished" and set(seen) <= {"open", "running", "finished"}
        data = await look(host, tid)
        assert data["status"] == "finished" and len(data["bracket"]) == 1
        # A finished tournament's stream says so and ends.
        async with watcher.http.stream("GET", f"/api/tournaments/{tid}/live") as stream:
            assert [s async for s in notices(stream)] == ["finished"]
        await host.close()
        await watcher.close()

    run(asyncio.wait_for(scenario(), 120))


def test_live_pages_are_bounded_per_address(server: ServerProcess) -> None:
    async def scenario() -> None:
        host = await account(server)
        made = await host.http.post(
            "/api/tournaments", json={"name": "Crowded", "game": "duel", "clock": ONE_MINUTE}
        )
        tid = made.json()["id"]
        live = f"/api/tournaments/{tid}/live"
        readers = [httpx.AsyncClient(base_url=server.base, timeout=10) for _ in range(8)]
        opened = [await r.send(r.build_request("GET", live), stream=True) for r in readers]
        assert all(o.status_code == 200 for o in opened)
        assert len(opened) == STREAMS_PER_ADDRESS
        told = [notices(o) for o in opened]  # held: a stream read no more is closed
        for t in told:
            assert await anext(t) == "ready"
        refused = await host.http.get(live)
        assert refused.status_code == 429 and "live pages" in refused.json()["detail"]
        await opened[0].aclose()
        # The server lets the closed stream go: another may open in its place.
        for _ in range(100):
            again = await readers[0].send(readers[0].build_request("GET", live), stream=True)
            if again.status_code == 200:
                break
            await again.aclose()
            await asyncio.sleep(0.1)
        assert again.status_code == 200
        opened[0] = again
        for o, r in zip(opened, readers, strict=True):
            await o.aclose()
            await r.aclose()
        missing = await host.http.get("/api/tournaments/nope/live")
        assert missing.status_code == 404
        await host.close()

    run(scenario())
