"""Claiming a game in the browser: two people start an online Cipher Run match and one closes the
page and does not come back. The other's table shows them away and offers no claim while the
server's grace period runs, then offers it; a click on it ends the game, won by the one who
stayed, on the page and on the server. The one who left finds the game lost when they return."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from .arcade import Arcade, open_person
from .drive import TABLE, join_by_link, start_game

#: The grace period of this module's arcade, seconds: short, since the test waits it out.
GRACE = 2.0

#: How long the page may take to offer the claim once the grace period is over (the table's clock
#: ticks once a second), on a loaded machine, milliseconds.
OFFERED_WITHIN = 15_000


@pytest.fixture(scope="module")
def arcade(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Arcade]:
    """An arcade of this module's own with a short grace period (the other browser tests' arcade
    keeps the 90 s people get)."""
    folder: Path = tmp_path_factory.mktemp("claims")
    server = Arcade(folder, grace_seconds=GRACE).start()
    yield server
    server.stop()


def click_held_over_a_tick(page: Page, button: Locator, seat: Locator) -> None:
    """Click ``button`` as a person does, pressed for a moment: here the press lasts until the
    table's clock has ticked once (the away ``seat``'s seconds change), as a slow press does."""
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    counted = seat.locator(".seat-state")
    expect(counted).not_to_have_text(counted.inner_text())
    page.mouse.up()


def test_a_player_claims_the_game_by_a_click_once_the_opponent_has_been_away_past_the_grace(
    browser: Browser, arcade: Arcade
) -> None:
    alice_ctx, bob_ctx = open_person(browser, arcade), open_person(browser, arcade)
    alice, bob = alice_ctx.new_page(), bob_ctx.new_page()
    errors: list[str] = []
    for page in (alice, bob):
        page.on("pageerror", lambda err: errors.append(str(err)))

    match_id = start_game(alice, "cipher-run", mode="online", private=True)
    join_by_link(bob, alice.locator(".invite-url").input_value().replace(arcade.base, ""))
    for page in (alice, bob):
        expect(page.locator(TABLE)).to_have_attribute("data-status", "running")
    mine = int(alice.locator(TABLE).get_attribute("data-seat") or "")
    theirs = 1 - mine
    seat = alice.locator(f'.seat[data-seat="{theirs}"]')
    expect(seat).to_have_attribute("data-presence", "connected")
    claim = alice.locator(".table-buttons button.claim")
    expect(claim).to_have_count(0)

    bob.close()  # Bob leaves and does not come back.

    # The moment Alice's table shows Bob away, the grace period has only begun: no claim offered.
    away = alice.wait_for_function(
        """(seat) => {
            const shown = document.querySelector(`.seat[data-seat="${seat}"]`);
            return shown.dataset.presence === "away" && {
                words: shown.querySelector(".seat-state").textContent,
                claims: document.querySelectorAll(".table-buttons button.claim").length,
            };
        }""",
        arg=theirs,
    ).json_value()
    assert re.fullmatch(r"away \d+ s", away["words"]), away
    assert away["claims"] == 0, away
    expect(alice.locator(TABLE)).to_have_attribute("data-status", "running")

    expect(claim).to_have_text("Claim the game", timeout=OFFERED_WITHIN)
    click_held_over_a_tick(alice, claim, seat)

    expect(alice.locator(TABLE)).to_have_attribute("data-status", "finished")
    cookies = {c["name"]: c["value"] for c in alice_ctx.cookies()}
    summary = httpx.get(f"{arcade.base}/api/matches/{match_id}", cookies=cookies).json()
    outcome = summary["outcome"]
    assert summary["status"] == "finished", summary
    assert outcome["kind"] == "claim" and outcome["winners"] == [mine], outcome
    assert f"did not come back within {GRACE:g} seconds" in outcome["reason"], outcome
    assert outcome["reason"].endswith("claimed the game"), outcome
    expect(alice.locator(".end-screen h2")).to_have_text("You won")
    expect(alice.locator(".end-screen .reason")).to_have_text(outcome["reason"])
    expect(alice.locator(".turn")).to_have_text(f"You won — {outcome['reason']}")
    expect(claim).to_have_count(0)
    expect(alice.locator(".table-buttons button.resign")).to_have_count(0)

    # Bob, back later, finds the game over and lost, for the same reason.
    back = bob_ctx.new_page()
    back.on("pageerror", lambda err: errors.append(str(err)))
    back.goto(f"/play/{match_id}")
    expect(back.locator(TABLE)).to_have_attribute("data-status", "finished")
    expect(back.locator(".end-screen h2")).to_have_text("You lost")
    expect(back.locator(".end-screen .reason")).to_have_text(outcome["reason"])
    assert errors == []
    for context in (alice_ctx, bob_ctx):
        context.close()
