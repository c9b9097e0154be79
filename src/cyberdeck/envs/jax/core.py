"""What every JAX twin shares: Pgx's ``Env`` and ``State``, and the hooks its verification needs.

A twin is a ``pgx.Env`` (``init``, ``step``, ``observe``, the illegal-action penalty and the
all-ones mask of a finished game are Pgx's own), so Pgx's tools and mctx take it as they take
Pgx's games. Its state is a frozen dataclass of fixed-shape arrays registered as a JAX pytree
(``twin_state``), which is what ``jit``, ``vmap`` and ``lax.scan`` need.

The reference engine stays the truth. Each twin therefore also says, on the host, how to start
itself from a deal of the Python engine (``deal_of`` then ``init_from_deal``), how to start the
Python engine from a deal it made itself (``reference``), and which public view fields the two
must agree on (``public`` for the twin, ``public_of_view`` for the engine). ``verify.py`` walks
games through both with nothing else.
"""

from __future__ import annotations

import abc
import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

import jax
import jax.numpy as jnp
import numpy as np
import pgx

from ...engine import Game, State

T = TypeVar("T")

#: A twin's deal: the arrays ``init_from_deal`` starts a game from (one game; stacked for vmap).
Deal = Any


def twin_state(cls: type[T]) -> type[T]:
    """A frozen dataclass of arrays that JAX maps over: ``pgx.State``'s fields and the game's.
    (Pgx makes its own states with a private copy of Flax's decorator; this is JAX's public
    ``register_dataclass`` on a standard dataclass, which is all that one does.)"""
    frozen = dataclasses.dataclass(frozen=True)(cls)
    return jax.tree_util.register_dataclass(frozen)


#: Up to this many actions a mask is read through a one-hot comparison, past it by a gather.
ONE_HOT_ACTIONS = 64


def _read_mask(mask: jax.Array, action: jax.Array) -> jax.Array:
    """``mask[action]``. For a few actions (MATR1X's 21) an element-wise comparison with the
    action, as XLA's gathers run a loop on the CPU; for many (Cipher Run's 1,941) one gather,
    where the comparison worked out the action again for each of its places when the action
    was chosen in the same compiled call."""
    if mask.shape[-1] > ONE_HOT_ACTIONS:
        return mask[jnp.clip(action, 0, mask.shape[-1] - 1)]
    return jnp.any((jnp.arange(mask.shape[-1]) == action) & mask)


class AdvancingEnv(pgx.Env):  # type: ignore[misc]
    """A Pgx environment whose step can be taken without making the observation (``advance``),
    for a caller that observes once the states are final (a ``Fleet``). Its ``step`` is
    ``pgx.Env.step``'s rules, written so that ``vmap`` does not copy the observation."""

    def step(self, state: Any, action: Any, key: jax.Array | None = None) -> Any:
        """``pgx.Env.step``'s rules, to the letter: a finished game stays as it is with zero
        rewards, an illegal action ends the game with Pgx's penalty for the player who made it,
        and a finished game's mask is all ones. Pgx writes them as three ``lax.cond`` over the
        whole state, which ``vmap`` turns into selects that copy the observation three times a
        step (a MATR1X observation is 2,191 numbers: that was a third of a step). Here the
        selects leave the observation out (``advance``), and it is made once, from the state
        chosen."""
        state = self.advance(state, action, key)
        return state.replace(observation=self.observe(state))

    def advance(self, state: Any, action: Any, key: jax.Array | None = None) -> Any:
        """``step`` without making the observation: the state keeps the one it had, out of
        date. For a caller that makes it itself once the states are final: a ``Fleet`` swaps
        finished games for new ones after the step, and observes each game once, after."""
        action = jnp.asarray(action, jnp.int32)
        illegal = ~_read_mask(state.legal_action_mask, action)
        # Pgx's penalty falls on the player who chose the action, not the one to move after it.
        mover = state.current_player
        done = state.terminated | state.truncated
        moved = self._step(state.replace(_step_count=state._step_count + 1), action, key)
        moved = moved.replace(observation=state.observation)
        state = jax.tree.map(lambda old, new: jnp.where(done, old, new), state, moved)
        rewards = jnp.where(done, 0.0, state.rewards)
        penalty = self._illegal_action_penalty
        others = jnp.full_like(rewards, -penalty * (self.num_players - 1))
        rewards = jnp.where(illegal, others.at[mover].set(penalty), rewards)
        terminated = state.terminated | illegal
        return state.replace(
            rewards=rewards.astype(jnp.float32),
            terminated=terminated,
            legal_action_mask=state.legal_action_mask | terminated,
        )


class TwinEnv(AdvancingEnv, abc.ABC):
    """A Pgx environment that twins one game of the Python engine."""

    #: The Python engine's game and the options this twin plays (a twin is one configuration).
    game: Game
    options: Mapping[str, Any]

    def init_from_deal(self, deal: Deal) -> pgx.State:
        """The game dealt from ``deal``, with no randomness of its own: ``init(key)`` shuffles and
        then deals the same way (``_deal``); the verification feeds it the Python engine's deals."""
        state = self._deal(deal)
        return state.replace(observation=self.observe(state))

    @abc.abstractmethod
    def _deal(self, deal: Deal) -> pgx.State:
        """The game's initial state from ``deal`` (its observation is filled by the caller)."""

    @abc.abstractmethod
    def shuffle(self, key: jax.Array) -> Deal:
        """The deal ``init(key)`` plays: a game the twin deals itself can be replayed by the
        Python engine from it (``reference``)."""

    def _init(self, key: jax.Array) -> pgx.State:
        return self._deal(self.shuffle(key))

    # --- host-side hooks for the verification (numpy in, Python out) -----------------------------

    @abc.abstractmethod
    def deal_of(self, seed: int) -> Deal:
        """The deal the Python engine makes for ``game.new_state(options, seed)``."""

    @abc.abstractmethod
    def reference(self, deal: Deal) -> State:
        """The Python engine's game started from ``deal`` (one game, numpy arrays): how a game
        the twin dealt itself is replayed."""

    @abc.abstractmethod
    def public(self, state: Any) -> dict[str, Any]:
        """The public view fields of one twin state (its arrays as numpy, not batched), in the
        same form ``public_of_view`` gives them."""

    @abc.abstractmethod
    def public_of_view(self, view: Mapping[str, Any]) -> dict[str, Any]:
        """The fields of the Python engine's ``view(seat)`` that the twin must reproduce."""


def one(batch: Any, index: int) -> Any:
    """Game ``index`` of a batched pytree, as numpy arrays (for the host-side hooks)."""
    return jax.tree.map(lambda leaf: np.asarray(leaf[index]), batch)
