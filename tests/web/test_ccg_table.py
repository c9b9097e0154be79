"""Cyberpunk CCG in the browser as a person plays it: the proposed payment in one click, the
stops kept with the account, the table passing for the player in the log, every card readable."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .arcade import Arcade
from .ccg_person import choose
from .drive import after_move, settled, start_game


def _until(page: Page, found: str, limit: int = 300) -> bool:
    """The scripted person plays until ``found`` (a selector) shows; whether it did. At a
    hot-seat table (no AI to wait for) it plays both seats, lifting the cover between them."""
    draws = 0
    for _ in range(limit):
        ready = settled(page)
        if ready["status"] == "finished":
            return False
        if page.locator('.table-page[data-covered="true"]').count():
            page.locator(".pass-screen button.primary").click()
            continue
        if page.locator(found).count():
            return True
        action = choose(
            [a for a in ready["moves"] if not a.startswith("pay ")] or ready["moves"], draws
        )
        draws += action.startswith("draw ")
        page.locator(f'.move-list button.move[data-action="{action}"]').first.click()
        after_move(page, ready["seq"])
    return False


def test_a_payment_is_one_click_and_names_each_source(page: Page, arcade: Arcade) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    start_game(page, "cyberpunk-ccg", mode="hotseat")
    assert _until(page, "button.proposal-accept")
    expect(page.locator(".ccg-step")).to_contain_text("(sources: ")
    expect(page.locator(".move-list button.move", has_text=" EB").first).to_be_visible()
    before = settled(page)["seq"]
    page.locator("button.proposal-accept").click()
    after_move(page, before)
    # Paying may end the seat's part, and a hot-seat table covers itself for the next player.
    if page.locator('.table-page[data-covered="true"]').count():
        page.locator(".pass-screen button.primary").click()
    expect(page.locator(".log-list")).to_contain_text(" pays ")
    assert errors == []


def test_the_log_says_when_the_table_passed_for_the_player(page: Page, arcade: Arcade) -> None:
    start_game(page, "cyberpunk-ccg", mode="hotseat")
    assert _until(page, '.log-list li:has-text("The table answers for player")')


def test_pointing_at_a_card_shows_it_whole(page: Page, arcade: Arcade) -> None:
    start_game(page, "cyberpunk-ccg", level="easy")
    assert _until(page, ".ccg-hand [data-card]")
    card = page.locator(".ccg-hand [data-card]").first
    card.hover()
    expect(page.locator(".ccg-preview .ccg-preview-name")).to_be_visible()
    expect(page.locator(".ccg-preview")).to_contain_text("Cost ")
    page.locator(".ccg-side [data-card]").first.focus()
    expect(page.locator(".ccg-preview .ccg-preview-name")).to_be_visible()


def test_the_hand_is_in_sight_at_1280_by_800(page: Page, arcade: Arcade) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    start_game(page, "cyberpunk-ccg", level="easy")
    assert _until(page, ".ccg-hand [data-card]")
    box = page.locator(".ccg-hand-zone").bounding_box()
    assert box is not None and box["y"] + 40 < 800


def test_stops_are_set_in_the_page_and_kept(page: Page, arcade: Arcade) -> None:
    start_game(page, "cyberpunk-ccg", level="easy")
    page.locator(".stops-panel summary").click()
    box = page.locator('.stops-panel input[data-stop="damage:own"]')
    expect(box).not_to_be_checked()
    box.check()
    expect(page.locator(".flash")).to_contain_text("Stops saved.")
    kept = page.request.get(f"{arcade.base}/api/games/cyberpunk-ccg/stops").json()
    assert {s["key"] for s in kept["stops"] if s["on"]} >= {"damage:own", "purchase:own"}
    page.locator(".stops-panel input.full-control").check()
    expect(page.locator('.stops-panel input[data-stop="hits:opp"]')).to_be_disabled()
    kept = page.request.get(f"{arcade.base}/api/games/cyberpunk-ccg/stops").json()
    assert kept["full_control"] is True
