"""What the CCG tells a table: stops per step and whose turn, and the proposed payment."""

from __future__ import annotations

from cyberdeck.engine import PLAIN, Action
from cyberdeck.engine.autoanswer import Stops, answer
from cyberdeck.games.cyberpunk_ccg import GAME
from cyberdeck.games.cyberpunk_ccg.position import Table, act


def _answer(state, stops: Stops | None = None):  # type: ignore[no-untyped-def]
    seat = state.current_player
    return answer(GAME, state.view(seat), state.legal_actions(), stops or Stops.defaults(GAME))


def test_the_opponents_window_is_passed_for_a_player_without_a_stop_there() -> None:
    t = Table()
    t.hand(1, "payday")  # an Event: player 2 could act in player 1's Purchase step
    t.awake(0)
    state = t.at("purchase")
    act(state, "pass")
    assert state.current_player == 1
    found = _answer(state)
    assert found is not None and found.action == Action("pass")
    assert "Purchase, opponent" in found.reason


def test_full_control_stops_everywhere() -> None:
    t = Table()
    t.hand(1, "payday")
    t.awake(0)
    state = t.at("purchase")
    act(state, "pass")
    assert _answer(state, Stops(frozenset(), full_control=True)) is None
    assert _answer(state, Stops(frozenset({"purchase:opp"}))) is None


def test_an_own_purchase_step_stops_by_default() -> None:
    t = Table()
    t.hand(0, "beat-cop")
    state = t.at("purchase")
    assert _answer(state) is None


def test_a_question_is_never_answered_by_the_table() -> None:
    t = Table()
    t.hand(0, "beat-cop")
    state = t.at("purchase")
    act(state, "buy beat-cop")  # a pay prompt: the player's own decision
    assert _answer(state, Stops(frozenset())) is None


def test_the_proposed_payment_wastes_least_and_names_each_source() -> None:
    t = Table("the-mob", "ncpd")
    dive = t.card(0, "neon-dive")  # 2 EB
    market = t.card(0, "night-market")  # 2 EB
    row = t.card(0, "warehouse-row")  # 3 EB
    t.hand(0, "data-heist")  # corporate Operation, 3 EB for a street sponsor
    t.awake(1)
    state = t.at("purchase")
    act(state, "buy data-heist")
    offer = GAME.propose(state.view(0), state.legal_actions())
    assert offer is not None and offer.actions == (Action.parse(f"pay c{row}"),)
    assert offer.text == "3 EB: Warehouse Row 3"
    del dive, market


def test_the_faction_discount_is_in_the_proposed_payment() -> None:
    t = Table("the-mob", "ncpd")
    dive = t.card(0, "neon-dive")  # 2 EB
    t.card(0, "warehouse-row")  # 3 EB
    t.hand(0, "street-samurai")  # street 5 -> 3 for The Mob
    t.awake(1)
    state = t.at("purchase")
    state.used[state.sponsor[0]] = 1
    act(state, "buy street-samurai")
    offer = GAME.propose(state.view(0), state.legal_actions())
    assert offer is not None and offer.text == "3 EB: Warehouse Row 3"
    del dive


def test_sources_are_combined_when_no_single_one_covers_the_cost() -> None:
    t = Table("the-mob", "ncpd")
    dive = t.card(0, "neon-dive")  # 2 EB
    market = t.card(0, "night-market")  # 2 EB
    row = t.card(0, "warehouse-row")  # 3 EB
    t.hand(0, "black-op")  # 6 EB
    t.awake(1)
    state = t.at("purchase")
    state.used[state.sponsor[0]] = 1
    act(state, "buy black-op")
    offer = GAME.propose(state.view(0), state.legal_actions())
    assert offer is not None and sorted(a.text for a in offer.actions) == sorted(
        [f"pay c{dive}", f"pay c{market}", f"pay c{row}"]
    )
    assert offer.text.startswith("7 EB: ")


def test_every_pay_prompt_shows_what_each_source_pays() -> None:
    t = Table("the-mob", "ncpd")
    dive = t.card(0, "neon-dive")
    t.hand(0, "street-samurai")
    t.awake(1)
    state = t.at("purchase")
    act(state, "buy street-samurai")
    prompt = state.view(1)["prompt"]
    assert {"id": f"c{dive}", "name": "Neon Dive", "eb": 2, "kind": "location"} in prompt["sources"]
    assert any(s["name"] == "The Mob" and s["eb"] == 6 for s in prompt["sources"])


def test_a_corp_boost_counts_in_the_proposal() -> None:
    t = Table("ncpd", "the-mob")
    exec_ = t.card(0, "junior-exec")  # Power 4: pays 2, or adds 3 to the Warehouse Row
    row = t.card(0, "warehouse-row")  # 3 EB
    t.card(0, "neon-dive")  # 2 EB: 3 + 2 + 2 would waste 1
    t.hand(0, "black-op")  # 6 EB
    t.awake(1)
    state = t.at("purchase")
    state.used[state.sponsor[0]] = 1
    act(state, "buy black-op")
    offer = GAME.propose(state.view(0), state.legal_actions())
    assert offer is not None
    assert offer.actions == (Action.parse(f"boost c{exec_}"), Action.parse(f"pay c{row}"))
    assert offer.text == "6 EB: Warehouse Row 6"


def test_the_pay_menu_and_the_prompt_line_name_each_sources_amount() -> None:
    t = Table("the-mob", "ncpd")
    dive = t.card(0, "neon-dive")
    t.hand(0, "street-samurai")
    t.awake(1)
    state = t.at("purchase")
    act(state, "buy street-samurai")
    view = state.view(0)
    menu = [GAME.describe_action(a, view) for a in state.legal_actions()]
    assert f"pay with Neon Dive (c{dive}): 2 EB" in menu and "pay with The Mob (c1): 6 EB" in menu
    assert "(sources: The Mob 6, Neon Dive 2)" in GAME.render(view, PLAIN)
