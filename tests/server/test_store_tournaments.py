"""The tournaments' tables in the store: entries capped and never doubled, a round paired once
however often it is asked for, a drop kept; the same checks run on PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from cyberdeck.store import Store, TableData, TournamentData, sqlite_url


def check_tournaments(store: Store, prefix: str) -> None:
    host = store.create_user(f"{prefix}-host", "account")
    ann = store.create_user(f"{prefix}-ann", "account").id
    bob = store.create_user(f"{prefix}-bob", "account").id
    tid = f"{prefix}-swiss"
    store.create_tournament(
        TournamentData(
            tid,
            "Swiss",
            "duel",
            {},
            "starters",
            3,
            {"kind": "real-time", "base": 60.0, "increment": 0.0},
            True,
            datetime(2026, 12, 2, tzinfo=UTC),
            True,
            "inv",
            True,
            7,
            host.id,
        )
    )
    loaded = store.load_tournament(tid)
    assert loaded is not None and (loaded.status, loaded.round, loaded.created_by_name) == (
        "open",
        0,
        host.name,
    )
    assert store.tournaments_made(host.id, ("open", "running")) == 1
    assert store.due_tournaments(datetime(2026, 12, 1, tzinfo=UTC)) == []
    assert store.due_tournaments(datetime(2026, 12, 2, 1, tzinfo=UTC)) == [tid]
    assert store.add_entrant(tid, ann, None, None, 3) == 1
    assert store.add_entrant(tid, ann, None, None, 3) is None  # entered already
    assert store.add_entrant(tid, None, "random", None, 3) == 2
    assert store.add_entrant(tid, None, "greedy", None, 3) == 3
    assert store.add_entrant(tid, bob, None, None, 3) is None  # full
    assert store.withdraw(tid, 3)
    assert store.add_entrant(tid, bob, None, None, 3) == 3
    assert [(e.entrant, e.user_id, e.level) for e in store.entrants(tid)] == [
        (1, ann, None),
        (2, None, "random"),
        (3, bob, None),
    ]
    first = [TableData(1, 1, 1, 2, f"{tid}.1.1"), TableData(1, 2, 3, None, None)]
    assert store.pair_round(tid, first)
    assert not store.pair_round(tid, first)  # asked twice: paired once
    assert store.tournament_tables(tid) == first
    assert store.add_entrant(tid, None, "easy", None, 9) is None  # started: entries closed
    assert not store.withdraw(tid, 1)
    assert store.drop_entrant(tid, 1, 1)
    assert not store.drop_entrant(tid, 1, 2)
    assert [e.dropped for e in store.entrants(tid)] == [1, None, None]
    running = store.load_tournament(tid)
    assert running is not None and (running.status, running.round) == ("running", 1)
    assert store.set_tournament_status(tid, "finished", "running")
    assert not store.set_tournament_status(tid, "finished", "running")
    assert tid in [t.id for t in store.list_tournaments(("finished",))]
    cut = f"{prefix}-cut"
    decks = (("Runner", "# name: Runner\n1 a"), ("Corp", "# name: Corp\n1 b"))
    store.create_tournament(
        TournamentData(
            cut,
            "Cut",
            "duel",
            {},
            "list",
            2,
            {"kind": "real-time", "base": 60.0, "increment": 0.0},
            True,
            datetime(2026, 12, 2, tzinfo=UTC),
            True,
            "inv",
            True,
            8,
            host.id,
            cut=4,
            deck_lists=decks,
        )
    )
    kept = store.load_tournament(cut)
    assert kept is not None and (kept.cut, kept.deck_lists, kept.decks) == (4, decks, "list")


def test_tournaments_in_the_store(tmp_path: Path) -> None:
    store = Store(sqlite_url(tmp_path / "t.sqlite3"))
    store.migrate()
    try:
        check_tournaments(store, "lite")
    finally:
        store.close()
