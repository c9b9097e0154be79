"""A replay opens from the viewer's own seat when they played the match, and shows what that seat
saw and nothing more: in Cipher Run a player's replay shows their own hand, never the opponent's.
Anyone else opens it as a spectator, and every viewer can still choose a view."""

from __future__ import annotations

import random
from typing import Any

from cyberdeck.store import Store

from .drive import play_moves, seat_people, secrets_by_step, strings
from .harness import Client, ServerProcess, run


def hand_of(view: dict[str, Any], seat: int) -> list[str] | None:
    """A Cipher Run seat's hand as a view shows it (None where the view hides it)."""
    hand: list[str] | None = view["players"][seat].get("hand")
    return hand


def test_a_player_s_replay_opens_from_their_seat_and_hides_the_opponent_s_hand(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        match_id, (alice, bob), (a, b) = await seat_people(server, "cipher-run")
        await play_moves([a, b], random.Random(17), 12, "r")
        await b.send({"type": "resign", "id": "gone"})
        await a.expect("ended")
        path = f"/api/matches/{match_id}/replay"
        store = Store(server.db_url)
        data = store.load_match(match_id)
        store.close()
        assert data is not None
        secrets = secrets_by_step(data)
        steps = len(data.actions)
        hidden_seen = 0
        for step in range(steps + 1):
            mine = (await alice.http.get(path, params={"step": step})).json()
            assert (mine["seat"], mine["own_seat"]) == (0, 0)
            view = mine["table"]["view"]
            assert hand_of(view, 0), "Alice sees her own hand"
            assert hand_of(view, 1) is None, "and never Bob's"
            leaked = strings(mine["table"]) & secrets[step][0]
            assert not leaked, f"Alice's replay shows {sorted(leaked)[:5]} at step {step}"
            theirs = (await bob.http.get(path, params={"step": step})).json()
            assert (theirs["seat"], theirs["own_seat"]) == (1, 1)
            bob_hand = set(hand_of(theirs["table"]["view"], 1) or [])
            hidden_seen += len(bob_hand & secrets[step][0])
        # The check has teeth: Bob's hand held cards Alice never saw, and her replay had none.
        assert hidden_seen > 0
        chosen = (await alice.http.get(path, params={"seat": "spectator"})).json()
        assert chosen["seat"] is None and chosen["own_seat"] == 0
        assert hand_of(chosen["table"]["view"], 0) is None
        other = (await alice.http.get(path, params={"seat": 1})).json()
        assert other["seat"] == 1

    run(scenario())


def test_someone_who_did_not_play_opens_the_replay_as_a_spectator(server: ServerProcess) -> None:
    async def scenario() -> None:
        match_id, _, (a, b) = await seat_people(server, "cipher-run")
        await a.send({"type": "resign", "id": "gone"})
        await b.expect("ended")
        carol = await Client(server).guest()
        path = f"/api/matches/{match_id}/replay"
        seen = (await carol.http.get(path)).json()
        assert seen["seat"] is None and seen["own_seat"] is None
        assert hand_of(seen["table"]["view"], 0) is None
        assert hand_of(seen["table"]["view"], 1) is None
        assert (await carol.http.get(path, params={"seat": "nobody"})).status_code == 422
        assert (await carol.http.get(path, params={"seat": 2})).status_code == 400

    run(scenario())
