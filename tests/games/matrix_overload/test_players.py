"""The solver (knows the deck), the fair player and the hindsight player (they do not)."""

from collections.abc import Callable, Iterator

from cyberdeck import load_game
from cyberdeck.agents import make_agent
from cyberdeck.agents.policy import read_policy, shipped_policies
from cyberdeck.engine import Action, Rng, State
from cyberdeck.games.matrix_overload.evaluate import evaluate
from cyberdeck.games.matrix_overload.fair import FairPlayer
from cyberdeck.games.matrix_overload.hindsight import BUDGETS, HindsightPlayer
from cyberdeck.games.matrix_overload.position import position
from cyberdeck.games.matrix_overload.solver import solve
from cyberdeck.games.matrix_overload.state import MatrixState

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


def _last_king_with_an_ace() -> MatrixState:
    """Seed 10 near its end, fair play: only K♠ in w1 lives, the deck is empty, A♠ in hand."""
    piles = {"a1": "3H 4H 4D 7C 7H 9C", "a2": "AD 4C 5C 7S", "a3": "8C 8S 9D 9S 10C",
             "b1": "6C 6S 9H 10S 10H", "b2": "5H 8D 8H", "b3": "AH 5D 5S 6H",
             "c1": "2H 2D 2C 4S 6D 10D", "c2": "AC 3D 3C 3S 7D", "c3": "0"}  # fmt: skip
    slots = {"n1": "xKH", "n2": "xJC", "n3": "xKC +2S", "e1": "xQS", "e2": "xQD", "e3": "xJD",
             "s1": "xQC", "s2": "xJH", "s3": "xQH", "w1": "KS", "w2": "xJS", "w3": "xKD"}  # fmt: skip
    return position(piles=piles, slots=slots, card="AS")


def test_the_hindsight_player_keeps_a_won_game_won_where_one_look_ahead_throws_it():
    # Nothing is hidden (the deck is empty), so every sampled deck is the real one: the ace must
    # reset a pile that brings back cards to finish the king; resetting a1 cannot.
    state = _last_king_with_an_ace()
    assert FairPlayer(1).choose(state) == Action("place", ("a1",))
    choice = HindsightPlayer(1, worlds=1, budget=2000).choose(state)
    state.apply(choice)
    assert solve(state, budget=5000).won is True


def test_the_hindsight_player_never_looks_at_the_deck_order():
    for state, twin in _positions_with_twins(6):
        assert HindsightPlayer(5, 3, 40).choose(state) == HindsightPlayer(5, 3, 40).choose(twin)


def test_the_hindsight_player_is_reproducible_from_its_seed():
    state, _ = next(_positions_with_twins(1))
    moves = {HindsightPlayer(9, 3, 40).rank(state)[0] for _ in range(2)}
    assert len(moves) == 1


def test_the_levels_are_the_hindsight_player_with_larger_budgets_for_hard():
    normal, hard = make_agent("normal", 1, GAME), make_agent("hard", 1, GAME)
    assert isinstance(normal, HindsightPlayer) and isinstance(hard, HindsightPlayer)
    assert (normal.name, hard.name) == ("normal", "hard")
    assert hard.worlds * hard.budget > normal.worlds * normal.budget


class _Guide:
    """A guide whose value of a position is how high its cards are piled on the later piles: a
    public number the test can work out itself."""

    players = 1

    def value(self, state: State, seat: int) -> float:
        assert isinstance(state, MatrixState)
        return sum(i * len(pile) for i, pile in enumerate(state.piles)) / 1000


def test_the_guided_player_breaks_even_searches_by_its_learned_value():
    """Early in a deal no search of one node finds a win: after the royals killed, the learned
    value of the position a placement leaves decides, where the unguided player asks the
    evaluation."""
    guide = _Guide()
    state = GAME.new_state(None, 1)
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[0])

    def judged(action: Action, judge: Callable[[MatrixState], float]) -> tuple[int, float]:
        child = state.clone()
        child.apply(action)
        return child.kills, judge(child)

    legal = state.legal_actions()
    by_value = max(legal, key=lambda a: judged(a, lambda child: guide.value(child, 0)))
    by_evaluation = max(legal, key=lambda a: judged(a, evaluate))
    assert by_value != by_evaluation  # the position tells the two apart
    assert HindsightPlayer(2, worlds=2, budget=1, guide=guide).choose(state) == by_value
    assert HindsightPlayer(2, worlds=2, budget=1).choose(state) == by_evaluation


def test_the_expert_is_the_hindsight_player_guided_by_the_shipped_policy():
    expert, hard = make_agent("expert", 1, GAME), make_agent("hard", 1, GAME)
    assert isinstance(expert, HindsightPlayer) and isinstance(hard, HindsightPlayer)
    assert expert.name == "expert" and expert.guide is not None and hard.guide is None
    assert (expert.worlds, expert.budget) == BUDGETS["expert"]
    assert expert.worlds * expert.budget > hard.worlds * hard.budget
    state, _ = next(_positions_with_twins(1))
    assert expert.choose(state) in state.legal_actions()


def test_the_guided_player_never_looks_at_the_deck_order():
    guide = read_policy(shipped_policies(GAME)[0])
    for state, twin in _positions_with_twins(4):
        pick = HindsightPlayer(5, 3, 40, guide=guide).choose(state)
        assert pick == HindsightPlayer(5, 3, 40, guide=guide).choose(twin)


def _positions_with_twins(count: int) -> Iterator[tuple[MatrixState, MatrixState]]:
    """Live positions with a choice after some fair play, each with a re-dealt twin."""
    found = 0
    for seed in range(100):
        state = GAME.new_state(None, seed)
        player = FairPlayer(seed)
        for _ in range(8 + seed % 13):
            if state.is_terminal:
                break
            state.apply(player.choose(state))
        if state.is_terminal or len(state.legal_actions()) < 2 or not state.deck:
            continue
        twin = state.determinize(0, Rng(seed + 99))
        assert twin.view(0) == state.view(0) and twin.deck != state.deck
        yield state, twin
        found += 1
        if found == count:
            return
