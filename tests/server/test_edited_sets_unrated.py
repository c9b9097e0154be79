"""A game played with an edited card set is a designer's experiment: the hub never rates it."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from cyberdeck import load_game
from cyberdeck.engine import Match
from cyberdeck.server.hub import Hub


class Store:
    """The database as the rating sees it: every write is kept, none is done."""

    def __init__(self) -> None:
        self.writes: list[Any] = []
        self.store = None

    async def write(self, *call: Any) -> None:
        self.writes.append(call)


def rated(match: Match) -> bool:
    db = Store()
    room = SimpleNamespace(match=match, id="m1", clock=None,
                           data=SimpleNamespace(outcome={"returns": [1.0, -1.0]}, seats=[], game="cypher",
                                                rated=True))  # fmt: skip
    asyncio.run(Hub._rate(SimpleNamespace(db=db), room))  # type: ignore[arg-type]
    return bool(db.writes)


def test_an_edited_card_set_is_never_rated() -> None:
    cypher = load_game("cypher")
    document = cypher.card_set()
    document["cards"][0]["influence"] += 1
    assert not rated(Match(cypher, {"players": 2}, 3, None, cards=document))
    assert rated(Match(cypher, {"players": 2}, 3, None))
