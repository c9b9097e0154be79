"""The heuristic: in [-1, 1], from what the seat may know, and pointing the right way."""

from itertools import pairwise

from cyberdeck.engine import Rng, load_game
from cyberdeck.games.hack_me.position import position

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
