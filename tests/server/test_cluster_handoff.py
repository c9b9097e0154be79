"""A killed worker of a cluster is started again by the supervisor and takes its matches back
from the worker that took them over meanwhile: the holder hands each one over between two
moves, its sockets are closed so that they reconnect, and nothing acknowledged is lost."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator

import pytest
import websockets

from .cluster_harness import ClusterProcess, two_workers
from .drive import drain, play_moves, seat_people
from .harness import Client, Socket, run
from .services import RedisServer
from .test_cluster import reached


async def on_worker(client: Client, base: str, match_id: str) -> Socket:
    """``client``'s socket at ``match_id`` on one worker's own port, past the balancer."""
    connection = await websockets.connect(
        f"ws{base[4:]}/ws/matches/{match_id}",
        additional_headers={"Cookie": client.cookie()},
        origin=websockets.Origin(base),
    )
    return Socket(connection)


@pytest.fixture(scope="module")
def cluster(
    postgres_url: str, redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ClusterProcess]:
    with two_workers(postgres_url, redis_server.url, tmp_path_factory.mktemp("handoff"), 0.5) as c:
        yield c


def test_a_restarted_worker_takes_its_match_back(cluster: ClusterProcess) -> None:
    async def scenario() -> None:
        match_id, clients, sockets = await seat_people(cluster, "duel")
        home = match_id.rsplit(".", 1)[1]
        other = "w2" if home == "w1" else "w1"
        await play_moves(sockets, random.Random(1), 3, "before")
        acked = sockets[0].seq
        for sock in sockets:
            await sock.close()
        cluster.kill_worker(home)
        await reached(clients[0], match_id)  # the other worker took it over
        held = cluster.health(other)
        assert held is not None and held["matches_held"] >= 1
        # Straight to the worker that took the match over (the balancer would send them home
        # as soon as home is back up, which may be any moment now).
        players = [await on_worker(c, cluster.worker_base(other), match_id) for c in clients]
        for sock in players:
            welcome = await sock.expect("welcome")
            assert welcome["seq"] >= acked
            await drain(sock)
        cluster.wait_healthy(home, within=60)  # started again by the supervisor
        watcher = await Client(cluster).guest()
        await asyncio.to_thread(cluster.wait_routed, home)
        # The balancer sends the newcomer home; home asks for the match and the other worker
        # hands it over, closing its players' sockets so that they come home too.
        await reached(watcher, match_id)
        for sock in players:
            with pytest.raises(websockets.ConnectionClosed) as closed:
                while True:
                    await sock.recv(10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        back = [await c.socket(match_id) for c in clients]
        for sock in back:
            welcome = await sock.expect("welcome")
            assert welcome["seq"] >= acked
            await drain(sock)
        made = await play_moves(back, random.Random(2), 3, "after")
        assert made > 0
        at_home = cluster.health(home)
        assert at_home is not None and at_home["matches_held"] >= 1
        for sock in back:
            await sock.close()
        await asyncio.gather(*(c.close() for c in (*clients, watcher)))

    run(scenario())
