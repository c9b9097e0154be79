"""`cyberdeck play cyberpunk-ccg`: a whole game against a built-in opponent, sponsor chosen."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cyberdeck.agents.random import RandomAgent
from cyberdeck.cli import app
from cyberdeck.engine import PLAIN, Match
from cyberdeck.engine.autoanswer import Stops
from cyberdeck.games.cyberpunk_ccg import GAME
from cyberdeck.games.cyberpunk_ccg.cardset import COMBAT_SCALE
from cyberdeck.games.cyberpunk_ccg.position import Table
from cyberdeck.games.cyberpunk_ccg.state import CyberState
from cyberdeck.play.terminal import Seat, TerminalSession

runner = CliRunner()


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))
    return tmp_path


def test_a_whole_game_against_the_built_in_opponent_ends_on_the_end_screen() -> None:
    result = runner.invoke(
        app,
        ["play", "cyberpunk-ccg", "--sponsor", "militech", "--ai", "random", "--seed", "3",
         "--no-colour"],
        input="1\n" * 6000,
    )  # fmt: skip
    assert result.exit_code == 0, result.output[-2000:]
    assert "You: Militech" in result.output and "The Nomads" in result.output
    assert "Game over" in result.output


def test_an_unknown_sponsor_is_refused_with_the_choices() -> None:
    result = runner.invoke(app, ["play", "cyberpunk-ccg", "--sponsor", "tyrell"], input="quit\n")
    assert result.exit_code != 0 and "arasaka" in result.output


def _play(keys: str, seed: str = "3") -> str:
    result = runner.invoke(
        app,
        ["play", "cyberpunk-ccg", "--ai", "random", "--seed", seed, "--no-colour"],
        input=keys,
    )
    assert result.exit_code == 0, result.output[-2000:]
    return result.output


def test_look_reads_a_card_on_the_table_in_hand_and_in_the_set() -> None:
    out = _play(
        'look N.C.P.D.\nlook hand\nlook "Night Market"\nlook night-market\nlook nothing\nquit\n'
    )
    # A card on the table by the name the table shows, as it stands now.
    assert "N.C.P.D. — income 6 EB, government Sponsor" in out and "N.C.P.D., in play" in out
    assert "Win: score 50 bust points" in out
    assert out.count("Night Market — 2 EB, street Location") == 2
    assert (
        f"M-Sec {8 * COMBAT_SCALE} E-Sec {1 * COMBAT_SCALE} ATTACK {10 * COMBAT_SCALE} Ops 6 EB 2"
        in out
    )
    assert "There is nothing called 'nothing' to look at." in out


def test_look_gives_what_a_runners_power_comes_to_in_combat() -> None:
    """A Solo's combat sense adds its Power times the combat scale (``responses``): the card
    says the number it adds, not 'its Power' (4, where the fight gets 20)."""
    out = _play('look "Street Samurai"\nlook "Newsfeed Reporter"\nquit\n')
    assert f"Combat Sense: adds {4 * COMBAT_SCALE} ({COMBAT_SCALE} a point of Power)" in out
    assert "Credibility (Legwork): raises an M-Sec by" in out and "by its Power" not in out


def test_the_hand_line_shows_cost_and_key_stats() -> None:
    out = _play("1\n" * 12 + "quit\n")
    assert re.search(r"Hand:\n    [^\n]+\(\d+ EB", out)


def test_help_speaks_of_this_games_moves_and_stops() -> None:
    out = _play("help\nquit\n")
    assert "look Beat Cop #2" in out and "look hand" in out and "stop full on|off" in out
    assert "place b2" not in out


def test_stops_are_kept_in_the_settings_file(data_dir: Path) -> None:
    out = _play("stops\nstop damage:own on\nstop full on\nstop nowhere on\nquit\n")
    assert "[ ] damage:own" in out and "[x] purchase:own" in out
    assert "There is no stop 'nowhere'" in out
    saved = json.loads((data_dir / "settings.json").read_text())
    assert saved["stops"]["cyberpunk-ccg"]["full_control"] is True
    assert "damage:own" in saved["stops"]["cyberpunk-ccg"]["on"]
    again = _play("stops\nquit\n")
    assert "Full control: on" in again


def test_the_table_passes_for_the_player_and_says_so() -> None:
    out = _play("\n1\n" * 400 + "quit\n")
    assert "The table answers for you: pass (no stop at" in out


def _session(state: CyberState, keys: list[str]) -> tuple[Match, list[str]]:
    match = Match(GAME, {}, 0)
    match.state = state
    typed = iter(keys)
    said: list[str] = []
    session = TerminalSession(
        GAME, match, [Seat("You"), Seat("AI", RandomAgent(0))], PLAIN, lambda _: next(typed),
        said.append, stops=Stops.defaults(GAME),
    )  # fmt: skip
    session.run()
    return match, said


def test_enter_takes_the_proposed_payment() -> None:
    t = Table("ncpd", "the-mob")
    t.card(0, "warehouse-row")  # 3 EB
    t.card(0, "warehouse-row")
    t.hand(0, "street-samurai")  # 5: N.C.P.D.'s 6 or both Rows' 6, the player's choice
    t.awake(1)
    state = t.at("purchase")
    match, said = _session(state, ["buy street-samurai", "", "quit"])
    out = "\n".join(said)
    assert "Proposed: 6 EB: N.C.P.D. 6. Press Enter to accept" in out
    assert "Player 1 pays 6 EB with N.C.P.D." in [e.text for e in match.log]
    assert state.used[state.sponsor[0]] == 1


def test_the_table_makes_an_exact_payment_and_says_so() -> None:
    t = Table("the-mob", "ncpd")
    t.card(0, "neon-dive")  # 2 EB
    row = t.card(0, "warehouse-row")  # 3 EB
    t.hand(0, "street-samurai")  # street 5 -> 3 for The Mob: the Row pays it exactly
    t.awake(1)
    state = t.at("purchase")
    state.used[state.sponsor[0]] = 1
    match, _ = _session(state, ["buy street-samurai", "quit"])
    log = [e.text for e in match.log]
    assert "Player 1 pays 3 EB with Warehouse Row." in log
    note = next(
        n
        for n, line in enumerate(log)
        if line.startswith("The table answers for Player 1: pay with Warehouse Row")
    )
    assert log[note].endswith("(an exact payment).")
    # Why, then what: the note comes before the move it explains.
    # The first EB paid names the card bought.
    assert log[note + 1 : note + 3] == [
        "Player 1 buys Street Samurai.",
        "Player 1 pays 3 EB with Warehouse Row.",
    ]
    assert state.used[row] == 1


def test_deck_show_lists_each_cards_text() -> None:
    result = runner.invoke(app, ["deck", "show", "cyberpunk-ccg", "ncpd", "--no-colour"])
    assert result.exit_code == 0, result.output
    assert "The cards:" in result.output
    assert "N.C.P.D. — income 6 EB, government Sponsor" in result.output
    assert "Win: score 50 bust points" in result.output
    assert "Cop: Authority" in result.output


def test_a_gesture_sends_a_team_at_its_target_and_the_log_says_so() -> None:
    t = Table()
    t.card(0, "beat-cop", team=1)
    t.card(1, "neon-dive")
    t.awake(1)
    state = t.at("hits")
    match, said = _session(state, ["g9", "g1", "quit"])
    out = "\n".join(said)
    assert "g1. Send team 1: hit Neon Dive" in out
    assert "Choose a gesture from g1 to g1." in out
    log = [e.text for e in match.log]
    note = log.index(
        "The table answers for Player 1: hit Neon Dive (from your gesture: Send team 1: hit Neon Dive)."
    )
    # Why, then what: the note, then the hit it explains.
    assert log[note + 1].startswith("Player 1 hits Neon Dive"), log[note:]


def test_the_tables_passes_in_a_row_are_one_line_of_the_log() -> None:
    """A turn asks the player at every step; the passes the table makes for them in a row read
    as one line, not one each."""
    out = _play("1\n" * 300 + "log\nquit\n")
    lines = [line.strip() for line in out.splitlines()]
    single = [
        n for n, line in enumerate(lines) if line.startswith("· The table answers for you: pass")
    ]
    assert not any(n + 1 in single for n in single)
    assert any(line.startswith("· The table passes for you") for line in lines)
