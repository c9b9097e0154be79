"""Cops' Authority: who may answer, Cops pooling their Power, and busting runners who pay EB."""

from __future__ import annotations

from cyberdeck.games.cyberpunk_ccg.position import Z_HAND, Z_PLAY, Table, act, texts


def test_un_teamed_cops_pool_their_power_for_a_bust() -> None:
    t = Table("the-mob", "ncpd")
    elder = t.card(0, "clan-elder")  # Power 6
    other = t.card(0, "ganger")
    sarge = t.card(1, "psycho-squad-officer")  # Power 5: not enough alone
    rookie = t.card(1, "patrol-officer")  # 5 + 2 = 7 > 6
    state = t.at("purchase")
    act(state, f"use c{elder}", f"target c{other}", f"bust c{sarge}")
    assert texts(state) == ["done", f"bust c{rookie}"]
    act(state, f"bust c{rookie}")
    assert state.used[elder] and state.busts[1] == 1 and state.mod(other, "power") == 0


def test_the_cops_player_may_go_ahead_without_every_cop() -> None:
    t = Table("the-mob", "ncpd")
    nomad = t.card(0, "road-warrior")  # Power 3
    other = t.card(0, "ganger")
    sarge = t.card(1, "detective-sergeant")  # Power 4
    rookie = t.card(1, "patrol-officer")
    state = t.at("purchase")
    act(state, f"use c{nomad}", f"target c{other}", f"bust c{sarge}", "done")
    assert state.busts[1] == 1 and not state.used[rookie]


def test_a_teamed_cop_and_an_un_teamed_cop_bust_together() -> None:
    t = Table("the-mob", "ncpd")
    elder = t.card(0, "clan-elder")  # Power 6
    other = t.card(0, "ganger")
    a = t.card(1, "detective-sergeant", team=1)  # Power 4
    b = t.card(1, "patrol-officer", team=1)  # 4 + 2 = 6: not enough
    loner = t.card(1, "patrol-officer")  # 6 + 2 = 8 > 6
    state = t.at("purchase")
    act(state, f"use c{elder}", f"target c{other}", f"bust c{a}")
    assert state.used[b] and texts(state) == ["done", f"bust c{loner}"]
    act(state, f"bust c{loner}")
    assert state.used[elder] and state.busts[1] == 1


def test_a_cop_busts_a_corp_paying_eb_and_its_eb_never_comes() -> None:
    t = Table("arasaka", "ncpd")
    exec_ = t.card(0, "junior-exec")  # Power 4: pays 2 EB
    sarge = t.card(1, "psycho-squad-officer")  # Power 5
    (plaza,) = t.hand(0, "corporate-plaza")  # 6, corporate: 4 for Arasaka
    state = t.at("purchase")
    act(state, "buy corporate-plaza", f"pay c{exec_}")
    assert state.current_player == 1 and texts(state) == ["allow", f"bust c{sarge}"]
    act(state, f"bust c{sarge}")
    assert state.busts[1] == 1 and state.prompt is not None and state.prompt[2:4] == (4, 0)
    act(state, f"pay c{state.sponsor[0]}")
    assert state.zone[plaza] == Z_PLAY


def test_an_allowed_corp_payment_counts() -> None:
    t = Table("arasaka", "ncpd")
    exec_ = t.card(0, "junior-exec")
    t.card(1, "detective-sergeant")
    t.hand(0, "corporate-plaza")
    state = t.at("purchase")
    act(state, "buy corporate-plaza", f"pay c{exec_}", "allow")
    assert state.prompt is not None and state.prompt[2:4] == (4, 2)


def test_a_purchase_the_rest_cannot_cover_goes_back_to_the_hand() -> None:
    t = Table("arasaka", "ncpd")
    exec_ = t.card(0, "junior-exec")  # 2 EB
    t.card(0, "neon-dive")  # 2 EB
    sarge = t.card(1, "psycho-squad-officer")  # Power 5 against 4
    (plaza,) = t.hand(0, "corporate-plaza")  # 4 EB
    state = t.at("purchase")
    state.used[state.sponsor[0]] = 1
    act(state, "buy corporate-plaza", f"pay c{exec_}", f"bust c{sarge}")
    assert state.zone[plaza] == Z_HAND and state.prompt is None and state.used[exec_]


def test_a_cop_busts_a_fixer_lowering_an_operations_price() -> None:
    t = Table("the-mob", "ncpd")
    fixer = t.card(0, "info-broker")  # Power 5
    chief = t.card(1, "psycho-squad-officer")  # Power 5: a tie, no bust alone
    sarge = t.card(1, "detective-sergeant")  # 5 + 4 = 9 > 5
    t.hand(0, "data-heist")
    state = t.at("purchase")
    act(state, "buy data-heist", f"pay c{fixer}")
    assert f"bust c{chief}" in texts(state)
    act(state, f"bust c{chief}", f"bust c{sarge}")  # no Cop left: the bust is tried
    assert state.busts[1] == 1 and state.prompt is not None and state.prompt[3] == 0


def test_a_cop_busts_a_corp_boosting_a_location() -> None:
    t = Table("arasaka", "ncpd")
    exec_ = t.card(0, "junior-exec")  # Power 4
    t.card(0, "corporate-plaza")  # 5 EB
    sarge = t.card(1, "psycho-squad-officer")  # Power 5
    t.hand(0, "psycho-squad-officer")  # 7 EB
    state = t.at("purchase")
    act(state, "buy psycho-squad-officer", f"boost c{exec_}", f"bust c{sarge}")
    assert state.busts[1] == 1 and state.prompt is not None and len(state.prompt) == 5


def test_cops_in_a_skirmish_pool_their_power() -> None:
    t = Table("the-mob", "ncpd")
    t.card(0, "ganger", team=1)
    boss = t.card(0, "clan-elder", team=1)  # Power 6
    a = t.card(1, "psycho-squad-officer", team=1)  # Power 5
    b = t.card(1, "patrol-officer", team=1)  # 5 + 2 = 7 > 6
    dive = t.card(1, "neon-dive")
    state = t.at("hits")
    act(state, "send t1", f"hit c{dive}", "defend t1", f"use c{a}", f"target c{boss}")
    assert state.busts[1] == 1 and state.used[boss] and not state.used[b]


def test_a_cyber_psycho_paying_eb_cannot_be_answered() -> None:
    t = Table("arasaka", "ncpd")
    exec_ = t.card(0, "junior-exec")  # Empathy 6
    t.card(0, "mantis-blades", on=exec_)  # -3
    t.card(0, "neural-jack", on=exec_)  # -1
    t.card(0, "cyberlegs", on=exec_)
    t.card(1, "detective-sergeant")
    t.hand(0, "corporate-plaza")
    state = t.at("purchase")
    assert state.psycho(exec_)
    act(state, "buy corporate-plaza", f"pay c{exec_}")
    assert state.current_player == 0 and state.prompt is not None and state.prompt[3] == 2
