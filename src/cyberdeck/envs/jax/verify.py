"""A twin against its reference engine, move for move, both ways.

- ``engine_games``: the Python engine plays games (seed -> deal, moves from agents: ``random``,
  the game's own players); the twin starts from the same deal (``deal_of``, ``init_from_deal``)
  and is fed the same actions, all games of a chunk at once under ``vmap`` and ``lax.scan``.
- ``twin_games``: the twin deals and plays itself (``init(key)``, uniformly random legal actions
  drawn inside ``jit``); the Python engine replays each game from its deal (``reference``).

At every step of every game both must show the same public view fields (``public`` and
``public_of_view``), the same legal mask while the game goes on, the same observation (the same
float32 numbers, bit for bit), and at the end the same outcome and reward. The first difference
raises ``Mismatch``, which names the game, the seed, the step and the field.

Nothing here names a game: a twin registered in ``envs/jax/__init__.py`` is checked as it is.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt

from ...agents.levels import make_agent
from ...engine import State
from ..observe import Observation
from .core import TwinEnv, one


class Mismatch(AssertionError):
    """The twin and the engine differ: the message names the game (or direction), seed, step
    and field."""


@dataclass
class Tally:
    """What a check covered."""

    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    kinds: dict[str, int] = field(default_factory=dict)

    def count(self, kind: str) -> None:
        """One more game that ended this way."""
        self.kinds[kind] = self.kinds.get(kind, 0) + 1

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.decisions += other.decisions
        self.seconds += other.seconds
        for kind, count in other.kinds.items():
            self.kinds[kind] = self.kinds.get(kind, 0) + count


@dataclass
class _Game:
    """One game as the engine played it, step by step (step 0 is the deal)."""

    seed: int
    actions: list[int]
    publics: list[dict[str, Any]]
    masks: list[npt.NDArray[np.bool_]]
    observations: list[npt.NDArray[np.float32]]
    returns: tuple[float, ...]


class Checker:
    """The jitted pieces for one twin, compiled once and used for every chunk."""

    def __init__(self, env: TwinEnv, chunk: int = 32, window: int = 32) -> None:
        """``chunk`` games go through the twin at once and ``window`` steps a call: every call
        has the same shapes, so each function compiles once."""
        self.env = env
        self.chunk = chunk
        self.window = window
        self.obs = Observation(env.game, env.options)
        self.name = f"{env.game.id} {dict(env.options)}"
        self._deal = jax.jit(jax.vmap(env.init_from_deal))
        self._init = jax.jit(jax.vmap(env.init))
        self._shuffle = jax.jit(jax.vmap(env.shuffle))
        step = jax.vmap(env.step)

        def feed(states: Any, actions: jax.Array) -> tuple[Any, Any]:
            def body(s: Any, a: jax.Array) -> tuple[Any, Any]:
                s = step(s, a)
                return s, s

            return jax.lax.scan(body, states, actions)

        def play(states: Any, keys: jax.Array) -> tuple[Any, Any, jax.Array]:
            def body(s: Any, k: jax.Array) -> tuple[Any, tuple[Any, jax.Array]]:
                logits = jnp.where(s.legal_action_mask, 0.0, -jnp.inf)
                a = jax.vmap(jax.random.categorical)(k, logits).astype(jnp.int32)
                s = step(s, a)
                return s, (s, a)

            last, (trace, actions) = jax.lax.scan(body, states, keys)
            return last, trace, actions

        self._feed = jax.jit(feed)
        self._play = jax.jit(play)

    # --- the engine plays, the twin follows ------------------------------------------------------

    def record(self, seed: int, player: str) -> _Game:
        env = self.env
        state = env.game.new_state(env.options, seed)
        agent = make_agent(player, seed, env.game)
        game = _Game(seed, [], [], [], [], ())
        while True:
            game.publics.append(env.public_of_view(state.view(0)))
            game.observations.append(self.obs.array(state, 0))
            game.masks.append(self.obs.mask(state, 0).astype(bool))
            if state.is_terminal:
                break
            move = agent.choose(state)
            game.actions.append(env.game.action_space.index(move))
            state.advance(move)
        assert state.outcome is not None
        game.returns = state.outcome.returns
        return game

    def engine_games(self, seeds: Iterable[int], players: Sequence[str] = ("random",)) -> Tally:
        """The engine plays ``seeds`` (players taking the seeds in turn); the twin follows."""
        tally = Tally()
        seeds = list(seeds)
        for start in range(0, len(seeds), self.chunk):
            began = time.process_time()
            games = [
                self.record(seed, players[(start + i) % len(players)])
                for i, seed in enumerate(seeds[start : start + self.chunk])
            ]
            # A short last chunk is padded with its first game, so the shapes stay the same.
            deals = [np.asarray(self.env.deal_of(g.seed)) for g in games]
            deals += [deals[0]] * (self.chunk - len(games))
            length = max(len(g.actions) for g in games)
            steps = -(-length // self.window) * self.window
            actions = np.zeros((steps, self.chunk), dtype=np.int32)
            for i, g in enumerate(games):
                actions[: len(g.actions), i] = g.actions
            state = self._deal(np.stack(deals))
            first = jax.device_get(state)
            parts = []
            for at in range(0, steps, self.window):
                state, trace = self._feed(state, jnp.asarray(actions[at : at + self.window]))
                parts.append(jax.device_get(trace))
            trace = _joined(parts)
            for i, g in enumerate(games):
                for t in range(len(g.publics)):
                    twin = one(first, i) if t == 0 else _at(trace, t - 1, i)
                    self._compare(twin, g, t, "engine game")
                kind = g.publics[-1].get("kind", "")
                tally.kinds[kind] = tally.kinds.get(kind, 0) + 1
            tally.games += len(games)
            tally.decisions += sum(len(g.actions) for g in games)
            tally.seconds += time.process_time() - began
        return tally

    def _compare(self, twin: Any, game: _Game, t: int, what: str) -> None:
        where = f"{self.name} {what} seed {game.seed} step {t}"
        mine, theirs = self.env.public(twin), game.publics[t]
        for key in theirs:
            if mine.get(key) != theirs[key]:
                raise Mismatch(
                    f"{where}: '{key}' is {mine.get(key)!r} in the twin, "
                    f"{theirs[key]!r} in the engine"
                )
        terminal = t == len(game.actions)
        if bool(twin.terminated) != terminal:
            raise Mismatch(f"{where}: the twin says terminated={bool(twin.terminated)}")
        if not terminal and not np.array_equal(np.asarray(twin.legal_action_mask), game.masks[t]):
            raise Mismatch(
                f"{where}: legal actions {np.flatnonzero(twin.legal_action_mask).tolist()} in the "
                f"twin, {np.flatnonzero(game.masks[t]).tolist()} in the engine"
            )
        observation = np.asarray(twin.observation, dtype=np.float32)
        if not np.array_equal(observation.view(np.uint32), game.observations[t].view(np.uint32)):
            places = np.flatnonzero(observation != game.observations[t])[:8].tolist()
            raise Mismatch(f"{where}: the observation differs at places {places}")
        if terminal:
            rewards = tuple(float(r) for r in np.asarray(twin.rewards))
            if t and rewards != tuple(game.returns):
                raise Mismatch(f"{where}: rewards {rewards} in the twin, {game.returns} outcome")

    # --- the twin plays, the engine replays ------------------------------------------------------

    def twin_games(self, seeds: Iterable[int]) -> Tally:
        """The twin deals and plays games ``jax.random.PRNGKey(seed)`` (random legal actions,
        inside ``jit``); the engine replays each from its deal with the same actions."""
        tally = Tally()
        seeds = list(seeds)
        for start in range(0, len(seeds), self.chunk):
            began = time.process_time()
            batch = seeds[start : start + self.chunk]
            padded = batch + [batch[0]] * (self.chunk - len(batch))
            keys = jax.vmap(jax.random.PRNGKey)(jnp.asarray(padded, dtype=jnp.uint32))
            deals = jax.device_get(self._shuffle(keys))
            state = self._init(keys)
            first = jax.device_get(state)
            parts, moves = [], []
            for window in range(100_000):
                step_keys = jax.vmap(
                    lambda k, w=window: jax.random.split(jax.random.fold_in(k, w), self.window)
                )(keys)
                state, trace, actions = self._play(state, jnp.swapaxes(step_keys, 0, 1))
                parts.append(jax.device_get(trace))
                moves.append(np.asarray(actions))
                if bool(np.all(np.asarray(state.terminated))):
                    break
            trace = _joined(parts)
            actions = np.concatenate(moves)
            for i, seed in enumerate(batch):
                tally.decisions += self._replay(seed, one(deals, i), first, trace, actions, i)
                tally.games += 1
                kind = self.env.public(_at(trace, -1, i)).get("kind", "")
                tally.kinds[kind] = tally.kinds.get(kind, 0) + 1
            tally.seconds += time.process_time() - began
        return tally

    def _replay(self, seed: int, deal: Any, first: Any, trace: Any, actions: Any, i: int) -> int:
        state: State = self.env.reference(deal)
        game = _Game(seed, [], [], [], [], ())
        t = 0
        while True:
            game.publics.append(self.env.public_of_view(state.view(0)))
            game.observations.append(self.obs.array(state, 0))
            game.masks.append(self.obs.mask(state, 0).astype(bool))
            if state.is_terminal:
                assert state.outcome is not None
                game.returns = state.outcome.returns
                break
            game.actions.append(int(actions[t, i]))
            twin = one(first, i) if t == 0 else _at(trace, t - 1, i)
            self._compare(twin, game, t, "twin game")
            if not game.masks[t][game.actions[t]]:
                raise Mismatch(
                    f"{self.name} twin game seed {seed} step {t}: the twin played "
                    f"{game.actions[t]}, which the engine does not allow"
                )
            self.obs.step(state, game.actions[t])
            t += 1
        self._compare(_at(trace, t - 1, i) if t else one(first, i), game, t, "twin game")
        return t


def _at(trace: Any, t: int, i: int) -> Any:
    return jax.tree.map(lambda leaf: np.asarray(leaf[t, i]), trace)


def _joined(parts: list[Any]) -> Any:
    """Windows of a trace (time first) as one."""
    return jax.tree.map(lambda *leaves: np.concatenate(leaves), *parts)


def check(
    env: TwinEnv,
    engine_seeds: Iterable[int],
    twin_seeds: Iterable[int],
    players: Sequence[str] = ("random",),
    report: Callable[[str], None] | None = None,
    chunk: int = 32,
) -> dict[str, Tally]:
    """Both checks on one twin; ``report`` hears a line per direction."""
    checker = Checker(env, chunk)
    out = {
        "engine": checker.engine_games(engine_seeds, players),
        "twin": checker.twin_games(twin_seeds),
    }
    if report:
        for what, tally in out.items():
            report(
                f"{checker.name}: {what} games {tally.games}, decisions {tally.decisions}, "
                f"outcomes {tally.kinds}, {tally.seconds:.0f} s CPU"
            )
    return out
