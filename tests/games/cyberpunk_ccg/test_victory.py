"""The three ways to win, every sponsor's condition, the Punknaught Chassis and the turn cap."""

from __future__ import annotations

from cyberdeck.games.cyberpunk_ccg import damage, rules, turns, victory
from cyberdeck.games.cyberpunk_ccg.cards import VEHICLE_TYPES
from cyberdeck.games.cyberpunk_ccg.cardset import COMBAT_SCALE
from cyberdeck.games.cyberpunk_ccg.position import Z_DISCARD, Table, act, texts
from cyberdeck.games.cyberpunk_ccg.state import CyberState
from cyberdeck.games.cyberpunk_ccg.victory import ARASAKA_DEFENSE, MILITECH_SR


def _end(state: CyberState) -> str:
    turns.end_turn(state)
    assert state.outcome is not None
    return state.outcome.kind


def test_one_hundred_ops_at_the_end_of_a_turn_wins() -> None:
    t = Table()
    state = t.at("damage")
    state.ops[0] = 100
    assert _end(state) == "ops" and state.outcome is not None and state.outcome.winners == (0,)


def test_one_hundred_style_in_play_wins() -> None:
    t = Table("the-mob")
    t.card(0, "chrome-idol")  # 10
    state = t.at("damage")
    state.style[0] = 90
    assert state.style_in_play(0) == 100 and _end(state) == "style"


def test_the_opponent_can_win_on_points_at_the_end_of_my_turn() -> None:
    t = Table()
    state = t.at("damage")
    state.ops[1] = 105
    assert _end(state) == "ops" and state.outcome is not None and state.outcome.winners == (1,)


def test_arasaka_wins_with_120_defense_and_nothing_hit() -> None:
    t = Table("arasaka")
    for _ in range(20):
        r = t.card(0, "corporate-bodyguard")  # Def 5 steps
        t.card(0, "subdermal-plating", on=r)  # +3 -> 8 steps each
    state = t.at("damage")
    assert _end(state) == "sponsor"


def test_arasakas_120_defense_is_a_few_armoured_runners_at_the_sets_scale() -> None:
    """At the set's combat scale the seed's 120 is reachable: a Corporate Bodyguard with
    Subdermal Plating holds 8 steps of Defense; one runner fewer than 120 needs does not win."""
    each = 8 * COMBAT_SCALE
    need = -(-ARASAKA_DEFENSE // each)
    assert need <= 3
    for count, wins in ((need - 1, False), (need, True)):
        t = Table("arasaka")
        for _ in range(count):
            t.card(0, "subdermal-plating", on=t.card(0, "corporate-bodyguard"))
        state = t.at("damage")
        turns.end_turn(state)
        assert (state.outcome is not None and state.outcome.kind == "sponsor") is wins


def test_arasaka_does_not_win_after_a_location_was_hit() -> None:
    t = Table("arasaka")
    for _ in range(20):
        r = t.card(0, "corporate-bodyguard")
        t.card(0, "subdermal-plating", on=r)
    state = t.at("damage")
    state.sitehit[0] = 1
    turns.end_turn(state)
    assert state.outcome is None


def test_biotechnica_wins_with_50_empathy_loss_on_cyber() -> None:
    t = Table("biotechnica")
    for _ in range(13):
        r = t.card(0, "trauma-medic")  # Empathy 8
        t.card(0, "mantis-blades", on=r)  # 3
        t.card(0, "biomonitor", on=r)  # 1: 4 a runner, 52 in all
    state = t.at("damage")
    assert _end(state) == "sponsor"


def test_militech_needs_a_stash_hit_and_120_sr() -> None:
    t = Table("militech")
    for _ in range(12):
        r = t.card(0, "street-samurai")  # SR 5
        t.card(0, "mantis-blades", on=r)  # +4
        t.card(0, "monoblade", on=r)  # +3: 12 steps each
    state = t.at("damage")
    turns.end_turn(state)
    assert state.outcome is None
    t2 = Table("militech")
    for _ in range(12):
        r = t2.card(0, "street-samurai")
        t2.card(0, "mantis-blades", on=r)
        t2.card(0, "monoblade", on=r)
    state = t2.at("damage")
    state.stashhit[0] = 1
    assert _end(state) == "sponsor"


def test_militechs_120_sr_counts_unused_runners_after_the_stash_hit() -> None:
    """The runners that hit the Stash are used at the turn's end: the 120 SR must stand on
    the others."""
    each = (5 + 4) * COMBAT_SCALE  # a Street Samurai with Mantis Blades
    need = -(-MILITECH_SR // each)
    assert need <= 3
    for used, wins in ((1, False), (0, True)):
        t = Table("militech")
        rs = [t.card(0, "mantis-blades", on=t.card(0, "street-samurai")) for _ in range(need)]
        state = t.at("damage")
        state.used[state.host[rs[0]]] = used
        state.stashhit[0] = 1
        turns.end_turn(state)
        assert (state.outcome is not None and state.outcome.kind == "sponsor") is wins


def test_the_mob_wins_at_the_start_of_its_turn_with_50_eb_of_every_location_type() -> None:
    t = Table("the-mob")
    for slug in ("neon-dive", "night-market", "arcology-mall", "fab-works", "net-cafe"):
        t.card(0, slug)
    t.card(0, "street-clinic")
    t.card(0, "chrome-lounge")
    for _ in range(8):
        t.card(0, "corporate-plaza")  # 5 EB each
    state = t.at("damage", active=1)
    turns.end_turn(state)
    assert state.outcome is not None and state.outcome.kind == "sponsor"
    assert state.outcome.winners == (0,)


def _mob_turf(t: Table) -> list[int]:
    """Every Location type and 61 EB for the Mob: the Corporate Plazas' 5 EB each last."""
    for slug in ("neon-dive", "night-market", "arcology-mall", "fab-works", "net-cafe"):
        t.card(0, slug)
    t.card(0, "street-clinic")
    t.card(0, "chrome-lounge")
    return [t.card(0, "corporate-plaza") for _ in range(8)]


def test_the_mobs_exhausted_locations_give_no_eb_toward_its_empire() -> None:
    """Exhausted cards give no stats: three Locations exhausted to pay take 15 of the Mob's
    61 EB away, and its turn begins without the empire."""
    t = Table("the-mob")
    plazas = _mob_turf(t)
    state = t.at("damage", active=1)
    for i in plazas[:3]:
        state.used[i] = 1
    turns.end_turn(state)
    assert state.outcome is None


def test_an_exhausted_location_still_gives_the_mob_its_type() -> None:
    """A Location's type is what it is, not a stat it gives: the exhausted Street Clinic is
    still the Mob's Medical Location."""
    t = Table("the-mob")
    _mob_turf(t)
    state = t.at("damage", active=1)
    clinic = next(i for i in state.play[0] if state.defs[i].slug == "street-clinic")
    state.used[clinic] = 1
    turns.end_turn(state)
    assert state.outcome is not None and state.outcome.kind == "sponsor"


def test_arasakas_wall_counts_no_exhausted_runner_and_no_exhausted_gear() -> None:
    each = 8 * COMBAT_SCALE  # a Corporate Bodyguard with Subdermal Plating
    need = -(-ARASAKA_DEFENSE // each)
    for exhaust_runner in (True, False):
        t = Table("arasaka")
        plates = [
            t.card(0, "subdermal-plating", on=t.card(0, "corporate-bodyguard")) for _ in range(need)
        ]
        state = t.at("damage")
        state.used[state.host[plates[0]] if exhaust_runner else plates[0]] = 1
        turns.end_turn(state)
        assert state.outcome is None


def test_biotechnica_counts_the_empathy_its_exhausted_cyber_has_taken() -> None:
    """The Empathy a Cyber takes is what it has done to its runner, not a stat it gives: it
    stays with an exhausted Cyber or runner, and so does Biotechnica's condition."""
    t = Table("biotechnica")
    blades = []
    for _ in range(13):
        r = t.card(0, "trauma-medic")
        blades.append(t.card(0, "mantis-blades", on=r))
        t.card(0, "biomonitor", on=r)  # 4 a runner, 52 in all
    state = t.at("damage")
    state.used[blades[0]] = 1
    state.used[state.host[blades[1]]] = 1
    assert _end(state) == "sponsor"


def test_the_nomads_ride_exhausted_vehicles_and_exhausted_runners() -> None:
    """A Vehicle's kinds are what it is: one exhausted (pressing on, or paying to move gear),
    or on an exhausted runner, is still ridden. The Open Road exhausted for its EB still
    stands."""
    t = Table("the-nomads")
    road = t.card(0, "the-open-road", used=True)
    bike = t.card(0, "hover-bike", on=t.card(0, "road-warrior"))
    t.card(0, "road-train", on=t.card(0, "road-warrior", used=True))
    t.card(0, "tiltrotor", on=t.card(0, "road-warrior"))
    t.card(0, "muscle-car", on=t.card(0, "road-warrior"))
    state = t.at("damage")
    state.used[bike] = 1
    assert state.used[road] and _end(state) == "sponsor"


def test_the_nomads_win_on_the_open_road_with_every_kind_of_vehicle() -> None:
    t = Table("the-nomads")
    t.card(0, "the-open-road")
    for slug in ("street-bike", "hover-sled", "armored-truck", "road-rv", "aerodyne"):
        t.card(0, slug, on=t.card(0, "road-warrior"))
    t.card(0, "gunship-copter", on=t.card(0, "road-warrior"))
    state = t.at("damage")
    turns.end_turn(state)
    assert state.outcome is None  # no Car yet
    t.card(0, "muscle-car", on=t.card(0, "road-warrior"))
    state = t.at("damage")
    assert _end(state) == "sponsor"


def test_a_vehicle_of_two_kinds_counts_as_each_for_the_nomads() -> None:
    """The seed asks for "at least one of each" kind of Vehicle: a Hover Bike is a Motorcycle
    and a Hover, so four vehicles can ride every kind."""
    t = Table("the-nomads")
    t.card(0, "the-open-road")
    for slug in ("hover-bike", "road-train", "tiltrotor"):
        t.card(0, slug, on=t.card(0, "road-warrior"))
    state = t.at("damage")
    assert victory.riding(state, 0) == set(VEHICLE_TYPES) - {"car"}
    turns.end_turn(state)
    assert state.outcome is None  # no Car yet
    t.card(0, "muscle-car", on=t.card(0, "road-warrior"))
    state = t.at("damage")
    assert _end(state) == "sponsor"


def _punknaught(t: Table) -> tuple[int, int]:
    dive = t.card(0, "neon-dive")
    chassis = t.card(0, "punknaught-chassis", on=dive)
    for slug in ("armored-truck", "road-rv", "hover-sled", "gunship-copter", "door-minigun"):
        t.card(0, slug, on=chassis)  # wheels 6 + 4 = 10
    return dive, chassis


def test_the_gangs_win_with_a_complete_punknaught_and_trashin_the_corp_zone() -> None:
    t = Table("friendly-gangs")
    _, chassis = _punknaught(t)
    state = t.at("damage")
    state.tokens[chassis] = 0
    state.corpzone[0] = 1
    assert _end(state) == "sponsor"


def test_an_exhausted_punknaught_on_an_exhausted_location_is_still_complete() -> None:
    """Completion is what the Chassis is (its parts, no tokens), not a stat it gives."""
    t = Table("friendly-gangs")
    dive, chassis = _punknaught(t)
    state = t.at("damage")
    state.tokens[chassis] = 0
    state.used[dive] = state.used[chassis] = 1
    state.corpzone[0] = 1
    assert _end(state) == "sponsor"


def test_the_chassis_is_incomplete_while_it_has_construction_tokens() -> None:
    t = Table("friendly-gangs")
    _, chassis = _punknaught(t)
    state = t.at("damage")
    assert state.tokens[chassis] == 3 and not state.chassis_complete(chassis)
    state.corpzone[0] = 1
    turns.end_turn(state)
    assert state.outcome is None


def test_a_chassis_loses_a_token_at_the_start_of_each_of_its_owners_turns() -> None:
    t = Table("friendly-gangs")
    _, chassis = _punknaught(t)
    t.deck(0, "ganger", "ganger", "ganger")
    state = t.at("damage", active=1)
    turns.end_turn(state)
    assert state.tokens[chassis] == 2


def test_the_chassis_needs_exactly_one_heavy_weapon() -> None:
    t = Table("friendly-gangs")
    _, chassis = _punknaught(t)
    t.card(0, "rocket-launcher", on=chassis)
    state = t.at("damage")
    state.tokens[chassis] = 0
    assert not state.chassis_complete(chassis)


def test_a_vehicle_of_two_kinds_counts_once_for_each_on_the_chassis() -> None:
    """A Road Train is a Truck and an RV, a Tiltrotor a Helicopter and an AV: on the Chassis each
    counts once for each kind, as on the Nomads' road, so with the Road Train's 8 wheels and one
    heavy weapon the three make it complete."""
    t = Table("friendly-gangs")
    chassis = t.card(0, "punknaught-chassis", on=t.card(0, "neon-dive"))
    for slug in ("road-train", "tiltrotor", "door-minigun"):
        t.card(0, slug, on=chassis)
    state = t.at("damage")
    state.tokens[chassis] = 0
    assert state.chassis_complete(chassis)
    state.corpzone[0] = 1
    assert _end(state) == "sponsor"


def test_one_truck_is_not_the_chassis_two_trucks_and_rvs() -> None:
    t = Table("friendly-gangs")
    chassis = t.card(0, "punknaught-chassis", on=t.card(0, "neon-dive"))
    for slug in ("armored-truck", "muscle-car", "tiltrotor", "door-minigun"):
        t.card(0, slug, on=chassis)
    state = t.at("damage")
    state.tokens[chassis] = 0
    assert not state.chassis_complete(chassis)


def test_a_complete_chassis_adds_its_parts_stats_less_one_per_card() -> None:
    t = Table("friendly-gangs")
    _, chassis = _punknaught(t)
    state = t.at("equip")
    state.tokens[chassis] = 0
    # parts: truck Def 2, copter LR 2, minigun SR 3 LR 4; six cards with the chassis
    assert state.chassis_stat(chassis, "lr") == (6 - 6) * COMBAT_SCALE
    assert state.chassis_stat(chassis, "df") == -4 * COMBAT_SCALE
    ganger = t.card(0, "ganger")
    state = t.at("equip")
    assert f"move c{chassis}" in texts(state)
    act(state, f"move c{chassis}", f"onto c{ganger}")
    assert state.host[chassis] == ganger and state.movement((ganger,)) == 2


def test_a_chassis_is_destroyed_with_its_location() -> None:
    t = Table("friendly-gangs")
    dive, chassis = _punknaught(t)
    state = t.at("hits")
    damage.destroy(state, dive)
    assert state.zone[chassis] == Z_DISCARD


def test_the_chassis_cannot_leave_its_location_while_tokens_remain() -> None:
    t = Table("friendly-gangs")
    _, chassis = _punknaught(t)
    t.card(0, "ganger")
    state = t.at("equip")
    assert f"move c{chassis}" not in texts(state)


def test_ncpd_wins_with_50_bust_points() -> None:
    t = Table("ncpd")
    state = t.at("damage")
    state.busts[0] = 50
    assert _end(state) == "sponsor"


def test_ncpds_bust_points_stay_when_its_cops_are_exhausted() -> None:
    """Bust points are scored, not given by a card: exhausted Cops take none away."""
    t = Table("ncpd")
    t.card(0, "beat-cop", used=True)
    state = t.at("damage")
    state.busts[0] = 50
    assert _end(state) == "sponsor"


def test_the_turn_cap_ends_the_game_as_a_draw_of_kind_cap() -> None:
    t = Table()
    state = t.at("damage", turn=rules.TURN_CAP)
    assert _end(state) == "cap" and state.outcome is not None and state.outcome.winners == ()


def test_empty_decks_end_the_game_well_before_the_cap() -> None:
    state = Table().at("damage")
    choices = ["take ops", "take style"]
    while not state.is_terminal:
        moves = texts(state)
        act(state, choices[state.turn % 2] if "take ops" in moves else moves[0])
    assert state.outcome is not None and state.outcome.kind in ("ops", "style")
    assert state.turn <= 2 * 14 + 1 < rules.TURN_CAP


def test_damage_control_discards_down_to_eight() -> None:
    t = Table()
    t.hand(0, *["beat-cop"] * 10)
    state = t.at("damage")
    act(state, "pass")
    assert state.prompt == ("discard", 0)
    act(state, "discard beat-cop", "discard beat-cop")
    assert len(state.hand[0]) == 8 and state.active == 1


def test_the_chassis_loses_a_token_at_the_start_of_every_turn_both_players() -> None:
    t = Table("friendly-gangs", "ncpd")
    _, chassis = _punknaught(t)
    t.deck(1, *["ganger"] * 3)
    t.deck(0, *["ganger"] * 3)
    state = t.at("damage")
    turns.end_turn(state)  # player 2's turn begins
    assert state.active == 1 and state.tokens[chassis] == 2
    state.prompt, state.step = None, 8
    turns.end_turn(state)  # player 1's turn begins
    assert state.active == 0 and state.tokens[chassis] == 1
