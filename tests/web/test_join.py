"""Joining a match of a game with decks in the browser: the person who opens the invite link
sees the deck choices (the default, the starters, their saved decks), reads the one they pick in
full, and plays it; the creator never chose it for them."""

from __future__ import annotations

from collections import Counter

from playwright.sync_api import Browser, expect

from cyberdeck.engine import load_game
from tests.server.test_decks import LEGAL_CIPHER

from .arcade import Arcade, open_person
from .drive import TABLE, start_game


def test_the_joiner_sees_and_chooses_their_own_deck(browser: Browser, arcade: Arcade) -> None:
    alice_ctx, bob_ctx = open_person(browser, arcade), open_person(browser, arcade)
    alice, bob = alice_ctx.new_page(), bob_ctx.new_page()
    errors: list[str] = []
    for page in (alice, bob):
        page.on("pageerror", lambda err: errors.append(str(err)))

    match_id = start_game(alice, "cipher-run", mode="online", private=True)
    link = alice.locator(".invite-url").input_value().replace(arcade.base, "")
    bob.goto(link)
    chooser = bob.locator(".join-page")
    expect(chooser).to_contain_text("Choose the deck you play")
    labels = bob.locator("select.join-deck option").all_inner_texts()
    starters = load_game("cipher-run").starter_decks()
    assert labels[0] == "The game's default deck" and len(labels) == 1 + len(starters)
    assert bob.url.endswith(link), "nobody is seated before choosing"

    saved = bob.request.post(
        "/api/games/cipher-run/decks", data={"name": "Mine", "text": LEGAL_CIPHER}
    )
    assert saved.status == 201, saved.text()
    bob.reload()
    bob.locator("select.join-deck").select_option(label="Saved: Mine")
    expect(bob.locator(".join-deck-list")).to_contain_text("2x KC")  # the deck, read in full
    bob.locator(".take-seat").click()
    bob.wait_for_function("() => location.pathname.startsWith('/play/')")
    for page in (alice, bob):
        expect(page.locator(TABLE)).to_have_attribute("data-status", "running")
    expect(bob.locator(".cr-hand .card")).to_have_count(8)
    hand = Counter(
        bob.locator(".cr-hand .card").evaluate_all("(cs) => cs.map((c) => c.dataset.card)")
    )
    deck = Counter(str(card) for card in load_game("cipher-run").read_deck(LEGAL_CIPHER))
    # Dealt from Bob's own deck: none of the default deck's 2s, aces or number clubs.
    assert all(deck[code] >= n for code, n in hand.items()), (hand, match_id)
    assert errors == []
    for context in (alice_ctx, bob_ctx):
        context.close()
