"""The terminal table: what a player sees, and only that."""

from __future__ import annotations

import re

from cyberdeck.engine import ASCII, PLAIN, Action, Rng
from cyberdeck.games.cyberpunk_ccg import GAME, turns
from cyberdeck.games.cyberpunk_ccg.cardset import COMBAT_SCALE
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
                 f"SR {11 * COMBAT_SCALE}", "team 2", "Teams: t2", "CYBER-PSYCHO", "Monoblade", "step: hits", "Player 1 to act",
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
    assert f"Hit by player 1 on c{dive}" in text and f"attack {4 * COMBAT_SCALE}" in text


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


def test_a_screen_reader_hears_card_ids_as_words() -> None:
    """The words of every move and log line along a game say "card 150" where the text shows
    the id "c150", and change nothing else."""
    state = GAME.new_state({}, 3)
    rng = Rng(1)
    ids = re.compile(r"\bc\d+\b")
    heard = 0
    for _ in range(200):
        seat = state.current_player
        view = state.view(seat)
        texts = [GAME.describe_action(a, view) for a in state.legal_actions()]
        texts += [e.text for e in state.apply(rng.choice(state.legal_actions()))]
        for text in texts:
            words = GAME.in_words(text, view)
            assert not ids.search(words), words
            assert words == re.sub(r"\bc(\d+)\b", r"card \1", text)
            heard += words != text
    assert heard > 50
    assert GAME.in_words("move Heavy Pistol (c150)", {}) == "move Heavy Pistol (card 150)"


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
    assert f"Player 1 to act: save Beat Cop (c{cop}) from being trashed" in text
    assert GAME.describe_action(Action.parse("no-save"), state.view(0)) == "let it be trashed"
