"""Terminal drawing: both areas, the run as it happens, described moves, and no secrets shown."""

from cyberdeck.engine import ASCII, PLAIN, Rng, Style, load_game
from cyberdeck.games.hack_me.position import play, position

GAME = load_game("hack-me")


def test_the_table_shows_both_areas_the_action_counter_and_the_prompt():
    state = position(hands=("7H", "KD"), generators=("8S:3", ""), stock=(4, 2), tags=(1, 0),
                     firewalls=({"deck": "+3S 2S"}, {"hand": "4H"}), agenda=("", "QH"), invest=(0, 2))  # fmt: skip
    text = GAME.render(state.view(0), ASCII)
    for part in ("stock 4", "tags 1", "8S:3", "L1 3S(str 2)", "L2 [2S] inactive", "L1 [face down]",
                 "face down, invested 2", "actions left 4/4", "hand: 7H", "Hacker A (you)"):  # fmt: skip
        assert part in text, part
    assert "KD" not in text and "QH" not in text and "4H" not in text


def test_the_run_is_drawn_step_by_step():
    state = position(firewalls=({}, {"deck": "2S +3S"}), decks=("", "9H"), stock=(5, 1))
    play(state, "run deck")
    assert "RUN: Hacker A on the deck, at firewall level 2" in GAME.render(state.view(1), ASCII)
    play(state, "pass")
    assert "pay 2 credits" in GAME.render(state.view(0), ASCII)
    play(state, "pay")
    assert "pay 0 to activate your level 1 firewall" in GAME.render(state.view(1), ASCII)


def test_line_mode_speaks_in_sentences_and_colour_mode_draws():
    state = position(hands=("7H", ""), firewalls=({}, {"hand": "4H"}))
    plain = GAME.render(state.view(0), PLAIN)
    assert (
        "Hacker B's hand firewall level 1: inactive." in plain
        and "Your hand: seven of hearts." in plain
    )
    assert "\x1b[" in GAME.render(state.view(0), Style(colour=True))


def test_every_move_of_a_random_game_has_a_description_and_every_view_draws():
    state, rng = GAME.new_state(seed=21), Rng(3)
    while not state.is_terminal:
        view = state.view(state.current_player)
        GAME.render(view, ASCII)
        GAME.render(view, PLAIN)
        for action in state.legal_actions():
            assert GAME.describe_action(action, view)
        state.apply(state.legal_actions()[rng.below(len(state.legal_actions()))])
    assert "Game over" in GAME.render(state.view(None), ASCII)


def test_look_shows_one_part_of_the_table_in_full_without_secrets():
    state = position(
        hands=("7H", "KD 2C"), archives=("QS 3D", "8C"), firewalls=({}, {"deck": "4H +5H"})
    )
    view = state.view(0)
    assert (
        GAME.inspect(view, "archive", ASCII) == "Hacker A's archive, top first (2 cards): QS, 3D."
    )
    assert GAME.inspect(view, "their hand", ASCII) == "Hacker B's hand: 2 face-down cards."
    walls = GAME.inspect(view, "b firewalls", ASCII)
    assert "5H" in walls and "4H" not in walls
    assert GAME.inspect(view, "the moon", ASCII) is None
