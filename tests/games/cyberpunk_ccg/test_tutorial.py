"""The CCG's guided first game: the learner makes every one of their own moves, and among them the
ones the lesson teaches: the turn's steps, paying, teams, a hit the tutor defends (a skirmish), a
run on their own Operation, and the win on Ops at the end of their turn."""

from __future__ import annotations

from cyberdeck.engine import load_game
from cyberdeck.engine.tutorial import Tutorial, length, load_script

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
    assert kinds >= {"cut", "draw", "buy", "pay", "team", "join", "send", "hit", "run", "discard"}
    assert skirmishes >= 1 and runs_won >= 1
    outcome = tutorial.match.state.outcome
    assert tutorial.won and outcome.kind == "ops"


def test_no_move_of_the_learner_is_played_for_them():
    assert length(GAME, load_script(GAME)).played_for == 0
