"""The heuristic: in [-1, 1], from what the seat may know, and pointing the right way."""

from itertools import pairwise

from cyberdeck.agents import make_agent
from cyberdeck.engine import Rng, load_game
from cyberdeck.games.hack_me.position import play, position

GAME = load_game("hack-me")


def test_evaluation_reads_only_what_the_seat_knows():
    state, rng = GAME.new_state(seed=8), Rng(1)
    while not state.is_terminal:
        for seat in (0, 1):
            value = GAME.evaluate(state, seat)
            assert -1 <= value <= 1
            assert GAME.evaluate(state.determinize(seat, Rng(rng.next64())), seat) == value
        state.apply(state.legal_actions()[rng.below(len(state.legal_actions()))])
    assert GAME.evaluate(state, state.outcome.winners[0]) == 1.0


def test_finalized_agendas_and_safety_count():
    ahead = position(finalized=("AS 10S", ""), hands=("2S", "2H"))
    assert GAME.evaluate(ahead, 0) > 0 > GAME.evaluate(ahead, 1)
    exposed = position(tags=(2, 0), hands=("", "2H"), archives=("QS QH QD", ""))
    assert GAME.evaluate(exposed, 0) < GAME.evaluate(position(hands=("2S", "2H")), 0)


def test_each_archived_agenda_of_a_rank_costs_more_than_the_last():
    values = [
        GAME.evaluate(position(hands=("2S", "2H"), archives=(archive, "")), 0)
        for archive in ("", "QS", "QS QH", "QS QH QD")
    ]
    assert values[0] > values[1] > values[2] > values[3]
    steps = [a - b for a, b in pairwise(values)]
    assert steps[0] < steps[1] < steps[2]
    # Two ranks with one agenda each are safer than two agendas of one rank.
    spread = GAME.evaluate(position(hands=("2S", "2H"), archives=("QS KS", "")), 0)
    assert spread > values[2]


def test_what_a_run_would_reach_on_top_of_the_archive_costs_a_little():
    def value(archive):
        return GAME.evaluate(position(hands=("2S", "2H"), archives=(archive, "")), 0)

    assert value("2S 9H") > value("6H 2S") > value("9H 2S")  # top first: a 9 gives 9 credits
    assert value("2S KH") > value("KH 2S")


def test_the_owner_puts_the_richer_generator_under():
    state = position(actions_left=1, generators=("", "6S:1 9H:1"))
    play(state, "credit", "pass")
    choices = {make_agent("greedy", seed).choose(state).text for seed in range(8)}
    assert choices == {"archive 9H"}  # the 6 on top gives a runner 6 credits, not 9
