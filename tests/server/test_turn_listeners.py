"""``Hub.on_turn``: the hook a notifier hangs on. Each listener is called after a match starts
and after every committed move with the match and the user ids that must decide now (none while
an AI decides); a listener may be a coroutine, and one that fails does not stop the game."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cyberdeck.engine import load_game
from cyberdeck.server.config import ServerConfig
from cyberdeck.server.database import Database
from cyberdeck.server.hub import Connection, Hub, new_match_data
from cyberdeck.server.protocol import Move
from cyberdeck.store import MatchData, SeatData, Store, sqlite_url

from .harness import run


class Quiet:
    """A socket that takes everything and keeps nothing."""

    def write_now(self, data: bytes) -> bool:
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
