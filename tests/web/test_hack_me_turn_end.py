"""Hack-Me's fewer clicks: the end of a turn (recycle nothing, keep every firewall) is one click
where both questions would be asked, the table answering the second visibly in the log; and the
side list folds the Joker's search of the deck (a move per card) into one entry."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from .drive import TABLE, after_move, settled, start_game
from .test_hack_me_table import joker_position

expect.set_options(timeout=15_000)
END_OF_TURN = '.gesture-list button.gesture[data-actions="pass; pass"]'


def towards_a_firewall_and_credits(page: Page, listed: list[str]) -> None:
    """A turn that leaves a firewall and 2 credits, so that both end-of-turn questions come."""
    for wanted in ("keep", "firewall ", "credit"):
        for n, action in enumerate(listed):
            if action == wanted or (action.startswith(wanted) and wanted.endswith(" ")):
                page.locator(f'.move-list button.move[data-n="{n + 1}"]').click()
                return
    page.locator(".move-list button.move").first.click()


def end_of_turn_offered(page: Page) -> dict[str, Any] | None:
    """A new game played towards a firewall and credits until the end of a turn is offered as
    one click: the table then, or ``None`` when 60 moves or the game's end came first (some
    deals never get there; the arcade's deal for a test's first match does, every run: see
    ``arcade.DEAL_SEED``)."""
    start_game(page, "hack-me", level="easy")
    for _ in range(60):
        ready = settled(page)
        if ready["status"] == "finished":
            return None
        if page.locator(END_OF_TURN).count():
            return ready
        towards_a_firewall_and_credits(page, ready["moves"])
        after_move(page, ready["seq"])
    return None


def test_the_end_of_a_turn_is_one_click(page: Page) -> None:
    ready = end_of_turn_offered(page)
    assert ready is not None, "no end of turn as one click in 60 moves of the arcade's deal"
    # Offered at the recycle question, beside 'Stop recycling'.
    assert "pass" in ready["moves"]
    expect(page.locator(".move-list button.move", has_text="Stop recycling")).to_be_visible()
    expect(page.locator(END_OF_TURN)).to_contain_text(
        "End the turn: recycle nothing and keep every firewall"
    )
    page.locator(END_OF_TURN).click()
    after_move(page, ready["seq"])
    # The dismantle question was answered from the gesture, and the log says so.
    log = page.locator(f"{TABLE} .log-list")
    expect(log).to_contain_text("Keep all firewalls (from your gesture: End the turn")
    expect(page.locator(".move-list button.move", has_text="Keep all firewalls")).to_have_count(0)


def test_the_side_list_folds_the_jokers_search(page: Page) -> None:
    _, moves = joker_position()
    page.goto("/")
    page.evaluate(
        """async (moves) => {
            const { moveList } = await import('/static/js/movelist.js');
            const { foldedMoves } = await import('/static/js/games/hack-me.js');
            window.played = [];
            const list = moveList(moves, { play: (a) => window.played.push(a), busy: false, folds: foldedMoves });
            const root = document.createElement('div');
            root.id = 'harness';
            root.append(list);
            document.body.replaceChildren(root);
        }""",
        moves,
    )
    tutors = [m for m in moves if m["action"].startswith("tutor ")]
    others = [m for m in moves if not m["action"].startswith("tutor ")]
    buttons = page.locator("#harness button.move")
    expect(buttons).to_have_count(len(moves))  # every move still listed, by its number
    visible = page.locator("#harness button.move:visible")
    expect(visible).to_have_count(len(others))
    fold = page.locator("#harness .move-fold summary")
    expect(fold).to_have_text(f"Reveal a Joker: take a card from your deck ({len(tutors)} choices)")
    fold.click()
    expect(visible).to_have_count(len(moves))
    first = tutors[0]
    page.locator(f'#harness button.move[data-n="{first["n"]}"]').click()
    assert page.evaluate("() => window.played") == [first["action"]]
