"""Bad input: every refused move leaves the state untouched and says why in a sentence."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cyberdeck.engine import Action, BadAction, IllegalAction

from .conftest import GAME, position

BAD_MOVES = [
    ("dance", "'dance' is not a Cipher Run move."),
    ("seed 7H vault1", "Seeding is over"),
    ("deploy 9D vault1", "You have no 9D in your hand."),
    ("deploy 7H vault4", "Say which vault"),
    ("deploy 7H", "Say which vault"),
    ("deploy JS vault1", "Say whose node"),
    ("deploy JS vault2 opp 1", "has no modules to target"),
    ("deploy JS vault1 opp x", "Say which module"),
    ("deploy QS vault3 own", "needs a node with a profile"),
    ("deploy QS vault1 own 1", "targets a node, not a module"),
    ("deploy 7H vault1 opp", "only go on your own nodes"),
    ("deploy 3C vault1", "cannot go on your vault1"),
    ("deploy zz vault1", "'zz' is not a card"),
    ("compile", "Say which card"),
    ("reset vault9", "Write the node to reset"),
    ("reset vault3", "already empty"),
    ("pass now", "'pass' takes nothing after it"),
]


@pytest.mark.parametrize(("text", "message"), BAD_MOVES)
def test_refused_moves_change_nothing_and_explain(text, message):
    s = position(mine={1: "5C 8S"}, theirs={1: "3H 9H"}, hand="7H JS QS 3C", deck=0)
    before = s.fingerprint()
    with pytest.raises(IllegalAction) as err:
        s.apply(GAME.parse_action(text))
    assert message in str(err.value)
    assert str(err.value).endswith(".")
    assert s.fingerprint() == before


def test_a_move_after_the_end_is_refused():
    s = position(hand="7H", turn=399)
    s.apply(GAME.parse_action("deploy 7H vault1"))
    with pytest.raises(IllegalAction, match="The game is over"):
        s.apply(Action("pass"))


def test_refusals_do_not_leak_the_opponents_hand():
    s = position(hand="7H", opp_hand="9D")
    with pytest.raises(IllegalAction) as err:
        s.apply(GAME.parse_action("deploy 9D vault1"))
    assert str(err.value) == "You have no 9D in your hand."


def test_vaults_can_be_written_short():
    assert GAME.parse_action("deploy 7h v2").text == "deploy 7H vault2"
    assert GAME.parse_action("reset 3").text == "reset vault3"
    assert GAME.parse_action("deploy js 1 opp 2").text == "deploy JS vault1 opp 2"


WORDS = ["seed", "deploy", "compile", "reset", "pass", "7H", "JS", "QS", "JK", "3C", "0", "zz",
         "vault1", "vault3", "v2", "4", "own", "opp", "1", "2", "99", "-1", "x"]  # fmt: skip


@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=5))
def test_any_typed_move_is_either_played_or_refused_with_a_sentence(words):
    s = position(mine={1: "5C 8S"}, theirs={1: "3H 9H"}, hand="7H JS QS 3C JK", deck=3)
    before = s.fingerprint()
    try:
        action = GAME.parse_action(" ".join(words))
    except BadAction:
        return
    legal = action in s.legal_actions()
    try:
        s.apply(action)
    except IllegalAction as err:
        assert not legal and str(err) and s.fingerprint() == before
    else:
        assert legal
