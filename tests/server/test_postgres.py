"""The same ``kill -9`` test and the same fuzz on PostgreSQL, on a throwaway cluster made with
Debian's binaries. Where they are not installed the tests are skipped with the reason, except in
CI (``CI=true``, where the Makefile installs them): there a missing PostgreSQL fails."""

from __future__ import annotations

import asyncio
from pathlib import Path

from sqlalchemy.exc import DataError

from cyberdeck.server.database import Database
from cyberdeck.store import MatchData, NewAction, SeatData, Store

from .fuzz import http_fuzz, websocket_fuzz
from .harness import ServerProcess, run
from .test_chat import two_chats
from .test_cluster_workers import caps_hold_across_workers, cluster_config
from .test_database import Recording, made_at_once
from .test_mailboxes import check_mailboxes
from .test_rematch import accepted_declined_and_kept
from .test_restart import kill_9_scenario
from .test_solitaire_board import check_board, fill
from .test_store_tournaments import check_tournaments
from .test_waiting_matches import check_made_in_play


def test_no_bad_text_is_a_server_error_on_postgresql(postgres_url: str, tmp_path: Path) -> None:
    """A NUL in an id or a name was a 500 with a traceback on PostgreSQL (and a websocket
    closed 1011), where SQLite stored it: 17 server errors and 11 dropped connections in the
    red team's fuzz. The same fuzz as on SQLite (``test_fuzz``) now counts none."""
    server = ServerProcess(postgres_url, tmp_path).start()
    try:
        assert run(http_fuzz(server)) == []
        assert run(websocket_fuzz(server)) == []
    finally:
        server.stop()


def test_rematches_and_chat_on_postgresql(postgres_url: str, tmp_path: Path) -> None:
    """A rematch's chain (one rematch per match: a unique index), its score over a kill -9,
    and the players' kept chat, as on SQLite."""
    server = ServerProcess(postgres_url, tmp_path, "--ai-delay", "0").start()
    try:
        run(accepted_declined_and_kept(server))
        run(two_chats(server))
    finally:
        server.stop()


def test_kill_9_mid_game_loses_nothing_on_postgresql(postgres_url: str, tmp_path: Path) -> None:
    assert kill_9_scenario(postgres_url, tmp_path) > 0


def test_a_nul_in_one_move_fails_alone_in_a_group_commit_on_postgresql(
    postgres_url: str,
) -> None:
    """PostgreSQL refuses a NUL in text; a move carrying one (in its id or its text) used to fail
    its whole group commit, and every other match's move in it (7.8% of moves under attack). The
    protocol now refuses such ids at its edge; behind it, the batch is written again without
    the move that failed it."""
    store = Recording(postgres_url)
    store.migrate()
    owner = store.create_user("nul-owner", "account", "hash")
    ids = [f"nul-{n}" for n in range(6)]
    for match_id in ids:
        store.create_match(
            MatchData(
                id=match_id, game="duel", options={}, decks=None, seed=1, engine_version="1",
                status="running", public=True, invite="i", created_by=owner.id,
                seats=[SeatData(0, "human", None, owner.id), SeatData(1, "ai", "easy")],
            )
        )  # fmt: skip
    db = Database(store)
    assert not db.writes_here, "PostgreSQL is written from the database thread"
    poisoned = {"nul-1": NewAction("nul-1", 0, 0, "a0", "id\x00"),
                "nul-4": NewAction("nul-4", 0, 0, "a\x000", "ok")}  # fmt: skip

    async def play() -> list[BaseException | None]:
        moves = [poisoned.get(m, NewAction(m, 0, 0, "a0", f"id-{m}")) for m in ids]
        answers = await asyncio.gather(*(db.commit(move) for move in moves), return_exceptions=True)
        await db.close()
        return answers

    answers = run(play())
    first, _ = store.batches[0]
    assert {item.match_id for item in first} == set(ids), "the moves went in one group commit"
    for match_id, answer in zip(ids, answers, strict=True):
        if match_id in poisoned:
            assert isinstance(answer, DataError), (match_id, answer)
        else:
            assert answer is None, (match_id, answer)
    stored = {m.id: [a.step for a in m.actions] for m in store.live_matches() if m.id in ids}
    assert stored == {m: ([] if m in poisoned else [0]) for m in ids}


def test_a_solitaire_leaderboard_counts_the_same_on_postgresql(postgres_url: str) -> None:
    store = Store(postgres_url)
    store.migrate()
    fill(store, "-pg")
    check_board(store, "-pg")
    store.close()


def test_mailboxes_on_postgresql(postgres_url: str) -> None:
    store = Store(postgres_url)
    store.migrate()
    try:
        check_mailboxes(store, "pg")
    finally:
        store.close()


def test_tournaments_on_postgresql(postgres_url: str) -> None:
    store = Store(postgres_url)
    store.migrate()
    try:
        check_tournaments(store, "pg-swiss")
    finally:
        store.close()


def test_matches_in_play_are_counted_across_workers_on_postgresql(
    postgres_url: str, tmp_path: Path
) -> None:
    store = Store(postgres_url)
    store.migrate()
    try:
        check_made_in_play(store, "pg")
    finally:
        store.close()
    caps_hold_across_workers(cluster_config(tmp_path, db_url=postgres_url))


def test_a_setting_made_by_two_workers_at_once_is_the_first_stored_on_postgresql(
    postgres_url: str,
) -> None:
    made_at_once(postgres_url)
