"""E-mail through a real SMTP server (aiosmtpd, started by the tests): an address verified by
its mailed link, nothing mailed to an address before that, "your turn" mailed to a player away
from the table (once, without a card of the game), the one-click unsubscribe link working
without signing in, the address in no public answer, and the mails each account and address
may be sent; and a turn-based match played over a week, a mail each turn to the player away."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from .harness import OPERATOR, Client, ServerProcess, run, served
from .mailbox import Inbox, body, path_of
from .timetravel import TimeTravel

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def travel(tmp_path_factory: pytest.TempPathFactory) -> TimeTravel:
    return TimeTravel(tmp_path_factory.mktemp("mail-clock") / "offset")


@pytest.fixture(scope="module")
def server(
    tmp_path_factory: pytest.TempPathFactory, inbox: Inbox, travel: TimeTravel
) -> Iterator[ServerProcess]:
    args = ("--smtp", inbox.url, "--public-url", "https://arcade.example.org")
    with served(tmp_path_factory, "mail", "--ai-delay", "0", *args, env=travel.env) as process:
        yield process


async def account(server: ServerProcess, name: str) -> Client:
    client = Client(server)
    made = await client.http.post("/api/auth/signup", json={"name": name, "password": PASSWORD})
    assert made.status_code == 201, made.text
    client.user = made.json()
    return client


async def set_address(client: Client, address: str) -> dict[str, Any]:
    response = await client.http.put("/api/me/mail", json={"address": address})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


async def verified(client: Client, inbox: Inbox, address: str) -> None:
    await set_address(client, address)
    (mail,) = await inbox.wait_for(address, 1)
    followed = await client.http.get(path_of(mail, "verify"))
    assert followed.status_code == 303
    assert followed.headers["location"] == "/account?mail=verified"


def test_an_address_is_verified_by_its_mailed_link(server: ServerProcess, inbox: Inbox) -> None:
    async def scenario() -> None:
        ann = await account(server, "mail-ann")
        assert (await ann.http.get("/api/me/mail")).json() == {
            "available": True,
            "address": None,
            "verified": False,
            "turn_mails": True,
        }
        mine = await set_address(ann, "ann@example.org")
        assert mine["address"] == "ann@example.org" and not mine["verified"]
        (mail,) = await inbox.wait_for("ann@example.org", 1)
        assert mail["From"] == "cyberdeck arcade <arcade@example.org>"
        assert mail["List-Unsubscribe"].startswith("<https://arcade.example.org/mail/unsubscribe/")
        assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert "mail-ann" in body(mail)
        forged = await ann.http.get(path_of(mail, "verify")[:-3] + "xyz")
        assert forged.headers["location"] == "/account?mail=stale"
        assert not (await ann.http.get("/api/me/mail")).json()["verified"]
        # The link works from any browser: it names the account itself.
        stranger = Client(server)
        followed = await stranger.http.get(path_of(mail, "verify"))
        assert followed.headers["location"] == "/account?mail=verified"
        assert (await ann.http.get("/api/me/mail")).json()["verified"]
        # A new address is unverified again, and the old link no longer verifies anything.
        await set_address(ann, "ann@example.net")
        assert not (await ann.http.get("/api/me/mail")).json()["verified"]
        again = await stranger.http.get(path_of(mail, "verify"))
        assert again.headers["location"] == "/account?mail=stale"
        for client in (ann, stranger):
            await client.close()

    run(scenario())


def test_what_the_mail_routes_refuse_is_said_in_a_sentence(server: ServerProcess) -> None:
    async def scenario() -> None:
        guest = await Client(server).guest()
        refused = await guest.http.put("/api/me/mail", json={"address": "g@example.org"})
        assert refused.status_code == 403 and "for accounts" in refused.json()["detail"]
        bea = await account(server, "mail-bea")
        for bad in ("not an address", "a@b", "x@example.org\r\nBcc: y@example.org", "<a@b.c>"):
            response = await bea.http.put("/api/me/mail", json={"address": bad})
            assert response.status_code == 400, bad
            assert "not an e-mail address" in response.json()["detail"]
        none = await bea.http.put("/api/me/mail/settings", json={"turn_mails": False})
        assert none.status_code == 409 and "set one first" in none.json()["detail"]
        assert (await bea.http.get("/api/me/mail")).json()["address"] is None
        for client in (guest, bea):
            await client.close()

    run(scenario())


async def duel(maker: Client, joiner: Client) -> str:
    """A turn-based DUEL (turn mails are for matches played over days)."""
    made = await maker.create("duel", public=True, clock={"kind": "turn-based", "days": 1})
    await joiner.join(made["match"]["id"])
    match_id: str = made["match"]["id"]
    return match_id


def test_your_turn_is_mailed_once_to_a_verified_player_away_from_the_table(
    server: ServerProcess, inbox: Inbox
) -> None:
    async def scenario() -> None:
        cy, dee = await account(server, "mail-cy"), await account(server, "mail-dee")
        await verified(cy, inbox, "cy@example.org")
        await set_address(dee, "dee@example.org")  # never verified
        match_id = await duel(cy, dee)  # the maker moves first
        turn, *_ = [
            m for m in await inbox.wait_for("cy@example.org", 2) if "Your turn" in m["Subject"]
        ]
        assert turn["Subject"] == "Your turn: DUEL (test game) against mail-dee"
        text = body(turn)
        assert f"https://arcade.example.org/play/{match_id}" in text
        assert "chip" not in text.lower()  # nothing from the table: no card, no move
        assert turn["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        # Cy moves at the table; Dee, whose address is not verified, gets no mail at all.
        sock = await cy.socket(match_id)
        await sock.expect("welcome")
        await sock.play(sock.table["legal_actions"][0], "m1")
        dee_sock = await dee.socket(match_id)
        await dee_sock.expect("welcome")
        await dee_sock.play(dee_sock.table["legal_actions"][0], "d1")
        # Cy is at the table when the turn comes back: no mail for it. Cy moves and leaves;
        # the next turn finds Cy away, and Cy has moved since the first mail: a second one.
        while not sock.table["legal_actions"]:
            await sock.expect("update")
        await sock.play(sock.table["legal_actions"][0], "m2")
        await sock.close()
        while not dee_sock.table["legal_actions"]:
            await dee_sock.expect("update")
        await dee_sock.play(dee_sock.table["legal_actions"][0], "d2")
        await dee_sock.close()
        mails = await inbox.wait_for("cy@example.org", 3)
        assert len([m for m in mails if "Your turn" in m["Subject"]]) == 2
        assert [m["Subject"] for m in inbox.to("dee@example.org")] == [
            "Verify your e-mail address for the cyberdeck arcade"
        ]
        # The mail server holds the letter a moment before the sender hears it was taken.
        for _ in range(100):
            metrics = (await cy.http.get("/api/metrics", headers=OPERATOR)).json()
            if metrics["mail"]["turn_sent"] >= 2:
                break
            await asyncio.sleep(0.05)
        assert metrics["mail"]["turn_sent"] >= 2 and metrics["mail"]["turn_failed"] == 0
        for client in (cy, dee):
            await client.close()

    run(scenario())


def test_the_unsubscribe_link_works_in_one_click_without_signing_in(
    server: ServerProcess, inbox: Inbox
) -> None:
    async def scenario() -> None:
        eve = await account(server, "mail-eve")
        await verified(eve, inbox, "eve@example.org")
        (mail,) = inbox.to("eve@example.org")
        nobody = Client(server)
        page = await nobody.http.get(path_of(mail, "unsubscribe"))
        assert page.status_code == 200 and "no more e-mails" in page.text
        assert not (await eve.http.get("/api/me/mail")).json()["turn_mails"]
        on = await eve.http.put("/api/me/mail/settings", json={"turn_mails": True})
        assert on.json()["turn_mails"]
        # A mail program's button: a POST with the one-click body, no cookie, no Origin.
        button = await nobody.http.post(
            path_of(mail, "unsubscribe"), content=b"List-Unsubscribe=One-Click"
        )
        assert button.status_code == 204
        assert not (await eve.http.get("/api/me/mail")).json()["turn_mails"]
        forged = await nobody.http.get(path_of(mail, "unsubscribe") + "x")
        assert forged.status_code == 400 and "not one the arcade sent" in forged.text
        # Someone's address given by a stranger: its owner unsubscribes, and it is forgotten.
        fay = await account(server, "mail-fay")
        await set_address(fay, "not-fay@example.org")
        (theirs,) = await inbox.wait_for("not-fay@example.org", 1)
        await nobody.http.get(path_of(theirs, "unsubscribe"))
        assert (await fay.http.get("/api/me/mail")).json()["address"] is None
        for client in (eve, fay, nobody):
            await client.close()

    run(scenario())


def test_the_address_is_in_no_public_answer(server: ServerProcess, inbox: Inbox) -> None:
    async def scenario() -> None:
        gil, hal = await account(server, "mail-gil"), await account(server, "mail-hal")
        await verified(gil, inbox, "gil.secret@example.org")
        match_id = await duel(gil, hal)
        answers = [
            await hal.http.get(path)
            for path in (
                "/api/auth/me",
                "/api/matches?status=open&status=running&status=finished",
                f"/api/matches/{match_id}",
                "/api/me/matches",
                "/api/leaderboard/duel?provisional=true",
                "/api/quickplay",
                "/api/me/mail",
                "/openapi.json",
            )
        ]
        for answer in answers:
            assert answer.status_code == 200, answer.text
            assert "gil.secret" not in answer.text
        log = server.log.read_text()
        assert "gil.secret" not in log
        for client in (gil, hal):
            await client.close()

    run(scenario())


def test_verification_mails_are_limited_per_account_and_per_address(
    server: ServerProcess, inbox: Inbox
) -> None:
    async def scenario() -> None:
        ivy = await account(server, "mail-ivy")
        await set_address(ivy, "ivy@example.org")
        codes = [(await ivy.http.post("/api/me/mail/verification")).status_code for _ in range(3)]
        assert codes == [200, 200, 429]
        refused = await ivy.http.post("/api/me/mail/verification")
        assert "many verification mails" in refused.json()["detail"]
        assert int(refused.headers["retry-after"]) > 0
        assert len(await inbox.wait_for("ivy@example.org", 3)) == 3
        # Other accounts cannot bury the same address in mails either.
        others = [await account(server, f"mail-jo{n}") for n in range(2)]
        got = [
            (await o.http.put("/api/me/mail", json={"address": "ivy@example.org"})).status_code
            for o in others
        ]
        assert got[-1] == 429
        for client in (ivy, *others):
            await client.close()

    run(scenario())


def test_an_address_and_its_settings_survive_a_kill_9(server: ServerProcess, inbox: Inbox) -> None:
    async def before() -> str:
        kim = await account(server, "mail-kim")
        await verified(kim, inbox, "kim@example.org")
        off = await kim.http.put("/api/me/mail/settings", json={"turn_mails": False})
        assert off.status_code == 200
        cookie = kim.cookie()
        await kim.close()
        return cookie

    async def after(cookie: str) -> None:
        kim = Client(server)
        kim.http.headers["Cookie"] = cookie
        mine = (await kim.http.get("/api/me/mail")).json()
        assert mine == {
            "available": True,
            "address": "kim@example.org",
            "verified": True,
            "turn_mails": False,
        }
        await kim.close()

    cookie = run(before())
    server.kill9()
    server.start()
    run(after(cookie))


def test_a_turn_based_match_over_a_week_mails_each_turn_to_the_player_away(
    server: ServerProcess, inbox: Inbox, travel: TimeTravel
) -> None:
    """Two players who open the match only to move, a day apart, from a fresh connection each
    time (as from another device): each turn is mailed to the player to move, the clock gives
    two days a move, and a week later the match is over."""

    async def scenario() -> None:
        eve, fay = await account(server, "week-eve"), await account(server, "week-fay")
        addresses = {id(eve): "week-eve@example.org", id(fay): "week-fay@example.org"}
        for client in (eve, fay):
            await verified(client, inbox, addresses[id(client)])
        made = await eve.create("duel", public=True, clock={"kind": "turn-based", "days": 2})
        match_id = made["match"]["id"]
        await fay.join(match_id)

        def turn_mails(client: Client) -> int:
            return sum("Your turn" in m["Subject"] for m in inbox.to(addresses[id(client)]))

        told = {id(eve): 0, id(fay): 0}
        status, day = "running", 0
        while status == "running":
            mover = (eve, fay)[day % 2]  # the maker moves first, then each in turn
            told[id(mover)] += 1
            await inbox.wait_for(addresses[id(mover)], told[id(mover)] + 1)  # and the check
            assert turn_mails(mover) == told[id(mover)], f"day {day}: one mail for this turn"
            travel.advance(86400)  # a day later, the player comes to move
            sock = await mover.socket(match_id)
            welcome = await sock.expect("welcome")
            left = welcome["clock"]["left"][welcome["clock"]["running"]]
            assert 86400 - 60 <= left <= 86400, "two days a move, one of them gone"
            moved = await sock.play(sock.table["legal_actions"][0], f"week{day}")
            status = moved["status"]
            await sock.close()
            day += 1
        assert day == 6, "six moves, a day apart: the match lasted a week"
        text = body(inbox.to("week-fay@example.org")[-1])
        assert f"https://arcade.example.org/play/{match_id}" in text
        for client in (eve, fay):
            await client.close()

    run(scenario())
