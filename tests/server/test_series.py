"""A campaign (series) against a real server: the first game made from the lobby, the score counted
from the finished games, a "next game" with the same seats and the winner first (asked twice, one
game, on the first game's clock), each game's seed derived from the series seed, and all of it
still there after a restart."""

from __future__ import annotations

import random
from pathlib import Path

from cyberdeck.engine import game_seed
from cyberdeck.store import Store

from .drive import play_moves, seat_people
from .harness import Client, ServerProcess, run


async def campaign_over_a_restart(server: ServerProcess) -> None:
    clock = {"kind": "real-time", "minutes": 30}
    match_id, clients, sockets = await seat_people(server, "cypher", campaign=True, clock=clock)
    first = (await clients[0].http.get(f"/api/matches/{match_id}")).json()
    series_id = first["series"]
    assert series_id and first["series_game"] == 1
    score = (await clients[1].http.get(f"/api/series/{series_id}")).json()
    assert score["points"] == [0, 0] and score["target"] == 4 and not score["next_ready"]
    early = await clients[0].http.post(f"/api/series/{series_id}/next")
    assert early.json()["match"] == match_id  # the game in progress, not a new one

    await play_moves(sockets, random.Random(1), 5000, "g1")
    score = (await clients[1].http.get(f"/api/series/{series_id}")).json()
    winner = score["games"][0]["winner"]
    assert score["next_ready"] and score["starter"] == winner and sum(score["points"]) == 1
    assert score["points"][winner] == 1

    stranger = await Client(server).guest()
    refused = await stranger.http.post(f"/api/series/{series_id}/next")
    assert refused.status_code == 403 and "player of this campaign" in refused.json()["detail"]
    made = (await clients[0].http.post(f"/api/series/{series_id}/next")).json()
    again = (await clients[1].http.post(f"/api/series/{series_id}/next")).json()
    assert made["match"] == again["match"] != match_id
    second = (await clients[1].http.get(f"/api/matches/{made['match']}")).json()
    assert second["series"] == series_id and second["series_game"] == 2
    assert second["status"] == "running" and second["to_move"] == winner
    assert [s["name"] for s in second["seats"]] == [s["name"] for s in first["seats"]]
    assert second["time_control"]["label"] == first["time_control"]["label"] == "30+0"

    server.kill9()
    server.start()
    after = (await clients[0].http.get(f"/api/series/{series_id}")).json()
    assert after["points"] == score["points"] and len(after["games"]) == 2
    assert not after["next_ready"] and after["games"][1]["match"] == made["match"]

    store = Store(server.db_url)
    try:
        series = store.load_series(series_id)
        assert series is not None
        games = store.series_matches(series_id)
        assert [m.seed for m in games] == [game_seed(series.seed, 0), game_seed(series.seed, 1)]
        assert games[0].decks is None and games[1].decks == {"start": winner}
    finally:
        store.close()
    for client in [*clients, stranger]:
        await client.close()


def test_a_campaign_series_is_scored_continued_and_kept_over_a_restart(tmp_path: Path) -> None:
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'cyberdeck.sqlite3'}", tmp_path, "--ai-delay", "0"
    ).start()
    try:
        run(campaign_over_a_restart(server))
    finally:
        server.stop()


async def no_campaign(server: ServerProcess) -> None:
    client = await Client(server).guest()
    response = await client.http.post("/api/matches", json={"game": "cipher-run", "campaign": True})
    assert response.status_code == 400 and "has no campaign" in response.json()["detail"]
    games = (await client.http.get("/api/games")).json()
    assert {g["id"]: g["campaign"] for g in games}["cypher"] == {"2": 4, "3": 3, "4": 2}
    await client.close()


def test_a_game_without_a_campaign_refuses_one(server: ServerProcess) -> None:
    run(no_campaign(server))
