"""Flags as the bits of 32-bit words, and a uniformly random legal action drawn from a mask with
one uniform number: what a twin's rules (Cipher Run's stacks close up by bit words) and every
bench and example that plays random legal moves inside ``jit`` share."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import Array

WIDTH = 32


def word(flags: Array) -> Array:
    """Flags along the last axis as the bits of one word (bit i: flag i); distinct bits, so
    their sum is their ``or``."""
    shifts = jnp.arange(flags.shape[-1], dtype=jnp.uint32)
    return jnp.sum(flags.astype(jnp.uint32) << shifts, axis=-1, dtype=jnp.uint32)


def nth_bit(bits: Array, n: Array) -> Array:
    """The position of the ``n``-th set bit of a 32-bit word (from 0, lowest first): a binary
    search on population counts, five steps of element-wise integer work (past the last set
    bit it gives a position above it)."""
    place = jnp.zeros(jnp.broadcast_shapes(bits.shape, n.shape), jnp.int32)
    for width in (16, 8, 4, 2, 1):
        low = jax.lax.population_count(bits & jnp.uint32((1 << width) - 1)).astype(jnp.int32)
        past = n >= low
        bits = jnp.where(past, bits >> width, bits)
        place = place + jnp.where(past, width, 0)
        n = n - jnp.where(past, low, 0)
    return place


def random_legal(key: Array, mask: Array) -> Array:
    """A uniformly random legal action for one uniform number: the k-th legal place of the mask.

    The mask is packed into 32-bit words; the word holding the k-th place is found from the
    running count of the words' places (a product with a constant triangular matrix, which XLA
    runs as one vectorised call), and the place inside it by a binary search on population
    counts. (``jax.random.categorical`` draws a number for each action and takes logarithms;
    over Cipher Run's 1,941 actions a cumulative sum lowers to a quadratic window on the CPU.)"""
    size = mask.shape[-1]
    words = -(-size // WIDTH)
    packed = word(jnp.pad(mask, (0, words * WIDTH - size)).reshape(words, WIDTH))
    counts = jax.lax.population_count(packed).astype(jnp.float32)
    upto = jnp.dot(counts, jnp.asarray(np.triu(np.ones((words, words), np.float32))))
    k = jnp.floor(jax.random.uniform(key) * upto[-1]).astype(jnp.int32)
    upto = upto.astype(jnp.int32)
    word_at = jnp.minimum(jnp.sum(upto <= k), words - 1)
    hot = jnp.arange(words) == word_at
    chosen = jnp.sum(jnp.where(hot, packed, 0), dtype=jnp.uint32)
    rest = k - jnp.sum(jnp.where(hot, upto - counts.astype(jnp.int32), 0))
    return jnp.minimum(word_at * WIDTH + nth_bit(chosen, rest), size - 1).astype(jnp.int32)
