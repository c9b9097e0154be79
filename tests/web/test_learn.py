"""Learn to play in the browser: each tutorial played to its win from the home page's Learn
button, taking the suggested moves, with the step's part of the table marked; a wrong move gets a
word and the step waits; every table links its rules (? then r) and its lesson."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from cyberdeck.engine import games
from cyberdeck.engine.tutorial import length, load_script

from .drive import start_game

SCRIPTED = [g.id for g in games() if load_script(g) is not None]


def step_of(page: Page) -> str:
    return page.locator(".learn-page").get_attribute("data-step") or ""


@pytest.mark.parametrize("game_id", SCRIPTED)
def test_the_lesson_is_played_to_its_win_from_the_learn_button(page: Page, game_id: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto("/")
    page.locator(f'[data-game="{game_id}"]').get_by_role("link", name="Learn").click()
    expect(page.locator(".learn-page")).to_have_attribute("data-step", "1")
    assert page.url.endswith(f"/learn/{game_id}")
    total = int(page.locator(".learn-page").get_attribute("data-total") or "0")
    heading_text = page.locator(".lesson-step h2").text_content() or ""
    steps = int(re.search(r"of (\d+)", heading_text).group(1))
    headings = set()
    clicks = 0
    while step_of(page) != "done":
        number = step_of(page)
        heading = page.locator(".lesson-step h2")
        expect(heading).to_have_text(re.compile(rf"^Step \d+ of {steps}(, move \d+ of \d+)?$"))
        headings.add((heading.text_content() or "").split(",")[0])
        # The part of the table the step talks about is marked, and so is the suggested move.
        assert page.locator("#board .lesson-mark").count() > 0, f"step {number} marks nothing"
        expect(page.locator(".move.lesson-suggest")).to_have_count(1)
        page.locator("button.lesson-play").click()
        clicks += 1
        expect(page.locator(".learn-page")).not_to_have_attribute("data-step", number)
    # The lesson clicks as a table does: the table's answers and gestures take none of its own.
    game = next(g for g in games() if g.id == game_id)
    script = load_script(game)
    assert script is not None and clicks == length(game, script).clicks <= total
    # Each of the learner's steps was on screen.
    assert headings == {f"Step {n} of {steps}" for n in range(1, steps + 1)}
    expect(page.locator(".learn-page")).to_have_attribute("data-step", "done")
    expect(page.locator(".lesson-done")).to_have_text("You won")
    expect(page.get_by_role("link", name="Play for real")).to_have_attribute("href", "/")
    assert errors == []


def test_a_wrong_move_gets_a_word_and_an_illegal_one_the_game_error(page: Page) -> None:
    page.goto("/learn/matrix-overload")
    page.get_by_role("button", name="Start over").click()
    expect(page.locator(".learn-page")).to_have_attribute("data-step", "1")
    suggested = page.locator("button.lesson-play").get_attribute("data-action")
    wrong = page.locator(f'.move:not([data-action="{suggested}"])').first
    wrong.click()
    expect(page.locator(".lesson-word")).to_contain_text("taken back")
    expect(page.locator(".learn-page")).to_have_attribute("data-step", "1")
    page.locator("button.lesson-play").click()
    expect(page.locator(".learn-page")).to_have_attribute("data-step", "2")
    expect(page.locator(".lesson-word")).to_have_count(0)
    # The step's rules link opens the rules page at the step's heading.
    link = page.locator("a.lesson-section")
    expect(link).to_have_attribute("href", "/rules/matrix-overload#your-turn")
    page.goto("/rules/matrix-overload#your-turn")
    expect(page.locator("h2.rules-here")).to_have_text("Your turn")


@pytest.mark.parametrize(
    ("game_id", "section"),
    [
        ("matrix-overload", "your-turn"),
        ("cyberpunk-ccg", "setting-up"),
        ("hack-me", "getting-ready"),
        ("cipher-run", "setting-up"),
        ("cypher", "your-turn"),
    ],
)
def test_every_table_links_its_rules_and_its_lesson(page: Page, game_id: str, section: str) -> None:
    start_game(page, game_id, "ai")
    rules = page.locator(".table-head a.rules-link")
    expect(rules).to_have_attribute("href", f"/rules/{game_id}#{section}")
    expect(page.locator(".table-head a.learn-link")).to_have_attribute("href", f"/learn/{game_id}")
    with page.context.expect_page() as opened:
        page.keyboard.press("?")
        page.keyboard.press("r")
    rules_page = opened.value
    rules_page.wait_for_load_state()
    assert rules_page.url.endswith(f"/rules/{game_id}#{section}")
    expect(rules_page.locator(".rules-here")).to_have_count(1)


def test_the_lesson_takes_a_move_by_its_number_typed(page: Page) -> None:
    page.goto("/learn/matrix-overload")
    page.get_by_role("button", name="Start over").click()
    lesson = page.locator(".learn-page")
    expect(lesson).to_have_attribute("data-step", "1")
    # The lesson is fresh once its moves take clicks again (they are disabled while it loads).
    expect(page.locator(".move-list button.move").first).to_be_enabled()
    count = page.locator(".move-list button.move").count()
    page.keyboard.type(str(count + 1))
    expect(page.locator(".flash")).to_have_text(f"There is no move {count + 1}.")
    expect(lesson).to_have_attribute("data-step", "1")
    page.keyboard.type(page.locator("button.lesson-play kbd").text_content() or "")
    expect(lesson).to_have_attribute("data-step", "2")


def test_a_highlight_of_one_side_marks_that_sides_part_only(page: Page) -> None:
    # Cipher Run's Overclock step names the tutor's vault 1 ("tutor:vault1"): the tutor's node
    # there is marked, not the learner's beside it, nor the whole vault.
    page.goto("/learn/cipher-run")
    page.get_by_role("button", name="Start over").click()
    lesson = page.locator(".learn-page")
    for number in range(1, 6):
        expect(lesson).to_have_attribute("data-step", str(number))
        page.locator("button.lesson-play").click()
    expect(lesson).to_have_attribute("data-step", "6")
    expect(page.locator("button.lesson-play")).to_have_attribute(
        "data-action", "deploy KS vault1 opp 3"
    )
    expect(page.locator('[data-node="vault1 opp"]')).to_have_class(re.compile("lesson-mark"))
    expect(page.locator('[data-node="vault1 own"]')).not_to_have_class(re.compile("lesson-mark"))
    expect(page.locator('[data-vault="vault1"]')).not_to_have_class(re.compile("lesson-mark"))
