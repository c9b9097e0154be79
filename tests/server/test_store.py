"""The store on its own: migrations match the models, and a match is its record."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy.exc import IntegrityError

from cyberdeck.store import Finish, MatchData, NewAction, SeatData, SeriesData, Store
from cyberdeck.store.models import Base


def fresh(tmp_path: Path) -> Store:
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    store.migrate()
    return store


def test_the_migrations_build_exactly_the_models(tmp_path: Path) -> None:
    store = fresh(tmp_path)
    with store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert differences == []
    store.migrate()  # running them again changes nothing


def test_sqlite_runs_in_wal_mode_with_foreign_keys(tmp_path: Path) -> None:
    store = fresh(tmp_path)
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def a_match(store: Store) -> MatchData:
    alice = store.create_user("alice", "account", "hash")
    data = MatchData(
        id="m1",
        game="duel",
        options={},
        decks=None,
        seed=42,
        engine_version="1",
        status="running",
        public=True,
        invite="secret",
        created_by=alice.id,
        seats=[SeatData(0, "human", None, alice.id), SeatData(1, "ai", "easy")],
    )
    store.create_match(data)
    return data


def test_a_match_is_stored_as_its_record_and_comes_back_live(tmp_path: Path) -> None:
    store = fresh(tmp_path)
    a_match(store)
    store.commit(
        [NewAction("m1", 0, 0, "play chip01", "a"), NewAction("m1", 1, 1, "stash chip02", None)]
    )
    (live,) = store.live_matches()
    assert [a.text for a in live.actions] == ["play chip01", "stash chip02"]
    assert live.actions[0].msg_id == "a" and live.seats[0].user_name == "alice"
    store.commit([Finish("m1", {"winners": [0], "returns": [1, -1], "reason": "r", "kind": "k"})])
    assert store.live_matches() == []
    finished = store.load_match("m1")
    assert finished is not None and finished.status == "finished" and finished.finished_at
    assert store.list_matches(["finished"])[0].actions == [], "lists never carry the record"


def test_a_failed_commit_stores_none_of_its_batch_and_the_next_one_goes_through(
    tmp_path: Path,
) -> None:
    store = fresh(tmp_path)
    a_match(store)
    store.commit([NewAction("m1", 0, 0, "play chip01", "a")])
    clash = [
        NewAction("m1", 1, 1, "stash chip02", "b"),
        NewAction("m1", 0, 0, "play chip03", "c"),  # step 0 is taken: the batch must fail
        Finish("m1", {"winners": [0], "returns": [1, -1], "reason": "r", "kind": "k"}),
    ]
    with pytest.raises(IntegrityError):
        store.commit(clash)
    (live,) = store.live_matches()
    assert [a.text for a in live.actions] == ["play chip01"], "nothing of the failed batch"
    store.commit([NewAction("m1", 1, 1, "stash chip02", "b")])
    (live,) = store.live_matches()
    assert [a.step for a in live.actions] == [0, 1]


def test_a_campaigns_next_game_is_stored_once(tmp_path: Path) -> None:
    """Two workers asked for a campaign's next game at once: the second match is refused (the
    route then answers with the one made)."""
    store = fresh(tmp_path)
    first = a_match(store)
    store.create_series(SeriesData("s1", "duel", {}, None, 7, 3, True, first.created_by))

    def game(match_id: str, n: int) -> MatchData:
        return replace(first, id=match_id, series_id="s1", series_game=n)

    store.create_match(game("g1", 1))
    store.create_match(game("g2", 2))
    with pytest.raises(IntegrityError):
        store.create_match(game("g2-again", 2))
    assert [m.id for m in store.series_matches("s1")] == ["g1", "g2"]
