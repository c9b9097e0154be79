"""The ladder: agents rated from games between them, with intervals, carried on after a stop."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cyberdeck.cli import app
from cyberdeck.engine import BadOption, load_game
from cyberdeck.lab import ladder
from cyberdeck.lab.executors import Played, run_games
from cyberdeck.lab.ladder import GAMES_FILE, read_games, run_ladder, schedule
from tests.agents.test_learned import random_policy


def test_every_pair_plays_with_seats_alternated_and_a_solitaire_plays_the_same_deals():
    plan = schedule(["a", "b", "c"], 2, 4, 10)
    assert len(plan) == 3 * 4
    ab = [p for p in plan if set(p.seats) == {"a", "b"}]
    assert [p.seats for p in ab] == [("a", "b"), ("b", "a")] * 2
    assert [p.seed for p in ab] == [10, 11, 12, 13]
    alone = schedule(["a", "b"], 1, 3, 0)
    assert sorted((p.seats[0], p.seed) for p in alone) == [
        ("a", 0), ("a", 1), ("a", 2), ("b", 0), ("b", 1), ("b", 2)
    ]  # fmt: skip


def test_a_ladder_rates_agents_and_carries_on_where_it_stopped(tmp_path: Path):
    game = load_game("cypher")
    policy = random_policy(game, tmp_path)
    folder = tmp_path / "ladder"
    first = run_ladder(game, ["random", "greedy"], 6, folder, seed=3)
    assert first["games"] == 6 and len(read_games(folder)) == 6
    agents = ["random", "greedy", f"policy:{policy}"]
    table = run_ladder(game, agents, 6, folder, seed=3)
    lines = (folder / GAMES_FILE).read_text().splitlines()
    assert len(lines) == 18  # the first pair's six games were not played again
    assert table["games"] == 18
    ranking = table["ranking"]
    assert {row["entry"] for row in ranking} == set(agents)
    for row in ranking:
        low, high = row["ci95"]
        assert low < row["strength"] < high and row["games"] == 12
        assert row["elo_ci95"][0] < row["elo"] < row["elo_ci95"][1]
    assert abs(sum(row["strength"] for row in ranking)) < 1e-6
    assert sum(row["score"] for row in ranking) == 18
    assert json.loads((folder / "ladder.json").read_text())["ranking"] == ranking
    # A stop in the middle of a line: that game is played again, the rest kept.
    cut = json.loads(lines[-1])["key"]
    (folder / GAMES_FILE).write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:30])
    assert run_ladder(game, agents, 6, folder, seed=3)["games"] == 18
    kept = read_games(folder)
    assert len(kept) == 18 and cut in kept


def test_a_solitaire_ladder_compares_returns_on_the_same_deals(tmp_path: Path):
    game = load_game("matrix-overload")
    table = run_ladder(game, ["random", "fair"], 4, tmp_path)
    assert table["games"] == 8
    cells = {row["entry"]: row["cells"] for row in table["matrix"]}
    assert cells["fair"][0]["games"] == 4  # one comparison per shared deal
    assert cells["fair"][0]["score"] + cells["random"][1]["score"] == 4
    lines = [json.loads(line) for line in (tmp_path / GAMES_FILE).read_text().splitlines()]
    assert all(len(line["scores"]) == 1 for line in lines)  # royals killed, won or lost
    # A deal both lost goes to the one who killed more royals.
    by_deal: dict[int, dict[str, tuple[float, int]]] = {}
    for line in lines:
        by_deal.setdefault(line["seed"], {})[line["seats"][0]] = (
            line["returns"][0],
            line["scores"][0],
        )
    fair_wins = sum(
        1.0 if d["fair"] > d["random"] else 0.5 if d["fair"] == d["random"] else 0.0
        for d in by_deal.values()
    )
    assert cells["fair"][0]["score"] == fair_wins


def test_bad_ladders_say_what_is_wrong(tmp_path: Path):
    game = load_game("cypher")
    with pytest.raises(BadOption, match="no agent 'alphago'"):
        run_ladder(game, ["random", "alphago"], 2, tmp_path)
    with pytest.raises(BadOption, match="two different agents"):
        run_ladder(game, ["random", "random"], 2, tmp_path)
    with pytest.raises(BadOption, match="with 2 players"):
        run_ladder(game, ["random", "greedy"], 2, tmp_path, options={"players": 3})
    with pytest.raises(BadOption, match="at least one worker"):
        run_ladder(game, ["random", "greedy"], 2, tmp_path, workers=0)
    assert not (tmp_path / GAMES_FILE).exists()


def test_a_folder_that_is_not_this_ladders_is_refused_and_left_as_it_was(tmp_path: Path):
    """Another game's ladder, a ladder with other options, a lab run or a file: the games there
    are never counted as this ladder's, and nothing there is written."""
    runner = CliRunner()
    ladder_of = tmp_path / "hack-me-ladder"
    agents = ["--agents", "random,greedy", "--games", "2", "--workers", "1"]
    assert (
        runner.invoke(app, ["lab", "ladder", "hack-me", *agents, "--out", str(ladder_of)]).exit_code
        == 0
    )
    burnt = tmp_path / "burnt"
    run_ladder(load_game("cypher"), ["random", "greedy"], 2, burnt, options={"burn": True})
    lab_run = tmp_path / "lab-run"
    lab_run.mkdir()
    (lab_run / "run.json").write_text("{}")
    (lab_run / GAMES_FILE).write_text(json.dumps({"number": 0, "seed": 0}) + "\n")
    file = tmp_path / "notes.txt"
    file.write_text("notes")
    for game_id, folder, sentence in (
        ("cipher-run", ladder_of, "holds a ladder of Hack-Me If You Can"),
        ("cypher", burnt, "holds a ladder of Cypher with {'players': 2, 'burn': True}"),
        ("hack-me", lab_run, "holds a run of the lab, not a ladder"),
        ("hack-me", file, "is a file, not a ladder's folder"),
    ):
        before = {p: p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
        before |= {folder: folder.read_bytes()} if folder.is_file() else {}
        result = runner.invoke(app, ["lab", "ladder", game_id, *agents, "--out", str(folder)])
        assert result.exit_code == 2 and sentence in result.output, result.output
        assert "Traceback" not in result.output
        after = {p: p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
        after |= {folder: folder.read_bytes()} if folder.is_file() else {}
        assert after == before
    lab_run.joinpath("run.json").unlink()
    with pytest.raises(BadOption, match="holds games that are not a ladder's"):
        run_ladder(load_game("hack-me"), ["random", "greedy"], 2, lab_run)


def test_the_ladder_command(tmp_path: Path):
    runner = CliRunner()
    args = ["lab", "ladder", "cypher", "--agents", "random,greedy", "--games", "4"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "Cypher: 4 games, 4 a pair" in result.output and "greedy" in result.output
    result = runner.invoke(app, [*args, "--out", str(tmp_path), "--json"])
    assert json.loads(result.output.splitlines()[-1])["games"] == 4
    result = runner.invoke(app, ["lab", "ladder", "cypher", "--agents", "random,nobody"])
    assert result.exit_code == 2 and "no agent 'nobody'" in result.output


def test_a_ladder_is_the_same_on_one_worker_or_two(tmp_path: Path):
    game = load_game("cypher")
    agents = ["random", "greedy", "easy"]
    alone = run_ladder(game, agents, 4, tmp_path / "one", seed=5, workers=1)
    shared = run_ladder(game, agents, 4, tmp_path / "two", seed=5, workers=2)
    assert alone == shared
    one, two = read_games(tmp_path / "one"), read_games(tmp_path / "two")
    assert one == two and len(one) == 12


def test_a_stopped_ladder_keeps_its_games_and_says_so(tmp_path: Path, monkeypatch):
    def stopped_after_two(setup, plan, workers, dask, progress, on_rows):
        played = run_games(setup, plan[:2], 1, None, progress, on_rows)
        return Played(played.rows, interrupted=True)

    monkeypatch.setattr(ladder, "run_games", stopped_after_two)
    args = ["lab", "ladder", "cypher", "--agents", "random,greedy", "--games", "4"]
    result = CliRunner().invoke(app, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert "Stopped: 2 of 4 games finished and kept;" in result.output
    assert f"the same command with --out {tmp_path} plays the rest" in result.output
    assert len(read_games(tmp_path)) == 2
    assert not (tmp_path / "ladder.json").exists()
    monkeypatch.undo()
    result = CliRunner().invoke(app, [*args, "--out", str(tmp_path), "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert len(read_games(tmp_path)) == 4
