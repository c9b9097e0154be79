"""Bad input: every refused move leaves the state untouched and says why in words."""

from __future__ import annotations

import pytest

from cyberdeck.engine import Action, IllegalAction, Rng, State
from cyberdeck.games.cyberpunk_ccg import GAME, turns
from cyberdeck.games.cyberpunk_ccg.position import Table


def _refused(state: State, text: str) -> str:
    before = state.fingerprint()
    with pytest.raises(IllegalAction) as err:
        state.apply(Action.parse(text))
    assert state.fingerprint() == before
    message = str(err.value)
    assert message.strip() and "Traceback" not in message
    return message


def test_buying_a_card_not_in_hand() -> None:
    state = Table().at("purchase")
    assert "no 'beat-cop' in your hand" in _refused(state, "buy beat-cop")


def test_buying_outside_the_purchase_step() -> None:
    t = Table()
    t.hand(0, "beat-cop")
    state = t.at("hits")
    assert "purchase step" in _refused(state, "buy beat-cop")


def test_answering_a_prompt_with_something_else() -> None:
    t = Table()
    t.hand(0, "beat-cop")
    t.card(0, "neon-dive")
    state = t.at("purchase")
    state.used[state.sponsor[0]] = 1
    state.apply(Action.parse("buy beat-cop"))
    assert "still due" in _refused(state, "pass")


def test_drawing_from_an_empty_deck() -> None:
    t = Table()
    t.deck(0, "heavy-pistol")
    state = t.at("draw")
    turns.continue_draw(state, 0, 1, "turn")
    assert "Runs deck is empty" in _refused(state, "draw runs")


def test_unknown_moves_and_instances() -> None:
    state = GAME.new_state({}, 1)
    _refused(state, "teleport c1")
    _refused(state, "hit c999")


def test_random_illegal_moves_never_change_a_game() -> None:
    state = GAME.new_state({"sponsor": "arasaka"}, 9)
    rng = Rng(2)
    space = GAME.action_space.actions
    for _ in range(300):
        legal = set(state.legal_actions())
        for _ in range(3):
            action = rng.choice(space)
            if action not in legal:
                _refused(state, action.text)
        state.apply(rng.choice(state.legal_actions()))
