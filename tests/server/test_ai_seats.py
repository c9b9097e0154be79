"""AI seats under attack: a client names a level, never an agent's budget; no agent holds the
workers past the server's own limit; a worker that dies is replaced and no other match waits."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .harness import Client, ServerProcess, Socket, run, served


@pytest.fixture(scope="module")
def one_worker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One worker process for every AI seat: whatever holds it holds them all."""
    with served(
        tmp_path_factory,
        "ai-seats",
        *("--ai-delay", "0", "--ai-workers", "1", "--ai-move-seconds", "2"),
    ) as process:
        yield process


async def against(client: Client, level: str) -> Socket:
    created = await client.create("duel", seats=[{"kind": "human"}, {"kind": "ai", "level": level}])
    sock = await client.socket(created["match"]["id"])
    await sock.expect("welcome")
    return sock


async def ai_answers(sock: Socket, tag: str, timeout: float = 60) -> None:
    """Make a move and wait (the first question starts the worker: slow on a busy machine)
    until the AI seat has answered it."""
    await sock.move(sock.table["legal_actions"][0], tag)
    await sock.acked(tag)
    while sock.seq < 2:
        message = await sock.recv(timeout)
        assert message["type"] != "error", message


def test_a_seat_takes_a_level_never_an_agent_spec(one_worker: ServerProcess) -> None:
    async def scenario() -> None:
        alice = await Client(one_worker).guest()
        for spec in ("ismcts:100000s", "pimc:999:99", "ismcts", "hard:5"):
            refused = await alice.http.post(
                "/api/matches",
                json={"game": "duel", "seats": [{}, {"kind": "ai", "level": spec}]},
            )
            assert refused.status_code == 400, spec
            assert (
                "not an AI level" in refused.json()["detail"] and "easy" in refused.json()["detail"]
            )
        made = await alice.create("duel", seats=[{}, {"kind": "ai", "level": " Hard "}])
        assert made["match"]["seats"][1]["level"] == "hard"
        assert made["match"]["seats"][1]["name"] == "ai:hard"
        await alice.close()

    run(scenario())


def test_an_agent_that_thinks_forever_is_cut_off_and_others_still_move(
    one_worker: ServerProcess,
) -> None:
    async def scenario() -> None:
        alice, bob = await Client(one_worker).guest(), await Client(one_worker).guest()
        slow = await against(alice, "sleeper")
        await ai_answers(slow, "s1")  # the seat moved, within the server's limit
        assert slow.table["to_move"] == 0
        fine = await against(bob, "easy")
        await ai_answers(fine, "f1")
        for client in (alice, bob):
            await client.close()

    run(scenario())


def test_a_worker_that_dies_is_replaced_and_blocks_no_other_match(
    one_worker: ServerProcess,
) -> None:
    async def scenario() -> None:
        alice, bob = await Client(one_worker).guest(), await Client(one_worker).guest()
        crashing = await against(alice, "crasher")
        await ai_answers(crashing, "c1")  # the seat still moves (a legal move of the server's)
        fine = await against(bob, "easy")
        await ai_answers(fine, "f1")
        for client in (alice, bob):
            await client.close()

    run(scenario())
