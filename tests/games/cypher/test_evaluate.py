"""The evaluation the AIs search with: a lead counts more the nearer the end, and a Cypher Anomaly
in the leader's hand brings the end one play nearer (so the leader keeps it, and plays it)."""

from cyberdeck.games.cypher.evaluate import evaluate
from cyberdeck.games.cypher.position import act, table


def test_a_lead_is_worth_more_with_an_anomaly_in_hand():
    plain = table(2, areas={0: "aristocrat", 1: "coder"}, hands={0: "hacker fixer"})
    held = table(2, areas={0: "aristocrat", 1: "coder"}, hands={0: "hacker cypher-anomaly"})
    assert 0 < evaluate(plain, 0) < evaluate(held, 0)
    # It is no help to the player behind, and the rival's value mirrors it.
    assert evaluate(held, 1) == evaluate(plain, 1) < 0


def test_an_anomaly_arriving_in_a_full_area_counts_as_the_end_triggered():
    state = table(
        2, areas={0: "aristocrat hacker coder", 1: "fixer"}, hands={0: "cypher-anomaly bodyguard"}
    )
    before = evaluate(state, 0)
    act(state, "play cypher-anomaly")  # the area is full: a card must make room first
    assert state.trigger < 0 and evaluate(state, 0) > before
