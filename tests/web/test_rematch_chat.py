"""Rematch and chat in the browser, with two people (and a spectator) in their own browser
contexts: a rematch offered at a game's end, seen at once by the other player and accepted (both
pages go to the new match, the seats rotated, the series score above the table), then one
declined (the offerer is told); the chat beside the table, as text, muted per person and kept
muted over a reload, and the spectators' chat apart from the players'."""

from __future__ import annotations

from playwright.sync_api import Browser, BrowserContext, expect

from .arcade import Arcade, open_person
from .drive import TABLE, resign, start_game, two_at_a_table


def name_of(context: BrowserContext) -> str:
    name: str = context.request.get("/api/auth/me").json()["name"]
    return name


def test_a_rematch_is_accepted_with_the_seats_rotated_and_the_next_one_declined(
    browser: Browser, arcade: Arcade
) -> None:
    people, (alice, bob) = two_at_a_table(browser, arcade)
    names = [name_of(p) for p in people]
    first = alice.url
    seat = alice.locator(TABLE).get_attribute("data-seat")
    bob.set_viewport_size({"width": 390, "height": 844})
    resign(alice, bob)  # Bob wins the first game
    # A game ended by a resignation lists no moves, and on a phone the moves are no longer a
    # sheet over the table: the result and the rematch box have the screen.
    for page in (alice, bob):
        expect(page.locator(".move-list button.move")).to_have_count(0)
    sheet = bob.locator(".moves-panel")
    assert sheet.evaluate("(n) => getComputedStyle(n).position") == "static"
    bob.set_viewport_size({"width": 1280, "height": 800})

    alice.locator(".rematch-offer").click()
    expect(alice.locator(".rematch")).to_contain_text("waiting for")
    expect(bob.locator(".rematch")).to_contain_text(f"{names[0]} offers a rematch.")
    bob.locator(".rematch-accept").click()
    for page in (alice, bob):
        page.wait_for_function("(first) => location.href !== first", arg=first)
        expect(page.locator(TABLE)).to_have_attribute("data-status", "running")
        expect(page.locator(".rematch-score")).to_contain_text(
            f"{names[0]} 0 — {names[1]} 1" if seat == "1" else f"{names[1]} 1 — {names[0]} 0"
        )
    assert alice.url == bob.url
    assert alice.locator(TABLE).get_attribute("data-seat") == ("1" if seat == "0" else "0")

    resign(bob, alice)  # one game each
    expect(alice.locator(".rematch-score")).to_contain_text(f"{names[0]} 1")
    expect(alice.locator(".rematch-score")).to_contain_text(f"{names[1]} 1")
    bob.locator(".rematch-offer").click()
    expect(alice.locator(".rematch-accept")).to_be_visible()
    alice.locator(".rematch-decline").click()
    expect(bob.locator(".rematch")).to_contain_text(f"{names[0]} declined the rematch.")
    expect(bob.locator(".rematch-offer")).to_be_visible()  # and may offer again

    # The first game's page, opened again, shows the way to its rematch (and stays).
    alice.goto(first)
    expect(alice.locator(".rematch-next")).to_have_text("Play the rematch")
    assert alice.url == first
    for context in people:
        context.close()


def test_chat_beside_the_table_as_text_with_mute_and_the_spectators_apart(
    browser: Browser, arcade: Arcade
) -> None:
    people, (alice, bob) = two_at_a_table(browser, arcade, private=False)
    alice_name = name_of(people[0])

    alice.locator(".chat-input").fill("gl <b>hf</b> https://example.com")
    alice.locator(".chat-input").press("Enter")
    line = bob.locator(".chat-line", has_text="gl")
    expect(line.locator(".chat-text")).to_have_text("gl <b>hf</b> https://example.com")
    expect(line.locator("b, a")).to_have_count(0)  # text: no markup, no link
    expect(alice.locator(".chat-line.mine")).to_have_count(1)

    # A spectator's chat is the spectators' own.
    carol_context = open_person(browser, arcade)
    carol = carol_context.new_page()
    carol.goto(alice.url.replace("/play/", "/watch/").split("?")[0])
    expect(carol.locator(".chat-panel")).to_have_attribute("data-channel", "spectators")
    carol.locator(".chat-input").fill("spectating")
    carol.locator(".chat-input").press("Enter")
    expect(carol.locator(".chat-line", has_text="spectating")).to_have_count(1)
    expect(carol.locator(".chat-line", has_text="gl")).to_have_count(0)

    # Bob mutes Alice: her lines go, and stay gone after a reload.
    line.locator(".chat-mute").click()
    expect(bob.locator(".chat-line")).to_have_count(0)
    alice.locator(".chat-input").fill("still there?")
    alice.locator(".chat-input").press("Enter")
    expect(alice.locator(".chat-line", has_text="still there?")).to_have_count(1)
    bob.reload()
    expect(bob.locator(TABLE)).to_have_attribute("data-status", "running")
    expect(bob.locator(".chat-muted")).to_contain_text(alice_name)
    expect(bob.locator(".chat-line")).to_have_count(0)
    bob.locator(".chat-unmute").click()
    expect(bob.locator(".chat-line")).to_have_count(2)
    assert alice.locator(".chat-line", has_text="spectating").count() == 0

    # Chat off: nothing shown until it is on again.
    bob.locator(".chat-toggle").uncheck()
    expect(bob.locator(".chat-lines")).to_be_hidden()
    bob.locator(".chat-toggle").check()
    expect(bob.locator(".chat-line")).to_have_count(2)

    # The players' chat is kept for their replay, and shown to nobody else.
    resign(alice, bob)
    replay = alice.url.replace("/play/", "/replay/").split("?")[0]
    for page in (alice, carol):
        page.goto(replay)
        expect(page.locator(".step-counter")).to_contain_text("Step")
    expect(alice.locator(".replay-chat .chat-text").first).to_have_text(
        "gl <b>hf</b> https://example.com"
    )
    expect(carol.locator(".replay-chat")).to_have_count(0)
    for context in (*people, carol_context):
        context.close()


def test_a_rematch_against_the_ai_is_one_click_and_the_ai_table_has_no_chat(
    browser: Browser, arcade: Arcade
) -> None:
    context = open_person(browser, arcade)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    start_game(page, "cipher-run", level="easy")
    expect(page.locator(TABLE)).to_have_attribute("data-status", "running")
    expect(page.locator(".chat-panel")).to_be_hidden()  # nobody to talk to
    first = page.url
    page.locator(".table-buttons button.resign").click()
    expect(page.locator(TABLE)).to_have_attribute("data-status", "finished")
    page.locator(".rematch-offer", has_text="Rematch").click()
    page.wait_for_function("(first) => location.href !== first", arg=first)
    expect(page.locator(TABLE)).to_have_attribute("data-status", "running")
    expect(page.locator(".rematch-score")).to_contain_text("Easy AI 1")
    context.close()
