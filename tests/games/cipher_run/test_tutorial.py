"""Cipher Run's guided first game has the learner play what it teaches: a Protocol Override on
their own node, an Overclock that pushes the tutor's node into Overflow, and every seed."""

from __future__ import annotations

from typing import Any

from cyberdeck.engine import load_game
from cyberdeck.engine.tutorial import Tutorial, length, load_script

GAME = load_game("cipher-run")


def node(view: dict[str, Any], vault: str, owner: int) -> dict[str, Any]:
    column = next(v for v in view["vaults"] if v["vault"] == vault)
    return next(n for n in column["nodes"] if n["owner"] == owner)


def learner_moves() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """Each move the learner makes, with the learner's view before and just after it (before the
    tutor's answer)."""
    tutorial = Tutorial(GAME, load_script(GAME))
    seat, made = tutorial.seat, []
    while not tutorial.finished:
        move = tutorial.suggested
        state = tutorial.match.state
        after = state.clone()
        after.advance(move)
        made.append((move.text, state.view(seat), after.view(seat)))
        tutorial.move(move.text)
    assert tutorial.won
    return made


def test_the_learner_plays_a_protocol_override():
    overrides = []
    for move, before, after in learner_moves():
        words = move.split()
        if words[0] != "deploy" or len(words) != 3:
            continue
        was, now = node(before, words[2], 0), node(after, words[2], 0)
        top = was["modules"][-1]["card"] if was["modules"] else ""
        goes_up = int(words[1][:-1]) > int(top[:-1]) if top[:-1].isdigit() else None
        against = (was["profile"] == "descending" and goes_up) or (
            was["profile"] == "ascending" and goes_up is False
        )
        if against and words[1][-1] == top[-1] and now["profile"] != was["profile"]:
            overrides.append(move)
    assert overrides == ["deploy 8D vault1"]


def test_the_learner_pushes_the_tutors_node_into_overflow():
    overflowed = [
        move
        for move, before, after in learner_moves()
        for vault in ("vault1", "vault2", "vault3")
        if node(before, vault, 1)["state"] != "overflow"
        and node(after, vault, 1)["state"] == "overflow"
    ]
    assert overflowed == ["deploy KS vault1 opp 3"]


def test_the_learner_makes_every_one_of_their_moves():
    assert length(GAME, load_script(GAME)).played_for == 0
