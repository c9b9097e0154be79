"""What the CCG tells a table: stops per step and whose turn, and the proposed payment."""

from __future__ import annotations

from cyberdeck.engine import PLAIN, Action
from cyberdeck.engine.autoanswer import Stops, answer
from cyberdeck.games.cyberpunk_ccg import GAME
from cyberdeck.games.cyberpunk_ccg.position import Table, act, texts


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
    t.card(0, "beat-cop", team=1)
    t.card(1, "ganger", team=1)
    dive = t.card(1, "neon-dive")
    state = t.at("hits")
    act(state, "send t1", f"hit c{dive}")
    assert state.prompt is not None and state.prompt[0] == "defend"  # the defender's decision
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
    prompt = state.view(0)["prompt"]
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
    t.card(0, "neon-dive")
    t.hand(0, "street-samurai")
    t.awake(1)
    state = t.at("purchase")
    act(state, "buy street-samurai")
    view = state.view(0)
    menu = [GAME.describe_action(a, view) for a in state.legal_actions()]
    assert "pay with Neon Dive: 2 EB" in menu and "pay with The Mob: 6 EB" in menu
    assert "(sources: The Mob 6, Neon Dive 2)" in GAME.render(view, PLAIN)


# --- What the table answers without a stop: Events alone, fights, questions with no choice ---


def test_holding_an_event_does_not_stop_a_step_with_nothing_else_to_do() -> None:
    t = Table()
    t.hand(0, "payday")  # an Event fits every step; the Equip step has no gear to move here
    state = t.at("equip")
    found = _answer(state)
    assert found is not None and found.action == Action("pass")
    assert "Events and abilities only" in found.reason
    assert _answer(state, Stops.defaults(GAME).with_stop("events:own", True)) is None


def test_opening_an_opponents_operation_is_asked_only_with_the_open_stop_on() -> None:
    t = Table()
    t.card(1, "data-heist")  # an Operation of the opponent's: open it at double its cost
    state = t.at("open")
    assert any(a.startswith("open ") for a in texts(state))
    found = _answer(state)
    assert found is not None and found.action == Action("pass")
    assert _answer(state, Stops.defaults(GAME).with_stop("open:own", True)) is None


def test_an_event_still_waits_at_a_step_with_its_own_business() -> None:
    t = Table()
    t.hand(0, "payday", "beat-cop")  # the Purchase step's own move is a buy
    state = t.at("purchase")
    assert _answer(state) is None


def test_an_event_waits_in_a_skirmish_but_not_in_an_undefended_hit() -> None:
    t = Table()
    t.card(0, "beat-cop", team=1)
    t.hand(0, "adrenaline-rush")
    t.card(1, "ganger", team=1)
    dive = t.card(1, "neon-dive")
    state = t.at("hits")
    fought = state.clone()
    act(fought, "send t1", f"hit c{dive}", "defend t1", "pass")
    assert fought.current_player == 0 and fought.hit is not None
    assert _answer(fought) is None
    act(state, "send t1", f"hit c{dive}", "no-defense")
    assert state.current_player == 0 and state.hit is not None
    found = _answer(state)
    assert found is not None and found.action == Action("pass")


def test_the_table_pays_an_exact_payment_and_says_so() -> None:
    t = Table("ncpd", "the-mob")
    market = t.card(0, "night-market")  # 2 EB
    row = t.card(0, "warehouse-row")  # 3 EB
    t.hand(0, "street-samurai")  # street 5 for N.C.P.D.: exactly 2 + 3
    t.awake(1)
    state = t.at("purchase")
    state.used[state.sponsor[0]] = 1
    act(state, "buy street-samurai")
    paid = []
    while state.prompt is not None and (found := _answer(state)) is not None:
        assert found.reason == "an exact payment"
        paid.append(found.action.text)
        act(state, found.action.text)
    assert sorted(paid) == sorted([f"pay c{market}", f"pay c{row}"])
    assert state.prompt is None or state.prompt[0] != "pay"


def test_an_exact_payment_is_asked_with_the_stop_on_or_full_control() -> None:
    t = Table("ncpd", "the-mob")
    t.card(0, "night-market")
    t.card(0, "warehouse-row")
    t.hand(0, "street-samurai")
    t.awake(1)
    state = t.at("purchase")
    state.used[state.sponsor[0]] = 1
    act(state, "buy street-samurai")
    assert _answer(state, Stops.defaults(GAME).with_stop("forced:own", True)) is None
    assert _answer(state, Stops(frozenset(), full_control=True)) is None


def test_a_payment_with_a_choice_in_it_is_the_players() -> None:
    t = Table("ncpd", "the-mob")
    t.card(0, "warehouse-row")  # 3 EB
    t.card(0, "warehouse-row")
    t.hand(0, "street-samurai")  # 5: N.C.P.D.'s 6, or both Rows' 6
    t.awake(1)
    state = t.at("purchase")
    act(state, "buy street-samurai")
    assert _answer(state, Stops(frozenset())) is None


def test_the_only_way_to_pay_is_taken_even_when_it_wastes_eb() -> None:
    t = Table("the-mob", "ncpd")
    t.card(0, "night-market")  # 2 EB: too little alone, waste beside The Mob's 6
    t.hand(0, "street-samurai")  # 3 for The Mob
    t.awake(1)
    state = t.at("purchase")
    act(state, "buy street-samurai")
    found = _answer(state)
    assert found is not None and found.action == Action.parse(f"pay c{state.sponsor[0]}")
    assert found.reason == "the only way to pay"


def test_a_location_with_an_ability_is_not_spent_for_the_player() -> None:
    for location, answered in (("street-clinic", False), ("night-market", True)):
        t = Table("ncpd", "the-mob")
        t.card(0, location)  # 2 EB; the Clinic's Damage-step ability is lost if it pays
        t.hand(0, "beat-cop")  # 1 EB for N.C.P.D. (its own faction)
        t.awake(1)
        state = t.at("purchase")
        state.used[state.sponsor[0]] = 1
        act(state, "buy beat-cop")
        assert (_answer(state) is not None) is answered, location


def test_a_runner_in_the_payment_is_the_players_to_choose() -> None:
    t = Table("ncpd", "the-mob")
    t.card(0, "junior-exec")  # a Corp: pays half its Power, and a Cop may answer it
    t.hand(0, "beat-cop")
    t.awake(1)
    state = t.at("purchase")
    state.used[state.sponsor[0]] = 1
    act(state, "buy beat-cop")
    offer = GAME.propose(state.view(0), state.legal_actions())
    assert offer is not None and _answer(state) is None


def test_a_draw_from_the_only_deck_left_is_made_for_the_player() -> None:
    state = GAME.new_state({}, 3)
    act(state, "no-cut", "no-cut")
    assert state.prompt is not None and state.prompt[0] == "draw"
    assert _answer(state) is None  # two decks: the player's choice
    state.gear[state.prompt[1]].clear()  # a Gear deck drawn out
    state._legal = None
    assert texts(state) == ["draw runs"]
    found = _answer(state)
    assert found is not None and found.action == Action.parse("draw runs")
    assert found.reason == "the only deck left"
