"""The property behind "secrets never leave the server", for every registered game: along
thousands of random states, every message the hub builds for a seat (updates after each move and
full resyncs) or for a spectator holds no card that the seat may not see at that moment."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest

from cyberdeck.engine import ENGINE_VERSION, load_game
from cyberdeck.server.config import ServerConfig
from cyberdeck.server.hub import Connection, Hub
from cyberdeck.server.protocol import Move
from cyberdeck.store import ActionData, MatchData, SeatData

from .conftest import every_game_id
from .drive import assert_no_leaks, seat_count
from .harness import run

MAX_STEPS = 250
STATES = 2000


class Wire:
    """A socket that keeps what it is sent."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def write_now(self, data: bytes) -> bool:
        self.sent.append(json.loads(data))
        return True

    async def send_utf8(self, data: bytes) -> None:
        self.sent.append(json.loads(data))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        return None


def drained(conn: Connection) -> list[dict[str, Any]]:
    wire = conn.socket
    assert isinstance(wire, Wire) and not conn.backlog, "every message was written at once"
    out, wire.sent = wire.sent, []
    return out


async def random_match(game_id: str, seed: int, sink: list[dict[str, Any]] | None = None) -> int:
    """One random game through the hub's messages, checked; returns how many states it saw
    (and puts every message sent into ``sink``, when given)."""
    game = load_game(game_id)
    count = seat_count(game)
    data = MatchData(
        id=f"m{seed}",
        game=game_id,
        options=game.resolve_options(None),
        decks=None,
        seed=seed,
        engine_version=ENGINE_VERSION,
        status="running",
        public=True,
        invite="",
        created_by=0,
        seats=[SeatData(s, "human", None, s + 1, f"p{s}") for s in range(count)],
    )
    config = ServerConfig(send_queue=10_000, step_gap=0)
    hub = Hub(None, config)  # type: ignore[arg-type]  # no database: only the messages
    room = hub.build(data)
    conns = {
        seat: Connection(Wire(), () if seat is None else (seat,), 0, config)
        for seat in [*range(count), None]
    }
    room.conns.extend(conns.values())
    received: dict[int | None, list[dict[str, Any]]] = {seat: [] for seat in conns}
    picker = __import__("random").Random(seed)
    for conn in conns.values():
        conn.send(hub.welcome(room, conn))
    steps = 0
    while not room.match.state.is_terminal and steps < MAX_STEPS:
        action = picker.choice(room.match.state.legal_actions())
        events = room.match.play(action)
        data.actions.append(ActionData(steps, 0, action.text, None))
        hub.broadcast_table(room, events)
        if picker.random() < 0.1:
            for conn in conns.values():
                conn.send(hub.welcome(room, conn))
        steps += 1
    for seat, conn in conns.items():
        received[seat] = drained(conn)
        if sink is not None:
            sink.extend(received[seat])
        marks = {
            json.dumps(event["seats"])
            for message in received[seat]
            if message["type"] in ("welcome", "update")
            for event in message["table"]["events"]
        }
        # An event says whether it is public or for this seat; it never names another seat.
        assert marks <= {"null", json.dumps([seat])} if seat is not None else marks <= {"null"}
    assert assert_no_leaks(data, received) >= (steps + 1) * len(conns)
    return steps + 1


@pytest.mark.parametrize("game_id", every_game_id())
def test_no_message_to_a_seat_holds_a_card_it_may_not_see(game_id: str) -> None:
    states, seed = 0, 0
    while states < STATES:
        states += run(random_match(game_id, seed * 7919 + 1))
        seed += 1


@pytest.mark.parametrize("game_id", ["matrix-overload", "cipher-run"])
def test_no_message_of_a_live_match_carries_its_seed(game_id: str) -> None:
    """The seed rebuilds every hidden card (the whole deck of a solitaire)."""
    seed = 3_141_592_653_589_793
    messages: list[dict[str, Any]] = []
    run(random_match(game_id, seed, messages))
    text = json.dumps(messages).replace(f'"m{seed}"', '"match-id"')  # this test names it so
    assert messages and str(seed) not in text and '"seed":' not in text


class Journal:
    """A database that stores nothing and knows no player's stops: only the hub's own work."""

    store = SimpleNamespace(stops=None)

    async def commit(self, *items: object) -> None:
        return None

    async def read(self, fn: object, *args: object) -> None:
        return None


@pytest.mark.parametrize("game_id", ["cipher-run", "cyberpunk-ccg"])
def test_a_move_builds_each_seats_view_once(game_id: str) -> None:
    """The table's answers for the seat to move (the CCG's stops) and every connection's update
    share one view per seat and position (building views was most of a move's work); a game
    without stops never builds one for its answers."""
    game = load_game(game_id)
    data = MatchData(
        id="views",
        game=game.id,
        options=game.resolve_options(None),
        decks=None,
        seed=7,
        engine_version=ENGINE_VERSION,
        status="running",
        public=True,
        invite="",
        created_by=0,
        seats=[SeatData(s, "human", None, s + 1, f"p{s}") for s in range(2)],
    )
    config = ServerConfig(send_queue=10_000, step_gap=0)
    hub = Hub(Journal(), config)  # type: ignore[arg-type]
    room = hub.build(data)
    table = Connection(Wire(), (0, 1), 0, config)  # one person at both seats
    watcher = Connection(Wire(), (), 0, config)
    room.conns.extend([table, watcher])
    built: list[tuple[int, int | None]] = []
    state_class = type(room.match.state)
    view = state_class.view

    def counted(state: Any, seat: int | None) -> dict[str, Any]:
        built.append((room.seq, seat))
        return view(state, seat)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(state_class, "view", counted)
        for step in range(12):
            if room.match.state.is_terminal:
                break
            action = room.match.state.legal_actions()[0].text
            built.clear()
            move = Move(type="move", id=f"m{step}", seq=room.seq, action=action)
            run(hub.move(room, table, move))
            assert drained(table)[-1]["ack"] == f"m{step}"
            drained(watcher)
            assert len(built) == len(set(built)), ("a view built twice", step, built)
            now = {seat for seq, seat in built if seq == room.seq}
            assert now == {room.match.state.current_player, None}, (step, built)
