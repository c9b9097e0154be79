"""The evaluation the AIs search with, and the decisions that end a two-player game: a leader keeps
its Cypher Anomaly and plays it while its lead is worth ending on, rather than building the lead
until a Technomancer takes it away (two-player games of ``normal`` drifted into the round limit)."""

from cyberdeck.agents import make_agent
from cyberdeck.engine import Agent, Rng, load_game
from cyberdeck.games.cypher.evaluate import evaluate
from cyberdeck.games.cypher.position import act, table

GAME = load_game("cypher")


def normal(seed: int) -> Agent:
    """The ``normal`` level with its iteration budget only: its time cap would make the choice
    depend on how busy the machine is."""
    agent = make_agent("normal", seed, GAME)
    agent.seconds = None  # type: ignore[attr-defined]
    return agent


def choices(make, position, seeds=range(12)) -> list[str]:
    """The move each seeded agent makes in a fresh copy of the position."""
    out = []
    for seed in seeds:
        state = position()
        out.append(GAME.describe_action(make(seed).choose(state), state.view(None)))
    return out


def leader_with_an_anomaly():
    """Seat 0 leads 12 to 8 with a full area; the Executive would take the lead to 14, the Anomaly
    (the Fixer making room) ends the game with seat 0 at 11."""
    return table(
        2,
        areas={0: "aristocrat corp-overseer fixer", 1: "syndicate-chief data-runner"},
        hands={0: "cypher-anomaly executive", 1: "hacker bodyguard"},
        deck="archivist extractor",
    )


def test_the_leader_plays_its_anomaly_instead_of_building_its_lead():
    played = choices(normal, leader_with_an_anomaly)
    assert sum("Cypher Anomaly" in move for move in played) >= 10, played
    greedy = choices(lambda seed: make_agent("greedy", seed), leader_with_an_anomaly)
    assert all("Cypher Anomaly" in move for move in greedy), greedy


def leader_at_the_pass():
    state = table(
        2,
        areas={0: "corp-overseer", 1: "coder"},
        hands={0: "data-runner cypher-anomaly", 1: "hacker bodyguard"},
        deck="fixer extractor",
    )
    act(state, "play data-runner", "draw top", "draw top")
    return state


def test_the_leader_does_not_pass_its_anomaly_to_the_player_behind():
    for make in (normal, lambda seed: make_agent("greedy", seed)):
        passed = choices(make, leader_at_the_pass, range(8))
        assert not any("Cypher Anomaly" in move for move in passed), passed


def test_an_anomaly_is_worth_something_only_in_the_leaders_own_hand():
    plain = table(2, areas={0: "aristocrat", 1: "coder"}, hands={0: "hacker fixer"})
    held = table(2, areas={0: "aristocrat", 1: "coder"}, hands={0: "hacker cypher-anomaly"})
    assert 0 < evaluate(plain, 0) < evaluate(held, 0)
    assert evaluate(held, 1) == evaluate(plain, 1) < 0
    behind = table(2, areas={0: "coder", 1: "aristocrat"}, hands={0: "hacker cypher-anomaly"})
    assert evaluate(behind, 0) == evaluate(plain, 1)


def test_holding_the_anomaly_is_worth_less_than_playing_it():
    state = table(2, areas={0: "aristocrat", 1: "coder"}, hands={0: "hacker cypher-anomaly"})
    held = evaluate(state, 0)
    act(state, "play cypher-anomaly")
    assert state.trigger == 0 and evaluate(state, 0) > held


def test_an_anomaly_arriving_in_a_full_area_counts_as_the_end_less_the_card_that_leaves():
    state = table(
        2, areas={0: "aristocrat hacker coder", 1: "fixer"}, hands={0: "cypher-anomaly bodyguard"}
    )
    act(state, "play cypher-anomaly")  # the area is full: a card must make room first
    arriving = evaluate(state, 0)
    assert state.trigger < 0
    act(state, "bump hacker")
    assert state.trigger == 0 and evaluate(state, 0) == arriving


def test_the_value_reads_only_what_the_seat_knows():
    rng = Rng(5)
    for seed in range(3):
        state = GAME.new_state({"players": 2}, seed)
        while not state.is_terminal:
            for seat in (0, 1):
                value = evaluate(state, seat)
                assert -1 <= value <= 1
                assert evaluate(state.determinize(seat, Rng(rng.next64())), seat) == value
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
