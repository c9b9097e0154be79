"""A Cypher campaign in the browser: ticked on the home page, one game played to its end against
the easy AI, the series score on the end screen (still there after a reload), and the "Next game"
step to game 2 with the winner starting."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page, expect

from .arcade import Arcade
from .autoplay import play_to_the_end
from .drive import TABLE, start_game

expect.set_options(timeout=15_000)


def test_a_campaign_game_ends_with_the_series_score_and_a_next_game(
    page: Page, arcade: Arcade
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    match_id = start_game(page, "cypher", level="easy", campaign=True)
    expect(page.locator(".table-title")).to_contain_text("campaign game 1")
    assert play_to_the_end(page)["status"] == "finished"

    first = httpx.get(f"{arcade.base}/api/matches/{match_id}").json()
    winner = first["outcome"]["winners"][0]
    score = page.locator(".end-screen .series-score li")
    expect(score).to_have_count(2)
    expect(score.nth(winner)).to_contain_text("1 point")
    expect(page.locator(".end-screen .series h3")).to_contain_text("first to 4 points")
    expect(page.locator(".end-screen button", has_text="Play again")).to_have_count(0)

    page.reload()
    expect(page.locator(".end-screen .series-score li").nth(winner)).to_contain_text("1 point")

    page.locator(".end-screen button.next-game").click()
    page.wait_for_function(f"() => !location.pathname.endsWith('{match_id}')")
    page.wait_for_selector(f"{TABLE}[data-seq]")
    expect(page.locator(".table-title")).to_contain_text("campaign game 2")
    second_id = page.url.split("/play/")[1].split("?")[0]
    second = httpx.get(f"{arcade.base}/api/matches/{second_id}").json()
    assert second["series"] == first["series"] and second["series_game"] == 2
    series = httpx.get(f"{arcade.base}/api/series/{first['series']}").json()
    assert series["starter"] == winner and [g["match"] for g in series["games"]] == [
        match_id,
        second_id,
    ]
    assert errors == []
