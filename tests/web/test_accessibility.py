"""axe-core (the accessibility checker browsers' own tools use) on every page of the arcade and on
each game's table in the middle of a game: no serious or critical violation anywhere. One visit
each, so the whole check costs one test's time; the report names every violation found, on every
page, before failing."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from cyberdeck.engine import games

from .drive import after_move, seq, settled, start_game, status

#: The pages that are not a table, each with an element that shows it is drawn.
PAGES = {
    "/": "article.game-card",
    "/about": ".credits li",
    "/account": "form.signup",
    "/rules/cyberpunk-ccg": ".rules-text h1",
    "/leaderboard/cipher-run": "main h1",
    "/tournaments": ".tournaments h1",
    "/decks/cyberpunk-ccg": ".db",
    "/lab/cyberpunk-ccg": ".lab-card",
    "/learn/cyberpunk-ccg": ".learn-page[data-step]",
}

#: Moves made before a table is checked: mid-game, with cards on the table and a last turn.
MOVES = 4

SEVERE = {"serious", "critical"}


def severe(axe: Axe, page: Page, where: str) -> list[str]:
    """Each serious or critical violation on the page as it is now, as one readable line."""
    found = axe.run(page).response["violations"]
    return [
        f"{where}: {v['id']} ({v['impact']}): {v['help']} at "
        + ", ".join(str(n["target"]) for n in v["nodes"][:3])
        for v in found
        if v.get("impact") in SEVERE
    ]


def test_no_page_or_table_has_a_serious_accessibility_violation(page: Page) -> None:
    # A card travelling from hand to table is half transparent for a moment; the check is of
    # the table at rest, which reduced motion gives at once.
    page.emulate_media(reduced_motion="reduce")
    axe = Axe()
    problems: list[str] = []
    for path, ready in PAGES.items():
        page.goto(path)
        page.locator(ready).first.wait_for()
        problems += severe(axe, page, path)
    for game in games():
        start_game(page, game.id)
        for _ in range(MOVES):
            settled(page)
            if status(page) == "finished":
                break
            before = seq(page)
            page.locator(".move-list button.move").first.click(force=True)
            after_move(page, before)
        settled(page)
        problems += severe(axe, page, f"the {game.id} table")
    # A phone's table (its moves a sheet over the table) and home page (a card a row).
    page.set_viewport_size({"width": 390, "height": 844})
    problems += severe(axe, page, "a table on a phone")
    page.goto("/")
    page.locator("article.game-card").first.wait_for()
    problems += severe(axe, page, "the home page on a phone")
    assert problems == [], "\n".join(problems)
