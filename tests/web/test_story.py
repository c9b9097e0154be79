"""The table tells the story: one name per seat everywhere on the page (seats panel, table, log,
end screen) for players and spectators, the error banner gone once a later move goes through,
and a line above the table saying what the last turn did, from the events this page was sent."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from cyberdeck.engine import Action, Event, load_game
from cyberdeck.engine.autoanswer import ONLY_ANSWER, Answer, folded, log_event
from cyberdeck.engine.seats import name_seats

from .arcade import Arcade, open_person
from .drive import READY, TABLE, after_move, my_seat, start_game

expect.set_options(timeout=15_000)

# A game's fixed labels for its seats: never on a page that has names to show.
LABEL = re.compile(r"\b[Pp]layer \d\b|\bHacker [AB]\b|\bseat \d\b")
# The parts of the table page that name seats (the move list speaks in the game's own phrases).
NAMING = [".table-head", ".seats", ".board", ".log-list", ".last-turn", ".end-slot"]
DUELS = ["cipher-run", "hack-me", "cypher", "cyberpunk-ccg"]


def guest_name(page: Page) -> str:
    me: dict[str, Any] = page.evaluate("() => fetch('/api/auth/me').then((r) => r.json())")
    return str(me["name"])


def settled(page: Page) -> dict[str, Any]:
    """The table ready for this page's decision; an AI turn of many actions (Hack-Me's) plays
    at the server's pace, longer than the drivers' usual wait."""
    ready: dict[str, Any] = page.wait_for_function(READY, timeout=120_000).json_value()
    return ready


def play_some(page: Page, turns: int) -> None:
    """``turns`` of this page's decisions (its first listed move each time), fewer if it ends."""
    for _ in range(turns):
        ready = settled(page)
        if ready["status"] == "finished":
            return
        page.locator(".move-list button.move").first.click()
        after_move(page, ready["seq"])
    settled(page)


def no_labels(page: Page) -> None:
    for part in NAMING:
        for text in page.locator(f"{TABLE} {part}").all_inner_texts():
            assert not LABEL.search(text), (part, LABEL.search(text), text[:300])


@pytest.mark.parametrize("game", DUELS)
def test_one_name_per_seat_for_the_player_and_a_spectator(
    page: Page, person: BrowserContext, arcade: Arcade, game: str, browser: Any
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    match_id = start_game(page, game, level="easy")
    me = guest_name(page)
    play_some(page, 6)
    seat = my_seat(page)
    assert seat is not None
    ai = 1 - seat
    expect(page.locator(f'.seat[data-seat="{seat}"] .seat-name')).to_have_text(f"{me} (you)")
    expect(page.locator(f'.seat[data-seat="{ai}"] .seat-name')).to_have_text("Easy AI")
    expect(page.locator(".log-list")).to_contain_text("Easy AI")
    expect(page.locator(".board")).to_contain_text("Easy AI")
    no_labels(page)

    # A spectator sees both names, and no "you".

    eve_ctx = open_person(browser, arcade)
    eve = eve_ctx.new_page()
    eve.on("pageerror", lambda err: errors.append(str(err)))
    eve.goto(f"/watch/{match_id}")
    eve.wait_for_selector(f"{TABLE}[data-seq]")
    expect(eve.locator(".board")).to_contain_text("Easy AI")
    expect(eve.locator(".board")).to_contain_text(me)
    expect(eve.locator(f'.seat[data-seat="{seat}"] .seat-name')).to_have_text(me)
    log = " ".join(eve.locator(".log-list li").all_inner_texts())
    assert me in log and "Easy AI" in log and not re.search(r"\b[Yy]our?\b", log)
    no_labels(eve)
    eve_ctx.close()
    assert errors == []


def test_the_error_banner_goes_when_a_typed_move_goes_through(page: Page) -> None:
    start_game(page, "cipher-run", level="easy")
    ready = settled(page)
    flash = page.locator(f"{TABLE} > .flash")
    command = page.locator("#command")
    command.fill("deploy 2X vault9")
    command.press("Enter")
    expect(flash).to_be_visible()
    assert flash.inner_text()
    ready = settled(page)
    command.fill(ready["moves"][0])
    command.press("Enter")
    # At once when the move is acknowledged (the banner's own timer would take it later).
    page.wait_for_function(
        "(n) => Number(document.querySelector('.table-page').dataset.seq) > n", arg=ready["seq"]
    )
    assert page.evaluate("() => document.querySelector('.table-page > .flash').hidden")


@pytest.mark.parametrize("game", ["matrix-overload", *DUELS])
def test_a_line_above_the_table_says_what_the_last_turn_did(page: Page, game: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    start_game(page, game, level="easy")
    line = page.locator(".last-turn")
    for _ in range(8):
        play_some(page, 1)
        if page.locator(TABLE).get_attribute("data-status") != "running":
            break
        actor = line.get_attribute("data-actor")
        if game == "matrix-overload" or (actor and int(actor) != my_seat(page)):
            break
    expect(line).to_be_visible()
    box = line.locator("xpath=..")  # the line and its "show all", just above the board
    assert "last-turn-box" in (box.get_attribute("class") or "").split()
    assert box.locator("xpath=following-sibling::*[1]").get_attribute("class") == "board"
    text = line.inner_text()
    assert text.startswith("Last turn: ")
    told = text.removeprefix("Last turn: ")
    # Made of the last lines of this page's log (the events this seat was sent, nothing else).
    log = page.locator(".log-list li").all_inner_texts()
    assert any(" ".join(log[-k:]) == told for k in range(1, len(log) + 1)), (told, log[-12:])
    actor = int(line.get_attribute("data-actor") or "0")
    if game != "matrix-overload" and actor != my_seat(page):
        assert told.startswith("Easy AI ") or "Easy AI" in told, told
    no_labels(page)
    assert errors == []


def sample_texts() -> list[tuple[str, list[str]]]:
    """Event texts and outcome reasons of random games of every game, with its labels."""
    texts: list[tuple[str, list[str]]] = []
    for game_id in ["cipher-run", "hack-me", "cypher", "cyberpunk-ccg", "matrix-overload"]:
        game = load_game(game_id)
        state = game.new_state(None, 7)
        labels = [game.seat_label(i) for i in range(state.num_players)]
        rng = random.Random(7)
        seen: set[str] = set()
        for _ in range(400):
            if state.is_terminal:
                break
            for event in state.apply(rng.choice(state.legal_actions())):
                kind = f"{game_id}:{event.kind}"
                if kind not in seen:
                    seen.add(kind)
                    texts.append((event.text, labels))
        if state.outcome is not None:
            texts.append((state.outcome.reason, labels))
    texts.append(("Game over — Player 1 wins: 100 Ops.", ["Player 1", "Player 2"]))
    return texts


def test_the_page_names_seats_by_the_engines_rules(page: Page) -> None:
    page.goto("/")
    cases = [
        {
            "text": text,
            "labels": labels,
            "names": ["ada", "Easy AI", "bo", "Hard AI"][: len(labels)],
            "you": you,
        }
        for text, labels in sample_texts()
        for you in (0, 1, None)
    ]
    got = page.evaluate(
        """async (cases) => {
            const m = await import('/static/js/seats.js');
            return cases.map((c) => m.nameSeats(c.text, c.labels, c.names, c.you));
        }""",
        cases,
    )
    want = [name_seats(c["text"], c["labels"], c["names"], c["you"]) for c in cases]
    assert len(cases) > 60
    assert got == want


def test_the_page_folds_the_tables_passes_as_the_engine_does(page: Page) -> None:
    """The log's folded line for the table's passes in a row is the engine's, word for word."""
    labels = ["Hacker A", "Hacker B"]

    def note(seat: int, action: str, reason: str) -> Event:
        return log_event(seat, Answer(Action.parse(action), reason), action, labels[seat])

    log = [
        note(0, "pass", "no stop at Open, your turn"),
        note(0, "pass", "no stop at Events and abilities only, your turn"),
        note(0, "pass", "no stop at Events and abilities only, your turn"),
        Event("play", "Hacker B plays Ambush."),
        note(1, "pass", "no stop at Damage, your turn"),
        note(1, "pass", ONLY_ANSWER),
        note(0, "pass", "no stop at Damage, your turn"),
        note(0, "pay c1", ONLY_ANSWER),
        note(0, "pass", "no stop at Open, your turn"),
    ]
    page.goto("/")
    got = page.evaluate(
        """async ([events, labels]) => {
            const { foldAnswers } = await import('/static/js/log.js');
            return foldAnswers(events, (seat) => labels[seat]).map((e) => e.text);
        }""",
        [[e.to_json() for e in log], labels],
    )
    want = [e.text for e in folded(log, lambda seat: labels[seat])]
    assert len(want) == 6
    assert got == want


@pytest.mark.parametrize("game", ["matrix-overload", *DUELS])
def test_the_last_turn_is_told_again_after_a_reload(
    page: Page, game: str, browser: Any, arcade: Arcade
) -> None:
    """A page opened in the middle of a game (a reload, a spectator arriving) says what the last
    turn did, as the page that watched it says: the server keeps the story for such a page, of
    the events this seat may see."""
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    match_id = start_game(page, game, level="easy")
    line = page.locator(".last-turn")
    for _ in range(8):
        play_some(page, 1)
        if page.locator(TABLE).get_attribute("data-status") != "running":
            break
        actor = line.get_attribute("data-actor")
        if game == "matrix-overload" or (actor and int(actor) != my_seat(page)):
            break
    expect(line).to_be_visible()
    before, actor = line.inner_text(), line.get_attribute("data-actor")
    seq = page.locator(TABLE).get_attribute("data-seq")
    page.reload()
    page.wait_for_selector(f"{TABLE}[data-seq]")
    if page.locator(TABLE).get_attribute("data-seq") == seq:
        expect(line).to_be_visible()
        assert (line.inner_text(), line.get_attribute("data-actor")) == (before, actor)
    else:  # the AI moved meanwhile: a turn of its own, told from this page's log
        expect(line).to_be_visible()
    told = line.inner_text().removeprefix("Last turn: ")
    log = page.locator(".log-list li").all_inner_texts()
    assert any(" ".join(log[-k:]) == told for k in range(1, len(log) + 1)), (told, log[-12:])
    no_labels(page)

    # A spectator arriving now is told the same turn, in the third person and without secrets.
    if game != "matrix-overload":
        eve_ctx = open_person(browser, arcade)
        eve = eve_ctx.new_page()
        eve.on("pageerror", lambda err: errors.append(str(err)))
        eve.goto(f"/watch/{match_id}")
        eve.wait_for_selector(f"{TABLE}[data-seq]")
        seen = eve.locator(".last-turn")
        expect(seen).to_be_visible()
        told = seen.inner_text().removeprefix("Last turn: ")
        log = eve.locator(".log-list li").all_inner_texts()
        assert any(" ".join(log[-k:]) == told for k in range(1, len(log) + 1)), (told, log[-12:])
        assert not re.search(r"\b[Yy]our?\b", told), told
        eve_ctx.close()
    assert errors == []
