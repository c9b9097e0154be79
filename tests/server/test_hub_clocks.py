"""The hub with a clock of the test's own, in one process: ``Hub.on_turn``, the hook a notifier
hangs on (each listener is called after a match starts and after every committed move with the
match and the user ids that must decide now; a listener may be a coroutine, and one that fails
does not stop the game), and moves and claims judged by when they were received, whatever the
time they are handled."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cyberdeck.engine import load_game
from cyberdeck.server.clocks import REAL_TIME, time_control
from cyberdeck.server.config import ServerConfig
from cyberdeck.server.database import Database
from cyberdeck.server.hub import Connection, Hub, new_match_data
from cyberdeck.server.protocol import Claim, Move
from cyberdeck.store import MatchData, SeatData, Store, sqlite_url

from .harness import run


class Quiet:
    """A socket that takes everything and keeps what it was sent."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def write_now(self, data: bytes) -> bool:
        self.sent.append(data)
        return True

    async def send_utf8(self, data: bytes) -> None:
        return None

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        return None


def test_turn_listeners_hear_who_must_decide_after_the_start_and_every_move(
    tmp_path: Path,
) -> None:
    store = Store(sqlite_url(tmp_path / "hub.sqlite3"))
    store.migrate()
    ann = store.create_user("ann", "account")
    bob = store.create_user("bob", "account")
    config = ServerConfig(step_gap=0)
    heard: list[tuple[str, list[int]]] = []
    awaited: list[list[int]] = []

    def plain(data: MatchData, users: list[int]) -> None:
        heard.append((data.id, users))

    async def later(data: MatchData, users: list[int]) -> None:
        awaited.append(users)

    def broken(data: MatchData, users: list[int]) -> None:
        raise RuntimeError("a notifier's own fault")

    async def scenario() -> None:
        hub = Hub(Database(store), config)
        hub.on_turn += [broken, plain, later]
        seats = [
            SeatData(0, "human", None, ann.id, ann.name),
            SeatData(1, "human", None, bob.id, bob.name),
        ]
        data = new_match_data(load_game("duel"), {}, seats, None, True, ann.id)
        room = await hub.create(data)
        assert heard == [(data.id, [ann.id])]
        conn = Connection(Quiet(), (0,), ann.id, config)
        room.conns.append(conn)
        action = room.match.state.legal_actions()[0].text
        await hub.move(room, conn, Move(type="move", id="m1", seq=0, action=action))
        assert heard[-1] == (data.id, [bob.id])
        await asyncio.sleep(0)  # the coroutine listener runs as a task of its own
        assert awaited == [[ann.id], [bob.id]]
        await hub.stop()

    try:
        run(scenario())
    finally:
        store.close()


class Stopped:
    """A wall clock that moves only when told."""

    def __init__(self) -> None:
        self.at = 1_000_000.0

    def now(self) -> float:
        return self.at


def test_a_move_received_before_the_fall_counts_and_a_claim_after_it_is_refused(
    tmp_path: Path,
) -> None:
    store = Store(sqlite_url(tmp_path / "receipt.sqlite3"))
    store.migrate()
    ann = store.create_user("ann", "account")
    bob = store.create_user("bob", "account")
    config = ServerConfig(step_gap=0)
    wall = Stopped()

    async def scenario() -> None:
        hub = Hub(Database(store), config, wall)
        seats = [
            SeatData(0, "human", None, ann.id, ann.name),
            SeatData(1, "human", None, bob.id, bob.name),
        ]
        data = new_match_data(load_game("duel"), {}, seats, None, True, ann.id)
        data.time_control = time_control(REAL_TIME, minutes=1, increment=2).to_json()
        room = await hub.create(data)
        assert room.clock is not None and room.clock.running == 0
        began = wall.at
        mover = Connection(Quiet(), (0,), ann.id, config)
        heard = Quiet()
        claimer = Connection(heard, (1,), bob.id, config)
        room.conns += [mover, claimer]
        # The move came in with a second left and waited; it is handled after the fall.
        wall.at = began + 61
        action = room.match.state.legal_actions()[0].text
        move = Move(type="move", id="m1", seq=0, action=action)
        await hub.move(room, mover, move, received=began + 59)
        assert room.seq == 1 and room.clock.left[0] == 1 + 2, "charged 59 s, given 2"
        assert room.clock.running == 1 and room.clock.since == began + 61
        await hub.claim(room, claimer, Claim(type="claim", id="c1"), received=began + 61)
        assert room.status == "running", "the mover's move beat the fall"
        assert b"cannot-claim" in heard.sent[-1]
        # Bob's own time runs out; Ann's claim, received after it, wins the game.
        wall.at = began + 200
        await hub.claim(room, mover, Claim(type="claim", id="c2"), received=began + 122)
        assert room.status == "finished" and room.outcome is not None
        assert room.outcome["kind"] == "time" and room.outcome["winners"] == [0]
        await hub.stop()

    try:
        run(scenario())
    finally:
        store.close()
