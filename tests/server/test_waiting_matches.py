"""A user's waiting matches are counted among that user's own live rooms (``Hub.keep``/``drop``),
and follow the rooms when a guest's matches become an account's (``Hub.adopt``). A cluster's
workers count them from the store (``Store.made_in_play``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cyberdeck.engine import load_game
from cyberdeck.server.config import HOTSEAT, TURN_BASED_KIND, ServerConfig
from cyberdeck.server.hub import Hub, Room, kind_of, new_match_data
from cyberdeck.store import Finish, NewAction, SeatData, Store

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


def check_made_in_play(store: Store, tag: str) -> None:
    """What a cluster's workers count a player's matches in play from: each unfinished match
    the player made, with its status, clock and the seats the player holds for a person; and
    how many moves each match's record holds."""
    maker, other = (store.create_user(f"{n}-{tag}", "account") for n in ("maker", "other"))
    game = load_game("cipher-run")
    days = {"kind": "turn-based", "days": 3}

    def made(seats: list[SeatData], status: str, control: dict[str, Any] | None = None) -> str:
        data = new_match_data(game, game.resolve_options(None), seats, None, True, maker.id)
        data.status, data.time_control = status, control
        store.create_match(data)
        return data.id

    me, them = SeatData(0, "human", None, maker.id), SeatData(1, "human", None, other.id)
    hotseat = made([me, SeatData(1, "human", None, maker.id)], "running")
    made([me, them], "open", days)
    finished = made([me, them], "running")
    store.commit([Finish(finished, {"winners": [0], "returns": [1, -1], "reason": "r"})])
    rows = sorted(store.made_in_play(maker.id), key=lambda r: r[0])
    assert rows == [("open", days, 1), ("running", None, 2)]
    assert [kind_of(held, control) for _, control, held in rows] == [TURN_BASED_KIND, HOTSEAT]
    assert store.made_in_play(other.id) == []
    store.commit([NewAction(hotseat, 0, 0, "pass", None), NewAction(hotseat, 1, 1, "pass", None)])
    assert store.action_counts([hotseat, finished]) == {hotseat: 2}
    assert store.action_counts([]) == {}


def test_matches_in_play_are_counted_from_the_store(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    store.migrate()
    check_made_in_play(store, "lite")
