"""Hack-Me's table at a desktop window: it fits 1280x800 with the player's own hand in sight,
a click on the deck draws, and a Joker searches the deck from a list of cards that a search box
narrows (the Joker in hand is clicked, then the card)."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page, expect

from cyberdeck.engine import load_game

from .drive import READY, TABLE, after_move, start_game

expect.set_options(timeout=15_000)
GAME = load_game("hack-me")


def test_the_table_fits_the_window_with_your_hand_in_sight(page: Page) -> None:
    start_game(page, "hack-me", level="easy")
    for _ in range(6):
        ready = page.wait_for_function(READY, timeout=60_000).json_value()
        if ready["status"] == "finished":
            break
        hand = page.locator(f"{TABLE} .hm-hand .card")
        assert hand.count()
        box = hand.last.bounding_box()
        assert box is not None
        assert box["y"] + box["height"] <= 800, box  # no scrolling down to one's own hand
        assert page.evaluate("() => window.scrollY") == 0
        page.locator(".move-list button.move").first.click()
        after_move(page, ready["seq"])


def joker_position() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A seeded Hack-Me position where the seat to move holds a Joker it may reveal: its view
    and its moves as the server lists them."""
    for seed in range(200):
        state, picker = GAME.new_state(None, seed), random.Random(seed)
        for _ in range(300):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            seat = state.current_player
            view = state.view(seat)
            if any(a.kind == "tutor" for a in legal) and "JK" in view["players"][seat]["hand"]:
                moves = [
                    {
                        "n": n,
                        "action": a.text,
                        "label": GAME.describe_action(a, view),
                        "group": GAME.action_group(a),
                    }
                    for n, a in enumerate(legal, start=1)
                ]
                return view, moves
            state.apply(picker.choice(legal))
    raise AssertionError("no Joker to reveal in 200 seeded games")


def test_a_joker_searches_the_deck_drawn_as_cards(page: Page) -> None:
    view, moves = joker_position()
    page.goto("/")
    page.evaluate(
        """async ([view, moves]) => {
            const { makeCtx, drawTable } = await import('/static/js/renderers.js');
            const module = await import('/static/js/games/hack-me.js');
            const root = document.createElement('div');
            root.id = 'harness';
            document.body.replaceChildren(root);
            window.played = [];
            const local = {};
            const draw = () => {
                const ctx = makeCtx({ seat: view.seat, moves, play: (a) => window.played.push(a), local, redraw: draw });
                root.replaceChildren(drawTable(module, view, ctx));
            };
            draw();
        }""",
        [view, moves],
    )
    tutors = [m for m in moves if m["action"].startswith("tutor ")]
    # The deck's own click draws at once: no menu of cards takes it over.
    assert not page.locator("#harness .hm-deck-search").count()
    page.locator(
        "#harness .hm-hand .hm-hand-card", has=page.locator('[data-card="JK"]')
    ).first.click()
    search = page.locator("#harness .hm-deck-search")
    expect(search).to_be_visible()
    cards = search.locator(".hm-search-card")
    expect(cards).to_have_count(len(tutors))
    assert cards.first.locator(".card").count() == 1  # drawn as cards, not named by code
    # Narrowed by suit and by rank, in words or in the card's code.
    search.locator("input.hm-search").fill("hearts")
    hearts = [m for m in tutors if m["action"].endswith("H")]
    expect(search.locator(".hm-search-card:not([hidden])")).to_have_count(len(hearts))
    target = (hearts or tutors)[0]["action"].split()[1]
    search.locator("input.hm-search").fill(target.lower())
    shown = search.locator(".hm-search-card:not([hidden])")
    expect(shown.first).to_have_attribute("data-action", f"tutor {target}")
    shown.first.click()
    assert page.evaluate("() => window.played") == [f"tutor {target}"]
