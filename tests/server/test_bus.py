"""The workers' bus: one process's bus calls each handler once; two workers on one Redis hear
each other's notices (and each its own once); Redis going away loses notices without failing
anyone, and when it comes back the workers subscribe again and catch up. What one worker changes
reaches the others: a bot reading its feed on one worker is told of its match on another, a
player's stops and an adopted guest reach every worker's memory, a tournament's change every
live page."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from cyberdeck.engine import load_game
from cyberdeck.engine.autoanswer import Stops
from cyberdeck.server.botstream import BotLines
from cyberdeck.server.bus import Bus, RedisBus, make_bus
from cyberdeck.server.config import ServerConfig
from cyberdeck.server.database import Database
from cyberdeck.server.hub import Hub, new_match_data
from cyberdeck.server.noticeboard import Noticeboard
from cyberdeck.store import SeatData, Store

from .harness import run
from .services import RedisServer


async def until(check: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "waited in vain"
        await asyncio.sleep(0.02)


def test_one_process_bus_calls_each_handler_once() -> None:
    async def scenario() -> None:
        bus = make_bus(None)
        assert type(bus) is Bus
        heard: list[tuple[str, Any]] = []

        async def later(notice: dict[str, Any]) -> None:
            heard.append(("async", notice["n"]))

        bus.subscribe("t", lambda notice: heard.append(("sync", notice["n"])))
        bus.subscribe("t", later)
        bus.subscribe("other", lambda notice: heard.append(("other", notice)))
        bus.publish("t", {"n": 1})
        assert heard == [("sync", 1)], "a plain handler is called at once"
        await asyncio.sleep(0)
        assert heard == [("sync", 1), ("async", 1)]
        await bus.announce("t", {"n": 2})
        assert heard[2:] == [("sync", 2), ("async", 2)], "announce waits for the handlers"
        assert bus.report() == {
            "kind": "local",
            "published": 2,
            "delivered": 0,
            "lost": 0,
            "reconnects": 0,
            "connected": True,
        }

    run(scenario())


def test_a_failing_handler_fails_no_one() -> None:
    bus = Bus()
    heard = []

    def broken(notice: dict[str, Any]) -> None:
        raise RuntimeError("broken")

    bus.subscribe("t", broken)
    bus.subscribe("t", heard.append)
    bus.publish("t", {"n": 1})
    assert heard == [{"n": 1}]


def test_two_workers_hear_each_other_and_survive_redis_going_away(
    redis_server: RedisServer,
) -> None:
    async def scenario() -> None:
        one, two = RedisBus(redis_server.url, "w1"), RedisBus(redis_server.url, "w2")
        heard: dict[str, list[Any]] = {"w1": [], "w2": []}
        caught_up = {"w1": 0, "w2": 0}
        for name, bus in (("w1", one), ("w2", two)):
            bus.subscribe("turn", lambda n, name=name: heard[name].append(n["match"]))

            def catch_up(name: str = name) -> None:
                caught_up[name] += 1

            bus.subscribe("turn", lambda n: None, catch_up)
            await bus.start()
        assert await one.ready(10) and await two.ready(10)
        assert caught_up == {"w1": 1, "w2": 1}, "the first subscription catches up too"

        one.publish("turn", {"match": "m1"})
        two.publish("turn", {"match": "m2"})
        await until(lambda: len(heard["w1"]) == 2 and len(heard["w2"]) == 2)
        await asyncio.sleep(0.2)  # nothing more comes: each worker hears its own notice once
        assert heard == {"w1": ["m1", "m2"], "w2": ["m2", "m1"]}
        assert one.delivered == 1 and two.delivered == 1

        redis_server.stop()
        await until(lambda: not one.connected and not two.connected)
        one.publish("turn", {"match": "m3"})  # never raises: lost, logged, counted
        await until(lambda: one.lost >= 1)
        assert heard["w1"][-1] == "m3", "the worker's own handlers heard it all the same"

        redis_server.start()  # the same port
        await until(lambda: one.connected and two.connected)
        await until(lambda: caught_up == {"w1": 2, "w2": 2})
        assert one.reconnects == 1 and two.reconnects == 1
        two.publish("turn", {"match": "m4"})
        await until(lambda: heard["w1"][-1:] == ["m4"])
        report = one.report()
        assert report["kind"] == "redis" and report["connected"] is True
        assert report["published"] == 2 and report["lost"] >= 1 and report["reconnects"] == 1
        await one.stop()
        await two.stop()

    run(scenario())


@asynccontextmanager
async def two_hubs(folder: Path, redis_url: str) -> AsyncIterator[tuple[list[Hub], Store]]:
    """Two workers' hubs on one database (a SQLite file) and one Redis, each bus subscribed."""
    url = f"sqlite:///{folder / 'cluster.sqlite3'}"
    stores = [Store(url), Store(url)]
    stores[0].migrate()
    hubs = [
        Hub(
            Database(store),
            ServerConfig(db_url=url, worker=name, redis_url=redis_url, ai_workers=1),
            bus=RedisBus(redis_url, name),
        )
        for store, name in zip(stores, ("w1", "w2"), strict=True)
    ]
    for hub in hubs:
        await hub.bus.start()
        assert isinstance(hub.bus, RedisBus) and await hub.bus.ready(10)
    try:
        yield hubs, stores[0]
    finally:
        for hub in hubs:
            await hub.bus.stop()
            await hub.stop()
            await hub.db.close()


def test_a_bots_feed_on_one_worker_is_told_of_its_match_on_another(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    async def scenario() -> None:
        async with two_hubs(tmp_path, redis_server.url) as (hubs, store):
            first, second = (store.create_user(n, "bot") for n in ("ada", "bob"))
            lines = [BotLines(hub) for hub in hubs]
            feed = lines[1].open(second.id)  # bob reads his feed on w2
            assert feed is not None
            await until(lambda: lines[0].online(second.id))  # w1 knows bob can be challenged
            game = load_game("duel")
            seats = [SeatData(s, "human", None, first.id, first.name) for s in (0, 1)]
            data = new_match_data(game, {}, seats, None, True, first.id)
            starts = hubs[0].build(data).match.state.current_player
            assert starts is not None
            data.seats[starts] = SeatData(starts, "human", None, second.id, second.name)
            room = await hubs[0].create(data)  # on w1, which tells the turn on the bus
            start = json.loads(await asyncio.wait_for(feed.get(), 10))
            assert start["type"] == "start" and start["match"] == room.id
            assert start["seat"] == starts
            turn = json.loads(await asyncio.wait_for(feed.get(), 10))
            assert turn["type"] == "turn" and turn["match"] == room.id
            assert turn["seat"] == starts and turn["seq"] == room.seq and turn["legal_actions"]
            assert room.id not in hubs[1].rooms, "w2 read the match; it holds it not"
            assert lines[0].challenge(second.id, room, "ada")  # told on w2, where bob reads
            challenge = json.loads(await asyncio.wait_for(feed.get(), 10))
            assert challenge["type"] == "challenge" and challenge["by"] == "ada"

            # A turn told while Redis is away is lost; w2 catches up from the database.
            redis_server.stop()
            await until(lambda: not hubs[1].bus.connected)
            later = new_match_data(game, {}, [replace(s) for s in data.seats], None, True, first.id)
            later.seed = data.seed  # the same deal: bob's seat starts
            await hubs[0].create(later)
            await until(lambda: hubs[0].bus.lost >= 1)  # its turn went nowhere
            redis_server.start()
            told: list[dict[str, Any]] = []
            while not any(t["type"] == "turn" and t["match"] == later.id for t in told):
                told.append(json.loads(await asyncio.wait_for(feed.get(), 10)))
            assert {"start"} <= {t["type"] for t in told if t["match"] == later.id}
            lines[1].close(second.id, feed)
            await until(lambda: not lines[0].online(second.id))

    run(scenario())


def test_stops_and_an_adopted_guest_reach_every_worker(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    async def scenario() -> None:
        async with two_hubs(tmp_path, redis_server.url) as (hubs, store):
            guest, account = (
                store.create_user("guest-1", "guest"),
                store.create_user("ann", "account"),
            )
            game = load_game("cipher-run")
            seats = [SeatData(0, "human", None, guest.id, guest.name), SeatData(1, "human")]
            data = new_match_data(game, game.resolve_options(None), seats, None, True, guest.id)
            room = hubs[1].build(data)
            hubs[1].keep(room)  # w2 holds the guest's match
            hubs[0].adopt(guest.id, account.id, account.name)
            await until(lambda: room.data.seats[0].user_id == account.id)
            assert room.data.created_by == account.id and room.data.seats[0].user_name == "ann"
            assert hubs[1].waiting_matches(account.id) == 1

            old = await hubs[1].players.stops(account.id, game)
            new = Stops(frozenset(), full_control=not old.full_control)
            await hubs[0].stops_changed(account.id, game.id, new)
            assert await hubs[0].players.stops(account.id, game) == new
            await until(lambda: hubs[1].players._stops.get((account.id, game.id)) == new)

    run(scenario())


def test_a_tournament_change_reaches_the_live_pages_on_every_worker(
    redis_server: RedisServer,
) -> None:
    async def scenario() -> None:
        buses = [RedisBus(redis_server.url, name) for name in ("w1", "w2")]
        boards = [Noticeboard(bus) for bus in buses]
        for bus in buses:
            await bus.start()
            assert await bus.ready(10)
        page = boards[1].listen("t1", "10.0.0.1")
        here = boards[0].listen("t1", "10.0.0.2")
        assert page is not None and here is not None
        boards[0].post("t1", "running")
        assert await asyncio.wait_for(page.get(), 10) == "running"
        assert here.get_nowait() == "running", "the worker's own page heard it at once"
        for bus in buses:
            await bus.stop()

    run(scenario())
