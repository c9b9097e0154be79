"""A user's waiting matches are counted among that user's own live rooms (``Hub.keep``/``drop``),
and follow the rooms when a guest's matches become an account's (``Hub.adopt``)."""

from __future__ import annotations

from cyberdeck.engine import ENGINE_VERSION, load_game
from cyberdeck.server.config import ServerConfig
from cyberdeck.server.hub import Hub
from cyberdeck.store import MatchData, SeatData

GUEST, ACCOUNT, OTHER = 7, 8, 9


def open_match(hub: Hub, match_id: str, creator: int) -> None:
    game = load_game("cipher-run")
    data = MatchData(
        id=match_id,
        game=game.id,
        options=game.resolve_options(None),
        decks=None,
        seed=1,
        engine_version=ENGINE_VERSION,
        status="open",
        public=True,
        invite="",
        created_by=creator,
        seats=[SeatData(0, "human", None, creator, "me"), SeatData(1, "human")],
    )
    hub.keep(hub.build(data))


def test_waiting_matches_are_counted_per_creator_and_follow_an_adopted_guest() -> None:
    hub = Hub(None, ServerConfig())  # type: ignore[arg-type]
    open_match(hub, "a", GUEST)
    open_match(hub, "b", GUEST)
    open_match(hub, "c", OTHER)
    assert [hub.waiting_matches(u) for u in (GUEST, ACCOUNT, OTHER)] == [2, 0, 1]
    hub.rooms["b"].data.status = "running"
    assert hub.waiting_matches(GUEST) == 1
    hub.adopt(GUEST, ACCOUNT, "signed up")
    assert [hub.waiting_matches(u) for u in (GUEST, ACCOUNT, OTHER)] == [0, 1, 1]
    hub.drop(hub.rooms["a"])
    hub.drop(hub.rooms["b"])
    assert [hub.waiting_matches(u) for u in (GUEST, ACCOUNT, OTHER)] == [0, 0, 1]
    assert "a" not in hub.rooms and "b" not in hub.rooms
