"""The expert level is on a game's menu where the game ships a learned policy, and nowhere else;
the level picked there is kept for the next visit."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from cyberdeck.agents.ladders import level_ratings
from cyberdeck.agents.policy import shipped_policies
from cyberdeck.engine import load_game

from .drive import open_more

expect.set_options(timeout=15_000)


def test_expert_is_offered_where_a_policy_ships(page: Page) -> None:
    page.goto("/")
    for game in ("cypher", "cipher-run", "hack-me", "cyberpunk-ccg"):
        open_more(page.locator(f'article.game-card[data-game="{game}"]'))
        level = page.locator(f'article.game-card[data-game="{game}"] select.level')
        levels = ["easy", "normal", "hard"]
        if shipped_policies(load_game(game)):
            levels.append("expert")
        # Each level by name, with its ladder rating beside it where the game ships a ladder.
        ratings = level_ratings(game)
        names = [v.capitalize() + (f" · {ratings[v].elo}" if v in ratings else "") for v in levels]
        expect(level.locator("option")).to_have_text(names)
        expect(level).to_have_value("normal")
    level = page.locator('article.game-card[data-game="cypher"] select.level')
    level.select_option("expert")
    page.goto("/")
    open_more(page.locator('article.game-card[data-game="cypher"]'))
    expect(page.locator('article.game-card[data-game="cypher"] select.level')).to_have_value(
        "expert"
    )


def test_a_rated_level_shows_its_ladder_rating_and_interval(page: Page) -> None:
    page.goto("/")
    rated = [g for g in ("cypher", "cipher-run", "hack-me", "cyberpunk-ccg") if level_ratings(g)]
    assert rated, "a two-player game ships its AI ladder"
    card = page.locator(f'article.game-card[data-game="{rated[0]}"]')
    open_more(card)
    hard = level_ratings(rated[0])["hard"]
    option = card.locator('select.level option[value="hard"]')
    expect(option).to_have_attribute(
        "title", re.compile(rf"95% interval {hard.low} to {hard.high}, {hard.games} games")
    )
    # Cypher's ladder was played at two players, one of the table sizes it offers.
    table = " in 2-player games" if rated[0] == "cypher" else ""
    expect(card.locator(".level-note")).to_have_text(
        f"Elo on the AI ladder{table}; random play is 0"
    )
    expect(card.locator("select.level")).to_have_attribute(
        "title", re.compile(f"from games between the levels{table}\\.")
    )
