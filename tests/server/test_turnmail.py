"""The turn e-mails called directly (as the hub's ``on_turn`` calls them): one mail a match
until the player has moved, none to a player at the table, to an unverified address or with
turn mails off, and at most so many an hour to one player."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cyberdeck.server.database import Database
from cyberdeck.server.mailer import Post
from cyberdeck.server.turnmail import AT_ONCE, TurnMails
from cyberdeck.store import MatchData, SeatData, Store, sqlite_url

from .harness import run
from .mailbox import Inbox, body


@pytest.fixture
def inbox() -> Iterator[Inbox]:
    box = Inbox().start()
    yield box
    box.stop()


TWO_DAYS = {"kind": "turn-based", "days": 2}


def match(
    match_id: str, *players: tuple[int, str], clock: dict[str, Any] | None = TWO_DAYS
) -> MatchData:
    """A turn-based game of Cypher (unless ``clock`` says otherwise) with an AI seat."""
    seats = [SeatData(i, "human", None, uid, name) for i, (uid, name) in enumerate(players)]
    seats.append(SeatData(len(seats), "ai", "hard"))
    return MatchData(
        match_id,
        "cypher",
        {"players": 3},
        None,
        1,
        "1",
        "running",
        True,
        "x",
        1,
        seats,
        time_control=clock,
    )


def test_turn_mails_go_once_a_turn_to_verified_players_away_from_the_table(
    tmp_path: Path, inbox: Inbox
) -> None:
    store = Store(sqlite_url(tmp_path / "mail.sqlite3"))
    store.migrate()
    ann, bob, cat, dan = (store.create_user(n, "account").id for n in ("ann", "bob", "cat", "dan"))
    for user_id, address, verified, on in [
        (ann, "ann@example.org", True, True),
        (bob, "bob@example.org", True, True),
        (cat, "cat@example.org", False, True),
        (dan, "dan@example.org", True, False),
    ]:
        store.set_mail_address(user_id, address)
        if verified:
            store.verify_mail(user_id, address)
        store.set_turn_mails(user_id, on)
    post = Post(inbox.url, "https://arcade.example.org", "secret")
    looking: set[tuple[str, int]] = set()

    async def scenario() -> None:
        db = Database(store)
        mails = TurnMails(post, db, lambda m, u: (m, u) in looking)
        one = match("m1", (ann, "ann"), (bob, "bob"))
        # A real-time match is played while its players are there: no mail for it.
        await mails.your_turn(match("live", (ann, "ann"), (bob, "bob"), clock=None), [ann])
        await mails.your_turn(one, [ann])
        await mails.your_turn(one, [ann])  # the same turn told again: no second mail
        assert len(await inbox.wait_for("ann@example.org", 1)) == 1
        (mail,) = inbox.to("ann@example.org")
        assert mail["Subject"] == "Your turn: Cypher against bob, Hard AI"
        assert "https://arcade.example.org/play/m1" in body(mail)
        await mails.your_turn(one, [])  # the AI decides: nobody is mailed
        await mails.your_turn(one, [bob])
        await inbox.wait_for("bob@example.org", 1)
        await mails.your_turn(one, [ann])  # Ann moved since: her next turn is mailed
        assert len(await inbox.wait_for("ann@example.org", 2)) == 2
        looking.add(("m1", bob))
        await mails.your_turn(one, [bob])  # Bob has the table open
        unheard = match("m2", (cat, "cat"), (dan, "dan"))
        await mails.your_turn(unheard, [cat, dan])
        # At most AT_ONCE mails at once to one player, however many games wait for them.
        for n in range(AT_ONCE + 2):
            await mails.your_turn(match(f"many{n}", (ann, "ann"), (bob, "bob")), [ann])
        await inbox.wait_for("ann@example.org", AT_ONCE)
        assert len(inbox.to("ann@example.org")) == AT_ONCE
        assert len(inbox.to("bob@example.org")) == 1
        assert inbox.to("cat@example.org") == [] and inbox.to("dan@example.org") == []
        assert mails.sent == AT_ONCE + 1 and mails.failed == 0
        await db.close()

    run(scenario())


def test_a_mail_server_that_is_down_costs_a_logged_failure_and_nothing_else(
    tmp_path: Path,
) -> None:
    store = Store(sqlite_url(tmp_path / "down.sqlite3"))
    store.migrate()
    ann = store.create_user("ann", "account").id
    store.set_mail_address(ann, "ann@example.org")
    store.verify_mail(ann, "ann@example.org")
    down = Inbox()  # never started: nothing listens on its port
    post = Post(down.url, "https://arcade.example.org", "secret")

    async def scenario() -> None:
        db = Database(store)
        mails = TurnMails(post, db, lambda m, u: False)
        await mails.your_turn(match("m1", (ann, "ann"), (2, "bob")), [ann])
        assert mails.failed == 1 and mails.sent == 0
        await db.close()

    run(scenario())
