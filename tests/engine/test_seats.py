"""One name per seat: a game's labels become names, and "you" agrees with its verbs."""

from __future__ import annotations

import re

import pytest

from cyberdeck.engine import ASCII, Style, load_game
from cyberdeck.engine.seats import name_seats, name_table, unique_names

LABELS = ["Player 1", "Player 2"]
NAMES = ["ada", "Normal AI"]


@pytest.mark.parametrize(
    ("text", "you", "expected"),
    [
        ("Player 2 deploys 5C on vault2.", 0, "Normal AI deploys 5C on vault2."),
        ("Player 1 draws a card.", 0, "You draw a card."),
        ("Player 1 draws a card.", None, "ada draws a card."),
        ("Player 2 runs on Player 1's vault1.", 0, "Normal AI runs on your vault1."),
        ("Player 1's force is DEFEATED.", 0, "Your force is DEFEATED."),
        ("Turn 3: player 1.", 0, "Turn 3: you."),
        ("Player 1 passes a card to Player 2.", 0, "You pass a card to Normal AI."),
        ("Player 1 Hard Resets vault2.", 0, "You Hard Reset vault2."),
        ("Player 1 goes first.", 0, "You go first."),
        ("Player 1 has four K agendas", 0, "You have four K agendas"),
        (
            "Player 1 reveals a Joker and searches their deck.",
            0,
            "You reveal a Joker and search your deck.",
        ),
        (
            "Seeds revealed: Player 1 6S 7H; Player 2 8C 7S.",
            0,
            "Seeds revealed: you 6S 7H; Normal AI 8C 7S.",
        ),
        ("Game over — Player 1 wins: 100 Ops.", 0, "Game over — you win: 100 Ops."),
        (
            "Player 2 wins. Deck-out: Player 1 controls 0 vaults, Player 2 1.",
            0,
            "Normal AI wins. Deck-out: you control 0 vaults, Normal AI 1.",
        ),
    ],
)
def test_labels_become_names(text: str, you: int | None, expected: str) -> None:
    assert name_seats(text, LABELS, NAMES, you) == expected


def test_player_10_is_not_player_1() -> None:
    labels = [f"Player {i + 1}" for i in range(10)]
    names = [f"n{i + 1}" for i in range(10)]
    assert name_seats("Player 10 passes to Player 1.", labels, names, None) == "n10 passes to n1."


def test_hack_me_calls_its_seats_hackers() -> None:
    game = load_game("hack-me")
    labels = [game.seat_label(0), game.seat_label(1)]
    text = "Hacker A pays 2 credits to shock Hacker B."
    assert name_seats(text, labels, NAMES, 1) == "ada pays 2 credits to shock you."


def test_two_seats_of_one_name_are_told_apart() -> None:
    assert unique_names(["Normal AI", "Normal AI", "ada"]) == [
        "Normal AI (seat 1)",
        "Normal AI (seat 2)",
        "ada",
    ]


def _visible(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def _columns(line: str) -> list[int]:
    """Where a line's cells begin: after padding (three spaces or more)."""
    return [m.end() for m in re.finditer(r" {3,}", line)]


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("moves", [0, 12, 40])
def test_a_named_table_keeps_its_columns(seat: int, moves: int) -> None:
    """Cipher Run draws its rows under a column of seat labels ("Player 2 (you)"): named, a row
    begins with "You" or "Normal AI" and every vault's cells stay where they were drawn, colour
    codes or not."""
    game = load_game("cipher-run")
    state = game.new_state(game.resolve_options(None), 4)
    for _ in range(moves):
        if not state.is_terminal:
            state.apply(state.legal_actions()[0])
    names = ["You", "Normal AI"] if seat == 0 else ["Normal AI", "You"]
    for style in (Style(colour=True), ASCII):
        drawn = game.render(state.view(seat), style)
        named = name_table(drawn, LABELS, names, seat)
        rows = 0
        for before, after in zip(drawn.splitlines(), named.splitlines(), strict=True):
            before, after = _visible(before), _visible(after)
            if re.match(r"(Player \d( \(you\))?|control)  ", before):
                rows += 1
                assert after[:17].rstrip() in ("control", *names), after
                assert _columns(after) == _columns(before), (before, after)
        assert rows == 3


def test_a_tables_size_is_its_players_option_or_the_games_fewest():
    """``Game.table_size``: what the lab, the series, the CLI, the lobby and the policy files ask,
    and the size of the state those options deal."""
    from cyberdeck.engine import games

    for game in games():
        for options in game.configurations():
            assert game.table_size(options) == game.new_state(options, 0).num_players
    cypher = load_game("cypher")
    assert [cypher.table_size(cypher.resolve_options({"players": n})) for n in (2, 3, 4)] == [
        2,
        3,
        4,
    ]
    assert load_game("hack-me").table_size({}) == 2
    assert load_game("matrix-overload").table_size({}) == 1


def test_a_budget_crosses_to_another_process_whole():
    """A level's budget travels to the lab's and the benches' worker processes by pickle, in the
    compiled build too (``Budget.__reduce__``)."""
    import pickle

    from cyberdeck.engine import Budget

    budget = Budget(800, 5.0, 50, 0.1)
    assert pickle.loads(pickle.dumps(budget)) == budget
    assert pickle.loads(pickle.dumps(Budget(7, 1.5))) == Budget(7, 1.5, 0, 1.0)
