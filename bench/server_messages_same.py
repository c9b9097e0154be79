"""Digests of every message the hub sends along seeded random matches, per game: run it on two
checkouts to show that a change to how tables, menus or views are built left every byte that
goes out as it was.

    PYTHONPATH=OLD/src python bench/server_messages_same.py --out old.json  # (this script)
    PYTHONPATH=src python bench/server_messages_same.py --out new.json --against old.json

Each game's matches (``--matches``, dealt from seeds 0, 1, ...) are played in process through
``Hub.connect`` and ``Hub.move`` as ``server_move.py`` plays them, ``--together`` at a time
taking turns (so that the memos of views, words and menus are emptied along the way as under
load), every seat connected; every message each connection is sent, in order, goes into the
game's digest. ``--against`` compares with an earlier run's digests and exits 1 when any
differ. Numbers, never asserted in the test suite.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from server_move import Journal, new_room, turns

from cyberdeck.engine import games, load_game
from cyberdeck.server.config import ServerConfig
from cyberdeck.server.hub import Connection, Hub, Room
from cyberdeck.server.protocol import read_client_message


class Recorder:
    """A socket that takes every message at once and keeps a digest of what it was sent."""

    def __init__(self, digest: Any) -> None:
        self.digest = digest
        self.messages = 0

    def write_now(self, data: bytes) -> bool:
        self.digest.update(len(data).to_bytes(4, "big") + data)
        self.messages += 1
        return True

    async def send_utf8(self, data: bytes) -> None:
        self.write_now(data)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        return None


async def digest(game_id: str, matches: int, steps: int, together: int) -> dict[str, Any]:
    game = load_game(game_id)
    config = ServerConfig()
    hub = Hub(Journal(), config)  # type: ignore[arg-type]
    sent = hashlib.sha256()
    recorders: list[Recorder] = []

    async def open_room(seed: int) -> tuple[Room, list[Connection]]:
        room, _ = new_room(hub, game, config, seed)
        room.conns.clear()
        conns = []
        for seat in range(len(room.data.seats)):
            recorder = Recorder(sent)
            recorders.append(recorder)
            conn = Connection(recorder, (seat,), seat + 1, config)  # type: ignore[arg-type]
            await hub.connect(room, conn)
            conns.append(conn)
        return room, conns

    moves = 0
    async for room, conn, raw in turns(open_room, matches, steps, together):
        await hub.move(room, conn, read_client_message(raw))  # type: ignore[arg-type]
        moves += 1
    return {
        "matches": matches,
        "moves": moves,
        "messages": sum(r.messages for r in recorders),
        "digest": sent.hexdigest(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--steps", type=int, default=400, help="moves at most per match")
    parser.add_argument("--together", type=int, default=20)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--against", type=Path, default=None)
    args = parser.parse_args()
    ids = args.games or [g.id for g in games()]
    result = {
        game_id: asyncio.run(digest(game_id, args.matches, args.steps, args.together))
        for game_id in ids
    }
    text = json.dumps(result, indent=1)
    print(text)
    if args.out is not None:
        args.out.write_text(text + "\n")
    if args.against is not None:
        before = json.loads(args.against.read_text())
        differ = [g for g in ids if before.get(g) != result[g]]
        print("differ: " + (", ".join(differ) if differ else "none"))
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
