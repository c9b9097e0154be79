"""Night City Core, card by card: every card enters play as printed; every ability does what it says."""

from __future__ import annotations

import pytest

from cyberdeck.games.cyberpunk_ccg.cards import CYBER, EQUIPMENT, EVENT, SPONSOR
from cyberdeck.games.cyberpunk_ccg.cardset import BY_SLUG, CARDS, COMBAT_SCALE, COMBAT_STATS
from cyberdeck.games.cyberpunk_ccg.position import (
    Z_DISCARD,
    Z_HAND,
    Z_PLAY,
    Z_STASH,
    Table,
    act,
    texts,
)
from cyberdeck.games.cyberpunk_ccg.rules import DAMAGE, F_BUSTED
from cyberdeck.games.cyberpunk_ccg.state import CyberState

BUYABLE = [c.slug for c in CARDS if c.kind not in (SPONSOR, EVENT)]


@pytest.mark.parametrize("slug", BUYABLE)
def test_every_card_is_bought_and_enters_play_as_printed(slug: str) -> None:
    t = Table("biotechnica", "the-mob")
    t.card(0, "neon-dive")  # a Location, for the Punknaught Chassis
    (card,) = t.hand(0, slug)
    t.awake(1)
    state = t.at("purchase")
    state.bank[0] = 20
    act(state, f"buy {slug}", "pay bank")
    d = state.defs[card]
    if d.kind in (CYBER, EQUIPMENT):
        where = texts(state)[0]
        act(state, where)
        assert state.zone[card] in (Z_STASH, Z_PLAY)
        return
    assert state.zone[card] == Z_PLAY and not state.used[card]
    if d.kind == "runner":
        assert [state.runner_stat(card, s) for s in ("sr", "lr", "df", "power")] == [
            d.sr,
            d.lr,
            d.df,
            d.power,
        ]
        assert state.empathy(card) == d.empathy
    else:
        assert state.security(card) == d.msec + 2 * d.esec


@pytest.mark.parametrize("slug", ["night-market", "neon-dive", "net-cafe", "warehouse-row"])
def test_a_street_location_stands_against_a_lone_street_samurai(slug: str) -> None:
    """Street Locations carry 2 more M-Sec since v10 (ATTACK 8-10 at scale 1): searching, the
    corporate and government starters took 26-40 Ops a game off the street starters'
    Locations, a runner a hit (the v10 balance runs in bench/results/)."""
    t = Table("the-mob", "the-nomads")
    solo = t.card(0, "street-samurai")  # attack 7 at scale 1
    site = t.card(1, slug)
    state = t.at("hits")
    assert state.security(site) >= 8 * COMBAT_SCALE
    act(state, f"send c{solo}", f"hit c{site}")
    while state.hit is not None:
        act(state, "pass")
    assert state.zone[site] == Z_PLAY and state.ops[0] == 0


@pytest.mark.parametrize(("slug", "ops"), [("smash-and-grab", 16), ("protection-racket", 22)])
def test_street_operations_score_more_since_v10(slug: str, ops: int) -> None:
    """A run on a street Operation scores 16-22 Ops (v9: 10-15, v10: 12-18), so that the street
    starters, on 6 EB of income against the corporations' 9, can keep up on Ops."""
    _, state, _ = _run(slug)
    assert state.ops[0] == ops


def _hit(sponsor: str = "the-mob") -> tuple[Table, CyberState, int]:
    """Player 1's Street Samurai (attack 7, Def 4) hits a Noodle Stand; the window is open."""
    t = Table(sponsor, "ncpd")
    solo = t.card(0, "street-samurai")
    stand = t.card(1, "noodle-stand")
    t.awake(1)
    state = t.at("hits")
    act(state, f"send c{solo}", f"hit c{stand}")
    return t, state, solo


def _play(state: CyberState, slug: str, *then: str) -> None:
    state.bank[state.current_player or 0] += 10
    act(state, f"play {slug}", "pay bank", *then)


def test_adrenaline_rush() -> None:
    t = Table()
    cop = t.card(0, "beat-cop")
    t.hand(0, "adrenaline-rush")
    t.awake(1)
    state = t.at("purchase")
    _play(state, "adrenaline-rush", f"target c{cop}")
    assert state.runner_stat(cop, "sr") == 5 * COMBAT_SCALE


def test_flashbang() -> None:
    t = Table()
    ganger = t.card(1, "ganger")
    t.hand(0, "flashbang")
    t.awake(1)
    state = t.at("purchase")
    _play(state, "flashbang", f"target c{ganger}")
    assert state.used[ganger] == 1


def test_ambush() -> None:
    t = Table()
    ganger = t.card(1, "ganger")
    t.hand(0, "ambush")
    t.awake(1)
    state = t.at("purchase")
    _play(state, "ambush", f"target c{ganger}")
    assert state.zone[ganger] == Z_DISCARD


def test_sabotage() -> None:
    t = Table()
    ganger = t.card(1, "ganger")
    blade = t.card(1, "monoblade", on=ganger)
    t.hand(0, "sabotage")
    t.awake(1)
    state = t.at("purchase")
    _play(state, "sabotage", f"target c{blade}")
    assert state.zone[blade] == Z_DISCARD and state.zone[ganger] == Z_PLAY


def test_sabotage_trashes_cyber_too_as_its_text_says() -> None:
    t = Table()
    ganger = t.card(1, "ganger")
    eyes = t.card(1, "cyberoptics", on=ganger)
    t.hand(0, "sabotage")
    t.awake(1)
    state = t.at("purchase")
    _play(state, "sabotage", f"target c{eyes}")
    assert state.zone[eyes] == Z_DISCARD and state.empathy(ganger) == 5


def test_payday() -> None:
    t = Table()
    t.hand(0, "payday")
    t.awake(1)
    state = t.at("purchase")
    _play(state, "payday")
    assert state.bank[0] == 3


def test_street_intel() -> None:
    t = Table()
    t.hand(0, "street-intel")
    t.deck(0, "beat-cop", "heavy-pistol")
    t.awake(1)
    state = t.at("purchase")
    _play(state, "street-intel", "draw runs", "draw gear")
    assert sorted(state.defs[i].slug for i in state.hand[0]) == ["beat-cop", "heavy-pistol"]


def test_police_raid() -> None:
    t = Table()
    ganger = t.card(1, "ganger")
    t.hand(0, "police-raid")
    t.awake(1)
    state = t.at("purchase")
    _play(state, "police-raid", f"target c{ganger}")
    assert state.used[ganger] == 1


def test_media_blitz() -> None:
    t = Table()
    t.hand(0, "media-blitz")
    t.awake(1)
    state = t.at("purchase")
    _play(state, "media-blitz")
    assert state.style[0] == 3


def test_backup_arrives() -> None:
    t = Table()
    cop = t.card(0, "beat-cop", used=True)
    t.hand(0, "backup-arrives")
    t.awake(1)
    state = t.at("purchase")
    _play(state, "backup-arrives", f"target c{cop}")
    assert state.used[cop] == 0


def test_exfiltration_straightens_every_runner_that_trashed_the_stash() -> None:
    """Only the force whose hit trashed the opponent's Stash comes back, all at once: not the
    runners of a hit on a Location, not a busted raider; with no raider to straighten the Event
    cannot be played."""
    t = Table("militech", "the-mob")
    raiders = [t.card(0, "street-samurai", team=1) for _ in range(3)]  # attack 105 against 75
    solo = t.card(0, "street-samurai")
    stand = t.card(1, "noodle-stand")
    t.stash(1, "monoblade")
    t.hand(0, "exfiltration")
    t.awake(1)
    state = t.at("hits")
    state.bank[0] += 10
    for force, target in ((f"c{solo}", f"c{stand}"), ("t1", "stash")):
        assert "play exfiltration" not in texts(state)
        act(state, f"send {force}", f"hit {target}", *(["pay bank"] if target == "stash" else []))
        while state.hit is not None or state.current_player != 0:
            act(state, "pass")
    assert state.zone[stand] != Z_PLAY and not state.stash[1]
    assert all(state.used[r] for r in (*raiders, solo))
    state.flags[raiders[1]] |= F_BUSTED
    _play(state, "exfiltration")
    assert [state.used[r] for r in (*raiders, solo)] == [0, 1, 0, 1]


def test_cover_fire() -> None:
    t, state, _ = _hit()
    t.hand(0, "cover-fire")
    state._legal = None
    _play(state, "cover-fire")
    assert state.hit_defense(0) == (4 + 3) * COMBAT_SCALE


def test_overwhelming_force() -> None:
    t, state, _ = _hit()
    t.hand(0, "overwhelming-force")
    state._legal = None
    _play(state, "overwhelming-force")
    assert state.hit_attack(0) == (7 + 4) * COMBAT_SCALE


def test_trashin_the_corp_zone() -> None:
    t, state, _ = _hit("friendly-gangs")
    t.hand(0, "trashin-the-corp-zone")
    state._legal = None
    _play(state, "trashin-the-corp-zone")
    assert state.hit_attack(0) == (7 + 5) * COMBAT_SCALE and state.corpzone[0] == 1


def test_force_events_need_a_hit_in_progress() -> None:
    t = Table()
    t.hand(0, "overwhelming-force", "cover-fire")
    state = t.at("hits")
    state.bank[0] = 10
    assert "play overwhelming-force" not in texts(state)


def test_salvage() -> None:
    t = Table()
    pistol, rifle = t.discard(0, "heavy-pistol", "assault-rifle")
    t.hand(0, "salvage")
    t.awake(1)
    state = t.at("purchase")
    act(state, "play salvage", f"pay c{state.sponsor[0]}")
    assert texts(state) == [f"target c{pistol}"]
    act(state, f"target c{pistol}")
    assert state.zone[pistol] == Z_HAND
    del rifle


def test_system_crash() -> None:
    t = Table()
    fort = t.card(1, "data-fortress")
    t.hand(0, "system-crash")
    t.awake(1)
    state = t.at("purchase")
    _play(state, "system-crash", f"target c{fort}")
    assert state.esec(fort) == 4 * COMBAT_SCALE


def test_lockdown() -> None:
    t = Table()
    house = t.card(0, "precinct-house")
    t.hand(0, "lockdown")
    t.awake(1)
    state = t.at("purchase")
    _play(state, "lockdown", f"target c{house}")
    assert state.msec(house) == 12 * COMBAT_SCALE


def test_smear_campaign() -> None:
    t = Table()
    elder = t.card(1, "clan-elder")
    t.hand(0, "smear-campaign")
    t.awake(1)
    state = t.at("purchase")
    _play(state, "smear-campaign", f"target c{elder}")
    assert state.power(elder) == 3


def test_ripper_shot() -> None:
    t = Table()
    cop = t.card(0, "beat-cop")
    t.hand(0, "ripper-shot")
    t.awake(1)
    state = t.at("purchase")
    _play(state, "ripper-shot", f"target c{cop}")
    assert state.runner_stat(cop, "df") == 6 * COMBAT_SCALE


def test_burn_notice() -> None:
    t = Table("ncpd", "arasaka")
    medic = t.card(1, "trauma-medic")
    ganger = t.card(1, "corporate-bodyguard")
    t.hand(0, "burn-notice")
    t.awake(1)
    state = t.at("purchase")
    _play(state, "burn-notice", f"target c{ganger}")
    assert state.zone[ganger] == Z_DISCARD and state.used[medic] == 0


def test_lay_low() -> None:
    t = Table()
    ganger = t.card(1, "ganger")
    blade = t.card(1, "monoblade", on=ganger)
    t.hand(0, "lay-low")
    t.awake(1)
    state = t.at("purchase")
    _play(state, "lay-low", f"target c{blade}")
    assert state.zone[blade] == Z_STASH and blade in state.stash[1]


def test_chrome_lounge() -> None:
    t = Table("the-mob")
    lounge = t.card(0, "chrome-lounge")
    t.awake(1)
    state = t.at("open")
    act(state, f"use c{lounge}")
    assert state.style[0] == 1 and state.used[lounge]


def test_street_clinic_and_trauma_kit() -> None:
    for slug in ("street-clinic", "trauma-kit"):
        t = Table("the-mob")
        cop = t.card(0, "beat-cop", used=True)
        holder = t.card(0, "ganger")
        source = t.card(0, slug, on=holder if slug == "trauma-kit" else 0)
        t.awake(1)
        state = t.at("damage")
        act(state, f"use c{source}", f"target c{cop}")
        assert state.used[cop] == 0


def test_precinct_house() -> None:
    t, state, _ = _hit("ncpd")
    house = t.card(0, "precinct-house")
    state._legal = None
    act(state, f"use c{house}")
    assert state.hit_defense(0) == (4 + 3) * COMBAT_SCALE


def test_ripperdoc_den() -> None:
    t = Table("the-mob")
    den = t.card(0, "ripperdoc-den")
    eyes, spine = t.discard(0, "cyberoptics", "overclock-spine")
    t.awake(1)
    state = t.at("damage")
    act(state, f"use c{den}")
    assert texts(state) == [f"target c{eyes}", "cancel"]
    del spine


def _run(slug: str, *then: str) -> tuple[Table, CyberState, int]:
    t = Table("the-mob", "ncpd")
    for _ in range(3):
        t.card(0, "psycho-squad-officer", team=1)  # attack 27
    op = t.card(0, slug)
    t.awake(1)
    state = t.at("runs")
    act(state, "send t1", f"run c{op}")
    while state.hit is not None:
        act(state, "pass")
    if then:
        act(state, *then)
    assert state.zone[op] == Z_DISCARD and state.ops[0] == state.defs[op].ops
    return t, state, op


def test_data_heist() -> None:
    t = Table("the-mob", "ncpd")
    t.deck(0, "beat-cop", "heavy-pistol")
    for _ in range(2):
        t.card(0, "psycho-squad-officer", team=1)
    op = t.card(0, "data-heist")
    t.awake(1)
    state = t.at("runs")
    act(state, "send t1", f"run c{op}")
    while state.hit is not None:
        act(state, "pass")
    act(state, "draw runs", "draw gear")
    assert len(state.hand[0]) == 2 and state.ops[0] == 13


def test_smash_and_grab_pays_at_the_start_of_the_next_turn() -> None:
    t, state, _ = _run("smash-and-grab")
    assert state.bank[0] == 0 and state.view(1)["players"][0]["bank_next_turn"] == 4
    t.deck(0, *["ganger"] * 3)
    t.deck(1, *["ganger"] * 3)
    while state.active == 0:
        act(state, state.legal_actions()[0].text)
    assert state.bank[0] == 0  # not during the opponent's turn
    while state.active == 1 or state.step < 2:  # on to player 1's next Straighten
        act(state, state.legal_actions()[0].text)
    assert state.active == 0 and state.bank[0] == 4 and state.owed[0] == 0


def test_corporate_extraction_black_op_and_patrol_sweep_only_score() -> None:
    for slug in ("corporate-extraction", "black-op", "patrol-sweep"):
        _, state, _ = _run(slug)
        assert state.style == [0, 0]


def test_sting_operation() -> None:
    t = Table("the-mob", "ncpd")
    for _ in range(2):
        t.card(0, "psycho-squad-officer", team=1)
    ganger = t.card(1, "ganger")
    op = t.card(0, "sting-operation")
    t.awake(1)
    state = t.at("runs")
    act(state, "send t1", f"run c{op}")
    while state.hit is not None:
        act(state, "pass")
    act(state, f"target c{ganger}")
    assert state.used[ganger] == 1


def test_street_race() -> None:
    t = Table("the-mob", "ncpd")
    for _ in range(2):
        t.card(0, "psycho-squad-officer", team=1)
    tired = t.card(0, "beat-cop", used=True)
    op = t.card(0, "street-race")
    t.awake(1)
    state = t.at("runs")
    act(state, "send t1", f"run c{op}")
    while state.hit is not None:
        act(state, "pass")
    act(state, f"target c{tired}")
    assert state.used[tired] == 0


def test_citywide_blackout() -> None:
    t = Table("the-mob", "ncpd")
    for _ in range(3):
        t.card(0, "psycho-squad-officer", team=1)
    ganger = t.card(1, "ganger")
    blade = t.card(1, "monoblade", on=ganger)
    op = t.card(0, "citywide-blackout")
    t.awake(1)
    state = t.at("runs")
    act(state, "send t1", f"run c{op}")
    while state.hit is not None:
        act(state, "pass")
    act(state, f"target c{blade}")
    assert state.zone[blade] == Z_DISCARD


def test_citywide_blackout_trashes_cyber_too_as_its_text_says() -> None:
    t = Table("the-mob", "ncpd")
    for _ in range(3):
        t.card(0, "psycho-squad-officer", team=1)
    ganger = t.card(1, "ganger")
    plating = t.card(1, "subdermal-plating", on=ganger)
    op = t.card(0, "citywide-blackout")
    t.awake(1)
    state = t.at("runs")
    act(state, "send t1", f"run c{op}")
    while state.hit is not None:
        act(state, "pass")
    assert texts(state) == [f"target c{plating}"]
    act(state, f"target c{plating}")
    assert state.zone[plating] == Z_DISCARD


def test_lay_low_moves_only_equipment_cyber_never_leaves_its_runner() -> None:
    t = Table()
    ganger = t.card(1, "ganger")
    t.card(1, "cyberoptics", on=ganger)
    t.hand(0, "lay-low")
    t.awake(1)
    state = t.at("purchase")
    state.bank[0] = 10
    assert "play lay-low" not in texts(state)


def test_merc_sniper() -> None:
    t, state, _ = _hit("militech")
    sniper = t.card(0, "merc-sniper")
    ganger = t.card(1, "ganger")
    state._legal = None
    act(state, f"use c{sniper}")
    assert texts(state) == [
        "ability card",
        "ability support",
        "cancel",
    ]  # its own, or long-range offense
    act(state, "ability card", f"target c{ganger}")
    assert state.used[ganger] == 1


def test_police_scanner() -> None:
    t = Table()
    cop = t.card(0, "beat-cop")
    scanner = t.card(0, "police-scanner", on=cop)
    t.deck(0, "heavy-pistol")
    t.awake(1)
    state = t.at("purchase")
    act(state, f"use c{scanner}", "draw gear")
    assert len(state.hand[0]) == 1 and state.used[scanner]


def test_drawing_from_an_effect_with_empty_decks_gives_the_opponent_points() -> None:
    t = Table()
    t.hand(0, "street-intel")
    t.awake(1)
    state = t.at("purchase")
    _play(state, "street-intel")
    assert state.prompt is not None and state.prompt[:3] == ("take", 1, 2)


def test_every_ability_is_written_in_the_effect_vocabulary() -> None:
    from cyberdeck.games.cyberpunk_ccg.cards import OPS, TARGETS, TIMINGS

    for card in CARDS:
        ab = card.ability
        if ab is None:
            continue
        assert ab.timing in TIMINGS and ab.target in TARGETS, card.slug
        assert ab.effects and all(e.op in OPS for e in ab.effects), card.slug
        assert card.text, f"{card.slug} needs its rules text"


def test_tactical_officer_busts_an_opposing_runner_for_a_bust_point() -> None:
    t = Table("ncpd", "the-mob")
    officer = t.card(0, "tactical-officer")
    ganger, solo = t.card(1, "ganger"), t.card(1, "street-samurai")
    t.awake(1)
    state = t.at("hits")
    act(state, f"use c{officer}", f"target c{ganger}")
    assert state.used[officer] and state.used[ganger] and state.flags[ganger] & F_BUSTED
    assert state.busts[0] == 1 and state.busts[1] == 0
    assert not state.used[solo]


def test_a_busted_runner_cannot_be_busted_again_before_it_straightens() -> None:
    t = Table("ncpd", "the-mob")
    first, second = t.card(0, "tactical-officer"), t.card(0, "tactical-officer")
    ganger = t.card(1, "ganger")
    t.awake(0)
    t.awake(1)
    state = t.at("hits")
    act(state, f"use c{first}", f"target c{ganger}", "pass")
    assert state.current_player == 0 and "play media-blitz" in texts(state)
    assert f"use c{second}" not in texts(state)  # its only target is busted already
    assert state.busts[0] == 1


def test_precinct_captain_busts_every_opposing_runner_in_damage_control() -> None:
    """A bust point for each runner busted; one busted already, or a Cyber-Psycho, is passed by."""
    t = Table("ncpd", "the-mob")
    captain = t.card(0, "precinct-captain")
    ganger, solo, busted = (t.card(1, s) for s in ("ganger", "street-samurai", "street-fixer"))
    psycho = t.card(1, "ganger")  # Empathy 5
    t.card(1, "mantis-blades", on=psycho)
    t.card(1, "neural-jack", on=psycho)  # Empathy 1: Cyber-Psycho
    state = t.at("damage")
    state.used[busted] = 1
    state.flags[busted] |= F_BUSTED
    state.busts[0] = 48
    assert state.psycho(psycho) and f"use c{captain}" in texts(state)
    act(state, f"use c{captain}")
    assert all(state.flags[r] & F_BUSTED and state.used[r] for r in (ganger, solo, busted))
    assert not state.flags[psycho] & F_BUSTED and not state.used[psycho]
    assert state.used[captain] and state.busts == [50, 0]
    while state.outcome is None and state.step == DAMAGE:
        act(state, "pass")
    outcome = state.outcome
    assert outcome is not None and outcome.winners == (0,) and outcome.kind == "sponsor"


def test_precinct_captain_is_not_offered_with_no_runner_to_bust() -> None:
    t = Table("ncpd", "the-mob")
    captain = t.card(0, "precinct-captain")
    t.card(0, "ganger")  # its own runners are no target
    state = t.at("damage")
    assert f"use c{captain}" not in texts(state)


def test_a_bust_by_an_event_scores_no_bust_point() -> None:
    t = Table("ncpd", "the-mob")
    ganger = t.card(1, "ganger")
    t.hand(0, "police-raid")
    t.awake(1)
    state = t.at("purchase")
    _play(state, "police-raid", f"target c{ganger}")
    assert state.flags[ganger] & F_BUSTED and state.busts[0] == 0


def test_every_combat_number_is_a_step_of_the_sets_combat_scale() -> None:
    """SR, LR, Defense, M-Sec and E-Sec, and every bonus to them, are written in steps and
    multiplied by one constant, so every comparison comes out as at a scale of 1."""
    assert COMBAT_SCALE > 1
    for d in CARDS:
        for stat in COMBAT_STATS:
            assert getattr(d, stat) % COMBAT_SCALE == 0, (d.slug, stat)
        for e in d.ability.effects if d.ability else ():
            if e.op == "force" or (e.op == "mod" and e.stat in COMBAT_STATS):
                assert e.amount and e.amount % COMBAT_SCALE == 0, d.slug
    street_samurai = CARDS[BY_SLUG["street-samurai"]]
    assert (street_samurai.sr, street_samurai.lr, street_samurai.df, street_samurai.power) == (
        5 * COMBAT_SCALE,
        2 * COMBAT_SCALE,
        4 * COMBAT_SCALE,
        4,
    )


@pytest.mark.parametrize(
    ("slug", "words"),
    [
        ("adrenaline-rush", f"+{3 * COMBAT_SCALE} SR"),
        ("system-crash", f"-{4 * COMBAT_SCALE} E-Sec"),
        ("precinct-house", f"+{3 * COMBAT_SCALE} Defense"),
        ("trashin-the-corp-zone", f"+{5 * COMBAT_SCALE} attack"),
        ("smear-campaign", "-3 Power"),
        ("ripperdoc-den", "costing 4 or less"),
    ],
)
def test_a_cards_text_names_the_bonus_at_the_sets_scale(slug: str, words: str) -> None:
    """Power, EB and costs are not combat numbers and stay as written."""
    assert words in CARDS[BY_SLUG[slug]].text
