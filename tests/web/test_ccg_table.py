"""Cyberpunk CCG in the browser as a person plays it: the proposed payment in one click, the
stops kept with the account, the table passing for the player in the log, every card readable."""

from __future__ import annotations

import re

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


def _ask_every_payment(page: Page, arcade: Arcade) -> None:
    """Turn the 'no real choice' stops on: every payment is then the player's, shown with the
    table's proposal, whatever the deal the server's seed makes."""
    url = f"{arcade.base}/api/games/cyberpunk-ccg/stops"
    on = [s["key"] for s in page.request.get(url).json()["stops"] if s["on"]]
    put = page.request.put(url, data={"on": [*on, "forced:own", "forced:opp"]})
    assert put.ok, put.text()


def test_a_payment_is_one_click_and_names_each_source(page: Page, arcade: Arcade) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    start_game(page, "cyberpunk-ccg", mode="hotseat")
    _ask_every_payment(page, arcade)
    assert _until(page, "button.proposal-accept")
    expect(page.locator(".ccg-step")).to_contain_text("(sources: ")
    expect(page.locator(".move-list button.move", has_text=" EB").first).to_be_visible()
    before = settled(page)["seq"]
    page.locator("button.proposal-accept").click()
    after_move(page, before)
    # Paying may end the seat's part, and a hot-seat table covers itself for the next player.
    if page.locator('.table-page[data-covered="true"]').count():
        page.locator(".pass-screen button.primary").click()
    expect(page.locator(".log-list")).to_contain_text(re.compile(r"\b(pays|You pay) "))
    assert errors == []


def test_the_log_says_when_the_table_passed_for_the_player(page: Page, arcade: Arcade) -> None:
    start_game(page, "cyberpunk-ccg", mode="hotseat")
    assert _until(page, '.log-list li:has-text("The table answers for ")')


def test_the_table_pays_where_there_is_no_choice_and_says_so(page: Page, arcade: Arcade) -> None:
    # The first buy of a turn with only the sponsor to pay from (or an exact payment) is paid
    # by the table: a player's first turns always have one.
    start_game(page, "cyberpunk-ccg", mode="hotseat")
    note = (
        '.log-list li:has-text("(the only way to pay)"), '
        '.log-list li:has-text("(an exact payment)")'
    )
    assert _until(page, note)
    expect(page.locator(note).first).to_contain_text(" EB")
    expect(page.locator(".log-list")).to_contain_text(re.compile(r"\b(pays|You pay) "))


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
    # Events alone, questions with no real choice and the Open step are left to the table.
    for key in ("events:own", "forced:own", "forced:opp", "open:own"):
        expect(page.locator(f'.stops-panel input[data-stop="{key}"]')).not_to_be_checked()
    expect(page.locator(".stops-panel")).to_contain_text("Events and abilities only")
    expect(page.locator(".stops-panel")).to_contain_text("no real choice")
    box.check()
    expect(page.locator(".flash")).to_contain_text("Stops saved.")
    kept = page.request.get(f"{arcade.base}/api/games/cyberpunk-ccg/stops").json()
    assert {s["key"] for s in kept["stops"] if s["on"]} >= {"damage:own", "purchase:own"}
    page.locator(".stops-panel input.full-control").check()
    expect(page.locator('.stops-panel input[data-stop="hits:opp"]')).to_be_disabled()
    kept = page.request.get(f"{arcade.base}/api/games/cyberpunk-ccg/stops").json()
    assert kept["full_control"] is True


def _gesture_until(page: Page, found: str, limit: int = 300) -> bool:
    """The scripted person plays (one move at a time) until a gesture ``found`` (a selector
    inside the move panel's gestures) is offered; whether it was."""
    return _until(page, f".gesture-list {found}", limit)


def test_a_draw_plan_is_one_click_and_the_log_says_what_the_table_drew_from_it(
    page: Page, arcade: Arcade
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    start_game(page, "cyberpunk-ccg", level="easy")
    assert _gesture_until(page, 'button.gesture[data-actions^="draw "]')
    # The plans are beside the decks on the table too.
    expect(page.locator(".ccg-turn button.ccg-gesture").first).to_contain_text("Draw ")
    plan = page.locator('.gesture-list button.gesture[data-actions^="draw "]').last
    steps = (plan.get_attribute("data-actions") or "").split("; ")
    label = plan.text_content() or ""
    before = settled(page)["seq"]
    plan.click()
    after_move(page, before)
    assert settled(page)["seq"] >= before + len(steps) or status_done(page)
    expect(page.locator(".log-list")).to_contain_text(f"(from your gesture: {label})")
    assert errors == []


def test_a_purchase_is_bought_and_paid_with_one_click(page: Page, arcade: Arcade) -> None:
    start_game(page, "cyberpunk-ccg", level="easy")
    assert _gesture_until(page, 'button.gesture[data-actions^="buy "]')
    offer = page.locator('.gesture-list button.gesture[data-actions^="buy "]').first
    expect(offer).to_contain_text(", paying ")
    expect(offer).to_contain_text(" EB: ")
    before = settled(page)["seq"]
    offer.click()
    after_move(page, before)
    expect(page.locator(".log-list")).to_contain_text(re.compile(r"\b(pays|You pay) "))
    expect(page.locator(".log-list")).to_contain_text("(from your gesture: Buy ")


def status_done(page: Page) -> bool:
    return page.locator('.table-page[data-status="finished"]').count() > 0


def test_the_hand_shows_what_a_card_costs_you(page: Page, arcade: Arcade) -> None:
    """N.C.P.D. (the default sponsor) pays 2 less for a government card, at least 1: the tile's
    corner says the price paid, and the printed cost stands beside it."""
    start_game(page, "cyberpunk-ccg", level="easy")
    tile = ".ccg-hand .kit-card:has-text('government')"
    assert _until(page, tile)
    card = page.locator(tile).first
    printed = re.search(r"printed (\d+) EB, faction discount", card.inner_text())
    assert printed is not None, card.inner_text()
    corner = int(card.locator(".kit-card-corner").inner_text().removesuffix(" EB"))
    assert corner == max(1, int(printed.group(1)) - 2)


def test_the_tables_passes_in_a_row_are_one_line_of_the_log(page: Page, arcade: Arcade) -> None:
    start_game(page, "cyberpunk-ccg", mode="hotseat")
    assert _until(page, '.log-list li:has-text("The table passes for ")')
    lines = page.locator(".log-list li").all_inner_texts()
    single = [
        n for n, line in enumerate(lines) if line.startswith("The table answers for you: pass")
    ]
    assert not any(n + 1 in single for n in single), lines
