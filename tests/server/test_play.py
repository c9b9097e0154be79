"""Online play through a real server and real websocket clients: typed answers to every bad
message, seats, spectators, presence and reconnection, claims, AI seats, lobby, accounts, replays."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from pathlib import Path

import httpx
import pytest
import websockets

from cyberdeck.server.protocol import server_messages

from .drive import drain, play_moves, seat_people, strings
from .harness import OPERATOR, Client, ServerProcess, run


async def alive(sock: object) -> None:
    """The connection (and so the server) still answers."""
    await sock.send({"type": "ping"})  # type: ignore[attr-defined]
    assert (await sock.expect("pong"))["type"] == "pong"  # type: ignore[attr-defined]


def test_a_move_is_acknowledged_and_everyone_sees_the_new_table(server: ServerProcess) -> None:
    async def scenario() -> None:
        _, _, (a, b) = await seat_people(server, "duel")
        action = a.table["legal_actions"][0]
        await a.move(action, "first")
        mine = await a.acked("first")
        assert mine["seq"] == 1 and mine["table"]["legal_actions"] == []
        update = await b.expect("update")
        assert update["seq"] == 1 and update["table"]["to_move"] == 1 and update["ack"] is None
        assert b.table["legal_actions"], "the seat to move is told its moves"

    run(scenario())


def test_stale_and_duplicate_moves_change_nothing(server: ServerProcess) -> None:
    async def scenario() -> None:
        _, _, (a, b) = await seat_people(server, "duel")
        await a.move(a.table["legal_actions"][0], "m1")
        await a.acked("m1")
        await b.expect("update")
        # The same message again (a retry after a lost ack): a duplicate, not a second move.
        await a.send({"type": "move", "id": "m1", "seq": 0, "action": "play chip01"})
        dup = await a.expect("error")
        assert dup["code"] == "duplicate" and dup["seq"] == 1 and "already" in dup["message"]
        # B moves at an old sequence number: stale.
        await b.move(b.table["legal_actions"][0], "b1", seq=0)
        stale = await b.expect("error")
        assert stale["code"] == "stale" and stale["seq"] == 1
        assert "step 0" in stale["message"] and "step 1" in stale["message"]
        await b.move(b.table["legal_actions"][0], "b2")
        assert (await b.acked("b2"))["seq"] == 2

    run(scenario())


def test_out_of_turn_illegal_and_unreadable_moves_get_typed_errors(server: ServerProcess) -> None:
    async def scenario() -> None:
        _, _, (a, b) = await seat_people(server, "duel")
        await b.move(f"play {b.table['view']['hand'][0]}", "early")
        early = await b.expect("error")
        assert early["code"] == "not-your-turn" and "turn" in early["message"]
        not_mine = next(c for c in b.table["view"]["hand"])
        await a.move(f"play {not_mine}", "theirs")
        illegal = await a.expect("error")
        assert illegal["code"] == "illegal" and illegal["message"].endswith(".")
        await a.move("   ", "blank")
        blank = await a.expect("error")
        assert blank["code"] == "bad-action" and "Type a move" in blank["message"]
        await a.move("x" * 199 + " y", "long")
        long = await a.expect("error")
        assert long["code"] == "malformed" and "action" in long["message"]
        await a.move("dance wildly", "unknown")
        assert (await a.expect("error"))["code"] == "illegal"
        await alive(a)
        assert a.seq == 0, "nothing was played"

    run(scenario())


@pytest.mark.parametrize(
    ("raw", "needle"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "'type'"),
        ('{"type": "dance"}', "not a message type"),
        ('{"type": "move", "id": "x", "seq": 0}', "action"),
        ('{"type": "move", "id": "x", "seq": "zero", "action": "play chip01"}', "seq"),
        ('{"type": "move", "id": "", "seq": 0, "action": "play chip01"}', "id"),
        ('{"type": "move", "id": "x", "seq": -1, "action": "play chip01"}', "seq"),
        ('{"type": "ping", "extra": 1}', "extra"),
        ("\u0000\u0001", "not JSON"),
    ],
)
def test_malformed_messages_get_a_readable_error(
    server: ServerProcess, raw: str, needle: str
) -> None:
    async def scenario() -> None:
        _, _, (a, _b) = await seat_people(server, "duel")
        await a.send(raw)
        answer = await a.expect("error")
        assert answer["code"] == "malformed" and needle in answer["message"]
        await a.connection.send(raw.encode())  # binary frames are read the same way
        assert (await a.expect("error"))["code"] == "malformed"
        await alive(a)

    run(scenario())


def test_oversized_messages_are_refused_and_the_server_stays_up(server: ServerProcess) -> None:
    async def scenario() -> None:
        _, _, (a, _b) = await seat_people(server, "duel")
        await a.send(json.dumps({"type": "ping", "pad": "x" * 5000}))
        too_large = await a.expect("error")
        assert too_large["code"] == "too-large" and "4096" in too_large["message"]
        await alive(a)
        # Past the transport's own cap the socket is closed (1009), and only that socket: the
        # server closes on reading the frame's header, maybe before the client has sent it all.
        with pytest.raises(websockets.ConnectionClosed):
            await a.send("x" * (2 << 20))
            for _ in range(10):
                await a.recv(5)
        async with httpx.AsyncClient() as http:
            assert (await http.get(f"{server.base}/api/health")).status_code == 200

    run(scenario())


def test_only_a_seats_owner_acts_for_it(server: ServerProcess) -> None:
    async def scenario() -> None:
        match_id, (alice, _bob), _ = await seat_people(server, "duel")
        carol = await Client(server).guest()
        # Asking for someone else's seat: a typed refusal, then the socket closes.
        sock = await carol.socket(match_id, seat=1)
        refusal = await sock.expect("error")
        assert refusal["code"] == "not-your-seat"
        with pytest.raises(websockets.ConnectionClosed):
            await sock.recv(5)
        # Alice may not take Bob's seat either.
        sock = await alice.socket(match_id, seat=1)
        assert (await sock.expect("error"))["code"] == "not-your-seat"
        # An outsider who just connects watches, and cannot move.
        watcher = await carol.socket(match_id)
        welcome = await watcher.expect("welcome")
        assert welcome["you"] is None
        await watcher.move("play chip01", "w1", seq=0)
        assert (await watcher.expect("error"))["code"] == "spectator"
        # Joining a full match is refused.
        response = await carol.http.post(f"/api/matches/{match_id}/join")
        assert response.status_code == 409

    run(scenario())


def test_spectators_see_the_spectator_view_and_no_secret(server: ServerProcess) -> None:
    async def scenario() -> None:
        match_id, _, (a, b) = await seat_people(server, "duel")
        carol = await Client(server).guest()
        watcher = await carol.socket(match_id)
        welcome = await watcher.expect("welcome")
        assert welcome["table"]["view"]["hand"] is None
        assert welcome["table"]["legal_actions"] == []
        a_hand, b_hand = set(a.table["view"]["hand"]), set(b.table["view"]["hand"])
        chip = a.table["view"]["hand"][0]
        await a.move(f"stash {chip}", "s1")
        told_a = await a.acked("s1")
        seen = await watcher.expect("update")
        told_b = await b.expect("update")
        assert chip in strings(told_a["table"]), "the stasher is told which chip"
        for message, secret in ((seen, a_hand | b_hand), (told_b, a_hand)):
            assert not strings(message) & secret, "a hidden chip reached another seat"
            assert [e["kind"] for e in message["table"]["events"]] == ["stash"]
        assert seen["table"]["view"]["stash_counts"] == [1, 0]

    run(scenario())


def test_origin_and_session_are_checked_before_the_socket_opens(server: ServerProcess) -> None:
    async def scenario() -> None:
        match_id, (alice, _), _ = await seat_people(server, "duel")
        for origin in ("http://evil.example", None):
            with pytest.raises(websockets.InvalidStatus) as refused:
                await alice.socket(match_id, origin=origin)
            assert refused.value.response.status_code == 403
        stranger = Client(server)  # no session cookie
        with pytest.raises(websockets.InvalidStatus):
            await stranger.socket(match_id)
        forger = Client(server)
        forger.http.cookies.set("cyberdeck_session", f"{alice.user['id']}.forged.signature")
        with pytest.raises(websockets.InvalidStatus):
            await forger.socket(match_id)

    run(scenario())


def test_a_seat_that_is_not_a_number_is_refused_before_the_socket_opens(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        match_id, (alice, _), _ = await seat_people(server, "duel")
        with pytest.raises(websockets.InvalidStatus) as refused:
            await alice.socket(match_id, seat="first")
        assert refused.value.response.status_code == 403
        playing = await alice.socket(match_id, seat=0)  # the same person, asking properly
        assert (await playing.expect("welcome"))["you"] == 0

    run(scenario())


def test_a_dropped_player_reconnects_to_the_same_seat_with_a_full_resync(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        match_id, (_alice, bob), (a, b) = await seat_people(server, "duel")
        await play_moves([a, b], random.Random(1), 3, "r")
        before = b.table
        await b.close()
        presence = await a.expect("presence")
        assert [s["connected"] for s in presence["seats"]] == [True, False]
        assert presence["seats"][1]["away_seconds"] is not None
        again = await bob.socket(match_id)
        welcome = await again.expect("welcome")
        assert welcome["you"] == 1 and welcome["seq"] == 3
        assert welcome["table"]["view"] == before["view"]
        assert welcome["table"]["legal_actions"] == before["legal_actions"]
        assert len(welcome["table"]["events"]) >= 3, "the log comes with the resync"
        presence = await a.expect("presence")
        assert [s["connected"] for s in presence["seats"]] == [True, True]
        # A resync on demand gives the same table.
        await again.send({"type": "resync"})
        assert (await again.expect("welcome"))["table"] == welcome["table"]
        await play_moves([a, again], random.Random(2), 1, "r2")

    run(scenario())


def test_the_opponent_may_claim_the_game_after_the_grace_period(server: ServerProcess) -> None:
    async def scenario() -> None:
        match_id, (a_client, _), (a, b) = await seat_people(server, "duel")
        await b.close()
        await a.expect("presence")
        await a.send({"type": "claim", "id": "c1"})
        early = await a.expect("error")
        assert early["code"] == "cannot-claim" and "away for 1 second." in early["message"]
        await asyncio.sleep(1.1)
        await a.send({"type": "claim", "id": "c2"})
        ended = await a.expect("ended")
        assert ended["outcome"]["kind"] == "claim" and ended["outcome"]["winners"] == [0]
        await a.move("play chip01", "late")
        assert (await a.expect("error"))["code"] == "finished"
        shown = (await a_client.http.get(f"/api/matches/{match_id}")).json()
        assert shown["status"] == "finished" and shown["outcome"]["kind"] == "claim"

    run(scenario())


def test_ai_seats_move_on_the_server_and_are_rated(server: ServerProcess) -> None:
    async def scenario() -> None:
        alice = Client(server)  # an account: guests play unrated
        made = await alice.http.post(
            "/api/auth/signup", json={"name": "seat-tester", "password": "seven different"}
        )
        assert made.status_code == 201, made.text
        created = await alice.create(
            "duel", seats=[{"kind": "human"}, {"kind": "ai", "level": "easy"}]
        )
        assert created["match"]["status"] == "running"
        a = await alice.socket(created["match"]["id"])
        await a.expect("welcome")
        rng = random.Random(3)
        while a.status != "finished":
            if a.table["legal_actions"]:
                await a.move(rng.choice(a.table["legal_actions"]), f"a{a.seq}")
            # The AI's first move waits for its worker processes to start: slow on a busy machine.
            await a.recv(timeout=60)
        for _ in range(400):  # ratings are written just after the end is announced
            board = (await alice.http.get("/api/leaderboard/duel")).json()
            if board:
                break
            await asyncio.sleep(0.05)
        assert "Easy AI" in [row["name"] for row in board]  # as at the table, not "ai:easy"
        assert all(row["rating"] >= 0 for row in board)
        assert board[0]["games"] >= 1
        bad = await alice.http.post(
            "/api/matches", json={"game": "duel", "seats": [{}, {"kind": "ai", "level": "genius"}]}
        )
        assert bad.status_code == 400 and "genius" in bad.json()["detail"]

    run(scenario())


def test_accounts_sign_up_sign_in_and_passwords_are_argon2_hashes(server: ServerProcess) -> None:
    async def scenario() -> None:
        client = Client(server)
        body = {"name": "neo", "password": "follow-the-white-rabbit"}
        made = await client.http.post("/api/auth/signup", json=body)
        assert made.status_code == 201 and made.json()["kind"] == "account"
        assert (await client.http.get("/api/auth/me")).json()["name"] == "neo"
        assert (await client.http.post("/api/auth/signup", json=body)).status_code == 409
        other = Client(server)
        wrong = await other.http.post("/api/auth/signin", json={**body, "password": "nope-nope"})
        assert wrong.status_code == 401
        assert (await other.http.get("/api/auth/me")).status_code == 401
        right = await other.http.post("/api/auth/signin", json=body)
        assert right.status_code == 200 and right.json()["name"] == "neo"
        short = await other.http.post("/api/auth/signup", json={"name": "x", "password": "1"})
        assert short.status_code == 400 and "name" in short.json()["detail"]
        db = server.db_url.removeprefix("sqlite:///")
        with sqlite3.connect(db) as con:
            (stored,) = con.execute("select password_hash from users where name='neo'").fetchone()
        assert stored.startswith("$argon2id$") and "white-rabbit" not in stored

    run(scenario())


def test_lobby_lists_open_and_running_matches_and_guards_private_ones(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        alice, bob = await Client(server).guest(), await Client(server).guest()
        public = await alice.create("duel")
        private = await alice.create("duel", public=False)
        listed = (await bob.http.get("/api/matches", params={"status": "open"})).json()
        ids = {m["id"] for m in listed}
        assert public["match"]["id"] in ids and private["match"]["id"] not in ids
        for match in listed:
            assert not {"seed", "invite", "decks", "actions"} & set(match)
        refused = await bob.http.post(f"/api/matches/{private['match']['id']}/join")
        assert refused.status_code == 403
        joined = await bob.http.post(private["invite_link"])
        assert joined.status_code == 200 and joined.json()["seat"] == 1
        running = (await bob.http.get("/api/matches", params={"status": "running"})).json()
        assert private["match"]["id"] not in {m["id"] for m in running}
        bad = await alice.http.post("/api/matches", json={"game": "duel", "options": {"x": 1}})
        assert bad.status_code == 400 and "option" in bad.json()["detail"]
        assert (await alice.http.post("/api/matches", json={"game": "nope"})).status_code == 404
        games = (await alice.http.get("/api/games")).json()
        assert "duel" in {g["id"] for g in games}

    run(scenario())


def test_finished_matches_replay_step_by_step_from_a_seat_or_the_spectator(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        match_id, (alice, _), (a, b) = await seat_people(server, "duel")
        early = await alice.http.get(f"/api/matches/{match_id}/replay")
        assert early.status_code == 409
        sent: dict[int, dict[str, object]] = {0: {0: a.table, 1: b.table}}
        rng = random.Random(4)
        while a.status != "finished":
            await play_moves([a, b], rng, 1, "p")
            sent[a.seq] = {0: a.table, 1: b.table}
        steps = a.seq
        for step in range(steps + 1):
            for seat in (0, 1):
                got = await alice.http.get(
                    f"/api/matches/{match_id}/replay", params={"step": step, "seat": seat}
                )
                assert got.status_code == 200
                body = got.json()
                assert body["steps"] == steps
                assert body["table"]["view"] == sent[step][seat]["view"]  # type: ignore[index]
            watched = (
                await alice.http.get(
                    f"/api/matches/{match_id}/replay", params={"step": step, "seat": "spectator"}
                )
            ).json()
            assert watched["table"]["view"]["hand"] is None
        last = (
            await alice.http.get(f"/api/matches/{match_id}/replay", params={"step": steps})
        ).json()
        assert last["outcome"] == a.outcome
        beyond = await alice.http.get(f"/api/matches/{match_id}/replay", params={"step": steps + 1})
        assert beyond.status_code == 400

    run(scenario())


def test_resigning_ends_the_game(server: ServerProcess) -> None:
    async def scenario() -> None:
        _, _, (a, b) = await seat_people(server, "duel")
        await b.send({"type": "resign", "id": "r"})
        ended = await a.expect("ended")
        assert ended["outcome"]["winners"] == [0] and ended["outcome"]["kind"] == "resign"

    run(scenario())


def test_every_message_matches_the_written_schema(server: ServerProcess) -> None:
    async def scenario() -> None:
        _, _, (a, b) = await seat_people(server, "duel")
        await a.send({"type": "ping"})
        await a.send("junk")
        await play_moves([a, b], random.Random(5), 6, "s")
        await b.send({"type": "resync"})
        await drain(a)
        await drain(b)
        for message in a.received + b.received:
            server_messages.validate_python(message)
        kinds = {m["type"] for m in a.received + b.received}
        assert {"welcome", "update", "error", "pong", "presence"} <= kinds
        assert any(m.get("ack") for m in a.received + b.received), "moves are acknowledged"
        async with httpx.AsyncClient() as http:
            api = (await http.get(f"{server.base}/openapi.json")).json()
            schema = (await http.get(f"{server.base}/api/ws-schema")).json()
        assert "/api/matches" in api["paths"] and "/api/leaderboard/{game_id}" in api["paths"]
        assert "move" in json.dumps(schema["client"]) and "welcome" in json.dumps(schema["server"])

    run(scenario())


def test_decks_are_checked_by_the_game_when_a_match_is_made(server: ServerProcess) -> None:
    from cyberdeck.engine import games

    from .drive import seat_count

    async def scenario() -> None:
        alice = await Client(server).guest()
        for game in games():
            count = seat_count(game)
            response = await alice.http.post(
                "/api/matches",
                json={"game": game.id, "decks": ["1x No Such Card"] + [None] * (count - 1)},
            )
            assert response.status_code == 400, game.id
            assert response.json()["detail"].strip()
            wrong = await alice.http.post(
                "/api/matches", json={"game": game.id, "decks": [None] * (count + 1)}
            )
            assert wrong.status_code == 400

    run(scenario())


def test_a_match_of_ai_seats_plays_itself_and_can_be_watched(server: ServerProcess) -> None:
    async def scenario() -> None:
        alice = await Client(server).guest()
        created = await alice.create(
            "duel", seats=[{"kind": "ai", "level": "random"}, {"kind": "ai", "level": "greedy"}]
        )
        assert created["seat"] is None
        watcher = await alice.socket(created["match"]["id"])
        await watcher.expect("welcome")
        while watcher.status != "finished":
            await watcher.recv()
        assert watcher.outcome is not None and watcher.table["view"]["hand"] is None

    run(scenario())


def test_any_junk_gets_an_answer_and_never_closes_the_socket(server: ServerProcess) -> None:
    """Hypothesis throws JSON values, near-miss messages and raw text at one connection; each
    gets a typed error (or, for a well-formed ping or resync, its answer), and nothing moves."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
    values = st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
        max_leaves=12,
    )
    near_misses = st.fixed_dictionaries(
        {"type": st.sampled_from(["move", "claim", "resign", "resync", "ping", "MOVE", ""])},
        optional={"id": values, "seq": values, "action": values, "extra": values},
    )
    junk = values.map(json.dumps) | near_misses.map(json.dumps) | st.text(max_size=300)

    async def scenario(batch: list[str]) -> None:
        _, _, (a, _b) = await seat_people(server, "duel")
        for raw in batch:
            await a.send(raw)
            answer = await a.recv()
            while answer["type"] == "presence":
                answer = await a.recv()
            assert answer["type"] in ("error", "pong", "welcome", "update", "ended"), raw
            if answer["type"] == "error":
                assert answer["message"].strip() and answer["code"], raw
            if answer["type"] == "ended":
                return  # a well-formed resignation ends the game; that is an answer too
        await alive(a)

    @settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(junk, min_size=30, max_size=30))
    def check(batch: list[str]) -> None:
        run(scenario(batch))

    check()


def test_unknown_matches_and_the_metrics(server: ServerProcess) -> None:
    async def scenario() -> None:
        alice = await Client(server).guest()
        assert (await alice.http.get("/api/matches/no-such-match")).status_code == 404
        assert (await alice.http.post("/api/matches/no-such-match/join")).status_code == 404
        sock = await alice.socket("no-such-match")
        assert (await sock.expect("error"))["code"] == "no-match"
        _, _, (a, b) = await seat_people(server, "duel")
        await play_moves([a, b], random.Random(9), 2, "x")
        metrics = (await alice.http.get("/api/metrics", headers=OPERATOR)).json()
        assert metrics["moves"] >= 2 and metrics["move_ms"]["p50"] is not None
        assert metrics["connections"] >= 2
        collector = metrics["gc"]
        assert [len(collector[k]) for k in ("collections", "freed", "total_ms", "longest_ms")] == [
            3
        ] * 4
        # The server has collected its youngest generation by now (each in well under 0.1 ms).
        assert collector["collections"][0] > 0 and collector["total_ms"][0] >= 0
        # The two moves were written, and the time their transactions took counted.
        commits = metrics["commits"]
        assert commits["moves"] >= 2 and 1 <= commits["transactions"] <= commits["moves"]
        assert commits["ms"] > 0 and 0 < commits["longest_ms"] <= commits["ms"]
        assert 0 <= commits["over_5ms"] <= commits["transactions"]
        # The loop's pulse a second, asked for: the two moves are in the closed seconds.
        assert "seconds" not in metrics
        await asyncio.sleep(1.1)
        pulse = (await alice.http.get("/api/metrics?seconds=true", headers=OPERATOR)).json()[
            "seconds"
        ]
        assert pulse and all(s["ticks"] > 0 and s["late_max_ms"] >= 0 for s in pulse)
        assert sum(s["moves"] for s in pulse) >= 2 and sum(s["transactions"] for s in pulse) >= 1

    run(scenario())


def test_with_compression_asked_for_the_sockets_speak_permessage_deflate(
    tmp_path: Path,
) -> None:
    """``--ws-compression`` hands the sockets to uvicorn's own protocol (the server's own speaks
    no extensions): a game is played through compressed frames."""
    process = ServerProcess(
        f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path, "--ws-compression", "--ai-delay", "0"
    ).start()
    try:

        async def scenario() -> None:
            _, _, sockets = await seat_people(process, "duel")
            for sock in sockets:
                agreed = sock.connection.response.headers.get("Sec-WebSocket-Extensions", "")
                assert "permessage-deflate" in agreed
            assert await play_moves(sockets, random.Random(5), 6, "z") == 6
            await alive(sockets[0])

        run(scenario())
    finally:
        process.stop()
