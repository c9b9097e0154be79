"""The AI workers' turns are shared fairly between the players asking: one player's many AI
matches cannot make another's AI wait behind them (the decision, without processes)."""

from __future__ import annotations

import asyncio

from cyberdeck.server.thinking import FairShare

from .harness import run


class Asker:
    """Questions that hold their turn until the test lets each go."""

    def __init__(self, share: FairShare) -> None:
        self.share = share
        self.served: list[str] = []
        self.done: list[asyncio.Event] = []
        self.tasks: list[asyncio.Task[None]] = []

    async def ask(self, owner: str) -> None:
        release = asyncio.Event()
        self.done.append(release)
        self.tasks.append(asyncio.create_task(self._hold(owner, release)))
        await asyncio.sleep(0)

    async def _hold(self, owner: str, release: asyncio.Event) -> None:
        async with self.share.turn(owner):
            self.served.append(owner)
            await release.wait()

    async def finish(self, n: int) -> None:
        self.done[n].set()
        for _ in range(3):
            await asyncio.sleep(0)


def test_a_player_waiting_is_served_before_the_rest_of_another_players_queue() -> None:
    async def scenario() -> list[str]:
        asker = Asker(FairShare(slots=2, per_owner=2))
        for _ in range(10):
            await asker.ask("hoarder")
        await asker.ask("visitor")
        assert asker.served == ["hoarder", "hoarder"]
        await asker.finish(0)
        await asker.finish(1)
        for n in range(2, 11):
            await asker.finish(n)
        await asyncio.gather(*asker.tasks)
        return asker.served

    served = run(scenario())
    assert served.index("visitor") == 2, served  # the first turn free after the two thinking


def test_one_player_holds_at_most_their_share_so_another_never_waits() -> None:
    async def scenario() -> list[str]:
        share = FairShare(slots=2, per_owner=1)
        held: list[str] = []
        release = asyncio.Event()

        async def ask(owner: str) -> None:
            async with share.turn(owner):
                held.append(owner)
                await release.wait()

        tasks = [asyncio.create_task(ask("hoarder")) for _ in range(10)]
        await asyncio.sleep(0)
        tasks.append(asyncio.create_task(ask("visitor")))
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        snapshot = list(held)
        assert share.waiting() == 9
        release.set()
        await asyncio.gather(*tasks)
        assert share.free == 2 and share.busy == {} and share.waiting() == 0
        return snapshot

    assert run(scenario()) == ["hoarder", "visitor"], "the visitor thinks at once"


def test_an_asker_that_goes_away_hands_its_turn_on() -> None:
    async def scenario() -> None:
        share = FairShare(slots=1, per_owner=1)
        release = asyncio.Event()
        served: list[str] = []

        async def ask(owner: str) -> None:
            async with share.turn(owner):
                served.append(owner)
                await release.wait()

        first = asyncio.create_task(ask("a"))
        await asyncio.sleep(0)
        gone = asyncio.create_task(ask("b"))
        later = asyncio.create_task(ask("c"))
        await asyncio.sleep(0)
        gone.cancel()
        release.set()
        await asyncio.gather(first, later)
        assert served == ["a", "c"] and share.free == 1 and share.waiting() == 0

    run(scenario())
