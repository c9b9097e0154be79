"""Agents play every registered game legally, reproducibly, and without cheating."""

from __future__ import annotations

import pytest

from cyberdeck.agents import GreedyAgent, IsmctsAgent, RandomAgent, make_agent
from cyberdeck.agents.ismcts import Node
from cyberdeck.engine import Action, BadOption, Game, Rng, State, games

GAMES = [pytest.param(g, id=g.id) for g in games()]


def play_out(game: Game, agents, seed: int, options=None) -> State:
    state = game.new_state(options, seed)
    while not state.is_terminal:
        seat = state.current_player
        action = agents[seat % len(agents)].choose(state)
        assert action in state.legal_actions()
        state.apply(action)
    return state


def positions_with_secrets(game: Game, count: int):
    """Live positions along random games, each with a re-dealt twin that looks the same."""
    found = 0
    seed = 0
    while found < count and seed < count * 10:
        state = game.new_state(None, seed)
        rng = Rng(seed)
        for _ in range(5 + seed % 17):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
        seed += 1
        if state.is_terminal or len(state.legal_actions()) < 2:
            continue
        seat = state.current_player
        twin = state.determinize(seat, Rng(seed + 1000))
        assert twin.view(seat) == state.view(seat)
        found += 1
        yield state, twin


@pytest.mark.parametrize("game", GAMES)
def test_every_agent_plays_every_game_to_the_end(game: Game):
    for seed, agents in enumerate(
        [[RandomAgent(1)], [GreedyAgent(2)], [IsmctsAgent(20, seed=3)], [make_agent("easy", 4)]]
    ):
        state = play_out(game, agents * game.max_players, seed)
        assert state.outcome is not None


@pytest.mark.parametrize("game", GAMES)
def test_agents_do_not_cheat(game: Game):
    """Same view for the agent's seat, different hidden cards: the same decision."""
    for state, twin in positions_with_secrets(game, 6):
        for make in (lambda: GreedyAgent(7), lambda: IsmctsAgent(40, seed=7)):
            assert make().choose(state) == make().choose(twin)


@pytest.mark.parametrize("game", GAMES)
def test_a_games_own_agents_do_not_cheat(game: Game):
    """The agents a game brings (MATR1X's fair player, its hindsight levels) pass the same test."""
    for state, twin in positions_with_secrets(game, 2):
        for name, make in game.agents().items():
            assert make(7).choose(state) == make(7).choose(twin), name


@pytest.mark.parametrize("game", GAMES)
def test_ismcts_is_reproducible_under_an_iteration_budget(game: Game):
    state = game.new_state(None, 5)
    first = IsmctsAgent(60, seed=11).choose(state)
    assert IsmctsAgent(60, seed=11).choose(state) == first


def test_time_budget_stops_the_search():
    game = games()[0]
    agent = IsmctsAgent(None, 0.05, seed=1)
    state = game.new_state(None, 1)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    agent.choose(state)
    assert agent.last_iterations >= 1


def test_agent_names_and_bad_specs():
    game = games()[0]
    assert make_agent("ismcts:25", 0).name == "ismcts:25"
    assert make_agent("normal", 0).name == "normal"
    with pytest.raises(BadOption, match="no agent 'alphago'"):
        make_agent("alphago", 0, game)
    with pytest.raises(BadOption, match="not a budget"):
        make_agent("ismcts:lots", 0)


def test_a_level_can_be_tried_at_another_budget():
    """``make_agent``'s ``budgets`` (what ``bench/head_to_head.py --budget`` passes) replace a
    level's own budget, the expert's too, and leave the other levels and agents as they are."""
    from cyberdeck.engine import Budget, load_game

    cypher = load_game("cypher")
    tried = {"hard": Budget(7, 1.5, 3, 0.2), "expert": Budget(9, 2.0)}
    hard = make_agent("hard", 0, cypher, tried)
    assert isinstance(hard, IsmctsAgent) and hard.name == "hard"
    assert (hard.iterations, hard.seconds, hard.rollout_depth, hard.rollout_epsilon) == (
        7, 1.5, 3, 0.2,
    )  # fmt: skip
    expert = make_agent("expert", 0, cypher, tried)
    assert isinstance(expert, IsmctsAgent) and (expert.iterations, expert.seconds) == (9, 2.0)
    normal = make_agent("normal", 0, cypher, tried)
    assert isinstance(normal, IsmctsAgent) and normal.iterations == 100
    assert make_agent("greedy", 0, cypher, tried).name == "greedy"
    play_out(cypher, [hard, expert], 3)


def test_a_game_may_give_a_level_its_own_budget():
    """The CCG's hard and expert think longer and play no playout moves, Cypher's hard thinks
    longer and plays further out, Cipher Run's expert thinks longer, Hack-Me's normal thinks
    less; other games' levels are the generic ones, and a level asked for without a game is
    too."""
    from cyberdeck.agents.levels import BUDGETS
    from cyberdeck.engine import load_game

    def budget(agent: object) -> tuple[object, ...]:
        assert isinstance(agent, IsmctsAgent)
        return agent.iterations, agent.seconds, agent.rollout_depth, agent.rollout_epsilon

    ccg = load_game("cyberpunk-ccg")
    assert budget(make_agent("hard", 0, ccg)) == (800, 5.0, 0, 1.0)
    assert budget(make_agent("expert", 0, ccg)) == (800, 5.0, 0, 1.0)
    assert budget(make_agent("normal", 0, ccg)) == (100, 0.8, 0, 1.0)
    assert budget(make_agent("hard", 0, load_game("cypher"))) == (800, 5.0, 50, 0.1)
    assert budget(make_agent("expert", 0, load_game("cipher-run"))) == (1600, 5.0, 0, 1.0)
    hack_me = load_game("hack-me")
    assert budget(make_agent("normal", 0, hack_me)) == (25, 0.8, 0, 1.0)
    generic = BUDGETS["hard"]
    for game in (load_game("cipher-run"), hack_me, None):
        agent = make_agent("hard", 0, game)
        assert agent.name == "hard"
        assert budget(agent) == (generic.iterations, 5.0, 2, 0.1)
    for game in (load_game("cipher-run"), load_game("cypher"), None):
        assert budget(make_agent("normal", 0, game)) == (100, 0.8, 0, 1.0)


@pytest.mark.parametrize("game", GAMES)
def test_pimc_plays_fairly_and_legally(game: Game):
    from cyberdeck.agents.pimc import PimcAgent

    for state, twin in positions_with_secrets(game, 3):
        assert PimcAgent(2, 2, seed=3).choose(state) == PimcAgent(2, 2, seed=3).choose(twin)
    assert make_agent("pimc:2:1", 0).name == "pimc:2:1"
    with pytest.raises(BadOption, match="not a PIMC budget"):
        make_agent("pimc:x", 0)


def guided(seed: int, iterations: int = 40, reuse: bool = False) -> IsmctsAgent:
    """The search as the levels configure it: evaluation priors, a pool of worlds."""
    return IsmctsAgent(iterations, seed=seed, prior_weight=1.0, worlds=8, reuse=reuse)


def untimed_hard(game: Game) -> IsmctsAgent:
    """The hard level without its 5 s cap: on a loaded machine the cap, not the hidden cards,
    could end one of two searches early and tell them apart."""
    agent = make_agent("hard", 7, game)
    assert isinstance(agent, IsmctsAgent) and agent.iterations is not None
    agent.seconds = None
    return agent


@pytest.mark.parametrize("game", GAMES)
def test_guided_search_does_not_cheat(game: Game):
    for state, twin in positions_with_secrets(game, 6):
        assert guided(7).choose(state) == guided(7).choose(twin)
        if "hard" not in game.agents():  # a game's own hard level: its own agents' test
            assert untimed_hard(game).choose(state) == untimed_hard(game).choose(twin)


@pytest.mark.parametrize("game", GAMES)
def test_a_kept_tree_does_not_cheat(game: Game):
    """Along a seat's consecutive decisions, a state and its re-dealt twin get the same moves."""
    for state, twin in positions_with_secrets(game, 4):
        seat = state.current_player
        mine, theirs = guided(5, reuse=True), guided(5, reuse=True)
        for _ in range(4):
            if state.current_player != seat or state.view(seat) != twin.view(seat):
                break
            action = mine.choose(state)
            assert theirs.choose(twin) == action
            state.apply(action)
            twin.apply(action)


def test_a_kept_tree_counts_towards_the_next_budget():
    """Hack-Me turns are four actions by one seat: the next one starts from the last one's tree."""
    game = next(g for g in games() if g.id == "hack-me")
    reused = 0
    for seed in range(6):
        state = game.new_state(None, seed)
        agent = guided(seed, iterations=60, reuse=True)
        for _ in range(60):
            if state.is_terminal:
                break
            state.apply(agent.choose(state))
            kept = agent.kept
            if kept is None or kept[0] != state.view(state.current_player):
                continue  # a different seat decides, or the move brought news (a draw)
            if len(state.legal_actions()) < 2:
                continue
            subtree = kept[1]
            before = subtree.visits
            agent.choose(state)
            # The kept node was the root: it holds the new iterations on top of the old ones.
            assert subtree.visits == before + agent.last_iterations
            assert agent.last_iterations <= 60 - before
            reused += 1
            break
    assert reused >= 3


def test_search_stops_once_the_choice_is_settled():
    root = Node(None)
    for visits in (10, 3, 1):
        child = Node(0)
        child.visits = visits
        root.children[Action("move", (str(visits),))] = child
    assert IsmctsAgent.settled(root, 6)
    assert not IsmctsAgent.settled(root, 7)


def playing_out(seed: int, epsilon: float = 0.1) -> IsmctsAgent:
    """Guided search whose leaves are scored after two epsilon-greedy playout moves."""
    return IsmctsAgent(
        40, seed=seed, prior_weight=1.0, worlds=8, rollout_depth=2, rollout_epsilon=epsilon
    )


@pytest.mark.parametrize("game", GAMES)
def test_playouts_do_not_cheat(game: Game):
    for state, twin in positions_with_secrets(game, 6):
        assert playing_out(7).choose(state) == playing_out(7).choose(twin)


@pytest.mark.parametrize("game", GAMES)
def test_playouts_are_reproducible_under_an_iteration_budget(game: Game):
    for state, _ in positions_with_secrets(game, 2):
        assert playing_out(11).choose(state) == playing_out(11).choose(state)


@pytest.mark.parametrize("game", GAMES)
def test_a_playout_move_is_the_one_the_evaluation_likes_best(game: Game):
    for state, _ in positions_with_secrets(game, 4):
        player = state.current_player
        values = {}
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            values[action] = IsmctsAgent.value(after, player)
        move = playing_out(3).playout_move(state, state.legal_actions())
        assert values[move] == pytest.approx(max(values.values()), abs=1e-5)


class CountingPlayouts(IsmctsAgent):
    def __init__(self, epsilon: float) -> None:
        super().__init__(10, seed=4, rollout_depth=3, rollout_epsilon=epsilon)
        self.greedy_moves = 0

    def playout_move(self, world: State, legal: list[Action]) -> Action:
        self.greedy_moves += 1
        return super().playout_move(world, legal)


def test_playout_moves_are_greedy_or_random_as_epsilon_says():
    game = next(g for g in games() if g.id == "cipher-run")
    state = game.new_state(None, 2)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    greedy, random = CountingPlayouts(0.0), CountingPlayouts(1.0)
    greedy.rollout(state.clone(), 3)
    random.rollout(state.clone(), 3)
    assert greedy.greedy_moves >= 1
    assert random.greedy_moves == 0


def test_playouts_start_only_where_the_turn_has_passed():
    """Cipher Run's first seat seeds three nodes in a row: no leaf there hands the turn over."""
    game = next(g for g in games() if g.id == "cipher-run")
    state = game.new_state(None, 2)
    seeding, running = CountingPlayouts(0.0), CountingPlayouts(0.0)
    seeding.choose(state)
    assert seeding.greedy_moves == 0
    while state.view(None)["phase"] == "seeding":
        state.apply(state.legal_actions()[0])
    running.choose(state)
    assert running.greedy_moves > 0


class CheckingLeaves(IsmctsAgent):
    """A guided search that scores every leaf twice: with the value its new prior was scored
    with (what the search does), and by the evaluation afresh for every seat."""

    def __init__(self, seed: int) -> None:
        super().__init__(60, seed=seed, prior_weight=1.0, worlds=16)
        self.reused = 0

    def rollout(
        self, world: State, depth: int, known: tuple[int | None, float] | None = None
    ) -> list[float]:
        returns = super().rollout(world, depth, known)
        if known is not None and depth == 0:
            self.reused += 1
            assert returns == super().rollout(world, 0)
        return returns


@pytest.mark.parametrize("game", GAMES)
def test_a_leaf_scored_with_its_prior_scores_as_the_evaluation_does(game: Game):
    """A guided search goes on from the position it scored a new move's prior on and takes that
    score for the leaf's mover: the returns are the evaluation's for every seat."""
    agent = CheckingLeaves(3)
    for state, _ in positions_with_secrets(game, 3):
        agent.choose(state)
    assert agent.reused > 0
