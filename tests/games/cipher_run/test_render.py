"""The terminal drawing and menus: what a player sees, and nothing they must not see."""

from cyberdeck.engine import ASCII, PLAIN

from .conftest import GAME, play, position


def table():
    return position(
        mine={1: "10H 9H 3H", 2: "5C 8C+KS'"}, theirs={1: "10C 8C", 3: "9D 7D"},
        hand="7H QS JD", opp_hand="2S KC", deck=4, opp_deck=3,
    )  # fmt: skip


def test_the_table_shows_vaults_stacks_totals_states_profiles_and_control():
    text = GAME.render(table().view(0), ASCII)
    lines = text.splitlines()
    assert lines[1].split() == ["VAULT1", "VAULT2", "VAULT3"]
    assert "22 LOCKED ↓♥" in text and "21 LOCKED ↑♣" in text and "16 open ↓♦" in text
    assert "5C 8C×2" in text
    assert "control          Player 1 (you)            Player 1 (you)            nobody" in text
    assert "Player 1 (you): hand 3, deck 4, discard 0, controls 2" in text
    assert "Your hand: 7H JD(Kill-Switch) QS(Revector)" in text


def test_the_opponents_hand_is_never_drawn():
    text = GAME.render(table().view(1), ASCII) + GAME.render(table().view(None), ASCII)
    assert "7H" not in text and "QS" not in text
    assert "Your hand: 2S KC(Overclock)" in GAME.render(table().view(1), ASCII)


def test_line_mode_speaks_in_sentences():
    text = GAME.render(table().view(0), PLAIN)
    assert (
        "Vault 1, Player 1 (you): ten of hearts, nine of hearts, three of hearts (top last); "
        in text
    )
    assert "Player 1 (you) controls Vault 1." in text
    assert "Your hand: seven of hearts, jack of diamonds, queen of spades." in text


def test_menu_entries_say_what_a_move_does():
    s = table()
    view = s.view(0)
    said = {a.text: GAME.describe_action(a, view) for a in s.legal_actions()}
    assert said["deploy 7H vault3"] == "7H on your vault3: total 0 -> 7 (open)"
    assert said["deploy JD vault1 opp 2"] == (
        "Kill-Switch JD: remove 8C from opponent's vault1: total 18 -> 10"
    )
    assert said["deploy QS vault3 opp"] == (
        "Revector QS: flip opponent's vault3 from descending to ascending"
    )
    assert said["reset vault2"] == "Hard Reset your vault2: 2 modules, total 21 (no draw)"
    groups = [GAME.action_group(a) for a in s.legal_actions()]
    assert groups == sorted(groups, key=groups.index)  # each group in one block
    assert groups[0] == "Deploy a Number Module" and "Run a program" in groups


def test_the_end_screen_gives_the_reason():
    s = position(mine={1: "10H 9H 2H", 2: "10C 9C"}, hand="4C", breach="end")
    play(s, "deploy 4C vault2")
    text = GAME.render(s.view(1), ASCII)
    assert "Player 1 wins the run." in text
    assert "Why: Breach: Player 1 controls vault1 and vault2." in text


def test_a_zero_day_entry_counts_what_it_would_purge():
    s = position(mine={1: "7S 3H 7C"}, theirs={2: "2D 7D", 3: "7H"}, hand="JK")
    said = GAME.describe_action(GAME.parse_action("deploy JK vault3 opp 1"), s.view(0))
    assert (
        said
        == "Zero-Day on 7H at opponent's vault3: purge every other 7 (1 of the opponent's, 2 of yours)"
    )


def test_a_redrawn_opening_hand_is_shown_while_seeding():
    from .test_setup import HEAVY_DECK

    s = next(
        s
        for s in (GAME.new_state(seed=n, decks=[HEAVY_DECK, HEAVY_DECK]) for n in range(400))
        if s.redraws
    )
    seat = s.redraws[0][0]
    text = GAME.render(s.view(1 - seat), ASCII)
    assert f"Player {seat + 1} showed a hand with fewer than 3 Number Modules (" in text
