"""An operator's learned policy: AI seats take it by the name the operator gave it, and a path
sent by a client is never read."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cyberdeck.agents.policy import shipped_policies
from cyberdeck.engine import games, load_game
from tests.agents.test_learned import random_policy

from .harness import Client, ServerProcess, run, served


@pytest.fixture(scope="module")
def with_policy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, Path]]:
    path = random_policy(load_game("cypher"), tmp_path_factory.mktemp("policy"))
    args = ("--ai-delay", "0", "--policy", f"Mine={path}")
    with served(tmp_path_factory, "learned-seats", *args) as process:
        yield process, path


def test_a_registered_policy_takes_a_seat_by_name_never_by_path(
    with_policy: tuple[ServerProcess, Path],
) -> None:
    process, path = with_policy

    async def scenario() -> None:
        alice = await Client(process).guest()
        listed = {g["id"]: g["ai_levels"] for g in (await alice.http.get("/api/games")).json()}
        assert "mine" in listed["cypher"] and "mine" not in listed["hack-me"]
        for game in games():  # expert where a policy ships
            assert ("expert" in listed[game.id]) == bool(shipped_policies(game))
        for level in (f"policy:{path}", str(path), f"expert:{path}", "policy:mine", "policy:x.npz"):
            refused = await alice.http.post(
                "/api/matches",
                json={"game": "cypher", "seats": [{}, {"kind": "ai", "level": level}]},
            )
            # A long path is refused by the field's own limit (422), a short one as no level.
            assert refused.status_code in (400, 422), level
            assert refused.status_code == 422 or "not an AI level" in refused.json()["detail"]
        expert = await alice.create("cypher", seats=[{}, {"kind": "ai", "level": "expert"}])
        assert expert["match"]["seats"][1]["name"] == "ai:expert"
        # The registered policy was trained for two players: a table of three is refused it,
        # while the shipped expert has a network for every table size.
        three = [{}, {"kind": "ai", "level": "mine"}, {"kind": "ai", "level": "expert"}]
        refused = await alice.http.post(
            "/api/matches", json={"game": "cypher", "options": {"players": 3}, "seats": three}
        )
        assert refused.status_code == 400
        assert "'mine' is not an AI level of Cypher at a table of 3" in refused.json()["detail"]
        three[1]["level"] = "expert"
        made = await alice.create("cypher", options={"players": 3}, seats=three)
        assert [s["name"] for s in made["match"]["seats"][1:]] == ["ai:expert", "ai:expert"]
        made = await alice.create("cypher", seats=[{}, {"kind": "ai", "level": " Mine "}])
        assert made["match"]["seats"][1]["level"] == "mine"
        sock = await alice.socket(made["match"]["id"])
        await sock.expect("welcome")
        for step in range(40):  # the human's turn, however many decisions it takes
            if sock.table["to_move"] != 0:
                break
            await sock.play(sock.table["legal_actions"][0], f"m{step}")
        assert sock.table["to_move"] == 1
        while sock.status != "finished" and sock.table["to_move"] == 1:  # the policy answers
            message = await sock.recv(60)
            assert message["type"] != "error", message
        await alice.close()

    run(scenario())


def test_serve_refuses_a_bad_policy_flag_with_a_sentence(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from cyberdeck.cli import app

    path = random_policy(load_game("cypher"), tmp_path)
    for flag, said in (
        ("nonsense", "Write a policy as NAME=PATH"),
        (f"expert={path}", "already an agent's name"),
        (f"fair={path}", "already an agent's name"),
        (f"a b={path}", "is not a policy name"),
        (f"mine={tmp_path / 'missing.npz'}", "There is no policy file"),
    ):
        result = CliRunner().invoke(app, ["serve", "--policy", flag])
        assert result.exit_code == 2 and said in result.output, (flag, result.output)


def test_serve_refuses_one_name_for_two_policies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second file would replace the first without a word: AI seats would play another
    policy than the operator named."""
    from cyberdeck.agents import policy
    from cyberdeck.engine import BadOption
    from cyberdeck.server.levels import register_policies

    monkeypatch.setattr(policy, "REGISTERED", {})
    first, second = (random_policy(load_game("cypher"), tmp_path, seed=s) for s in (1, 2))
    with pytest.raises(BadOption, match="'mine' names two policies"):
        register_policies([f"mine={first}", f" Mine ={second}"])
    assert policy.REGISTERED == {}
