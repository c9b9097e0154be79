"""The end of a Hack-Me turn as one gesture: offered at the recycle question exactly where the
dismantle question would follow at once, and its two moves are the two answers "no"."""

from __future__ import annotations

import random

from cyberdeck.engine import load_game
from cyberdeck.games.hack_me.cards import PASS

GAME = load_game("hack-me")


def test_the_end_of_turn_is_offered_exactly_where_both_questions_come():
    offered = withheld = 0
    for seed in range(12):
        state, picker = GAME.new_state(None, seed), random.Random(seed)
        for _ in range(400):
            if state.is_terminal:
                break
            seat = state.current_player
            view = state.view(seat)
            gestures = GAME.gestures(state)
            if view["phase"] == "recycle" and not view["pending"]["recycled"]:
                ahead = state.clone()
                ahead.apply(PASS)
                both = ahead.current_player == seat and ahead.view(seat)["phase"] == "dismantle"
                assert bool(gestures) == both
                offered += both
                withheld += not both
                if both:
                    assert [a.text for a in gestures[0].actions] == ["pass", "pass"]
                    assert gestures[0].text.startswith("End the turn")
            else:
                assert not gestures
            state.apply(picker.choice(state.legal_actions()))
    assert offered and withheld  # both cases were met
