"""Hack-Me's guided first game: the learner makes every one of their own moves, and among them
plays each thing the lesson teaches, ending in a real win by a shock on an empty hand."""

from __future__ import annotations

from cyberdeck.engine import load_game
from cyberdeck.engine.tutorial import Tutorial, check_script, length, load_script

GAME = load_game("hack-me")


def test_the_learner_plays_what_the_lesson_teaches_and_wins_by_a_shock():
    tutorial = Tutorial(GAME, load_script(GAME))
    kinds = []
    while not tutorial.finished:
        move = tutorial.suggested.text
        kinds.append(move.split()[0])
        tutorial.move(move)
    assert set(kinds) >= {
        "mulligan",
        "draw",
        "credit",
        "firewall",
        "generator",
        "agenda",
        "invest",
        "run",
        "activate",
        "boost",
        "trash",
        "recycle",
        "shock",
    }
    outcome = tutorial.match.state.outcome
    assert tutorial.won and outcome.kind == "shock" and kinds[-1] == "shock"


def test_no_move_of_the_learner_is_played_for_them_and_the_lesson_is_short():
    script = load_script(GAME)
    check_script(GAME, script)
    size = length(GAME, script)
    assert size.played_for == 0 and size.learner <= 40
