"""Contract details specific to Cipher Run: the action space, secrecy in views and determinize."""

import json

from cyberdeck.engine import Card, Rng
from cyberdeck.games.cipher_run.cards import KIND, NUMBER

from .conftest import GAME, play


def test_every_action_in_the_space_reads_back_from_its_text():
    space = GAME.action_space
    assert space.size == len(set(space.actions))
    for action in space.actions:
        assert GAME.parse_action(action.text) == action


def test_legal_actions_are_in_the_space_and_stable():
    s = GAME.new_state(seed=11)
    rng = Rng(5)
    while not s.is_terminal:
        legal = s.legal_actions()
        assert [GAME.action_space.index(a) for a in legal]
        assert s.clone().legal_actions() == legal
        s.apply(legal[rng.below(len(legal))])


def test_views_never_hold_a_hand_or_the_deck_order_of_another_seat():
    s = GAME.new_state(seed=8)
    rng = Rng(2)
    while not s.is_terminal:
        for seat in (0, 1):
            view = s.view(seat)
            assert "hand" not in view["players"][1 - seat]
            # A deck list says what a deck was built of, in card order, never the deck's order.
            shown = json.dumps(view).replace("deck_count", "").replace("deck_list", "")
            assert "deck" not in shown
            for player in view["players"]:
                assert player["deck_list"] == sorted(player["deck_list"], key=Card.parse)
        s.apply(rng.choice(s.legal_actions()))


def test_determinize_during_seeding_redeals_hidden_seeds_as_numbers():
    s = GAME.new_state(seed=3)
    a, b = s.first, 1 - s.first
    for _ in range(3):
        play(s, s.legal_actions()[0].text)
    world = s.determinize(b, Rng(9))
    assert world.view(b) == s.view(b)
    assert world.hands[b] == sorted(s.hands[b])
    seeds = [world.mods[a * 3 + v][0] for v in range(3)]
    assert all(KIND[c] == NUMBER for c in seeds)
    pool = sorted(s.hands[a] + s.decks[a] + [s.mods[a * 3 + v][0] for v in range(3)])
    assert sorted(world.hands[a] + world.decks[a] + seeds) == pool


def test_determinize_keeps_a_hand_that_must_still_seed_able_to_seed():
    for seed in range(30):
        s = GAME.new_state(seed=seed)
        world = s.determinize(s.first, Rng(seed))  # the second player has not seeded yet
        other = 1 - s.first
        assert sum(1 for c in world.hands[other] if KIND[c] == NUMBER) >= 3


def test_the_fast_legal_move_list_agrees_with_the_placement_rule():
    for seed in range(30):
        s = GAME.new_state(seed=seed)
        rng = Rng(seed)
        while not s.is_terminal:
            if s.phase == 1:
                p = s.current_player
                expected = {
                    (c, v) for c in set(s.hands[p]) if KIND[c] == NUMBER for v in range(3)
                    if s.fits(p * 3 + v, c)
                }  # fmt: skip
                listed = {
                    (GAME.read_deck(a.args[0])[0], int(a.args[1][-1]) - 1)
                    for a in s.legal_actions()
                    if a.kind == "deploy" and len(a.args) == 2
                }
                assert listed == expected
            s.apply(rng.choice(s.legal_actions()))


def test_evaluate_is_bounded_and_uses_only_what_the_seat_knows():
    s = GAME.new_state(seed=21)
    rng = Rng(4)
    while not s.is_terminal:
        for seat in (0, 1):
            value = GAME.evaluate(s, seat)
            assert -1 <= value <= 1
            assert GAME.evaluate(s.determinize(seat, Rng(rng.next64())), seat) == value
        s.apply(rng.choice(s.legal_actions()))
    assert GAME.evaluate(s, 0) == s.outcome.returns[0]


def test_evaluate_prefers_holding_vaults():
    from .conftest import position

    ahead = position(mine={1: "10H 9H 3H", 2: "10C 9C 4C"})
    behind = position(theirs={1: "10H 9H 3H", 2: "10C 9C 4C"})
    assert GAME.evaluate(ahead, 0) > 0.5 > -0.5 > GAME.evaluate(behind, 0)
