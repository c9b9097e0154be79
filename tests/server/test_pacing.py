"""The table's answer for a player looks, to every other seat, like the player's own quick move:
the same messages at the same times, whether the answer was the only one or not. Whether a
question has one answer can depend on the hidden hand (a Cypher hand of two Extractors has one
card to pass), so anything else would tell the others what the hand holds (``server.pacing``).
The times are the hub's decisions (``Pace``, on a clock the test moves), not measured."""

from __future__ import annotations

import json
from typing import Any

from cyberdeck.engine import ENGINE_VERSION, Match, load_game
from cyberdeck.games.cypher.position import table
from cyberdeck.server.config import ServerConfig
from cyberdeck.server.hub import Connection, Hub
from cyberdeck.server.pacing import AiPace, Pace
from cyberdeck.server.protocol import Move
from cyberdeck.store import MatchData, SeatData

from .harness import run
from .test_visibility import Journal, Wire

GAP = 0.5


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Recorder(Connection):
    """A connection that keeps each message it is sent and the time the hub sends it at."""

    def __init__(self, seats: tuple[int, ...], config: ServerConfig) -> None:
        super().__init__(Wire(), seats, 0, config)
        self.got: list[tuple[dict[str, Any], float | None]] = []

    def send(self, message: dict[str, Any] | bytes, at: float | None = None) -> None:
        self.got.append((json.loads(message) if isinstance(message, bytes) else message, at))


def cypher_turn(deck_top: str, moves: list[str]) -> dict[int | None, list[Any]]:
    """Player 1 (seat 0) plays a Bodyguard and draws the top card, then makes ``moves`` at once:
    what every seat (``None``: a spectator) is sent, with the times. The deck's top is the second
    Extractor or a Fixer; no other seat can tell which."""
    game = load_game("cypher")
    data = MatchData(
        id="pace",
        game="cypher",
        options={"players": 3, "burn": False},
        decks=None,
        seed=1,
        engine_version=ENGINE_VERSION,
        status="running",
        public=True,
        invite="",
        created_by=0,
        seats=[SeatData(s, "human", None, s + 1, f"p{s}") for s in range(3)],
    )
    config = ServerConfig(send_queue=10_000, step_gap=GAP)
    hub = Hub(Journal(), config)  # type: ignore[arg-type]  # stores nothing, default stops
    room = hub.build(data)
    room.match = Match(game, data.options, 1)
    room.match.state = table(
        3,
        hands={0: "bodyguard extractor", 1: "coder", 2: "hacker"},
        deck=deck_top,
        display="executive",
    )
    clock = Clock()
    room.pace = Pace(GAP, clock)
    conns = {s: Recorder(() if s is None else (s,), config) for s in (0, 1, 2, None)}
    room.conns.extend(conns.values())
    for n, action in enumerate(["play bodyguard", "draw top", *moves]):
        if n == 1:
            clock.now += 4.0  # the player thinks before drawing, then answers at once
        move = Move(type="move", id=f"m{n}", seq=room.seq, action=action)
        run(hub.move(room, conns[0], move))
    assert room.match.state.current_player == 1, "Player 1's turn is over in both games"
    return {seat: conn.got for seat, conn in conns.items()}


def test_a_lone_answer_looks_to_the_others_like_a_chosen_one() -> None:
    # Two Extractors: the table passes one left and one right at once, for the player.
    lone = cypher_turn("extractor", [])
    # An Extractor and a Fixer: the player passes the Extractor left at once; the Fixer, the
    # one card left, the table passes right.
    chosen = cypher_turn("fixer", ["pass extractor"])
    assert lone[1] == chosen[1], "Player 2, handed an Extractor either way, is told the same"
    assert lone[None] == chosen[None], "a spectator is told the same"
    # Player 3 is handed another card, so its own hand differs; when it is told is the same.
    assert [at for _, at in lone[2]] == [at for _, at in chosen[2]]
    # Each step on its own, a gap after the one before: play, draw, pass left, pass right.
    assert [at for _, at in lone[1]] == [1000.0, 1004.0, 1004.0 + GAP, 1004.0 + 2 * GAP]
    # The player sees its own steps at once, and its log says what the table did for it.
    assert all(at is None for _, at in lone[0])
    told = [e["kind"] for m, _ in lone[0] for e in m["table"]["events"]]
    assert told.count("auto") == 2
    assert all(e["kind"] != "auto" for m, _ in lone[1] for e in m["table"]["events"])


def test_a_persons_step_waits_the_gap_and_an_ai_seats_comes_at_its_own_pace() -> None:
    clock = Clock()
    pace = Pace(GAP, clock)
    assert pace.next(person=False) == 1000.0  # an AI seat's move (it waited --ai-delay)
    assert pace.next(person=False) == 1000.0  # and its next, in order behind it
    assert pace.next() == 1000.0 + GAP  # the table's answer for a person right after
    assert pace.next() == 1000.0 + 2 * GAP  # and its next answer
    clock.now = 1003.0
    assert pace.next() == 1003.0  # a move thought over for longer than the gap goes at once


def test_an_ai_turn_of_many_moves_waits_its_budget_at_most() -> None:
    """An AI seat waits ``ai_delay`` before its first moves, and its moves in a row wait no more
    than ``ai_turn_seconds`` in all (a CCG turn of forty moves would otherwise wait 24 s); a new
    seat to move gets its own budget. The waits depend on the count of moves only."""
    pace = AiPace(0.6, 2.0)
    waits = [pace.wait(1) for _ in range(40)]
    assert waits[:3] == [0.6, 0.6, 0.6] and abs(sum(waits) - 2.0) < 1e-9
    assert waits[-1] == 0.0
    assert pace.wait(2) == 0.6 and pace.wait(1) == 0.6
    assert ServerConfig().ai_turn_seconds <= 2.0
