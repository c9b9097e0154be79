"""A cluster of two workers (``--workers 2``) on PostgreSQL and Redis behind HAProxy, all started
here: matches made on either worker are played through the one port, a spectator sees every
move, a worker that does not own a match sends its clients on, and killing a match's owner
hands the match to the other worker with every acknowledged move and the clocks kept; a cluster
stopped while its workers are still starting leaves nothing running."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from cyberdeck.store import Store

from .cluster_harness import ClusterProcess, two_workers
from .conftest import every_game_id
from .drive import assert_no_leaks, drain, mover, play_moves, seat_people
from .harness import METRICS_TOKEN, Client, Socket, run
from .launcher import WORKER_DELAY
from .services import RedisServer
from .test_quickplay import answer, offered, seek
from .test_restart import BEFORE, HOUR, carry_on


@pytest.fixture(scope="module")
def cluster(
    postgres_url: str, redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ClusterProcess]:
    # A killed worker stays down for the rest of the module: its matches stay with the worker
    # that took them over.
    with two_workers(postgres_url, redis_server.url, tmp_path_factory.mktemp("cluster"), 600) as c:
        yield c


async def made_on(cluster: ClusterProcess, name: str, maker: Client, game: str) -> str:
    """A match of ``game`` made by ``maker`` on worker ``name`` itself."""
    async with httpx.AsyncClient(base_url=cluster.worker_base(name), timeout=10) as http:
        http.cookies = maker.http.cookies
        made = await http.post("/api/matches", json={"game": game})
        assert made.status_code == 201, made.text
        match_id: str = made.json()["match"]["id"]
    return match_id


def test_matches_on_both_workers_are_played_through_one_port(cluster: ClusterProcess) -> None:
    async def scenario() -> None:
        for name in ("w1", "w2"):
            a, b, watcher = [await Client(cluster).guest() for _ in range(3)]
            match_id = await made_on(cluster, name, a, "duel")
            assert match_id.endswith(f".{name}"), match_id
            await b.join(match_id)  # through the balancer, to the match's owner
            sockets = [await c.socket(match_id) for c in (a, b)]
            for sock in sockets:
                await sock.expect("welcome")
            spectator = await watcher.socket(match_id, watch="true")
            await spectator.expect("welcome")
            for sock in sockets:
                await drain(sock)
            await drain(spectator)
            made = await play_moves(sockets, random.Random(name), 6, name)
            assert made > 0
            seen = sockets[0].seq
            while spectator.seq < seen:
                await spectator.recv()
            assert (
                spectator.seq == seen
                and spectator.table["to_move"] == (sockets[0].table["to_move"])
            )
            for sock in (*sockets, spectator):
                await sock.close()
            for c in (a, b, watcher):
                await c.close()

    run(scenario())


def test_a_worker_that_does_not_own_the_match_sends_its_client_on(
    cluster: ClusterProcess,
) -> None:
    """Straight to the other worker's port (past the balancer): told the match is elsewhere,
    the socket closed so the client reconnects; the HTTP routes say so with 503 and
    Retry-After."""

    async def scenario() -> None:
        maker = await Client(cluster).guest()
        match_id = await made_on(cluster, "w1", maker, "duel")
        base = cluster.worker_base("w2")
        async with websockets.connect(
            f"ws{base[4:]}/ws/matches/{match_id}?watch=true",
            additional_headers={"Cookie": maker.cookie()},
            origin=websockets.Origin(base),
        ) as sock:
            told = json.loads(await sock.recv())
            assert told["type"] == "error" and told["code"] == "elsewhere", told
            assert "another worker" in told["message"]
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await sock.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        async with httpx.AsyncClient(base_url=cluster.worker_base("w2"), timeout=20) as http:
            http.cookies = maker.http.cookies
            joined = await http.post(f"/api/matches/{match_id}/join")
        assert joined.status_code == 503 and joined.headers["retry-after"] == "1"
        assert "another worker" in joined.json()["detail"]
        await maker.close()

    run(scenario())


def test_quick_play_pairs_on_one_worker_and_the_match_is_played_at_its_home(
    cluster: ClusterProcess,
) -> None:
    """Quick play's queues live on one worker; the match it makes is for any living worker
    (its id names it) and is played there, through the same port."""

    async def scenario() -> None:
        ann, bob = await Client(cluster).guest(), await Client(cluster).guest()
        await seek(ann, time_control="5+3")
        await seek(bob, time_control="5+3")
        offer = await offered(ann)
        await answer(ann, offer, True)
        done = await answer(bob, offer, True)
        match_id = done["note"]["match"]
        home = match_id.rsplit(".", 1)[1]
        assert home in ("w1", "w2")
        sockets = [await c.socket(match_id) for c in (ann, bob)]
        for sock in sockets:
            assert (await sock.expect("welcome"))["status"] == "running"
            await drain(sock)
        assert await play_moves(sockets, random.Random(3), 4, "quick") > 0
        answered = await ann.http.get(f"/api/matches/{match_id}")
        assert answered.headers["x-cyberdeck-worker"] == home
        for sock in sockets:
            await sock.close()
        await ann.close()
        await bob.close()

    run(scenario())


def test_the_health_and_metrics_of_each_worker_name_it(cluster: ClusterProcess) -> None:
    for name in ("w1", "w2"):
        health = cluster.health(name)
        assert health is not None and health["ok"] and health["worker"] == name
    deadline = time.monotonic() + 30
    while True:  # the director's lease is taken a few seconds after the workers start
        leases = [
            httpx.get(
                f"{cluster.worker_base(name)}/api/metrics",
                headers={"Authorization": f"Bearer {METRICS_TOKEN}"},
                timeout=10,
            ).json()["leases"]
            for name in ("w1", "w2")
        ]
        assert [x["worker"] for x in leases] == ["w1", "w2"]
        directing = [x["directing"] for x in leases]
        if sum(directing) == 1 or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert sum(directing) == 1, directing  # one worker directs the tournaments


async def reached(client: Client, match_id: str, within: float = 30) -> float:
    """Seconds until a socket through the balancer is welcomed at ``match_id`` again (the
    takeover: refused while the dead owner's lease runs out, then served)."""
    began = time.monotonic()
    while time.monotonic() - began < within:
        try:
            sock = await client.socket(match_id)
            message = await sock.recv(within)
            await sock.close()
            if message["type"] == "welcome":
                return time.monotonic() - began
        except (OSError, websockets.WebSocketException, TimeoutError):
            pass
        await asyncio.sleep(0.2)
    raise AssertionError(f"{match_id} was not taken over within {within} s")


def test_killing_the_owner_hands_every_match_over_with_every_acknowledged_move(
    cluster: ClusterProcess, tmp_path: Path
) -> None:
    """Every registered game on one worker, with a real-time clock; a move in flight; the
    worker killed. Through the same port, the other worker takes each match over: every
    acknowledged move is there, the move in flight is made once or not at all (and can then be
    sent again), the clocks were not charged for the takeover, and the games play on to their
    end with nothing hidden leaked to any seat."""
    game_ids = every_game_id()

    async def scenario() -> None:
        tables: dict[str, dict[str, Any]] = {}
        owner = ""
        for index, game_id in enumerate(game_ids):
            rng = random.Random(index)
            match_id, clients, sockets = await seat_people(cluster, game_id, clock=HOUR)
            owner = match_id.rsplit(".", 1)[1]
            await play_moves(sockets, rng, BEFORE, "before")
            acked = sockets[0].seq
            in_flight = None
            sock = mover(sockets)
            if sock is not None:
                action = rng.choice(sock.table["legal_actions"])
                await sock.move(action, "in-flight")
                in_flight = (sockets.index(sock), action, acked)
            tables[game_id] = {
                "match": match_id,
                "clients": clients,
                "before": sockets,
                "acked": acked,
                "views": [s.table["view"] for s in sockets],
                "in_flight": in_flight,
            }
        assert {t["match"].rsplit(".", 1)[1] for t in tables.values()} == {owner}
        cluster.kill_worker(owner)
        for game_id in game_ids:
            await reached(tables[game_id]["clients"][0], tables[game_id]["match"])
        survivor = "w2" if owner == "w1" else "w1"
        health = cluster.health(survivor)
        # A game that ended before the kill is answered from the store and let go at once: DUEL's
        # six moves are fewer than ``BEFORE``, and a random deal of another game may end as early
        # (MATR1X can be lost in a few cards). The survivor holds every match still in play.
        store = Store(cluster.db_url)
        stored = [store.load_match(tables[g]["match"]) for g in game_ids]
        store.close()
        assert all(m is not None for m in stored)
        statuses = {m.game: m.status for m in stored if m is not None}
        assert set(statuses.values()) <= {"running", "finished"}, statuses
        going = [game for game, status in statuses.items() if status == "running"]
        assert len(going) >= len(game_ids) // 2, statuses
        assert health is not None and health["matches_held"] >= len(going), (health, statuses)
        for game_id in game_ids:
            received = await carry_on(cluster, game_id, tables[game_id])
            before: list[Socket] = tables[game_id]["before"]
            assert all(s.received for s in before)
            store = Store(cluster.db_url)
            data = store.load_match(tables[game_id]["match"])
            store.close()
            assert data is not None
            assert_no_leaks(data, received)

    run(scenario())


def children(pid: int, count: int, within: float = 120) -> list[int]:
    """The process ``pid``'s children, once it has ``count`` of them."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        found = [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        if len(found) >= count:
            return found
        time.sleep(0.1)
    raise AssertionError(f"process {pid} did not start {count} children within {within} s")


def running(pid: int) -> bool:
    """Whether a process is still running (one that ended and waits to be reaped is not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_cluster_stopped_while_its_workers_start_leaves_nothing_running(
    postgres_url: str, redis_server: RedisServer, tmp_path: Path, signum: signal.Signals
) -> None:
    """The operator stops the cluster (a service manager's SIGTERM, or Ctrl-C) before its
    workers answer: the supervisor ends at once and cleanly, and no worker is left behind."""
    process = ClusterProcess(postgres_url, tmp_path, redis_server.url, 2)
    process.env = {WORKER_DELAY: "60"}  # each worker waits a minute before it serves
    process.launch()
    assert process.proc is not None
    workers: list[int] = []
    try:
        workers = children(process.proc.pid, 2)
        process.proc.send_signal(signum)
        assert process.proc.wait(30) == 0, process.log.read_text()[-3000:]
        assert not [pid for pid in workers if running(pid)]
    finally:
        for pid in workers:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
        process.stop()
