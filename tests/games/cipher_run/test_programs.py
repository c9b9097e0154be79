"""Programs: Kill-Switch, Revector, Overclock, Zero-Day; removals; cards back to their owners."""

import pytest

from cyberdeck.engine import ASCII, IllegalAction

from .conftest import GAME, play, position, stack


def discard(s, seat):
    return " ".join(s.view(None)["players"][seat]["discard"])


def test_kill_switch_removes_the_module_and_its_overclocks_to_their_owners():
    s = position(theirs={1: "3C 9C+KH+KS' 10C"}, hand="JS")
    play(s, "deploy JS vault1 opp 2")
    assert stack(s, 1, 1) == "3C 10C asc"
    assert discard(s, 1) == "9C KH"  # the module and the opponent's own Overclock
    assert discard(s, 0) == "KS JS"  # my Overclock, then my resolved Kill-Switch


def test_kill_switch_may_hit_your_own_module():
    s = position(mine={2: "9H 10H"}, hand="JD")
    play(s, "deploy JD vault2 own 2")
    assert stack(s, 0, 2) == "9H"


def test_revector_flips_a_profile_on_either_side():
    s = position(mine={1: "3H 5H"}, theirs={3: "9C 4C"}, hand="QS QD")
    play(s, "deploy QS vault3 opp")
    assert stack(s, 1, 3) == "9C 4C asc"
    assert discard(s, 0) == "QS"


def test_revector_needs_a_node_with_a_profile():
    s = position(mine={1: "3H"}, theirs={1: "9C 4C"}, hand="QS")
    assert [a.text for a in s.legal_actions() if a.kind == "deploy"] == ["deploy QS vault1 opp"]
    with pytest.raises(IllegalAction, match="needs a node with a profile"):
        play(s, "deploy QS vault1 own")


@pytest.mark.parametrize(("stack_text", "total"), [("6C", 12), ("6C+KH", 24), ("6C+KH+KD", 48)])
def test_overclocks_stack_times_two_four_eight(stack_text, total):
    s = position(mine={1: stack_text}, hand="KS")
    play(s, "deploy KS vault1 own 1")
    assert s.total[0] == total


def test_overclock_on_the_opponents_module_stays_mine():
    s = position(theirs={2: "8D 9D"}, hand="KS")
    play(s, "deploy KS vault2 opp 1")
    assert stack(s, 1, 2) == "8D+KS' 9D asc"
    assert s.total[4] == 25
    assert discard(s, 0) == ""  # an Overclock stays in play


def test_zero_day_on_an_ace_purges_its_suit_everywhere_but_the_target():
    s = position(mine={1: "AS+KH 5S 7H", 2: "9S"}, theirs={1: "AS 3S", 3: "10D"}, hand="JK")
    play(s, "deploy JK vault1 own 1")
    assert (stack(s, 0, 1), stack(s, 0, 2)) == ("AS+KH 7H asc", "")
    assert (stack(s, 1, 1), stack(s, 1, 3)) == ("", "10D")


def test_zero_day_on_a_number_purges_its_value_everywhere_but_the_target():
    s = position(mine={1: "7S 3H 7C"}, theirs={2: "2D 7D+KS'", 3: "7H"}, hand="JK")
    play(s, "deploy JK vault3 opp 1")
    assert stack(s, 0, 1) == "3H"
    assert (stack(s, 1, 2), stack(s, 1, 3)) == ("2D", "7H")
    assert discard(s, 0) == "7S 7C KS JK"
    assert discard(s, 1) == "7D"


def test_a_node_left_with_one_module_loses_its_profile():
    s = position(theirs={1: "3C 9C"}, hand="JS")
    play(s, "deploy JS vault1 opp 2")
    node = s.view(0)["vaults"][0]["nodes"][1]
    assert (node["profile"], node["protocol"]) == (None, "C")


def test_an_empty_node_loses_profile_and_protocol():
    s = position(theirs={1: "3C"}, hand="JS")
    play(s, "deploy JS vault1 opp 1")
    node = s.view(0)["vaults"][0]["nodes"][1]
    assert (node["modules"], node["profile"], node["protocol"]) == ([], None, None)


def test_a_removal_leaving_two_modules_keeps_the_profile():
    s = position(mine={1: "9C 3C 5D desc"}, hand="JS")
    play(s, "deploy JS vault1 own 3")
    assert stack(s, 0, 1) == "9C 3C desc"


def test_targets_are_counted_from_the_bottom_and_must_exist():
    s = position(theirs={1: "3C 9C"}, hand="JS")
    with pytest.raises(IllegalAction) as err:
        play(s, "deploy JS vault1 opp 3")
    assert (
        str(err.value) == "The opponent's node at vault1 has modules 1 to 2; there is no module 3."
    )


# --- an Overclocked module: its face value is what the rules compare, its worth what it adds ----


def test_the_view_names_a_modules_face_value_and_its_worth_apart():
    s = position(mine={1: "3H 5H+KS+KD"}, hand="7H")
    top = s.view(0)["vaults"][0]["nodes"][0]["modules"][1]
    assert top == {
        "card": "5H",
        "face": 5,
        "overclocks": [{"card": "KS", "owner": 0}, {"card": "KD", "owner": 0}],
        "worth": 20,
    }
    assert "5H worth 20 (face value 5)" in GAME.inspect(s.view(0), "vault1", ASCII)


def test_an_overclocked_module_is_followed_by_its_face_value():
    # Ascending, top 5H worth 10: a 7 is higher than the 5 it faces, though lower than 10.
    s = position(mine={1: "3C 5H+KS"}, hand="7C 5D")
    assert "deploy 7C vault1" in [a.text for a in s.legal_actions()]
    with pytest.raises(IllegalAction, match="same value"):
        play(s, "deploy 5D vault1")  # equal face values, whatever the Overclocks
    play(s, "deploy 7C vault1")
    assert stack(s, 0, 1) == "3C 5H+KS 7C asc" and s.total[0] == 3 + 10 + 7


def test_a_zero_day_matches_face_values_not_overclocked_worth():
    s = position(mine={1: "5H+KS"}, theirs={1: "10C", 2: "5D"}, hand="JK")
    play(s, "deploy JK vault1 opp 1")  # the 10: purges every other 10, not the 5 worth 10
    assert (stack(s, 0, 1), stack(s, 1, 2)) == ("5H+KS", "5D")
    s = position(mine={1: "5H+KS"}, theirs={1: "10C", 2: "5D"}, hand="JK")
    play(s, "deploy JK vault1 own 1")  # the Overclocked 5 purges the other 5
    assert (stack(s, 1, 1), stack(s, 1, 2)) == ("10C", "")


def test_the_move_list_counts_an_overclocked_modules_worth():
    s = position(mine={1: "3H 5H+KS"}, hand="KD JC")
    view = s.view(0)
    texts = {a.text: GAME.describe_action(a, view) for a in s.legal_actions()}
    assert texts["deploy KD vault1 own 2"].endswith("total 13 -> 23 (locked)")
    assert texts["deploy JC vault1 own 2"].endswith("total 13 -> 3")
