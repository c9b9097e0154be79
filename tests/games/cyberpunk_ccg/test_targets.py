"""Targets and questions: a targeted effect is offered only with a legal target, and one whose
every target is gone by the time it resolves does nothing; a live game never asks a question
with no answer."""

from __future__ import annotations

from cyberdeck.engine import Rng
from cyberdeck.games.cyberpunk_ccg.game import GAME
from cyberdeck.games.cyberpunk_ccg.position import Z_DISCARD, Z_PLAY, Table, act, texts


def _corp_pays_for_flashbang() -> tuple[Table, int, int]:
    """Player 1's Chairwoman Okabe (Power 9: 4 EB) pays for Flashbang (4 EB); player 2's only
    runner is a Patrol Officer (Power 2), which answers the payment."""
    t = Table("arasaka", "ncpd")
    exec_ = t.card(0, "chairwoman-okabe")
    cop = t.card(1, "patrol-officer")
    (flash,) = t.hand(0, "flashbang")
    t.awake(1)
    state = t.at("purchase")
    state.used[state.sponsor[0]] = 1
    act(state, "play flashbang", f"pay c{exec_}")
    assert texts(state) == ["allow", f"bust c{cop}"]
    return t, cop, flash


def test_an_event_whose_only_target_is_trashed_answering_its_payment_does_nothing() -> None:
    t, cop, flash = _corp_pays_for_flashbang()
    state = t.state
    events = act(state, f"bust c{cop}")  # 2 against 9: the Cop is trashed
    assert state.zone[cop] == Z_DISCARD and state.zone[flash] == Z_DISCARD
    assert state.prompt is None and state.legal_actions()
    assert "no legal target" in events[-1].text
    assert state.current_player == 1  # the play is over: priority passes on


def test_an_ability_whose_target_goes_while_a_cop_answers_does_nothing() -> None:
    t = Table("arasaka", "ncpd")
    sniper = t.card(0, "merc-sniper")  # Power 4: exhaust an opposing runner
    cop = t.card(1, "patrol-officer")  # Power 2
    t.awake(1)
    state = t.at("hits")
    act(state, f"use c{sniper}", f"target c{cop}", f"bust c{cop}")
    assert state.zone[cop] == Z_DISCARD and not state.used[cop]
    assert state.prompt is None and state.legal_actions()


def test_a_target_trashed_and_let_go_before_the_choice_is_no_longer_offered() -> None:
    t = Table("arasaka", "ncpd")
    exec_ = t.card(0, "chairwoman-okabe")  # Power 9: pays Flashbang's 4 EB
    cop = t.card(1, "patrol-officer")  # Power 2: trashed when its bust fails
    doc = t.card(1, "back-alley-doc")  # Power 4: could save the Cop
    keeper = t.card(1, "ganger")
    t.hand(0, "flashbang")
    t.awake(1)
    state = t.at("purchase")
    state.used[state.sponsor[0]] = 1
    act(state, "play flashbang", f"pay c{exec_}", f"bust c{cop}")
    assert state.current_player == 1 and state.prompt is not None and state.prompt[0] == "save"
    act(state, "no-save")
    assert texts(state) == [f"target c{doc}", f"target c{keeper}"]
    act(state, f"target c{keeper}")
    assert state.used[keeper] and state.zone[keeper] == Z_PLAY


def test_every_live_state_of_random_games_has_a_legal_action() -> None:
    for seed in range(30):
        state = GAME.new_state(GAME.configurations()[seed % 3], seed)
        rng = Rng(seed + 1)
        while not state.is_terminal:
            acts = state.legal_actions()
            assert acts, (seed, state.prompt)
            state.apply(rng.choice(acts))
