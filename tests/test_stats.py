"""Local statistics: wins, losses by reason, streaks; a game with undo is played but not ranked."""

from pathlib import Path

import pytest

from cyberdeck.engine import Outcome
from cyberdeck.userdata import describe, load_stats, record_result

WIN = Outcome((0,), (1.0,), "All twelve royals killed", "win")
ICE = Outcome((), (-1.0,), "Black ICE on K♠ (21)", "black-ice")
TIME = Outcome((), (-1.0,), "Out of Time", "out-of-time")


def test_streaks_losses_by_reason_and_unranked_games(tmp_path, monkeypatch):
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))
    for outcome in (WIN, WIN, ICE, TIME, WIN, WIN, WIN):
        record_result("matrix-overload", outcome, 0)
    stats = record_result("matrix-overload", ICE, 0, undos=2)
    assert (stats.games, stats.wins, stats.unranked) == (8, 5, 1)
    assert stats.losses == {"black-ice": 1, "out-of-time": 1}
    assert stats.streak == 3 and stats.best_streak == 3
    assert load_stats()["matrix-overload"] == stats
    assert "win rate 71.4% of 7 ranked games; 1 with undo" in describe("matrix-overload", stats)


def test_a_damaged_stats_file_is_kept_aside(tmp_path, monkeypatch):
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))
    (tmp_path / "stats.json").write_text("{broken")
    assert load_stats() == {}
    assert (tmp_path / "stats.damaged.json").exists()


def test_a_game_with_hints_is_played_but_not_ranked(tmp_path, monkeypatch):
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))
    record_result("matrix-overload", WIN, 0)
    stats = record_result("matrix-overload", WIN, 0, hints=3)
    assert (stats.games, stats.wins, stats.unranked, stats.hinted) == (2, 1, 1, 1)
    assert stats.streak == 1
    assert "of 1 ranked game; 1 with undo or hints, 1 with hints)" in describe(
        "matrix-overload", stats
    )


def test_a_save_that_fails_keeps_the_stats_that_were_there(tmp_path, monkeypatch):
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))
    record_result("matrix-overload", WIN, 0)
    before = (tmp_path / "stats.json").read_bytes()

    def full_disk(self: Path, data: bytes) -> int:
        with self.open("wb") as half:
            half.write(data[:5])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", full_disk)
    with pytest.raises(OSError):
        record_result("matrix-overload", ICE, 0)
    assert (tmp_path / "stats.json").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stats.json"]
