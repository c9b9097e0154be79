"""Replays in the browser: a player's replay opens from their own seat and shows what that seat saw
(in Cipher Run their own hand, never the AI's), and a replay plays itself at a chosen speed,
paused and resumed with the Space key. The page's clock is Playwright's, moved by the test, so
nothing here waits on real time."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.views import past_deck_lists

from .arcade import Arcade, open_person
from .drive import TABLE, after_move, settled, start_game

expect.set_options(timeout=15_000)

COUNTER = ".replay-page .step-counter"


def finished_match(page: Page, game: str, moves: int) -> str:
    """A match against the easy AI: ``moves`` of this page's moves, then a resignation; returns
    its id, with the end screen showing."""
    match_id = start_game(page, game, level="easy")
    for _ in range(moves):
        ready = settled(page)
        if ready["status"] == "finished":
            break
        page.locator(".move-list button.move").first.click()
        after_move(page, ready["seq"])
    if settled(page)["status"] != "finished":
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="Resign").click()
    expect(page.locator(f"{TABLE} .end-screen .reason")).not_to_be_empty()
    return match_id


@pytest.fixture
def stranger(browser: Browser, arcade: Arcade) -> Iterator[Page]:
    """Someone else, who played no part in the match."""
    context = open_person(browser, arcade)
    yield context.new_page()
    context.close()


def replay_step(page: Page, match_id: str, step: int, seat: int) -> dict[str, Any]:
    answer = page.request.get(f"/api/matches/{match_id}/replay?step={step}&seat={seat}")
    assert answer.ok, answer.text()
    data: dict[str, Any] = answer.json()
    return data


def board_cards(page: Page) -> set[str]:
    cards: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('.replay-page .board [data-card]')]"
        ".map((n) => n.dataset.card.toUpperCase())"
    )
    return set(cards)


def test_a_players_replay_opens_from_their_seat_and_never_shows_the_ais_hand(page: Page) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    match_id = finished_match(page, "cipher-run", 4)
    page.get_by_role("link", name="Watch the replay").click()
    replay = page.locator(".replay-page")
    expect(replay).to_have_attribute("data-seat", "0")
    expect(page.locator("select.replay-seat")).to_have_value("0")
    expect(page.locator("select.replay-seat option:checked")).to_have_text("you (seat 1)")
    # The address names no view: the same link opens from its reader's own seat.
    assert "seat=" not in page.url
    steps = int(page.locator(COUNTER).inner_text().split(" of ")[1].split()[0])
    hidden_seen = 0
    for step in range(steps + 1):
        expect(replay).to_have_attribute("data-step", str(step))
        mine = replay_step(page, match_id, step, 0)["table"]["view"]
        ai_hand = set(replay_step(page, match_id, step, 1)["table"]["view"]["players"][1]["hand"])
        # Both deck lists are public and name every card; what the player saw is the rest.
        seen = json.dumps(past_deck_lists(mine))
        secret = {card for card in ai_hand if f'"{card}"' not in seen}
        shown = board_cards(page)
        assert mine["players"][0]["hand"] and set(mine["players"][0]["hand"]) <= shown
        assert not shown & secret, f"step {step}: the AI's hand {sorted(shown & secret)} shows"
        hidden_seen += len(secret)
        page.keyboard.press("ArrowRight")
    assert hidden_seen > 0, "the AI held cards the player never saw"
    # Anyone may still choose another view; the address keeps a chosen one.
    page.locator("select.replay-seat").select_option("spectator")
    expect(replay).to_have_attribute("data-seat", "spectator")
    expect(page).to_have_url(re.compile(r"seat=spectator"))
    assert errors == []


def test_someone_else_opens_the_replay_as_a_spectator(page: Page, stranger: Page) -> None:
    match_id = finished_match(page, "cipher-run", 2)
    stranger.goto(f"/replay/{match_id}")
    expect(stranger.locator(".replay-page")).to_have_attribute("data-seat", "spectator")
    assert "you" not in stranger.locator("select.replay-seat").inner_text()


def test_a_replay_plays_itself_at_the_chosen_speed_and_space_pauses_it(page: Page) -> None:
    match_id = finished_match(page, "cipher-run", 3)
    page.clock.install()
    page.goto(f"/replay/{match_id}")
    replay = page.locator(".replay-page")
    expect(replay).to_have_attribute("data-step", "0")
    steps = int(page.locator(COUNTER).inner_text().split(" of ")[1].split()[0])
    assert steps >= 3
    page.locator("select.replay-speed").select_option(label="2 s a move")
    page.get_by_role("button", name="▶ Play").click()
    expect(replay).to_have_attribute("data-playing", "true")
    page.clock.run_for(1_900)
    expect(replay).to_have_attribute("data-step", "0")  # two seconds a move: not yet
    page.clock.run_for(200)
    expect(replay).to_have_attribute("data-step", "1")
    page.locator("select.replay-speed").select_option(label="0.5 s a move")
    page.clock.run_for(600)
    expect(replay).to_have_attribute("data-step", "2")
    # Space pauses (the focus on the page, not on a control): the clock runs, the step stays.
    page.locator(".table-title").click()
    page.keyboard.press("Space")
    expect(replay).to_have_attribute("data-playing", "false")
    expect(page.get_by_role("button", name="▶ Play")).to_have_attribute("aria-pressed", "false")
    page.clock.run_for(5_000)
    expect(replay).to_have_attribute("data-step", "2")
    # From the step before the last it plays to the end and stops there by itself.
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    expect(replay).to_have_attribute("data-step", str(steps - 1))
    page.keyboard.press("Space")
    expect(replay).to_have_attribute("data-playing", "true")
    page.clock.run_for(600)
    expect(replay).to_have_attribute("data-step", str(steps))
    expect(replay).to_have_attribute("data-playing", "false")
    expect(page.locator(".replay-page .end-screen .reason")).to_contain_text("resigned")


def test_with_reduced_motion_a_playing_replay_highlights_and_moves_nothing(page: Page) -> None:
    match_id = finished_match(page, "matrix-overload", 3)
    page.emulate_media(reduced_motion="reduce")
    page.clock.install()
    page.goto(f"/replay/{match_id}")
    replay = page.locator(".replay-page")
    expect(replay).to_have_attribute("data-step", "0")
    page.get_by_role("button", name="▶ Play").click()
    page.clock.run_for(1_100)
    expect(replay).to_have_attribute("data-step", "1")
    expect(page.locator(".replay-page .board .touched").first).to_be_visible()
    assert page.evaluate("() => document.getAnimations().length") == 0
