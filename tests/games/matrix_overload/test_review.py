"""For players: the hint (what the normal level would play) and the review of a lost game."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from cyberdeck import load_game
from cyberdeck.cli import app
from cyberdeck.engine import Record
from cyberdeck.games.matrix_overload import review as reviewing
from cyberdeck.games.matrix_overload.hindsight import HindsightPlayer
from cyberdeck.games.matrix_overload.position import position
from cyberdeck.games.matrix_overload.review import kept_actions, review, winnable
from cyberdeck.games.matrix_overload.solver import solve

GAME = load_game("matrix-overload")
runner = CliRunner()


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))
    return tmp_path


def first_choices(seed: int, moves: int | None = None) -> Record:
    """A record of always taking the first listed placement (it loses every deal tried)."""
    state, record = GAME.new_state(None, seed), Record(GAME.id, seed)
    while not state.is_terminal and (moves is None or len(record.actions) < moves):
        action = state.legal_actions()[0]
        state.apply(action)
        record.actions.append(action.text)
    return record


def test_the_hint_is_the_normal_players_choice():
    agent = GAME.hint_agent(5 * 1009)
    assert isinstance(agent, HindsightPlayer) and agent.name == "normal"
    state, made = GAME.new_state(None, 5), 0
    while len(state.legal_actions()) == 1:  # the table answers the lone questions first
        state.apply(state.legal_actions()[0])
        made += 1
    agent = GAME.hint_agent(5 * 1009 + made)
    expected = GAME.describe_action(agent.choose(state), state.view(0))
    out = runner.invoke(app, ["play", "matrix-overload", "--seed", "5", "--no-colour"],
                        input="hint\nhint\nquit\n").output  # fmt: skip
    hints = [line for line in out.splitlines() if "Hint: " in line]
    assert len(hints) == 2 and hints[0] == hints[1]  # asking again gives the same answer
    assert hints[0].endswith(expected)
    number = int(hints[0].split("Hint: ")[1].split(".")[0])
    assert state.legal_actions()[number - 1] == GAME.hint_agent(5 * 1009 + made).choose(state)


def test_a_game_without_hints_says_so():
    out = runner.invoke(app, ["play", "cipher-run", "--hotseat", "--no-colour", "--seed", "1"],
                        input="\nhint\nquit\n").output  # fmt: skip
    assert "Cipher Run gives no hints." in out


def test_a_lost_game_ends_with_how_did_i_do():
    out = runner.invoke(app, ["play", "matrix-overload", "--seed", "5", "--no-colour"],
                        input="1\n" * 400).output  # fmt: skip
    assert "You lose." in out
    line = next(line for line in out.splitlines() if line.startswith("How did I do: "))
    assert line == review(first_choices(5))


def test_the_review_says_whether_the_deal_was_winnable():
    assert winnable(GAME.new_state(None, 3)).startswith("the deal was winnable")
    piles = {p: "9H" for p in ("a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3")}
    lost = position(piles=piles, slots={"n1": "KS"}, card="2H", deck="3H 4H")
    assert winnable(lost) == "the deal could not be won even knowing the deck order"
    assert winnable(GAME.new_state(None, 3), budget=1).startswith("the solver could not tell")


def test_the_review_names_the_first_placement_where_hard_differs():
    record = first_choices(5)
    text = review(record)
    assert text is not None and "hard would first have played differently at placement" in text
    number = int(text.split("at placement ")[1].split(" ")[0])
    hard = GAME.agents()["hard"](5)
    state = GAME.new_state(None, 5)
    for step, move in enumerate(record.actions[: number - 1], start=1):
        if len(state.legal_actions()) > 1:
            assert hard.choose(state).text == move, step  # hard agreed up to there
        state.apply(GAME.parse_action(move))
    assert hard.choose(state).text != record.actions[number - 1]


def test_the_review_asks_hard_about_a_bounded_number_of_choices(monkeypatch):
    monkeypatch.setattr(reviewing, "DECISIONS", 2)
    hard, state, record = GAME.agents()["hard"](5), GAME.new_state(None, 5), Record(GAME.id, 5)
    choices = 0
    while choices < 2:  # the player agrees with hard twice, then takes the first placement
        choices += len(state.legal_actions()) > 1
        action = hard.choose(state)
        state.apply(action)
        record.actions.append(action.text)
    while not state.is_terminal:
        action = state.legal_actions()[0]
        state.apply(action)
        record.actions.append(action.text)
    text = review(record)
    assert text is not None and text.endswith(
        "hard would have made your first 2 choices as you did."
    )


def test_undone_moves_are_not_the_players_moves():
    record = Record(GAME.id, 5, actions=["place a1", "undo", "place b2", "place c3"])
    assert kept_actions(record) == ["place b2", "place c3"]


def test_a_won_or_unfinished_game_gets_no_review():
    assert review(first_choices(5, moves=3)) is None
    state, record = GAME.new_state(None, 3), Record(GAME.id, 3)
    for action in solve(state, 5000).line:
        record.actions.append(action.text)
    assert review(record) is None
