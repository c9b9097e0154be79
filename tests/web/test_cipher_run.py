"""Cipher Run in the browser: a whole game against the AI by clicking cards and vaults and typing
move numbers; a whole online game between two browsers, one of which reloads in the middle and
resumes, watched by a spectator whose page and websocket never hold a card from a hand."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, WebSocket, expect

from .arcade import Arcade, open_person
from .drive import (
    READY,
    after_move,
    click_first_move,
    join_by_link,
    my_seat,
    play_out,
    shown,
    start_game,
)


def click_card_then_target(page: Page, listed: list[str]) -> None:
    """A hand card, then the vault, node or module it goes to (or its one listed choice)."""
    cards = page.locator(".cr-hand .playable")
    if not cards.count():
        click_first_move(page, listed)
        return
    cards.first.click(force=True)
    single = page.locator('.cr-table .playable[data-target][data-moves="1"]')
    if single.count():
        single.first.click(force=True)
    else:
        page.locator(".cr-choice").first.click(force=True)


def type_a_number(page: Page, listed: list[str]) -> None:
    """The last listed move, by typing its number (Enter when a longer number could follow)."""
    number = str(len(listed))
    for digit in number:
        page.keyboard.press(digit)
    if int(number) * 10 <= len(listed):
        page.keyboard.press("Enter")


def worth_shown(page: Page) -> None:
    """An Overclocked module shows its worth (``=10``) and, on hover, its face value too."""
    assert "undefined" not in page.locator(".cr-table").inner_text()
    values = page.locator(".cr-value")
    for i in range(values.count()):
        value = values.nth(i)
        title = value.get_attribute("title") or ""
        found = re.fullmatch(r"face value (\d+), worth (\d+) with its Overclocks", title)
        assert found, title
        face, worth = found.groups()
        assert value.inner_text() == f"={worth}" and int(worth) > int(face)


def test_a_whole_game_against_the_ai_by_clicks_and_numbers(page: Page, arcade: Arcade) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    match_id = start_game(page, "cipher-run", level="easy")
    expect(page.locator(".cr-vault")).to_have_count(3)
    turns = {"n": 0}

    def choose(page: Page, listed: list[str]) -> None:
        turns["n"] += 1
        worth_shown(page)
        (type_a_number if turns["n"] % 3 == 0 else click_card_then_target)(page, listed)

    play_out(page, choose)
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    with httpx.Client(base_url=arcade.base, cookies=cookies) as http:
        summary = http.get(f"/api/matches/{match_id}").json()
    assert summary["status"] == "finished"
    reason = shown(summary["outcome"]["reason"], summary, my_seat(page))
    expect(page.locator(".end-screen .reason")).to_have_text(reason)
    assert errors == []


# --- online, two browsers and a spectator --------------------------------------------------------


def card_counts(value: Any, skip: frozenset[str] = frozenset()) -> Counter[str]:
    """How often each string appears as a value in a JSON structure (keys in ``skip`` left out)."""
    out: Counter[str] = Counter()
    if isinstance(value, str):
        out[value] += 1
    elif isinstance(value, list):
        for item in value:
            out += card_counts(item, skip)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                out += card_counts(item, skip)
    return out


def hands_at(view: dict[str, Any]) -> list[str]:
    return [c for p in view["players"] for c in p.get("hand") or []]


def ready(page: Page) -> dict[str, Any] | None:
    state: dict[str, Any] | None = page.evaluate(f"({READY})()") or None
    return state


def test_two_browsers_play_online_one_reloads_and_a_spectator_sees_no_hand(
    browser: Browser, arcade: Arcade
) -> None:
    alice_ctx, bob_ctx, eve_ctx = (open_person(browser, arcade) for _ in range(3))
    alice, bob, eve = alice_ctx.new_page(), bob_ctx.new_page(), eve_ctx.new_page()
    errors: list[str] = []
    for page in (alice, bob, eve):
        page.on("pageerror", lambda err: errors.append(str(err)))

    match_id = start_game(alice, "cipher-run", mode="online", private=True)
    invite = alice.locator(".invite-url").input_value()
    assert f"/join/{match_id}?invite=" in invite
    token = invite.split("invite=")[1]
    expect(alice.locator(".turn")).to_contain_text("Waiting for players")

    frames: list[dict[str, Any]] = []

    def watch_socket(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    eve.on("websocket", watch_socket)
    join_by_link(bob, invite.replace(arcade.base, ""))
    # A private match is watched with its invite (and not listed for strangers).
    eve.goto("/")
    expect(eve.locator(".match-list")).to_have_count(3)  # open, being played, replays
    expect(eve.locator(f'[data-match="{match_id}"]')).to_have_count(0)
    eve.goto(f"/watch/{match_id}?invite={token}")
    expect(eve.locator(".table-title")).to_contain_text("watching")
    for page in (alice, bob):
        expect(page.locator(".cr-hand .card")).not_to_have_count(0)

    snapshots: list[tuple[int, list[str], int]] = []  # seq, cards in the DOM, hand elements

    def snapshot(at: int) -> None:
        eve.wait_for_function(
            "(n) => Number(document.querySelector('.table-page').dataset.seq) >= n", arg=at
        )
        seen = eve.evaluate(
            """() => [Number(document.querySelector('.table-page').dataset.seq),
                      [...document.querySelectorAll('#board [data-card]')].map((c) => c.dataset.card),
                      document.querySelectorAll('.cr-hand, [data-hand]').length]"""
        )
        snapshots.append((seen[0], seen[1], seen[2]))

    snapshot(0)
    reloaded = False
    moves = 0
    while True:
        state = {name: ready(page) for name, page in (("alice", alice), ("bob", bob))}
        if any(s and s["status"] == "finished" for s in state.values()):
            break
        mover = next((name for name, s in state.items() if s and s["moves"]), None)
        if mover is None:
            alice.wait_for_timeout(30)
            continue
        page = alice if mover == "alice" else bob
        at = state[mover]["seq"]  # type: ignore[index]
        click_card_then_target(page, state[mover]["moves"])  # type: ignore[index]
        for each in (alice, bob):
            after_move(each, at)
        moves += 1
        snapshot(at + 1)
        if moves == 6 and not reloaded:
            # Bob reloads the page mid-game: same seat, same hand, the game goes on.
            hand = bob.locator(".cr-hand [data-hand]").evaluate_all(
                "(cards) => cards.map((c) => c.dataset.hand)"
            )
            bob.reload()
            expect(bob.locator(".table-page")).to_have_attribute("data-seq", str(at + 1))
            expect(bob.locator(".link-status")).to_have_text("connected")
            assert (
                bob.locator(".cr-hand [data-hand]").evaluate_all(
                    "(cards) => cards.map((c) => c.dataset.hand)"
                )
                == hand
            )
            expect(alice.locator('.seat[data-seat="1"]')).to_have_attribute(
                "data-presence", "connected"
            )
            reloaded = True
    assert reloaded and moves > 6
    for page in (alice, bob, eve):
        expect(page.locator(".end-screen .reason")).not_to_be_empty()
    # The same reason, each seat called by its one name ("you" for the reader's own).
    cookies = {c["name"]: c["value"] for c in alice_ctx.cookies()}
    summary = httpx.get(f"{arcade.base}/api/matches/{match_id}", cookies=cookies).json()
    for page in (alice, bob, eve):
        reason = shown(summary["outcome"]["reason"], summary, my_seat(page))
        expect(page.locator(".end-screen .reason")).to_have_text(reason)

    # What the server says each seat saw at each step (replays are exactly the tables it sent).
    cookies = {c["name"]: c["value"] for c in alice_ctx.cookies()}
    with httpx.Client(base_url=arcade.base, cookies=cookies) as http:
        steps = http.get(f"/api/matches/{match_id}/replay").json()["steps"]

        def table(step: int, seat: int | None) -> dict[str, Any]:
            params = {"step": step, "seat": "spectator" if seat is None else seat}
            body: dict[str, Any] = http.get(f"/api/matches/{match_id}/replay", params=params).json()
            return body["table"]

        seat_views = {k: [table(k, 0)["view"], table(k, 1)["view"]] for k in range(steps + 1)}
        public = {k: table(k, None) for k in range(steps + 1)}

    def no_hand_card_in(shown: Counter[str], step: int) -> None:
        """Every card a hand holds at ``step`` shows up for the spectator no more often than it
        shows outside that hand in the seat's own view (on the table, in a discard pile)."""
        for view in seat_views[step]:
            outside = card_counts(view, frozenset({"hand", "legal_actions"}))
            for card in set(hands_at(view)):
                assert shown[card] <= outside[card], (step, card)

    tables = [f for f in frames if f["type"] in ("welcome", "update")]
    assert len(tables) >= moves
    for frame in tables:
        step, sent = frame["seq"], frame["table"]
        assert sent["seat"] is None and sent["moves"] == [] and sent["legal_actions"] == []
        assert all("hand" not in p for p in sent["view"]["players"])
        assert sent["view"] == public[step]["view"]
        if frame["type"] == "update":
            assert sent["events"] == public[step]["events"]
        no_hand_card_in(card_counts(sent["view"]), step)
    for frame in frames:
        assert frame["type"] in ("welcome", "update", "presence", "ended", "chat", "clock"), frame
        if frame["type"] == "chat":  # a spectator hears the spectators' chat, never the players'
            assert frame["channel"] == "spectators", frame
    for step, cards, hand_elements in snapshots:
        assert hand_elements == 0
        no_hand_card_in(Counter(cards), step)
    assert errors == []
    for context in (alice_ctx, bob_ctx, eve_ctx):
        context.close()
