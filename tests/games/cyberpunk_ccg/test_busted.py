"""Busted: the runner is used and nothing straightens, renews or readies it until its owner's next
Straighten step (Street Clinic, Trauma Kit, Backup Arrives, a Med-Tech's renew, Street Race)."""

from __future__ import annotations

from cyberdeck.games.cyberpunk_ccg.position import Table, act, texts
from cyberdeck.games.cyberpunk_ccg.rules import F_ATTACKED, F_BUSTED
from cyberdeck.games.cyberpunk_ccg.state import CyberState


def _raided(t: Table, slug: str = "ganger") -> tuple[CyberState, int]:
    """Player 2 plays Police Raid on player 1's runner during player 1's Purchase step."""
    runner = t.card(0, slug)
    t.hand(1, "police-raid")
    t.awake(0)
    state = t.at("purchase")
    act(state, "pass")
    state.bank[1] = 10
    act(state, "play police-raid", "pay bank", f"target c{runner}")
    assert state.used[runner] and state.flags[runner] & F_BUSTED
    return state, runner


def test_backup_arrives_cannot_straighten_a_busted_runner() -> None:
    t = Table("ncpd", "ncpd")
    t.hand(0, "backup-arrives")
    state, _ = _raided(t)
    state.bank[0] = 10
    assert "play backup-arrives" not in texts(state)


def test_street_clinic_and_trauma_kit_pass_over_a_busted_runner() -> None:
    for slug in ("street-clinic", "trauma-kit"):
        t = Table("the-mob", "ncpd")
        holder = t.card(0, "beat-cop")
        source = t.card(0, slug, on=holder if slug == "trauma-kit" else 0)
        tired = t.card(0, "road-warrior", used=True)
        state, runner = _raided(t)
        state.step = 8  # Damage control of the same turn
        state.prio, state._legal = 0, None
        act(state, f"use c{source}")
        assert f"target c{tired}" in texts(state)
        assert f"target c{runner}" not in texts(state), slug


def test_a_med_tech_cannot_renew_a_busted_runner() -> None:
    t = Table("the-mob", "ncpd")
    med = t.card(0, "trauma-medic")
    state, runner = _raided(t)
    state.flags[runner] |= F_ATTACKED
    state.step = 8
    state.prio, state._legal = 0, None
    assert f"use c{med}" not in texts(state)


def test_street_race_cannot_straighten_a_busted_runner() -> None:
    t = Table("the-mob", "ncpd")
    for _ in range(2):
        t.card(0, "psycho-squad-officer", team=1)
    op = t.card(0, "street-race")
    state, runner = _raided(t)
    state.step = 7  # Runs
    state.prio, state.passes, state._legal = 0, 0, None
    act(state, "send t1", f"run c{op}")
    while state.hit is not None:
        act(state, "pass")
    assert f"target c{runner}" not in texts(state)
    assert state.used[runner]


def test_a_busted_runner_straightens_at_its_owners_next_straighten_step() -> None:
    t = Table("the-mob", "ncpd")
    t.deck(0, *["ganger"] * 3)
    state, runner = _raided(t)
    state.step = 8
    state.prio, state.passes, state._legal = 0, 0, None
    act(state, "pass")  # player 2 to act in Damage control
    while state.active == 0:
        act(state, state.legal_actions()[0].text)
    assert state.used[runner]  # the opponent's turn straightens only the opponent's cards
    while state.active == 1:
        act(state, state.legal_actions()[0].text)
    while state.step < 2:
        act(state, state.legal_actions()[0].text)
    assert not state.used[runner] and not state.flags[runner] & F_BUSTED
