"""``cyberdeck deck validate|show`` and ``play --deck``, driven as a user would."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cyberdeck.cli import app
from cyberdeck.engine import Record

runner = CliRunner()


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))
    return tmp_path


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_validate_a_legal_deck_exported_from_a_starter(tmp_path):
    exported = run("deck", "show", "cipher-run", "cold-boot", "--export")
    assert exported.exit_code == 0 and exported.output.startswith("# name: Cold Boot\n")
    result = run("deck", "validate", "cipher-run", write(tmp_path, exported.output))
    assert result.exit_code == 0
    assert result.output == "Cold Boot is a legal Cipher Run deck (30 cards).\n"


def test_validate_lists_every_broken_rule(tmp_path):
    result = run("deck", "validate", "cipher-run", write(tmp_path, "2x 7H\n5x QS\n"))
    assert result.exit_code == 1
    assert "  - A deck has exactly 30 cards; this one has 7.\n" in result.output
    assert "  - 4 Revectors (Q) allowed, deck has 5.\n" in result.output
    assert result.output.count("  - ") == 5


def test_a_malformed_line_is_named_with_its_number(tmp_path):
    result = run("deck", "validate", "cipher-run", write(tmp_path, "# mine\n2x 7H\n3y 8H\n"))
    assert result.exit_code == 1
    assert "Line 3: '3y 8H' does not read as a count and a card" in result.output


def test_show_lists_cards_by_kind_and_says_whether_legal():
    result = run("deck", "show", "cipher-run", "redline", "--no-colour")
    assert result.exit_code == 0
    assert result.output.startswith("Redline: Aggressive")
    assert "30 cards: 23 Number Modules, 7 programs." in result.output
    assert result.output.endswith("Legal.\n")


def test_deck_commands_need_a_game_with_decks_and_an_existing_file():
    assert "not played with decks" in run("deck", "show", "matrix-overload", "x").output
    missing = run("deck", "validate", "cipher-run", "no-such-file.txt")
    assert missing.exit_code == 2 and "There is no deck file 'no-such-file.txt'" in missing.output


def test_play_with_a_deck_for_each_seat_records_the_decks(tmp_path, data_dir):
    exported = run("deck", "show", "cipher-run", "redline", "--export").output
    path = write(tmp_path, exported)
    result = run(
        "play", "cipher-run", "--seed", "4", "--no-colour", "--deck", path, "--deck", "cold-boot",
        input="1\n" * 300,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Why:" in result.output
    record = Record.load(next((data_dir / "records").glob("*.json")))
    assert record.decks[0].count("JK") == 1 and "JK" not in record.decks[1]
    assert run("replay", str(next((data_dir / "records").glob("*.json")))).exit_code == 0


def test_play_refuses_an_illegal_deck_with_every_problem(tmp_path):
    result = run("play", "cipher-run", "--seed", "1", "--deck", write(tmp_path, "2x 7H\n"))
    assert result.exit_code == 2
    assert "Player 1's deck: A deck has exactly 30 cards; this one has 2." in result.output


def test_hot_seat_hides_the_hand_between_turns():
    result = run("play", "cipher-run", "--seed", "2", "--hotseat", "--no-colour", input="1\n" * 20)
    assert "take the keyboard and press Enter" in result.output


def test_hot_seat_without_colour_scrolls_the_previous_hand_away():
    result = run("play", "cipher-run", "--seed", "2", "--hotseat", "--no-colour", input="1\n" * 20)
    assert "\n" * 60 in result.output


def test_list_names_the_starter_decks():
    result = run("deck", "list", "cipher-run")
    assert result.exit_code == 0
    assert result.output.startswith("cold-boot      Cold Boot: Steady")
    assert "redline        Redline: Aggressive" in result.output
