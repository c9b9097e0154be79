"""The Lab page's card editor in the browser: a number typed wrong is refused beside its field
as it is typed, fixed, saved as a named set (the diff against the shipped set shown), a tiny
what-if runs to its result table, and a match with the set starts against the AI, its table
saying it is played with an edited card set."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

expect.set_options(timeout=30_000)


def test_edit_a_card_check_it_save_it_measure_it_and_play_it(page: Page) -> None:
    page.goto("/")
    page.locator("#account a", has_text="Lab").click()
    page.wait_for_url("**/lab")
    page.locator(".lab-games a", has_text="Cyberpunk CCG").click()
    page.wait_for_url("**/lab/cyberpunk-ccg")
    page.locator(".lab-search").fill("road warrior")
    warrior = page.locator('.lab-card[data-card="road-warrior"]')
    expect(page.locator(".lab-card")).to_have_count(1)

    cost = warrior.get_by_label("Road Warrior: cost")
    cost.fill("-3")
    problem = warrior.locator('.lab-field-problem[data-field="cost"]')
    expect(problem).to_contain_text("cost must be a whole number of 0 or more")
    expect(cost).to_have_attribute("aria-invalid", "true")
    expect(page.locator(".lab-verdict")).to_have_text("Not playable: 1 problem.")
    page.locator(".lab-name").fill("Nomads up")
    page.locator(".lab-save").click()
    expect(page.locator(".lab-set .flash")).to_contain_text("cost must be a whole number")
    expect(page.locator(".lab-saved")).to_contain_text("No card set saved yet.")

    cost.fill("3")
    warrior.get_by_label("Road Warrior: sr").fill("45")
    expect(page.locator(".lab-verdict")).to_have_text("Playable: 1 number changed.")
    expect(problem).to_be_hidden()
    diff = page.locator(".lab-diff-table tbody tr")
    expect(diff).to_have_count(1)
    expect(diff.first).to_contain_text("Road Warrior")
    expect(diff.first).to_contain_text("30")
    expect(diff.first).to_contain_text("45")
    page.locator(".lab-save").click()
    expect(page.locator(".lab-set .flash")).to_have_text("Saved Nomads up.")
    expect(page.locator(".lab-saved li", has_text="Nomads up")).to_contain_text("1 changed")

    page.locator(".lab-games-per-pair").fill("1")
    page.locator(".lab-run").click()
    expect(page.locator(".lab-progress-text")).to_contain_text("Finished")
    expect(page.locator(".lab-result-table .lab-matchup")).to_have_text(
        ["greedy/ncpd v greedy/the-mob"]
    )
    rows = page.locator(".lab-result-table tr.lab-row")
    expect(rows).to_have_count(2)
    expect(rows.first.locator("th")).to_have_text("greedy/ncpd")
    expect(rows.first.locator("td").nth(1)).to_contain_text(" pts")
    expect(rows.first.locator("td").nth(1)).to_contain_text(", ")
    expect(rows.first.locator(".lab-interval")).to_have_attribute("aria-label", re.compile("to"))
    expect(page.locator(".lab-progress")).to_have_attribute("value", "2")

    page.get_by_label("a small tournament with your set").check()
    page.locator(".lab-run").click()
    expect(page.locator(".lab-standings tr.lab-row")).to_have_count(2)
    expect(page.locator(".lab-standings caption")).to_contain_text("1 in all")
    expect(page.locator(".lab-saved li", has_text="Nomads up")).to_contain_text("tournament kept")

    page.locator(".lab-play").click()
    page.wait_for_url("**/play/**")
    expect(page.locator(".clock-kind")).to_contain_text("Casual · edited card set")
