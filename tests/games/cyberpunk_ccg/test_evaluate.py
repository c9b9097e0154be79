"""The evaluation plays for the sponsor: progress toward each sponsor's own condition counts, goal
cards are kept when a hand must shrink, and the opponent's hidden hand never counts."""

from __future__ import annotations

import pytest

from cyberdeck.agents.greedy import GreedyAgent
from cyberdeck.engine import Action
from cyberdeck.games.cyberpunk_ccg import goals
from cyberdeck.games.cyberpunk_ccg.cardset import BY_SLUG, CARDS, COMBAT_SCALE
from cyberdeck.games.cyberpunk_ccg.evaluate import evaluate
from cyberdeck.games.cyberpunk_ccg.position import Table, act
from cyberdeck.games.cyberpunk_ccg.rules import EQUIP, F_OPENED, Z_HAND
from cyberdeck.games.cyberpunk_ccg.state import CyberState
from cyberdeck.games.cyberpunk_ccg.victory import MILITECH_SR


def _value(t: Table, seat: int = 0) -> float:
    return evaluate(t.at("purchase"), seat)


def test_ncpd_bust_points_are_worth_something() -> None:
    t = Table("ncpd")
    before = _value(t)
    t.state.busts[0] = 10
    assert goals.progress(t.state, 0) == pytest.approx(0.2)
    assert _value(t) > before


def test_a_new_kind_of_vehicle_is_worth_more_to_the_nomads_than_a_second_of_a_kind() -> None:
    def board(second: str) -> float:
        t = Table("the-nomads")
        t.card(0, "street-bike", on=t.card(0, "road-warrior"))
        t.card(0, second, on=t.card(0, "road-warrior"))
        return _value(t)

    # A Muscle Car and a Street Bike give the same stats and Movement: only the goal tells them
    # apart.
    assert board("muscle-car") > board("street-bike")


def test_the_open_road_counts_for_the_nomads_only() -> None:
    nomads, mob = Table("the-nomads"), Table("the-mob")
    base = _value(nomads), _value(mob)
    nomads.card(0, "the-open-road")
    mob.card(0, "the-open-road")
    assert _value(nomads) - base[0] > _value(mob) - base[1]


def test_a_truck_on_the_punknaught_is_worth_more_to_the_gangs_than_on_a_runner() -> None:
    def board(on_chassis: bool) -> float:
        t = Table("friendly-gangs")
        chassis = t.card(0, "punknaught-chassis", on=t.card(0, "neon-dive"))
        runner = t.card(0, "ganger")
        t.card(0, "armored-truck", on=chassis if on_chassis else runner)
        return _value(t)

    assert board(True) > board(False)


def test_a_location_of_a_new_type_is_worth_more_to_the_mob() -> None:
    def board(second: str) -> float:
        t = Table("the-mob")
        t.card(0, "night-market")  # grocery, 2 EB
        t.card(0, second)
        return _value(t)

    assert board("noodle-stand") < board("street-clinic")  # grocery again, or medical (2 EB each)


def test_the_mobs_exhausted_location_counts_no_eb_until_it_straightens() -> None:
    """The Mob's condition is read at the start of its turn, before its Straighten step: a
    Location exhausted to pay gives no EB toward it then, as the evaluation counts it, except
    in the Mob's own Draw step, when the Location is about to straighten."""
    t = Table("the-mob")
    plaza = t.card(0, "corporate-plaza")  # Retail, 5 EB
    t.at("hits")
    whole = goals.progress(t.state, 0)
    t.state.used[plaza] = 1
    less = whole - 0.5 * 5 / 50
    assert goals.progress(t.state, 0) == pytest.approx(less)
    t.at("hits", active=1)
    assert goals.progress(t.state, 0) == pytest.approx(less)
    t.at("draw")
    assert goals.progress(t.state, 0) == pytest.approx(whole)


def test_arasaka_counts_defense_on_its_runners_toward_120() -> None:
    t = Table("arasaka")
    r = t.card(0, "corporate-bodyguard")
    t.card(0, "subdermal-plating", on=r)
    assert goals.progress(t.state, 0) == pytest.approx(8 * COMBAT_SCALE / 120)
    t.at("draw", active=1)  # the opponent's turn: an exhausted runner straightens next turn
    t.state.used[r] = 1
    assert goals.progress(t.state, 0) == pytest.approx(8 * COMBAT_SCALE / 120)


def test_on_its_own_turn_a_used_runner_counts_nothing_toward_arasakas_wall() -> None:
    """The condition is checked at the end of Arasaka's own turn, on unused runners: sending a
    runner on a hit takes its Defense off the wall for the rest of the turn."""
    t = Table("arasaka")
    home, away = t.card(0, "junior-exec"), t.card(0, "corporate-bodyguard")
    t.at("hits")
    assert goals.progress(t.state, 0) == pytest.approx((2 + 5) * COMBAT_SCALE / 120)
    t.state.used[away] = 1
    assert goals.progress(t.state, 0) == pytest.approx(2 * COMBAT_SCALE / 120)
    t.at("draw")  # its own next turn, before Straighten: both come back
    assert goals.progress(t.state, 0) == pytest.approx((2 + 5) * COMBAT_SCALE / 120)
    assert not t.state.used[home]


def test_a_hit_on_arasakas_holdings_since_its_last_turn_counts_half_its_wall() -> None:
    """A hit on a Location or the Stash keeps the fortress from standing at the end of Arasaka's
    next turn: an opponent that sees the hit take half the wall away sees what it denies."""
    t = Table("arasaka")
    t.card(0, "corporate-bodyguard")
    t.at("hits", active=1)
    whole = goals.progress(t.state, 0)
    before = evaluate(t.state, 1)
    t.state.sitehit[0] = 1
    assert goals.progress(t.state, 0) == pytest.approx(goals.DENIED * whole)
    assert evaluate(t.state, 1) > before


def test_militech_counts_sr_on_its_runners_toward_120() -> None:
    t = Table("militech")
    t.card(0, "mantis-blades", on=t.card(0, "street-samurai"))
    assert goals.progress(t.state, 0) == pytest.approx(0.9 * 9 * COMBAT_SCALE / 120)


def test_a_chassis_nearer_completion_is_further_along() -> None:
    t = Table("friendly-gangs")
    chassis = t.card(0, "punknaught-chassis", on=t.card(0, "neon-dive"))
    steps = [goals.progress(t.state, 0)]
    for slug in ("armored-truck", "road-rv", "hover-sled", "gunship-copter", "door-minigun"):
        t.card(0, slug, on=chassis)
        steps.append(goals.progress(t.state, 0))
    t.state.tokens[chassis] = 0
    steps.append(goals.progress(t.state, 0))
    assert steps == sorted(steps) and len(set(steps)) == len(steps)
    assert steps[-1] == pytest.approx(0.9)


def test_a_part_in_the_stash_counts_toward_the_punknaught_less_than_on_it() -> None:
    """Bought at Purchase, a part waits in the Stash for the Equip step: it counts there, or no
    one-move-ahead player would buy it, and counts less than on the Chassis, or no one would
    move it on."""
    t = Table("friendly-gangs")
    chassis = t.card(0, "punknaught-chassis", on=t.card(0, "neon-dive"))
    bare = goals.progress(t.state, 0)
    (truck,) = t.stash(0, "armored-truck")
    waiting = goals.progress(t.state, 0)
    t.state.stash[0].remove(truck)
    t.card(0, "armored-truck", on=chassis)
    on = goals.progress(t.state, 0)
    assert bare < waiting < on
    assert waiting - bare == pytest.approx(goals.STASHED_PART * (on - bare))


def test_only_one_heavy_weapon_counts_toward_the_punknaught() -> None:
    t = Table("friendly-gangs")
    chassis = t.card(0, "punknaught-chassis", on=t.card(0, "neon-dive"))
    t.card(0, "door-minigun", on=chassis)
    armed = goals.progress(t.state, 0)
    t.stash(0, "door-minigun")
    assert goals.progress(t.state, 0) == pytest.approx(armed)
    minigun = CARDS[BY_SLUG["door-minigun"]]
    assert goals.purchase_share(t.at("purchase"), 0, minigun) == 0.0


@pytest.mark.parametrize("seed", range(3))
def test_greedy_buys_a_part_for_its_punknaught_and_moves_it_on(seed: int) -> None:
    """Before, a Vehicle bought with the Chassis in play counted for nothing until the Equip
    step: the Gangs bought Mantis Blades instead, and at `normal` never put more than 4 parts on
    a Chassis in 40 games."""
    t = Table("friendly-gangs", "ncpd")
    chassis = t.card(0, "punknaught-chassis", on=t.card(0, "neon-dive"))
    t.card(0, "street-samurai")
    t.hand(0, "hover-sled", "mantis-blades")
    t.awake(1)
    state = t.at("purchase")
    state.bank[0] = 8
    agents = [GreedyAgent(seed), GreedyAgent(seed)]
    first = agents[0].choose(state)
    assert str(first) == "buy hover-sled"
    state.apply(first)
    while state.active == 0 and state.step <= EQUIP:
        player = state.current_player
        assert player is not None
        state.apply(agents[player].choose(state))
    assert [state.defs[a].slug for a in state.chassis_parts(chassis)] == ["hover-sled"]


def test_trashin_the_corp_zone_is_the_last_step_once_the_punknaught_is_complete() -> None:
    t = Table("friendly-gangs")
    chassis = t.card(0, "punknaught-chassis", on=t.card(0, "neon-dive"))
    t.state.corpzone[0] = 1  # played this turn, but the Punknaught is not complete
    assert goals.progress(t.state, 0) == pytest.approx(0.9 * 0.2)
    for slug in ("armored-truck", "road-rv", "hover-sled", "gunship-copter", "door-minigun"):
        t.card(0, slug, on=chassis)
    t.state.tokens[chassis] = 0
    t.state.corpzone[0] = 0
    assert goals.progress(t.state, 0) == pytest.approx(0.9)
    t.state.corpzone[0] = 1
    assert goals.progress(t.state, 0) == pytest.approx(1.0)


def test_the_opponents_hand_counts_by_size_never_by_content() -> None:
    def with_card(slug: str) -> float:
        t = Table("ncpd", "the-nomads")
        t.hand(1, slug)
        return _value(t, 0)

    assert with_card("the-open-road") == with_card("neon-dive")


def test_ones_own_goal_cards_count_against_one_in_ones_own_discard_pile() -> None:
    def with_discarded(slug: str) -> float:
        t = Table("the-nomads")
        t.discard(0, slug)
        return _value(t, 0)

    assert with_discarded("the-open-road") < with_discarded("neon-dive")


def test_a_goal_card_in_hand_is_worth_no_more_than_another_card() -> None:
    """Counted in the hand, a goal card decided every draw: the Nomads, whose goal cards are
    Gear, drew three cards in four from the Gear deck at `normal` and built no board."""

    def with_card(slug: str) -> float:
        t = Table("the-nomads")
        t.hand(0, slug)
        return _value(t, 0)

    assert with_card("armored-truck") == with_card("road-warrior")


@pytest.mark.parametrize("seed", range(6))
def test_greedy_discards_down_to_eight_without_throwing_the_goal_away(seed: int) -> None:
    t = Table("the-nomads")
    kept = t.hand(0, "the-open-road", "street-bike")
    t.hand(0, *["neon-dive"] * 3, *["street-intel"] * 2, "ganger", "night-market")
    state = t.at("damage")
    state.prompt = ("discard", 0)
    state._legal = None
    action = GreedyAgent(seed).choose(state)
    state.apply(action)
    assert all(state.zone[i] == Z_HAND for i in kept)


@pytest.mark.parametrize("seed", range(4))
def test_greedy_builds_the_punknaught_it_holds(seed: int) -> None:
    """A purchase being paid for counts for the step it makes toward the sponsor's goal: before,
    the Chassis was worth nothing until it stood on the table, so a one-move-ahead player never
    paid for it (in 50 games the Gangs held it 44 times and built it 0 times)."""
    t = Table("friendly-gangs")
    t.card(0, "neon-dive")
    t.hand(0, "punknaught-chassis")
    assert str(GreedyAgent(seed).choose(t.at("purchase"))) == "buy punknaught-chassis"


def test_a_purchase_of_a_goal_card_counts_for_its_step() -> None:
    t = Table("the-nomads")
    t.card(0, "street-bike", on=t.card(0, "road-warrior"))
    state = t.at("purchase")
    assert goals.purchase_share(state, 0, CARDS[BY_SLUG["muscle-car"]]) > 0
    assert goals.purchase_share(state, 0, CARDS[BY_SLUG["street-bike"]]) == 0
    assert goals.purchase_share(state, 0, CARDS[BY_SLUG["the-open-road"]]) > 0


def _complete_punknaught(t: Table) -> int:
    """A complete Punknaught on a Neon Dive that has paid its EB this turn already."""
    chassis = t.card(0, "punknaught-chassis", on=t.card(0, "neon-dive", used=True))
    for slug in ("armored-truck", "road-rv", "hover-sled", "gunship-copter", "door-minigun"):
        t.card(0, slug, on=chassis)
    t.state.tokens[chassis] = 0
    return chassis


def test_the_gangs_keep_the_eb_for_trashin_the_corp_zone_and_play_it_in_their_run() -> None:
    """With a complete Punknaught and the Event in hand, the EB to play it and a run to play it
    in are worth something to the Gangs' own seat: a one-move-ahead player otherwise spent the
    EB at Purchase and used its runners' abilities instead of the Event."""
    t = Table("friendly-gangs", "ncpd")
    _complete_punknaught(t)
    solo = t.card(0, "street-samurai")
    t.card(0, "street-race")  # an Operation of its own to run on
    t.hand(0, "trashin-the-corp-zone", "mantis-blades")
    t.awake(1)
    state = t.at("purchase")
    state.used[state.sponsor[0]] = 1
    state.bank[0] = 2  # the Mantis Blades' price (4 less the Street discount), or the Event's 1
    assert goals.within_reach(state, 0) == pytest.approx(0.03)
    assert str(GreedyAgent(0).choose(state)) == "pass"  # keeps the EB
    state.bank[0] = 0
    assert goals.within_reach(state, 0) == 0.0
    state = t.at("runs")
    state.bank[0] = 2
    moves = []
    while not state.corpzone[0] and len(moves) < 8:
        if state.hit is not None and state.prompt is None:
            assert state.hit[2] == (solo,)  # sent on the run, the Event still in hand
            assert goals.within_reach(state, 0) == pytest.approx(0.06)
        moves.append(str(GreedyAgent(0).choose(state)))
        state.apply(Action.parse(moves[-1]))
    assert "play trashin-the-corp-zone" in moves, moves
    assert state.corpzone[0] and goals.progress(state, 0) == pytest.approx(1.0)


def test_within_reach_reads_only_the_gangs_own_hand_on_their_own_turn() -> None:
    t = Table("friendly-gangs", "the-mob")
    _complete_punknaught(t)
    t.hand(0, "trashin-the-corp-zone")
    state = t.at("purchase", active=1)
    state.bank[0] = 5
    assert goals.within_reach(state, 0) == 0.0  # not its turn
    state = t.at("damage")
    assert goals.within_reach(state, 0) == 0.0  # no hit or run left this turn


def _strike_table(home: int) -> Table:
    """Militech with ``home`` Street Samurai and a team of two Psycho Squad Officers that beats
    the ATTACK of the opponent's Stash of one card."""
    t = Table("militech", "the-mob")
    for _ in range(home):
        t.card(0, "street-samurai")
    t.card(0, "psycho-squad-officer", team=1)
    t.card(0, "psycho-squad-officer", team=1)
    t.stash(1, "monoblade")
    t.awake(1)
    return t


def _hit(state: CyberState, target: str) -> None:
    act(state, "send t1", f"hit {target}")
    if state.prompt is not None and state.prompt[0] == "pay":
        act(state, f"pay c{state.sponsor[0]}")
    assert state.hit is not None


#: Street Samurai (SR only, no gear) that make Militech's 120 SR.
_NEED = -(-MILITECH_SR // CARDS[BY_SLUG["street-samurai"]].sr)


def test_militechs_last_tenth_is_a_winning_stash_hit_with_120_sr_left_at_home() -> None:
    """Its condition asks for a Stash hit that turn and 120 SR on unused runners at its end: a
    winning hit on the Stash under way, with 120 SR on the runners left home, is the whole way;
    the same hit one runner short at home is no more than the SR as if straightened."""
    for home, whole in ((_NEED, True), (_NEED - 1, False)):
        state = _strike_table(home).at("hits")
        assert goals.progress(state, 0) == pytest.approx(0.9)  # the officers' SR counts too
        _hit(state, "stash")
        assert (goals.progress(state, 0) == 1.0) is whole


def test_militechs_strike_counts_only_on_its_own_turn_and_only_against_the_stash() -> None:
    t = _strike_table(_NEED)
    dive = t.card(1, "noodle-stand")
    state = t.at("hits")
    _hit(state, f"c{dive}")
    assert goals.progress(state, 0) == pytest.approx(0.9)
    state = _strike_table(_NEED).at("draw", active=1)
    state.stashhit[0] = 1
    assert goals.progress(state, 0) == pytest.approx(0.9)
    state.active = 0
    assert goals.progress(state, 0) == 1.0


def _lone_officer_against(location: str) -> tuple[CyberState, int]:
    """N.C.P.D.'s Psycho Squad Officer (ATTACK 45, Defense 30) at its Hits step, the Mob holding
    ``location`` and a card in its Stash (ATTACK 75)."""
    t = Table("ncpd", "the-mob")
    officer = t.card(0, "psycho-squad-officer")
    t.card(1, location)
    t.stash(1, "monoblade")
    t.awake(1)
    return t.at("hits"), officer


@pytest.mark.parametrize("seed", range(4))
def test_greedy_keeps_home_a_force_that_every_target_would_defeat(seed: int) -> None:
    """A force sent out must hit something; before, a one-move-ahead player sent one at random
    (sending looked like passing) and then chose the Stash, whose price it had not weighed, and
    lost the force. Warehouse Row (ATTACK 50) and the Stash (75) both beat the officer."""
    state, officer = _lone_officer_against("warehouse-row")
    assert f"send c{officer}" in [str(a) for a in state.legal_actions()]
    assert str(GreedyAgent(seed).choose(state)) == "pass"
    act(state, f"send c{officer}")
    assert evaluate(state, 0) < evaluate(_lone_officer_against("warehouse-row")[0], 0)


@pytest.mark.parametrize("seed", range(4))
def test_greedy_sends_a_force_that_beats_a_target(seed: int) -> None:
    state, officer = _lone_officer_against("noodle-stand")  # ATTACK 20
    assert str(GreedyAgent(seed).choose(state)) == f"send c{officer}"
    act(state, f"send c{officer}")
    noodle = next(i for i in state.play[1] if state.defs[i].slug == "noodle-stand")
    assert str(GreedyAgent(seed).choose(state)) == f"hit c{noodle}"


@pytest.mark.parametrize("seed", range(3))
def test_greedy_sends_militechs_force_on_the_stash_when_120_sr_stays_home(seed: int) -> None:
    """A Stash of one card is worth 3 Ops, a Noodle Stand 6: only the strike makes the Stash the
    better target, and only while the runners left home carry 120 SR."""
    for home, target in ((_NEED, "stash"), (_NEED - 1, "noodle")):
        t = _strike_table(home)
        noodle = t.card(1, "noodle-stand")
        state = t.at("hits")
        act(state, "send t1")
        chosen = str(GreedyAgent(seed).choose(state))
        assert chosen == ("hit stash" if target == "stash" else f"hit c{noodle}")


def test_a_force_that_can_press_on_after_the_stash_hit_counts_at_home() -> None:
    """Two Psycho Squad Officers (SR 50) beside three Street Samurai (SR 75): 120 SR stays home
    only if the officers come back unused, which an Armored Truck lets them do (Movement 2: the
    hit spends 1, the Truck is exhausted for the rest). Greedy presses on and wins on the strike."""
    for truck in (False, True):
        t = _strike_table(_NEED - 2)
        if truck:
            t.card(0, "armored-truck", on=t.state.team_members(0, 1)[0])
        state = t.at("hits")
        _hit(state, "stash")
        assert (goals.progress(state, 0) == 1.0) is truck
    while state.outcome is None and state.active == 0:
        seat = state.current_player
        assert seat is not None
        state.apply(GreedyAgent(seat).choose(state))
    assert state.outcome is not None
    assert state.outcome.winners == (0,) and state.outcome.kind == "sponsor"


def _play_out_the_turn(state: CyberState) -> None:
    while state.outcome is None and state.active == 0:
        seat = state.current_player
        assert seat is not None
        state.apply(GreedyAgent(seat).choose(state))


def test_an_exfiltration_in_hand_brings_the_stash_force_home() -> None:
    """Two officers (SR 50) beside three Street Samurai (SR 75), no vehicle: held with the EB
    to play it after the Stash's price (the sponsor pays that, all 9 EB, and 1 EB is banked),
    Exfiltration straightens the officers once their hit has trashed the Stash, and the strike
    is within reach; greedy plays it and wins on the strike. Without the EB for it, or without
    it, the hit is no strike."""
    for held, bank, whole in (
        ("exfiltration", 1, True),
        ("exfiltration", 0, False),
        ("", 9, False),
    ):
        t = _strike_table(_NEED - 2)
        if held:
            t.hand(0, held)
        state = t.at("hits")
        state.bank[0] = bank
        _hit(state, "stash")
        assert goals.progress(state, 0) == pytest.approx(0.9)
        assert (goals.within_reach(state, 0) > 0) is whole
        _play_out_the_turn(state)
        won = state.outcome is not None and state.outcome.kind == "sponsor"
        assert won is whole


@pytest.mark.parametrize("seed", range(3))
def test_greedy_sends_militechs_force_on_the_stash_when_exfiltration_brings_it_home(
    seed: int,
) -> None:
    t = _strike_table(_NEED - 2)
    noodle = t.card(1, "noodle-stand")
    t.hand(0, "exfiltration")
    state = t.at("hits")
    act(state, "send t1")
    assert str(GreedyAgent(seed).choose(state)) == "hit stash"
    state.hand[0].clear()
    assert str(GreedyAgent(seed).choose(state)) == f"hit c{noodle}"


def test_the_opponent_never_reads_militechs_exfiltration() -> None:
    """The Event in Militech's hand changes Militech's own reading of its force, not the Mob's."""
    seen = []
    for held in ("exfiltration", "media-blitz"):
        t = _strike_table(_NEED - 2)
        t.hand(0, held)
        state = t.at("hits")
        act(state, "send t1")
        seen.append((evaluate(state, 0), evaluate(state, 1)))
    assert seen[0][0] > seen[1][0] and seen[0][1] == seen[1][1]


@pytest.mark.parametrize("seed", range(3))
def test_greedy_takes_the_strike_that_wins_over_an_opened_black_op(seed: int) -> None:
    """Three officers (attack 135) beat the one-card Stash (75) and an opened Black Op (90, 24
    Ops). The Black Op is worth more than the last tenth of Militech's way (0.145, as much as 18
    Ops) and the Stash's 3 Ops together; only the win the strike makes tells them apart."""
    t = _strike_table(_NEED)
    t.card(0, "psycho-squad-officer", team=1)
    op = t.card(1, "black-op")
    state = t.at("hits")
    state.flags[op] |= F_OPENED
    act(state, "send t1")
    assert f"hit c{op}" in [str(a) for a in state.legal_actions()]
    assert str(GreedyAgent(seed).choose(state)) == "hit stash"


def test_a_table_that_wins_at_the_turns_end_is_worth_the_win() -> None:
    """The 50th bust point wins N.C.P.D. the game at the end of its turn: it is worth far more
    than the 49th, which the goal's measure alone prices much the same."""

    def value(busts: int) -> float:
        t = Table("ncpd")
        t.state.busts[0] = busts
        return _value(t)

    assert value(50) - value(49) > 5 * (value(49) - value(48))
