"""The digest's printed examples and the rules of the turn not covered elsewhere, one test each."""

from __future__ import annotations

from cyberdeck.games.cyberpunk_ccg.cardset import COMBAT_SCALE
from cyberdeck.games.cyberpunk_ccg.position import Table, act, texts
from cyberdeck.games.cyberpunk_ccg.rules import F_OPENED


def test_a_locations_defense_is_e_sec_twice_plus_m_sec_the_printed_25() -> None:
    t = Table()
    fortress = t.card(1, "data-fortress")  # M-Sec 4, E-Sec 8
    state = t.at("hits")
    state.mods.append(
        (fortress, "msec", 5 * COMBAT_SCALE)
    )  # M-Sec 9, E-Sec 8: the digest's example
    assert state.security(fortress) == (8 * 2 + 9) * COMBAT_SCALE == 25 * COMBAT_SCALE


def test_a_stash_has_m_sec_and_e_sec_of_five_a_card() -> None:
    t = Table()
    t.stash(1, "monoblade", "shock-baton")
    state = t.at("hits")
    assert state.stash_security(1) == (2 * 5 + 2 * (2 * 5)) * COMBAT_SCALE == 30 * COMBAT_SCALE


def test_an_event_shows_half_a_style_point_in_the_cut_for_first_player() -> None:
    t = Table()
    t.deck(0, "monoblade")  # Style 0
    t.deck(1, "payday")  # an Event: half a point
    state = t.at("purchase")
    state._cut()
    assert state.active == 1 and state.turn == 2


def test_a_fixer_lowers_the_price_of_opening_an_opponents_operation() -> None:
    t = Table("ncpd", "the-mob")
    fixer = t.card(0, "info-broker")  # Power 5
    op = t.card(1, "smash-and-grab")  # cost 2: opening costs 4
    state = t.at("open")
    state.used[state.sponsor[0]] = 1
    act(state, f"open c{op}", f"pay c{fixer}")
    assert state.flags[op] & F_OPENED and state.used[fixer]


def test_a_solo_may_add_its_power_to_its_forces_defense() -> None:
    t = Table("the-mob")
    solo = t.card(0, "street-samurai", team=1)  # Def 4, Power 4
    stand = t.card(1, "noodle-stand")
    t.awake(1)
    state = t.at("hits")
    act(state, "send t1", f"hit c{stand}", f"use c{solo}", "add defense")
    assert state.hit_defense(0) == state.runner_stat(solo, "df") + 4 * COMBAT_SCALE


def test_a_force_without_movement_left_cannot_set_out() -> None:
    t = Table()
    cop = t.card(0, "beat-cop")
    t.card(1, "neon-dive")
    t.awake(1)
    state = t.at("hits")
    assert f"send c{cop}" in texts(state)
    state.spent[cop] = 1
    state._legal = None
    assert f"send c{cop}" not in texts(state)
