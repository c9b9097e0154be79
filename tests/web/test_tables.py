"""A complete game of Hack-Me, Cypher and Cyberpunk CCG against the easy AI through each game's
table: its cards, piles and choices are clicked and move numbers typed until the end screen gives
the reason the game ended (the one the server recorded)."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page, expect

from .arcade import Arcade
from .autoplay import play_to_the_end
from .drive import my_seat, shown, start_game

# A loaded machine (two cores shared with everything else) can take longer than the default 5 s.
expect.set_options(timeout=15_000)

#: Game, the table's own element, options chosen on the home page (Cyberpunk CCG: the starter
#: deck whose games against the easy AI are shortest).
GAMES = [
    ("hack-me", ".hm-table", {}),
    ("cypher", ".cy-table", {}),
    ("cyberpunk-ccg", ".ccg-table", {"sponsor": "friendly-gangs"}),
]


@pytest.mark.parametrize(("game", "table", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_against_the_ai_through_the_table(
    page: Page, arcade: Arcade, game: str, table: str, options: dict[str, str]
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    match_id = start_game(page, game, level="easy", options=options)
    expect(page.locator(f".board {table}")).to_be_visible()

    done = play_to_the_end(page)

    assert done["status"] == "finished", done
    assert done["clicks"] > 0 and done["keys"] > 0, done
    summary = httpx.get(f"{arcade.base}/api/matches/{match_id}").json()
    reason = shown(summary["outcome"]["reason"], summary, my_seat(page))
    expect(page.locator(".end-screen .reason")).to_have_text(reason)
    expect(page.locator(f".board {table}")).to_be_visible()  # the final table stays drawn
    assert errors == []
