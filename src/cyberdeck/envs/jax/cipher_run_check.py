"""Cipher Run's twin against the reference engine, move for move, both ways.

- ``engine_games``: the engine deals and plays (``random``, ``greedy`` or ``normal`` moves); the
  twin starts from the same deal (``deal_of``) and is fed the same actions, a chunk of games at
  once under ``vmap`` and ``lax.scan``.
- ``twin_games``: the twin deals and plays itself (uniformly random legal actions drawn inside
  ``jit``); the engine replays each game from the twin's deal (``engine_state``).

At every step both must agree on the legal mask (while the run goes on), on both seats'
observations, bit for bit, and on the public fields of the view (``public_fields`` and
``engine_fields``: phase, turn, every stack with its Overclocks, totals, profiles, counts, piles,
controllers, outcome); at the end on the rewards. The first difference raises ``Mismatch``
naming the direction, the seed and the step.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt

from ...agents.levels import make_agent
from ...games.cipher_run.game import GAME
from ...games.cipher_run.state import CipherState
from ..observe import Observation
from .cipher_run import (
    NUM_ACTIONS,
    CipherRun,
    Deal,
    deal_of,
    engine_fields,
    engine_state,
    public_fields,
)


class Mismatch(AssertionError):
    """The twin and the engine differ: the message names the direction, seed, step and field."""


@dataclass
class Tally:
    """What a check covered."""

    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    outcomes: dict[str, int] = field(default_factory=dict)

    def count(self, kind: str) -> None:
        self.outcomes[kind] = self.outcomes.get(kind, 0) + 1


@dataclass
class _Record:
    """One game as the engine played it: per step (step 0 is the deal) its fields, mask and both
    seats' observations."""

    seed: int
    deal: Deal | None = None
    actions: list[int] = field(default_factory=list)
    fields: list[dict[str, Any]] = field(default_factory=list)
    masks: list[npt.NDArray[np.bool_]] = field(default_factory=list)
    observations: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]] = field(
        default_factory=list
    )
    returns: tuple[float, ...] = ()
    kind: str = ""


class Checker:
    """The jitted pieces for one twin (one deck pair and option set), compiled once."""

    def __init__(self, env: CipherRun, decks: Any = None) -> None:
        self.env = env
        self.decks = decks
        self.obs = Observation(GAME, env.options)
        self.name = f"cipher-run {dict(env.options)}"
        observe = jax.vmap(env._observe, in_axes=(0, None))

        def frame(s: Any) -> tuple[Any, jax.Array, jax.Array]:
            return s, observe(s, jnp.int32(0)), observe(s, jnp.int32(1))

        step = jax.vmap(env.step)

        def feed(states: Any, actions: jax.Array) -> Any:
            def body(s: Any, a: jax.Array) -> tuple[Any, Any]:
                s = step(s, a)
                return s, frame(s)

            return jax.lax.scan(body, states, actions)[1]

        def play(states: Any, keys: jax.Array) -> tuple[Any, Any, jax.Array]:
            def body(s: Any, k: jax.Array) -> tuple[Any, tuple[Any, jax.Array]]:
                logits = jnp.where(s.legal_action_mask, 0.0, -jnp.inf)
                a = jax.vmap(jax.random.categorical)(k, logits).astype(jnp.int32)
                s = step(s, a)
                return s, (frame(s), a)

            last, (trace, actions) = jax.lax.scan(body, states, keys)
            return last, trace, actions

        self._start = jax.jit(lambda deals: frame(jax.vmap(env.init_from_deal)(deals)))
        self._shuffle = jax.jit(jax.vmap(env.shuffle))
        self._feed = jax.jit(feed)
        self._play = jax.jit(play)

    # --- one game in the engine ---------------------------------------------------------------

    def _note(self, record: _Record, state: CipherState) -> None:
        record.fields.append(engine_fields(state))
        mask = np.zeros(NUM_ACTIONS, dtype=bool)
        if state.outcome is None:
            mask[[GAME.action_space.index(a) for a in state.legal_actions()]] = True
        record.masks.append(mask)
        record.observations.append((self.obs.array(state, 0), self.obs.array(state, 1)))

    def record(self, seed: int, player: str) -> _Record:
        state = GAME.new_state(self.env.options, seed, self.decks)
        assert isinstance(state, CipherState)
        agent = make_agent(player, seed, GAME)
        record = _Record(seed, deal_of(state))
        while True:
            self._note(record, state)
            if state.outcome is not None:
                record.returns, record.kind = state.outcome.returns, state.outcome.kind
                return record
            move = agent.choose(state)
            record.actions.append(GAME.action_space.index(move))
            state.advance(move)

    # --- the comparisons ------------------------------------------------------------------------

    def _compare(self, frame: Any, record: _Record, t: int, what: str) -> None:
        twin, obs0, obs1 = frame
        where = f"{self.name} {what} seed {record.seed} step {t}"
        mine, theirs = public_fields(twin), record.fields[t]
        for key, value in theirs.items():
            if mine[key] != value:
                raise Mismatch(
                    f"{where}: '{key}' is {mine[key]!r} in the twin, {value!r} in the engine"
                )
        terminal = record.fields[t]["outcome"] is not None
        if bool(twin.terminated) != terminal:
            raise Mismatch(f"{where}: the twin says terminated={bool(twin.terminated)}")
        if not terminal and not np.array_equal(np.asarray(twin.legal_action_mask), record.masks[t]):
            ours = np.flatnonzero(twin.legal_action_mask).tolist()
            engine = np.flatnonzero(record.masks[t]).tolist()
            raise Mismatch(f"{where}: legal actions {ours} in the twin, {engine} in the engine")
        for seat, observation in enumerate((obs0, obs1)):
            expected = record.observations[t][seat]
            got = np.asarray(observation, dtype=np.float32)
            if not np.array_equal(got.view(np.uint32), expected.view(np.uint32)):
                places = np.flatnonzero(got != expected)[:8].tolist()
                raise Mismatch(f"{where}: seat {seat}'s observation differs at places {places}")
        if terminal and t:
            rewards = tuple(float(r) for r in np.asarray(twin.rewards))
            if rewards != tuple(record.returns):
                raise Mismatch(
                    f"{where}: rewards {rewards} in the twin, {record.returns} in the engine"
                )

    # --- the engine plays, the twin follows ------------------------------------------------------

    def engine_games(
        self, seeds: Iterable[int], players: Sequence[str] = ("random",), chunk: int = 64
    ) -> Tally:
        """The engine plays ``seeds`` (the players take the seeds in turn); the twin follows."""
        tally = Tally()
        seeds = list(seeds)
        for start in range(0, len(seeds), chunk):
            began = time.process_time()
            records = [
                self.record(seed, players[(start + i) % len(players)])
                for i, seed in enumerate(seeds[start : start + chunk])
            ]
            deals = _stack([r.deal for r in records if r.deal is not None])
            steps = _bucket(max(len(r.actions) for r in records))
            actions = np.zeros((steps, len(records)), dtype=np.int32)
            for i, r in enumerate(records):
                actions[: len(r.actions), i] = r.actions
            frames = self._start(deals)
            first = jax.device_get(frames)
            trace = jax.device_get(self._feed(frames[0], jnp.asarray(actions)))
            for i, r in enumerate(records):
                for t in range(len(r.fields)):
                    self._compare(_at(first, i) if t == 0 else _at(trace, i, t - 1), r, t,
                                  "engine game")  # fmt: skip
                tally.count(r.kind)
            tally.games += len(records)
            tally.decisions += sum(len(r.actions) for r in records)
            tally.seconds += time.process_time() - began
        return tally

    # --- the twin plays, the engine replays ------------------------------------------------------

    def twin_games(self, seeds: Iterable[int], chunk: int = 256, steps: int = 64) -> Tally:
        """The twin deals and plays games ``jax.random.PRNGKey(seed)``; the engine replays them."""
        tally = Tally()
        seeds = list(seeds)
        for start in range(0, len(seeds), chunk):
            began = time.process_time()
            batch = seeds[start : start + chunk]
            keys = jax.vmap(jax.random.PRNGKey)(jnp.asarray(batch, dtype=jnp.uint32))
            deals = self._shuffle(keys)
            frames = self._start(deals)
            first = jax.device_get(frames)
            state = frames[0]
            traces, moves = [], []
            for rounds in range(1_000):
                round_keys = jax.vmap(
                    lambda k, r=rounds: jax.random.split(jax.random.fold_in(k, r), steps)
                )(keys)
                state, trace, actions = self._play(state, jnp.swapaxes(round_keys, 0, 1))
                traces.append(jax.device_get(trace))
                moves.append(np.asarray(actions))
                if bool(np.all(np.asarray(state.terminated))):
                    break
            trace = jax.tree.map(lambda *parts: np.concatenate(parts), *traces)
            actions = np.concatenate(moves)
            host_deals = jax.device_get(deals)
            for i, seed in enumerate(batch):
                deal = jax.tree.map(lambda leaf, i=i: leaf[i], host_deals)
                tally.decisions += self._replay(seed, deal, first, trace, actions, i, tally)
                tally.games += 1
            tally.seconds += time.process_time() - began
        return tally

    def _replay(
        self, seed: int, deal: Deal, first: Any, trace: Any, actions: Any, i: int, tally: Tally
    ) -> int:
        state = engine_state(deal, self.env.options)
        record = _Record(seed)
        t = 0
        while True:
            self._note(record, state)
            if state.outcome is not None:
                record.returns = state.outcome.returns
            self._compare(_at(first, i) if t == 0 else _at(trace, i, t - 1), record, t, "twin game")
            if state.outcome is not None:
                tally.count(state.outcome.kind)
                return t
            action = int(actions[t, i])
            if not record.masks[t][action]:
                raise Mismatch(f"{self.name} twin game seed {seed} step {t}: the twin played "
                               f"{action}, which the engine does not allow")  # fmt: skip
            state.advance(GAME.action_space.actions[action])
            t += 1


def _stack(deals: list[Deal]) -> Deal:
    stacked: Deal = jax.tree.map(lambda *leaves: np.stack([np.asarray(x) for x in leaves]), *deals)
    return stacked


def _at(frames: Any, i: int, t: int | None = None) -> Any:
    """Game ``i`` (at step ``t`` of a trace) of batched frames, as numpy."""
    if t is None:
        return jax.tree.map(lambda leaf: np.asarray(leaf[i]), frames)
    return jax.tree.map(lambda leaf: np.asarray(leaf[t, i]), frames)


def _bucket(steps: int) -> int:
    """Scan lengths rounded up to a multiple of 64, so that a few compilations serve them all."""
    return max(64, -(-steps // 64) * 64)


def check(
    options: Mapping[str, Any] | None,
    decks: Any,
    engine_seeds: Iterable[int],
    twin_seeds: Iterable[int],
    players: Sequence[str] = ("random",),
) -> dict[str, Tally]:
    """Both directions for one deck pair and option set."""
    checker = Checker(CipherRun(decks, options), decks)
    return {
        "engine": checker.engine_games(engine_seeds, players),
        "twin": checker.twin_games(twin_seeds),
    }


__all__ = ["Checker", "Mismatch", "Tally", "check"]
