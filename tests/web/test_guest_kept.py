"""A guest who signs up keeps their games: the account page says it will, and says it did."""

from __future__ import annotations

import secrets

from playwright.sync_api import Page, expect

from .drive import TABLE, start_game

expect.set_options(timeout=15_000)


def test_a_guest_who_signs_up_keeps_their_game_and_is_told(page: Page) -> None:
    match_id = start_game(page, "matrix-overload")
    page.wait_for_selector(f"{TABLE}[data-seq]")
    page.goto("/account")
    expect(page.locator(".account-page")).to_contain_text("keeps this guest's games")
    name = f"keeper-{secrets.token_hex(3)}"
    form = page.locator("form.auth-form.signup")
    form.locator('input[name="name"]').fill(name)
    form.locator('input[name="password"]').fill("correct horse battery")
    form.locator("button[type=submit]").click()
    flash = page.locator(".account-page .flash")
    expect(flash).to_contain_text(f"Signed in as {name}.")
    expect(flash).to_contain_text("1 game, your saved decks and your statistics")
    mine = page.evaluate("() => fetch('/api/me/matches').then((r) => r.json())")
    assert [m["id"] for m in mine] == [match_id]
