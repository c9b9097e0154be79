"""Counts on the page agree with their number ("1 card", "2 cards"), through one helper
(js/words.js, the twin of engine.counted): the deck builder's bar and a table's piles."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from cyberdeck.engine import load_game

from .drive import draw_alone

expect.set_options(timeout=15_000)


def test_a_deck_of_one_card_says_1_card(page: Page) -> None:
    page.goto("/decks/cipher-run")
    page.locator('.db-card[data-code="7H"] .db-plus').click()
    expect(page.locator(".db-size")).to_have_text("1 card")
    expect(page.locator(".db-bar")).to_contain_text("1 card · ")
    expect(page.locator(".db-bar")).not_to_contain_text("1 cards")


def test_a_hand_of_one_card_is_named_1_card(page: Page) -> None:
    view = load_game("hack-me").new_state(None, 5).view(0)
    them = {**view["players"][1], "hand_count": 1, "deck_count": 1}
    view = {**view, "players": [view["players"][0], them]}
    draw_alone(page, "hack-me", view, [])
    theirs = page.locator('#harness .hm-area[data-seat="1"]')
    expect(theirs.locator('[aria-label="hand, 1 card"]')).to_have_count(1)
    expect(theirs.locator('[aria-label="deck, 1 card"]')).to_have_count(1)
