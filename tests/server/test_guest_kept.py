"""A guest who signs up or signs in keeps what they did as a guest: their matches (finished and
in play), the statistics counted from them, their saved decks (renamed where the account already
has one of that name) and their stops; the page is told so."""

from __future__ import annotations

from typing import Any

from .harness import Client, ServerProcess, run

PASSWORD = "correct horse battery"


async def guest_with_things(server: ServerProcess, deck_name: str) -> tuple[Client, dict[str, Any]]:
    """A guest with a finished MATR1X game (resigned), one in play, a saved Cipher Run deck and
    MATR1X stops of their own."""
    guest = await Client(server).guest()
    finished = await guest.create("matrix-overload", public=False)
    sock = await guest.socket(finished["match"]["id"])
    await sock.expect("welcome")
    await sock.send({"type": "resign", "id": "r0"})
    await sock.expect("ended")
    await sock.close()
    playing = await guest.create("matrix-overload", public=False)
    starter = (await guest.http.get("/api/games/cipher-run/starter-decks")).json()[0]
    made = await guest.http.post(
        "/api/games/cipher-run/decks", json={"name": deck_name, "text": starter["text"]}
    )
    assert made.status_code == 201, made.text
    stops = await guest.http.put(
        "/api/games/matrix-overload/stops", json={"on": [], "single": False}
    )
    assert stops.status_code == 200
    me = (await guest.http.get("/api/auth/me")).json()
    return guest, {
        "name": me["name"],
        "playing": playing["match"]["id"],
        "deck": starter["text"],
        "cookie": guest.http.cookies.get("cyberdeck_session"),
    }


def test_signing_up_keeps_the_guests_games_decks_stats_and_stops(server: ServerProcess) -> None:
    async def scenario() -> None:
        guest, had = await guest_with_things(server, "My deck")
        made = await guest.http.post(
            "/api/auth/signup", json={"name": "kept-guest", "password": PASSWORD}
        )
        assert made.status_code == 201, made.text
        account = made.json()
        assert account["kind"] == "account" and account["kept_from"] == had["name"]
        assert account["kept_seats"] == 2
        mine = (await guest.http.get("/api/me/matches")).json()
        assert len(mine) == 2 and had["playing"] in {m["id"] for m in mine}
        stats = (await guest.http.get("/api/me/stats/matrix-overload")).json()
        assert stats["games"] == 1 and stats["losses"] == {"resign": 1}
        decks = (await guest.http.get("/api/games/cipher-run/decks")).json()
        assert [d["name"] for d in decks] == ["My deck"]
        stops = (await guest.http.get("/api/games/matrix-overload/stops")).json()
        assert stops["single"] is False
        # The game in play goes on under the account's name, from the account's session.
        sock = await guest.socket(had["playing"])
        welcome = await sock.expect("welcome")
        assert welcome["yours"] == [0] and welcome["match"]["seats"][0]["name"] == "kept-guest"
        await sock.close()
        # A signed-up player who signs up again from the account is no guest: nothing moves.
        again = await guest.http.post(
            "/api/auth/signin", json={"name": "kept-guest", "password": PASSWORD}
        )
        assert again.status_code == 200 and again.json()["kept_from"] is None

    run(scenario())


def test_signing_in_from_a_guest_keeps_their_games_beside_the_accounts(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        owner = await Client(server).guest()
        signed = await owner.http.post(
            "/api/auth/signup", json={"name": "kept-owner", "password": PASSWORD}
        )
        assert signed.status_code == 201
        starter = (await owner.http.get("/api/games/cipher-run/starter-decks")).json()[0]
        await owner.http.post(
            "/api/games/cipher-run/decks", json={"name": "Same name", "text": starter["text"]}
        )
        guest, had = await guest_with_things(server, "Same name")
        old_cookie = dict(guest.http.cookies.items())
        came = await guest.http.post(
            "/api/auth/signin", json={"name": "kept-owner", "password": PASSWORD}
        )
        assert came.status_code == 200 and came.json()["kept_from"] == had["name"]
        decks = (await guest.http.get("/api/games/cipher-run/decks")).json()
        assert sorted(d["name"] for d in decks) == ["Same name", "Same name (guest)"]
        assert len((await guest.http.get("/api/me/matches")).json()) == 2
        # The guest's session is over: its old cookie no longer signs anyone in.
        stale = Client(server)
        stale.http.cookies.update(old_cookie)
        assert (await stale.http.get("/api/auth/me")).status_code == 401
        await stale.close()

    run(scenario())


def test_a_new_guest_made_from_a_guests_browser_takes_nothing_from_the_first(
    server: ServerProcess,
) -> None:
    """Only an account adopts a guest: a second guest made with the first one's cookie still
    sent (a script, a shared browser) leaves the first guest signed in with all it had."""

    async def scenario() -> None:
        first, had = await guest_with_things(server, "First deck")
        second = await first.http.post("/api/auth/guest")
        assert second.status_code == 201, second.text
        assert second.json()["kept_from"] is None and second.json()["kept_seats"] == 0
        # The first guest's own session still works and still holds its games.
        first.http.cookies.clear()
        first.http.cookies.set("cyberdeck_session", had["cookie"])
        me = await first.http.get("/api/auth/me")
        assert me.status_code == 200 and me.json()["name"] == had["name"]
        mine = (await first.http.get("/api/me/matches")).json()
        assert had["playing"] in {m["id"] for m in mine}

    run(scenario())
