"""The table's answers for a player, generic over the contract."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from cyberdeck.engine import Action, Event, games, load_game
from cyberdeck.engine.autoanswer import (
    ONLY_ANSWER,
    Answer,
    Stops,
    answer,
    answers_nothing,
    carry_out,
    folded,
    log_event,
)
from cyberdeck.engine.questions import Proposal

CCG = load_game("cyberpunk-ccg")
MATRIX = load_game("matrix-overload")


@pytest.mark.parametrize("game", [g.id for g in games()])
def test_a_question_with_one_answer_is_answered_in_every_game(game: str) -> None:
    """One mechanism for every game: the table answers a question with exactly one legal answer
    (a royal with one slot, "stop recycling" with an empty hand, a single payment source), the
    log says it was the only answer, and a player who turned it off is asked."""
    table = load_game(game)
    asked = Stops(Stops.defaults(table).on, single=False)
    lone = 0
    for seed in range(6):
        state, picker = table.new_state({}, seed), random.Random(seed)
        for _ in range(400):
            if state.is_terminal:
                break
            seat, legal = state.current_player, state.legal_actions()
            view = state.view(seat)
            found = answer(table, view, legal, Stops.defaults(table))
            if len(legal) == 1:
                lone += 1
                assert found is not None and found.action == legal[0]
            elif not table.stops():
                assert found is None  # a game without stops answers only lone questions
            if answer(table, view, legal, asked) is not None:
                assert table.stops() and found is not None and found.reason != ONLY_ANSWER
            state.apply(picker.choice(legal))
    if game in ("matrix-overload", "hack-me", "cyberpunk-ccg"):
        assert lone, "lone questions come up in these games"


def test_the_log_says_the_only_answer_was_the_tables() -> None:
    event = log_event(0, Answer(Action("place", ("w3",)), ONLY_ANSWER), "KD to w3", "Player 1")
    assert event.text == "The table answers for Player 1: KD to w3 (the only answer)."


def test_the_table_says_when_it_answers_nothing_without_looking() -> None:
    """The server skips building the seat's view when no answer can come; it must never skip
    one that would (played along a CCG game, where the default stops do answer)."""
    full = Stops(Stops.defaults(CCG).on, full_control=True)
    asked = Stops(frozenset(), single=False)
    assert answers_nothing(MATRIX, asked) and answers_nothing(CCG, full)
    assert not answers_nothing(CCG, Stops.defaults(CCG))
    assert not answers_nothing(MATRIX, Stops.defaults(MATRIX))  # lone questions are answered
    state, picker, answered = CCG.new_state({}, 3), random.Random(3), 0
    for _ in range(300):
        if state.is_terminal:
            break
        seat, legal = state.current_player, state.legal_actions()
        view = state.view(seat)
        assert answer(CCG, view, legal, full) is None
        answered += answer(CCG, view, legal, Stops.defaults(CCG)) is not None
        state.apply(picker.choice(legal))
    assert answered > 0, "the defaults answered somewhere along the game"


def test_stops_read_back_and_drop_unknown_keys() -> None:
    stops = Stops.defaults(CCG).with_stop("damage:own", True).with_stop("hits:own", False)
    back = Stops.from_json(CCG, {**stops.to_json(), "on": [*stops.to_json()["on"], "nowhere"]})
    assert back == stops and "nowhere" not in back.on
    assert Stops.from_json(CCG, "garbage") == Stops.defaults(CCG)
    assert Stops.from_json(MATRIX, {"on": [], "single": False}).single is False
    assert Stops.from_json(MATRIX, {"on": []}).single is True  # saved before the setting was


def test_another_rule_joins_the_chain() -> None:
    """A rule of another issue ("exactly one legal answer that reveals nothing") plugs in."""

    def only_answer(
        game: object, view: Mapping[str, Any], legal: Sequence[Action], stops: Stops
    ) -> Answer | None:
        return Answer(legal[0], "the only move") if len(legal) == 1 else None

    state = MATRIX.new_state({}, 1)
    legal = [state.legal_actions()[0]]
    found = answer(MATRIX, state.view(0), legal, Stops.defaults(MATRIX), (only_answer,))
    assert found == Answer(legal[0], "the only move")


def test_the_log_line_is_the_players_own() -> None:
    event = log_event(1, Answer(Action("pass"), "no stop at Damage"), "pass", "Hacker B")
    assert event.visible_to(1) and not event.visible_to(0) and not event.visible_to(None)
    assert event.text == "The table answers for Hacker B: pass (no stop at Damage)."


def test_a_proposal_stops_when_the_question_changes_hands() -> None:
    played: list[Action] = []
    seats = iter([0, 1])
    made = carry_out(
        Proposal("x", (Action("pay", ("c1",)), Action("pay", ("c2",)))),
        0,
        lambda: next(seats),
        lambda: [Action("pay", ("c1",)), Action("pay", ("c2",))],
        played.append,
    )
    assert made == 1 and played == [Action("pay", ("c1",))]


def _passes(seat: int, *stops: str) -> list[Event]:
    label = f"Player {seat + 1}"
    return [
        log_event(seat, Answer(Action("pass"), f"no stop at {s}"), "pass", label) for s in stops
    ]


def test_the_tables_passes_in_a_row_fold_into_one_line() -> None:
    moved = Event("buy", "Player 1 buys Beat Cop.")
    paid = log_event(
        0, Answer(Action("pay", ("c1",)), ONLY_ANSWER), "pay with N.C.P.D.", "Player 1"
    )
    log = [*_passes(0, "Open", "Events", "Events", "Damage"), moved, *_passes(0, "Equip"), paid]
    shown = folded(log, lambda seat: f"Player {seat + 1}")
    assert [e.text for e in shown] == [
        "The table passes for Player 1 4 times (no stop at Open; Events; Damage).",
        "Player 1 buys Beat Cop.",
        "The table answers for Player 1: pass (no stop at Equip).",
        "The table answers for Player 1: pay with N.C.P.D. (the only answer).",
    ]
    assert shown[0].visible_to(0) and not shown[0].visible_to(1)


def test_two_seats_passes_fold_apart() -> None:
    log = [*_passes(0, "Open", "Damage"), *_passes(1, "Open", "Damage")]
    shown = folded(log, lambda seat: f"Player {seat + 1}")
    assert [e.text for e in shown] == [
        "The table passes for Player 1 2 times (no stop at Open; Damage).",
        "The table passes for Player 2 2 times (no stop at Open; Damage).",
    ]
