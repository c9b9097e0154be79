"""The server's own Python work per move, without sockets or a database: random games played
through ``Hub.move`` in process (the message parsed, the move played, the table's answers, every
connection's update built and encoded), CPU time per move.

    python bench/server_move.py --game cipher-run --matches 60
    python bench/server_move.py --matches 1000 --together 1000 --steps 40   # as under load

The load benchmark (``server_load.py``) measures a whole server on loopback, where system calls,
the event loop and the database add to this and other processes share the machine; this part is
the one a change to views, menus or the hub moves, and it is steady enough to compare two
versions on a busy machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from types import SimpleNamespace
from typing import Any

import orjson

from cyberdeck.engine import ENGINE_VERSION, Game, load_game
from cyberdeck.server.config import ServerConfig
from cyberdeck.server.hub import Connection, Hub, Room
from cyberdeck.server.protocol import read_client_message
from cyberdeck.store import MatchData, SeatData


class Wire:
    """A socket that takes every message at once and keeps none."""

    def write_now(self, data: bytes) -> bool:
        return True

    async def send_utf8(self, data: bytes) -> None:
        return None

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        return None


class Journal:
    """A database that stores nothing and knows no player's stops, ratings or accounts."""

    store = SimpleNamespace(stops=None, user_by_id=None)

    async def commit(self, *items: object) -> None:
        return None

    async def read(self, fn: object, *args: object) -> None:
        return None


def new_room(
    hub: Hub, game: Game, config: ServerConfig, seed: int
) -> tuple[Room, list[Connection]]:
    """A running match of ``game`` dealt from ``seed``, a connection at each seat."""
    seats = int(game.resolve_options(None).get("players", game.min_players))
    data = MatchData(
        id=f"m{seed}",
        game=game.id,
        options=game.resolve_options(None),
        decks=None,
        seed=seed,
        engine_version=ENGINE_VERSION,
        status="running",
        public=True,
        invite="",
        created_by=0,
        seats=[SeatData(s, "human", None, s + 1, f"p{s}") for s in range(seats)],
    )
    room = hub.build(data)
    conns = [Connection(Wire(), (s,), s + 1, config) for s in range(seats)]
    room.conns.extend(conns)
    return room, conns


def next_move(room: Room, rng: random.Random) -> str | None:
    """A random legal move's message for the seat to move, or ``None`` where the match would
    end (a finished match starts work, ratings, that is not a move's)."""
    state = room.match.state
    legal = state.legal_actions()
    if state.current_player is None or not legal:
        return None
    action = legal[0] if len(legal) == 1 else rng.choice(legal)
    probe = state.clone()
    probe.apply(action)
    if probe.is_terminal:
        return None
    message = {"type": "move", "id": f"m{room.seq}", "seq": room.seq, "action": action.text}
    return orjson.dumps(message).decode()


async def turns(
    open_room: Callable[[int], Awaitable[tuple[Room, list[Connection]]]],
    matches: int,
    steps: int,
    together: int,
) -> AsyncIterator[tuple[Room, Connection, str]]:
    """The moves of ``matches`` matches (``open_room(seed)`` for seeds 0, 1, ...), ``together``
    at a time taking turns a move each, as a loaded server sees them (every memo of views and
    words then sees that many matches' positions at once), up to ``steps`` moves each: the
    room, the connection of the seat to move and its message. The caller plays each move
    before it asks for the next."""
    seeds = iter(range(matches))
    live: list[tuple[Room, list[Connection], random.Random]] = []
    while True:
        while len(live) < together and (seed := next(seeds, None)) is not None:
            live.append((*await open_room(seed), random.Random(seed)))
        if not live:
            return
        for entry in list(live):
            room, conns, rng = entry
            raw = next_move(room, rng) if room.seq < steps else None
            if raw is None:
                live.remove(entry)
                continue
            seat = room.match.state.current_player
            assert seat is not None
            yield room, conns[seat], raw


async def measure(game_id: str, matches: int, steps: int, together: int) -> dict[str, Any]:
    """Play ``matches`` matches, ``together`` at a time (see ``turns``), up to ``steps`` moves
    each; the CPU time of ``Hub.move`` alone is counted."""
    game = load_game(game_id)
    config = ServerConfig(step_gap=0)  # the pace only holds messages back: the same work
    hub = Hub(Journal(), config)  # type: ignore[arg-type]

    async def open_room(seed: int) -> tuple[Room, list[Connection]]:
        return new_room(hub, game, config, seed)

    spent, moves = 0.0, 0
    async for room, conn, raw in turns(open_room, matches, steps, together):
        started = time.process_time()
        await hub.move(room, conn, read_client_message(raw))  # type: ignore[arg-type]
        spent += time.process_time() - started
        moves += 1
    return {
        "game": game_id,
        "matches": matches,
        "together": together,
        "moves": moves,
        "cpu_us_per_move": round(spent / max(1, moves) * 1e6, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="cipher-run")
    parser.add_argument("--matches", type=int, default=60)
    parser.add_argument("--steps", type=int, default=150, help="moves at most per match")
    parser.add_argument(
        "--together",
        type=int,
        default=1,
        help="matches under way at once, taking turns (1: one after another)",
    )
    args = parser.parse_args()
    result = measure(args.game, args.matches, args.steps, args.together)
    print(json.dumps(asyncio.run(result), indent=1))


if __name__ == "__main__":
    main()
