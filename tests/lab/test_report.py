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
    for heading in ("What stands out", "Win rates", "Seats", "How games end and how long they last",
                    "Round robin", "Strength ranking", "Card impact"):  # fmt: skip
        assert f"<h2>{heading}</h2>" in page
    assert page.index("What stands out") < page.index("Win rates")
    assert page.count("data:image/png;base64,") >= 5
    assert 'src="http' not in page and "<link" not in page  # nothing fetched from elsewhere
    assert 'alt=""' not in page and page.count("<img alt=") == page.count("<img ")
    # Each deck of a matchup has its own card table, and every table keeps its intervals.
    for label in ("random/cold-boot", "greedy/redline", "random/redline"):
        assert f"<h3>{label}</h3>" in page
    for table in page.split("<table>")[1:]:
        assert "interval" in table.split("</tr>")[0], table[:200]
    assert "Many comparisons:" in page


def test_what_stands_out_names_entries_outside_the_band_and_significant_changes():
    from cyberdeck.lab.report import stands_out

    entries = make_entries(CIPHER, ["greedy", "random"])
    from cyberdeck.lab.simulate import simulate

    lopsided = simulate(CIPHER, entries, 40, seed=1, workers=1)
    found = stands_out(lopsided, None)
    assert any("greedy wins" in f and "wholly above the band" in f for f in found)
    assert any("random wins" in f and "wholly below the band" in f for f in found)
    change = {"matchup": "a v b", "entry": "a", "change": 0.3, "ci95": [0.1, 0.5],
              "p_adjusted": 0.01, "significant": True}  # fmt: skip
    quiet = {**change, "entry": "b", "significant": False}
    said = stands_out(None, {"comparisons": [change, quiet]})
    assert said == ["The change moves a (a v b) by +30.0 points (95% interval +10.0 to +50.0; "
                    "corrected p 0.01)."]  # fmt: skip


def test_a_whatif_report_opens_with_its_comparisons(tmp_path):
    from cyberdeck.lab.whatif import whatif

    entries = make_entries(CIPHER, ["greedy", "greedy"], ["cold-boot", "redline"])
    whatif(CIPHER, entries, ["cold-boot: -1 7H", "cold-boot: +1 AS"], 3, workers=1, out=tmp_path)
    page = report(tmp_path).read_text()
    assert "<h2>What-if</h2>" in page and "corrected by Holm for the 2 comparisons" in page
    assert page.index("What stands out") < page.index("What-if") < page.index("Win rates")


def test_a_deck_search_report_and_its_games(tmp_path):
    gauntlet = make_entries(CIPHER, ["random"], ["cold-boot"])
    optimize(CIPHER, "random", gauntlet, 1, batch=2, games=2, seed=1, workers=1, out=tmp_path)
    page = report(tmp_path).read_text()
    assert "cipher-run: deck search" in page and "<h2>Elites</h2>" in page
    elites = page.split("<h2>Elites</h2>")[1]
    assert "<th>cards</th>" in elites and "× " in elites  # each elite's cards are listed
    games = Results.load(tmp_path / "generations" / "0000")
    assert len(games.games) == 2 * (2 + len(CIPHER.starter_decks()))  # starters join generation 0


def test_report_command_refuses_a_folder_without_results(tmp_path):
    result = CliRunner().invoke(app, ["lab", "report", str(tmp_path)])
    assert result.exit_code == 2 and "holds no lab results" in result.output
    with pytest.raises(Exception, match="no lab results"):
        report(tmp_path)
