"""Rematches against a real server: offered in one click and seen at once by the other player,
accepted (the seats rotate, every setting carries over, the series score counts the chain) or
declined (the offerer is told); cancelled when a player leaves; one click against the AI; refused
to spectators and before the end; rate-limited; the chain and its score kept over a kill -9."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cyberdeck.server.protocol import server_messages
from cyberdeck.store import Store

from .drive import drain
from .harness import Client, ServerProcess, Socket, run, served


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    # Two real-time matches in play at most per person: a rematch counts as one.
    args = ("--ai-delay", "0", "--realtime-matches", "2")
    with served(tmp_path_factory, "rematch", *args) as process:
        yield process


async def duel(server: ServerProcess, **body: Any) -> tuple[str, list[Client], list[Socket]]:
    """A DUEL between two guests, each on their own socket; neither has moved."""
    people = [await Client(server).guest(), await Client(server).guest()]
    created = await people[0].create("duel", **body)
    match_id = created["match"]["id"]
    await people[1].join(match_id, created["invite"])
    sockets = [await p.socket(match_id) for p in people]
    for sock in sockets:
        await sock.expect("welcome")
        await drain(sock)
    return match_id, people, sockets


async def resign(sock: Socket, tag: str) -> None:
    await sock.send({"type": "resign", "id": tag})
    await sock.expect("ended")


async def rematch(sock: Socket, accept: bool = True) -> dict[str, Any]:
    await sock.send({"type": "rematch", "accept": accept})
    return await sock.expect("rematch")


async def score(client: Client, match_id: str) -> dict[str, Any]:
    response = await client.http.get(f"/api/matches/{match_id}/rematches")
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


async def accepted_declined_and_kept(server: ServerProcess) -> None:
    first, (alice, bob), (a, b) = await duel(server, options={}, public=False)
    names = [alice.user["name"], bob.user["name"]]
    await a.send({"type": "rematch"})
    early = await a.expect("error")
    assert early["code"] == "no-rematch" and "once the game is over" in early["message"]
    await resign(a, "r1")  # Bob wins the first game
    await b.expect("ended")

    offered = await rematch(a)
    assert offered["offer"] == {"by": 0, "accepted": [0], "waiting": [1]}
    assert offered["next"] is None and offered["text"] == f"{names[0]} offers a rematch."
    seen = await b.expect("rematch")  # at once, on the other player's socket
    assert seen["offer"] == offered["offer"]

    made = await rematch(b)
    second = made["next"]
    assert second and made["offer"] is None
    assert (await a.expect("rematch"))["next"] == second
    summary = (await alice.http.get(f"/api/matches/{second}")).json()
    assert summary["status"] == "running" and summary["public"] is False
    assert summary["rematch_of"] == first
    # The seats rotate: Bob, who was second, now moves first.
    assert [s["name"] for s in summary["seats"]] == [names[1], names[0]]
    # A private match's rematch is private too: a stranger needs its invite.
    stranger = await Client(server).guest()
    assert (await stranger.http.get(f"/api/matches/{second}")).status_code == 403

    b2, a2 = await bob.socket(second), await alice.socket(second)
    for sock in (a2, b2):
        await sock.expect("welcome")
        await drain(sock)
    assert b2.table["legal_actions"] and not a2.table["legal_actions"]
    await resign(a2, "r2")  # Bob wins again: two games to none
    await b2.expect("ended")
    assert (await score(bob, second)) == {
        "matches": [first, second],
        "finished": 2,
        "wins": [2, 0],  # seat 0 of the second game is Bob
        "draws": 0,
    }
    assert (await score(alice, first))["wins"] == [0, 2]  # seat 0 of the first is Alice

    # Declined: the offerer hears who declined, and the offer is gone.
    await rematch(b2)
    await a2.expect("rematch")
    declined = await rematch(a2, accept=False)
    assert declined["offer"] is None and declined["next"] is None
    assert declined["text"] == f"{names[0]} declined the rematch."
    told = await b2.expect("rematch")
    assert told["text"] == declined["text"]
    await a2.send({"type": "rematch", "accept": False})
    assert "no rematch offer" in (await a2.expect("error"))["message"]

    # Leaving cancels the offer.
    await rematch(b2)
    await a2.expect("rematch")
    await b2.close()
    cancelled = await a2.expect("rematch")
    assert cancelled["offer"] is None
    assert cancelled["text"] == f"{names[1]} left; the rematch offer is cancelled."

    # The chain and its score are stored: a kill -9 keeps them, and the first game's page is
    # sent on to its rematch.
    server.kill9()
    server.start()
    assert (await score(alice, second))["wins"] == [2, 0]
    back = await alice.socket(first)
    await back.expect("welcome")
    assert (await back.expect("rematch"))["next"] == second
    store = Store(server.db_url)
    try:
        assert store.rematch_after(first) == second and store.rematch_after(second) is None
        assert [m.id for m in store.chain_matches(first)] == [first, second]
    finally:
        store.close()
    for sock in (a, b, a2, b2, back):  # every message as docs/websocket.md writes it
        for message in sock.received:
            server_messages.validate_python(message)
    await back.close()
    for client in (alice, bob, stranger):
        await client.close()


def test_a_rematch_is_offered_accepted_rotated_declined_cancelled_and_kept(
    server: ServerProcess,
) -> None:
    run(accepted_declined_and_kept(server))


async def against_the_ai(server: ServerProcess) -> None:
    me = await Client(server).guest()
    created = await me.create("duel", seats=[{"kind": "human"}, {"kind": "ai", "level": "easy"}])
    first = created["match"]["id"]
    sock = await me.socket(first)
    await sock.expect("welcome")
    await resign(sock, "r1")
    made = await rematch(sock)  # one click: the AI accepts at once
    assert made["next"] and made["offer"] is None
    summary = (await me.http.get(f"/api/matches/{made['next']}")).json()
    assert [s["kind"] for s in summary["seats"]] == ["ai", "human"]
    assert summary["seats"][0]["level"] == "easy" and summary["status"] == "running"
    # Clicked again (a second tab): the same rematch, not another.
    assert (await rematch(sock))["next"] == made["next"]

    # A rematch is a new match in play: past the cap, every seat accepted and yet no rematch.
    another = await me.create("duel", seats=[{"kind": "human"}, {"kind": "ai", "level": "easy"}])
    other = await me.socket(another["match"]["id"])
    await other.expect("welcome")
    await resign(other, "r2")
    await me.create("duel", seats=[{"kind": "human"}, {"kind": "ai", "level": "easy"}])
    refused = await rematch(other)
    assert refused["offer"] is None and refused["next"] is None
    assert refused["text"] == (
        f"No rematch for now: {me.user['name']}, who offered it, has as many games in play as "
        "the server allows; finish or resign one of them first."
    )

    # Spectators get a sentence, and the rate of answers is limited.
    watcher = await (await Client(server).guest()).socket(first)
    await watcher.expect("welcome")
    await watcher.send({"type": "rematch"})
    assert "Only the players" in (await watcher.expect("error"))["message"]
    for _ in range(12):
        await sock.send({"type": "rematch", "accept": False})
    limited = await sock.expect("error")
    assert limited["code"] == "rate-limited" and "Too many rematch answers" in limited["message"]

    for each in (sock, watcher, other):
        await each.close()
    await me.close()


def test_a_rematch_against_the_ai_is_one_click_and_spectators_cannot_offer(
    server: ServerProcess,
) -> None:
    run(against_the_ai(server))
