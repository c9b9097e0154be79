"""The leaderboard's figures as people read them: a rating on a familiar scale that is never
negative, and each player by the name the tables give it, never a stored key."""

from __future__ import annotations

from openskill.models import PlackettLuce

from cyberdeck.server.ratings import ordinal, shown_name, shown_rating


def test_a_new_player_reads_1500_and_losses_never_go_below_0():
    model = PlackettLuce()
    player, other = model.rating(), model.rating()
    assert shown_rating(player.mu, player.sigma) == 1500
    for _ in range(60):
        [[player], [other]] = model.rate([[player], [other]], ranks=[2, 1])
    assert ordinal(player.mu, player.sigma) < 0  # what the board showed before
    assert shown_rating(player.mu, player.sigma) >= 0
    assert shown_rating(other.mu, other.sigma) > 1500 > shown_rating(player.mu, player.sigma)


def test_players_are_named_as_at_the_table():
    assert shown_name("ai:normal", "ai") == "Normal AI"
    assert shown_name("house:matrix-overload", "house") == "The house"
    assert shown_name("alice", "human") == "alice"
