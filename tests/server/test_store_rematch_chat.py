"""The store's side of rematches and chat: a match has at most one rematch (a unique index, so
two servers cannot both make one), the chain comes back in the order it was played, and a
guest's chat lines follow them to the account they sign up for."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError

from cyberdeck.store import MatchData, SeatData, Store

from .test_store import fresh


def match(store: Store, match_id: str, user: int, rematch_of: str | None = None) -> MatchData:
    data = MatchData(
        id=match_id,
        game="duel",
        options={},
        decks=None,
        seed=1,
        engine_version="1",
        status="running",
        public=True,
        invite="i",
        created_by=user,
        seats=[SeatData(0, "human", None, user), SeatData(1, "ai", "easy")],
        rematch_of=rematch_of,
        chain=None if rematch_of is None else "m1",
    )
    store.create_match(data)
    return data


def test_one_rematch_per_match_and_the_chain_in_order(tmp_path: Path) -> None:
    store = fresh(tmp_path)
    user = store.create_user("neo", "account", "hash").id
    first = match(store, "m1", user)
    match(store, "m2", user, "m1")
    match(store, "m3", user, "m2")
    with pytest.raises(IntegrityError):
        store.create_match(replace(first, id="m4", rematch_of="m1", chain="m1"))
    assert store.rematch_after("m1") == "m2" and store.rematch_after("m3") is None
    assert [m.id for m in store.chain_matches("m1")] == ["m1", "m2", "m3"]
    loaded = store.load_match("m3")
    assert loaded is not None and (loaded.rematch_of, loaded.chain) == ("m2", "m1")


def test_a_guest_s_chat_lines_follow_them_to_their_account(tmp_path: Path) -> None:
    store = fresh(tmp_path)
    guest = store.create_user("guest-1", "guest").id
    match(store, "m1", guest)
    store.add_chat_line("m1", 0, 0, guest, "gl hf")
    account = store.create_user("trinity", "account", "hash").id
    store.adopt_guest(guest, account)
    [line] = store.chat_lines("m1")
    assert (line.name, line.seat, line.text, line.step) == ("trinity", 0, "gl hf", 0)
