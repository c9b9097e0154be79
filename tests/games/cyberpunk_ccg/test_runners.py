"""Runner types' inherent abilities, Empathy and Cyber-Psycho, Trashed against Burned."""

from __future__ import annotations

from cyberdeck.games.cyberpunk_ccg import hits, legwork, turns
from cyberdeck.games.cyberpunk_ccg.cardset import COMBAT_SCALE
from cyberdeck.games.cyberpunk_ccg.position import (
    Z_DISCARD,
    Z_HAND,
    Z_PLAY,
    Z_STASH,
    Table,
    act,
    texts,
)
from cyberdeck.games.cyberpunk_ccg.state import CyberState


def test_a_cop_busts_a_weaker_runner_using_an_ability_and_cancels_the_effect() -> None:
    t = Table("the-mob", "ncpd")
    nomad = t.card(0, "road-warrior")  # Power 3
    other = t.card(0, "ganger")
    cop = t.card(1, "detective-sergeant")  # Power 5
    t.awake(1)
    state = t.at("purchase")
    act(state, f"use c{nomad}", f"target c{other}")
    assert state.prompt is not None and state.prompt[0] == "respond"
    act(state, f"bust c{cop}")
    assert state.used[nomad] and state.busts[1] == 1 and state.mod(other, "power") == 0


def test_a_cop_weaker_than_the_runner_is_trashed_and_the_effect_goes_on() -> None:
    t = Table("the-mob", "ncpd")
    elder = t.card(0, "clan-elder")  # Power 6
    other = t.card(0, "ganger")
    cop = t.card(1, "patrol-officer")  # Power 2
    state = t.at("purchase")
    act(state, f"use c{elder}", f"target c{other}", f"bust c{cop}")
    assert state.zone[cop] == Z_DISCARD and state.mod(other, "power") == 3


def test_a_cyber_psycho_cannot_be_busted() -> None:
    t = Table("the-mob", "ncpd")
    t.card(1, "detective-sergeant")
    psycho = t.card(0, "ganger")  # Empathy 5
    t.card(0, "mantis-blades", on=psycho)  # -3
    t.card(0, "neural-jack", on=psycho)  # -1: Empathy 1
    other = t.card(0, "ganger")
    t.hand(1, "police-raid")
    state = t.at("purchase")
    assert state.psycho(psycho)
    raid = state.defs[state.hand[1][0]].ability
    assert raid is not None
    assert hits.targets(state, 1, "opp-runner", raid.effects) == [other]
    del other


def test_a_cop_in_a_skirmish_busts_an_opposing_runner_in_it() -> None:
    t = Table("the-mob", "ncpd")
    ganger = t.card(0, "ganger", team=1)  # Power 2
    cop = t.card(1, "detective-sergeant", team=1)  # Power 5
    dive = t.card(1, "neon-dive")
    state = t.at("hits")
    act(state, "send t1", f"hit c{dive}", "defend t1")
    assert f"use c{cop}" in texts(state)
    events = act(state, f"use c{cop}", f"target c{ganger}")
    assert state.busts[1] == 1 and any("bust Ganger" in e.text for e in events)


def test_a_corp_returns_a_cheaper_location_from_the_discard_in_damage_control() -> None:
    t = Table("arasaka")
    exec_ = t.card(0, "junior-exec")  # Power 4
    (dive,) = t.discard(0, "neon-dive")  # cost 3
    state = t.at("damage")
    act(state, f"use c{exec_}", f"target c{dive}")
    assert state.zone[dive] == Z_HAND


def test_a_fixer_returns_cheaper_gear_from_the_discard() -> None:
    t = Table("the-mob")
    fixer = t.card(0, "info-broker")  # Power 5
    pistol, rifle = t.discard(0, "heavy-pistol", "rocket-launcher")  # 2, 6
    state = t.at("damage")
    act(state, f"use c{fixer}")
    assert texts(state) == [f"target c{pistol}", "cancel"]
    del rifle


def _ambush(t: Table, victim: int) -> CyberState:
    """Player 2 plays Ambush on ``victim`` (a card of player 1) during its own purchase step."""
    t.hand(1, "ambush")
    state = t.at("purchase", active=1)
    state.bank[1] = 10
    act(state, "play ambush", "pay bank", f"target c{victim}")
    return state


def test_a_med_tech_saves_a_weaker_runner_from_being_trashed() -> None:
    t = Table()
    med = t.card(0, "trauma-medic")  # Power 5
    cop = t.card(0, "beat-cop")  # Power 3
    state = _ambush(t, cop)
    assert state.current_player == 0 and texts(state) == ["no-save", f"save c{med}"]
    act(state, f"save c{med}")
    assert state.zone[cop] == Z_PLAY and state.used[cop] and not state.used[med]


def test_a_med_tech_s_save_is_constant_it_saves_again_the_same_turn() -> None:
    """The save has no phase after its "//": it does not exhaust the Med-Tech (the ruling)."""
    t = Table()
    med = t.card(0, "trauma-medic")  # Power 5
    cop = t.card(0, "beat-cop")  # Power 3
    rookie = t.card(0, "patrol-officer")  # Power 2
    t.hand(1, "ambush", "ambush")
    t.awake(0)
    state = t.at("purchase", active=1)
    for victim in (cop, rookie):
        state.bank[1] = 10
        act(state, "play ambush", "pay bank", f"target c{victim}")
        assert texts(state) == ["no-save", f"save c{med}"]
        act(state, f"save c{med}", "pass")
    assert state.zone[cop] == state.zone[rookie] == Z_PLAY and not state.used[med]


def test_a_techie_s_save_is_constant_too() -> None:
    """Jury-Rig's save says "//Response", no phase and no "All": it is constant as well."""
    t = Table("friendly-gangs")
    techie = t.card(0, "gearhead")  # Power 4
    cop = t.card(0, "beat-cop")
    jacket = t.card(0, "armored-jacket", on=cop)
    rifle = t.card(0, "monoblade", on=cop)
    t.hand(1, "sabotage", "sabotage")
    t.awake(0)
    state = t.at("purchase", active=1)
    state.bank[1] = 10
    act(state, "play sabotage", "pay bank", f"target c{jacket}", f"save c{techie}")
    act(state, "pass")
    state.bank[1] = 10
    act(state, "play sabotage", "pay bank", f"target c{rifle}", f"save c{techie}")
    assert state.zone[jacket] == state.zone[rifle] == Z_PLAY and not state.used[techie]


def test_the_owner_may_let_a_savable_runner_be_trashed() -> None:
    t = Table()
    med = t.card(0, "trauma-medic")
    cop = t.card(0, "beat-cop")
    state = _ambush(t, cop)
    act(state, "no-save")
    assert state.zone[cop] == Z_DISCARD and not state.used[med]


def test_the_owner_chooses_which_med_tech_saves() -> None:
    t = Table()
    t.card(0, "back-alley-doc")  # Power 4
    medic = t.card(0, "trauma-medic")  # Power 5
    cop = t.card(0, "beat-cop")  # Power 3: either one alone is enough
    state = _ambush(t, cop)
    (saved,) = [e.text for e in act(state, f"save c{medic}") if e.kind == "save"]
    assert state.zone[cop] == Z_PLAY and saved == "Trauma Medic saves Beat Cop from being trashed."


def test_nothing_saves_a_burned_runner() -> None:
    t = Table()
    t.card(0, "trauma-medic")
    cop = t.card(0, "beat-cop")
    t.hand(1, "burn-notice")
    state = t.at("purchase", active=1)
    state.bank[1] = 10
    act(state, "play burn-notice", "pay bank", f"target c{cop}")
    assert state.zone[cop] == Z_DISCARD and state.prompt is None


def test_a_med_tech_renews_a_weaker_runner_that_attacked_this_turn() -> None:
    t = Table()
    med = t.card(0, "trauma-medic")
    cop = t.card(0, "beat-cop", used=True)
    state = t.at("damage")
    state.flags[cop] |= 1
    act(state, f"use c{med}", f"target c{cop}")
    assert state.used[cop] == 0


def test_a_techie_saves_gear_to_the_stash_when_its_runner_is_trashed() -> None:
    t = Table("friendly-gangs")
    techie = t.card(0, "gearhead")  # Power 4
    ganger = t.card(0, "ganger")
    blade = t.card(0, "monoblade", on=ganger)
    state = _ambush(t, ganger)
    # The ganger has no Med-Tech: it is trashed; the Techie may keep its blade in the Stash.
    assert state.zone[ganger] == Z_DISCARD and texts(state) == ["no-save", f"save c{techie}"]
    act(state, f"save c{techie}")
    assert state.zone[blade] == Z_STASH and not state.used[techie]


def test_gear_no_techie_keeps_is_trashed_with_its_runner() -> None:
    t = Table("friendly-gangs")
    t.card(0, "gearhead")
    ganger = t.card(0, "ganger")
    blade = t.card(0, "monoblade", on=ganger)
    state = _ambush(t, ganger)
    act(state, "no-save")
    assert state.zone[blade] == Z_DISCARD and state.prompt is None


def test_media_raises_m_sec() -> None:
    t = Table("the-mob")
    media = t.card(0, "newsfeed-reporter")  # Power 3
    dive = t.card(0, "neon-dive")  # M-Sec 10
    state = t.at("open")
    act(state, f"use c{media}", f"target c{dive}")
    assert state.msec(dive) == 13 * COMBAT_SCALE


def test_a_netrunner_lowers_e_sec_and_can_raise_it_back_only_to_the_printed_value() -> None:
    t = Table("the-mob")
    a = t.card(0, "console-cowboy")  # Power 4
    b = t.card(0, "console-cowboy")
    fort = t.card(1, "data-fortress")  # E-Sec 8
    t.awake(1)
    state = t.at("open")
    act(state, f"use c{a}", "lower", f"target c{fort}")
    assert state.esec(fort) == 4 * COMBAT_SCALE
    act(state, "pass", f"use c{b}", "raise", f"target c{fort}")
    assert state.esec(fort) == 8 * COMBAT_SCALE


def test_e_sec_never_rises_above_the_printed_value() -> None:
    t = Table("the-mob")
    a = t.card(0, "console-cowboy")
    fort = t.card(1, "data-fortress")
    state = t.at("open")
    act(state, f"use c{a}", "raise", f"target c{fort}")
    assert state.esec(fort) == 8 * COMBAT_SCALE


def test_a_rocker_lowers_m_sec_to_no_less_than_zero() -> None:
    t = Table("the-mob")
    idol = t.card(0, "chrome-idol")  # Power 6
    stand = t.card(1, "noodle-stand")  # M-Sec 4
    state = t.at("teams")
    act(state, f"use c{idol}", f"target c{stand}")
    assert state.msec(stand) == 0


def test_a_nomad_adds_half_its_power_to_another_runner() -> None:
    t = Table("the-nomads")
    elder = t.card(0, "clan-elder")  # Power 6
    other = t.card(0, "gearhead")
    state = t.at("purchase")
    act(state, f"use c{elder}", f"target c{other}")
    assert state.power(other) == 4 + 3


def test_a_solo_adds_its_power_in_combat() -> None:
    t = Table("the-mob")
    solo = t.card(0, "street-samurai", team=1)  # attack 7, Power 4
    stand = t.card(1, "noodle-stand")
    t.awake(1)
    state = t.at("hits")
    act(state, "send t1", f"hit c{stand}", f"use c{solo}", "add attack")
    assert state.hit_attack(0) == 11 * COMBAT_SCALE


def test_long_range_support_pays_one_eb_per_lr_and_adds_it_to_the_force() -> None:
    t = Table("the-mob")
    solo = t.card(0, "street-samurai")
    cowboy = t.card(0, "console-cowboy")  # LR 4
    stand = t.card(1, "noodle-stand")
    t.awake(1)
    state = t.at("hits")
    act(state, f"send c{solo}", f"hit c{stand}", f"use c{cowboy}")
    assert state.prompt is not None and state.prompt[2] == 4
    act(state, f"pay c{state.sponsor[0]}")
    assert state.hit_attack(0) == (7 + 4) * COMBAT_SCALE and state.used[cowboy]


def test_a_techie_rigs_a_vehicle_onto_the_punknaught_chassis() -> None:
    t = Table("friendly-gangs")
    techie = t.card(0, "gearhead")
    dive = t.card(0, "neon-dive")
    chassis = t.card(0, "punknaught-chassis", on=dive)
    (truck,) = t.stash(0, "armored-truck")
    state = t.at("damage")
    act(state, f"use c{techie}", f"target c{truck}")
    assert state.host[truck] == chassis


def test_cyber_lowers_empathy_and_one_leaves_a_cyber_psycho() -> None:
    t = Table()
    ganger = t.card(0, "ganger")  # Empathy 5
    t.card(0, "mantis-blades", on=ganger)  # -3
    (jack,) = t.stash(0, "neural-jack")  # -1
    state = t.at("equip")
    assert state.empathy(ganger) == 2 and not state.psycho(ganger)
    events = act(state, f"move c{jack}", f"onto c{ganger}")
    assert state.psycho(ganger) and any("Cyber-Psycho" in e.text for e in events)


def test_empathy_zero_burns_the_runner_at_once() -> None:
    t = Table()
    ganger = t.card(0, "ganger")  # Empathy 5
    t.card(0, "mantis-blades", on=ganger)  # -3
    t.card(0, "trauma-medic")  # would save a trashed runner, but not a burned one
    (legs,) = t.stash(0, "cyberlegs")  # -2
    state = t.at("equip")
    act(state, f"move c{legs}", f"onto c{ganger}")
    assert state.zone[ganger] == Z_DISCARD


def test_a_cyber_psycho_that_does_not_attack_is_destroyed_at_the_end_of_the_turn() -> None:
    t = Table()
    ganger = t.card(0, "ganger")
    t.card(0, "mantis-blades", on=ganger)
    t.card(0, "neural-jack", on=ganger)  # Empathy 1
    fighter = t.card(0, "ganger")
    t.card(0, "mantis-blades", on=fighter)
    t.card(0, "neural-jack", on=fighter)
    state = t.at("damage")
    state.flags[fighter] |= 1
    turns.end_turn(state)
    assert state.zone[ganger] == Z_DISCARD and state.zone[fighter] == Z_PLAY


def test_a_med_tech_may_save_a_cyber_psycho_at_the_end_of_the_turn() -> None:
    t = Table()
    med = t.card(0, "trauma-medic")  # Power 5
    ganger = t.card(0, "ganger")  # Power 2
    t.card(0, "mantis-blades", on=ganger)
    t.card(0, "neural-jack", on=ganger)  # Empathy 1
    state = t.at("damage")
    act(state, "pass")
    assert state.current_player == 0 and state.prompt is not None and state.prompt[0] == "save"
    act(state, f"save c{med}")
    assert state.zone[ganger] == Z_PLAY and state.active == 1 and state.turn == 2


def test_family_may_lift_an_opposing_runner() -> None:
    t = Table("the-nomads", "the-mob")
    elder = t.card(0, "clan-elder")  # Power 6
    ganger = t.card(1, "ganger")  # Power 2
    state = t.at("purchase")
    act(state, f"use c{elder}", f"target c{ganger}")
    assert state.power(ganger) == 2 + 3


def test_a_corp_adds_its_power_to_a_location_paying_at_most_doubling_it() -> None:
    t = Table("arasaka")
    exec_ = t.card(0, "junior-exec")  # Power 4
    plaza = t.card(0, "corporate-plaza")  # 5 EB: boosted to 5 + 4 = 9
    t.hand(0, "psycho-squad-officer")  # government: 7 EB
    t.awake(1)
    state = t.at("purchase")
    state.used[state.sponsor[0]] = 1
    act(state, "buy psycho-squad-officer", f"boost c{exec_}", f"pay c{plaza}")
    assert state.prompt is None and state.used[exec_]


def test_the_corp_boost_is_capped_at_twice_the_locations_eb() -> None:
    t = Table("arasaka")
    okabe = t.card(0, "chairwoman-okabe")  # Power 9
    market = t.card(0, "night-market")  # 2 EB: at most 4 with the boost
    t.card(0, "neon-dive")  # 2 EB
    t.hand(0, "psycho-squad-officer")
    t.awake(1)
    state = t.at("purchase")
    state.used[state.sponsor[0]] = 1
    # Okabe alone pays 4; boosting instead gives +2 at most, which would leave 7 unpayable.
    act(state, "buy psycho-squad-officer")
    assert f"boost c{okabe}" not in texts(state)
    del market


def test_a_fixer_makes_long_range_offense_cheaper() -> None:
    t = Table("the-mob")
    solo = t.card(0, "street-samurai")
    fixer = t.card(0, "info-broker")  # Power 5
    cowboy = t.card(0, "console-cowboy")  # LR 4
    stand = t.card(1, "noodle-stand")
    t.awake(1)
    state = t.at("hits")
    act(state, f"use c{fixer}", f"target c{cowboy}", "pass")
    assert legwork.support_cost(state, cowboy) == 0
    act(state, f"send c{solo}", f"hit c{stand}", f"use c{cowboy}")
    assert state.prompt is None and state.hit_attack(0) == (7 + 4) * COMBAT_SCALE


def test_teamed_cops_bust_together_with_all_the_cops_of_their_team() -> None:
    t = Table("the-mob", "ncpd")
    elder = t.card(0, "clan-elder")  # Power 6
    other = t.card(0, "ganger")
    a = t.card(1, "detective-sergeant", team=2)  # Power 4
    b = t.card(1, "patrol-officer", team=2)  # Power 2 + 4 = 6: not enough
    c = t.card(1, "beat-cop", team=2)  # 4 + 2 + 2 = 8 > 6
    state = t.at("purchase")
    act(state, f"use c{elder}", f"target c{other}", f"bust c{a}")
    assert state.used[a] and state.used[b] and state.used[c]
    assert state.used[elder] and state.busts[1] == 1 and state.mod(other, "power") == 0


def test_med_techs_partner_to_save_a_stronger_runner() -> None:
    t = Table()
    a = t.card(0, "back-alley-doc")  # Power 4
    b = t.card(0, "trauma-medic")  # Power 5
    boss = t.card(0, "psycho-squad-officer")  # Power 6: neither alone, both together
    state = _ambush(t, boss)
    act(state, f"save c{a}")
    assert state.prompt is not None and state.prompt[0] == "save" and not state.used[a]
    act(state, f"save c{b}")
    assert state.zone[boss] == Z_PLAY and not state.used[a] and not state.used[b]


def test_corps_partner_to_return_a_dearer_location() -> None:
    t = Table("arasaka")
    a = t.card(0, "junior-exec")  # Power 4
    b = t.card(0, "junior-exec")  # 4 + 4 = 8 > 6
    (plaza,) = t.discard(0, "corporate-plaza")  # cost 6
    state = t.at("damage")
    act(state, f"use c{a}", f"target c{plaza}")
    assert texts(state) == [f"partner c{b}"]
    act(state, f"partner c{b}")
    assert state.zone[plaza] == Z_HAND and state.used[a] and state.used[b]


def test_the_player_chooses_the_partners() -> None:
    t = Table("arasaka")
    a = t.card(0, "junior-exec")  # Power 4
    b = t.card(0, "junior-exec")  # Power 4
    c = t.card(0, "junior-exec")  # Power 4: one partner is enough
    (plaza,) = t.discard(0, "corporate-plaza")  # cost 6
    state = t.at("damage")
    act(state, f"use c{a}", f"target c{plaza}", f"partner c{c}")
    assert state.zone[plaza] == Z_HAND and state.used[c] and not state.used[b]


def test_the_opponent_uses_phase_abilities_in_my_legwork() -> None:
    t = Table("the-mob", "arasaka")
    t.card(0, "ganger")
    anchor = t.card(1, "star-anchor")  # Media, Power 6
    fort = t.card(1, "data-fortress")  # M-Sec 4
    t.awake(0)
    state = t.at("open", active=0)
    act(state, "pass")
    assert state.current_player == 1
    act(state, f"use c{anchor}", f"target c{fort}")
    assert state.msec(fort) == 10 * COMBAT_SCALE


def test_each_trashed_card_of_a_defeat_is_its_owners_decision() -> None:
    t = Table()
    t.card(0, "gearhead")  # Techie, Power 4
    doc = t.card(0, "back-alley-doc")  # Med-Tech, Power 4
    ganger = t.card(0, "ganger", team=1)  # Power 2, no Equipment: trashed
    cop = t.card(0, "beat-cop", team=1)
    jacket = t.card(0, "armored-jacket", on=cop)  # Equipment: trashed, the Cop exhausted
    fortress = t.card(1, "data-fortress")  # ATTACK 20
    state = t.at("hits")
    act(state, "send t1", f"hit c{fortress}", "pass")
    assert state.dying == [ganger, jacket] and state.prompt is not None
    act(state, f"save c{doc}", "no-save")
    assert state.zone[ganger] == Z_PLAY and state.zone[jacket] == Z_DISCARD and state.used[cop]


def test_fixers_partner_to_return_dearer_gear() -> None:
    t = Table("the-mob")
    broker = t.card(0, "info-broker")  # Power 5
    street = t.card(0, "street-fixer")  # Power 3: 5 + 3 = 8 > 6
    (rocket,) = t.discard(0, "rocket-launcher")  # cost 6
    state = t.at("damage")
    act(state, f"use c{broker}", f"target c{rocket}", f"partner c{street}")
    assert state.zone[rocket] == Z_HAND and state.used[broker] and state.used[street]


def test_med_techs_partner_to_renew_a_stronger_runner() -> None:
    t = Table()
    doc = t.card(0, "back-alley-doc")  # Power 4
    medic = t.card(0, "trauma-medic")  # Power 5: 4 + 5 = 9 > 6
    boss = t.card(0, "psycho-squad-officer", used=True)  # Power 6
    state = t.at("damage")
    state.flags[boss] |= 1  # it took part in a Hit this turn
    act(state, f"use c{doc}", f"target c{boss}", f"partner c{medic}")
    assert not state.used[boss] and state.used[doc] and state.used[medic]
