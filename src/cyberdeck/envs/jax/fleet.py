"""Many games at once, each one that finishes dealt anew from a reserve of games dealt ahead.

Pgx's ``auto_reset`` deals a game wherever one finished. Under ``vmap`` its ``lax.cond`` turns
into a select that computes both sides, so every game of the batch is dealt anew at every step
and all but the few that finished throw their deal away. In a card game the deal costs more than
a step (MATR1X shuffles 54 cards and deals eight piles: at batch 1,024 on one CPU thread a deal
took 1.7 times a step's time), so a batch ran slower per decision than one game alone.

``Fleet`` deals ``reserve`` times the batch at once and hands the next of those games to each game
that finishes; the reserve is dealt anew when what is left might not cover one more step (every
game of the batch finishing at once). That test is one number for the whole batch, so its
``lax.cond`` stays a real branch: a reserve of four batches is dealt once in every few hundred
steps of games that last a few dozen. The games are Pgx's states with Pgx's own ``auto_reset``
semantics: the step a game finishes, its state is the new game's with the finished one's
``terminated``, ``truncated`` and ``rewards``; the next step clears those three and plays on.
Any ``pgx.Env`` works (Pgx's own games as well as the twins). A twin's games are stepped without
their observations (``AdvancingEnv.advance``), and each is observed once, after the swap.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import pgx

from .core import AdvancingEnv


class Convoy(NamedTuple):
    """A fleet's games and its reserve (a JAX pytree: it goes through ``jit`` and ``lax.scan``)."""

    #: The games in play, batched (leading axis: the batch).
    games: Any
    #: Games dealt ahead, batched (leading axis: ``reserve`` times the batch).
    reserve: Any
    #: How many of the reserve's games have been handed out.
    taken: jax.Array
    #: The key the next reserve is dealt with.
    key: jax.Array


class Fleet:
    """``batch`` games of ``env`` stepped together, each finished one replaced from a reserve."""

    def __init__(self, env: pgx.Env, batch: int, reserve: int = 4) -> None:
        if batch < 1 or reserve < 1:
            raise ValueError("A fleet needs at least one game and a reserve of one batch.")
        self.env = env
        self.batch = batch
        #: Games dealt ahead: at least one batch, so that every game may finish at one step.
        self.size = batch * reserve
        #: A twin (an ``AdvancingEnv``) steps without observing, and the fleet observes each
        #: game once, after the finished ones are swapped: otherwise the reserve's
        #: observations would be dealt, picked and selected with the rest of the state (for
        #: MATR1X 8.8 KB a game, where the rest is 0.4 KB).
        self.observes_after = isinstance(env, AdvancingEnv)
        self._deal = jax.vmap(env.init)
        self._step = jax.vmap(env.advance if self.observes_after else env.step)
        self._observe = jax.vmap(env.observe)

    def init(self, key: jax.Array) -> Convoy:
        """The first ``batch`` games and a full reserve."""
        k_games, k_reserve, k_next = jax.random.split(key, 3)
        return Convoy(
            games=self._deal(jax.random.split(k_games, self.batch)),
            reserve=self._stock(k_reserve),
            taken=jnp.int32(0),
            key=k_next,
        )

    def step(self, convoy: Convoy, actions: jax.Array, keys: jax.Array | None = None) -> Convoy:
        """One action for each game (``keys``: one step key each, for games whose steps draw);
        the games that finish take the reserve's next games (see the module's note)."""
        # First make sure the reserve holds a game for every game of the batch. A loop run once
        # or not at all rather than a ``lax.cond``, and before the reserve is read: XLA then
        # deals into the reserve in place, where a cond after the read copied the whole reserve
        # at every step (for MATR1X at batch 1,024, 36 MB; it halved the fleet's speed).
        reserve, taken, key = jax.lax.while_loop(
            lambda carry: carry[1] + self.batch > self.size,
            self._restock,
            (convoy.reserve, convoy.taken, convoy.key),
        )
        games = convoy.games
        # A game that finished at the last step shows the new game: it plays on from here.
        done_before = games.terminated | games.truncated
        games = games.replace(
            terminated=jnp.zeros_like(games.terminated),
            truncated=jnp.zeros_like(games.truncated),
            rewards=jnp.where(done_before[:, None], 0.0, games.rewards),
        )
        games = self._step(games, actions) if keys is None else self._step(games, actions, keys)
        done = games.terminated | games.truncated
        # The finished games take the reserve's next games, in the batch's order.
        slot = taken + jnp.cumsum(done) - 1
        fresh = jax.tree.map(lambda dealt: dealt[jnp.clip(slot, 0, self.size - 1)], reserve)
        fresh = fresh.replace(
            terminated=games.terminated, truncated=games.truncated, rewards=games.rewards
        )
        if self.observes_after:
            fresh = fresh.replace(observation=games.observation)
        games = jax.tree.map(lambda new, old: _where(done, new, old), fresh, games)
        if self.observes_after:
            games = games.replace(observation=self._observe(games))
        return Convoy(games, reserve, taken + jnp.sum(done, dtype=jnp.int32), key)

    def _stock(self, key: jax.Array) -> Any:
        """A reserve of new games (a twin's without their observations: see ``observes_after``)."""
        dealt = self._deal(jax.random.split(key, self.size))
        if self.observes_after:
            dealt = dealt.replace(observation=jnp.zeros((self.size, 0), jnp.float32))
        return dealt

    def _restock(self, carry: tuple[Any, jax.Array, jax.Array]) -> tuple[Any, jax.Array, jax.Array]:
        k_reserve, k_next = jax.random.split(carry[2])
        return self._stock(k_reserve), jnp.int32(0), k_next


def _where(done: jax.Array, new: jax.Array, old: jax.Array) -> jax.Array:
    """``new`` for the games that finished, ``old`` for the rest (``done``: one flag a game)."""
    return jnp.where(done.reshape(done.shape + (1,) * (old.ndim - 1)), new, old)
