"""The leaderboard pages: a solitaire's shows games played, wins, win rate, streaks and personal
best under human headings, ranked by win rate once a player has enough ranked games; a game for
two or more keeps its ratings."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from cyberdeck.store import Store, sqlite_url
from tests.server.test_solitaire_board import fill

from .arcade import Arcade

expect.set_options(timeout=15_000)

SOLO_HEADINGS = [
    "#",
    "player",
    "games played",
    "wins",
    "win rate",
    "best winning streak",
    "current streak",
    "best game (royals killed)",
]


def test_a_solitaire_leaderboard_shows_win_rates_streaks_and_bests(
    page: Page, arcade: Arcade
) -> None:
    store = Store(sqlite_url(arcade.data_dir / "server.sqlite3"))
    fill(store, "-page")
    store.close()
    page.goto("/leaderboard/matrix-overload")
    board = page.locator(".leaderboard")
    expect(board).to_have_attribute("data-board", "solitaire")
    assert board.locator("th").all_inner_texts() == SOLO_HEADINGS
    rows = {
        cells[1]: cells[2:]
        for cells in (r.locator("td").all_inner_texts() for r in board.locator("tbody tr").all())
    }
    mine = [name for name in rows if name.endswith("-page")]
    # Enough ranked games: by win rate (bo 80 %, ada 50 %, di 0 %); cy won 2 of 2, too few.
    assert mine == ["bo-page", "ada-page", "di-page", "cy-page", "eve-page"]
    assert rows["bo-page"] == ["6", "4", "80%", "2", "2 wins", "12"]
    assert rows["ada-page"] == ["6", "3", "50%", "2", "1 loss", "12"]
    assert rows["di-page"] == ["6", "0", "0%", "0", "5 losses", "8"]
    assert rows["eve-page"] == ["1", "0", "0%", "0", "1 loss", "–"]
    expect(board).to_contain_text("at least 5 ranked games are ranked by win rate")
    expect(board).not_to_contain_text("1500")


def test_a_two_player_game_keeps_its_rating_board(page: Page) -> None:
    page.goto("/leaderboard/cipher-run")
    board = page.locator(".leaderboard")
    expect(board).to_have_attribute("data-board", "rating")
    expect(board).to_contain_text("Ratings start at 1500")
