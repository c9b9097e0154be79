"""``kill -9`` in the middle of a game, for every registered game: the server restarts with every
game exactly where it was, a move that was in flight is neither lost once acknowledged nor made
twice, and nothing any seat was sent, before or after, held a card that seat may not see."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from cyberdeck.store import Store

from .conftest import every_game_id
from .drive import assert_no_leaks, mover, play_moves, seat_people
from .harness import Client, ServerProcess, Socket, run

#: Moves made before the kill, and at most after it (then the game is resigned).
BEFORE, AFTER = 8, 400
#: Every game is played with a real-time clock, which must come through the kill too.
HOUR = {"kind": "real-time", "minutes": 60, "increment": 0}


async def kill_and_restart(server: ServerProcess, game_ids: list[str]) -> dict[str, Any]:
    tables: dict[str, Any] = {}
    for index, game_id in enumerate(game_ids):
        rng = random.Random(index)
        match_id, clients, sockets = await seat_people(server, game_id, clock=HOUR)
        await play_moves(sockets, rng, BEFORE, "before")
        acked = sockets[0].seq
        in_flight = None
        sock = mover(sockets)
        if sock is not None:
            action = rng.choice(sock.table["legal_actions"])
            seat = sockets.index(sock)
            await sock.move(action, "in-flight")
            in_flight = (seat, action, acked)
        tables[game_id] = {
            "match": match_id,
            "clients": clients,
            "before": sockets,
            "acked": acked,
            "views": [s.table["view"] for s in sockets],
            "in_flight": in_flight,
        }
    server.kill9()  # while the last moves are on their way
    server.start()
    return tables


def made_once(server: ServerProcess, game_id: str, info: dict[str, Any], seq: int) -> None:
    """Past the acknowledged step the store holds the in-flight move, made once, and nothing
    else but the questions the table answered after it (MATR1X answers a lone question itself:
    a card with one pile). One step bears the move's message id: the last of the move's commit,
    which holds the table's answers too, unless the kill came between the two commits and the
    restarted table answered (then the move's own step)."""
    assert info["in_flight"] is not None, f"{game_id}: moves appeared with none in flight"
    seat, action, acked = info["in_flight"]
    store = Store(server.db_url)
    try:
        data = store.load_match(info["match"])
    finally:
        store.close()
    assert data is not None
    made = data.actions[acked:seq]
    assert made[0].seat == seat and made[0].text == action, f"{game_id}: {made[0]}"
    ids = [a.msg_id for a in made]
    assert ids.count("in-flight") == 1 and set(ids) <= {None, "in-flight"}, made
    assert ids.index("in-flight") in (0, len(made) - 1), made


async def carry_on(
    server: ServerProcess, game_id: str, info: dict[str, Any]
) -> dict[int | None, list[Any]]:
    clients: list[Client] = info["clients"]
    sockets: list[Socket] = []
    for seat, client in enumerate(clients):
        sock = await client.socket(info["match"])
        welcome = await sock.expect("welcome")
        assert welcome["you"] == seat
        assert welcome["seq"] >= info["acked"], f"{game_id}: an acknowledged move was lost"
        clock = welcome["clock"]
        assert clock["control"]["label"] == "60+0", f"{game_id}: the clock was lost"
        if welcome["status"] == "running":
            assert clock["running"] == welcome["table"]["to_move"], f"{game_id}: {clock}"
            # Minutes were played at most, and the time down was not charged.
            assert all(3000 < left <= 3600 for left in clock["left"]), f"{game_id}: {clock}"
        if welcome["seq"] == info["acked"]:
            assert welcome["table"]["view"] == info["views"][seat], f"{game_id}: the table changed"
        else:
            made_once(server, game_id, info, welcome["seq"])
        sockets.append(sock)
    if info["in_flight"] is not None:
        seat, action, seq = info["in_flight"]
        sock = sockets[seat]
        await sock.move(action, "in-flight", seq=seq)
        if sock.seq > seq:
            answer = await sock.expect("error")
        else:
            answer = await sock.acked("in-flight")
        if answer["type"] == "error":
            assert answer["code"] == "duplicate", answer
        for other in sockets:
            while other.seq < seq + 1:
                await other.recv()
    made = await play_moves(sockets, random.Random(game_id), AFTER, "after")
    if made == AFTER and sockets[0].status != "finished":
        await sockets[0].send({"type": "resign", "id": "enough"})
        await sockets[0].expect("ended")
    received: dict[int | None, list[Any]] = {}
    for seat, sock in enumerate(sockets):
        received[seat] = info["before"][seat].received + sock.received
        await sock.close()
    return received


def kill_9_scenario(url: str, folder: Path) -> int:
    """Every registered game played, killed, restarted and finished on the database at ``url``;
    returns how many tables were checked for leaks."""
    server = ServerProcess(url, folder, "--ai-delay", "0", "--rate", "1000", "--burst", "1000")
    game_ids = every_game_id()
    try:
        server.start()

        async def scenario() -> int:
            tables = await kill_and_restart(server, game_ids)
            count = 0
            store = Store(url)
            for game_id in game_ids:
                received = await carry_on(server, game_id, tables[game_id])
                data = store.load_match(tables[game_id]["match"])
                assert data is not None
                assert data.status == "finished" or len(data.actions) == AFTER + BEFORE + 1
                count += assert_no_leaks(data, received)
            store.close()
            return count

        return run(scenario())
    finally:
        server.stop()


def test_kill_9_mid_game_loses_nothing_for_every_game(tmp_path: Path) -> None:
    assert kill_9_scenario(f"sqlite:///{tmp_path / 'cyberdeck.sqlite3'}", tmp_path) > 0


@pytest.fixture(scope="module")
def strict_server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("strict")
    process = ServerProcess(
        f"sqlite:///{folder / 'db.sqlite3'}", folder, "--rate", "5", "--burst", "5"
    ).start()
    yield process
    process.stop()


def test_a_connection_that_sends_too_fast_is_told_and_slowed(strict_server: ServerProcess) -> None:
    async def scenario() -> None:
        _, _, (a, _b) = await seat_people(strict_server, "duel")
        await asyncio.sleep(1.0)  # a full bucket
        for _ in range(20):
            await a.send({"type": "ping"})
        answers = [await a.recv() for _ in range(6)]
        kinds = [m["type"] for m in answers]
        assert kinds.count("pong") == 5 and kinds.count("error") == 1
        limited = next(m for m in answers if m["type"] == "error")
        assert limited["code"] == "rate-limited" and "5" in limited["message"]
        await asyncio.sleep(0.5)
        await a.send({"type": "ping"})
        assert (await a.expect("pong"))["type"] == "pong"

    run(scenario())
