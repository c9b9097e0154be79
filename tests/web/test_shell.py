"""The arcade's shell: the home page, rules, accounts, the leaderboard, hot-seat play with the
table covered between seats, and the replay viewer's step controls."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Page, expect

from .arcade import Arcade
from .drive import after_move, open_more, settled, start_game


def test_the_home_page_lists_every_game_with_its_pitch_and_rules(page: Page) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto("/")
    expect(page.locator("article.game-card")).to_have_count(5)
    expect(page.locator('[data-game="matrix-overload"] .pitch')).to_contain_text("3×3 matrix")
    for game in ("cipher-run", "hack-me", "cypher", "cyberpunk-ccg"):
        card = page.locator(f'[data-game="{game}"]')
        expect(card.locator("button.play-ai")).to_be_visible()
        open_more(card)
        expect(card.locator("button.play-hotseat")).to_be_visible()
        expect(card.locator("button.play-online")).to_be_visible()
    page.locator('[data-game="cipher-run"]').get_by_role("link", name="Rules").click()
    expect(page.locator(".rules-text h1")).to_contain_text("Cipher Run")
    assert page.url.endswith("/rules/cipher-run")
    page.go_back()
    expect(page.locator("article.game-card")).to_have_count(5)
    assert errors == []


def submit(page: Page, form: str, name: str, password: str) -> None:
    """Fill one of the account page's forms and send it."""
    fields = page.locator(f"form.{form}")
    fields.get_by_label("Name").fill(name)
    fields.get_by_label("Password").fill(password)
    fields.get_by_role("button").click()


def test_sign_up_sign_out_and_sign_in(page: Page) -> None:
    page.goto("/account")
    submit(page, "signup", "neon_runner", "short")
    expect(page.locator(".account-page .flash")).to_contain_text("8 to 200 characters")
    submit(page, "signup", "neon_runner", "a long enough secret")
    expect(page.locator("#account .who")).to_have_text("neon_runner")
    page.get_by_role("button", name="Sign out").click()
    expect(page.locator("#account")).to_contain_text("Sign in")
    page.goto("/account")
    submit(page, "signin", "neon_runner", "a wrong secret")
    expect(page.locator(".account-page .flash")).to_contain_text("do not match")
    submit(page, "signin", "neon_runner", "a long enough secret")
    expect(page.locator("#account .who")).to_have_text("neon_runner")


def test_hot_seat_covers_the_table_between_the_seats(page: Page) -> None:
    start_game(page, "cipher-run", mode="hotseat")
    expect(page.locator(".table-title")).to_contain_text("hot-seat")
    table = page.locator(".table-page")
    covers: list[str] = []
    for _ in range(20):
        ready = settled(page)
        assert ready["status"] == "running"
        if table.get_attribute("data-covered") == "true":
            # Covered: no hand and no moves on the page until the next player is ready.
            cover = page.locator(".pass-screen")
            assert page.locator("[data-hand]").count() == 0
            assert page.locator(".move-list button.move").count() == 0
            assert page.locator(".log-list li").count() == 0  # a seat's draws are its own
            seat = table.get_attribute("data-seat") or ""
            expect(cover.locator("h2")).to_have_text(f"Pass to Player {int(seat) + 1}")
            cover.get_by_role("button").click()
            expect(page.locator(".cr-hand [data-hand]")).not_to_have_count(0)
            covers.append(seat)
            # The log shows the public events and this seat's own, never the other seat's.
            lines = page.locator(".log-list li")
            assert set(lines.evaluate_all("ls => ls.map(l => l.dataset.seats)")) <= {"all", seat}
            if len(covers) == 3:
                # Back at the seat that seeded first: its three seeds are in its log, the last
                # one too, though it came in the update that already showed the other seat.
                own = page.locator(f'.log-list li[data-seats="{seat}"]', has_text="You seed")
                expect(own).to_have_count(3)
                break
            continue
        # The same seat moving again (seeding, say) is not covered: nobody else is to look.
        page.locator(".move-list button.move").first.click()
        after_move(page, ready["seq"])
    assert len(covers) == 3 and set(covers) == {"0", "1"}
    assert covers[0] != covers[1] and covers[1] != covers[2]


def test_the_replay_viewer_steps_through_a_finished_game(page: Page) -> None:
    start_game(page, "matrix-overload")
    for _ in range(3):
        ready = settled(page)
        page.locator(".move-list button.move").first.click()
        after_move(page, ready["seq"])
    settled(page)
    page.on("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Resign").click()
    expect(page.locator(".end-screen .reason")).to_contain_text("resigned")
    page.get_by_role("link", name="Watch the replay").click()
    counter = page.locator(".step-counter")
    # Three moves of the player's, and any lone question the table answered (a royal's slot).
    expect(counter).to_have_text(re.compile(r"Step 0 of \d+"))
    steps = int(counter.inner_text().rsplit(" ", 1)[1])
    assert steps >= 3
    expect(page.get_by_role("button", name="◀ Previous")).to_be_disabled()
    start = page.locator(".mo-matrix").inner_text()
    page.get_by_role("button", name="Next ▶").click()
    expect(counter).to_contain_text(f"Step 1 of {steps}")
    assert page.locator(".mo-matrix").inner_text() != start
    page.keyboard.press("End")
    expect(counter).to_contain_text(f"Step {steps} of {steps}")
    expect(page.locator(".end-screen .reason")).to_contain_text("resigned")
    expect(page.get_by_role("button", name="Next ▶")).to_be_disabled()
    page.keyboard.press("ArrowLeft")
    expect(counter).to_contain_text(f"Step {steps - 1} of {steps}")
    page.get_by_role("button", name="« First").click()
    expect(counter).to_have_text(f"Step 0 of {steps}")
    assert page.locator(".mo-matrix").inner_text() == start
    page.locator("select.replay-seat").select_option("0")
    expect(page).to_have_url(re.compile(r"seat=0"))
    # A guest plays unranked: the solitaire's leaderboard does not list them.
    guest = page.request.get("/api/auth/me").json()["name"]
    page.goto("/leaderboard/matrix-overload")
    board = page.locator(".leaderboard")
    expect(board).to_have_attribute("data-board", "solitaire")
    expect(board).not_to_contain_text(guest)


def test_a_dropped_connection_comes_back_and_a_move_made_meanwhile_is_played_once(
    page: Page, arcade: Arcade
) -> None:
    match_id = start_game(page, "matrix-overload")
    # Every move the player's own: a lone question the table answered after the move would
    # count as a second move (the deal is the server's, so such a question may come or not).
    stops = page.request.put(
        f"{arcade.base}/api/games/matrix-overload/stops", data={"on": [], "single": False}
    )
    assert stops.ok, stops.text()
    ready = settled(page)
    page.locator(".move-list button.move").first.click()
    after_move(page, ready["seq"])
    ready = settled(page)
    arcade.kill9()
    expect(page.locator(".link-status")).to_have_attribute("data-link", "closed")
    # A move chosen while the server is away waits for the connection, then goes once.
    page.locator(".move-list button.move").first.click()
    arcade.start()
    expect(page.locator(".link-status")).to_have_attribute("data-link", "open", timeout=30_000)
    after_move(page, ready["seq"])
    expect(page.locator(".table-page")).to_have_attribute("data-seq", str(ready["seq"] + 1))
    summary = httpx.get(f"{arcade.base}/api/matches/{match_id}").json()
    assert summary["moves"] == ready["seq"] + 1 and summary["status"] == "running"
