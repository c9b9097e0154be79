"""Saved card sets through a real server: the shipped set as a document, checks with every
problem at once (and each changed number's own), sets that belong to their player, caps and
limits, bad input refused with nothing stored, a match played with a set, and the Lab page's
what-if job (progress, cancel, a result with intervals kept with the set)."""

from __future__ import annotations

import asyncio
import copy
from typing import Any

from cyberdeck.server.cardcheck import MAX_NUMBER
from cyberdeck.server.cardsets import MAX_SETS

from .harness import Client, ServerProcess, run

CCG = "/api/games/cyberpunk-ccg"


async def shipped(client: Client, game: str = "cyberpunk-ccg") -> dict[str, Any]:
    answer = (await client.http.get(f"/api/games/{game}/card-set")).json()
    assert answer["editable"] is True
    document: dict[str, Any] = answer["cards"]
    return document


def entry(document: dict[str, Any], slug: str) -> dict[str, Any]:
    found: dict[str, Any] = next(c for c in document["cards"] if c.get("slug") == slug)
    return found


def test_the_shipped_set_and_a_game_whose_rules_fix_its_cards(server: ServerProcess) -> None:
    async def scenario() -> None:
        anyone = await Client(server).guest()
        document = await shipped(anyone)
        assert entry(document, "road-warrior")["sr"] == 30
        cipher = (await anyone.http.get("/api/games/cipher-run/card-set")).json()
        assert cipher["editable"] is False and cipher["cards"] is None
        assert cipher["reason"] == (
            "Cipher Run's cards are fixed by its rules: a designer edits its decks in its deck "
            "builder."
        )
        refused = await anyone.http.post(
            "/api/games/cipher-run/card-sets", json={"name": "x", "cards": {}}
        )
        assert refused.status_code == 404 and refused.json()["detail"] == cipher["reason"]
        await anyone.close()

    run(scenario())


def test_a_check_names_every_problem_and_puts_each_beside_its_number(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        designer = await Client(server).guest()
        document = await shipped(designer)
        entry(document, "road-warrior")["sr"] = 35
        good = (await designer.http.post(f"{CCG}/card-sets/check", json={"cards": document})).json()
        assert good["ok"] and good["problems"] == [] and good["fields"] == []
        assert good["changes"] == [
            {"card": "road-warrior", "field": "sr", "shipped": 30, "edited": 35}
        ]

        entry(document, "street-samurai")["cost"] = -2
        entry(document, "ganger")["speed"] = 3
        entry(document, "clan-elder")["df"] = MAX_NUMBER + 1
        bad = (await designer.http.post(f"{CCG}/card-sets/check", json={"cards": document})).json()
        assert not bad["ok"]
        samurai = next(
            i for i, c in enumerate(document["cards"], 1) if c.get("slug") == "street-samurai"
        )
        ganger = next(i for i, c in enumerate(document["cards"], 1) if c.get("slug") == "ganger")
        assert (
            f"Entry {samurai} (street-samurai): cost must be a whole number of 0 or more."
            in (bad["problems"])
        )
        assert (
            f"Entry {ganger} (ganger): 'speed' is not a number a card set may change."
            in (bad["problems"])
        )
        assert f"clan-elder: df must be at most {MAX_NUMBER}." in bad["problems"]
        fields = {(f["card"], f["field"]): f["problems"] for f in bad["fields"]}
        assert set(fields) == {
            ("street-samurai", "cost"),
            ("ganger", "speed"),
            ("clan-elder", "df"),
        }
        assert fields["street-samurai", "cost"] == [
            f"Entry {samurai} (street-samurai): cost must be a whole number of 0 or more."
        ]
        await designer.close()

    run(scenario())


def test_saved_sets_belong_to_their_player_and_bad_input_stores_nothing(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        alice, bob = await Client(server).guest(), await Client(server).guest()
        base = f"{CCG}/card-sets"
        document = await shipped(alice)
        entry(document, "road-warrior")["sr"] = 35

        broken = copy.deepcopy(document)
        entry(broken, "road-warrior")["cost"] = -1
        entry(broken, "road-warrior")["colour"] = 2
        refused = await alice.http.post(base, json={"name": "  ", "cards": broken})
        assert refused.status_code == 400
        assert refused.json()["problems"][0] == "Give the card set a name."
        assert any("cost must be a whole number" in p for p in refused.json()["problems"])
        assert any("'colour' is not a number" in p for p in refused.json()["problems"])
        for bad_name in ("Nul\x00name", "Esc\x1b[31m", "x" * 65):
            answer = await alice.http.post(base, json={"name": bad_name, "cards": document})
            assert 400 <= answer.status_code < 500 and answer.json()["detail"]
        huge = {"cards": [*document["cards"], *[{"slug": "ganger", "name": "x" * 500}] * 200]}
        too_long = await alice.http.post(base, json={"name": "Huge", "cards": huge})
        assert too_long.status_code == 413
        assert (await alice.http.get(base)).json() == []

        made = await alice.http.post(base, json={"name": " Road  Warrior + ", "cards": document})
        assert made.status_code == 201, made.text
        saved = made.json()
        assert saved["name"] == "Road Warrior +" and saved["result"] is None
        assert saved["changes"] == [
            {"card": "road-warrior", "field": "sr", "shipped": 30, "edited": 35}
        ]
        again = await alice.http.post(base, json={"name": "Road Warrior +", "cards": document})
        assert again.status_code == 409 and "already have a card set named" in again.text

        mine = f"{base}/{saved['id']}"
        assert (await bob.http.get(mine)).status_code == 404
        assert (
            await bob.http.put(mine, json={"name": "Mine", "cards": document})
        ).status_code == 404
        assert (await bob.http.delete(mine)).status_code == 404
        assert (await bob.http.get(f"{mine}/run")).status_code == 404
        assert (await bob.http.get(base)).json() == []
        assert (
            await alice.http.get(f"/api/games/cypher/card-sets/{saved['id']}")
        ).status_code == 404
        assert (await alice.http.get(f"{base}/99999999999999999999")).status_code in (404, 422)

        still = await alice.http.put(mine, json={"name": "Renamed", "cards": broken})
        assert still.status_code == 400
        assert (await alice.http.get(mine)).json()["name"] == "Road Warrior +"
        entry(document, "road-warrior")["sr"] = 40
        renamed = await alice.http.put(mine, json={"name": "Renamed", "cards": document})
        assert renamed.status_code == 200 and renamed.json()["changes"][0]["edited"] == 40
        assert (await alice.http.delete(mine)).status_code == 204
        assert (await alice.http.get(mine)).status_code == 404
        await alice.close()
        await bob.close()

    run(scenario())


def test_a_player_keeps_a_bounded_number_of_sets_saved_at_a_bounded_pace(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        keeper = await Client(server).guest()
        base = "/api/games/cypher/card-sets"
        document = await shipped(keeper, "cypher")
        made = []
        for number in range(MAX_SETS):
            answer = await keeper.http.post(base, json={"name": f"Set {number}", "cards": document})
            assert answer.status_code == 201, answer.text
            made.append(answer.json()["id"])
        over = await keeper.http.post(base, json={"name": "One more", "cards": document})
        assert over.status_code == 409 and f"You have {MAX_SETS} Cypher card sets" in over.text
        assert len((await keeper.http.get(base)).json()) == MAX_SETS
        answers = [
            (await keeper.http.put(f"{base}/{made[0]}", json={"name": f"R{n}", "cards": document}))
            for n in range(20)
        ]
        assert answers[-1].status_code == 429 and "Too many card sets saved" in answers[-1].text
        assert all(a.status_code in (200, 429) for a in answers)
        await keeper.close()

    run(scenario())


async def until(client: Client, path: str, done: Any, tries: int = 600) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for _ in range(tries):
        seen = (await client.http.get(path)).json()
        if done(seen):
            return seen
        await asyncio.sleep(0.1)
    raise AssertionError(f"never reached: {seen}")


def test_a_what_if_runs_off_the_loop_with_progress_and_keeps_its_result(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        designer = await Client(server).guest()
        document = await shipped(designer)
        entry(document, "road-warrior")["sr"] = 60
        saved = (
            await designer.http.post(
                f"{CCG}/card-sets", json={"name": "Nomads up", "cards": document}
            )
        ).json()
        job = f"{CCG}/card-sets/{saved['id']}/run"
        assert (await designer.http.get(job)).json()["status"] == "none"
        for wrong, why in (
            ({"entries": [{"agent": "hard"}, {"agent": "greedy"}]}, "not 'hard'"),
            ({"entries": [{"agent": "greedy", "deck": "/etc/passwd"}, {"agent": "greedy"}]},
             "not a starter deck"),
        ):  # fmt: skip
            answer = await designer.http.post(job, json=wrong)
            assert answer.status_code == 400 and why in answer.json()["detail"]
        entries = [{"agent": "greedy", "deck": "the-nomads"}, {"agent": "greedy", "deck": "ncpd"}]
        started = await designer.http.post(job, json={"entries": entries, "games": 2, "seed": 3})
        assert started.status_code == 202, started.text
        assert started.json()["total"] == 4
        again = await designer.http.post(job, json={"entries": entries, "games": 2})
        assert again.status_code == 429 and "run going already" in again.json()["detail"]

        seen = []
        while True:
            now = (await designer.http.get(job)).json()
            seen.append(now["done"])
            if now["status"] != "running":
                break
            await asyncio.sleep(0.05)
        assert now["status"] == "finished", now
        assert seen == sorted(seen) and seen[-1] == now["total"] == 4
        result = now["result"]
        assert result["entries"] == ["greedy/the-nomads", "greedy/ncpd"]
        assert result["played"] == 2 and result["correction"] == "holm"
        for row in result["comparisons"]:
            low, high = row["ci95"]
            centre = row["change"] * row["games"] / (row["games"] + 2)  # Agresti–Min's
            assert -1 <= low <= centre + 1e-3 and centre - 1e-3 <= high <= 1
            assert {"p", "p_adjusted", "significant", "base", "changed"} <= set(row)
        kept = (await designer.http.get(f"{CCG}/card-sets/{saved['id']}")).json()
        assert kept["result"] == result

        big = [{"agent": a, "deck": d} for a in ("greedy", "random")
               for d in ("the-nomads", "ncpd", "militech")]  # fmt: skip
        long = await designer.http.post(job, json={"entries": big, "games": 20})
        assert long.status_code == 202 and long.json()["total"] == 2 * 15 * 20
        await until(designer, job, lambda j: j["done"] >= 1)
        stopped = await designer.http.delete(job)
        assert stopped.status_code == 200 and stopped.json()["status"] == "cancelled"
        await asyncio.sleep(1.0)
        after = (await designer.http.get(job)).json()
        assert after["status"] == "cancelled" and after["done"] < after["total"]
        assert after["done"] <= stopped.json()["done"] + 1
        assert (await designer.http.delete(job)).status_code == 409

        three = [{"agent": "greedy", "deck": d} for d in ("the-nomads", "ncpd", "militech")]
        small = await designer.http.post(
            job, json={"kind": "tournament", "entries": three, "games": 2}
        )
        assert small.status_code == 202 and small.json()["total"] == 3 * 2
        done = await until(designer, job, lambda j: j["status"] != "running")
        assert done["status"] == "finished" and done["kind"] == "tournament", done
        table = done["result"]["standings"]
        assert sorted(r["entry"] for r in table) == sorted(f"greedy/{d['deck']}" for d in three)
        assert [r["rate"] for r in table] == sorted((r["rate"] for r in table), reverse=True)
        for row in table:
            assert row["games"] == 4 and 0 <= row["ci95"][0] <= row["rate"] <= row["ci95"][1] <= 1
        assert sum(r["wins"] for r in table) == 6
        await designer.close()

    run(scenario())


def test_a_match_with_a_saved_set_is_casual_and_marked_edited(server: ServerProcess) -> None:
    async def scenario() -> None:
        player, other = await Client(server).guest(), await Client(server).guest()
        document = await shipped(player)
        entry(document, "road-warrior")["sr"] = 35
        saved = (
            await player.http.post(f"{CCG}/card-sets", json={"name": "Play me", "cards": document})
        ).json()
        seats = [{"kind": "human"}, {"kind": "ai", "level": "normal"}]
        made = await player.create("cyberpunk-ccg", seats=seats, card_set=saved["id"])
        assert made["match"]["edited"] is True and made["match"]["rated"] is False
        plain = await player.create("cyberpunk-ccg", seats=seats)
        assert plain["match"]["edited"] is False
        theirs = await other.http.post(
            "/api/matches", json={"game": "cyberpunk-ccg", "seats": seats, "card_set": saved["id"]}
        )
        assert theirs.status_code == 404
        wrong_game = await player.http.post(
            "/api/matches", json={"game": "cypher", "card_set": saved["id"]}
        )
        assert wrong_game.status_code == 404
        match = (await player.http.get(f"/api/matches/{made['match']['id']}")).json()
        assert match["edited"] is True
        await player.close()
        await other.close()

    run(scenario())


def test_a_guests_card_sets_go_with_them_into_their_account(server: ServerProcess) -> None:
    async def scenario() -> None:
        owner = await Client(server).guest()
        signed = await owner.http.post(
            "/api/auth/signup", json={"name": "set-owner", "password": "correct horse battery"}
        )
        assert signed.status_code == 201
        document = await shipped(owner)
        await owner.http.post(f"{CCG}/card-sets", json={"name": "Mine", "cards": document})
        guest = await Client(server).guest()
        entry(document, "ganger")["sr"] = 25
        made = await guest.http.post(f"{CCG}/card-sets", json={"name": "Mine", "cards": document})
        assert made.status_code == 201
        came = await guest.http.post(
            "/api/auth/signin", json={"name": "set-owner", "password": "correct horse battery"}
        )
        assert came.status_code == 200
        kept = (await guest.http.get(f"{CCG}/card-sets")).json()
        assert sorted(s["name"] for s in kept) == ["Mine", "Mine (guest)"]
        moved = next(s for s in kept if s["name"] == "Mine (guest)")
        assert moved["changes"] == [{"card": "ganger", "field": "sr", "shipped": 20, "edited": 25}]
        await owner.close()
        await guest.close()

    run(scenario())
