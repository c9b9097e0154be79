"""The last move on the table: the cards and places the last turn touched are highlighted (the
player's own, the opponent's, the AI's), a card's path is animated unless the person asked for
reduced motion, and another seat's moves are shown at a pace the person chooses."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from cyberdeck.games.cyberpunk_ccg.cardset import CARDS as CCG_CARDS

from .drive import READY, TABLE, after_move, my_seat, start_game

expect.set_options(timeout=15_000)

TOUCHED = f"{TABLE} .board .touched, {TABLE} .board .touched-place"


def settled(page: Page) -> dict[str, Any]:
    ready: dict[str, Any] = page.wait_for_function(READY, timeout=120_000).json_value()
    return ready


def move_once(page: Page) -> bool:
    """This page's first listed move; whether the game goes on."""
    ready = settled(page)
    if ready["status"] == "finished":
        return False
    page.locator(".move-list button.move").first.click()
    after_move(page, ready["seq"])
    return bool(settled(page)["status"] != "finished")


@pytest.mark.parametrize("game", ["cipher-run", "hack-me", "cypher", "cyberpunk-ccg"])
def test_the_ais_last_move_is_highlighted_on_the_table(page: Page, game: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    line = page.locator(".last-turn")
    seen = False
    # On some deals a game ends, or the AI only passes, before its turn touches the table; the
    # arcade deals this test's one match the same every run (``arcade.DEAL_SEED``), a deal on
    # which an AI turn touches it in every game here.
    start_game(page, game, level="easy")
    for _ in range(30):
        if not move_once(page):
            break
        actor = line.get_attribute("data-actor")
        if actor and int(actor) != my_seat(page) and page.locator(TOUCHED).count():
            seen = True
            break
    assert seen, "no AI turn was highlighted in 30 moves of the arcade's deal"
    # The table's own sentences agree with "You" ("your turn", "You have priority").
    board = page.locator(f"{TABLE} .board").inner_text()
    assert not re.search(r"\bYou(?:'s| has| is)\b", board), board[:400]
    # What is highlighted is what the last turn named: each ringed card is in its line.
    told = line.inner_text().lower()
    for node in page.locator(f"{TABLE} .board [data-card].touched").all():
        assert shown(node.get_attribute("data-card") or "") in told, (
            node.get_attribute("data-card"),
            told,
        )
    assert errors == []


SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: A CCG card's name by its id on the page (its slug): "fab-works" is "Fabrication Works".
NAMES = {card.slug: card.name for card in CCG_CARDS}


def shown(code: str) -> str:
    """A card's code as the last-turn line writes it: "8♣" for a playing card, a CCG card's
    name, the words of another named card's id ("data runner")."""
    if code[-1:] in SUITS and code[:-1] in {"A", "J", "Q", "K", *map(str, range(2, 11))}:
        return (code[:-1] + SUITS[code[-1]]).lower()
    return NAMES.get(code, code.replace("-", " ")).lower()


def test_your_own_move_is_highlighted_and_its_card_moves(page: Page) -> None:
    """MATR1X: the card placed goes from "to place" to its pile, ringed there, and the pile is
    outlined; with reduced motion nothing moves, and the ring is still there."""
    start_game(page, "matrix-overload")
    ready = settled(page)
    card = page.locator(".mo-hand [data-card]").first.get_attribute("data-card")
    place = next(m for m in ready["moves"] if m.startswith("place "))
    page.locator(f'.move-list button.move[data-action="{place}"]').click()
    after_move(page, ready["seq"])
    where = place.split()[1]
    spot = page.locator(f'{TABLE} .board :is([data-pile="{where}"], [data-slot="{where}"])')
    expect(spot).to_have_class(re.compile(r"\btouched-place\b"))
    ringed = spot.locator(f'[data-card="{card}"]')
    expect(ringed).to_have_class(re.compile(r"\btouched\b"))
    assert ringed.get_attribute("data-path") == "move"

    page.emulate_media(reduced_motion="reduce")
    ready = settled(page)
    card = page.locator(".mo-hand [data-card]").first.get_attribute("data-card")
    place = next(m for m in ready["moves"] if m.startswith("place "))
    page.locator(f'.move-list button.move[data-action="{place}"]').click()
    after_move(page, ready["seq"])
    ringed = page.locator(f'{TABLE} .board [data-card="{card}"].touched').first
    expect(ringed).to_be_visible()
    assert ringed.get_attribute("data-path") is None
    assert page.evaluate("() => document.getAnimations().length") == 0


def test_the_ais_moves_are_shown_at_the_chosen_pace(page: Page) -> None:
    """A chosen pace holds each of the AI's moves on the table before the next is shown (the
    page marks the wait); "Instant" shows them as they come. The choice is kept."""
    start_game(page, "hack-me", level="easy")
    pace = page.locator(".pace-select")
    expect(pace).to_have_value("instant")  # the tests' browsers start instant
    pace.select_option("slow")
    page.evaluate(
        """() => {
            window.paced = false;
            const t = document.querySelector('.table-page');
            new MutationObserver(() => { if (t.dataset.pacing === 'true') window.paced = true; })
                .observe(t, { attributes: true, attributeFilter: ['data-pacing'] });
        }"""
    )
    for _ in range(20):
        if not move_once(page) or page.evaluate("() => window.paced"):
            break
    assert page.evaluate("() => window.paced")
    page.reload()
    expect(page.locator(".pace-select")).to_have_value("slow")
    page.locator(".pace-select").select_option("instant")
    page.evaluate(
        """() => {
            window.paced = false;
            const t = document.querySelector('.table-page');
            new MutationObserver(() => { if (t.dataset.pacing === 'true') window.paced = true; })
                .observe(t, { attributes: true, attributeFilter: ['data-pacing'] });
        }"""
    )
    for _ in range(6):
        if not move_once(page):
            break
    assert not page.evaluate("() => window.paced")


def test_a_long_run_of_the_ais_moves_waits_the_paces_turn_at_most(page: Page) -> None:
    """At the default pace each of the AI's moves stays 700 ms, but a CCG turn of forty moves
    waits 2.5 s in all, not 28: the moves share what is left of the turn's time (``nextWait``)."""
    page.goto("/")
    waits = page.evaluate(
        """async () => {
            const { PACES, nextWait } = await import('/static/js/story.js');
            const steady = PACES.find((p) => p.key === 'steady');
            let left = steady.turnMs;
            const waits = [];
            // Moves arriving one by one, then thirty at once.
            for (let i = 0; i < 10; i++) { const w = nextWait(steady, left, 0); left -= w; waits.push(w); }
            for (let q = 29; q >= 0; q--) { const w = nextWait(steady, left, q); left -= w; waits.push(w); }
            return waits;
        }"""
    )
    assert waits[0] == 700 and len(waits) == 40
    assert sum(waits) <= 2500 + 1e-6 and waits[-1] >= 0
