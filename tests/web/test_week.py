"""A turn-based match over a week, in the browser: two people with verified addresses start a
Cipher Run with two days a move and never keep it open. Each turn the player to move is mailed
"Your turn"; a day later (the server's clock moved on, ``timetravel``) they open the mail's link
in a fresh page, as from another device, find the match in the header's badge, see their clock
with one of its two days gone, make their move and close the page. A week of turns, each mailed
once, and nothing mailed to the player who just moved."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from tests.server.harness import run
from tests.server.mailbox import Inbox, body, path_of
from tests.server.timetravel import TimeTravel

from .arcade import TimedArcade, open_person
from .drive import TABLE, after_move, settled

PASSWORD = "correct horse battery"
DAY = 86400


@pytest.fixture(scope="module")
def travel(tmp_path_factory: pytest.TempPathFactory) -> TimeTravel:
    return TimeTravel(tmp_path_factory.mktemp("week-clock") / "offset")


@pytest.fixture(scope="module")
def arcade(
    tmp_path_factory: pytest.TempPathFactory, travel: TimeTravel, inbox: Inbox
) -> Iterator[TimedArcade]:
    server = TimedArcade(tmp_path_factory.mktemp("week"), travel, mail=inbox).start()
    yield server
    server.stop()


def person(browser: Browser, arcade: TimedArcade, inbox: Inbox, name: str) -> BrowserContext:
    """A new account whose address is verified by following its mailed link."""
    context = open_person(browser, arcade)
    made = context.request.post("/api/auth/signup", data={"name": name, "password": PASSWORD})
    assert made.status == 201, made.text()
    address = f"{name}@example.org"
    assert context.request.put("/api/me/mail", data={"address": address}).ok
    (mail,) = run(inbox.wait_for(address, 1))
    page = context.new_page()
    page.goto(path_of(mail, "verify"))
    page.wait_for_url("**/account?mail=verified")
    page.close()
    return context


def turn_mails(inbox: Inbox, name: str) -> list[str]:
    """The bodies of the "Your turn" mails ``name`` was sent, oldest first."""
    return [body(m) for m in inbox.to(f"{name}@example.org") if "Your turn" in m["Subject"]]


#: Whether the table waits for another seat (the running clock is not ``seat``'s) or for this
#: page's next move (``mine``); false while neither shows yet.
TURN_PASSED = """(seat) => {
    const table = document.querySelector('.table-page');
    if (table.dataset.busy !== 'false') return false;
    const running = document.querySelector('.clock-bar .clock.running');
    if (running && running.dataset.seat !== seat) return 'passed';
    return document.querySelectorAll('.move-list button.move').length > 0 && 'mine';
}"""


def newly_mailed(inbox: Inbox, names: tuple[str, ...], told: dict[str, int]) -> str:
    """The one player sent a "Your turn" mail since ``told`` was counted (waited for)."""
    for _ in range(200):
        new = [n for n in names if len(turn_mails(inbox, n)) > told[n]]
        if new:
            assert len(new) == 1, f"both were mailed: {new}"
            assert len(turn_mails(inbox, new[0])) == told[new[0]] + 1, "one mail a turn"
            return new[0]
        time.sleep(0.1)
    raise AssertionError("nobody was mailed that it is their turn")


def test_a_turn_based_match_over_a_week_from_the_mails_links(
    browser: Browser, arcade: TimedArcade, inbox: Inbox, travel: TimeTravel
) -> None:
    names = ("week-ada", "week-bo")
    people = {name: person(browser, arcade, inbox, name) for name in names}
    clock = {"kind": "turn-based", "days": 2}
    made = people[names[0]].request.post(
        "/api/matches", data={"game": "cipher-run", "clock": clock}
    )
    assert made.status == 201, made.text()
    match_id = made.json()["match"]["id"]
    assert people[names[1]].request.post(f"/api/matches/{match_id}/join").ok
    errors: list[str] = []
    told = dict.fromkeys(names, 0)
    for day in range(7):
        mover = newly_mailed(inbox, names, told)
        told[mover] += 1
        link = re.search(
            rf"{re.escape(arcade.base)}(/play/{re.escape(match_id)})(?![\w-])",
            turn_mails(inbox, mover)[-1],
        )
        assert link, f"day {day}: the mail links to the match"

        travel.advance(DAY)  # a day later, the player comes to move
        page = people[mover].new_page()
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(link.group(1))
        expect(page.locator(TABLE)).to_have_attribute("data-status", "running")
        expect(page.locator(".turns-badge")).to_have_attribute("data-count", "1", timeout=20_000)
        expect(page.locator(".clock-bar .clock-kind")).to_contain_text("2 days a move")
        seat = page.locator(TABLE).get_attribute("data-seat") or ""
        running = page.locator(".clock-bar .clock.running")
        expect(running).to_have_attribute("data-seat", seat)
        left = int(running.get_attribute("data-seconds") or 0)
        assert DAY - 120 <= left <= DAY, f"day {day}: two days a move, one of them gone ({left})"
        # The player's turn: each move theirs until the other is to decide (Cipher Run's
        # seeding gives a player several in a row).
        for _ in range(6):
            ready = settled(page)
            page.locator(".move-list button.move").first.click()
            after_move(page, ready["seq"])
            if page.wait_for_function(TURN_PASSED, arg=seat).json_value() == "passed":
                break
        expect(page.locator(".turns-badge")).to_have_attribute("data-count", "0", timeout=20_000)
        page.close()
    assert sum(told.values()) == 7
    newly_mailed(inbox, names, told)  # and the eighth turn is mailed too
    assert errors == []
    for context in people.values():
        context.close()
