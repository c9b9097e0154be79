"""What a table's figures mean, on the table: Cypher's corner badge ("M2") says what the class and
the influence do (the rules doc's words, the classes named by the cards that act on them), and
MATR1X's quiet draws show their limit worked out, in the terminal's very sentence."""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect

from cyberdeck.engine import load_game
from cyberdeck.games.matrix_overload.render import quiet_draws

from .drive import draw_alone

expect.set_options(timeout=15_000)

INFLUENCE = "influence: what it adds to its play area's total while it stays there; when the game ends, the highest total wins."


def test_cyphers_badges_say_what_class_and_influence_mean(page: Page) -> None:
    view = load_game("cypher").new_state(None, 5).view(0)
    me = view["seats"][0]
    view = {
        **view,
        "seats": [{**me, "hand": ["coder", "technomancer", "cypher-anomaly"]}, *view["seats"][1:]],
    }
    draw_alone(page, "cypher", view, [])
    hand = page.locator("#harness .cy-hand")
    coder = hand.locator('.kit-card[data-card="coder"]')
    badge = coder.locator(".kit-card-corner")
    expect(badge).to_have_text("M2")
    expect(badge).to_have_attribute(
        "title", f"Middle class: the Aristocrat acts on middle-class cards. 2 {INFLUENCE}"
    )
    expect(coder).to_have_accessible_description(
        f"Coder — middle class, 2 influence: While in play: draw one more card at your Draw step. "
        f"Middle class: the Aristocrat acts on middle-class cards. 2 {INFLUENCE}"
    )
    expect(hand.locator('.kit-card[data-card="technomancer"] .kit-card-corner')).to_have_attribute(
        "title", f"Middle class: the Aristocrat acts on middle-class cards. 3 {INFLUENCE}"
    )
    anomaly = hand.locator('.kit-card[data-card="cypher-anomaly"] .kit-card-corner')
    expect(anomaly).to_have_attribute(
        "title", f"No class: no card's effect reaches it by its class. 0 {INFLUENCE}"
    )
    expect(page.locator("#harness .cy-badges")).to_contain_text("U upper, M middle, L lower")


def test_matrix_quiet_draws_show_how_the_limit_comes_about(page: Page) -> None:
    game = load_game("matrix-overload")
    state, picker = game.new_state(None, 7), random.Random(7)
    for _ in range(25):
        state.apply(picker.choice(state.legal_actions()))
    view = state.view(0)
    draw_alone(page, "matrix-overload", view, [])
    quiet = page.locator("#harness .mo-quiet")
    expect(quiet).to_have_text(quiet_draws(view))
    expect(quiet).to_contain_text(f"Quiet draws: {view['idle']} of {view['recursion_limit']} — ")
    expect(page.locator('#harness [data-count="quiet"]')).to_have_attribute(
        "title", quiet_draws(view)
    )
