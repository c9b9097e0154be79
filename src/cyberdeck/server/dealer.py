"""Where the seeds of new matches and campaigns come from: ``secrets``, or, on a server started
with a deal seed (``ServerConfig.deal_seed``), a fixed sequence per account.

The seed decides the deal, so a player who could choose or predict it could cheat: no client
ever names one, and the server never sends one out. A deal seed is the operator's choice, for
browser tests and demos; anyone who knows it can work out every deal, so a server that people
play on for real runs without it."""

from __future__ import annotations

import hashlib
import secrets

#: Seeds are 62-bit, as ``secrets.randbits(62)`` draws them.
SEED_BITS = 62


def dealt_seed(deal_seed: int, index: int) -> int:
    """The seed of an account's match ``index`` (0 first) on a server with ``deal_seed``: a hash,
    the same on every machine and in every run."""
    digest = hashlib.blake2b(f"deal:{deal_seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


class Dealer:
    """The seed of each new match (a campaign draws one for the whole series).

    Without a deal seed every seed is ``secrets.randbits(62)``. With one, the Nth match an
    account creates gets ``dealt_seed(deal_seed, N)``: counted per account, not across the
    server, because the browser tests share one server per worker (``pytest-xdist`` shares the
    tests out in no fixed order) and each test plays as a fresh guest, so each test's first
    match gets the same deal whichever tests ran before it. The counts live in memory: a
    restarted server counts from the start again."""

    def __init__(self, deal_seed: int | None = None) -> None:
        self.deal_seed = deal_seed
        self._made: dict[int, int] = {}

    def seed(self, creator: int) -> int:
        """The seed of the next match (or campaign) the user ``creator`` creates."""
        if self.deal_seed is None:
            return secrets.randbits(SEED_BITS)
        index = self._made.get(creator, 0)
        self._made[creator] = index + 1
        return dealt_seed(self.deal_seed, index)
