"""The tournaments' pages: a person makes one with the form, enters it, starts it against an AI
entrant, finds the round's table with its link, and drops; the standings say so."""

from __future__ import annotations

from playwright.sync_api import Page, expect

expect.set_options(timeout=15_000)

PASSWORD = "correct horse battery"


def test_make_enter_start_and_drop_from_the_tournament_pages(page: Page) -> None:
    page.goto("/")
    page.request.post("/api/auth/guest")
    made = page.request.post("/api/auth/signup", data={"name": "web-swiss", "password": PASSWORD})
    assert made.ok, made.text()
    page.goto("/tournaments")
    form = page.locator("form.tournament-form")
    form.get_by_label("Name").fill("Web Swiss")
    form.get_by_label("Game").select_option("cipher-run")
    form.get_by_label("Rounds").fill("2")
    form.get_by_label("AI entrants").check()
    form.get_by_role("button", name="Make it").click()
    heading = page.locator(".tournament h1")
    expect(heading).to_have_text("Web Swiss")
    tournament_id = page.url.rsplit("/", 1)[1]
    page.get_by_role("button", name="Enter").click()
    expect(page.locator(".tournament tbody tr")).to_have_count(1)
    entered = page.request.post(f"/api/tournaments/{tournament_id}/ai", data={"level": "random"})
    assert entered.ok, entered.text()
    page.get_by_role("button", name="Start now").click()
    round_one = page.locator(".round", has=page.get_by_role("heading", name="Round 1"))
    expect(round_one.locator("tbody tr")).to_have_count(1)
    link = round_one.locator("a").first
    expect(link).to_have_attribute("href", f"/watch/{tournament_id}.1.1")
    expect(page.locator(".tournament")).to_contain_text("Random AI")
    page.get_by_role("button", name="Drop").click()
    expect(page.locator(".tournament")).to_contain_text("web-swiss (dropped after round 1)")
    page.goto("/tournaments")
    expect(page.get_by_role("link", name="Web Swiss")).to_be_visible()
