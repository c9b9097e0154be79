"""The apprentice of a search: the teacher's games recorded from each seat's view, resumable and the
same on any number of workers, the network fitted to them and exported as a policy file that plays,
and the command."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cyberdeck.agents import make_agent
from cyberdeck.agents.policy import PolicyNet, shipped_policies
from cyberdeck.engine import BadOption, Game, games, load_game

from .conftest import Folders, refuses

pytest.importorskip("torch")
from cyberdeck.cli import app
from cyberdeck.lab import imitation

GAMES = [pytest.param(g, id=g.id) for g in games()]


def lines(folder: Path) -> list[dict]:
    return [json.loads(line) for line in (folder / "positions.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_records_its_teachers_decisions_and_fits_a_policy_that_plays(
    game: Game, tmp_path: Path
):
    count = imitation.record(game, tmp_path, "greedy", 10, seed=5, workers=2)
    rows = lines(tmp_path)
    assert sorted(r["deal"] for r in rows) == list(range(5, 15))
    assert count == sum(len(r["positions"]) for r in rows) > 0
    # Each position is the deciding seat's observation of its own view, and the move it made.
    row = min(rows, key=lambda r: r["deal"])
    state = game.new_state(None, 5)
    greedy = [make_agent("greedy", 5 * 7 + s, game) for s in range(state.num_players)]
    encoding = game.observation_encoding(game.resolve_options(None))
    first = row["positions"][0]
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    assert seat == first["seat"]
    assert dict(zip(first["places"], first["values"], strict=True)) == pytest.approx(
        encoding.sparse(state.view(seat), seat), abs=1e-6
    )
    legal = state.legal_actions()
    assert first["legal"] == game.action_space.indices(legal)
    assert legal[first["choice"]] == greedy[seat].choose(state)
    assert first["value"] is None  # greedy is not a search

    curve = imitation.fit(tmp_path, epochs=2)
    assert [r["epoch"] for r in curve] == [1, 2]
    assert len(list(csv.DictReader((tmp_path / "curve.csv").open()))) == 2
    net = PolicyNet.load(tmp_path / "policy.npz")
    assert net.game is game and net.meta["teacher"] == "greedy" and net.meta["games"] == 10
    spent = sum(r["cpu_seconds"] for r in rows)
    assert net.meta["teacher_cpu_seconds"] == pytest.approx(spent, abs=0.1)
    assert net.meta["cpu_seconds"] >= net.meta["teacher_cpu_seconds"]
    fresh = game.new_state(None, 99)
    assert make_agent(f"expert:{tmp_path / 'policy.npz'}", 0, game).choose(fresh) in (
        fresh.legal_actions()
    )


def test_a_search_teacher_leaves_its_value_and_the_value_target_mixes_it_in(tmp_path: Path):
    game = load_game("cypher")
    imitation.record(game, tmp_path, "normal", 10)
    rows = sorted(lines(tmp_path), key=lambda r: r["deal"])
    assert all(-1 <= p["value"] <= 1 for r in rows for p in r["positions"])
    data = imitation.Positions.gather(rows[:1], value_mix=0.25)
    first = rows[0]["positions"][0]
    result = rows[0]["returns"][first["seat"]]
    assert data.targets[0] == pytest.approx(0.75 * result + 0.25 * first["value"])
    assert imitation.Positions.gather(rows[:1], value_mix=0.0).targets[0] == result


def test_the_apprentice_learns_its_teachers_moves(tmp_path: Path):
    """Fitted to 40 games of `greedy`, its first choice on held-out positions is greedy's far
    more often than a move picked at random would be."""
    game = load_game("cipher-run")
    imitation.record(game, tmp_path, "greedy", 40, workers=2)
    curve = imitation.fit(tmp_path, epochs=15)
    held = sorted(lines(tmp_path), key=lambda r: r["deal"])[9::10]
    chance = sum(1 / len(p["legal"]) for r in held for p in r["positions"])
    chance /= sum(len(r["positions"]) for r in held)
    best = max(r["held_out_agreement"] for r in curve)
    assert best > 2 * chance
    assert curve[-1]["train_loss"] < curve[0]["train_loss"]


def test_recording_carries_on_after_a_stop_and_is_the_same_on_any_number_of_workers(
    tmp_path: Path,
):
    game = load_game("cipher-run")
    one, two = tmp_path / "one", tmp_path / "two"
    imitation.record(game, one, "greedy", 6, workers=1)
    imitation.record(game, two, "greedy", 4, workers=2)
    with (two / "positions.jsonl").open("a") as f:
        f.write('{"deal": 4, "returns": [1')  # a stop in the middle of a line
    imitation.record(game, two, "greedy", 6, workers=2)

    def games(folder: Path) -> list[dict]:
        rows = sorted(lines(folder), key=lambda r: r["deal"])
        return [{k: v for k, v in r.items() if k != "cpu_seconds"} for r in rows]

    assert games(one) == games(two)
    with pytest.raises(BadOption, match="at least 10 recorded games"):
        imitation.fit(one, epochs=1)


def test_the_same_games_fit_the_same_policy(tmp_path: Path):
    game = load_game("matrix-overload")
    imitation.record(game, tmp_path, "greedy", 10)
    imitation.fit(tmp_path, epochs=2, seed=3)
    first = PolicyNet.load(tmp_path / "policy.npz")
    imitation.fit(tmp_path, epochs=2, seed=3)
    second = PolicyNet.load(tmp_path / "policy.npz")
    for group in ("trunk", "pi", "v"):
        for (w1, b1), (w2, b2) in zip(first.layers[group], second.layers[group], strict=True):
            assert (w1 == w2).all() and (b1 == b2).all()
    timing = {"cpu_seconds", "teacher_cpu_seconds"}
    assert {k: v for k, v in first.meta.items() if k not in timing} == {
        k: v for k, v in second.meta.items() if k not in timing
    }


def test_a_run_is_fitted_with_the_games_of_earlier_runs(tmp_path: Path):
    """The second round of expert iteration: the apprentice learns from its own games and from
    the games of the run before (those first), every tenth game of the whole held out."""
    game = load_game("cypher")
    first, second = tmp_path / "first", tmp_path / "second"
    imitation.record(game, first, "greedy", 15)
    imitation.record(game, second, "random", 10, seed=100)
    curve = imitation.fit(second, epochs=1, also=[first])
    meta = PolicyNet.load(second / "policy.npz").meta
    assert meta["teacher"] == "random" and meta["games"] == 25
    assert meta["also"] == [{"teacher": "greedy", "games": 15}]
    both = [r for folder in (first, second) for r in sorted(lines(folder), key=lambda r: r["deal"])]
    taught = [r for i, r in enumerate(both) if i % 10 != 9]
    assert curve[0]["positions"] == sum(len(r["positions"]) for r in taught)
    imitation.fit(second, epochs=1)
    assert PolicyNet.load(second / "policy.npz").meta["also"] == []

    imitation.record(load_game("hack-me"), tmp_path / "other", "greedy", 10)
    imitation.record(game, tmp_path / "three", "greedy", 10, options={"players": 3})
    before = (second / "policy.npz").read_bytes()
    for also, said in (
        ([second], "named twice"),
        ([first, first], "named twice"),
        ([tmp_path / "other"], "only runs of cypher"),
        ([tmp_path / "three"], "only runs of cypher"),
        ([tmp_path / "none"], "holds no recorded games"),
    ):
        with pytest.raises(BadOption, match=said):
            imitation.fit(second, epochs=1, also=also)
    assert (second / "policy.npz").read_bytes() == before


def test_bad_requests_are_refused_in_a_sentence_and_touch_nothing(tmp_path: Path):
    game = load_game("cypher")
    with pytest.raises(BadOption, match="no agent 'wizard'"):
        imitation.record(game, tmp_path / "none", "wizard", 10)
    assert not (tmp_path / "none").exists()
    with pytest.raises(BadOption, match="holds no recorded games"):
        imitation.fit(tmp_path / "none")
    imitation.record(game, tmp_path / "run", "greedy", 2)
    before = (tmp_path / "run" / "positions.jsonl").read_bytes()
    with pytest.raises(BadOption, match="holds greedy's games of cypher"):
        imitation.record(game, tmp_path / "run", "easy", 2)
    with pytest.raises(BadOption, match="holds greedy's games of cypher"):
        imitation.record(load_game("hack-me"), tmp_path / "run", "greedy", 2)
    assert (tmp_path / "run" / "positions.jsonl").read_bytes() == before
    with pytest.raises(BadOption, match="value mix from 0 to 1"):
        imitation.fit(tmp_path / "run", value_mix=2)
    (tmp_path / "run" / "run.json").write_text("{not json")
    with pytest.raises(BadOption, match="not an imitation run's"):
        imitation.record(game, tmp_path / "run", "greedy", 2)
    assert (tmp_path / "run" / "positions.jsonl").read_bytes() == before


def test_the_imitate_command(tmp_path: Path):
    runner = CliRunner()
    out = tmp_path / "run"
    result = runner.invoke(
        app, ["lab", "imitate", "cypher", "--teacher", "greedy", "--games", "10", "--epochs",
              "2", "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "10 games of greedy" in result.output and "held-out positions" in result.output
    assert PolicyNet.load(out / "policy.npz").meta["teacher"] == "greedy"
    refused = runner.invoke(app, ["lab", "imitate", "cypher", "--games", "3", "--out", str(out)])
    assert refused.exit_code != 0 and "at least 10 games" in refused.output
    assert "Traceback" not in refused.output
    then = tmp_path / "then"
    result = runner.invoke(
        app, ["lab", "imitate", "cypher", "--teacher", "random", "--games", "10", "--epochs",
              "1", "--out", str(then), "--with", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "10 games of random and 10 of greedy" in result.output
    refused = runner.invoke(
        app, ["lab", "imitate", "cypher", "--games", "10", "--out", str(tmp_path / "not"),
              "--with", str(tmp_path / "nowhere")],
    )  # fmt: skip
    assert refused.exit_code != 0 and "holds no recorded games" in refused.output
    assert not (tmp_path / "not").exists()  # refused before a game was played


def test_a_folder_of_another_kind_and_a_bad_fit_are_refused_before_a_game_is_played(
    other_folders: Folders,
):
    """A file, a training run, a ladder or a folder that cannot be made as the run's folder or
    an earlier run, and a fit that would be refused: a sentence, and no game recorded."""
    notes, fresh = other_folders.notes, other_folders.fresh
    training_run, ladder = other_folders.training, other_folders.ladder
    base = ["lab", "imitate", "cypher", "--teacher", "random", "--games", "10"]
    refuses(base, [
        (["--out", str(notes)], "is a file, not an imitation run's folder"),
        (["--out", str(training_run)], "holds a run that is not an imitation run"),
        (["--out", str(fresh), "--with", str(training_run)], "not an imitation run"),
        (["--out", str(ladder)], "holds the games of a ladder"),
        (["--out", str(notes / "run")], "Cannot make an imitation run's folder"),
        (["--out", str(fresh), "--epochs", "0"], "at least one epoch"),
        (["--out", str(fresh), "--value-mix", "2"], "a value mix from 0 to 1"),
        (["--out", str(fresh), "--width", "4096"], "must be from 1 to 1024, not 4096"),
    ])  # fmt: skip
    other_folders.untouched()


def test_without_out_a_run_has_a_folder_of_its_own_under_the_data_folder(
    tmp_path: Path, monkeypatch
):
    """A teacher named by a path (policy:runs/x.npz) still gets one folder, not nested ones."""
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))
    teacher = f"policy:{shipped_policies(load_game('cypher'))[0]}"
    result = CliRunner().invoke(
        app, ["lab", "imitate", "cypher", "--teacher", teacher, "--games", "10", "--epochs", "1"]
    )
    assert result.exit_code == 0, result.output
    (folder,) = (tmp_path / "imitation").iterdir()
    assert folder.name.startswith("cypher-policy-") and "/" not in folder.name
    assert PolicyNet.load(folder / "policy.npz").meta["teacher"] == teacher
