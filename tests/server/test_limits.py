"""Limits per user and per address, private replays, an honest ladder, and one server per SQLite
file."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import httpx
import pytest
import websockets
from openskill.models import PlackettLuce

from .harness import Client, ServerProcess, run, served


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with served(
        tmp_path_factory,
        "capped",
        *("--open-matches", "2", "--sockets-per-match", "2", "--open-match-hours", "0.001"),
    ) as process:
        yield process


async def account(server: ServerProcess, name: str) -> Client:
    client = Client(server)
    made = await client.http.post(
        "/api/auth/signup", json={"name": name, "password": "correct horse battery"}
    )
    assert made.status_code == 201, made.text
    client.user = made.json()
    return client


async def finished(
    winner: Client, loser: Client, public: bool = True, **body: object
) -> dict[str, object]:
    """A DUEL between the two, ended by ``loser`` resigning; its summary."""
    created = await winner.create("duel", public=public, **body)
    match_id = created["match"]["id"]
    await loser.join(match_id, created["invite"])
    sock = await loser.socket(match_id)
    await sock.expect("welcome")
    await sock.send({"type": "resign", "id": "r"})
    await sock.expect("ended")
    await sock.close()
    return {"id": match_id, "invite": created["invite"]}


def test_a_private_match_s_replay_needs_a_seat_or_the_invite(server: ServerProcess) -> None:
    async def scenario() -> None:
        alice, bob, eve = [await Client(server).guest() for _ in range(3)]
        done = await finished(alice, bob, public=False)
        path = f"/api/matches/{done['id']}/replay"
        snoop = await eve.http.get(path, params={"step": 0})
        assert snoop.status_code == 403 and "invite" in snoop.json()["detail"]
        shared = await eve.http.get(path, params={"step": 0, "invite": done["invite"]})
        assert shared.status_code == 200
        seated = await bob.http.get(path, params={"step": 0, "seat": 1})
        assert seated.status_code == 200 and seated.json()["table"]["seat"] == 1
        for client in (alice, bob, eve):
            await client.close()

    run(scenario())


def test_guests_play_unrated_and_a_pairing_s_repeated_results_count_less(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        farmer, mule = await account(server, "farmer"), await account(server, "mule")
        guest = await Client(server).guest()
        for _ in range(3):  # a guest takes a seat only in a casual match
            await finished(farmer, guest, rated=False)
        await asyncio.sleep(0.5)
        board = (await farmer.http.get("/api/leaderboard/duel?provisional=true")).json()
        assert "farmer" not in [row["name"] for row in board], "a guest's resignations rate nobody"
        for _ in range(4):
            await finished(farmer, mule)
        for _ in range(100):
            board = (await farmer.http.get("/api/leaderboard/duel?provisional=true")).json()
            rows = {row["name"]: row for row in board}
            if rows.get("farmer", {}).get("games") == 4:
                break
            await asyncio.sleep(0.05)
        model = PlackettLuce()
        a, b = model.rating(), model.rating()
        for _ in range(4):  # what four full results would have given
            [[a], [b]] = model.rate([[a], [b]], ranks=[0, 1])
        assert rows["farmer"]["games"] == 4
        assert rows["farmer"]["mu"] < a.mu - 1.0, (rows["farmer"], a.mu)
        for client in (farmer, mule, guest):
            await client.close()

    run(scenario())


def test_matches_waiting_for_players_are_limited_and_expire(capped: ServerProcess) -> None:
    async def scenario() -> None:
        alice = await Client(capped).guest()
        first = await alice.create("duel")
        sock = await alice.socket(first["match"]["id"])
        await sock.expect("welcome")
        await alice.create("duel")
        third = await alice.http.post("/api/matches", json={"game": "duel"})
        assert third.status_code == 429 and "waiting" in third.json()["detail"]
        # Open matches go after open-match-hours (here 3.6 s); their sockets are told why.
        dropped = await sock.expect("error", timeout=15)
        assert dropped["code"] == "expired"
        gone = await alice.http.get(f"/api/matches/{first['match']['id']}")
        assert gone.status_code == 404
        assert (await alice.http.post("/api/matches", json={"game": "duel"})).status_code == 201
        await alice.close()

    run(scenario())


def test_sockets_per_match_are_limited(capped: ServerProcess) -> None:
    async def scenario() -> None:
        alice = await Client(capped).guest()
        created = await alice.create("duel", hotseat=True)
        match_id = created["match"]["id"]
        kept = [await alice.socket(match_id) for _ in range(2)]
        for sock in kept:
            await sock.expect("welcome")
        extra = await alice.socket(match_id)
        refused = await extra.expect("error")
        assert refused["code"] == "too-many"
        with pytest.raises(websockets.ConnectionClosed):
            await extra.recv(5)
        await alice.close()

    run(scenario())


def test_a_second_server_on_the_same_sqlite_file_refuses_to_start(server: ServerProcess) -> None:
    second = ServerProcess(server.db_url, server.data_dir)
    with pytest.raises(RuntimeError, match="already using"):
        second.start()
    deadline = time.monotonic() + 5
    while second.proc is not None and second.proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    assert second.proc is not None and second.proc.returncode == 1


def test_a_refused_look_at_a_finished_match_leaves_nothing_in_memory(server: ServerProcess) -> None:
    """A finished match is loaded back into memory (replayed) when someone asks for it, and
    leaves when nobody watches. A refused socket or join used to leave it loaded for good: one
    request per finished match held every game ever played in memory."""

    async def live() -> int:
        async with httpx.AsyncClient(base_url=server.base) as http:
            return int((await http.get("/api/health")).json()["live_matches"])

    async def settled(expected: int) -> int:
        for _ in range(50):
            if (count := await live()) == expected:
                break
            await asyncio.sleep(0.1)
        return count

    async def scenario() -> None:
        alice, bob, eve = [await Client(server).guest() for _ in range(3)]
        public = await finished(alice, bob)
        private = await finished(alice, bob, public=False)
        before = await settled(await live())
        for match_id, params in ((public["id"], {"seat": 0}), (private["id"], {})):
            sock = await eve.socket(match_id, **params)
            assert (await sock.expect("error"))["code"] == "not-your-seat"
            with pytest.raises(websockets.ConnectionClosed):
                await sock.recv(5)
        snoop = await eve.http.post(f"/api/matches/{private['id']}/join")
        assert snoop.status_code == 403
        assert await settled(before) == before, "the refused requests left matches loaded"
        for client in (alice, bob, eve):
            await client.close()

    run(scenario())
