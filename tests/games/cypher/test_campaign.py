"""The campaign variant: points per win, the previous winner starts, 4/3/2 points to win."""

from cyberdeck.engine import Rng
from cyberdeck.games.cypher.campaign import POINTS_TO_WIN, Campaign


def test_points_needed_depend_on_the_player_count():
    assert POINTS_TO_WIN == {2: 4, 3: 3, 4: 2}
    assert Campaign(3).target == 3


def test_the_previous_winner_starts_the_next_game():
    campaign = Campaign(3, seed=4)
    first = campaign.next_game()
    rng = Rng(1)
    while not first.is_terminal:
        first.apply(rng.choice(first.legal_actions()))
    winner = campaign.score(first.outcome)
    assert campaign.points[winner] == 1
    second = campaign.next_game()
    assert second.start == winner and second.current_player == winner


def test_a_campaign_runs_until_someone_reaches_the_target():
    rng = Rng(3)
    campaign = Campaign(4, seed=2)
    victor = campaign.play(lambda state: rng.choice(state.legal_actions()))
    assert campaign.points[victor] == 2 and sum(campaign.points) == len(campaign.results)
    assert "first to 2" in campaign.standings()
