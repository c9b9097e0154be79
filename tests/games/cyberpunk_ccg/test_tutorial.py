"""The CCG's guided first game: the learner makes every one of their own moves, and among them the
ones the lesson teaches: the turn's steps, paying, teams, a hit the tutor defends (a skirmish), a
run on their own Operation, and the win on Ops at the end of their turn."""

from __future__ import annotations

import importlib.util
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from cyberdeck.engine import IllegalAction, load_game
from cyberdeck.engine.tutorial import Tutorial, length, load_script
from cyberdeck.games.cyberpunk_ccg.state import CyberState

GAME = load_game("cyberpunk-ccg")


def test_the_learner_plays_each_thing_the_lesson_teaches():
    tutorial = Tutorial(GAME, load_script(GAME))
    mine: list[str] = []
    skirmishes = runs_won = 0
    running = False
    while not tutorial.finished:
        move = tutorial.suggested.text
        before = len(tutorial.match.log)
        mine.append(move)
        tutorial.move(move)
        told = [e.text for e in tutorial.match.log[before:]]
        skirmishes += any(t.startswith("Skirmish:") for t in told)
        # The learner's run burns its Operation once the last of their choices in it is made.
        running = move.startswith("run ") or (running and move.split()[0] in ("use", "add"))
        runs_won += running and any("is burned" in t for t in told)
    kinds = {m.split()[0] for m in mine}
    # Paying from the one source there is is the table's answer, as at a real table.
    assert kinds >= {"cut", "draw", "buy", "team", "join", "send", "hit", "run", "discard"}
    assert skirmishes >= 1 and runs_won >= 1
    # A Solo's combat sense to each side: the attack, and the Defense that keeps a force alive.
    assert {"add attack", "add defense"} <= set(mine)
    outcome = tutorial.match.state.outcome
    assert tutorial.won and outcome.kind == "ops"


def test_no_move_of_the_learner_is_played_for_them():
    assert length(GAME, load_script(GAME)).played_for == 0


def test_the_lesson_clicks_as_the_table_does():
    """The table's answers (the windows the learner has no stop at by default, questions with one
    answer) are made for the learner, and a purchase with its payment, a team and its target, a
    Solo's combat sense and its side, a turn's draw are one click each: the lesson takes the
    clicks a real table takes (at most 50), not 144."""
    script = load_script(GAME)
    size = length(GAME, script)
    assert size.answered >= 20 and size.clicks < size.learner <= 144 - size.answered
    tutorial = Tutorial(GAME, script)
    clicks = gestures = 0
    while not tutorial.finished:
        if tutorial.gesture is not None:
            gestures += 1
            tutorial.make_gesture()
        else:
            tutorial.move(tutorial.suggested.text)
        clicks += 1
    assert tutorial.won and tutorial.answered == size.answered
    assert clicks == size.clicks and gestures >= 30 and clicks <= 50


def test_no_gesture_is_made_where_the_lesson_offers_none():
    tutorial = Tutorial(GAME, load_script(GAME))
    while tutorial.gesture is not None or tutorial.suggested.text.startswith("cut"):
        tutorial.move(tutorial.suggested.text)
        if tutorial.gesture is None:
            break
    before = (len(tutorial.match.log), tutorial.position)
    try:
        tutorial.make_gesture()
    except IllegalAction as err:
        assert "no gesture" in str(err)
    else:
        raise AssertionError("a gesture was made where none is offered")
    assert (len(tutorial.match.log), tutorial.position) == before


def _stacker() -> ModuleType:
    path = Path(__file__).resolve().parents[3] / "scripts/ccg_stacked_deck.py"
    spec = importlib.util.spec_from_file_location("ccg_stacked_deck", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_stacked_deck_keeps_its_cards_and_is_drawn_in_the_order_wanted():
    """The lesson's deck is stacked (scripts/ccg_stacked_deck.py): the same cards, listed so that
    the deal's shuffle draws the wanted ones first; a card the deck lacks is refused by name."""
    script = load_script(GAME)
    wanted = {
        "runs": ["city-hall", "blade-master", "city-hall"],
        "gear": ["payday", "door-minigun"],
    }
    listed = _stacker().stack(script, wanted)
    assert Counter(listed) == Counter(GAME.read_deck(script.decks[0]))
    state = GAME.new_state(script.options, script.seed, [listed, script.decks[1]])
    assert isinstance(state, CyberState)
    for deck, pile in (("runs", state.runs[0]), ("gear", state.gear[0])):
        top = [state.defs[i].slug for i in reversed(pile)][: len(wanted[deck])]
        assert top == wanted[deck]
    with pytest.raises(SystemExit, match="Not in the Runs deck: black-op"):
        _stacker().stack(script, {"runs": ["black-op"], "gear": []})
