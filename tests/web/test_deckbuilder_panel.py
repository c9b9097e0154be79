"""The deck builder beside a long catalogue: its verdict stays in view while one scrolls the cards,
a message about the deck as it was goes when the deck changes, and the AI level starts where the
home page's does (Normal, or the level last picked there)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .drive import open_more

expect.set_options(timeout=15_000)


def test_the_verdict_stays_in_view_while_scrolling_the_catalogue(page: Page) -> None:
    page.goto("/decks/cyberpunk-ccg")
    cards = page.locator(".db-card")
    expect(cards.first).to_be_visible()
    last = cards.last
    last.scroll_into_view_if_needed()
    last.locator(".db-plus").click()
    assert page.evaluate("window.scrollY") > 800  # the page did scroll, far down the cards
    expect(page.locator(".db-size")).to_have_text("1 card")
    expect(page.locator(".db-verdict")).to_contain_text("Not legal yet")
    expect(page.locator(".db-verdict")).to_be_in_viewport()
    expect(page.locator(".db-problems")).to_be_in_viewport()


def test_a_message_about_the_deck_goes_when_the_deck_changes(page: Page) -> None:
    page.goto("/decks/cipher-run")
    flash = page.locator(".db-deck .flash")
    page.locator('.db-card[data-code="7H"] .db-plus').click()
    page.locator(".db-play").click()
    expect(flash).to_have_text("Only a legal deck can be played; see what it breaks.")
    page.locator('.db-card[data-code="7S"] .db-plus').click()
    expect(flash).to_be_hidden()
    page.locator(".db-play").click()
    expect(flash).to_be_visible()
    page.locator(".db-text").fill("2x 7H\n")  # typed by hand: a change too
    expect(flash).to_be_hidden()
    page.locator('.db-starter[data-starter="cold-boot"]').click()
    expect(flash).to_have_text("Deck loaded.")  # the message about the loaded deck stays


def test_the_ai_level_starts_where_the_home_pages_does(page: Page) -> None:
    page.goto("/decks/cipher-run")
    expect(page.locator(".db-level")).to_have_value("normal")
    expect(page.locator(".db-level option:checked")).to_have_text("Normal")
    page.goto("/")
    open_more(page.locator('article.game-card[data-game="cipher-run"]'))
    level = page.locator('article.game-card[data-game="cipher-run"] select.level')
    expect(level).to_have_value("normal")
    level.select_option("hard")
    page.goto("/decks/cipher-run")
    expect(page.locator(".db-level")).to_have_value("hard")
    page.goto("/")
    expect(page.locator('article.game-card[data-game="matrix-overload"]')).to_be_visible()
    open_more(page.locator('article.game-card[data-game="cipher-run"]'))
    expect(page.locator('article.game-card[data-game="cipher-run"] select.level')).to_have_value(
        "hard"
    )
