"""Training the learned players: self-play with sb3-contrib's MaskablePPO (PyTorch, the ``train``
extra), checkpoints to resume from, a learning curve beside them, and the export to the numpy
policy file that playing reads (``agents/policy.py``).

The learner holds one seat of the Gymnasium environment (its seat drawn each game); the other
seat is played by the learner's own last exported policy (``opponent.npz``, refreshed at every
checkpoint), or by any agent spec given instead, or by a pool of them separated by commas
(``self,greedy,policy:PATH``: each game's opponent drawn from the pool, ``self`` the learner's own
last policy). The network is the policy file's: a shared tanh ``trunk`` layer over the
observation, then a tanh layer and a linear output for each of the ``pi`` and ``v`` heads. At
every checkpoint the exported policy plays ``eval_games`` games against each fixed opponent (seats
alternated, a draw half a win; a solitaire alone): ``curve.csv`` holds those win rates with their
95% intervals, the steps and the CPU seconds spent, so a run's learning can be read, and its cost
stated, from the folder alone.

Two options shape the learner's final reward (``Shaping``), and ``width`` sets the hidden
layers; a run keeps all three in ``run.json``, so it carries on as it began.
"""

from __future__ import annotations

import csv
import json
import re
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from torch import nn

from ..agents import make_agent
from ..agents.policy import GROUPS, PolicyAgent, PolicyNet, check_out
from ..engine import BadOption, Game
from ..engine.files import archive_holds
from ..envs.gymnasium import SeatEnv, pool
from .stats import wilson
from .store import LOG, check_folder, make_folder

#: What the folder of a run is called in sentences.
KIND = "a training run's"
#: Each hidden layer's width: the CCG's file (8,041 numbers in, 4,340 actions out) stays ~3 MB.
WIDTH = 64
#: The widest a hidden layer may be asked for: 1,024 makes the CCG's file about 50 MB.
MAX_WIDTH = 1024
#: Steps per rollout and per minibatch.
ROLLOUT = 512
BATCH = 128
CHECKPOINTS = "checkpoints"
CURVE = "curve.csv"
POLICY = "policy.npz"
OPPONENT = "opponent.npz"
SELF = "self"
#: A run's settings where it names none: its reward unshaped, its layers ``WIDTH`` wide.
SETTINGS: dict[str, float] = {"score_weight": 0.0, "draw_reward": 0.0, "width": WIDTH}
#: The export's check: the numpy forward pass must equal torch's within this, relative to the
#: largest of torch's numbers where that is above 1 (float32 sums round more as they grow).
TOLERANCE = 1e-5


class Trunk(BaseFeaturesExtractor):
    """The layer both heads share: one linear map of the observation, then tanh."""

    def __init__(self, observation_space: gymnasium.spaces.Box, width: int = WIDTH) -> None:
        super().__init__(observation_space, width)
        self.net = nn.Sequential(nn.Linear(int(observation_space.shape[0]), width), nn.Tanh())

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        return self.net(observations)  # type: ignore[no-any-return]


def new_model(env: gymnasium.Env[Any, Any], seed: int, width: int = WIDTH) -> MaskablePPO:
    return MaskablePPO(
        "MlpPolicy", env, seed=seed, n_steps=ROLLOUT, batch_size=BATCH, device="cpu", verbose=0,
        policy_kwargs={
            "features_extractor_class": Trunk, "features_extractor_kwargs": {"width": width},
            "net_arch": {"pi": [width], "vf": [width]}, "activation_fn": nn.Tanh,
        },
    )  # fmt: skip


def _linears(module: nn.Module) -> list[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]]:
    return [
        (m.weight.detach().numpy().T.astype(np.float32).copy(),
         m.bias.detach().numpy().astype(np.float32).copy())
        for m in module.modules() if isinstance(m, nn.Linear)
    ]  # fmt: skip


def to_policy(model: MaskablePPO, game: Game, options: dict[str, Any], **meta: Any) -> PolicyNet:
    """The model's network as a numpy policy, checked against torch on sample observations."""
    policy = model.policy
    if not isinstance(policy.features_extractor, Trunk):
        raise BadOption("That checkpoint's network is not the one `cyberdeck lab train` builds.")
    layers = {
        "trunk": _linears(policy.features_extractor),
        "pi": _linears(policy.mlp_extractor.policy_net) + _linears(policy.action_net),
        "v": _linears(policy.mlp_extractor.value_net) + _linears(policy.value_net),
    }
    net = PolicyNet({"game": game.id, "options": options, **meta}, layers)
    return checked(net, lambda samples: torch_forward(model, samples))


Forward = Callable[
    [npt.NDArray[np.float32]], tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]
]


def check_width(width: int) -> None:
    """A hidden layer's width, refused in a sentence outside 1 to ``MAX_WIDTH``."""
    if not 1 <= width <= MAX_WIDTH:
        raise BadOption(f"The width of a hidden layer must be from 1 to {MAX_WIDTH}, not {width}.")


def checked(net: PolicyNet, torch_pass: Forward) -> PolicyNet:
    """The exported network, once its numpy forward pass equals torch's (``torch_pass``: logits
    and values for a batch) within ``TOLERANCE`` on sample observations."""
    samples = np.random.default_rng(0).random((8, net.encoding.size), dtype=np.float32)
    logits, values = net.forward(samples)
    expected_logits, expected_values = torch_pass(samples)
    gap = max(np.abs(logits - expected_logits).max(), np.abs(values - expected_values).max())
    scale = max(1.0, float(np.abs(expected_logits).max()), float(np.abs(expected_values).max()))
    if gap > TOLERANCE * scale:
        raise AssertionError(f"the numpy network differs from torch's by {gap:.2e}")
    return net


def torch_forward(
    model: MaskablePPO, observations: npt.NDArray[np.float32]
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """Torch's logits (before masking) and values for a batch of observations."""
    policy = model.policy
    with torch.no_grad():
        features = policy.extract_features(torch.as_tensor(observations))
        latent_pi, latent_vf = policy.mlp_extractor(features)
        logits = policy.action_net(latent_pi).numpy()
        values = policy.value_net(latent_vf).numpy()[:, 0]
    return logits, values


def export(checkpoint: Path, out: Path) -> PolicyNet:
    """A training checkpoint (``checkpoints/step-N.zip``) as a policy file at ``out``; a file
    there that is not a policy file (the checkpoint itself, say) is refused, not replaced."""
    if checkpoint.is_dir():
        raise BadOption(
            f"'{checkpoint}' is a folder: name a checkpoint, RUN/checkpoints/step-N.zip."
        )
    if not checkpoint.is_file():
        raise BadOption(f"There is no checkpoint file '{checkpoint}'.")
    if not archive_holds(checkpoint, "data", "policy.pth"):  # what stable-baselines3 saves
        raise BadOption(
            f"'{checkpoint}' is not a training checkpoint: name one of "
            "RUN/checkpoints/step-N.zip, which `cyberdeck lab train` writes."
        )
    check_out(out)
    try:
        model = MaskablePPO.load(checkpoint, device="cpu")
    except (OSError, ValueError, KeyError, RuntimeError, zipfile.BadZipFile) as err:
        raise BadOption(f"'{checkpoint}' is not a training checkpoint ({err}).") from None
    if not (checkpoint.parent.parent / "run.json").is_file():
        raise BadOption(
            f"'{checkpoint}' is not in a training run's checkpoints folder (RUN/checkpoints/, "
            "beside RUN/run.json): export it from there."
        )
    run = _run_meta(checkpoint.parent.parent)
    from ..engine import load_game

    game = load_game(run["game"])
    net = to_policy(model, game, run["options"], steps=int(model.num_timesteps),
                    seed=run["seed"], cpu_seconds=_spent(checkpoint.parent.parent))  # fmt: skip
    net.save(out)
    return net


def _run_meta(folder: Path) -> dict[str, Any]:
    try:
        meta: dict[str, Any] = json.loads((folder / "run.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise BadOption(
            f"'{folder}' is not a training run's folder (it has no run.json)."
        ) from None
    if not isinstance(meta, dict) or not {"game", "options", "seed", "opponent"} <= set(meta):
        raise BadOption(
            f"'{folder}' holds a run that is not a training run (its run.json): name another "
            "folder."
        )
    return meta


def _spent(folder: Path) -> float:
    """The CPU seconds the run's curve records so far (0 before its first checkpoint)."""
    path = folder / CURVE
    if not path.is_file():
        return 0.0
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    return float(rows[-1]["cpu_seconds"]) if rows else 0.0


def latest_checkpoint(folder: Path) -> Path | None:
    found = sorted(
        (int(m.group(1)), p)
        for p in (folder / CHECKPOINTS).glob("step-*.zip")
        if (m := re.fullmatch(r"step-(\d+)\.zip", p.name))
    )
    return found[-1][1] if found else None


def win_rate(
    net: PolicyNet, path: Path, opponent: str, games: int, seed: int
) -> tuple[float, float, float]:
    """The exported policy's share of ``games`` won against ``opponent`` (seats alternated, a draw
    half), with its 95% interval; in a solitaire, the share of deals it wins alone."""
    game = net.game
    score = 0.0
    for number in range(games):
        deal = seed + number
        state = game.new_state(net.options, deal)
        players = state.num_players
        seat = number % players
        agents = [
            PolicyAgent(path, deal) if s == seat else make_agent(opponent, deal * 7 + s, game)
            for s in range(players)
        ]
        while not state.is_terminal:
            player = state.current_player
            assert player is not None
            state.advance(agents[player].choose(state))
        outcome = state.outcome
        assert outcome is not None
        if seat in outcome.winners:
            score += 1.0
        elif not outcome.winners and players > 1:
            score += 0.5
    low, high = wilson(score, games)
    return score / games, low, high


class Shaping(gymnasium.Wrapper[Any, int, Any, int]):
    """The learner's final reward, shaped: plus ``score_weight`` times its score
    (``Outcome.scores``), for a game where the return alone teaches nothing (a MATR1X deal is
    lost, -1, far more often than won, and the royals killed say how close the learner came);
    and ``draw_reward`` instead of 0 for a game of two or more that ends with no winner, so that
    a learner can be taught that a game stalled to a safety cap is worth less than a game won."""

    def __init__(self, env: SeatEnv, score_weight: float = 0.0, draw_reward: float = 0.0) -> None:
        super().__init__(env)
        self.table = env
        self.score_weight = score_weight
        self.draw_reward = draw_reward

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        observation, reward, done, cut, info = self.table.step(action)
        state = self.table.state
        outcome = state.outcome if state is not None else None
        if done and outcome is not None:
            seat = self.table.seat
            if outcome.scores:
                reward += self.score_weight * outcome.scores[seat]
            if not outcome.winners and len(outcome.returns) > 1:
                reward += self.draw_reward - outcome.returns[seat]
        return observation, float(reward), done, cut, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        return self.table.action_masks()


class _Ticks(BaseCallback):
    def __init__(self, tick: Callable[[int], None]) -> None:
        super().__init__()
        self.tick = tick

    def _on_step(self) -> bool:
        if self.num_timesteps % 64 == 0:
            self.tick(self.num_timesteps)
        return True


def train(
    game: Game,
    folder: Path,
    steps: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    every: int = 10_000,
    opponent: str | None = None,
    judges: tuple[str, ...] = ("random", "greedy"),
    eval_games: int = 100,
    progress: Callable[[int, int], None] | None = None,
    score_weight: float | None = None,
    draw_reward: float | None = None,
    width: int | None = None,
) -> list[dict[str, Any]]:
    """Train (or carry on training) the run in ``folder`` up to ``steps`` learner steps; the
    curve's rows written by this call. ``opponent`` (``self`` when not given), ``score_weight``
    and ``draw_reward`` (see ``Shaping``, 0 when not given) and ``width`` (``WIDTH``) are the
    run's own: one carried on keeps them, and refuses others."""
    resolved = game.resolve_options(options)
    if steps < 1 or every < 1:
        raise BadOption("Steps and the checkpoint interval must be at least 1.")
    if eval_games < 0:
        raise BadOption("Evaluation games must be 0 (no curve) or more.")
    if width is not None:
        check_width(width)
    if eval_games and not judges:
        raise BadOption(
            "Name the fixed opponents of the learning curve (--judges random,greedy), or play no "
            "evaluation games (--eval-games 0)."
        )
    players = game.table_size(resolved)
    for spec in judges:
        make_agent(spec, 0, game, players=players)  # a bad one fails before the folder is touched
    opponents = pool(opponent or SELF, game, known=(SELF,), players=players)
    asked = {"score_weight": score_weight, "draw_reward": draw_reward, "width": width}
    check_folder(folder, KIND, LOG, "the games of a ladder or a lab run")
    if (folder / "run.json").is_file():
        before = _run_meta(folder)
        if (before["game"], before["options"], before["seed"]) != (game.id, resolved, seed):
            raise BadOption(
                f"'{folder}' holds a run of {before['game']} with seed {before['seed']}: "
                "carry it on with the same game, options and seed, or use another folder."
            )
        if opponent is not None and opponents != before["opponent"].split(","):
            raise BadOption(
                f"'{folder}' holds a run against {before['opponent']}: carry it on against the "
                f"same, or start another folder for {','.join(opponents)}."
            )
        opponents = before["opponent"].split(",")
        kept = {**SETTINGS, **before}
        for name, value in asked.items():
            if value is not None and value != kept[name]:
                raise BadOption(
                    f"'{folder}' holds a run with {name.replace('_', ' ')} {kept[name]}: carry it "
                    f"on with the same, or start another folder for {value}."
                )
        settings = {name: kept[name] for name in asked}
    else:
        settings = {
            **SETTINGS,
            **{name: value for name, value in asked.items() if value is not None},
        }
        run = {"game": game.id, "options": resolved, "seed": seed,
               "opponent": ",".join(opponents), "library": "sb3-contrib MaskablePPO",
               **settings}  # fmt: skip
        make_folder(folder, KIND)
        (folder / "run.json").write_text(json.dumps(run, indent=1), encoding="utf-8")
    (folder / CHECKPOINTS).mkdir(exist_ok=True)
    torch.set_num_threads(1)
    table = SeatEnv(game.id, opponent="random", seat=None, **resolved)
    score, draw = float(settings["score_weight"]), float(settings["draw_reward"])
    learner = Shaping(table, score, draw) if score or draw else table
    learner.reset(seed=seed)
    checkpoint = latest_checkpoint(folder)
    if checkpoint is not None:
        model = MaskablePPO.load(checkpoint, env=learner, device="cpu")
    else:
        model = new_model(learner, seed, int(settings["width"]))
    spent = _spent(folder)
    policy_path, opponent_path = folder / POLICY, folder / OPPONENT

    def snapshot() -> PolicyNet:
        net = to_policy(model, game, resolved, steps=int(model.num_timesteps), seed=seed,
                        cpu_seconds=round(spent, 1))  # fmt: skip
        net.save(policy_path)
        if SELF in opponents:
            net.save(opponent_path)
        return net

    snapshot()
    table.opponent = ",".join(f"policy:{opponent_path}" if s == SELF else s for s in opponents)
    pool(table.opponent, game)
    rows: list[dict[str, Any]] = []
    if checkpoint is None and eval_games:
        rows += _evaluate(folder, judges, eval_games, seed, 0, spent)
    start_steps = int(model.num_timesteps)

    def tick(done: int) -> None:
        if progress is not None:
            progress(min(done, steps) - start_steps, steps - start_steps)

    while model.num_timesteps < steps:
        started = time.process_time()
        chunk = min(every, steps - int(model.num_timesteps))
        model.learn(chunk, reset_num_timesteps=False, callback=_Ticks(tick))
        spent += time.process_time() - started
        model.save(folder / CHECKPOINTS / f"step-{int(model.num_timesteps):09d}.zip")
        snapshot()
        if eval_games:
            rows += _evaluate(folder, judges, eval_games, seed, int(model.num_timesteps), spent)
    return rows


def _evaluate(
    folder: Path, judges: tuple[str, ...], games: int, seed: int, steps: int, spent: float
) -> list[dict[str, Any]]:
    """One point of the curve per fixed opponent, appended to ``curve.csv``."""
    path = folder / POLICY
    net = PolicyNet.load(path)
    solitaire = net.game.new_state(net.options, 0).num_players == 1
    rows = []
    # Evaluation deals never overlap training's (those come from the environment's generator).
    for judge in judges[:1] if solitaire else judges:
        rate, low, high = win_rate(net, path, judge, games, 1_000_000 + seed)
        rows.append({"steps": steps, "opponent": "alone" if solitaire else judge, "games": games,
                     "win_rate": round(rate, 4), "low": round(low, 4), "high": round(high, 4),
                     "cpu_seconds": round(spent, 1)})  # fmt: skip
    curve = folder / CURVE
    fresh = not curve.is_file()
    with curve.open("a", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        if fresh:
            writer.writeheader()
        writer.writerows(rows)
    return rows


__all__ = ["GROUPS", "export", "latest_checkpoint", "torch_forward", "train", "win_rate"]
