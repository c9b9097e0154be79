import json

from typer.testing import CliRunner

from cyberdeck import load_game
from cyberdeck.cli import app
from cyberdeck.engine import Record, replay
from cyberdeck.lab.arena import merge_summaries, pairings, run_arena, wilson


def test_wilson_interval():
    low, high = wilson(75, 100)
    assert 0.65 < low < 0.75 < high < 0.83
    assert wilson(0, 10)[0] == 0.0 and abs(wilson(10, 10)[1] - 1.0) < 1e-9


def test_seats_rotate_and_solitaires_share_deals():
    two = pairings(2, 2, 4, 0)
    assert [p.seats for p in two] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    solo = pairings(1, 2, 4, 10)
    assert [(p.seed, p.seats) for p in solo] == [(10, (0,)), (10, (1,)), (11, (0,)), (11, (1,))]


def test_results_do_not_depend_on_the_number_of_workers(tmp_path):
    game = load_game("matrix-overload")
    one = run_arena(game, ["random", "fair"], 12, seed=3, workers=1, records=tmp_path)
    two = run_arena(game, ["random", "fair"], 12, seed=3, workers=2)

    def untimed(report):
        summary = report.to_json()
        for row in summary["results"]:
            del row["mean_decision_ms"]
        return summary

    assert untimed(one) == untimed(two)
    record = Record.load(tmp_path / "game-00005.json")
    assert replay(record).outcome.reason == one.results[5].reason


def test_arena_command_json(tmp_path, monkeypatch):
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))
    result = CliRunner().invoke(
        app,
        ["arena", "matrix-overload", "--agents", "random,fair", "--games", "6", "--json",
         "--workers", "1"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["games"] == 6
    rows = {r["agent"]: r for r in summary["results"]}
    assert set(rows) == {"random", "fair"}
    for row in rows.values():
        assert 0 <= row["ci95"][0] <= row["win_rate"] <= row["ci95"][1] <= 1
        assert row["wins"] + row["draws"] + row["losses"] == row["games"] == 3


def test_arena_rejects_unknown_agents():
    result = CliRunner().invoke(app, ["arena", "matrix-overload", "--agents", "nobody"])
    assert result.exit_code == 2 and "no agent 'nobody'" in result.output


def test_chunks_of_an_arena_add_up_to_the_whole():
    game = load_game("cipher-run")
    whole = run_arena(game, ["greedy", "random"], 8, seed=40, workers=1).to_json()
    parts = [
        run_arena(game, ["greedy", "random"], 4, seed=s, workers=1).to_json() for s in (40, 44)
    ]
    merged = merge_summaries(parts)
    assert (
        abs(merged.pop("mean_length") - whole.pop("mean_length")) <= 0.01
    )  # means of rounded means
    for summary in (whole, merged):
        for row in summary["results"]:
            del row["mean_decision_ms"]
    assert merged == whole
