"""Clocks on a real server whose time a test moves on (``timetravel``): a real-time clock
charged and incremented, its fall told to the table, the claim, an opponent who keeps waiting,
a turn-based match played over a week, "Your turn" most urgent first, a seat of a game of three
taken over by the AI, rated and casual, who may choose what, the caps, and a ``kill -9`` that
charges nobody for the time the server was down."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from .harness import Client, ServerProcess, Socket, run, served
from .timetravel import TimeTravel

PASSWORD = "correct horse battery"
ONE_MINUTE = {"kind": "real-time", "minutes": 1, "increment": 5}
DAY = 86400.0
#: Slack for the seconds a loaded machine takes between a test's steps (the server's clock
#: runs on meanwhile): generous, since what is checked is minutes and days.
SLACK = 15.0

names = itertools.count()


@pytest.fixture(scope="module")
def travel(tmp_path_factory: pytest.TempPathFactory) -> TimeTravel:
    return TimeTravel(tmp_path_factory.mktemp("clock") / "offset")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, travel: TimeTravel) -> Iterator[ServerProcess]:
    flags = ("--ai-delay", "0", "--rate", "1000", "--burst", "1000", "--turn-based-matches", "2")
    with served(tmp_path_factory, "clocks", *flags, env=travel.env) as process:
        yield process


async def account(server: ServerProcess) -> Client:
    client = await Client(server).guest()
    made = await client.http.post(
        "/api/auth/signup", json={"name": f"clocked{next(names)}", "password": PASSWORD}
    )
    assert made.status_code == 201, made.text
    client.user = made.json()
    return client


async def duel(
    server: ServerProcess, clock: dict[str, Any], people: list[Client] | None = None, **body: Any
) -> tuple[str, list[Client], list[Socket]]:
    """A DUEL with this clock between two people (guests unless given), both at the table."""
    if people is None:
        people = [await Client(server).guest(), await Client(server).guest()]
    created = await people[0].create("duel", clock=clock, **body)
    match_id = created["match"]["id"]
    await people[1].join(match_id)
    sockets = [await p.socket(match_id) for p in people]
    for sock in sockets:
        await sock.expect("welcome")
    return match_id, people, sockets


async def clock_of(sock: Socket, kind: str = "update") -> dict[str, Any]:
    message = await sock.expect(kind)
    clock: dict[str, Any] = message["clock"]
    return clock


async def fall(sock: Socket, seat: int) -> dict[str, Any]:
    """The table is told, between moves, that ``seat``'s clock fell."""
    while True:
        clock = await clock_of(sock, "clock")
        if seat in clock["out"]:
            return clock


def test_a_real_time_clock_charges_the_mover_and_adds_the_increment(
    server: ServerProcess, travel: TimeTravel
) -> None:
    async def scenario() -> None:
        _, _, (a, _) = await duel(server, ONE_MINUTE)
        welcome = a.received[0]
        assert welcome["match"]["time_control"]["label"] == "1+5"
        assert welcome["grace_seconds"] is None, "the clock replaces the away grace"
        clock = welcome["clock"]
        assert clock["running"] == 0 and clock["left"][1] == 60
        travel.advance(20)
        moved = await a.play(a.table["legal_actions"][0], "m1")
        after = moved["clock"]
        assert after["running"] == 1 and after["left"][1] == 60
        assert 45 - SLACK <= after["left"][0] <= 45, "charged 20 s, given 5"

    run(scenario())


def test_a_fallen_clock_is_told_to_the_table_and_the_opponent_claims_the_win(
    server: ServerProcess, travel: TimeTravel
) -> None:
    async def scenario() -> None:
        match_id, people, (a, b) = await duel(server, ONE_MINUTE)
        await b.send({"type": "claim", "id": "early"})
        early = await b.expect("error")
        assert early["code"] == "cannot-claim" and "time has run out" in early["message"]
        travel.advance(61)
        for sock in (a, b):
            told = await fall(sock, 0)
            assert told["left"][0] == 0 and told["running"] == 0
        await a.send({"type": "claim", "id": "own"})
        assert (await a.expect("error"))["code"] == "cannot-claim", (
            "nobody claims on their own time"
        )
        await b.send({"type": "claim", "id": "won"})
        ended = await b.expect("ended")
        assert ended["outcome"]["kind"] == "time" and ended["outcome"]["winners"] == [1]
        assert "ran out of time" in ended["outcome"]["reason"]
        assert ended["clock"]["running"] is None, "the clocks stop with the game"
        shown = (await people[0].http.get(f"/api/matches/{match_id}")).json()
        assert shown["status"] == "finished"

    run(scenario())


def test_the_opponent_may_keep_waiting_and_a_move_received_after_the_fall_is_played(
    server: ServerProcess, travel: TimeTravel
) -> None:
    async def scenario() -> None:
        _, _, (a, b) = await duel(server, ONE_MINUTE)
        travel.advance(90)
        await fall(b, 0)
        late = await a.play(a.table["legal_actions"][0], "late")
        assert late["clock"]["left"][0] == 5, "out of time, then the increment"
        assert late["clock"]["out"] == [] and late["clock"]["running"] == 1
        await b.send({"type": "claim", "id": "too-late"})
        assert (await b.expect("error"))["code"] == "cannot-claim"

    run(scenario())


def test_a_turn_based_match_played_over_a_week_with_your_turn_most_urgent_first(
    server: ServerProcess, travel: TimeTravel
) -> None:
    async def scenario() -> None:
        ann, bob = await account(server), await account(server)
        two_days = {"kind": "turn-based", "days": 2}
        match_id, _, (a, b) = await duel(server, two_days, [ann, bob])
        other_id, _, (_, d) = await duel(server, {"kind": "turn-based", "days": 3}, [ann, bob])
        assert a.received[0]["match"]["time_control"]["label"] == "2 days a move"
        turns = (await ann.http.get("/api/me/turns")).json()
        assert [t["match"]["id"] for t in turns] == [match_id, other_id], "least time first"
        assert 2 * DAY - SLACK <= turns[0]["seconds_left"] <= 2 * DAY
        assert (await bob.http.get("/api/me/turns")).json() == []
        played = 0
        for day, (mover, waiter) in enumerate(itertools.cycle([(a, b), (b, a)])):
            if a.status == "finished":
                break
            travel.advance(DAY + 3600 * (day % 3))  # a day and some hours between moves
            played += 1
            moved = await mover.play(mover.table["legal_actions"][0], f"day{day}")
            clock = moved["clock"]
            if moved["status"] == "running":
                assert 2 * DAY - SLACK <= clock["left"][clock["running"]] <= 2 * DAY
            await waiter.expect("update")
        assert a.status == "finished" and played == 6, "six moves, over a week"
        assert (await ann.http.get("/api/me/turns")).json()[0]["match"]["id"] == other_id
        # The other match: Ann lets her three days run out; Bob claims.
        travel.advance(3 * DAY)
        await fall(d, 0)
        late = (await ann.http.get("/api/me/turns")).json()[0]
        assert late["out_of_time"] and late["seconds_left"] == 0
        await d.send({"type": "claim", "id": "days"})
        assert (await d.expect("ended"))["outcome"]["winners"] == [1]
        assert (await ann.http.get("/api/me/turns")).json() == []

    run(scenario())


def test_in_a_game_of_three_the_seat_out_of_time_is_played_by_the_ai_to_the_end(
    server: ServerProcess, travel: TimeTravel
) -> None:
    async def scenario() -> None:
        people = [await Client(server).guest() for _ in range(3)]
        created = await people[0].create(
            "cypher", options={"players": 3}, clock={"kind": "real-time", "minutes": 1}
        )
        match_id = created["match"]["id"]
        for person in people[1:]:
            await person.join(match_id)
        sockets = [await p.socket(match_id) for p in people]
        welcomes = [await s.expect("welcome") for s in sockets]
        out = welcomes[0]["clock"]["running"]
        assert out is not None
        claimer = sockets[(out + 1) % 3]
        travel.advance(61)
        await fall(claimer, out)
        await claimer.send({"type": "claim", "id": "takeover"})
        claimed = await claimer.expect("claimed")
        assert claimed["seat"] == out and "normal AI plays their seat" in claimed["text"]
        clock = await clock_of(claimer, "clock")
        assert clock["taken"] == [out] and clock["running"] != out
        # The AI moves for the seat (it was that seat's turn), and the game goes on.
        seq = claimer.seq
        while claimer.seq == seq:
            await claimer.expect("update")
        assert claimer.status == "running"
        lost = sockets[out]
        await lost.send({"type": "move", "id": "mine", "seq": lost.seq, "action": "pass"})
        refused = await lost.expect("error")
        assert "normal AI plays your seat" in refused["message"]

    run(scenario())


def test_a_restart_charges_nobody_for_the_time_the_server_was_down(
    server: ServerProcess, travel: TimeTravel
) -> None:
    async def scenario() -> tuple[str, list[Client]]:
        match_id, people, (a, _) = await duel(server, {"kind": "real-time", "minutes": 10})
        await a.play(a.table["legal_actions"][0], "before")
        return match_id, people

    match_id, people = run(scenario())
    server.kill9()
    travel.advance(3600)  # an hour down
    server.start()

    async def after() -> None:
        sock = await people[1].socket(match_id)
        clock = (await sock.expect("welcome"))["clock"]
        assert clock["running"] == 1
        assert 600 - SLACK <= clock["left"][1] <= 600, "the hour down was not charged"

    run(after())


def test_who_may_choose_what_and_the_caps_on_turn_based_matches(server: ServerProcess) -> None:
    async def scenario() -> None:
        guest = await Client(server).guest()
        refusals: list[tuple[dict[str, Any], int, str]] = [
            ({"clock": {"kind": "turn-based", "days": 3}}, 403, "Turn-based matches need an"),
            ({"rated": True}, 403, "Rated matches need an account"),
            ({"clock": {"kind": "real-time", "minutes": 0.5}}, 400, "1 to 180 minutes"),
            ({"clock": {"kind": "turn-based", "days": 20}}, 400, "1 to 14 days a move"),
        ]
        for body, status, words in refusals:
            refused = await guest.http.post("/api/matches", json={"game": "duel", **body})
            assert refused.status_code == status and words in refused.json()["detail"], body
        casual = await guest.create("duel", clock=ONE_MINUTE)
        assert casual["match"]["rated"] is False
        ann = await account(server)
        rated = await ann.create("duel")
        assert rated["match"]["rated"] is True, "an account's match is rated unless it says"
        barred = await guest.http.post(f"/api/matches/{rated['match']['id']}/join")
        assert barred.status_code == 403 and "rated" in barred.json()["detail"]
        hotseat = await ann.http.post(
            "/api/matches",
            json={"game": "duel", "hotseat": True, "clock": {"kind": "turn-based", "days": 1}},
        )
        assert hotseat.status_code == 400 and "one screen" in hotseat.json()["detail"]
        made = [await ann.create("duel", clock={"kind": "turn-based", "days": 1}) for _ in "ab"]
        barred = await guest.http.post(f"/api/matches/{made[0]['match']['id']}/join")
        assert barred.status_code == 403 and "turn-based" in barred.json()["detail"]
        third = await ann.http.post(
            "/api/matches", json={"game": "duel", "clock": {"kind": "turn-based", "days": 1}}
        )
        assert third.status_code == 429 and "2 turn-based matches" in third.json()["detail"]
        await ann.create("duel", clock=ONE_MINUTE)  # real-time ones are counted apart

    run(scenario())


def test_only_a_rated_match_moves_the_ratings(server: ServerProcess) -> None:
    async def board() -> set[str]:
        rows = (await Client(server).http.get("/api/leaderboard/duel?provisional=true")).json()
        return {r["name"] for r in rows}

    async def scenario() -> None:
        pairs = []
        for rated in (False, True):
            ann, bob = await account(server), await account(server)
            _, _, (a, _) = await duel(server, {"kind": "none"}, [ann, bob], rated=rated)
            await a.send({"type": "resign", "id": "r"})
            await a.expect("ended")
            pairs.append({ann.user["name"], bob.user["name"]})
        casual, rated_pair = pairs
        # The ratings are worked out after the end: once the rated pair is listed, the casual
        # pair, whose game ended first, would have been too.
        while not rated_pair <= (listed := await board()):
            await asyncio.sleep(0.1)
        assert not casual & listed

    run(scenario())


def test_the_your_turn_list_is_rate_limited_per_player(server: ServerProcess) -> None:
    async def scenario() -> None:
        ann = await account(server)
        answers = [(await ann.http.get("/api/me/turns")).status_code for _ in range(31)]
        assert answers == [200] * 30 + [429]
        refused = await ann.http.get("/api/me/turns")
        assert "asked for too often" in refused.json()["detail"]
        assert int(refused.headers["retry-after"]) >= 1
        other = await account(server)
        assert (await other.http.get("/api/me/turns")).status_code == 200, "per player"

    run(scenario())
