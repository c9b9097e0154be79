"""Bot accounts through the bot API alone: a bot written with nothing but ``httpx`` reads its
event stream and answers each turn with a move, two of them play a rated game on the bots'
ladder, and what a bot may not do is refused with a sentence."""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from cyberdeck.agents.levels import make_agent
from cyberdeck.cli import app
from cyberdeck.engine import BadOption
from cyberdeck.remote.bot import chooser, play
from cyberdeck.remote.botsocket import play_socket

from .harness import Client, ServerProcess, run, served

PASSWORD = "correct horse battery"
CLOCK = {"kind": "real-time", "minutes": 5, "increment": 0}

names = itertools.count()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with served(tmp_path_factory, "bots", "--ai-delay", "0") as process:
        yield process


async def owner(server: ServerProcess) -> Client:
    client = await Client(server).guest()
    made = await client.http.post(
        "/api/auth/signup", json={"name": f"owner{next(names)}", "password": PASSWORD}
    )
    assert made.status_code == 201, made.text
    return client


def bots_at_a_table(server: ServerProcess, game: str, prefix: str) -> tuple[str, list[str]]:
    """Two new bots of one owner seated at a new ``game`` match with a clock: its id, and the
    bots' tokens (the first bot created the match, the second joined it)."""

    async def seated() -> tuple[str, list[str]]:
        person = await owner(server)
        tokens = []
        for _ in range(2):
            made = await person.http.post("/api/bots", json={"name": f"{prefix}{next(names)}"})
            tokens.append(made.json()["token"])
        headers = [{"Authorization": f"Bearer {t}"} for t in tokens]
        async with (
            httpx.AsyncClient(base_url=server.base, headers=headers[0]) as first,
            httpx.AsyncClient(base_url=server.base, headers=headers[1]) as second,
        ):
            created = await first.post("/api/matches", json={"game": game, "clock": CLOCK})
            match_id = created.json()["match"]["id"]
            joined = await second.post(f"/api/matches/{match_id}/join", json={})
            assert joined.status_code == 200, joined.text
        return match_id, tokens

    return run(seated())


async def play_as_bot(base: str, token: str, match_id: str) -> dict[str, Any]:
    """A complete bot, as a reader of docs/bots.md would write it: for each turn on its
    stream, the first legal action; it returns the outcome of ``match_id``."""
    headers = {"Authorization": f"Bearer {token}"}
    async with (
        httpx.AsyncClient(base_url=base, headers=headers, timeout=30) as http,
        http.stream("GET", "/api/bot/stream") as lines,
    ):
        async for line in lines.aiter_lines():
            if not line.strip():
                continue  # a keep-alive
            event = json.loads(line)
            if event["type"] == "turn":
                moved = await http.post(
                    f"/api/bot/matches/{event['match']}/move",
                    json={"action": event["legal_actions"][0], "seq": event["seq"]},
                )
                assert moved.status_code == 200, moved.text
            elif event["type"] == "end" and event["match"] == match_id:
                outcome: dict[str, Any] = event["outcome"]
                return outcome
    raise AssertionError("the stream ended before the match")


def test_two_bots_play_a_rated_game_on_their_own_ladder(server: ServerProcess) -> None:
    async def scenario() -> None:
        person = await owner(server)
        tokens = []
        for name in (f"alpha{next(names)}", f"beta{next(names)}"):
            made = await person.http.post("/api/bots", json={"name": name})
            assert made.status_code == 201, made.text
            tokens.append(made.json()["token"])
        listed = (await person.http.get("/api/bots")).json()
        assert len(listed) == 2 and all("token" not in b for b in listed)
        bots = [
            httpx.AsyncClient(
                base_url=server.base, headers={"Authorization": f"Bearer {t}"}, timeout=30
            )
            for t in tokens
        ]
        casual = await bots[0].post("/api/matches", json={"game": "duel"})
        assert casual.status_code == 400 and "clock" in casual.json()["detail"]
        created = await bots[0].post(
            "/api/matches", json={"game": "duel", "clock": CLOCK, "rated": True}
        )
        assert created.status_code == 201, created.text
        match_id = created.json()["match"]["id"]
        players = [asyncio.create_task(play_as_bot(server.base, t, match_id)) for t in tokens]
        await asyncio.sleep(0)  # the streams open; the join starts the match
        joined = await bots[1].post(f"/api/matches/{match_id}/join", json={})
        assert joined.status_code == 200, joined.text
        seated = [seat["name"] for seat in joined.json()["match"]["seats"]]
        assert all(name.startswith("BOT ") for name in seated), seated
        outcomes = await asyncio.wait_for(asyncio.gather(*players), 60)
        assert outcomes[0] == outcomes[1] and outcomes[0]["reason"]
        for _ in range(100):  # the rating is written just after the end
            ladder = (
                await person.http.get("/api/leaderboard/duel", params={"bots": "true"})
            ).json()
            if len(ladder) == 2:
                break
            await asyncio.sleep(0.1)
        assert sorted(r["kind"] for r in ladder) == ["bot", "bot"]
        assert all(r["name"].startswith("BOT ") for r in ladder)
        people = (
            await person.http.get("/api/leaderboard/duel", params={"provisional": "true"})
        ).json()
        assert not any(r["kind"] == "bot" for r in people)
        for bot in bots:
            await bot.aclose()

    run(scenario())


def test_what_a_bot_may_not_do(server: ServerProcess) -> None:
    async def scenario() -> None:
        person = await owner(server)
        wrong = await person.http.get(
            "/api/bot/stream", headers={"Authorization": "Bearer cdb_not-a-token"}
        )
        assert wrong.status_code == 401
        assert (await person.http.get("/api/bot/stream")).status_code == 403
        guest = await Client(server).guest()
        refused = await guest.http.post("/api/bots", json={"name": "guestbot"})
        assert refused.status_code == 403
        made = (await person.http.post("/api/bots", json={"name": f"gamma{next(names)}"})).json()
        taken = await person.http.post("/api/bots", json={"name": made["name"]})
        assert taken.status_code == 409
        bot = httpx.AsyncClient(
            base_url=server.base, headers={"Authorization": f"Bearer {made['token']}"}
        )
        unclocked = (await person.create("duel"))["match"]["id"]
        sat = await bot.post(f"/api/matches/{unclocked}/join", json={})
        assert sat.status_code == 400 and "clock" in sat.json()["detail"]
        stranger = await bot.post(
            f"/api/bot/matches/{unclocked}/move", json={"action": "play chip01", "seq": 0}
        )
        assert stranger.status_code == 404
        # A bot and a person: casual, whatever was asked.
        created = await bot.post(
            "/api/matches", json={"game": "duel", "clock": CLOCK, "rated": True}
        )
        match_id = created.json()["match"]["id"]
        assert created.json()["match"]["rated"] is True
        joined = await person.join(match_id)
        assert joined["match"]["rated"] is False
        sock = await person.socket(match_id)
        await sock.expect("welcome")
        bad = await bot.post(f"/api/bot/matches/{match_id}/move", json={"action": "x", "seq": 0})
        assert bad.status_code in (400, 409) and bad.json()["detail"]
        resigned = await bot.post(f"/api/bot/matches/{match_id}/resign")
        assert resigned.status_code == 200 and resigned.json()["status"] == "finished"
        await asyncio.sleep(0.5)
        ladder = (
            await person.http.get(
                "/api/leaderboard/duel", params={"bots": "true", "provisional": "true"}
            )
        ).json()
        assert made["name"] not in " ".join(r["name"] for r in ladder)
        await bot.aclose()

    run(scenario())


def first_legal(turn: dict[str, Any]) -> str:
    """A Python callable a bot plays with (``python:tests.server.test_bots:first_legal``)."""
    return str(turn["legal_actions"][0])


def test_cyberdeck_bot_plays_an_agent_as_a_bot(server: ServerProcess) -> None:
    match_id, tokens = bots_at_a_table(server, "duel", "cli")
    said: list[list[str]] = [[], []]
    specs = ["random", "python:tests.server.test_bots:first_legal"]
    with ThreadPoolExecutor(2) as pool:
        done = [
            pool.submit(play, server.base, t, chooser(s), 1, said[i].append)
            for i, (t, s) in enumerate(zip(tokens, specs, strict=True))
        ]
        assert [d.result(timeout=60) for d in done] == [1, 1]
    for lines in said:
        assert lines[0].startswith(f"{match_id}: duel, seat")
        assert lines[-1].startswith(f"{match_id}: over (")
        # A turn the stream told before the other seat's move landed may meet a newer table
        # (a step later, or the game over): refused with a sentence, nothing lost. Nothing else.
        refused = [line for line in lines if "refused" in line]
        benign = ("look at the table again", "The game is over")
        assert all(any(b in line for b in benign) for line in refused), refused


def test_a_bot_past_its_rate_waits_as_told_and_plays_on(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """One move a second and no burst: each bot's second move comes sooner and is refused with
    the seconds to wait (``Retry-After``, the socket's ``retry``); both transports wait and send
    it again, and the game is played to its end with nothing refused."""
    with served(
        tmp_path_factory, "slow-bots", "--ai-delay", "0", "--rate", "1", "--burst", "1"
    ) as slow:
        match_id, tokens = bots_at_a_table(slow, "duel", "slow")
        said: list[list[str]] = [[], []]
        pool = ThreadPoolExecutor(2)
        try:
            done = [
                pool.submit(play, slow.base, tokens[0], chooser("random"), 1, said[0].append),
                pool.submit(
                    play_socket, slow.base, tokens[1], chooser("random", 1), 1, said[1].append
                ),
            ]
            assert [d.result(timeout=60) for d in done] == [1, 1], said
        finally:
            pool.shutdown(wait=False)  # a bot left waiting is released when its server stops
        for lines in said:
            assert lines[-1].startswith(f"{match_id}: over (")
            assert not [line for line in lines if "faster than the server" in line], lines


@pytest.mark.parametrize("game", ["cipher-run", "cypher"])
def test_a_bot_plays_the_normal_level_from_its_seats_view(server: ServerProcess, game: str) -> None:
    """``cyberdeck bot --agent normal``: the search level, rebuilt from each turn's view, plays a
    whole game against another bot; every move it sends is taken."""

    match_id, tokens = bots_at_a_table(server, game, "lvl")
    said: list[list[str]] = [[], []]
    moves: list[str] = []
    normal = chooser("normal", 5)

    def counted(turn: dict[str, Any]) -> str:
        action = normal(turn)
        assert action in turn["legal_actions"]
        moves.append(action)
        return action

    with ThreadPoolExecutor(2) as pool:
        done = [
            pool.submit(play, server.base, tokens[0], counted, 1, said[0].append),
            pool.submit(play, server.base, tokens[1], chooser("random", 1), 1, said[1].append),
        ]
        assert [d.result(timeout=300) for d in done] == [1, 1]
    assert said[0][0].startswith(f"{match_id}: {game}, seat")
    assert said[0][-1].startswith(f"{match_id}: over (")
    assert not [line for line in said[0] if "no move" in line], said[0]
    refused = [line for line in said[0] if "refused" in line]  # only a stale turn's (see above)
    assert all(
        any(b in line for b in ("look at the table again", "The game is over")) for line in refused
    )
    assert len(moves) >= 3


def test_a_bot_plays_the_ccg_levels_from_the_turn_as_the_stream_sends_it() -> None:
    """A Cyberpunk CCG turn, as the stream sends it, is enough for the levels: ``normal`` answers
    a legal move and greedy the move it picks from the real state, at points along a game."""
    from cyberdeck.engine import Rng, load_game

    game = load_game("cyberpunk-ccg")
    state = game.new_state({"sponsor": "militech"}, 7)
    rng = Rng(8)
    asked = 0
    for step in itertools.count():
        if state.is_terminal or asked == 3:
            break
        seat = state.current_player
        assert seat is not None
        legal = [a.text for a in state.legal_actions()]
        if step % 40 == 39 and len(legal) > 1:
            turn = json.loads(
                json.dumps(
                    {
                        "type": "turn", "match": "m1", "seq": step, "seat": seat,
                        "view": state.view(seat), "legal_actions": legal,
                    }
                )
            )  # fmt: skip
            assert chooser("normal", 5)(turn) in legal
            assert chooser("greedy", 9)(turn) == make_agent("greedy", 9, game).choose(state).text
            asked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert asked == 3


def test_a_bot_agent_chooses_from_the_turn_as_the_stream_sends_it() -> None:
    """The levels, greedy and a policy file play from the turn's view and legal actions (JSON, as
    the stream sends it), and choose what they would from the real state; a game that cannot
    rebuild its state from a view is refused with a sentence."""
    from cyberdeck.agents.policy import SHIPPED
    from cyberdeck.engine import BadView, Rng, load_game

    game = load_game("hack-me")
    state = game.new_state(None, 3)
    rng = Rng(4)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    assert seat is not None
    turn = json.loads(
        json.dumps(
            {
                "type": "turn", "match": "m1", "seq": 12, "seat": seat,
                "view": state.view(seat), "legal_actions": [a.text for a in state.legal_actions()],
            }
        )
    )  # fmt: skip
    for spec in ("greedy", "easy", f"policy:{SHIPPED / 'hack-me.npz'}"):
        action = chooser(spec, 9)(turn)
        assert action in turn["legal_actions"], spec
    greedy = make_agent("greedy", 9, game)
    assert chooser("greedy", 9)(turn) == greedy.choose(state).text
    cypher_game = load_game("cypher")
    cypher = cypher_game.new_state({"players": 3}, 2)
    for _ in range(9):
        cypher.apply(rng.choice(cypher.legal_actions()))
    mover = cypher.current_player
    assert mover is not None
    told = {**turn, "seat": mover, "view": json.loads(json.dumps(cypher.view(mover)))}
    told["legal_actions"] = [a.text for a in cypher.legal_actions()]
    assert chooser("normal", 9)(told) in told["legal_actions"]
    assert chooser("greedy", 9)(told) == make_agent("greedy", 9, cypher_game).choose(cypher).text
    duel = load_game("duel").new_state(None, 1)  # the toy game has no position_from_view
    mover = duel.current_player
    assert mover is not None
    with pytest.raises(BadView, match="cannot rebuild"):
        chooser("greedy")({**turn, "seat": mover, "view": json.loads(json.dumps(duel.view(mover)))})


def test_an_agent_no_game_has_is_refused_with_a_sentence() -> None:
    with pytest.raises(BadOption, match="no agent 'alphago'"):
        chooser("alphago")
    with pytest.raises(BadOption, match="MODULE:FUNCTION"):
        chooser("python:nothing")
    with pytest.raises(BadOption, match="no policy file"):
        chooser("policy:no/such/policy.npz")
    result = CliRunner().invoke(
        app, ["bot", "--server", "http://x", "--token", "t", "--agent", "alphago"]
    )
    assert result.exit_code == 2 and "no agent 'alphago'" in result.output


def test_the_bot_api_is_in_the_openapi_schema(server: ServerProcess) -> None:
    paths = httpx.get(f"{server.base}/openapi.json").json()["paths"]
    stream = paths["/api/bot/stream"]["get"]
    assert "application/x-ndjson" in stream["responses"]["200"]["content"]
    assert "turn" in stream["description"] and "legal_actions" in stream["description"]
    move = paths["/api/bot/matches/{match_id}/move"]["post"]
    assert "requestBody" in move
    assert {"/api/bots", "/api/bot/matches/{match_id}/resign", "/api/tournaments"} <= set(paths)


def test_a_person_challenges_a_bot_and_it_accepts_by_joining(server: ServerProcess) -> None:
    async def scenario() -> None:
        person = await owner(server)
        made = (await person.http.post("/api/bots", json={"name": f"duelist{next(names)}"})).json()
        created = await person.create("duel", clock=CLOCK, rated=False)
        match_id = created["match"]["id"]
        offline = await person.http.post(
            f"/api/matches/{match_id}/challenge", json={"bot": made["name"]}
        )
        assert offline.status_code == 409 and "not online" in offline.json()["detail"]
        nobody = await person.http.post(
            f"/api/matches/{match_id}/challenge", json={"bot": "no-such-bot"}
        )
        assert nobody.status_code == 404
        headers = {"Authorization": f"Bearer {made['token']}"}
        async with (
            httpx.AsyncClient(base_url=server.base, headers=headers, timeout=30) as bot,
            bot.stream("GET", "/api/bot/stream") as lines,
        ):
            said = await person.http.post(
                f"/api/matches/{match_id}/challenge", json={"bot": made["name"]}
            )
            assert said.status_code == 204, said.text
            async for line in lines.aiter_lines():
                event = json.loads(line) if line.strip() else {}
                if event.get("type") == "challenge":
                    assert event["match"] == match_id and event["game"] == "duel"
                    joined = await bot.post(
                        f"/api/matches/{match_id}/join", json={"invite": event["invite"]}
                    )
                    assert joined.status_code == 200, joined.text
                if event.get("type") == "start":
                    assert event["match"] == match_id and event["seat"] == 1
                    break
        await person.close()

    run(scenario())
