"""A solitaire's leaderboard (MATR1X 0VERL0AD): per account, games played, wins, win rate, best
and current streak and personal best (most royals killed in a ranked game), counted from the
finished matches in the database; ranked by win rate once a player has enough ranked games, then
by wins. Games with undo or hints count as played only; guests are not listed."""

from __future__ import annotations

import random
from itertools import count
from typing import Any

from cyberdeck.engine import ENGINE_VERSION
from cyberdeck.engine.record import UNDO
from cyberdeck.server.solitaire import MIN_GAMES, solitaire_board
from cyberdeck.store import Finish, MatchData, NewAction, SeatData, Store, UserData

from .drive import play_moves
from .harness import Client, ServerProcess, run

GAME = "matrix-overload"
_ids = count()


def won() -> dict[str, Any]:
    return {
        "winners": [0],
        "returns": [1.0],
        "reason": "All twelve royals killed",
        "kind": "win",
        "scores": [12],
    }


def lost(kills: int | None) -> dict[str, Any]:
    """A loss with ``kills`` royals killed (None: an outcome stored before scores, a claim)."""
    outcome: dict[str, Any] = {"winners": [], "returns": [-1.0], "reason": "Black ICE", "kind": "x"}
    if kills is not None:
        outcome["scores"] = [kills]
    return outcome


def finish(
    store: Store, user: UserData, outcome: dict[str, Any], undos: int = 0, hints: int = 0
) -> None:
    """A finished MATR1X match of ``user``'s, with ``undos`` moves taken back and ``hints``."""
    match_id = f"solo{next(_ids):04d}"
    store.create_match(
        MatchData(
            id=match_id,
            game=GAME,
            options={"variant": "digital"},
            decks=None,
            seed=1,
            engine_version=ENGINE_VERSION,
            status="running",
            public=True,
            invite="i",
            created_by=user.id,
            seats=[SeatData(0, "human", None, user.id)],
        )
    )
    texts = ["place 5H a1", *([UNDO] * undos), "place 5H a1"]
    store.commit(NewAction(match_id, i, 0, t, None) for i, t in enumerate(texts))
    for _ in range(hints):
        store.note_hint(match_id, 0)
    store.commit([Finish(match_id, outcome)])


def fill(store: Store, tag: str) -> None:
    """Five players: ``bo`` wins most often, ``ada`` half the time, ``di`` never but often
    enough to be ranked, ``cy`` twice out of two (too few to rank by rate), ``eve`` once lost
    with no score; a guest who won is not listed. Names end in ``tag``."""
    ada, bo, cy, di, eve = (
        store.create_user(f"{n}{tag}", "account") for n in ("ada", "bo", "cy", "di", "eve")
    )
    guest = store.create_user(f"guest-{tag}", "guest")
    for outcome in (lost(3), won(), won(), lost(11), won(), lost(5)):
        finish(store, ada, outcome)
    for outcome in (won(), won(), lost(9), won(), won()):
        finish(store, bo, outcome)
    finish(store, bo, won(), undos=2)  # played, not ranked
    finish(store, cy, won())
    finish(store, cy, won())
    for kills in (4, 7, 6, 2, 8):
        finish(store, di, lost(kills))
    finish(store, di, lost(11), hints=1)  # a best helped by hints is not di's own
    finish(store, eve, lost(None))
    finish(store, guest, won())


def check_board(store: Store, tag: str) -> None:
    board = [r for r in solitaire_board(store.solitaire_results(GAME)) if r.name.endswith(tag)]
    got = [
        (r.name, r.stats.games, r.ranked, r.stats.wins, r.stats.best_streak, r.stats.streak, r.best)
        for r in board
    ]
    assert got == [
        (f"bo{tag}", 6, 5, 4, 2, 2, 12),
        (f"ada{tag}", 6, 6, 3, 2, -1, 12),
        (f"di{tag}", 6, 5, 0, 0, -5, 8),
        (f"cy{tag}", 2, 2, 2, 2, 2, 12),
        (f"eve{tag}", 1, 1, 0, 0, -1, None),
    ]
    assert [r.qualified for r in board] == [True, True, True, False, False]


def test_the_board_counts_each_account_s_finished_games_in_order(tmp_path: Any) -> None:
    store = Store(f"sqlite:///{tmp_path / 'solo.sqlite3'}")
    store.migrate()
    fill(store, "-lite")
    check_board(store, "-lite")
    store.close()


def test_the_leaderboard_of_a_solitaire_shows_win_rates_streaks_and_bests(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        store = Store(server.db_url)
        fill(store, "-web")
        store.close()
        client = Client(server)
        rows = (await client.http.get(f"/api/leaderboard/{GAME}")).json()
        await client.close()
        names = [r["name"] for r in rows]
        assert names == ["bo-web", "ada-web", "di-web", "cy-web", "eve-web"]
        bo, ada, di, cy, eve = rows
        assert bo == {
            "rank": 1,
            "name": "bo-web",
            "kind": "account",
            "games": 6,
            "ranked": 5,
            "wins": 4,
            "win_rate": 0.8,
            "qualified": True,
            "min_games": MIN_GAMES,
            "best_streak": 2,
            "streak": 2,
            "best": 12,
            "best_label": "royals killed",
        }
        assert ada["win_rate"] == 0.5 and di["best"] == 8 and di["win_rate"] == 0
        assert cy["win_rate"] == 1 and not cy["qualified"] and cy["rank"] == 4
        assert eve["best"] is None
        assert not {"mu", "sigma", "rating"} & set(bo), "no rating against the house"

    run(scenario())


def test_a_game_played_to_its_end_counts_its_royals_killed(server: ServerProcess) -> None:
    async def scenario() -> None:
        player = Client(server)
        made = await player.http.post(
            "/api/auth/signup", json={"name": "solo-player", "password": "seven different"}
        )
        assert made.status_code == 201, made.text
        created = await player.create(GAME)
        sock = await player.socket(created["match"]["id"])
        await sock.expect("welcome")
        await play_moves([sock], random.Random(3), 2000, "m")
        assert sock.status == "finished" and sock.outcome is not None
        kills = sock.outcome["scores"][0]
        assert 0 <= kills <= 12
        rows = (await player.http.get(f"/api/leaderboard/{GAME}")).json()
        (mine,) = [r for r in rows if r["name"] == "solo-player"]
        assert (mine["games"], mine["best"]) == (1, kills)
        await player.close()

    run(scenario())
