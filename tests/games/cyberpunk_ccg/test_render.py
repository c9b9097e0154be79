"""The terminal table: what a player sees, and only that."""

from __future__ import annotations

import re

from cyberdeck.engine import ASCII, PLAIN, Action, Rng
from cyberdeck.games.cyberpunk_ccg import GAME, turns
from cyberdeck.games.cyberpunk_ccg.cardset import COMBAT_SCALE
from cyberdeck.games.cyberpunk_ccg.lines import spell_labels
from cyberdeck.games.cyberpunk_ccg.position import Table, act


def test_the_table_shows_sponsors_eb_sites_runners_teams_step_and_priority() -> None:
    t = Table("militech", "the-mob")
    cop = t.card(0, "ganger", team=2)  # Empathy 5, SR 4
    t.card(0, "monoblade", on=cop)
    t.card(0, "mantis-blades", on=cop)
    t.card(0, "neural-jack", on=cop)  # Empathy 1: Cyber-Psycho
    t.card(1, "data-fortress")
    t.hand(0, "payday")
    state = t.at("hits")
    text = GAME.render(state.view(0), ASCII)
    for part in ("Militech", "EB available 9", "Data Fortress", f"ATTACK {20 * COMBAT_SCALE}", "Ganger",
                 f"SR {11 * COMBAT_SCALE}", "team 2", "Teams: team 2 (Ganger)", "CYBER-PSYCHO", "Monoblade", "step: hits", "Player 1 to act",
                 "Hand:\n    Payday (1 EB)"):  # fmt: skip
        assert part in text, part


def test_the_opponents_hand_is_never_drawn() -> None:
    t = Table()
    t.hand(1, "ambush")
    state = t.at("purchase")
    assert "Ambush" not in GAME.render(state.view(0), PLAIN)
    assert "Ambush" in GAME.render(state.view(1), PLAIN)


def test_a_hit_in_progress_is_described() -> None:
    t = Table()
    cop = t.card(0, "beat-cop")
    dive = t.card(1, "neon-dive")
    t.awake(1)
    state = t.at("hits")
    act(state, f"send c{cop}", f"hit c{dive}")
    text = GAME.render(state.view(1), ASCII)
    assert "Hit by Player 1 on Neon Dive: force Beat Cop" in text
    assert f"attack {4 * COMBAT_SCALE}" in text


def test_the_end_screen_names_the_victory_condition() -> None:
    t = Table()
    state = t.at("damage")
    state.ops[0] = 101
    turns.end_turn(state)
    assert "Game over — Player 1 wins: 101 Ops points scored." in GAME.render(state.view(0), ASCII)


def test_moves_are_described_in_words() -> None:
    state = GAME.new_state({}, 2)
    rng = Rng(4)
    for _ in range(150):
        view = state.view(state.current_player)
        for action in state.legal_actions():
            assert GAME.describe_action(action, view).strip()
        state.apply(rng.choice(state.legal_actions()))
    assert GAME.describe_action(Action.parse("buy street-samurai"), {}) == "buy Street Samurai"


def test_moves_and_log_lines_name_cards_never_by_their_ids() -> None:
    """A card's id ("c150") is the engine's word: every move and log line along a game names
    cards as the table does; a screen reader gets only the short labels spelled out."""
    state = GAME.new_state({}, 3)
    rng = Rng(1)
    ids = re.compile(r"\bc\d+\b|\bt\d\b")
    for _ in range(200):
        view = state.view(state.current_player)
        texts = [GAME.describe_action(a, view) for a in state.legal_actions()]
        texts += [e.text for e in state.apply(rng.choice(state.legal_actions()))]
        for text in texts:
            assert not ids.search(text), text
            assert GAME.in_words(text, view) == spell_labels(text)


def test_two_copies_on_one_side_are_told_apart_alike_in_moves_log_and_table() -> None:
    t = Table()
    first = t.card(0, "beat-cop")
    second = t.card(0, "beat-cop")
    t.card(1, "beat-cop")  # the opponent's copy is its own
    t.card(1, "neon-dive")
    t.awake(1)
    state = t.at("teams")
    view = state.view(0)
    assert view["names"][f"c{first}"] == "Beat Cop"
    assert view["names"][f"c{second}"] == "Beat Cop #2"
    assert GAME.describe_action(Action.parse(f"team c{second}"), view) == (
        "choose a team for Beat Cop #2"
    )
    events = act(state, f"team c{second}", "join t3")
    assert events[-1].text == "Player 1's Beat Cop #2 joins team 3."
    text = GAME.render(state.view(1), ASCII)
    assert "  Beat Cop (cop)" in text and "Teams: team 3 (Beat Cop #2)" in text


def test_drawn_weapons_and_a_save_decision_are_shown() -> None:
    t = Table()
    t.card(0, "trauma-medic")
    cop = t.card(0, "beat-cop")
    t.card(0, "heavy-pistol", on=cop)
    t.card(0, "assault-rifle", on=cop)
    t.hand(1, "ambush")
    state = t.at("purchase", active=1)
    state.bank[1] = 10
    act(state, "play ambush", "pay bank", f"target c{cop}")
    text = GAME.render(state.view(0), ASCII)
    assert "Heavy Pistol (drawn)" in text and "Assault Rifle (drawn)" not in text
    assert "Player 1 to act: save Beat Cop from being trashed" in text
    assert GAME.describe_action(Action.parse("no-save"), state.view(0)) == "let it be trashed"


def test_the_hand_shows_what_a_card_costs_you() -> None:
    """A card of the sponsor's faction costs 2 less (at least 1): the hand says the price paid,
    and the printed one beside it, for its holder only."""
    t = Table("ncpd", "the-mob")
    t.hand(0, "beat-cop")  # government, printed 3
    t.hand(0, "street-samurai")  # street, printed 5
    state = t.at("purchase")
    mine = state.view(0)["players"][0]
    assert mine["hand_costs"] == {"beat-cop": 1, "street-samurai": 5}
    assert "hand_costs" not in state.view(1)["players"][0]
    text = GAME.render(state.view(0), ASCII)
    assert "    Beat Cop (1 EB, printed 3, SR" in text
    assert "    Street Samurai (5 EB, SR" in text


def test_line_mode_spells_the_short_labels_out() -> None:
    assert spell_labels("Offense 55 against Smash and Grab (ATTACK 30).") == (
        "Offense 55 against Smash and Grab (attack 30)."
    )
    assert spell_labels("SR 25 LR 10 Def 20 Ops 14 EB 2") == (
        "short range 25 long range 10 defense 20 14 Ops 2 EB"
    )
    assert spell_labels("pays 6 EB with N.C.P.D.") == "pays 6 EB with N.C.P.D."
