"""Training the learned players: a smoke run of a few hundred steps per game (training itself
never runs here), the export's numpy network equal to torch's, resuming, and the commands."""

from __future__ import annotations

import csv
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from cyberdeck.agents import make_agent
from cyberdeck.agents.policy import PolicyNet
from cyberdeck.engine import BadOption, Game, Outcome, games, load_game

from .conftest import Folders, refuses

pytest.importorskip("sb3_contrib")
import gymnasium

from cyberdeck.cli import app
from cyberdeck.lab import training

GAMES = [pytest.param(g, id=g.id) for g in games()]


@pytest.mark.parametrize("game", GAMES)
def test_a_smoke_training_run_writes_a_checkpoint_a_policy_and_a_curve(game: Game, tmp_path):
    rows = training.train(game, tmp_path, 256, seed=3, every=256, eval_games=2, judges=("random",))
    checkpoint = training.latest_checkpoint(tmp_path)
    assert checkpoint is not None and checkpoint.name == "step-000000512.zip"
    assert [r["steps"] for r in rows] == [0, 512]
    curve = list(csv.DictReader((tmp_path / "curve.csv").open()))
    assert [int(r["steps"]) for r in curve] == [0, 512]
    assert {r["opponent"] for r in curve} == ({"alone"} if game.max_players == 1 else {"random"})
    net = PolicyNet.load(tmp_path / "policy.npz")
    assert net.game is game and net.meta["steps"] == 512
    assert (tmp_path / "policy.npz").stat().st_size < 4_000_000
    state = game.new_state(None, 1)
    assert make_agent(f"policy:{tmp_path / 'policy.npz'}", 0, game).choose(state) in (
        state.legal_actions()
    )


def test_the_numpy_forward_pass_equals_torchs(tmp_path: Path):
    """On observations of real positions, as well as the export's own random check."""
    game = load_game("hack-me")
    training.train(game, tmp_path, 256, seed=1, every=256, eval_games=0)
    checkpoint = training.latest_checkpoint(tmp_path)
    assert checkpoint is not None
    model = training.MaskablePPO.load(checkpoint, device="cpu")
    net = training.export(checkpoint, tmp_path / "exported.npz")
    state = game.new_state(None, 4)
    rows = []
    for _ in range(5):
        dense = np.zeros(net.encoding.size, dtype=np.float32)
        places, values = net.observation(state, state.current_player)
        dense[places] = values
        rows.append(dense)
        state.apply(state.legal_actions()[-1])
    batch = np.stack(rows)
    logits, values = PolicyNet.load(tmp_path / "exported.npz").forward(batch)
    expected_logits, expected_values = training.torch_forward(model, batch)
    assert np.abs(logits - expected_logits).max() < 1e-5
    assert np.abs(values - expected_values).max() < 1e-5


def test_a_run_carries_on_from_its_last_checkpoint(tmp_path: Path):
    game = load_game("cypher")
    training.train(game, tmp_path, 512, seed=2, every=512, eval_games=2)
    rows = training.train(game, tmp_path, 1024, seed=2, every=512, eval_games=2)
    assert {r["steps"] for r in rows} == {1024}  # no second curve point at step 0
    names = sorted(p.name for p in (tmp_path / "checkpoints").iterdir())
    assert names == ["step-000000512.zip", "step-000001024.zip"]
    assert PolicyNet.load(tmp_path / "policy.npz").meta["steps"] == 1024
    with pytest.raises(BadOption, match="carry it on with the same game"):
        training.train(game, tmp_path, 2048, seed=5, every=512)


def test_a_pool_of_opponents_trains_against_itself_and_the_others(tmp_path: Path):
    game = load_game("cypher")
    with pytest.raises(BadOption, match="There is no agent 'grandmaster'"):
        training.train(game, tmp_path / "bad", 256, opponent="self,grandmaster")
    with pytest.raises(BadOption, match="name an agent between every two commas"):
        training.train(game, tmp_path / "bad", 256, opponent="self,,greedy")
    assert not (tmp_path / "bad").exists()  # refused before the folder is made
    training.train(game, tmp_path, 256, seed=2, every=256, eval_games=0, opponent="self, greedy")
    assert training._run_meta(tmp_path)["opponent"] == "self,greedy"
    assert (tmp_path / "opponent.npz").is_file()  # the pool's own last policy
    # Carried on, a run keeps its opponents: others are refused, not silently ignored.
    with pytest.raises(BadOption, match="holds a run against self,greedy: carry it on against"):
        training.train(game, tmp_path, 512, seed=2, every=256, eval_games=0, opponent="random")
    assert training._run_meta(tmp_path)["opponent"] == "self,greedy"
    training.train(game, tmp_path, 512, seed=2, every=256, eval_games=0)
    assert PolicyNet.load(tmp_path / "policy.npz").meta["steps"] == 512


def test_the_train_and_export_commands(tmp_path: Path):
    runner = CliRunner()
    run = tmp_path / "run"
    result = runner.invoke(
        app, ["lab", "train", "cipher-run", "--steps", "256", "--every", "256", "--eval-games",
              "2", "--judges", "random", "--out", str(run)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "512 steps  random" in result.output
    checkpoint = training.latest_checkpoint(run)
    assert checkpoint is not None
    out = tmp_path / "cipher.npz"
    result = runner.invoke(app, ["lab", "export", str(checkpoint), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Cipher Run: 512 steps" in result.output
    assert PolicyNet.load(out).meta["steps"] == 512
    result = runner.invoke(app, ["lab", "export", str(run / "curve.csv"), "--out", str(out)])
    assert result.exit_code == 2 and "is not a training checkpoint" in result.output
    fresh = tmp_path / "fresh"
    for flag in ("--judges", "--opponent"):
        result = runner.invoke(
            app, ["lab", "train", "cipher-run", flag, "alphago", "--out", str(fresh)]
        )
        assert result.exit_code == 2 and "no agent 'alphago'" in result.output
    result = runner.invoke(app, ["lab", "train", "cipher-run", "--width", "0", "--out", str(fresh)])
    assert result.exit_code == 2 and "width of a hidden layer must be from 1" in result.output
    assert not fresh.exists()


def test_an_export_refuses_in_a_sentence_and_never_writes_over_a_file_of_another_kind(
    tmp_path: Path,
):
    run = tmp_path / "run"
    training.train(load_game("hack-me"), run, 64, every=64, eval_games=0)
    checkpoint = training.latest_checkpoint(run)
    assert checkpoint is not None
    kept = checkpoint.read_bytes()
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    loose = tmp_path / "step.zip"
    loose.write_bytes(kept)
    folder = tmp_path / "folder"
    folder.mkdir()
    policy = run / "policy.npz"
    runner = CliRunner()
    for source, out, sentence in (
        (checkpoint, checkpoint, "is a file that is not a policy file"),
        (checkpoint, notes, "is a file that is not a policy file"),
        (checkpoint, folder, "could not be written to"),
        (tmp_path / "step-1.zip", tmp_path / "p.npz", "There is no checkpoint file"),
        (run / "checkpoints", tmp_path / "p.npz", "is a folder: name a checkpoint"),
        (policy, tmp_path / "p.npz", "is not a training checkpoint"),
        (loose, tmp_path / "p.npz", "not in a training run's checkpoints folder"),
    ):
        result = runner.invoke(app, ["lab", "export", str(source), "--out", str(out)])
        assert result.exit_code == 2 and sentence in result.output, result.output
        assert "Traceback" not in result.output
    assert checkpoint.read_bytes() == kept and notes.read_text() == "my notes"
    assert not (tmp_path / "p.npz").exists() and not any(folder.iterdir())
    # A policy file there is replaced whole: exporting a later checkpoint again is the workflow.
    result = runner.invoke(app, ["lab", "export", str(checkpoint), "--out", str(policy)])
    assert result.exit_code == 0, result.output


def test_a_run_in_a_folder_of_another_kind_or_with_no_judges_is_refused_before_it_starts(
    other_folders: Folders,
):
    notes, fresh = other_folders.notes, other_folders.fresh
    imitation_run, ladder = other_folders.imitation, other_folders.ladder
    base = ["lab", "train", "hack-me", "--steps", "64", "--every", "64"]
    refuses(base, [
        (["--out", str(notes)], "is a file, not a training run's folder"),
        (["--out", str(notes / "run")], "Cannot make a training run's folder"),
        (["--out", str(imitation_run)], "holds a run that is not a training run"),
        (["--out", str(ladder)], "holds the games of a ladder"),
        (["--out", str(fresh), "--judges", ""], "Name the fixed opponents"),
        (["--out", str(fresh), "--judges", ","], "Name the fixed opponents"),
    ])  # fmt: skip
    other_folders.untouched()


def test_the_same_seed_trains_the_same_policy(tmp_path: Path):
    game = load_game("cypher")
    for name in ("one", "two"):
        training.train(game, tmp_path / name, 256, seed=7, every=256, eval_games=0)
    one = PolicyNet.load(tmp_path / "one" / "policy.npz").arrays()
    two = PolicyNet.load(tmp_path / "two" / "policy.npz").arrays()
    assert one.keys() == two.keys()
    assert all(np.array_equal(one[k], two[k]) for k in one if k != "meta")


def test_a_score_bonus_adds_the_learners_score_to_its_final_reward():
    table = training.SeatEnv("matrix-overload")
    bonus = training.Shaping(table, score_weight=0.1)
    bonus.reset(seed=3)
    done, reward = False, 0.0
    while not done:
        _, reward, done, _, _ = bonus.step(int(np.flatnonzero(bonus.action_masks())[0]))
    outcome = table.state.outcome
    assert outcome is not None and outcome.scores
    assert reward == pytest.approx(outcome.returns[0] + 0.1 * outcome.scores[0])


class _Ended(gymnasium.Env[Any, int]):
    """A table whose next step ends the game with ``outcome``, the learner at seat 1."""

    observation_space = gymnasium.spaces.Box(0, 1, (1,))
    action_space = gymnasium.spaces.Discrete(1)

    def __init__(self, outcome: Outcome) -> None:
        self.seat = 1
        self.state = SimpleNamespace(outcome=outcome)

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        return np.zeros(1), float(self.state.outcome.returns[self.seat]), True, False, {}


@pytest.mark.parametrize(
    ("outcome", "expected"),
    [
        (Outcome((), (0.0, 0.0), "The safety cap of 300 turns was reached", "cap"), -0.5),
        (Outcome((1,), (-1.0, 1.0), "Hacker B finalized the fifth agenda"), 1.0),
        (Outcome((0,), (1.0, -1.0), "Hacker A finalized the fifth agenda"), -1.0),
    ],
)
def test_a_draw_reward_replaces_only_a_drawn_games_return(outcome: Outcome, expected: float):
    shaped = training.Shaping(_Ended(outcome), draw_reward=-0.5)  # type: ignore[arg-type]
    assert shaped.step(0)[1] == expected


def test_a_run_keeps_its_width_and_its_reward_shaping(tmp_path: Path):
    game = load_game("cypher")
    with pytest.raises(BadOption, match="width of a hidden layer must be from 1 to 1024"):
        training.train(game, tmp_path / "bad", 256, width=0)
    with pytest.raises(BadOption, match="Evaluation games must be 0 \\(no curve\\) or more"):
        training.train(game, tmp_path / "bad", 256, eval_games=-1)
    assert not (tmp_path / "bad").exists()
    training.train(game, tmp_path, 256, seed=2, every=256, eval_games=0, width=16, draw_reward=-0.5)
    meta = training._run_meta(tmp_path)
    assert (meta["width"], meta["draw_reward"], meta["score_weight"]) == (16, -0.5, 0.0)
    trunk = PolicyNet.load(tmp_path / "policy.npz").layers["trunk"]
    assert trunk[0][0].shape[1] == 16
    before = (tmp_path / "run.json").read_text()
    with pytest.raises(BadOption, match="holds a run with width 16: carry it on with the same"):
        training.train(game, tmp_path, 512, seed=2, every=256, eval_games=0, width=32)
    with pytest.raises(BadOption, match=r"holds a run with draw reward -0\.5"):
        training.train(game, tmp_path, 512, seed=2, every=256, eval_games=0, draw_reward=0.0)
    assert (tmp_path / "run.json").read_text() == before
    assert training.latest_checkpoint(tmp_path).name == "step-000000512.zip"  # type: ignore[union-attr]
    training.train(game, tmp_path, 1024, seed=2, every=512, eval_games=0)  # carries on as it began
    assert PolicyNet.load(tmp_path / "policy.npz").layers["trunk"][0][0].shape[1] == 16


def test_the_exports_check_allows_rounding_in_proportion_to_the_networks_numbers(tmp_path: Path):
    """Wide layers and large logits round more in float32: the check scales with the numbers."""
    training.train(load_game("cypher"), tmp_path, 256, seed=1, every=256, eval_games=0, width=8)
    net = PolicyNet.load(tmp_path / "policy.npz")
    w, b = net.layers["pi"][-1]
    net.layers["pi"][-1] = (w * 10_000, b * 10_000)  # logits in the hundreds
    samples = np.random.default_rng(0).random((8, net.encoding.size), dtype=np.float32)
    assert np.abs(net.forward(samples)[0]).max() > 100

    def off_by(gap: float) -> training.Forward:
        return lambda batch: (net.forward(batch)[0] + gap, net.forward(batch)[1])

    assert training.checked(net, off_by(2e-5)) is net
    with pytest.raises(AssertionError, match="differs from torch's"):
        training.checked(net, off_by(0.1))
