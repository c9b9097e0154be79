"""A real-time clock in the browser: two people start an online Cipher Run match with a clock;
the bar above the table shows both clocks, the running one highlighted and counting down, and
the match as casual. The player to move finds it on their "Your turn" page and in the header's
badge. Then the server's time moves on past the clock (``timetravel``): the opponent's table
offers the claim the moment the server says the clock fell (each player is told in a sentence
what they may do), and a click wins the game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.server.timetravel import TimeTravel

from .arcade import Arcade, TimedArcade, open_person
from .drive import TABLE, join_by_link, start_game


@pytest.fixture(scope="module")
def travel(tmp_path_factory: pytest.TempPathFactory) -> TimeTravel:
    return TimeTravel(tmp_path_factory.mktemp("clock") / "offset")


@pytest.fixture(scope="module")
def arcade(tmp_path_factory: pytest.TempPathFactory, travel: TimeTravel) -> Iterator[Arcade]:
    server = TimedArcade(tmp_path_factory.mktemp("clocks"), travel).start()
    yield server
    server.stop()


def test_a_real_time_clock_counts_down_falls_and_the_opponent_claims_the_game(
    browser: Browser, arcade: Arcade, travel: TimeTravel
) -> None:
    alice_ctx, bob_ctx = open_person(browser, arcade), open_person(browser, arcade)
    alice, bob = alice_ctx.new_page(), bob_ctx.new_page()
    errors: list[str] = []
    for page in (alice, bob):
        page.on("pageerror", lambda err: errors.append(str(err)))

    start_game(alice, "cipher-run", mode="online", private=True, options={"clock": "real-time"})
    join_by_link(bob, alice.locator(".invite-url").input_value().replace(arcade.base, ""))
    for page in (alice, bob):
        expect(page.locator(TABLE)).to_have_attribute("data-status", "running")
        expect(page.locator(".clock-bar .clock-kind")).to_have_text("Casual · 10+5")
        expect(page.locator(".clock-bar .clock")).to_have_count(2)
    running = alice.locator(".clock-bar .clock.running")
    expect(running).to_have_count(1)
    mover = int(running.get_attribute("data-seat") or "")
    alice_seat = int(alice.locator(TABLE).get_attribute("data-seat") or "")
    late, waiting = (alice, bob) if mover == alice_seat else (bob, alice)
    late_ctx = alice_ctx if late is alice else bob_ctx

    # Counting down on the page, from the server's ten minutes.
    seconds = late.locator(".clock-bar .clock.running")
    first = seconds.get_attribute("data-seconds") or ""
    assert 590 <= int(first) <= 600
    expect(seconds).not_to_have_attribute("data-seconds", first)

    # The player to move finds the match in the header's badge, which looks again soon after
    # the table's turn changes, and on their "Your turn" page.
    expect(late.locator(".turns-badge")).to_have_attribute("data-count", "1", timeout=20_000)
    turns = late_ctx.new_page()
    turns.goto("/turns")
    match_id = late.url.split("/play/")[1].split("?")[0]
    expect(turns.locator(f'.turn-row[data-match="{match_id}"]')).to_have_count(1)
    expect(turns.locator(".turns-badge")).to_have_attribute("data-count", "1")
    expect(turns.locator("button.notify-on")).to_be_visible()
    turns.close()

    claim = waiting.locator(".table-buttons button.claim")
    expect(claim).to_have_count(0)
    travel.advance(11 * 60)  # the server's time runs past the ten minutes
    fallen = waiting.locator(f'.clock-bar .clock[data-seat="{mover}"]')
    expect(fallen).to_have_class("clock running out", timeout=15_000)
    expect(fallen.locator(".clock-time")).to_have_text("out of time")
    expect(claim).to_have_count(1)
    expect(waiting.locator(".flash")).to_contain_text("ran out of time: claim the game, or keep")
    expect(late.locator(".table-buttons button.claim")).to_have_count(0)
    expect(late.locator(".flash")).to_contain_text("Your time ran out: an opponent may claim")
    claim.click()
    for page in (waiting, late):
        expect(page.locator(TABLE)).to_have_attribute("data-status", "finished")
        expect(page.locator(".turn")).to_contain_text("ran out of time")
    assert errors == []
    alice_ctx.close()
    bob_ctx.close()


#: The browser's notifications, recorded: the page's own use of the API is what is tested.
FAKE_NOTIFICATIONS = """
window.__notes = [];
window.Notification = function (title, options) { window.__notes.push({ title, body: options.body }); };
window.Notification.permission = "default";
window.Notification.requestPermission = async () => (window.Notification.permission = "granted");
"""


def test_the_browser_notifies_a_player_who_consented_when_a_match_starts_waiting(
    browser: Browser, arcade: Arcade
) -> None:
    people = [open_person(browser, arcade), open_person(browser, arcade)]
    pages = []
    for person in people:
        person.add_init_script(FAKE_NOTIFICATIONS)
        assert person.request.post("/api/auth/guest").status == 201
        page = person.new_page()
        page.goto("/turns")
        expect(page.locator(".turn-list")).to_contain_text("No match is waiting for you.")
        page.locator("button.notify-on").click()
        expect(page.locator("button.notify-off")).to_be_visible()
        pages.append(page)

    clock = {"kind": "real-time", "minutes": 5}
    made = people[0].request.post("/api/matches", data={"game": "cipher-run", "clock": clock})
    assert made.status == 201, made.text()
    match_id = made.json()["match"]["id"]
    assert people[1].request.post(f"/api/matches/{match_id}/join").ok
    # Each page looks again (as the badge does every half minute), and waits for the answer.
    for page in pages:
        page.evaluate("import('/static/js/turns.js').then((turns) => turns.lookAtTurns())")
    waiting = [bool(p.request.get("/api/me/turns").json()) for p in people]
    assert waiting.count(True) == 1, "one of the two is to move"
    for page, told in zip(pages, waiting, strict=True):
        notes = page.evaluate("window.__notes")
        if told:  # once, with the game and the opponent's name, and the match on the page
            expect(page.locator(f'.turn-row[data-match="{match_id}"]')).to_have_count(1)
            assert len(notes) == 1 and notes[0]["title"] == "Your turn: Cipher Run", notes
            assert notes[0]["body"].startswith("Against guest-"), notes
        else:
            assert notes == []
    pages[0].locator("button.notify-off").click()
    expect(pages[0].locator("button.notify-on")).to_be_visible()
    for person in people:
        person.close()


def test_a_table_without_a_clock_still_says_whether_the_match_is_rated(
    browser: Browser, arcade: Arcade
) -> None:
    person = open_person(browser, arcade)
    page = person.new_page()
    start_game(page, "cipher-run")  # a guest against the AI: casual, no clock
    expect(page.locator(".clock-bar .clock-kind")).to_have_text("Casual · No clock")
    expect(page.locator(".clock-bar .clock")).to_have_count(0)
    expect(page.locator(".table-buttons button.claim")).to_have_count(0)
    person.close()
