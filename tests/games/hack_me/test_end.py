"""The end: the win, both losses, the safety cap, and random games that always finish."""

from cyberdeck.engine import Rng, load_game
from cyberdeck.games.hack_me.cards import TURN_CAP
from cyberdeck.games.hack_me.position import cards, play, position


def test_four_identical_agendas_in_the_archive_lose():
    state = position(actions_left=1, hands=("QD", ""), archives=("QS QH QC", ""))
    play(state, "credit", "recycle QD")
    assert state.outcome.winners == (1,) and "four Q" in state.outcome.reason
    assert state.outcome.kind == "archive"


def test_an_agenda_destroyed_into_the_archive_can_make_the_fourth():
    state = position(archives=("", "AS AH AC"), agenda=("", "AD"), stock=(2, 0), decks=("", "2S"))
    play(state, "run agenda", "trash")
    assert state.outcome.winners == (0,) and state.outcome.returns == (1.0, -1.0)


def test_three_identical_agendas_are_not_yet_a_loss():
    state = position(actions_left=1, hands=("QD", ""), archives=("QS QH", ""))
    play(state, "credit", "recycle QD")
    assert not state.is_terminal


def test_the_safety_cap_ends_the_game_as_a_draw():
    state = position(actions_left=1, turn=TURN_CAP)
    play(state, "credit", "pass")
    assert state.outcome.winners == () and state.outcome.returns == (0.0, 0.0)
    assert "safety cap" in state.outcome.reason


def test_random_games_always_end_well_within_the_cap():
    game = load_game("hack-me")
    for seed in range(30):
        state, rng, steps = game.new_state(seed=seed), Rng(seed), 0
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            steps += 1
        assert state.turn <= TURN_CAP and steps < 20_000


def test_every_card_stays_in_its_owners_pack_through_a_random_game():
    game = load_game("hack-me")
    state, rng = game.new_state(seed=5), Rng(9)
    full = sorted(cards(" ".join(["JK"] * 2)) + list(range(4, 56)))
    while not state.is_terminal:
        for p in (0, 1):
            owned = state.decks[p] + state.hands[p] + state.archives[p] + state.finalized[p]
            owned += [g & 63 for g in state.gens[p]] + [abs(c) for c in state.fws[p] if c]
            owned += [state.agenda[p]] if state.agenda[p] else []
            if state.seat == p:
                owned += state.stack + state.stacked + [abs(c) for c in state.k_pool]
                owned += state.filing
            elif state.run_card:
                owned.append(state.run_card)
            assert sorted(owned) == full
        state.apply(state.legal_actions()[rng.below(len(state.legal_actions()))])
