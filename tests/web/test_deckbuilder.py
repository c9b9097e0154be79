"""The deck builders in the browser: an illegal deck is refused with every problem named, a legal
one is saved to the account, comes back after a reload, and starts a match against the AI that
deals from it (checked in the websocket frames the page receives)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from playwright.sync_api import Page, WebSocket, expect

from cyberdeck.engine import load_game
from cyberdeck.games.cyberpunk_ccg.cardset import CARDS
from tests.server.broken_decks import (
    BROKEN_CCG_DECK,
    BROKEN_CCG_DECK_PROBLEMS,
    BROKEN_DECK,
    BROKEN_DECK_PROBLEMS,
)

# A loaded machine (two cores shared with everything else) can take longer than the default 5 s.
expect.set_options(timeout=15_000)


def problems(page: Page) -> list[str]:
    return [text.strip() for text in page.locator(".db-problems li").all_inner_texts()]


def test_cipher_run_names_every_problem_and_refuses_to_save(page: Page) -> None:
    page.goto("/decks/cipher-run")
    expect(page.locator(".db-card")).to_have_count(53)
    page.locator(".db-text").fill(BROKEN_DECK)
    expect(page.locator(".db-verdict")).to_have_text("Not legal yet: 7 problems.")
    assert problems(page) == BROKEN_DECK_PROBLEMS
    # The text was read as it was typed: the picker shows the counts, over the limits in red.
    expect(page.locator('.db-card[data-code="7H"] .db-n')).to_have_text("3/2")
    expect(page.locator('.db-card[data-code="JS"] .db-n.over')).to_have_text("5/2")
    expect(page.locator(".db-name")).to_have_value("Broken")
    page.locator(".db-save").click()
    expect(page.locator(".db-deck .flash")).to_contain_text("Line 5: 'ZZ' is not a card")
    expect(page.locator(".db-saved")).to_contain_text("No saved decks yet.")


def test_a_cipher_run_deck_is_built_saved_and_played(page: Page) -> None:
    page.goto("/decks/cipher-run")
    page.locator('.db-starter[data-starter="cold-boot"]').click()
    expect(page.locator(".db-verdict")).to_have_text("A legal Cipher Run deck (30 cards).")
    # Swap the five of clubs for a second five of spades, by the picker's buttons.
    page.locator('.db-card[data-code="5C"] .db-minus').click()
    expect(page.locator(".db-verdict")).to_have_text("Not legal yet: 1 problem.")
    assert problems(page) == ["A deck has exactly 30 cards; this one has 29."]
    page.locator('.db-card[data-code="5S"] .db-plus').click()
    expect(page.locator(".db-verdict")).to_have_text("A legal Cipher Run deck (30 cards).")
    page.locator(".db-name").fill("Spade Boot")
    page.locator(".db-save").click()
    expect(page.locator(".db-deck .flash")).to_have_text("Saved Spade Boot.")
    page.reload()
    saved = page.locator(".db-saved li", has_text="Spade Boot")
    expect(saved).to_contain_text("30 cards")
    saved.locator(".db-load").click()
    expect(page.locator(".db-verdict")).to_have_text("A legal Cipher Run deck (30 cards).")
    expect(page.locator('.db-card[data-code="5S"] .db-n')).to_have_text("2/2")
    expect(page.locator('.db-card[data-code="5C"] .db-n')).to_have_text("0/2")
    deck = Counter(
        str(c) for c in load_game("cipher-run").read_deck(page.locator(".db-text").input_value())
    )

    frames: list[dict[str, Any]] = []

    def listen(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", listen)
    page.locator(".db-play").click()
    page.wait_for_url("**/play/**")
    expect(page.locator(".table-page[data-status='running']")).to_be_visible()
    welcome = next(f for f in frames if f["type"] == "welcome")
    hand = Counter(welcome["table"]["view"]["players"][welcome["you"]]["hand"])
    # Dealt from the saved deck: no card it lacks, no more copies than it holds.
    assert sum(hand.values()) == 8 and all(deck[c] >= n for c, n in hand.items()), hand


def test_cyberpunk_ccg_starts_from_a_starter_and_checks_as_cards_change(page: Page) -> None:
    page.goto("/decks/cyberpunk-ccg")
    expect(page.locator(".db-card")).to_have_count(len(CARDS))  # the whole card set
    page.locator(".db-text").fill(BROKEN_CCG_DECK)
    expect(page.locator(".db-verdict")).to_have_text("Not legal yet: 7 problems.")
    assert problems(page) == BROKEN_CCG_DECK_PROBLEMS
    page.locator('.db-starter[data-starter="the-mob"]').click()
    expect(page.locator(".db-verdict")).to_have_text("A legal Cyberpunk CCG deck (104 cards).")
    page.locator(".db-section-filter").select_option("Runs deck")
    page.locator(".db-search").fill("neon dive")
    expect(page.locator(".db-card")).to_have_count(1)
    # The starter holds four Neon Dives, the most a deck may.
    page.locator('.db-card[data-code="neon-dive"] .db-plus').click()
    expect(page.locator(".db-verdict")).to_have_text("Not legal yet: 1 problem.")
    assert problems(page) == ["Neon Dive: at most 4 copies, not 5."]
    page.locator('.db-card[data-code="neon-dive"] .db-minus').click()
    expect(page.locator(".db-verdict")).to_have_text("A legal Cyberpunk CCG deck (104 cards).")
    page.locator(".db-name").fill("My Family")
    page.locator(".db-save").click()
    expect(page.locator(".db-deck .flash")).to_have_text("Saved My Family.")
    mine = page.locator(".db-saved li", has_text="My Family")
    expect(mine).to_contain_text("104 cards")
    mine.locator(".db-delete").click()
    expect(page.locator(".db-deck .flash")).to_have_text("Deleted My Family.")
    expect(page.locator(".db-saved")).to_contain_text("No saved decks yet.")
