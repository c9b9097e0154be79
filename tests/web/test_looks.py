"""The arcade fits the screen it is on and looks like a game: each game's card has its picture and
one Play button on the first screen (desktop and phone); the CCG's whole table and hand fit a
1366x768 screen with card text of 13px or more; on a phone the moves are a sheet in reach without
scrolling; the last turn is shown in full on demand; sound is off until turned on; the About
page credits every icon's author."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, ViewportSize, expect

from cyberdeck.web import STATIC

from .drive import after_move, seq, settled, start_game
from .fit import HOME, TABLE, open_hand_card

DESKTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}


def test_every_game_has_its_picture_and_one_play_button_above_the_fold(page: Page) -> None:
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        page.goto("/")
        page.locator("article.game-card").first.wait_for()
        home = page.evaluate(HOME)
        assert home["cards_with_art"] == 5 and home["play_top"] < size["height"], (size, home)
        # Every game's Play, and each two-player game's Play now, on the first screen, none past
        # its right edge.
        assert home["plays"] == 9 and home["plays_bottom"] <= size["height"], (size, home)
        assert home["plays_right"] <= size["width"], (size, home)
        # The options and the other ways to play are behind "More", out of the way.
        expect(page.locator("article.game-card .play-hotseat").first).to_be_hidden()
    for card in page.locator("article.game-card").all():
        expect(card.locator("button.play-ai")).to_have_count(1)
    expect(page.locator("article.game-card").first.locator("button.play-ai")).to_be_in_viewport()


def test_the_ccg_table_and_hand_fit_a_laptop_screen_with_readable_cards(page: Page) -> None:
    page.set_viewport_size(DESKTOP)
    start_game(page, "cyberpunk-ccg")
    # Into the first purchase step: both sides' cards and a full hand on the table.
    while (
        not page.locator(".ccg-hand .kit-card").count()
        or page.locator(".ccg-row .kit-card").count() < 2
    ):
        before = settled(page)["seq"]
        page.locator(".moves-box button").first.click()
        after_move(page, before)
    settled(page)
    table = page.evaluate(TABLE)
    assert table["page_height"] <= DESKTOP["height"], table
    assert table["hand_bottom"] <= DESKTOP["height"] and table["min_card_text_px"] >= 13, table
    assert table["clipped_cards"] == 0 and table["first_move_visible"], table
    # A card opens large where it is pointed at.
    card = page.locator(".ccg-hand .kit-card").first
    before = card.bounding_box()
    card.hover()
    page.wait_for_function(
        "(w) => document.querySelector('.ccg-hand .kit-card').getBoundingClientRect().width > w * 1.3",
        arg=before["width"] if before else 0,
    )


def test_a_hand_card_opens_above_the_hand_without_hiding_a_neighbour(page: Page) -> None:
    """At 1366x768 a CCG hand card pointed at opens large above the hand: every other card's name
    stays readable and the open card is not cut by the screen's edge (the first card of a row too)."""
    page.set_viewport_size(DESKTOP)
    start_game(page, "cyberpunk-ccg")
    while page.locator(".ccg-hand .kit-card").count() < 4:
        before = settled(page)["seq"]
        page.locator(".moves-box button").first.click()
        after_move(page, before)
    settled(page)
    for i in range(page.locator(".ccg-hand .kit-card").count()):
        opened = open_hand_card(page, i)
        assert opened["covered"] == [] and opened["inside"], (i, opened)


def test_a_phones_moves_are_a_sheet_in_reach_without_scrolling(page: Page) -> None:
    page.set_viewport_size(PHONE)
    start_game(page, "hack-me")
    settled(page)
    assert page.evaluate("() => scrollY") == 0
    first = page.locator(".moves-box button").first
    expect(first).to_be_in_viewport()
    box = first.bounding_box()
    assert box and box["y"] + box["height"] <= PHONE["height"]
    # The sheet is over the table, which scrolls above it: a move is still one tap.
    before = seq(page)
    first.click()
    after_move(page, before)


def test_a_long_last_turn_is_shown_in_full_on_demand(page: Page) -> None:
    """A CCG turn is longer than the strip's three lines: a button says there is more and opens
    it (never cut off without a sign)."""
    page.set_viewport_size(DESKTOP)
    start_game(page, "cyberpunk-ccg")
    strip = page.locator(".last-turn")
    more = page.locator(".last-turn-more")
    for _ in range(30):
        settled(page)
        if more.is_visible():
            break
        before = seq(page)
        page.locator(".moves-box button").first.click()
        after_move(page, before)
    expect(more).to_be_visible()
    assert strip.evaluate("(p) => p.scrollHeight > p.clientHeight + 1")
    more.click()
    expect(more).to_have_attribute("aria-expanded", "true")
    assert strip.evaluate("(p) => p.scrollHeight <= p.clientHeight + 1")
    more.click()
    expect(more).to_have_attribute("aria-expanded", "false")


def test_sound_is_off_until_turned_on_and_then_plays_on_moves(page: Page) -> None:
    start_game(page, "hack-me")
    settled(page)
    toggle = page.locator(".sound-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".sound-volume")).to_be_hidden()
    count = "async () => (await import('/static/js/sound.js')).playedCount()"
    before = seq(page)
    page.locator(".move-list button.move").first.click()
    after_move(page, before)
    assert page.evaluate(count) == 0
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.locator(".sound-volume").fill("0.3")
    played = page.evaluate(count)
    settled(page)
    before = seq(page)
    page.locator(".move-list button.move").first.click()
    after_move(page, before)
    assert page.evaluate(count) > played
    page.reload()
    expect(page.locator(".sound-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".sound-volume")).to_have_value("0.3")


def test_the_about_page_credits_every_icon_the_arcade_serves(page: Page) -> None:
    credits = json.loads((Path(STATIC) / "icons" / "credits.json").read_text())
    served = {p.name for p in (Path(STATIC) / "icons").glob("*.svg")}
    assert {c["file"] for c in credits} == served
    page.goto("/")
    page.get_by_role("link", name="About the arcade and its art").click()
    rows = page.locator(".credits li")
    expect(rows).to_have_count(len(credits))
    for credit in credits:
        row = page.locator(f'.credits li[data-icon="{credit["icon"]}"]').first
        expect(row).to_contain_text(credit["author"])
        expect(row).to_contain_text("CC BY 3.0")
    icon = page.request.get("/static/icons/game-cyberpunk-ccg.svg")
    assert icon.ok and icon.text().startswith("<svg")


def test_the_page_preloads_exactly_the_modules_the_first_page_imports() -> None:
    """index.html asks for every module of the first page at once (``modulepreload``) instead of
    one import after another; a module added or dropped without it fails here."""
    js = Path(STATIC) / "js"
    seen: list[str] = []
    todo = ["app.js"]
    while todo:
        name = todo.pop(0)
        if name in seen:
            continue
        seen.append(name)
        text = (js / name).read_text()
        todo += re.findall(r'^import [^;]*? from "\./([^"]+)";', text, re.M)
    html = (Path(STATIC) / "index.html").read_text()
    preloaded = re.findall(r'<link rel="modulepreload" href="/static/js/([^"]+)">', html)
    assert sorted(preloaded) == sorted(seen[1:])
