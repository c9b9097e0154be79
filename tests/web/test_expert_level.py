"""The expert level is on a game's menu where the game ships a learned policy, and nowhere else;
the level picked there is kept for the next visit."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from cyberdeck.agents.policy import shipped_policy
from cyberdeck.engine import load_game

from .drive import open_more

expect.set_options(timeout=15_000)


def test_expert_is_offered_where_a_policy_ships(page: Page) -> None:
    page.goto("/")
    for game in ("cypher", "cipher-run", "hack-me", "cyberpunk-ccg"):
        open_more(page.locator(f'article.game-card[data-game="{game}"]'))
        level = page.locator(f'article.game-card[data-game="{game}"] select.level')
        names = ["Easy", "Normal", "Hard"]
        if shipped_policy(load_game(game)) is not None:
            names.append("Expert")
        expect(level.locator("option")).to_have_text(names)
        expect(level).to_have_value("normal")
    level = page.locator('article.game-card[data-game="cypher"] select.level')
    level.select_option("expert")
    page.goto("/")
    open_more(page.locator('article.game-card[data-game="cypher"]'))
    expect(page.locator('article.game-card[data-game="cypher"] select.level')).to_have_value(
        "expert"
    )
