import os
import pickle
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cyberdeck.engine import Action, ActionSpace, BadAction

WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=6)


def test_text_and_parse():
    action = Action("deploy", ("7H", "vault2"))
    assert action.text == "deploy 7H vault2"
    assert Action.parse("  DEPLOY 7♥   Vault2 ") == action
    assert Action.parse("deploy 7h vault2") == action


def test_json_forms():
    action = Action("place", ("b2",))
    assert Action.from_json(action.to_json()) == action
    assert Action.from_json("place b2") == action
    with pytest.raises(BadAction):
        Action.from_json({"args": []})
    with pytest.raises(BadAction):
        Action.from_json({"kind": "x", "args": [{}]})


def test_empty_or_huge_text_is_refused():
    with pytest.raises(BadAction):
        Action.parse("   ")
    with pytest.raises(BadAction):
        Action.parse("x" * 500)


@given(WORDS, st.lists(WORDS, max_size=3))
def test_round_trip(kind, args):
    action = Action.parse(" ".join([kind, *args]))
    assert Action.parse(action.text) == action


def test_action_space_indices_and_mask():
    space = ActionSpace([Action("a"), Action("b"), Action("c")])
    assert space.size == 3 and space.index(Action("b")) == 1
    assert space.action(2) == Action("c")
    assert space.mask([Action("c"), Action("a")]) == [1, 0, 1]
    with pytest.raises(BadAction):
        space.index(Action("z"))
    with pytest.raises(BadAction):
        space.action(3)
    with pytest.raises(ValueError):
        ActionSpace([Action("a"), Action("a")])


def test_an_action_pickled_into_another_process_equals_that_processes_own() -> None:
    """String hashes differ between processes; an action carried to an AI worker must still
    equal the worker's own actions (and so be legal there)."""
    sent = pickle.dumps([Action("draw", ("top",)), Action.parse("deploy 7H vault2")])
    check = (
        "import pickle, sys\n"
        "from cyberdeck.engine import Action\n"
        "got = pickle.loads(sys.stdin.buffer.read())\n"
        "mine = [Action('draw', ('top',)), Action.parse('deploy 7H vault2')]\n"
        "assert got == mine and set(got) == set(mine), (got, mine)\n"
    )
    for seed in ("1", "2"):
        subprocess.run(
            [sys.executable, "-c", check],
            input=sent,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
