"""Setup: seeded first player, opening hands, the re-draw, and secret seeding asked in turn."""

import pytest

from cyberdeck.engine import IllegalAction, Match
from cyberdeck.engine.cards import CARDS
from cyberdeck.games.cipher_run.cards import KIND, NUMBER

from .conftest import GAME, play

#: A legal deck as heavy on programs as the rules allow, so short opening hands happen.
HEAVY_DECK = GAME.read_deck(
    "2x AS\n2x 2S\n2x 3S\nAH\n2H\n3H\n4H\n5H\n6H\n7H\nAD\n2D\n3D\n4D\n5D\n6D\n7D\n"
    "2x JC\n2x JH\n2x QC\n2x QD\nJK\nKS\n"
)


HEAVY_DECK_PAIR = [HEAVY_DECK, HEAVY_DECK]


def test_the_heavy_deck_is_legal():
    assert GAME.validate_deck(HEAVY_DECK) == []


def test_the_first_player_is_random_but_seeded():
    firsts = {GAME.new_state(seed=seed).first for seed in range(20)}
    assert firsts == {0, 1}
    assert GAME.new_state(seed=7).first == GAME.new_state(seed=7).first


def test_opening_hands_of_eight_and_the_first_player_seeds_first():
    s = GAME.new_state(seed=3)
    assert [len(h) for h in s.hands] == [8, 8]
    assert [len(d) for d in s.decks] == [22, 22]
    assert s.current_player == s.first
    assert {a.kind for a in s.legal_actions()} == {"seed"}


def test_a_hand_with_fewer_than_three_numbers_is_shown_and_drawn_again():
    states = [GAME.new_state(seed=seed, decks=[HEAVY_DECK, HEAVY_DECK]) for seed in range(400)]
    redrawn = [s for s in states if s.redraws]
    assert redrawn, "some seed in 400 deals a short hand from a 10-program deck"
    s = redrawn[0]
    seat, shown = s.redraws[0]
    assert sum(1 for c in shown if KIND[c] == NUMBER) < 3
    assert all(sum(1 for c in h if KIND[c] == NUMBER) >= 3 for h in s.hands)
    assert s.view(1 - seat)["redraws"][0]["player"] == seat  # public


def test_a_redrawn_hand_is_in_the_log_for_both_seats_and_spectators():
    decks = [[str(c) for c in HEAVY_DECK]] * 2
    seed = next(n for n in range(400) if GAME.new_state(seed=n, decks=HEAVY_DECK_PAIR).redraws)
    match = Match(GAME, None, seed=seed, decks=decks)
    seat, shown = match.state.redraws[0]
    reveals = [e for e in match.log if e.kind == "redraw"]
    assert len(reveals) == len(match.state.redraws)
    first = reveals[0]
    assert first.data == {"player": seat, "cards": [str(CARDS[c]) for c in shown]}
    assert first.text.startswith(f"Player {seat + 1} reveals an opening hand with ")
    assert all(first.visible_to(viewer) for viewer in (0, 1, None))


def seed_all(s, seat):
    for _ in range(3):
        assert s.current_player == seat
        play(s, s.legal_actions()[0].text)


def test_seeds_are_secret_until_both_players_have_seeded():
    s = GAME.new_state(seed=3)
    a, b = s.first, 1 - s.first
    seed_all(s, a)
    assert s.current_player == b
    b_view = s.view(b)
    assert all(v["nodes"][a]["hidden"] == 1 for v in b_view["vaults"])
    assert all(v["nodes"][a]["modules"] == [] for v in b_view["vaults"])
    assert all(v["nodes"][a]["hidden"] == 1 for v in s.view(None)["vaults"])
    assert all(len(v["nodes"][a]["modules"]) == 1 for v in s.view(a)["vaults"])
    seed_all(s, b)
    assert s.view(b)["phase"] == "run" and s.current_player == a
    assert all(len(v["nodes"][a]["modules"]) == 1 for v in s.view(b)["vaults"])
    assert [len(h) for h in s.hands] == [5, 5]


def test_seed_events_tell_the_card_only_to_the_seeder():
    s = GAME.new_state(seed=3)
    events = play(s, s.legal_actions()[0].text)
    public = [e for e in events if e.seats is None]
    assert public and all(e.data.get("card") is None for e in public)
    assert [e.seats for e in events if e.data.get("card")] == [frozenset({s.first})]


def test_only_number_modules_are_seeded_one_per_node():
    s = GAME.new_state(seed=3)
    assert all(KIND[GAME.read_deck(a.args[0])[0]] == NUMBER for a in s.legal_actions())
    move = s.legal_actions()[0]
    play(s, move.text)
    assert move.args[1] not in [a.args[1] for a in s.legal_actions()]
    with pytest.raises(IllegalAction, match="Seeding comes first"):
        play(s, "pass")
