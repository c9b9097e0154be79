"""One auto-answer mechanism for every game: the table answers a question that has only one
answer, says so in the log as its answer, and a checkbox (on by default) turns it off."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .drive import READY, TABLE, after_move, start_game

expect.set_options(timeout=15_000)


def test_the_table_answers_lone_questions_unless_asked_not_to(page: Page) -> None:
    start_game(page, "matrix-overload")
    # MATR1X has no stops, yet the panel offers the one setting every game has.
    panel = page.locator(".stops-panel")
    panel.locator("summary").click()
    single = panel.locator("input.single-answer")
    expect(single).to_be_checked()
    expect(panel.locator("input.full-control")).to_have_count(0)
    # Lone questions come often in MATR1X (a royal with one free slot, a card with one pile).
    for _ in range(60):
        lone = page.locator(".log-list li", has_text="(the only answer).")
        if lone.count():
            break
        ready = page.wait_for_function(READY, timeout=30_000).json_value()
        if ready["status"] == "finished":
            break
        page.locator(".move-list button.move").first.click()
        after_move(page, ready["seq"])
    expect(lone.first).to_contain_text("The table answers for you: ")
    single.uncheck()
    expect(page.locator(f"{TABLE} > .flash")).to_have_text("Stops saved.")
    kept = page.evaluate("() => fetch('/api/games/matrix-overload/stops').then((r) => r.json())")
    assert kept["single"] is False
    page.reload()
    page.locator(".stops-panel summary").click()
    expect(page.locator(".stops-panel input.single-answer")).not_to_be_checked()
