"""The tournaments' pages: a person makes one with the form, enters it, starts it against an AI
entrant, finds the round's table with its link, and drops; the standings say so."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .test_accessibility import severe

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


def test_a_tournament_page_follows_its_top_cut_live_and_shows_the_bracket_when_finished(
    page: Page,
) -> None:
    page.goto("/")
    page.request.post("/api/auth/guest")
    made = page.request.post("/api/auth/signup", data={"name": "web-cut", "password": PASSWORD})
    assert made.ok, made.text()
    created = page.request.post(
        "/api/tournaments",
        data={
            "name": "Web Top Four",
            "game": "cipher-run",
            "rounds": 1,
            "cut": 4,
            "clock": {"kind": "real-time", "minutes": 10, "increment": 5},
            "allow_ai": True,
        },
    )
    assert created.ok, created.text()
    tournament_id = created.json()["id"]
    stream = f"/api/tournaments/{tournament_id}/live"
    with page.expect_response(lambda r: r.url.endswith(stream)) as live:
        page.goto(f"/tournaments/{tournament_id}")
    assert live.value.status == 200
    assert live.value.headers["content-type"].startswith("text/event-stream")
    expect(page.locator(".tournament h1")).to_have_text("Web Top Four")
    expect(page.locator(".tournament")).to_contain_text("then a top 4")
    # The page is told of each entry, the start, every table's end and the cut: no reload.
    for _ in range(4):
        entered = page.request.post(
            f"/api/tournaments/{tournament_id}/ai", data={"level": "random"}
        )
        assert entered.ok, entered.text()
    expect(page.locator(".tournament tbody tr")).to_have_count(4)
    expect(page.locator(".tournament")).to_contain_text("Random AI 4")  # told apart
    started = page.request.post(f"/api/tournaments/{tournament_id}/start")
    assert started.ok, started.text()
    placings = page.locator(".placings tbody tr")
    expect(placings).to_have_count(4, timeout=180_000)

    # A finished tournament, opened afresh on a phone: the bracket, its two rounds, one player
    # going on from each game, and the champion first in the final placing.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/tournaments/{tournament_id}")
    bracket = page.get_by_role("region", name="Top 4 bracket")
    expect(bracket.get_by_role("heading", name="Top 4")).to_be_visible()
    rounds = bracket.locator(".bracket-round")
    expect(rounds).to_have_count(2)
    expect(rounds.locator("h3")).to_have_text(["Semi-finals", "Final"])
    expect(rounds.nth(0).locator(".game")).to_have_count(2)
    expect(bracket.locator(".seat[data-advances=true]")).to_have_count(3)
    champion = rounds.nth(1).locator(".seat[data-advances=true] .who").inner_text()
    expect(placings.first).to_contain_text(champion)
    expect(placings.first).to_contain_text("champion")
    expect(rounds.nth(1).get_by_role("link", name="Replay")).to_have_attribute(
        "href", f"/replay/{tournament_id}.3.1"
    )
    inside = page.evaluate(
        "() => document.querySelector('.bracket').getBoundingClientRect().right <= window.innerWidth"
    )
    assert inside, "the bracket spills off a phone's screen"
    # The standings and rounds are wider than a phone: each scrolls in its own box, and the
    # page itself never scrolls sideways.
    wide = page.evaluate(
        """() => [...document.querySelectorAll('.tournament table')].map((t) =>
             t.closest('.table-scroll').getBoundingClientRect().right <= window.innerWidth)"""
    )
    assert wide and all(wide), "a tournament table spills off a phone's screen"
    assert page.evaluate("() => document.querySelector('main').scrollWidth <= window.innerWidth")
    assert severe(Axe(), page, "a finished tournament's bracket on a phone") == []


def test_the_form_makes_a_tournament_of_a_list_of_decks_and_an_entrant_picks_one(
    page: Page,
) -> None:
    page.goto("/")
    page.request.post("/api/auth/guest")
    made = page.request.post("/api/auth/signup", data={"name": "web-list", "password": PASSWORD})
    assert made.ok, made.text()
    page.goto("/tournaments")
    form = page.locator("form.tournament-form")
    form.get_by_label("Name").fill("Web List")
    form.get_by_label("Game").select_option("cyberpunk-ccg")
    form.get_by_label("Deck rule").select_option("list")
    choices = form.locator(".deck-choices input[type=checkbox]")
    expect(choices.first).to_be_checked()
    names = form.locator(".deck-choices label").all_inner_texts()
    assert len(names) >= 2
    assert severe(Axe(), page, "the tournament form with a list of decks") == []
    form.get_by_label("Top cut").select_option("2")
    form.get_by_role("button", name="Make it").click()
    expect(page.locator(".tournament h1")).to_have_text("Web List")
    expect(page.locator(".tournament")).to_contain_text("then a top 2")
    expect(page.locator(".tournament")).to_contain_text(f"Decks to pick from: {names[0].strip()}")
    page.get_by_label("Your deck").select_option(names[1].strip())
    page.get_by_role("button", name="Enter").click()
    expect(page.locator(".tournament")).to_contain_text(f"yours: {names[1].strip()}")


def test_an_entrant_brings_a_deck_of_their_own_from_the_page(page: Page) -> None:
    page.goto("/")
    page.request.post("/api/auth/guest")
    made = page.request.post("/api/auth/signup", data={"name": "web-own", "password": PASSWORD})
    assert made.ok, made.text()
    created = page.request.post(
        "/api/tournaments",
        data={
            "name": "Web Own Decks",
            "game": "cyberpunk-ccg",
            "decks": "any",
            "clock": {"kind": "real-time", "minutes": 10, "increment": 5},
        },
    )
    assert created.ok, created.text()
    page.goto(f"/tournaments/{created.json()['id']}")
    expect(page.locator(".tournament")).to_contain_text("any legal deck of your own")
    page.get_by_label("Your deck").select_option(index=1)
    page.get_by_role("button", name="Enter").click()
    expect(page.locator(".tournament tbody tr")).to_have_count(1)
    expect(page.locator(".tournament")).to_contain_text("web-own")
