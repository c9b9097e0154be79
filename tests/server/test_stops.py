"""Stops kept per account, followed by the table in live matches; the proposed payment."""

from __future__ import annotations

import random
from typing import Any

from cyberdeck.engine import load_game
from cyberdeck.engine.autoanswer import Stops

from .drive import seat_people
from .harness import Client, ServerProcess, Socket, run


def test_stops_are_kept_per_account(server: ServerProcess) -> None:
    async def scenario() -> None:
        me = await Client(server).guest()
        other = await Client(server).guest()
        got = (await me.http.get("/api/games/cyberpunk-ccg/stops")).json()
        on = {s["key"] for s in got["stops"] if s["on"]}
        assert "purchase:own" in on and "purchase:opp" not in on and not got["full_control"]
        put = await me.http.put(
            "/api/games/cyberpunk-ccg/stops",
            json={"on": ["damage:opp", "hits:own"], "full_control": True},
        )
        assert put.status_code == 200, put.text
        again = (await me.http.get("/api/games/cyberpunk-ccg/stops")).json()
        assert {s["key"] for s in again["stops"] if s["on"]} == {"damage:opp", "hits:own"}
        assert again["full_control"] is True
        theirs = (await other.http.get("/api/games/cyberpunk-ccg/stops")).json()
        assert theirs["full_control"] is False
        bad = await me.http.put("/api/games/cyberpunk-ccg/stops", json={"on": ["nowhere"]})
        assert bad.status_code == 400 and "has no stop 'nowhere'" in bad.json()["detail"]
        none = await me.http.put("/api/games/cipher-run/stops", json={"on": ["x"]})
        assert none.status_code == 400 and "(its stops: none)" in none.json()["detail"]
        anon = await Client(server).http.get("/api/games/cyberpunk-ccg/stops")
        assert anon.status_code == 401

    run(scenario())


def test_every_game_answers_a_lone_question_unless_asked_not_to(server: ServerProcess) -> None:
    """MATR1X has no stops, yet a royal with one free slot (or a card with one pile to go on)
    is placed by the table, noted in the player's log; a player who turned 'single' off is
    asked every question."""

    async def scenario() -> None:
        for single in (True, False):
            client = await Client(server).guest()
            got = (await client.http.get("/api/games/matrix-overload/stops")).json()
            assert got["single"] is True and got["stops"] == []
            if not single:
                put = await client.http.put(
                    "/api/games/matrix-overload/stops", json={"on": [], "single": False}
                )
                assert put.status_code == 200 and put.json()["single"] is False
            created = await client.create("matrix-overload")
            sock = await client.socket(created["match"]["id"])
            await sock.expect("welcome")
            rng = random.Random(11)
            asked_lone = False
            for n in range(80):
                legal = sock.table.get("legal_actions") or []
                if not legal or any("(the only answer)." in t for t in _texts(sock)):
                    break
                asked_lone = asked_lone or len(legal) == 1
                if not single and asked_lone:
                    break
                await sock.play(rng.choice(legal), f"m{n}")
            lone = [t for t in _texts(sock) if "(the only answer)." in t]
            if single:
                assert lone and all(t.startswith("The table answers for Player 1: ") for t in lone)
                assert not asked_lone
            else:
                assert asked_lone and not lone

    run(scenario())


def _texts(sock: Socket) -> list[str]:
    return [
        e["text"]
        for m in sock.received
        if m["type"] in ("welcome", "update")
        for e in m["table"]["events"]
    ]


async def _play_until(
    sockets: list[Socket], want: Any, rng: random.Random, limit: int = 400
) -> Socket | None:
    """Random moves until a seat to move is offered what ``want`` looks for."""
    for n in range(limit):
        sock = next((s for s in sockets if s.table.get("legal_actions")), None)
        if sock is None:
            return None
        if want(sock):
            return sock
        await sock.play(rng.choice(sock.table["legal_actions"]), f"r{n}")
        for other in sockets:
            while other.seq < sock.seq:
                await other.recv()
    return None


CCG = load_game("cyberpunk-ccg")
NO_CHOICE = ("(an exact payment).", "(the only way to pay).", "(the only place for it).",
             "(the only deck left).", "(the only answer).")  # fmt: skip


def test_the_table_passes_where_a_player_has_no_stop(server: ServerProcess) -> None:
    async def scenario() -> None:
        _, _, sockets = await seat_people(server, "cyberpunk-ccg")

        def answered() -> list[str]:
            return [
                t
                for s in sockets
                for t in _texts(s)
                if t.startswith("The table answers for Player")
            ]

        # The match's seed is the server's own, so play until the table has answered at least once.
        await _play_until(sockets, lambda s: bool(answered()), random.Random(3), 400)
        passed = answered()
        # A pass where a stop is off, or the answer to a question with no real choice.
        assert passed and all("pass (no stop at" in t or t.endswith(NO_CHOICE) for t in passed), (
            passed
        )
        # Why, then what: a payment's note comes before the payment it explains (after the
        # card it is for, named as its first EB is paid).
        for sock in sockets:
            texts = _texts(sock)
            for n, text in enumerate(texts[:-1]):
                if text.startswith("The table answers for Player") and ": pay with " in text:
                    paid = texts[n + 1 : n + 3]
                    if " buys " in paid[0] or " plays " in paid[0]:
                        paid = paid[1:]
                    assert " pays " in paid[0], texts[n : n + 3]
        # Each player's note is their own.
        for seat, sock in enumerate(sockets):
            assert all(f"Player {seat + 1}:" in t for t in _texts(sock) if "table answers" in t)

    run(scenario())


def test_full_control_asks_every_window(server: ServerProcess) -> None:
    async def scenario() -> None:
        _, clients, sockets = await seat_people(server, "cyberpunk-ccg")
        for client in clients:
            put = await client.http.put(
                "/api/games/cyberpunk-ccg/stops", json={"on": [], "full_control": True}
            )
            assert put.status_code == 200
        await _play_until(sockets, lambda s: False, random.Random(3), 60)
        assert not [t for s in sockets for t in _texts(s) if "table answers" in t]

    run(scenario())


def test_accept_plays_the_proposed_payment(server: ServerProcess) -> None:
    async def scenario() -> None:
        _, clients, sockets = await seat_people(server, "cyberpunk-ccg")
        # Every payment asked (none left to the table as 'no real choice'), whatever the deal.
        for client in clients:
            keys = [*sorted(Stops.defaults(CCG).on), "forced:own", "forced:opp"]
            put = await client.http.put("/api/games/cyberpunk-ccg/stops", json={"on": keys})
            assert put.status_code == 200
        sock = await _play_until(sockets, lambda s: s.table.get("proposal"), random.Random(7))
        assert sock is not None
        proposal = sock.table["proposal"]
        assert " EB: " in proposal["text"]
        prompt = sock.table["view"]["prompt"]
        assert prompt["kind"] == "pay" and all("eb" in src for src in prompt["sources"])
        before = sock.seq
        await sock.send({"type": "accept", "id": "yes", "seq": sock.seq})
        ack = await sock.acked("yes")
        assert ack["seq"] >= before + len(proposal["actions"]) or ack["table"]["view"]["prompt"][
            "kind"
        ] in ("respond", "posse")
        paid = [t for t in _texts(sock) if " pays " in t]
        assert paid
        await sock.send({"type": "accept", "id": "again", "seq": sock.seq})
        refused = await sock.expect("error")
        assert refused["code"] in ("illegal", "not-your-turn")

    run(scenario())


def _offered(sock: Socket, group: str) -> list[dict[str, Any]]:
    return [g for g in sock.table.get("gestures", []) if g["group"] == group]


def test_a_gesture_plays_its_moves_and_the_log_says_the_table_answered_from_it(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        _, _, sockets = await seat_people(server, "cyberpunk-ccg")
        # Every turn starts with three cards to draw from two decks, whatever the deal.
        sock = await _play_until(sockets, lambda s: bool(_offered(s, "Draw")), random.Random(5))
        assert sock is not None
        other = next(s for s in sockets if s is not sock)
        assert other.table.get("gestures") == []  # only the seat to move is offered any
        plan = _offered(sock, "Draw")[-1]
        assert plan["text"].startswith("Draw ") and len(plan["actions"]) >= 2
        seat, before = sock.table["seat"], sock.seq
        ack = await sock.gesture(plan["actions"], "plan")
        assert ack["seq"] >= before + len(plan["actions"])
        notes = [t for t in _texts(sock) if f"(from your gesture: {plan['text']})" in t]
        assert len(notes) == len(plan["actions"]) - 1
        assert all(
            t.startswith(f"The table answers for Player {seat + 1}: draw from") for t in notes
        )
        while other.seq < sock.seq:
            await other.recv()
        assert not [t for t in _texts(other) if "from your gesture" in t]

    run(scenario())


def test_a_gesture_not_on_offer_is_refused_and_changes_nothing(server: ServerProcess) -> None:
    async def scenario() -> None:
        _, _, sockets = await seat_people(server, "cyberpunk-ccg")
        sock = await _play_until(sockets, lambda s: bool(_offered(s, "Draw")), random.Random(5))
        assert sock is not None
        before = sock.seq
        await sock.send(
            {"type": "gesture", "id": "made-up", "seq": sock.seq, "actions": ["pass", "pass"]}
        )
        refused = await sock.expect("error")
        assert refused["code"] == "illegal" and "offers no such gesture" in refused["message"]
        await sock.send({"type": "gesture", "id": "empty", "seq": sock.seq, "actions": []})
        bad = await sock.expect("error")
        assert bad["code"] == "malformed" and "'actions'" in bad["message"]
        await sock.send({"type": "resync"})
        await sock.expect("welcome")
        assert sock.seq == before

    run(scenario())
