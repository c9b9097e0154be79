"""MATR1X 0VERL0AD in the browser: a whole game by clicking the matrix, a whole game by keyboard
alone, undo, looking into a pile, and the player's statistics."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page, expect

from .arcade import Arcade
from .drive import after_move, moves, play_out, seq, settled, shown, start_game


def click_a_pile(page: Page, listed: list[str]) -> None:
    """Place the card by clicking the table: the first pile or slot that takes it (a real mouse
    click; ``force`` only skips Playwright's wait for two still frames, slow on a busy machine)."""
    page.locator(".mo-matrix .playable").first.click(force=True)


def cookie_client(page: Page, arcade: Arcade) -> httpx.Client:
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    return httpx.Client(base_url=arcade.base, cookies=cookies)


def test_a_whole_game_by_clicking_the_matrix(page: Page, arcade: Arcade) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    match_id = start_game(page, "matrix-overload")
    expect(page.locator(".mo-hand .card")).to_have_count(1)
    made = play_out(page, click_a_pile)
    assert made > 20
    reason = page.locator(".end-screen .reason").inner_text()
    with cookie_client(page, arcade) as http:
        summary = http.get(f"/api/matches/{match_id}").json()
        stats = http.get("/api/me/stats/matrix-overload").json()
    assert summary["status"] == "finished" and reason == shown(
        summary["outcome"]["reason"], summary, 0
    )
    expect(page.locator(".end-screen h2")).to_have_text(
        "You won" if summary["outcome"]["returns"][0] > 0 else "You lost"
    )
    # The player's record counts the game, and the table shows it.
    assert stats["games"] == 1
    expect(page.locator('.stats [data-stat="games"]')).to_have_text("1")
    page.goto("/")
    record = page.locator('[data-stats-for="matrix-overload"]')
    expect(record.locator('[data-stat="games"]')).to_have_text("1")
    expect(record.locator('[data-stat="lost"]')).to_have_text(str(stats["lost"]))
    assert errors == []


def test_a_whole_game_by_keyboard_alone_with_undo_and_a_look(page: Page) -> None:
    start_game(page, "matrix-overload")
    keys = page.keyboard
    page.locator("main").focus()
    # The shortcuts overlay opens and closes from the keyboard.
    keys.press("?")
    expect(page.get_by_role("dialog", name="Keyboard shortcuts")).to_be_visible()
    keys.press("Escape")
    expect(page.get_by_role("dialog", name="Keyboard shortcuts")).to_have_count(0)

    before = settled(page)["seq"]  # the table may have placed a lone royal already
    first_hand = page.locator(".mo-hand .card").get_attribute("aria-label")
    first_table = page.locator(".mo-matrix").inner_text()
    keys.press("1")
    after_move(page, before)
    played = settled(page)["seq"]
    # u takes the move back, with any lone question the table answered after it: the same
    # card in hand, the same matrix.
    keys.press("u")
    after_move(page, played)
    settled(page)
    expect(page.locator(".mo-hand .card")).to_have_attribute("aria-label", first_hand or "")
    assert page.locator(".mo-matrix").inner_text() == first_table

    # "/" opens the command line; "look a1" asks the server for every card of a pile.
    keys.press("/")
    expect(page.locator("#command")).to_be_focused()
    keys.type("look a1")
    keys.press("Enter")
    expect(page.locator(".look-out")).to_contain_text("Pile a1")
    keys.press("Escape")

    def by_number(page: Page, listed: list[str]) -> None:
        """Move 1 by its number: a lone digit plays when no longer number starts with it."""
        keys.press("1")
        if len(listed) >= 10:
            keys.press("Enter")

    play_out(page, by_number)
    expect(page.locator(".end-screen")).to_be_visible()


def test_looking_into_a_pile_by_clicking(page: Page) -> None:
    start_game(page, "matrix-overload")
    for _ in range(30):
        settled(page)
        if page.locator(".mo-peek").count():
            break
        before = seq(page)
        page.locator(".move-list button.move").last.click()
        after_move(page, before)
    peek = page.locator(".mo-peek").first
    # The look button sits beside its pile (a button inside a clickable pile would be nested).
    pile = peek.locator("xpath=preceding-sibling::*[@data-pile]").get_attribute("data-pile")
    peek.click()
    expect(page.locator(".mo-peek-out")).to_contain_text(f"Pile {pile}, bottom to top:")
    assert moves(page)  # looking is not a move


def test_a_hint_by_button_and_key_and_a_review_when_the_game_is_lost(page: Page) -> None:
    start_game(page, "matrix-overload")
    settled(page)
    page.locator(".table-buttons button.hint").click()
    expect(page.locator(".look-out")).to_contain_text("Hint: ", timeout=60_000)
    hinted = page.locator(".look-out").inner_text()
    labels = [page.locator(".move-list button.move").nth(i).inner_text() for i in range(
        page.locator(".move-list button.move").count())]  # fmt: skip
    assert any(hinted.removeprefix("Hint: ").rstrip(".") in label for label in labels)
    page.locator("main").focus()
    page.keyboard.press("h")  # the same position: the same hint, asked from the keyboard
    expect(page.locator(".look-out")).to_have_text(hinted, timeout=60_000)
    play_out(page, click_a_pile)
    if page.locator(".end-screen h2").inner_text() == "You lost":
        expect(page.locator(".end-screen .review")).to_contain_text(
            "How did I do: ", timeout=120_000
        )
    else:  # a deal won by the first placement every time has nothing to review
        expect(page.locator(".end-screen .review")).to_have_count(0)
