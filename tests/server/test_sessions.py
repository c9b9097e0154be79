"""Accounts under attack: a signed-out cookie replayed, sessions listed and revoked, sign-in
guessing, names that pose as the server's own players, weak passwords (new players by the
hundred: ``test_hardening``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .harness import Client, ServerProcess, run


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("limited")
    process = ServerProcess(
        f"sqlite:///{folder / 'cyberdeck.sqlite3'}",
        folder,
        *(
            "--newcomers-burst",
            "3",
            "--newcomers-per-hour",
            "1",
            "--sign-in-failures",
            "3",
            "--sessions-per-user",
            "2",
        ),
    ).start()
    yield process
    process.stop()


def test_sign_out_ends_the_session_on_the_server(server: ServerProcess) -> None:
    async def scenario() -> None:
        alice = await Client(server).guest()
        stolen = dict(alice.http.cookies.items())
        assert (await alice.http.post("/api/auth/signout")).status_code == 204
        replay = httpx.AsyncClient(base_url=server.base, cookies=stolen)
        answer = await replay.get("/api/auth/me")
        assert answer.status_code == 401, "a replayed cookie signs nobody in"
        await replay.aclose()
        await alice.close()

    run(scenario())


def test_sessions_are_listed_and_one_can_be_revoked(server: ServerProcess) -> None:
    async def scenario() -> None:
        body = {"name": "trinity", "password": "dodge-this-agent"}
        phone, laptop = Client(server), Client(server)
        assert (await phone.http.post("/api/auth/signup", json=body)).status_code == 201
        assert (await laptop.http.post("/api/auth/signin", json=body)).status_code == 200
        listed = (await laptop.http.get("/api/auth/sessions")).json()
        assert len(listed) == 2 and [s["current"] for s in listed] == [True, False]
        assert all(s["address"] == "127.0.0.1" and s["expires_at"] for s in listed)
        lost = listed[1]["id"]
        assert (await laptop.http.delete(f"/api/auth/sessions/{lost}")).status_code == 204
        assert (await phone.http.get("/api/auth/me")).status_code == 401
        assert (await laptop.http.get("/api/auth/me")).status_code == 200
        # Someone else's session is not yours to end.
        other = await Client(server).guest()
        mine = (await other.http.get("/api/auth/sessions")).json()[0]["id"]
        assert (await laptop.http.delete(f"/api/auth/sessions/{mine}")).status_code == 404
        assert (await other.http.get("/api/auth/me")).status_code == 200
        for client in (phone, laptop, other):
            await client.close()

    run(scenario())


def test_sign_in_is_throttled_and_an_unknown_name_answers_like_a_wrong_password(
    limited: ServerProcess,
) -> None:
    async def scenario() -> None:
        body = {"name": "morpheus", "password": "there-is-no-spoon"}
        owner = Client(limited)
        assert (await owner.http.post("/api/auth/signup", json=body)).status_code == 201
        guesser = Client(limited)
        wrong = await guesser.http.post("/api/auth/signin", json={**body, "password": "guess-1x"})
        unknown = await guesser.http.post(
            "/api/auth/signin", json={"name": "nobody-here", "password": "guess-1x"}
        )
        assert (wrong.status_code, wrong.json()) == (unknown.status_code, unknown.json())
        for n in range(2):
            await guesser.http.post("/api/auth/signin", json={**body, "password": f"guess-{n}y"})
        blocked = await guesser.http.post("/api/auth/signin", json=body)
        assert blocked.status_code == 429 and "minute" in blocked.json()["detail"]
        assert "retry-after" in blocked.headers
        other_case = await guesser.http.post("/api/auth/signin", json={**body, "name": "MORPHEUS"})
        assert other_case.status_code == 429, "the account, whatever its case"
        for client in (owner, guesser):
            await client.close()

    run(scenario())


def test_an_unknown_name_costs_the_same_password_check_as_a_wrong_password(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The answers' equal words are checked above; their equal time is that both run argon2
    once (an unknown name against a decoy hash). A timing would be flaky on a shared machine."""
    from cyberdeck.server import auth

    checked: list[str] = []

    class Counting:
        def verify(self, stored: str, password: str) -> bool:
            checked.append(stored)
            return bool(real.verify(stored, password))

    real = auth._hasher
    stored = real.hash("there-is-no-spoon")
    monkeypatch.setattr(auth, "_hasher", Counting())
    assert auth.verify_password(stored, "there-is-no-spoon")
    assert not auth.verify_password(stored, "guess-1x")
    assert not auth.verify_password(None, "guess-1x")
    assert len(checked) == 3 and checked[2] != stored, "the unknown name ran argon2 too"


def test_signing_in_again_and_again_keeps_only_the_newest_sessions(
    limited: ServerProcess,
) -> None:
    """Each sign-in made a session that lived a month: one account signing in in a loop grew
    the sessions table (and its list) without end."""

    async def scenario() -> None:
        body = {"name": "switch", "password": "white-rabbit-9"}
        devices = [Client(limited) for _ in range(4)]
        assert (await devices[0].http.post("/api/auth/signup", json=body)).status_code == 201
        for device in devices[1:]:
            assert (await device.http.post("/api/auth/signin", json=body)).status_code == 200
        listed = (await devices[-1].http.get("/api/auth/sessions")).json()
        assert len(listed) == 2
        answers = [(await d.http.get("/api/auth/me")).status_code for d in devices]
        assert answers == [401, 401, 200, 200], "the oldest sessions ended"
        for device in devices:
            await device.close()

    run(scenario())


def test_names_are_unique_whatever_the_case_and_never_pose_as_the_server(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        client = Client(server)
        good = {"name": "Tank", "password": "operator-on-line"}
        assert (await client.http.post("/api/auth/signup", json=good)).status_code == 201
        again = await client.http.post("/api/auth/signup", json={**good, "name": "tANK"})
        assert again.status_code == 409
        for name in ("guest-1234", "Guest_x", "ai-normal", "AI.hard", "house-duel", "Normal_AI"):
            posing = await client.http.post("/api/auth/signup", json={**good, "name": name})
            assert posing.status_code == 400 and "pose" in posing.json()["detail"], name
        for password in (" " * 8, "aaaaaaaa", "abababab", "xTank-operator"):
            weak = await client.http.post(
                "/api/auth/signup",
                json={"name": "dozer", "password": password.replace("Tank", "dozer")},
            )
            assert weak.status_code == 400 and "password" in weak.json()["detail"].lower(), password
        await client.close()

    run(scenario())
