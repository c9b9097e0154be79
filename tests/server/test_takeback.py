"""Taking a move back takes back the table's answers after it: in MATR1X a move is often followed
by a lone question the table answers (a royal with one free slot), and undoing only that answer
would see the table give it again at once."""

from __future__ import annotations

import random

from cyberdeck.engine.autoanswer import Takeback
from cyberdeck.server.config import ServerConfig
from cyberdeck.server.hub import Connection, Hub
from cyberdeck.server.protocol import Move, Undo

from .harness import run
from .test_story import match_data
from .test_visibility import Journal, Wire, drained


def test_a_takeback_counts_the_tables_answers_and_the_players_move() -> None:
    back = Takeback()
    assert back.steps() == 0
    for by_table in (True, False, True, True):
        back.played(by_table)
    assert back.steps() == 3
    back.undone()
    back.undone()
    back.undone()
    assert back.steps() == 0  # only the table's answer stands: nothing of the player's


def test_undo_restores_the_position_before_the_players_move() -> None:
    undone = 0
    for seed in range(1, 40):
        data = match_data("matrix-overload", seed)
        config = ServerConfig(send_queue=10_000, step_gap=0)
        hub = Hub(Journal(), config)  # type: ignore[arg-type]  # stores nothing
        room = hub.build(data)
        conn = Connection(Wire(), (0,), 0, config)
        room.conns.append(conn)
        run(hub.answer_now(room))
        picker = random.Random(seed)
        for step in range(60):
            state = room.match.state
            if state.is_terminal:
                break
            before, at = state.fingerprint(), room.seq
            action = picker.choice(state.legal_actions()).text
            run(hub.move(room, conn, Move(type="move", id=f"m{step}", seq=room.seq, action=action)))
            if room.seq - at > 1 and not room.match.state.is_terminal:  # the table answered too
                run(hub.move(room, conn, Undo(type="undo", id=f"u{step}", seq=room.seq)))
                assert room.match.state.fingerprint() == before, (seed, step)
                assert room.match.state.legal_actions()  # the player is asked again
                undone += 1
                break
            drained(conn)
        if undone >= 3:
            break
    assert undone >= 3
