"""Backing out of a move before it commits: buy → pay, send → target, use → target."""

from __future__ import annotations

import pytest

from cyberdeck.engine import Action, IllegalAction
from cyberdeck.games.cyberpunk_ccg.backout import BACKOUT_LIMIT
from cyberdeck.games.cyberpunk_ccg.position import Z_HAND, Table, act, texts


def test_a_card_bought_but_not_yet_paid_for_goes_back_to_the_hand() -> None:
    t = Table()
    cop = t.hand(0, "beat-cop")[0]
    t.awake(1)
    state = t.at("purchase")
    act(state, "buy beat-cop")
    assert "cancel" in texts(state)
    events = act(state, "cancel")
    assert state.prompt is None and state.zone[cop] == Z_HAND and cop in state.hand[0]
    assert state.used[state.sponsor[0]] == 0 and state.current_player == 0
    assert "buy beat-cop" in texts(state)
    assert "goes back to the hand" in events[-1].text


def test_once_a_source_has_paid_the_purchase_cannot_be_taken_back() -> None:
    t = Table("the-mob", "ncpd")
    dive = t.card(0, "neon-dive")
    t.hand(0, "black-op")
    t.awake(1)
    state = t.at("purchase")
    act(state, "buy black-op", f"pay c{dive}")
    assert "cancel" not in texts(state)
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match="nothing to back out of"):
        state.apply(Action("cancel"))
    assert state.fingerprint() == before


def test_a_force_sent_but_not_yet_aimed_stays_home() -> None:
    t = Table()
    sam = t.card(0, "detective-sergeant")
    t.card(1, "neon-dive")
    t.awake(1)
    state = t.at("hits")
    act(state, f"send c{sam}")
    act(state, "cancel")
    assert state.prompt is None and state.hit is None and state.used[sam] == 0
    assert state.current_player == 0 and f"send c{sam}" in texts(state)


def test_an_ability_used_but_not_yet_aimed_leaves_the_runner_unused() -> None:
    t = Table("the-mob")
    cowboy = t.card(0, "console-cowboy")
    t.card(1, "data-fortress")
    t.awake(1)
    state = t.at("open")
    act(state, f"use c{cowboy}", "lower")
    assert state.used[cowboy] == 1 and "cancel" in texts(state)
    act(state, "cancel")
    assert state.used[cowboy] == 0 and f"use c{cowboy}" in texts(state)


def test_a_chosen_target_commits_the_ability() -> None:
    t = Table("the-mob", "ncpd")
    nomad = t.card(0, "road-warrior")
    other = t.card(0, "ganger")
    t.card(1, "detective-sergeant")
    t.awake(1)
    state = t.at("purchase")
    act(state, f"use c{nomad}", f"target c{other}")
    assert state.current_player == 1 and "cancel" not in texts(state)


def test_back_outs_are_limited_per_turn() -> None:
    t = Table()
    t.hand(0, "beat-cop")
    t.awake(1)
    state = t.at("purchase")
    for _ in range(BACKOUT_LIMIT):
        act(state, "buy beat-cop", "cancel")
    act(state, "buy beat-cop")
    assert "cancel" not in texts(state)
    with pytest.raises(IllegalAction, match="backed out of 3 moves"):
        state.apply(Action("cancel"))
