"""The last turn for a page that was not watching: a welcome (a page opened or reloaded in the
middle of a game, or a resync) carries the story a page that watched every update would tell
(``web/static/js/table.js``: each update's events belong to the seat that was to move, and a turn
lasts until another seat moves), of the events that seat may see and no other."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cyberdeck.engine import ENGINE_VERSION, load_game
from cyberdeck.server.config import ServerConfig
from cyberdeck.server.hub import Connection, Hub
from cyberdeck.server.protocol import Move
from cyberdeck.store import ActionData, MatchData, SeatData

from .conftest import every_game_id
from .drive import seat_count
from .harness import run
from .test_visibility import Journal, Wire, drained


class Page:
    """What a page that watched from the start tells as the last turn (table.js's ``tell``)."""

    def __init__(self, welcome: dict[str, Any]) -> None:
        self.to_move: int | None = welcome["table"]["to_move"]
        self.actor: int | None = welcome["table"]["story"]["actor"]
        self.events: list[dict[str, Any]] = list(welcome["table"]["story"]["events"])

    def update(self, message: dict[str, Any]) -> None:
        actor = self.to_move
        if actor is not None:
            if actor != self.actor:
                self.actor, self.events = actor, []
            self.events += message["table"]["events"]
        self.to_move = message["table"]["to_move"]


def match_data(game_id: str, seed: int) -> MatchData:
    game = load_game(game_id)
    return MatchData(
        id=f"story{seed}",
        game=game_id,
        options=game.resolve_options(None),
        decks=None,
        seed=seed,
        engine_version=ENGINE_VERSION,
        status="running",
        public=True,
        invite="",
        created_by=0,
        seats=[SeatData(s, "human", None, s + 1, f"p{s}") for s in range(seat_count(game))],
    )


@pytest.mark.parametrize("game_id", every_game_id())
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_fresh_page_is_told_the_last_turn_a_watching_page_tells(game_id: str, seed: int) -> None:
    data = match_data(game_id, seed)
    config = ServerConfig(send_queue=10_000, step_gap=0)
    hub = Hub(Journal(), config)  # type: ignore[arg-type]  # stores nothing, default stops
    room = hub.build(data)
    count = len(data.seats)
    conns = {
        s: Connection(Wire(), () if s is None else (s,), 0, config) for s in [*range(count), None]
    }
    room.conns.extend(conns.values())
    pages = {s: Page(hub.welcome(room, c)) for s, c in conns.items()}
    picker = random.Random(seed)
    told = 0
    for step in range(120):
        state = room.match.state
        if state.is_terminal:
            break
        mover = state.current_player
        assert mover is not None
        action = picker.choice(state.legal_actions()).text
        run(
            hub.move(
                room, conns[mover], Move(type="move", id=f"m{step}", seq=room.seq, action=action)
            )
        )
        for seat, conn in conns.items():
            for message in drained(conn):
                if message["type"] == "update":
                    pages[seat].update(message)
        for seat, conn in conns.items():
            fresh = hub.welcome(room, conn)["table"]["story"]
            page = pages[seat]
            assert (fresh["actor"], fresh["events"]) == (page.actor, page.events), (seat, step)
            mine = {str(e["seats"]) for e in fresh["events"]}
            assert mine <= {"None", str([seat])}, (seat, mine)  # never another seat's events
            told += bool(fresh["events"])
    assert told


@pytest.mark.parametrize("game_id", ["cipher-run", "hack-me"])
def test_a_room_rebuilt_from_the_store_still_knows_the_last_turn(game_id: str) -> None:
    """After a restart the room is rebuilt by replaying its record: the last turn is told again
    move by move, so the line above the table is not empty after a restart either."""
    data = match_data(game_id, 5)
    config = ServerConfig(send_queue=10_000, step_gap=0)
    hub = Hub(Journal(), config)  # type: ignore[arg-type]
    room = hub.build(data)
    conn = Connection(Wire(), (0,), 0, config)
    room.conns.append(conn)
    picker = random.Random(5)
    for step in range(30):
        state = room.match.state
        if state.is_terminal:
            break
        action = picker.choice(state.legal_actions()).text
        mover = state.current_player
        assert mover is not None
        room.conns[0] = Connection(Wire(), (mover,), 0, config)
        run(
            hub.move(
                room, room.conns[0], Move(type="move", id=f"m{step}", seq=room.seq, action=action)
            )
        )
    data.actions = [
        ActionData(i, 0, text, None) for i, text in enumerate(room.match.record.actions)
    ]
    rebuilt = hub.build(data)
    assert rebuilt.story.actor == room.story.actor
    assert rebuilt.story.events[-1] == room.story.events[-1]
