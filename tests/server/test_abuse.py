"""The websocket side of the attacks found on the server: claims counted from the wrong moment,
message ids that poison the journal, a hot-seat table's re-sent move, oversized messages that
went round the rate limit or cost the server their unmasking and decoding."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator

import pytest
import websockets

from cyberdeck.server.websocket import TEXT, frame_head, mask

from .drive import drain
from .harness import Client, ServerProcess, run, served


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server with a small rate budget and a small message cap."""
    with served(
        tmp_path_factory,
        "strict",
        *("--ai-delay", "0", "--rate", "1", "--burst", "3", "--max-message", "100"),
    ) as process:
        yield process


def test_away_time_starts_when_a_player_is_seated_not_when_the_match_was_made(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        alice, bob = await Client(server).guest(), await Client(server).guest()
        created = await alice.create("duel")
        match_id = created["match"]["id"]
        a = await alice.socket(match_id)
        await a.expect("welcome")
        await asyncio.sleep(1.3)  # longer than the grace period (1 s) before anyone joins
        await drain(a)
        await bob.join(match_id)
        presence = await a.expect("presence")
        assert presence["seats"][1]["away_seconds"] < 1.0, "no claim is offered yet"
        await a.send({"type": "claim", "id": "too-soon"})
        assert (await a.expect("error"))["code"] == "cannot-claim"
        # Every connection starts the count again.
        b = await bob.socket(match_id)
        await b.expect("welcome")
        await asyncio.sleep(1.2)
        await b.close()
        await drain(a)
        await a.send({"type": "claim", "id": "still-too-soon"})
        assert (await a.expect("error"))["code"] == "cannot-claim"
        await asyncio.sleep(1.1)
        await a.send({"type": "claim", "id": "now"})
        assert (await a.expect("ended"))["outcome"]["kind"] == "claim"
        for client in (alice, bob):
            await client.close()

    run(scenario())


def test_a_message_id_is_short_printable_text(server: ServerProcess) -> None:
    async def scenario() -> None:
        alice = await Client(server).guest()
        created = await alice.create("duel", hotseat=True)
        a = await alice.socket(created["match"]["id"])
        await a.expect("welcome")
        for bad in ("m\x00", "with space", "é", "m\x1b[2J"):
            await a.move(a.table["legal_actions"][0], bad)
            refused = await a.expect("error")
            assert refused["code"] == "malformed" and "printable" in refused["message"], bad
        assert a.seq == 0, "nothing was played"
        await alice.close()

    run(scenario())


def test_a_hot_seat_table_answers_a_resent_move_with_duplicate(server: ServerProcess) -> None:
    async def scenario() -> None:
        alice = await Client(server).guest()
        created = await alice.create("duel", hotseat=True)
        a = await alice.socket(created["match"]["id"])
        await a.expect("welcome")
        action = a.table["legal_actions"][0]
        await a.move(action, "m1")
        await a.acked("m1")
        assert a.table["seat"] == 1, "the table turned to the other seat"
        await a.send({"type": "move", "id": "m1", "seq": 0, "action": action})
        dup = await a.expect("error")
        assert dup["code"] == "duplicate" and dup["seq"] == 1
        await alice.close()

    run(scenario())


def test_an_oversized_message_counts_against_the_rate_limit(strict: ServerProcess) -> None:
    async def scenario() -> None:
        alice = await Client(strict).guest()
        created = await alice.create("duel", hotseat=True)
        a = await alice.socket(created["match"]["id"])
        await a.expect("welcome")
        for _ in range(8):
            await a.send("x" * 500)
        await a.expect("error")
        await drain(a, 0.5)
        codes = [m["code"] for m in a.received if m["type"] == "error"]
        assert codes.count("too-large") == 3, "the burst allows three messages"
        assert "rate-limited" in codes
        await alice.close()

    run(scenario())


def raw_text_frame(payload: bytes) -> bytes:
    """A masked text frame carrying ``payload`` as it is (UTF-8 or not): what a hostile client
    can put on the wire whatever its library allows."""
    key = os.urandom(4)
    return frame_head(TEXT, len(payload), masked=True) + key + mask(payload, key)


def test_an_oversized_message_is_refused_unread_and_the_socket_stays(strict: ServerProcess) -> None:
    async def scenario() -> None:
        alice = await Client(strict).guest()
        created = await alice.create("duel", hotseat=True)
        a = await alice.socket(created["match"]["id"])
        await a.expect("welcome")
        transport = a.connection.transport
        # Not UTF-8: had the server decoded it, it would have closed the socket (1007).
        transport.write(raw_text_frame(b"\xff" * 300))
        too_large = await a.expect("error")
        assert too_large["code"] == "too-large"
        assert too_large["message"] == "A message may be at most 100 bytes; this one was 300."
        await a.send({"type": "ping"})
        await a.expect("pong")
        # Past the transport's own cap the socket closes, and its reason names the app's limit.
        transport.write(raw_text_frame(b"y" * (2 << 20)))
        with pytest.raises(websockets.ConnectionClosed) as closed:
            for _ in range(10):
                await a.recv(5)
        received = closed.value.rcvd
        assert received is not None and received.code == 1009
        assert received.reason == f"A message may be at most 100 bytes; this one was {2 << 20}."
        await alice.close()

    run(scenario())
