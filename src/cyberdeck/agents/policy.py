"""Learned players: a policy and value network, trained with the ``train`` extra (``cyberdeck lab
train``), run here with numpy alone.

A policy file is a plain ``.npz`` of float32 arrays read with ``allow_pickle=False`` (a weights
file from a stranger must not be able to run code), so playing needs neither PyTorch nor the
training checkpoint. The network is small on purpose: a shared ``trunk`` of tanh layers over the
game's observation of a seat's view (the same encoding the research environments show), then a
``pi`` head (one logit per action of the game's fixed action space) and a ``v`` head (the seat's
expected return, -1 to 1). Only what the seat's view shows goes in: a learned player is as fair
as the view. The numbers are read as the environments read them (``Encoding.observe``: straight
from the state where the game writes its view's numbers that way, which the observation tests
hold equal to the view's and unchanged when what the seat cannot see is re-dealt).

The first layer reads the observation's few numbers that are not 0, so a
Cyberpunk CCG position (8,041 numbers, a few hundred set) costs a few hundred rows of the first
matrix, not the whole of it.
"""

from __future__ import annotations

import io
import itertools
import json
import zipfile
import zlib
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine import Action, BadOption, Encoding, Game, State, load_game
from ..engine.files import archive_holds, write_atomically

#: The layout of the arrays; a file written for another layout is refused with a sentence.
FORMAT = 1
#: The policies shipped with the package: ``<game id>.npz``, and ``<game id>-<N>p.npz`` for the
#: other table sizes of a game whose observation depends on the number of players.
SHIPPED = Path(__file__).parent / "policies"
#: Layer groups in the order the network applies them (the two heads both follow the trunk).
GROUPS = ("trunk", "pi", "v")
#: How a .npz archive (a zip file) begins: with a file, or empty.
ZIP_STARTS = (b"PK\x03\x04", b"PK\x05\x06")

Matrix = npt.NDArray[np.float32]


def shipped_policies(game: Game) -> list[Path]:
    """The learned policies shipped for ``game``, one per table size they were trained for."""
    sizes = [SHIPPED / f"{game.id}-{n}p.npz" for n in range(game.min_players, game.max_players + 1)]
    return [path for path in (SHIPPED / f"{game.id}.npz", *sizes) if path.is_file()]


class PolicyNet:
    """An exported network: its game, the options its observation was built for, its layers."""

    def __init__(
        self,
        meta: dict[str, Any],
        layers: dict[str, list[tuple[Matrix, Matrix]]],
        path: str | None = None,
    ) -> None:
        self.meta = meta
        #: The file it was read from: a network travels to another process as its path.
        self.path = path
        self.game = load_game(str(meta["game"]))
        options = meta.get("options")
        if options is not None and not isinstance(options, dict):
            raise BadOption(f"'{path or 'The policy'}' is not a policy file (its options).")
        self.options: dict[str, Any] = self.game.resolve_options(options)
        #: The table size it was trained for: its observation has that many seats.
        self.players = self.game.table_size(self.options)
        self.encoding: Encoding = self.game.observation_encoding(self.options)
        self.layers = layers
        #: The later stages of a staged policy (``staged``): from each turn on, another network.
        self.later: list[tuple[int, PolicyNet]] = []
        if not _layers_fit(layers, self.encoding.size, self.game.action_space.size):
            named = f" '{path}'" if path else ""
            raise BadOption(
                f"The policy{named}'s shapes do not fit {self.game.title}'s observation "
                f"({self.encoding.size} numbers) and actions ({self.game.action_space.size}): "
                "it was trained on another version, or the file is damaged."
            )

    @classmethod
    def load(cls, path: Path | str) -> PolicyNet:
        """Read a policy file; anything else (a pickle, a checkpoint, a truncated file) is refused
        with a sentence."""
        where = Path(path)
        if where.is_dir():
            raise BadOption(f"'{where}' is a folder, not a policy file: name the .npz file.")
        try:
            with where.open("rb") as head:
                zipped = head.read(4) in ZIP_STARTS
        except FileNotFoundError:
            raise BadOption(f"There is no policy file '{where}'.") from None
        except OSError as err:
            raise BadOption(f"Cannot read the policy file '{where}': {err.strerror}.") from None
        if not zipped:  # numpy would take it for a pickle, or for a lone array
            raise BadOption(
                f"'{where}' is not a policy file: a policy file is a .npz archive of arrays, "
                "as `cyberdeck lab export` writes."
            )
        try:
            with np.load(where, allow_pickle=False) as data:
                arrays = {name: data[name] for name in data.files}
        except ValueError as err:
            if "allow_pickle" not in str(err):
                raise BadOption(f"'{where}' is not a policy file, or is damaged ({err}).") from None
            raise BadOption(
                f"'{where}' is not a policy file: it holds Python objects, which are never read "
                "(they could run code), and a policy file holds plain arrays."
            ) from None
        except (OSError, EOFError, zipfile.BadZipFile, zlib.error) as err:
            raise BadOption(f"'{where}' is not a policy file, or is damaged ({err}).") from None
        return cls.from_arrays(arrays, str(where))

    @classmethod
    def from_arrays(cls, arrays: dict[str, npt.NDArray[Any]], origin: str) -> PolicyNet:
        try:
            meta = json.loads(str(arrays["meta"]))
            if not isinstance(meta, dict) or not isinstance(meta.get("layers"), dict):
                raise BadOption(f"'{origin}' is not a policy file (its meta is not a policy's).")
            if meta.get("format") != FORMAT:
                raise BadOption(f"'{origin}' is a policy of another format ({meta.get('format')}).")
            layers = {
                group: [
                    (
                        np.asarray(arrays[f"{group}.{i}.w"], dtype=np.float32),
                        np.asarray(arrays[f"{group}.{i}.b"], dtype=np.float32),
                    )
                    for i in range(int(meta["layers"][group]))
                ]
                for group in GROUPS
            }
            stages = [int(turn) for turn in meta.get("stages", [])]
        except KeyError as err:
            raise BadOption(f"'{origin}' is not a policy file (missing {err}).") from None
        except (TypeError, ValueError) as err:
            raise BadOption(f"'{origin}' is not a policy file, or is damaged ({err}).") from None
        net = cls(meta, layers, origin)
        if stages:
            later = []
            for k in range(1, len(stages) + 1):
                prefix = f"stage{k}/"
                own = {n[len(prefix) :]: a for n, a in arrays.items() if n.startswith(prefix)}
                later.append(cls.from_arrays(own, f"{origin} (stage {k + 1})"))
            _check_stages([net, *later], stages)
            net.later = list(zip(stages, later, strict=True))
        return net

    def __reduce__(self) -> tuple[Any, ...]:
        """By path when read from a file: an AI seat goes to a server's worker with each question,
        and the worker reads the file once (``read_policy``) instead of receiving megabytes."""
        if self.path is None:
            return (PolicyNet.from_arrays, (self.arrays(), "a policy from another process"))
        return (read_policy, (self.path,))

    def arrays(self) -> dict[str, npt.NDArray[Any]]:
        """The file's arrays: ``meta`` (JSON text) and ``GROUP.I.w`` / ``GROUP.I.b``; a staged
        policy's later networks each under its prefix, ``stageK/``."""
        meta = {**self.meta, "format": FORMAT,
                "layers": {group: len(self.layers[group]) for group in GROUPS}}  # fmt: skip
        meta.pop("stages", None)
        if self.later:
            meta["stages"] = [turn for turn, _ in self.later]
        out: dict[str, npt.NDArray[Any]] = {"meta": np.array(json.dumps(meta, sort_keys=True))}
        for group in GROUPS:
            for i, (w, b) in enumerate(self.layers[group]):
                out[f"{group}.{i}.w"] = w
                out[f"{group}.{i}.b"] = b
        for k, (_, net) in enumerate(self.later, 1):
            out.update({f"stage{k}/{name}": a for name, a in net.arrays().items()})
        return out

    def save(self, path: Path) -> None:
        """The policy file at ``path``, whole or not at all: a write that fails leaves the file
        that was there, and says why in a sentence."""
        buffer = io.BytesIO()
        np.savez_compressed(buffer, **self.arrays())  # type: ignore[arg-type]
        try:
            write_atomically(path, buffer.getvalue())
        except OSError as err:
            raise BadOption(
                f"The policy could not be written to '{path}': {err.strerror or err}."
            ) from None

    def observation(self, state: State, seat: int) -> tuple[npt.NDArray[np.intp], Matrix]:
        """The seat's observation as its places that are not 0 and their numbers: the game's
        ``Encoding.observe``, read straight from the state where the game writes the same
        numbers that way (the research environments' observation), else from the seat's view."""
        numbers = self.encoding.observe(state, seat)
        places = np.fromiter(numbers.keys(), np.intp, len(numbers))
        values = np.fromiter(numbers.values(), np.float32, len(numbers))
        return places, values

    def stage(self, view: dict[str, Any]) -> PolicyNet:
        """The network that judges a position seen as ``view``: a staged policy's network for the
        view's turn, and a plain policy itself."""
        if self.later:
            turn = int(view[str(self.game.turn_key)])
            for start, net in reversed(self.later):
                if turn >= start:
                    return net
        return self

    def forward(self, dense: Matrix) -> tuple[Matrix, Matrix]:
        """Logits and values for a batch of dense observations (the form training uses; a staged
        policy's first stage)."""
        hidden = dense.astype(np.float32)
        for w, b in self.layers["trunk"]:
            hidden = np.tanh(hidden @ w + b)
        return self._head("pi", hidden), self._head("v", hidden)[..., 0]

    def evaluate(self, state: State, seat: int) -> tuple[Matrix, float]:
        """The seat's logits over the whole action space, and its value, from what its view shows."""
        net, hidden = self._judged(state, seat)
        return net._head("pi", hidden), net._value(hidden)

    def value(self, state: State, seat: int) -> float:
        """The seat's expected return (-1 to 1), from what its view shows (the value head only)."""
        net, hidden = self._judged(state, seat)
        return net._value(hidden)

    def _judged(self, state: State, seat: int) -> tuple[PolicyNet, Matrix]:
        # Only a staged policy reads the view: for its turn counter, which picks the network.
        net = self.stage(state.view(seat)) if self.later else self
        return net, net._trunk(*net.observation(state, seat))

    def _trunk(self, places: npt.NDArray[np.intp], values: Matrix) -> Matrix:
        trunk = self.layers["trunk"]
        hidden: Matrix
        if not trunk:
            hidden = np.zeros(self.encoding.size, dtype=np.float32)
            hidden[places] = values
            return hidden
        w, b = trunk[0]
        hidden = np.tanh(values @ w[places] + b)
        for w, b in trunk[1:]:
            hidden = np.tanh(hidden @ w + b)
        return hidden

    def _value(self, hidden: Matrix) -> float:
        return max(-1.0, min(1.0, float(self._head("v", hidden)[0])))

    def _head(self, group: str, hidden: Matrix) -> Matrix:
        layers = self.layers[group]
        for i, (w, b) in enumerate(layers):
            hidden = hidden @ w + b
            if i < len(layers) - 1:
                hidden = np.tanh(hidden)
        return hidden

    def priors(self, state: State, seat: int, legal: list[Action]) -> tuple[list[float], float]:
        """The policy's probabilities of the legal moves (a softmax over their logits) and the
        seat's value."""
        logits, value = self.evaluate(state, seat)
        chosen = logits[self.game.action_space.indices(legal)]
        chosen = np.exp(chosen - chosen.max())
        return (chosen / chosen.sum()).tolist(), value

    def check(self, game: Game | None, players: int | None = None) -> None:
        """Refuse, in a sentence, a policy of another game or (where ``players`` is given) for
        another table size."""
        if game is not None and game.id != self.game.id:
            raise BadOption(f"That policy plays {self.game.title}, not {game.title}.")
        if players is not None:
            fitting([self], players)


def check_out(out: Path) -> None:
    """Refuse to write a policy file over a file that is not one (a checkpoint, a deck list,
    notes): it would be lost. A policy file there is replaced, whole or not at all."""
    if out.is_file() and not archive_holds(out, "meta.npy"):  # a policy file of any version
        raise BadOption(
            f"'{out}' is a file that is not a policy file: write the policy to another file, or "
            "move that one away first."
        )


def _layers_fit(layers: dict[str, list[tuple[Matrix, Matrix]]], size: int, actions: int) -> bool:
    """Whether the layers chain from an observation of ``size`` numbers to ``actions`` logits and
    one value: each a matrix and a bias as wide as its columns, each reading its layer before."""
    if any(group not in layers for group in GROUPS) or not layers["pi"] or not layers["v"]:
        return False

    def chain(group: str, width: int) -> int | None:
        for w, b in layers[group]:
            if w.ndim != 2 or b.shape != (w.shape[1],) or w.shape[0] != width:
                return None
            width = w.shape[1]
        return width

    hidden = chain("trunk", size)
    if hidden is None:
        return False
    return chain("pi", hidden) == actions and chain("v", hidden) == 1


def fitting(nets: list[PolicyNet], players: int) -> PolicyNet:
    """The network trained for a table of ``players``; a sentence when there is none (a policy
    for two players reads a two-seat observation and cannot see a third seat)."""
    for net in nets:
        if net.players == players:
            return net
    sizes = " or ".join(str(net.players) for net in nets)
    title = nets[0].game.title if nets else "this game"
    raise BadOption(f"That policy plays {title} at a table of {sizes} players, not {players}.")


def blend(
    nets: list[PolicyNet], weights: list[float], value_weights: list[float] | None = None
) -> PolicyNet:
    """One network that answers as the weighted sums of ``nets``: its logits are
    ``sum(weight * net's)``, exactly, so its policy is the nets' weighted geometric mean, and its
    value is ``sum(value weight * net's)`` (``value_weights``: ``weights`` unless given). A
    weight of 0 leaves a net out of that head: one net's moves can go with another's values.

    The nets sit side by side in layers as wide as theirs together: the first layer reads the
    observation into each net's own units, the hidden layers are block-diagonal (no net reads
    another's units), and each head's last layer sums the nets' outputs by weight. The nets must
    play the same game with the same options, with as many layers in each group."""
    values = weights if value_weights is None else value_weights
    if len(nets) < 2 or len(weights) != len(nets) or len(values) != len(nets):
        raise BadOption("A blend takes two policies or more, with one weight each.")
    for name, ks in (("move", weights), ("value", values)):
        if any(k < 0 for k in ks) or abs(sum(ks) - 1) > 1e-6:
            raise BadOption(f"A blend's {name} weights must be 0 or more and sum to 1.")
    if any(k == 0 and v == 0 for k, v in zip(weights, values, strict=True)):
        raise BadOption("Each policy in a blend must count for its moves, its value or both.")
    _same_game(nets, "blend")
    if any(net.later for net in nets):
        raise BadOption("A staged policy does not blend: blend the stages' policies, then stage.")
    first = nets[0]
    for net in nets[1:]:
        counts = {group: len(net.layers[group]) for group in GROUPS}
        if counts != {group: len(first.layers[group]) for group in GROUPS}:
            raise BadOption(
                f"Only policies with as many layers blend: {net.path or 'one'} has {counts}."
            )
    head_weights = {"pi": weights, "v": values}
    layers: dict[str, list[tuple[Matrix, Matrix]]] = {group: [] for group in GROUPS}
    for group in GROUPS:
        # A head reads the trunk's units, side by side; the trunk (or a head with no trunk
        # before it) reads the one observation all the nets share.
        side_by_side = group != "trunk" and bool(first.layers["trunk"])
        depth = len(first.layers[group])
        for i in range(depth):
            ws = [net.layers[group][i][0] for net in nets]
            bs = [net.layers[group][i][1] for net in nets]
            if group != "trunk" and i == depth - 1:  # the output: the weighted sum
                ks = head_weights[group]
                scaled = [k * w for k, w in zip(ks, ws, strict=True)]
                w = np.concatenate(scaled, axis=0) if side_by_side else sum(scaled[1:], scaled[0])
                b = sum((k * b for k, b in zip(ks[1:], bs[1:], strict=True)), ks[0] * bs[0])
            else:
                w = _block_diagonal(ws) if side_by_side else np.concatenate(ws, axis=1)
                b = np.concatenate(bs)
            layers[group].append((w.astype(np.float32), np.asarray(b, dtype=np.float32)))
            side_by_side = True
    meta = {
        "game": first.game.id,
        "options": first.options,
        "steps": sum(int(net.meta.get("steps", 0)) for net in nets),
        "cpu_seconds": round(sum(float(net.meta.get("cpu_seconds", 0)) for net in nets), 1),
        "blend": [
            {
                "weight": k,
                "value_weight": v,
                "of": Path(net.path).name if net.path else None,
                "meta": net.meta,
            }
            for k, v, net in zip(weights, values, nets, strict=True)
        ],
    }
    return PolicyNet(meta, layers)


def staged(nets: list[PolicyNet], turns: list[int]) -> PolicyNet:
    """One policy that plays as ``nets[0]`` until the turn ``turns[0]``, then as ``nets[1]`` until
    ``turns[1]``, and so on: each position is judged, in play and inside a search, by the network
    for the turn its view shows (the game's ``turn_key``), as a chess engine tapers from its
    opening evaluation to its endgame one. The nets must play the same game with the same
    options; the turns must rise."""
    _check_stages(nets, turns)
    first = nets[0]
    meta = {
        **first.meta,
        "steps": sum(int(net.meta.get("steps", 0)) for net in nets),
        "cpu_seconds": round(sum(float(net.meta.get("cpu_seconds", 0)) for net in nets), 1),
    }
    out = PolicyNet(meta, first.layers)
    out.later = list(zip(turns, nets[1:], strict=True))
    return out


def _check_stages(nets: list[PolicyNet], turns: list[int]) -> None:
    if len(nets) < 2 or len(turns) != len(nets) - 1:
        raise BadOption(
            "A staged policy takes two policies or more, and a turn for each but the first."
        )
    first = nets[0]
    if first.game.turn_key is None:
        raise BadOption(
            f"{first.game.title} does not number its turns, so its policies cannot stage."
        )
    _same_game(nets, "stage")
    if any(net.later for net in nets):
        raise BadOption("A staged policy does not stage again: stage the policies it was made of.")
    if any(turn < 1 for turn in turns) or any(a >= b for a, b in itertools.pairwise(turns)):
        raise BadOption(
            "A staged policy's turns must be 1 or more, each later than the one before."
        )


def _same_game(nets: list[PolicyNet], verb: str) -> None:
    first = nets[0]
    for net in nets[1:]:
        if (net.game.id, net.options) != (first.game.id, first.options):
            raise BadOption(
                f"Only policies of one game with the same options {verb}: {net.path or 'one'} "
                f"plays {net.game.title} with {net.options}, {first.path or 'another'} "
                f"{first.game.title} with {first.options}."
            )


def _block_diagonal(blocks: list[Matrix]) -> Matrix:
    rows = sum(block.shape[0] for block in blocks)
    columns = sum(block.shape[1] for block in blocks)
    out = np.zeros((rows, columns), dtype=np.float32)
    r = c = 0
    for block in blocks:
        out[r : r + block.shape[0], c : c + block.shape[1]] = block
        r, c = r + block.shape[0], c + block.shape[1]
    return out


#: Policies read in this process, by file and its modification: an AI seat travels to a worker
#: process with its path, not its megabytes, and a file a training run rewrites is read again.
_READ: dict[tuple[str, int, int], PolicyNet] = {}
_KEEP = 16


def read_policy(path: Path | str) -> PolicyNet:
    where = Path(path).expanduser()
    try:
        stat = where.stat()
    except OSError:
        raise BadOption(f"There is no policy file '{where}'.") from None
    key = (str(where.resolve()), stat.st_mtime_ns, stat.st_size)
    net = _READ.get(key)
    if net is None:
        if len(_READ) >= _KEEP:
            _READ.pop(next(iter(_READ)))
        net = _READ[key] = PolicyNet.load(key[0])
    return net


class PolicyAgent:
    """Plays the policy's most likely legal move: no search, a few matrix products a move."""

    def __init__(self, path: Path | str, seed: int = 0, name: str | None = None) -> None:
        self.path = str(path)
        self.name = name or f"policy:{path}"
        self.net = read_policy(self.path)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        assert seat is not None
        net = fitting([self.net], state.num_players)
        logits, _ = net.evaluate(state, seat)
        scores = logits[net.game.action_space.indices(legal)]
        return legal[int(np.argmax(scores))]


#: Policies the operator of a server named (``cyberdeck serve --policy NAME=PATH``): an AI seat
#: takes one by its name; a path sent by a client is never read.
REGISTERED: dict[str, Path] = {}


def register_policy(
    name: str, path: Path | str, taken: set[str] | frozenset[str] = frozenset()
) -> None:
    """Name a policy file for AI seats; the file is read (and refused with a sentence) now."""
    clean = name.strip().lower()
    if not clean or not all(c.isalnum() or c in "-_" for c in clean):
        raise BadOption(f"'{name}' is not a policy name: use letters, digits, '-' and '_'.")
    if clean in taken:
        raise BadOption(f"'{clean}' is already an agent's name: choose another for the policy.")
    read_policy(path)
    REGISTERED[clean] = Path(path).expanduser().resolve()


def registered_policies(game: Game, players: int | None = None) -> list[str]:
    """The names of the registered policies that play ``game`` (at a table of ``players``)."""
    nets = {name: read_policy(path) for name, path in REGISTERED.items()}
    return [
        name
        for name, net in nets.items()
        if net.game.id == game.id and players in (None, net.players)
    ]
