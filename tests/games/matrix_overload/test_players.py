"""The solver (knows the deck) and the fair player (does not)."""

from cyberdeck import load_game
from cyberdeck.engine import Rng
from cyberdeck.games.matrix_overload.fair import FairPlayer
from cyberdeck.games.matrix_overload.position import position
from cyberdeck.games.matrix_overload.solver import solve

GAME = load_game("matrix-overload")


def test_the_solver_finds_a_winning_line_that_replays_to_a_win():
    solution = solve(GAME.new_state(None, 3), budget=5000)
    assert solution.won is True
    state = GAME.new_state(None, 3)
    for action in solution.line:
        state.apply(action)
    assert state.outcome.winners == (0,)


def test_the_solver_proves_a_lost_position_lost():
    # One king left whose suit cannot be gathered: a 3-card deck with no spade to pair.
    piles = {p: "9H" for p in ("a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3")}
    state = position(piles=piles, slots={"n1": "KS"}, card="2H", deck="3H 4H")
    assert solve(state, budget=5000).won is False


def test_the_solver_reports_unknown_when_its_budget_runs_out():
    assert solve(GAME.new_state(None, 3), budget=1).won is None


def test_the_fair_player_never_looks_at_the_deck_order():
    # Same table, same known facts, different hidden deck order: the same decision.
    for seed in range(20):
        state = GAME.new_state(None, seed)
        for _ in range(10):
            if state.is_terminal:
                break
            state.apply(state.legal_actions()[0])
        if state.is_terminal:
            continue
        other = state.determinize(0, Rng(seed + 99))
        assert other.view(0) == state.view(0)
        assert FairPlayer(5).choose(state) == FairPlayer(5).choose(other)
