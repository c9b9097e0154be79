"""Words, not codes, for screen readers: every move's button, every clickable part of the table,
every log line and the last-turn line has an accessible name in words ("3: Seed six of spades
face down on your Vault 1"), the server's words for the seat, while the page still shows the
short form with suit symbols."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page, expect

from cyberdeck.engine import load_game
from cyberdeck.server.visibility import table_for

from .drive import TABLE, after_move, click_first_move, settled, start_game

expect.set_options(timeout=15_000)

#: The codes a screen reader would spell letter by letter (as tests/test_cli_words.py).
CODES = {
    "card": re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b|\bJK\b"),
    "vault": re.compile(r"\bvault[123]\b"),
    "zero": re.compile(r"\b0 (?:goes|to|resets)\b|\b(?:on|draw) 0\b"),
    "badge": re.compile(r"\b[A-Z][a-z]+ [UML]\d\b"),
    # A seat is called by its one name ("Easy AI", "you"), never by the game's label for it.
    "seat label": re.compile(r"\bPlayer \d\b|\bHacker [AB]\b"),
}

NAMES = """() => {
    const named = (sel) => [...document.querySelectorAll(sel)].map((n) => n.getAttribute('aria-label'));
    return {
        moves: named('.move-list button.move'),
        log: named('.log-list li'),
        table: named('.board [role=button][aria-label], .board button[aria-label]'),
        last: named('.last-turn:not([hidden])'),
    };
}"""

#: Words each game's names hold once a few moves are made: a card's name, a vault, a badge.
SPOKEN = {
    "cipher-run": re.compile(r" of (spades|hearts|diamonds|clubs)\b.*|Vault [123]"),
    "hack-me": re.compile(r" of (spades|hearts|diamonds|clubs)\b"),
    "matrix-overload": re.compile(r" of (spades|hearts|diamonds|clubs)\b"),
    "cypher": re.compile(r"\((upper|middle|lower|no) class, \d+ influence\)"),
}


@pytest.mark.parametrize("game", list(SPOKEN))
def test_moves_and_log_lines_are_named_in_words(page: Page, game: str) -> None:
    start_game(page, game)
    heard: list[str] = []
    for _ in range(4):
        ready = settled(page)
        if ready["status"] == "finished":
            break
        names = page.evaluate(NAMES)
        assert all(names["moves"]), "every move button has a name"
        assert all(names["log"]), "every log line has a name"
        heard += [n for group in names.values() for n in group if n]
        click_first_move(page, ready["moves"])
        after_move(page, ready["seq"])
    assert heard
    for name in heard:
        for what, code in CODES.items():
            assert not code.search(name), f"a {what} code in the accessible name {name!r}"
    assert any(SPOKEN[game].search(name) for name in heard), heard[:20]


def test_a_move_shows_its_code_and_is_named_in_words(page: Page) -> None:
    """Cipher Run's seeding: the button shows "Seed 6♠ ... vault1" and says the card and the
    vault in words, its number first."""
    start_game(page, "cipher-run")
    settled(page)
    seed = page.locator(f"{TABLE} .move-list button.move", has_text="Seed").first
    expect(seed).to_have_accessible_name(
        re.compile(r"^\d+: Seed \w+ of (spades|hearts|diamonds|clubs) face down on your Vault \d$")
    )
    expect(seed).to_contain_text(re.compile(r"vault\d"))


def cypher_pass_menu() -> tuple[list[dict[str, str]], list[str], int]:
    """A Cypher menu of passes to another seat ("Pass Coder M2 to Player 2"), as the server sends
    it, with the game's seat labels and the seat it is for."""
    game = load_game("cypher")
    for seed in range(200):
        state, picker = game.new_state(None, seed), random.Random(seed)
        while not state.is_terminal:
            seat = state.current_player
            menu = table_for(state, seat, [])["moves"]
            if any(m["action"].startswith("pass ") and "Player" in m["label"] for m in menu):
                return menu, [game.seat_label(i) for i in range(state.num_players)], seat
            state.apply(picker.choice(state.legal_actions()))
    raise AssertionError("no pass in 200 seeded games")


def test_a_move_calls_a_seat_by_its_name_on_the_button_and_in_its_words(page: Page) -> None:
    menu, labels, seat = cypher_pass_menu()
    names = ["Easy AI"] * len(labels)
    names[seat] = "You"
    page.goto("/")
    page.evaluate(
        """async ([moves, labels, names, seat]) => {
            const { numberedMoves } = await import('/static/js/renderers.js');
            const { moveList } = await import('/static/js/movelist.js');
            const { nameSeats } = await import('/static/js/seats.js');
            const named = (text) => nameSeats(text, labels, names, seat);
            const root = document.createElement('div');
            root.id = 'harness';
            root.append(moveList(numberedMoves({ moves }, named), { play: () => {}, busy: false }));
            document.body.replaceChildren(root);
        }""",
        [menu, labels, names, seat],
    )
    passes = page.locator("#harness button.move", has_text="Pass ")
    expect(passes.first).to_contain_text(re.compile(r"^\d+ Pass .+ [UML0-9]+ to Easy AI$"))
    expect(passes.first).to_have_accessible_name(
        re.compile(r"^\d+: Pass .+ \((upper|middle|lower|no) class, \d+ influence\) to Easy AI$")
    )
