"""A user's waiting matches are counted among that user's own live rooms (``Hub.keep``/``drop``),
and follow the rooms when a guest's matches become an account's (``Hub.adopt``)."""

from __future__ import annotations

from cyberdeck.engine import load_game
from cyberdeck.server.config import ServerConfig
from cyberdeck.server.hub import Hub, Room, new_match_data
from cyberdeck.store import SeatData

GUEST, ACCOUNT, OTHER = 7, 8, 9


def open_match(hub: Hub, creator: int) -> Room:
    """A match ``creator`` made, made as the lobby makes one, waiting for its second player."""
    game = load_game("cipher-run")
    seats = [SeatData(0, "human", None, creator, "me"), SeatData(1, "human")]
    data = new_match_data(game, game.resolve_options(None), seats, None, True, creator)
    room = hub.build(data)
    hub.keep(room)
    return room


def test_waiting_matches_are_counted_per_creator_and_follow_an_adopted_guest() -> None:
    hub = Hub(None, ServerConfig())  # type: ignore[arg-type]
    a, b = open_match(hub, GUEST), open_match(hub, GUEST)
    open_match(hub, OTHER)
    assert [hub.waiting_matches(u) for u in (GUEST, ACCOUNT, OTHER)] == [2, 0, 1]
    b.data.status = "running"
    assert hub.waiting_matches(GUEST) == 1
    hub.adopt(GUEST, ACCOUNT, "signed up")
    assert [hub.waiting_matches(u) for u in (GUEST, ACCOUNT, OTHER)] == [0, 1, 1]
    hub.drop(a)
    hub.drop(b)
    assert [hub.waiting_matches(u) for u in (GUEST, ACCOUNT, OTHER)] == [0, 0, 1]
    assert a.id not in hub.rooms and b.id not in hub.rooms
