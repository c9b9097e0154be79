"""Runs are never lost: a folder per run, games kept as they finish, through SIGTERM, SIGHUP and
kill -9, and a resumed run equal to an unbroken one; damaged files and foreign results refused."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cyberdeck import load_game
from cyberdeck.cli import app
from cyberdeck.engine import BadOption, BadRecord
from cyberdeck.lab.entries import make_entries
from cyberdeck.lab.results import Results
from cyberdeck.lab.simulate import simulate, summarize
from cyberdeck.lab.store import RunStore, fresh_folder, read_parquet
from cyberdeck.lab.tournament import standings, tournament

CIPHER = load_game("cipher-run")
GAMES = 120
COMMAND = ["lab", "simulate", "cipher-run", "--seats", "greedy greedy", "--decks",
           "cold-boot redline", "--games", str(GAMES), "--seed", "7", "--workers", "1"]  # fmt: skip


def untimed(results: Results) -> list[dict]:
    frame = results.games.drop(columns=["seat_think_s"])
    return [{k: v.tolist() if hasattr(v, "tolist") else v for k, v in row.items()}
            for row in frame.to_dict("records")]  # fmt: skip


def untimed_summary(results: Results) -> dict:
    summary = summarize(results)
    for row in summary.get("entries", []):
        row.pop("mean_decision_ms")
    return summary


@pytest.fixture(scope="module")
def unbroken() -> Results:
    entries = make_entries(CIPHER, ["greedy", "greedy"], ["cold-boot", "redline"])
    return simulate(CIPHER, entries, GAMES, seed=7, workers=1)


def parted(folder: Path) -> int:
    """Games the run's folder holds now (a line being written is not counted)."""
    try:
        return len(RunStore(folder).done())
    except BadRecord:
        return 0


def from_a_terminal() -> None:
    """The run as a terminal starts it, whatever started the tests: under ``nohup`` SIGHUP is
    ignored, and a run keeps a signal it was started to ignore ignored."""
    for stop in (signal.SIGHUP, signal.SIGTERM, signal.SIGINT):
        signal.signal(stop, signal.SIG_DFL)


@pytest.mark.parametrize(
    ("stop", "workers"),
    [(signal.SIGTERM, 1), (signal.SIGHUP, 1), (signal.SIGKILL, 1), (signal.SIGTERM, 2)],
)
def test_a_stopped_run_keeps_every_finished_game_and_resumes_to_the_unbroken_result(
    tmp_path: Path, unbroken: Results, stop: signal.Signals, workers: int
) -> None:
    out = tmp_path / "run"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
    command = [*COMMAND[:-1], str(workers), "--out", str(out)]
    child = subprocess.Popen(
        [sys.executable, "-m", "cyberdeck.cli", *command],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=from_a_terminal,
    )  # fmt: skip
    while parted(out) < 12 and child.poll() is None:
        with contextlib.suppress(subprocess.TimeoutExpired):
            child.wait(0.02)
    kept_before = parted(out)
    child.send_signal(stop)
    _, err = child.communicate(timeout=120)  # the workers too are gone: nothing holds the exit
    assert child.returncode != 0, "the run ended before it was stopped"
    stopped = Results.load(out)
    numbers = list(stopped.games["number"])
    assert kept_before <= len(numbers) < GAMES
    if workers == 1:
        assert numbers == list(range(len(numbers)))  # every finished game, in order
    whole = untimed(unbroken)
    assert untimed(stopped) == [whole[n] for n in numbers]
    assert [r["entry"] for r in summarize(stopped)["entries"]] == [
        "greedy/cold-boot", "greedy/redline"]  # fmt: skip
    assert summarize(stopped)["interrupted"] and summarize(stopped)["games"] == len(numbers)
    if stop != signal.SIGKILL:
        assert "Stopped:" in err and "--resume" in err and "Traceback" not in err
        assert json.loads((out / "run.json").read_text())["interrupted"] is True
        assert len(Results.load(out).games) == len(read_parquet(out / "games.parquet"))
    again = CliRunner().invoke(app, [*COMMAND, "--out", str(out), "--resume", "--json"])
    assert again.exit_code == 0, again.output
    resumed = Results.load(out)
    assert untimed(resumed) == whole
    assert resumed.cards.equals(unbroken.cards)
    assert untimed_summary(resumed) == untimed_summary(unbroken)
    assert resumed.run["resumed_with"] == len(numbers) and resumed.run["finished"]


def test_a_tournament_resumes_to_the_same_standings(tmp_path: Path) -> None:
    entries = make_entries(
        CIPHER, ["greedy", "random", "greedy"], ["cold-boot", "redline", "redline"]
    )
    whole = tournament(CIPHER, entries, 4, seed=2, workers=1)
    out = tmp_path / "t"
    seen: list[int] = []

    def cut(done: int, total: int, elapsed: float) -> None:
        seen.append(done)
        if done >= 3:
            raise KeyboardInterrupt

    first = tournament(CIPHER, entries, 4, seed=2, workers=1, progress=cut, out=out)
    assert first.run["interrupted"] and 3 <= len(first.games) < 12
    rest = tournament(CIPHER, entries, 4, seed=2, workers=1, out=out, resume=True)
    assert untimed(rest) == untimed(whole)
    assert standings(rest) == standings(whole)


def test_a_folder_holding_a_run_is_never_written_over(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))
    runner = CliRunner()
    args = ["lab", "simulate", "cipher-run", "--seats", "random random", "--games", "2",
            "--workers", "1", "--json"]  # fmt: skip
    for _ in range(2):  # the same command twice: two folders, nothing replaced
        assert runner.invoke(app, args).exit_code == 0
    folders = sorted((tmp_path / "lab").iterdir())
    assert len(folders) == 2 and all(len(Results.load(f).games) == 2 for f in folders)
    out = folders[0]
    before = (out / "games.parquet").read_bytes()
    again = runner.invoke(app, [*args, "--out", str(out)])
    assert again.exit_code == 2 and "already holds the results of a run" in again.output
    assert (out / "games.parquet").read_bytes() == before
    other = runner.invoke(app, [*args[:-1], "--games", "3", "--out", str(out), "--resume"])
    assert other.exit_code == 2 and "other settings (games, planned)" in other.output
    nothing = runner.invoke(app, [*args, "--out", str(tmp_path / "empty"), "--resume"])
    assert nothing.exit_code == 2 and "no run to resume" in nothing.output


def test_fresh_folders_never_collide(tmp_path: Path) -> None:
    made = {fresh_folder(tmp_path, "simulate", "cipher-run", 0) for _ in range(3)}
    assert len(made) == 3 and all(p.is_dir() for p in made)


def test_damaged_files_are_named_in_a_sentence(tmp_path: Path) -> None:
    entries = make_entries(CIPHER, ["random", "random"])
    simulate(CIPHER, entries, 3, workers=1, out=tmp_path)
    log = tmp_path / "games.jsonl"
    lines = log.read_text().splitlines(keepends=True)
    log.write_text(lines[0] + "{not a game}\n" + "".join(lines[2:]))
    with pytest.raises(BadRecord, match=r"games\.jsonl is damaged at line 2"):
        Results.load(tmp_path)
    log.unlink()  # a folder of Parquet files only, as a finished run's copy may be
    (tmp_path / "games.parquet").write_bytes(b"not parquet at all")
    with pytest.raises(BadRecord, match=r"games\.parquet is damaged and cannot be read"):
        Results.load(tmp_path)
    (tmp_path / "run.json").write_text("{ half")
    result = CliRunner().invoke(app, ["lab", "report", str(tmp_path)])
    assert result.exit_code == 2 and "run.json is damaged" in result.output
    assert "Traceback" not in result.output


def test_a_line_torn_by_a_kill_is_no_game_and_is_cut_before_a_resume(tmp_path: Path) -> None:
    entries = make_entries(CIPHER, ["random", "random"])
    whole = simulate(CIPHER, entries, 4, seed=2, workers=1)
    seen: list[int] = []

    def cut(done: int, total: int, elapsed: float) -> None:
        seen.append(done)
        if done >= 2:
            raise KeyboardInterrupt

    simulate(CIPHER, entries, 4, seed=2, workers=1, progress=cut, out=tmp_path)
    log = tmp_path / "games.jsonl"
    kept = len(log.read_text().splitlines())
    with open(log, "a") as file:
        file.write('{"number": 3, "seed"')  # a kill in the middle of an append
    assert len(Results.load(tmp_path).games) == kept
    resumed = simulate(CIPHER, entries, 4, seed=2, workers=1, out=tmp_path, resume=True)
    assert untimed(resumed) == untimed(whole) == untimed(Results.load(tmp_path))


def test_results_of_another_game_are_refused(tmp_path: Path) -> None:
    simulate(CIPHER, make_entries(CIPHER, ["random", "random"]), 2, workers=1, out=tmp_path)
    result = CliRunner().invoke(app, ["lab", "cards", "hack-me", "--results", str(tmp_path)])
    assert result.exit_code == 2
    assert "holds games of Cipher Run, not of Hack-Me If You Can" in result.output.replace(
        "\n", " "
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "cipher-run", "--seats", "greedy"], "name 2 agents, one per seat (got 1)"),
        (["simulate", "cipher-run", "--seats", "greedy greedy greedy"], "(got 3)"),
        (["simulate", "cipher-run", "--seats", "ismcts:-5 greedy"], "at least 1"),
        (["simulate", "cipher-run", "--seats", "pimc:0:2 greedy"], "each at least 1"),
        (["simulate", "cipher-run", "--seats", "greedy:9 greedy"], "takes no budget"),
        (
            ["simulate", "cipher-run", "--seats", "greedy greedy", "--workers", "0"],
            "at least one worker",
        ),
        (
            ["tournament", "cipher-run", "--entries", "greedy@ random@redline"],
            "names no deck after its @",
        ),
        (["tournament", "cipher-run", "--entries", "@cold-boot random@redline"], "names no agent"),
    ],
)
def test_every_spec_is_checked_against_the_game(tmp_path: Path, args: list[str], message: str):
    out = tmp_path / "never"
    result = CliRunner().invoke(app, ["lab", *args, "--games", "2", "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert message in result.output.replace("\n", " ") and "Traceback" not in result.output
    assert not out.exists()


def test_seat_count_is_checked_by_the_api_too() -> None:
    with pytest.raises(BadOption, match="one per seat"):
        simulate(CIPHER, make_entries(CIPHER, ["greedy"]), 2, workers=1)


def test_the_cards_command_resumes_a_stopped_run(tmp_path: Path) -> None:
    from cyberdeck.lab.cards import card_metrics

    entries = make_entries(CIPHER, ["greedy", "random"], ["cold-boot", "redline"])
    whole = simulate(CIPHER, entries, 8, seed=5, workers=1)
    out = tmp_path / "cards"

    def cut(done: int, total: int, elapsed: float) -> None:
        if done >= 2:
            raise KeyboardInterrupt

    simulate(CIPHER, entries, 8, seed=5, workers=1, progress=cut, out=out)
    assert len(Results.load(out).games) < 8
    args = ["lab", "cards", "cipher-run", "--seats", "greedy random", "--decks",
            "cold-boot redline", "--games", "8", "--seed", "5", "--workers", "1", "--out",
            str(out), "--json"]  # fmt: skip
    refused = CliRunner().invoke(app, args)
    assert refused.exit_code == 2 and "already holds the results of a run" in refused.output
    resumed = CliRunner().invoke(app, [*args, "--resume"])
    assert resumed.exit_code == 0, resumed.output
    expected = card_metrics(whole).to_json(orient="records")
    assert json.loads(resumed.stdout) == json.loads(expected)


def test_a_batch_cut_short_by_a_stop_is_written_before_the_run_ends(tmp_path: Path) -> None:
    store = RunStore(tmp_path)
    store.begin({"command": "simulate"}, resume=False)
    entries = make_entries(CIPHER, ["random", "random"])
    rows = simulate(CIPHER, entries, 3, workers=1).games.to_dict("records")
    for row in rows:
        row.update(card_seat=[], card=[], card_drawn=[], card_played=[])
    store.add(rows[:1])
    with open(store.log, "ab") as file:
        file.write(b'{"number": 1, "se')  # the stop came in the middle of the next write
    store.add_missing(rows)  # the second and third never reached the file whole
    assert [r["number"] for r in RunStore(tmp_path).done()] == [0, 1, 2]
