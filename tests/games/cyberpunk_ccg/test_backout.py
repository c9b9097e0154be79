"""Backing out of a move before it commits: buy → pay, send → target, use → target."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.views import past_deck_lists

from cyberdeck.engine import Action, Event, IllegalAction, Match, load_game, visible
from cyberdeck.games.cyberpunk_ccg.backout import BACKOUT_LIMIT
from cyberdeck.games.cyberpunk_ccg.position import Z_HAND, Table, act, texts
from cyberdeck.server.replays import Frame, Replay
from cyberdeck.server.visibility import table_for


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


def _names(seen: Any, *words: str) -> bool:
    """Whether the view names any of ``words``, past the deck lists (public, they name every card
    a seat brought)."""
    text = json.dumps(past_deck_lists(seen))
    return any(w in text for w in words)


def _told(events: list[Event], seat: int | None) -> list[str]:
    return [e.text for e in visible(events, seat)]


def test_a_card_bought_and_backed_out_of_is_never_named_to_the_opponent() -> None:
    """Until its first EB is paid a card bought may go back to the hand: the opponent and a
    spectator see a card being paid for, with the hand's counts as they were, and no event
    names it; its owner still sees what it is paying for."""
    t = Table("the-nomads", "ncpd")
    t.card(0, "neon-dive")
    t.hand(0, "the-open-road", "gearhead")
    t.awake(1)
    state = t.at("purchase")
    before = state.view(1)["players"][0]
    events = act(state, "buy the-open-road")
    for seat in (1, None):
        seen = state.view(seat)
        assert not _names(seen, "Open Road", "the-open-road")
        assert seen["prompt"] == {"kind": "pay", "seat": 0, "for": "a card"}
        mine = seen["players"][0]
        assert (mine["hand_count"], mine["hand_runs"]) == (
            before["hand_count"],
            before["hand_runs"],
        )
    assert state.view(0)["prompt"]["for"] == "The Open Road"
    events += act(state, "cancel")
    for seat in (1, None):
        assert not _names(_told(events, seat), "Open Road", "the-open-road")
    assert _told(events, 1) == ["Player 1 backs out; the card goes back to the hand."]


def test_an_event_backed_out_of_is_never_named_to_the_opponent() -> None:
    t = Table("the-nomads", "ncpd")
    nomad = t.card(0, "road-warrior")
    t.hand(1, "flashbang")
    t.awake(0)
    state = t.at("teams")
    events = act(state, "pass", "play flashbang")
    for seat in (0, None):
        assert not _names(state.view(seat), "Flashbang", "flashbang")
    events += act(state, "cancel")
    for seat in (0, None):
        assert not _names(_told(events, seat), "Flashbang", "flashbang")
    events = act(state, "play flashbang", f"pay c{state.sponsor[1]}")
    assert _told(events, 0)[:2] == [
        "Player 2 plays Flashbang.",
        "Player 2 pays 6 EB with N.C.P.D.",
    ]
    del nomad


def test_the_first_eb_paid_names_the_card_to_everyone() -> None:
    t = Table("the-nomads", "ncpd")
    dive = t.card(0, "neon-dive")  # 2 EB of the Street Samurai's 3
    t.hand(0, "street-samurai")
    t.awake(1)
    state = t.at("purchase")
    events = act(state, "buy street-samurai", f"pay c{dive}")
    assert _told(events, None)[0] == "Player 1 buys Street Samurai."
    assert state.view(1)["prompt"]["for"] == "Street Samurai"
    assert state.view(1)["prompt"]["due"] == 3


def test_a_replay_for_the_opponents_seat_never_names_a_card_backed_out_of() -> None:
    """A seeded game in which the Nomads buy The Open Road and back out (the outside check's
    case), replayed as the server replays a finished match for one seat."""
    game = load_game("cyberpunk-ccg")
    options = {"sponsor": "the-nomads"}
    match = Match(game, options, 2, None)
    while not any(a.kind == "buy" for a in match.state.legal_actions()):
        match.play(match.state.legal_actions()[0])
    assert match.state.current_player == 0
    match.play("buy the-open-road")
    match.play("cancel")
    match.play(match.state.legal_actions()[0])
    start = Match(game, options, 2, None)
    replay = Replay(start, list(match.record.actions), [])
    replay.frames.append(Frame(start.state.clone(), [], None))
    replay.advance(len(replay.texts))
    shown = [table_for(f.state, seat, f.events) for f in replay.frames for seat in (1, None)]
    assert not _names(shown, "Open Road", "the-open-road")
    own = [table_for(f.state, 0, f.events) for f in replay.frames]
    assert _names(own, "Open Road")
