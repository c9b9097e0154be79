"""Learn to play through the server: a guest's lesson played to its win over HTTP, a wrong move
taken back, an illegal one refused with the game's sentence, and only the learner's view sent."""

from __future__ import annotations

import json

import pytest

from cyberdeck.engine import games, load_game
from cyberdeck.engine.tutorial import Tutorial, length, load_script

from .harness import Client, ServerProcess, run

SCRIPTED = [g.id for g in games() if load_script(g) is not None]


@pytest.mark.parametrize("game_id", SCRIPTED)
def test_a_lesson_is_played_to_its_win_taking_the_suggested_moves(
    server: ServerProcess, game_id: str
) -> None:
    game = load_game(game_id)

    async def scenario() -> None:
        learner = await Client(server).guest()
        lesson = (await learner.http.post(f"/api/learn/{game_id}")).json()
        assert lesson["step"]["number"] == 1 and lesson["intro"]
        steps = 0
        # The same lesson played here: the page is sent the learner's own view and nothing else.
        mirror = Tutorial(game, load_script(game))
        while not lesson["finished"]:
            step, table = lesson["step"], lesson["table"]
            assert table["moves"][step["n"] - 1]["action"] == step["action"]
            assert table["seat"] == load_script(game).seat
            own = json.loads(json.dumps(mirror.match.state.view(mirror.seat)))
            assert table["view"] == own
            mirror.move(step["action"])
            response = await learner.http.post(
                f"/api/learn/{game_id}/move", json={"action": step["action"]}
            )
            assert response.status_code == 200, response.text
            lesson = response.json()
            assert not lesson["word"]
            steps += 1
        assert lesson["won"] and lesson["outcome"]["winners"] == [load_script(game).seat]
        assert steps == step["total"]
        # Where the learner left it: the finished lesson, until started again.
        again = (await learner.http.get(f"/api/learn/{game_id}")).json()
        assert again["finished"]
        restarted = (await learner.http.post(f"/api/learn/{game_id}")).json()
        assert restarted["step"]["number"] == 1
        await learner.close()

    run(scenario())


def test_a_wrong_move_is_taken_back_and_an_illegal_one_refused(server: ServerProcess) -> None:
    async def scenario() -> None:
        learner = await Client(server).guest()
        lesson = (await learner.http.get("/api/learn/matrix-overload")).json()
        step = lesson["step"]
        wrong = next(m["action"] for m in lesson["table"]["moves"] if m["action"] != step["action"])
        answer = (
            await learner.http.post("/api/learn/matrix-overload/move", json={"action": wrong})
        ).json()
        assert "taken back" in answer["word"] and answer["step"] == step
        assert answer["table"]["view"] == lesson["table"]["view"]
        refused = await learner.http.post(
            "/api/learn/matrix-overload/move", json={"action": "place e1"}
        )
        assert refused.status_code == 400
        assert refused.json()["detail"].startswith("8D cannot go to e1")
        garbled = await learner.http.post(
            "/api/learn/matrix-overload/move", json={"action": "fly away"}
        )
        assert garbled.status_code == 400 and garbled.json()["detail"]
        same = (await learner.http.get("/api/learn/matrix-overload")).json()
        assert same["step"] == step and same["table"]["view"] == lesson["table"]["view"]
        look = await learner.http.get("/api/learn/matrix-overload/look", params={"target": "b1"})
        assert look.json()["text"] == "Pile b1, bottom to top: 6C."
        await learner.close()

    run(scenario())


def test_a_lesson_needs_a_guest_and_a_known_game(server: ServerProcess) -> None:
    async def scenario() -> None:
        stranger = Client(server)
        assert (await stranger.http.get("/api/learn/matrix-overload")).status_code == 401
        learner = await Client(server).guest()
        unknown = await learner.http.get("/api/learn/tetris")
        assert unknown.status_code == 404 and "There is no game 'tetris'" in unknown.text
        unstarted = await learner.http.post("/api/learn/cipher-run/move", json={"action": "x"})
        assert unstarted.status_code == 404
        await stranger.close()
        await learner.close()

    run(scenario())


def test_a_lesson_offers_the_tables_gestures_one_click_each(server: ServerProcess) -> None:
    game = load_game("cyberpunk-ccg")
    expected = length(game, load_script(game)).clicks

    async def scenario() -> None:
        learner = await Client(server).guest()
        lesson = (await learner.http.post("/api/learn/cyberpunk-ccg")).json()
        # Where no gesture is on offer, asking for one is refused in a sentence, nothing changed.
        assert not lesson["step"]["gesture"]
        refused = await learner.http.post(
            "/api/learn/cyberpunk-ccg/move", json={"action": "", "gesture": True}
        )
        assert refused.status_code == 400 and "no gesture" in refused.json()["detail"]
        same = (await learner.http.get("/api/learn/cyberpunk-ccg")).json()
        assert same["step"]["number"] == 1 and same["log"] == lesson["log"]
        clicks = gestures = 0
        while not lesson["finished"]:
            step = lesson["step"]
            gestures += bool(step["gesture"])
            response = await learner.http.post(
                "/api/learn/cyberpunk-ccg/move",
                json={"action": step["action"], "gesture": bool(step["gesture"])},
            )
            assert response.status_code == 200, response.text
            lesson = response.json()
            assert not lesson["word"]
            clicks += 1
        assert lesson["won"] and clicks == expected and gestures >= 10
        await learner.close()

    run(scenario())
