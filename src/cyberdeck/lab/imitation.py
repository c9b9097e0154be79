"""An apprentice network for a search (the apprentice step of expert iteration): the teacher plays
itself, and a policy file learns to move as the teacher chose and to expect what its games returned.

Each game the teacher plays against itself becomes one line of ``positions.jsonl``: for every
decision with a choice, the deciding seat's observation (the places that are not 0 of what that
seat's view shows, ``Encoding.observe``, as the policy reads it), the legal moves' indices, the one chosen, the search's value of it where the
teacher is a search (``IsmctsAgent.last_value``), the game's returns and its CPU seconds (the
policy file's ``cpu_seconds`` counts the teacher's games and the fit; ``teacher_cpu_seconds`` is
``None`` where some game was recorded without its time). The target is the move
chosen, not the search's visit shares: a search guided by the evaluation's priors spreads its
visits almost evenly (8 to 12 each over 21 moves in a Cipher Run opening at ``hard``'s 200
iterations), and picks among near-equals by those priors. Recording is spread over worker
processes, and a stopped run carries on with the deals it has not played.

Fitting trains the policy file's own network (a tanh trunk, a tanh layer and a linear output for
each of the ``pi`` and ``v`` heads) with PyTorch: the policy head by cross-entropy against the
teacher's moves over the legal moves, the value head by squared error against a mix of the game's
return and the search's value (``value_mix`` of the latter; by default the search's value alone:
one game's result is a noisy judge of a single position, and in Cipher Run the expert guided by a
value fitted to ``hard``'s search values won 60 of 100 deals against ``hard`` where one fitted
half to the results won 52.5). Every tenth game, in the order of the deals, is held out: every
epoch writes the held-out losses and how often the network's first choice is the teacher's to
``curve.csv``, and the epoch with the lowest held-out loss is the one exported to
``policy.npz``. A fit may also take the games of earlier runs of the same game and options
(``also``): the next round of expert iteration keeps what the search before it taught. Their
games come first, in the order the runs are given, then the run's own; every tenth of the whole
is held out.
"""

from __future__ import annotations

import csv
import json
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from torch import nn

from ..agents import make_agent
from ..agents.policy import PolicyNet
from ..engine import BadOption, Game, load_game
from .store import LOG, check_folder, make_folder
from .training import WIDTH, check_width, checked

#: What the folder of a run is called in sentences.
KIND = "an imitation run's"
POSITIONS = "positions.jsonl"
CURVE = "curve.csv"
POLICY = "policy.npz"
#: One game in this many, in the order of the deals, is held out of the fit.
HELD_OUT = 10
BATCH = 256

Progress = Callable[[int, int], None]


def play_teacher(game_id: str, options: dict[str, Any], teacher: str, deal: int) -> dict[str, Any]:
    """One game of the teacher against itself: its decisions with a choice, its returns and the
    CPU seconds it took."""
    began = time.process_time()
    game = load_game(game_id)
    encoding = game.observation_encoding(options)
    space = game.action_space
    state = game.new_state(options, deal)
    agents = [make_agent(teacher, deal * 7 + s, game) for s in range(state.num_players)]
    positions: list[dict[str, Any]] = []
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        agent = agents[seat]
        action = agent.choose(state)
        if len(legal) > 1:
            numbers = encoding.observe(state, seat)
            value = getattr(agent, "last_value", None)
            positions.append({
                "seat": seat,
                "places": list(numbers),
                "values": [round(v, 6) for v in numbers.values()],
                "legal": space.indices(legal),
                "choice": legal.index(action),
                "value": None if value is None else round(float(value), 4),
            })  # fmt: skip
        state.apply(action)
    outcome = state.outcome
    assert outcome is not None
    spent = round(time.process_time() - began, 3)
    return {"deal": deal, "returns": list(outcome.returns), "cpu_seconds": spent,
            "positions": positions}  # fmt: skip


def recorded(folder: Path) -> dict[int, dict[str, Any]]:
    """The games already in the folder, by deal (a last line cut short by a stop is skipped)."""
    path = folder / POSITIONS
    games: dict[int, dict[str, Any]] = {}
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
            except ValueError:
                continue
            games[int(row["deal"])] = row
    return games


def _run(folder: Path) -> dict[str, Any]:
    """The run's settings (``run.json``); a sentence where the folder holds none."""
    path = folder / "run.json"
    if not path.is_file():
        raise BadOption(f"'{folder}' holds no recorded games: record some first.")
    try:
        run: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise BadOption(f"'{path}' cannot be read: it is not an imitation run's.") from None
    if not isinstance(run, dict) or not {"game", "options", "teacher"} <= set(run):
        raise BadOption(
            f"'{folder}' holds a run that is not an imitation run (its run.json): name another "
            "folder."
        )
    return run


def _settings(folder: Path, game: Game, options: dict[str, Any], teacher: str) -> None:
    """Write the run's settings, or refuse a folder that holds another game's or teacher's."""
    path = folder / "run.json"
    run = {"game": game.id, "options": options, "teacher": teacher}
    check_folder(folder, KIND, LOG, "the games of a ladder or a lab run")
    if path.is_file():
        before = _run(folder)
        if {k: before.get(k) for k in run} != run:
            raise BadOption(
                f"'{folder}' holds {before.get('teacher')}'s games of {before.get('game')}: "
                "carry it on with the same game, options and teacher, or use another folder."
            )
    else:
        make_folder(folder, KIND)
        path.write_text(json.dumps(run, indent=1), encoding="utf-8")


def record(
    game: Game,
    folder: Path,
    teacher: str,
    games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    progress: Progress | None = None,
) -> int:
    """Play the teacher against itself on the deals ``seed`` … ``seed + games - 1`` that the folder
    does not hold yet, appending each game as it ends; the number of positions recorded in all."""
    resolved = game.resolve_options(options)
    if games < 1 or workers < 1:
        raise BadOption("Record at least one game, with at least one worker.")
    # A bad name, or a policy for another table, fails here, before the folder is touched.
    make_agent(teacher, 0, game, players=game.table_size(resolved))
    _settings(folder, game, resolved, teacher)
    done = recorded(folder)
    todo = [deal for deal in range(seed, seed + games) if deal not in done]
    total = sum(len(row["positions"]) for d, row in done.items() if seed <= d < seed + games)
    count = games - len(todo)
    if progress is not None:
        progress(count, games)
    _cut_partial_line(folder / POSITIONS)
    with (folder / POSITIONS).open("a", encoding="utf-8") as out:
        if workers == 1:
            rows = (play_teacher(game.id, resolved, teacher, deal) for deal in todo)
            for row in rows:
                total += _append(out, row)
                count += 1
                if progress is not None:
                    progress(count, games)
        else:
            with ProcessPoolExecutor(workers) as pool:
                futures = [
                    pool.submit(play_teacher, game.id, resolved, teacher, deal) for deal in todo
                ]
                for future in as_completed(futures):
                    total += _append(out, future.result())
                    count += 1
                    if progress is not None:
                        progress(count, games)
    return total


def _cut_partial_line(path: Path) -> None:
    """Drop a last line that a stop cut short, so the next game starts a line of its own."""
    if not path.is_file():
        return
    with path.open("rb+") as f:
        size = f.seek(0, 2)
        if size == 0:
            return
        f.seek(size - 1)
        if f.read(1) == b"\n":
            return
        f.seek(0)
        keep = f.read().rfind(b"\n") + 1
        f.truncate(keep)


def _append(out: Any, row: dict[str, Any]) -> int:
    out.write(json.dumps(row, separators=(",", ":")) + "\n")
    out.flush()
    return len(row["positions"])


@dataclass
class Positions:
    """Recorded decisions as arrays: observations and legal moves in compressed rows, the move
    chosen (its index in the action space), and the value each decision is fitted to."""

    indptr: npt.NDArray[np.int64]
    places: npt.NDArray[np.int64]
    values: npt.NDArray[np.float32]
    legal_ptr: npt.NDArray[np.int64]
    legal: npt.NDArray[np.int64]
    choices: npt.NDArray[np.int64]
    targets: npt.NDArray[np.float32]

    def __len__(self) -> int:
        return len(self.targets)

    @classmethod
    def gather(cls, rows: list[dict[str, Any]], value_mix: float) -> Positions:
        places: list[int] = []
        values: list[float] = []
        legal: list[int] = []
        choices: list[int] = []
        indptr, legal_ptr, targets = [0], [0], []
        for row in rows:
            returns = row["returns"]
            for p in row["positions"]:
                places += p["places"]
                values += p["values"]
                indptr.append(len(places))
                legal += p["legal"]
                choices.append(p["legal"][p["choice"]])
                legal_ptr.append(len(legal))
                result = float(returns[p["seat"]])
                searched = p["value"]
                targets.append(
                    result if searched is None else (1 - value_mix) * result + value_mix * searched
                )
        return cls(
            np.asarray(indptr, np.int64), np.asarray(places, np.int64),
            np.asarray(values, np.float32), np.asarray(legal_ptr, np.int64),
            np.asarray(legal, np.int64), np.asarray(choices, np.int64),
            np.asarray(targets, np.float32),
        )  # fmt: skip

    def batch(
        self, rows: npt.NDArray[np.int64], size: int, actions: int
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        """Dense observations, the legal-move mask, the moves chosen and the value targets."""
        observations = np.zeros((len(rows), size), np.float32)
        legal = np.zeros((len(rows), actions), np.bool_)
        for i, r in enumerate(rows):
            a, b = self.indptr[r], self.indptr[r + 1]
            observations[i, self.places[a:b]] = self.values[a:b]
            a, b = self.legal_ptr[r], self.legal_ptr[r + 1]
            legal[i, self.legal[a:b]] = True
        return (
            torch.from_numpy(observations), torch.from_numpy(legal),
            torch.from_numpy(self.choices[rows]),
            torch.from_numpy(self.targets[rows]),
        )  # fmt: skip


class Apprentice(nn.Module):
    """The policy file's network in PyTorch: the layers ``PolicyNet`` reads, in its order."""

    def __init__(self, size: int, actions: int, width: int) -> None:
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(size, width), nn.Tanh())
        self.pi = nn.Sequential(nn.Linear(width, width), nn.Tanh(), nn.Linear(width, actions))
        self.v = nn.Sequential(nn.Linear(width, width), nn.Tanh(), nn.Linear(width, 1))

    def forward(self, observations: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        hidden = self.trunk(observations)
        return self.pi(hidden), self.v(hidden)[:, 0]

    def numpy_forward(
        self, observations: npt.NDArray[np.float32]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """Logits and values for a batch, as arrays (what the export is checked against)."""
        with torch.no_grad():
            logits, values = self(torch.from_numpy(observations))
        return logits.numpy(), values.numpy()

    def layers(self) -> dict[str, list[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]]]:
        return {
            name: [
                (m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy())
                for m in group.modules()
                if isinstance(m, nn.Linear)
            ]
            for name, group in (("trunk", self.trunk), ("pi", self.pi), ("v", self.v))
        }


def losses(
    net: Apprentice, data: Positions, rows: npt.NDArray[np.int64], size: int, actions: int
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """The policy's cross-entropy against the teacher's moves (over the legal moves alone), the
    value's squared error, and how many of the network's first choices are the teacher's."""
    observations, legal, choices, targets = data.batch(rows, size, actions)
    logits, values = net(observations)
    logits = logits.masked_fill(~legal, -1e9)
    policy = nn.functional.cross_entropy(logits, choices)
    value = ((values - targets) ** 2).mean()
    agree = (logits.argmax(dim=1) == choices).float().sum()
    return policy, value, agree


def earlier_runs(
    folder: Path, game: str, options: dict[str, Any], also: Sequence[Path]
) -> list[str]:
    """The teachers of the earlier runs to fit with ``folder``'s games (an expert's games beside
    those of the search it was taught by): each must be another run of the same game and options,
    refused in a sentence otherwise."""
    teachers = []
    seen = {folder.resolve()}
    for other in also:
        if other.resolve() in seen:
            raise BadOption(f"'{other}' is named twice: give each run once.")
        seen.add(other.resolve())
        settings = _run(other)
        if (settings.get("game"), settings.get("options")) != (game, options):
            raise BadOption(
                f"'{other}' holds games of {settings.get('game')} with {settings.get('options')}; "
                f"only runs of {game} with {options} are fitted together."
            )
        teachers.append(str(settings.get("teacher")))
    return teachers


def check_fit(epochs: int, width: int, value_mix: float) -> None:
    """The fit's settings, refused in a sentence: checked before any game is recorded, so that a
    bad one is not found after hours of the teacher's games."""
    check_width(width)
    if epochs < 1 or not 0 <= value_mix <= 1:
        raise BadOption("Fit at least one epoch, with a value mix from 0 to 1.")


def fit(
    folder: Path,
    epochs: int = 30,
    seed: int = 0,
    width: int = WIDTH,
    value_mix: float = 1.0,
    progress: Progress | None = None,
    also: Sequence[Path] = (),
) -> list[dict[str, Any]]:
    """Fit the apprentice to every recorded game of the earlier runs ``also`` names and of the
    run, but the held-out tenth; write the curve and the best epoch's policy file (in
    ``folder``); the curve's rows."""
    check_fit(epochs, width, value_mix)
    run = _run(folder)
    teachers = earlier_runs(folder, run["game"], run["options"], also)
    # The earlier runs' games first, then the run's own, each run in the order of its deals.
    runs = [[row for _, row in sorted(recorded(each).items())] for each in (*also, folder)]
    games = [row for rows in runs for row in rows]
    held = games[HELD_OUT - 1 :: HELD_OUT]
    taught = [row for i, row in enumerate(games) if i % HELD_OUT != HELD_OUT - 1]
    earlier = [
        {"teacher": t, "games": len(rows)} for t, rows in zip(teachers, runs[:-1], strict=True)
    ]
    if not held:
        raise BadOption(
            f"Fitting needs at least {HELD_OUT} recorded games (one in {HELD_OUT} is held out)."
        )
    game = load_game(run["game"])
    options = run["options"]
    size = game.observation_encoding(options).size
    actions = game.action_space.size
    train, test = Positions.gather(taught, value_mix), Positions.gather(held, value_mix)
    torch.set_num_threads(1)
    torch.manual_seed(seed)
    order = np.random.default_rng(seed)
    net = Apprentice(size, actions, width)
    optimiser = torch.optim.Adam(net.parameters(), lr=1e-3)
    rows: list[dict[str, Any]] = []
    best = float("inf")
    began = time.process_time()
    for epoch in range(1, epochs + 1):
        net.train()
        shuffled = order.permutation(len(train)).astype(np.int64)
        total = 0.0
        for start in range(0, len(train), BATCH):
            policy, value, _ = losses(net, train, shuffled[start : start + BATCH], size, actions)
            loss = policy + value
            optimiser.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            optimiser.step()
            total += loss.item() * min(BATCH, len(train) - start)
        net.eval()
        with torch.no_grad():
            everything = np.arange(len(test), dtype=np.int64)
            policy, value, agree = losses(net, test, everything, size, actions)
        row = {
            "epoch": epoch, "positions": len(train), "train_loss": round(total / len(train), 4),
            "held_out_policy_loss": round(float(policy), 4),
            "held_out_value_error": round(float(value), 4),
            "held_out_agreement": round(float(agree) / len(test), 4),
            "cpu_seconds": round(time.process_time() - began, 1),
        }  # fmt: skip
        rows.append(row)
        if float(policy + value) < best:
            best = float(policy + value)
            _export(net, game, options, folder / POLICY, run, earlier, row, games, value_mix, seed)
        if progress is not None:
            progress(epoch, epochs)
    with (folder / CURVE).open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return rows


def _export(
    net: Apprentice,
    game: Game,
    options: dict[str, Any],
    out: Path,
    run: dict[str, Any],
    earlier: list[dict[str, Any]],
    row: dict[str, Any],
    games: list[dict[str, Any]],
    value_mix: float,
    seed: int,
) -> PolicyNet:
    """The network as a policy file, checked against torch on sample observations. ``teacher``
    is the run's; ``games`` counts its games and the earlier runs' (``also``: each one's teacher
    and games)."""
    # Games recorded before their CPU was kept leave the teacher's cost unknown (None).
    timed = [g["cpu_seconds"] for g in games if "cpu_seconds" in g]
    teaching = round(sum(timed), 1) if len(timed) == len(games) else None
    meta = {"game": game.id, "options": options, "teacher": run["teacher"], "games": len(games),
            "also": earlier, "positions": row["positions"], "epoch": row["epoch"],
            "value_mix": value_mix, "seed": seed,
            "cpu_seconds": round((teaching or 0.0) + row["cpu_seconds"], 1),
            "teacher_cpu_seconds": teaching}  # fmt: skip
    policy = checked(PolicyNet(meta, net.layers()), net.numpy_forward)
    policy.save(out)
    return policy


__all__ = [
    "Apprentice",
    "Positions",
    "check_fit",
    "earlier_runs",
    "fit",
    "play_teacher",
    "record",
    "recorded",
]
