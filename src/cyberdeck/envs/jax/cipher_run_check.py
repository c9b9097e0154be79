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
    field_at,
    fields,
)
from .verify import Mismatch, Tally


@dataclass
class _Record:
    """One game in the engine: per step (step 0 is the deal) its ``FIELDS`` row, legal mask and
    both seats' observations."""

    seed: int
    deal: Deal | None = None
    actions: list[int] = field(default_factory=list)
    fields: list[npt.NDArray[np.int32]] = field(default_factory=list)
    masks: list[npt.NDArray[np.bool_]] = field(default_factory=list)
    observations: list[npt.NDArray[np.float32]] = field(default_factory=list)
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
        step = jax.vmap(env.step)

        def frame(s: Any) -> tuple[jax.Array, ...]:
            seen = jnp.stack([observe(s, jnp.int32(0)), observe(s, jnp.int32(1))], axis=1)
            return s.terminated, s.rewards, s.legal_action_mask, jax.vmap(fields)(s), seen

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

        def start(deals: Deal) -> tuple[Any, Any]:
            states = jax.vmap(env.init_from_deal)(deals)
            return states, frame(states)

        self._start = jax.jit(start)
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
        record.observations.append(np.stack([self.obs.array(state, 0), self.obs.array(state, 1)]))

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

    # --- the comparison -------------------------------------------------------------------------

    def _compare(self, first: Any, trace: Any, i: int, record: _Record, what: str) -> None:
        """Every step of game ``i`` of a batch against the engine's record of it."""
        steps = len(record.fields)

        def rows(part: int) -> npt.NDArray[Any]:
            return np.concatenate([first[part][i][None], trace[part][: steps - 1, i]])

        terminated, rewards, masks, twin_fields, seen = (rows(k) for k in range(5))
        where = f"{self.name} {what} seed {record.seed} step"
        engine = np.stack(record.fields)
        for t in range(steps):
            if not np.array_equal(twin_fields[t], engine[t]):
                place = int(np.flatnonzero(twin_fields[t] != engine[t])[0])
                raise Mismatch(
                    f"{where} {t}: {field_at(place)} is {twin_fields[t][place]} in the twin, "
                    f"{engine[t][place]} in the engine"
                )
            if bool(terminated[t]) != (t == steps - 1):
                raise Mismatch(f"{where} {t}: the twin says terminated={bool(terminated[t])}")
            if t < steps - 1 and not np.array_equal(masks[t], record.masks[t]):
                ours = np.flatnonzero(masks[t]).tolist()
                theirs = np.flatnonzero(record.masks[t]).tolist()
                raise Mismatch(
                    f"{where} {t}: legal actions {ours} in the twin, {theirs} in the engine"
                )
            expected = record.observations[t]
            if not np.array_equal(seen[t].view(np.uint32), expected.view(np.uint32)):
                seat, place = (int(x[0]) for x in np.nonzero(seen[t] != expected))
                raise Mismatch(f"{where} {t}: seat {seat}'s observation differs at place {place}")
        if steps > 1 and tuple(float(r) for r in rewards[-1]) != tuple(record.returns):
            raise Mismatch(f"{where} {steps - 1}: rewards {rewards[-1].tolist()} in the twin, "
                           f"{record.returns} in the engine")  # fmt: skip

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
            self.engine_games_of(records, tally)
            tally.seconds += time.process_time() - began
        return tally

    def engine_games_of(self, records: Sequence[_Record], tally: Tally | None = None) -> Tally:
        """The twin follows games the engine recorded (``record``), all at once."""
        tally = Tally() if tally is None else tally
        deals = _stack([r.deal for r in records if r.deal is not None])
        steps = _bucket(max(len(r.actions) for r in records))
        actions = np.zeros((steps, len(records)), dtype=np.int32)
        for i, r in enumerate(records):
            actions[: len(r.actions), i] = r.actions
        states, first = self._start(deals)
        trace = jax.device_get(self._feed(states, jnp.asarray(actions)))
        first = jax.device_get(first)
        for i, r in enumerate(records):
            self._compare(first, trace, i, r, "engine game")
            tally.count(r.kind)
        tally.games += len(records)
        tally.decisions += sum(len(r.actions) for r in records)
        return tally

    # --- the twin plays, the engine replays ------------------------------------------------------

    def twin_games(self, seeds: Iterable[int], chunk: int = 64, steps: int = 64) -> Tally:
        """The twin deals and plays games ``jax.random.PRNGKey(seed)``; the engine replays them."""
        tally = Tally()
        seeds = list(seeds)
        for start in range(0, len(seeds), chunk):
            began = time.process_time()
            batch = seeds[start : start + chunk]
            keys = jax.vmap(jax.random.PRNGKey)(jnp.asarray(batch, dtype=jnp.uint32))
            deals = self._shuffle(keys)
            state, first = self._start(deals)
            first = jax.device_get(first)
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
                record = self._replay(seed, deal, actions[:, i])
                self._compare(first, trace, i, record, "twin game")
                tally.count(record.kind)
                tally.decisions += len(record.actions)
                tally.games += 1
            tally.seconds += time.process_time() - began
        return tally

    def _replay(self, seed: int, deal: Deal, actions: npt.NDArray[np.int32]) -> _Record:
        """The engine replays a twin's game; it stops early at a move it does not allow (the
        comparison then names the step whose masks differ)."""
        state = engine_state(deal, self.env.options)
        record = _Record(seed, deal)
        for t in range(len(actions) + 1):
            self._note(record, state)
            if state.outcome is not None:
                record.returns, record.kind = state.outcome.returns, state.outcome.kind
                break
            if t == len(actions) or not record.masks[t][actions[t]]:
                raise Mismatch(f"{self.name} twin game seed {seed} step {t}: the twin played "
                               f"{actions[t] if t < len(actions) else 'nothing'}, which the "
                               "engine does not allow")  # fmt: skip
            record.actions.append(int(actions[t]))
            state.advance(GAME.action_space.actions[int(actions[t])])
        return record


def _stack(deals: list[Deal]) -> Deal:
    stacked: Deal = jax.tree.map(lambda *leaves: np.stack([np.asarray(x) for x in leaves]), *deals)
    return stacked


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
