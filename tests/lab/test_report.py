"""The HTML report: one file with its plots inline, its sections following from the results."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from cyberdeck import load_game
from cyberdeck.cli import app
from cyberdeck.lab.entries import make_entries
from cyberdeck.lab.optimize import optimize
from cyberdeck.lab.report import report
from cyberdeck.lab.results import Results
from cyberdeck.lab.tournament import tournament

CIPHER = load_game("cipher-run")


def test_a_tournament_report_is_one_file_with_every_section(tmp_path):
    entries = make_entries(
        CIPHER, ["random", "greedy", "random"], ["cold-boot", "redline", "redline"]
    )
    tournament(CIPHER, entries, 2, seed=3, workers=1, out=tmp_path)
    page = report(tmp_path).read_text()
    for heading in ("Win rates", "Seats", "How games end and how long they last", "Round robin",
                    "Strength ranking",
                    "Card impact"):  # fmt: skip
        assert f"<h2>{heading}</h2>" in page
    assert page.count("data:image/png;base64,") >= 5
    assert 'src="http' not in page and "<link" not in page  # nothing fetched from elsewhere


def test_a_deck_search_report_and_its_games(tmp_path):
    gauntlet = make_entries(CIPHER, ["random"], ["cold-boot"])
    optimize(CIPHER, "random", gauntlet, 1, batch=2, games=2, seed=1, workers=1, out=tmp_path)
    page = report(tmp_path).read_text()
    assert "cipher-run: deck search" in page and "<h2>Elites</h2>" in page
    games = Results.load(tmp_path / "generations" / "0000")
    assert len(games.games) == 2 * (2 + len(CIPHER.starter_decks()))  # starters join generation 0


def test_report_command_refuses_a_folder_without_results(tmp_path):
    result = CliRunner().invoke(app, ["lab", "report", str(tmp_path)])
    assert result.exit_code == 2 and "holds no lab results" in result.output
    with pytest.raises(Exception, match="no lab results"):
        report(tmp_path)
