"""MATR1X's hint (its normal level's move, thought out in an AI worker) and the review of a lost
game, through real connections. The server draws the match seed, so nothing here depends on it."""

from __future__ import annotations

from cyberdeck.engine import load_game
from cyberdeck.server.protocol import server_messages

from .drive import seat_people
from .harness import Client, ServerProcess, run

GAME = load_game("matrix-overload")


def test_a_hint_is_a_legal_move_for_the_seat_to_move_and_no_one_else(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        player = await Client(server).guest()
        created = await player.create("matrix-overload")
        match_id = created["match"]["id"]
        sock = await player.socket(match_id)
        await sock.expect("welcome")
        for step in range(3):
            await sock.send({"type": "hint"})
            hint = await sock.expect("hint", timeout=60)
            server_messages.validate_python(hint)
            assert hint["seq"] == sock.seq and hint["action"] in sock.table["legal_actions"]
            action = GAME.parse_action(hint["action"])
            assert hint["text"] == f"Hint: {GAME.describe_action(action, sock.table['view'])}."
            await sock.play(hint["action"], f"m{step}")
        watcher = await player.socket(match_id, watch="true")
        await watcher.expect("welcome")
        await watcher.send({"type": "hint"})
        refused = await watcher.expect("hint")
        assert refused["action"] is None
        assert refused["text"] == "A hint is for the player whose move it is."
        _, _, (a, _b) = await seat_people(server, "cipher-run")
        await a.send({"type": "hint"})
        assert (await a.expect("hint"))["text"] == "Cipher Run gives no hints."

    run(scenario())


def test_a_lost_game_is_reviewed_and_the_review_waits_for_who_comes_back(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        player = await Client(server).guest()
        created = await player.create("matrix-overload")
        match_id = created["match"]["id"]
        sock = await player.socket(match_id)
        await sock.expect("welcome")
        step = 0
        while sock.status != "finished":  # the first placement every time loses any deal tried
            step += 1
            await sock.play(sock.table["legal_actions"][0], f"m{step}")
        assert sock.outcome is not None
        if sock.outcome["winners"]:
            return  # a deal the first placements win has nothing to review
        review = await sock.expect("review", timeout=120)
        server_messages.validate_python(review)
        assert review["text"].startswith("How did I do: ")
        assert "hard would" in review["text"]
        again = await player.socket(match_id)
        await again.expect("welcome")
        assert (await again.expect("review"))["text"] == review["text"]

    run(scenario())


def test_a_game_where_a_hint_was_shown_is_played_but_not_ranked(server: ServerProcess) -> None:
    async def scenario() -> None:
        player = await Client(server).guest()
        created = await player.create("matrix-overload")
        sock = await player.socket(created["match"]["id"])
        await sock.expect("welcome")
        await sock.send({"type": "hint"})
        assert (await sock.expect("hint", timeout=60))["action"] is not None
        step = 0
        while sock.status != "finished":
            step += 1
            await sock.play(sock.table["legal_actions"][0], f"m{step}")
        stats = (await player.http.get("/api/me/stats/matrix-overload")).json()
        assert (stats["games"], stats["unranked"], stats["hinted"]) == (1, 1, 1)
        assert stats["wins"] == 0 and stats["lost"] == 0 and stats["streak"] == 0

    run(scenario())
