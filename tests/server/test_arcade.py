"""What the browser arcade needs from the server, through real connections: the move menu in
every table, hot-seat tables (one person, several seats), undo in solitaires only, a close look at
part of the table, rules as HTML, a player's statistics and matches, and the pages themselves."""

from __future__ import annotations

import random

import httpx

from cyberdeck.engine import ASCII, load_game
from cyberdeck.server.protocol import server_messages

from .drive import drain, seat_people
from .harness import Client, ServerProcess, run


def test_the_seat_to_move_gets_its_moves_as_a_menu_and_no_one_else_does(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        match_id, (alice, _), (a, b) = await seat_people(server, "cipher-run")
        game = load_game("cipher-run")
        mover, waiter = (a, b) if a.table["to_move"] == 0 else (b, a)
        menu = mover.table["moves"]
        assert [m["action"] for m in menu] == mover.table["legal_actions"]
        view = mover.table["view"]
        for entry in menu:
            action = game.parse_action(entry["action"])
            assert entry["label"] == game.describe_action(action, view)
            assert entry["group"] == game.action_group(action)
        assert waiter.table["moves"] == [] and waiter.table["legal_actions"] == []
        assert (
            mover.table["seat"] == mover.table["to_move"]
            and waiter.table["seat"] != mover.table["seat"]
        )
        watcher = await alice.socket(match_id, watch="true")
        welcome = await watcher.expect("welcome")
        assert welcome["table"]["moves"] == [] and welcome["table"]["seat"] is None
        server_messages.validate_python(welcome)

    run(scenario())


def test_a_hot_seat_player_acts_for_whichever_of_their_seats_is_to_move(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        host = await Client(server).guest()
        created = await host.create("duel", hotseat=True)
        match_id = created["match"]["id"]
        assert created["match"]["status"] == "running"
        assert [s["name"] for s in created["match"]["seats"]] == [host.user["name"]] * 2
        sock = await host.socket(match_id)
        welcome = await sock.expect("welcome")
        assert welcome["yours"] == [0, 1] and welcome["invite"] == created["invite"]
        # One connection holds both seats: both are present.
        assert [s["connected"] for s in (await sock.expect("presence"))["seats"]] == [True, True]
        for step in range(4):
            to_move = sock.table["to_move"]
            # The table shown is the seat to move's, with its own hand and its moves.
            assert sock.table["seat"] == to_move and sock.table["moves"]
            await sock.move(sock.table["legal_actions"][0], f"h{step}")
            update = await sock.acked(f"h{step}")
            assert update["seq"] == step + 1 and update["table"]["seat"] == 1 - to_move
        # Another person cannot act for those seats, nor take one.
        other = await Client(server).guest()
        joined = await other.http.post(f"/api/matches/{match_id}/join")
        assert joined.status_code == 409
        stranger = await other.socket(match_id)
        watching = await stranger.expect("welcome")
        assert watching["you"] is None and watching["yours"] == [] and watching["invite"] is None
        await stranger.move(sock.table["legal_actions"][0], "x")
        assert (await stranger.expect("error"))["code"] == "spectator"
        presence = (await host.http.get(f"/api/matches/{match_id}")).json()
        assert presence["moves"] == 4

    run(scenario())


def test_a_hot_seat_table_never_shows_a_seat_the_other_seats_hand(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        host = await Client(server).guest()
        created = await host.create("duel", hotseat=True)
        sock = await host.socket(created["match"]["id"])
        await sock.expect("welcome")
        rng = random.Random(3)
        step = 0
        while sock.status != "finished":
            await sock.move(rng.choice(sock.table["legal_actions"]), f"s{step}")
            await sock.acked(f"s{step}")
            step += 1
        # DUEL deals three chips a seat and never draws: every hand and stash a table shows for
        # a seat comes from that seat's first hand, and the two first hands share no chip.
        dealt: dict[int, set[str]] = {}
        tables = [m["table"] for m in sock.received if m["type"] in ("welcome", "update")]
        for table in tables:
            if table["seat"] not in dealt and table["view"]["hand"]:
                dealt[table["seat"]] = set(table["view"]["hand"])
        assert set(dealt) == {0, 1} and not dealt[0] & dealt[1]
        for table in tables:
            mine = dealt[table["seat"]]
            assert set(table["view"]["hand"]) <= mine and set(table["view"]["stash"]) <= mine

    run(scenario())


def test_a_hot_seat_table_hears_each_seats_own_events_marked_as_that_seats(
    server: ServerProcess,
) -> None:
    """A seat's private events of its own move come in the update that already shows the next
    seat: a hot-seat connection hears them, marked with the seat they belong to, so the page can
    show each seat its own log; a player at one seat hears only its own and the public ones."""

    async def scenario() -> None:
        host = await Client(server).guest()
        created = await host.create("duel", hotseat=True)
        sock = await host.socket(created["match"]["id"])
        await sock.expect("welcome")
        mover = sock.table["to_move"]
        stash = next(a for a in sock.table["legal_actions"] if a.startswith("stash"))
        await sock.move(stash, "s0")
        update = await sock.acked("s0")
        assert update["table"]["seat"] == 1 - mover, "the table shown is the next seat's"
        events = {e["kind"]: e for e in update["table"]["events"]}
        assert events["stash"]["seats"] is None, "everyone sees that a chip was stashed"
        assert events["stashed"]["seats"] == [mover], "which chip is the mover's own to know"

        _, _, (a, b) = await seat_people(server, "duel")
        first, second = (a, b) if a.table["to_move"] == a.table["seat"] else (b, a)
        seat = first.table["seat"]
        stash = next(x for x in first.table["legal_actions"] if x.startswith("stash"))
        await first.move(stash, "p0")
        mine = await first.acked("p0")
        theirs = await second.expect("update")
        assert [e["seats"] for e in mine["table"]["events"] if e["kind"] == "stashed"] == [[seat]]
        assert [e["kind"] for e in theirs["table"]["events"]] == ["stash"]
        assert theirs["table"]["events"][0]["seats"] is None

    run(scenario())


def test_undo_takes_back_a_solitaire_move_and_nothing_else(server: ServerProcess) -> None:
    async def scenario() -> None:
        player = await Client(server).guest()
        created = await player.create("matrix-overload")
        sock = await player.socket(created["match"]["id"])
        first = await sock.expect("welcome")
        # The table may have placed a lone royal already: that is no move of the player's.
        start = sock.seq
        await sock.send({"type": "undo", "id": "u0", "seq": start})
        nothing = await sock.expect("error")
        assert nothing["code"] == "illegal" and "no move" in nothing["message"]
        await sock.move(sock.table["legal_actions"][0], "m1")
        await sock.acked("m1")
        played = sock.seq  # the move, and any lone question the table answered after it
        assert sock.table["view"] != first["table"]["view"]
        await sock.send({"type": "undo", "id": "u1", "seq": start})
        assert (await sock.expect("error"))["code"] == "stale"
        await sock.send({"type": "undo", "id": "u1", "seq": sock.seq})
        # Each move taken back is a step of the record.
        assert (await sock.acked("u1"))["seq"] == played + (played - start)
        assert sock.table["view"] == first["table"]["view"]
        await sock.send({"type": "undo", "id": "u1", "seq": sock.seq})
        assert (await sock.expect("error"))["code"] == "duplicate"

        _, _, (a, b) = await seat_people(server, "duel")
        mover = a if a.table["to_move"] == 0 else b
        await mover.move(mover.table["legal_actions"][0], "d1")
        await mover.acked("d1")
        await drain(a)
        await drain(b)
        other = b if mover is a else a
        await other.send({"type": "undo", "id": "d2", "seq": other.seq})
        refused = await other.expect("error")
        assert refused["code"] == "illegal" and "does not allow" in refused["message"]

    run(scenario())


def test_a_look_shows_part_of_the_table_from_the_seats_own_view(server: ServerProcess) -> None:
    async def scenario() -> None:
        match_id, (alice, _), (a, _b) = await seat_people(server, "cipher-run")
        game = load_game("cipher-run")
        await a.send({"type": "look", "target": "vault1"})
        answer = await a.expect("look")
        assert answer["target"] == "vault1"
        assert answer["text"] == game.inspect(a.table["view"], "vault1", ASCII)
        await a.send({"type": "look", "target": "the moon"})
        assert (await a.expect("look"))["text"] is None
        watcher = await alice.socket(match_id, watch="true")
        await watcher.expect("welcome")
        await watcher.send({"type": "look", "target": "vault1"})
        seen = (await watcher.expect("look"))["text"]
        # The spectator's look hides every seed, as the spectator view does.
        for card in a.table["view"]["players"][0]["hand"]:
            assert f" {card}" not in seen.replace(",", " ")
        await a.send({"type": "look", "target": ""})
        assert (await a.expect("error"))["code"] == "malformed"

    run(scenario())


def test_rules_statistics_and_my_matches(server: ServerProcess) -> None:
    async def scenario() -> None:
        player = await Client(server).guest()
        rules = (await player.http.get("/api/games/matrix-overload/rules")).json()
        assert rules["title"] == "MATR1X 0VERL0AD" and "<h1>" in rules["html"]
        assert (await player.http.get("/api/games/nothing/rules")).status_code == 404
        games = (await player.http.get("/api/games")).json()
        assert {g["id"]: g["allows_undo"] for g in games}["matrix-overload"] is True

        empty = (await player.http.get("/api/me/stats/matrix-overload")).json()
        assert empty["games"] == 0 and empty["streak"] == 0
        for n in range(2):
            created = await player.create("matrix-overload", public=False)
            sock = await player.socket(created["match"]["id"])
            await sock.expect("welcome")
            await sock.send({"type": "resign", "id": f"r{n}"})
            await sock.expect("ended")
            await sock.close()
        stats = (await player.http.get("/api/me/stats/matrix-overload")).json()
        assert stats["games"] == 2 and stats["lost"] == 2 and stats["losses"] == {"resign": 2}
        assert stats["streak"] == -2 and stats["wins"] == 0
        mine = (await player.http.get("/api/me/matches", params={"status": "finished"})).json()
        assert len(mine) == 2 and all(not m["public"] for m in mine)
        others = (await player.http.get("/api/matches", params={"status": "finished"})).json()
        assert not {m["id"] for m in mine} & {m["id"] for m in others}
        anonymous = httpx.AsyncClient(base_url=server.base)
        assert (await anonymous.get("/api/me/stats/matrix-overload")).status_code == 401
        await anonymous.aclose()

    run(scenario())


def test_the_arcade_pages_come_from_the_servers_own_files(server: ServerProcess) -> None:
    async def scenario() -> None:
        async with httpx.AsyncClient(base_url=server.base) as http:
            for path in (
                "/",
                "/play/abc",
                "/watch/abc",
                "/replay/abc",
                "/rules/cypher",
                "/account",
                "/about",
            ):
                page = await http.get(path)
                assert page.status_code == 200 and '<main id="app"' in page.text, path
            script = await http.get("/static/js/app.js")
            assert script.status_code == 200 and "javascript" in script.headers["content-type"]
            assert (await http.get("/static/css/arcade.css")).status_code == 200
            # The icons are the server's own files too (no CDN).
            icon = await http.get("/static/icons/game-cypher.svg")
            assert icon.status_code == 200 and "svg" in icon.headers["content-type"]
            assert (await http.get("/nowhere")).status_code == 404
            assert (await http.get("/static/js/nothing.js")).status_code == 404

    run(scenario())
