"""Two workers of a cluster in one test process: two apps on one database (a SQLite file both
open), each with its own memory. A session ended on one worker no longer signs anyone in on the
other (the bus tells it at once; while Redis is away the other reads sessions from the
database), and failed sign-ins to an account slow it on both; the caps on matches in play hold
across workers (counted from the database); a player's "Your turn" list shows the matches
another worker holds."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from pathlib import Path

from cyberdeck.server.app import create_app
from cyberdeck.server.auth import COOKIE
from cyberdeck.server.config import ServerConfig

from .services import RedisServer

with warnings.catch_warnings():
    # Starlette asks for another HTTP client in its test client; httpx serves these tests.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


@contextmanager
def workers(config: ServerConfig, *names: str) -> Iterator[list[TestClient]]:
    """One app a worker name, each started (its lifespan) and stopped with the block."""
    with ExitStack() as stack:
        yield [
            stack.enter_context(TestClient(create_app(replace(config, worker=name))))
            for name in names
        ]


def cluster_config(tmp_path: Path, **more: object) -> ServerConfig:
    return replace(
        ServerConfig(
            db_url=f"sqlite:///{tmp_path / 'cluster.sqlite3'}",
            allow_missing_origin=True,
            metrics_token="operator",
            ai_delay=0,
            ai_workers=1,
        ),
        **more,
    )


def signed_in(client: TestClient) -> dict[str, str]:
    """A new guest on ``client``'s worker: the cookie header it signs in with anywhere."""
    made = client.post("/api/auth/guest")
    assert made.status_code == 201, made.text
    return {"cookie": f"{COOKIE}={made.cookies[COOKIE]}"}


def test_a_session_ended_on_one_worker_is_refused_on_another(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    config = cluster_config(tmp_path, redis_url=redis_server.url, sign_in_failures=2)
    with workers(config, "w1", "w2") as (one, two):
        for client in (one, two):
            ctx = client.app.app.state.ctx  # type: ignore[attr-defined]
            assert client.portal is not None
            assert client.portal.call(ctx.bus.ready, 10)
        cookie = signed_in(one)
        assert two.get("/api/auth/me", headers=cookie).status_code == 200  # kept in w2's memory
        assert one.post("/api/auth/signout", headers=cookie).status_code == 204
        deadline = time.monotonic() + 5
        while two.get("/api/auth/me", headers=cookie).status_code != 401:
            assert time.monotonic() < deadline, "w2 still signs the ended session in"
            time.sleep(0.05)
        # A session revoked from the list is gone on the other worker too.
        cookie = signed_in(two)
        assert one.get("/api/auth/me", headers=cookie).status_code == 200
        session = two.get("/api/auth/sessions", headers=cookie).json()[0]["id"]
        assert one.delete(f"/api/auth/sessions/{session}", headers=cookie).status_code == 204
        deadline = time.monotonic() + 5
        while two.get("/api/auth/me", headers=cookie).status_code != 401:
            assert time.monotonic() < deadline, "w2 still signs the revoked session in"
            time.sleep(0.05)
        # Failed sign-ins to an account on one worker slow the next tries of it on the other.
        guessed = {"name": "keanu", "password": "whoa-whoa-whoa"}
        assert one.post("/api/auth/signup", json=guessed).status_code == 201
        wrong = {**guessed, "password": "not-the-password"}
        for _ in range(config.sign_in_failures):
            assert one.post("/api/auth/signin", json=wrong).status_code == 401
        slowed = two.app.app.state.ctx.failed_accounts  # type: ignore[attr-defined]
        deadline = time.monotonic() + 5
        while slowed.wait("keanu") <= 0:
            assert time.monotonic() < deadline, "w2 never heard of the failed sign-ins"
            time.sleep(0.05)

        operator = {"Authorization": "Bearer operator"}
        bus = two.get("/api/metrics", headers=operator).json()["bus"]
        assert bus["kind"] == "redis" and bus["connected"] is True and bus["delivered"] >= 2

        # Without Redis no notice comes: the sessions are read from the database meanwhile.
        cookie = signed_in(one)
        assert two.get("/api/auth/me", headers=cookie).status_code == 200
        redis_server.stop()
        deadline = time.monotonic() + 10
        while two.get("/api/metrics", headers=operator).json()["bus"]["connected"]:
            assert time.monotonic() < deadline, "w2 did not notice that Redis went away"
            time.sleep(0.1)
        assert one.post("/api/auth/signout", headers=cookie).status_code == 204
        assert two.get("/api/auth/me", headers=cookie).status_code == 401
        redis_server.start()


def test_the_caps_on_matches_in_play_hold_across_workers(tmp_path: Path) -> None:
    caps_hold_across_workers(cluster_config(tmp_path))


def caps_hold_across_workers(config: ServerConfig) -> None:
    """Matches made on one worker count against the caps on another."""
    config = replace(config, hotseat_matches=2, open_matches=1)
    with workers(config, "w1", "w2") as (one, two):
        cookie = signed_in(one)
        for _ in range(2):
            made = one.post("/api/matches", json={"game": "duel", "hotseat": True}, headers=cookie)
            assert made.status_code == 201, made.text
        refused = two.post("/api/matches", json={"game": "duel", "hotseat": True}, headers=cookie)
        assert refused.status_code == 429 and "2 hot-seat matches" in refused.json()["detail"]
        # Matches waiting for players are counted the same way.
        assert one.post("/api/matches", json={"game": "duel"}, headers=cookie).status_code == 201
        refused = two.post("/api/matches", json={"game": "duel"}, headers=cookie)
        assert refused.status_code == 429 and "waiting for players" in refused.json()["detail"]


def test_your_turn_lists_the_matches_another_worker_holds(tmp_path: Path) -> None:
    with workers(cluster_config(tmp_path), "w1", "w2") as (one, two):
        cookie = signed_in(one)
        made = one.post("/api/matches", json={"game": "duel", "hotseat": True}, headers=cookie)
        assert made.status_code == 201, made.text
        match_id = made.json()["match"]["id"]
        with one.websocket_connect(f"/ws/matches/{match_id}", headers=cookie) as table:
            welcome = table.receive_json()
            action = welcome["table"]["legal_actions"][0]
            table.send_json({"type": "move", "id": "m1", "seq": welcome["seq"], "action": action})
            while (update := table.receive_json()).get("ack") != "m1":
                pass
        ctx = two.app.app.state.ctx  # type: ignore[attr-defined]
        turns = two.get("/api/me/turns", headers=cookie).json()
        to_move = update["table"]["to_move"]
        assert [(t["match"]["id"], t["seat"]) for t in turns] == [(match_id, to_move)]
        assert match_id not in ctx.hub.rooms, "read from the database, not made live"
        mine = two.get("/api/me/matches", headers=cookie).json()
        assert [(m["id"], m["moves"]) for m in mine] == [(match_id, update["seq"])]
        assert update["seq"] > 0
