"""Turn structure, priority, paying and equipping."""

from __future__ import annotations

import pytest

from cyberdeck.engine import Action, IllegalAction
from cyberdeck.games.cyberpunk_ccg import GAME, economy, equipping, turns
from cyberdeck.games.cyberpunk_ccg.cardset import COMBAT_SCALE
from cyberdeck.games.cyberpunk_ccg.position import Z_PLAY, Z_STASH, Table, act, texts
from cyberdeck.games.cyberpunk_ccg.rules import EQUIP, F_DRAWN


def test_setup_each_player_may_cut_the_opponents_decks() -> None:
    state = GAME.new_state({}, 3)
    runs, gear = state.runs[0][:], state.gear[0][:]
    assert state.current_player == 1 and texts(state) == ["cut", "no-cut"]
    act(state, "cut")
    assert sorted(state.runs[0]) == sorted(runs) and state.runs[0] != runs
    assert state.gear[0] != gear and state.current_player == 0
    act(state, "no-cut")
    assert state.prompt == ("draw", 0, 4, "setup")


def test_the_cut_is_the_same_for_the_same_seed() -> None:
    one, two = GAME.new_state({}, 5), GAME.new_state({}, 5)
    act(one, "cut", "cut")
    act(two, "cut", "cut")
    assert one.runs == two.runs and one.gear == two.gear


def test_setup_each_player_draws_four_then_the_cut_picks_who_goes_first() -> None:
    state = GAME.new_state({}, 3)
    act(state, "no-cut", "no-cut")
    while state.turn == 0:
        act(state, "draw runs")
    assert len(state.hand[0]) + len(state.hand[1]) == 8
    assert state.prompt is not None and state.prompt[0] == "draw"
    assert state.prompt[1] == state.active and state.prompt[2] == 3


def test_draw_picks_the_deck_one_card_at_a_time() -> None:
    state = GAME.new_state({}, 3)
    act(state, "no-cut", "no-cut", "draw runs", "draw gear", "draw gear", "draw runs")
    kinds = sorted(state.defs[i].deck for i in state.hand[0])
    assert kinds == ["gear", "gear", "runs", "runs"]


def test_running_out_of_cards_gives_the_opponent_five_ops_or_style_per_card() -> None:
    t = Table()
    t.deck(0, "beat-cop")
    state = t.at("draw")
    state.prompt = None
    events = turns.continue_draw(state, 0, 3, "turn")
    assert state.prompt == ("draw", 0, 3, "turn")
    act(state, "draw runs")
    assert state.prompt is not None and state.prompt[:3] == ("take", 1, 2)
    act(state, "take ops", "take style")
    assert state.ops[1] == 5 and state.style[1] == 5
    del events


def test_straighten_renews_every_card_of_the_active_player_only() -> None:
    t = Table()
    mine = t.card(0, "beat-cop", used=True)
    theirs = t.card(1, "ganger", used=True)
    state = t.at("draw")
    act(state, "pass")
    assert state.step >= 1 and state.used[mine] == 0 and state.used[theirs] == 1


def test_priority_alternates_and_a_step_ends_when_both_pass() -> None:
    t = Table()
    t.card(0, "neon-dive")
    t.hand(1, "payday")
    state = t.at("purchase")
    assert state.current_player == 0
    act(state, "pass")
    assert state.current_player == 1 and state.step == 2
    act(state, "pass")
    assert state.step == 3


def test_an_action_hands_priority_to_the_other_player() -> None:
    t = Table()
    t.hand(0, "beat-cop", "beat-cop")
    t.hand(1, "payday")
    state = t.at("purchase")
    act(state, "buy beat-cop", f"pay c{state.sponsor[0]}")
    assert state.current_player == 1 and state.passes == 0
    act(state, "pass")
    assert state.step > 2  # player 1 had nothing more to do and passed automatically


def test_pay_with_several_sources_and_no_change() -> None:
    t = Table("the-mob", "ncpd")
    a = t.card(0, "neon-dive")  # 2 EB
    b = t.card(0, "night-market")  # 2 EB
    w = t.card(0, "warehouse-row")  # 3 EB
    t.awake(1)
    op = t.hand(0, "black-op")[0]  # corporate: 6 EB for a street sponsor
    state = t.at("purchase")
    state.used[state.sponsor[0]] = 1
    act(state, "buy black-op", f"pay c{a}", f"pay c{b}")
    assert state.prompt is not None and state.prompt[2:4] == (6, 4)
    act(state, f"pay c{w}")  # 7 paid for 6: the extra EB is lost
    assert state.prompt is None and state.bank[0] == 0 and state.zone[op] == Z_PLAY
    assert state.used[a] == state.used[b] == state.used[w] == 1


def test_sponsor_faction_pays_two_less_but_at_least_one() -> None:
    t = Table("the-mob", "ncpd")
    samurai, rocker, cop = t.hand(0, "street-samurai", "garage-rocker", "beat-cop")
    state = t.at("purchase")
    assert economy.price(state, 0, samurai) == 3  # street 5 -> 3
    assert economy.price(state, 0, rocker) == 1  # street 2 -> minimum 1
    assert economy.price(state, 0, cop) == 3  # government: no discount


def test_the_discount_does_not_apply_to_opening_an_opponents_operation() -> None:
    t = Table("the-mob", "ncpd")
    op = t.card(1, "smash-and-grab")  # street, cost 2: opening costs 4 even for The Mob
    t.card(0, "neon-dive")
    t.awake(1)
    state = t.at("open")
    act(state, f"open c{op}", f"pay c{state.sponsor[0]}")
    assert state.flags[op] & 4


def test_a_fixer_lowers_the_price_of_an_operation_by_its_power() -> None:
    t = Table("ncpd", "the-mob")
    fixer = t.card(0, "info-broker")  # Power 5
    t.card(0, "precinct-house")  # 3 EB
    t.hand(0, "black-op")
    state = t.at("purchase")
    state.used[state.sponsor[0]] = 1
    assert "buy black-op" in texts(state)
    act(state, "buy black-op")
    assert f"pay c{fixer}" in texts(state)
    act(state, f"pay c{fixer}")
    assert state.prompt is not None and state.prompt[3] == 5


def test_a_corp_pays_half_its_power() -> None:
    t = Table("ncpd", "the-mob")
    exec_ = t.card(0, "junior-exec")
    t.hand(0, "shock-baton")
    state = t.at("purchase")
    state.used[state.sponsor[0]] = 1
    act(state, "buy shock-baton", f"pay c{exec_}")
    assert state.prompt is not None and state.prompt[0] == "place"


def test_buying_needs_enough_eb_and_says_why() -> None:
    t = Table()
    t.hand(0, "psycho-squad-officer")
    state = t.at("purchase")
    state.used[state.sponsor[0]] = 1
    before = state.fingerprint()
    with pytest.raises(IllegalAction) as err:
        state.apply(Action.parse("buy psycho-squad-officer"))
    assert "EB" in str(err.value)
    assert state.fingerprint() == before


def test_a_legendary_card_in_play_cannot_be_played_by_the_other_player() -> None:
    t = Table("the-mob", "the-nomads")
    t.card(1, "chrome-idol")
    t.hand(0, "chrome-idol")
    state = t.at("purchase")
    assert "buy chrome-idol" not in texts(state)


def test_cyber_and_equipment_may_be_played_into_the_stash() -> None:
    t = Table()
    t.card(0, "beat-cop")
    gun = t.hand(0, "heavy-pistol")[0]
    state = t.at("purchase")
    act(state, "buy heavy-pistol", f"pay c{state.sponsor[0]}", "onto stash")
    assert state.zone[gun] == Z_STASH


def test_every_card_enters_play_unused() -> None:
    t = Table()
    cop = t.hand(0, "beat-cop")[0]
    state = t.at("purchase")
    act(state, "buy beat-cop", f"pay c{state.sponsor[0]}")
    assert state.zone[cop] == Z_PLAY and state.used[cop] == 0


def test_equip_from_the_stash_exhausts_the_receiving_runner() -> None:
    t = Table()
    cop = t.card(0, "beat-cop")
    (gun,) = t.stash(0, "heavy-pistol")
    state = t.at("equip")
    act(state, f"move c{gun}", f"onto c{cop}")
    assert state.host[gun] == cop and state.used[cop] == 1


def test_equip_back_to_the_stash_exhausts_the_runner_or_its_vehicle() -> None:
    t = Table()
    cop = t.card(0, "beat-cop", used=True)
    bike = t.card(0, "street-bike", on=cop)
    gun = t.card(0, "heavy-pistol", on=cop)
    state = t.at("equip")
    act(state, f"move c{gun}", "onto stash")
    assert state.zone[gun] == Z_STASH and state.used[bike] == 1


def test_runner_to_runner_exhausts_only_the_transferred_equipment() -> None:
    t = Table()
    a = t.card(0, "beat-cop")
    b = t.card(0, "patrol-officer")
    gun = t.card(0, "heavy-pistol", on=a)
    state = t.at("equip")
    act(state, f"move c{gun}", f"onto c{b}")
    assert state.host[gun] == b and state.used[gun] == 1
    assert state.used[a] == 0 and state.used[b] == 0


def test_cyber_cannot_move_once_attached() -> None:
    t = Table()
    cop = t.card(0, "beat-cop")
    eyes = t.card(0, "cyberoptics", on=cop)
    state = t.at("equip")
    assert f"move c{eyes}" not in texts(state)


def test_one_cyber_per_body_part() -> None:
    t = Table()
    cop = t.card(0, "beat-cop")
    t.card(0, "muscle-lace", on=cop)
    blades = t.stash(0, "mantis-blades")[0]
    plating = t.stash(0, "subdermal-plating")[0]
    state = t.at("equip")
    assert not equipping.fits(state, blades, cop) and equipping.fits(state, plating, cop)


def test_one_equipment_of_each_type_but_any_number_of_weapons() -> None:
    t = Table()
    cop = t.card(0, "beat-cop")
    t.card(0, "armored-jacket", on=cop)
    t.card(0, "heavy-pistol", on=cop)
    riot = t.stash(0, "riot-armor")[0]
    rifle = t.stash(0, "assault-rifle")[0]
    state = t.at("equip")
    assert not equipping.fits(state, riot, cop) and equipping.fits(state, rifle, cop)


def test_only_one_weapon_is_active() -> None:
    t = Table()
    cop = t.card(0, "beat-cop")  # SR 2 LR 2
    t.card(0, "heavy-pistol", on=cop)  # SR 1 LR 2 (active)
    t.card(0, "assault-rifle", on=cop)  # SR 2 LR 4 (carried)
    state = t.at("hits")
    assert (
        state.runner_stat(cop, "sr") == 3 * COMBAT_SCALE
        and state.runner_stat(cop, "lr") == 4 * COMBAT_SCALE
    )


def test_a_martial_artist_uses_two_melee_weapons() -> None:
    t = Table("the-mob")
    master = t.card(0, "blade-master")  # SR 6
    t.card(0, "monoblade", on=master)
    t.card(0, "shock-baton", on=master)
    other = t.card(0, "street-samurai")
    t.card(0, "monoblade", on=other)
    t.card(0, "shock-baton", on=other)
    state = t.at("hits")
    assert state.runner_stat(master, "sr") == 11 * COMBAT_SCALE
    assert state.runner_stat(other, "sr") == 8 * COMBAT_SCALE


def test_the_player_chooses_the_active_weapon_in_the_equip_step() -> None:
    t = Table()
    cop = t.card(0, "beat-cop")  # SR 2 LR 2
    pistol = t.card(0, "heavy-pistol", on=cop)  # SR 1 LR 2 (drawn)
    rifle = t.card(0, "assault-rifle", on=cop)  # SR 2 LR 4 (carried)
    t.awake(1)
    state = t.at("equip")
    act(state, f"wield c{rifle}")
    assert (
        state.runner_stat(cop, "lr") == (2 + 4) * COMBAT_SCALE and not state.flags[pistol] & F_DRAWN
    )


def test_a_weapon_changes_hands_once_a_turn_and_only_in_the_equip_step() -> None:
    t = Table()
    cop = t.card(0, "beat-cop")
    pistol = t.card(0, "heavy-pistol", on=cop)
    rifle = t.card(0, "assault-rifle", on=cop)
    t.awake(1)
    state = t.at("equip")
    act(state, f"wield c{rifle}", "pass")
    assert f"wield c{pistol}" in texts(state) and f"holster c{rifle}" not in texts(state)
    act(state, "pass", "pass")
    assert state.step != EQUIP and f"wield c{pistol}" not in texts(state)


def test_a_martial_artist_puts_one_melee_weapon_away_to_draw_another() -> None:
    t = Table("the-mob")
    master = t.card(0, "blade-master")  # SR 6
    blade = t.card(0, "monoblade", on=master)  # SR 3
    baton = t.card(0, "shock-baton", on=master)  # SR 2
    spare = t.card(0, "monoblade", on=master)  # SR 3, carried
    t.awake(1)
    state = t.at("equip")
    assert f"wield c{spare}" not in texts(state)
    act(state, f"holster c{baton}", "pass", f"wield c{spare}")
    assert (
        state.runner_stat(master, "sr") == (6 + 3 + 3) * COMBAT_SCALE
        and not state.flags[baton] & F_DRAWN
    )
    del blade


def test_drawing_a_gun_puts_a_martial_artists_blades_away() -> None:
    t = Table("the-mob")
    master = t.card(0, "blade-master")
    t.card(0, "monoblade", on=master)
    t.card(0, "shock-baton", on=master)
    rifle = t.card(0, "assault-rifle", on=master)  # SR 2 LR 4
    t.awake(1)
    state = t.at("equip")
    act(state, f"wield c{rifle}")
    assert state.runner_stat(master, "sr") == (6 + 2) * COMBAT_SCALE and state.active_gear(
        master
    ) == [rifle]


def test_exhausted_cards_give_no_stats() -> None:
    t = Table()
    cop = t.card(0, "beat-cop")
    t.card(0, "heavy-pistol", on=cop, used=True)
    state = t.at("hits")
    assert state.runner_stat(cop, "lr") == 2 * COMBAT_SCALE
    state.used[cop] = 1
    assert state.runner_stat(cop, "lr") == 0


def test_events_are_played_at_instant_speed_on_the_opponents_turn() -> None:
    t = Table()
    t.card(0, "neon-dive")
    t.hand(1, "payday")
    state = t.at("purchase", active=0)
    act(state, "pass")
    assert state.current_player == 1 and "play payday" in texts(state)
    t.awake(1)
    events = act(state, "play payday", f"pay c{state.sponsor[1]}")
    assert any("banks 3 EB" in e.text for e in events)


def test_equip_may_exhaust_an_attached_vehicle_instead_of_the_runner() -> None:
    t = Table()
    cop = t.card(0, "beat-cop")
    bike = t.card(0, "street-bike", on=cop)
    (gun,) = t.stash(0, "heavy-pistol")
    t.awake(1)
    state = t.at("equip")
    act(state, f"move c{gun}", f"onto c{cop}")
    assert texts(state) == [f"exhaust c{cop}", f"exhaust c{bike}"]
    act(state, f"exhaust c{bike}")
    assert state.used[bike] == 1 and state.used[cop] == 0 and state.host[gun] == cop


def test_a_used_runner_with_an_unused_vehicle_can_still_be_equipped() -> None:
    t = Table()
    cop = t.card(0, "beat-cop", used=True)
    bike = t.card(0, "street-bike", on=cop)
    (gun,) = t.stash(0, "heavy-pistol")
    state = t.at("equip")
    act(state, f"move c{gun}", f"onto c{cop}")
    assert state.used[bike] == 1 and state.host[gun] == cop
