"""The bit words the twins share, and the uniformly random legal action drawn with one uniform
number: it must be the k-th legal place of the mask, k = floor(u * legal), for the uniform u
its key draws, whatever the mask's size (MATR1X's 21 actions, Cipher Run's 1,941)."""

from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip(
    "jax", reason="the JAX twins need the jax extra (pip install cyberdeck[jax])"
)

import jax.numpy as jnp  # noqa: E402

from cyberdeck.envs.jax.bits import nth_bit, random_legal, word  # noqa: E402


@pytest.mark.parametrize("size", [21, 32, 33, 1941])
def test_random_legal_draws_the_kth_legal_action_for_one_uniform_number(size: int) -> None:
    rng = np.random.default_rng(size)
    masks = rng.random((64, size)) < rng.random((64, 1)) ** 3
    masks[:8] = False
    for row, places in enumerate(([0], [size - 1], [min(31, size - 1), min(32, size - 1)])):
        masks[row, places] = True
    masks[5:8] = True
    masks[:, 0] |= ~masks.any(1)
    keys = jax.random.split(jax.random.PRNGKey(7), 64)
    drawn = np.asarray(jax.jit(jax.vmap(random_legal))(keys, jnp.asarray(masks)))
    uniform = np.asarray(jax.vmap(jax.random.uniform)(keys))
    for row in range(64):
        legal = np.flatnonzero(masks[row])
        k = int(np.floor(np.float32(uniform[row]) * np.float32(len(legal))))
        assert drawn[row] == legal[k]


def test_a_word_holds_its_flags_and_nth_bit_finds_each_set_bit() -> None:
    rng = np.random.default_rng(3)
    flags = rng.random((50, 32)) < 0.4
    words = np.asarray(word(jnp.asarray(flags)))
    for row in range(50):
        assert [(int(words[row]) >> i) & 1 for i in range(32)] == list(flags[row].astype(int))
        for n, place in enumerate(np.flatnonzero(flags[row])):
            assert int(nth_bit(jnp.uint32(words[row]), jnp.int32(n))) == place
