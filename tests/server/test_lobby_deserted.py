"""'Being played' lists the running matches someone is playing: once every player has been away
for longer than the claim window, a match leaves it (its players still find it in their own
matches), and it comes back when one of them does."""

from __future__ import annotations

import asyncio

from .drive import drain, seat_people
from .harness import Client, ServerProcess, run


async def running_ids(client: Client) -> set[str]:
    listed = (await client.http.get("/api/matches", params={"status": "running"})).json()
    return {m["id"] for m in listed}


def test_a_match_everyone_left_leaves_being_played(server: ServerProcess) -> None:
    async def scenario() -> None:
        match_id, (a_client, b_client), (a, b) = await seat_people(server, "duel")
        watcher = await Client(server).guest()
        assert match_id in await running_ids(watcher)
        await b.close()
        await asyncio.sleep(1.2)  # the server's claim window is 1 second
        assert match_id in await running_ids(watcher), "one player is still at the table"
        await a.close()
        assert match_id in await running_ids(watcher), "not yet gone for the claim window"
        await asyncio.sleep(1.2)
        assert match_id not in await running_ids(watcher)
        mine = (await a_client.http.get("/api/me/matches")).json()
        assert match_id in {m["id"] for m in mine}
        back = await b_client.socket(match_id)
        await back.expect("welcome")
        await drain(back)
        assert match_id in await running_ids(watcher)

    run(scenario())
