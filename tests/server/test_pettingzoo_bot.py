"""The example bot (examples/pettingzoo_bot.py): a turn as the server tells it becomes exactly
the PettingZoo environment's observation and mask, and the example plays a whole game against
another bot on a real server, with a policy file and (where PettingZoo is installed) with a
policy it has just trained."""

from __future__ import annotations

import itertools
import runpy
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import pytest

from cyberdeck.engine import Rng, load_game
from cyberdeck.envs.observe import Observation
from cyberdeck.remote.bot import chooser, play
from cyberdeck.server.visibility import table_for
from cyberdeck.server.wire import decode, encode

from .harness import ROOT, Client, ServerProcess, run, served

SCRIPT = ROOT / "examples" / "pettingzoo_bot.py"
EXAMPLE: dict[str, Any] = runpy.run_path(str(SCRIPT))
CLOCK = {"kind": "real-time", "minutes": 5, "increment": 0}

names = itertools.count()


def tiny_policy(game_id: str, seed: int) -> Any:
    """A policy of small random weights (no training library needed)."""
    game = load_game(game_id)
    size = game.observation_encoding(game.resolve_options({})).size
    rng = np.random.default_rng(seed)
    weights = rng.normal(0, 0.1, (game.action_space.size, size)).astype(np.float32)
    bias = rng.normal(0, 0.1, game.action_space.size).astype(np.float32)
    return EXAMPLE["Policy"](weights, bias)


def test_a_turn_becomes_the_environments_observation_and_mask() -> None:
    game = load_game("cypher")
    policy = tiny_policy("cypher", 1)
    bot = EXAMPLE["PolicyBot"]("cypher", policy)
    env = Observation(game, {})
    rng = Rng(7)
    state = game.new_state(env.options, 3)
    checked = 0
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        table = table_for(state, seat, [], True, (seat,))
        # What the bot receives: the turn's JSON, as the server writes it.
        turn = decode(encode({k: table[k] for k in ("seat", "view", "legal_actions")}))
        observation, mask, indices = bot.observe(turn)
        assert np.array_equal(observation, env.array(state, seat))
        assert np.array_equal(mask, env.mask(state, seat))
        assert indices == env.legal_indices(state)
        expected = game.action_space.action(policy.best(env.array(state, seat), mask))
        assert bot(turn) == expected.text
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        checked += 1
    assert checked > 10


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with served(tmp_path_factory, "pzbot", "--ai-delay", "0") as process:
        yield process


def match_of_two_bots(server: ServerProcess) -> tuple[str, list[str]]:
    """A rated Cypher match between two new bots, under way: its id and the bots' tokens."""

    async def made() -> tuple[str, list[str]]:
        person = await Client(server).guest()
        signed = await person.http.post(
            "/api/auth/signup",
            json={"name": f"pzowner{next(names)}", "password": "correct horse battery"},
        )
        assert signed.status_code == 201, signed.text
        tokens = []
        for _ in range(2):
            bot = await person.http.post("/api/bots", json={"name": f"pz{next(names)}"})
            tokens.append(bot.json()["token"])
        clients = [
            httpx.AsyncClient(base_url=server.base, headers={"Authorization": f"Bearer {t}"})
            for t in tokens
        ]
        created = await clients[0].post(
            "/api/matches", json={"game": "cypher", "clock": CLOCK, "rated": True}
        )
        assert created.status_code == 201, created.text
        match_id = created.json()["match"]["id"]
        joined = await clients[1].post(f"/api/matches/{match_id}/join", json={})
        assert joined.status_code == 200, joined.text
        for client in clients:
            await client.aclose()
        await person.close()
        return match_id, tokens

    return run(made())


def example_plays(server: ServerProcess, *args: str) -> tuple[str, str]:
    """The example plays one match as the first bot (random plays the second over HTTP): its
    output, and the match's id."""
    match_id, tokens = match_of_two_bots(server)
    said: list[str] = []
    pool = ThreadPoolExecutor(1)
    try:
        other = pool.submit(play, server.base, tokens[1], chooser("random"), 1, said.append)
        command = [sys.executable, str(SCRIPT), "--server", server.base, "--token", tokens[0]]
        done = subprocess.run(
            [*command, "--games", "1", *args],
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert other.result(timeout=60) == 1
    finally:
        # A failed example leaves the other bot waiting: the server's end releases it.
        pool.shutdown(wait=False)
    assert said[-1].startswith(f"{match_id}: over (")
    return done.stdout, match_id


def test_the_example_bot_plays_a_game_with_a_policy_file(
    server: ServerProcess, tmp_path: Path
) -> None:
    path = tmp_path / "tiny.npz"
    tiny_policy("cypher", 2).save(path)
    said, match_id = example_plays(server, "--policy", str(path), "--transport", "websocket")
    lines = said.splitlines()
    assert lines[0].startswith(f"{match_id}: cypher, seat")
    assert lines[-1].startswith(f"{match_id}: over (")
    assert "refused" not in said


def test_the_example_trains_on_pettingzoo_and_plays(server: ServerProcess, tmp_path: Path) -> None:
    pytest.importorskip(
        "pettingzoo",
        reason="training needs PettingZoo (the rl extra); the bot's side is "
        "tested above with a policy file",
    )
    kept = tmp_path / "trained.npz"
    said, match_id = example_plays(
        server, "--train-games", "20", "--eval", "4", "--save", str(kept), "--transport", "http"
    )
    lines = said.splitlines()
    assert lines[0].startswith("trained on 20 games; against random: ")
    assert lines[-1].startswith(f"{match_id}: over (")
    assert EXAMPLE["Policy"].load(kept).weights.any()


def test_a_policy_trained_longer_beats_random() -> None:
    """What the example's training buys, measured small: 200 games of self-play against
    random's 37% for the untrained policy (its first legal move) on these deals."""
    pytest.importorskip("pettingzoo", reason="training needs PettingZoo (the rl extra)")
    trained = EXAMPLE["train"]("cypher", 200, 0)
    blank = EXAMPLE["Policy"].blank(load_game("cypher"), {"players": 2, "burn": False})
    assert EXAMPLE["win_rate"]("cypher", trained, 60, 10_000) > EXAMPLE["win_rate"](
        "cypher", blank, 60, 10_000
    )
