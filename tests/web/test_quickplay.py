"""Quick play in two browsers: each presses "Play now" on the home page for the same game and
time control, each sees the pairing with the other's name, both accept, and both land at the
same running table; a pairing declined leaves the decliner out and the other still looking."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from .arcade import Arcade, open_person
from .drive import TABLE


def choose(page: Page, time_control: str) -> None:
    page.goto("/")
    panel = page.locator(".quickplay")
    panel.locator("select.quickplay-game").select_option("cipher-run")
    expect(panel.locator(f"select.quickplay-time option[value='{time_control}']")).to_have_count(1)
    panel.locator("select.quickplay-time").select_option(time_control)
    panel.locator("select.quickplay-ai-after").select_option("")


def play_now(page: Page, time_control: str) -> None:
    choose(page, time_control)
    page.locator(".quickplay-go").click()


def test_two_people_are_paired_and_both_accepting_seats_them_at_one_table(
    browser: Browser, arcade: Arcade
) -> None:
    alice_ctx, bob_ctx = open_person(browser, arcade), open_person(browser, arcade)
    alice, bob = alice_ctx.new_page(), bob_ctx.new_page()
    errors: list[str] = []
    for page in (alice, bob):
        page.on("pageerror", lambda err: errors.append(str(err)))
    play_now(alice, "3+2")
    expect(alice.locator(".quickplay-waiting")).to_contain_text("Looking for a game: Cipher Run")
    choose(bob, "3+2")
    expect(bob.locator(".quickplay-others")).to_have_text("1 player is looking for this game now.")
    bob.locator(".quickplay-go").click()
    for page, other in ((alice, bob), (bob, alice)):
        offer = page.locator(".quickplay-offer")
        expect(offer).to_contain_text("A game is ready")
        name = other.locator(".account .who").inner_text().replace(" (guest)", "")
        expect(offer).to_contain_text(name)
    bob.locator(".quickplay-accept").click()
    expect(bob.locator(".quickplay-offer")).to_contain_text("You accepted")
    alice.locator(".quickplay-accept").click()
    for page in (alice, bob):
        page.wait_for_function("() => location.pathname.startsWith('/play/')")
        expect(page.locator(TABLE)).to_have_attribute("data-status", "running")
    assert alice.url == bob.url
    assert errors == []
    for context in (alice_ctx, bob_ctx):
        context.close()


def test_a_declined_pairing_leaves_the_other_looking(browser: Browser, arcade: Arcade) -> None:
    alice_ctx, bob_ctx = open_person(browser, arcade), open_person(browser, arcade)
    alice, bob = alice_ctx.new_page(), bob_ctx.new_page()
    play_now(alice, "15+10")
    play_now(bob, "15+10")
    bob.locator(".quickplay-decline").click()
    expect(bob.locator(".quickplay-state")).to_be_empty()
    expect(bob.locator(".quickplay-go")).to_be_enabled()
    expect(alice.locator(".quickplay .flash")).to_contain_text("declined")
    expect(alice.locator(".quickplay-waiting")).to_contain_text("Looking for a game")
    alice.locator(".quickplay-cancel").click()
    expect(alice.locator(".quickplay-state")).to_be_empty()
    for context in (alice_ctx, bob_ctx):
        context.close()


def test_a_game_cards_play_now_opens_quick_play_for_that_game(page: Page) -> None:
    """Play now on Cypher's card: the panel set to Cypher (its 2 to 4 players), in sight, its own
    Play now focused; pressing it looks for a Cypher game."""
    for size in ({"width": 1366, "height": 768}, {"width": 390, "height": 844}):
        page.set_viewport_size(size)  # type: ignore[arg-type]
        page.goto("/")
        card = page.locator("article.game-card[data-game='cypher']")
        expect(
            page.locator("article.game-card[data-game='matrix-overload'] .play-now")
        ).to_have_count(0)
        card.locator("button.play-now").click()
        panel = page.locator(".quickplay")
        expect(panel).to_have_class(re.compile(r"\bchosen\b"))
        expect(panel.locator("select.quickplay-game")).to_have_value("cypher")
        expect(panel.locator("select.quickplay-players option")).to_have_count(3)
        expect(panel.locator(".quickplay-go")).to_be_focused()
        expect(panel.locator(".quickplay-go")).to_be_in_viewport()
    panel.locator("select.quickplay-ai-after").select_option("")
    page.locator(".quickplay-go").click()
    expect(page.locator(".quickplay-waiting")).to_contain_text("Looking for a game: Cypher")
    page.locator(".quickplay-cancel").click()
    expect(page.locator(".quickplay-state")).to_be_empty()
