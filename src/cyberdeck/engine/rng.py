"""Seeded randomness owned by a state.

A splitmix64 generator: its whole state is one integer, so cloning a game state costs nothing extra,
and the sequence is the same on every machine and Python version. Games never touch the ``random``
module's global functions.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
#: ``below``'s rejection limit for every bound under ``_KNOWN``, worked out once: a shuffle
#: needs one a card, and a CCG search re-deals some 200 cards a sampled world.
_KNOWN = 512
_LIMITS = tuple(_MASK - (_MASK + 1) % n if n else 0 for n in range(_KNOWN))


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = (seed * 0xD1342543DE82EF95 + 0x632BE59BD9B4E019) & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates with ``below`` written out inline: the same draws in the same order (so
        the same shuffle), without two calls a card; search agents re-deal every world this way."""
        state = self.state
        limits = _LIMITS
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = limits[n] if n < _KNOWN else _MASK - (_MASK + 1) % n
            while True:
                state = x = (state + _GAMMA) & _MASK
                x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
                x ^= x >> 31
                if x <= limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one by one step)."""
        return Rng(self.next64())

    def clone(self) -> Rng:
        other = Rng.__new__(Rng)
        other.state = self.state
        return other
