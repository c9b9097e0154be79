"""The home page's options in words: a human label, each choice in words, and a one-line
explanation under it; "private" and "campaign" say what they do."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .drive import open_more, start_game

expect.set_options(timeout=15_000)


def test_every_option_on_the_home_page_is_in_words(page: Page) -> None:
    page.goto("/")
    page.locator("article.game-card").first.wait_for()
    for card in page.locator("article.game-card").all():
        open_more(card)
    fields = page.locator(".option-field")
    assert fields.count() >= 5
    for i in range(fields.count()):
        field = fields.nth(i)
        name = field.locator("select").get_attribute("name") or ""
        label = field.locator("label").inner_text()
        assert label and label.lower() != name.lower(), (name, label)
        words = field.locator("option").all_inner_texts()
        assert not {"true", "false", "True", "False"} & set(words), words
        assert field.locator(".option-help").inner_text().strip(), name
    card = page.locator('article.game-card[data-game="cipher-run"]')
    expect(card.locator("select[name=breach] option")).to_have_text(
        ["at the start of your turn", "at the end of your turn"]
    )
    expect(card.locator("label.check").first).to_contain_text("Private match")
    # The values sent are still the game's own: a match with a chosen option starts.
    start_game(page, "cipher-run", options={"breach": "end"})
