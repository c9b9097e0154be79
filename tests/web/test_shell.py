"""The arcade's pages load from the server's own files and draw without errors."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def test_the_home_page_lists_every_game_with_its_pitch(page: Page) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto("/")
    cards = page.locator("article.game-card")
    expect(cards).to_have_count(5)
    expect(page.locator('[data-game="matrix-overload"] .pitch')).to_contain_text("3×3 matrix")
    assert errors == []
