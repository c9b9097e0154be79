"""Legwork, teams, hits, skirmishes, runs and DEFEATED."""

from __future__ import annotations

from cyberdeck.games.cyberpunk_ccg import damage
from cyberdeck.games.cyberpunk_ccg.position import Z_DISCARD, Z_PLAY, Z_STASH, Table, act, texts


def test_an_opponents_operation_must_be_opened_by_paying_double() -> None:
    t = Table()
    sam = t.card(0, "detective-sergeant")
    op = t.card(1, "smash-and-grab")  # cost 2: opening costs 4
    t.awake(1)
    state = t.at("open")
    assert state.prompt is None
    act(state, f"open c{op}", f"pay c{state.sponsor[0]}")
    assert state.flags[op] & 4
    state.step, state.prio, state.passes = 6, 0, 0
    state._legal = None
    act(state, f"send c{sam}")
    assert f"hit c{op}" in texts(state)


def test_an_unopened_operation_is_not_a_hit_target() -> None:
    t = Table()
    sam = t.card(0, "detective-sergeant")
    op = t.card(1, "smash-and-grab")
    t.card(1, "neon-dive")
    state = t.at("hits")
    act(state, f"send c{sam}")
    assert f"hit c{op}" not in texts(state)


def test_teams_hold_one_to_four_runners() -> None:
    t = Table()
    cops = [t.card(0, "beat-cop", team=1) for _ in range(4)]
    extra = t.card(0, "beat-cop")
    state = t.at("teams")
    act(state, f"team c{extra}")
    assert "join t1" not in texts(state) and "join t2" in texts(state)
    del cops


def test_a_nomad_lets_a_team_hold_five() -> None:
    t = Table("the-nomads")
    for _ in range(3):
        t.card(0, "road-warrior", team=1)
    t.card(0, "gearhead", team=1)
    extra = t.card(0, "gearhead")
    state = t.at("teams")
    act(state, f"team c{extra}")
    assert "join t1" in texts(state)


def test_an_exhausted_nomad_does_not_let_a_team_hold_five() -> None:
    """Exhausted cards contribute no abilities, the Nomad's larger team among them: once a
    Flashbang exhausts a team's only Nomad, a fifth runner may not join that team."""
    t = Table("the-nomads", "ncpd")
    nomad = t.card(0, "road-warrior", team=1)
    for _ in range(3):
        t.card(0, "gearhead", team=1)
    extra = t.card(0, "gearhead")
    t.hand(1, "flashbang")
    state = t.at("teams")
    act(state, "pass", "play flashbang", f"pay c{state.sponsor[1]}", f"target c{nomad}")
    assert state.used[nomad] and state.current_player == 0
    act(state, f"team c{extra}")
    assert "join t1" not in texts(state) and "join t2" in texts(state)


def test_a_team_of_five_whose_nomad_is_exhausted_keeps_its_five_but_takes_no_one() -> None:
    """The rules say nothing of a team of five that loses its Nomad's Family; the size is
    checked as a runner joins. The team keeps its five, takes no one more while the Nomad is
    exhausted, and sets out with its four unused members (the exhausted Nomad cannot go)."""
    t = Table("the-nomads")
    nomad = t.card(0, "road-warrior", team=1, used=True)
    crew = [t.card(0, "gearhead", team=1) for _ in range(4)]
    extra = t.card(0, "gearhead")
    t.card(1, "neon-dive")
    state = t.at("teams")
    act(state, f"team c{extra}")
    assert "join t1" not in texts(state)
    assert [state.team[r] for r in (nomad, *crew)] == [1] * 5
    state = t.at("hits")
    act(state, "send t1")
    assert state.prompt is not None and sorted(state.prompt[2]) == crew


def test_a_runner_is_reassigned_once_per_legwork() -> None:
    t = Table()
    cop = t.card(0, "beat-cop")
    t.card(0, "beat-cop")
    t.awake(1)
    state = t.at("teams")
    act(state, f"team c{cop}", "join t1", "pass")
    assert state.current_player == 0
    assert not any(a.startswith(f"team c{cop}") for a in texts(state))


def test_the_opponent_declares_teams_in_the_same_legwork() -> None:
    t = Table()
    t.card(0, "beat-cop")
    theirs = t.card(1, "ganger")
    state = t.at("teams")
    act(state, "pass")
    assert state.current_player == 1
    act(state, f"team c{theirs}", "join t2")
    assert state.team[theirs] == 2


def test_un_teamed_runners_attack_in_groups_of_up_to_three() -> None:
    t = Table()
    a, b, c, d = (t.card(0, "beat-cop") for _ in range(4))
    t.card(1, "neon-dive")
    state = t.at("hits")
    act(state, f"send c{a}", f"send c{b}", f"send c{c}")
    assert f"send c{d}" not in texts(state)


def test_a_successful_hit_trashes_the_location_and_scores_its_ops() -> None:
    t = Table()
    team = [t.card(0, "detective-sergeant", team=1) for _ in range(2)]  # attack 12
    market = t.card(1, "night-market")  # 8 + 2x1 = 10
    state = t.at("hits")
    act(state, "send t1", f"hit c{market}")
    assert state.zone[market] == Z_DISCARD and state.ops[0] == 6
    assert all(state.used[r] for r in team) and state.sitehit[1] == 1


def test_a_failed_hit_against_a_stronger_location_defeats_the_force() -> None:
    t = Table()
    bare = t.card(0, "patrol-officer", team=1)  # 1+2 attack, Def 2, no gear
    armed = t.card(0, "beat-cop", team=1)  # 2+2 (+1+2 pistol), Def 3
    gun = t.card(0, "heavy-pistol", on=armed)
    plaza = t.card(1, "corporate-plaza")  # 10 + 2x4 = 18
    state = t.at("hits")
    act(state, "send t1", f"hit c{plaza}")
    assert state.zone[bare] == Z_DISCARD  # DEFEATED without equipment: trashed
    assert state.zone[armed] == Z_PLAY and state.used[armed] and state.zone[gun] == Z_DISCARD
    assert state.zone[plaza] == Z_PLAY and state.ops[0] == 0


def test_a_failed_hit_that_survives_leaves_the_force_used() -> None:
    t = Table()
    cop = t.card(0, "beat-cop")  # attack 4: not more than the market's 6
    t.card(0, "riot-armor", on=cop)  # Def 3 + 4 = 7: the market's 6 does not defeat it
    market = t.card(1, "night-market")  # 4 + 2x1 = 6
    state = t.at("hits")
    act(state, f"send c{cop}", f"hit c{market}")
    assert state.zone[cop] == Z_PLAY and state.used[cop] and state.zone[market] == Z_PLAY


def test_an_equal_offense_does_not_trash_the_target() -> None:
    t = Table()
    cop = t.card(0, "beat-cop")  # attack 4
    t.card(0, "riot-armor", on=cop)
    stand = t.card(1, "noodle-stand")  # 4 + 0
    state = t.at("hits")
    act(state, f"send c{cop}", f"hit c{stand}")
    assert state.zone[stand] == Z_PLAY


def test_a_defended_hit_is_a_skirmish_and_remaining_offense_must_beat_the_target() -> None:
    t = Table()
    a = [t.card(0, "psycho-squad-officer", team=1) for _ in range(2)]  # attack 18, Def 12
    guard = t.card(1, "ganger", team=1)  # attack 5, Def 3
    dive = t.card(1, "neon-dive")  # 10 + 2 = 12
    state = t.at("hits")
    act(state, "send t1", f"hit c{dive}")
    assert state.current_player == 1 and "defend t1" in texts(state)
    act(state, "defend t1")
    # both pass the skirmish window; 18 > 3 defeats the ganger, remaining offense 15 > 12
    while state.hit is not None:
        act(state, "pass")
    assert state.zone[guard] == Z_DISCARD and state.zone[dive] == Z_DISCARD
    assert state.ops[0] == 8
    del a


def test_a_skirmish_can_defeat_both_teams() -> None:
    t = Table()
    att = t.card(0, "beat-cop")  # attack 4, Def 3
    t.card(0, "beat-cop", team=1)
    t.card(1, "ganger", team=1)  # attack 4, Def 2
    t.card(1, "neon-dive")
    state = t.at("hits")
    act(state, "send t1", f"hit c{state.play[1][-1]}", "defend t1")
    while state.hit is not None:
        act(state, "pass")
    assert not state.runners(1) and len(state.runners(0)) == 1
    del att


def test_hitting_the_stash_costs_one_eb_a_card_and_scores_three_each() -> None:
    t = Table("militech", "the-mob")
    force = [t.card(0, "psycho-squad-officer", team=1) for _ in range(4)]  # attack 36
    stash = t.stash(1, "monoblade", "heavy-pistol")  # ATTACK 30
    t.awake(1)
    state = t.at("hits")
    act(state, "send t1", "hit stash")
    assert state.prompt is not None and state.prompt[2] == 2
    act(state, f"pay c{state.sponsor[0]}")
    while state.hit is not None:
        act(state, "pass")
    assert all(state.zone[a] == Z_DISCARD for a in stash) and state.ops[0] == 6
    assert state.stashhit[0] == 1
    del force


def test_a_team_makes_one_hit_per_turn() -> None:
    t = Table()
    cop = t.card(0, "psycho-squad-officer")
    t.card(0, "hover-sled", on=cop)  # Movement 3
    a, b = t.card(1, "noodle-stand"), t.card(1, "night-market")
    state = t.at("hits")
    act(state, f"send c{cop}", f"hit c{a}")
    assert state.prompt is not None and state.prompt[0] == "press"
    act(state, "press-on")
    assert state.used[cop] == 0 and f"send c{cop}" not in texts(state)
    del b


def test_movement_is_the_lowest_among_a_team_and_a_vehicle_carries_its_capacity() -> None:
    t = Table()
    a = t.card(0, "beat-cop", team=1)
    b = t.card(0, "beat-cop", team=1)
    c = t.card(0, "beat-cop", team=1)
    t.card(0, "hover-sled", on=a)  # Movement 2, carries 2
    state = t.at("hits")
    assert state.movement((a, b)) == 3 and state.movement((a, b, c)) == 1


def test_a_run_burns_your_own_operation_scores_it_and_resolves_its_ability() -> None:
    t = Table()
    cops = [t.card(0, "psycho-squad-officer", team=1) for _ in range(2)]  # 18
    op = t.card(0, "protection-racket")  # 8 + 2 = 10
    state = t.at("runs")
    act(state, "send t1", f"run c{op}")
    while state.hit is not None:
        act(state, "pass")
    assert state.zone[op] == Z_DISCARD and state.ops[0] == 22 and state.style[0] == 3
    del cops


def test_a_failed_run_defeats_a_weak_team() -> None:
    t = Table()
    cop = t.card(0, "patrol-officer")  # attack 3, Def 2
    op = t.card(0, "black-op")  # 26
    state = t.at("runs")
    act(state, f"send c{cop}", f"run c{op}")
    while state.hit is not None:
        act(state, "pass")
    assert state.zone[cop] == Z_DISCARD and state.zone[op] == Z_PLAY


def test_an_opponent_who_defeats_an_operation_does_not_get_its_ability() -> None:
    t = Table()
    force = [t.card(0, "psycho-squad-officer", team=1) for _ in range(2)]
    op = t.card(1, "protection-racket")
    state = t.at("hits")
    state.flags[op] |= 4
    act(state, "send t1", f"hit c{op}")
    assert state.zone[op] == Z_DISCARD and state.ops[0] == 22 and state.style == [0, 0]
    del force


def test_defeated_runner_with_equipment_loses_it_but_keeps_cyber() -> None:
    t = Table()
    cop = t.card(0, "beat-cop")
    eyes = t.card(0, "cyberoptics", on=cop)
    jacket = t.card(0, "armored-jacket", on=cop)
    state = t.at("hits")
    damage.defeat(state, (cop,))
    assert state.zone[jacket] == Z_DISCARD and state.zone[eyes] == Z_PLAY and state.used[cop]


def test_stash_cards_are_not_in_play() -> None:
    t = Table()
    (jacket,) = t.stash(0, "armored-jacket")
    state = t.at("hits")
    assert state.zone[jacket] == Z_STASH and jacket not in state.play[0]


def test_a_nomad_lets_an_un_teamed_group_hold_four() -> None:
    t = Table("the-nomads")
    a, b, c, d = (t.card(0, "road-warrior") for _ in range(4))
    t.card(1, "neon-dive")
    state = t.at("hits")
    act(state, f"send c{a}", f"send c{b}", f"send c{c}")
    assert f"send c{d}" in texts(state)


def test_in_a_skirmish_the_defender_acts_first_then_the_attacker() -> None:
    t = Table()
    cop = t.card(0, "beat-cop", team=1)
    t.hand(0, "adrenaline-rush")
    guard = t.card(1, "ganger", team=1)
    t.hand(1, "flashbang")
    dive = t.card(1, "neon-dive")
    state = t.at("hits")
    act(state, "send t1", f"hit c{dive}", "defend t1")
    assert state.current_player == 1 and "play flashbang" in texts(state)
    act(state, "play flashbang", f"pay c{state.sponsor[1]}", f"target c{cop}")
    assert state.current_player == 0 and state.hit_attack(0) == 0
    del guard


def test_remaining_defense_is_what_the_skirmish_left() -> None:
    t = Table()
    cops = [t.card(0, "beat-cop", team=1) for _ in range(2)]
    armour = [t.card(0, "riot-armor", on=cop) for cop in cops]  # attack 8, Defense 14
    guard = t.card(1, "patrol-officer", team=1)  # attack 3, Defense 2
    house = t.card(1, "precinct-house")  # 8 + 2x2 = 12
    state = t.at("hits")
    act(state, "send t1", f"hit c{house}", "defend t1")
    while state.hit is not None:
        act(state, "pass")
    # 8 beats 2; remaining offense 6 does not beat 12, and 12 beats remaining Defense 14 - 3 = 11
    assert state.zone[guard] == Z_DISCARD and state.zone[house] == Z_PLAY
    assert all(state.zone[a] == Z_DISCARD for a in armour)  # DEFEATED: the gear goes
    assert all(state.zone[c] == Z_PLAY and state.used[c] for c in cops)


def test_a_force_that_pressed_on_can_still_run_with_its_movement_left() -> None:
    t = Table()
    cop = t.card(0, "psycho-squad-officer")
    sled = t.card(0, "hover-sled", on=cop)  # Movement 1 + 2
    stand = t.card(1, "noodle-stand")
    op = t.card(0, "patrol-sweep")  # 5 + 2 = 7 security, 8 Ops
    t.awake(1)
    state = t.at("hits")
    act(state, f"send c{cop}", f"hit c{stand}")
    while state.prompt is None:
        act(state, "pass")
    act(state, "press-on")
    assert state.used[sled] and not state.used[cop] and state.movement((cop,)) == 2
    state.step, state.prio, state.passes = 7, 0, 0
    state._legal = None
    act(state, f"send c{cop}", f"run c{op}")
    while state.hit is not None:
        act(state, "pass")
    assert state.ops[0] == 6 + 8
