"""Deck building through a real server: card catalogues, starter decks, checking deck lists with
every problem at once, saved decks per player, and a match started with a saved deck."""

from __future__ import annotations

from collections import Counter
from typing import Any

import httpx

from cyberdeck.engine import load_game
from cyberdeck.games.cyberpunk_ccg.cardset import CARDS

from .broken_decks import (
    BROKEN_CCG_DECK,
    BROKEN_CCG_DECK_PROBLEMS,
    BROKEN_DECK,
    BROKEN_DECK_PROBLEMS,
)
from .harness import Client, ServerProcess, run

#: A legal Cipher Run deck: twenty-four modules in three suits, six programs.
LEGAL_CIPHER = "\n".join(
    [f"1x {rank}{suit}" for rank in ("3", "4", "5", "6", "7", "8", "9", "10") for suit in "SHD"]
    + ["2x JC", "2x QC", "2x KC"]
)


#: Seconds a request may wait: a deck check is worked out in the AI workers, which a loaded
#: machine may be slow to start (nothing here is timed).
WAIT = 60


def get(server: ServerProcess, path: str) -> httpx.Response:
    return httpx.get(server.base + path, timeout=WAIT)


def checked_deck(server: ServerProcess, game_id: str, text: str) -> dict[str, Any]:
    """The answer to checking ``text`` as a deck of ``game_id``."""
    answer = httpx.post(
        f"{server.base}/api/games/{game_id}/decks/validate", json={"text": text}, timeout=WAIT
    )
    found: dict[str, Any] = answer.json()
    return found


def test_the_catalogue_lists_every_card_a_deck_may_hold(server: ServerProcess) -> None:
    cipher = get(server, "/api/games/cipher-run/cards").json()
    assert len(cipher) == 53 and len({c["code"] for c in cipher}) == 53
    seven = next(c for c in cipher if c["code"] == "7H")
    assert seven["kind"] == "Number Module" and seven["section"] == "Number Modules"
    assert seven["facts"] == {"Value": 7, "Suit": "hearts ♥"} and seven["copies"] == 2
    assert [c["kind"] for c in cipher[-1:]] == ["Zero-Day"]

    ccg = get(server, "/api/games/cyberpunk-ccg/cards").json()
    assert len(ccg) == len(CARDS) and ccg[0]["section"] == "Sponsor"
    assert {c["section"] for c in ccg} == {"Sponsor", "Runs deck", "Gear deck"}
    samurai = next(c for c in ccg if c["code"] == "street-samurai")
    assert samurai["kind"] == "Runner" and samurai["facts"]["Faction"] == "street"
    assert {"Cost", "SR", "LR", "Defense", "Power"} <= set(samurai["facts"])
    legendary = [c for c in ccg if "legendary" in c["facts"].get("Traits", "")]
    assert legendary and all(c["copies"] == 1 for c in legendary)


def test_games_without_decks_and_unknown_games_say_so(server: ServerProcess) -> None:
    base = f"{server.base}/api/games/matrix-overload"
    for answer in (
        httpx.get(f"{base}/cards"),
        httpx.get(f"{base}/starter-decks"),
        httpx.post(f"{base}/decks/validate", json={"text": "7H"}),
    ):
        assert answer.status_code == 404
        assert answer.json()["detail"] == "MATR1X 0VERL0AD is not played with decks of your own."
    unknown = get(server, "/api/games/chess/cards")
    assert unknown.status_code == 404 and "chess" in unknown.json()["detail"]


def test_every_starter_deck_checks_legal(server: ServerProcess) -> None:
    for game_id in ("cipher-run", "cyberpunk-ccg"):
        starters = get(server, f"/api/games/{game_id}/starter-decks").json()
        assert len(starters) == len(load_game(game_id).starter_decks()) >= 2
        for starter in starters:
            checked = checked_deck(server, game_id, starter["text"])
            assert checked["ok"] and checked["problems"] == [], checked
            assert checked["name"] == starter["name"] and checked["summary"]


def test_a_check_reports_every_problem_at_once(server: ServerProcess) -> None:
    text = BROKEN_DECK
    checked = checked_deck(server, "cipher-run", text)
    assert not checked["ok"]
    assert checked["problems"] == BROKEN_DECK_PROBLEMS
    assert checked["name"] == "Broken" and checked["size"] == 11
    assert {c["code"]: c["count"] for c in checked["cards"]} == {
        "7H": 3,
        "JK": 2,
        "JS": 5,
        "8H": 1,
    }

    ccg = checked_deck(server, "cyberpunk-ccg", BROKEN_CCG_DECK)
    assert ccg["problems"] == BROKEN_CCG_DECK_PROBLEMS
    assert ccg["summary"].startswith("9 cards: Runs 7, Gear 0")


def test_saved_decks_belong_to_their_player(server: ServerProcess) -> None:
    async def scenario() -> None:
        anon = httpx.AsyncClient(base_url=server.base, timeout=10)
        assert (await anon.get("/api/games/cipher-run/decks")).status_code == 401
        await anon.aclose()
        alice, bob = await Client(server).guest(), await Client(server).guest()
        base = "/api/games/cipher-run/decks"

        bad = await alice.http.post(base, json={"name": "  ", "text": "3x 7H\n"})
        assert bad.status_code == 400
        assert bad.json()["problems"][:2] == [
            "Give the deck a name.",
            "A deck has exactly 30 cards; this one has 3.",
        ]
        assert bad.json()["detail"].startswith("Give the deck a name. A deck has exactly 30")

        made = await alice.http.post(base, json={"name": " Three  Suits ", "text": LEGAL_CIPHER})
        assert made.status_code == 201, made.text
        deck = made.json()
        assert deck["name"] == "Three Suits" and deck["size"] == 30
        assert deck["text"].startswith("# name: Three Suits\n1x 3S\n")
        again = await alice.http.post(base, json={"name": "Three Suits", "text": LEGAL_CIPHER})
        assert again.status_code == 409 and "already have a deck named" in again.json()["detail"]
        # The same name in another game, or for another player, is another deck.
        mob = await alice.http.get("/api/games/cyberpunk-ccg/starter-decks")
        ccg = await alice.http.post(
            "/api/games/cyberpunk-ccg/decks",
            json={"name": "Three Suits", "text": mob.json()[1]["text"]},
        )
        assert ccg.status_code == 201, ccg.text
        same = await bob.http.post(base, json={"name": "Three Suits", "text": LEGAL_CIPHER})
        assert same.status_code == 201

        listed = (await alice.http.get(base)).json()
        assert [d["id"] for d in listed] == [deck["id"]]
        mine = f"{base}/{deck['id']}"
        assert (await bob.http.get(mine)).status_code == 404
        assert (await bob.http.delete(mine)).status_code == 404
        stolen = await bob.http.put(mine, json={"name": "Mine now", "text": LEGAL_CIPHER})
        assert stolen.status_code == 404
        wrong_game = f"/api/games/cyberpunk-ccg/decks/{deck['id']}"
        assert (await alice.http.get(wrong_game)).status_code == 404

        broken = await alice.http.put(mine, json={"name": "Three Suits", "text": "1x 7H\n"})
        assert broken.status_code == 400 and len(broken.json()["problems"]) >= 2
        renamed = await alice.http.put(
            mine, json={"name": "Tri", "text": LEGAL_CIPHER.replace("2x KC", "2x 2C")}
        )
        assert renamed.status_code == 200, renamed.text
        assert renamed.json()["name"] == "Tri" and "2x 2C" in renamed.json()["text"]
        assert (await alice.http.get(mine)).json()["text"] == renamed.json()["text"]

        assert (await alice.http.delete(mine)).status_code == 204
        assert (await alice.http.get(mine)).status_code == 404
        assert (await alice.http.get(base)).json() == []
        for client in (alice, bob):
            await client.close()

    run(scenario())


def test_a_match_starts_with_a_saved_deck(server: ServerProcess) -> None:
    async def scenario() -> None:
        alice = await Client(server).guest()
        saved = await alice.http.post(
            "/api/games/cipher-run/decks", json={"name": "Mine", "text": LEGAL_CIPHER}
        )
        text = saved.json()["text"]
        created = await alice.create(
            "cipher-run",
            seats=[{"kind": "human"}, {"kind": "ai", "level": "easy"}],
            decks=[text, None],
        )
        sock = await alice.socket(created["match"]["id"])
        welcome = await sock.expect("welcome")
        view: dict[str, Any] = welcome["table"]["view"]
        hand = Counter(view["players"][0]["hand"])
        deck = Counter(str(card) for card in load_game("cipher-run").read_deck(text))
        # The hand was dealt from the saved deck: nothing in it that the deck lacks (no 2s, no
        # number clubs, no aces), no more copies than the deck holds.
        assert sum(hand.values()) == 8 and all(deck[code] >= n for code, n in hand.items())
        await sock.close()
        await alice.close()

    run(scenario())


def test_the_player_who_joins_chooses_their_own_deck(server: ServerProcess) -> None:
    async def scenario() -> None:
        alice, bob = await Client(server).guest(), await Client(server).guest()
        # The creator cannot choose the deck of a seat someone else will take.
        unseen = await alice.http.post(
            "/api/matches", json={"game": "cipher-run", "decks": [None, LEGAL_CIPHER]}
        )
        assert unseen.status_code == 400 and "player who takes" in unseen.json()["detail"]
        created = await alice.create("cipher-run", decks=[LEGAL_CIPHER, None])
        match_id = created["match"]["id"]
        path = f"/api/matches/{match_id}/join"
        bad = await bob.http.post(path, json={"deck": BROKEN_DECK})
        assert bad.status_code == 400
        assert "'ZZ' is not a card" in bad.json()["detail"]
        match = (await bob.http.get(f"/api/matches/{match_id}")).json()
        assert [s["taken"] for s in match["seats"]] == [True, False], "a refused deck seats nobody"
        joined = await bob.http.post(path, json={"deck": LEGAL_CIPHER})
        assert joined.status_code == 200, joined.text
        again = await bob.http.post(path, json={"deck": "Street Shark"})
        assert again.status_code == 400 and "already" in again.json()["detail"]
        sock = await bob.socket(match_id)
        view: dict[str, Any] = (await sock.expect("welcome"))["table"]["view"]
        hand = Counter(view["players"][1]["hand"])
        deck = Counter(str(card) for card in load_game("cipher-run").read_deck(LEGAL_CIPHER))
        # Dealt from the deck Bob chose: none of the default deck's 2s, aces or number clubs.
        assert sum(hand.values()) == 8 and all(deck[code] >= n for code, n in hand.items())
        await sock.close()
        # A game without decks says so, and seats nobody.
        duel = await alice.create("duel")
        refused = await bob.http.post(
            f"/api/matches/{duel['match']['id']}/join", json={"deck": "1x A"}
        )
        assert refused.status_code == 400 and "decks" in refused.json()["detail"]
        for client in (alice, bob):
            await client.close()

    run(scenario())


def test_a_ccg_joiner_plays_the_starter_they_chose(server: ServerProcess) -> None:
    game = load_game("cyberpunk-ccg")

    def sponsor(decks: list[str | None] | None) -> str:
        view = game.new_state(game.resolve_options({}), 1, decks).view(1)
        return str(view["players"][1]["sponsor"])

    default = sponsor(None)
    starters = get(server, "/api/games/cyberpunk-ccg/starter-decks").json()
    chosen = next(s for s in starters if sponsor([None, s["text"]]) != default)

    async def scenario() -> None:
        alice, bob = await Client(server).guest(), await Client(server).guest()
        created = await alice.create("cyberpunk-ccg")
        match_id = created["match"]["id"]
        joined = await bob.http.post(f"/api/matches/{match_id}/join", json={"deck": chosen["text"]})
        assert joined.status_code == 200, joined.text
        sock = await bob.socket(match_id)
        view = (await sock.expect("welcome"))["table"]["view"]
        assert view["players"][1]["sponsor"] == sponsor([None, chosen["text"]]) != default
        await sock.close()
        for client in (alice, bob):
            await client.close()

    run(scenario())
