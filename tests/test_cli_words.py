"""Line mode (``--plain``) reads every move and log line in words: a screen reader spells "5S"
or "vault1" out letter by letter, so the games' codes never reach its output."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from cyberdeck.cli import app

runner = CliRunner()

#: A playing card's code ("5S", "10D", "QC", "JK"); Cipher Run's vault code ("vault1"); the
#: zero card named by its digit in MATR1X ("0 goes on b2", "on 0"); Cypher's badge ("Coder M2").
CODES = {
    "card": re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b|\bJK\b"),
    "vault": re.compile(r"\bvault[123]\b"),
    "zero": re.compile(r"\b0 (?:goes|to|resets)\b|\b(?:on|draw) 0\b"),
    "badge": re.compile(r"\b[A-Z][a-z]+ [UML]\d\b"),
}

#: The moves typed: the first move each time, the whole log now and then, and the menu again.
TYPED = ("1\nlog\n" + "1\n" * 8 + "moves\n") * 6 + "quit\n"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))


@pytest.mark.parametrize("game", ["cipher-run", "hack-me", "matrix-overload", "cypher"])
@pytest.mark.parametrize("seed", [5, 1234, 987654])
def test_plain_mode_reads_moves_and_log_lines_in_words(game: str, seed: int):
    result = runner.invoke(app, ["play", game, "--seed", str(seed), "--plain"], input=TYPED)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert sum(line.startswith("  · ") for line in lines) > 5  # the log was read
    for line in lines:
        for what, code in CODES.items():
            assert not code.search(line), f"a {what} code in: {line}"


def test_cipher_runs_plain_menu_names_the_card_and_the_vault():
    typed = "moves\n" + "\n" * 5 + "quit\n"  # the whole menu, through the pager
    result = runner.invoke(app, ["play", "cipher-run", "--seed", "5", "--plain"], input=typed)
    assert "Seed six of spades face down on your Vault 1" in result.output
    # The rules in the home page's words, not the options' codes ("breach at start").
    assert "Two vaults win at the start of your turn" in result.output
    assert "breach at" not in result.output


def test_hack_mes_opening_reveal_says_who_goes_first():
    result = runner.invoke(app, ["play", "hack-me", "--seed", "5", "--plain"], input="quit\n")
    assert (
        "Opening reveal, you against Normal AI: eight of spades against six of diamonds; you go first."
        in result.output
    )
